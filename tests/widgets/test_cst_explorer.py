"""The CST explorer on anyone's results, driven headless by setting its controls' ``.value``.

Its numbers are checked against the thesis's worked examples (Al-Saffar 2018, Tables 11-16:
printed per-ratio MTMCS, MTMCR, cost sensitivity, CST and choice) and against
:func:`costlab.metrics.mtmcs_curve` and plain sums computed here; spies prove that no callback
computes a curve or cross-validates, and that each control change costs one selection and two
chart drawings.
"""

import re

import numpy as np
import pandas as pd
import pytest
from _explorer_kit import drawn

import costlab.evaluation.experiment
from costlab.metrics import cost_ratio_grid, mtmcs_curve, select_classifier
from costlab.widgets import CstExplorer, CstState, cst_explorer, range_choice
from costlab.widgets._cst import controller as cst_module
from costlab.widgets._cst import model as model_module
from costlab.widgets._cst.view import drawn_class
from costlab.widgets._kit import charts as charts_module

#: Al-Saffar (2018), Tables 15-16 (sec. 5.7.3, German Credit, [0.35/0.65, 0.55/0.45]): the
#: printed per-ratio MTMCS, and the CST of each classifier; IBk has the larger MTMCR (163 vs
#: 159) but the smaller CST, "a deceiving MTMCR".
TABLE_15 = {"IBk": [30, 32, 34, 32, 35], "AdaBoostM1": [27, 29, 31, 32, 40]}
TABLE_16_CST = {"IBk": 171.15, "AdaBoostM1": 179.67}
#: Tables 11-12 (sec. 5.7.1, Messidor, [0.40/0.60, 0.60/0.40]).
TABLE_11 = {"AdaBoostM1": [40, 40, 36, 34, 32], "NaiveBayes": [37, 36, 36, 37, 32]}
TABLE_12_CST = {"AdaBoostM1": 196.56, "NaiveBayes": 186.90}


def _curves(printed, start):
    """MTMCS curves holding the printed values from FPcost ``start`` in steps of 0.05."""
    out = {}
    for name, values in printed.items():
        fp = np.round(start + 0.05 * np.arange(len(values)), 10)
        out[name] = pd.DataFrame({"fp_cost": fp, "fn_cost": 1 - fp, "mtmcs": values})
    return out


def _scores(seed=0, n=240):
    """Labels and three classifiers' positive-class scores: good, poor, and one that is good
    only where false negatives are dear (its curves cross the good one's)."""
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    good = np.clip(0.5 + 0.3 * (2 * y - 1) + rng.normal(0, 0.25, n), 0, 1)
    poor = np.clip(0.5 + 0.08 * (2 * y - 1) + rng.normal(0, 0.3, n), 0, 1)
    skew = np.where(y == 1, rng.uniform(0.55, 1.0, n), rng.uniform(0.0, 0.9, n))
    return y, {"good": good, "poor": poor, "skew": skew}


def _expected_curves(y, scores, step=0.05):
    grid = cost_ratio_grid(0.05, 0.95, step)
    return {n: mtmcs_curve(y, s, fp_costs=grid, search="optimized") for n, s in scores.items()}


def _table(widget, column):
    rows = re.findall(
        r'<tr class="classifier[^"]*" data-classifier="([^"]+)">(.*?)</tr>', widget.table.value
    )
    return {
        name: float(re.search(rf'class="{column}" data-value="([^"]+)"', cells).group(1))
        for name, cells in rows
    }


def _per_ratio(widget):
    rows = re.findall(r'<tr data-classifier="([^"]+)">(.*?)</tr>', widget.per_ratio.value)
    return {
        name: [float(v) for v in re.findall(r'data-value="([^"]+)"', cells)] for name, cells in rows
    }


# -- the pure function, against the thesis's worked examples ---------------------------------


def test_range_choice_reproduces_table_16_deceiving_mtmcr():
    choice = range_choice(_curves(TABLE_15, 0.35), 0.35, 0.55)
    summary = choice.selection.summary.set_index("classifier")
    for name, printed in TABLE_16_CST.items():
        assert summary.loc[name, "cst"] == pytest.approx(printed, abs=0.005)
    assert summary.loc["IBk", "mtmcr"] == 163 and summary.loc["AdaBoostM1", "mtmcr"] == 159
    assert (choice.selection.kind, choice.selection.classifier) == ("optimal", "IBk")
    assert choice.lowest_mtmcr == "AdaBoostM1"  # what the MTMCR alone would pick
    assert list(choice.per_ratio.columns) == pytest.approx([0.35, 0.4, 0.45, 0.5, 0.55])
    assert choice.per_ratio.loc["IBk"].tolist() == TABLE_15["IBk"]


def test_range_choice_reproduces_table_12_and_moves_with_the_range():
    curves = _curves(TABLE_11, 0.40)
    choice = range_choice(curves, 0.40, 0.60)
    summary = choice.selection.summary.set_index("classifier")
    for name, printed in TABLE_12_CST.items():
        assert summary.loc[name, "cst"] == pytest.approx(printed, abs=0.005)
    assert (choice.selection.kind, choice.selection.classifier) == ("optimal", "NaiveBayes")
    # over [0.55/0.45, 0.60/0.40] Adaboost is lowest at both ratios (34 < 37, 32 = 32): robust
    narrow = range_choice(curves, 0.55, 0.60)
    assert (narrow.selection.kind, narrow.selection.classifier) == ("robust", "AdaBoostM1")
    assert narrow.per_ratio.shape == (2, 2)


# -- the widget on synthetic scores --------------------------------------------------------------


def test_the_widget_on_own_scores_follows_its_range_slider():
    y, scores = _scores()
    widget = cst_explorer({n: (y, s) for n, s in scores.items()}, cost_range=(0.33, 0.61))
    assert isinstance(widget, CstExplorer) and widget.error_ is None
    assert widget.state() == CstState("data", ("good", "poor", "skew"), 0.35, 0.6)
    assert widget.range_label.value == "[0.35/0.65, 0.60/0.40]"
    assert widget.cost_range.continuous_update is True  # follows a drag
    expected = _expected_curves(y, scores)
    for r1, r2 in [(0.35, 0.6), (0.05, 0.3), (0.5, 0.5), (0.05, 0.95), (0.7, 0.9)]:
        widget.cost_range.value = (r1, r2)
        inside = {
            n: np.round(c.loc[(c.fp_cost >= r1 - 1e-9) & (c.fp_cost <= r2 + 1e-9), "mtmcs"], 2)
            for n, c in expected.items()
        }
        for name, values in inside.items():  # plain sums, not the package's
            mtmcr, spread = values.sum(), values.max() - values.min()
            assert _table(widget, "mtmcr")[name] == pytest.approx(mtmcr, abs=1e-9)
            assert _table(widget, "cst")[name] == pytest.approx(mtmcr * (1 + spread / 100))
            assert _per_ratio(widget)[name] == pytest.approx(values.tolist(), abs=1e-12)
        chosen = select_classifier(expected, r1, r2, decimals=2)
        assert (widget.choice_.selection.kind, widget.choice_.selection.classifier) == (
            chosen.kind,
            chosen.classifier,
        )
        assert f'data-kind="{chosen.kind}" data-classifier="{chosen.classifier}"' in (
            widget.table.value
        )
        assert widget.mtmcs_chart.display_.highlight == (r1, r2)
    assert widget.choice_.per_ratio.shape == (3, 5)  # the last range, 0.70 ... 0.90


def test_the_choice_switches_between_robust_and_optimal():
    """Two crossing curves: robust on either side of the crossing, optimal across it."""
    curves = _curves({"a": [10, 12, 14, 16, 18, 20], "b": [15, 15, 15, 15, 15, 15]}, 0.05)
    widget = cst_explorer(curves, cost_range=(0.05, 0.15))
    kinds = {}
    for r1, r2 in [(0.05, 0.15), (0.2, 0.3), (0.05, 0.3)]:
        widget.cost_range.value = (r1, r2)
        kinds[(r1, r2)] = (widget.choice_.selection.kind, widget.choice_.selection.classifier)
    assert kinds == {
        (0.05, 0.15): ("robust", "a"),
        (0.2, 0.3): ("robust", "b"),
        (0.05, 0.3): ("optimal", "b"),  # equal MTMCR (90), a's sensitivity 10: CST 99 vs 90
    }
    assert 'data-classifier="a" data-agrees="false"' in widget.table.value  # MTMCR: a tie
    bold = re.findall(r'<tr data-classifier="(\w)">(.*?)</tr>', widget.per_ratio.value)
    assert {n: cells.count('class="lowest"') for n, cells in bold} == {"a": 3, "b": 3}


def test_datasets_presets_and_classifiers():
    coarse = _curves({"x": [5, 9, 7], "y": [6, 6, 6]}, 0.4)  # 0.40, 0.45, 0.50
    grid = np.round(np.arange(0.1, 0.91, 0.1), 10)  # another grid: 0.1 apart
    fine = {
        "x": pd.DataFrame({"fp_cost": grid, "mtmcs": np.linspace(10, 30, grid.size)}),
        "z": pd.DataFrame({"fp_cost": grid, "mtmcs": np.full(grid.size, 20.0)}),
    }
    presets = {"z only, middle": {"dataset": "B", "classifiers": ("z",), "cost_range": (0.5, 0.5)}}
    widget = cst_explorer(
        {"A": coarse, "B": fine}, presets=presets, titles={"A": "Set A"}, labels={"x": "Ex"}
    )
    assert widget.state() == CstState("A", ("x", "y"), 0.4, 0.5)
    assert [label for label, _ in widget.classifiers.options] == ["Ex", "y"]
    assert "Set A" in widget.header.value and "Ex" in widget.table.value
    widget.dataset.value = "B"  # x is kept; the range moves onto B's grid
    assert widget.state() == CstState("B", ("x",), 0.4, 0.5)
    assert [v for _, v in widget.cost_range.options] == pytest.approx(list(grid))
    assert widget.choice_.per_ratio.shape == (1, 2)
    widget.classifiers.value = ("z", "x")
    assert widget.state().classifiers == ("x", "z")  # in the dataset's order
    widget.dataset.value = "A"
    widget.preset.value = "z only, middle"
    assert widget.state() == CstState("B", ("z",), 0.5, 0.5)
    assert widget.range_label.value == "0.50/0.50"
    assert _table(widget, "mtmcr") == {"z": 20.0}
    assert widget.preset.value == "z only, middle"  # the menu names what is shown ...
    widget.cost_range.value = (0.4, 0.6)
    assert widget.preset.value == "" and widget.state().r1 == 0.4  # ... until a control moves
    with pytest.raises(ValueError, match=r"presets\['bad'\] must map 'dataset'"):
        cst_explorer({"A": coarse}, presets={"bad": {"dataset": "C"}})


def test_no_classifier_and_bad_input_say_what_is_wrong():
    widget = cst_explorer(_curves(TABLE_11, 0.40))
    widget.classifiers.value = ()
    assert "Select at least one classifier" in widget.message.value
    assert widget.choice_ is None and isinstance(widget.error_, ValueError)
    assert widget.table.value == "" and not drawn(widget.mtmcs_chart)
    widget.classifiers.value = ("NaiveBayes",)
    assert widget.error_ is None and widget.message.value == ""
    assert list(_table(widget, "cst")) == ["NaiveBayes"]

    shifted = _curves({"a": [1, 2, 3]}, 0.05) | _curves({"b": [1, 2, 3]}, 0.1)
    with pytest.raises(ValueError, match="'a' and 'b' have different fp_cost grids"):
        cst_explorer(shifted)
    with pytest.raises(ValueError, match=r"lacks the columns \['mtmcs'\]"):
        cst_explorer({"a": pd.DataFrame({"fp_cost": [0.5]})})
    with pytest.raises(ValueError, match="dataset must be one of"):
        cst_explorer(_curves(TABLE_11, 0.40), dataset="nope")
    with pytest.raises(ValueError, match=r"classifiers \['nope'\] have no curve"):
        cst_explorer(_curves(TABLE_11, 0.40), classifiers=("nope",))
    with pytest.raises(TypeError, match="results must be"):
        cst_explorer(42)


def test_the_charts_show_the_selection_summary():
    widget = cst_explorer(_curves(TABLE_15, 0.35))
    bars = widget.bars_chart.display_
    summary = widget.choice_.selection.summary
    for measure in ("mtmcr", "cst"):
        heights = [patch.get_height() for patch in bars.bars_[measure]]
        assert heights == pytest.approx(summary[measure].tolist())
    assert bars.chosen_ == "IBk" == widget.choice_.selection.classifier
    mtmcs = widget.mtmcs_chart.display_
    assert mtmcs.annotations_  # five ratios: the values are written, as in Figure 32
    assert drawn(widget.bars_chart)
    assert drawn_class(0.35, 0.55) in widget.mtmcs_chart.widget._dom_classes
    widget.cost_range.value = (0.4, 0.5)  # the mark follows the range (a browser-test hook)
    marks = [c for c in widget.bars_chart.widget._dom_classes if c.startswith("costlab-drawn")]
    assert marks == [drawn_class(0.4, 0.5)]
    assert widget.mtmcs_chart.display_.highlight == (0.4, 0.5)


# -- no computation in a callback ----------------------------------------------------------------


def test_callbacks_only_read_the_held_curves(monkeypatch):
    """Every control moved: no curve computed, nothing cross-validated; each change is one
    selection over the held curves and two chart drawings (the cheap path)."""
    y, scores = _scores(1)
    first = {n: (y, s) for n, s in scores.items()}
    second = {n: (y[::-1], s) for n, s in scores.items() if n != "poor"}
    run = costlab.evaluation.experiment.as_run(first)
    for name, result in costlab.evaluation.experiment.as_run(second).results.items():
        run.results[("other", name[1])] = result
    presets = {"other": {"dataset": "other", "cost_range": (0.1, 0.2)}}
    widget = cst_explorer(run, presets=presets)
    held = {d: dict(c) for d, c in widget.curves_.items()}

    def forbidden(*args, **kwargs):
        raise AssertionError("a callback computed curves or cross-validated")

    for module, name in [
        (model_module, "compute_curves"),
        (costlab.evaluation.experiment, "mtmcs_curves"),
        (costlab.evaluation.experiment, "run_experiments"),
        (costlab.evaluation.experiment, "cross_val_proba"),
        (costlab.evaluation.CVResult, "mtmcs_curve"),
    ]:
        monkeypatch.setattr(module, name, forbidden)
    selections, draws = [], []
    original_choice, original_draw = cst_module.range_choice, charts_module.BrowserChart.draw

    def counting_choice(curves, *args, **kwargs):
        selections.append(curves)
        return original_choice(curves, *args, **kwargs)

    def counting_draw(self, display, **kwargs):
        draws.append(type(display).__name__)
        return original_draw(self, display, **kwargs)

    monkeypatch.setattr(cst_module, "range_choice", counting_choice)
    monkeypatch.setattr(charts_module.BrowserChart, "draw", counting_draw)
    moves = [
        lambda: setattr(widget.cost_range, "value", (0.2, 0.7)),
        lambda: setattr(widget.classifiers, "value", ("good", "skew")),
        lambda: setattr(widget.dataset, "value", "other"),
        lambda: setattr(widget.dataset, "value", "data"),
        lambda: setattr(widget.preset, "value", "other"),
    ]
    for k, move in enumerate(moves, start=1):
        move()
        assert widget.error_ is None, widget.message.value
        assert len(selections) == k  # one selection per change, also for a preset
        assert draws == ["MTMCSDisplay", "CstBarsView"] * k
    for curves in selections:  # the held curves themselves, not copies or recomputations
        assert any(all(curves[n] is c.get(n) for n in curves) for c in held.values())
    assert widget.state() == CstState("other", ("good", "skew"), 0.1, 0.2)
    with pytest.raises(AssertionError, match="computed curves"):  # the spy is armed: building
        cst_explorer(first)  # from results computes curves, once, outside any callback


def test_a_preset_naming_an_unknown_classifier_is_refused():
    # it was silently ignored: the preset showed the dataset's other classifiers (or all)
    coarse = _curves({"x": [5, 9, 7], "y": [6, 6, 6]}, 0.4)
    presets = {"typo": {"dataset": "A", "classifiers": ("x", "NaiveBayse")}}
    with pytest.raises(
        ValueError,
        match=r"^presets\['typo'\] names classifiers \['NaiveBayse'\] that have no curve on "
        r"'A'; known classifiers: \['x', 'y'\]",
    ):
        cst_explorer({"A": coarse}, presets=presets)
    # without a dataset, a preset applies to the dataset shown: each classifier it names must
    # be held on some dataset (a typo beside valid names was dropped silently)
    with pytest.raises(
        ValueError, match=r"presets\['typo'\] names classifiers \['z'\] .* on any dataset"
    ):
        cst_explorer({"A": coarse}, presets={"typo": {"classifiers": ["y", "z"]}})
    fine = _curves({"y": [6, 6, 6], "z": [4, 8, 6]}, 0.4)
    widget = cst_explorer({"A": coarse, "B": fine}, presets={"some": {"classifiers": ["y", "z"]}})
    widget.preset.value = "some"
    assert widget.state().classifiers == ("y",)  # the shown dataset A holds y, not z
