"""A Task's own folds through costlab's cross-validation (cross_val_proba(task, model))."""

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB

from costlab.datasets import Task, from_arrays, twonorm
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


def test_entries_filed_under_one_name_are_refused_not_overwritten():
    """Two tasks on one data set, or a task beside its data set, are both filed under the data
    set's name: the run must not keep one and drop the others in silence."""
    from costlab.evaluation import run_experiments

    task = _task()
    other = _task(np.stack([np.arange(120) % 4]))
    for datasets in ([task, other], [task, task.dataset], [task.dataset, twonorm(40)]):
        with pytest.raises(ValueError, match="two entries filed under 'twonorm'"):
            run_experiments(datasets, {"NB": GaussianNB()}, cache=False, progress=False)
    run = run_experiments(
        {"three": task, "four": other, "plain": task.dataset},
        {"NB": GaussianNB()},
        cache=False,
        progress=False,
    )
    assert [run.results[name, "NB"].n_folds for name in ("three", "four", "plain")] == [3, 4, 10]


def test_run_experiments_takes_one_task_alone():
    from costlab.evaluation import run_experiments

    task = _task()
    run = run_experiments(task, {"NB": GaussianNB()}, cache=False, progress=False)
    np.testing.assert_array_equal(run.results["twonorm", "NB"].fold, task.fold)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"n_folds": 2}, r"n_folds=2 but the given folds \(my task\) have 3"),
        ({"repeat": 2}, r"repeat=2 but the given folds \(my task\) have repetitions 0..1"),
        ({"y": np.zeros(119)}, "the given folds hold 120 instances, y has 119"),
    ],
)
def test_make_folds_refuses_what_given_folds_cannot_serve(options, match):
    """A wrong n_folds would leave instances out of every test set (or fit on none)."""
    from costlab.evaluation import make_folds
    from costlab.evaluation.folds import GivenFolds

    request = {"y": np.zeros(120), "n_folds": 3, **options}
    with pytest.raises(ValueError, match=match):
        make_folds(request.pop("y"), scheme=GivenFolds(_task().fold, "my task"), **request)


def test_given_folds_keep_their_name_through_pickling():
    """A name with a space (a task's name as given) survives a round trip, and so the scheme,
    its label and its cache key are unchanged."""
    import pickle

    from costlab.evaluation.folds import GivenFolds

    scheme = GivenFolds(_task().fold, "my task")
    copy = pickle.loads(pickle.dumps(scheme))
    assert copy == scheme and copy.name == "my task"
    np.testing.assert_array_equal(copy.fold, scheme.fold)


def test_a_task_whose_smaller_class_is_smaller_than_its_folds_is_cross_validated():
    """Stratification is no concern of given folds: a 10-fold task on a data set with 8
    instances of one class is fitted as the task says (each training set holds both classes)."""
    data = twonorm(120, random_state=4)
    y = data.y_binary
    keep = np.concatenate([np.flatnonzero(y == 0), np.flatnonzero(y == 1)[:8]])
    small = from_arrays(data.X.to_numpy()[keep], y[keep], negative=0, positive=1)
    fold = np.arange(len(keep)) % 10
    task = Task("few_positives", small, fold[None, :])
    result = cross_val_proba(task, GaussianNB(), cache=False, progress=False)
    np.testing.assert_array_equal(result.proba, _brute_force(task, GaussianNB()))
