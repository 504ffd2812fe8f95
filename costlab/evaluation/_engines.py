"""The cross-validation engines: :class:`SklearnEngine` and the registry of engines by name.

An engine turns (dataset, classifier, protocol) into out-of-fold class probabilities and fold
ids; :func:`costlab.evaluation.cv.cross_val_proba` runs it. ``"sklearn"`` is
:class:`SklearnEngine`; ``"weka"`` (:class:`costlab.evaluation.weka.WekaEngine`) is imported
only when asked for, so that ``import costlab`` never needs Java or JPype. Both names are also
importable from :mod:`costlab.evaluation.cv`.
"""

from __future__ import annotations

import joblib
import numpy as np
import sklearn

from costlab.classifiers import encode_frame, takes_encoded_frames
from costlab.evaluation._models import build_model, fit_fold
from costlab.evaluation.folds import make_folds

__all__ = ["SklearnEngine", "get_engine"]


class SklearnEngine:
    """scikit-learn engine: any estimator with ``predict_proba``; folds fitted by joblib."""

    name = "sklearn"

    def version(self):
        """Library versions that determine the results (part of the cache key)."""
        return {"scikit-learn": sklearn.__version__, "numpy": np.__version__}

    def cross_val_repeats(
        self, dataset, classifier, *, n_folds, seed, repeats, params, progress, folds, n_jobs
    ):
        """Out-of-fold class probabilities (len(repeats), n, 2) and fold ids (len(repeats), n).

        Every fold of every repetition is one joblib task; results are collected in task
        order, so they are identical for any ``n_jobs``.
        """
        y = dataset.y_binary
        tasks = [
            (row, k, train, test)
            for row, r in enumerate(repeats)
            for k, (train, test) in enumerate(
                make_folds(y, scheme=folds, n_folds=n_folds, seed=seed + r)
            )
        ]
        model = _with_class_labels(build_model(classifier, seed, params), classifier, dataset)
        X = dataset.X
        encoded = encode_frame(X) if takes_encoded_frames(model) else None
        if encoded is not None:  # encoded once, not once per fold (the same results)
            X = encoded
        jobs = (joblib.delayed(fit_fold)(model, X, y, tr, te) for _, _, tr, te in tasks)
        out = np.full((len(repeats), y.shape[0], 2), np.nan)
        fold_id = np.full((len(repeats), y.shape[0]), -1)
        results = joblib.Parallel(n_jobs=n_jobs, return_as="generator")(jobs)
        for (row, k, _, test), proba in zip(tasks, results, strict=True):
            out[row, test] = proba
            fold_id[row, test] = k
            progress.update(1)
        return out, fold_id

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
