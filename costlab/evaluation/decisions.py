"""Per-example decisions against one threshold, cross-validated on data with per-instance costs.

:func:`cross_val_decisions` answers the deployment question of issue 36 on one's own data:
on held-out instances, what do the decisions of an :class:`costlab.classifiers.
ExampleCostClassifier` (each instance decided by its own costs, on calibrated probabilities)
cost, against the best single threshold chosen on the same training data, and against the best
trivial policy (accept everyone or no one, also chosen on the training data)? Each fold's
training rows choose; its test rows pay. The difference comes with a stratified bootstrap
interval over the instances (:func:`costlab.metrics.bootstrap_interval`).
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.model_selection import cross_val_predict

from costlab.classifiers import ExampleCostClassifier, baseline_models
from costlab.evaluation.folds import FOLD_SCHEMES, make_folds
from costlab.metrics import bootstrap_interval, savings_curve
from costlab.metrics.example_costs import CostModel
from costlab.validation import Interval, Options, check_params

if TYPE_CHECKING:
    from typing import Any

__all__ = ["DecisionComparison", "cross_val_decisions"]

#: The policies compared, in the order of every table.
POLICIES = ("per-example", "single threshold", "trivial")

_CONSTRAINTS = {
    "n_folds": [Interval(numbers.Integral, 2, None, closed="left")],
    "seed": [Interval(numbers.Integral, 0, None, closed="left")],
    "folds": [Options(set(FOLD_SCHEMES))],
    "calibration": [Options({"hull", "isotonic", "sigmoid", "none"})],
}


@dataclass(frozen=True)
class DecisionComparison:
    """What each policy cost on the held-out instances of a cross-validation.

    Attributes
    ----------
    dataset, classifier : str
    costs : DataFrame
        One row per instance: its fold, ``y_true`` (1 positive) and what each policy's
        decision on it cost (columns :data:`POLICIES`), in currency units.
    thresholds : DataFrame
        Per fold, the single threshold chosen on its training rows and the trivial policy
        chosen there (``"everyone positive"`` or ``"everyone negative"``).
    interval : tuple of float
        The bootstrap interval (``confidence``) of the total cost of the per-example decisions
        minus the single threshold's (negative: the per-example decisions are cheaper).
    confidence : float
    """

    dataset: str
    classifier: str
    costs: pd.DataFrame
    thresholds: pd.DataFrame
    interval: tuple
    confidence: float

    def summary(self) -> pd.DataFrame:
        """Total cost and savings (over the trivial policy, Correa Bahnsen et al. 2014) of
        each policy over every held-out instance; the per-example row also holds the
        difference to the single threshold with its interval."""
        totals = self.costs[list(POLICIES)].sum()
        frame = pd.DataFrame(
            {
                "policy": list(POLICIES),
                "total_cost": totals.to_numpy(),
                "savings": 1.0 - totals.to_numpy() / totals["trivial"],
            }
        )
        difference = totals["per-example"] - totals["single threshold"]
        frame["minus_single"] = [difference, 0.0, totals["trivial"] - totals["single threshold"]]
        low, high = self.interval
        frame["minus_single_low"] = [low, np.nan, np.nan]
        frame["minus_single_high"] = [high, np.nan, np.nan]
        return frame


def cross_val_decisions(
    dataset: Any,
    estimator: Any = None,
    *,
    costs: CostModel | None = None,
    n_folds: int = 10,
    seed: int = 1,
    folds: str = "weka",
    calibration: str = "isotonic",
    n_resamples: int = 1000,
    confidence: float = 0.95,
    random_state: Any = 0,
) -> DecisionComparison:
    """Per-example decisions, the best single threshold and the best trivial policy, each
    chosen on the training folds and paid for on the held-out ones.

    Parameters
    ----------
    dataset : costlab.datasets.Dataset
        Data with per-instance costs (:meth:`~costlab.datasets.Dataset.with_costs`), or give
        ``costs``.
    estimator : classifier with predict_proba, optional
        Default costlab's logistic regression baseline (nominal columns one-hot encoded,
        :func:`costlab.classifiers.baseline_models`).
    costs : CostModel, optional
        Default ``dataset.costs``.
    n_folds, seed, folds
        The cross-validation (:func:`costlab.evaluation.folds.make_folds`).
    calibration : {"isotonic", "hull", "sigmoid", "none"}
        :class:`~costlab.classifiers.ExampleCostClassifier`'s calibration (5 inner folds).
        The single threshold needs none: it is chosen on the estimator's own scores of the
        training rows, out of fold (5 inner folds), where the training rows cost least, and
        applied to the estimator refitted on them (as scikit-learn's
        ``TunedThresholdClassifierCV`` tunes one).
    n_resamples, confidence, random_state
        The bootstrap interval of the difference (stratified, percentile).

    Returns
    -------
    DecisionComparison

    Examples
    --------
    >>> import dataclasses, numpy as np
    >>> from costlab.datasets import twonorm
    >>> data = twonorm(300, random_state=0)
    >>> data = dataclasses.replace(data, X=data.X.assign(amount=np.linspace(10, 500, 300)))
    >>> data = data.with_costs(fp=lambda X: 0.2 * X["amount"] + 20, fn="amount")
    >>> comparison = cross_val_decisions(data, n_folds=3, n_resamples=200)
    >>> comparison.summary()["policy"].tolist()
    ['per-example', 'single threshold', 'trivial']
    """
    check_params(
        _CONSTRAINTS,
        {"n_folds": n_folds, "seed": seed, "folds": folds, "calibration": calibration},
    )
    costs = dataset.costs if costs is None else costs
    if not isinstance(costs, CostModel):
        raise ValueError(
            f"costs: {dataset.name} has no per-instance costs; state them with "
            "dataset.with_costs(fp=..., fn=...) or pass costs=cost_model(...)."
        )
    if costs.n != dataset.n_instances:
        raise ValueError(f"costs hold {costs.n} instances, {dataset.name} {dataset.n_instances}.")
    if estimator is None:
        estimator = baseline_models()["Logistic regression"]
    X, y = dataset.X, dataset.y_binary
    model = ExampleCostClassifier(clone(estimator), calibration=calibration)
    base = clone(estimator)
    paid = np.full((y.shape[0], len(POLICIES)), np.nan)
    fold_id = np.full(y.shape[0], -1)
    chosen = []
    for k, (train, test) in enumerate(make_folds(y, scheme=folds, n_folds=n_folds, seed=seed)):
        paid[test], choice = _fold(model, base, X, y, costs, train, test)
        fold_id[test] = k
        chosen.append({"fold": k, **choice})
    frame = pd.DataFrame(paid, columns=list(POLICIES))
    frame.insert(0, "y_true", y)
    frame.insert(0, "fold", fold_id)
    difference = paid[:, 0] - paid[:, 1]
    # the percentile interval of a sum: BCa's jackknife (n statistics) is not needed for it
    interval = bootstrap_interval(
        y, difference, lambda _, d: float(np.sum(d)), n_resamples=n_resamples,
        confidence=confidence, method="percentile", random_state=random_state, pos_label=1,
    )  # fmt: skip
    return DecisionComparison(
        dataset=dataset.name,
        classifier=type(estimator).__name__,
        costs=frame,
        thresholds=pd.DataFrame(chosen),
        interval=(
            float(interval.confidence_interval.low),
            float(interval.confidence_interval.high),
        ),
        confidence=float(confidence),
    )


def _fold(model, base, X, y, costs, train, test):
    """What each policy's decisions on ``test`` cost, chosen on ``train``; and the choices."""
    train_costs, test_costs = _rows(costs, train), _rows(costs, test)
    fitted = clone(model).fit(X.iloc[train], y[train])
    per_example = fitted.predict(X.iloc[test], costs=test_costs)
    # the best single threshold: on the estimator's own scores of the training rows, out of fold
    oof = cross_val_predict(clone(base), X.iloc[train], y[train], cv=5, method="predict_proba")
    row = savings_curve(y[train], oof[:, 1], train_costs, fp_costs=[0.5]).iloc[0]
    refitted = clone(base).fit(X.iloc[train], y[train])
    single = refitted.predict_proba(X.iloc[test])[:, 1] >= row.threshold
    everyone = _cost(y[train], np.ones(train.size, bool), train_costs)
    no_one = _cost(y[train], np.zeros(train.size, bool), train_costs)
    trivial = np.full(test.size, everyone.sum() <= no_one.sum())
    decisions = (per_example == fitted.classes_[1], single, trivial)
    paid = np.column_stack([_cost(y[test], d, test_costs) for d in decisions])
    policy = "everyone positive" if trivial[0] else "everyone negative"
    return paid, {"threshold": float(row.threshold), "trivial": policy}


def _rows(costs, rows):
    return CostModel(costs.fp[rows], costs.fn[rows], costs.tp[rows], costs.tn[rows])


def _cost(y, positive, costs):
    """Each instance's cost of deciding ``positive`` (bool) given its label."""
    is_pos = y.astype(bool)
    return np.where(
        is_pos, np.where(positive, costs.tp, costs.fn), np.where(positive, costs.fp, costs.tn)
    )
