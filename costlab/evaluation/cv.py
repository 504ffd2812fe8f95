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
seed, repeats, engine and library versions. A changed dataset or estimator is a cache miss.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import re
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import sklearn

from costlab._io import write_atomic
from costlab._version import __version__
from costlab.classifiers import REGISTERED_CLASSIFIERS
from costlab.evaluation._dask import dask_backend
from costlab.evaluation._models import (
    build_model,
    check_classifier,
    classifier_name,
    dataset_fingerprint,
    estimator_fingerprint,
    fit_fold,
)
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
    """Out-of-fold class probabilities of one classifier on one dataset.

    :attr:`y_score` (or :meth:`scores`) is the positive class's probability, as scikit-learn's
    ``predict_proba(X)[:, 1]``: the score every function of :mod:`costlab.metrics` takes.

    Attributes
    ----------
    dataset, classifier, engine : str
        What was run (a registered classifier name or the name given to an estimator) and by
        which engine (``"given"`` for :meth:`from_predictions`).
    y_true : ndarray of int, shape (n,)
        1 for the positive class, 0 for the negative class.
    proba : ndarray of float, shape (n_repeats, n, 2)
        P(negative | x) and P(positive | x), in that order, predicted for each instance by the
        model that did not see it, each as the model returned it (never recomputed as one minus
        the other, which can create or break ties).
    fold : ndarray of int, shape (n_repeats, n)
        The fold in which each instance was held out.
    labels : tuple of str
        ``(negative, positive)`` class labels.
    n_folds, seed : int
        The protocol (0 and -1 for :meth:`from_predictions`: not cross-validated here).
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
    proba: np.ndarray
    fold: np.ndarray
    labels: tuple
    n_folds: int
    seed: int
    params: dict = field(default_factory=dict)
    seconds: float = 0.0
    folds: str = "weka"

    @classmethod
    def from_predictions(
        cls, y_true, y_score, *, classifier="Classifier", dataset="data", pos_label=None
    ):
        """Wrap scores computed elsewhere (e.g. on a held-out test set) as a result.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            Labels of two classes; ``pos_label`` names the positive class.
        y_score : array-like of shape (n,) or (n_repeats, n)
            The positive class's score, higher = more positive, e.g.
            ``model.predict_proba(X)[:, 1]``. The negative column of :attr:`proba` is set to
            ``1 - y_score``.
        classifier, dataset : str
            Names shown in tables, figures and the explorer.
        pos_label : scalar, optional
            Inferred as scikit-learn does for labels {0, 1} and {-1, 1}, and for {1, 2}
            (see :func:`costlab.metrics.mtmcs_curve`).

        Examples
        --------
        >>> r = CVResult.from_predictions(["a", "a", "b", "b"], [.1, .4, .6, .3], pos_label="b")
        >>> r.y_true.tolist(), r.labels, r.n_repeats
        ([0, 0, 1, 1], ('a', 'b'), 1)
        """
        from costlab.metrics._validation import check_labels_scores

        scores = np.asarray(y_score)
        scores = scores[None, :] if scores.ndim == 1 else scores
        if scores.ndim != 2:
            raise ValueError(f"y_score must be 1-D or 2-D, got shape {scores.shape}.")
        for row in scores:
            is_pos, _ = check_labels_scores(y_true, row, pos_label=pos_label, name="y_score")
        scores = scores.astype(np.float64)
        labels = np.asarray(y_true)
        return cls(
            dataset=str(dataset),
            classifier=str(classifier),
            engine="given",
            y_true=is_pos.astype(np.int64),
            proba=np.stack([1.0 - scores, scores], axis=-1),
            fold=np.full(scores.shape, -1),
            labels=(str(labels[~is_pos][0]), str(labels[is_pos][0])),
            n_folds=0,
            seed=-1,
        )

    @property
    def n_repeats(self):
        """Number of repetitions of the k-fold protocol."""
        return self.proba.shape[0]

    @property
    def y_score(self):
        """P(positive | x) of every repetition, shape (n_repeats, n)."""
        return self.proba[..., 1]

    def scores(self, repeat=0):
        """P(positive | x) of repetition ``repeat``, shape (n,): the ``y_score`` of
        :mod:`costlab.metrics`."""
        return self.proba[repeat, :, 1]


class SklearnEngine:
    """scikit-learn engine: any estimator with ``predict_proba``; folds fitted by joblib."""

    name = "sklearn"

    def version(self):
        """Library versions that determine the results (part of the cache key)."""
        return {"scikit-learn": sklearn.__version__, "numpy": np.__version__}

    def cross_val_repeats(
        self, dataset, classifier, *, n_folds, seed, repeats, params, progress, folds, n_jobs
    ):
        """Out-of-fold class probabilities (len(repeats), n, 2) and fold ids (len(repeats), n).

        Every fold of every repetition is one joblib task; results are collected in task
        order, so they are identical for any ``n_jobs``.
        """
        y = dataset.y_binary
        tasks = [
            (row, k, train, test)
            for row, r in enumerate(repeats)
            for k, (train, test) in enumerate(
                make_folds(y, scheme=folds, n_folds=n_folds, seed=seed + r)
            )
        ]
        model = _with_class_labels(build_model(classifier, seed, params), classifier, dataset)
        jobs = (joblib.delayed(fit_fold)(model, dataset.X, y, tr, te) for _, _, tr, te in tasks)
        out = np.full((len(repeats), y.shape[0], 2), np.nan)
        fold_id = np.full((len(repeats), y.shape[0]), -1)
        results = joblib.Parallel(n_jobs=n_jobs, return_as="generator")(jobs)
        for (row, k, _, test), proba in zip(tasks, results, strict=True):
            out[row, test] = proba
            fold_id[row, test] = k
            progress.update(1)
        return out, fold_id

    def cross_val_proba(
        self, dataset, classifier, *, n_folds, seed, repeat, params, progress, folds="weka"
    ):
        """Out-of-fold class probabilities and fold ids of one repetition (this process)."""
        p, fold = self.cross_val_repeats(
            dataset,
            classifier,
            n_folds=n_folds,
            seed=seed,
            repeats=[repeat],
            params=params,
            progress=progress,
            folds=folds,
            n_jobs=None,
        )
        return p[0], fold[0]


def _with_class_labels(model, classifier, dataset):
    """A registered model that takes ``class_labels`` (Weka's RandomForest, whose trees are
    seeded from an instance's text) gets the dataset's class names, as Weka's data has them."""
    params = model.get_params()
    if isinstance(classifier, str) and "class_labels" in params and params["class_labels"] is None:
        model = model.set_params(class_labels=(str(dataset.negative), str(dataset.positive)))
    return model


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
    n_jobs=None,
    name=None,
    cache=True,
    cache_dir=None,
    progress=None,
    client=None,
    **params,
):
    """Cross-validate one classifier: out-of-fold class probabilities for every instance.

    Parameters
    ----------
    dataset : costlab.datasets.Dataset
        A registered dataset (:func:`costlab.datasets.load_dataset`) or one's own
        (:func:`costlab.datasets.from_frame`, ``from_csv``, ``from_arff``, ``from_arrays``).
    classifier : str or estimator
        A registered name (:data:`costlab.classifiers.REGISTERED_CLASSIFIERS`) or any
        scikit-learn classifier with ``predict_proba`` (a pipeline too), cloned for every fold. Its
        ``random_state`` parameters left at None are set to ``seed``, so reruns give identical
        numbers. It is fitted on ``dataset.X`` (nominal columns are pandas Categoricals: put an
        encoder in a pipeline if the estimator needs numbers) and ``dataset.y_binary``.
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
    cache : bool
        Load from and save to the on-disk cache (keyed by content: see the module docstring).
        An entry that cannot be read or does not hold finite probabilities of the dataset's
        shape is recomputed and overwritten, with a warning naming the file.
    cache_dir : path, optional
        Default :func:`default_cache_dir`.
    progress : tqdm-like or bool, optional
        A progress bar advanced once per fold; by default one is shown for this run.
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
        nothing is cached.

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from costlab.datasets import from_frame
    >>> data = from_frame(frame, target="class")  # doctest: +SKIP
    >>> result = cross_val_proba(data, LogisticRegression(max_iter=1000))  # doctest: +SKIP
    """
    _check_protocol(n_folds, n_repeats, seed, dataset)
    if folds not in FOLD_SCHEMES:
        raise ValueError(f"folds must be one of {FOLD_SCHEMES}, got {folds!r}.")
    check_classifier(classifier, params)
    eng = get_engine(engine)
    label = classifier_name(classifier) if name is None else str(name)
    protocol = {"n_folds": n_folds, "n_repeats": n_repeats, "seed": seed, "folds": folds}
    path = _cache_path(cache, cache_dir, dataset, classifier, label, eng, params, protocol)
    if path is not None and path.exists():
        result = _load(path, dataset, label, eng.name, params, protocol)
        if result is not None:
            if not _is_flag(progress):
                progress.update(n_folds * n_repeats)  # a caller's shared bar: count cached folds
            return result
    bar, own_bar = progress_bar(progress, n_folds * n_repeats, f"{dataset.name}/{label}")
    start = time.perf_counter()
    try:
        with dask_backend(client):
            proba, fold = _run(eng, dataset, classifier, params, bar, n_jobs, **protocol)
    except ValueError as error:
        _explain_nominal(error, dataset, label)
        raise
    finally:
        if own_bar:
            bar.close()
    _check_output(proba, fold, label, seed)
    result = CVResult(
        dataset=dataset.name,
        classifier=label,
        engine=eng.name,
        y_true=dataset.y_binary,
        proba=proba,
        fold=fold,
        labels=(dataset.negative, dataset.positive),
        n_folds=n_folds,
        seed=seed,
        params=dict(params),
        seconds=time.perf_counter() - start,
        folds=folds,
    )
    if path is not None:
        _save(path, result)
    return result


def _run(eng, dataset, classifier, params, bar, n_jobs, *, n_folds, n_repeats, seed, folds):
    """Every repetition: in one joblib pool if the engine has one, else one after another."""
    common = {"n_folds": n_folds, "seed": seed, "params": params, "progress": bar, "folds": folds}
    if hasattr(eng, "cross_val_repeats"):
        repeats = list(range(n_repeats))
        return eng.cross_val_repeats(dataset, classifier, repeats=repeats, n_jobs=n_jobs, **common)
    if not isinstance(classifier, str):
        raise ValueError(
            f"the {eng.name} engine runs registered classifier names only "
            f"({', '.join(REGISTERED_CLASSIFIERS)}), not {type(classifier).__name__} "
            "estimators."
        )
    runs = [eng.cross_val_proba(dataset, classifier, repeat=r, **common) for r in range(n_repeats)]
    return np.stack([r[0] for r in runs]), np.stack([r[1] for r in runs])


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


def _check_protocol(n_folds, n_repeats, seed, dataset):
    from costlab.datasets import Dataset

    if not isinstance(dataset, Dataset):
        raise TypeError(
            f"dataset must be a costlab Dataset, got {type(dataset).__name__}: make one with "
            "costlab.datasets.from_frame(frame, target=...) (or from_arrays, from_csv), or "
            "load a registered one with costlab.datasets.load_dataset(name)."
        )
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


def _cache_path(cache, cache_dir, dataset, classifier, label, engine, params, protocol):
    """``<cache>/<dataset>/<classifier>-<key>.npz``, or None when not caching."""
    if not cache:
        return None
    model = estimator_fingerprint(classifier, protocol["seed"], params)
    if model is None:
        return None
    payload = {
        "data": dataset_fingerprint(dataset),
        "classifier": label,
        "model": model,
        "params": {k: repr(v) for k, v in sorted(params.items())},
        "engine": engine.name,
        "versions": engine.version(),
        "costlab": __version__,
        "code": costlab_code_fingerprint(),
        "format": _CACHE_FORMAT,
        **protocol,
    }
    key = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    folder = Path(cache_dir or default_cache_dir()) / _safe(dataset.name)
    return folder / f"{_safe(label)}-{key[:16]}.npz"


_CACHE_FORMAT = 2  # 2: both classes' probabilities (1: P(class 1) only)

#: The parts of costlab whose code decides out-of-fold probabilities: the learners, the folds
#: and the engines that run them.
_CODE_PACKAGES = ("classifiers", "evaluation")


@functools.lru_cache(maxsize=1)
def costlab_code_fingerprint():
    """SHA-256 of the source of costlab's learners, folds and engines (``classifiers/`` and
    ``evaluation/``), taken once per process.

    Part of every cache key, so that a result computed by other code, e.g. before a learner's
    kernel changed or by another checkout of the same version, is a miss rather than reused.
    """
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for package in _CODE_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _safe(text):
    """A file-name-safe version of a dataset or classifier name."""
    return re.sub(r"[^A-Za-z0-9_.+-]+", "_", str(text)).strip("._") or "_"


def _save(path, result):
    """Write the arrays atomically (:func:`costlab._io.write_atomic`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez(
        buffer,
        y_true=result.y_true,
        proba=result.proba,
        fold=result.fold,
        seconds=np.array(result.seconds),
    )
    write_atomic(path, buffer.getvalue())


def _load(path, dataset, classifier, engine, params, protocol):
    """The cached result at `path`, or None (with a warning naming the file) if the entry is
    unreadable (empty, truncated, not an npz file) or does not hold what the key promises."""
    try:
        with np.load(path, allow_pickle=False) as data:
            y_true, proba, fold = data["y_true"], data["proba"], data["fold"]
            seconds = float(data["seconds"])
    except Exception as error:  # zipfile, numpy and OS errors of a damaged file
        _warn_miss(path, f"it cannot be read ({type(error).__name__}: {error})")
        return None
    problem = _entry_problem(y_true, proba, fold, dataset, protocol)
    if problem:
        _warn_miss(path, problem)
        return None
    return CVResult(
        dataset=dataset.name,
        classifier=classifier,
        engine=engine,
        y_true=y_true,
        proba=proba,
        fold=fold,
        labels=(dataset.negative, dataset.positive),
        n_folds=protocol["n_folds"],
        seed=protocol["seed"],
        params=dict(params),
        seconds=seconds,
        folds=protocol["folds"],
    )


#: Probabilities may leave [0, 1] by this much (floating-point noise of the models' maths).
_PROBA_TOLERANCE = 1e-12


def _entry_problem(y_true, proba, fold, dataset, protocol):
    """What is wrong with the arrays of a cache entry, or None."""
    n, n_repeats = dataset.y_binary.shape[0], protocol["n_repeats"]
    if proba.shape != (n_repeats, n, 2) or not np.issubdtype(proba.dtype, np.floating):
        return f"proba has shape {proba.shape} ({proba.dtype}), not ({n_repeats}, {n}, 2) floats"
    if fold.shape != (n_repeats, n) or not np.issubdtype(fold.dtype, np.integer):
        return f"fold has shape {fold.shape} ({fold.dtype}), not ({n_repeats}, {n}) integers"
    if not np.array_equal(y_true, dataset.y_binary):
        return "its labels are not the dataset's"
    if not np.isfinite(proba).all():
        return "proba holds NaN or infinite values"
    if proba.min() < -_PROBA_TOLERANCE or proba.max() > 1 + _PROBA_TOLERANCE:
        return f"proba leaves [0, 1] (from {proba.min():g} to {proba.max():g})"
    if fold.min() < 0 or fold.max() >= protocol["n_folds"]:
        return f"fold ids leave 0 .. {protocol['n_folds'] - 1}"
    return None


def _warn_miss(path, problem):
    warnings.warn(
        f"ignoring the cached cross-validation {path}: {problem}; recomputing it and "
        "overwriting the file.",
        UserWarning,
        stacklevel=3,
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
