"""A Task's own folds through costlab's cross-validation (cross_val_proba(task, model))."""

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB

from costlab.datasets import Task, twonorm
from costlab.evaluation import CacheMismatchWarning, cross_val_proba


def _task(fold=None):
    data = twonorm(120, random_state=4)
    if fold is None:
        rng = np.random.default_rng(5)
        fold = np.stack([rng.permutation(np.arange(120) % 3), rng.permutation(np.arange(120) % 3)])
    return Task("my_task", data, fold, source="given")


def _brute_force(task, model):
    X, y = task.dataset.X, task.dataset.y_binary
    proba = np.empty((task.n_repeats, len(y), 2))
    for r in range(task.n_repeats):
        for train, test in task.splits(r):
            proba[r, test] = clone(model).fit(X.iloc[train], y[train]).predict_proba(X.iloc[test])
    return proba


def test_a_task_is_cross_validated_on_its_own_folds(tmp_path):
    task = _task()
    model = LogisticRegression()
    result = cross_val_proba(task, model, cache_dir=tmp_path, progress=False)
    np.testing.assert_array_equal(result.proba, _brute_force(task, model))
    np.testing.assert_array_equal(result.fold, task.fold)
    assert (result.n_folds, result.n_repeats, result.dataset) == (3, 2, task.dataset.name)
    assert result.folds.startswith("task my_task ")
    # cached under the task, and the same folds are a hit
    assert [p.parent.name for p in tmp_path.rglob("*.npz")] == ["my_task"]
    again = cross_val_proba(task, model, cache_dir=tmp_path, progress=False)
    assert again.origin.startswith("cache (verified: fold")
    np.testing.assert_array_equal(again.proba, result.proba)
    # identical for any number of jobs
    parallel = cross_val_proba(task, model, cache=False, n_jobs=2, progress=False)
    np.testing.assert_array_equal(parallel.proba, result.proba)


def test_a_task_whose_folds_differ_is_a_miss(tmp_path):
    task = _task()
    cross_val_proba(task, GaussianNB(), cache_dir=tmp_path, progress=False)
    fold = task.fold.copy()
    i, j = np.flatnonzero(fold[0] == 0)[0], np.flatnonzero(fold[0] == 1)[0]
    fold[0, [i, j]] = fold[0, [j, i]]  # two instances swap folds
    moved = cross_val_proba(_task(fold), GaussianNB(), cache_dir=tmp_path, progress=False)
    assert moved.origin == "computed"
    assert len(list(tmp_path.rglob("*.npz"))) == 2


def test_a_stale_task_entry_is_found_by_recomputing_a_task_fold(tmp_path, monkeypatch):
    task = _task()
    first = cross_val_proba(task, GaussianNB(), cache_dir=tmp_path, progress=False)
    # scikit-learn's code changes behind the key: the hit recomputes one of the task's folds
    original = GaussianNB.predict_proba
    monkeypatch.setattr(GaussianNB, "predict_proba", lambda self, X: original(self, X)[:, ::-1])
    with pytest.warns(CacheMismatchWarning, match="GaussianNB on twonorm"):
        drifted = cross_val_proba(task, GaussianNB(), cache_dir=tmp_path, progress=False)
    np.testing.assert_array_equal(drifted.proba, first.proba[..., ::-1])


@pytest.mark.parametrize(
    "options, match",
    [
        ({"n_folds": 5}, "n_folds=5 disagrees with task my_task, which has 3"),
        ({"n_repeats": 1}, "n_repeats=1 disagrees with task my_task, which has 2"),
        ({"folds": "weka"}, "folds='weka' cannot be used with task my_task"),
        ({"engine": "weka"}, "engine='weka' runs its own cross-validation"),
    ],
)
def test_arguments_that_contradict_the_task_are_refused(options, match):
    with pytest.raises(ValueError, match=match):
        cross_val_proba(_task(), GaussianNB(), cache=False, progress=False, **options)


def test_agreeing_arguments_are_accepted(tmp_path):
    result = cross_val_proba(
        _task(), GaussianNB(), n_folds=3, n_repeats=2, cache=False, progress=False
    )
    assert result.proba.shape == (2, 120, 2)


def test_run_experiments_takes_tasks_beside_datasets():
    from costlab.evaluation import run_experiments

    task, other = _task(), twonorm(60, random_state=9)
    other = type(other)(**{**other.__dict__, "name": "other"})
    run = run_experiments(
        [task, other], {"NB": GaussianNB()}, n_folds=5, cache=False, progress=False
    )
    on_task = run.results[(task.dataset.name, "NB")]
    np.testing.assert_array_equal(on_task.fold, task.fold)  # the task's 3 folds, 2 repetitions
    assert run.results[("other", "NB")].n_folds == 5
    assert run.datasets[task.dataset.name] is task.dataset
