"""What cross-validation fits: a registered classifier name or any scikit-learn estimator.

One place turns ``classifier`` (a name of :data:`costlab.classifiers.CLASSIFIERS` or an estimator
with ``fit`` and ``predict_proba``) into the unfitted model of every fold, names it, fits one
fold, and fingerprints the model for the cache key.
"""

from __future__ import annotations

import hashlib
import json
import warnings

import joblib
import numpy as np
import pandas as pd
from sklearn.base import clone

from costlab.classifiers import CLASSIFIERS, make_classifier

__all__ = [
    "build_model",
    "check_classifier",
    "classifier_name",
    "dataset_fingerprint",
    "estimator_fingerprint",
    "fit_fold",
]


def check_classifier(classifier, params):
    """Raise unless ``classifier`` is a registered name or an estimator with predict_proba."""
    if isinstance(classifier, str):
        if classifier not in CLASSIFIERS:
            raise ValueError(
                f"classifier {classifier!r} is not a registered name ({', '.join(CLASSIFIERS)}); "
                "pass a scikit-learn estimator with predict_proba instead of a name."
            )
        return
    if not (hasattr(classifier, "fit") and hasattr(classifier, "predict_proba")):
        raise TypeError(
            "classifier must be a registered name or a scikit-learn classifier with fit and "
            f"predict_proba, got {type(classifier).__name__}."
        )
    if params:
        raise TypeError(
            f"parameters {sorted(params)} apply to registered classifier names only; set an "
            "estimator's parameters with estimator.set_params(...)."
        )


def classifier_name(classifier):
    """A classifier's display name: the registered name, else the estimator's class name
    (for a pipeline, its last step's).

    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn.linear_model import LogisticRegression
    >>> classifier_name(make_pipeline(StandardScaler(), LogisticRegression()))
    'LogisticRegression'
    """
    if isinstance(classifier, str):
        return classifier
    final = classifier
    while hasattr(final, "steps"):
        final = final.steps[-1][1]
    return type(final).__name__


def build_model(classifier, seed, params):
    """The unfitted model of every fold: a registered name built with ``random_state=seed``
    and ``params``, or a clone of an estimator whose ``random_state`` parameters left at None
    (anywhere in a pipeline) are set to ``seed``, so that every run gives the same numbers."""
    if isinstance(classifier, str):
        return make_classifier(classifier, random_state=seed, **params)
    model = clone(classifier)
    unset = {
        key: seed
        for key, value in model.get_params(deep=True).items()
        if (key == "random_state" or key.endswith("__random_state")) and value is None
    }
    return model.set_params(**unset) if unset else model


def fit_fold(model, X, y, train, test):
    """Fit a fresh clone on the training rows; return P(negative), P(positive) of the test rows,
    shape (n_test, 2), each column as ``predict_proba`` returned it.

    The test rows are passed in one call, in fold order (IBk's normalisation depends on it).
    """
    fitted = clone(model).fit(X.iloc[train], y[train])
    proba = np.asarray(fitted.predict_proba(X.iloc[test]))
    classes = list(fitted.classes_)
    return proba[:, [classes.index(0), classes.index(1)]]


def dataset_fingerprint(dataset):
    """SHA-256 of a dataset's content: everything cross-validation results depend on.

    Covers X's column names, dtypes and category orders, every value of X (pandas'
    ``hash_pandas_object``), the labels and the class orientation (negative, positive). The
    name, title and source are not part of it: two datasets with one name but different
    content differ, and the same content read from a mirror or from UCI is the same.
    """
    digest = hashlib.sha256()
    X = dataset.X
    schema = [(str(c), str(X[c].dtype), _categories(X[c])) for c in X.columns]
    digest.update(json.dumps(schema).encode())
    if len(X.columns):
        digest.update(pd.util.hash_pandas_object(X, index=False).to_numpy().tobytes())
    digest.update(json.dumps([str(dataset.negative), str(dataset.positive)]).encode())
    digest.update(np.ascontiguousarray(dataset.y_binary, dtype=np.int64).tobytes())
    return digest.hexdigest()


def _categories(column):
    if isinstance(column.dtype, pd.CategoricalDtype):
        return [str(c) for c in column.cat.categories]
    return None


def estimator_fingerprint(classifier, seed, params=None):
    """A hash of the model every fold fits: its class and every parameter, nested too.

    :func:`joblib.hash` of :func:`build_model`'s unfitted model. Returns None, with a warning,
    when the model cannot be hashed (e.g. a lambda among its parameters): its results are then
    not cached rather than cached under a key that might not cover it.
    """
    try:
        return joblib.hash(build_model(classifier, seed, params or {}))
    except Exception as error:  # pickling fails in many ways (lambdas, locks, ...)
        warnings.warn(
            f"cannot hash {classifier_name(classifier)} for the cross-validation cache "
            f"({type(error).__name__}: {error}); its results are not cached.",
            UserWarning,
            stacklevel=3,
        )
        return None
