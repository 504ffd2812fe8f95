"""The cross-validation engines: :class:`SklearnEngine` and the registry of engines by name.

An engine turns (dataset, classifier, protocol) into out-of-fold class probabilities and fold
ids; :func:`costlab.evaluation.cv.cross_val_proba` runs it. ``"sklearn"`` is
:class:`SklearnEngine`; ``"weka"`` (:class:`costlab.evaluation.weka.WekaEngine`) is imported
only when asked for, so that ``import costlab`` never needs Java or JPype. Both names are also
importable from :mod:`costlab.evaluation.cv`.
"""

from __future__ import annotations

import time

import joblib
import numba
import numpy as np
import pandas as pd
import scipy
import sklearn

from costlab.classifiers import encode_frame, takes_encoded_frames
from costlab.evaluation._models import build_model, fit_fold
from costlab.evaluation.folds import make_folds

__all__ = ["SklearnEngine", "get_engine"]


class SklearnEngine:
    """scikit-learn engine: any estimator with ``predict_proba``; folds fitted by joblib."""

    name = "sklearn"

    def version(self):
        """Library versions that determine the results (part of the cache key): scikit-learn
        and numpy, and scipy, numba and pandas (the nominal columns' codes), which costlab's
        own learners compute with."""
        return {
            "scikit-learn": sklearn.__version__,
            "numpy": np.__version__,
            "pandas": pd.__version__,
            "scipy": scipy.__version__,
            "numba": numba.__version__,
        }

    def cross_val_repeats(
        self,
        dataset,
        classifier,
        *,
        n_folds,
        seed,
        repeats,
        params,
        progress,
        folds,
        n_jobs,
        fit_params=None,
    ):
        """Out-of-fold class probabilities (len(repeats), n, 2) and fold ids (len(repeats), n).

        Every fold of every repetition is one joblib task; results are collected in task
        order, so they are identical for any ``n_jobs``.
        """
        proba, fold_id, _ = self.cross_val_timed(
            dataset,
            classifier,
            n_folds=n_folds,
            seed=seed,
            repeats=repeats,
            params=params,
            progress=progress,
            folds=folds,
            n_jobs=n_jobs,
            fit_params=fit_params,
        )
        return proba, fold_id

    def cross_val_timed(
        self,
        dataset,
        classifier,
        *,
        n_folds,
        seed,
        repeats,
        params,
        progress,
        folds,
        n_jobs,
        fit_params=None,
    ):
        """:meth:`cross_val_repeats` and the seconds each fold took to fit and predict,
        shape (len(repeats), n_folds). ``fit_params`` (routed to the model's ``fit``) are
        sliced to each fold's training rows."""
        y = dataset.y_binary
        tasks = [
            (row, k, train, test)
            for row, r in enumerate(repeats)
            for k, (train, test) in enumerate(_folds(y, folds, n_folds, seed + r, r))
        ]
        model, X = _prepared(dataset, classifier, seed, params)
        jobs = (joblib.delayed(run_fold)(model, X, y, tr, te, fit_params) for _, _, tr, te in tasks)
        out = np.full((len(repeats), y.shape[0], 2), np.nan)
        fold_id = np.full((len(repeats), y.shape[0]), -1)
        seconds = np.full((len(repeats), n_folds), np.nan)
        results = joblib.Parallel(n_jobs=n_jobs, return_as="generator")(jobs)
        for (row, k, _, test), (proba, took) in zip(tasks, results, strict=True):
            out[row, test] = proba
            fold_id[row, test] = k
            seconds[row, k] = took
            progress.update(1)
        return out, fold_id, seconds

    def cross_val_fold(
        self, dataset, classifier, *, n_folds, seed, repeat, fold, params, folds, fit_params=None
    ):
        """Fold ``fold`` of repetition ``repeat`` alone, in this process, exactly as
        :meth:`cross_val_timed` runs it (the same folds, model, seeding, encoding and
        :func:`run_fold`): ``(test, proba)``, the held-out rows and their probabilities
        (len(test), 2). A cache hit that must verify itself recomputes one fold with it."""
        train, test = _folds(dataset.y_binary, folds, n_folds, seed + repeat, repeat)[fold]
        model, X = _prepared(dataset, classifier, seed, params)
        proba, _ = run_fold(model, X, dataset.y_binary, train, test, fit_params)
        return test, proba

    def cross_val_proba(
        self, dataset, classifier, *, n_folds, seed, repeat, params, progress, folds="weka"
    ):
        """Out-of-fold class probabilities and fold ids of one repetition (this process)."""
        p, fold = self.cross_val_repeats(
            dataset,
            classifier,
            n_folds=n_folds,
            seed=seed,
            repeats=[repeat],
            params=params,
            progress=progress,
            folds=folds,
            n_jobs=None,
        )
        return p[0], fold[0]


def _folds(y, scheme, n_folds, seed, repeat):
    """The (train, test) index pairs of repetition ``repeat`` (drawn with ``seed``)."""
    return list(make_folds(y, scheme=scheme, n_folds=n_folds, seed=seed, repeat=repeat))


def _prepared(dataset, classifier, seed, params):
    """The unfitted model of every fold and the X it is fitted on (a frame encoded once for
    the models that read frames only through costlab's encoders: the same results)."""
    model = _with_class_labels(build_model(classifier, seed, params), classifier, dataset)
    X = dataset.X
    encoded = encode_frame(X) if takes_encoded_frames(model) else None
    return model, (X if encoded is None else encoded)


def run_fold(model, X, y, train, test, fit_params=None):
    """One fold: :func:`~costlab.evaluation._models.fit_fold` and the seconds it took."""
    start = time.perf_counter()
    proba = fit_fold(model, X, y, train, test, fit_params)
    return proba, time.perf_counter() - start


def _with_class_labels(model, classifier, dataset):
    """A registered model that takes ``class_labels`` (Weka's RandomForest, whose trees are
    seeded from an instance's text) gets the dataset's class names, as Weka's data has them."""
    params = model.get_params()
    if isinstance(classifier, str) and "class_labels" in params and params["class_labels"] is None:
        model = model.set_params(class_labels=(str(dataset.negative), str(dataset.positive)))
    return model


def _weka_engine():
    """The Weka engine, imported on demand: ``import costlab`` never needs Java or JPype."""
    from costlab.evaluation.weka import WekaEngine

    return WekaEngine()


_ENGINES = {"sklearn": SklearnEngine, "weka": _weka_engine}


def get_engine(engine):
    """Return an engine instance from a name or pass an instance through."""
    if isinstance(engine, str):
        if engine not in _ENGINES:
            raise ValueError(f"engine must be one of {sorted(_ENGINES)}, got {engine!r}.")
        return _ENGINES[engine]()
    return engine
