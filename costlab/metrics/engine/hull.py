"""The ROC convex hull, computed exactly from one sort (Drummond & Holte 2000, sec. 2.1).

Provost and Fawcett's upper convex hull of the ROC points dominates every point under it: the
classifiers on it, and only they, are optimal for some costs and class frequencies. Its dual in
cost space is the lower envelope of the cost lines (:mod:`costlab.metrics.engine.envelope`).

How it is computed, in O(n log n) for one sort and then O(n):

1. :func:`costlab.metrics.engine._counts.class_counts`: the distinct scores and the cumulative
   counts of each class.
2. Only cuts just before a run of negatives can be vertices: between two negatives the ROC
   curve only climbs, so the corner points (before the curve turns right) are the candidates.
   Ties are one point: a cut never splits instances with equal scores.
3. A coarse hull of a sample of the candidates (at most a few thousand) bounds the hull from
   inside: a candidate below it cannot be a vertex and is dropped in one vectorised pass.
4. Andrew's monotone chain on what remains, in exact integer arithmetic on the counts
   (compiled while no cross product can overflow int64, a loop on Python integers beyond).

The hull includes (0, 0) (everything negative) and (1, 1) (everything positive).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics._validation import check_bool
from costlab.metrics.engine._counts import checked_counts
from costlab.metrics.engine._kernels import upper_chain

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["RocHull", "hull_from_counts", "hull_of_points", "roc_convex_hull"]

_SAMPLE = 2048  # size of the coarse hull's sample


@dataclass(frozen=True)
class RocHull:
    """Vertices of the upper convex hull of a classifier's ROC points.

    Attributes
    ----------
    fp, tp : ndarray of int64, shape (h + 1,)
        Negatives and positives called positive at each vertex, from (0, 0) to (N, P); ``fp``
        increases and the slopes between vertices decrease.
    n_neg, n_pos : int
        N and P.
    thresholds : ndarray of float, shape (h + 1,)
        A score threshold realising each vertex: instances whose score is >= the threshold
        are called positive (``inf`` for (0, 0)), as scikit-learn's ``roc_curve`` reports
        thresholds. With ``higher_is_positive=False`` (scores of the negative class), they are
        called positive when their score is < the threshold (``-inf`` for (0, 0)).
    cuts : ndarray of int, shape (h + 1,)
        How many distinct scores (counted from the positive end) each vertex calls positive.
    values : ndarray of float, shape (m,)
        The distinct scores, increasing (for thresholds under other rules).
    higher_is_positive : bool
        The scores' orientation.
    """

    fp: np.ndarray
    tp: np.ndarray
    n_neg: int
    n_pos: int
    thresholds: np.ndarray
    cuts: np.ndarray
    values: np.ndarray
    higher_is_positive: bool = True

    @property
    def fpr(self) -> np.ndarray:
        """False positive rate of each vertex, FP / N."""
        return self.fp / self.n_neg

    @property
    def tpr(self) -> np.ndarray:
        """True positive rate of each vertex, TP / P."""
        return self.tp / self.n_pos

    @property
    def n_vertices(self) -> int:
        """Number of vertices, (0, 0) and (1, 1) included."""
        return int(self.fp.size)


def roc_convex_hull(
    y_true: ArrayLike,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    higher_is_positive: bool = True,
) -> RocHull:
    """Upper convex hull of the ROC points of one classifier.

    .. math:: \\frac{TP_1 - TP_2}{FP_1 - FP_2} = \\frac{p(-)C(+|-)}{p(+)C(-|+)}

    is the slope of a hull edge (Drummond & Holte 2000, eq. 1): the vertex at either end of it is
    optimal for the probability-cost ratio that slope stands for.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of two classes.
    y_score : array-like of shape (n,)
        Scores, higher meaning more likely positive (or, with ``higher_is_positive=False``,
        more likely negative, like the thesis's P(class 1)).
    pos_label : scalar, optional
        The positive class; inferred for labels {0, 1}, {-1, 1} and {1, 2}.
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0): ``fp``, ``tp``, N and P become sums of weights.
    higher_is_positive : bool
        Orientation of ``y_score``.

    Returns
    -------
    RocHull

    Examples
    --------
    Four instances: the cut between 0.6 and 0.4 is the only non-trivial vertex.

    >>> hull = roc_convex_hull([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> hull.fpr.tolist(), hull.tpr.tolist()
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0])
    >>> hull.thresholds.tolist()
    [inf, 0.8, 0.35, 0.1]
    """
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    counts = checked_counts(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)[3]
    return hull_from_counts(counts, higher_is_positive=higher_is_positive)


def hull_from_counts(counts, *, higher_is_positive=True):
    """The ROC convex hull from :func:`~costlab.metrics.engine._counts.class_counts` (steps 2-4).

    Works on the counts in place: no array of candidate points is built; the coarse-hull test
    runs in chunks, so besides the counts it allocates O(chunk + survivors).
    """
    points = _Points(counts, higher_is_positive)
    index = _survivors(points)
    fp, tp = points.at(index)
    fp = np.concatenate(([0], fp, [counts.n_neg]))
    tp = np.concatenate(([0], tp, [counts.n_pos]))
    cuts = np.concatenate(([0], points.cuts(index), [points.m]))
    keep = _prune(fp, tp)
    vertices = keep[_monotone_chain(fp[keep], tp[keep])]
    return RocHull(
        fp=fp[vertices],
        tp=tp[vertices],
        n_neg=counts.n_neg,
        n_pos=counts.n_pos,
        thresholds=_thresholds(counts.values, cuts[vertices], higher_is_positive),
        cuts=cuts[vertices],
        values=counts.values,
        higher_is_positive=higher_is_positive,
    )


def hull_of_points(fp: ArrayLike, tp: ArrayLike, n_neg: Any, n_pos: Any) -> RocHull:
    """Upper convex hull of arbitrary ROC points given as counts, with (0, 0) and (N, P).

    For classifiers that are points rather than score rankings (hard classifiers, a set of
    models, the vertices of several hulls together).

    Parameters
    ----------
    fp, tp : array-like of int
        Negatives and positives called positive by each classifier.
    n_neg, n_pos : int
        N and P.

    Returns
    -------
    RocHull
        ``cuts`` holds the index of each vertex's point in the input (-1 for the trivial
        classifiers added at the ends); ``thresholds`` are NaN.

    Examples
    --------
    >>> hull = hull_of_points([1, 3, 2], [6, 9, 5], n_neg=10, n_pos=10)
    >>> hull.fp.tolist(), hull.tp.tolist(), hull.cuts.tolist()
    ([0, 1, 3, 10], [0, 6, 9, 10], [-1, 0, 1, -1])
    """
    fp = np.asarray(fp, dtype=np.int64)
    tp = np.asarray(tp, dtype=np.int64)
    if fp.shape != tp.shape or fp.ndim != 1:
        raise ValueError(f"fp and tp must be 1-D of one length, got {fp.shape} and {tp.shape}.")
    if np.any((fp < 0) | (fp > n_neg) | (tp < 0) | (tp > n_pos)):
        raise ValueError("fp and tp must be counts in [0, n_neg] and [0, n_pos].")
    x = np.concatenate(([0], fp, [n_neg]))
    y = np.concatenate(([0], tp, [n_pos]))
    source = np.concatenate(([-1], np.arange(fp.size), [-1]))
    order = np.lexsort((y, x))
    chain = order[_monotone_chain(x[order], y[order])]
    return RocHull(
        fp=x[chain],
        tp=y[chain],
        n_neg=int(n_neg),
        n_pos=int(n_pos),
        thresholds=np.full(chain.size, np.nan),
        cuts=source[chain],
        values=np.array([]),
    )


class _Points:
    """The ROC points at every cut, read from the cumulative counts without copying them.

    Point j is the cut after distinct score j (``higher_is_positive=False``: scores <= value j
    called positive) or before it (``True``: scores > value j called positive). Only the points
    just before a run of negatives (candidates) can be hull vertices. ``order`` lists j so that
    FP increases.
    """

    def __init__(self, counts, higher_is_positive):
        self.neg, self.pos = counts.neg_le, counts.pos_le
        self.n_neg, self.n_pos, self.m = counts.n_neg, counts.n_pos, counts.neg_le.size
        self.upper = higher_is_positive

    def at(self, j):
        """(fp, tp) of points j."""
        if self.upper:
            return self.n_neg - self.neg[j], self.n_pos - self.pos[j]
        return self.neg[j], self.pos[j]

    def cuts(self, j):
        """Distinct scores called positive at points j."""
        return self.m - 1 - j if self.upper else j + 1

    def candidate(self, start, stop):
        """Mask of the candidates among points start..stop-1."""
        neg = self.neg
        if self.upper:  # a run of negatives at j itself
            before = neg[start - 1 : stop - 1] if start > 0 else np.r_[0, neg[: stop - 1]]
            return neg[start:stop] > before
        after = neg[start + 1 : stop + 1]  # a run of negatives right after j
        mask = np.zeros(stop - start, dtype=bool)
        mask[: after.size] = after > neg[start : start + after.size]
        return mask

    def order(self, j):
        """j sorted by increasing FP."""
        return j[::-1] if self.upper else j


def _survivors(points, chunk=1 << 18):
    """Candidates not strictly below the hull of a sample of ROC points, FP increasing.

    Every ROC point lies under the true hull, so a point strictly below the hull of some of
    them is no vertex. Refined on the survivors until few remain.
    """
    m = points.m
    sample = np.unique(np.linspace(0, m - 1, min(m, _SAMPLE)).astype(np.int64))
    hx, hy, vertices = _sample_hull(points, sample)
    kept = []
    for start in range(0, m, chunk):
        stop = min(start + chunk, m)
        x, y = points.at(np.arange(start, stop))
        keep = points.candidate(start, stop) & (y >= np.interp(x, hx, hy) - _slack(points))
        kept.append(np.flatnonzero(keep) + start)
    survivors = points.order(np.concatenate(kept))
    for _ in range(4):
        if survivors.size <= 4 * _SAMPLE:
            break
        pick = survivors[np.linspace(0, survivors.size - 1, _SAMPLE).astype(np.int64)]
        hx, hy, vertices = _sample_hull(points, np.union1d(pick, vertices))
        x, y = points.at(survivors)
        survivors = survivors[y >= np.interp(x, hx, hy) - _slack(points)]
    return survivors


def _sample_hull(points, sample):
    """(x, y) of the upper hull of the sampled points with (0, 0) and (N, P), and the sampled
    indices j that are its vertices."""
    ordered = points.order(np.sort(sample))
    x, y = points.at(ordered)
    x = np.concatenate(([0], x, [points.n_neg]))
    y = np.concatenate(([0], y, [points.n_pos]))
    chain = _monotone_chain(x, y)
    inner = chain[(chain > 0) & (chain < x.size - 1)] - 1
    return x[chain].astype(np.float64), y[chain].astype(np.float64), ordered[inner]


def _slack(points):
    return 1e-9 * max(float(points.n_pos), 1.0)  # float interpolation: keep near-ties


def _prune(x, y, max_passes=64):
    """Indices left after removing, pass by pass, every point strictly below the segment of its
    two neighbours (never a hull vertex); exact integer arithmetic while it cannot overflow."""
    keep = np.arange(x.size)
    if x.size < 3 or float(x[-1]) * float(y[-1]) > 2.0**61:
        return keep
    for _ in range(max_passes):
        a, b = keep[:-2], keep[1:-1]
        c = keep[2:]
        cross = (x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a])
        below = cross > 0
        if not below.any():
            break
        keep = np.concatenate(([keep[0]], b[~below], [keep[-1]]))
    return keep


def _monotone_chain(x, y):
    """Indices of the upper hull of points sorted by x (Andrew 1979), exact on integers.

    Compiled (:func:`costlab.metrics.engine._kernels.upper_chain`) for int64 coordinates whose
    cross products fit in int64, and for float64 ones; this loop on Python numbers otherwise
    (the same vertices either way)."""
    compiled = upper_chain(x, y)
    if compiled is not None:
        return compiled
    return _monotone_chain_python(x, y)


def _monotone_chain_python(x, y):
    """The loop of :func:`_monotone_chain` on Python numbers (ints are exact at any size)."""
    xs, ys = x.tolist(), y.tolist()
    hull = []
    for i in range(len(xs)):
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            cross = (xs[b] - xs[a]) * (ys[i] - ys[a]) - (ys[b] - ys[a]) * (xs[i] - xs[a])
            if cross < 0:  # a clockwise turn keeps b on the upper hull
                break
            hull.pop()
        hull.append(i)
    return np.asarray(hull, dtype=np.int64)


def _thresholds(values, cuts, higher_is_positive):
    """A score threshold per vertex: its ``cuts`` extreme distinct scores are positive."""
    m = values.size
    if higher_is_positive:  # positive iff score >= threshold
        lowest_positive = np.clip(m - cuts, 0, m - 1)
        return np.where(cuts == 0, np.inf, values[lowest_positive])
    # positive iff score < threshold: the first distinct score not called positive
    return np.where(cuts == 0, -np.inf, np.where(cuts < m, values[np.minimum(cuts, m - 1)], np.inf))
