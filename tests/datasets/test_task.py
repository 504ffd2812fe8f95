"""The Task container: a dataset with fixed folds, checked on construction."""

import numpy as np
import pytest

from costlab.datasets import DatasetError, Task, twonorm


def test_task_folds_and_splits():
    data = twonorm(8, random_state=0)
    fold = np.array([[0, 1, 0, 1, 0, 1, 0, 1], [1, 1, 0, 0, 1, 1, 0, 0]])
    task = Task("t", data, fold)
    assert (task.n_repeats, task.n_folds) == (2, 2)
    train, test = task.splits(1)[0]
    assert test.tolist() == [2, 3, 6, 7] and train.tolist() == [0, 1, 4, 5]
    with pytest.raises(ValueError):
        task.fold[0, 0] = 1  # read-only: a task's folds cannot drift after construction


@pytest.mark.parametrize(
    "fold, match",
    [
        (np.zeros((1, 7), dtype=int), "shape"),
        (np.array([[0, 0, 0, 0, 0, 0, 0, 0]]), "at least 2 folds"),
        (np.array([[0, 2, 0, 2, 0, 2, 0, 2]]), "each used"),
        (np.array([[0.0, 1, 0, 1, 0, 1, 0, 1]]), "integers"),
    ],
)
def test_task_rejects_bad_folds(fold, match):
    with pytest.raises(DatasetError, match=match):
        Task("bad", twonorm(8, random_state=0), fold)
