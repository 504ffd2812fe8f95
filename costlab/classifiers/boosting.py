"""RiskBoost (Johnson, Raeder & Chawla 2015, Algorithm 1) and AdaBoost.M1 over any base learner.

Johnson, Raeder & Chawla (2015), sec. 3.4, Algorithm 1 (RiskBoost), with base learner W,
n rounds, m instances:

    Initialize a weight distribution D over the instances such that D_1(x_i) = 1/m.
    for j = 1 to n do
        Train a new instance W_j of the base learner W with weight distribution D_j.
        Compute the loss l of the learner on the training data via Equation 6.
        Set beta_j = (1 - 0.5 * l) / (0.5 * l).
        Compute the risk of each classifier on the ROC convex hull via Equation 10.
        for each instance x misclassified by the classifier of greatest risk do
            Set D_{j+1}(x) = beta_j * D_j(x).
        Otherwise set D_{j+1}(x) = D_j(x).
        Normalize such that sum_i D_{j+1}(x_i) = 1.
    return p(1|x) = z sum_j p_j(1|x) beta_j, z chosen such that the probabilities sum to 1.

Algorithm 1 leaves three things open. Each is an option (:data:`READINGS`); the defaults
read the text where it speaks and follow the boosting algorithm it builds on, AdaBoost.M1
(Freund & Schapire 1996, the paper's ref. [8]), where it is silent. They were chosen before
Table 2 was run under each reading, and not from which lands nearer the printed values.

- **The loss l** (``loss``). Line 3 reads "Compute the loss l of the learner on the training
  data via Equation 6". Eq. 6 defines l_H, the expected minimum loss
  :math:`\\sum_i \\int (c\\pi_0 r_{1i} + (1 - c)\\pi_1 (1 - r_{0i})) u(c) dc` over the hull, and
  Table 1 calls l "the total classification loss". Default ``"expected"``: that integral,
  as printed. ``"normalized"``: l = 1 - H (eq. 6 divided by the better trivial classifier's
  loss, Hand 2009), which puts 0.5 l in [0, 1/2] like AdaBoost.M1's error e in
  beta = (1 - e)/e. The H measure itself (the sentence after eq. 6: "a normalized scalar
  value between 0 and 1, whereby higher values correspond to better model performance") is
  not a loss, and 1 - H is not written anywhere; the normalisation is ours. Under eq. 6,
  l <= pi_0 pi_1 <= 1/4 (Beta(2, 2), balanced classes: l <= 5/32), so every beta_j > 7.
  u(c) is the Beta(2, 2) density 6c(1 - c); sec. 3.2 prints 1/6 c(1 - c), which integrates
  to 1/36 and would scale eq. 6 by 1/36 (we read it as a slip).
- **The weights of the loss, hull and risks** (``weighting``). Line 2 trains W_j "with
  weight distribution D_j"; line 3 scores it "on the training data", without saying under
  which weights. AdaBoost.M1 scores round t under the distribution it trained on,
  e_t = sum of D_t(i) over the misclassified i (Freund & Schapire 1996; Weka's AdaBoostM1
  likewise evaluates on the reweighted data). Default ``"distribution"``: the loss (eq. 6),
  the ROC hull, the priors pi_i and the risks (eq. 10) of round j are those of the training
  data weighted by D_j. ``"uniform"``: every instance counts once, as the data were given.
- **Stopping** (``stopping``). Algorithm 1 is "for j = 1 to n" with no early exit. Default
  ``"none"``: every round runs. A round whose hull is perfect has l = 0 and beta_j infinite;
  the final formula's limit is that learner's own p(1|x) (as a perfect hypothesis gets an
  infinite vote, log 1/beta, in Freund & Schapire's AdaBoost.M1), and since every hull
  classifier then has risk 0 no instance is reweighted, D_{j+1} = D_j, and later rounds
  repeat it (exactly, for a learner that is deterministic given its weights such as J48):
  boosting ends there, with beta_j = inf recorded. Freund & Schapire stop only when e > 1/2,
  which under eq. 6 (0.5 l <= 1/8) never happens. ``"adaboost"``: Weka's AdaBoostM1 rule: a
  round with l = 0 or 0.5 l >= 1/2 (l = 1 - H >= 1: no better than the trivial classifiers)
  ends boosting, and that learner is dropped unless it is the first (then it is the
  ensemble, weight 1).

Earlier versions of costlab ran ``loss="normalized", weighting="uniform", stopping="adaboost"``.
Other choices, stated:

- **The classifier of greatest risk** is the hull vertex with the largest eq. 10 risk
  (:func:`costlab.metrics.classifier_risk`); ties go to the vertex calling fewer positives.
- **Base learners without sample_weight** are trained on a weighted bootstrap sample of m
  instances drawn with D_j (Freund & Schapire's boosting by resampling), seeded.
- **The default base learner** is the paper's unpruned C4.5: :class:`~costlab.classifiers.J48`
  with ``unpruned=True`` (Weka's ``J48 -U``), trained on the weights D_j (times m, so that
  J48's minimum of 2 instances per branch keeps its scale). A J48 base learner gets the
  data encoded once for all rounds (ordinal codes, nominal attributes multiway) instead of a
  refit on the frame each round; the trees are the same.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import numpy as np
from scipy.special import softmax
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils import check_random_state
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import (
    check_is_fitted,
    has_fit_parameter,
    validate_data,
)

from costlab.metrics import as_cost_density
from costlab.metrics.scenarios.risk import riskiest_misclassified
from costlab.validation import Options, check_params

from ._base import POSITIVE_INT, costlab_tags, encode_labels
from ._encoding import CategoricalOrdinalEncoder
from .j48 import J48

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = [
    "READINGS",
    "AdaBoostM1Classifier",
    "RiskBoostClassifier",
    "c45_tree",
    "risk_boost",
    "staged_beta_mean",
]

_TOLERANCE = 1e-10


def c45_tree(random_state: Any = None) -> Any:
    """The stand-in for an unpruned C4.5 tree (Weka J48 -U): entropy splits, no depth limit,
    at least two instances per leaf (see the module docstring for what differs)."""
    return DecisionTreeClassifier(
        criterion="entropy", min_samples_leaf=2, random_state=random_state
    )


def _check_binary(y, name):
    """Raise ValueError unless ``y`` holds exactly two classes."""
    y_type = type_of_target(y, input_name="y", raise_unknown=True)
    kinds = np.unique(y)
    if kinds.size < 2:
        raise ValueError(f"y has only one class ({kinds[0]!r}): {name} needs two.")
    if y_type != "binary":
        raise ValueError(
            "Only binary classification is supported. The type of the target is "
            f"{y_type} ({kinds.size} classes); {name} is a binary classifier."
        )


class _BoostingBase(ClassifierMixin, BaseEstimator):
    """Shared input handling of the two binary boosters."""

    def _validate(self, X, y):
        X, y = validate_data(self, X, y, ensure_all_finite="allow-nan", dtype=None)
        _check_binary(y, type(self).__name__)
        self.classes_, yi = np.unique(y, return_inverse=True)
        return X, yi.astype(np.int64), np.full(yi.size, 1.0 / yi.size)

    def _fit_round(self, X, yi, distribution, rng):
        """Fit one base learner on the distribution: by weights, or by weighted resampling."""
        base = c45_tree() if self.estimator is None else self.estimator
        model = clone(base)
        if "random_state" in model.get_params():
            model.set_params(random_state=int(rng.randint(np.iinfo(np.int32).max)))
        m = yi.size
        if has_fit_parameter(model, "sample_weight"):
            model.fit(X, yi, sample_weight=distribution * m)
        else:
            rows = rng.choice(m, size=m, replace=True, p=distribution)
            model.fit(X[rows], yi[rows])
        return model

    def _check_n_estimators(self):
        """Check the parameters of ``_parameter_constraints``; the number of rounds."""
        check_params(self._parameter_constraints, self.get_params(deep=False))
        return int(self.n_estimators)

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        tags.classifier_tags.multi_class = False
        return tags


def _last(items):
    """The last item of an iterator (the full ensemble's output of a staged generator)."""
    return deque(items, maxlen=1)[0]


def _positive(model, X):
    """P(class index 1) from a fitted base learner (0 if it never saw class 1)."""
    proba = model.predict_proba(X)
    classes = list(model.classes_)
    return proba[:, classes.index(1)] if 1 in classes else np.zeros(X.shape[0])


#: Algorithm 1's readings (see the module docstring): option -> allowed values, default first.
READINGS = {
    "loss": ("expected", "normalized"),
    "weighting": ("distribution", "uniform"),
    "stopping": ("none", "adaboost"),
}
#: The readings' constraints, written once: checked by :func:`risk_boost` (a public loop the
#: Weka engine also runs) and by :class:`RiskBoostClassifier`'s parameter validation.
_READING_CONSTRAINTS = {name: [Options(values)] for name, values in READINGS.items()}


def risk_boost(
    yi,
    n_rounds,
    fit_round,
    density=None,
    *,
    loss="expected",
    weighting="distribution",
    stopping="none",
):
    """Algorithm 1's loop (Johnson et al. 2015), over any way of fitting a round.

    Parameters
    ----------
    yi : ndarray of int, shape (m,)
        Class indices 0/1 of the training instances.
    n_rounds : int
        Rounds n.
    fit_round : callable
        ``fit_round(weights) -> (model, scores)``: train a learner with instance weights
        ``weights`` (D_j times m, so they sum to m) and return it with its P(class 1) for each
        training instance.
    density : CostDensity, optional
        u(c) of eqs. 6 and 10 (default Beta(2, 2)).
    loss, weighting, stopping : str
        The readings of Algorithm 1 (:data:`READINGS`; the module docstring says what each
        means and why the defaults are the defaults).

    Returns
    -------
    models, betas, losses, counts : list
        The kept learners, their beta_j (``inf`` for a perfect round under
        ``stopping="none"``: it alone decides the ensemble's output), their losses l_j and how
        many instances each round reweighted.
    """
    check_params(_READING_CONSTRAINTS, {"loss": loss, "weighting": weighting, "stopping": stopping})
    density = as_cost_density(density)
    is_pos = yi == 1
    distribution = np.full(yi.size, 1.0 / yi.size)
    models, betas, losses, counts = [], [], [], []
    for _ in range(n_rounds):
        model, scores = fit_round(distribution * yi.size)
        weights = distribution if weighting == "distribution" else None
        wrong, expected, normalized = riskiest_misclassified(
            is_pos, np.asarray(scores, np.float64), density, sample_weight=weights
        )
        round_loss = expected if loss == "expected" else normalized
        if round_loss <= _TOLERANCE:  # a perfect hull: beta_j is infinite
            if stopping == "none":  # the limit of the final formula: this learner decides
                models.append(model)
                betas.append(np.inf)
                losses.append(round_loss)
                counts.append(0)
            elif not models:  # Weka's AdaBoostM1 keeps a first learner alone
                models, betas, losses, counts = [model], [1.0], [round_loss], [0]
            break
        if stopping == "adaboost" and 0.5 * round_loss >= 0.5 - _TOLERANCE:  # e_j >= 1/2
            if not models:
                models, betas, losses, counts = [model], [1.0], [round_loss], [0]
            break
        beta = (1.0 - 0.5 * round_loss) / (0.5 * round_loss)
        models.append(model)
        betas.append(beta)
        losses.append(round_loss)
        counts.append(int(np.count_nonzero(wrong)))
        distribution = np.where(wrong, beta * distribution, distribution)
        distribution = distribution / np.sum(distribution)
    return models, betas, losses, counts


def staged_beta_mean(scores, betas):
    """Algorithm 1's output after each round: :math:`\\sum_j \\beta_j p_j / \\sum_j \\beta_j`.

    ``scores`` yields each learner's P(class 1); a learner with ``beta = inf`` (a perfect round,
    the last) gives the limit, its own scores. Sums run left to right.
    """
    total, weight = 0.0, 0.0
    for score, beta in zip(scores, betas, strict=True):
        if np.isinf(beta):
            yield np.asarray(score, dtype=np.float64)
            return
        total = total + beta * score
        weight += beta
        yield total / weight


class RiskBoostClassifier(_BoostingBase):
    """RiskBoost: boosting the instances misclassified by the riskiest hull classifier.

    Johnson et al. 2015, Algorithm 1 (quoted, with the readings it leaves open, in the module
    docstring): each round's learner is scored on the training data; its loss l (eq. 6 under
    the cost density u) sets :math:`\\beta_j = (1 - l/2) / (l/2)`; the instances misclassified by
    the hull classifier of greatest risk (eq. 10) get their weight multiplied by
    :math:`\\beta_j`; the ensemble predicts

    .. math:: p(1 \\mid x) = \\frac{\\sum_j \\beta_j\\, p_j(1 \\mid x)}{\\sum_j \\beta_j}.

    Parameters
    ----------
    estimator : classifier, optional
        The base learner W (cloned each round); default ``J48(unpruned=True)``, the paper's
        unpruned C4.5 (Weka's ``J48 -U``). Used with
        ``sample_weight`` if its ``fit`` takes one, else on weighted bootstrap samples.
    n_estimators : int, default=100
        Boosting rounds n (the paper: 100).
    cost_distribution : None, CostDensity, ("beta", a, b), float or callable
        u(c) of eqs. 6 and 10; default Beta(2, 2) (Johnson et al. 2015, sec. 4, after Hand 2009).
    loss : {"expected", "normalized"}, default="expected"
        l as eq. 6 prints it, the expected minimum loss (``"expected"``), or normalised,
        1 - H (``"normalized"``).
    weighting : {"distribution", "uniform"}, default="distribution"
        Whether the loss, the ROC hull and the risks of round j are those of the training data
        weighted by D_j, as AdaBoost.M1 weights its error (``"distribution"``), or unweighted.
    stopping : {"none", "adaboost"}, default="none"
        ``"none"``: all n rounds, as Algorithm 1 (a perfect round, l = 0, decides the ensemble
        and ends it, its beta infinite); ``"adaboost"``: Weka's AdaBoostM1 rule (a round with
        l = 0 or l >= 1 ends boosting and is dropped unless it is the first).
    random_state : int, RandomState or None
        Seeds the base learners and the resampling.

    Attributes
    ----------
    estimators_ : list
        The kept learners (fitted on class indices 0/1 of ``classes_``).
    estimator_weights_ : ndarray
        Their beta_j (``inf`` for a perfect last round under ``stopping="none"``).
    estimator_losses_ : ndarray
        Their training loss l_j.
    n_riskiest_ : ndarray of int
        How many training instances each round reweighted.
    classes_ : ndarray
        The two class labels, sorted; ``classes_[1]`` is class 1 (positive) of the paper.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> X, y = make_classification(n_samples=200, random_state=0)
    >>> model = RiskBoostClassifier(n_estimators=5, random_state=0).fit(X, y)
    >>> model.predict_proba(X[:2]).shape, len(model.estimators_) <= 5
    ((2, 2), True)
    >>> RiskBoostClassifier(loss="normalized", weighting="uniform", stopping="adaboost")
    RiskBoostClassifier(loss='normalized', stopping='adaboost', weighting='uniform')
    """

    # estimator, cost_distribution and random_state are checked where they are used
    _parameter_constraints = {
        "n_estimators": [POSITIVE_INT],
        **_READING_CONSTRAINTS,
    }

    def __init__(
        self,
        estimator: Any = None,
        n_estimators: int = 100,
        cost_distribution: Any = None,
        random_state: Any = None,
        *,
        loss: str = "expected",
        weighting: str = "distribution",
        stopping: str = "none",
    ) -> None:
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.cost_distribution = cost_distribution
        self.random_state = random_state
        self.loss = loss
        self.weighting = weighting
        self.stopping = stopping

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Run Algorithm 1."""
        n_rounds = self._check_n_estimators()
        density = as_cost_density(self.cost_distribution)
        base = J48(unpruned=True) if self.estimator is None else self.estimator
        if isinstance(base, J48):
            yi, fit_round = self._j48_rounds(base, X, y)
        else:
            self.encoder_ = None
            X, yi, _ = self._validate(X, y)
            rng = check_random_state(self.random_state)

            def fit_round(weights):
                model = self._fit_round(X, yi, weights / weights.size, rng)
                return model, _positive(model, X).astype(np.float64)

        models, betas, losses, counts = risk_boost(
            yi, n_rounds, fit_round, density, **self.reading()
        )
        self.estimators_ = models
        self.estimator_weights_ = np.array(betas)
        self.estimator_losses_ = np.array(losses)
        self.n_riskiest_ = np.array(counts, dtype=np.int64)
        return self

    def __sklearn_tags__(self):
        # Over J48 (the default) fit and predict_proba read frames through the encoder only.
        over_j48 = self.estimator is None or isinstance(self.estimator, J48)
        return costlab_tags(super().__sklearn_tags__(), reads_encoded_frames=over_j48)

    def reading(self) -> dict[str, str]:
        """The reading of Algorithm 1 this estimator runs: ``{"loss": ..., "weighting": ...,
        "stopping": ...}``."""
        return {name: getattr(self, name) for name in READINGS}

    def _j48_rounds(self, base, X, y):
        """Encode once; each round grows a J48 tree on the codes with the round's weights."""
        self.encoder_ = CategoricalOrdinalEncoder().fit(X)
        codes = self.encoder_.transform(X)
        self.n_features_in_ = codes.shape[1]
        self.classes_, yi = encode_labels(y, codes.shape[0])
        _check_binary(self.classes_[yi], type(self).__name__)
        grow = base.round_grower(self.encoder_.schema_, self.classes_)

        def fit_round(weights):
            model = grow(codes, yi, weights)
            return model, model.predict_proba(codes)[:, 1]

        return yi, fit_round

    def _positive_scores(self, X):
        """Each kept learner's P(class 1) for ``X``."""
        if getattr(self, "encoder_", None) is not None:
            codes = self.encoder_.transform(X)
            return (model.predict_proba(codes)[:, 1] for model in self.estimators_)
        X = validate_data(self, X, reset=False, ensure_all_finite="allow-nan", dtype=None)
        return (_positive(model, X) for model in self.estimators_)

    def staged_predict_proba(self, X: ArrayLike) -> Iterator[np.ndarray]:
        """The ensemble's probabilities after each round (for scenario curves per iteration,
        Johnson et al. 2015, Fig. 2)."""
        check_is_fitted(self, "estimators_")
        for p1 in staged_beta_mean(self._positive_scores(X), self.estimator_weights_):
            yield np.column_stack((1.0 - p1, p1))

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """:math:`p(1|x) = z \\sum_j \\beta_j p_j(1|x)`, columns in ``classes_`` order."""
        check_is_fitted(self, "estimators_")
        return _last(self.staged_predict_proba(X))

    def predict(self, X: ArrayLike) -> np.ndarray:
        """The class with the larger probability (class 0 on a tie)."""
        positive = self.predict_proba(X)[:, 1] > 0.5
        return self.classes_[positive.astype(int)]


class AdaBoostM1Classifier(_BoostingBase):
    """AdaBoost.M1 (Freund & Schapire 1996) over any base learner, as Weka's ``AdaBoostM1``.

    Round j's learner, fitted on the weights, has weighted training error e_j; the weights of
    the instances it misclassifies are multiplied by :math:`(1 - e_j)/e_j` and renormalised;
    its vote weight is :math:`\\alpha_j = \\log((1 - e_j)/e_j)`. Boosting stops when
    e_j = 0 or e_j >= 0.5, dropping that learner unless it is the first. Probabilities are
    Weka's: with :math:`S_k` the summed vote weight of class k,
    :math:`P(k|x) = e^{S_k} / \\sum_l e^{S_l}`; a lone learner gives its own distribution.
    (:class:`costlab.classifiers.WekaAdaBoostM1` is the same loop with Weka's decision
    stumps.) ``decision_function`` returns :math:`S_1 - S_0`, which ranks as the probability
    does but does not saturate at 0 or 1 when the vote margin exceeds ~37.

    Parameters
    ----------
    estimator : classifier, optional
        Default :func:`c45_tree`.
    n_estimators : int, default=100
    probability : {"weka", "normalized"}, default="weka"
        ``"weka"``: the softmax of the summed vote weights, as Weka (saturates to exactly 0 or
        1 in floating point once the margin exceeds ~37, which ties instances in a ROC).
        ``"normalized"``: the softmax of the votes divided by :math:`\\sum_j \\alpha_j` (as
        scikit-learn's SAMME), which ranks instances as the margin does.
    random_state : int, RandomState or None
    """

    _parameter_constraints = {
        "n_estimators": [POSITIVE_INT],
        "probability": [Options(("weka", "normalized"))],
    }

    def __init__(
        self,
        estimator: Any = None,
        n_estimators: int = 100,
        probability: str = "weka",
        random_state: Any = None,
    ) -> None:
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.probability = probability
        self.random_state = random_state

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Boost up to ``n_estimators`` rounds."""
        n_rounds = self._check_n_estimators()
        X, yi, distribution = self._validate(X, y)
        rng = check_random_state(self.random_state)
        models: list[Any] = []
        alphas: list[Any] = []
        errors: list[Any] = []
        for _ in range(n_rounds):
            model = self._fit_round(X, yi, distribution, rng)
            wrong = model.predict(X) != yi
            error = float(np.sum(distribution[wrong]))
            if error >= 0.5 - 1e-6 or error <= 1e-6:
                if not models:
                    models, alphas, errors = [model], [0.0], [error]
                break
            models.append(model)
            alphas.append(np.log((1.0 - error) / error))
            errors.append(error)
            distribution = np.where(wrong, distribution * (1.0 - error) / error, distribution)
            distribution = distribution / np.sum(distribution)
        self.estimators_ = models
        self.estimator_weights_ = np.array(alphas)
        self.estimator_errors_ = np.array(errors)
        return self

    def _votes(self, X):
        votes = np.zeros((X.shape[0], 2))
        rows = np.arange(X.shape[0])
        for model, alpha in zip(self.estimators_, self.estimator_weights_, strict=True):
            votes[rows, model.predict(X).astype(np.int64)] += alpha
            yield votes

    def staged_predict_proba(self, X: ArrayLike) -> Iterator[np.ndarray]:
        """Weka's probabilities after each round."""
        check_is_fitted(self, "estimators_")
        X = validate_data(self, X, reset=False, ensure_all_finite="allow-nan", dtype=None)
        if len(self.estimators_) == 1:
            p1 = _positive(self.estimators_[0], X)
            yield np.column_stack((1.0 - p1, p1))
            return
        total = 0.0
        for alpha, votes in zip(self.estimator_weights_, self._votes(X), strict=True):
            total += alpha
            yield softmax(votes if self.probability == "weka" else votes / total, axis=1)

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Softmax of the summed vote weights (a lone learner: its own probabilities)."""
        check_is_fitted(self, "estimators_")
        return _last(self.staged_predict_proba(X))

    def decision_function(self, X: ArrayLike) -> np.ndarray:
        """:math:`S_1 - S_0`, the weighted vote margin (a lone learner: 2 p_1 - 1)."""
        check_is_fitted(self, "estimators_")
        X = validate_data(self, X, reset=False, ensure_all_finite="allow-nan", dtype=None)
        if len(self.estimators_) == 1:
            return 2.0 * _positive(self.estimators_[0], X) - 1.0
        votes = _last(self._votes(X))
        return votes[:, 1] - votes[:, 0]

    def predict(self, X: ArrayLike) -> np.ndarray:
        """The class with the larger summed vote (class 0 on a tie)."""
        positive = self.predict_proba(X)[:, 1] > 0.5
        return self.classes_[positive.astype(int)]
