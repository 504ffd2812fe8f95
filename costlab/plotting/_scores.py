"""Named scores for the Displays' constructors, from arrays, fitted estimators or CV results.

``from_predictions`` takes one array of scores or a mapping ``{name: array}``;
``from_estimator`` takes one fitted classifier or a mapping ``{name: classifier}``;
``from_cv_result`` takes one cross-validation result (:class:`costlab.evaluation.CVResult`), a
sequence or a mapping of them. The helpers here turn each into one ``{name: scores}`` dict, so
that every Display computes its curves the same way. Scores are the positive class's, as
scikit-learn's ``predict_proba(X)[:, 1]``; ``pos_label`` names the positive class, inferred as
:func:`costlab.metrics.mtmcs_curve` infers it.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np
from sklearn.pipeline import Pipeline
from sklearn.utils import check_consistent_length
from sklearn.utils.validation import check_is_fitted

from costlab.metrics.checks import resolve_binary_labels
from costlab.validation import Interval, check_param

#: Legend name of a single array of scores given without ``name``.
DEFAULT_NAME = "Classifier"


def named_scores(y_score, name, y_true, *, param="y_score"):
    """``{name: y_score}`` for one array or the mapping itself, each as long as ``y_true``.

    ``param`` is the scores' parameter name in error messages.

    >>> named_scores([0.9, 0.2], None, [1, 2])
    {'Classifier': [0.9, 0.2]}
    """
    scores = _by_name(y_score, name, param, default=lambda _: DEFAULT_NAME)
    n_labels = np.shape(y_true)[0] if np.ndim(y_true) else None
    for key, p in scores.items():
        n_scores = np.shape(p)[0] if np.ndim(p) else None
        if None not in (n_labels, n_scores) and n_scores != n_labels:
            where = f"[{key!r}]" if isinstance(y_score, Mapping) else ""
            raise ValueError(
                f"{param}{where} has {n_scores} scores but y_true has {n_labels} labels; "
                "every classifier must score the same instances as y_true."
            )
    return scores


def estimator_scores(estimator, X, y, *, name=None, pos_label=None):
    """``({name: P(positive)}, pos_label)`` from one fitted classifier or a mapping of them.

    Each score is the ``predict_proba`` column of ``pos_label`` among ``estimator.classes_``;
    without ``pos_label`` it is ``classes_[1]``, as scikit-learn's Displays take it (for
    {0, 1}, {-1, 1} and {1, 2} the class the labels' convention names; for string labels such
    as healthy/ill the second in sorted order). The returned ``pos_label`` is the one used.
    """
    check_consistent_length(X, y)
    estimators = _by_name(estimator, name, "estimator", default=estimator_name)
    scores = {}
    for key, fitted in estimators.items():
        classes = _check_binary_classifier(fitted, key, y)
        positive = resolve_binary_labels(classes, classes[1] if pos_label is None else pos_label)
        wanted = classes == positive
        scores[key] = fitted.predict_proba(X)[:, int(np.flatnonzero(wanted)[0])]
    return scores, positive


def cv_result_scores(cv_result, *, repeat=0, name=None):
    """``(y_true, {name: P(positive)}, single, weights)`` of repetition ``repeat`` of CV
    results.

    ``cv_result`` is one result (named ``name``, default its ``classifier``), a mapping
    ``{name: result}`` or a sequence of results (named by their ``classifier``); every result
    must hold the same instances in the same order (equal ``y_true``). A result is anything with
    :class:`costlab.evaluation.CVResult`'s ``y_true``, ``classifier``, ``n_repeats`` and
    ``scores(repeat)`` (this layer draws results, it does not import the evaluation). ``single``
    says whether one result was given (not a mapping or a sequence of one). ``y_true`` is the
    results' 0/1 labels, 1 for the positive class; ``weights`` the regret weights of the
    per-instance costs the results carry (``costs``, every result the same), or None.
    """
    single = _is_cv_result(cv_result)
    if single:
        results = {cv_result.classifier if name is None else name: cv_result}
    elif isinstance(cv_result, Mapping):
        results = _by_name(cv_result, name, "cv_result", default=None)
    elif isinstance(cv_result, (str, bytes)) or not hasattr(cv_result, "__iter__"):
        results = {None: cv_result}  # refused below, naming what was given
    else:
        results = _named_results(list(cv_result), name)
    first = None
    for key, result in results.items():
        where = "" if key is None or single else f"[{key!r}]"
        if not _is_cv_result(result):
            raise TypeError(
                f"cv_result{where} must be a costlab.evaluation.CVResult (or a sequence or a "
                f"mapping of them), got {type(result).__name__}."
            )
        check_param(
            "repeat", repeat, Interval(numbers.Integral, 0, result.n_repeats - 1, closed="both")
        )
        if first is None:
            first = result.y_true
        elif not np.array_equal(result.y_true, first):
            raise ValueError(
                f"cv_result{where} holds other instances than the first result (its y_true "
                "differs); results drawn together must come from the same dataset and folds."
            )
    scores = {key: r.scores(repeat) for key, r in results.items()}
    return first, scores, single, _shared_weights(results)


def _shared_weights(results):
    """The regret weights of the results' per-instance costs (``costs``, absent: None); every
    result drawn together must carry the same costs."""
    costs = [getattr(r, "costs", None) for r in results.values()]
    first = costs[0]
    for key, other in zip(results, costs, strict=True):
        same = other is first or (
            other is not None
            and first is not None
            and all(
                np.array_equal(getattr(other, o), getattr(first, o))
                for o in ("fp", "fn", "tp", "tn")
            )
        )
        if not same:
            raise ValueError(
                f"cv_result[{key!r}] carries other per-instance costs than the first result; "
                "results drawn together must be priced alike (CVResult.with_costs)."
            )
    if first is None:
        return None
    return first.weights(next(iter(results.values())).y_true.astype(bool))


def _is_cv_result(value):
    return all(hasattr(value, a) for a in ("y_true", "classifier", "n_repeats", "scores"))


def _named_results(results, name):
    """``{result.classifier: result}`` of a sequence of results, each name once."""
    if name is not None:
        raise ValueError(
            "name must be None when cv_result is a sequence: each result is named by its "
            f"classifier (got name={name!r}); pass a mapping to name them yourself."
        )
    if not results:
        raise ValueError("cv_result is an empty sequence; give at least one result.")
    named = {}
    for i, result in enumerate(results):
        if not _is_cv_result(result):
            raise TypeError(
                f"cv_result[{i}] must be a costlab.evaluation.CVResult, got "
                f"{type(result).__name__}."
            )
        label = result.classifier
        if label in named:
            raise ValueError(
                f"two results are both named {label!r}; pass a mapping {{name: result}} to name "
                "them apart."
            )
        named[label] = result
    return named


def estimator_name(estimator):
    """The class name of ``estimator``, or of a Pipeline's last step (``"LogisticRegression"``)."""
    while isinstance(estimator, Pipeline):
        estimator = estimator[-1]
    return type(estimator).__name__


def _by_name(value, name, param, *, default):
    """``dict(value)`` for a non-empty mapping (``name`` must be None), else ``{name: value}``."""
    if isinstance(value, Mapping):
        if name is not None:
            raise ValueError(
                f"name must be None when {param} is a mapping: its keys name the classifiers "
                f"(got name={name!r})."
            )
        if not value:
            raise ValueError(f"{param} is an empty mapping; give at least one classifier.")
        return dict(value)
    return {default(value) if name is None else name: value}


def _check_binary_classifier(estimator, key, y):
    """``estimator.classes_`` once it is a fitted two-class classifier with ``predict_proba``."""
    if not hasattr(estimator, "predict_proba"):
        raise TypeError(
            f"estimator {key!r} ({type(estimator).__name__}) has no predict_proba; the Displays "
            "need the positive class's probability. Use a probabilistic classifier (e.g. wrap it "
            "in sklearn.calibration.CalibratedClassifierCV) or pass scores to from_predictions."
        )
    check_is_fitted(estimator)
    classes = np.asarray(estimator.classes_)
    if classes.size != 2:
        raise ValueError(
            f"estimator {key!r} must be a binary classifier, but it was fitted on "
            f"{classes.size} classes: {classes.tolist()}."
        )
    unknown = np.setdiff1d(np.unique(y), classes)
    if unknown.size:
        raise ValueError(
            f"y has label(s) {unknown.tolist()} that estimator {key!r} was not fitted on "
            f"(its classes_ are {classes.tolist()})."
        )
    return classes
