"""Compiled kernels (numba) behind plain numpy functions.

:func:`weighted_counts` is the weighted form of :func:`costlab.metrics.engine._counts.class_counts`:
the cumulative weight of each class at every distinct score. The unweighted engine needs no
permutation (it sorts keys that pack a score with its label); with weights, numpy would need an
``argsort`` to carry them, which alone costs more than the whole unweighted count. Here a least
significant digit radix sort of the scores' order-preserving 64-bit keys moves each instance's
weight (signed: + for a positive, - for a negative) along with its key, eight passes of one
byte each (a pass is skipped when every key has the same byte there), then one linear pass reads
the sums at the end of each run of tied scores. The sort is stable, so the sums are taken in
the order of the input within a run of ties. ``tests/metrics/test_sample_weight.py`` checks it
against the numpy reference (``costlab.metrics.engine._counts._weighted_counts_numpy``).

:func:`reweighted_runs` counts a *weighting* of rows already sorted once
(:class:`costlab.metrics.engine._counts.SortedSample`): each row is taken a whole number of times
(a bootstrap resample as counts per row), and one linear pass over the sorted positions sums
each class's counts (times the row's weight, if any) and writes the running sums at the end of
every run of tied scores that holds a row taken at least once. The pass is branch-free but for
its loop: the only irregular memory access is reading each row's count.
``tests/metrics/resampling/test_resample_weighting.py`` checks it against its numpy reference
(``costlab.metrics.engine._counts._reweighted_counts_numpy``) and against the counts of the rows
resampled explicitly. :func:`tally` adds up draws of row indices into a count per row (a
``np.bincount`` that writes into a buffer the caller reuses, so a resample allocates no fresh
n-sized counts). :func:`upper_chain` is Andrew's monotone chain of
:mod:`costlab.metrics.engine.hull` compiled: the same comparisons on the same numbers (int64
while no cross product can overflow, else the caller's exact Python loop; float64 as Python
floats), so the same vertices; the hull runs it on a sample of a few thousand points, where the
Python loop took about a millisecond each time, a resample's hull three times.

Without numba the caller falls back to the numpy reference (same numbers).
"""

from __future__ import annotations

import numpy as np

try:  # numba is a dependency; the fallback keeps ``import costlab`` working without it
    import numba
except ImportError:  # pragma: no cover - exercised only where numba is missing
    numba = None  # type: ignore[assignment]

__all__ = [
    "HAVE_NUMBA",
    "reweighted_runs",
    "sorted_order",
    "tally",
    "upper_chain",
    "weighted_counts",
]

HAVE_NUMBA = numba is not None
_SIGN = np.uint64(1 << 63)


def weighted_counts(is_pos, scores, weight):
    """``(values, neg_le, pos_le)`` of validated arrays with every weight > 0, or None
    without numba.

    Parameters
    ----------
    is_pos : ndarray of bool, shape (n,)
    scores : ndarray of float64, shape (n,)
        Finite scores.
    weight : ndarray of float64, shape (n,)
        Weights, each > 0.
    """
    if not HAVE_NUMBA:
        return None
    keys = _ordered_keys(scores)
    signed = np.where(is_pos, weight, -weight)
    ordered, neg_le, pos_le = _sorted_sums(keys, signed)
    return _decode(ordered), neg_le, pos_le


def sorted_order(scores):
    """``(values, order)``: finite float64 ``scores`` in ascending order and the stable
    permutation that sorts them (``scores[order] == values``), or None without numba.

    The radix sort of :func:`weighted_counts` carrying each instance's index (exact in float64
    below 2**53 instances); about half the time of ``np.argsort(kind="stable")`` at 1e6.
    """
    if not HAVE_NUMBA:
        return None
    keys, index = _radix_sort(_ordered_keys(scores), np.arange(scores.size, dtype=np.float64))
    return _decode(keys), index.astype(np.int64)


def reweighted_runs(rows, is_pos, last, scores, counts, weight, out=None):
    """``(values, neg_le, pos_le)`` of a weighting of sorted rows, or None without numba.

    Parameters
    ----------
    rows : ndarray of int32 or int64, shape (n,)
        The index into ``counts`` of the row at each sorted position.
    is_pos : ndarray of bool, shape (n,)
        The label at each sorted position.
    last : ndarray of bool, shape (n,)
        True at the last position of each run of tied scores.
    scores : ndarray of float64, shape (n,)
        The sorted scores.
    counts : ndarray of int32 or int64
        How many times each row is taken (>= 0); the sums are int64 either way.
    weight : ndarray of float64, shape (n,), or None
        The weight of the row at each sorted position; None for weight 1 (the sums are then
        int64, exact).
    out : tuple of 3 ndarray of shape (n,), optional
        Arrays (float64, and int64 or float64 as the sums) to write into; the result is then
        made of views of them. Default: new arrays.

    Returns
    -------
    values : ndarray of float64, shape (m,)
        The scores of the runs that hold a row taken at least once.
    neg_le, pos_le : ndarray of int64 (float64 with ``weight``), shape (m,)
        Cumulative count (weight) of negatives / positives up to each of those runs.
    """
    if not HAVE_NUMBA:
        return None
    if out is None:
        n = rows.size
        values = np.empty(n)
        neg_le = np.empty(n, dtype=np.int64 if weight is None else np.float64)
        out = (values, neg_le, np.empty_like(neg_le))
    zero = 0 if weight is None else 0.0
    k = _reweighted_runs(rows, is_pos, last, scores, counts, weight, zero, *out)
    return tuple(a[:k] for a in out)


def tally(index, out, offset=0):
    """Add 1 to ``out[offset + i]`` for every i of ``index`` (in place; numpy without numba).

    Parameters
    ----------
    index : ndarray of int
        Indices >= 0 with ``offset + index < out.size`` (not checked).
    out : ndarray of int32 or int64
    offset : int
    """
    if HAVE_NUMBA:
        _tally(index, out, offset)
    else:
        size = out.size - offset
        out[offset:] += np.bincount(index, minlength=size)[:size]


def upper_chain(x, y):
    """Indices of the upper hull of points sorted by x, or None (no numba, other dtypes, or
    int64 coordinates whose cross products could overflow).

    Parameters
    ----------
    x, y : ndarray of int64, or ndarray of float64, shape (k,)
        Both of one dtype, sorted by x (then y) as :func:`costlab.metrics.engine.hull.
        _monotone_chain` takes them.
    """
    if not HAVE_NUMBA or x.dtype != y.dtype or x.dtype not in (np.int64, np.float64):
        return None
    x, y = np.ascontiguousarray(x), np.ascontiguousarray(y)
    if x.dtype == np.int64 and x.size:
        # |cross| <= 2 * range(x) * range(y): keep it below 2**63
        if float(np.ptp(x)) * float(np.ptp(y)) > 2.0**61:
            return None
    return _upper_chain(x, y)


def _ordered_keys(scores):
    """uint64 keys with the order of the floats (-0.0 and +0.0 one key)."""
    x = scores + 0.0
    bits = x.view(np.uint64).copy()
    negative = np.signbit(x)
    np.invert(bits, out=bits, where=negative)
    np.bitwise_or(bits, _SIGN, out=bits, where=~negative)
    return bits


def _decode(keys):
    """Inverse of :func:`_ordered_keys`, in place."""
    was_positive = keys >= _SIGN
    np.bitwise_and(keys, ~_SIGN, out=keys, where=was_positive)
    np.invert(keys, out=keys, where=~was_positive)
    return keys.view(np.float64)


if HAVE_NUMBA:

    @numba.njit(cache=True, nogil=True)
    def _radix_sort(keys, payload):  # pragma: no cover - compiled; checked against numpy
        """LSD radix sort of uint64 ``keys``, a byte per pass (a pass is skipped where every
        key has the same byte), carrying ``payload`` along; stable. Returns both, sorted."""
        n = keys.size
        a, b = keys.copy(), np.empty_like(keys)
        pa, pb = payload.copy(), np.empty_like(payload)
        counts = np.zeros(256, np.int64)
        for shift in range(0, 64, 8):
            counts[:] = 0
            s = np.uint64(shift)
            for i in range(n):
                counts[(a[i] >> s) & np.uint64(255)] += 1
            if counts.max() == n:  # every key has this byte: nothing to reorder
                continue
            total = 0
            for d in range(256):
                c = counts[d]
                counts[d] = total
                total += c
            for i in range(n):
                d = (a[i] >> s) & np.uint64(255)
                j = counts[d]
                b[j] = a[i]
                pb[j] = pa[i]
                counts[d] = j + 1
            a, b = b, a
            pa, pb = pb, pa
        return a, pa

    @numba.njit(cache=True, nogil=True)
    def _run_sums(a, pa):  # pragma: no cover - compiled; checked against numpy
        """Per run of equal sorted keys ``a``: the key and the cumulative negative and positive
        weights up to its end (``pa`` > 0 a positive weight, < 0 a negative one)."""
        n = a.size
        m = 1
        for i in range(1, n):
            if a[i] != a[i - 1]:
                m += 1
        keys = np.empty(m, np.uint64)
        pos = np.empty(m)
        neg = np.empty(m)
        g = 0
        cp = 0.0
        cn = 0.0
        for i in range(n):
            x = pa[i]
            if x > 0:
                cp += x
            else:
                cn -= x
            if i == n - 1 or a[i + 1] != a[i]:
                keys[g] = a[i]
                pos[g] = cp
                neg[g] = cn
                g += 1
        return keys, neg, pos

    @numba.njit(cache=True, nogil=True)
    def _reweighted_runs(
        rows, is_pos, last, scores, counts, weight, zero, values, neg_le, pos_le
    ):  # pragma: no cover - compiled; checked against numpy
        """Class counts of a resample from the sorted rows: each row taken ``counts[row]``
        times (times its weight), cumulated; ``values``, ``neg_le`` and ``pos_le`` are written
        at the end of each run of equal scores (``last``) that holds a row taken at least once.
        Returns how many runs were written."""
        cp = zero
        cn = zero
        total = 0  # rows taken so far
        seen = 0  # rows taken up to the end of the last run written
        k = 0
        for i in range(rows.size):
            c = counts[rows[i]]
            p = np.int64(is_pos[i])
            if weight is None:
                x = c
            else:
                x = c * weight[i]
            cp += x * p
            cn += x * (1 - p)
            total += c
            # written at every position, kept (k advances) only at the end of a run that
            # holds a row taken at least once
            values[k] = scores[i]
            neg_le[k] = cn
            pos_le[k] = cp
            end = np.int64(last[i])
            k += end & np.int64(total != seen)
            seen += (total - seen) * end
        return k

    @numba.njit(cache=True, nogil=True)
    def _upper_chain(x, y):  # pragma: no cover - compiled; checked against the Python loop
        """Indices of the upper convex chain of points sorted by x (Andrew's monotone chain;
        collinear points are dropped)."""
        hull = np.empty(x.size, np.int64)
        k = 0
        for i in range(x.size):
            while k >= 2:
                a = hull[k - 2]
                b = hull[k - 1]
                cross = (x[b] - x[a]) * (y[i] - y[a]) - (y[b] - y[a]) * (x[i] - x[a])
                if cross < 0:  # a clockwise turn keeps b on the upper hull
                    break
                k -= 1
            hull[k] = i
            k += 1
        return hull[:k].copy()

    @numba.njit(cache=True, nogil=True)
    def _tally(index, out, offset):  # pragma: no cover - compiled; checked against numpy
        """``out[offset + i] += 1`` for each ``i`` in ``index`` (repeats counted)."""
        for i in index:
            out[offset + i] += 1

    def _sorted_sums(keys, signed):
        """Radix-sort ``keys`` with their signed weights, then sum each run of equal keys."""
        a, pa = _radix_sort(keys, signed)
        return _run_sums(a, pa)
