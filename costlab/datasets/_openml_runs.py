"""Published OpenML runs through openml-python: which runs a task has, and their predictions.

A run's predictions file holds, for every repetition, fold and instance (``row_id``) of its
task, the predicted label, the true label and one ``confidence.<class>`` column per class: the
out-of-fold scores costlab's measures need, published without the model. The file is cached
next to the run's description (``predictions.arff``), its checksum recorded on first download
and verified after, like every OpenML file costlab reads.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import arff
import numpy as np
import openml
import pandas as pd

from costlab._io import write_atomic

from ._errors import DatasetError
from ._openml_session import entity_folder, guarded, openml_errors, openml_session

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from ._task import Task

__all__ = [
    "RunPredictions",
    "fetch_run",
    "openml_run",
    "publish_openml_run",
    "save_openml_run",
    "task_runs",
]


@dataclass(frozen=True, eq=False)
class RunPredictions:
    """A published run's predictions, as the server holds them.

    Attributes
    ----------
    run_id, task_id, flow_id : int
    flow_name : str
        The model's flow (e.g. ``sklearn.pipeline.Pipeline(...)``).
    uploader : str
    predictions : pandas.DataFrame
        The predictions file: ``repeat``, ``fold``, ``row_id``, ``prediction``, ``correct`` and
        ``confidence.<class>`` columns.
    """

    run_id: int
    task_id: int
    flow_id: int
    flow_name: str
    uploader: str
    predictions: pd.DataFrame

    def confidence(self, label: str) -> np.ndarray:
        """The ``confidence.<label>`` column, or a DatasetError naming the run."""
        column = f"confidence.{label}"
        if column not in self.predictions.columns:
            raise DatasetError(
                f"OpenML run {self.run_id} ({self.flow_name}) has no per-class confidences "
                f"(no column {column!r}); costlab needs scores, not only predicted labels"
            )
        return pd.to_numeric(self.predictions[column], errors="raise").to_numpy(np.float64)


def task_runs(
    task_id: int,
    *,
    size: int | None = None,
    server: str | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """The runs published on an OpenML task: ``run_id``, ``flow_id``, ``flow_name``, ``uploader``.

    Parameters
    ----------
    task_id : int
    size : int, optional
        At most this many (the server's order); default all.
    server, data_home
        As :func:`costlab.datasets.load_openml`.

    Examples
    --------
    >>> from costlab.datasets import task_runs
    >>> task_runs(31, size=100).head()  # doctest: +SKIP
    """
    with openml_session(server=server, data_home=data_home):
        with openml_errors(f"runs of OpenML task {task_id}"):
            listed = openml.runs.list_runs(
                task=[int(task_id)], size=size, output_format="dataframe"
            )
            flows = {fid: _flow_name(fid) for fid in sorted(set(listed.get("flow_id", [])))}
    if len(listed) == 0:
        return pd.DataFrame(columns=["run_id", "flow_id", "flow_name", "uploader"])
    out = listed[["run_id", "flow_id", "uploader"]].astype({"run_id": int, "flow_id": int})
    out.insert(2, "flow_name", out["flow_id"].map(flows))
    return out.sort_values("run_id", ignore_index=True)


def _flow_name(flow_id):
    return openml.flows.get_flow(int(flow_id)).name


def fetch_run(
    run_id: int, *, server: str | None = None, data_home: str | os.PathLike[str] | None = None
) -> RunPredictions:
    """A published OpenML run and its predictions file, cached and verified.

    Raises
    ------
    DatasetError
        Unknown run, a run without a predictions file, an unreachable server.

    Examples
    --------
    >>> from costlab.datasets import fetch_run
    >>> run = fetch_run(6)  # doctest: +SKIP
    >>> run.predictions.columns.tolist()[:5]  # doctest: +SKIP
    ['repeat', 'fold', 'row_id', 'prediction', 'correct']
    """
    what = f"OpenML run {run_id}"
    with openml_session(server=server, data_home=data_home):
        folder = entity_folder("runs", run_id)
        with openml_errors(what), guarded(folder):
            run = openml.runs.get_run(int(run_id))
            path = folder / "predictions.arff"
            if not path.is_file():
                if not run.predictions_url:
                    raise DatasetError(f"{what} has no predictions file on the server")
                text = openml._api_calls._download_text_file(run.predictions_url)
                write_atomic(path, str(text).encode())
        try:
            decoded = arff.loads(path.read_text(encoding="utf-8"))
        except (arff.ArffException, UnicodeDecodeError) as exc:
            raise DatasetError(f"{what}: its predictions file {path} is not ARFF ({exc})") from exc
        flow_id = int(run.flow_id or 0)
        flow_name = _flow_name(flow_id) if run.flow_name is None else run.flow_name
    frame = pd.DataFrame(decoded["data"], columns=[name for name, _ in decoded["attributes"]])
    return RunPredictions(
        run_id=int(run_id),
        task_id=int(run.task_id),
        flow_id=flow_id,
        flow_name=str(flow_name),
        uploader=str(run.uploader_name or run.uploader or ""),
        predictions=frame,
    )


def openml_run(
    task: Task,
    proba: ArrayLike,
    fold: ArrayLike,
    model: Any,
    *,
    server: str | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> openml.runs.OpenMLRun:
    """An OpenML run (``openml.runs.OpenMLRun``) of out-of-fold probabilities on an OpenML task.

    Each instance's row is ``openml.runs.format_prediction`` of its repetition, fold, row id,
    predicted label (the more probable class), true label and both classes' probabilities.

    Parameters
    ----------
    task : Task
        An OpenML task (:func:`costlab.datasets.load_task`); the folds must be the task's.
    proba : ndarray of shape (n_repeats, n, 2)
        P(negative | x) and P(positive | x) of every instance in every repetition.
    fold : ndarray of shape (n_repeats, n)
        The fold that predicted each instance; must equal ``task.fold``.
    model : scikit-learn estimator
        The model, described as an OpenML flow by openml-python's scikit-learn extension.
    server, data_home
        As :func:`costlab.datasets.load_openml`.
    """
    from openml.extensions.sklearn import SklearnExtension

    if task.source != "openml" or task.task_id is None:
        raise DatasetError(f"task {task.name} is not an OpenML task (load it with load_task)")
    proba, fold = np.asarray(proba, dtype=np.float64), np.asarray(fold)
    if proba.shape != (*task.fold.shape, 2) or not np.array_equal(fold, task.fold):
        raise DatasetError(
            f"the predictions (proba shape {proba.shape}) were not made on the folds of "
            f"OpenML task {task.task_id} (shape {(*task.fold.shape, 2)}); cross-validate the "
            "task itself: cross_val_proba(task, model)"
        )
    data = task.dataset
    with openml_session(server=server, data_home=data_home):
        with openml_errors(f"OpenML task {task.task_id}"):
            oml_task = openml.tasks.get_task(task.task_id, download_splits=False)
        if not isinstance(oml_task, openml.tasks.OpenMLClassificationTask):
            raise DatasetError(f"OpenML task {task.task_id} is not a classification task")
        labels = [str(label) for label in getattr(oml_task, "class_labels", None) or []]
        truth = data.y.astype(str).to_numpy()
        rows = []
        for r in range(proba.shape[0]):
            for i in range(proba.shape[1]):
                p = {data.negative: float(proba[r, i, 0]), data.positive: float(proba[r, i, 1])}
                predicted = data.positive if p[data.positive] > p[data.negative] else data.negative
                rows.append(
                    openml.runs.functions.format_prediction(
                        oml_task,
                        r,
                        int(fold[r, i]),
                        i,
                        predicted,
                        truth[i],
                        proba={label: p[label] for label in labels},
                    )
                )
        flow = SklearnExtension().model_to_flow(model)
    return openml.runs.OpenMLRun(
        task_id=task.task_id,
        flow_id=None,
        dataset_id=None,
        model=model,
        flow=flow,
        data_content=rows,
        task=oml_task,
        description_text=f"costlab: out-of-fold probabilities on the folds of task {task.task_id}",
    )


def save_openml_run(
    run: openml.runs.OpenMLRun,
    directory: str | os.PathLike[str],
    *,
    tables: dict[str, str] | None = None,
    server: str | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> Path:
    """Write an OpenML run to ``directory`` (openml-python's ``to_filesystem``: description,
    predictions, flow, model), with costlab's tables beside it (``tables``: name -> markdown)."""
    directory = Path(directory)
    with openml_session(server=server, data_home=data_home):
        with openml_errors(f"OpenML run of task {run.task_id}"):
            run.to_filesystem(directory)
    for name, text in (tables or {}).items():
        write_atomic(directory / f"{name}.md", str(text).encode())
    return directory


def publish_openml_run(
    run: openml.runs.OpenMLRun,
    *,
    apikey: str | None = None,
    server: str | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> int:
    """Publish an OpenML run (and its flow) on the server; return its run id.

    ``apikey`` defaults to ``OPENML_APIKEY`` or openml-python's configured key.
    """
    key = apikey or os.environ.get("OPENML_APIKEY") or openml.config.apikey
    if not key:
        raise DatasetError(
            "publishing a run needs an OpenML API key: pass apikey= or set OPENML_APIKEY"
        )
    with openml_session(server=server, data_home=data_home):
        saved, openml.config.apikey = openml.config.apikey, key
        try:
            with openml_errors(f"publishing a run of OpenML task {run.task_id}"):
                run.publish()
        finally:
            openml.config.apikey = saved
    return int(run.run_id or 0)
