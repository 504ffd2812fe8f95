"""Class counts at every distinct score, after one sort: the input of every exact curve.

Every exact cost measure of costlab (ROC points, the ROC convex hull, the cost-curve lower
envelope, the MTMCS curve) needs the same thing: the distinct scores in increasing order and, at
each, how many negatives and positives score at or below it. :func:`class_counts` gets them with
one ``np.sort`` of 64-bit integer keys and linear passes; it never computes a permutation
(``argsort``) and allocates a few arrays of the input's length.

The key of instance i packs its score and its label: the score's IEEE-754 bits are mapped to an
unsigned integer with the same order (negative floats inverted, the sign bit flipped for the
others), shifted left by one bit, and the label (1 = positive) goes into the freed lowest bit.
Sorting the keys sorts by score, and within a run of tied scores puts the negatives first. The
shift needs the mapped scores to span fewer than 2**63 values, which holds whenever every
\\|score\\| < 2; larger scores are first divided by a power of two (exact in floating point, so
order and ties are kept). Where that division would lose bits (scores so small they become
subnormal), the scores of each class are sorted separately instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["ClassCounts", "class_counts"]

_SIGN = np.uint64(1 << 63)
_ONE = np.uint64(1)
_TINY = np.finfo(np.float64).tiny  # smallest normal float


@dataclass(frozen=True)
class ClassCounts:
    """Cumulative class counts at the distinct scores of one scored sample.

    Attributes
    ----------
    values : ndarray of float, shape (m,)
        The distinct scores, increasing.
    neg_le, pos_le : ndarray of int64, shape (m,)
        Number of negatives / positives whose score is <= ``values[g]``.
    """

    values: np.ndarray
    neg_le: np.ndarray
    pos_le: np.ndarray

    @property
    def n_neg(self):
        """Number of negatives."""
        return int(self.neg_le[-1])

    @property
    def n_pos(self):
        """Number of positives."""
        return int(self.pos_le[-1])


def class_counts(is_pos, scores):
    """Distinct scores and the cumulative counts of each class (one sort, then linear work).

    Parameters
    ----------
    is_pos : ndarray of bool, shape (n,)
        True for the positive class.
    scores : ndarray of float64, shape (n,)
        Finite scores (validated by the caller).

    Returns
    -------
    ClassCounts

    Examples
    --------
    >>> c = class_counts(np.array([False, True, True, False]), np.array([0.2, 0.5, 0.2, 0.9]))
    >>> c.values.tolist(), c.neg_le.tolist(), c.pos_le.tolist()
    ([0.2, 0.5, 0.9], [1, 1, 2], [1, 2, 2])
    """
    scores = np.asarray(scores, dtype=np.float64) + 0.0  # -0.0 -> +0.0: one value, one key
    scale = _power_of_two_scale(scores)
    if scale is None:
        return _counts_two_sorts(is_pos, scores)
    scaled = scores if scale == 1.0 else scores / scale
    ordered = _ordered_bits(scaled)
    low = ordered.min()
    key = (ordered - low) << _ONE
    key |= is_pos.view(np.uint8)
    key.sort()
    return _counts_from_keys(key, low, scale)


def _power_of_two_scale(scores):
    """1, a power of two bringing every \\|score\\| below 2, or None if that loses bits."""
    big = float(np.max(np.abs(scores))) if scores.size else 0.0
    if big < 2.0:
        return 1.0
    scale = 2.0 ** min(int(np.floor(np.log2(big))) + 1, 1023)
    nonzero = np.abs(scores[scores != 0.0])
    if nonzero.size and float(nonzero.min()) / scale < _TINY:
        return None
    return scale


def _ordered_bits(x):
    """uint64 with the order of the floats ``x`` (no NaN, no -0.0)."""
    bits = x.view(np.uint64)
    return np.where(bits & _SIGN, ~bits, bits | _SIGN)


def _from_ordered(ordered):
    """Inverse of :func:`_ordered_bits`."""
    bits = np.where(ordered & _SIGN, ordered & ~_SIGN, ~ordered)
    return bits.view(np.float64)


def _counts_from_keys(key, low, scale):
    """Group ends of the sorted keys; counts by cumulative positives at the ends."""
    n = key.size
    ordered = key >> _ONE
    ends = np.flatnonzero(ordered[1:] != ordered[:-1])
    ends = np.append(ends, n - 1)
    labels = (key & _ONE).astype(np.int64)
    pos_le = np.cumsum(labels)[ends]
    neg_le = ends + 1 - pos_le
    values = _from_ordered(ordered[ends] + low) * scale
    return ClassCounts(values, neg_le.astype(np.int64), pos_le.astype(np.int64))


def _counts_two_sorts(is_pos, scores):
    """Fallback: sort each class apart, then merge by binary search (same result)."""
    pos = np.sort(scores[is_pos])
    neg = np.sort(scores[~is_pos])
    values = np.unique(np.concatenate([pos, neg]))
    pos_le = np.searchsorted(pos, values, side="right").astype(np.int64)
    neg_le = np.searchsorted(neg, values, side="right").astype(np.int64)
    return ClassCounts(values, neg_le, pos_le)
