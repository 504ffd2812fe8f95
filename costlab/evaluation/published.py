"""Published OpenML runs as :class:`CVResult`\\ s, and one's own results as OpenML runs.

A run published on an OpenML task holds the out-of-fold class confidences of its model on the
task's own folds (:func:`costlab.datasets.fetch_run`). :func:`run_result` reads them as the
:class:`CVResult` a cross-validation would have returned, so every curve, table, Display,
explorer and the leaderboard read published runs without refitting any model.
:func:`export_run` goes the other way: a result of ``cross_val_proba(task, model)`` becomes an
OpenML run written to the file system (with costlab's summary beside it) or published.
"""

from __future__ import annotations

import re
import warnings
from typing import TYPE_CHECKING

import numpy as np

from costlab.datasets import (
    DatasetError,
    fetch_run,
    openml_run,
    publish_openml_run,
    save_openml_run,
    task_runs,
)
from costlab.evaluation._result import CVResult
from costlab.evaluation.experiment import as_run

if TYPE_CHECKING:
    from typing import Any

    from costlab.datasets import RunPredictions, Task

__all__ = ["export_run", "published_runs", "run_result"]


def run_result(task: Task, run: RunPredictions) -> CVResult:
    """The :class:`CVResult` of a published run on an OpenML task (no model refitted).

    Parameters
    ----------
    task : costlab.datasets.Task
        The run's task (:func:`costlab.datasets.load_task`), which gives the labels and folds.
    run : costlab.datasets.RunPredictions
        The run (:func:`costlab.datasets.fetch_run`).

    Returns
    -------
    CVResult
        ``engine == "openml"``; ``classifier`` the flow's short name and the run id;
        ``params`` the run id and full flow name; ``proba`` the run's confidences of the
        negative and positive classes, as published; ``fold`` the task's.

    Raises
    ------
    costlab.datasets.DatasetError
        The run belongs to another task, has no per-class confidences, does not predict every
        instance once per repetition, used other folds than the task's, or disagrees with the
        task's labels.

    Examples
    --------
    >>> from costlab.datasets import fetch_run, load_task
    >>> task = load_task(31)  # doctest: +SKIP
    >>> result = run_result(task, fetch_run(6))  # doctest: +SKIP
    """
    what = f"OpenML run {run.run_id} ({run.flow_name})"
    if task.task_id != run.task_id:
        raise DatasetError(f"{what} is a run of task {run.task_id}, not of task {task.task_id}")
    frame, data = run.predictions, task.dataset
    scores = np.stack([run.confidence(data.negative), run.confidence(data.positive)], axis=-1)
    if "sample" in frame.columns:  # a learning-curve task's runs: the last, full sample
        keep = (
            frame["sample"].astype(np.int64) == frame["sample"].astype(np.int64).max()
        ).to_numpy()
        frame, scores = frame[keep], scores[keep]
    n, n_repeats = data.n_instances, task.n_repeats
    repeat, row, fold = (frame[c].to_numpy(dtype=np.int64) for c in ("repeat", "row_id", "fold"))
    _check_cover(what, repeat, row, n, n_repeats)
    proba = np.empty((n_repeats, n, 2))
    proba[repeat, row] = scores
    folds = np.empty((n_repeats, n), dtype=np.int64)
    folds[repeat, row] = fold
    if not np.array_equal(folds, task.fold):
        raise DatasetError(f"{what}: its folds differ from the task's splits")
    if not np.all(np.isfinite(proba)):
        raise DatasetError(f"{what}: some confidences are missing or not finite")
    if "correct" in frame.columns:
        truth = np.empty((n_repeats, n), dtype=object)
        truth[repeat, row] = frame["correct"].astype(str).to_numpy()
        if np.any(truth != data.y.astype(str).to_numpy()[None, :]):
            raise DatasetError(f"{what}: its true labels differ from the task's data set")
    if "prediction" in frame.columns:
        _check_agreement(what, frame["prediction"].astype(str).to_numpy(), scores, data)
    return CVResult(
        dataset=data.name,
        classifier=f"{_short(run.flow_name)} #{run.run_id}",
        engine="openml",
        y_true=data.y_binary,
        proba=proba,
        fold=folds,
        labels=(data.negative, data.positive),
        n_folds=task.n_folds,
        seed=-1,
        params={"run_id": run.run_id, "flow": run.flow_name, "uploader": run.uploader},
        folds=f"task {task.name}",
    )


def published_runs(
    task: Task,
    runs: Any = None,
    *,
    size: int | None = None,
    errors: str = "raise",
    server: str | None = None,
    data_home: Any = None,
) -> list[CVResult]:
    """The published runs of an OpenML task as :class:`CVResult`\\ s, in run-id order.

    Parameters
    ----------
    task : costlab.datasets.Task
        An OpenML task (:func:`costlab.datasets.load_task`).
    runs : iterable of int, optional
        Run ids; default every run the server lists for the task (at most ``size``).
    size : int, optional
        With ``runs=None``: at most this many runs.
    errors : {"raise", "skip"}
        A run that cannot be scored (no confidences, other folds, ...): raise, or leave it out
        with one warning naming each such run and why.
    server, data_home
        As :func:`costlab.datasets.load_openml`.

    Examples
    --------
    >>> from costlab.datasets import load_task
    >>> results = published_runs(load_task(31), size=50, errors="skip")  # doctest: +SKIP
    """
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors must be 'raise' or 'skip', got {errors!r}.")
    if task.task_id is None:
        raise ValueError(f"task {task.name} is not an OpenML task (load it with load_task).")
    if runs is None:
        listed = task_runs(task.task_id, size=size, server=server, data_home=data_home)
        runs = listed["run_id"].tolist()
    results, skipped = [], []
    for run_id in sorted(int(r) for r in runs):
        try:
            run = fetch_run(run_id, server=server, data_home=data_home)
            results.append(run_result(task, run))
        except DatasetError as error:
            if errors == "raise":
                raise
            skipped.append(f"{run_id}: {error}")
    if skipped:
        warnings.warn(
            f"{len(skipped)} run(s) of task {task.task_id} left out: " + "; ".join(skipped),
            stacklevel=2,
        )
    return results


def export_run(
    result: CVResult,
    task: Task,
    model: Any,
    *,
    directory: Any = None,
    publish: bool = False,
    apikey: str | None = None,
    server: str | None = None,
    data_home: Any = None,
) -> Any:
    """One's own result on an OpenML task as an OpenML run: written, published, or both.

    Parameters
    ----------
    result : CVResult
        ``cross_val_proba(task, model)``: out-of-fold probabilities on the task's folds.
    task : costlab.datasets.Task
    model : scikit-learn estimator
        The model cross-validated (its flow describes it on OpenML).
    directory : path, optional
        Write the run there (openml-python's ``to_filesystem``: description, predictions, flow,
        model) with ``costlab_summary.md`` beside it (costlab's summary table of the result).
    publish : bool
        Publish the run (and its flow) on the server (needs an API key).

    Returns
    -------
    openml.runs.OpenMLRun
        The run; ``run.run_id`` is set when published.

    Examples
    --------
    >>> run = export_run(cross_val_proba(task, model), task, model,
    ...                  directory="my_run")  # doctest: +SKIP
    """
    run = openml_run(task, result.proba, result.fold, model, server=server, data_home=data_home)
    if directory is not None:
        summary = as_run([result]).summary().to_markdown(index=False)
        save_openml_run(
            run,
            directory,
            tables={"costlab_summary": summary},
            server=server,
            data_home=data_home,
        )
    if publish:
        publish_openml_run(run, apikey=apikey, server=server, data_home=data_home)
    return run


def _check_agreement(what, predicted, scores, data):
    """Refuse a run whose confidences contradict its own predictions on most instances: the
    confidences were attached to the wrong classes. openml-python (0.15 and earlier) zips a
    model's probability columns, in the model's (sorted) class order, with the task's declared
    class order, so a run made by ``run_model_on_task`` on a data set whose classes are not
    declared in sorted order (credit-g: good, bad) publishes P(bad) as ``confidence.good``
    (openml-python issue 1131, OpenML issue 1185)."""
    higher = np.where(scores[:, 1] > scores[:, 0], data.positive, data.negative)
    decided = scores[:, 1] != scores[:, 0]
    if not np.any(decided):
        return
    contradicted = float(np.mean(predicted[decided] != higher[decided]))
    if contradicted > 0.5:
        raise DatasetError(
            f"{what}: its confidences contradict its own predictions on "
            f"{contradicted:.0%} of the instances (the class with the higher confidence is not "
            "the one predicted): they are attached to the wrong classes, as openml-python "
            "publishes them for classes not declared in sorted order (openml-python issue "
            "1131); costlab does not guess which class they belong to"
        )


def _check_cover(what, repeat, row, n, n_repeats):
    """Every instance predicted exactly once in every repetition, else a DatasetError."""
    bad = (repeat < 0) | (repeat >= n_repeats) | (row < 0) | (row >= n)
    if np.any(bad):
        raise DatasetError(
            f"{what}: predictions for repetitions or rows outside the task's "
            f"{n_repeats} x {n} (e.g. repeat {repeat[bad][0]}, row {row[bad][0]})"
        )
    counts = np.zeros((n_repeats, n), dtype=np.int64)
    np.add.at(counts, (repeat, row), 1)
    if np.any(counts != 1):
        r, i = np.argwhere(counts != 1)[0]
        raise DatasetError(
            f"{what}: instance {i} is predicted {counts[r, i]} times in repetition {r} "
            "(need exactly once: the run must cover the task's cross-validation)"
        )


#: A class name in a flow name: a capitalised identifier after a dot.
_CLASS = re.compile(r"\.([A-Z][A-Za-z0-9_]*)")


def _short(flow_name):
    """A flow's readable name: its last class name (``...tree.DecisionTreeClassifier)`` ->
    ``DecisionTreeClassifier``), else its last dotted part."""
    classes = _CLASS.findall(flow_name)
    if classes:
        return classes[-1]
    return flow_name.rsplit(".", 1)[-1].split("(")[0] or flow_name
