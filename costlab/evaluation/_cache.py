"""The on-disk cache of cross-validation results: keys, entries, and their checks.

A result is stored as ``<cache>/<dataset>/<classifier>-<key>.npz`` (:func:`default_cache_dir`),
keyed by everything that determines it: the dataset's *content*
(:func:`~costlab.evaluation._models.dataset_fingerprint`), the model's class, parameters and the
code of every user-defined function and class it uses
(:func:`~costlab.evaluation._models.estimator_fingerprint`), folds, seed, repeats, engine,
library versions and the source of costlab's own learners and engines
(:func:`costlab_code_fingerprint`). An entry that cannot be read or does not hold what its key
promises is ignored with a warning naming the file (and recomputed by
:func:`costlab.evaluation.cv.cross_val_proba`). :func:`default_cache_dir` and
:func:`costlab_code_fingerprint` are also importable from :mod:`costlab.evaluation.cv`.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import re
import warnings
from pathlib import Path

import numpy as np

from costlab._io import write_atomic
from costlab._version import __version__
from costlab.evaluation._models import dataset_fingerprint, estimator_fingerprint
from costlab.evaluation._result import _PROBA_TOLERANCE, CVResult

__all__ = ["costlab_code_fingerprint", "default_cache_dir"]


def default_cache_dir():
    """``$COSTLAB_CACHE`` if set, else ``<data_home>/cache/cv`` (see :mod:`costlab.datasets`)."""
    env = os.environ.get("COSTLAB_CACHE")
    if env:
        return Path(env)
    from costlab.datasets._fetch import resolve_data_home

    return Path(resolve_data_home()) / "cache" / "cv"


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
