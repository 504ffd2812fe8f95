"""Naive Bayes with the probability formulas of Weka 3.9's ``NaiveBayes`` (default options).

Implemented from the description of Weka's formulas in the documentation page *Weka's formulas and
folds* (docs/facts/weka.md: Laplace counts for nominal attributes; for numeric ones a normal
estimator on values rounded to the attribute's precision, whose likelihood is the probability mass
of that interval), checked against real Weka 3.9.7 per instance, not from Weka's (GPL) source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from scipy.special import ndtr
from sklearn.utils.validation import check_is_fitted

from ._base import WekaClassifierBase, encode_labels
from ._encoding import CategoricalOrdinalEncoder

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["WekaNaiveBayes"]

DEFAULT_PRECISION = 0.01
"""Precision of a numeric attribute with fewer than two distinct training values."""
MIN_FACTOR = 1e-75
"""Floor of every likelihood factor, and the underflow threshold of the running product."""


def numeric_precision(values: np.ndarray) -> float:
    """Mean gap between successive distinct non-missing values (Weka's estimator precision).

    .. math:: \\mathrm{precision} = \\frac{\\sum_i (v_{(i+1)} - v_{(i)})}{d - 1}

    over the ``d`` sorted distinct values; 0.01 when ``d < 2``. The gaps are summed one by
    one, in increasing order.

    Examples
    --------
    >>> numeric_precision(np.array([1.0, 2.0, 2.0, 4.0, 5.0, 7.0, np.nan]))
    1.5
    """
    distinct = np.unique(values[~np.isnan(values)])
    if distinct.size < 2:
        return DEFAULT_PRECISION
    return float(np.cumsum(np.diff(distinct))[-1] / (distinct.size - 1))


def _normal_estimator(values: np.ndarray, precision: float) -> tuple[float, float]:
    """Mean and standard deviation of ``values`` rounded to ``precision`` (Weka's formulas).

    Sums run in training order; the population deviation is floored at precision / 6, which
    is also used when there are no values or they are all equal.
    """
    floor = precision / (2 * 3)
    if values.size == 0:
        return 0.0, floor
    rounded = np.rint(values / precision) * precision
    total, total_sq = np.cumsum(rounded)[-1], np.cumsum(rounded * rounded)[-1]
    mean = total / values.size
    std = np.sqrt(abs(total_sq - mean * total) / values.size)
    return float(mean), float(max(floor, std) if std > 1e-10 else floor)


def _value_table(codes: np.ndarray, yi: np.ndarray, n_classes: int, n_values: int) -> np.ndarray:
    """P(value | class) with counts starting at 1 per declared value; missing codes skipped."""
    present = ~np.isnan(codes)
    counts = np.zeros((n_classes, n_values))
    np.add.at(counts, (yi[present], codes[present].astype(int)), 1.0)
    return (counts + 1.0) / (counts.sum(axis=1, keepdims=True) + n_values)


class WekaNaiveBayes(WekaClassifierBase):
    """Naive Bayes calibrated like Weka 3.9's ``NaiveBayes`` with default options.

    * class prior: :math:`(n_c + 1) / (n + K)` (Laplace);
    * nominal attribute: :math:`(n_{c,v} + 1) / (n_c^{\\mathrm{obs}} + V)` over the V declared
      values, missing values skipped;
    * numeric attribute: values rounded to the attribute's precision
      (:func:`numeric_precision`, from the whole training set); per class a normal with the
      mean and population deviation of the rounded values (deviation floored at
      precision / 6); the likelihood of a value is the normal probability *mass* of the
      interval of width precision centred on the rounded value, not the density;
    * posterior: prior times ``max(1e-75, likelihood)`` over non-missing attributes; whenever
      the largest class score falls below 1e-75 all scores are multiplied by 1e75 (Weka's
      underflow guard); normalised to sum to 1.

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels.
    class_prior_ : ndarray of shape (n_classes,)
        Laplace-corrected class priors.
    value_probs_ : list
        Per attribute, ``P(value | class)`` of shape (n_classes, n_values), or ``None``.
    precision_, mean_, std_ : ndarray
        Per numeric attribute the precision, and per class and attribute the normal
        estimator's mean and deviation (NaN for nominal attributes).

    Examples
    --------
    >>> X = np.array([[1.0], [2.0], [4.0], [5.0]])
    >>> WekaNaiveBayes().fit(X, [0, 0, 1, 1]).predict_proba([[2.0]]).round(4)
    array([[0.9546, 0.0454]])
    """

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Estimate priors, value tables and normal estimators from ``X`` and ``y``."""
        self.encoder_ = CategoricalOrdinalEncoder().fit(X)
        codes = self.encoder_.transform(X)
        self.classes_, yi = encode_labels(y, codes.shape[0])
        n_classes, schema = len(self.classes_), self.encoder_.schema_
        self.n_features_in_ = codes.shape[1]
        counts = np.bincount(yi, minlength=n_classes)
        self.class_prior_ = (counts + 1.0) / (yi.size + n_classes)
        self.value_probs_: list[Any] = [None] * codes.shape[1]
        self.precision_ = np.full(codes.shape[1], np.nan)
        self.mean_ = np.full((n_classes, codes.shape[1]), np.nan)
        self.std_ = np.full((n_classes, codes.shape[1]), np.nan)
        for j, n_values in enumerate(schema.n_values):
            column = codes[:, j]
            if schema.nominal[j]:
                self.value_probs_[j] = _value_table(column, yi, n_classes, n_values)
                continue
            precision = self.precision_[j] = numeric_precision(column)
            for k in range(n_classes):
                in_class = column[(yi == k) & ~np.isnan(column)]
                self.mean_[k, j], self.std_[k, j] = _normal_estimator(in_class, precision)
        return self

    def _likelihood(self, j: int, column: np.ndarray) -> np.ndarray:
        """P(value | class) of the non-missing entries of attribute ``j``, shape (n, K)."""
        if self.value_probs_[j] is not None:
            return self.value_probs_[j][:, column.astype(int)].T
        precision = self.precision_[j]
        offset = np.rint(column / precision)[:, None] * precision - self.mean_[None, :, j]
        std = self.std_[None, :, j]
        return ndtr((offset + precision / 2) / std) - ndtr((offset - precision / 2) / std)

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Posterior class probabilities, columns in the order of ``classes_``."""
        check_is_fitted(self, "class_prior_")
        codes = self.encoder_.transform(X)
        scores = np.tile(self.class_prior_, (codes.shape[0], 1))
        for j in range(codes.shape[1]):
            present = ~np.isnan(codes[:, j])
            factor = np.maximum(MIN_FACTOR, self._likelihood(j, codes[present, j]))
            scores[present] *= factor
            top = scores.max(axis=1)
            scores[present & (top > 0) & (top < MIN_FACTOR)] *= 1e75
        return scores / scores.sum(axis=1, keepdims=True)
