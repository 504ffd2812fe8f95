"""Threshold choice: the loss when a rule picks the threshold; Brier and decision curves.

:mod:`~costlab.metrics.threshold_choice.methods` computes, exactly, the loss at each cost
proportion of the score-driven, rate-driven and optimal threshold-choice methods, and Brier
curves, in cost and skew space (Hernández-Orallo, Flach & Ferri 2011, 2012, 2013);
:mod:`~costlab.metrics.threshold_choice.decision_curve` reads decision curves (net benefit,
treat-all, standardised net benefit; Vickers & Elkin 2006) from the same loss curves.
"""

from costlab.metrics.threshold_choice.decision_curve import (
    DecisionCurve,
    decision_curve,
    net_benefit,
    net_benefit_difference,
    treat_all_net_benefit,
)
from costlab.metrics.threshold_choice.methods import (
    ThresholdChoiceCurve,
    brier_curve,
    threshold_choice_curve,
    threshold_choice_curves,
)

__all__ = [
    "DecisionCurve",
    "ThresholdChoiceCurve",
    "brier_curve",
    "decision_curve",
    "net_benefit",
    "net_benefit_difference",
    "threshold_choice_curve",
    "threshold_choice_curves",
    "treat_all_net_benefit",
]
