"""scikit-learn style Displays, one family per module over a shared base (:mod:`._base`).

The thesis's MTMCS and threshold charts (:mod:`._mtmcs`), ROC graphs (:mod:`._roc`), instances
per class (:mod:`._class_counts`); Drummond & Holte's cost curves (:mod:`._cost_curves`), ROC
convex hulls (:mod:`._roc_hull`) and the two side by side (:mod:`._duality`); scenario curves
(:mod:`._scenario`); POSfrac and purity under prior shift (:mod:`._prior_shift`); decision and
Brier curves (:mod:`._decision`); uncertainty bands (:mod:`._bands`); critical-difference
diagrams (:mod:`._ranks`). Styles are :func:`classifier_styles`; saving is :func:`save_figure`
(:mod:`._save`)."""

from costlab._deprecation import deprecated
from costlab.plotting._bands import (
    CostCurveBandDisplay,
    MTMCSBandDisplay,
    ROCBandDisplay,
    ThresholdBandDisplay,
)
from costlab.plotting._base import classifier_styles, display_name
from costlab.plotting._class_counts import ClassDistributionDisplay
from costlab.plotting._cost_curves import CostCurveDisplay
from costlab.plotting._decision import (
    BrierCurveDisplay,
    CurveDifferenceDisplay,
    DecisionCurveDisplay,
)
from costlab.plotting._deployment import DeploymentCostDisplay
from costlab.plotting._duality import CostSpaceDualityDisplay
from costlab.plotting._leaderboard import LeaderboardDisplay
from costlab.plotting._mtmcs import MTMCSDisplay, ThresholdDisplay
from costlab.plotting._prior_shift import (
    DEFAULT_PRIORS,
    SWEEP_PRIORS,
    PriorShiftDisplay,
    PriorSweepDisplay,
)
from costlab.plotting._ranks import CriticalDifferenceDisplay
from costlab.plotting._roc import ROCDisplay, ROCThresholdDisplay
from costlab.plotting._roc_hull import ROCHullDisplay
from costlab.plotting._save import save_figure
from costlab.plotting._scenario import ScenarioCurveDisplay

__all__ = [
    "DEFAULT_PRIORS",
    "SWEEP_PRIORS",
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
    "DeploymentCostDisplay",
    "LeaderboardDisplay",
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


def __getattr__(name):
    # one release: the default priors' old name (a library constant named after no paper)
    if name == "PAPER_PRIORS":
        deprecated("costlab.plotting.PAPER_PRIORS", "costlab.plotting.DEFAULT_PRIORS")
        return DEFAULT_PRIORS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
