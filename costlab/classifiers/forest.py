"""scikit-learn's random forest set up like Weka 3.9's ``RandomForest`` defaults.

Weka's own forest is :class:`costlab.classifiers.WekaRandomForest`; this one keeps the
scikit-learn analogue (registered as ``"SklearnRandomForest"``) for comparison.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.utils.validation import check_is_fitted

from ._base import WekaClassifierBase, check_positive_int, encode_labels
from ._encoding import CategoricalOrdinalEncoder
from .random_tree import weka_num_features

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["SklearnRandomForest"]


class SklearnRandomForest(WekaClassifierBase):
    """Bagged random trees with Weka 3.9 ``RandomForest``'s defaults, grown by scikit-learn.

    100 fully grown trees on bootstrap samples of the training size, K =
    :func:`weka_num_features` attributes tried per split, information-gain (entropy) splits
    as in Weka's ``RandomTree``; probabilities are the average of the trees' leaf class
    distributions. Nominal attributes enter as ordinal category codes (NaN when missing), so
    the forest sees Weka's attribute count M.

    Not Weka's numbers (:class:`~costlab.classifiers.WekaRandomForest` gives those):
    ``RandomTree`` splits a nominal attribute multiway (one branch per
    value) where these trees split codes binarily, it sends a row with a missing value down
    every branch with fractional weights where these trees send it to one side, and the
    bootstrap samples, attribute draws and tie-breaking use other random streams.

    Parameters
    ----------
    n_estimators : int, default=100
        Number of trees (Weka's ``-I``).
    max_features : int or None, default=None
        Attributes tried per split; ``None`` means Weka's K (``-K 0``).
    criterion : {"entropy", "gini", "log_loss"}, default="entropy"
        Split criterion of the trees.
    random_state : int, default=1
        Seed of the bootstrap samples and attribute draws (Weka's ``-S 1``).
    n_jobs : int or None, default=None
        Threads used by scikit-learn (the cross-validation layer parallelises folds).

    Attributes
    ----------
    forest_ : RandomForestClassifier
        The fitted forest, trained on ``encoder_.transform(X)`` and class indices.
    """

    def __init__(
        self,
        n_estimators: int = 100,
        max_features: int | None = None,
        criterion: str = "entropy",
        random_state: int | None = 1,
        n_jobs: int | None = None,
    ) -> None:
        self.n_estimators = n_estimators
        self.max_features = max_features
        self.criterion = criterion
        self.random_state = random_state
        self.n_jobs = n_jobs

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Grow the forest on the ordinal encoding of ``X``."""
        self.encoder_ = CategoricalOrdinalEncoder().fit(X)
        codes = self.encoder_.transform(X)
        self.classes_, yi = encode_labels(y, codes.shape[0])
        self.n_features_in_ = codes.shape[1]
        if self.max_features is None:
            k = weka_num_features(codes.shape[1])
        else:
            k = check_positive_int(self.max_features, "max_features")
        self.forest_ = RandomForestClassifier(
            n_estimators=self.n_estimators,
            criterion=self.criterion,
            max_features=min(k, codes.shape[1]),
            bootstrap=True,
            min_samples_leaf=1,
            random_state=self.random_state,
            n_jobs=self.n_jobs,
        ).fit(codes, yi)
        return self

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Mean of the trees' leaf class distributions."""
        check_is_fitted(self, "forest_")
        return self.forest_.predict_proba(self.encoder_.transform(X))
