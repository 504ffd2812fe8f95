"""Run the thesis's experiments: datasets x classifiers -> cross-validation -> curves and AUCs.

The data flow (STYLE.md 2): registry -> dataset -> classifier -> cross-validation result (cached)
-> cost measures and curves -> tables and figures. ``reproduce.py``, the notebooks and the widgets
call these functions; results are tidy long-format DataFrames.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba, progress_bar
from costlab.metrics.roc import roc_auc_class1, roc_curve_class1
from costlab.metrics.thresholds import mtmcs_curve
from costlab.studies.alsaffar2018.published import CLASSIFIERS, DATASETS

__all__ = ["ExperimentRun", "run_experiments", "cost_curves", "auc_table", "roc_curves"]


@dataclass
class ExperimentRun:
    """Cross-validation results of several datasets and classifiers.

    Attributes
    ----------
    datasets : dict
        Dataset name -> :class:`costlab.datasets.Dataset`.
    results : dict
        ``(dataset, classifier)`` -> :class:`costlab.evaluation.cv.CVResult`.
    """

    datasets: dict
    results: dict = field(default_factory=dict)

    def classifiers(self, dataset):
        """Classifier names run on ``dataset``, in run order."""
        return [c for d, c in self.results if d == dataset]


def run_experiments(
    datasets=DATASETS,
    classifiers=CLASSIFIERS,
    *,
    engine="sklearn",
    n_folds=10,
    n_repeats=1,
    seed=1,
    folds="weka",
    classifier_params=None,
    cache=True,
    cache_dir=None,
    progress=True,
    mirror=None,
    data_home=None,
):
    """Load datasets and cross-validate every classifier on each (thesis ch. 5 protocol).

    Parameters
    ----------
    datasets, classifiers : sequence of str
        Registry names (default: the thesis's four datasets and four classifiers).
    engine : str
        Classifier engine (see :func:`costlab.evaluation.cross_val_proba`).
    n_folds, n_repeats, seed : int
        Cross-validation protocol (thesis: 10 folds, seed 1).
    folds : {"weka", "sklearn"}
        Fold construction (:mod:`costlab.evaluation.folds`); ``"weka"`` is the thesis's.
    classifier_params : dict, optional
        Classifier name -> parameters, e.g. ``{"IBk": {"k": 5}}``.
    cache, cache_dir, progress
        Passed to :func:`.cross_val_proba`; ``progress`` shows one bar over all folds.
    mirror, data_home
        Passed to :func:`costlab.datasets.load_dataset`.

    Returns
    -------
    ExperimentRun
    """
    params = classifier_params or {}
    loaded = {name: load_dataset(name, mirror=mirror, data_home=data_home) for name in datasets}
    run = ExperimentRun(datasets=loaded)
    total = len(loaded) * len(classifiers) * n_folds * n_repeats
    bar, own = progress_bar(progress, total, "cross-validation")
    try:
        for name, data in loaded.items():
            for clf in classifiers:
                run.results[(name, clf)] = cross_val_proba(
                    data,
                    clf,
                    n_folds=n_folds,
                    n_repeats=n_repeats,
                    seed=seed,
                    folds=folds,
                    engine=engine,
                    cache=cache,
                    cache_dir=cache_dir,
                    progress=bar,
                    **params.get(clf, {}),
                )
    finally:
        if own:
            bar.close()
    return run


def cost_curves(run, *, searches=("optimized", "exact"), step=1e-5, fp_costs=None):
    """MTMCS curves of every result of ``run`` under each threshold search.

    With several repeats, MTMCS, threshold and rates are averaged over them per cost ratio.

    Returns
    -------
    DataFrame
        Tidy: ``dataset, classifier, search, fp_cost, fn_cost, mtmcs, threshold, fp_rate,
        fn_rate``.
    """
    frames = []
    for (dataset, clf), res in run.results.items():
        for search in searches:
            per_repeat = [
                mtmcs_curve(
                    res.y_true,
                    res.scores(r),
                    pos_label=1,
                    fp_costs=fp_costs,
                    search=search,
                    step=step,
                )
                for r in range(res.n_repeats)
            ]
            curve = pd.concat(per_repeat).groupby("fp_cost", as_index=False, sort=True).mean()
            frames.append(curve.assign(dataset=dataset, classifier=clf, search=search))
    columns = [
        "dataset",
        "classifier",
        "search",
        "fp_cost",
        "fn_cost",
        "mtmcs",
        "threshold",
        "fp_rate",
        "fn_rate",
    ]
    return pd.concat(frames, ignore_index=True)[columns]


def auc_table(run):
    """AUC of P(class 1) (as Weka reports it) for every result: ``dataset, classifier, auc``.

    With several repeats the AUC is the mean over repeats.
    """
    rows = [
        {
            "dataset": d,
            "classifier": c,
            "auc": float(
                np.mean(
                    [roc_auc_class1(r.y_true, r.scores(k), pos_label=1) for k in range(r.n_repeats)]
                )
            ),
        }
        for (d, c), r in run.results.items()
    ]
    return pd.DataFrame(rows)


def roc_curves(run, dataset, repeat=0):
    """Classifier -> ROC curve DataFrame (``fpr, tpr, threshold``) on one dataset."""
    return {
        c: roc_curve_class1(r.y_true, r.scores(repeat), pos_label=1)
        for (d, c), r in run.results.items()
        if d == dataset
    }


def curves_for(curves, dataset, search, classifiers=None):
    """Classifier -> curve DataFrame for one dataset and search, from a tidy curves frame."""
    sub = curves[(curves["dataset"] == dataset) & (curves["search"] == search)]
    names = classifiers or list(dict.fromkeys(sub["classifier"]))
    return {c: sub[sub["classifier"] == c].reset_index(drop=True) for c in names}
