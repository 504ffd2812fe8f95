"""The cost explorer, driven headless by setting its controls' ``.value``.

Every number the explorer shows is checked against the package's own functions computed here
independently (:func:`costlab.metrics.mtmcs_curve` on the same out-of-fold probabilities, then
:func:`costlab.metrics.range_summary` / :func:`select_classifier`), and cross-validation is spied on
to prove that a range, grid or search change never refits anything.
"""

import os
import re
import shutil

import numpy as np
import pytest

import costlab.evaluation.experiment
from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba
from costlab.metrics import cost_ratio_grid, mtmcs_curve, range_summary, select_classifier
from costlab.studies.alsaffar2018.explorer import thesis_explorer
from costlab.studies.alsaffar2018.published import CLASSIFIERS
from costlab.widgets import (
    CostExplorer,
    classifier_params,
    range_label,
    snap_range,
    summarise,
    summary_html,
    weka_status,
)
from costlab.widgets import _explorer as explorer_module
from costlab.widgets import _session as session_module

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def env(mirror_dir, tmp_path_factory):
    """Where the explorers of this module read data and keep cross-validation (shared cache)."""
    root = tmp_path_factory.mktemp("widgets")
    return {"mirror": mirror_dir, "data_home": root / "data", "cache_dir": root / "cv"}


@pytest.fixture(scope="module")
def probabilities(env):
    """Function: (dataset, classifier, k=1) -> CVResult, from the module's cache."""
    loaded = {}

    def get(dataset, classifier, k=1):
        if dataset not in loaded:
            loaded[dataset] = load_dataset(
                dataset, mirror=env["mirror"], data_home=env["data_home"]
            )
        return cross_val_proba(
            loaded[dataset],
            classifier,
            cache_dir=env["cache_dir"],
            progress=False,
            **classifier_params(classifier, k),
        )

    return get


@pytest.fixture
def spy(monkeypatch):
    """Record every cross-validation the explorer asks for: (dataset, classifier, params)."""
    calls = []
    original = costlab.evaluation.experiment.cross_val_proba

    def recording(dataset, classifier, **kwargs):
        params = {k: v for k, v in kwargs.items() if k == "k"}
        calls.append((dataset.name, classifier, params))
        return original(dataset, classifier, **kwargs)

    monkeypatch.setattr(costlab.evaluation.experiment, "cross_val_proba", recording)
    return calls


def expected_curves(probabilities, dataset, classifiers, **options):
    """MTMCS curves computed here, straight from mtmcs_curve on the cached probabilities.

    ``options``: ``grid_step`` (0.05), ``search`` ("optimized"), ``step`` (1e-5), ``k`` (1).
    """
    grid = cost_ratio_grid(0.05, 0.95, options.get("grid_step", 0.05))
    search, step = options.get("search", "optimized"), options.get("step", 1e-5)
    curves = {}
    for name in classifiers:
        result = probabilities(dataset, name, options.get("k", 1))
        curves[name] = mtmcs_curve(
            result.y_true,
            result.proba[0, :, 0],  # the thesis explorer thresholds P(class 1)
            pos_label=1,
            fp_costs=grid,
            search=search,
            step=step,
            score_of="negative",
        )
    return curves


def table_values(explorer, column="cst"):
    """Classifier -> the unrounded value of one column of the explorer's HTML table."""
    row = r'<tr class="classifier[^"]*" data-classifier="([^"]+)">(.*?)</tr>'
    rows = re.findall(row, explorer.table.value)
    values = {}
    for name, cells in rows:
        match = re.search(rf'<td class="{column}" data-value="([^"]+)">([^<]+)</td>', cells)
        values[name] = float(match.group(1))
        assert match.group(2) == f"{values[name]:.2f}"  # the shown text is the value, rounded
    return values


def table_attribute(explorer, name):
    match = re.search(rf'<table class="costlab-cst"[^>]* {name}="([^"]+)"', explorer.table.value)
    return match.group(1)


def band_extent(display):
    """(x0, x1) of the shaded range of an MTMCSDisplay (Rectangle or, before mpl 3.9, Polygon)."""
    band = display.highlight_
    if hasattr(band, "get_width"):
        return band.get_x(), band.get_x() + band.get_width()
    xs = np.asarray(band.get_xy())[:, 0]
    return xs.min(), xs.max()


def assert_table_matches(explorer, curves, r1, r2):
    """The table's MTMCR, sensitivity and CST equal range_summary's; the choice select's."""
    summary = range_summary(curves, r1, r2, decimals=2).set_index("classifier")
    columns = {"mtmcr": "mtmcr", "sensitivity": "cost_sensitivity", "cst": "cst"}
    for column, measure in columns.items():
        shown = table_values(explorer, column)
        assert list(shown) == list(curves)
        for name, value in shown.items():
            assert value == pytest.approx(summary.loc[name, measure], rel=1e-12, abs=1e-12)
    assert table_attribute(explorer, "data-n-ratios") == str(int(summary["n_ratios"].iloc[0]))
    chosen = select_classifier(curves, r1, r2, decimals=2)
    assert (explorer.selection_.kind, explorer.selection_.classifier) == (
        chosen.kind,
        chosen.classifier,
    )
    assert f'data-classifier="{chosen.classifier}"' in explorer.table.value.split("<p")[-1]


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


def test_small_helpers():
    assert range_label(0.3, 0.7) == "0.30/0.70 – 0.70/0.30"
    assert range_label(0.325, 0.5, 0.025) == "0.325/0.675 – 0.500/0.500"
    assert snap_range(0.33, 0.71, 0.05) == (0.35, 0.7)
    assert snap_range(0.9, 0.2, 0.05) == (0.2, 0.9)
    assert classifier_params("IBk", 5) == {"k": 5}
    assert classifier_params("IBk", 1) == {}  # Weka's default: the reproduce.py cache key
    assert classifier_params("RandomForest", 5) == {}


# -- the explorer ----------------------------------------------------------------------------


def test_factory_builds_a_displayable_explorer(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    assert isinstance(explorer, CostExplorer)
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert explorer.error_ is None
    assert "SPECTF Heart" in explorer.header.value
    assert explorer.mtmcs_chart.image.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert explorer.cost_range.continuous_update is False
    assert explorer.k.continuous_update is False


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
    assert explorer.table.value == "" and explorer.mtmcs_chart.image.value == b""
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


# -- the prior panel (Landgrebe et al. 2004) --------------------------------------------------


def prior_values(explorer, column):
    """Classifier -> unrounded value of one column of the prior table."""
    row = r'<tr class="classifier" data-classifier="([^"]+)">(.*?)</tr>'
    values = {}
    for name, cells in re.findall(row, explorer.priors.table.value):
        match = re.search(rf'<td class="{column}" data-value="([^"]+)">', cells)
        values[name] = float(match.group(1))
    return values


def test_prior_panel_shows_operating_points_of_the_held_scores(env, spy, probabilities):
    from costlab.metrics import operating_point

    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    panel = explorer.priors
    assert panel.prior.min == pytest.approx(-4) and panel.prior.base == 10  # down to 1e-4
    assert panel.prior.continuous_update is False
    spy.clear()
    for prior, condition, value in [
        (0.001, "tpr", 0.8),
        (0.1, "posfrac", 0.2),
        (0.3, "purity", 0.5),
    ]:
        panel.prior.value, panel.condition.value, panel.value.value = prior, condition, value
        prior = float(panel.prior.value)  # the slider's own rounding
        shown = {c: prior_values(explorer, c) for c in ("tpr", "fpr", "posfrac", "purity")}
        for name in ("NaiveBayes", "AdaBoostM1"):
            result = probabilities("spectf", name)
            expected = operating_point(
                result.y_true == 1,
                result.scores(),
                [prior],
                pos_label=True,
                **{condition: value},
            ).iloc[0]
            for column, values in shown.items():
                assert values[name] == pytest.approx(expected[column], rel=1e-12, nan_ok=True)
        # POSfrac = P TPr + (1 - P) FPr (Landgrebe et al. 2004, eq. 5), as shown
        for name in shown["tpr"]:
            assert shown["posfrac"][name] == pytest.approx(
                prior * shown["tpr"][name] + (1 - prior) * shown["fpr"][name]
            )
        sweep = panel.chart.display_
        assert set(sweep.lines_) == {"NaiveBayes", "AdaBoostM1"}
        assert sweep.ax_.get_xscale() == "log"
    assert spy == []  # the prior never refits anything
    panel.measure.value = "purity"
    assert panel.chart.display_.measure == "purity"


def test_prior_panel_follows_the_selection_and_unreachable_purity(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    explorer.classifiers.value = ("NaiveBayes",)
    assert set(prior_values(explorer, "tpr")) == {"NaiveBayes"}
    explorer.priors.condition.value, explorer.priors.value.value = "purity", 1.0
    explorer.priors.prior.value = 1e-4
    assert explorer.error_ is None
    assert "—" in explorer.priors.table.value  # no threshold reaches purity 1 at 1e-4


# -- uncertainty and export (issue 12, item 5) ------------------------------------------------


def test_stability_panel_and_export(env, spy, tmp_path):
    import json

    from costlab.metrics import paired_bootstrap

    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    panel = explorer.stability
    assert panel.boot_ is None and panel.table.value == ""  # resampling waits for the button
    panel.n_resamples.value = 40
    spy.clear()
    panel.run_button.click()
    assert spy == []  # resampling never refits
    expected = paired_bootstrap(
        explorer.results_["NaiveBayes"].y_true,
        {n: r.scores() for n, r in explorer.results_.items()},
        n_resamples=40,
        random_state=0,
        pos_label=1,
    )
    np.testing.assert_array_equal(panel.boot_.replicates, expected.replicates)
    freq = expected.selection_frequency(*explorer.cost_range.value)
    shown = dict(
        re.findall(
            r'data-classifier="([^"]+)">.*?class="chosen" data-value="([^"]+)"', panel.table.value
        )
    )
    for name, value in zip(freq["classifier"], freq["chosen"], strict=True):
        assert float(shown[name]) == pytest.approx(value)
    explorer.cost_range.value = (0.1, 0.3)  # a range move re-reads the stored resamples
    assert 'data-r1="0.1"' in panel.table.value and panel.boot_ is not None

    exported = json.loads(explorer.export_json(tmp_path / "choice.json"))
    assert exported == json.loads((tmp_path / "choice.json").read_text())
    assert exported["selection"]["classifier"] == explorer.selection_.classifier
    assert exported["cost_range"] == [0.1, 0.3]
    assert set(exported["selection_frequency"]) == {"NaiveBayes", "AdaBoostM1"}
    points = exported["classifiers"]["NaiveBayes"]["operating_points"]
    assert points[0]["fp_cost_to"] == pytest.approx(1.0) and points[-1]["fp_cost_from"] == 0.0

    model = explorer.export_estimator()
    assert model.cost_range == (0.1, 0.3)
    assert set(model.classes_) == {0, 1}


# -- as a user sees it (issue 20, item 4) ------------------------------------------------------

PNG = b"\x89PNG\r\n\x1a\n"


def search_caption(html_text):
    """(attributes, text) of the search caption in some HTML."""
    match = re.search(r'<div class="costlab-search-caption"([^>]*)>(.*?)</div>', html_text)
    return match.group(1), match.group(2)


def test_charts_are_hidden_until_they_have_an_image(env):
    """An Image without a PNG shows a broken-image icon: it stays hidden until drawn."""
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    band = explorer.stability.chart.image
    assert band.value == b"" and band.layout.display == "none"  # before Bootstrap
    charts = (explorer.mtmcs_chart, explorer.cost_chart, explorer.threshold_chart)
    for chart in (*charts, explorer.priors.chart):
        assert chart.image.value[:8] == PNG and chart.image.layout.display is None
    explorer.stability.n_resamples.value = 20
    explorer.stability.run_button.click()
    assert band.value[:8] == PNG and band.layout.display is None
    explorer.classifiers.value = ()  # an error clears every chart: hidden again
    for chart in (*charts, explorer.priors.chart, explorer.stability.chart):
        assert chart.image.value == b"" and chart.image.layout.display == "none"
    explorer.classifiers.value = ("NaiveBayes",)
    assert explorer.mtmcs_chart.image.layout.display is None
    assert band.layout.display == "none"  # new results: resample again to see the bands


def test_both_mtmcr_say_which_search_made_them(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    attributes, text = search_caption(explorer.table.value)
    assert 'data-search="optimized"' in attributes and 'data-step="1e-05"' in attributes
    assert "MTMCR by the thesis's optimized search (Al-Saffar 2018, sec. 4.3.2" in text
    assert "one side of t0 = FNcost" in text and "uses the exact search" in text
    attributes, text = search_caption(explorer.stability.caption.value)
    assert 'data-search="exact"' in attributes and 'data-grid="0.05"' in attributes
    assert text.startswith("MTMCR by the exact search")

    # the two MTMCR the captions tell apart: the one-sided search's is never below the
    # exact minimum (up to the table's rounding of each of the 9 MTMCS to 2 decimals) ...
    explorer.stability.n_resamples.value = 20
    explorer.stability.run_button.click()
    exact = dict(
        re.findall(
            r'data-classifier="([^"]+)">.*?class="mtmcr" data-value="([^"]+)"',
            explorer.stability.table.value,
        )
    )
    optimized = table_values(explorer, "mtmcr")
    for name, value in optimized.items():
        assert value >= float(exact[name]) - 9 * 0.005
    # ... and with the exact search both tables agree
    explorer.search.value = "exact"
    attributes, text = search_caption(explorer.table.value)
    assert 'data-search="exact"' in attributes and "data-step" not in attributes
    assert "can miss the minimum" not in text
    for name, value in table_values(explorer, "mtmcr").items():
        assert value == pytest.approx(float(exact[name]), abs=9 * 0.005)
    explorer.search.value, explorer.search_step.value = "thorough", 1e-3
    explorer.grid_step.value = 0.025
    attributes, text = search_caption(explorer.table.value)
    assert 'data-search="thorough"' in attributes and 'data-grid="0.025"' in attributes
    assert "thorough search (Al-Saffar 2018, sec. 4.3.1; threshold step 0.001" in text


def test_prior_panel_gives_its_controls_and_cells_room(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    panel = explorer.priors
    row = panel.children[1]
    controls, table = row.children
    assert row.layout.flex_flow == "row wrap"  # the table goes under the controls if narrow
    assert controls.layout.flex == "0 0 340px"  # the controls never shrink: readouts stay
    assert table is panel.table
    assert "white-space:nowrap" in panel.table.value  # "80.00 %" on one line


# -- the prior panel estimates P(target) from unlabelled scores (deployment under prior shift) --


def test_read_scores_takes_lines_a_score_column_or_the_first_numeric_one():
    from costlab.widgets._priors import read_scores

    assert read_scores(b"0.1\n0.5\n0.9\n").tolist() == [0.1, 0.5, 0.9]
    assert read_scores(b"id,score\na,0.2\nb,0.7\n").tolist() == [0.2, 0.7]
    assert read_scores(b"id,p\n1,0.3\n2,0.4\n").tolist() == [1.0, 2.0]  # first numeric column
    for bad, match in [(b"", "empty"), (b"0.1\nhigh\n", "one finite number per line")]:
        with pytest.raises(ValueError, match=match):
            read_scores(bad)


def test_prior_panel_estimates_the_prior_from_unlabelled_scores(env, spy, probabilities):
    import datetime

    from costlab.metrics import estimate_prior

    UPLOADED = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)

    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    panel = explorer.priors
    assert [value for _, value in panel.scores_of.options] == ["NaiveBayes", "AdaBoostM1"]
    held = probabilities("spectf", "NaiveBayes")
    # a deployment batch: every negative and a tenth of the positives of the held scores
    target = np.flatnonzero(held.y_true == 1)
    batch = np.r_[held.scores()[held.y_true != 1], held.scores()[target[::10]]]
    spy.clear()
    est = panel.estimate_from_scores(batch, classifier="NaiveBayes")
    expected = estimate_prior(
        batch, method="em", y_true=held.y_true == 1, y_score=held.scores(), pos_label=True,
        n_resamples=500, random_state=0,
    )  # fmt: skip
    assert est.prior == pytest.approx(expected.prior) and est.low == pytest.approx(expected.low)
    assert panel.prior.value == pytest.approx(est.prior, rel=0.15)  # the slider's own grid
    assert f'data-prior="{est.prior!r}"' in panel.estimate_text.value
    assert "interval" in panel.estimate_text.value
    panel.method.value = "acc"  # re-estimates from the held batch
    assert panel.estimate_.method == "acc"
    assert 'data-method="acc"' in panel.estimate_text.value
    # the same through the upload control
    text = "score\n" + "\n".join(f"{v!r}" for v in batch)
    panel.upload.value = (
        {"name": "batch.csv", "type": "text/csv", "size": len(text), "last_modified": UPLOADED,
         "content": memoryview(text.encode())},
    )  # fmt: skip
    assert panel.estimate_.prior == pytest.approx(
        estimate_prior(
            batch, method="acc", y_true=held.y_true == 1, y_score=held.scores(),
            pos_label=True, n_resamples=500, random_state=0,
        ).prior
    )  # fmt: skip
    panel.upload.value = (
        {"name": "bad.csv", "type": "text/csv", "size": 5, "last_modified": UPLOADED,
         "content": memoryview(b"0.1\nx\n")},
    )  # fmt: skip
    assert "one finite number per line" in panel.estimate_text.value
    assert spy == []  # estimating never refits anything
