"""costlab: evaluate binary classifiers over a range of misclassification costs.

Reproduces R. Al-Saffar (2018), *Evaluating Classifiers' Optimal Performances Over a Range of
Misclassification Costs by Using Cost-Sensitive Classification*: the MTMCS chart, optimal
thresholds, MTMCR, cost sensitivity and CST, beside ROC/AUC.

This face keeps a handful of entry points, from a dataset to the thesis's measures::

    from costlab import load_dataset, make_classifier, cross_val_proba, mtmcs_curve

Every other public name has one path, its package's face: :mod:`costlab.metrics`,
:mod:`costlab.plotting`, :mod:`costlab.classifiers`, :mod:`costlab.evaluation`,
:mod:`costlab.datasets` and :mod:`costlab.widgets`.
"""

import importlib

from costlab._deprecation import deprecated
from costlab._version import __version__  # noqa: F401  (the package face re-exports it)
from costlab.classifiers import make_classifier
from costlab.datasets import list_datasets, load_dataset
from costlab.evaluation.cv import CVResult, cross_val_proba
from costlab.metrics import classify, cst, mtmcr, mtmcs_curve, select_classifier

__all__ = [
    # data and models
    "list_datasets",
    "load_dataset",
    "make_classifier",
    # cross-validated scores, the library's currency
    "CVResult",
    "cross_val_proba",
    # the thesis's measures (Al-Saffar 2018)
    "mtmcs_curve",
    "mtmcr",
    "cst",
    "select_classifier",
    "classify",
]

#: Names this face exported until costlab 0.2 -> their one path now (a package face).
_MOVED = {
    "CLASSIFIERS": "costlab.classifiers",
    "describe_classifier": "costlab.classifiers",
    "DatasetError": "costlab.datasets",
    "register_dataset": "costlab.datasets",
    "weka_folds": "costlab.evaluation",
    "Selection": "costlab.metrics",
    "cost_ratio_grid": "costlab.metrics",
    "cost_sensitivity": "costlab.metrics",
    "curve_in_range": "costlab.metrics",
    "format_cost_ratio": "costlab.metrics",
    "normalize_costs": "costlab.metrics",
    "range_summary": "costlab.metrics",
    "roc_auc": "costlab.metrics",
    "roc_points": "costlab.metrics",
    "total_misclassification_cost": "costlab.metrics",
}


def __getattr__(name):
    """The names that left this face, for one release, with a :class:`DeprecationWarning`."""
    if name not in _MOVED:
        raise AttributeError(f"module 'costlab' has no attribute {name!r}")
    deprecated(f"costlab.{name}", f"{_MOVED[name]}.{name}")
    return getattr(importlib.import_module(_MOVED[name]), name)
