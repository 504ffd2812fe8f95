"""Published OpenML runs read as CVResults (run_result), checked against the task they claim."""

import numpy as np
import pandas as pd
import pytest

from costlab.datasets import DatasetError, RunPredictions, Task, twonorm
from costlab.evaluation import CVResult, run_result
from costlab.evaluation.published import _short
from costlab.metrics import roc_auc


def _task():
    data = twonorm(40, random_state=3)
    fold = np.array([np.arange(40) % 4, (np.arange(40) * 7) % 4])
    return Task("openml_task_9", data, fold, source="openml", task_id=9)


def _run(task, *, shuffle=True, drop=None, **changes):
    """A run's predictions file as OpenML serves it: rows in any order, labels as strings."""
    data, rng = task.dataset, np.random.default_rng(0)
    rows = []
    for r in range(task.n_repeats):
        for i in range(data.n_instances):
            p = float(rng.uniform())
            rows.append(
                {
                    "repeat": r,
                    "fold": int(task.fold[r, i]),
                    "row_id": i,
                    "prediction": data.positive if p > 0.5 else data.negative,
                    "correct": str(data.y.iloc[i]),
                    f"confidence.{data.negative}": 1 - p,
                    f"confidence.{data.positive}": p,
                }
            )
    frame = pd.DataFrame(rows)
    if shuffle:
        frame = frame.sample(frac=1.0, random_state=1).reset_index(drop=True)
    if drop is not None:
        frame = frame.drop(columns=drop)
    fields = dict(
        run_id=77,
        task_id=9,
        flow_id=5,
        flow_name="sklearn.pipeline.Pipeline("
        "imputer=sklearn.impute._base.SimpleImputer,estimator=sklearn.tree._classes."
        "DecisionTreeClassifier)(1)",
        uploader="me",
        predictions=frame,
    )
    fields.update(changes)
    return RunPredictions(**fields)


def test_a_run_reads_as_the_cvresult_of_its_confidences():
    task = _task()
    run = _run(task)
    result = run_result(task, run)
    assert isinstance(result, CVResult)
    frame = run.predictions
    for r in range(2):
        rows = frame[frame.repeat == r].sort_values("row_id")
        pos = rows[f"confidence.{task.dataset.positive}"].to_numpy()
        neg = rows[f"confidence.{task.dataset.negative}"].to_numpy()
        np.testing.assert_array_equal(result.proba[r, :, 1], pos)
        np.testing.assert_array_equal(result.proba[r, :, 0], neg)
    np.testing.assert_array_equal(result.fold, task.fold)
    np.testing.assert_array_equal(result.y_true, task.dataset.y_binary)
    assert result.classifier == "DecisionTreeClassifier #77" and result.engine == "openml"
    assert (result.n_folds, result.folds, result.params["run_id"]) == (4, "task openml_task_9", 77)
    # the library reads it as any result
    assert 0.0 <= roc_auc(result.y_true, result.scores(1), pos_label=1) <= 1.0


@pytest.mark.parametrize(
    "change, match",
    [
        ({"task_id": 10}, "run of task 10, not of task 9"),
        ({"drop": "confidence.2"}, "no per-class confidences"),
    ],
)
def test_runs_that_cannot_be_read_are_named(change, match):
    task = _task()
    with pytest.raises(DatasetError, match=match):
        run_result(task, _run(task, **change))


def test_confidences_attached_to_the_wrong_classes_are_refused():
    task = _task()
    frame = _run(task).predictions
    swapped = frame.rename(columns={"confidence.1": "confidence.2", "confidence.2": "confidence.1"})
    with pytest.raises(DatasetError, match="contradict its own predictions on 100%"):
        run_result(task, _run(task, predictions=swapped))
    # a few predictions made at another threshold are a decision rule, not a swap
    few = frame.copy()
    few.loc[few.index[:5], "prediction"] = "1"
    assert run_result(task, _run(task, predictions=few)).n_repeats == 2


def test_a_run_on_other_folds_or_labels_or_rows_is_refused():
    task = _task()
    run = _run(task)
    other = run.predictions.copy()
    other.loc[other.index[0], "fold"] = (other.loc[other.index[0], "fold"] + 1) % 4
    with pytest.raises(DatasetError, match="folds differ from the task's"):
        run_result(task, _run(task, predictions=other))
    other = run.predictions.copy()
    other.loc[other.index[0], "correct"] = "nonsense"
    with pytest.raises(DatasetError, match="true labels differ"):
        run_result(task, _run(task, predictions=other))
    with pytest.raises(DatasetError, match="predicted 2 times in repetition"):
        run_result(task, _run(task, predictions=pd.concat([run.predictions, run.predictions[:1]])))
    with pytest.raises(DatasetError, match="predicted 0 times"):
        run_result(task, _run(task, predictions=run.predictions[1:]))
    other = run.predictions.copy()
    other.loc[other.index[3], "confidence.2"] = np.nan
    with pytest.raises(DatasetError, match="not finite"):
        run_result(task, _run(task, predictions=other))


@pytest.mark.parametrize(
    "flow, short",
    [
        ("sklearn.ensemble._forest.RandomForestClassifier(1)", "RandomForestClassifier"),
        ("weka.J48", "J48"),
        ("mlr.classif.ranger(13)", "ranger"),
    ],
)
def test_flow_names_are_shortened(flow, short):
    assert _short(flow) == short
