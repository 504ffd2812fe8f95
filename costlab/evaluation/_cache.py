"""The on-disk cache of cross-validation results: keys, entries, and their checks.

A result is stored as ``<cache>/<dataset>/<classifier>-<key>.npz`` (:func:`default_cache_dir`),
keyed by everything that determines it: the dataset's *content*
(:func:`~costlab.evaluation._models.dataset_fingerprint`), the model's class, parameters and the
code of every user-defined function and class it uses
(:func:`~costlab.evaluation._models.estimator_fingerprint`), folds, seed, repeats, engine,
library versions and the source of the whole costlab package (:func:`costlab_code_fingerprint`).

Besides its arrays, an entry records (as JSON in a 0-d unicode array, no pickle) the model's
provenance (:func:`costlab.evaluation._provenance.provenance`), the seconds each fold took to
fit and predict (the cheapest is the one a hit recomputes to verify itself, see
:func:`costlab.evaluation.cv.cross_val_proba`) and a SHA-256 digest of its arrays. An entry
that cannot be read, does not hold what its key promises or whose arrays do not match their
digest is ignored with a warning naming the file (and recomputed and overwritten).
:func:`default_cache_dir` and :func:`costlab_code_fingerprint` are also importable from
:mod:`costlab.evaluation.cv`.
"""

from __future__ import annotations

import dataclasses
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
from costlab.evaluation._fit_params import fit_params_digest
from costlab.evaluation._models import dataset_fingerprint, estimator_fingerprint
from costlab.evaluation._result import _PROBA_TOLERANCE, CVResult

__all__ = ["costlab_code_fingerprint", "default_cache_dir"]


def default_cache_dir():
    """``$COSTLAB_CACHE`` if set, else ``<data_home>/cache/cv`` (see :mod:`costlab.datasets`)."""
    env = os.environ.get("COSTLAB_CACHE")
    if env:
        return Path(env)
    from costlab.datasets import resolve_data_home

    return Path(resolve_data_home()) / "cache" / "cv"


def _cache_path(
    cache, cache_dir, dataset, classifier, label, engine, params, protocol, folder=None,
    fit_params=None,
):  # fmt: skip
    """``<cache>/<folder or dataset>/<classifier>-<key>.npz``, or None when not caching (a
    task's cross-validations live under the task's name, ``folder``; the fit parameters that
    reach ``fit``, ``fit_params``, are in the key when there are any)."""
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
    digest = fit_params_digest(fit_params)
    if digest is not None:
        payload["fit_params"] = digest
    key = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    where = Path(cache_dir or default_cache_dir()) / _safe(folder or dataset.name)
    return where / f"{_safe(label)}-{key[:16]}.npz"


#: 3: provenance, per-fold seconds and a digest of the arrays; the key covers all of costlab
#: (2: both classes' probabilities; 1: P(class 1) only).
_CACHE_FORMAT = 3


@functools.lru_cache(maxsize=1)
def costlab_code_fingerprint():
    """SHA-256 of every file of the costlab package (each file's path relative to the package
    and its bytes; compiled ``__pycache__`` files excluded), taken once per process.

    Part of every cache key, so that a result computed by other code, e.g. before a learner's
    kernel or a metric it imports changed, or by another checkout of the same version, is a miss
    rather than reused.
    """
    return _tree_digest(Path(__file__).resolve().parents[1])


def _tree_digest(root):
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        relative = path.relative_to(root)
        if "__pycache__" in relative.parts or path.suffix in (".pyc", ".pyo"):
            continue
        digest.update(relative.as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _safe(text):
    """A file-name-safe version of a dataset or classifier name."""
    return re.sub(r"[^A-Za-z0-9_.+-]+", "_", str(text)).strip("._") or "_"


def arrays_digest(y_true, proba, fold):
    """SHA-256 of an entry's arrays: each one's name, dtype, shape and bytes."""
    digest = hashlib.sha256()
    for name, array in (("y_true", y_true), ("proba", proba), ("fold", fold)):
        array = np.ascontiguousarray(array)
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def _save(path, result, meta):
    """Write the arrays and ``meta`` (provenance and per-fold seconds, as JSON) atomically
    (:func:`costlab._io.write_atomic`); if the file cannot be written (its path is a directory,
    the disk is full or read-only), warn and return: the result is still returned, uncached."""
    if path.is_dir():  # never delete what a user put there
        _warn_not_saved(path, "that path is a directory")
        return
    meta = {**meta, "digest": arrays_digest(result.y_true, result.proba, result.fold)}
    buffer = io.BytesIO()
    np.savez(
        buffer,
        y_true=result.y_true,
        proba=result.proba,
        fold=result.fold,
        seconds=np.array(result.seconds),
        meta=np.array(json.dumps(meta, sort_keys=True)),
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, buffer.getvalue())
    except OSError as error:
        _warn_not_saved(path, f"{type(error).__name__}: {error}")


def _warn_not_saved(path, why):
    warnings.warn(
        f"cannot save the cross-validation to the cache at {path} ({why}); the result is "
        "returned but not cached.",
        UserWarning,
        stacklevel=4,
    )


def _load(path, dataset, classifier, engine, params, protocol):
    """``(result, meta)`` of the cached entry at `path`, or None (with a warning naming the
    file) if the entry is unreadable (empty, truncated, not an npz file, a directory), does not
    hold what the key promises or its arrays do not match their recorded digest."""
    try:
        with np.load(path, allow_pickle=False) as data:
            y_true, proba, fold = data["y_true"], data["proba"], data["fold"]
            seconds = float(data["seconds"])
            meta = json.loads(str(data["meta"][()]))
    except Exception as error:  # zipfile, numpy, JSON and OS errors of a damaged file
        _warn_miss(path, f"it cannot be read ({type(error).__name__}: {error})")
        return None
    problem = _entry_problem(y_true, proba, fold, dataset, protocol) or _meta_problem(
        meta, y_true, proba, fold, protocol
    )
    if problem:
        _warn_miss(path, problem)
        return None
    result = CVResult(
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
        costs=dataset.costs,
    )
    return result, meta


def with_origin(result, origin):
    """The result, saying where it came from (:attr:`CVResult.origin`)."""
    return dataclasses.replace(result, origin=origin)


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


def _meta_problem(meta, y_true, proba, fold, protocol):
    """What is wrong with an entry's recorded provenance, fold seconds and digest, or None."""
    if not isinstance(meta, dict) or not isinstance(meta.get("provenance"), dict):
        return "its record of provenance is missing or malformed"
    seconds = meta.get("fold_seconds")
    if seconds is not None and np.shape(seconds) != (protocol["n_repeats"], protocol["n_folds"]):
        return "its per-fold seconds do not match its folds"
    if meta.get("digest") != arrays_digest(y_true, proba, fold):
        return "its arrays do not match their recorded SHA-256 digest (edited or damaged)"
    return None


def _warn_miss(path, problem):
    warnings.warn(
        f"ignoring the cached cross-validation {path}: {problem}; recomputing it and "
        "overwriting the file.",
        UserWarning,
        stacklevel=5,  # _load <- cached_result <- cross_val_proba <- its caller
    )
