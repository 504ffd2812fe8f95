"""The thesis's cost measures: TMC, MTMCR, cost sensitivity and CST.

Pure functions over numbers and arrays; no I/O, no plotting. Equations are quoted from
R. Al-Saffar, *Evaluating Classifiers' Optimal Performances Over a Range of Misclassification
Costs by Using Cost-Sensitive Classification*, LSU Master's thesis, 2018, cited as "thesis"
with the section number.

Vocabulary: ``fp_cost`` and ``fn_cost`` are normalised so that ``fp_cost + fn_cost = 1``
(thesis 4.2.1); a cost ratio is written ``FPcost/FNcost``, e.g. ``0.05/0.95``. The thesis's
class 1 is the negative class and class 2 the positive one (thesis 3.1). Scores are the positive
class's, as scikit-learn's ``predict_proba(X)[:, 1]``; the thesis's thresholds on P(class 1) are
``score_of="negative"`` (:func:`classify`, :func:`costlab.metrics.mtmcs_curve`).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import (
    check_cost_range,
    check_fp_costs,
    check_positive_cost,
    check_score_of,
    check_step,
)
from costlab.validation import InstanceOf, Interval, check_param

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "normalize_costs",
    "cost_ratio_grid",
    "format_cost_ratio",
    "total_misclassification_cost",
    "classify",
    "mtmcr",
    "cost_sensitivity",
    "cst",
    "curve_in_range",
    "range_summary",
    "Selection",
    "select_classifier",
]

_DECIMALS = 10  # grid values are rounded to this many decimals so 0.1 + 0.2 style drift vanishes
_TOL = 1e-9
_ROUNDING = (Interval(numbers.Integral, 0, None, closed="left"), None)  # decimals: >= 0 or None
_THRESHOLD = Interval(numbers.Real, None, None, closed="neither")  # any number but NaN


def _check_decimals(decimals):
    """``decimals`` if None or an int >= 0 (a negative one would round MTMCS to tens)."""
    return check_param("decimals", decimals, *_ROUNDING)


def _check_curve(label, curve):
    """Raise unless ``curve`` is a DataFrame with the columns fp_cost and mtmcs; ``label`` is
    its name in the message (``"curve"``, ``"curves['a']"``)."""
    check_param(
        label, curve, InstanceOf(pd.DataFrame, "a DataFrame with columns fp_cost and mtmcs "
        "(costlab.metrics.mtmcs_curve)")
    )  # fmt: skip
    missing = [c for c in ("fp_cost", "mtmcs") if c not in curve.columns]
    if missing:
        raise ValueError(
            f"{label} must have the columns fp_cost and mtmcs "
            f"(costlab.metrics.mtmcs_curve); {missing} missing."
        )


def normalize_costs(fp_cost: Any, fn_cost: Any) -> tuple[float, float]:
    """Normalise a pair of misclassification costs so that they sum to 1.

    .. math:: FPcost_{norm} = \\frac{FPcost}{FPcost + FNcost}, \\quad
              FNcost_{norm} = \\frac{FNcost}{FPcost + FNcost}

    (thesis 4.5.1, first step of both scenarios).

    Parameters
    ----------
    fp_cost, fn_cost : float
        Costs of a false positive and a false negative, both > 0.

    Returns
    -------
    tuple of float
        ``(fp_cost, fn_cost)`` normalised.

    Examples
    --------
    The thesis's scenario 1 (costs 1 and 4):

    >>> normalize_costs(1, 4)
    (0.2, 0.8)
    """
    fp = check_positive_cost(fp_cost, "fp_cost")
    fn = check_positive_cost(fn_cost, "fn_cost")
    total = fp + fn
    return round(fp / total, 15), round(fn / total, 15)


def cost_ratio_grid(start: float = 0.05, stop: float = 0.95, step: float = 0.05) -> np.ndarray:
    """Normalised FPcost values of a cost-ratio axis, from ``start`` to ``stop`` inclusive.

    The thesis's MTMCS charts use FPcost/FNcost = 0.05/0.95, 0.10/0.90, ..., 0.95/0.05
    (thesis 5.6: left side [0.05/0.95, 0.45/0.55], right side [0.55/0.45, 0.95/0.05]).

    Parameters
    ----------
    start, stop : float
        First and last FPcost, strictly between 0 and 1, ``start <= stop``.
    step : float
        Spacing in (0, 1].

    Returns
    -------
    ndarray
        FPcost values; FNcost is ``1 - fp_cost``.

    Examples
    --------
    >>> cost_ratio_grid(0.4, 0.6, 0.05)
    array([0.4 , 0.45, 0.5 , 0.55, 0.6 ])
    """
    start, stop = check_cost_range(start, stop)
    step = check_step(step)
    n = int(np.floor((stop - start) / step + _TOL))
    grid = np.round(start + step * np.arange(n + 1), _DECIMALS)
    return check_fp_costs(grid)


def format_cost_ratio(fp_cost: Any, decimals: int = 2) -> str:
    """Write a normalised FPcost as the thesis writes cost ratios, e.g. ``'0.05/0.95'``.

    >>> format_cost_ratio(0.05)
    '0.05/0.95'
    """
    fp = float(fp_cost)
    return f"{fp:.{decimals}f}/{1 - fp:.{decimals}f}"


def total_misclassification_cost(
    fn_rate: ArrayLike, fp_rate: ArrayLike, fn_cost: Any, fp_cost: Any
) -> Any:
    """Total misclassification cost in percent.

    .. math:: TMC(r) = (FNRate \\cdot FNcost + FPRate \\cdot FPcost) \\cdot 100

    (thesis 4.1 and 4.2.1; the rates make TMC lie in [0, 100] for every dataset size).

    Parameters
    ----------
    fn_rate, fp_rate : float or ndarray
        FN / (FN + TP) and FP / (FP + TN), in [0, 1].
    fn_cost, fp_cost : float or ndarray
        Normalised costs.

    Examples
    --------
    Two of ten positives missed and one of ten negatives flagged, at costs 0.2/0.8:

    >>> round(total_misclassification_cost(0.2, 0.1, fn_cost=0.8, fp_cost=0.2), 6)
    18.0
    """
    result = 100.0 * (np.asarray(fn_rate) * fn_cost + np.asarray(fp_rate) * fp_cost)
    return float(result) if np.ndim(result) == 0 else result


def classify(
    y_score: Any, threshold: float, *, score_of: str = "positive", fn_cost: Any = None
) -> np.ndarray:
    """Label instances positive or negative at a threshold.

    On positive-class scores (scikit-learn's convention) an instance is positive when
    ``y_score >= threshold``. With ``score_of="negative"``, ``y_score`` is P(class 1), the
    negative class's probability, and the cost-sensitive rules of Al-Saffar (2018, sec. 4.5)
    apply: if FNcost >= FPcost (rules 1 and 2), class 1 (negative) when P(class 1) >= threshold,
    otherwise class 2 (positive); else (rules 3 and 4), class 2 when P(class 1) <= threshold,
    otherwise class 1.

    Parameters
    ----------
    y_score : array-like
        The positive class's score of each instance, or with ``score_of="negative"`` P(class 1).
    threshold : float
        Classification threshold.
    score_of : {"positive", "negative"}
        Which class ``y_score`` scores (see :func:`costlab.metrics.mtmcs_curve`).
    fn_cost : float, optional
        Normalised FNcost (FPcost = 1 - fn_cost); needed, and used, only with
        ``score_of="negative"``, where it picks the side's rule.

    Returns
    -------
    ndarray of bool
        True where the instance is assigned to the positive class.

    Examples
    --------
    >>> classify([0.25, 0.20, 0.15], threshold=0.2)
    array([ True,  True, False])

    Table 4 of Al-Saffar (2018): FNcost = 0.8, initial threshold 0.8 on P(class 1).

    >>> classify([0.75, 0.80, 0.85], threshold=0.8, score_of="negative", fn_cost=0.8)
    array([ True, False, False])
    """
    p = np.asarray(y_score, dtype=np.float64)
    check_param("threshold", threshold, _THRESHOLD)
    if np.isnan(p).any():
        raise ValueError(
            f"y_score contains {int(np.isnan(p).sum())} NaN value(s); every instance needs a score."
        )
    if check_score_of(score_of) == "positive":
        return p >= threshold
    if fn_cost is None:
        raise ValueError(
            "fn_cost is needed with score_of='negative': the thesis's rule depends on the side "
            "of the cost ratio (FNcost >= FPcost or not)."
        )
    if fn_cost >= 1.0 - fn_cost:
        return ~(p >= threshold)
    return p <= threshold


def _mtmcs_values(mtmcs, decimals):
    _check_decimals(decimals)
    values = np.asarray(mtmcs, dtype=np.float64)
    if values.ndim != 1 or values.size == 0:
        raise ValueError(f"mtmcs must be a non-empty 1-D sequence, got shape {values.shape}.")
    if np.any(np.isnan(values)):
        raise ValueError("mtmcs contains NaN.")
    return values if decimals is None else np.round(values, decimals)


def mtmcr(mtmcs: ArrayLike, decimals: int | None = None) -> float:
    """Minimum total misclassification cost of a range of cost ratios.

    .. math:: MTMCR([r_1, r_2]) = \\sum_{r=r_1}^{r_2} MTMCS(r)

    (thesis 4.1 and 4.2.2.1).

    Parameters
    ----------
    mtmcs : array-like
        MTMCS values (percent) at the cost ratios of the range.
    decimals : int, optional
        Round each MTMCS to this many decimals before summing. The thesis's published MTMCR
        values are sums of per-ratio MTMCS rounded to 2 decimals (see the documentation page
        *Class orientation, row order and rounding*, docs/facts/class-orientation.md).

    Examples
    --------
    Figure 8 of the thesis, classifier 1:

    >>> mtmcr([13, 26, 40])
    79.0
    """
    return float(np.sum(_mtmcs_values(mtmcs, decimals)))


def cost_sensitivity(mtmcs: ArrayLike, decimals: int | None = None) -> float:
    """Cost sensitivity: highest MTMCS minus lowest MTMCS in the range (thesis 4.2.2.2).

    .. math:: Cost\\ Sensitivity = Highest\\ MTMCS - Lowest\\ MTMCS

    >>> cost_sensitivity([13, 26, 40])
    27.0
    """
    values = _mtmcs_values(mtmcs, decimals)
    return float(values.max() - values.min())


def cst(mtmcs: ArrayLike, decimals: int | None = None) -> float:
    """Cost and Sensitivity Tradeoff measure (thesis 4.2.2.3, equation after simplification).

    .. math:: CST = MTMCR \\left(1 + \\frac{Cost\\ Sensitivity}{100}\\right)

    where 100 is the largest possible MTMCS. Lower is better.

    Examples
    --------
    Figure 8 of the thesis: CST of classifier 1 is 100.33, of classifier 2 89.6.

    >>> round(cst([13, 26, 40]), 2), round(cst([20, 28, 32]), 2)
    (100.33, 89.6)
    """
    return mtmcr(mtmcs, decimals) * (1.0 + cost_sensitivity(mtmcs, decimals) / 100.0)


def curve_in_range(
    curve: pd.DataFrame, r1: float | None = None, r2: float | None = None
) -> pd.DataFrame:
    """Rows of an MTMCS curve whose FPcost lies in [r1, r2] (None: the curve's own end).

    Parameters
    ----------
    curve : DataFrame
        An MTMCS curve with columns ``fp_cost`` and ``mtmcs`` (see :func:`costlab.mtmcs_curve`).
    r1, r2 : float, optional
        The range as normalised FPcost values, e.g. ``r1=0.05, r2=0.45`` for the thesis's left
        side [0.05/0.95, 0.45/0.55].
    """
    _check_curve("curve", curve)
    fp = curve["fp_cost"].to_numpy()
    lo = fp.min() if r1 is None else r1
    hi = fp.max() if r2 is None else r2
    lo, hi = check_cost_range(lo, hi)
    rows = curve[(fp >= lo - _TOL) & (fp <= hi + _TOL)]
    if rows.empty:
        raise ValueError(
            f"no cost ratio of the curve lies in [{lo:g}, {hi:g}]; the curve covers "
            f"[{fp.min():g}, {fp.max():g}]."
        )
    return rows


def range_summary(
    curves: Any, r1: float | None = None, r2: float | None = None, decimals: int | None = None
) -> pd.DataFrame:
    """MTMCR, cost sensitivity and CST of several classifiers over one range.

    Parameters
    ----------
    curves : Mapping[str, DataFrame]
        Classifier name -> MTMCS curve.
    r1, r2 : float, optional
        The cost-ratio range as normalised FPcost values (default: whole curve).
    decimals : int, optional
        Round each MTMCS first, as the thesis's tables do (see :func:`mtmcr`).

    Returns
    -------
    DataFrame
        One row per classifier: ``classifier, n_ratios, mtmcr, cost_sensitivity, cst``,
        in the order given.
    """
    if not isinstance(curves, Mapping) or not curves:
        raise ValueError("curves must be a non-empty mapping of classifier name -> MTMCS curve.")
    _check_decimals(decimals)
    for name, curve in curves.items():
        _check_curve(f"curves[{name!r}]", curve)
    rows = []
    for name, curve in curves.items():
        values = curve_in_range(curve, r1, r2)["mtmcs"].to_numpy()
        rows.append(
            {
                "classifier": name,
                "n_ratios": values.size,
                "mtmcr": mtmcr(values, decimals),
                "cost_sensitivity": cost_sensitivity(values, decimals),
                "cst": cst(values, decimals),
            }
        )
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class Selection:
    """The classifier recommended for a cost-ratio range (thesis 5.1).

    Attributes
    ----------
    kind : {"robust", "optimal"}
        ``"robust"`` when one classifier's MTMCS is lowest (or tied lowest) at every cost ratio
        of the range (its curve dominates); otherwise ``"optimal"``: the lowest CST.
    classifier : str
        The recommended classifier.
    summary : DataFrame
        The :func:`range_summary` the decision was made from.
    """

    kind: str
    classifier: str
    summary: pd.DataFrame


def select_classifier(
    curves: Any, r1: float | None = None, r2: float | None = None, decimals: int | None = None
) -> Selection:
    """Recommend a robust or an optimal classifier for a range of cost ratios (thesis 5.1).

    If one cost curve dominates the others over [r1, r2] it is the *robust* classifier.
    Otherwise the curves overlap and the classifier with the smallest CST is the *optimal* one
    (thesis 4.2.2.3 and 5.1).

    The curves are compared cost ratio by cost ratio, so they must share the fp_cost grid
    within [r1, r2] (what they hold outside it does not matter); their rows may come in any
    order. Curves on different grids are refused rather than compared on the grids' common
    points: MTMCR and CST sum over the grid, so on different grids they measure different
    things, and a common grid would silently drop ratios from the range.

    Returns
    -------
    Selection

    Raises
    ------
    ValueError
        Naming two classifiers whose curves have different fp_cost grids within [r1, r2].

    Examples
    --------
    Two classifiers' MTMCS curves; over [0.3/0.7, 0.7/0.3] LR's is lowest at every ratio:

    >>> import numpy as np
    >>> from costlab import mtmcs_curve, select_classifier
    >>> y = np.array([0, 0, 0, 1, 1, 1])
    >>> curves = {"LR": mtmcs_curve(y, [0.1, 0.3, 0.6, 0.4, 0.8, 0.9]),
    ...           "NB": mtmcs_curve(y, [0.2, 0.5, 0.4, 0.3, 0.7, 0.6])}
    >>> choice = select_classifier(curves, 0.3, 0.7)
    >>> choice.kind, choice.classifier
    ('robust', 'LR')
    >>> choice.summary[["classifier", "mtmcr", "cst"]].round(2)
      classifier   mtmcr     cst
    0         LR  116.67  124.44
    1         NB  146.67  163.78
    """
    summary = range_summary(curves, r1, r2, decimals)
    rows = {
        name: curve_in_range(c, r1, r2).sort_values("fp_cost", kind="stable")
        for name, c in curves.items()
    }
    _check_shared_grid(rows)
    table = np.vstack([r["mtmcs"].to_numpy() for r in rows.values()])
    if decimals is not None:
        table = np.round(table, decimals)
    names = list(curves)
    dominant = [i for i in range(len(names)) if np.all(table[i] <= table.min(axis=0) + _TOL)]
    if dominant:
        best = min(dominant, key=lambda i: summary["mtmcr"].iloc[i])
        return Selection("robust", names[best], summary)
    best = int(np.argmin(summary["cst"].to_numpy()))
    return Selection("optimal", names[best], summary)


def _check_shared_grid(rows):
    """Raise unless every curve's sorted fp_cost values equal the first curve's (within 1e-9)."""
    (first, grid), *others = ((name, r["fp_cost"].to_numpy()) for name, r in rows.items())
    for name, other in others:
        if other.shape != grid.shape or not np.allclose(other, grid, rtol=0.0, atol=_TOL):
            raise ValueError(
                f"the curves of {first!r} and {name!r} have different fp_cost grids within the "
                f"range ({grid.size} ratios from {grid[0]:g} to {grid[-1]:g}, and {other.size} "
                f"from {other[0]:g} to {other[-1]:g}); select_classifier compares them ratio by "
                "ratio, so the curves must share the fp_cost grid: compute them on the same "
                "fp_costs."
            )
