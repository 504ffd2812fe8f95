"""Experiments: any datasets x any classifiers -> cross-validation -> curves and AUCs.

The data flow: registry -> dataset -> classifier -> cross-validation result (cached)
-> cost measures and curves -> tables and figures. ``reproduce.py``, the notebooks and the widgets
call these functions; results are tidy long-format DataFrames.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.datasets import Dataset, Task, load_dataset
from costlab.evaluation._models import classifier_name
from costlab.evaluation.cv import CVResult, cross_val_proba, progress_bar
from costlab.metrics import roc_auc, roc_points
from costlab.metrics.checks import check_score_of

if TYPE_CHECKING:
    import os
    from collections.abc import Sequence
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "ExperimentRun",
    "as_run",
    "auc_table",
    "cost_curves",
    "curves_for",
    "mtmcs_curves",
    "named_classifiers",
    "roc_curves",
    "run_experiments",
]


#: How many results and datasets a run's text repr names before "...".
_SHOWN = 4


@dataclass(repr=False)
class ExperimentRun:
    """Cross-validation results of several datasets and classifiers.

    Attributes
    ----------
    datasets : dict
        Dataset name -> :class:`costlab.datasets.Dataset` (None for results given as
        predictions, which have no features).
    results : dict
        ``(dataset, classifier)`` -> :class:`costlab.evaluation.cv.CVResult`.
    """

    datasets: dict
    results: dict = field(default_factory=dict)

    def classifiers(self, dataset: Any) -> list[str]:
        """Classifier names run on ``dataset``, in run order."""
        return [c for d, c in self.results if d == dataset]

    def dataset_names(self) -> list[str]:
        """Datasets of the run: those loaded, then those only named by results, in order."""
        return list(dict.fromkeys([*self.datasets, *(d for d, _ in self.results)]))

    def summary(self) -> pd.DataFrame:
        """One row per result: ``dataset, classifier, engine, n, n_repeats, n_folds, auc,
        seconds`` (AUC of the first repetition's out-of-fold scores).

        Examples
        --------
        >>> run = as_run({"LR": ([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])})
        >>> run.summary()[["dataset", "classifier", "n", "auc"]]
          dataset classifier  n   auc
        0    data         LR  4  0.75
        """
        return pd.DataFrame(
            [
                {
                    "dataset": d,
                    "classifier": c,
                    "engine": r.engine,
                    "n": int(r.y_true.shape[0]),
                    "n_repeats": r.n_repeats,
                    "n_folds": r.n_folds,
                    "auc": roc_auc(r.y_true, r.scores(), pos_label=1),
                    "seconds": round(float(r.seconds), 3),
                }
                for (d, c), r in self.results.items()
            ],
            columns=[
                "dataset",
                "classifier",
                "engine",
                "n",
                "n_repeats",
                "n_folds",
                "auc",
                "seconds",
            ],
        )

    def __repr__(self):
        names, keys = self.dataset_names(), [f"{d}/{c}" for d, c in self.results]
        shown = ", ".join(keys[:_SHOWN]) + (
            f", ... ({len(keys) - _SHOWN} more)" if len(keys) > _SHOWN else ""
        )
        datasets = ", ".join(names[:_SHOWN]) + (", ..." if len(names) > _SHOWN else "")
        return f"ExperimentRun({len(names)} dataset(s): {datasets}; {len(keys)} result(s): {shown})"

    def _repr_html_(self):
        """Jupyter shows the run as its :meth:`summary` table."""
        title = f"<p><b>ExperimentRun</b>: {len(self.results)} result(s)</p>"
        return title + self.summary().to_html(index=False, float_format="{:.4f}".format)

    def curves(
        self,
        *,
        search: str = "exact",
        step: float = 1e-5,
        fp_costs: ArrayLike | None = None,
        score_of: str = "positive",
    ) -> dict[tuple[str, str], pd.DataFrame]:
        """The MTMCS curve of every result, keyed like :attr:`results`.

        Parameters
        ----------
        search, step, fp_costs, score_of
            See :meth:`CVResult.mtmcs_curve <costlab.evaluation.CVResult.mtmcs_curve>`.

        Returns
        -------
        dict of (str, str) -> DataFrame
            ``(dataset, classifier)`` -> curve (``fp_cost, fn_cost, mtmcs, threshold, fp_rate,
            fn_rate``); ``{c: curves[(d, c)] for c in run.classifiers(d)}`` is what
            :class:`costlab.plotting.MTMCSDisplay` and :func:`costlab.metrics.select_classifier`
            take for dataset ``d``.

        Examples
        --------
        >>> run = as_run({"LR": ([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])})
        >>> curves = run.curves(fp_costs=[0.5])
        >>> list(curves), float(curves[("data", "LR")].loc[0, "mtmcs"])
        ([('data', 'LR')], 25.0)
        """
        options = {"search": search, "step": step, "fp_costs": fp_costs, "score_of": score_of}
        return {key: result.mtmcs_curve(**options) for key, result in self.results.items()}


def as_run(results, *, pos_label=None):
    """An :class:`ExperimentRun` from what users have at hand.

    Parameters
    ----------
    results : ExperimentRun, Mapping, CVResult or sequence of CVResult
        An ``ExperimentRun`` (returned as is); one or several :class:`CVResult` (grouped by
        their ``dataset``); or a mapping ``{classifier name: (y_true, y_score)}`` of
        predictions made elsewhere (one dataset called ``"data"``; ``y_score`` is the positive
        class's score, e.g. ``predict_proba(X)[:, 1]``; labels {0, 1}, {-1, 1} or {1, 2}). A
        value may also be a ``(y_true, y_score, pos_label)`` triple.
    pos_label : scalar, optional
        The positive class of every ``(y_true, y_score)`` pair of a mapping that does not name
        its own (e.g. ``"ill"`` for labels healthy/ill). Results of cross-validation carry
        their labels: ``pos_label`` is refused with them.

    Examples
    --------
    >>> run = as_run({"LR": ([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])})
    >>> list(run.results), run.results[("data", "LR")].engine
    ([('data', 'LR')], 'given')
    >>> ill = as_run({"LR": (["ok", "ill", "ill"], [0.2, 0.9, 0.6])}, pos_label="ill")
    >>> ill.results[("data", "LR")].labels
    ('ok', 'ill')
    """
    if pos_label is not None and not isinstance(results, Mapping):
        raise ValueError(
            "pos_label applies to a mapping {classifier name: (y_true, y_score)}; "
            f"a {type(results).__name__} carries its own labels."
        )
    if isinstance(results, ExperimentRun):
        return results
    if isinstance(results, CVResult):
        results = [results]
    if isinstance(results, Mapping):
        items = [_given(name, value, pos_label) for name, value in results.items()]
    elif isinstance(results, (list, tuple)) and all(isinstance(r, CVResult) for r in results):
        items = list(results)
    else:
        raise TypeError(
            "results must be an ExperimentRun, a CVResult or a list of them, or a mapping "
            f"{{classifier name: (y_true, y_score)}}; got {type(results).__name__}."
        )
    if not items:
        raise ValueError("results is empty: give at least one classifier's predictions.")
    run = ExperimentRun(datasets={})
    for result in items:
        run.results[(result.dataset, result.classifier)] = result
    return run


def _given(name, value, default_pos_label=None):
    if isinstance(value, CVResult):
        return value
    if not isinstance(value, (tuple, list)) or len(value) not in (2, 3) or np.ndim(value[0]) != 1:
        raise TypeError(
            f"results[{name!r}] must be (y_true, y_score) or (y_true, y_score, pos_label), "
            f"got {type(value).__name__}."
        )
    pos_label = value[2] if len(value) == 3 else default_pos_label
    return CVResult.from_predictions(value[0], value[1], classifier=name, pos_label=pos_label)


def run_experiments(
    datasets: Any,
    classifiers: Any,
    *,
    engine: Any = "sklearn",
    n_folds: int = 10,
    n_repeats: int = 1,
    seed: int = 1,
    folds: Any = "weka",
    classifier_params: Mapping[str, Any] | None = None,
    cache: bool | str = True,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Any = True,
    mirror: str | os.PathLike[str] | None = None,
    data_home: str | os.PathLike[str] | None = None,
    n_jobs: int | None = None,
    client: Any = None,
    sample_weight: Any = None,
    fit_params: Mapping[str, Any] | None = None,
) -> ExperimentRun:
    """Cross-validate every classifier on every dataset (default protocol: thesis chapter 5).

    Parameters
    ----------
    datasets : sequence or mapping
        Registry names (:func:`costlab.datasets.list_datasets`) and/or
        :class:`~costlab.datasets.Dataset` objects (one's own data) and/or
        :class:`~costlab.datasets.Task` objects (an OpenML task: cross-validated on its own
        folds and repetitions, ``n_folds``, ``n_repeats`` and ``folds`` do not apply; filed
        under its data set's name, like the published runs read from it), or a mapping name ->
        Dataset or Task. Two different entries under one name (two tasks on one data set, a
        task beside its data set) are a ValueError: name them apart with a mapping.
    classifiers : sequence or mapping
        Registered classifier names and/or scikit-learn estimators with ``predict_proba``
        (named by :func:`.classifier_name`), or a mapping name -> name or estimator.
    engine : str
        Classifier engine (see :func:`costlab.evaluation.cross_val_proba`).
    n_folds, n_repeats, seed : int
        Cross-validation protocol (thesis: 10 folds, seed 1). ``n_folds`` and ``seed`` may
        also be a mapping {dataset name: value} naming every dataset of the run, e.g. to
        cross-validate two copies of one data set with different seeds.
    folds : {"weka", "sklearn"} or mapping
        Fold construction (:mod:`costlab.evaluation.folds`); ``"weka"`` is the thesis's. A
        mapping {dataset name: scheme} sets it per dataset.
    classifier_params : dict, optional
        Classifier name -> parameters, e.g. ``{"IBk": {"k": 5}}``. Every key must name a
        classifier of the run (a ValueError lists them otherwise).
    cache, cache_dir, progress
        Passed to :func:`.cross_val_proba`; ``progress`` shows one bar over all folds.
    mirror, data_home
        Passed to :func:`costlab.datasets.load_dataset`.
    n_jobs : int, optional
        Folds fitted in parallel by joblib; results are identical for any value.
    client : distributed.Client, str or True, optional
        Fit the folds on a dask.distributed cluster (see :func:`.cross_val_proba`); results
        are identical to a local run.
    sample_weight : "costs", array-like or mapping, optional
        Instance weights for ``fit`` (see :func:`.cross_val_proba`): ``"costs"``, each
        dataset's own cost model's regret weights, or a mapping {dataset name: weights} naming
        every dataset of the run.
    fit_params : dict, optional
        Other ``fit`` parameters, the same for every model and dataset (see
        :func:`.cross_val_proba`).

    Returns
    -------
    ExperimentRun

    Examples
    --------
    Two models on a synthetic dataset (your own: :func:`costlab.datasets.from_csv`), 5 folds,
    no cache:

    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab.datasets import twonorm
    >>> from costlab.evaluation import run_experiments
    >>> models = {"LR": LogisticRegression(), "NB": GaussianNB()}
    >>> run = run_experiments([twonorm(100, random_state=0)], models, n_folds=5, cache=False,
    ...                       progress=False)
    >>> run
    ExperimentRun(1 dataset(s): twonorm; 2 result(s): twonorm/LR, twonorm/NB)
    >>> run.results["twonorm", "LR"].proba.shape
    (1, 100, 2)
    """
    loaded = _datasets(datasets, mirror, data_home)
    models = named_classifiers(classifiers)
    params = _classifier_params(classifier_params, models)
    protocol = {
        "n_folds": _per_dataset(n_folds, "n_folds", loaded),
        "seed": _per_dataset(seed, "seed", loaded),
        "folds": _per_dataset(folds, "folds", loaded),
        "sample_weight": _per_dataset(sample_weight, "sample_weight", loaded),
    }
    options = {"engine": engine, "cache": cache, "cache_dir": cache_dir, "fit_params": fit_params}
    options.update(n_jobs=n_jobs, client=client)
    run = ExperimentRun(datasets={k: getattr(d, "dataset", d) for k, d in loaded.items()})
    total = len(models) * sum(
        d.n_folds * d.n_repeats if isinstance(d, Task) else protocol["n_folds"][k] * n_repeats
        for k, d in loaded.items()
    )
    bar, own = progress_bar(progress, total, "cross-validation")
    try:
        for name, data in loaded.items():
            dataset_protocol = {key: values[name] for key, values in protocol.items()}
            if isinstance(data, Task):  # its own folds and repetitions
                dataset_protocol = {key: dataset_protocol[key] for key in ("seed", "sample_weight")}
            else:
                dataset_protocol["n_repeats"] = n_repeats
            for label, clf in models.items():
                run.results[(name, label)] = cross_val_proba(
                    data, clf, name=label, progress=bar, **dataset_protocol, **options,
                    **params.get(label, {}),
                )  # fmt: skip
    finally:
        if own:
            bar.close()
    return run


def _per_dataset(value, parameter, datasets):
    """Dataset name -> ``value``: the same for every dataset, or a mapping naming each one."""
    if not isinstance(value, Mapping):
        return dict.fromkeys(datasets, value)
    missing = [name for name in datasets if name not in value]
    unknown = [key for key in value if key not in datasets]
    if missing or unknown:
        raise ValueError(
            f"{parameter} per dataset must name every dataset of the run and no other: "
            f"missing {missing}, unknown {unknown}; the run's datasets are {list(datasets)}."
        )
    return {name: value[name] for name in datasets}


def _classifier_params(classifier_params, models):
    """``classifier_params`` checked against the run's classifier names."""
    if classifier_params is None:
        return {}
    if not isinstance(classifier_params, Mapping):
        raise TypeError(
            "classifier_params must be a mapping {classifier name: {parameter: value}}, got "
            f"{type(classifier_params).__name__}."
        )
    unknown = [key for key in classifier_params if key not in models]
    if unknown:
        raise ValueError(
            f"classifier_params names no classifier of this run: {unknown}; the run's "
            f"classifiers are {list(models)}."
        )
    return dict(classifier_params)


def _datasets(datasets, mirror, data_home):
    """Name -> Dataset or Task from registry names, Dataset or Task objects or a mapping; two
    different entries under one name are refused."""
    if isinstance(datasets, (str, Dataset, Task)):
        datasets = [datasets]
    items = datasets.items() if isinstance(datasets, Mapping) else [(None, d) for d in datasets]
    loaded, by_name = {}, {}
    for key, item in items:
        if isinstance(item, str):
            if item not in by_name:  # two names for one registry entry: loaded once
                by_name[item] = load_dataset(item, mirror=mirror, data_home=data_home)
            item = by_name[item]
        elif not isinstance(item, (Dataset, Task)):
            raise TypeError(
                "datasets must hold registry names or costlab.datasets.Dataset or Task "
                f"objects, got {type(item).__name__}."
            )
        own = item.dataset.name if isinstance(item, Task) else item.name
        name = own if key is None else str(key)
        if loaded.get(name, item) is not item:
            raise ValueError(
                f"datasets holds two entries filed under {name!r} ({_described(loaded[name])} and "
                f"{_described(item)}; a task is filed under its data set's name): pass a mapping "
                "{name: dataset or task} to name them apart."
            )
        loaded[name] = item
    if not loaded:
        raise ValueError("datasets is empty: give at least one dataset.")
    return loaded


def _described(item):
    """``task <name>`` or ``data set <name>``, for an error message."""
    return f"task {item.name}" if isinstance(item, Task) else f"data set {item.name}"


def named_classifiers(classifiers):
    """Name -> registered name or estimator, from a sequence (named by :func:`.classifier_name`)
    or a mapping; two estimators of one class need a mapping to tell them apart."""
    if isinstance(classifiers, str) or hasattr(classifiers, "fit"):
        classifiers = [classifiers]
    if isinstance(classifiers, Mapping):
        models = {str(k): v for k, v in classifiers.items()}
    else:
        models = {}
        for clf in classifiers:
            label = classifier_name(clf)
            if label in models:
                raise ValueError(
                    f"two classifiers are both named {label!r}; pass a mapping "
                    "{name: estimator} to name them apart."
                )
            models[label] = clf
    if not models:
        raise ValueError("classifiers is empty: give at least one classifier.")
    return models


def _oriented(result, repeat, score_of):
    """(y_true, scores) of one repetition: the positive class's probability, or the negative
    class's as the model returned it (P(class 1) of Al-Saffar 2018)."""
    column = 1 if score_of == "positive" else 0
    return result.y_true, result.proba[repeat, :, column]


def mtmcs_curves(
    run: Any,
    *,
    searches: Sequence[str] = ("optimized", "exact"),
    step: float = 1e-5,
    fp_costs: ArrayLike | None = None,
    score_of: str = "positive",
) -> pd.DataFrame:
    """The MTMCS curves of every result of ``run`` under each threshold search, as one table.

    Each result's curve is :meth:`CVResult.mtmcs_curve` (with several repeats, MTMCS, threshold
    and rates averaged over them per cost ratio).

    Parameters
    ----------
    run : ExperimentRun
        Results (see :func:`as_run`).
    searches : sequence of {"exact", "thorough", "optimized"}
        Threshold searches (:func:`costlab.metrics.mtmcs_curve`).
    step : float
        Step of the grid searches.
    fp_costs : array-like, optional
        Normalised FPcost grid; default the thesis's 0.05, ..., 0.95.
    score_of : {"positive", "negative"}
        Threshold the positive class's probability (default), or the negative class's with the
        thesis's rules (Al-Saffar 2018, sec. 4.5), to reproduce the thesis's thresholds and
        one-sided searches digit for digit.

    Returns
    -------
    DataFrame
        Tidy: ``dataset, classifier, search, fp_cost, fn_cost, mtmcs, threshold, fp_rate,
        fn_rate``.

    See Also
    --------
    ExperimentRun.curves : the same curves of one search, ``{(dataset, classifier): DataFrame}``.

    Examples
    --------
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab.datasets import twonorm
    >>> from costlab.evaluation import mtmcs_curves, run_experiments
    >>> run = run_experiments([twonorm(100, random_state=0)], {"NB": GaussianNB()},
    ...                       n_folds=5, cache=False, progress=False)
    >>> curves = mtmcs_curves(run, searches=("exact",))
    >>> curves[["dataset", "classifier", "search"]].drop_duplicates()
       dataset classifier search
    0  twonorm         NB  exact
    """
    score_of = check_score_of(score_of)
    frames = []
    for (dataset, clf), res in run.results.items():
        for search in searches:
            curve = res.mtmcs_curve(search=search, step=step, fp_costs=fp_costs, score_of=score_of)
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


def cost_curves(run: Any, **options: Any) -> pd.DataFrame:
    """Deprecated alias of :func:`mtmcs_curves` (it returns MTMCS curves, not Drummond &
    Holte's cost curves); removed in the next release."""
    warnings.warn(
        "costlab.evaluation.cost_curves is deprecated and will be removed in the next release; "
        "use costlab.evaluation.mtmcs_curves (the same MTMCS table).",
        DeprecationWarning,
        stacklevel=2,
    )
    return mtmcs_curves(run, **options)


def _auc_of(result, repeat, score_of):
    """AUC of the positive class by its probability, or (``"negative"``) of the negative class
    by its own probability, as Weka reports its class 1's AUC."""
    y, scores = _oriented(result, repeat, score_of)
    positive = 1 if score_of == "positive" else 0
    return roc_auc(y, scores, pos_label=positive, sample_weight=result.sample_weight)


def auc_table(run: Any, *, score_of: str = "positive") -> pd.DataFrame:
    """AUC of every result: ``dataset, classifier, auc`` (the mean over repeats; a result with
    per-instance costs weighs each instance by its regret, :attr:`CVResult.sample_weight`).

    ``score_of="negative"`` gives the AUC of the negative class ranked by its own probability,
    which Weka reports for its class 1 and Al-Saffar (2018) quotes; it differs from the
    positive class's AUC only where ``P(negative) = 1 - P(positive)`` does not hold exactly.

    Examples
    --------
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab.datasets import twonorm
    >>> from costlab.evaluation import auc_table, run_experiments
    >>> run = run_experiments([twonorm(100, random_state=0)], {"NB": GaussianNB()},
    ...                       n_folds=5, cache=False, progress=False)
    >>> auc_table(run)
       dataset classifier     auc
    0  twonorm         NB  0.9...
    """
    score_of = check_score_of(score_of)
    rows = [
        {
            "dataset": d,
            "classifier": c,
            "auc": float(np.mean([_auc_of(r, k, score_of) for k in range(r.n_repeats)])),
        }
        for (d, c), r in run.results.items()
    ]
    return pd.DataFrame(rows)


def roc_curves(
    run: Any, dataset: Any, repeat: int = 0, *, score_of: str = "positive"
) -> dict[str, pd.DataFrame]:
    """Classifier -> ROC points (``fpr, tpr, threshold``) on one dataset (weighted by each
    result's :attr:`CVResult.sample_weight` when it has per-instance costs).

    ``score_of="negative"``: the ROC of the negative class by its own probability (Weka's, and
    the thesis's, ROC of class 1), thresholds on P(negative).
    """
    score_of = check_score_of(score_of)
    out = {}
    for (d, c), r in run.results.items():
        if d == dataset:
            y, scores = _oriented(r, repeat, score_of)
            positive = 1 if score_of == "positive" else 0
            out[c] = roc_points(y, scores, pos_label=positive, sample_weight=r.sample_weight)
    return out


def curves_for(
    curves: Any, dataset: Any, search: str, classifiers: Any = None
) -> dict[str, pd.DataFrame]:
    """Classifier -> curve DataFrame for one dataset and search, from a tidy curves frame."""
    sub = curves[(curves["dataset"] == dataset) & (curves["search"] == search)]
    names = classifiers or list(dict.fromkeys(sub["classifier"]))
    return {c: sub[sub["classifier"] == c].reset_index(drop=True) for c in names}
