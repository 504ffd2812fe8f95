"""How sure is the cost-optimal threshold? Its spread, and the ROC curve's, over resamples.

:func:`bootstrap_thresholds` resamples the instances within each class (the stratified
bootstrap of :mod:`costlab.metrics.resampling.mtmcs_bootstrap`: each classifier's scores sorted
once, a resample a weighting of the rows) and reads, on each resample, the threshold of the ROC
convex hull's vertex optimal at each normalised FPcost (the vertex of the cost-curve lower
envelope, Drummond & Holte 2000) and the ROC curve vertically averaged at fixed FPRs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import check_fp_costs, check_resampling
from costlab.metrics.engine._counts import checked_counts, class_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.mtmcs.measures import cost_ratio_grid
from costlab.metrics.resampling._draws import (
    _percentile_interval,
    _percentile_levels,
    _resampled_counts,
    _weighted_rows,
)

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["bootstrap_thresholds"]


def bootstrap_thresholds(
    y_true: ArrayLike,
    y_score: Any,
    *,
    fp_costs: ArrayLike | None = None,
    fpr_grid: ArrayLike | None = None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    random_state: Any = 0,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Spread of the cost-optimal threshold and of the ROC curve across stratified resamples.

    For each normalised FPcost r the threshold of the ROC-hull vertex optimal at r (equal
    priors: PCF(+) = 1 - r), as :class:`costlab.classifiers.CostRangeThresholdClassifier` and the
    exact MTMCS search choose it; and the ROC curve's TPR at each FPR of ``fpr_grid`` (the
    highest TPR of a ROC point with FPR at most that value, i.e. vertical averaging of step
    curves). scikit-learn's ``TunedThresholdClassifierCV`` reports one threshold and no spread.

    Returns
    -------
    (thresholds, roc) : tuple of DataFrame
        ``fp_cost, threshold, low, high, iqr`` (scores >= threshold are positive) and
        ``fpr, tpr, low, high``, with percentile intervals. The intervals of a threshold are
        taken over the resamples where it is finite; NaN where it is infinite in every
        resample (each calls nothing positive at that cost). ``sample_weight`` (finite, >= 0)
        weighs the instances; a resampled row keeps its weight.

    Notes
    -----
    The scores are sorted once; a resample is a weighting of the rows along that order, and a
    score none of whose rows is drawn is no threshold of that resample (see the module
    docstring).
    """
    is_pos, scores, w, _ = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    w, is_pos, scores = _weighted_rows(w, is_pos, scores)
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    fg = np.linspace(0.0, 1.0, 101) if fpr_grid is None else np.asarray(fpr_grid, float)
    check_resampling(n_resamples, confidence)

    def one(counts):
        hull = hull_from_counts(counts)
        envelope = CostEnvelope.from_hull(hull)
        thresholds = hull.thresholds[envelope.vertex_at(1.0 - fp)]
        n_neg, n_pos = counts.n_neg, counts.n_pos
        # ROC points from the top score down: FP and TP called positive at each cut
        fpr = np.r_[0.0, (n_neg - np.r_[0, counts.neg_le[:-1]])[::-1] / n_neg]
        tpr = np.r_[0.0, (n_pos - np.r_[0, counts.pos_le[:-1]])[::-1] / n_pos]
        tpr_at = tpr[np.searchsorted(fpr, fg, side="right") - 1]
        return thresholds, np.maximum.accumulate(tpr_at)

    t_rep = np.empty((n_resamples, fp.size))
    r_rep = np.empty((n_resamples, fg.size))
    resamples = _resampled_counts(is_pos, [scores], w, n_resamples, random_state)
    for b, (counts,) in enumerate(resamples):
        t_rep[b], r_rep[b] = one(counts)
    t_est, r_est = one(class_counts(is_pos, scores, w))
    t_low, t_high = _finite_quantiles(t_rep, _percentile_levels(confidence))
    q1, q3 = _finite_quantiles(t_rep, [0.25, 0.75])
    r_low, r_high = _percentile_interval(r_rep, confidence, axis=0)
    thresholds = pd.DataFrame(
        {"fp_cost": fp, "threshold": t_est, "low": t_low, "high": t_high, "iqr": q3 - q1}
    )
    roc = pd.DataFrame({"fpr": fg, "tpr": r_est, "low": r_low, "high": r_high})
    return thresholds, roc


def _finite_quantiles(replicates, q):
    """Quantiles ``q`` of each column over its finite values; NaN for a column with none."""
    out = np.full((len(q), replicates.shape[1]), np.nan)
    some = np.isfinite(replicates).any(axis=0)
    if some.any():
        finite = np.where(np.isfinite(replicates[:, some]), replicates[:, some], np.nan)
        out[:, some] = np.nanquantile(finite, q, axis=0)
    return out
