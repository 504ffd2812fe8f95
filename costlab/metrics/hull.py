"""The ROC convex hull, computed exactly from one sort (Drummond & Holte 2000, sec. 2.1).

Provost and Fawcett's upper convex hull of the ROC points dominates every point under it: the
classifiers on it, and only they, are optimal for some costs and class frequencies. Its dual in
cost space is the lower envelope of the cost lines (:mod:`costlab.metrics.cost_space`).

How it is computed, in O(n log n) for one sort and then O(n):

1. :func:`costlab.metrics._counts.class_counts`: the distinct scores and the cumulative counts
   of each class.
2. Only cuts just before a run of negatives can be vertices: between two negatives the ROC
   curve only climbs, so the corner points (before the curve turns right) are the candidates.
   Ties are one point: a cut never splits instances with equal scores.
3. A coarse hull of a sample of the candidates (at most a few thousand) bounds the hull from
   inside: a candidate below it cannot be a vertex and is dropped in one vectorised pass.
4. Andrew's monotone chain on what remains, in exact integer arithmetic on the counts.

The hull includes (0, 0) (everything negative) and (1, 1) (everything positive).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from costlab.metrics._counts import class_counts
from costlab.metrics._validation import check_labels_scores

__all__ = ["RocHull", "roc_convex_hull", "hull_from_counts"]

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
    def fpr(self):
        """False positive rate of each vertex, FP / N."""
        return self.fp / self.n_neg

    @property
    def tpr(self):
        """True positive rate of each vertex, TP / P."""
        return self.tp / self.n_pos

    @property
    def n_vertices(self):
        """Number of vertices, (0, 0) and (1, 1) included."""
        return int(self.fp.size)


def roc_convex_hull(y_true, y_score, *, pos_label=None, higher_is_positive=True):
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
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label, name="y_score")
    return hull_from_counts(class_counts(is_pos, scores), higher_is_positive=higher_is_positive)


def hull_from_counts(counts, *, higher_is_positive=True):
    """The ROC convex hull from :func:`~costlab.metrics._counts.class_counts` (steps 2-4)."""
    fp, tp, cuts = _candidates(counts, higher_is_positive)
    keep = _below_coarse_hull(fp, tp)
    vertices = _monotone_chain(fp[keep], tp[keep])
    index = np.flatnonzero(keep)[vertices]
    values = counts.values
    return RocHull(
        fp=fp[index],
        tp=tp[index],
        n_neg=counts.n_neg,
        n_pos=counts.n_pos,
        thresholds=_thresholds(values, cuts[index], higher_is_positive),
        cuts=cuts[index],
        values=values,
        higher_is_positive=higher_is_positive,
    )


def _candidates(counts, higher_is_positive):
    """(fp, tp, cuts) of the corner points, fp increasing, (0, 0) first and (N, P) last."""
    neg_le, pos_le = counts.neg_le, counts.pos_le
    n, p, m = counts.n_neg, counts.n_pos, neg_le.size
    has_neg = np.diff(neg_le, prepend=0) > 0
    groups = np.flatnonzero(has_neg)
    if higher_is_positive:  # positive iff score > values[g]
        groups = groups[::-1]
        fp, tp, cuts = n - neg_le[groups], p - pos_le[groups], m - 1 - groups
    else:  # positive iff score < values[g]
        fp = np.where(groups > 0, neg_le[groups - 1], 0)
        tp = np.where(groups > 0, pos_le[groups - 1], 0)
        cuts = groups
    fp = np.concatenate(([0], fp, [n])).astype(np.int64)
    tp = np.concatenate(([0], tp, [p])).astype(np.int64)
    return fp, tp, np.concatenate(([0], cuts, [m]))


def _below_coarse_hull(fp, tp):
    """Mask of candidates not strictly below the hull of an evenly spaced sample."""
    if fp.size <= 2 * _SAMPLE:
        return np.ones(fp.size, dtype=bool)
    sample = np.unique(np.r_[np.linspace(0, fp.size - 1, _SAMPLE).astype(np.int64), fp.size - 1])
    chain = sample[_monotone_chain(fp[sample], tp[sample])]
    height = np.interp(fp, fp[chain], tp[chain])
    slack = 1e-9 * max(float(tp[-1]), 1.0)  # float interpolation: keep ties and near-ties
    return tp >= height - slack


def _monotone_chain(x, y):
    """Indices of the upper hull of points sorted by x (Andrew 1979), exact on integers."""
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
