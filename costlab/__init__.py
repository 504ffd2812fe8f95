"""costlab: evaluate binary classifiers over a range of misclassification costs.

Reproduces R. Al-Saffar (2018), *Evaluating Classifiers' Optimal Performances Over a Range of
Misclassification Costs by Using Cost-Sensitive Classification*: the MTMCS chart, optimal
thresholds, MTMCR, cost sensitivity and CST, beside ROC/AUC.
"""

from costlab._version import __version__  # noqa: F401  (the package face re-exports it)
from costlab.classifiers import CLASSIFIERS, describe_classifier, make_classifier
from costlab.datasets import DatasetError, list_datasets, load_dataset, register_dataset
from costlab.evaluation.cv import CVResult, cross_val_proba
from costlab.evaluation.folds import weka_folds
from costlab.metrics import (
    Selection,
    classify,
    cost_ratio_grid,
    cost_sensitivity,
    cst,
    curve_in_range,
    format_cost_ratio,
    mtmcr,
    mtmcs_curve,
    normalize_costs,
    range_summary,
    roc_auc,
    roc_points,
    select_classifier,
    total_misclassification_cost,
)

__all__ = [
    "CLASSIFIERS",
    "CVResult",
    "DatasetError",
    "Selection",
    "classify",
    "cost_ratio_grid",
    "cost_sensitivity",
    "cross_val_proba",
    "cst",
    "curve_in_range",
    "describe_classifier",
    "format_cost_ratio",
    "list_datasets",
    "load_dataset",
    "make_classifier",
    "mtmcr",
    "mtmcs_curve",
    "normalize_costs",
    "range_summary",
    "register_dataset",
    "roc_auc",
    "roc_points",
    "select_classifier",
    "total_misclassification_cost",
    "weka_folds",
]
