"""ExampleCostClassifier: each example decided by its own costs, on calibrated probabilities.

With per-example costs (:func:`costlab.metrics.cost_model`: a false positive costs ``fp_i``, a
false negative ``fn_i``, correct decisions ``tp_i`` and ``tn_i``), deciding example i positive
has expected cost ``p tp_i + (1 - p) fp_i`` and negative ``p fn_i + (1 - p) tn_i``, where p is
its probability of the positive class. The Bayes-optimal decision is positive when

.. math:: p > t_i = \\frac{fp_i - tn_i}{(fp_i - tn_i) + (fn_i - tp_i)},

a threshold per example (Elkan 2001, eq. 2, with the example's own costs; the rule the
example-dependent literature deploys, Correa Bahnsen et al. 2014). It needs probabilities that
mean what they say, calibrated as an explicit choice: by the ROC convex hull
(``calibration="hull"``: the estimator's out-of-fold scores, their hull, each segment's share of
positives as the probability of its scores, Fawcett & Niculescu-Mizil 2007,
:func:`costlab.metrics.hull_calibration`; the estimator then refitted on all the data), by
scikit-learn's :class:`~sklearn.calibration.CalibratedClassifierCV` (``"isotonic"``, whose
fitted values on its calibration folds are the same hull slopes, or ``"sigmoid"``), or not at
all (``"none"``). At a deployment prior other than the training one, given (``prior=``) or
estimated from unlabelled deployment data (:meth:`ExampleCostClassifier.adapt_prior`, as
:func:`costlab.metrics.estimate_prior` estimates it), the probabilities are moved to it first
(Saerens, Latinne & Decaestecker 2002, eq. 2.4).
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, MetaEstimatorMixin, clone
from sklearn.calibration import CalibratedClassifierCV
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

from costlab.metrics import CostModel, clip_prior, cost_model, estimate_prior, hull_calibration
from costlab.validation import Interval, Options, check_params

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["ExampleCostClassifier"]

_CONSTRAINTS = {
    "calibration": [Options({"hull", "isotonic", "sigmoid", "none"})],
    "prior": [None, Interval(numbers.Real, 0.0, 1.0, closed="neither")],
}


class ExampleCostClassifier(MetaEstimatorMixin, ClassifierMixin, BaseEstimator):
    """Decide each example by its own costs: the Bayes-optimal threshold of each row.

    Parameters
    ----------
    estimator : classifier with ``predict_proba``, optional
        Default ``LogisticRegression()``.
    calibration : {"isotonic", "hull", "sigmoid", "none"}
        How the probabilities are calibrated: by the ROC convex hull of the estimator's
        out-of-fold scores (``cv`` folds), by scikit-learn's ``CalibratedClassifierCV`` with
        ``method`` and ``cv``, or not at all (the estimator's own).
    cv : int or splitter
        Folds of the calibration.
    prior : float in (0, 1), optional
        The deployment prior of ``classes_[1]``, when it is known; default the training prior
        (no move), or the one :meth:`adapt_prior` estimates.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    estimator_ : fitted estimator (calibrated or not)
    calibration_map_ : HullCalibration or None
        The hull's map of ``estimator_``'s scores (``calibration="hull"``).
    train_prior_ : float
        The share of ``classes_[1]`` in the training labels.
    deployment_prior_ : float or None
        The prior :meth:`adapt_prior` set (it overrides ``prior``); None until then.
    prior_estimate_ : PriorEstimate or None
        The estimate it came from, with its interval (None when given).

    Examples
    --------
    >>> import numpy as np
    >>> from costlab.metrics import cost_model
    >>> X = np.r_[np.linspace(-3, 3, 50), np.linspace(-1, 5, 50)][:, None]
    >>> y = np.r_[np.zeros(50), np.ones(50)]
    >>> model = ExampleCostClassifier(calibration="sigmoid").fit(X, y)
    >>> costs = cost_model(fp=[1.0, 1.0], fn=[1.0, 20.0])  # the second: a dear miss
    >>> model.predict([[0.5], [0.5]], costs=costs).tolist()
    [0.0, 1.0]
    """

    def __init__(
        self,
        estimator: Any = None,
        *,
        calibration: str = "isotonic",
        cv: Any = 5,
        prior: float | None = None,
    ) -> None:
        self.estimator = estimator
        self.calibration = calibration
        self.cv = cv
        self.prior = prior

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Fit (and calibrate) the estimator."""
        check_params(_CONSTRAINTS, {"calibration": self.calibration, "prior": self.prior})
        X, y = validate_data(
            self, X, y, ensure_all_finite="allow-nan", dtype=None, skip_check_array=_is_frame(X)
        )
        kind = type_of_target(y, input_name="y", raise_unknown=True)
        self.classes_ = np.unique(y)
        if self.classes_.size < 2:
            raise ValueError(f"y must hold two classes; got one class: {self.classes_.tolist()}.")
        if kind != "binary" or self.classes_.size != 2:
            raise ValueError(
                "Only binary classification is supported: y must hold exactly two classes, "
                f"got {self.classes_.size} ({kind})."
            )
        base = LogisticRegression() if self.estimator is None else clone(self.estimator)
        self.calibration_map_ = None
        if self.calibration == "hull":
            oof = cross_val_predict(clone(base), X, y, cv=self.cv, method="predict_proba")
            positive = list(np.unique(y)).index(self.classes_[1])
            self.calibration_map_ = hull_calibration(y == self.classes_[1], oof[:, positive])
        elif self.calibration != "none":
            base = CalibratedClassifierCV(base, method=self.calibration, cv=self.cv)
        self.estimator_ = base.fit(X, y)
        self.train_prior_ = float(np.mean(y == self.classes_[1]))
        self.deployment_prior_: float | None = None
        self.prior_estimate_: Any = None
        return self

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Calibrated probabilities of ``classes_``, moved to the deployment prior
        (:meth:`adapt_prior`'s, else ``prior``) when there is one."""
        p = self._calibrated(X)
        prior = self.deployment_prior_ if self.deployment_prior_ is not None else self.prior
        if prior is not None:
            up = prior / self.train_prior_ * p
            down = (1.0 - prior) / (1.0 - self.train_prior_) * (1.0 - p)
            p = up / (up + down)
        return np.column_stack([1.0 - p, p])

    def _calibrated(self, X):
        """P(classes_[1] | x) at the training prior."""
        check_is_fitted(self, "estimator_")
        X = validate_data(
            self, X, reset=False, ensure_all_finite="allow-nan", dtype=None,
            skip_check_array=_is_frame(X),
        )  # fmt: skip
        proba = self.estimator_.predict_proba(X)
        p = proba[:, list(self.estimator_.classes_).index(self.classes_[1])]
        return p if self.calibration_map_ is None else self.calibration_map_.predict(p)

    def adapt_prior(
        self,
        X_unlabelled: ArrayLike | None = None,
        *,
        prior: float | None = None,
        n_resamples: int = 1000,
        confidence: float = 0.95,
        random_state: Any = 0,
    ) -> Self:
        """Move the decisions to the deployment prior, given or estimated from unlabelled X.

        Parameters
        ----------
        X_unlabelled : array-like, optional
            A batch of deployment instances without labels: the prior of ``classes_[1]``
            there is estimated by EM from the calibrated probabilities on it (Saerens, Latinne
            & Decaestecker 2002; :func:`costlab.metrics.estimate_prior` with ``method="em"``,
            which takes the probabilities as calibrated at the training prior).
        prior : float in (0, 1), optional
            The deployment prior, when it is known (then ``X_unlabelled`` is not needed).
        n_resamples, confidence, random_state :
            The estimate's bootstrap interval (``prior_estimate_``).

        Returns
        -------
        self

        Examples
        --------
        >>> import numpy as np
        >>> rng = np.random.default_rng(0)
        >>> X = np.r_[rng.normal(0, 1, 500), rng.normal(2, 1, 500)][:, None]
        >>> y = np.r_[np.zeros(500), np.ones(500)]
        >>> model = ExampleCostClassifier(calibration="sigmoid").fit(X, y)
        >>> deployed = np.r_[rng.normal(0, 1, 900), rng.normal(2, 1, 100)][:, None]
        >>> model.adapt_prior(deployed, n_resamples=200).deployment_prior_ < 0.2
        True
        """
        check_is_fitted(self, "estimator_")
        if prior is not None:
            if X_unlabelled is not None:
                raise ValueError("Give either prior or X_unlabelled, not both.")
            check_params(_CONSTRAINTS, {"prior": prior})
            self.deployment_prior_, self.prior_estimate_ = float(prior), None
            return self
        if X_unlabelled is None:
            raise ValueError(
                "adapt_prior needs X_unlabelled (a batch of deployment instances) to estimate "
                "the prior from, or prior= when the deployment prior is known."
            )
        scores = self._calibrated(X_unlabelled)
        if scores.size == 0:
            raise ValueError("X_unlabelled holds no instance: the prior needs at least one.")
        estimate = estimate_prior(
            scores, method="em", train_prior=self.train_prior_, n_resamples=n_resamples,
            confidence=confidence, random_state=random_state,
        )  # fmt: skip
        self.deployment_prior_ = float(clip_prior(estimate.prior))
        self.prior_estimate_ = estimate
        return self

    def thresholds(self, costs: CostModel) -> np.ndarray:
        """Each example's Bayes-optimal threshold ``(fp - tn) / ((fp - tn) + (fn - tp))``.

        Raises
        ------
        ValueError
            If for some example an error costs less than the correct decision, or both
            decisions cost the same whatever the class (the decision is then undefined),
            naming it. An example on which only one class's error is free gets the threshold 0
            or 1.
        """
        fp_regret, fn_regret = costs.fp - costs.tn, costs.fn - costs.tp
        bad = np.flatnonzero(
            (fp_regret < 0) | (fn_regret < 0) | ((fp_regret == 0) & (fn_regret == 0))
        )
        if bad.size:
            i = int(bad[0])
            raise ValueError(
                f"costs make the decision undefined for {bad.size} example(s), e.g. example "
                f"{i}: fp - tn = {fp_regret[i]:g}, fn - tp = {fn_regret[i]:g} (each must be >= 0, "
                "and not both 0: a benefit must not exceed the error's cost)."
            )
        return fp_regret / (fp_regret + fn_regret)

    def predict(self, X: ArrayLike, costs: CostModel | None = None) -> np.ndarray:
        """Each example's Bayes-optimal class under its own ``costs``.

        Parameters
        ----------
        X : array-like of shape (n, n_features)
        costs : CostModel, optional
            The examples' costs (:func:`costlab.metrics.cost_model`, n examples); default
            equal costs (a threshold of 0.5).
        """
        p = self.predict_proba(X)[:, 1]
        if costs is None:
            costs = cost_model(fp=1.0, fn=1.0, n=p.shape[0])
        if not isinstance(costs, CostModel):
            raise TypeError(
                f"costs must be a CostModel (cost_model(...)), got {type(costs).__name__}."
            )
        if costs.n != p.shape[0]:
            raise ValueError(f"costs hold {costs.n} examples, X has {p.shape[0]}.")
        return self.classes_[(p > self.thresholds(costs)).astype(int)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags


def _is_frame(X):
    """A DataFrame is passed to the estimator as it is (a pipeline may select its columns by
    dtype, e.g. nominal ones); anything else is validated as an array."""
    return hasattr(X, "iloc") and hasattr(X, "dtypes")
