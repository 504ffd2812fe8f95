"""Pure maths over labels and scores: cost measures, threshold searches, ROC.

Nothing here reads files, draws, or knows a paper's constants; every function takes arrays
(labels, scores, costs) and returns numbers, arrays or tidy DataFrames. Equations are quoted in
each function's docstring with the seed and equation they come from.

Modules
-------
:mod:`costlab.metrics.costs`
    TMC, MTMCR, cost sensitivity, CST, robust-vs-optimal selection (Al-Saffar 2018, 4.1-5.1).
:mod:`costlab.metrics.thresholds`
    The MTMCS curve: exact, thorough and optimized threshold searches (Al-Saffar 2018, 4.3, 4.5).
:mod:`costlab.metrics.roc`
    ROC curve and AUC of the class-1 score.
"""

from costlab.metrics.costs import (
    Selection,
    classify,
    cost_ratio_grid,
    cost_sensitivity,
    cst,
    curve_in_range,
    format_cost_ratio,
    mtmcr,
    normalize_costs,
    range_summary,
    select_classifier,
    total_misclassification_cost,
)
from costlab.metrics.roc import roc_auc_class1, roc_curve_class1
from costlab.metrics.thresholds import CURVE_COLUMNS, mtmcs_curve

__all__ = [
    "CURVE_COLUMNS",
    "Selection",
    "classify",
    "cost_ratio_grid",
    "cost_sensitivity",
    "cst",
    "curve_in_range",
    "format_cost_ratio",
    "mtmcr",
    "mtmcs_curve",
    "normalize_costs",
    "range_summary",
    "roc_auc_class1",
    "roc_curve_class1",
    "select_classifier",
    "total_misclassification_cost",
]
