"""Many classifiers on the same instances, ranked over a cost range: bands and paired tests.

Every classifier's exact MTMCS curve (Al-Saffar 2018, 4.2: the equal-prior cost-curve lower
envelope of Drummond & Holte 2000, ``MTMCS(r) = 100 NE[C](PCF(+) = 1 - r)``) is read at the
cost ratios of a range, and from it the thesis's range measures: MTMCR (the sum, 4.2.2.1), cost
sensitivity (4.2.2.2) and CST (4.2.2.3). Beside them, Hand's (2009) H measure (Beta(2, 2)
cost density) and the **envelope share**: the fraction of the range's ratios at which the
classifier's MTMCS is the lowest of all (it lies on the lower envelope of every classifier's
cost curve, Drummond & Holte 2000, sec. 4).

How sure. All of them are recomputed on the *same* stratified bootstrap resamples of the
instances for every classifier (the resampling family's draws,
:mod:`costlab.metrics.resampling`: each class resampled with replacement, its size kept; one
sort per classifier, one pass per resample), so that each measure has a percentile band and
each difference between two classifiers is *paired*. Each classifier is compared with the
leader (the best by the ranking measure on the sample) by the paired bootstrap: the
difference's percentile interval, and the two-sided p-value
``2 min(P*(d <= 0), P*(d >= 0))`` of the bootstrap distribution of the difference ``d``
(Efron & Tibshirani 1993, ch. 16), adjusted for the comparisons with every other classifier by
Holm's (1979) step-down method. A classifier is *indistinguishable from the leader* when its
adjusted p-value is at least ``alpha``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from costlab.metrics._validation import check_fp_costs, check_labels_scores, check_resampling
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.mtmcs.measures import cost_sensitivity, cst, mtmcr
from costlab.metrics.resampling._draws import _percentile_interval, _replicates
from costlab.metrics.scenarios.densities import BetaDensity
from costlab.metrics.scenarios.risk import normalized_loss

if TYPE_CHECKING:
    from collections.abc import Mapping

    from numpy.typing import ArrayLike

__all__ = ["RANKING_MEASURES", "holm", "rank_over_cost_range"]

#: The measures a ranking can order by, and whether lower is better.
RANKING_MEASURES = {
    "mtmcr": True,
    "cost_sensitivity": True,
    "cst": True,
    "mean_mtmcs": True,
    "h": False,
    "envelope_share": False,
}
#: Two MTMCS values this close are equal (on the envelope together).
_TIE = 1e-9


def holm(p_values: ArrayLike) -> np.ndarray:
    """Holm's (1979) step-down adjustment of p-values (family-wise error control).

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03]).tolist()
    [0.03, 0.06, 0.06]
    """
    p = np.asarray(p_values, dtype=np.float64)
    order = np.argsort(p, kind="stable")
    m = p.size
    stepped = np.maximum.accumulate((m - np.arange(m)) * p[order])
    out = np.empty(m)
    out[order] = np.minimum(stepped, 1.0)
    return out


def rank_over_cost_range(
    y_true: ArrayLike,
    scores: Mapping[str, ArrayLike],
    *,
    fp_costs: ArrayLike,
    measure: str = "mtmcr",
    n_resamples: int = 1000,
    confidence: float = 0.95,
    alpha: float = 0.05,
    random_state: Any = 0,
    pos_label: Any = None,
) -> pd.DataFrame:
    """Rank classifiers scored on the same instances over the cost ratios ``fp_costs``.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    scores : mapping of str to array-like of shape (n,)
        Each classifier's positive-class scores on the same instances (at least two).
    fp_costs : array-like
        The range's normalised FPcosts (FNcost = 1 - FPcost), e.g. the thesis's grid
        restricted to [r1, r2] (:func:`costlab.metrics.cost_ratio_grid`).
    measure : str
        The ranking measure, one of :data:`RANKING_MEASURES`.
    n_resamples : int >= 2
    confidence : float in (0, 1)
        Of the percentile bands and difference intervals.
    alpha : float in (0, 1)
        Level of the Holm-adjusted comparisons with the leader.
    random_state : None, int or numpy.random.Generator
    pos_label : scalar, optional

    Returns
    -------
    pandas.DataFrame
        One row per classifier, best first: ``rank``, ``classifier``, then each measure with
        ``<measure>_low``/``<measure>_high`` (``mean_mtmcs``, ``mtmcr``, ``cost_sensitivity``,
        ``cst``, ``h``, ``envelope_share``), and for the ranking measure the paired
        ``difference`` to the leader with ``difference_low``/``difference_high``, ``p_value``,
        ``p_holm`` and ``indistinguishable`` (from the leader at ``alpha``). ``attrs`` hold
        the settings and ``curves`` (classifier -> MTMCS at ``fp_costs``).

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = np.repeat([0, 1], 50)
    >>> scores = {"good": y + rng.normal(0, 0.5, 100), "poor": y + rng.normal(0, 2.0, 100)}
    >>> table = rank_over_cost_range(y, scores, fp_costs=[0.3, 0.5, 0.7], n_resamples=200)
    >>> table[["rank", "classifier", "indistinguishable"]]
       rank classifier  indistinguishable
    0     1       good               True
    1     2       poor              False
    """
    names, is_pos, checked = _check(y_true, scores, pos_label, measure, alpha)
    fp = check_fp_costs(fp_costs)
    check_resampling(n_resamples, confidence)
    pi1 = float(is_pos.mean())

    def evaluate(counts):
        envelope = CostEnvelope.from_hull(hull_from_counts(counts))
        curve = 100.0 * envelope(1.0 - fp)
        return np.append(curve, 1.0 - normalized_loss(envelope, pi1, BetaDensity(2.0, 2.0)))

    estimate, replicates = _replicates(
        evaluate, is_pos, [checked[n] for n in names], None, n_resamples, random_state
    )
    est = _measures(np.asarray(estimate, dtype=np.float64))  # (C, M)
    reps = _measures(np.asarray(replicates, dtype=np.float64))  # (B, C, M)
    table = _table(names, est, reps, measure, confidence, alpha)
    table.attrs.update(
        measure=measure,
        fp_costs=fp,
        confidence=float(confidence),
        alpha=float(alpha),
        n_resamples=int(n_resamples),
        curves={n: np.asarray(estimate[i][:-1]) for i, n in enumerate(names)},
    )
    return table


#: The columns of the measures array, in order.
_COLUMNS = ["mean_mtmcs", "mtmcr", "cost_sensitivity", "cst", "h", "envelope_share"]


def _measures(values):
    """``(..., C, K + 1)`` MTMCS curves and H -> ``(..., C, 6)`` measures (:data:`_COLUMNS`);
    the envelope share is each classifier's among those of its own sample or resample."""
    curves, h = values[..., :-1], values[..., -1]
    lowest = curves.min(axis=-2, keepdims=True)
    share = (curves <= lowest + _TIE).mean(axis=-1)
    per_curve = np.apply_along_axis(
        lambda c: [c.mean(), mtmcr(c), cost_sensitivity(c), cst(c)], -1, curves
    )
    return np.concatenate([per_curve, h[..., None], share[..., None]], axis=-1)


def _table(names, est, reps, measure, confidence, alpha):
    k = _COLUMNS.index(measure)
    lower_better = RANKING_MEASURES[measure]
    key = est[:, k] if lower_better else -est[:, k]
    order = np.lexsort((np.arange(len(names)), key))
    leader = order[0]
    low, high = _percentile_interval(reps, confidence, axis=0)  # (C, M) each
    rows = {"classifier": names}
    for m, column in enumerate(_COLUMNS):
        rows.update({column: est[:, m], f"{column}_low": low[:, m], f"{column}_high": high[:, m]})
    d = reps[:, :, k] - reps[:, leader, k][:, None]  # (B, C): each minus the leader
    d_low, d_high = _percentile_interval(d, confidence, axis=0)
    p = np.minimum(1.0, 2.0 * np.minimum((d <= 0).mean(axis=0), (d >= 0).mean(axis=0)))
    p[leader] = 1.0
    others = np.arange(len(names)) != leader
    adjusted = np.ones(len(names))
    adjusted[others] = holm(p[others])
    rows.update(
        difference=est[:, k] - est[leader, k],
        difference_low=d_low,
        difference_high=d_high,
        p_value=p,
        p_holm=adjusted,
        indistinguishable=adjusted >= alpha,
    )
    table = pd.DataFrame(rows).iloc[order].reset_index(drop=True)
    table.insert(0, "rank", np.arange(1, len(names) + 1))
    return table


def _check(y_true, scores, pos_label, measure, alpha):
    if measure not in RANKING_MEASURES:
        raise ValueError(f"measure must be one of {sorted(RANKING_MEASURES)}, got {measure!r}.")
    if not (isinstance(alpha, (int, float)) and 0.0 < alpha < 1.0):
        raise ValueError(f"alpha must be a number in (0, 1), got {alpha!r}.")
    if not hasattr(scores, "items") or len(scores) < 2:
        raise ValueError("scores must map at least two classifier names to their scores.")
    names = [str(n) for n in scores]
    if len(set(names)) != len(names):
        raise ValueError(f"scores must have distinct classifier names, got {names}.")
    checked = {}
    for name, s in scores.items():
        is_pos, checked[str(name)] = check_labels_scores(
            y_true, s, pos_label=pos_label, name=f"scores[{name!r}]"
        )
    return names, is_pos, checked
