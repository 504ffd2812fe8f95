"""A cache hit proves itself: proven by its key, or verified by recomputing one fold.

:func:`cached_result` returns the result stored for a cross-validation (:class:`CVRun`) if it
is what the code computes now: trusted (``cache="trust"``), proven by its key (a model made
solely of costlab's code, :func:`costlab.evaluation._provenance.is_proven`) or verified, by
recomputing the fold that was cheapest to compute with the engine's ``cross_val_fold`` (the
same fold runner as the full run) and comparing its probabilities bit for bit. A difference is
a :class:`CacheMismatchWarning` saying what changed, and a miss.
"""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np

from costlab.evaluation._cache import _load, costlab_code_fingerprint, with_origin
from costlab.evaluation._models import build_model
from costlab.evaluation._provenance import describe_changes, is_proven, provenance

__all__ = ["CVRun", "CacheMismatchWarning", "cached_result"]


class CacheMismatchWarning(UserWarning):
    """A cached cross-validation differs from what the code computes now (a fold recomputed to
    verify the hit gave other probabilities): it is recomputed and overwritten. The message
    names the model and dataset and says what changed since the entry was stored."""


@dataclasses.dataclass(frozen=True)
class CVRun:
    """What one cross-validation runs: engine, data, model and protocol."""

    engine: object
    dataset: object
    classifier: object
    label: str
    params: dict
    protocol: dict
    #: The fit parameters that reach the model's ``fit`` (:mod:`costlab.evaluation._fit_params`).
    fit_params: dict = dataclasses.field(default_factory=dict)

    def provenance(self):
        """Where the model's code comes from (:func:`.provenance`)."""
        model = build_model(self.classifier, self.protocol["seed"], self.params)
        return provenance(model, costlab_code_fingerprint())


def cached_result(run, path, mode):
    """The result stored at `path`, trusted, proven by its key or verified by recomputing its
    cheapest fold; None if the entry is unreadable or fails verification (with a warning)."""
    loaded = _load(path, run.dataset, run.label, run.engine.name, run.params, run.protocol)
    if loaded is None:
        return None
    result, meta = loaded
    if mode == "trust":
        return with_origin(result, "cache (trusted, not verified)")
    if is_proven(run.classifier, run.params):
        return with_origin(result, "cache (proven by key)")
    if not hasattr(run.engine, "cross_val_fold"):
        return None  # this engine cannot run one fold: recompute the whole cross-validation
    repeat, k = _cheapest_fold(meta.get("fold_seconds"), run.protocol)
    test, proba = run.engine.cross_val_fold(
        run.dataset,
        run.classifier,
        repeat=repeat,
        fold=k,
        params=run.params,
        **({"fit_params": run.fit_params} if run.fit_params else {}),
        **{key: run.protocol[key] for key in ("n_folds", "seed", "folds")},
    )
    stored = result.proba[repeat, test]
    same = np.array_equal(np.asarray(proba, dtype=np.float64), stored.astype(np.float64))
    if same and np.all(result.fold[repeat, test] == k):
        return with_origin(
            result, f"cache (verified: fold {k} of repetition {repeat} recomputed, identical)"
        )
    _warn_mismatch(run, path, meta, repeat, k)
    return None


def _cheapest_fold(fold_seconds, protocol):
    """(repeat, fold) that took the fewest seconds when computed, ties to the first (the first
    fold when no times were recorded)."""
    seconds = np.asarray(fold_seconds if fold_seconds is not None else np.nan, dtype=float)
    if seconds.shape != (protocol["n_repeats"], protocol["n_folds"]) or np.isnan(seconds).all():
        return 0, 0
    repeat, k = np.unravel_index(np.nanargmin(seconds), seconds.shape)
    return int(repeat), int(k)


def _warn_mismatch(run, path, meta, repeat, k):
    """Warn that a cached result is not what the code computes now, saying what changed."""
    stored = meta["provenance"]
    current = run.provenance()
    changes = describe_changes(stored, current)
    if changes:
        why = "since it was stored: " + "; ".join(changes)
    else:
        libraries = ", ".join(f"{n} {v}" for n, v in current["distributions"].items())
        why = (
            f"nothing recorded changed (costlab's source, {libraries or 'no installed package'})"
            ": the model's code or something it reads (a helper module, a file, global state) "
            "changed, or the model is not deterministic (fix its seeds, e.g. random_state, or "
            "pass cache='trust' to accept cached results unverified)"
        )
    warnings.warn(
        f"the cached cross-validation of {run.label} on {run.dataset.name} ({path}) is not "
        f"what the code computes now: fold {k} of repetition {repeat}, recomputed, gives other "
        f"probabilities; {why}. Recomputing every fold and overwriting the entry.",
        CacheMismatchWarning,
        stacklevel=4,
    )
