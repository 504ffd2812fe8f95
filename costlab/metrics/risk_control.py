"""Thresholds whose expected cost is bounded with a guarantee: Learn-then-Test.

Learn-then-Test (Angelopoulos, Bates, Candès, Jordan & Lei 2021) turns the choice of a
threshold into multiple testing: for each candidate threshold t, the null hypothesis "the
expected loss of t exceeds alpha" is tested on held-out calibration data with a valid p-value,
and the thresholds whose nulls are rejected under family-wise error control at delta are, with
probability at least 1 - delta (over the calibration data), all of expected loss at most alpha.

The loss is the thesis's normalised cost of a decision at the cost ratio r = FPcost (FNcost =
1 - r): ``1 - r`` for a false negative, ``r`` for a false positive, 0 otherwise, in [0, 1]. Its
expected value is linear in r, so over a range [r1, r2]:

- the **worst** expected cost is the larger of the two endpoints', and "the worst exceeds
  alpha" is the union of the two endpoints' nulls: the larger of their p-values is a valid
  p-value (an intersection-union test);
- the **mean** expected cost over the range is the expected cost at its midpoint.

The candidates must be fixed before the calibration data are seen (e.g. the ROC convex hull's
thresholds of *other* data: :func:`costlab.metrics.roc_convex_hull` on training scores): chosen
on the calibration data themselves, the guarantee is lost.

p-values for a mean of losses in [0, 1] from n calibration examples with empirical risk R
(Bates et al. 2021, sec. 3; Angelopoulos et al. 2021, sec. 3):

- Hoeffding: ``exp(-n h(min(R, alpha), alpha))``, ``h(a, b) = a log(a / b) + (1 - a)
  log((1 - a) / (1 - b))``;
- Bentkus: ``e P(Binomial(n, alpha) <= ceil(n R))``;
- Hoeffding-Bentkus: the smaller of the two.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.stats import binom

from costlab.metrics._validation import check_labels_scores, check_open_unit

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["RiskControl", "hoeffding_bentkus_pvalue", "learn_then_test"]

_PVALUES = ("hoeffding", "bentkus", "hoeffding-bentkus")
_FWER = ("bonferroni", "fixed-sequence")


def hoeffding_bentkus_pvalue(
    risk: ArrayLike, n: int, alpha: float, *, method: str = "hoeffding-bentkus"
) -> np.ndarray:
    """Valid p-values of "the expected loss exceeds alpha" from empirical risks of n losses in
    [0, 1] (Bates et al. 2021).

    Parameters
    ----------
    risk : array-like
        Empirical risks (mean losses) in [0, 1].
    n : int >= 1
        The number of losses each risk averages.
    alpha : float in (0, 1)
    method : {"hoeffding-bentkus", "hoeffding", "bentkus"}

    Returns
    -------
    ndarray
        One p-value per risk, in (0, 1].

    Examples
    --------
    >>> hoeffding_bentkus_pvalue([0.0, 0.1, 0.3], 100, 0.2).round(6).tolist()
    [0.0, 0.015484, 1.0]
    """
    alpha = float(check_open_unit(alpha, "alpha"))
    if not isinstance(n, numbers.Integral) or n < 1:
        raise ValueError(f"n must be an integer >= 1, got {n!r}.")
    if method not in _PVALUES:
        raise ValueError(f"method must be one of {_PVALUES}, got {method!r}.")
    r = np.asarray(risk, dtype=np.float64)
    if np.any(~np.isfinite(r)) or np.any((r < 0) | (r > 1)):
        raise ValueError("risk must hold empirical risks in [0, 1].")
    a = np.minimum(r, alpha)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = np.where(a > 0, a * np.log(a / alpha), 0.0) + (1 - a) * np.log((1 - a) / (1 - alpha))
    hoeffding = np.exp(-n * h)
    bentkus = np.e * binom.cdf(np.ceil(n * r - 1e-9), n, alpha)
    p = {"hoeffding": hoeffding, "bentkus": bentkus}.get(method, np.minimum(hoeffding, bentkus))
    return np.minimum(p, 1.0)


@dataclass(frozen=True)
class RiskControl:
    """The thresholds that Learn-then-Test certifies (:func:`learn_then_test`).

    Attributes
    ----------
    table : DataFrame
        One row per candidate, in the order given: ``threshold``, ``risk`` (empirical expected
        cost on the calibration data), ``p_value`` and ``passes``.
    alpha, delta : float
    threshold : float or None
        The certified threshold of lowest empirical risk (of equal risks, the first given);
        None when no candidate passes.
    reason : str
        Why none passes (empty when one does).

    Examples
    --------
    >>> control = learn_then_test([0, 0, 1, 1] * 50, [0.1, 0.4, 0.6, 0.9] * 50, [0.5, 0.2],
    ...                           alpha=0.2, delta=0.1, fp_cost=0.5)
    >>> control.threshold, control.passing.tolist()
    (0.5, [0.5, 0.2])
    """

    table: pd.DataFrame
    alpha: float
    delta: float
    threshold: float | None
    reason: str

    @property
    def passing(self) -> np.ndarray:
        """The certified thresholds."""
        return self.table.loc[self.table["passes"], "threshold"].to_numpy()


def learn_then_test(
    y_true: ArrayLike,
    y_score: Any,
    thresholds: ArrayLike,
    *,
    alpha: float,
    delta: float,
    fp_cost: float | None = None,
    cost_range: tuple[float, float] | None = None,
    range_risk: str = "worst",
    fwer: str = "bonferroni",
    pvalue: str = "hoeffding-bentkus",
    pos_label: Any = None,
) -> RiskControl:
    """Certify thresholds whose expected cost is at most ``alpha`` with probability 1 - delta.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Calibration data, not used to choose ``thresholds``; positive iff ``score >=
        threshold``.
    thresholds : array-like
        The candidates, fixed before seeing the calibration data. For ``fwer="fixed-sequence"``
        their order is the testing order (e.g. from the most to the least conservative).
    alpha, delta : float in (0, 1)
        The risk level and the error allowed to the guarantee.
    fp_cost : float in (0, 1), optional
        The cost ratio r (FPcost, FNcost = 1 - r); or give ``cost_range``.
    cost_range : (r1, r2), optional
        A range of cost ratios; ``range_risk`` says what is controlled over it.
    range_risk : {"worst", "mean"}
        The largest expected cost over the range (tested at both ends, intersection-union) or
        its mean (the expected cost at the midpoint).
    fwer : {"bonferroni", "fixed-sequence"}
        Family-wise error control: each p-value against delta / (number of candidates), or
        the candidates tested in order at delta until the first that fails.
    pvalue : {"hoeffding-bentkus", "hoeffding", "bentkus"}
    pos_label : scalar, optional

    Returns
    -------
    RiskControl

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 2000)
    >>> s = np.clip(rng.normal(0.3 + 0.4 * y, 0.15), 0, 1)
    >>> control = learn_then_test(y, s, [0.3, 0.5, 0.7], alpha=0.1, delta=0.1, fp_cost=0.5)
    >>> control.threshold
    0.5
    """
    alpha, delta = float(check_open_unit(alpha, "alpha")), float(check_open_unit(delta, "delta"))
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label)
    candidates = np.asarray(thresholds, dtype=np.float64).ravel()
    if candidates.size == 0 or np.any(np.isnan(candidates)):
        raise ValueError("thresholds must hold at least one candidate, none NaN.")
    ratios = _ratios(fp_cost, cost_range, range_risk)
    n = is_pos.size
    decided = scores[None, :] >= candidates[:, None]
    fn = (~decided & is_pos[None, :]).mean(axis=1)
    fp = (decided & ~is_pos[None, :]).mean(axis=1)
    risks = np.stack([(1 - r) * fn + r * fp for r in ratios])
    p = np.max([hoeffding_bentkus_pvalue(risk, n, alpha, method=pvalue) for risk in risks], 0)
    risk = risks.max(axis=0)
    passes = _reject(p, delta, fwer)
    table = pd.DataFrame({"threshold": candidates, "risk": risk, "p_value": p, "passes": passes})
    if not passes.any():
        best = int(np.argmin(p))
        reason = (
            f"no threshold passes: the smallest p-value, {p[best]:.3g} (threshold "
            f"{candidates[best]:g}, empirical risk {risk[best]:.3g}), is above what {fwer} "
            f"allows at delta={delta:g} with {candidates.size} candidates and {n} calibration "
            "examples; raise alpha or delta, or calibrate on more examples."
        )
        return RiskControl(table, alpha, delta, None, reason)
    chosen = np.flatnonzero(passes)[np.argmin(risk[passes])]
    return RiskControl(table, alpha, delta, float(candidates[chosen]), "")


def _ratios(fp_cost, cost_range, range_risk):
    if (fp_cost is None) == (cost_range is None):
        raise ValueError("give exactly one of fp_cost and cost_range.")
    if fp_cost is not None:
        return [float(check_open_unit(fp_cost, "fp_cost"))]
    r1, r2 = (float(check_open_unit(r, "cost_range")) for r in cost_range)
    if r1 > r2:
        raise ValueError(f"cost_range must be (r1, r2) with r1 <= r2, got {cost_range!r}.")
    if range_risk == "worst":
        return [r1, r2]
    if range_risk == "mean":
        return [(r1 + r2) / 2]
    raise ValueError(f"range_risk must be 'worst' or 'mean', got {range_risk!r}.")


def _reject(p, delta, fwer):
    if fwer == "bonferroni":
        return p <= delta / p.size
    if fwer == "fixed-sequence":
        failed = np.flatnonzero(p > delta)
        passes = np.zeros(p.size, dtype=bool)
        passes[: failed[0] if failed.size else p.size] = True
        return passes
    raise ValueError(f"fwer must be one of {_FWER}, got {fwer!r}.")
