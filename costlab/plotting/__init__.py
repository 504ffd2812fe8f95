"""scikit-learn style Displays of cost curves, thresholds and ROC (see :mod:`._displays`)."""

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

__all__ = [
    "ClassDistributionDisplay",
    "MTMCSDisplay",
    "ROCDisplay",
    "ROCThresholdDisplay",
    "ThresholdDisplay",
    "classifier_styles",
    "display_name",
    "save_figure",
]
