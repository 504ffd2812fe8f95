"""Cross-validation: out-of-fold class probabilities for every instance, cached on disk.

The thesis trained every classifier with 10-fold cross-validation and searched thresholds on the
posterior probabilities of the held-out instances (thesis ch. 5, introduction). This module
produces those probabilities with a pluggable *engine*:

``SklearnEngine`` (default)
    Any scikit-learn classifier with ``predict_proba`` (a pipeline too), or a registered
    Weka-formula estimator of :mod:`costlab.classifiers` by name, on folds built exactly as
    Weka's ``crossValidateModel`` builds them (``folds="weka"``, :func:`.weka_folds`, the
    thesis's protocol) or by scikit-learn's ``StratifiedKFold(shuffle=True)``
    (``folds="sklearn"``). Repetition r uses seed ``seed + r``. Every fold of every repetition
    is one joblib task (``n_jobs``); the numbers are identical for any ``n_jobs``.

``"weka"`` (:class:`costlab.evaluation.weka.WekaEngine`)
    Real Weka 3.9 through python-weka-wrapper3 (needs Java and ``pip install -e .[weka]``):
    Weka's own cross-validation with ``java.util.Random(seed + r)``; reproduces the thesis.

Every engine returns the same :class:`CVResult`, so the cost maths, figures, tables and widgets
work with any of them. Results are cached under ``<data_home>/cache/cv`` keyed by everything
that determines them: the dataset's *content* (:func:`.dataset_fingerprint`: X with its column
names, dtypes and category orders, y and the class orientation; never only its name), the
model's class and full parameters and the code of every user-defined function and class it
uses (:func:`.estimator_fingerprint`: a function redefined in a notebook is a miss), folds,
seed, repeats, engine and library versions, and the source of all of costlab. A changed dataset
or estimator is a cache miss. A hit proves itself: a model made solely of costlab's code is
proven by its key; any other model's hit recomputes its cheapest fold and compares it bit for
bit (a difference: :class:`CacheMismatchWarning`, recomputed); ``cache="trust"`` skips the
check. :attr:`CVResult.origin` says which.

This module runs a cross-validation and checks what goes in and what comes out; its parts have
modules of their own, and every name below is importable from here as before: the result,
:class:`CVResult` (:mod:`costlab.evaluation._result`); the engines, :class:`SklearnEngine` and
:func:`get_engine` (:mod:`costlab.evaluation._engines`); the cache, :func:`default_cache_dir`
and :func:`costlab_code_fingerprint` (:mod:`costlab.evaluation._cache`); a hit that proves
itself, :class:`CacheMismatchWarning` (:mod:`costlab.evaluation._verify`) and where a model's
code came from (:mod:`costlab.evaluation._provenance`).
"""

from __future__ import annotations

import dataclasses
import numbers
import re
import time
from typing import TYPE_CHECKING

import numpy as np

from costlab.classifiers import REGISTERED_CLASSIFIERS
from costlab.evaluation._cache import (
    _cache_path,
    _save,
    costlab_code_fingerprint,  # noqa: F401 - re-exported: importable from here as before
    default_cache_dir,
)
from costlab.evaluation._dask import dask_backend
from costlab.evaluation._engines import SklearnEngine, get_engine
from costlab.evaluation._fit_params import check_fit_params, route_fit_params
from costlab.evaluation._models import build_model, check_classifier, classifier_name
from costlab.evaluation._result import _PROBA_TOLERANCE, CVResult
from costlab.evaluation._verify import CacheMismatchWarning, CVRun, cached_result
from costlab.evaluation.folds import FOLD_SCHEMES, GivenFolds
from costlab.validation import Boolean, Interval, Options, check_params

if TYPE_CHECKING:
    import os
    from collections.abc import Mapping
    from typing import Any

#: What cross_val_proba's protocol parameters allow (costlab.validation's vocabulary).
_PROTOCOL_CONSTRAINTS = {
    "n_folds": [Interval(numbers.Integral, 2, None, closed="left")],
    "n_repeats": [Interval(numbers.Integral, 1, None, closed="left")],
    "seed": [Interval(numbers.Integral, 0, None, closed="left")],
    "folds": [Options(set(FOLD_SCHEMES))],
    # True: cache, and verify a hit its key cannot prove; False: no cache; "trust": any hit
    # is returned unverified
    "cache": [Boolean(), Options({"trust"})],
}

__all__ = [
    "CVResult",
    "CacheMismatchWarning",
    "SklearnEngine",
    "cross_val_proba",
    "default_cache_dir",
    "get_engine",
    "progress_bar",
]


def cross_val_proba(
    dataset: Any,
    classifier: Any,
    *,
    n_folds: int | None = None,
    n_repeats: int | None = None,
    seed: int = 1,
    folds: Any = None,
    engine: Any = "sklearn",
    n_jobs: int | None = None,
    name: str | None = None,
    cache: bool | str = True,
    cache_dir: str | os.PathLike[str] | None = None,
    progress: Any = None,
    client: Any = None,
    sample_weight: Any = None,
    fit_params: Mapping[str, Any] | None = None,
    **params: Mapping[str, Any],
) -> CVResult:
    """Cross-validate one classifier: out-of-fold class probabilities for every instance.

    Parameters
    ----------
    dataset : costlab.datasets.Dataset or costlab.datasets.Task
        A registered dataset (:func:`costlab.datasets.load_dataset`) or one's own
        (:func:`costlab.datasets.from_frame`, ``from_csv``, ``from_arff``, ``from_arrays``); or
        a Task (:func:`costlab.datasets.load_task`: an OpenML task), whose own folds and
        repetitions are used (``n_folds``, ``n_repeats`` and ``folds``, if given, must agree
        with them), so that the result lines up fold by fold with every run published on it;
        its results are cached under the task's name.
    classifier : str or estimator
        A registered name (:data:`costlab.classifiers.REGISTERED_CLASSIFIERS`) or any
        scikit-learn classifier with ``predict_proba`` (a pipeline too), cloned for every fold. Its
        ``random_state`` parameters left at None are set to ``seed``, so reruns give identical
        numbers. It is fitted on ``dataset.X`` (nominal columns are pandas Categoricals: put an
        encoder in a pipeline if the estimator needs numbers) and ``dataset.y_binary``.
    n_folds : int, optional
        Folds of stratified k-fold cross-validation; default 10 (the thesis's), a Task's own.
    n_repeats : int, optional
        Repetitions with seeds ``seed, seed + 1, ...``; default 1, a Task's own.
    seed : int
        Seed of the fold assignment and of the classifier.
    folds : {"weka", "sklearn"}, optional
        How folds are built: exactly as Weka's cross-validation (the thesis's protocol, default)
        or by scikit-learn's ``StratifiedKFold(shuffle=True)``. A Task brings its own.
    engine : str or engine
        ``"sklearn"`` (default) or ``"weka"`` (real Weka: registered names, ``folds="weka"``).
    n_jobs : int, optional
        Folds fitted in parallel by joblib (-1: every core). The numbers do not depend on it.
    client : distributed.Client, str or True, optional
        Fit the folds on a dask.distributed cluster instead (joblib's Dask backend): a Client,
        a scheduler address, or True for the active client. One task per fold fit; the
        numbers are identical to ``n_jobs=1``, and the cache is written by this process only.
    name : str, optional
        The result's classifier name; default the registered name or the estimator's class name
        (a pipeline's last step's).
    cache : True, False or "trust"
        ``True`` (default): load from and save to the on-disk cache (keyed by content: see the
        module docstring), and make every hit prove itself. A model made solely of costlab's
        own code (a registered name, or a costlab estimator whose parameters are only costlab
        estimators and plain values) is *proven by its key*, which holds costlab's whole
        source; for any other model (scikit-learn, xgboost, one's own, a pipeline) the hit
        recomputes one fold, the one that was fastest to compute, exactly as the full run does,
        and compares its probabilities bit for bit with the stored ones: identical, the hit is
        returned; different, a :class:`CacheMismatchWarning` says what changed and everything
        is recomputed and overwritten. ``"trust"``: return any hit without verifying it (you
        accept that a cached result may come from code that has since changed). ``False``: no
        cache. An entry that cannot be read, does not hold finite probabilities of the
        dataset's shape or whose arrays do not match their recorded digest is recomputed and
        overwritten, with a warning naming the file. :attr:`CVResult.origin` says which of
        these the result came from.
    cache_dir : path, optional
        Default :func:`default_cache_dir`.
    progress : tqdm-like or bool, optional
        A progress bar advanced once per fold; by default one is shown for this run.
    sample_weight : array-like of shape (n,) or "costs", optional
        Instance weights for ``fit`` (each fold's training rows), e.g. ``"costs"``: the regret
        weights of the dataset's cost model (:meth:`costlab.datasets.Dataset.with_costs`;
        cost-proportionate weighting, Zadrozny, Langford & Abe 2003). Passed only to a model
        whose ``fit`` takes ``sample_weight`` (else a warning; see ``fit_params``). The
        dataset's costs are kept on the result (:attr:`CVResult.costs`) either way: weighting
        the fit is a separate choice.
    fit_params : dict, optional
        Other parameters of ``fit``, as scikit-learn's ``cross_validate(params=...)``: arrays of
        one entry per instance are sliced to each fold's training rows, other values passed as
        they are. With ``sklearn.set_config(enable_metadata_routing=True)`` they are routed
        exactly as scikit-learn routes them (the estimator requests them with
        ``set_fit_request``); otherwise a parameter goes to ``fit`` where the estimator (for a
        pipeline, its last step) takes it, and one it does not take is an error. The values are
        part of the cache key. Not for the ``"weka"`` engine.
    **params
        Parameters of a registered classifier, e.g. ``k=5`` for IBk (set an estimator's own
        with ``set_params``).

    Returns
    -------
    CVResult

    Raises
    ------
    ValueError
        If the estimator fails on the dataset's nominal columns ("could not convert string
        to float"): the message names them and how to encode them. If the model's
        ``predict_proba`` returns NaN, infinite or values outside [0, 1]
        (beyond 1e-12): the message names the classifier, the fold and the repetition, and
        nothing is cached. If ``predict_proba`` does not return two columns (one per class). If
        ``cache`` is not True, False or "trust".

    Warns
    -----
    CacheMismatchWarning
        A cached result failed verification (see ``cache``); it is recomputed and overwritten.

    Examples
    --------
    A synthetic dataset, Weka's 5 folds, no cache:

    >>> from sklearn.linear_model import LogisticRegression
    >>> from costlab.datasets import twonorm
    >>> result = cross_val_proba(twonorm(200, random_state=0), LogisticRegression(), n_folds=5,
    ...                          cache=False)
    >>> result.classifier, result.scores(0).shape
    ('LogisticRegression', (200,))

    Your own data, from a DataFrame ``frame`` with a column ``class``:

    >>> from costlab.datasets import from_frame
    >>> data = from_frame(frame, target="class")  # doctest: +SKIP
    >>> result = cross_val_proba(data, LogisticRegression(max_iter=1000))  # doctest: +SKIP
    """
    dataset, folder, protocol = _protocol(dataset, n_folds, n_repeats, seed, folds)
    run, mode = _plan(dataset, classifier, name, engine, params, protocol, cache)
    run = _with_fit_params(run, fit_params, sample_weight)
    path = _cache_path(
        mode, cache_dir, dataset, classifier, run.label, run.engine, params, protocol, folder,
        fit_params=run.fit_params,
    )  # fmt: skip
    if path is not None and path.is_file():
        result = cached_result(run, path, mode)
        if result is not None:
            if not _is_flag(progress):
                progress.update(protocol["n_folds"] * protocol["n_repeats"])  # cached folds
            return result
    start = time.perf_counter()
    proba, fold, fold_seconds = _fit_folds(run, progress, n_jobs, client)
    result = _result(run, proba, fold, time.perf_counter() - start)
    if path is not None:
        seconds = None if fold_seconds is None else fold_seconds.tolist()
        _save(path, result, {"provenance": run.provenance(), "fold_seconds": seconds})
    return result


def _protocol(dataset, n_folds, n_repeats, seed, folds):
    """``(dataset, cache folder, protocol)``: a Dataset's protocol from the arguments (default
    10 Weka folds, one repetition), a Task's from the task itself (arguments must agree)."""
    from costlab.datasets import Task

    if not isinstance(dataset, Task):
        protocol = {"n_folds": 10 if n_folds is None else n_folds, "seed": seed}
        protocol.update(n_repeats=1 if n_repeats is None else n_repeats)
        protocol.update(folds="weka" if folds is None else folds)
        return dataset, None, protocol
    task = dataset
    for parameter, given, own in (
        ("n_folds", n_folds, task.n_folds),
        ("n_repeats", n_repeats, task.n_repeats),
    ):
        if given is not None and given != own:
            raise ValueError(
                f"{parameter}={given!r} disagrees with task {task.name}, which has {own}: "
                f"leave {parameter} out to use the task's own folds."
            )
    if folds is not None:
        raise ValueError(
            f"folds={folds!r} cannot be used with task {task.name}, which brings its own "
            "folds: leave folds out."
        )
    scheme = GivenFolds(task.fold, task.name)
    protocol = {"n_folds": task.n_folds, "n_repeats": task.n_repeats, "seed": seed}
    return task.dataset, task.name, {**protocol, "folds": scheme}


def _plan(dataset, classifier, name, engine, params, protocol, cache):
    """Validate a cross-validation's inputs: ``(CVRun, cache mode)``."""
    folds = protocol["folds"]
    _check_protocol(
        protocol["n_folds"], protocol["n_repeats"], protocol["seed"], dataset,
        stratified=not isinstance(folds, GivenFolds),
    )  # fmt: skip
    check_params(
        _PROTOCOL_CONSTRAINTS,
        {"folds": "weka" if isinstance(folds, GivenFolds) else folds, "cache": cache},
    )
    mode = _CACHE_MODES[cache if isinstance(cache, str) else bool(cache)]
    check_classifier(classifier, params)
    label = classifier_name(classifier) if name is None else str(name)
    eng = get_engine(engine)
    if isinstance(folds, GivenFolds) and eng.name != "sklearn":
        raise ValueError(
            f"engine={eng.name!r} runs its own cross-validation and cannot use a task's folds; "
            "cross-validate a task with engine='sklearn' (costlab's Weka-formula learners "
            "run there by their registered names)."
        )
    return CVRun(eng, dataset, classifier, label, params, protocol), mode


def _with_fit_params(run, fit_params, sample_weight):
    """The run with its fit parameters checked and routed to the model's ``fit``."""
    checked = check_fit_params(fit_params, sample_weight, run.dataset)
    if not checked:
        return run
    if run.engine.name != "sklearn":
        raise ValueError(
            f"engine={run.engine.name!r} takes no fit parameters (got {sorted(checked)}); "
            "cross-validate with engine='sklearn' to pass sample_weight or fit_params."
        )
    model = build_model(run.classifier, run.protocol["seed"], run.params)
    return dataclasses.replace(run, fit_params=route_fit_params(model, checked, run.label))


def _fit_folds(run, progress, n_jobs, client):
    """Every fold of every repetition, behind a progress bar (on a dask cluster if ``client``),
    checked: ``(proba, fold, fold_seconds)``."""
    n_fits = run.protocol["n_folds"] * run.protocol["n_repeats"]
    bar, own_bar = progress_bar(progress, n_fits, f"{run.dataset.name}/{run.label}")
    try:
        with dask_backend(client):
            proba, fold, fold_seconds = _run(run, bar, n_jobs)
    except ValueError as error:
        _explain_nominal(error, run.dataset, run.label)
        _explain_missing(error, run.dataset, run.label)
        raise
    finally:
        if own_bar:
            bar.close()
    _check_output(proba, fold, run.label, run.protocol["seed"])
    return proba, fold, fold_seconds


def _result(run, proba, fold, seconds):
    """The :class:`CVResult` of a run's out-of-fold probabilities."""
    dataset = run.dataset
    return CVResult(
        dataset=dataset.name,
        classifier=run.label,
        engine=run.engine.name,
        y_true=dataset.y_binary,
        proba=proba,
        fold=fold,
        labels=(dataset.negative, dataset.positive),
        n_folds=run.protocol["n_folds"],
        seed=run.protocol["seed"],
        params=dict(run.params),
        seconds=seconds,
        folds=run.protocol["folds"],
        costs=dataset.costs,
    )


#: The values of ``cache`` and what each means.
_CACHE_MODES = {True: "verify", False: None, "trust": "trust"}


def _run(run, bar, n_jobs):
    """Every repetition: in one joblib pool if the engine has one, else one after another;
    ``(proba, fold, fold_seconds)``, the last None when the engine does not time its folds."""
    eng, n_repeats = run.engine, run.protocol["n_repeats"]
    common = {key: run.protocol[key] for key in ("n_folds", "seed", "folds")}
    common.update(params=run.params, progress=bar)
    if run.fit_params:
        common.update(fit_params=run.fit_params)
    for method in ("cross_val_timed", "cross_val_repeats"):
        if hasattr(eng, method):
            out = getattr(eng, method)(
                run.dataset, run.classifier, repeats=list(range(n_repeats)), n_jobs=n_jobs, **common
            )
            return out if len(out) == 3 else (*out, None)
    if not isinstance(run.classifier, str):
        raise ValueError(
            f"the {eng.name} engine runs registered classifier names only "
            f"({', '.join(REGISTERED_CLASSIFIERS)}), not {type(run.classifier).__name__} "
            "estimators."
        )
    runs = [
        eng.cross_val_proba(run.dataset, run.classifier, repeat=r, **common)
        for r in range(n_repeats)
    ]
    return np.stack([r[0] for r in runs]), np.stack([r[1] for r in runs]), None


#: What scikit-learn says when an estimator that needs numbers meets a nominal column.
_NOT_NUMBERS = re.compile(r"could not convert string to float|non-numeric data")


def _explain_nominal(error, dataset, classifier):
    """Re-raise a fold's "could not convert string to float" as a ValueError naming the
    dataset's nominal columns and how to encode them; return for any other error."""
    nominal = dataset.nominal_columns
    if not nominal or not _NOT_NUMBERS.search(str(error)):
        return
    raise ValueError(
        f"{classifier} cannot take the nominal (categorical) columns {nominal} of "
        f"{dataset.name} (scikit-learn: {error}). Encode them in a pipeline, e.g. "
        "make_pipeline(make_column_transformer((OneHotEncoder(handle_unknown='ignore'), "
        "make_column_selector(dtype_include='category')), remainder=StandardScaler()), "
        "LogisticRegression()), or use a model that accepts them, e.g. "
        "HistGradientBoostingClassifier(categorical_features='from_dtype') or one of "
        "costlab.classifiers.baseline_models()."
    ) from error


_MISSING = re.compile(r"Input X contains NaN|contains NaN|missing values")


def _explain_missing(error, dataset, classifier):
    """Re-raise a fold's "Input X contains NaN" as a ValueError naming the classifier, the
    dataset, its columns with missing values and two ways to take them; return for any other
    error."""
    counts = dataset.X.isna().sum()
    missing = {str(column): int(n) for column, n in counts[counts > 0].items()}
    if not missing or not _MISSING.search(str(error)):
        return
    raise ValueError(
        f"{classifier} cannot take the missing values of {dataset.name} (missing per column: "
        f"{missing}; scikit-learn: {error}). Impute them in the pipeline, e.g. "
        "make_pipeline(SimpleImputer(), StandardScaler(), LogisticRegression()) (sklearn.impute; "
        "SimpleImputer(strategy='most_frequent') before a OneHotEncoder of nominal columns), or "
        "use a model that takes them, e.g. HistGradientBoostingClassifier() or one of "
        "costlab.classifiers.baseline_models()."
    ) from error


def _check_protocol(n_folds, n_repeats, seed, dataset, *, stratified=True):
    """Raise if the dataset or the protocol is not one costlab can run; the size of the smallest
    class limits only folds built here by stratification (a task's given folds are its own)."""
    from costlab.datasets import Dataset

    if not isinstance(dataset, Dataset):
        raise TypeError(
            f"dataset must be a costlab Dataset, got {type(dataset).__name__}: make one with "
            "costlab.datasets.from_frame(frame, target=...) (or from_arrays, from_csv), or "
            "load a registered one with costlab.datasets.load_dataset(name)."
        )
    check_params(_PROTOCOL_CONSTRAINTS, {"n_folds": n_folds, "n_repeats": n_repeats, "seed": seed})
    smallest = min(dataset.class_counts.values())
    if stratified and n_folds > smallest:
        raise ValueError(
            f"n_folds={n_folds} exceeds the size of the smallest class of {dataset.name} "
            f"({smallest}); stratified folds need at least one instance of each class."
        )


def _check_output(proba, fold, classifier, seed):
    """Raise ValueError, naming the classifier, fold and repetition, if the out-of-fold
    probabilities hold NaN or leave [0, 1] (beyond :data:`_PROBA_TOLERANCE`)."""
    bad = ~np.isfinite(proba) | (proba < -_PROBA_TOLERANCE) | (proba > 1 + _PROBA_TOLERANCE)
    if not bad.any():
        return
    repeat, instance, column = (int(i[0]) for i in np.nonzero(bad))
    k = int(fold[repeat, instance])
    in_fold = bad[repeat][fold[repeat] == k].any(axis=1).sum()
    raise ValueError(
        f"{classifier} returned invalid probabilities on fold {k} of repetition {repeat} "
        f"(0-based, as CVResult.fold; seed {seed + repeat}): {in_fold} held-out instance(s), "
        f"e.g. instance {instance} got P({'positive' if column else 'negative'}) = "
        f"{float(proba[repeat, instance, column])!r}. predict_proba must return finite "
        "probabilities in [0, 1]; nothing was cached."
    )


class _NullBar:
    def update(self, n=1):
        pass

    def close(self):
        pass


def _is_flag(progress):
    """True for None/True/False (by identity: bars may define a strange ``__eq__``)."""
    return progress is None or progress is True or progress is False


def progress_bar(progress, total, desc):
    """(bar, owned): the caller's bar, a new tqdm bar, or a silent one for progress=False."""
    if progress is False:
        return _NullBar(), True
    if not _is_flag(progress):
        return progress, False
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, leave=False), True
