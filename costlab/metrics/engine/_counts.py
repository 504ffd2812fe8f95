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

With instance weights (``sample_weight``, as scikit-learn's metrics take them) the counts are
sums of weights: a compiled radix sort carries each weight with its score's key
(:mod:`costlab.metrics.engine._kernels`; without numba, one ``argsort``), then cumulative sums
of each class's weights are read at the end of each run of tied scores. Instances of weight 0 are
dropped first, so that an integer weight k is exactly k repetitions of the row
(sums of integers are exact in floating point below 2**53).

Many weightings of the same rows (the resamples of a bootstrap, each a count per row) need no
sort each: :func:`sort_sample` sorts the rows once (:class:`SortedSample`), and
:meth:`SortedSample.counts` reads the class counts of any weighting of them in one linear pass
along that order (compiled in :mod:`costlab.metrics.engine._kernels`). A row taken 0 times is
absent: a run of tied scores none of whose rows is taken is not a distinct score of the
weighting, so the counts equal those of the rows repeated as the weighting says.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np

from costlab.metrics.engine._kernels import reweighted_runs, sorted_order, weighted_counts

__all__ = [
    "ClassCounts",
    "SortedSample",
    "checked_counts",
    "class_counts",
    "sort_sample",
    "stable_order",
]

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
    neg_le, pos_le : ndarray of int64 (float64 when weighted), shape (m,)
        Number (total weight) of negatives / positives whose score is <= ``values[g]``.
    """

    values: np.ndarray
    neg_le: np.ndarray
    pos_le: np.ndarray

    @property
    def n_neg(self):
        """Number (total weight) of negatives."""
        return self.neg_le[-1].item()

    @property
    def n_pos(self):
        """Number (total weight) of positives."""
        return self.pos_le[-1].item()


def class_counts(is_pos, scores, sample_weight=None):
    """Distinct scores and the cumulative counts of each class (one sort, then linear work).

    Parameters
    ----------
    is_pos : ndarray of bool, shape (n,)
        True for the positive class.
    scores : ndarray of float64, shape (n,)
        Finite scores (validated by the caller); not modified.
    sample_weight : ndarray of float64, shape (n,), optional
        Finite weights >= 0 (validated by the caller); the counts become sums of weights.

    Returns
    -------
    ClassCounts

    Notes
    -----
    Besides the caller's arrays it allocates the n keys (8 bytes each), one byte per instance
    for the labels, 4 or 8 for a running count, and the three arrays of the result (8 bytes per
    distinct score each): about 3.6x the score array when every score is distinct.

    Examples
    --------
    >>> c = class_counts(np.array([False, True, True, False]), np.array([0.2, 0.5, 0.2, 0.9]))
    >>> c.values.tolist(), c.neg_le.tolist(), c.pos_le.tolist()
    ([0.2, 0.5, 0.9], [1, 1, 2], [1, 2, 2])
    """
    scores = np.ascontiguousarray(scores, dtype=np.float64)
    is_pos = np.ascontiguousarray(is_pos, dtype=bool)
    if sample_weight is not None:
        return _weighted_counts(is_pos, scores, np.asarray(sample_weight, dtype=np.float64))
    packed = _sorted_keys(is_pos, scores)  # a list, so that the keys can be freed early
    if packed is None:
        return _counts_two_sorts(is_pos, scores)
    return _counts_from_keys(packed)


def _sorted_keys(is_pos, scores):
    """(sorted keys, decoder) or None when the scores cannot be packed without loss."""
    if not scores.size:
        raise ValueError("scores is empty.")
    if scores.min() >= 0.0:  # probabilities: the bits already sort; << 1 drops -0.0's sign
        key = scores.view(np.uint64) << _ONE
        decode = _decode_non_negative
    else:
        scale = _power_of_two_scale(scores)
        if scale is None:
            return None
        x = scores / scale if scale != 1.0 else scores.copy()
        key, low = _ordered_bits_inplace(x)
        key <<= _ONE

        def decode(ordered):
            """The scores of sorted keys (scaled back)."""
            return _decode_ordered(ordered, low, scale)

    key |= is_pos.view(np.uint8)
    key.sort()
    return [key, decode]


def _power_of_two_scale(scores):
    """1, a power of two bringing every \\|score\\| below 2, or None if that loses bits."""
    big = max(-float(scores.min()), float(scores.max()))
    if big < 2.0:
        return 1.0
    scale = 2.0 ** min(int(np.floor(np.log2(big))) + 1, 1023)
    nonzero = np.abs(scores[scores != 0.0])
    if nonzero.size and float(nonzero.min()) / scale < _TINY:
        return None
    return scale


def _ordered_bits_inplace(x):
    """Turn the floats ``x`` (owned) into uint64 with their order, minus the smallest."""
    x += 0.0  # -0.0 -> +0.0
    negative = np.signbit(x)
    bits = x.view(np.uint64)
    np.invert(bits, out=bits, where=negative)
    np.bitwise_or(bits, _SIGN, out=bits, where=~negative)
    low = bits.min()
    bits -= low
    return bits, low


def _decode_non_negative(ordered):
    """Non-negative scores sort as their own bits: decoding is a view back to float64."""
    return ordered.view(np.float64)


def _decode_ordered(ordered, low, scale):
    """Inverse of :func:`_ordered_bits_inplace`, in place on ``ordered``."""
    ordered += low
    was_positive = ordered >= _SIGN
    np.bitwise_and(ordered, ~_SIGN, out=ordered, where=was_positive)
    np.invert(ordered, out=ordered, where=~was_positive)
    values = ordered.view(np.float64)
    if scale != 1.0:
        values *= scale
    return values


def _counts_from_keys(packed):
    """Group ends of the sorted keys; counts by cumulative positives at the ends.

    ``packed`` is ``[keys, decode]``; the keys are taken out of it and freed as soon as the
    values are read.
    """
    decode = packed.pop()
    key = packed.pop()
    ends = _group_ends(key)
    labels = _label_bytes(key)
    ordered = key[ends]
    del key
    ordered >>= _ONE
    values = decode(ordered)
    pos_le = _positives_at(labels, ends)
    del labels
    ends += 1
    ends -= pos_le
    return ClassCounts(values, ends, pos_le)


def _group_ends(key, chunk=1 << 18):
    """Indices of the last key of each run of equal scores (keys equal but for the label)."""
    n = key.size
    last = np.empty(n, dtype=bool)
    last[-1] = True
    for start in range(0, n - 1, chunk):
        stop = min(start + chunk, n - 1)
        np.greater(key[start + 1 : stop + 1] ^ key[start:stop], _ONE, out=last[start:stop])
    return np.flatnonzero(last)


def _positives_at(labels, ends, chunk=1 << 18):
    """Cumulative count of positives at each index of ``ends``, chunk by chunk (no n-sized
    running count is allocated)."""
    out = np.empty(ends.size, dtype=np.int64)
    offset, lo = 0, 0
    for start in range(0, labels.size, chunk):
        stop = min(start + chunk, labels.size)
        running = np.cumsum(labels[start:stop], dtype=np.int64)
        hi = np.searchsorted(ends, stop, side="left")
        out[lo:hi] = running[ends[lo:hi] - start] + offset
        offset += int(running[-1])
        lo = hi
    return out


def _label_bytes(key):
    """The lowest byte of every key (its label bit and seven score bits), masked, as uint8."""
    low_byte = 0 if sys.byteorder == "little" else 7
    return key.view(np.uint8)[low_byte::8] & np.uint8(1)


def _counts_two_sorts(is_pos, scores):
    """Fallback: sort each class apart, then merge by binary search (same result)."""
    pos = np.sort(scores[is_pos])
    neg = np.sort(scores[~is_pos])
    values = np.unique(np.concatenate([pos, neg]) + 0.0)
    pos_le = np.searchsorted(pos, values, side="right").astype(np.int64)
    neg_le = np.searchsorted(neg, values, side="right").astype(np.int64)
    return ClassCounts(values, neg_le, pos_le)


def stable_order(scores):
    """``(values, order)``: ``scores`` (finite float64) ascending and the stable permutation
    that sorts them, by the compiled radix sort, else numpy's stable argsort (the same result).

    >>> values, order = stable_order(np.array([0.5, 0.2, 0.5, 0.1]))
    >>> values.tolist(), order.tolist()
    ([0.1, 0.2, 0.5, 0.5], [3, 1, 0, 2])
    """
    scores = np.ascontiguousarray(scores, dtype=np.float64)
    compiled = sorted_order(scores)
    if compiled is not None:
        return compiled
    order = np.argsort(scores, kind="stable")
    return scores[order] + 0.0, order  # -0.0 -> +0.0, as the radix keys have it


def _weighted_counts(is_pos, scores, weight):
    """Cumulative weights of each class at the distinct scores (weight-0 instances dropped):
    the compiled kernel (:mod:`costlab.metrics.engine._kernels`), else the numpy reference."""
    keep = weight > 0
    if not np.all(keep):
        is_pos, scores, weight = is_pos[keep], scores[keep], weight[keep]
    if not scores.size:
        raise ValueError("sample_weight is 0 for every instance.")
    compiled = weighted_counts(is_pos, scores, weight)
    if compiled is None:
        return _weighted_counts_numpy(is_pos, scores, weight)
    return ClassCounts(*compiled)


def _weighted_counts_numpy(is_pos, scores, weight):
    """The numpy reference: one ``argsort`` carries the weights (every weight > 0)."""
    order = np.argsort(scores)
    ordered = scores[order] + 0.0  # -0.0 -> +0.0
    ends = np.flatnonzero(np.r_[ordered[1:] != ordered[:-1], True])
    w = weight[order]
    positive = is_pos[order]
    pos_le = np.cumsum(np.where(positive, w, 0.0))[ends]
    neg_le = np.cumsum(np.where(positive, 0.0, w))[ends]
    return ClassCounts(ordered[ends], neg_le, pos_le)


@dataclass(frozen=True)
class SortedSample:
    """A scored sample sorted once, to count any weighting of its rows without sorting again.

    Built by :func:`sort_sample`. Position i of the sorted order holds the row ``rows[i]``;
    :meth:`counts` takes a count per row and returns the :class:`ClassCounts` of the sample in
    which each row is repeated that many times.

    Attributes
    ----------
    rows : ndarray of int32 (int64 from 2**31 rows on), shape (n,)
        The index (into the counts :meth:`counts` takes) of the row at each sorted position.
    is_pos : ndarray of bool, shape (n,)
        Its label.
    last : ndarray of bool, shape (n,)
        True at the last position of each run of tied scores.
    scores : ndarray of float64, shape (n,)
        The scores, increasing (-0.0 read as +0.0).
    weight : ndarray of float64, shape (n,), or None
        Its instance weight (None: weight 1).
    """

    rows: np.ndarray
    is_pos: np.ndarray
    last: np.ndarray
    scores: np.ndarray
    weight: np.ndarray | None = None

    def buffers(self):
        """Three arrays for :meth:`counts` to write into (``out``), reusable across calls."""
        n = self.rows.size
        sums = np.empty(n, dtype=np.int64 if self.weight is None else np.float64)
        return np.empty(n), sums, np.empty_like(sums)

    def counts(self, row_counts, *, out=None):
        """Class counts of the weighting that takes row r ``row_counts[r]`` times.

        Parameters
        ----------
        row_counts : ndarray of int32 or int64, shape (n,)
            A count >= 0 per row (indexed as :attr:`rows` indexes), not all 0 at once.
        out : tuple of ndarray, optional
            From :meth:`buffers`: the compiled pass then writes into them and the result's
            arrays are views of them, valid until they are written again (a loop over
            resamples allocates nothing n-sized per resample). Read the result before the
            next call.

        Returns
        -------
        ClassCounts
            Sums of counts (int64), or of counts times the instance weights (float64). Runs of
            tied scores whose rows are all taken 0 times are left out, so the result equals
            :func:`class_counts` of the rows repeated (in their order of summation: up to
            rounding with weights, exactly without). O(n), no sort.

        Examples
        --------
        >>> s = sort_sample(np.array([False, True, True, False]), np.array([0.2, 0.5, 0.2, 0.9]))
        >>> c = s.counts(np.array([2, 0, 1, 1]))   # row 1 (0.5) is not taken
        >>> c.values.tolist(), c.neg_le.tolist(), c.pos_le.tolist()
        ([0.2, 0.9], [2, 3], [1, 1])
        """
        row_counts = np.ascontiguousarray(row_counts)
        if row_counts.dtype not in (np.int32, np.int64):  # int32 halves the scattered reads
            row_counts = row_counts.astype(np.int64)
        if row_counts.shape != self.rows.shape:
            raise ValueError(
                f"row_counts must have one count per row ({self.rows.size}), got shape "
                f"{row_counts.shape}."
            )
        compiled = reweighted_runs(
            self.rows, self.is_pos, self.last, self.scores, row_counts, self.weight, out
        )
        if compiled is None:
            return _reweighted_counts_numpy(self, row_counts)
        return ClassCounts(*compiled)


def sort_sample(is_pos, scores, sample_weight=None, slots=None):
    """Sort a scored sample once (a stable ``argsort``) for :meth:`SortedSample.counts`.

    Parameters
    ----------
    is_pos : ndarray of bool, shape (n,)
    scores : ndarray of float64, shape (n,)
        Finite scores (validated by the caller).
    sample_weight : ndarray of float64, shape (n,), optional
        Instance weights > 0 (validated by the caller; drop the rows of weight 0 first).
    slots : ndarray of int, shape (n,), optional
        Where each row's count sits in the counts :meth:`SortedSample.counts` will take
        (default: row i at index i).

    Returns
    -------
    SortedSample
    """
    scores = np.asarray(scores, dtype=np.float64)
    if not scores.size:
        raise ValueError("scores is empty.")
    order = np.argsort(scores, kind="stable")
    ordered = scores[order] + 0.0  # -0.0 -> +0.0
    last = np.empty(ordered.size, dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=last[:-1])
    last[-1] = True
    rows = order if slots is None else np.asarray(slots)[order]
    weight = None if sample_weight is None else np.asarray(sample_weight, np.float64)[order]
    return SortedSample(
        rows=rows.astype(np.int32 if rows.size < 2**31 else np.int64),  # half the memory
        is_pos=np.ascontiguousarray(np.asarray(is_pos, dtype=bool)[order]),
        last=last,
        scores=ordered,
        weight=weight,
    )


def _reweighted_counts_numpy(sample, row_counts):
    """The numpy reference of :meth:`SortedSample.counts` (same sums, in the same order)."""
    taken = row_counts[sample.rows].astype(np.int64, copy=False)
    x = taken if sample.weight is None else taken * sample.weight
    zero = x.dtype.type(0)
    pos = np.cumsum(np.where(sample.is_pos, x, zero))
    neg = np.cumsum(np.where(sample.is_pos, zero, x))
    ends = np.flatnonzero(sample.last)
    total = np.cumsum(taken)[ends]
    ends = ends[np.diff(total, prepend=0) > 0]
    return ClassCounts(sample.scores[ends], neg[ends], pos[ends])


def checked_counts(y_true, y_score, *, pos_label=None, sample_weight=None, name="y_score"):
    """Validate labels, scores and weights at a public boundary, then count.

    Returns
    -------
    is_pos : ndarray of bool
    scores : ndarray of float64
    weight : ndarray of float64 or None
    counts : ClassCounts
    """
    from costlab.metrics._validation import (
        check_class_weights,
        check_labels_scores,
        check_sample_weight,
    )

    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label, name=name)
    weight = check_sample_weight(sample_weight, scores.shape[0])
    check_class_weights(is_pos, weight)
    return is_pos, scores, weight, class_counts(is_pos, scores, weight)
