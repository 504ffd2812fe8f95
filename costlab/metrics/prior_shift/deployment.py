"""Costs, net benefit, POSfrac and purity read at an estimated deployment prior, with bands.

Every measure here is a function of the classifier's rates (FPR, TPR), measured on labelled data
from the training distribution, and of the positive class's prior :math:`\\pi'` at deployment,
which is not known but estimated from unlabelled scores
(:func:`~costlab.metrics.prior_shift.estimation.estimate_prior`). A measure is read at the
estimate, and its band is the percentile band of the measure over the estimate's bootstrap
replicates: the spread that the prior's uncertainty alone puts on it (the rates are held at
their measured values; the resampling module's bands give their own spread).

* :func:`costs_at_prior`: the lower envelope of the cost curves (D&H 2000) at the normalised
  FPcost r (FNcost 1 - r), i.e. :math:`PCF(+) = \\pi'(1 - r) / (\\pi'(1 - r) + (1 - \\pi') r)`
  (D&H eq. 6): the expected cost of the best threshold for each r at that prior, in percent of
  the worst, which at :math:`\\pi' = 1/2` is the thesis's MTMCS (Al-Saffar 2018, 4.2.1).
* :func:`net_benefit_at_prior`: net benefit with the prevalence set to the estimate, as dcurves'
  ``prevalence`` override does for a case-control sample (Vickers & Elkin 2006; Kerr et al.
  2016 for sNB):
  :math:`NB = \\pi' TPR - (1 - \\pi') FPR\\, p_t / (1 - p_t) - harm`, treat-all
  :math:`\\pi' - (1 - \\pi') p_t / (1 - p_t)`, and the net interventions avoided per 100
  instances, :math:`100 (NB - NB_{all}) / (p_t / (1 - p_t))`.
* :func:`operating_point_at_prior`: Landgrebe et al.'s POSfrac and purity (2004, eqs. 5-6) at
  an operating point fixed by TPr, POSfrac or purity, at the estimated prior.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import check_open_unit, check_threshold_probabilities
from costlab.metrics.engine.envelope import cost_envelope
from costlab.metrics.engine.pcf import pcf_cost_proportion
from costlab.metrics.prior_shift.estimation import PriorEstimate, clip_prior
from costlab.metrics.prior_shift.posfrac_purity import prior_operating_curves
from costlab.metrics.threshold_choice.decision_curve import decision_curve
from costlab.validation import Interval, check_param

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

_HARM = Interval(numbers.Real, 0.0, math.inf, closed="left")  # finite and >= 0

__all__ = ["costs_at_prior", "net_benefit_at_prior", "operating_point_at_prior", "read_at_prior"]


@dataclass(frozen=True)
class _Priors:
    """The estimate and its replicates as one array: index 0 the estimate."""

    values: np.ndarray
    confidence: float


def _priors(estimate):
    if isinstance(estimate, numbers.Real) and not isinstance(estimate, bool):
        prior = float(check_open_unit(estimate, "estimate"))
        return _Priors(np.array([prior, prior]), 0.95)  # a known prior: no band
    if not isinstance(estimate, PriorEstimate):
        raise TypeError(
            "estimate must be a PriorEstimate (from costlab.metrics.estimate_prior) or a known "
            f"prior in (0, 1), got {type(estimate).__name__}."
        )
    replicates = estimate.replicates[np.isfinite(estimate.replicates)]
    if replicates.size == 0:
        raise ValueError(
            f"estimate has no finite bootstrap replicate ({estimate.replicates.size} replicates, "
            f"estimate {estimate.prior!r}), so there is no band to read: re-estimate with more "
            "unlabelled or labelled instances, or pass a known prior in (0, 1) as a float."
        )
    if not np.isfinite(estimate.prior):
        raise ValueError(f"estimate.prior must be a number in [0, 1], got {estimate.prior!r}.")
    values = np.concatenate(([estimate.prior], replicates))
    # a prior of exactly 0 or 1 leaves no class to weigh: read just inside
    return _Priors(clip_prior(values), estimate.confidence)


def read_at_prior(measure: Any, estimate: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A measure of the prior read at an estimate, with the band over its replicates.

    Parameters
    ----------
    measure : callable
        ``measure(priors) -> array`` of shape ``(len(priors), ...)``: the quantity at each
        prior of a 1-D array.
    estimate : PriorEstimate or float
        From :func:`~costlab.metrics.prior_shift.estimation.estimate_prior`; a float in (0, 1)
        is a known prior (the band is then the value itself).

    Returns
    -------
    value, low, high : ndarray
        The measure at the estimate, and the percentile band (at the estimate's confidence)
        over the replicates.

    Examples
    --------
    >>> from costlab.metrics import estimate_prior
    >>> est = estimate_prior([0.9, 0.2, 0.1, 0.3], train_prior=0.5, n_resamples=100)
    >>> value, low, high = read_at_prior(lambda p: 2 * p, est)
    >>> bool(low <= value <= high)
    True
    """
    priors = _priors(estimate)
    values = np.asarray(measure(priors.values), dtype=np.float64)
    alpha = 1.0 - priors.confidence
    low, high = np.nanquantile(values[1:], [alpha / 2, 1 - alpha / 2], axis=0)
    return values[0], low, high


def costs_at_prior(
    y_true: ArrayLike,
    y_score: Any,
    estimate: Any,
    fp_costs: ArrayLike,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """The cost-curve envelope at the estimated prior, for normalised FPcosts ``fp_costs``.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Labelled data from the training distribution and the classifier's scores on it.
    estimate : PriorEstimate or float
        The deployment prior.
    fp_costs : array-like of float in (0, 1)
        Normalised FPcost r (FNcost 1 - r).
    pos_label, sample_weight :
        As for :func:`costlab.metrics.cost_envelope`.

    Returns
    -------
    DataFrame
        One row per r: ``fp_cost``, ``pcf`` (at the estimate), ``cost`` (100 NE[C] of the best
        threshold, percent of the worst) and its band ``cost_low``, ``cost_high``.
    """
    r = np.atleast_1d(np.asarray(fp_costs, dtype=np.float64))
    if r.ndim != 1 or not np.all((r > 0) & (r < 1)):
        raise ValueError(f"fp_costs must be normalised FPcosts strictly between 0 and 1, got {r}.")
    envelope = cost_envelope(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)

    def cost(priors):
        pcf = pcf_cost_proportion(r[None, :], priors[:, None])
        return 100.0 * envelope(pcf.ravel()).reshape(pcf.shape)

    value, low, high = read_at_prior(cost, estimate)
    return pd.DataFrame(
        {
            "fp_cost": r,
            "pcf": pcf_cost_proportion(r, _priors(estimate).values[0]),
            "cost": value,
            "cost_low": low,
            "cost_high": high,
        }
    )


def net_benefit_at_prior(
    y_true: ArrayLike,
    y_score: Any,
    estimate: Any,
    p_t: ArrayLike,
    *,
    harm: float = 0.0,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """Net benefit, treat-all and interventions avoided at the estimated prevalence.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Labelled data (any class balance, e.g. a case-control sample) and the classifier's
        probabilities of the positive class on it; only its TPR and FPR at each p_t are used.
    estimate : PriorEstimate or float
        The prevalence at deployment.
    p_t : array-like of float in [0, 1)
        Threshold probabilities (treat when the score reaches p_t).
    harm : float, default 0
        Harm of the test or model itself, in units of the benefit of one true positive,
        subtracted from the model's net benefit (as dcurves' ``harm``).
    pos_label, sample_weight :
        As for :func:`costlab.metrics.decision_curve`.

    Returns
    -------
    DataFrame
        One row per p_t: ``p_t``, ``net_benefit`` with ``net_benefit_low``/``_high``,
        ``treat_all`` with its band, ``interventions_avoided`` (net, per 100 instances) with
        its band.
    """
    p = np.atleast_1d(check_threshold_probabilities(p_t)).astype(np.float64)
    harm = float(check_param("harm", harm, _HARM))
    fpr, tpr = decision_curve(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    ).loss.rates(p)
    odds = p / (1.0 - p)

    def readings(priors):
        pi = priors[:, None]
        model = pi * tpr - (1.0 - pi) * fpr * odds - harm
        everyone = pi - (1.0 - pi) * odds
        with np.errstate(divide="ignore", invalid="ignore"):
            avoided = np.where(odds > 0, 100.0 * (model - everyone) / odds, np.nan)
        return np.stack((model, everyone, avoided), axis=-1)

    value, low, high = read_at_prior(readings, estimate)
    out = {"p_t": p}
    for k, name in enumerate(("net_benefit", "treat_all", "interventions_avoided")):
        out[name], out[f"{name}_low"], out[f"{name}_high"] = value[:, k], low[:, k], high[:, k]
    return pd.DataFrame(out)


def operating_point_at_prior(
    y_true: ArrayLike, y_score: Any, estimate: Any, *, tpr: float | None = None,
    posfrac: float | None = None, purity: float | None = None, pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:  # fmt: skip
    """POSfrac and purity at the estimated prior, at an operating point fixed by one condition.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,)
        Labelled data and scores.
    estimate : PriorEstimate or float
        The target class's prior at deployment.
    tpr, posfrac, purity : float
        Exactly one: the operating condition (see
        :func:`costlab.metrics.operating_point`).
    pos_label, sample_weight :
        As for :func:`costlab.metrics.prior_operating_curves`.

    Returns
    -------
    DataFrame
        One row: the operating point at the estimate (``prior, tpr, fpr, posfrac, purity,
        threshold, p_at_threshold``) and the bands ``posfrac_low``, ``posfrac_high``,
        ``purity_low``, ``purity_high`` (and ``tpr_low``, ``tpr_high`` when the condition is
        not TPr, as the point then moves with the prior).
    """
    priors = _priors(estimate)
    curves = prior_operating_curves(
        y_true, y_score, priors.values, pos_label=pos_label, sample_weight=sample_weight
    )
    table = curves.at(tpr=tpr, posfrac=posfrac, purity=purity)
    row = table.iloc[[0]].reset_index(drop=True)
    alpha = 1.0 - priors.confidence
    for column in ("posfrac", "purity") + (() if tpr is not None else ("tpr",)):
        low, high = np.nanquantile(table[column].to_numpy()[1:], [alpha / 2, 1 - alpha / 2])
        row[f"{column}_low"], row[f"{column}_high"] = low, high
    return row
