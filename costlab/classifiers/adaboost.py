"""AdaBoost.M1 of decision stumps or J48 trees, with the probabilities of Weka 3.9's AdaBoostM1.

The stump version was implemented from the description of Weka's formula in the documentation page
*Weka's formulas and folds* (docs/facts/weka.md: round weight log((1 - e) / e), probabilities a
softmax of the summed votes; one round: the stump's own distribution), checked against real Weka
3.9.7 per instance. The J48 version and the loop's details (left-to-right weight sums for J48
rounds; J48's vote by ``classifyInstance`` with a 1e-6 tolerance but its error by ``Evaluation``'s
strict maximum) were written after reading Weka 3.9's ``AdaBoostM1``, ``Evaluation`` and
``ClassifierTree`` sources, without copying code.

Why not ``sklearn.ensemble.AdaBoostClassifier``: in scikit-learn 1.9 it rejects NaN in ``X``
(its input validation does not defer to NaN-aware trees), it keeps a perfect stump with
weight 1.0 where Weka stops, and it raises when the first stump is no better than chance
where Weka keeps that stump. The loop below is the same reweighting (SAMME with two
classes; checked against ``AdaBoostClassifier`` in the tests on NaN-free data) with
Weka's stopping rules and round weights.
"""

from __future__ import annotations

import numbers
from collections import deque
from typing import TYPE_CHECKING, Any

import numpy as np
from scipy.special import softmax
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from costlab.validation import Boolean, InstanceOf, Interval, Options

from ._base import (
    POSITIVE_INT,
    ReadsEncodedFramesMixin,
    WekaClassifierBase,
    encode_labels,
    validate_params,
)
from ._encoding import CategoricalOneHotEncoder, CategoricalOrdinalEncoder
from .j48 import J48, EncodedTree
from .stump import fit_weka_stump, numeric_orders

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["WekaAdaBoostM1"]

TOLERANCE = 1e-6
"""Errors within this of 0 or 0.5 count as 0 or 0.5 (Weka's ``Utils.eq`` tolerance)."""
STUMPS = ("weka", "sklearn")
BASES = ("DecisionStump", "J48")


def _stump_factory(
    kind: str, schema: Any, n_classes: int, random_state: Any
) -> Callable[[np.ndarray, np.ndarray, np.ndarray], Any]:
    """A function ``fit(X, yi, weights) -> stump`` for the chosen stump kind."""
    if kind == "weka":
        nominal, n_values = schema.nominal, schema.n_values
        sorted_for: dict[
            int, np.ndarray
        ] = {}  # the rows' order per numeric column, once for all rounds on X

        def fit_weka(X, yi, weights):
            if sorted_for.get("X") is not X:
                sorted_for.update(X=X, orders=numeric_orders(X, nominal))
            orders = sorted_for["orders"]
            return fit_weka_stump(X, yi, weights, nominal, n_values, n_classes, orders)

        return fit_weka
    rng = check_random_state(random_state)

    def fit(X, yi, weights):
        seed = rng.randint(np.iinfo(np.int32).max)
        tree = DecisionTreeClassifier(max_depth=1, criterion="entropy", random_state=seed)
        return tree.fit(X, yi, sample_weight=weights)

    return fit


def _pairwise_sum(values: np.ndarray) -> float:
    """numpy's (pairwise) sum."""
    return float(np.sum(values))


def _sequential_sum(values: np.ndarray) -> float:
    """Left-to-right sum, as Weka's loops add weights (``np.sum`` adds pairwise)."""
    return float(np.cumsum(values)[-1]) if values.size else 0.0


def _predicted(model, X, yi):
    """Default round assessment: the model's ``predict`` for both votes and errors."""
    predicted = model.predict(X)
    return predicted, predicted != yi


def boost(
    X: np.ndarray,
    yi: np.ndarray,
    n_rounds: int,
    fit_round: Callable[[np.ndarray, np.ndarray, np.ndarray], Any],
    assess: Callable[..., np.ndarray] = _predicted,
    *,
    sequential_sums: bool = True,
) -> tuple:
    """Run AdaBoost.M1 by reweighting, with Weka's stopping rules.

    Weights start at 1 per row. Round m fits a model on the current weights; its weighted
    training error e (the weight of the rows ``assess`` counts as wrong over the total weight)
    stops boosting if e >= 0.5 or e = 0 (within 1e-6), and that model is dropped unless it is
    the first. Otherwise the round's weight is :math:`\\log((1 - e) / e)`, the weights of the
    rows the model predicts wrongly are multiplied by :math:`(1 - e) / e`, and all weights are
    rescaled to their previous sum (sums taken left to right, as Weka does).

    Parameters
    ----------
    fit_round : callable
        ``fit_round(X, yi, weights) -> model``.
    assess : callable, optional
        ``assess(model, X, yi) -> (predicted, counted_wrong)``: the class index the model
        votes for per row (used for the reweighting and, later, the votes) and the mask of
        rows counted as errors in e. Weka's J48 differs in the two (see
        :class:`WekaAdaBoostM1`); by default both come from ``model.predict``.
    sequential_sums : bool
        Sum weights left to right as Weka's loops do (J48 rounds, where a leaf at exactly
        50/50 makes the last bit matter), or pairwise with ``np.sum`` (the stumps, as the
        thesis's numbers were computed and are kept byte-identical).

    Returns
    -------
    models : list
        Fitted models of the kept rounds.
    weights : ndarray
        Round weights; 0.0 for a lone first model that stopped boosting.
    errors : ndarray
        Weighted training errors of the kept rounds.
    """
    weight_sum = _sequential_sum if sequential_sums else _pairwise_sum
    sample_weight = np.ones(yi.size)
    models: list[Any] = []
    weights: list[Any] = []
    errors: list[Any] = []
    for _ in range(n_rounds):
        model = fit_round(X, yi, sample_weight)
        predicted, counted_wrong = assess(model, X, yi)
        total = weight_sum(sample_weight)
        error = weight_sum(sample_weight[counted_wrong]) / total
        if error > 0.5 - TOLERANCE or error < TOLERANCE:
            if not models:
                models, weights, errors = [model], [0.0], [error]
            break
        models.append(model)
        reweight = (1.0 - error) / error
        weights.append(np.log(reweight))
        errors.append(error)
        sample_weight = np.where(predicted != yi, sample_weight * reweight, sample_weight)
        sample_weight = sample_weight * total / weight_sum(sample_weight)
    return models, np.array(weights), np.array(errors)


def boost_stumps(
    X: np.ndarray, yi: np.ndarray, n_rounds: int, fit_stump: Callable[..., Any]
) -> tuple:
    """:func:`boost` with stumps whose ``predict`` gives both the votes and the errors."""
    return boost(X, yi, n_rounds, fit_stump, sequential_sums=False)


class _J48Round(EncodedTree):
    """One boosting round's J48 tree on the ensemble's ordinal codes; votes as Weka's
    ``classifyInstance``."""

    def predict(self, codes):
        return weka_classify(self.predict_proba(codes))


def weka_classify(proba: np.ndarray) -> np.ndarray:
    """Weka's ``J48.classifyInstance``: the first class beating every earlier one by > 1e-6.

    Near-ties (within 1e-6) and all-zero distributions go to the earlier class (class 0).
    """
    best = np.full(proba.shape[0], -1.0)
    index = np.zeros(proba.shape[0], dtype=int)
    for k in range(proba.shape[1]):
        beats = proba[:, k] - best > TOLERANCE
        best = np.where(beats, proba[:, k], best)
        index = np.where(beats, k, index)
    return index


def evaluation_errors(proba: np.ndarray, yi: np.ndarray) -> np.ndarray:
    """Rows Weka's ``Evaluation`` counts as errors: the first strictly largest probability
    is not the row's class. A row whose probabilities are all 0 is *unclassified*: in the
    denominator of the error rate, but not an error."""
    best = np.zeros(proba.shape[0])
    index = np.full(proba.shape[0], -1)
    for k in range(proba.shape[1]):
        beats = proba[:, k] > best
        best = np.where(beats, proba[:, k], best)
        index = np.where(beats, k, index)
    return (index >= 0) & (index != yi)


def _assess_j48(model, codes, yi):
    proba = model.predict_proba(codes)
    return weka_classify(proba), evaluation_errors(proba, yi)


class WekaAdaBoostM1(ReadsEncodedFramesMixin, WekaClassifierBase):
    """AdaBoost.M1 of decision stumps or J48 trees, calibrated like Weka 3.9's ``AdaBoostM1``.

    Each round's model votes for one class with the round's weight
    :math:`\\alpha_m = \\log((1 - e_m) / e_m)`; with :math:`S_k` the summed weight of the
    rounds voting k,

    .. math:: P(k \\mid x) = \\frac{\\exp S_k}{\\sum_j \\exp S_j}

    (not scikit-learn's ``predict_proba``, which first divides the votes by
    :math:`\\sum_m \\alpha_m`). When only one round was kept, that model's own class
    distribution is returned. Boosting is by reweighting (Weka's default, no ``-Q``) with
    all weights kept (``-P 100``).

    With ``base="J48"`` each round is a :class:`~costlab.classifiers.J48` tree grown on the
    weighted rows (Weka's ``-W weka.classifiers.trees.J48 -- [-U] -M 2``). As in Weka, a
    tree's vote (and the rows reweighted) is its ``classifyInstance``: the first class whose
    probability beats every earlier one by more than 1e-6; its weighted error counts the rows
    whose first strictly largest probability is another class (Weka's ``Evaluation``; a row
    with all-zero probabilities, possible at an empty leaf, is then no error).

    Parameters
    ----------
    n_estimators : int, default=10
        Maximum number of boosting rounds (Weka's ``-I``).
    base : {"DecisionStump", "J48"}, default="DecisionStump"
        Base learner (Weka's ``-W``).
    stump : {"weka", "sklearn"}, default="weka"
        With ``base="DecisionStump"``: ``"weka"``:
        :func:`~costlab.classifiers.stump.fit_weka_stump` on ordinal codes,
        Weka's ``DecisionStump`` (nominal ``== value`` splits, a third branch for missing
        values). ``"sklearn"``: a depth-1 entropy ``DecisionTreeClassifier`` on one-hot
        nominal and raw numeric columns; missing values (NaN) go to one side of its split.
    unpruned, confidence, min_instances :
        With ``base="J48"``: the trees' options (J48's ``-U``, ``-C``, ``-M``; defaults
        False, 0.25, 2 as in Weka).
    random_state : int, default=1
        Seeds the scikit-learn stumps' tie-breaking (Weka's stump and J48 are deterministic).

    Attributes
    ----------
    estimators_ : list
        The kept models; their ``predict`` / ``predict_proba`` take ``encoder_.transform(X)``
        and return class indices / distributions.
    estimator_weights_, estimator_errors_ : ndarray
        Their weights :math:`\\alpha_m` and weighted training errors.
    """

    _parameter_constraints = {
        "n_estimators": [POSITIVE_INT],
        "stump": [Options(STUMPS)],
        "random_state": [
            Interval(numbers.Integral, 0, 2**32 - 1, closed="both"),
            InstanceOf(np.random.RandomState),
            None,
        ],
        "base": [Options(BASES)],
        "unpruned": [Boolean()],  # the J48 base's options; J48 checks their ranges
        "confidence": [Interval(numbers.Real, None, None, closed="neither")],
        "min_instances": [POSITIVE_INT],
    }

    def __init__(
        self,
        n_estimators: int = 10,
        stump: str = "weka",
        random_state: Any = 1,
        base: str = "DecisionStump",
        unpruned: bool = False,
        confidence: float = 0.25,
        min_instances: int = 2,
    ) -> None:
        self.n_estimators = n_estimators
        self.stump = stump
        self.random_state = random_state
        self.base = base
        self.unpruned = unpruned
        self.confidence = confidence
        self.min_instances = min_instances

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Boost ``n_estimators`` rounds (fewer if boosting stops early)."""
        validate_params(self)
        n_rounds = int(self.n_estimators)
        stump_sklearn = self.base == "DecisionStump" and self.stump == "sklearn"
        encoder = CategoricalOneHotEncoder if stump_sklearn else CategoricalOrdinalEncoder
        self.encoder_ = encoder().fit(X)
        encoded = self.encoder_.transform(X)
        self.classes_, yi = encode_labels(y, encoded.shape[0])
        self.n_features_in_ = self.encoder_.n_features_in_
        n_classes = len(self.classes_)
        if self.base == "J48":
            fit_round, assess = self._j48_rounds(n_classes), _assess_j48
        else:
            fit_round = _stump_factory(
                self.stump, self.encoder_.schema_, n_classes, self.random_state
            )
            assess = _predicted
        self.estimators_, self.estimator_weights_, self.estimator_errors_ = boost(
            encoded, yi, n_rounds, fit_round, assess, sequential_sums=self.base == "J48"
        )
        return self

    def _j48_rounds(self, n_classes):
        tree = J48(
            unpruned=self.unpruned, confidence=self.confidence, min_instances=self.min_instances
        )
        grow = tree.round_grower(self.encoder_.schema_, self.classes_)

        def fit(codes, yi, weights):
            fitted = grow(codes, yi, weights)
            return _J48Round(fitted.root, n_classes)

        return fit

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Softmax of the summed round weights per class (one kept round: its model's own)."""
        check_is_fitted(self, "estimators_")
        return deque(self.staged_predict_proba(X), maxlen=1)[0]

    def staged_predict_proba(self, X: ArrayLike) -> Iterator[np.ndarray]:
        """The probabilities of the ensemble of the first 1, 2, ... kept rounds, as Weka would
        give them for that many rounds (one round: its model's own distribution)."""
        check_is_fitted(self, "estimators_")
        encoded = self.encoder_.transform(X)
        votes = np.zeros((encoded.shape[0], len(self.classes_)))
        rows = np.arange(encoded.shape[0])
        for m, (model, weight) in enumerate(
            zip(self.estimators_, self.estimator_weights_, strict=True)
        ):
            votes[rows, model.predict(encoded)] += weight
            yield model.predict_proba(encoded) if m == 0 else softmax(votes, axis=1)
