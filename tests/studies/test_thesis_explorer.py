"""The thesis's cost explorer (Al-Saffar 2018), driven headless by setting its controls'
``.value``.

Every number the explorer shows is checked against the package's own functions computed here
independently (:func:`costlab.metrics.mtmcs_curve` on the same out-of-fold probabilities, then
:func:`costlab.metrics.range_summary` / :func:`select_classifier`), and cross-validation is spied on
to prove that a range, grid or search change never refits anything.
"""

import os
import shutil

import numpy as np
import pytest
from _explorer_kit import (  # noqa: F401
    assert_table_matches,
    band_extent,
    drawn,
    env,
    expected_curves,
    probabilities,
    spy,
    table_attribute,
    table_values,
)

import costlab.evaluation.experiment
from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba
from costlab.metrics import mtmcs_curve, range_summary, select_classifier
from costlab.studies.alsaffar2018.explorer import thesis_explorer
from costlab.studies.alsaffar2018.published import CLASSIFIERS
from costlab.widgets import (
    CostExplorer,
    summarise,
)
from costlab.widgets._cost import controller as explorer_module
from costlab.widgets._cost import session as session_module
from costlab.widgets._cost.model import weka_status
from costlab.widgets._kit.mtmcs import range_label, summary_html

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def spectf(env):
    return thesis_explorer("spectf", **env)


@pytest.fixture(scope="module")
def german(env):
    return thesis_explorer("german_credit", **env)


# -- the pure functions --------------------------------------------------------------------------


def test_summarise_is_range_summary_of_mtmcs_curves(probabilities):
    results = {c: probabilities("spectf", c) for c in CLASSIFIERS}
    curves, summary, selection = summarise(
        results, 0.25, 0.5, 0.05, "thorough", 1e-3, score_of="negative"
    )
    expected = expected_curves(probabilities, "spectf", CLASSIFIERS, search="thorough", step=1e-3)
    for name in CLASSIFIERS:
        np.testing.assert_array_equal(curves[name]["mtmcs"], expected[name]["mtmcs"])
        np.testing.assert_array_equal(curves[name]["threshold"], expected[name]["threshold"])
    reference = range_summary(expected, 0.25, 0.5, decimals=2)
    np.testing.assert_allclose(summary[["mtmcr", "cst"]], reference[["mtmcr", "cst"]], rtol=1e-12)
    assert selection.classifier == select_classifier(expected, 0.25, 0.5, decimals=2).classifier


def test_summary_html_has_stable_hooks(probabilities):
    results = {c: probabilities("spectf", c) for c in ("NaiveBayes", "IBk")}
    _, _, selection = summarise(results, 0.3, 0.7)
    page = summary_html(selection, 0.3, 0.7)
    assert page.count('<td class="cst"') == 2
    assert '<table class="costlab-cst" data-r1="0.3" data-r2="0.7" data-n-ratios="9">' in page
    assert f'class="costlab-selection" data-kind="{selection.kind}"' in page


# -- the explorer ----------------------------------------------------------------------------


def test_factory_builds_a_displayable_explorer(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    assert isinstance(explorer, CostExplorer)
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert explorer.error_ is None
    assert "SPECTF Heart" in explorer.header.value
    assert drawn(explorer.mtmcs_chart)
    assert explorer.cost_range.continuous_update is True  # follows a drag
    assert explorer.k.continuous_update is False  # a refit: once, when released


@pytest.mark.parametrize("name", ["spectf", "german"])
def test_range_slider_updates_table_band_and_label(name, request, probabilities):
    explorer = request.getfixturevalue(name)
    dataset = explorer.state().dataset
    curves = expected_curves(probabilities, dataset, CLASSIFIERS)
    for r1, r2 in [(0.3, 0.7), (0.05, 0.45), (0.55, 0.95), (0.5, 0.5), (0.4, 0.6)]:
        explorer.cost_range.value = (r1, r2)
        assert explorer.error_ is None
        assert_table_matches(explorer, curves, r1, r2)
        assert band_extent(explorer.mtmcs_chart.display_) == pytest.approx((r1, r2))
        assert explorer.range_label.value == range_label(r1, r2)


def test_threshold_chart_shows_the_curves_thresholds(spectf, probabilities):
    for search, step in [("optimized", 1e-5), ("exact", 1e-5), ("thorough", 1e-2)]:
        spectf.search.value, spectf.search_step.value = search, step
        expected = expected_curves(probabilities, "spectf", CLASSIFIERS, search=search, step=step)
        lines = spectf.threshold_chart.display_.lines_
        assert list(lines) == list(CLASSIFIERS)
        for name, line in lines.items():
            np.testing.assert_array_equal(line.get_xdata(), expected[name]["fp_cost"])
            np.testing.assert_array_equal(line.get_ydata(), expected[name]["threshold"])
            np.testing.assert_array_equal(line.get_ydata(), spectf.curves_[name]["threshold"])
        assert_table_matches(spectf, expected, *spectf.cost_range.value)
        assert spectf.search_step.disabled == (search == "exact")
    spectf.search.value, spectf.search_step.value = "optimized", 1e-5


def test_grid_step_changes_the_ratios_and_snaps_the_range(env, probabilities):
    explorer = thesis_explorer("spectf", cost_range=(0.3, 0.7), **env)
    explorer.grid_step.value = 0.01
    assert explorer.cost_range.step == 0.01
    assert table_attribute(explorer, "data-n-ratios") == "41"
    curves = expected_curves(probabilities, "spectf", CLASSIFIERS, grid_step=0.01)
    explorer.cost_range.value = (0.33, 0.61)
    assert_table_matches(explorer, curves, 0.33, 0.61)
    explorer.grid_step.value = 0.05
    assert explorer.cost_range.value == (0.35, 0.6)
    assert table_attribute(explorer, "data-n-ratios") == "6"
    explorer.grid_step.value = 0.025
    assert explorer.range_label.value == "0.350/0.650 – 0.600/0.400"


def test_range_grid_and_search_changes_never_cross_validate(env, spy):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    spy.clear()
    explorer.cost_range.value = (0.1, 0.2)
    explorer.grid_step.value = 0.025
    explorer.search.value = "thorough"
    explorer.search_step.value = 1e-3
    explorer.k.value = 4  # IBk is not selected: nothing to refit
    explorer.classifiers.value = ("NaiveBayes",)  # a subset of the held results
    assert spy == []
    assert explorer.error_ is None


def test_changing_k_cross_validates_ibk_only(env, spy, probabilities):
    explorer = thesis_explorer("spectf", **env)
    before = table_values(explorer)
    spy.clear()
    explorer.k.value = 3
    assert spy == [("spectf", "IBk", {"k": 3})]
    after = table_values(explorer)
    assert after["IBk"] != before["IBk"]
    assert {c: after[c] for c in after if c != "IBk"} == {
        c: before[c] for c in before if c != "IBk"
    }
    curves = expected_curves(probabilities, "spectf", CLASSIFIERS, k=3)
    assert_table_matches(explorer, curves, *explorer.cost_range.value)
    explorer.k.value = 1  # held in memory: no new cross-validation
    assert spy == [("spectf", "IBk", {"k": 3})]
    assert table_values(explorer) == before


def test_dataset_change_cross_validates_the_new_dataset(env, spy, probabilities):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "IBk"), **env)
    spy.clear()
    explorer.dataset.value = "german_credit"
    assert [(d, c) for d, c, _ in spy] == [
        ("german_credit", "NaiveBayes"),
        ("german_credit", "IBk"),
    ]
    assert "German Credit" in explorer.header.value
    curves = expected_curves(probabilities, "german_credit", ("NaiveBayes", "IBk"))
    assert_table_matches(explorer, curves, *explorer.cost_range.value)
    explorer.dataset.value = "spectf"  # held: back without cross-validation
    assert len(spy) == 2


def test_no_classifier_selected_shows_a_message(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    explorer.classifiers.value = ()
    assert "Select at least one classifier" in explorer.message.value
    assert "costlab-error" in explorer.message.value
    assert isinstance(explorer.error_, ValueError)
    assert explorer.table.value == "" and not drawn(explorer.mtmcs_chart)
    explorer.classifiers.value = ("IBk",)
    assert explorer.message.value == "" and explorer.error_ is None
    assert list(table_values(explorer)) == ["IBk"]


def test_a_range_without_ratios_shows_a_message(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    explorer.cost_range.value = (0.52, 0.53)
    assert "no cost ratio of the curve lies in" in explorer.message.value
    explorer.cost_range.value = (0.5, 0.55)
    assert explorer.error_ is None and table_attribute(explorer, "data-n-ratios") == "2"


def test_engine_offers_weka_only_when_it_can_run(env, monkeypatch):
    available, _ = weka_status()
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    assert ("weka" in [value for _, value in explorer.engine.options]) == available

    monkeypatch.setattr(explorer_module, "weka_status", lambda: (False, "no java here"))
    explorer = thesis_explorer("spectf", engine="weka", classifiers=("NaiveBayes",), **env)
    assert [value for _, value in explorer.engine.options] == ["sklearn"]
    assert explorer.engine.value == "sklearn"
    assert "Weka engine unavailable (no java here)" in explorer.message.value
    assert explorer.error_ is None and table_values(explorer)


def test_weka_failure_shows_a_message_not_a_traceback(env, monkeypatch):
    from costlab.evaluation.weka import WekaUnavailableError

    monkeypatch.setattr(explorer_module, "weka_status", lambda: (True, ""))
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    original = costlab.evaluation.experiment.run_experiments

    def run(*args, engine="sklearn", **kwargs):
        if engine == "weka":
            raise WekaUnavailableError("the JVM did not start")
        return original(*args, engine=engine, **kwargs)

    monkeypatch.setattr(costlab.evaluation.experiment, "run_experiments", run)
    explorer.engine.value = "weka"
    assert "WekaUnavailableError: the JVM did not start" in explorer.message.value
    assert explorer.table.value == ""
    explorer.engine.value = "sklearn"
    assert explorer.error_ is None and list(table_values(explorer)) == ["NaiveBayes"]


def test_range_move_only_sums_held_curves(german, monkeypatch):
    """Four classifiers, the thesis's search at step 1e-5: a range move neither cross-validates
    nor recomputes a curve (it sums the held ones). Speed itself is measured in benchmarks/."""
    german.search.value, german.search_step.value = "optimized", 1e-5
    calls = []

    def spy(*args, **kwargs):
        calls.append(args)
        raise AssertionError("a range move recomputed a curve")

    monkeypatch.setattr(session_module, "compute_curves", spy)
    monkeypatch.setattr(costlab.evaluation.experiment, "run_experiments", spy)
    for r1, r2 in [(0.2, 0.6), (0.3, 0.5), (0.25, 0.75)]:
        german.cost_range.value = (r1, r2)
        assert german.error_ is None and german.cost_range.value == (r1, r2)
    assert calls == []


@pytest.mark.weka
def test_weka_engine_in_the_explorer(env):
    available, reason = weka_status()
    if not available or shutil.which("java") is None:
        if os.environ.get("COSTLAB_REQUIRE_WEKA") == "1":
            pytest.fail(f"COSTLAB_REQUIRE_WEKA=1 but {reason}")
        pytest.skip(reason)
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    explorer.engine.value = "weka"
    assert explorer.error_ is None, explorer.message.value
    data = load_dataset("spectf", mirror=env["mirror"], data_home=env["data_home"])
    result = cross_val_proba(data, "NaiveBayes", engine="weka", cache_dir=env["cache_dir"])
    assert explorer.results_["NaiveBayes"].engine == "weka"
    np.testing.assert_array_equal(explorer.results_["NaiveBayes"].proba, result.proba)
    curve = mtmcs_curve(
        result.y_true, result.proba[0, :, 0], pos_label=1, search="optimized", score_of="negative"
    )
    assert_table_matches(explorer, {"NaiveBayes": curve}, *explorer.cost_range.value)
