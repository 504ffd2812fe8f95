"""AdaBoost.M1 of decision stumps with the probabilities of Weka 3.9's ``AdaBoostM1``.

Implemented from the description in ``/work/shared/FINDINGS.md`` section 3 and the costlab
design notes, not from Weka's (GPL) source.

Why not ``sklearn.ensemble.AdaBoostClassifier``: in scikit-learn 1.9 it rejects NaN in ``X``
(its input validation does not defer to NaN-aware trees), it keeps a perfect stump with
weight 1.0 where Weka stops, and it raises when the first stump is no better than chance
where Weka keeps that stump. The loop below is the same reweighting (SAMME with two
classes; checked against ``AdaBoostClassifier`` in the tests on NaN-free data) with
Weka's stopping rules and round weights.
"""

from __future__ import annotations

import numpy as np
from scipy.special import softmax
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from ._base import WekaClassifierBase, check_positive_int, encode_labels
from ._encoding import CategoricalOneHotEncoder, CategoricalOrdinalEncoder
from .stump import fit_weka_stump

__all__ = ["WekaAdaBoostM1", "boost_stumps"]

TOLERANCE = 1e-6
"""Errors within this of 0 or 0.5 count as 0 or 0.5 (Weka's ``Utils.eq`` tolerance)."""
STUMPS = ("weka", "sklearn")


def _stump_factory(kind: str, schema, n_classes: int, random_state):
    """A function ``fit(X, yi, weights) -> stump`` for the chosen stump kind."""
    if kind == "weka":
        nominal, n_values = schema.nominal, schema.n_values
        return lambda X, yi, w: fit_weka_stump(X, yi, w, nominal, n_values, n_classes)
    rng = check_random_state(random_state)

    def fit(X, yi, weights):
        seed = rng.randint(np.iinfo(np.int32).max)
        tree = DecisionTreeClassifier(max_depth=1, criterion="entropy", random_state=seed)
        return tree.fit(X, yi, sample_weight=weights)

    return fit


def boost_stumps(X: np.ndarray, yi: np.ndarray, n_rounds: int, fit_stump) -> tuple:
    """Run AdaBoost.M1 by reweighting, with Weka's stopping rules.

    Weights start at 1 per row. Round m fits a stump on the current weights; its weighted
    training error e stops boosting if e >= 0.5 or e = 0 (within 1e-6), and that stump is
    dropped unless it is the first. Otherwise the round's weight is
    :math:`\\log((1 - e) / e)`, the weights of the misclassified rows are multiplied by
    :math:`(1 - e) / e`, and all weights are rescaled to their previous sum.

    Returns
    -------
    stumps : list
        Fitted stumps (with ``predict`` and ``predict_proba`` on ``X``'s encoding).
    weights : ndarray
        Round weights; 0.0 for a lone first stump that stopped boosting.
    errors : ndarray
        Weighted training errors of the kept rounds.
    """
    sample_weight = np.ones(yi.size)
    stumps, weights, errors = [], [], []
    for _ in range(n_rounds):
        stump = fit_stump(X, yi, sample_weight)
        wrong = stump.predict(X) != yi
        error = float(np.sum(sample_weight[wrong]) / np.sum(sample_weight))
        if error > 0.5 - TOLERANCE or error < TOLERANCE:
            if not stumps:
                stumps, weights, errors = [stump], [0.0], [error]
            break
        stumps.append(stump)
        weights.append(np.log((1.0 - error) / error))
        errors.append(error)
        old_sum = np.sum(sample_weight)
        sample_weight = np.where(wrong, sample_weight * ((1.0 - error) / error), sample_weight)
        sample_weight = sample_weight * old_sum / np.sum(sample_weight)
    return stumps, np.array(weights), np.array(errors)


class WekaAdaBoostM1(WekaClassifierBase):
    """AdaBoost.M1 of decision stumps, calibrated like Weka 3.9's ``AdaBoostM1``.

    Each round's stump votes for one class with the round's weight
    :math:`\\alpha_m = \\log((1 - e_m) / e_m)`; with :math:`S_k` the summed weight of the
    rounds voting k,

    .. math:: P(k \\mid x) = \\frac{\\exp S_k}{\\sum_j \\exp S_j}

    (not scikit-learn's ``predict_proba``, which first divides the votes by
    :math:`\\sum_m \\alpha_m`). When only one round was kept, that stump's own class
    distribution is returned.

    Parameters
    ----------
    n_estimators : int, default=10
        Maximum number of boosting rounds (Weka's ``-I``).
    stump : {"weka", "sklearn"}, default="weka"
        ``"weka"``: :func:`~costlab.classifiers.stump.fit_weka_stump` on ordinal codes,
        Weka's ``DecisionStump`` (nominal ``== value`` splits, a third branch for missing
        values). ``"sklearn"``: a depth-1 entropy ``DecisionTreeClassifier`` on one-hot
        nominal and raw numeric columns; missing values (NaN) go to one side of its split.
    random_state : int, default=1
        Seeds the scikit-learn stumps' tie-breaking (the Weka stump is deterministic).

    Attributes
    ----------
    estimators_ : list
        The kept stumps; their ``predict`` / ``predict_proba`` take ``encoder_.transform(X)``
        and return class indices / distributions.
    estimator_weights_, estimator_errors_ : ndarray
        Their weights :math:`\\alpha_m` and weighted training errors.
    """

    def __init__(self, n_estimators: int = 10, stump: str = "weka", random_state=1):
        self.n_estimators = n_estimators
        self.stump = stump
        self.random_state = random_state

    def fit(self, X, y):
        """Boost ``n_estimators`` stumps (fewer if boosting stops early)."""
        n_rounds = check_positive_int(self.n_estimators, "n_estimators")
        if self.stump not in STUMPS:
            raise ValueError(f"stump must be one of {STUMPS}, got {self.stump!r}")
        encoder = CategoricalOrdinalEncoder if self.stump == "weka" else CategoricalOneHotEncoder
        self.encoder_ = encoder().fit(X)
        encoded = self.encoder_.transform(X)
        self.classes_, yi = encode_labels(y, encoded.shape[0])
        self.n_features_in_ = self.encoder_.n_features_in_
        fit_stump = _stump_factory(
            self.stump, self.encoder_.schema_, len(self.classes_), self.random_state
        )
        self.estimators_, self.estimator_weights_, self.estimator_errors_ = boost_stumps(
            encoded, yi, n_rounds, fit_stump
        )
        return self

    def predict_proba(self, X) -> np.ndarray:
        """Softmax of the summed round weights per class (one kept round: its stump's own)."""
        check_is_fitted(self, "estimators_")
        encoded = self.encoder_.transform(X)
        if len(self.estimators_) == 1:
            return self.estimators_[0].predict_proba(encoded)
        votes = np.zeros((encoded.shape[0], len(self.classes_)))
        rows = np.arange(encoded.shape[0])
        for stump, weight in zip(self.estimators_, self.estimator_weights_, strict=True):
            votes[rows, stump.predict(encoded)] += weight
        return softmax(votes, axis=1)
