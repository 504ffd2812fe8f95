"""Exact ROC convex hull and AUC from summaries of disjoint score ranges (mergeable, O(h) each).

A classifier's ROC curve walks the distinct scores from the highest down, adding each score's
positives to TP and its negatives to FP. Cut the score axis into ranges (blocks) so that every
score, with all its ties, falls in exactly one block. Within a block the curve is the block's
own curve, started at the counts of every higher block:

.. math:: (FP, TP) = (FP^{local}, TP^{local}) + (N_{above}, P_{above})

A translation maps a convex hull onto the hull of the translated points, and the hull of a
union is the hull of the parts' hulls, so

.. math:: \\mathrm{hull}(ROC) = \\mathrm{hull}\\Big(\\bigcup_b \\mathrm{hull}(ROC_b)
          + (N_{above\\,b}, P_{above\\,b})\\Big)

exactly. A block is therefore summarised by its totals and its local hull's vertices
(:class:`BlockSummary`, O(h) numbers whatever its size), and the global hull comes from the
summaries alone (:func:`merge_blocks`). The Mann-Whitney count that gives the AUC merges the
same way: pairs inside a block plus the block's negatives times the positives above it,

.. math:: 2U = \\sum_b \\big(2U_b + 2 N_b P_{above\\,b}\\big), \\qquad AUC = \\frac{U}{P N}

(ties count half; integers, so exact). This is what lets :mod:`costlab.evaluation.distributed`
compute cost curves of scores that do not fit in memory: each worker summarises the blocks it
holds and only the summaries travel.

:func:`summarize_counts` summarises a block from (score, positives, negatives) rows, e.g. the
per-partition counts of each distinct score (Spark's ``combineByKey`` step), which merge by
addition. :func:`binned_counts` is the approximate alternative (Spark's ``numBins``, XGBoost's
and H2O's histograms): counts per fixed score bin, whose hull can only be above the exact
envelope's cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics.engine._counts import ClassCounts
from costlab.metrics.engine.hull import RocHull, hull_from_counts, hull_of_points

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["BlockSummary", "MergedCurve", "binned_counts", "merge_blocks", "summarize_counts"]


@dataclass(frozen=True)
class BlockSummary:
    """One block of scores: its score range, totals, local hull and Mann-Whitney count.

    Attributes
    ----------
    low, high : float
        The smallest and largest score in the block.
    n_pos, n_neg : int
        Positives and negatives in the block.
    fp, tp : ndarray of int64
        The block's local ROC hull vertices, from (0, 0) to (n_neg, n_pos).
    thresholds : ndarray of float
        The score threshold of each vertex (``inf`` for (0, 0)): scores >= it are positive.
    twice_u : int
        2U inside the block: twice the (positive, negative) pairs with the positive scored
        higher, plus the tied pairs once.
    """

    low: float
    high: float
    n_pos: int
    n_neg: int
    fp: np.ndarray
    tp: np.ndarray
    thresholds: np.ndarray
    twice_u: int


@dataclass(frozen=True)
class MergedCurve:
    """The exact ROC hull and AUC of all blocks together.

    Attributes
    ----------
    hull : RocHull
        Its ``thresholds`` are the scores realising each vertex; ``cuts`` and ``values`` are
        empty (the distinct scores were never gathered).
    auc : float
        Area under the ROC curve (ties half), from the exact integer 2U.
    n_blocks : int
    """

    hull: RocHull
    auc: float
    n_blocks: int

    @property
    def n_pos(self) -> int:
        return self.hull.n_pos

    @property
    def n_neg(self) -> int:
        return self.hull.n_neg


def summarize_counts(scores: Any, n_pos: Any, n_neg: Any) -> BlockSummary:
    """Summarise one block from (score, positives, negatives) rows (repeated scores allowed).

    Parameters
    ----------
    scores : array-like of float, shape (m,)
        Finite scores, higher meaning more likely positive.
    n_pos, n_neg : array-like of int, shape (m,)
        Positives and negatives with that score (non-negative).

    Returns
    -------
    BlockSummary

    Examples
    --------
    >>> b = summarize_counts([0.8, 0.4, 0.35, 0.1], [1, 0, 1, 0], [0, 1, 0, 1])
    >>> b.fp.tolist(), b.tp.tolist(), b.twice_u  # U = 3 of the 4 pairs
    ([0, 0, 1, 2], [0, 1, 2, 2], 6)
    """
    s = np.asarray(scores, dtype=np.float64)
    pos = np.asarray(n_pos, dtype=np.int64)
    neg = np.asarray(n_neg, dtype=np.int64)
    if s.shape != pos.shape or s.shape != neg.shape or s.ndim != 1:
        raise ValueError("scores, n_pos and n_neg must be 1-D arrays of one length.")
    if not np.all(np.isfinite(s)):
        raise ValueError("scores must be finite (no NaN or infinity).")
    if np.any(pos < 0) or np.any(neg < 0):
        raise ValueError("n_pos and n_neg must be non-negative counts.")
    values, inverse = np.unique(s, return_inverse=True)
    pos_at = np.bincount(inverse, weights=pos, minlength=values.size).astype(np.int64)
    neg_at = np.bincount(inverse, weights=neg, minlength=values.size).astype(np.int64)
    if values.size == 0:
        return BlockSummary(
            np.nan,
            np.nan,
            0,
            0,
            np.zeros(1, np.int64),
            np.zeros(1, np.int64),
            np.array([np.inf]),
            0,
        )
    pos_le, neg_le = np.cumsum(pos_at), np.cumsum(neg_at)
    total_pos, total_neg = int(pos_le[-1]), int(neg_le[-1])
    # 2U: each negative pairs with the positives strictly above it (twice) and its ties (once)
    above = total_pos - pos_le
    twice_u = int(np.sum(neg_at * (2 * above + pos_at), dtype=np.int64))
    if total_pos and total_neg:
        # the in-memory engine's linear-time hull on the block's cumulative counts
        hull = hull_from_counts(ClassCounts(values=values, neg_le=neg_le, pos_le=pos_le))
        fp, tp, thresholds = hull.fp, hull.tp, hull.thresholds.copy()
    else:  # one class in this block: its curve is a straight segment
        fp = np.array([0, total_neg], dtype=np.int64)
        tp = np.array([0, total_pos], dtype=np.int64)
        thresholds = np.array([np.inf, values[0]])
    thresholds[-1] = values[0]  # (N, P): everything called positive
    return BlockSummary(
        low=float(values[0]),
        high=float(values[-1]),
        n_pos=total_pos,
        n_neg=total_neg,
        fp=fp,
        tp=tp,
        thresholds=thresholds,
        twice_u=twice_u,
    )


def merge_blocks(blocks: Iterable[Any]) -> MergedCurve:
    """The exact ROC hull and AUC from block summaries whose score ranges do not overlap.

    Parameters
    ----------
    blocks : iterable of BlockSummary
        In any order; empty blocks are ignored.

    Returns
    -------
    MergedCurve
    """
    blocks = sorted((b for b in blocks if b.n_pos + b.n_neg > 0), key=lambda b: -b.high)
    if not blocks:
        raise ValueError("blocks hold no scores.")
    for upper, lower in zip(blocks, blocks[1:], strict=False):
        if lower.high >= upper.low:
            raise ValueError(
                "blocks' score ranges overlap: every score, with its ties, must fall in one "
                f"block (got [{lower.low}, {lower.high}] and [{upper.low}, {upper.high}])."
            )
    n_pos = sum(b.n_pos for b in blocks)
    n_neg = sum(b.n_neg for b in blocks)
    if n_pos == 0 or n_neg == 0:
        raise ValueError(
            f"the scores hold one class only ({n_pos} positives, {n_neg} negatives); a ROC "
            "curve needs both."
        )
    fp_parts, tp_parts, thr_parts = [], [], []
    twice_u, fp_above, tp_above = 0, 0, 0
    for b in blocks:
        # a block's local (0, 0) is the end of the block above it: keep the end's threshold
        fp_parts.append(b.fp[1:] + fp_above)
        tp_parts.append(b.tp[1:] + tp_above)
        thr_parts.append(b.thresholds[1:])
        twice_u += b.twice_u + 2 * b.n_neg * tp_above
        fp_above += b.n_neg
        tp_above += b.n_pos
    fp = np.concatenate(fp_parts)
    tp = np.concatenate(tp_parts)
    thresholds = np.concatenate(thr_parts)
    hull = hull_of_points(fp, tp, n_neg, n_pos)
    vertex_thresholds = np.where(hull.cuts >= 0, thresholds[np.maximum(hull.cuts, 0)], np.nan)
    vertex_thresholds[0] = np.inf  # (0, 0): nothing called positive
    vertex_thresholds[-1] = blocks[-1].low  # (N, P): everything called positive
    hull = RocHull(
        fp=hull.fp,
        tp=hull.tp,
        n_neg=n_neg,
        n_pos=n_pos,
        thresholds=vertex_thresholds,
        cuts=np.array([], dtype=np.int64),
        values=np.array([]),
    )
    return MergedCurve(hull=hull, auc=twice_u / (2.0 * n_pos * n_neg), n_blocks=len(blocks))


def binned_counts(
    is_pos: ArrayLike, scores: Any, edges: ArrayLike
) -> tuple[np.ndarray, np.ndarray]:
    """Positives and negatives per score bin (the approximate, histogram summary).

    Parameters
    ----------
    is_pos : array-like of bool
    scores : array-like of float
    edges : array-like of float, increasing
        Bin edges; a score s falls in bin ``searchsorted(edges, s, side="right") - 1``, scores
        outside [edges[0], edges[-1]] in the first or last bin.

    Returns
    -------
    (n_pos, n_neg) : ndarrays of int64, one per bin
        They merge by addition across partitions; :func:`summarize_counts` on the bins'
        lower edges gives the binned hull (every score of a bin tied).
    """
    edges = np.asarray(edges, dtype=np.float64)
    if edges.ndim != 1 or edges.size < 2 or np.any(np.diff(edges) <= 0):
        raise ValueError("edges must be a strictly increasing 1-D array of at least 2 values.")
    k = np.clip(
        np.searchsorted(edges, np.asarray(scores, dtype=np.float64), side="right") - 1,
        0,
        edges.size - 2,
    )
    is_pos = np.asarray(is_pos, dtype=bool)
    n_bins = edges.size - 1
    n_pos = np.bincount(k[is_pos], minlength=n_bins).astype(np.int64)
    n_neg = np.bincount(k[~is_pos], minlength=n_bins).astype(np.int64)
    return n_pos, n_neg
