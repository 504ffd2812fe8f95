"""k-nearest neighbours with the distance and probabilities of Weka 3.9's ``IBk`` (defaults).

Implemented from the description of Weka's formula in the documentation page *Weka's formulas and
folds* (docs/facts/weka.md: each class starts at 1 / n_train, each neighbour adds 1 to its class,
then normalise), checked against real Weka 3.9.7 per instance, not from Weka's (GPL) source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from sklearn.utils.validation import check_is_fitted

from costlab.validation import Boolean

from ._base import POSITIVE_INT, WekaClassifierBase, encode_labels, validate_params
from ._encoding import CategoricalOrdinalEncoder

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["WekaIBk"]

_CHUNK = 256
"""Test rows per block of the distance computation."""


def cumulative_ranges(
    train_min: np.ndarray, train_max: np.ndarray, test: np.ndarray, extend: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """Per test row, the attribute ranges in force when that row is classified.

    Weka widens its ranges with each test instance before classifying it, so row ``i`` sees
    the training range extended by test rows ``0..i`` (missing values ignored).

    Returns
    -------
    low, high : ndarray of shape (n_test, n_attributes)
        NaN where no value has been seen.
    """
    if not extend:
        shape = test.shape
        return np.broadcast_to(train_min, shape), np.broadcast_to(train_max, shape)
    low = np.fmin.accumulate(np.vstack([train_min, test]), axis=0)[1:]
    high = np.fmax.accumulate(np.vstack([train_max, test]), axis=0)[1:]
    return low, high


def _numeric_difference(
    test: np.ndarray, train: np.ndarray, low: np.ndarray, high: np.ndarray
) -> np.ndarray:
    """Weka's normalised difference of one numeric attribute, shape (n_test, n_train).

    Values are min-max normalised with each test row's range (0 when the range is empty or
    zero). One value missing: max(v, 1 - v) of the other normalised value; both missing: 1.
    """
    width = high - low
    flat = ~(width > 0)
    width = np.where(flat, 1.0, width)
    a = np.where(flat, 0.0, (test - low) / width)[:, None]
    b = np.where(flat[:, None], 0.0, (train[None, :] - low[:, None]) / width[:, None])
    a_missing, b_missing = np.isnan(test)[:, None], np.isnan(train)[None, :]
    other = np.where(a_missing, b, a)
    one_missing = np.maximum(other, 1.0 - other)
    either = a_missing | b_missing
    return np.where(either, np.where(a_missing & b_missing, 1.0, one_missing), a - b)


class WekaIBk(WekaClassifierBase):
    """k-NN calibrated like Weka 3.9's ``IBk`` (Euclidean distance, no distance weighting).

    * distance: Euclidean; numeric attributes min-max normalised with the training range
      extended by the test rows seen so far (in the order given to ``predict_proba``);
      nominal attributes differ by 0 (equal) or 1 (different or either missing); a missing
      numeric value differs by max(v, 1 - v) from a present one's normalised value v, and by
      1 from another missing one;
    * neighbours: the ``k`` nearest plus every training row tied with the k-th distance;
    * probabilities: each class starts at 1 / n_train, each neighbour adds 1 to its class,
      then normalise (1-NN gives 0.9989/0.0011 with 900 training rows, not 1/0).

    Parameters
    ----------
    k : int, default=1
        Number of neighbours (Weka's ``-K``).
    extend_ranges : bool, default=True
        Widen the normalisation ranges with each test row before classifying it, as Weka
        does. Each ``predict_proba`` call starts again from the training ranges.

    Examples
    --------
    >>> X = np.array([[0.0], [1.0], [2.0], [4.0]])
    >>> WekaIBk().fit(X, [0, 0, 1, 1]).predict_proba([[0.9]]).round(4)
    array([[0.8333, 0.1667]])
    """

    _parameter_constraints = {"k": [POSITIVE_INT], "extend_ranges": [Boolean()]}

    def __init__(self, k: int = 1, extend_ranges: bool = True) -> None:
        self.k = k
        self.extend_ranges = extend_ranges

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Store the training rows and their attribute ranges."""
        validate_params(self)
        self.encoder_ = CategoricalOrdinalEncoder().fit(X)
        self.train_ = self.encoder_.transform(X)
        self.classes_, self.train_labels_ = encode_labels(y, self.train_.shape[0])
        self.n_features_in_ = self.train_.shape[1]
        self.train_min_ = np.fmin.reduce(self.train_, axis=0, initial=np.nan)
        self.train_max_ = np.fmax.reduce(self.train_, axis=0, initial=np.nan)
        return self

    def _squared_distances(self, test: np.ndarray, low: np.ndarray, high: np.ndarray) -> np.ndarray:
        """Squared distances, summed attribute by attribute in column order."""
        nominal = self.encoder_.schema_.nominal
        squared = np.zeros((test.shape[0], self.train_.shape[0]))
        for j in range(test.shape[1]):
            if nominal[j]:
                diff = (test[:, j, None] != self.train_[None, :, j]).astype(np.float64)
            else:
                diff = _numeric_difference(test[:, j], self.train_[:, j], low[:, j], high[:, j])
            squared += diff * diff
        return squared

    def _distribution(self, squared: np.ndarray) -> np.ndarray:
        """Class probabilities from the neighbours (ties at the k-th distance included)."""
        n_train, n_classes = squared.shape[1], len(self.classes_)
        k = min(self.k, n_train)
        kth = np.partition(squared, k - 1, axis=1)[:, k - 1]
        neighbours = (squared <= kth[:, None]).astype(np.float64)
        counts = neighbours @ np.eye(n_classes)[self.train_labels_]
        prior = 1.0 / n_train
        total = n_classes / n_train + counts.sum(axis=1, keepdims=True)
        return (prior + counts) / total

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Class probabilities of the rows of ``X``, classified in order."""
        check_is_fitted(self, "train_")
        test = self.encoder_.transform(X)
        low, high = cumulative_ranges(self.train_min_, self.train_max_, test, self.extend_ranges)
        proba = np.empty((test.shape[0], len(self.classes_)))
        for start in range(0, test.shape[0], _CHUNK):
            rows = slice(start, start + _CHUNK)
            squared = self._squared_distances(test[rows], low[rows], high[rows])
            proba[rows] = self._distribution(squared)
        return proba
