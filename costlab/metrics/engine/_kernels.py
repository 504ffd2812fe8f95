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

Without numba the caller falls back to the numpy reference (same numbers).
"""

from __future__ import annotations

import numpy as np

try:  # numba is a dependency; the fallback keeps ``import costlab`` working without it
    import numba
except ImportError:  # pragma: no cover - exercised only where numba is missing
    numba = None

__all__ = ["HAVE_NUMBA", "weighted_counts"]

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

    def _sorted_sums(keys, signed):
        a, pa = _radix_sort(keys, signed)
        return _run_sums(a, pa)
