"""Costs that belong to each example: a cost model stated once, its total cost and savings.

The thesis prices an error by its class (FNcost, FPcost). In credit, fraud or churn an error
costs what the example is worth. A :class:`CostModel` holds, for every example, the cost of each
of the four outcomes: a false positive ``fp``, a false negative ``fn`` and, optionally, a true
positive ``tp`` and a true negative ``tn`` (a negative cost is a benefit). The class-level costs
are the special case of constant arrays.

Reduction to weights. Whatever is decided, a positive example costs at least ``tp`` and a
negative one ``tn``; a wrong decision costs its **regret** more: ``fn - tp`` for a positive,
``fp - tn`` for a negative (:meth:`CostModel.weights`). The total cost of any decision is the
baseline ``sum(tp[pos]) + sum(tn[neg])`` plus the regret weights of the misclassified examples:
so every measure of costlab that takes ``sample_weight`` reads the cost model through
``sample_weight=costs.weights(y_true)`` (cost-proportionate weighting; Zadrozny, Langford & Abe
2003), with no new engine. With totals ``W+`` and ``W-`` of the positives' and negatives' weights,
the weighted MTMCS at the cost ratio ``FPcost = W- / (W+ + W-)`` times ``(W+ + W-) / 100`` is the
lowest total regret of a threshold (tested).

The measures the example-dependent literature reports (Correa Bahnsen, Aouada & Ottersten
2014): the **total cost** of decisions, and the **savings** over the best trivial policy,
``1 - cost / min(cost(all negative), cost(all positive))``; and, as costlab's range view, the
savings of the best threshold over a range of cost ratios (:func:`savings_curve`: false
positives' costs scaled by ``FPcost``, false negatives' by ``1 - FPcost``, as the thesis scales
its class costs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from costlab.metrics._validation import check_fp_costs, check_labels_scores
from costlab.metrics.engine._counts import stable_order
from costlab.metrics.engine.hull import _monotone_chain

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = ["CostModel", "cost_model", "savings", "savings_curve", "total_cost"]

_OUTCOMES = ("fp", "fn", "tp", "tn")
#: Relative difference below which two totals are equal (sums of the same costs in another order).
_TIE = 1e-12


@dataclass(frozen=True, eq=False)
class CostModel:
    """The cost of each outcome of each example (:func:`cost_model` builds and checks one).

    Attributes
    ----------
    fp, fn, tp, tn : ndarray of float, shape (n,)
        Cost of a false positive, false negative, true positive and true negative decision
        on each example (negative: a benefit).
    """

    fp: np.ndarray
    fn: np.ndarray
    tp: np.ndarray
    tn: np.ndarray

    @property
    def n(self) -> int:
        """Number of examples."""
        return int(self.fp.shape[0])

    def weights(self, is_pos: ArrayLike) -> np.ndarray:
        """Each example's regret: ``fn - tp`` for a positive, ``fp - tn`` for a negative: the
        ``sample_weight`` through which every costlab measure reads the model (0: both
        decisions cost the same on that example, which then weighs nothing).

        Raises
        ------
        ValueError
            If a regret is negative: the error costs less than the correct decision (a
            benefit larger than the error's cost), so the labels' decisions are not the
            better ones and the decision is undefined (named by its example).
        """
        is_pos = np.asarray(is_pos, dtype=bool)
        if is_pos.shape != (self.n,):
            raise ValueError(f"the labels hold {is_pos.shape[0]} examples, the costs {self.n}.")
        regret = np.where(is_pos, self.fn - self.tp, self.fp - self.tn)
        bad = np.flatnonzero(regret < 0)
        if bad.size:
            i = int(bad[0])
            kind = "fn - tp" if is_pos[i] else "fp - tn"
            raise ValueError(
                f"the costs make the decision undefined for {bad.size} example(s), e.g. example "
                f"{i}: its {kind} = {regret[i]:g} < 0 (an error that costs less than the "
                "correct decision); a benefit must not exceed the error's cost."
            )
        return regret

    def baseline(self, is_pos: ArrayLike) -> float:
        """The cost of deciding every example correctly: ``sum(tp[pos]) + sum(tn[neg])``."""
        is_pos = np.asarray(is_pos, dtype=bool)
        return float(np.where(is_pos, self.tp, self.tn).sum())


def cost_model(
    fp: Any, fn: Any, *, tp: Any = 0.0, tn: Any = 0.0, X: Any = None, n: int | None = None
) -> CostModel:
    """State the costs of each outcome of each example once.

    Parameters
    ----------
    fp, fn, tp, tn : float, array-like of shape (n,) or callable
        The cost of a false positive, a false negative, a true positive and a true negative
        (negative: a benefit; ``tp`` and ``tn`` default to 0). A callable is called with ``X``
        and returns the example's costs, e.g. ``lambda X: X["amount"]`` for a loan's amount.
    X : DataFrame or array-like, optional
        The examples' features, for callables.
    n : int, optional
        The number of examples when every cost is a scalar and ``X`` is not given.

    Returns
    -------
    CostModel

    Raises
    ------
    ValueError
        A cost that is NaN or infinite, a negative ``fp`` or ``fn``, a cost of the wrong
        length, or a callable without ``X`` (each named).

    Examples
    --------
    A defaulted loan loses its amount; a refused good customer loses 10 % of it as profit:

    >>> import pandas as pd
    >>> loans = pd.DataFrame({"amount": [1000.0, 2500.0, 400.0]})
    >>> costs = cost_model(fp=lambda X: 0.1 * X["amount"], fn=lambda X: X["amount"], X=loans)
    >>> costs.fp.tolist(), costs.fn.tolist()
    ([100.0, 250.0, 40.0], [1000.0, 2500.0, 400.0])
    >>> costs.weights([1, 0, 1]).tolist()
    [1000.0, 250.0, 400.0]
    """
    values = {name: v for name, v in zip(_OUTCOMES, (fp, fn, tp, tn), strict=True)}
    lengths = {}
    for name, value in values.items():
        if callable(value):
            if X is None:
                raise ValueError(f"{name} is a function of the features: pass X=.")
            value = value(X)
        array = np.asarray(value, dtype=np.float64)
        if array.ndim > 1:
            raise ValueError(f"{name} must be a number or 1-D, got shape {array.shape}.")
        if not np.all(np.isfinite(array)):
            raise ValueError(f"{name} holds NaN or infinite costs.")
        if name in ("fp", "fn") and np.any(array < 0):
            raise ValueError(
                f"{name} holds negative costs (e.g. {float(array[array < 0].flat[0]):g}): an "
                "error's cost must be >= 0 (only tp and tn, correct decisions, may be benefits)."
            )
        values[name] = array
        if array.ndim == 1:
            lengths[name] = array.shape[0]
    size = n if n is not None else (len(X) if X is not None else None)
    size = size if size is not None else next(iter(lengths.values()), None)
    if size is None:
        raise ValueError("every cost is a number: pass n= (or X=) for the number of examples.")
    wrong = {k: v for k, v in lengths.items() if v != size}
    if wrong:
        raise ValueError(f"costs of the wrong length {wrong}: there are {size} examples.")
    return CostModel(
        **{k: np.broadcast_to(v, (size,)).astype(np.float64) for k, v in values.items()}
    )


def total_cost(
    y_true: ArrayLike, y_pred: ArrayLike, costs: CostModel, *, pos_label: Any = None
) -> float:
    """The total cost of decisions under a cost model (currency units).

    .. math:: \\sum_i y_i (\\hat y_i\\, tp_i + (1 - \\hat y_i) fn_i)
              + (1 - y_i)(\\hat y_i fp_i + (1 - \\hat y_i) tn_i)

    (Correa Bahnsen et al. 2014, their eq 3). ``y_pred`` holds the decisions: 1 (or ``pos_label``)
    for positive.

    Examples
    --------
    >>> costs = cost_model(fp=[1.0, 1.0, 1.0, 1.0], fn=[5.0, 5.0, 2.0, 2.0])
    >>> total_cost([0, 1, 1, 0], [1, 0, 1, 0], costs)
    6.0
    """
    is_pos, decided = _decisions(y_true, y_pred, costs, pos_label)
    return float(_total(is_pos, decided, costs))


def savings(
    y_true: ArrayLike, y_pred: ArrayLike, costs: CostModel, *, pos_label: Any = None
) -> float:
    """Savings of decisions over the best trivial policy (Correa Bahnsen et al. 2014, their eq 4).

    .. math:: 1 - \\frac{cost}{\\min(cost(\\text{all negative}), cost(\\text{all positive}))}

    1 for perfect decisions (with zero costs of correct ones), 0 for the best trivial policy,
    negative for worse than it.

    Examples
    --------
    >>> costs = cost_model(fp=[1.0, 1.0, 1.0, 1.0], fn=[5.0, 5.0, 2.0, 2.0])
    >>> savings([0, 1, 1, 0], [0, 1, 1, 0], costs), savings([0, 1, 1, 0], [1, 1, 1, 1], costs)
    (1.0, 0.0)
    """
    is_pos, decided = _decisions(y_true, y_pred, costs, pos_label)
    return _savings(_total(is_pos, decided, costs), _trivial(is_pos, costs))


def savings_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    costs: CostModel,
    *,
    fp_costs: ArrayLike | None = None,
    pos_label: Any = None,
) -> pd.DataFrame:
    """The savings of the best threshold at each cost ratio of a range (exact).

    At the normalised ``FPcost`` r, the false positives' costs are scaled by r and the false
    negatives' by 1 - r (the thesis's cost ratio applied to the example's own costs); the
    threshold with the lowest total cost is found exactly: every distinct score, and "all
    negative", is a candidate; each candidate's total is a line in the cost ratio (one stable
    sort of the scores and two cumulative sums of the costs), so the lowest total at any ratio
    is on the lower convex hull of the candidates' lines (the duality of cost curves and ROC
    hulls, Drummond & Holte 2006), found once for every ratio. Of equal totals, the highest
    threshold.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
    costs : CostModel
    fp_costs : array-like, optional
        Default: the thesis's grid 0.05, ..., 0.95.
    pos_label : scalar, optional

    Returns
    -------
    pandas.DataFrame
        ``fp_cost, threshold, total_cost, savings`` (a positive decision is
        ``y_score >= threshold``).

    Examples
    --------
    >>> costs = cost_model(fp=[1.0, 1.0, 1.0, 1.0], fn=[5.0, 5.0, 2.0, 2.0])
    >>> savings_curve([0, 1, 1, 0], [0.1, 0.9, 0.6, 0.4], costs, fp_costs=[0.5])
    ...     # doctest: +NORMALIZE_WHITESPACE
       fp_cost  threshold  total_cost  savings
    0      0.5        0.6         0.0      1.0
    """
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label)
    _check_size(costs, is_pos)
    r = np.asarray(
        [0.05 * k for k in range(1, 20)] if fp_costs is None else check_fp_costs(fp_costs)
    )
    r = np.round(r, 10)
    x, y, thresholds = _threshold_lines(is_pos, scores, costs)
    fp_all = float(np.sum(costs.fp, where=~is_pos))
    vertices = _lower_hull(x, y)
    # total(r, k) = r (FP_all - x_k) + y_k; the lowest total is at a vertex of the lower hull
    totals = r[:, None] * (fp_all - x[vertices])[None, :] + y[vertices][None, :]
    lowest = totals.min(axis=1, keepdims=True)
    tied = totals <= lowest + _TIE * np.maximum(1.0, np.abs(lowest))
    best = vertices[vertices.size - 1 - np.argmax(tied[:, ::-1], axis=1)]  # highest threshold
    total = r * (fp_all - x[best]) + y[best]
    trivial = np.minimum(r * (fp_all - x[0]) + y[0], r * (fp_all - x[-1]) + y[-1])
    return pd.DataFrame(
        {
            "fp_cost": r,
            "threshold": thresholds[best],
            "total_cost": total,
            "savings": [_savings(c, t) for c, t in zip(total, trivial, strict=True)],
        }
    )


def _threshold_lines(is_pos, scores, costs):
    """Every threshold's total cost as a line in the cost ratio r: ``r (FP_all - x) + y``.

    Candidates k = 0 .. m: the m distinct scores ascending (positive iff ``score >=
    threshold``) and +inf (every example negative). Below threshold k, ``x`` sums the errors'
    costs (``fn`` of positives, ``fp`` of negatives) and ``y`` the rest of the total:
    ``TP_all + sum(fn - tp)`` over positives below it ``+ sum(tn)`` over negatives below it.
    One stable sort and two cumulative sums.
    """
    values, order = stable_order(scores)
    ends = np.flatnonzero(values[1:] != values[:-1])  # last row of each score but the last
    below = np.empty(ends.size + 2, dtype=np.int64)  # rows below candidate k
    below[0], below[1:-1], below[-1] = 0, ends + 1, values.size
    x = _cumulative(np.where(is_pos, costs.fn, costs.fp)[order])[below]
    y = _cumulative(np.where(is_pos, costs.fn - costs.tp, costs.tn)[order])[below]
    y += float(np.sum(costs.tp, where=is_pos))
    thresholds = np.empty(below.size)
    thresholds[:-1], thresholds[-1] = values[below[:-1]], np.inf
    return x, y, thresholds


def _cumulative(a):
    """``[0, a0, a0 + a1, ...]``: the sums of a's first k entries, k = 0 .. len(a)."""
    out = np.empty(a.size + 1)
    out[0] = 0.0
    np.cumsum(a, out=out[1:])
    return out


def _lower_hull(x, y):
    """Indices of the candidates that can have the lowest total for some r in [0, 1]: the
    lower convex hull of the points (x, y) (x is non-decreasing), of equal x only the least y
    (of equal y, the highest threshold)."""
    new = np.r_[True, x[1:] != x[:-1]]
    if new.all():  # no two candidates with equal x (the rule when no error is free)
        return _monotone_chain(x, -y)
    starts = np.flatnonzero(new)
    group = np.cumsum(new) - 1
    least = np.minimum.reduceat(y, starts)
    index = np.arange(x.size)
    keep = np.maximum.reduceat(np.where(y == least[group], index, -1), starts)
    return keep[_monotone_chain(x[keep], -y[keep])]


def _decisions(y_true, y_pred, costs, pos_label):
    is_pos, _ = check_labels_scores(y_true, np.zeros(len(y_true)), pos_label=pos_label)
    labels, pred = np.asarray(y_true), np.asarray(y_pred)
    if pred.shape != labels.shape:
        raise ValueError(f"y_pred has shape {pred.shape}, y_true {labels.shape}.")
    positive = labels[is_pos][0]
    decided = pred == positive
    _check_size(costs, is_pos)
    return is_pos, decided


def _check_size(costs, is_pos):
    if not isinstance(costs, CostModel):
        raise TypeError(f"costs must be a CostModel (cost_model(...)), got {type(costs).__name__}.")
    if costs.n != is_pos.shape[0]:
        raise ValueError(f"costs hold {costs.n} examples, y_true {is_pos.shape[0]}.")


def _total(is_pos, decided, costs):
    return np.where(
        is_pos, np.where(decided, costs.tp, costs.fn), np.where(decided, costs.fp, costs.tn)
    ).sum()


def _trivial(is_pos, costs):
    """The best trivial policy's cost: every example negative, or every example positive."""
    everyone = np.ones_like(is_pos)
    return min(_total(is_pos, ~everyone, costs), _total(is_pos, everyone, costs))


def _savings(cost, trivial):
    if trivial == 0:
        return float("nan")  # no policy can save anything: savings undefined
    return float(1.0 - cost / trivial)
