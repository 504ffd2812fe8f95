"""Shared pieces of the Weka-style classifiers: label encoding, ``predict`` and costlab's tags."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import Tags
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import column_or_1d

from costlab.validation import Interval, check_param, check_params

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

#: An integer >= 1 (a count: rounds, neighbours, instances).
POSITIVE_INT = Interval(numbers.Integral, 1, None, closed="left")


def encode_labels(y: Any, n_samples: int) -> tuple[np.ndarray, np.ndarray]:
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


def check_positive_int(value: Any, name: str) -> int:
    """Return ``value`` as an int if it is an integer >= 1 (not a bool), else raise naming it.

    A ValueError for any value that is not one (these estimators' tests and callers expect it).
    """
    try:
        check_param(name, value, POSITIVE_INT)
    except TypeError as err:
        raise ValueError(str(err)) from None
    return int(value)


def validate_params(estimator: Any) -> None:
    """Check an estimator's parameters against its class's ``_parameter_constraints``.

    ``_parameter_constraints`` maps each parameter to the :mod:`costlab.validation` constraints
    it may satisfy (scikit-learn's convention, with costlab's vocabulary); called at the start
    of ``fit``, as scikit-learn validates there rather than in ``__init__``.
    """
    check_params(type(estimator)._parameter_constraints, estimator.get_params(deep=False))


class WekaClassifierBase(ClassifierMixin, BaseEstimator):
    """Base class: ``predict`` is the first most probable class, as Weka's ``classifyInstance``."""

    def predict(self, X: ArrayLike) -> np.ndarray:
        """Predict the class label with the highest probability (first one on ties)."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        tags.input_tags.categorical = True
        return tags


@dataclass(slots=True)
class CostlabTags(Tags):
    """scikit-learn's estimator tags with costlab's own (read with ``__sklearn_tags__()``).

    Parameters
    ----------
    reads_encoded_frames : bool, default=False
        The estimator reads the frames it fits and scores only through this package's encoders,
        so cross-validation may encode a frame once and pass each fold's rows as an
        :class:`~costlab.classifiers.EncodedFrame` (see
        :func:`~costlab.classifiers.takes_encoded_frames`).
    """

    reads_encoded_frames: bool = False


def costlab_tags(tags: Tags, **values: Any) -> CostlabTags:
    """``tags`` (scikit-learn's, or costlab's) as :class:`CostlabTags`, ``values`` set."""
    return CostlabTags(**{**{f.name: getattr(tags, f.name) for f in fields(tags)}, **values})


class ReadsEncodedFramesMixin:
    """Mixin (left of the estimator's base class) setting the tag ``reads_encoded_frames``."""

    def __sklearn_tags__(self):
        return costlab_tags(super().__sklearn_tags__(), reads_encoded_frames=True)
