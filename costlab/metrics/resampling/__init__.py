"""Resampling: how sure is a curve? Bootstraps, repeated-CV bands, paired comparisons.

:mod:`~costlab.metrics.resampling.mtmcs_bootstrap` resamples the thesis's MTMCS curve and range
measures, a question Al-Saffar (2018, 5.1) does not ask: the stratified bootstrap and the paired
bootstrap; :mod:`~costlab.metrics.resampling.scalar_bootstrap` gives intervals of AUC, H or any
measure, :mod:`~costlab.metrics.resampling.repeated_cv` repeated-CV bands and
:mod:`~costlab.metrics.resampling.threshold_bootstrap` the bootstrap of the hull thresholds
(Nadeau & Bengio's corrected resampled t-test is in :mod:`costlab.metrics.comparison`).
:mod:`~costlab.metrics.resampling.loss_curve_bootstrap` gives paired bootstrap bands of decision
and Brier curves (Vickers & Elkin 2006; Hernández-Orallo, Flach & Ferri 2011) and intervals of
their areas.
"""

from costlab._deprecation import forward
from costlab.metrics.resampling.loss_curve_bootstrap import (
    CurveBands,
    bootstrap_brier_curves,
    bootstrap_decision_curves,
)
from costlab.metrics.resampling.mtmcs_bootstrap import (
    BootstrapCurves,
    PairedBootstrap,
    bootstrap_mtmcs,
    mtmcs_of_scores,
    paired_bootstrap,
    selection_rule,
)
from costlab.metrics.resampling.repeated_cv import cv_band
from costlab.metrics.resampling.scalar_bootstrap import bootstrap_interval
from costlab.metrics.resampling.threshold_bootstrap import bootstrap_thresholds

__all__ = [
    "BootstrapCurves",
    "CurveBands",
    "PairedBootstrap",
    "bootstrap_brier_curves",
    "bootstrap_decision_curves",
    "bootstrap_interval",
    "bootstrap_mtmcs",
    "bootstrap_thresholds",
    "cv_band",
    "mtmcs_of_scores",
    "paired_bootstrap",
    "selection_rule",
]

# moved to the comparison family (a paired test over numbers, not a resampling); one release
__getattr__ = forward(__name__, "costlab.metrics.comparison", names={"corrected_resampled_ttest"})
