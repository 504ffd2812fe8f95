"""costlab: evaluate binary classifiers over a range of misclassification costs and priors.

The library (no paper in it; each family has a user-guide page):

- :mod:`costlab.metrics`: the pure maths over labels and scores. Al-Saffar (2018)'s MTMCS
  chart, optimal thresholds, MTMCR, cost sensitivity and CST (:func:`mtmcs_curve`,
  :func:`select_classifier`); Drummond & Holte (2000)'s cost curves; Hand (2009)'s H measure
  and Johnson et al. (2015)'s cost scenarios and risk; threshold choice and decision curves;
  prior shift (Landgrebe et al. 2004) and the deployment prior; bootstrap and cross-validation
  bands; comparisons of classifiers over datasets.
- :mod:`costlab.plotting`: scikit-learn style Displays of all of these
  (``from_predictions``, ``from_estimator``, ``from_cv_result``).
- :mod:`costlab.datasets`, :mod:`costlab.classifiers` and :mod:`costlab.evaluation`: the
  datasets, Weka-exact learners, and cross-validated scores (:class:`CVResult`).
- :mod:`costlab.widgets`: the interactive explorers for Jupyter (``cost_explorer``, ...).

This face keeps a handful of entry points (``costlab.__all__``); every other public name has
one path, its package's.

The studies reproduce the papers with the library, one folder each under
:mod:`costlab.studies` (``costlab.studies.PAPERS`` lists them): ``costlab list`` names them and
``costlab reproduce <study>`` (``--quick`` for the short protocol) writes a study's figures,
tables and report under ``results/``.

Examples
--------
Two classifiers' scores of six instances, their MTMCS curves over the cost ratios, and the
classifier to use for FPcost/FNcost in [0.3/0.7, 0.7/0.3]:

>>> import numpy as np
>>> from costlab import mtmcs_curve, select_classifier
>>> y = np.array([0, 0, 0, 1, 1, 1])
>>> curves = {
...     "LR": mtmcs_curve(y, [0.1, 0.3, 0.6, 0.4, 0.8, 0.9]),
...     "NB": mtmcs_curve(y, [0.2, 0.5, 0.4, 0.3, 0.7, 0.6]),
... }
>>> choice = select_classifier(curves, 0.3, 0.7)
>>> choice.kind, choice.classifier
('robust', 'LR')
>>> choice.summary.round(2)
  classifier  n_ratios   mtmcr  cost_sensitivity     cst
0         LR         9  116.67              6.67  124.44
1         NB         9  146.67             11.67  163.78
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
