"""The :class:`Task` container: a dataset with its own fixed evaluation folds.

An OpenML task (:func:`costlab.datasets.openml.load_task`) is the common case: its server fixes
which instances each repetition holds out in each fold, so that every published run on it was
scored on the same splits. :func:`costlab.evaluation.cross_val_proba` uses a task's folds instead
of building its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._dataset import Dataset
from ._errors import DatasetError

__all__ = ["Task"]


@dataclass(frozen=True, eq=False)
class Task:
    """A binary dataset with fixed folds: which fold holds out each instance, per repetition.

    Parameters
    ----------
    name : str
        Short name, also the folder of its cached cross-validations, e.g. ``"openml_task_31"``.
    dataset : Dataset
        The data, in the order the folds refer to.
    fold : ndarray of int, shape (n_repeats, n)
        ``fold[r, i]`` is the fold whose model predicts instance ``i`` in repetition ``r``;
        folds are numbered 0 .. n_folds - 1, and every repetition uses every fold.
    source : str
        ``"openml"`` for an OpenML task, ``"given"`` for folds built elsewhere.
    task_id : int, optional
        The OpenML task id.
    class_costs : dict, optional
        ``{"fp_cost": c, "fn_cost": c}`` read from the task's cost matrix when it has a
        well-formed one (see :attr:`cost_matrix_status`).
    cost_matrix_status : str
        ``"present"``, ``"absent"`` or ``"malformed: <why>"``.

    Examples
    --------
    >>> import numpy as np
    >>> from costlab.datasets import Task, twonorm
    >>> data = twonorm(6, random_state=0)
    >>> task = Task("mine", data, np.array([[0, 1, 2, 0, 1, 2]]), source="given")
    >>> task.n_repeats, task.n_folds
    (1, 3)
    >>> [test.tolist() for _, test in task.splits(0)]
    [[0, 3], [1, 4], [2, 5]]
    """

    name: str
    dataset: Dataset
    fold: np.ndarray
    source: str = "given"
    task_id: int | None = None
    class_costs: dict | None = None
    cost_matrix_status: str = "absent"

    def __post_init__(self):
        fold = np.asarray(self.fold)
        if fold.ndim == 1:
            fold = fold[None, :]
        n = self.dataset.n_instances
        if fold.ndim != 2 or fold.shape[1] != n:
            raise DatasetError(
                f"task {self.name}: fold must have shape (n_repeats, {n}) for the dataset's {n} "
                f"instances, got shape {np.shape(self.fold)}"
            )
        if not np.issubdtype(fold.dtype, np.integer):
            raise DatasetError(f"task {self.name}: fold must hold integers, got {fold.dtype}")
        k = int(fold.max()) + 1 if fold.size else 0
        for r, row in enumerate(fold):
            used = np.unique(row)
            if used.size < 2 or used[0] != 0 or not np.array_equal(used, np.arange(k)):
                raise DatasetError(
                    f"task {self.name}: repetition {r} must hold out every instance in one of "
                    f"folds 0..{k - 1} (at least 2 folds, each used), got folds {used.tolist()}"
                )
        fold = np.ascontiguousarray(fold, dtype=np.int64)
        fold.setflags(write=False)
        object.__setattr__(self, "fold", fold)

    @property
    def n_repeats(self) -> int:
        """int: number of repetitions of the fold protocol."""
        return int(self.fold.shape[0])

    @property
    def n_folds(self) -> int:
        """int: number of folds of each repetition."""
        return int(self.fold.max()) + 1

    @property
    def fp_cost(self) -> float | None:
        """The task's class costs as a normalised FPcost, ``fp / (fp + fn)`` (FNcost = 1 -
        FPcost, the thesis's cost ratio axis); None without a well-formed cost matrix."""
        if not self.class_costs:
            return None
        fp, fn = self.class_costs["fp_cost"], self.class_costs["fn_cost"]
        return fp / (fp + fn)

    def splits(self, repeat: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
        """``(train, test)`` index arrays of each fold of repetition ``repeat``, in fold order."""
        row = self.fold[repeat]
        return [
            (np.flatnonzero(row != k).astype(np.intp), np.flatnonzero(row == k).astype(np.intp))
            for k in range(self.n_folds)
        ]

    def __repr__(self):
        return (
            f"Task(name={self.name!r}, dataset={self.dataset.name!r}, "
            f"n_instances={self.dataset.n_instances}, n_repeats={self.n_repeats}, "
            f"n_folds={self.n_folds}, source={self.source!r}, "
            f"cost_matrix_status={self.cost_matrix_status!r})"
        )
