"""scikit-learn style Displays: MTMCS charts, thresholds, ROC (:mod:`._displays`), cost curves
and ROC convex hulls (:mod:`._cost_curves`), scenario curves (:mod:`._scenario`), POSfrac and
purity under prior shift (:mod:`._prior_shift`), decision and Brier curves (:mod:`._decision`)."""

from costlab.plotting._bands import (
    CostCurveBandDisplay,
    MTMCSBandDisplay,
    ROCBandDisplay,
    ThresholdBandDisplay,
)
from costlab.plotting._cost_curves import (
    CostCurveDisplay,
    CostSpaceDualityDisplay,
    ROCHullDisplay,
)
from costlab.plotting._decision import (
    BrierCurveDisplay,
    CurveDifferenceDisplay,
    DecisionCurveDisplay,
)
from costlab.plotting._displays import (
    ClassDistributionDisplay,
    MTMCSDisplay,
    ROCDisplay,
    ROCThresholdDisplay,
    ThresholdDisplay,
    classifier_styles,
    display_name,
    save_figure,
)
from costlab.plotting._prior_shift import PriorShiftDisplay, PriorSweepDisplay
from costlab.plotting._ranks import CriticalDifferenceDisplay
from costlab.plotting._scenario import ScenarioCurveDisplay

__all__ = [
    "BrierCurveDisplay",
    "CostCurveBandDisplay",
    "DecisionCurveDisplay",
    "ClassDistributionDisplay",
    "CostCurveDisplay",
    "CostSpaceDualityDisplay",
    "CriticalDifferenceDisplay",
    "CurveDifferenceDisplay",
    "ROCHullDisplay",
    "MTMCSBandDisplay",
    "MTMCSDisplay",
    "PriorShiftDisplay",
    "PriorSweepDisplay",
    "ROCBandDisplay",
    "ROCDisplay",
    "ROCThresholdDisplay",
    "ScenarioCurveDisplay",
    "ThresholdBandDisplay",
    "ThresholdDisplay",
    "classifier_styles",
    "display_name",
    "save_figure",
]
