"""The registry of classifiers by name: what :func:`make_classifier` builds and
:func:`describe_classifier` says, and which models cross-validation may give encoded frames."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._base import CostlabTags
from .adaboost import WekaAdaBoostM1
from .boosting import RiskBoostClassifier
from .forest import SklearnRandomForest
from .ibk import WekaIBk
from .j48 import J48
from .naive_bayes import WekaNaiveBayes
from .random_tree import WekaRandomForest

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = [
    "CLASSIFIERS",
    "REGISTERED_CLASSIFIERS",
    "describe_classifier",
    "make_classifier",
    "takes_encoded_frames",
]

CLASSIFIERS: tuple[str, ...] = ("RandomForest", "NaiveBayes", "AdaBoostM1", "IBk")
"""Names of the thesis's classifiers, in the order of its tables."""

REGISTERED_CLASSIFIERS: tuple[str, ...] = (*CLASSIFIERS, "J48", "RiskBoost", "SklearnRandomForest")
"""Every name :func:`make_classifier` and ``cross_val_proba`` accept: the thesis's
classifiers, then Weka's J48 (C4.5 release 8), which the thesis did not use, Johnson et al.'s
(2015) RiskBoost over unpruned J48 (``engine="weka"``: over real Weka's J48), and
scikit-learn's random forest set up like Weka's defaults (the no-Java engine's RandomForest
before it became Weka's own)."""

_ESTIMATORS = {
    "RandomForest": WekaRandomForest,
    "NaiveBayes": WekaNaiveBayes,
    "AdaBoostM1": WekaAdaBoostM1,
    "IBk": WekaIBk,
    "J48": J48,
    "RiskBoost": RiskBoostClassifier,
    "SklearnRandomForest": SklearnRandomForest,
}

_DESCRIPTIONS = {
    "RandomForest": (
        "RandomForest: Weka 3.9's RandomForest (-P 100 -I 100 -K 0 -M 1.0 -S 1): Bagging of "
        "100 RandomTrees, bootstrap copies as weights (Walker's alias method on "
        "java.util.Random(S + t)), each tree seeded from Java's random stream and the "
        "String.hashCode of a sampled instance's text, K = int(log2(M)) + 1 attributes drawn "
        "per node from a shared window (more until one has a gain), information-gain splits "
        "(multiway on nominal attributes, midpoint cuts on numeric ones after Weka's "
        "quicksort), fully grown trees, fractional instances for missing values at training "
        "and prediction, empty branches answered by the parent, tree distributions summed "
        "and normalised. Matches Weka 3.9.7's probabilities to 1e-9 on the tested datasets "
        "(the class labels' text must be Weka's: cross-validation passes the dataset's)."
    ),
    "NaiveBayes": (
        "NaiveBayes: Weka 3.9's formulas with default options: Laplace-corrected class prior "
        "and nominal value counts over the declared values; numeric attributes rounded to a "
        "per-attribute precision (mean gap between distinct training values), a per-class "
        "normal with the population deviation floored at precision/6, and the likelihood "
        "taken as the normal probability mass of the precision-wide interval; factors floored "
        "at 1e-75 with Weka's 1e75 underflow rescaling; missing values skipped. Matches Weka "
        "up to floating-point rounding."
    ),
    "AdaBoostM1": (
        "AdaBoostM1: 10 rounds of reweighting with decision stumps built like Weka's "
        "DecisionStump (nominal attribute == value vs != value, numeric cut at a midpoint, a "
        "third branch for missing values, lowest conditional class entropy, first split on "
        "ties), round weight log((1-e)/e), stopping when e >= 0.5 or e = 0, and Weka's "
        "probabilities: a softmax of the summed round weights per class, or the lone stump's "
        "branch distribution after a single round. Differs: only in floating-point rounding "
        "and in which of two exactly equally good splits is kept. The option stump='sklearn' "
        "uses scikit-learn depth-1 trees on one-hot codes instead (missing values then go to "
        "one side of the split). base='J48' boosts J48 trees instead (Weka's -W "
        "weka.classifiers.trees.J48 -- [-U]; unpruned, confidence, min_instances), voting with "
        "J48's classifyInstance and counting errors as Weka's Evaluation does; J48 keeps its "
        "class weights as Weka's Distribution sums them, so exact 50/50 leaf ties, which the "
        "reweighting can create, are decided as in Weka (vote). Differs: with numeric "
        "attributes Weka sums tied values in the order of its unstable quicksort, so such a "
        "tie could in principle fall the other way."
    ),
    "IBk": (
        "IBk: Weka 3.9's default 1-nearest neighbour: Euclidean distance, numeric attributes "
        "min-max normalised with ranges extended by each test row before it is classified, "
        "nominal mismatch = 1, Weka's missing-value differences, all training rows tied with "
        "the k-th distance kept, and probabilities (1/n + neighbours of the class) normalised, "
        "so 1-NN gives e.g. 0.9989/0.0011 rather than 1/0. Differs: the ranges restart at each "
        "predict_proba call (pass a fold's test rows in one call, in Weka's order)."
    ),
    "SklearnRandomForest": (
        "SklearnRandomForest: 100 scikit-learn trees on bootstrap samples, K = int(log2(M)) + 1 "
        "attributes tried per split (M original attributes, nominal ones as ordinal codes), "
        "entropy splits, no depth limit, probabilities averaged over trees, as Weka 3.9's "
        "defaults (-I 100 -K 0 -S 1). Differs from Weka: binary splits of nominal codes, "
        "missing values sent to one side, and other random streams, so the probabilities "
        "are close to, but not, Weka's (use RandomForest for Weka's own)."
    ),
    "J48": (
        "J48: C4.5 release 8 as Weka 3.9's J48 (-C 0.25 -M 2; unpruned=True for -U): "
        "multiway nominal splits, numeric cuts at actual training values with the MDL "
        "correction, gain ratio with the average-gain rule, fractional instances for missing "
        "values in training and prediction, collapsing, pessimistic pruning with subtree "
        "raising, unsmoothed leaf distributions. Matches Weka's probabilities up to "
        "floating-point rounding on the tested datasets."
    ),
    "RiskBoost": (
        "RiskBoost: Johnson, Raeder & Chawla's (2015) Algorithm 1, 100 rounds of J48 -U (the "
        "paper's unpruned C4.5) trained on the boosting weights D_j; each round's loss l is "
        "eq. 6 (the expected minimum loss under Beta(2, 2)) on the training data weighted by "
        "D_j, and the instances misclassified by the riskiest hull classifier are up-weighted "
        "by beta = (1 - l/2) / (l/2); every round runs (a perfect one ends boosting and "
        "decides alone); probabilities are the beta-weighted mean of the trees' P(class 1). "
        "No reference implementation exists: loss, weighting and stopping are options, and "
        "costlab.classifiers.boosting argues the defaults from the text. With engine='weka' "
        "the same loop runs real Weka's J48."
    ),
}


def _check_name(name: str) -> str:
    if not isinstance(name, str) or name not in _ESTIMATORS:
        raise ValueError(
            f"unknown classifier {name!r}; choose one of {', '.join(REGISTERED_CLASSIFIERS)}"
        )
    return name


def make_classifier(name: str, *, random_state: int = 1, **params: Mapping[str, Any]) -> Any:
    """Build one of the thesis's classifiers with Weka 3.9's defaults.

    Parameters
    ----------
    name : str
        One of :data:`REGISTERED_CLASSIFIERS`: "RandomForest", "NaiveBayes", "AdaBoostM1",
        "IBk", "J48", "RiskBoost", "SklearnRandomForest".
    random_state : int, default=1
        Seed, passed to the classifiers that use one (RandomForest, AdaBoostM1,
        SklearnRandomForest).
    **params
        Estimator parameters to override (e.g. ``k=3`` for IBk, ``unpruned=True`` for J48).

    Returns
    -------
    estimator
        An unfitted scikit-learn compatible classifier.

    Raises
    ------
    ValueError
        For an unknown name (the message lists the valid ones) or parameter.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from costlab import make_classifier
    >>> X, y = make_classification(n_samples=60, random_state=0)
    >>> model = make_classifier("NaiveBayes").fit(X, y)
    >>> model
    WekaNaiveBayes()
    >>> model.predict_proba(X[:2]).shape
    (2, 2)
    """
    estimator = _ESTIMATORS[_check_name(name)]()
    if "random_state" in estimator.get_params():
        params = {"random_state": random_state, **params}  # type: ignore[dict-item]
    return estimator.set_params(**params)


def describe_classifier(name: str) -> str:
    """One paragraph on what matches Weka 3.9's defaults for ``name`` and what differs."""
    return _DESCRIPTIONS[_check_name(name)]


def takes_encoded_frames(model: Any) -> bool:
    """True if ``model`` reads the frames it fits and scores only through this package's
    encoders, so that cross-validation may encode a frame once and pass each fold's rows as
    an :class:`EncodedFrame` (the results are the same; tested for each of them).

    Read from the model's scikit-learn tags (``reads_encoded_frames`` of
    :class:`~costlab.classifiers._base.CostlabTags`): J48, Weka's AdaBoostM1 and RandomForest,
    and RiskBoost over J48 set it; any other model is passed DataFrames.
    """
    tags = model.__sklearn_tags__() if hasattr(model, "__sklearn_tags__") else None
    return isinstance(tags, CostlabTags) and tags.reads_encoded_frames
