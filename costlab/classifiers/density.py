"""Density-based classifiers with equal training priors (Landgrebe et al. 2004, sec. 4).

Landgrebe et al. (2004) compare "Linear Discriminant (LDC), Quadratic Discriminant (QDC), Mixture of
Gaussian (GAUSSM), trained using the standard Expectation-Maximisation procedure, and the
Parzen Classifier, as in [Duin 1976] where the width parameter is optimised by maximising the
log-likelihood with a leave-one-out procedure", each "trained with equal training priors"
(PRTools 3.0's ``ldc``, ``qdc``, ``mogc`` and ``parzendc``). Each estimates a class-conditional
density p(x | c) and, with equal priors, predicts

.. math:: P(c \\mid x) = \\frac{p(x \\mid c)}{\\sum_k p(x \\mid k)}

(Bayes' rule with P(c) = 1/K), computed from log densities with ``logsumexp`` so that far
outliers do not underflow to 0/0. The test prior enters only later, in POSfrac and purity
(:mod:`costlab.metrics.prior_shift.posfrac_purity`).

=================================  ============================================================
estimator                          class density
=================================  ============================================================
:class:`LDC`                       Gaussian, one pooled covariance (scikit-learn's
                                   ``LinearDiscriminantAnalysis``, priors equal)
:class:`QDC`                       Gaussian, one covariance per class (``QuadraticDiscriminant
                                   Analysis``, priors equal)
:class:`MixtureOfGaussians         a Gaussian mixture per class fitted by EM (scikit-learn's
Classifier`                        ``GaussianMixture``); components chosen per class by BIC
:class:`ParzenClassifier`          Gaussian-kernel Parzen density per class, kernel width by
                                   leave-one-out maximum likelihood (Duin 1976)
=================================  ============================================================

Choices, stated: PRTools' ``ldc``/``qdc`` regularise only on request (R = S = 0), as here
(``reg`` adds a ridge to the covariances when asked). PRTools' ``mogc`` fits a fixed number of
components per class (2 by default); we choose it per class by BIC over 1..``max_components``
(default 5), or take a given integer. For Parzen the kernel width is chosen per class, as
PRTools' ``parzenml`` does for a labelled data set, by maximising the leave-one-out
log-likelihood on the raw features.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import logsumexp
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.discriminant_analysis import (
    LinearDiscriminantAnalysis,
    QuadraticDiscriminantAnalysis,
)
from sklearn.mixture import GaussianMixture
from sklearn.utils import check_random_state
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from costlab.validation import Interval, Options, check_params

from ._base import POSITIVE_INT

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

_UNIT = Interval(numbers.Real, 0.0, 1.0, closed="both")

__all__ = ["LDC", "QDC", "MixtureOfGaussiansClassifier", "ParzenClassifier"]

_CHUNK = 2048  # rows of a distance block: at most _CHUNK x n doubles in memory at once


class _EqualPriors(ClassifierMixin, BaseEstimator):
    """Shared fit/predict: subclasses give ``_fit_classes`` and ``_log_density``."""

    _parameter_constraints: dict = {}

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        check_params(self._parameter_constraints, self.get_params(deep=False))
        X, y = validate_data(self, X, y)
        check_classification_targets(y)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        if self.classes_.size < 2:
            raise ValueError(
                f"y must hold at least two classes; got one class: {self.classes_.tolist()}."
            )
        self._fit_classes(X, y_index)
        return self

    def predict_log_proba(self, X: ArrayLike) -> np.ndarray:
        check_is_fitted(self, "classes_")
        X = validate_data(self, X, reset=False)
        log_density = self._log_density(X)  # (n, K): log p(x | c)
        return log_density - logsumexp(log_density, axis=1, keepdims=True)

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """P(c | x) with equal priors: each class density over their sum."""
        return np.exp(self.predict_log_proba(X))

    def predict(self, X: ArrayLike) -> np.ndarray:
        log_proba = self.predict_log_proba(X)
        return self.classes_[np.argmax(log_proba, axis=1)]


class _DiscriminantBase(_EqualPriors):
    _model = None

    def _fit_classes(self, X, y_index):
        k = self.classes_.size
        self.model_ = self._make(np.full(k, 1.0 / k)).fit(X, y_index)

    def _log_density(self, X):
        # with equal priors the discriminant's log posterior is log p(x | c) + constant
        return self.model_.predict_log_proba(X)


class LDC(_DiscriminantBase):
    """Normal-based linear classifier: Gaussian classes with one pooled covariance matrix,
    equal training priors (PRTools ``ldc``; Landgrebe et al.'s LDC).

    Parameters
    ----------
    reg : float in [0, 1], default 0
        Shrinkage of the pooled covariance towards a multiple of the identity
        (scikit-learn's ``shrinkage`` with the ``lsqr`` solver); 0 as PRTools' default R = 0.

    Attributes
    ----------
    classes_ : ndarray
    model_ : LinearDiscriminantAnalysis
        Fitted with ``priors`` equal.
    """

    _parameter_constraints = {"reg": [_UNIT]}

    def __init__(self, reg: float = 0.0) -> None:
        self.reg = reg

    def _make(self, priors):
        shrinkage = None if self.reg == 0 else float(self.reg)
        return LinearDiscriminantAnalysis(solver="lsqr", shrinkage=shrinkage, priors=priors)


class QDC(_DiscriminantBase):
    """Normal-based quadratic classifier: a Gaussian per class with its own covariance, equal
    training priors (PRTools ``qdc``; Landgrebe et al.'s QDC).

    Parameters
    ----------
    reg : float in [0, 1], default 0
        scikit-learn's ``reg_param``: each covariance becomes (1 - reg) S + reg I.

    Attributes
    ----------
    classes_ : ndarray
    model_ : QuadraticDiscriminantAnalysis

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from costlab.classifiers import QDC
    >>> X, y = make_classification(n_samples=60, n_features=4, n_redundant=0, random_state=0)
    >>> QDC().fit(X, y).predict_proba(X[:3]).round(3).sum(axis=1)
    array([1., 1., 1.])
    """

    _parameter_constraints = {"reg": [_UNIT]}

    def __init__(self, reg: float = 0.0) -> None:
        self.reg = reg

    def _make(self, priors):
        return QuadraticDiscriminantAnalysis(priors=priors, reg_param=float(self.reg))

    def _fit_classes(self, X, y_index):
        try:
            super()._fit_classes(X, y_index)
        except np.linalg.LinAlgError:
            # scikit-learn's message names its own reg_param (or solver and shrinkage)
            raise np.linalg.LinAlgError(_singular_message(X, y_index, self.classes_)) from None


def _singular_message(X, y_index, classes):
    """Which classes' covariance matrices are singular, and that ``reg`` is the remedy."""
    d = X.shape[1]
    singular = [
        repr(classes[k].item() if hasattr(classes[k], "item") else classes[k])
        for k in range(classes.size)
        if np.sum(y_index == k) <= d
        or np.linalg.matrix_rank(X[y_index == k] - X[y_index == k].mean(axis=0)) < d
    ]
    which = f"class {', '.join(singular)}" if singular else "a class"
    return (
        f"The covariance matrix of {which} is singular (a class needs more instances than "
        f"features, {d}, and features that are not collinear within it): increase reg "
        "(a number in (0, 1], e.g. reg=0.01), which makes each covariance (1 - reg) S + reg I."
    )


class MixtureOfGaussiansClassifier(_EqualPriors):
    """A Gaussian mixture per class, fitted by EM, equal training priors (Landgrebe et al.'s MOGC).

    Parameters
    ----------
    n_components : "bic" or int, default "bic"
        Components per class: chosen per class by the lowest BIC over 1..``max_components``
        (capped at the class's size), or this number for every class (PRTools' ``mogc``
        default is 2).
    max_components : int, default 5
    covariance_type : {"full", "tied", "diag", "spherical"}, default "full"
    reg_covar : float, default 1e-6
        Added to the covariances' diagonals (scikit-learn's default).
    n_init : int, default 3
        EM restarts per fit (the best likelihood is kept).
    random_state : int, RandomState or None

    Attributes
    ----------
    classes_ : ndarray
    mixtures_ : list of GaussianMixture
        One per class, in ``classes_`` order.
    n_components_ : list of int
        The number of components chosen for each class.
    """

    _parameter_constraints = {
        "n_components": [Options(("bic",)), POSITIVE_INT],
        "max_components": [POSITIVE_INT],
        # covariance_type, reg_covar, n_init, random_state: GaussianMixture's and sklearn's
    }

    def __init__(
        self,
        n_components: int | str = "bic",
        max_components: int = 5,
        covariance_type: str = "full",
        reg_covar: float = 1e-6,
        n_init: int = 3,
        random_state: Any = None,
    ) -> None:
        self.n_components = n_components
        self.max_components = max_components
        self.covariance_type = covariance_type
        self.reg_covar = reg_covar
        self.n_init = n_init
        self.random_state = random_state

    def _fit_classes(self, X, y_index):
        rng = check_random_state(self.random_state)
        seed = int(rng.randint(np.iinfo(np.int32).max))
        self.mixtures_, self.n_components_ = [], []
        for k in range(self.classes_.size):
            part = X[y_index == k]
            if self.n_components == "bic":
                candidates = range(1, min(self.max_components, part.shape[0]) + 1)
            else:
                candidates = [min(int(self.n_components), part.shape[0])]
            best, best_bic = None, np.inf
            for m in candidates:
                model = GaussianMixture(
                    n_components=m,
                    covariance_type=self.covariance_type,
                    reg_covar=self.reg_covar,
                    n_init=self.n_init,
                    random_state=seed,
                ).fit(part)
                bic = model.bic(part) if len(candidates) > 1 else 0.0
                if bic < best_bic:
                    best, best_bic = model, bic
            self.mixtures_.append(best)
            self.n_components_.append(best.n_components)

    def _log_density(self, X):
        return np.column_stack([m.score_samples(X) for m in self.mixtures_])


class ParzenClassifier(_EqualPriors):
    """Gaussian-kernel Parzen density per class, width by leave-one-out maximum likelihood
    (Duin 1976; PRTools ``parzenml``/``parzendc``), equal training priors (Landgrebe et al.'s
    PARZEN).

    The density of class c from its n_c training points x_j, with width h_c, is

    .. math:: \\hat p(x \\mid c) = \\frac{1}{n_c} \\sum_j (2 \\pi h_c^2)^{-d/2}
              \\exp\\left(-\\frac{\\lVert x - x_j \\rVert^2}{2 h_c^2}\\right)

    and h_c maximises the leave-one-out log-likelihood
    :math:`\\sum_i \\log \\hat p_{-i}(x_i)` (:func:`parzen_loo_log_likelihood`).

    Parameters
    ----------
    bandwidth : None or float > 0, default None
        None: h_c per class by leave-one-out maximum likelihood; a number: that width for
        every class.

    Attributes
    ----------
    classes_ : ndarray
    bandwidths_ : ndarray of shape (n_classes,)
    """

    _parameter_constraints = {
        "bandwidth": [Interval(numbers.Real, 0.0, np.inf, closed="neither"), None]
    }

    def __init__(self, bandwidth: float | None = None) -> None:
        self.bandwidth = bandwidth

    def _fit_classes(self, X, y_index):
        self.points_ = [X[y_index == k] for k in range(self.classes_.size)]
        if self.bandwidth is not None:
            widths = [float(self.bandwidth)] * len(self.points_)
        else:
            _check_two_per_class(self.points_, self.classes_)
            widths = [parzen_ml_width(part) for part in self.points_]
        self.bandwidths_ = np.asarray(widths)

    def _log_density(self, X):
        out = np.empty((X.shape[0], len(self.points_)))
        for k, (part, h) in enumerate(zip(self.points_, self.bandwidths_, strict=True)):
            d = part.shape[1]
            norm = np.log(part.shape[0]) + 0.5 * d * np.log(2 * np.pi * h * h)
            for start in range(0, X.shape[0], _CHUNK):
                sq = _squared_distances(X[start : start + _CHUNK], part)
                out[start : start + _CHUNK, k] = logsumexp(-sq / (2 * h * h), axis=1) - norm
        return out


def _check_two_per_class(points, classes):
    """Raise naming the first class with fewer than 2 instances (no leave-one-out width)."""
    for part, label in zip(points, classes, strict=True):
        if part.shape[0] < 2:
            label = label.item() if hasattr(label, "item") else label
            raise ValueError(
                f"class {label!r} has {part.shape[0]} training instance; ParzenClassifier "
                "needs at least 2 instances per class for the leave-one-out maximum-likelihood "
                "width (Duin 1976). Give a fixed bandwidth (a number > 0) or more instances."
            )


def parzen_loo_log_likelihood(X, width):
    """Leave-one-out log-likelihood of a Gaussian Parzen density with width ``width``.

    .. math:: LL(h) = \\sum_i \\log \\frac{1}{n - 1} \\sum_{j \\ne i} (2 \\pi h^2)^{-d/2}
              \\exp\\left(-\\frac{\\lVert x_i - x_j \\rVert^2}{2 h^2}\\right)

    (Duin 1976). Computed in row blocks, never more than ``2048 x n`` distances at once.

    Parameters
    ----------
    X : ndarray of shape (n, d), n >= 2
    width : float > 0
    """
    X = np.asarray(X, dtype=np.float64)
    n, d = X.shape
    if n < 2:
        raise ValueError("X needs at least 2 points for a leave-one-out likelihood.")
    total = 0.0
    for start in range(0, n, _CHUNK):
        sq = _squared_distances(X[start : start + _CHUNK], X)
        rows = np.arange(sq.shape[0])
        sq[rows, start + rows] = np.inf  # leave the point itself out
        total += float(np.sum(logsumexp(-sq / (2 * width * width), axis=1)))
    return total - n * (np.log(n - 1) + 0.5 * d * np.log(2 * np.pi * width * width))


def parzen_ml_width(X):
    """The width maximising :func:`parzen_loo_log_likelihood` (Duin 1976, PRTools parzenml).

    A bounded scalar search on log h (scipy's ``minimize_scalar``) between a tenth of the
    smallest non-zero nearest-neighbour distance and the data's diameter. X needs at least 2
    points (a ValueError otherwise); when all of them coincide there is no width to maximise
    the likelihood (it grows without bound as h shrinks) and the width is 1.
    """
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] < 2:
        raise ValueError(
            f"parzen_ml_width needs at least 2 points for a leave-one-out likelihood, got "
            f"{X.shape[0]}."
        )
    nearest, largest = np.inf, 0.0
    for start in range(0, X.shape[0], _CHUNK):
        sq = _squared_distances(X[start : start + _CHUNK], X)
        largest = max(largest, float(sq.max()))
        positive = sq[sq > 0]
        if positive.size:
            nearest = min(nearest, float(positive.min()))
    if not np.isfinite(nearest) or largest <= 0:
        return 1.0
    low, high = np.log(np.sqrt(nearest) / 10), np.log(np.sqrt(largest))
    result = minimize_scalar(
        lambda log_h: -parzen_loo_log_likelihood(X, np.exp(log_h)),
        bounds=(low, high),
        method="bounded",
        options={"xatol": 1e-4},
    )
    return float(np.exp(result.x))


def _squared_distances(A, B):
    """||a - b||^2 for every row pair, clipped at 0 (rounding of the expanded form)."""
    sq = (A * A).sum(1)[:, None] - 2.0 * A @ B.T + (B * B).sum(1)[None, :]
    return np.maximum(sq, 0.0)
