"""A classifier chosen on balanced data and deployed where the prior has moved: an experiment.

:func:`deployment_shift` trains a :class:`~costlab.classifiers.CostRangeThresholdClassifier`
on a class-balanced sample of a dataset, deploys it on the rest of the data subsampled to a
rare positive class (1 % by default), and compares the threshold kept from training with the
thresholds moved to the deployment prior as estimated from the deployment's unlabelled
instances by each estimator of :func:`costlab.metrics.estimate_prior`, and with the threshold
for the true deployment prior (known here because the deployment's labels are held back). Costs
are counted on the deployment's labels, so the comparison is against the truth, not a model.
"""

from __future__ import annotations

import copy
import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import pandas as pd

from costlab.classifiers import CostRangeThresholdClassifier, make_classifier
from costlab.datasets import Dataset
from costlab.metrics import PRIOR_METHODS, PriorEstimate, clip_prior
from costlab.validation import InstanceOf, Interval, check_param

if TYPE_CHECKING:
    from typing import Any

_DATASET = InstanceOf(Dataset, "a costlab Dataset (costlab.datasets.load_dataset, from_frame)")
_PER_CLASS = Interval(numbers.Integral, 2, None, closed="left")

__all__ = ["ShiftReport", "deployment_shift"]


@dataclass
class ShiftReport:
    """What :func:`deployment_shift` found.

    Attributes
    ----------
    estimates : DataFrame
        One row per estimator: ``method, prior, low, high, covers`` (the true prior inside the
        interval).
    policies : DataFrame
        One row per way of setting the threshold (kept from training, moved to each estimate,
        moved to the true prior): ``threshold, threshold_low, threshold_high`` (at the ends of
        the prior's interval), ``false_positives, false_negatives`` and ``cost_per_1000`` on
        the deployment's labels at the normalised FPcost ``fp_cost``.
    true_prior, train_prior : float
    fp_cost : float
    model : CostRangeThresholdClassifier
        Fitted on the balanced training sample (thresholds for the training prior).
    prior_estimates : dict of str -> PriorEstimate
    oof_is_pos, oof_scores : ndarray
        The out-of-fold labels (positive?) and scores of the training sample.
    """

    estimates: pd.DataFrame
    policies: pd.DataFrame
    true_prior: float
    train_prior: float
    fp_cost: float
    model: CostRangeThresholdClassifier
    prior_estimates: dict
    oof_is_pos: np.ndarray
    oof_scores: np.ndarray

    def to_markdown(self) -> str:
        """Both tables as Markdown, ready to paste."""
        return (
            f"Deployment prior {self.true_prior:.4g} (training {self.train_prior:.3g}), "
            f"normalised FPcost {self.fp_cost:g}\n\n"
            + self.estimates.to_markdown(index=False, floatfmt=".4g")
            + "\n\n"
            + self.policies.to_markdown(index=False, floatfmt=".4g")
        )


def _split(y, train_per_class, deployment_prior, rng):
    """Rows of a balanced training sample and of a deployment at ``deployment_prior``."""
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    if train_per_class is None:
        train_per_class = min(pos.size, neg.size) // 4
    if not 2 <= train_per_class < min(pos.size, neg.size):
        raise ValueError(
            f"train_per_class must leave rows of both classes for deployment: at most "
            f"{min(pos.size, neg.size) - 1}, got {train_per_class}."
        )
    pos, neg = rng.permutation(pos), rng.permutation(neg)
    train = np.sort(np.concatenate((pos[:train_per_class], neg[:train_per_class])))
    rest_pos, rest_neg = pos[train_per_class:], neg[train_per_class:]
    n_pos = round(deployment_prior / (1 - deployment_prior) * rest_neg.size)
    if n_pos > rest_pos.size:  # too few positives left: fewer negatives instead
        n_pos = rest_pos.size
        rest_neg = rest_neg[: round(n_pos * (1 - deployment_prior) / deployment_prior)]
    if n_pos < 1:
        raise ValueError(
            f"deployment_prior {deployment_prior:g} leaves no positive in a deployment of "
            f"{rest_neg.size} negatives; use a larger dataset or prior."
        )
    return train, np.sort(np.concatenate((rest_pos[:n_pos], rest_neg)))


def _cost(y, predicted, fp_cost):
    fp = int(np.sum((predicted == 1) & (y == 0)))
    fn = int(np.sum((predicted == 0) & (y == 1)))
    return fp, fn, 1000.0 * (fp * fp_cost + fn * (1 - fp_cost)) / y.size


def deployment_shift(
    dataset: Any,
    *,
    classifier: Any = "NaiveBayes",
    deployment_prior: float = 0.01,
    train_per_class: int | None = None,
    cost_range: tuple[float, float] = (0.3, 0.7),
    fp_cost: Any = 0.5,
    methods: Any = PRIOR_METHODS,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    random_state: Any = 0,
) -> ShiftReport:
    """Train on balanced data, deploy at a shifted prior, and see what estimating it buys.

    Parameters
    ----------
    dataset : Dataset
        Any costlab dataset (``X``, ``y_binary``).
    classifier : str, default "NaiveBayes"
        A registered classifier (:func:`costlab.classifiers.make_classifier`); EM reads its
        probabilities as calibrated at the training prior.
    deployment_prior : float in (0, 1), default 0.01
        The positive class's share of the deployment.
    train_per_class : int, optional
        Training instances per class (default a quarter of the smaller class).
    cost_range : (float, float), default (0.3, 0.7)
        The classifier's range of normalised FPcosts (its ``decision_threshold_``).
    fp_cost : float in (0, 1), default 0.5
        The normalised FPcost at deployment (FNcost 1 - fp_cost): the threshold used is the
        hull threshold optimal there at the policy's prior.
    methods : sequence of {"em", "bbse", "acc"}
        The estimators to compare.
    n_resamples, confidence :
        Their bootstrap intervals.
    random_state : int, default 0
        Seeds the split, the folds and the intervals.

    Returns
    -------
    ShiftReport

    Examples
    --------
    A small synthetic problem, deployed where positives are 1 in 10:

    >>> from costlab.datasets import twonorm
    >>> from costlab.evaluation import deployment_shift
    >>> report = deployment_shift(twonorm(2_000, random_state=0), deployment_prior=0.1,
    ...                           train_per_class=100, n_resamples=20)
    >>> sorted(report.prior_estimates)
    ['acc', 'bbse', 'em']
    """
    deployment_prior = _check_shift(dataset, train_per_class, deployment_prior, methods)
    rng = np.random.default_rng(random_state)
    y = np.asarray(dataset.y_binary)
    train, deploy = _split(y, train_per_class, deployment_prior, rng)
    estimator = make_classifier(classifier, random_state=random_state)
    model = CostRangeThresholdClassifier(
        estimator, cost_range=cost_range, cv=10, random_state=random_state
    ).fit(dataset.X.iloc[train], y[train])
    deployment = _Deployment(dataset.X.iloc[deploy], y[deploy], fp_cost)
    bootstrap = {"n_resamples": n_resamples, "confidence": confidence}
    estimates, rows, found = _compare_policies(model, deployment, methods, bootstrap, random_state)
    return ShiftReport(
        estimates=pd.DataFrame(estimates),
        policies=pd.DataFrame(rows),
        true_prior=deployment.true_prior,
        train_prior=model.train_prior_,
        fp_cost=float(fp_cost),
        model=model,
        prior_estimates=found,
        oof_is_pos=model.oof_is_pos_,
        oof_scores=model.oof_scores_,
    )


def _check_shift(dataset, train_per_class, deployment_prior, methods):
    """Validate :func:`deployment_shift`'s inputs; the deployment prior as a float."""
    check_param("dataset", dataset, _DATASET)
    check_param("train_per_class", train_per_class, _PER_CLASS, None)
    deployment_prior = float(deployment_prior)
    if not 0.0 < deployment_prior < 1.0:
        raise ValueError(
            f"deployment_prior must lie strictly between 0 and 1, got {deployment_prior!r}."
        )
    unknown = [m for m in methods if m not in PRIOR_METHODS]
    if unknown:
        raise ValueError(f"methods must be among {PRIOR_METHODS}, got {unknown}.")
    return deployment_prior


class _Deployment(NamedTuple):
    """The deployment's instances, their held-back labels and the FPcost it is run at."""

    X: pd.DataFrame
    y: np.ndarray
    fp_cost: float

    @property
    def true_prior(self):
        return float(self.y.mean())


def _compare_policies(model, deployment, methods, bootstrap, random_state):
    """The kept threshold, one moved to each method's estimate, and one moved to the true prior:
    ``(estimate rows, policy rows, {method: PriorEstimate})``."""
    true_prior = deployment.true_prior
    rows = [_policy(f"kept from training (prior {model.train_prior_:.3g})", model, deployment)]
    estimates, found = [], {}
    for method in methods:
        adapted = copy.deepcopy(model).adapt_prior(
            deployment.X, method=method, random_state=random_state, **bootstrap
        )
        est: PriorEstimate = adapted.prior_estimate_
        found[method] = est
        estimates.append(
            {
                "method": method, "prior": est.prior, "low": est.low, "high": est.high,
                "covers": bool(est.low <= true_prior <= est.high),
            }
        )  # fmt: skip
        rows.append(_policy(f"moved to the {method} estimate", adapted, deployment, est))
    oracle = copy.deepcopy(model).adapt_prior(prior=true_prior)
    rows.append(_policy(f"moved to the true prior ({true_prior:.4g})", oracle, deployment))
    return estimates, rows, found


def _policy(name, fitted, deployment, estimate=None):
    """One policy's row: its threshold at the deployment's FPcost, the thresholds at the ends
    of ``estimate``'s interval, and its errors and cost on the deployment's labels."""
    fp_cost = deployment.fp_cost
    threshold = fitted.threshold_for(fp_cost)
    low, high = threshold, threshold
    if estimate is not None:  # the thresholds at the ends of the prior's interval
        ends = [
            copy.deepcopy(fitted).adapt_prior(prior=clip_prior(p)).threshold_for(fp_cost)
            for p in (estimate.low, estimate.high)
        ]
        low, high = min(ends), max(ends)
    predicted = fitted.predict(deployment.X, fp_cost=fp_cost)
    fp, fn, cost = _cost(deployment.y, predicted, fp_cost)
    return {
        "policy": name, "threshold": threshold, "threshold_low": low,
        "threshold_high": high, "false_positives": fp, "false_negatives": fn,
        "cost_per_1000": cost,
    }  # fmt: skip
