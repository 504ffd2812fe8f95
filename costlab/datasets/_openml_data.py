"""OpenML data sets, tasks and suites through openml-python, as costlab Datasets and Tasks.

The positive class of an OpenML data set or task is the *second* value its target attribute
declares (``positive=`` chooses another): the convention of Weka, whose ARFF files OpenML
serves, and of the thesis (class 2 positive). For credit-g that is ``bad``.

Task cost matrices, which openml-python does not read ("not yet implemented", openml-python
issue 532), are read here from the task's XML (:func:`read_cost_matrix`).
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

import numpy as np
import openml
import pandas as pd

from ._dataset import Dataset
from ._errors import DatasetError
from ._fetch import file_digest
from ._openml_session import entity_folder, guarded, openml_errors, openml_session
from ._parsers import label_text
from ._task import Task

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["load_openml", "load_task", "read_cost_matrix", "suite_tasks"]

_OML = "{http://openml.org/openml}"


def load_openml(
    dataset: int | str,
    *,
    target: str | None = None,
    positive: str | None = None,
    version: int | None = None,
    server: str | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> Dataset:
    """Load a binary OpenML data set by id or name, through openml-python, cached and verified.

    Parameters
    ----------
    dataset : int or str
        OpenML data set id, or its name (the oldest active version unless ``version``).
    target : str, optional
        Class attribute; default the data set's default target.
    positive : str, optional
        The positive class; default the second value the target declares.
    version : int, optional
        Version of a data set given by name.
    server : str, optional
        OpenML server (base URL or API URL); default ``COSTLAB_OPENML_SERVER``, else
        openml-python's configured server (https://www.openml.org).
    data_home : path, optional
        costlab's data home; OpenML's files are cached under ``<data_home>/openml``.

    Returns
    -------
    Dataset
        ``source == "openml"``; ``checksums`` holds the SHA-256 of the data file parsed.

    Raises
    ------
    DatasetError
        Unknown id or name, a target that is not nominal with two classes, an unreachable
        server (what is cached still loads), a download whose MD5 differs from the server's.

    Examples
    --------
    >>> from costlab.datasets import load_openml
    >>> credit = load_openml("credit-g")  # doctest: +SKIP
    >>> credit.negative, credit.positive, credit.class_counts  # doctest: +SKIP
    ('good', 'bad', {'good': 700, 'bad': 300})
    """
    with openml_session(server=server, data_home=data_home):
        data_id = _data_id(dataset, version)
        return _dataset(data_id, target, positive)


def load_task(
    task_id: int,
    *,
    positive: str | None = None,
    server: str | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> Task:
    """Load a binary OpenML classification task: its data set, its own folds and cost matrix.

    Parameters
    ----------
    task_id : int
        OpenML task id (a supervised classification task whose estimation procedure holds out
        every instance once per repetition: cross-validation, leave-one-out).
    positive : str, optional
        The positive class; default the second value the target declares.
    server, data_home
        As :func:`load_openml`.

    Returns
    -------
    Task
        ``fold[r, i]``: the fold that tests instance i in repetition r, from the task's split
        file (``get_train_test_split_indices``); ``class_costs`` from a well-formed cost matrix.

    Raises
    ------
    DatasetError
        Unknown task, not a classification task, not binary, splits that do not test every
        instance exactly once per repetition (holdout), an unreachable server.

    Examples
    --------
    >>> from costlab.datasets import load_task
    >>> task = load_task(31)  # doctest: +SKIP
    >>> task.n_repeats, task.n_folds, task.dataset.name  # doctest: +SKIP
    (1, 10, 'credit-g')
    """
    task_id = _check_id(task_id, "task_id")
    what = f"OpenML task {task_id}"
    with openml_session(server=server, data_home=data_home):
        folder = entity_folder("tasks", task_id)
        with openml_errors(what), guarded(folder):
            # the data set is fetched on its own first: openml-python deletes a task's cached
            # files when fetching its data set fails inside get_task
            task = openml.tasks.get_task(task_id, download_splits=False, download_data=False)
        if task.task_type_id != openml.tasks.TaskType.SUPERVISED_CLASSIFICATION:
            raise DatasetError(f"{what} is a {task.task_type} task, not a classification task")
        target = getattr(task, "target_name", None)
        data = _dataset(task.dataset_id, target, positive, where=what)
        with openml_errors(what), guarded(folder):
            task.download_split()
        fold = _folds(task, data.n_instances, what)
        status, costs = read_cost_matrix(folder / "task.xml", (data.negative, data.positive))
    return Task(
        name=f"openml_task_{task_id}",
        dataset=data,
        fold=fold,
        source="openml",
        task_id=task_id,
        class_costs=costs,
        cost_matrix_status=status,
    )


def suite_tasks(
    suite: int | str,
    *,
    server: str | None = None,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """The tasks of an OpenML suite (benchmark study), which are binary, and their cost matrices.

    Parameters
    ----------
    suite : int or str
        Suite id or alias, e.g. ``"OpenML-CC18"``.
    server, data_home
        As :func:`load_openml`.

    Returns
    -------
    pandas.DataFrame
        One row per task: ``task_id``, ``dataset_id``, ``dataset``, ``n_classes``, ``binary``,
        ``cost_matrix`` (``"present"``, ``"absent"`` or ``"malformed: <why>"``), ``fp_cost``,
        ``fn_cost`` (of a well-formed binary cost matrix, else NaN). ``load_task`` on a binary
        row gives its Task. The data files are not downloaded.

    Examples
    --------
    >>> from costlab.datasets import suite_tasks
    >>> tasks = suite_tasks("OpenML-CC18")  # doctest: +SKIP
    >>> tasks[tasks.binary].cost_matrix.value_counts()  # doctest: +SKIP
    """
    what = f"OpenML suite {suite!r}"
    with openml_session(server=server, data_home=data_home):
        with openml_errors(what):
            found = openml.study.get_suite(suite)
        rows = [_suite_row(task_id) for task_id in found.tasks or []]
    columns = ["task_id", "dataset_id", "dataset", "n_classes", "binary", "cost_matrix"]
    return pd.DataFrame(rows, columns=[*columns, "fp_cost", "fn_cost"])


def _suite_row(task_id):
    what = f"OpenML task {task_id}"
    folder = entity_folder("tasks", task_id)
    with openml_errors(what), guarded(folder):
        task = openml.tasks.get_task(int(task_id), download_splits=False, download_data=False)
    labels = list(getattr(task, "class_labels", None) or [])
    binary = len(labels) == 2
    status, costs = read_cost_matrix(folder / "task.xml", labels if binary else None)
    costs = costs or {}
    with openml_errors(what):
        name = openml.datasets.get_dataset(task.dataset_id, download_data=False).name
    return {
        "task_id": int(task_id),
        "dataset_id": int(task.dataset_id),
        "dataset": name,
        "n_classes": len(labels),
        "binary": binary,
        "cost_matrix": status,
        "fp_cost": costs.get("fp_cost", np.nan),
        "fn_cost": costs.get("fn_cost", np.nan),
    }


def read_cost_matrix(
    task_xml: str | os.PathLike[str], classes: Sequence[str] | None = None
) -> tuple[str, dict | None]:
    """Read the cost matrix of an OpenML task's XML: ``(status, class_costs)``.

    OpenML stores it as the task input ``cost_matrix``, a JSON list of rows, one per actual
    class and one column per predicted class, both in the order the target declares its
    values (Weka's convention: the cost of predicting class j for an instance of class i).

    Parameters
    ----------
    task_xml : path
        The task's XML as the server sent it (openml-python caches it as ``task.xml``).
    classes : tuple of str, optional
        ``(negative, positive)`` in the order the target declares them; when given and the
        matrix is well formed, ``class_costs`` is ``{"fp_cost": C[neg][pos] - C[neg][neg],
        "fn_cost": C[pos][neg] - C[pos][pos]}`` (the cost of an error over a correct decision).

    Returns
    -------
    status : str
        ``"absent"`` (no input, or an empty one), ``"present"``, or ``"malformed: <why>"``.
    class_costs : dict or None
        See ``classes``.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> xml = ('<oml:task xmlns:oml="http://openml.org/openml"><oml:input name="cost_matrix">'
    ...        '<oml:cost_matrix>[[0, 1], [5, 0]]</oml:cost_matrix></oml:input></oml:task>')
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "task.xml"
    >>> _ = path.write_text(xml)
    >>> read_cost_matrix(path, ("good", "bad"))
    ('present', {'fp_cost': 1.0, 'fn_cost': 5.0})
    """
    text = _cost_matrix_text(task_xml)
    if text is None or text.strip() in ("", "[]", "null"):
        return "absent", None
    try:
        matrix = np.asarray(json.loads(text), dtype=float)
    except (ValueError, TypeError):
        return f"malformed: not a JSON matrix of numbers ({text.strip()[:40]!r})", None
    n = None if classes is None else len(classes)
    problem = _matrix_problem(matrix, n)
    if problem:
        return f"malformed: {problem}", None
    if classes is None or n != 2:
        return "present", None
    fp, fn = matrix[0, 1] - matrix[0, 0], matrix[1, 0] - matrix[1, 1]
    if fp <= 0 or fn <= 0:
        return "malformed: an error costs no more than a correct decision", None
    return "present", {"fp_cost": float(fp), "fn_cost": float(fn)}


def _cost_matrix_text(task_xml):
    root = ET.parse(task_xml).getroot()
    for node in root.iter(f"{_OML}input"):
        if node.get("name") == "cost_matrix":
            inner = node.find(f"{_OML}cost_matrix")
            return "".join((inner if inner is not None else node).itertext())
    return None


def _matrix_problem(matrix, n_classes):
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        return f"not square (shape {matrix.shape})"
    if n_classes is not None and matrix.shape[0] != n_classes:
        return f"{matrix.shape[0]} rows for {n_classes} classes"
    if not np.all(np.isfinite(matrix)) or np.any(matrix < 0):
        return "costs must be finite and non-negative"
    return None


def _check_id(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise DatasetError(f"{name} must be a positive integer OpenML id, got {value!r}")
    return int(value)


def _data_id(dataset, version):
    if isinstance(dataset, str) and not dataset.isdigit():
        with openml_errors(f"OpenML data set {dataset!r}"):
            listed = openml.datasets.list_datasets(
                data_name=dataset, data_version=version, output_format="dataframe"
            )
        if len(listed) == 0:
            raise DatasetError(f"OpenML has no active data set named {dataset!r}")
        return int(listed["did"].min())
    return _check_id(int(dataset) if isinstance(dataset, str) else dataset, "dataset")


def _dataset(data_id, target, positive, *, where=None):
    what = f"OpenML data set {data_id}" + (f" ({where})" if where else "")
    folder = entity_folder("datasets", data_id)
    with openml_errors(what), guarded(folder):
        found = openml.datasets.get_dataset(
            data_id, download_data=True, download_features_meta_data=True
        )
        target = target or found.default_target_attribute
        if not target or "," in str(target):
            raise DatasetError(f"{what}: need exactly one target attribute, got {target!r}")
        X, y, _, _ = found.get_data(target=target, dataset_format="dataframe")
    labels = found.retrieve_class_labels(target) or []
    if not labels and pd.api.types.is_numeric_dtype(y.dtype):
        # a numeric target of two values (e.g. 0/1): its values as labels, ascending
        y = y.map(label_text, na_action="ignore")
        labels = sorted(y.dropna().unique(), key=float)
    if y.isna().any():
        raise DatasetError(f"{what}: {int(y.isna().sum())} instances have no class label")
    if len(labels) != 2:
        raise DatasetError(
            f"{what}: target {target!r} has {len(labels)} classes {labels[:6]}; costlab "
            "evaluates binary classifiers (pick a binary data set or task)"
        )
    negative, positive = _orientation(labels, positive, what)
    return Dataset(
        name=str(found.name),
        title=f"{found.name} (OpenML {data_id})",
        X=_features(X),
        y=pd.Series(pd.Categorical(y.astype(str), categories=[negative, positive]), name=target),
        negative=negative,
        positive=positive,
        source="openml",
        checksums=_data_checksums(folder),
    )


def _orientation(labels, positive, what):
    labels = [str(label) for label in labels]
    if positive is None:
        return labels[0], labels[1]
    if str(positive) not in labels:
        raise DatasetError(f"{what}: positive must be one of {labels}, got {positive!r}")
    return (labels[1], labels[0]) if str(positive) == labels[0] else (labels[0], labels[1])


def _features(X):
    """costlab's form: numeric columns float64, nominal ones unordered Categoricals in their
    declared order (openml-python makes them ordered)."""
    X = X.reset_index(drop=True)
    nominal = {c for c in X.columns if isinstance(X[c].dtype, pd.CategoricalDtype)}
    return X.astype(
        {c: (X[c].cat.as_unordered().dtype if c in nominal else np.float64) for c in X.columns}
    )


def _data_checksums(folder):
    arff = folder / "dataset.arff"
    return {f"openml/{arff.parent.name}/{arff.name}": file_digest(arff)} if arff.is_file() else {}


def _folds(task, n, what):
    n_repeats, n_folds, n_samples = task.get_split_dimensions()
    fold = np.full((n_repeats, n), -1, dtype=np.int64)
    for r in range(n_repeats):
        for k in range(n_folds):
            _, test = task.get_train_test_split_indices(fold=k, repeat=r, sample=n_samples - 1)
            if np.any(fold[r, test] >= 0):
                raise DatasetError(f"{what}: repetition {r} tests some instances twice")
            fold[r, test] = k
        untested = int(np.sum(fold[r] < 0))
        if untested:
            raise DatasetError(
                f"{what}: its estimation procedure ({task.estimation_procedure.get('type')}) "
                f"leaves {untested} of {n} instances untested in repetition {r}; costlab needs "
                "every instance held out once per repetition (a cross-validation task)"
            )
    return fold
