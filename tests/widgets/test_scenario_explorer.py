"""The scenario explorer on a user's own scores, driven headless by setting controls' ``.value``.

Every number it shows is checked against :mod:`costlab.metrics` computed here from the labels and
scores (:func:`h_measure`, :func:`classifier_risk`, :func:`instance_risk`,
:func:`scenario_curve`: each tested against quadrature, brute force and R's hmeasure in
tests/metrics). Spies prove that no callback fits, cross-validates or sorts scores, and that a
control redraws only the charts whose inputs it changed.

The charts are drawn in the browser (:class:`~costlab.widgets._kit.charts.BrowserChart`): a
redraw sends the numbers of the view's figure, no pixels.
"""

import re

import numpy as np
import pandas as pd
import pytest
from _explorer_kit import drawn

import costlab.evaluation.cv
import costlab.evaluation.experiment
import costlab.metrics.scenarios.scored as scored_module
from costlab.metrics import (
    BetaDensity,
    FunctionDensity,
    PointMass,
    ScoredHull,
    TruncatedExponential,
    classifier_risk,
    h_measure,
    instance_risk,
    scenario_curve,
)
from costlab.plotting import ScenarioCurveDisplay
from costlab.widgets import ScenarioExplorer, ScenarioState, scenario_explorer
from costlab.widgets._kit.charts import BrowserChart
from costlab.widgets._scenario.model import density_of, matching_preset, presets

POS = "sick"
ROUNDS = 6


def _labels(rng, n):
    y = rng.random(n) < 0.3
    y[:2] = [False, True]
    return y, np.where(y, POS, "well")


@pytest.fixture(scope="module")
def problem():
    """Two classifiers' scores on 300 rows; a booster's scores after 6 rounds on 200 others."""
    rng = np.random.default_rng(7)
    y, labels = _labels(rng, 300)
    scores = {
        "strong": np.round(rng.normal(size=300) + 1.6 * y, 2),  # ties
        "weak": rng.normal(size=300) + 0.5 * y,
    }
    y2, labels2 = _labels(rng, 200)
    staged = {
        "booster": [rng.normal(size=200) + 0.3 * k * y2 for k in range(1, ROUNDS + 1)],
        "short": [rng.normal(size=200) + y2 for _ in range(3)],  # stopped after 3 rounds
    }
    return {"y": labels, "scores": scores, "y2": labels2, "staged": staged}


def _explorer(problem, **options):
    return scenario_explorer(
        problem["y"],
        problem["scores"],
        staged_scores=problem["staged"],
        staged_y_true=problem["y2"],
        pos_label=POS,
        **options,
    )


@pytest.fixture
def explorer(problem):
    return _explorer(problem)


def _values(html, table, css):
    """Row key -> data-value of the cells of class ``css`` in a table's HTML."""
    rows = re.findall(r'<tr class="[^"]*" data-[a-z]+="([^"]+)">(.*?)</tr>', html)
    out = {}
    for key, cells in rows:
        match = re.search(rf'<td class="{css}" data-value="([^"]+)"', cells)
        if match:
            out[key] = float(match.group(1))
    assert f'class="costlab-scn {table}"' in html
    return out


def _check_outputs(explorer, problem, density):
    """Everything shown equals the metrics computed here under ``density``."""
    y, scores, state = problem["y"], problem["scores"], explorer.state_
    assert explorer.error_ is None
    assert explorer.density_ == density
    for name, s in scores.items():
        expected = h_measure(y, s, density=density, pos_label=POS)
        assert explorer.h_[name] == pytest.approx(expected, abs=1e-12)
        assert explorer.curves_[name].loss == pytest.approx(1 - expected, abs=1e-12)
        assert explorer.curves_[name].axis == state.axis
    shown = _values(explorer.h_table.value, "costlab-scenario-h", "h")
    assert shown == pytest.approx(explorer.h_, abs=1e-15)
    hand = _values(explorer.h_table.value, "costlab-scenario-h", "hand")
    for name, s in scores.items():
        assert hand[name] == pytest.approx(h_measure(y, s, pos_label=POS), abs=1e-12)
    s = scores[state.classifier]
    risks = classifier_risk(y, s, density=density, pos_label=POS)
    pd.testing.assert_frame_equal(explorer.risks_, risks)
    assert explorer.riskiest_ == int(np.argmax(risks["risk"]))
    ranked = instance_risk(y, s, density=density, pos_label=POS)
    top = ranked.sort_values("risk", ascending=False, kind="stable").head(state.top)
    pd.testing.assert_frame_equal(explorer.instances_, top)
    rows = _values(explorer.instances.value, "costlab-risky-instances", "risk")
    assert list(rows) == [str(i) for i in top.index]
    assert list(rows.values()) == pytest.approx(top["normalized_risk"].tolist(), abs=1e-15)
    vertex = re.search(r'class="costlab-riskiest" data-vertex="(\d+)"', explorer.riskiest.value)
    assert int(vertex.group(1)) == explorer.riskiest_


def test_the_first_view_is_hands_beta_2_2_and_equals_the_metrics(explorer, problem):
    assert isinstance(explorer, ScenarioExplorer)
    assert explorer.state_ == ScenarioState(classifier="strong", round=ROUNDS)
    _check_outputs(explorer, problem, BetaDensity(2, 2))
    assert explorer.preset.value == "Beta(2, 2)"
    for chart in ("density_chart", "curves_chart", "risk_chart", "iteration_chart"):
        assert drawn(getattr(explorer, chart))
    assert 'data-density="Beta(2, 2)"' in explorer.h_table.value
    assert "300 instances" in explorer.header.value


@pytest.mark.parametrize(
    ("moves", "density"),
    [
        ([("a", 3.0)], BetaDensity(3, 2)),
        ([("b", 0.5)], BetaDensity(2, 0.5)),
        ([("window", (0.2, 0.7))], BetaDensity(2, 2, 0.2, 0.7)),
        ([("a", 0.7), ("b", 4.0), ("window", (0.05, 0.4))], BetaDensity(0.7, 4, 0.05, 0.4)),
        ([("family", "exponential"), ("mean", 0.3)], TruncatedExponential.with_mean(0.3)),
        ([("family", "exponential")], TruncatedExponential(0.0)),
        ([("family", "point mass"), ("point", 0.25)], PointMass(0.25)),
        ([("point", 0.8), ("family", "point mass")], PointMass(0.8)),
    ],
    ids=lambda v: v.name if hasattr(v, "name") else None,
)
def test_each_density_control_redraws_everything_from_the_new_u(explorer, problem, moves, density):
    for control, value in moves:
        getattr(explorer, control).value = value
    _check_outputs(explorer, problem, density)
    assert explorer.preset.value == "custom"
    assert f'data-density="{density.name}"' in explorer.h_table.value


@pytest.mark.parametrize("family", ["exponential", "point mass"])
def test_every_family_draws_every_chart(explorer, family):
    explorer.family.value = family
    explorer.axis.value = "c"
    images = ("density_chart", "curves_chart", "risk_chart", "iteration_chart")
    assert all(drawn(getattr(explorer, c)) for c in images)
    view = explorer.curves_chart.display_
    assert view.ax_.get_xlabel().startswith("cost ratio")
    assert len(view.ax_.get_legend().get_texts()) == 3  # two classifiers and the riskiest


@pytest.mark.filterwarnings("error::RuntimeWarning")
@pytest.mark.parametrize(("a", "b"), [(0.5, 2.0), (2.0, 0.5), (0.5, 0.5)])
def test_a_beta_density_infinite_at_an_end_draws_without_warning_or_nan(problem, a, b):
    """Beta(a, b) with a or b below 1 is infinite at c = 0 or 1, where the envelope is 0: the
    scenario curves are their limit 0 there (not NaN, and no warning silenced), on both axes and
    in the rounds' chart."""
    explorer = _explorer(problem)
    explorer.a.value, explorer.b.value = a, b
    for axis in ("c", "pcf"):
        explorer.axis.value = axis
        _check_outputs(explorer, problem, BetaDensity(a, b))
        for curve in explorer.curves_.values():
            x, height = curve.curve()
            assert np.isfinite(height).all() and height[0] == height[-1] == 0.0
        assert "nan" not in (explorer.h_table.value + explorer.instances.value).lower()


def test_a_family_shows_only_its_parameters(explorer):
    def shown():
        names = ("a", "b", "window", "mean", "point")
        return {n for n in names if getattr(explorer, n).layout.display != "none"}

    assert shown() == {"a", "b", "window"}
    explorer.family.value = "exponential"
    assert shown() == {"mean"}
    explorer.family.value = "point mass"
    assert shown() == {"point"}


def test_presets_are_johnson_et_al_s_fig_1_densities(explorer, problem):
    y = problem["y"]
    pi1 = np.mean(y == POS)
    explorer.preset.value = "class ratio"
    assert explorer.state_.family == "beta"
    assert (explorer.a.value, explorer.b.value) == pytest.approx((2.0, 1 + (1 - pi1) / pi1))
    _check_outputs(explorer, problem, BetaDensity(2, 1 + (1 - pi1) / pi1))
    explorer.preset.value = "minority costlier"  # the positives are the minority: c <= 1/2
    assert explorer.window.value == (0.0, 0.5)
    _check_outputs(explorer, problem, BetaDensity(2, 2, 0.0, 0.5))
    explorer.preset.value = "inverse prior"
    assert explorer.state_.family == "exponential"
    assert explorer.density_.mean() == pytest.approx(pi1, abs=1e-9)
    assert explorer.h_["weak"] == pytest.approx(
        h_measure(y, problem["scores"]["weak"], density=explorer.density_, pos_label=POS)
    )
    explorer.mean.value = 0.6  # a hand-set value is no preset
    assert explorer.preset.value == "custom"
    explorer.family.value = "beta"
    explorer.window.value = (0.0, 1.0)
    explorer.a.value, explorer.b.value = 2.0, 2.0
    assert explorer.preset.value == "Beta(2, 2)"


def test_the_inverse_prior_preset_of_a_rare_class_is_on_the_mean_slider():
    """Issue 34 item 4: at pi1 = 0.005 the "inverse prior" preset's E[c] = pi1 lies below the
    slider's 0.02; the slider reaches it (it clamped it to another density)."""
    rng = np.random.default_rng(3)
    y = np.zeros(1000, dtype=bool)
    y[rng.choice(1000, 5, replace=False)] = True
    explorer = scenario_explorer(y, {"m": rng.normal(size=1000) + 2 * y})
    explorer.preset.value = "inverse prior"
    assert explorer.mean.value == pytest.approx(0.005, abs=1e-12)
    assert explorer.mean.min <= explorer.mean.value
    assert explorer.preset.value == "inverse prior"  # the density shown is the preset
    assert explorer.density_.mean() == pytest.approx(0.005, abs=1e-9)
    assert explorer.mean.max == 0.98


def test_matching_preset_and_density_of_are_pure():
    named = presets(0.2)
    assert matching_preset(ScenarioState(), named) == "Beta(2, 2)"
    assert matching_preset(ScenarioState(a=2.0, b=5.0), named) == "class ratio"  # 1 + 0.8/0.2
    assert matching_preset(ScenarioState(low=0.3, high=0.3), named) == "custom"  # invalid
    with pytest.raises(ValueError, match="family must be one of"):
        density_of(ScenarioState(family="gamma"))


def test_the_classifier_control_shows_that_classifier_s_risks(explorer, problem):
    explorer.a.value = 1.5
    explorer.classifier.value = "weak"
    assert explorer.state_.classifier == "weak"
    _check_outputs(explorer, problem, BetaDensity(1.5, 2))
    assert 'data-classifier="weak"' in explorer.instances.value
    assert re.search(
        r'<tr class="classifier chosen" data-classifier="weak">', explorer.h_table.value
    )


def test_the_top_slider_lists_that_many_of_the_riskiest(explorer, problem):
    explorer.top.value = 3
    _check_outputs(explorer, problem, BetaDensity(2, 2))
    assert len(explorer.instances_) == 3
    assert 'data-top="3"' in explorer.instances.value


def test_the_axis_toggle_draws_the_curves_over_c(explorer, problem):
    explorer.axis.value = "c"
    _check_outputs(explorer, problem, BetaDensity(2, 2))
    for _, curves in explorer.iterations_.values():
        assert {curve.axis for curve in curves} == {"c"}
    x = np.linspace(0, 1, 31)
    direct = scenario_curve(problem["y"], problem["scores"]["strong"], axis="c", pos_label=POS)
    np.testing.assert_allclose(explorer.curves_["strong"](x), direct(x), atol=1e-12)


def test_the_round_slider_selects_precomputed_rounds(explorer, problem):
    y2, staged = problem["y2"], problem["staged"]
    explorer.a.value = 3.0
    u = BetaDensity(3, 2)
    for k in (1, 4, ROUNDS):
        explorer.round.value = k
        rounds, curves = explorer.iterations_["booster"]
        assert rounds == ScenarioCurveDisplay.default_iterations(k)
        for j, curve in zip(rounds, curves, strict=True):
            direct = scenario_curve(y2, staged["booster"][j - 1], density=u, pos_label=POS)
            assert curve.loss == pytest.approx(direct.loss, abs=1e-12)
        short_rounds, _ = explorer.iterations_["short"]
        assert short_rounds[-1] == min(k, 3)  # an ensemble that stopped early shows its last
        assert f'data-round="{k}"' in explorer.rounds_table.value
        shown = _values(explorer.rounds_table.value, "costlab-rounds", "loss")
        assert shown["booster"] == pytest.approx(explorer.losses_["booster"][k - 1])
    for name, rounds in staged.items():
        expected = [1 - h_measure(y2, s, density=u, pos_label=POS) for s in rounds]
        np.testing.assert_allclose(explorer.losses_[name], expected, atol=1e-12)


def test_an_impossible_density_shows_an_error_then_recovers(explorer, problem):
    explorer.window.value = (0.4, 0.4)
    assert isinstance(explorer.error_, ValueError)
    assert "low and high must satisfy" in explorer.message.value
    assert explorer.h_table.value == ""
    assert explorer.curves_chart.widget.layout.display == "none"  # no broken image
    explorer.window.value = (0.4, 0.6)
    _check_outputs(explorer, problem, BetaDensity(2, 2, 0.4, 0.6))
    assert explorer.message.value == ""
    assert explorer.curves_chart.widget.layout.display is None


def test_one_classifier_without_rounds(problem):
    one = ScenarioExplorer(problem["y"], problem["scores"]["weak"], pos_label=POS, density=0.3)
    assert list(one.h_) == ["classifier"]
    assert one.state_.family == "point mass" and one.point.value == 0.3
    assert one.h_["classifier"] == pytest.approx(
        h_measure(problem["y"], problem["scores"]["weak"], density=0.3, pos_label=POS)
    )
    assert not hasattr(one, "round") and one.iterations_ == {}
    assert not drawn(one.iteration_chart)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"classifier": "nope"}, "classifier must be one of"),
        ({"iteration": ROUNDS + 1}, r"iteration must be an int in \[1, 6\], got 7"),
        ({"iteration": 2.5}, r"iteration must be an int in \[1, 6\], got 2.5"),  # was round 2
        ({"top": 0}, r"top must be an int in \[1, 50\]"),
        ({"top": "10"}, r"top must be an int in \[1, 50\], got '10'"),  # was read as 10
        ({"density": FunctionDensity(lambda c: c)}, "density must be a Beta density"),
        ({"staged_scores": [[0.1, 0.2]]}, "staged_scores must be a mapping"),
        ({"staged_scores": {"b": []}}, "must be a non-empty sequence"),
    ],
)
def test_bad_arguments_are_named(problem, options, message):
    given = {"staged_scores": problem["staged"], "staged_y_true": problem["y2"], **options}
    with pytest.raises((ValueError, TypeError), match=message):
        ScenarioExplorer(problem["y"], problem["scores"], pos_label=POS, **given)


# -- spies: no refit, no cross-validation, no sort; cheap redraws ---------------------------------

#: A new value for every control, in an order that leaves each move a change.
MOVES = [
    ("a", 3.0),
    ("b", 1.5),
    ("window", (0.1, 0.8)),
    ("preset", "class ratio"),
    ("family", "exponential"),
    ("mean", 0.25),
    ("family", "point mass"),
    ("point", 0.6),
    ("axis", "c"),
    ("classifier", "weak"),
    ("top", 4),
    ("round", 2),
    ("family", "beta"),
]


def _refuse(what):
    def refuse(*args, **kwargs):
        raise AssertionError(f"a callback called {what}")

    return refuse


def test_no_callback_fits_cross_validates_or_sorts_scores(explorer, monkeypatch):
    # sorting and hulls: only prepare_scenarios, when the explorer is built
    monkeypatch.setattr(scored_module, "checked_counts", _refuse("a sort of the scores"))
    monkeypatch.setattr(scored_module, "hull_from_counts", _refuse("a new ROC hull"))
    for name in ("from_predictions", "from_iterations", "from_staged_estimator"):
        monkeypatch.setattr(ScenarioCurveDisplay, name, _refuse(f"ScenarioCurveDisplay.{name}"))
    for module in (costlab.evaluation.cv, costlab.evaluation.experiment):
        monkeypatch.setattr(module, "cross_val_proba", _refuse("cross-validation"))
    monkeypatch.setattr(costlab.evaluation.experiment, "run_experiments", _refuse("experiments"))
    for control, value in MOVES:
        getattr(explorer, control).value = value
        assert explorer.error_ is None, (control, explorer.error_)
    assert explorer.state_.classifier == "weak" and explorer.state_.round == 2


@pytest.fixture
def spies(monkeypatch):
    """Count what each chart sends to the browser, and each ScoredHull reading."""
    counts = {"charts": [], "readings": 0}
    show = BrowserChart.show

    def counting_show(self):
        counts["charts"].append(self.widget._dom_classes[0])
        return show(self)

    monkeypatch.setattr(BrowserChart, "show", counting_show)
    for name in ("scenario_curve", "h_measure", "classifier_risk", "instance_risk"):
        method = getattr(ScoredHull, name)

        def counting(self, *args, _method=method, **kwargs):
            counts["readings"] += 1
            return _method(self, *args, **kwargs)

        monkeypatch.setattr(ScoredHull, name, counting)
    return counts


DENSITY = {"costlab-density-chart", "costlab-scenario-chart", "costlab-risk-chart"}
ITERATION = {"costlab-iteration-chart"}


@pytest.mark.parametrize(
    ("control", "value", "redrawn"),
    [
        ("a", 3.0, DENSITY | ITERATION),
        ("preset", "minority costlier", DENSITY | ITERATION),
        ("classifier", "weak", {"costlab-scenario-chart", "costlab-risk-chart"}),
        ("axis", "c", {"costlab-scenario-chart"} | ITERATION),
        ("round", 3, ITERATION),
        ("top", 25, set()),
    ],
)
def test_a_control_redraws_only_the_charts_it_changes(explorer, spies, control, value, redrawn):
    getattr(explorer, control).value = value
    assert explorer.error_ is None
    assert sorted(spies["charts"]) == sorted(redrawn)  # each at most once


def test_the_work_of_a_move_is_bounded_by_the_hulls_and_memoised(explorer, spies):
    """A density move reads each classifier's hull (curve, H by the curve, two risk tables) and
    each round's (its H; the <= 8 curves drawn): no more. Moving back re-reads nothing."""
    explorer.a.value = 3.0
    n_rounds = ROUNDS + 3
    drawn = len(ScenarioCurveDisplay.default_iterations(ROUNDS)) + 3
    assert spies["readings"] == 2 + 2 + n_rounds + drawn
    spies["readings"] = 0
    explorer.top.value = 5
    explorer.round.value = 2  # only the curves of rounds 1-2 of both ensembles
    assert spies["readings"] == 4
    spies["readings"] = 0
    explorer.round.value = ROUNDS  # Beta(3, 2), round 6: read by the first move
    explorer.a.value = 2.0  # Beta(2, 2), round 6: read when the explorer was built
    explorer.top.value = 10
    assert spies["readings"] == 0
