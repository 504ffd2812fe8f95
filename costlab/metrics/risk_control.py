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

Four risks, each the mean of a loss in [0, 1]:

- ``risk="cost"`` at one ratio or over a range (above);
- ``risk="cost"`` with ``costs``, a :class:`~costlab.metrics.CostModel` of costs that belong to
  each example: the loss is the decision's **regret** (``fn - tp`` for a missed positive,
  ``fp - tn`` for a false alarm, 0 for a correct decision) divided by ``max_cost``, a bound on
  the regret known before the calibration data are seen;
- ``risk="miss_rate"`` (1 - recall: the loss is a miss, averaged over the positives) and
  ``risk="false_alarm_rate"`` (the false positive rate, over the negatives): the 0/1 risks that
  MAPIE's controller offers, here over the hull's thresholds.

p-values for a mean of n losses in [0, 1] with empirical risk R (Bates, Angelopoulos, Lei,
Malik & Jordan 2021, sec. 3.1; Angelopoulos et al. 2021, sec. 3):

- Hoeffding: ``exp(-n h(min(R, alpha), alpha))``, ``h(a, b) = a log(a / b) + (1 - a)
  log((1 - a) / (1 - b))``;
- Bentkus: ``e P(Binomial(n, alpha) <= ceil(n R))``; for losses of 0 or 1 (the rates, or
  costs whose regrets are 0 or 1) the binomial tail itself, without the factor e (Angelopoulos
  et al. 2021, sec. 3.2), which :func:`learn_then_test` uses when every loss is 0 or 1;
- Hoeffding-Bentkus: the smaller of the two;
- betting (Waudby-Smith & Ramdas 2024; the "WSR" bound of Bates et al. 2021, sec. 3.1.3):
  ``1 / max_i K_i`` with the capital ``K_i = prod_{j <= i} (1 - nu_j (L_j - alpha))`` of
  predictable bets ``nu_j = min(1, sqrt(2 log(1 / delta) / (n sigma_{j-1}^2)))`` against the
  null, ``sigma`` the running variance; by Ville's inequality valid for any order of the
  losses, and tighter than Hoeffding-Bentkus when the losses vary little (costs in {0, r,
  1 - r}).
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.stats import binom

from costlab.metrics._validation import check_labels_scores, check_open_unit
from costlab.metrics.engine.hull import roc_convex_hull

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "RiskControl",
    "betting_pvalue",
    "hoeffding_bentkus_pvalue",
    "hull_candidates",
    "learn_then_test",
]

_PVALUES = ("hoeffding-bentkus", "hoeffding", "bentkus", "betting")
_FWER = ("bonferroni", "fixed-sequence")
_RISKS = ("cost", "miss_rate", "false_alarm_rate")


def hoeffding_bentkus_pvalue(
    risk: ArrayLike,
    n: int,
    alpha: float,
    *,
    method: str = "hoeffding-bentkus",
    binary: bool = False,
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
    binary : bool, default False
        The losses are 0 or 1: then n R misses follow a binomial law and its tail
        ``P(Binomial(n, alpha) <= n R)`` is itself a valid p-value, e times smaller than
        Bentkus's (Angelopoulos et al. 2021, sec. 3.2).

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
    if method not in _PVALUES[:3]:
        raise ValueError(f"method must be one of {_PVALUES[:3]}, got {method!r}.")
    r = np.asarray(risk, dtype=np.float64)
    if np.any(~np.isfinite(r)) or np.any((r < 0) | (r > 1)):
        raise ValueError("risk must hold empirical risks in [0, 1].")
    a = np.minimum(r, alpha)
    with np.errstate(divide="ignore", invalid="ignore"):
        h = np.where(a > 0, a * np.log(a / alpha), 0.0) + (1 - a) * np.log((1 - a) / (1 - alpha))
    hoeffding = np.exp(-n * h)
    bentkus = (1.0 if binary else np.e) * binom.cdf(np.ceil(n * r - 1e-9), n, alpha)
    p = {"hoeffding": hoeffding, "bentkus": bentkus}.get(method, np.minimum(hoeffding, bentkus))
    return np.minimum(p, 1.0)


def betting_pvalue(losses: ArrayLike, alpha: float, *, delta: float = 0.1) -> np.ndarray:
    """Valid p-values of "the expected loss exceeds alpha" by betting against it (Waudby-Smith
    and Ramdas 2024, the "WSR" bound of Bates et al. 2021).

    Each row of ``losses`` is one hypothesis's losses, in the order they are bet on. The capital
    ``K_i = prod_{j <= i} (1 - nu_j (L_j - alpha))`` is a nonnegative supermartingale when the
    expected loss is at least alpha, so ``1 / max_i K_i`` is a valid p-value (Ville's
    inequality). The bets are predictable: ``nu_j = min(1, sqrt(2 log(1 / delta) / (n
    sigma_{j-1}^2)))``, with ``sigma_j^2 = (1/4 + sum_{k <= j} (L_k - mu_k)^2) / (j + 1)`` and
    ``mu_k = (1/2 + sum_{i <= k} L_i) / (k + 1)``.

    Parameters
    ----------
    losses : array-like of shape (n,) or (m, n)
        Losses in [0, 1].
    alpha : float in (0, 1)
    delta : float in (0, 1), default 0.1
        The level the bets are sized for (not a condition of validity): the level each
        p-value will be compared with.

    Returns
    -------
    ndarray of shape (m,)
        One p-value per row, in (0, 1].

    Examples
    --------
    >>> betting_pvalue([[0.0] * 50, [0.1, 0.3] * 25, [0.5] * 50], 0.2).round(6).tolist()
    [0.000124, 0.933319, 1.0]
    """
    alpha = float(check_open_unit(alpha, "alpha"))
    delta = float(check_open_unit(delta, "delta"))
    loss = np.atleast_2d(np.asarray(losses, dtype=np.float64))
    if loss.ndim != 2 or loss.shape[1] == 0:
        raise ValueError("losses must be a 1-d or 2-d array with at least one loss per row.")
    if np.any(~np.isfinite(loss)) or np.any((loss < 0) | (loss > 1)):
        raise ValueError("losses must hold losses in [0, 1].")
    n = loss.shape[1]
    steps = np.arange(1, n + 1)
    mu = (0.5 + np.cumsum(loss, axis=1)) / (steps + 1)
    sigma2 = (0.25 + np.cumsum((loss - mu) ** 2, axis=1)) / (steps + 1)
    sigma2 = np.concatenate([np.full((loss.shape[0], 1), 0.25), sigma2[:, :-1]], axis=1)
    nu = np.minimum(np.sqrt(2 * np.log(1 / delta) / (n * sigma2)), 1.0)
    with np.errstate(divide="ignore"):
        log_capital = np.cumsum(np.log1p(-nu * (loss - alpha)), axis=1)
    return np.minimum(np.exp(-np.maximum(log_capital.max(axis=1), 0.0)), 1.0)


def hull_candidates(
    y_true: ArrayLike,
    y_score: Any,
    *,
    fp_cost: float | None = None,
    cost_range: tuple[float, float] | None = None,
    range_risk: str = "worst",
    pos_label: Any = None,
) -> np.ndarray:
    """The thresholds worth certifying, chosen on data kept apart from the calibration data:
    the vertices of their ROC convex hull, in a testing order.

    Only a hull vertex can be the optimal threshold at some cost ratio (Drummond & Holte 2000):
    h vertices instead of a grid of a hundred thresholds, so Bonferroni's price is h and a
    fixed sequence can follow the vertices' costs.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        A tuning split (e.g. the training data's out-of-fold scores), not the calibration data.
    fp_cost, cost_range, range_risk :
        When given, the vertices are ordered by their expected cost on these data, lowest first
        (as :func:`learn_then_test` computes it): the order for ``fwer="fixed-sequence"``.
        Otherwise from the highest threshold (fewest positives) to the lowest.
    pos_label : scalar, optional

    Returns
    -------
    ndarray
        The hull's thresholds (``inf``, calling every example negative, included).

    Examples
    --------
    >>> hull_candidates([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).tolist()
    [inf, 0.8, 0.35, 0.1]
    >>> hull_candidates([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], fp_cost=0.5).tolist()
    [0.8, 0.35, inf, 0.1]
    """
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label)
    thresholds = roc_convex_hull(is_pos, scores, pos_label=True).thresholds
    if fp_cost is None and cost_range is None:
        return thresholds
    ratios = _ratios(fp_cost, cost_range, range_risk)
    decided = scores[None, :] >= thresholds[:, None]
    risk = np.max([_class_loss(decided, is_pos, r).mean(axis=1) for r in ratios], axis=0)
    return thresholds[np.argsort(risk, kind="stable")]


@dataclass(frozen=True)
class RiskControl:
    """The thresholds that Learn-then-Test certifies (:func:`learn_then_test`).

    Attributes
    ----------
    table : DataFrame
        One row per candidate, in the order given: ``threshold``, ``risk`` (empirical risk on
        the calibration data; over a range, the larger of its ends'), ``p_value`` and
        ``passes``.
    alpha, delta : float
    threshold : float or None
        The certified threshold of lowest empirical cost (of equal costs, the first given); for
        ``risk="miss_rate"`` the highest certified threshold (the fewest false alarms), for
        ``"false_alarm_rate"`` the lowest (the fewest misses). None when no candidate passes.
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
    risk: str = "cost",
    fp_cost: float | None = None,
    cost_range: tuple[float, float] | None = None,
    range_risk: str = "worst",
    costs: Any = None,
    max_cost: float | None = None,
    fwer: str = "bonferroni",
    pvalue: str = "hoeffding-bentkus",
    pos_label: Any = None,
) -> RiskControl:
    """Certify thresholds whose risk is at most ``alpha`` with probability 1 - delta.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Calibration data, not used to choose ``thresholds``; positive iff ``score >=
        threshold``.
    thresholds : array-like
        The candidates, fixed before seeing the calibration data (:func:`hull_candidates` of a
        tuning split). For ``fwer="fixed-sequence"`` their order is the testing order.
    alpha, delta : float in (0, 1)
        The risk level and the error allowed to the guarantee.
    risk : {"cost", "miss_rate", "false_alarm_rate"}, default "cost"
        The normalised expected cost (give one of ``fp_cost``, ``cost_range`` and
        ``costs``), 1 - recall, or the false positive rate.
    fp_cost : float in (0, 1), optional
        The cost ratio r (FPcost, FNcost = 1 - r).
    cost_range : (r1, r2), optional
        A range of cost ratios; ``range_risk`` says what is controlled over it.
    range_risk : {"worst", "mean"}
        The largest expected cost over the range (tested at both ends, intersection-union) or
        its mean (the expected cost at the midpoint).
    costs : CostModel, optional
        Costs of each calibration example (:func:`~costlab.metrics.cost_model`); the loss is
        the regret of the decision divided by ``max_cost``.
    max_cost : float > 0, optional
        With ``costs``: a bound on any example's regret, known before the calibration data
        (a regret above it is an error); ``alpha`` is then a share of it.
    fwer : {"bonferroni", "fixed-sequence"}
        Family-wise error control: each p-value against delta / (number of candidates), or
        the candidates tested in order at delta until the first that fails.
    pvalue : {"hoeffding-bentkus", "hoeffding", "bentkus", "betting"}
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
    if pvalue not in _PVALUES:
        raise ValueError(f"pvalue must be one of {_PVALUES}, got {pvalue!r}.")
    if fwer not in _FWER:
        raise ValueError(f"fwer must be one of {_FWER}, got {fwer!r}.")
    decided = scores[None, :] >= candidates[:, None]
    losses = _losses(decided, is_pos, risk, fp_cost, cost_range, range_risk, costs, max_cost)
    level = delta / candidates.size if fwer == "bonferroni" else delta
    p = np.max([_pvalues(loss, alpha, level, pvalue) for loss in losses], axis=0)
    empirical = np.max([loss.mean(axis=1) for loss in losses], axis=0)
    passes = _reject(p, delta, fwer)
    table = pd.DataFrame(
        {"threshold": candidates, "risk": empirical, "p_value": p, "passes": passes}
    )
    if not passes.any():
        n = losses[0].shape[1]
        best = int(np.argmin(p))
        reason = (
            f"no threshold passes: the smallest p-value, {p[best]:.3g} (threshold "
            f"{candidates[best]:g}, empirical risk {empirical[best]:.3g}), is above what {fwer} "
            f"allows at delta={delta:g} with {candidates.size} candidates and {n} calibration "
            f"losses; alpha={alpha:g} is below what {n} losses can certify, so raise alpha or "
            "delta, or calibrate on more examples."
        )
        return RiskControl(table, alpha, delta, None, reason)
    passing = np.flatnonzero(passes)
    if risk == "miss_rate":  # every passing one misses few: the fewest positives
        chosen = passing[np.argmax(candidates[passing])]
    elif risk == "false_alarm_rate":  # every passing one alarms rarely: the most positives
        chosen = passing[np.argmin(candidates[passing])]
    else:
        chosen = passing[np.argmin(empirical[passes])]
    return RiskControl(table, alpha, delta, float(candidates[chosen]), "")


def _class_loss(decided, is_pos, r):
    """The normalised cost of each decision at ratio r: 1 - r a miss, r a false alarm."""
    return np.where(is_pos[None, :], (1 - r) * ~decided, r * decided)


def _losses(decided, is_pos, risk, fp_cost, cost_range, range_risk, costs, max_cost):
    """One (candidates, n) matrix of losses per hypothesis the null is the union of."""
    if risk not in _RISKS:
        raise ValueError(f"risk must be one of {_RISKS}, got {risk!r}.")
    if risk != "cost":
        if fp_cost is not None or cost_range is not None or costs is not None:
            raise ValueError(f"risk={risk!r} takes no fp_cost, cost_range or costs.")
        if risk == "miss_rate":
            return [(~decided[:, is_pos]).astype(np.float64)]
        return [decided[:, ~is_pos].astype(np.float64)]
    if costs is not None:
        if fp_cost is not None or cost_range is not None:
            raise ValueError("give exactly one of fp_cost, cost_range and costs.")
        return [_regret_loss(decided, is_pos, costs, max_cost)]
    if max_cost is not None:
        raise ValueError("max_cost bounds the regret of costs; give costs with it.")
    return [_class_loss(decided, is_pos, r) for r in _ratios(fp_cost, cost_range, range_risk)]


def _regret_loss(decided, is_pos, costs, max_cost):
    if max_cost is None:
        raise ValueError(
            "costs needs max_cost: a bound on any example's regret, known before the "
            "calibration data are seen (the losses must lie in [0, 1])."
        )
    bound = float(max_cost)
    if not np.isfinite(bound) or bound <= 0:
        raise ValueError(f"max_cost must be a finite number > 0, got {max_cost!r}.")
    regret = costs.weights(is_pos)
    if regret.max(initial=0.0) > bound:
        i = int(np.argmax(regret))
        raise ValueError(
            f"max_cost={bound:g} is below the regret of example {i}, {regret[i]:g}: it must "
            "bound every example's regret."
        )
    wrong = np.where(is_pos[None, :], ~decided, decided)
    return wrong * (regret / bound)[None, :]


def _pvalues(loss, alpha, level, method):
    if method == "betting":
        return betting_pvalue(loss, alpha, delta=level)
    binary = bool(np.all((loss == 0) | (loss == 1)))
    return hoeffding_bentkus_pvalue(
        loss.mean(axis=1), loss.shape[1], alpha, method=method, binary=binary
    )


def _ratios(fp_cost, cost_range, range_risk):
    if (fp_cost is None) == (cost_range is None):
        raise ValueError("give exactly one of fp_cost and cost_range (or costs).")
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
    failed = np.flatnonzero(p > delta)
    passes = np.zeros(p.size, dtype=bool)
    passes[: failed[0] if failed.size else p.size] = True
    return passes
