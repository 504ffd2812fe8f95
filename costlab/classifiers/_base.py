"""Shared pieces of the Weka-style classifiers: label encoding and ``predict``."""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import column_or_1d


def encode_labels(y, n_samples: int) -> tuple[np.ndarray, np.ndarray]:
    """Sorted class labels and the index of each sample's label among them.

    Raises
    ------
    ValueError
        If ``y`` is missing, not 1-D, empty, continuous, or its length differs from
        ``n_samples``.
    """
    if y is None:
        raise ValueError("this classifier requires y to be passed, but the target y is None")
    y = column_or_1d(y, warn=True)
    if y.size == 0:
        raise ValueError("y is empty: fit needs at least one labelled row")
    check_classification_targets(y)
    if y.size != n_samples:
        raise ValueError(f"X has {n_samples} rows but y has {y.size} labels")
    classes, indices = np.unique(y, return_inverse=True)
    return classes, indices.ravel()


def check_positive_int(value, name: str) -> int:
    """Return ``value`` if it is a positive integer (not a bool), else raise ValueError."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return int(value)


class WekaClassifierBase(ClassifierMixin, BaseEstimator):
    """Base class: ``predict`` is the first most probable class, as Weka's ``classifyInstance``."""

    def predict(self, X) -> np.ndarray:
        """Predict the class label with the highest probability (first one on ties)."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        tags.input_tags.categorical = True
        return tags
