"""Published OpenML runs through openml-python and back, against the loopback stand-in.

Runs are made on the mirrored credit-g task and published the two ways a researcher would:
openml-python's own ``run_model_on_task`` + ``publish``, and costlab's :func:`export_run`.
"""

import numpy as np
import openml
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.compose import make_column_transformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder

from costlab.datasets import DatasetError, fetch_run, load_task, task_runs
from costlab.evaluation import CVResult, export_run, published_runs, run_result


def _hgb():
    return HistGradientBoostingClassifier(
        categorical_features="from_dtype", max_iter=15, random_state=0
    )


def _brute_force(task, model):
    """Out-of-fold probabilities of ``model`` refitted on each of the task's folds."""
    X, y = task.dataset.X, task.dataset.y.astype(str)
    proba = np.empty((task.n_repeats, len(y), 2))
    for r in range(task.n_repeats):
        for train, test in task.splits(r):
            fitted = clone(model).fit(X.iloc[train], y.iloc[train])
            columns = [
                list(fitted.classes_).index(c)
                for c in (task.dataset.negative, task.dataset.positive)
            ]
            proba[r, test] = fitted.predict_proba(X.iloc[test])[:, columns]
    return proba


def _result(task, model):
    return CVResult(
        dataset=task.dataset.name,
        classifier=type(model).__name__,
        engine="sklearn",
        y_true=task.dataset.y_binary,
        proba=_brute_force(task, model),
        fold=task.fold,
        labels=(task.dataset.negative, task.dataset.positive),
        n_folds=task.n_folds,
        seed=0,
        folds=f"task {task.name}",
    )


def test_a_run_published_by_openml_python_reads_as_its_out_of_fold_scores(openml_server):
    task = load_task(337)  # SPECTF: classes declared in sorted order, 0 then 1
    model = _hgb()
    oml_task = openml.tasks.get_task(337, download_splits=True)
    run = openml.runs.run_model_on_task(model, oml_task, avoid_duplicate_runs=False)
    run.publish()
    (result,) = published_runs(task)
    assert result.classifier == f"HistGradientBoostingClassifier #{run.run_id}"
    assert result.engine == "openml" and result.params["run_id"] == run.run_id
    # the published confidences are the model refitted on the task's folds: rows line up
    np.testing.assert_allclose(result.proba, _brute_force(task, model), rtol=0, atol=1e-12)
    np.testing.assert_array_equal(result.fold, task.fold)


def test_a_run_whose_confidences_contradict_its_predictions_is_refused(openml_server):
    # openml-python 0.15.1 publishes P(bad) as confidence.good on credit-g (classes declared
    # good, bad; the model's sorted: bad, good): its issue 1131; every prediction contradicts
    task = load_task(31)
    oml_task = openml.tasks.get_task(31, download_splits=True)
    run = openml.runs.run_model_on_task(_hgb(), oml_task, avoid_duplicate_runs=False)
    run.publish()
    with pytest.raises(DatasetError, match=r"contradict its own predictions on 100% .*1131"):
        published_runs(task)


def test_one_own_result_exported_written_and_published_reads_back(openml_server, tmp_path):
    task = load_task(31)
    model = make_pipeline(
        make_column_transformer(
            (OrdinalEncoder(), task.dataset.nominal_columns), remainder="passthrough"
        ),
        GaussianNB(),
    )
    mine = _result(task, model)
    run = export_run(mine, task, model, directory=tmp_path / "run", publish=True)
    written = {p.name for p in (tmp_path / "run").iterdir()}
    assert {"description.xml", "predictions.arff", "costlab_summary.md"} <= written
    summary = (tmp_path / "run" / "costlab_summary.md").read_text()
    assert "| credit-g  | Pipeline" in summary and "auc" in summary
    listed = task_runs(31)
    assert listed["run_id"].tolist() == [run.run_id]
    assert listed["flow_name"].iloc[0].startswith("sklearn.pipeline.Pipeline(")
    back = run_result(task, fetch_run(run.run_id))
    np.testing.assert_array_equal(back.proba, mine.proba)  # ARFF keeps every digit
    assert back.classifier == f"GaussianNB #{run.run_id}"
    # a result on other folds cannot be exported as a run of the task
    other = _result(task, model)
    shifted = CVResult(**{**other.__dict__, "fold": (task.fold + 1) % task.n_folds})
    with pytest.raises(DatasetError, match="were not made on the folds of OpenML task 31"):
        export_run(shifted, task, model)


def test_runs_that_cannot_be_scored_are_named_or_skipped(openml_server):
    task = load_task(31)
    data = task.dataset
    labels = data.y.astype(str)
    frame = pd.DataFrame(
        {
            "repeat": 0,
            "fold": task.fold[0],
            "row_id": np.arange(data.n_instances),
            "prediction": labels,
            "correct": labels,
        }
    )
    no_scores = openml_server.add_run(31, "weka.ZeroR", frame)
    scored = frame.assign(**{"confidence.good": 0.7, "confidence.bad": 0.3})
    fine = openml_server.add_run(31, "weka.J48", scored)
    with pytest.raises(
        DatasetError, match=rf"OpenML run {no_scores} \(weka.ZeroR\) has no per-class"
    ):
        published_runs(task)
    with pytest.warns(UserWarning, match=rf"1 run\(s\) of task 31 left out: {no_scores}: "):
        results = published_runs(task, errors="skip")
    assert [r.params["run_id"] for r in results] == [fine]
    assert results[0].classifier == f"J48 #{fine}"
    with pytest.raises(
        DatasetError, match="OpenML run 999: the OpenML server .* error 236: Unknown run"
    ):
        published_runs(task, runs=[999])
    with pytest.raises(ValueError, match="errors must be 'raise' or 'skip'"):
        published_runs(task, errors="ignore")
