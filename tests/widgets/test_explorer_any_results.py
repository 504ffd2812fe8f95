"""The cost explorer on anything (issue 7, item 5): predictions, CVResults, own runs and models."""

import re

import numpy as np
import pandas as pd
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from costlab.datasets import Dataset
from costlab.evaluation import CVResult, ExperimentRun, cross_val_proba
from costlab.metrics import cost_ratio_grid, mtmcs_curve, range_summary
from costlab.widgets import CostExplorer, cost_explorer


def _predictions(seed, n=200):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    good = np.clip(0.5 + 0.35 * (2 * y - 1) + rng.normal(0, 0.25, n), 0, 1)  # P(positive)
    poor = np.clip(0.5 + 0.1 * (2 * y - 1) + rng.normal(0, 0.3, n), 0, 1)
    return y, good, poor


def _table(explorer, column="cst"):
    rows = re.findall(r'data-classifier="([^"]+)">(.*?)</tr>', explorer.table.value)
    return {
        name: float(re.search(rf'class="{column}" data-value="([^"]+)"', cells).group(1))
        for name, cells in rows
    }


def _expected(y, scores, r1, r2):
    grid = cost_ratio_grid(0.05, 0.95, 0.05)
    curves = {n: mtmcs_curve(y, s, fp_costs=grid, search="optimized") for n, s in scores.items()}
    return range_summary(curves, r1, r2, decimals=2).set_index("classifier")


def test_a_mapping_of_predictions_is_explored_without_refitting():
    y, good, poor = _predictions(0)
    explorer = cost_explorer(
        {"good": (y, good), "poor": (y, poor)}, labels={"good": "Good model"}, cost_range=(0.2, 0.6)
    )
    assert explorer.error_ is None, explorer.message.value
    assert explorer.engine.disabled and explorer.k.disabled
    assert [label for label, _ in explorer.classifiers.options] == ["Good model", "poor"]
    expected = _expected(y, {"good": good, "poor": poor}, 0.2, 0.6)
    for name, value in _table(explorer).items():
        assert value == pytest.approx(expected.loc[name, "cst"], rel=1e-12)
    assert explorer.selection_.classifier == "good"
    assert "Good model" in explorer.table.value and "given predictions" in explorer.header.value
    explorer.cost_range.value = (0.5, 0.9)
    expected = _expected(y, {"good": good, "poor": poor}, 0.5, 0.9)
    assert _table(explorer)["poor"] == pytest.approx(expected.loc["poor", "cst"], rel=1e-12)
    explorer.classifiers.value = ("poor",)
    assert list(_table(explorer)) == ["poor"]


def _dataset(name="mine", seed=0, n=150):
    rng = np.random.default_rng(seed)
    labels = np.array(["neg"] * (n // 2) + ["pos"] * (n - n // 2), dtype=object)
    X = pd.DataFrame({"a": rng.normal(size=n) + (labels == "pos"), "b": rng.normal(size=n)})
    y = pd.Series(pd.Categorical(labels, categories=["neg", "pos"]), name="class")
    return Dataset(name, "My data", X, y, "neg", "pos", "frame")


def test_a_list_of_cv_results_of_own_estimators(tmp_path):
    data = _dataset()
    lr = make_pipeline(StandardScaler(), LogisticRegression())
    results = [
        cross_val_proba(data, lr, cache_dir=tmp_path, progress=False),
        cross_val_proba(data, "NaiveBayes", cache_dir=tmp_path, progress=False),
    ]
    explorer = CostExplorer(results)
    assert explorer.error_ is None, explorer.message.value
    assert explorer.dataset.value == "mine" and explorer.engine.value == "sklearn"
    assert "10-fold CV" in explorer.header.value
    scores = {r.classifier: r.scores() for r in results}
    expected = _expected(results[0].y_true, scores, 0.3, 0.7)
    for name, value in _table(explorer).items():
        assert value == pytest.approx(expected.loc[name, "cst"], rel=1e-12)


def test_an_own_run_with_models_cross_validates_what_is_selected(tmp_path):
    data = _dataset()
    lr = make_pipeline(StandardScaler(), LogisticRegression())
    held = cross_val_proba(data, lr, name="LR", cache_dir=tmp_path, progress=False)
    run = ExperimentRun(datasets={"mine": data}, results={("mine", "LR"): held})
    explorer = cost_explorer(
        run, models={"LR": lr, "IBk": "IBk"}, classifiers=["LR"], cache_dir=tmp_path
    )
    assert not explorer.engine.disabled
    assert explorer.results_["LR"] is held  # held, not refitted
    explorer.classifiers.value = ("LR", "IBk")
    assert explorer.error_ is None, explorer.message.value
    ibk = cross_val_proba(data, "IBk", cache=False, progress=False)
    np.testing.assert_array_equal(explorer.results_["IBk"].proba, ibk.proba)
    assert not explorer.k.disabled
    explorer.k.value = 3
    ibk3 = cross_val_proba(data, "IBk", k=3, cache=False, progress=False)
    np.testing.assert_array_equal(explorer.results_["IBk"].proba, ibk3.proba)
    assert explorer.results_["LR"] is held


def test_several_datasets_offer_their_own_classifiers():
    y, good, poor = _predictions(1)

    results = [
        CVResult.from_predictions(y, good, classifier="A", dataset="first"),
        CVResult.from_predictions(y, poor, classifier="B", dataset="second"),
    ]
    explorer = cost_explorer(results, titles={"second": "The second"})
    assert explorer.classifiers.value == ("A",)
    explorer.dataset.value = "second"
    assert explorer.classifiers.value == ("B",) and list(_table(explorer)) == ["B"]
    assert "The second" in explorer.header.value


def test_bad_input_is_named():
    y, good, _ = _predictions(2)
    with pytest.raises(TypeError, match="ExperimentRun"):
        cost_explorer("german_credit")
    with pytest.raises(ValueError, match="dataset must be .*, got .other."):
        cost_explorer({"A": (y, good)}, dataset="other")
    with pytest.raises(ValueError, match=r"classifiers \['missing'\] are neither held"):
        cost_explorer({"A": (y, good)}, classifiers=["missing"])


def test_cost_space_chart_is_the_mtmcs_chart_over_100():
    """Issue 8, item 9: the envelope beside the MTMCS chart; with equal priors PCF(+) = FNcost,
    so the exact search's MTMCS / 100 lies on each envelope."""
    from costlab.metrics import cost_envelope

    y, good, poor = _predictions(3)
    explorer = cost_explorer({"good": (y, good), "poor": (y, poor)}, search="exact")
    display = explorer.cost_chart.display_
    for name, scores in {"good": good, "poor": poor}.items():
        env = cost_envelope(y, scores, pos_label=1)
        x, value = env.curve()
        np.testing.assert_allclose(display.lines_[name].get_ydata(), value)
        curve = explorer.curves_[name]
        np.testing.assert_allclose(
            env(curve["fn_cost"].to_numpy()), curve["mtmcs"] / 100, atol=1e-12
        )
    top = display.ax_.child_axes[0] if display.ax_.child_axes else None
    assert top is None or "FPcost/FNcost" in top.get_xlabel()
    explorer.cost_range.value = (0.4, 0.6)  # the shaded range follows the slider
    assert explorer.cost_chart.display_ is not display


def test_string_labels_take_pos_label_as_the_other_explorers_do():
    """Issue 33, item 2: ``cost_explorer(..., pos_label="ill")`` was a TypeError."""
    from costlab.evaluation.experiment import as_run

    rng = np.random.default_rng(0)
    y = np.where(rng.random(300) < 0.4, "ill", "healthy")
    score = rng.random(300) + (y == "ill")
    explorer = cost_explorer({"mine": (y, score)}, pos_label="ill")
    result = explorer.run_.results[("data", "mine")]
    assert result.labels == ("healthy", "ill")
    np.testing.assert_array_equal(result.y_true, (y == "ill").astype(int))
    # a pair's own pos_label wins; results of cross-validation carry theirs
    own = as_run({"mine": (y, -score, "healthy")}, pos_label="ill")
    assert own.results[("data", "mine")].labels == ("ill", "healthy")
    with pytest.raises(ValueError, match="pos_label applies to a mapping"):
        as_run([result], pos_label="ill")


def test_the_explorer_on_the_exact_search_draws_the_charts_curves():
    """Issue 33, item 7: notebook 10's chart (exact search) and its explorer (then on the
    optimized search) showed different curves; with ``search="exact"`` they are the same."""
    from costlab.evaluation.experiment import as_run

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    score = rng.random(300) + 0.3 * y
    run = as_run({"A": (y, score), "B": (y, score**2)})
    explorer = cost_explorer(run, search="exact")
    charts = run.curves()
    for name, curve in explorer.curves_.items():
        drawn = charts[("data", name)].set_index("fp_cost").reindex(curve["fp_cost"])
        np.testing.assert_allclose(curve["mtmcs"].to_numpy(), drawn["mtmcs"].to_numpy())
