"""How sure is a scalar statistic of a classifier's scores (AUC, H)? A stratified bootstrap.

:func:`bootstrap_interval` passes the two classes' scores to ``scipy.stats.bootstrap`` as its
two independent samples, so every resample keeps both classes and their sizes, and takes
scipy's percentile, basic or BCa interval of any ``statistic(y_true, y_score)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from scipy import stats

from costlab.metrics._validation import (
    check_labels_scores,
    check_random_state,
    check_resampling,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["bootstrap_interval"]

#: The intervals scipy.stats.bootstrap computes.
_INTERVAL_METHODS = ("percentile", "basic", "BCa")


def bootstrap_interval(
    y_true: ArrayLike,
    y_score: Any,
    statistic: Callable[..., Any],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    method: str = "BCa",
    random_state: Any = 0,
    pos_label: Any = None,
) -> Any:
    """Interval of a scalar statistic of (labels, scores) by a stratified bootstrap.

    Each resample draws, with replacement, as many positives as the sample holds from its
    positives and as many negatives from its negatives (as every bootstrap of this module), so
    each resample keeps both classes and their sizes: a statistic needing both classes (AUC, H)
    is defined on every resample however rare a class. The two classes' scores are the two
    independent samples of ``scipy.stats.bootstrap`` (``paired=False``), which draws them and
    computes the interval (``method``: its "percentile", "basic" or "BCa"; BCa's acceleration
    from its jackknife, leaving out one instance of either class at a time).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of two classes, each with at least 2 instances.
    y_score : array-like of shape (n,)
        Finite scores (as ``statistic`` reads them).
    statistic : callable
        ``statistic(y_true, y_score) -> float``, e.g. :func:`costlab.metrics.h_measure` or
        scikit-learn's ``roc_auc_score``. It is called with the resample's labels (the labels
        of ``y_true``), positives first, and must not depend on the order of the rows.
    n_resamples : int >= 2, default 1000
    confidence : float in (0, 1), default 0.95
    method : {"percentile", "basic", "BCa"}, default "BCa"
    random_state : None, int or numpy.random.Generator, default 0
    pos_label : scalar, optional
        The positive class's label (inferred for {0, 1}, {-1, 1}, {1, 2}); it only decides
        which class is which stratum.

    Returns
    -------
    scipy.stats._result_classes.BootstrapResult
        ``.confidence_interval.low``, ``.high``, ``.standard_error`` and
        ``.bootstrap_distribution``.

    Raises
    ------
    ValueError
        On bad input, or when ``statistic`` is not a finite number on the sample or on some
        resample, or the interval is not finite (a degenerate bootstrap distribution).
    """
    _check_options(statistic, method, n_resamples, confidence)
    rng = check_random_state(random_state)
    is_pos, s = check_labels_scores(y_true, y_score, pos_label=pos_label)
    on = _on_two_samples(statistic, np.asarray(y_true), is_pos)
    on(s[is_pos], s[~is_pos], "the sample")
    result = stats.bootstrap(
        (s[is_pos], s[~is_pos]),
        on,
        paired=False,
        vectorized=False,
        n_resamples=n_resamples,
        confidence_level=confidence,
        method=method,
        random_state=rng,
    )
    _check_interval(result.confidence_interval, method)
    return result


def _check_options(statistic, method, n_resamples, confidence):
    """Raise unless ``statistic`` is callable and the bootstrap's options are allowed."""
    if not callable(statistic):
        raise TypeError(
            "statistic must be a callable statistic(y_true, y_score) -> float, got "
            f"{type(statistic).__name__}."
        )
    if method not in _INTERVAL_METHODS:
        raise ValueError(f"method must be one of {_INTERVAL_METHODS}, got {method!r}.")
    check_resampling(n_resamples, confidence)


def _on_two_samples(statistic, y, is_pos):
    """``statistic`` as scipy's two-sample statistic ``on(pos_scores, neg_scores, where)``:
    called with the labels of ``y``, positives first; checked finite (``where`` names the
    resample in the error). Raises unless each class has at least 2 instances."""
    for label, mask in (("positive", is_pos), ("negative", ~is_pos)):
        if np.count_nonzero(mask) < 2:
            raise ValueError(
                f"y_true holds {np.count_nonzero(mask)} {label} instance(s); the stratified "
                "bootstrap resamples within each class and needs at least 2 of each."
            )
    pos_value, neg_value = y[is_pos][0], y[~is_pos][0]

    def on(pos_scores, neg_scores, where="a resample"):
        labels = np.repeat([pos_value, neg_value], [pos_scores.size, neg_scores.size])
        scores = np.concatenate((pos_scores, neg_scores))
        return _finite_statistic(statistic(labels, scores), where)

    return on


def _check_interval(ci, method):
    """Raise if the bootstrap interval ``ci`` is not finite (a degenerate distribution)."""
    if not (np.isfinite(ci.low) and np.isfinite(ci.high)):
        raise ValueError(
            f"the {method} interval is not finite ({ci.low}, {ci.high}): the statistic's "
            "bootstrap distribution is degenerate (e.g. the same value on every resample)."
            + (" Use method='percentile'." if method != "percentile" else "")
        )


def _finite_statistic(value, where="a resample"):
    """``value`` as a float; raise unless it is a finite number."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ValueError(
            f"statistic must return a number, got {type(value).__name__} on {where}."
        ) from None
    if not np.isfinite(value):
        raise ValueError(
            f"statistic returned {value} on {where}; it must be finite on every stratified "
            "resample (both classes, the class sizes of y_true)."
        )
    return value
