"""A deployable cost-range classifier: the out-of-fold ROC convex hull's optimal thresholds.

The thesis (Al-Saffar 2018, 4.2.2 and 5.1) chooses "the optimal classifier" for a range of
cost ratios from out-of-fold probabilities; Drummond & Holte (2000) show that the thresholds
worth using are the vertices of the ROC convex hull, each optimal over an interval of
PCF(+). :class:`CostRangeThresholdClassifier` turns that analysis into an estimator: it fits
the model, keeps the hull of its out-of-fold scores, and predicts

* at a cost ratio given at predict time, ``predict(X, fp_cost=r)``, with the hull vertex
  optimal at r (its threshold), so one fitted model serves any deployment cost; or
* for the whole range ``cost_range = (r1, r2)``, with the one vertex that is best over it by
  ``criterion``.

Costs follow the thesis: normalised FPcost r and FNcost 1 - r, and the total misclassification
cost of an operating point (FPR, TPR) at r is

.. math:: TMC(r) = 100\\, [(1 - TPR)(1 - r) + FPR\\, r]

(thesis 4.1; rates, i.e. equal class priors, so that TMC = 100 NE[C] at PCF(+) = 1 - r). With
``prior=p`` the rates are weighted by the class priors instead:
:math:`100\\, [p (1 - TPR)(1 - r) + (1 - p) FPR\\, r] / (p (1 - r) + (1 - p) r)` (D&H's NE[C]
at :math:`PCF(+) = p (1 - r) / (p (1 - r) + (1 - p) r)`, eq. 6).

Deployed where the prior is unknown, :meth:`CostRangeThresholdClassifier.adapt_prior` estimates
it from a batch of unlabelled instances (:func:`costlab.metrics.estimate_prior`: EM on the
estimator's probabilities, or BBSE / adjusted classify and count against the out-of-fold scores
of the training data) and moves the thresholds to it; the thresholds chosen at the ends of the
prior's interval say how sure that move is.

With ``guarantee=(alpha, delta)`` the threshold comes with a statement: with probability at least
1 - delta over the data, its expected normalised cost on new data distributed as the training
data is at most alpha at every ratio of ``cost_range`` (Learn-then-Test,
:func:`costlab.metrics.learn_then_test`). A stratified share ``calibration_size`` of the data is
then kept apart: the estimator and the hull are fitted on the rest, the hull's vertices ordered
by their out-of-fold worst cost over the range (:func:`costlab.metrics.hull_candidates`), and
the vertices are tested on the calibration share in that order (fixed-sequence testing, betting
p-values). The certified vertex of lowest calibration cost is deployed; when none passes, ``fit``
warns with the reason and ``predict`` refuses to guess.

Criteria for one threshold over [r1, r2] (each vertex's TMC is linear in r):

* ``"expected"``: the mean TMC over r uniform on [r1, r2], integrated exactly;
* ``"mtmcr"``: the thesis's MTMCR of the fixed threshold, the sum of its TMC over the thesis's
  grid of ratios in [r1, r2] (step ``step``, 0.05 as the thesis);
* ``"cst"``: the thesis's CST = MTMCR (1 + cost sensitivity / 100) over the same grid (4.2.2.3),
  which also penalises a threshold whose cost swings across the range.
"""

from __future__ import annotations

import numbers
import warnings
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, MetaEstimatorMixin, clone
from sklearn.model_selection import StratifiedKFold, cross_val_predict, train_test_split
from sklearn.utils import get_tags
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

from costlab.metrics import (
    PRIOR_METHODS,
    CostEnvelope,
    clip_prior,
    cost_ratio_grid,
    cost_sensitivity,
    cst,
    estimate_prior,
    hull_candidates,
    learn_then_test,
    mtmcr,
    pcf_cost_proportion,
    roc_convex_hull,
    total_misclassification_cost,
)
from costlab.validation import Interval, Options, check_param, check_params

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

    from costlab.metrics import PriorEstimate, RiskControl

__all__ = ["CostRangeThresholdClassifier"]

_CRITERIA = ("cst", "mtmcr", "expected")
#: A probability strictly between 0 and 1 (an FPcost or a prior).
_PROBABILITY = Interval(numbers.Real, 0, 1, closed="neither")
#: What the parameters allow (costlab.validation's vocabulary).
_CONSTRAINTS = {
    "criterion": [Options(set(_CRITERIA))],
    "prior": [_PROBABILITY, None],
    "method": [Options(set(PRIOR_METHODS))],
    "calibration_size": [_PROBABILITY],
}


class CostRangeThresholdClassifier(MetaEstimatorMixin, ClassifierMixin, BaseEstimator):
    """Predict with the ROC-hull threshold optimal for a cost ratio or a range of them.

    Parameters
    ----------
    estimator : classifier with ``predict_proba``
        Fitted on all the data (``estimator_``); its out-of-fold scores (``cv``) give the hull.
    cost_range : (float, float), default (0.3, 0.7)
        ``(r1, r2)``, normalised FPcost with 0 < r1 <= r2 < 1 (FNcost = 1 - r).
    criterion : {"cst", "mtmcr", "expected"}, default "cst"
        How one threshold is chosen for the range (see the module docstring).
    cv : int or cross-validation generator, default 10
        Folds of the out-of-fold scores (an int: ``StratifiedKFold(cv, shuffle=True)`` seeded
        by ``random_state``).
    step : float, default 0.05
        Grid step of the ratios for ``"mtmcr"`` and ``"cst"`` (the thesis's 0.05).
    prior : float in (0, 1) or None, default None
        Prior of the positive class at deployment; None: the thesis's rates (equal priors).
    random_state : int or None, default None
        Seed of the folds (an int ``cv``), of the calibration split and of the estimator's
        ``random_state``.
    guarantee : (alpha, delta) or None, default None
        Deploy a threshold whose expected normalised cost is at most alpha at every ratio of
        ``cost_range``, with probability at least 1 - delta (see the module docstring); both
        in (0, 1). None: the threshold ``criterion`` chooses, without a guarantee.
    calibration_size : float in (0, 1), default 0.5
        With ``guarantee``: the stratified share of the data kept apart to certify the
        threshold on (the estimator is fitted on the rest).

    Attributes
    ----------
    estimator_ : classifier
        Fitted on all the data.
    classes_ : ndarray of shape (2,)
        ``classes_[1]`` is the positive class (FN: a positive called negative).
    hull_ : RocHull
        Hull of the out-of-fold scores (P(classes_[1])), with each vertex's threshold.
    envelope_ : CostEnvelope
    operating_points_ : DataFrame
        One row per hull vertex: ``threshold, fpr, tpr`` and the range of normalised FPcost
        ``fp_cost_from, fp_cost_to`` (and of PCF(+)) over which it is optimal.
    decision_threshold_ : float or None
        The threshold chosen for ``cost_range`` by ``criterion``; with ``guarantee``, the
        certified vertex of lowest calibration cost, None when no vertex passes.
    range_costs_ : DataFrame
        Each vertex's ``expected``, ``mtmcr``, ``cost_sensitivity`` and ``cst`` over the range.
    prior_ : float or None
        The prior the thresholds are set for (``prior``, or the estimate of
        :meth:`adapt_prior`).
    train_prior_ : float
        The positive class's share of the training labels.
    oof_scores_, oof_is_pos_ : ndarray
        The out-of-fold P(classes_[1]) the hull was built from, and whether each row is of
        ``classes_[1]`` (labelled data for :meth:`adapt_prior`'s ``"bbse"`` and ``"acc"``).
    prior_estimate_ : PriorEstimate or None
        The estimate of the last :meth:`adapt_prior` that estimated the prior; None after
        ``fit`` and after ``adapt_prior(prior=...)`` (a prior given, not estimated).
    guarantee_ : RiskControl or None
        With ``guarantee``: every hull vertex tested, its calibration cost (the larger of the
        range's ends'), p-value and whether it passes; ``guarantee_.reason`` says why none
        passes. None without ``guarantee``.
    decision_threshold_interval_ : (float, float)
        The range's thresholds at the two ends of the estimated prior's interval
        (:meth:`adapt_prior`); both ends ``decision_threshold_`` when the prior is given
        (``prior``, or ``adapt_prior(prior=...)``) or left at the thesis's equal priors.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> X, y = make_classification(random_state=0)
    >>> model = CostRangeThresholdClassifier(LogisticRegression(), cost_range=(0.2, 0.4), cv=5,
    ...                                      random_state=0).fit(X, y)
    >>> model.predict(X[:3], fp_cost=0.9).tolist()  # false positives costly: fewer positives
    [0, 0, 0]
    """

    def __init__(
        self,
        estimator: Any,
        *,
        cost_range: tuple[float, float] = (0.3, 0.7),
        criterion: str = "cst",
        cv: Any = 10,
        step: float = 0.05,
        prior: Any = None,
        random_state: Any = None,
        guarantee: Any = None,
        calibration_size: float = 0.5,
    ) -> None:
        self.estimator = estimator
        self.cost_range = cost_range
        self.criterion = criterion
        self.cv = cv
        self.step = step
        self.prior = prior
        self.random_state = random_state
        self.guarantee = guarantee
        self.calibration_size = calibration_size

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        r1, r2 = _check_range(self.cost_range)
        check_params(_CONSTRAINTS, {"criterion": self.criterion, "prior": self.prior})
        prior = _check_prior(self.prior)
        guarantee = _check_guarantee(self.guarantee)
        if guarantee is not None:
            check_params(_CONSTRAINTS, {"calibration_size": self.calibration_size})
            if prior is not None:
                raise ValueError(
                    "guarantee certifies the cost on data distributed as the training data; "
                    "it cannot be combined with prior (a deployment prior)."
                )
        if hasattr(X, "columns"):  # a DataFrame goes to the estimator as it is (categoricals)
            _, y = validate_data(self, X, y, ensure_all_finite="allow-nan", dtype=None)
        else:
            X, y = validate_data(self, X, y, ensure_all_finite="allow-nan", dtype=None)
        kind = type_of_target(y, input_name="y", raise_unknown=True)
        self.classes_ = np.unique(y)
        if self.classes_.size < 2:
            raise ValueError(f"y must hold two classes; got one class: {self.classes_.tolist()}.")
        if kind not in ("binary",) or self.classes_.size != 2:
            raise ValueError(
                "Only binary classification is supported: y must hold exactly two classes, "
                f"got {self.classes_.size} ({kind})."
            )
        if not hasattr(self.estimator, "predict_proba"):
            raise TypeError(f"estimator ({type(self.estimator).__name__}) must have predict_proba.")
        base = clone(self.estimator)
        if self.random_state is not None and "random_state" in base.get_params():
            base.set_params(random_state=self.random_state)
        folds = (
            StratifiedKFold(self.cv, shuffle=True, random_state=self.random_state)
            if isinstance(self.cv, numbers.Integral)
            else self.cv
        )
        X_cal = y_cal = None
        if guarantee is not None:
            X, X_cal, y, y_cal = train_test_split(
                X,
                y,
                test_size=self.calibration_size,
                stratify=y,
                random_state=self.random_state,
            )
        scores = cross_val_predict(base, X, y, cv=folds, method="predict_proba")[:, 1]
        is_pos = y == self.classes_[1]
        self.hull_ = roc_convex_hull(is_pos, scores, pos_label=True)
        self.envelope_ = CostEnvelope.from_hull(self.hull_)
        self.oof_scores_, self.oof_is_pos_ = scores, is_pos
        self.train_prior_ = float(is_pos.mean())
        self._set_prior(prior)
        self.prior_estimate_: PriorEstimate | None = None
        self.estimator_ = base.fit(X, y)
        self.guarantee_: RiskControl | None = None
        if guarantee is not None:
            self._certify(guarantee, X_cal, y_cal, r1, r2)
        self.decision_threshold_interval_ = (self.decision_threshold_,) * 2
        return self

    def _certify(self, guarantee, X_cal, y_cal, r1, r2):
        """Learn-then-Test of the hull's vertices on the calibration share."""
        alpha, delta = guarantee
        order = hull_candidates(self.oof_is_pos_, self.oof_scores_, cost_range=(r1, r2))
        control = learn_then_test(
            y_cal == self.classes_[1],
            self.estimator_.predict_proba(X_cal)[:, 1],
            order,
            alpha=alpha,
            delta=delta,
            cost_range=(r1, r2),
            fwer="fixed-sequence",
            pvalue="betting",
            pos_label=True,
        )
        self.guarantee_ = control
        if control.threshold is None:
            warnings.warn(
                f"CostRangeThresholdClassifier(guarantee={guarantee!r}): {control.reason}",
                UserWarning,
                stacklevel=3,
            )
        self.decision_threshold_ = control.threshold

    def _deployed_threshold(self):
        if self.decision_threshold_ is None:
            raise ValueError(
                "This model has no threshold to deploy for cost_range: "
                f"{self.guarantee_.reason if self.guarantee_ is not None else ''} "
                "predict(X, fp_cost=r) still predicts with the hull vertex optimal at r, "
                "without a guarantee."
            )
        return self.decision_threshold_

    def _set_prior(self, prior):
        """Thresholds, operating points and range costs for deployment prior ``prior``."""
        r1, r2 = _check_range(self.cost_range)
        self.prior_ = prior
        self.operating_points_ = self._operating_points()
        self.range_costs_ = self._range_costs(r1, r2)
        best = int(np.argmin(self.range_costs_[self.criterion].to_numpy()))
        self.decision_threshold_ = float(self.hull_.thresholds[best])

    def adapt_prior(
        self,
        X_unlabelled: ArrayLike | None = None,
        *,
        prior: Any = None,
        method: str = "em",
        n_resamples: int = 1000,
        confidence: float = 0.95,
        random_state: Any = 0,
    ) -> Self:
        """Move the thresholds to the deployment prior, given or estimated from unlabelled X.

        Parameters
        ----------
        X_unlabelled : array-like, optional
            A batch of instances from the deployment, without labels; the prior of
            ``classes_[1]`` there is estimated from the estimator's probabilities on it
            (:func:`costlab.metrics.estimate_prior`).
        prior : float in (0, 1), optional
            The deployment prior, when it is known (then ``X_unlabelled`` is not needed);
            ``prior_estimate_`` becomes None and both ends of
            ``decision_threshold_interval_`` the new threshold.
        method : {"em", "bbse", "acc"}, default "em"
            ``"em"``: the estimator's probabilities, taken as calibrated at the training
            prior; ``"bbse"``, ``"acc"``: against the out-of-fold scores of the training data.
        n_resamples, confidence, random_state :
            The estimate's bootstrap interval.

        Returns
        -------
        self
        """
        check_is_fitted(self, "estimator_")
        if self.guarantee_ is not None:
            raise ValueError(
                "adapt_prior would move a guaranteed threshold: the guarantee holds for data "
                "distributed as the calibration data only. Refit on data of the deployment, or "
                "watch the deployment with costlab.classifiers.DeploymentMonitor."
            )
        if prior is not None:
            if X_unlabelled is not None:
                raise ValueError("Give either prior or X_unlabelled, not both.")
            self._set_prior(_check_prior(prior))
            self.prior_estimate_ = None  # given, not estimated: no earlier estimate stays
            self.decision_threshold_interval_ = (self.decision_threshold_,) * 2
            return self
        if X_unlabelled is None:
            raise ValueError(
                "adapt_prior needs X_unlabelled (a batch of deployment instances) to estimate "
                "the prior from, or prior= when the deployment prior is known."
            )
        check_params(_CONSTRAINTS, {"method": method})
        scores = self.predict_proba(X_unlabelled)[:, 1]
        estimate = estimate_prior(
            scores,
            method=method,
            y_true=self.oof_is_pos_,
            y_score=self.oof_scores_,
            pos_label=True,
            train_prior=self.train_prior_,
            n_resamples=n_resamples,
            confidence=confidence,
            random_state=random_state,
        )
        ends = []
        for value in (estimate.low, estimate.high):
            self._set_prior(clip_prior(value))
            ends.append(self.decision_threshold_)
        self._set_prior(clip_prior(estimate.prior))
        self.prior_estimate_ = estimate
        self.decision_threshold_interval_ = (min(ends), max(ends))
        return self

    # -- the maths on the hull ------------------------------------------------------------------

    def _tmc(self, fp_cost):
        """TMC (%) of every hull vertex at each normalised FPcost: shape (vertices, ratios).

        The thesis's TMC at FNcost 1 - r; with a prior, at the costs PCF(+) and 1 - PCF(+)
        that fold it in (D&H eq. 6), i.e. 100 NE[C].
        """
        r = np.atleast_1d(np.asarray(fp_cost, dtype=np.float64))[None, :]
        if self.prior_ is None:
            fn_cost, fp_cost = 1.0 - r, r
        else:
            fn_cost = pcf_cost_proportion(r, self.prior_)
            fp_cost = 1.0 - fn_cost
        fnr = (1.0 - self.hull_.tpr)[:, None]
        fpr = self.hull_.fpr[:, None]
        return total_misclassification_cost(fnr, fpr, fn_cost=fn_cost, fp_cost=fp_cost)

    def _range_costs(self, r1, r2):
        grid = cost_ratio_grid(r1, r2, self.step) if r2 > r1 else np.array([r1])
        on_grid = self._tmc(grid)
        expected = _mean_over(self._tmc, r1, r2) if r2 > r1 else on_grid[:, 0]
        # each row is one fixed threshold's TMC over the grid: the thesis's range measures of it
        return pd.DataFrame(
            {
                "threshold": self.hull_.thresholds,
                "expected": expected,
                "mtmcr": [mtmcr(row) for row in on_grid],
                "cost_sensitivity": [cost_sensitivity(row) for row in on_grid],
                "cst": [cst(row) for row in on_grid],
            }
        )

    def _operating_points(self):
        return self.envelope_.operating_points(0.5 if self.prior_ is None else self.prior_)

    def threshold_for(self, fp_cost: Any) -> float:
        """The hull threshold optimal at normalised FPcost ``fp_cost`` in (0, 1)."""
        check_is_fitted(self, "hull_")
        r = _check_fp_cost(fp_cost)
        p = 0.5 if self.prior_ is None else self.prior_
        pcf = pcf_cost_proportion(r, p)
        return float(self.hull_.thresholds[int(self.envelope_.vertex_at(pcf)[0])])

    # -- predicting -------------------------------------------------------------------------------

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """The estimator's probabilities, passed through."""
        check_is_fitted(self, "estimator_")
        return self.estimator_.predict_proba(X)

    def decision_function(self, X: ArrayLike) -> np.ndarray:
        """P(classes_[1]) minus the range's threshold (positive: predicted positive)."""
        return self.predict_proba(X)[:, 1] - self._deployed_threshold()

    def predict(self, X: ArrayLike, fp_cost: Any = None) -> np.ndarray:
        """Classes at the range's threshold, or at the hull threshold optimal for ``fp_cost``.

        Parameters
        ----------
        X : array-like
        fp_cost : float in (0, 1), optional
            Normalised FPcost at deployment (FNcost = 1 - fp_cost).
        """
        check_is_fitted(self, "estimator_")
        threshold = self._deployed_threshold() if fp_cost is None else self.threshold_for(fp_cost)
        score = self.predict_proba(X)[:, 1]
        return self.classes_[(score >= threshold).astype(int)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        tags.input_tags.allow_nan = get_tags(self.estimator).input_tags.allow_nan
        return tags


def _mean_over(tmc, r1, r2):
    """Mean of each vertex's TMC over r uniform on [r1, r2] by 64-node Gauss-Legendre: exact
    for the thesis's TMC (linear in r), and to rounding with a prior (a ratio of linear
    functions, smooth on the interval)."""
    nodes, weights = np.polynomial.legendre.leggauss(64)
    r = 0.5 * (r2 - r1) * nodes + 0.5 * (r1 + r2)
    return tmc(r) @ weights / 2.0


def _check_range(cost_range):
    try:
        r1, r2 = (float(v) for v in cost_range)
    except (TypeError, ValueError):
        raise ValueError(f"cost_range must be a pair (r1, r2), got {cost_range!r}.") from None
    if not (0.0 < r1 < 1.0 and 0.0 < r2 < 1.0):
        raise ValueError(
            f"cost_range must hold normalised FPcosts strictly between 0 and 1, got {cost_range!r}."
        )
    if r1 > r2:
        raise ValueError(f"cost_range must have r1 <= r2, got r1={r1} > r2={r2}.")
    return r1, r2


def _check_guarantee(guarantee):
    if guarantee is None:
        return None
    try:
        alpha, delta = (float(v) for v in guarantee)
    except (TypeError, ValueError):
        raise ValueError(
            f"guarantee must be a pair (alpha, delta) or None, got {guarantee!r}."
        ) from None
    for name, value in (("alpha", alpha), ("delta", delta)):
        if not 0.0 < value < 1.0:
            raise ValueError(
                f"guarantee=(alpha, delta) must hold two numbers strictly between 0 and 1; "
                f"{name} is {value!r}."
            )
    return alpha, delta


def _check_fp_cost(fp_cost):
    check_param("fp_cost", fp_cost, _PROBABILITY)
    return float(fp_cost)


def _check_prior(prior):
    check_params(_CONSTRAINTS, {"prior": prior})
    return None if prior is None else float(prior)
