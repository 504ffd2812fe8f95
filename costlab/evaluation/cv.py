"""Cross-validation: out-of-fold P(class 1) for every instance, cached on disk.

The thesis trained every classifier with 10-fold cross-validation and searched thresholds on the
posterior probabilities of the held-out instances (thesis ch. 5, introduction). This module
produces those probabilities with a pluggable *engine*:

``SklearnEngine`` (default)
    The Weka-formula estimators of :mod:`costlab.classifiers`, on folds built exactly as Weka's
    ``crossValidateModel`` builds them (``folds="weka"``, :func:`.weka_folds`, the
    thesis's protocol) or by scikit-learn's ``StratifiedKFold(shuffle=True)``
    (``folds="sklearn"``). Repetition r uses seed ``seed + r``.

``"weka"`` (:class:`costlab.evaluation.weka.WekaEngine`)
    Real Weka 3.9 through python-weka-wrapper3 (needs Java and ``pip install -e .[weka]``):
    Weka's own cross-validation with ``java.util.Random(seed + r)``; reproduces the thesis.

Every engine returns the same :class:`CVResult`, so the cost maths, figures, tables and widgets
work with any of them. Results are cached under ``<data_home>/cache/cv`` keyed by everything that
determines them (dataset checksums, classifier and parameters, folds, seed, repeats, engine and
library versions); a rerun loads them instantly.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import sklearn

import costlab
from costlab._io import write_atomic
from costlab.classifiers import make_classifier
from costlab.evaluation.folds import FOLD_SCHEMES, make_folds

__all__ = [
    "CVResult",
    "SklearnEngine",
    "cross_val_proba",
    "default_cache_dir",
    "get_engine",
    "progress_bar",
]


@dataclass(frozen=True)
class CVResult:
    """Out-of-fold class-1 probabilities of one classifier on one dataset.

    Attributes
    ----------
    dataset, classifier, engine : str
        What was run and by which engine.
    y_true : ndarray of int, shape (n,)
        1 for the positive class (the thesis's class 2), 0 for the negative class (class 1).
    p_class1 : ndarray of float, shape (n_repeats, n)
        P(class 1 | x) predicted for each instance by the model that did not see it.
    fold : ndarray of int, shape (n_repeats, n)
        The fold in which each instance was held out.
    labels : tuple of str
        ``(negative, positive)`` class labels.
    n_folds, seed : int
        The protocol.
    folds : str
        Fold scheme (``"weka"`` or ``"sklearn"``, see :mod:`costlab.evaluation.folds`).
    params : dict
        Classifier parameters that differ from the defaults.
    seconds : float
        Wall time of the cross-validation when it was computed (not when loaded from cache).
    """

    dataset: str
    classifier: str
    engine: str
    y_true: np.ndarray
    p_class1: np.ndarray
    fold: np.ndarray
    labels: tuple
    n_folds: int
    seed: int
    params: dict = field(default_factory=dict)
    seconds: float = 0.0
    folds: str = "weka"

    @property
    def n_repeats(self):
        """Number of repetitions of the k-fold protocol."""
        return self.p_class1.shape[0]

    def scores(self, repeat=0):
        """P(class 1) of repetition ``repeat``, shape (n,)."""
        return self.p_class1[repeat]


class SklearnEngine:
    """scikit-learn engine: stratified k-fold and :func:`costlab.classifiers.make_classifier`."""

    name = "sklearn"

    def version(self):
        """Library versions that determine the results (part of the cache key)."""
        return {"scikit-learn": sklearn.__version__, "numpy": np.__version__}

    def cross_val_proba(
        self, dataset, classifier, *, n_folds, seed, repeat, params, progress, folds="weka"
    ):
        """Out-of-fold P(class 1) and fold ids of one repetition."""
        y = dataset.y_binary
        p_class1 = np.full(y.shape[0], np.nan)
        fold_id = np.full(y.shape[0], -1)
        splits = make_folds(y, scheme=folds, n_folds=n_folds, seed=seed + repeat)
        for k, (train, test) in enumerate(splits):
            model = make_classifier(classifier, random_state=seed, **params)
            model.fit(dataset.X.iloc[train], y[train])
            proba = model.predict_proba(dataset.X.iloc[test])
            p_class1[test] = proba[:, list(model.classes_).index(0)]
            fold_id[test] = k
            progress.update(1)
        return p_class1, fold_id


def _weka_engine():
    """The Weka engine, imported on demand: ``import costlab`` never needs Java or JPype."""
    from costlab.evaluation.weka import WekaEngine

    return WekaEngine()


_ENGINES = {"sklearn": SklearnEngine, "weka": _weka_engine}


def get_engine(engine):
    """Return an engine instance from a name or pass an instance through."""
    if isinstance(engine, str):
        if engine not in _ENGINES:
            raise ValueError(f"engine must be one of {sorted(_ENGINES)}, got {engine!r}.")
        return _ENGINES[engine]()
    return engine


def default_cache_dir():
    """``$COSTLAB_CACHE`` if set, else ``<data_home>/cache/cv`` (see :mod:`costlab.datasets`)."""
    env = os.environ.get("COSTLAB_CACHE")
    if env:
        return Path(env)
    from costlab.datasets._fetch import resolve_data_home

    return Path(resolve_data_home()) / "cache" / "cv"


def cross_val_proba(
    dataset,
    classifier,
    *,
    n_folds=10,
    n_repeats=1,
    seed=1,
    folds="weka",
    engine="sklearn",
    cache=True,
    cache_dir=None,
    progress=None,
    **params,
):
    """Cross-validate one classifier and return out-of-fold P(class 1) for every instance.

    Parameters
    ----------
    dataset : costlab.datasets.Dataset
        A loaded dataset.
    classifier : str
        One of :data:`costlab.classifiers.CLASSIFIERS`.
    n_folds : int
        Folds of stratified k-fold cross-validation (the thesis: 10).
    n_repeats : int
        Repetitions with seeds ``seed, seed + 1, ...``.
    seed : int
        Seed of the fold assignment and of the classifier.
    folds : {"weka", "sklearn"}
        How folds are built: exactly as Weka's cross-validation (the thesis's protocol, default)
        or by scikit-learn's ``StratifiedKFold(shuffle=True)``.
    engine : str or engine
        ``"sklearn"`` (default) or ``"weka"`` (real Weka; ``folds="weka"`` only).
    cache : bool
        Load from and save to the on-disk cache.
    cache_dir : path, optional
        Default :func:`default_cache_dir`.
    progress : tqdm-like, optional
        A progress bar to advance once per fold; by default one is shown for this run.
    **params
        Classifier parameters, e.g. ``k=5`` for IBk.

    Returns
    -------
    CVResult
    """
    _check_protocol(n_folds, n_repeats, seed, dataset)
    if folds not in FOLD_SCHEMES:
        raise ValueError(f"folds must be one of {FOLD_SCHEMES}, got {folds!r}.")
    eng = get_engine(engine)
    key = _cache_key(dataset, classifier, eng, n_folds, n_repeats, seed, params, folds)
    path = Path(cache_dir or default_cache_dir()) / dataset.name / f"{classifier}-{key[:16]}.npz"
    if cache and path.exists():
        result = _load(path, dataset, classifier, eng.name, n_folds, seed, params, folds)
        if not _is_flag(progress):
            progress.update(n_folds * n_repeats)  # a caller's shared bar: count the cached folds
        return result
    bar, own_bar = progress_bar(progress, n_folds * n_repeats, f"{dataset.name}/{classifier}")
    start = time.perf_counter()
    try:
        runs = [
            eng.cross_val_proba(
                dataset,
                classifier,
                n_folds=n_folds,
                seed=seed,
                repeat=r,
                params=params,
                progress=bar,
                folds=folds,
            )
            for r in range(n_repeats)
        ]
    finally:
        if own_bar:
            bar.close()
    result = CVResult(
        dataset=dataset.name,
        classifier=classifier,
        engine=eng.name,
        y_true=dataset.y_binary,
        p_class1=np.vstack([r[0] for r in runs]),
        fold=np.vstack([r[1] for r in runs]),
        labels=(dataset.negative, dataset.positive),
        n_folds=n_folds,
        seed=seed,
        params=dict(params),
        seconds=time.perf_counter() - start,
        folds=folds,
    )
    if cache:
        _save(path, result)
    return result


def _check_protocol(n_folds, n_repeats, seed, dataset):
    for name, value, low in (("n_folds", n_folds, 2), ("n_repeats", n_repeats, 1)):
        if not isinstance(value, (int, np.integer)) or value < low:
            raise ValueError(f"{name} must be an integer >= {low}, got {value!r}.")
    if not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}.")
    smallest = min(dataset.class_counts.values())
    if n_folds > smallest:
        raise ValueError(
            f"n_folds={n_folds} exceeds the size of the smallest class of {dataset.name} "
            f"({smallest}); stratified folds need at least one instance of each class."
        )


def _cache_key(dataset, classifier, engine, n_folds, n_repeats, seed, params, folds):
    payload = {
        "dataset": dataset.name,
        "checksums": dict(sorted(dataset.checksums.items())),
        "classifier": classifier,
        "params": {k: repr(v) for k, v in sorted(params.items())},
        "engine": engine.name,
        "versions": engine.version(),
        "costlab": costlab.__version__,
        "n_folds": n_folds,
        "n_repeats": n_repeats,
        "seed": seed,
        "folds": folds,
    }
    blob = json.dumps(payload, sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()


def _save(path, result):
    """Write the arrays atomically (:func:`costlab._io.write_atomic`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez(
        buffer,
        y_true=result.y_true,
        p_class1=result.p_class1,
        fold=result.fold,
        seconds=np.array(result.seconds),
    )
    write_atomic(path, buffer.getvalue())


def _load(path, dataset, classifier, engine, n_folds, seed, params, folds):
    with np.load(path) as data:
        y_true, p_class1, fold = data["y_true"], data["p_class1"], data["fold"]
        seconds = float(data["seconds"])
    if not np.array_equal(y_true, dataset.y_binary) or np.isnan(p_class1).any():
        raise ValueError(f"cached cross-validation {path} does not match the dataset; delete it.")
    return CVResult(
        dataset=dataset.name,
        classifier=classifier,
        engine=engine,
        y_true=y_true,
        p_class1=p_class1,
        fold=fold,
        labels=(dataset.negative, dataset.positive),
        n_folds=n_folds,
        seed=seed,
        params=dict(params),
        seconds=seconds,
        folds=folds,
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
