"""How a bootstrap resample is drawn and summarised, shared by the resampling family.

A resample is drawn as a count per row (:class:`_Draws`: stratified, the class sizes kept, the
same calls on the generator as drawing the rows), so that each model's scores, sorted once,
give the resample's counts in one pass; :func:`stratified_resample` spells the same resample
out as rows. Percentile intervals and paired differences of resampled curves are taken here
once for every bootstrap.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from costlab.metrics._validation import (
    check_class_weights,
    check_random_state,
    check_sample_weight,
)
from costlab.metrics.engine._counts import class_counts, sort_sample
from costlab.metrics.engine._kernels import tally


def _weighted_rows(weight, is_pos, *arrays):
    """Drop the rows of weight 0 before resampling (they count for nothing, and a resample of
    them only would leave a class without weight): ``(weight, is_pos, *arrays)``."""
    if weight is None or np.all(weight > 0):
        return (weight, is_pos, *arrays)
    keep = weight > 0
    return (weight[keep], is_pos[keep], *(a[keep] for a in arrays))


def _weighted_models(is_pos, checked, sample_weight):
    """The models' checked scores with the validated instance weights, the rows of weight 0
    dropped (:func:`_weighted_rows`): ``(weight, is_pos, {name: scores})``."""
    w = check_sample_weight(sample_weight, is_pos.shape[0])
    check_class_weights(is_pos, w)
    names = list(checked)
    w, is_pos, *kept = _weighted_rows(w, is_pos, *(checked[n] for n in names))
    return w, is_pos, dict(zip(names, kept, strict=True))


def _resampled_counts(is_pos, scores, weight, n_resamples, random_state, *, stratified=True):
    """The bootstrap loop shared by the resampling family: one item per resample.

    Parameters
    ----------
    is_pos : ndarray of bool
    scores : sequence of ndarray
        Each model's scores, all on the same rows; each is sorted once.
    weight : ndarray or None
        Instance weights (a resampled row keeps its weight).
    n_resamples : int
    random_state : None, int or numpy.random.Generator
    stratified : bool
        As in :class:`_Draws`.

    Returns
    -------
    iterator
        One item per resample (drawn as it is taken): an iterator of each model's
        :class:`~costlab.metrics.engine._counts.ClassCounts` of that resample (the same draw
        for every model), in the order of ``scores``. They share one buffer: read each
        model's counts before taking the next.
    """
    rng = check_random_state(random_state)
    draws = _Draws(is_pos, stratified=stratified)
    orders = [draws.sort(s, weight) for s in scores]
    out = orders[0].buffers()

    def per_model(counts):
        for order in orders:
            yield order.counts(counts, out=out)

    return (per_model(draws.draw(rng)) for _ in range(n_resamples))


def _replicates(evaluate, is_pos, scores, weight, n_resamples, random_state, *, stratified=True):
    """``evaluate`` of each model's class counts on every resample and on the sample itself.

    The bootstrap of the family's curves, over :func:`_resampled_counts` (same arguments).
    ``evaluate`` maps one model's :class:`~costlab.metrics.engine._counts.ClassCounts` to a
    result holding no view of them (the resamples' counts share one buffer, each read before
    the next model's). Returns ``(estimate, replicates)``: ``estimate[c]`` is model c's result
    on the sample, ``replicates[b][c]`` on resample b.
    """
    resamples = _resampled_counts(
        is_pos, scores, weight, n_resamples, random_state, stratified=stratified
    )
    replicates = [[evaluate(counts) for counts in per_model] for per_model in resamples]
    estimate = [evaluate(class_counts(is_pos, s, weight)) for s in scores]
    return estimate, replicates


def _percentile_levels(confidence):
    """The quantile levels of a two-sided percentile interval: alpha / 2 and 1 - alpha / 2,
    alpha = 1 - ``confidence``."""
    alpha = 1.0 - confidence
    return [alpha / 2, 1 - alpha / 2]


def _percentile_interval(values, confidence, *, axis=None):
    """The percentile interval of the resampled ``values``.

    Parameters
    ----------
    values : ndarray
        One row per resample (``axis=0``), or a flat array of resampled values.
    confidence : float in (0, 1)
    axis : int, optional
        As in :func:`numpy.quantile`.

    Returns
    -------
    (low, high)
        The two quantiles of :func:`_percentile_levels`.
    """
    low, high = np.quantile(values, _percentile_levels(confidence), axis=axis)
    return low, high


def _interval(estimate, values, confidence, method, *, axis=None):
    """The bootstrap interval of ``method``: ``"percentile"`` (the resamples' quantiles) or
    ``"basic"`` (the quantiles reflected about the estimate, ``2 estimate - q``: the interval
    for a statistic whose resamples are shifted from the estimate as the estimate is from the
    truth, as the in-sample minimum of a cost is; Davison & Hinkley 1997, eq. 5.6)."""
    low, high = _percentile_interval(values, confidence, axis=axis)
    if method == "percentile":
        return low, high
    if method == "basic":
        estimate = np.asarray(estimate, dtype=np.float64)
        return 2 * estimate - high, 2 * estimate - low
    raise ValueError(f"method must be 'percentile' or 'basic', got {method!r}.")


def _paired_difference(estimate, replicates, i, j, confidence):
    """Model ``i`` minus model ``j``, on the sample and on each of the same resamples.

    Parameters
    ----------
    estimate : ndarray, shape (C, ...)
        Each model's value on the original sample.
    replicates : ndarray, shape (B, C, ...)
        Each model's value on every resample (the models' rows are paired).
    i, j : int
        The two models.
    confidence : float in (0, 1)

    Returns
    -------
    difference : ndarray or float
        ``estimate[i] - estimate[j]``.
    replicates : ndarray, shape (B, ...)
        The difference on every resample.
    low, high : ndarray or float
        Its percentile interval (:func:`_percentile_interval`, over the resamples).
    """
    d = replicates[:, i] - replicates[:, j]
    low, high = _percentile_interval(d, confidence, axis=0)
    return estimate[i] - estimate[j], d, low, high


def _difference_frame(result, x_name, x, a, b):
    """Pointwise paired difference a - b of a bootstrap result's curves, as a table.

    Parameters
    ----------
    result : PairedBootstrap or CurveBands
        With ``estimate``, ``replicates``, ``confidence`` and ``_index(name)``.
    x_name : str
        The grid's column.
    x : ndarray
        The grid.
    a, b : str
        The two models.

    Returns
    -------
    frame : DataFrame
        ``x_name, difference, low, high`` (:func:`_paired_difference`).
    replicates : ndarray, shape (B, K)
        The difference on every resample.
    """
    difference, d, low, high = _paired_difference(
        result.estimate, result.replicates, result._index(a), result._index(b), result.confidence
    )
    frame = pd.DataFrame({x_name: x, "difference": difference, "low": low, "high": high})
    return frame, d


def stratified_resample(rng, pos, neg):
    """Indices of one stratified bootstrap resample: ``pos.size`` draws with replacement from
    the positives' indices, then ``neg.size`` from the negatives' (class sizes kept).

    The bootstraps draw the same resample as counts per row (:class:`_Draws`: the same calls
    on ``rng``, so the same stream); this spells it out as rows."""
    return np.concatenate((rng.choice(pos, size=pos.size), rng.choice(neg, size=neg.size)))


class _Draws:
    """Bootstrap resamples of n rows as counts per row (how many times each row is drawn).

    ``stratified=True``: ``n_pos`` draws with replacement among the positives, then ``n_neg``
    among the negatives (:func:`stratified_resample`'s calls on the generator, so its stream);
    the counts sit positives first, then negatives, each class in row order, and
    :meth:`sort` maps the rows there. ``stratified=False``: ``n`` draws among all rows
    (counts in row order), drawn again while a class is missing, up to ``attempts`` times.
    """

    def __init__(self, is_pos, *, stratified, attempts=100):
        self.is_pos = is_pos
        self.stratified = stratified
        self.attempts = attempts
        self.n = is_pos.size
        self.n_pos = int(np.count_nonzero(is_pos))
        self.slots = None
        if stratified:
            rows = np.concatenate((np.flatnonzero(is_pos), np.flatnonzero(~is_pos)))
            self.slots = np.empty(self.n, dtype=np.int64)
            self.slots[rows] = np.arange(self.n)
        # reused by every draw; int32 (when n fits) halves the memory a resample scatters
        # over, and ``rng.integers`` draws the same stream in either integer type
        self._dtype = np.int32 if self.n < 2**31 else np.int64
        self._counts = np.empty(self.n, dtype=self._dtype)

    def sort(self, scores, weight=None):
        """One classifier's scores sorted once, their rows at the slots of the counts
        (:class:`~costlab.metrics.engine._counts.SortedSample`)."""
        return sort_sample(self.is_pos, scores, weight, self.slots)

    def draw(self, rng):
        """The counts of one resample (one per row, summing to n), in a buffer that the next
        draw overwrites."""
        n, n_pos, counts, dtype = self.n, self.n_pos, self._counts, self._dtype
        if self.stratified:
            n_neg = n - n_pos
            counts.fill(0)
            tally(rng.integers(0, n_pos, size=n_pos, dtype=dtype), counts)
            tally(rng.integers(0, n_neg, size=n_neg, dtype=dtype), counts, n_pos)
            return counts
        for _ in range(self.attempts):
            counts.fill(0)
            tally(rng.integers(0, n, size=n, dtype=dtype), counts)
            k = int(counts[self.is_pos].sum())
            if 0 < k < n:
                return counts
        raise ValueError(
            f"the unstratified bootstrap drew one class only {self.attempts} times in a row; "
            "use stratified=True for so few instances of a class."
        )


# -- comparisons ------------------------------------------------------------------------------
