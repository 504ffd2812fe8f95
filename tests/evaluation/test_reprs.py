"""Results read as scikit-learn's and pandas's objects do: short text reprs, HTML tables in
Jupyter (issue 33, item 6: ``repr(run)`` of one dataset and two models was 8,869 characters)."""

import numpy as np

from costlab.evaluation.experiment import as_run
from costlab.metrics import roc_auc


def _run(n_models=36, n=500):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    return as_run({f"model_{i}": (y, rng.random(n) + 0.1 * i * y) for i in range(n_models)})


def test_a_runs_repr_is_short_and_names_what_it_holds():
    text = repr(_run())
    assert len(text) < 200
    assert text.startswith("ExperimentRun(1 dataset(s): data; 36 result(s): data/model_0")
    assert "... (32 more)" in text


def test_a_runs_html_is_its_summary_table():
    run = _run(n_models=3)
    summary = run.summary()
    assert list(summary["classifier"]) == ["model_0", "model_1", "model_2"]
    for (_, name), result in run.results.items():
        auc = summary.loc[summary["classifier"] == name, "auc"].item()
        assert auc == roc_auc(result.y_true, result.scores())
    html = run._repr_html_()
    assert html.count("<tr") == 1 + 3 and "model_2" in html and "<table" in html


def test_a_results_html_is_one_row_with_its_auc():
    result = _run(n_models=1).results[("data", "model_0")]
    html = result._repr_html_()
    assert html.count("<tr") == 2 and f"{roc_auc(result.y_true, result.scores()):.4f}" in html
    assert len(repr(result)) < 200
