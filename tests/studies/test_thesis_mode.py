"""The thesis's widgets in its notebooks: the explorer in thesis mode (notebooks 01-04) and the
CST explorer (notebook 06), on the cross-validation the notebook already ran.

The explorer's MTMCR over a range of Tables 7-10 must be that table's row as the study computes
it (:func:`costlab.studies.alsaffar2018.tables.range_values`), under each search; the CST
explorer's numbers at a worked example of sec. 5.7 those of
:func:`~costlab.studies.alsaffar2018.tables.cst_example_tables`. Spies prove that neither
widget cross-validates, when it is built or when any control moves.
"""

import re

import pytest

import costlab.evaluation.experiment
from costlab.evaluation.experiment import curves_for
from costlab.metrics import curve_in_range, mtmcr, range_summary
from costlab.studies.alsaffar2018.explorer import THESIS_MODE, thesis_range
from costlab.studies.alsaffar2018.notebook import ExperimentView, StudyView
from costlab.studies.alsaffar2018.published import (
    CLASSIFIERS,
    CST_EXAMPLES,
    DISPLAY_NAMES,
    RANGES,
)
from costlab.studies.alsaffar2018.tables import cst_example_tables, range_values
from costlab.widgets import CostExplorer, CstExplorer
from costlab.widgets._cost import session as session_module
from costlab.widgets._kit import charts as charts_module

pytestmark = pytest.mark.slow

SEARCHES = ("optimized", "thorough", "exact")


@pytest.fixture(scope="module")
def cache(mirror_dir, tmp_path_factory):
    """The notebooks read data and cache cross-validation where the environment says."""
    root = tmp_path_factory.mktemp("thesis_mode")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COSTLAB_MIRROR", str(mirror_dir))
        patch.setenv("COSTLAB_DATA_HOME", str(root / "data"))
        patch.setenv("COSTLAB_CACHE", str(root / "cv"))
        yield root


@pytest.fixture(scope="module")
def spectf(cache):
    """Notebook 04's experiment (its parameters cell: sklearn, optimized, 1e-5)."""
    return ExperimentView("spectf", progress=False)


@pytest.fixture(scope="module")
def study(cache):
    """Notebook 06's study on two of the four datasets (Figure 30's Messidor and SPECTF)."""
    return StudyView(("messidor", "spectf"), progress=False)


@pytest.fixture
def no_cross_validation(monkeypatch):
    """Make any cross-validation fail the test; returns the calls (none expected)."""
    calls = []

    def forbidden(*args, **kwargs):
        calls.append(args)
        raise AssertionError("the widget cross-validated")

    monkeypatch.setattr(costlab.evaluation.experiment, "run_experiments", forbidden)
    monkeypatch.setattr(costlab.evaluation.experiment, "cross_val_proba", forbidden)
    return calls


def _column(explorer, column="mtmcr"):
    rows = re.findall(r'data-classifier="([^"]+)">(.*?)</tr>', explorer.table.value)
    return {
        name: float(re.search(rf'class="{column}" data-value="([^"]+)"', cells).group(1))
        for name, cells in rows
    }


def test_thesis_mode_is_the_thesis_s_classifiers_grid_and_search(spectf, no_cross_validation):
    explorer = spectf.explorer()  # built on the notebook's run: nothing cross-validated
    assert isinstance(explorer, CostExplorer) and explorer.error_ is None
    assert explorer.state().classifiers == CLASSIFIERS
    assert [label for label, _ in explorer.classifiers.options] == [
        DISPLAY_NAMES[c] for c in CLASSIFIERS
    ]
    assert (explorer.grid_step.value, explorer.search.value, explorer.search_step.value) == (
        THESIS_MODE["grid_step"],
        THESIS_MODE["search"],
        THESIS_MODE["search_step"],
    )
    assert explorer.engine.disabled and explorer.k.disabled  # the run's, as given
    assert "SPECTF Heart" in explorer.header.value
    assert all(explorer.results_[c] is spectf.run.results[("spectf", c)] for c in CLASSIFIERS)
    assert spectf.explorer("left").cost_range.value == RANGES["left"]
    assert no_cross_validation == []


@pytest.mark.parametrize("search", SEARCHES)
def test_each_table_7_to_10_row_is_re_derived_for_its_range(spectf, search):
    explorer = spectf.explorer()
    explorer.search.value = search
    for name, (r1, r2) in RANGES.items():
        explorer.cost_range.value = (r1, r2)
        row = range_values(spectf.curves, spectf.aucs, name, searches=SEARCHES)
        expected = dict(zip(row["classifier"], row[f"{search}_mtmcr"], strict=True))
        assert _column(explorer) == pytest.approx(expected, rel=1e-12, abs=1e-12), name
        summary = explorer.selection_.summary.set_index("classifier")["mtmcr"].to_dict()
        assert summary == pytest.approx(expected, rel=1e-12, abs=1e-12)


def test_any_other_range_is_the_same_row_for_that_range(spectf):
    explorer = spectf.explorer(cost_range=(0.2, 0.35))
    curves = curves_for(spectf.curves, "spectf", spectf.search)
    expected = {c: mtmcr(curve_in_range(k, 0.2, 0.35)["mtmcs"], 2) for c, k in curves.items()}
    assert _column(explorer) == pytest.approx(expected, rel=1e-12)
    assert explorer.selection_.summary["n_ratios"].iloc[0] == 4


def test_no_control_of_the_thesis_mode_explorer_cross_validates(
    spectf, no_cross_validation, monkeypatch
):
    explorer = spectf.explorer()
    draws, curves = [], []
    draw, compute = charts_module.BrowserChart.draw, session_module.compute_curves

    def counting_draw(self, display, **kwargs):
        draws.append(type(display).__name__)
        return draw(self, display, **kwargs)

    def counting_curves(*args, **kwargs):
        curves.append(args)
        return compute(*args, **kwargs)

    monkeypatch.setattr(charts_module.BrowserChart, "draw", counting_draw)
    monkeypatch.setattr(session_module, "compute_curves", counting_curves)
    for r1, r2 in [(0.1, 0.4), (0.2, 0.5)]:  # a range move sums the held curves and redraws
        explorer.cost_range.value = (r1, r2)  # the MTMCS and cost-space charts only
    assert curves == [] and draws == ["MTMCSDisplay", "CostSpaceView"] * 2
    explorer.grid_step.value = 0.025  # new curves from the held results: still no CV
    explorer.search.value = "exact"
    explorer.search.value = "thorough"
    explorer.search_step.value = 1e-3
    explorer.classifiers.value = ("NaiveBayes", "IBk")
    explorer.k.value = 3  # disabled in thesis mode: the run's IBk is kept
    explorer.cost_range.value = (0.5, 0.5)
    assert explorer.error_ is None, explorer.message.value
    assert curves  # the spy on the curves is armed
    assert explorer.results_["IBk"] is spectf.run.results[("spectf", "IBk")]
    assert no_cross_validation == []


def _forbidden(*args, **kwargs):
    raise AssertionError("the widget cross-validated")


def test_thesis_range_names_the_tables_ranges():
    assert thesis_range("middle") == (0.5, 0.5) and thesis_range([0.1, 0.2]) == (0.1, 0.2)
    with pytest.raises(ValueError, match="cost_range must be one of"):
        thesis_range("centre")


# -- notebook 06: the CST explorer ---------------------------------------------------------------


def test_the_cst_explorer_starts_at_figure_30_as_the_study_computes_it(study):
    example = next(e for e in CST_EXAMPLES if e.figure == 30)
    widget = study.cst_explorer(decimals=None)  # the study's Table 12 does not round
    assert isinstance(widget, CstExplorer) and widget.error_ is None
    state = widget.state()
    assert (state.dataset, set(state.classifiers), (state.r1, state.r2)) == (
        "messidor",
        set(example.mtmcs),
        example.fp_range,
    )
    per_ratio, summary = cst_example_tables(study.curves, example, search=study.search)
    shown = widget.choice_.selection.summary.set_index("classifier")
    for row in summary.itertuples():
        for measure in ("mtmcr", "cost_sensitivity", "cst"):
            assert shown.loc[row.classifier, measure] == pytest.approx(getattr(row, measure))
    assert (
        widget.choice_.selection.classifier == summary.loc[summary["chosen"], "classifier"].item()
    )
    for classifier, rows in per_ratio.groupby("classifier"):
        assert widget.choice_.per_ratio.loc[classifier].tolist() == rows["mtmcs"].tolist()
    assert "Messidor Features" in widget.header.value and "Naïve Bayes" in widget.table.value


def test_the_cst_explorer_s_presets_and_range_follow_the_study(study, no_cross_validation):
    widget = study.cst_explorer()
    names = [value for _, value in widget.preset.options if value]
    assert [n.split(":")[0] for n in names] == [
        "Fig. 30",
        "Table 7",
        "Table 8",
        "Table 9",
        "Table 10",
    ]
    widget.dataset.value = "spectf"
    for name in names[1:]:
        widget.preset.value = name
        table = int(name.split(":")[0].split()[1])
        range_name = {7: "whole", 8: "left", 9: "right", 10: "middle"}[table]
        r1, r2 = RANGES[range_name]
        assert widget.state().classifiers == CLASSIFIERS and widget.state().dataset == "spectf"
        curves = curves_for(study.curves, "spectf", study.search)
        expected = range_summary(curves, r1, r2, decimals=2).set_index("classifier")
        shown = widget.choice_.selection.summary.set_index("classifier")
        assert shown["cst"].to_dict() == pytest.approx(expected["cst"].to_dict(), rel=1e-12)
        row = range_values(study.curves, study.aucs, range_name)
        row = row[row["dataset"] == "spectf"]
        assert shown["mtmcr"].to_dict() == pytest.approx(
            dict(zip(row["classifier"], row["optimized_mtmcr"], strict=True)), rel=1e-12
        )
    widget.cost_range.value = (0.25, 0.45)
    widget.classifiers.value = ("RandomForest", "NaiveBayes")
    assert widget.error_ is None and widget.range_label.value == "[0.25/0.75, 0.45/0.55]"
    assert no_cross_validation == []


def test_the_study_s_cst_explorer_needs_its_example_s_dataset(cache):
    study = StudyView(("spectf",), classifiers=("NaiveBayes", "IBk"), progress=False)
    with pytest.raises(ValueError, match="example must be 30, 31 or 32"):
        study.cst_explorer()
    widget = study.cst_explorer(example=None)
    assert widget.state().classifiers == ("NaiveBayes", "IBk") and widget.error_ is None


def test_the_thesis_presets_name_only_the_classifiers_a_run_holds():
    from costlab.studies.alsaffar2018.explorer import cst_presets

    every = cst_presets()
    assert any(name.endswith("all four") for name in every)
    some = cst_presets(classifiers=["NaiveBayes", "IBk"])
    for preset in some.values():
        assert set(preset["classifiers"]) <= {"NaiveBayes", "IBk"}
    # every worked example compares AdaBoostM1 with another: none without it
    assert [name for name in some if name.startswith("Fig.")] == []
    assert any(name.endswith("the classifiers run") for name in some)
