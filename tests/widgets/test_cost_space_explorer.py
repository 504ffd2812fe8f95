"""The cost-space explorer (Drummond & Holte 2000), driven headless by setting its controls.

Built from synthetic scores and ROC points (a user's own results). Every number it shows is
checked against values computed here independently: NE[C] at PCF(+) as the minimum of the cost
lines of all ROC points (scikit-learn's ``roc_curve``, eq. 8 written out), PCF(+) from its parts
by hand (eq. 6), and the total expected cost by quadrature (eq. 11). Spies prove that moving any
control never fits anything or rebuilds an envelope, and redraws only the chart it concerns.
"""

import re
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from scipy import integrate, stats
from sklearn.metrics import roc_curve

import costlab.evaluation.cv
import costlab.evaluation.experiment
from costlab.metrics import cost_envelope, roc_convex_hull
from costlab.widgets import (
    CostSpaceExplorer,
    CostSpaceState,
    cost_space_explorer,
)
from costlab.widgets._cost_space import model
from costlab.widgets._cost_space.model import (
    cost_space_view,
)
from costlab.widgets._kit.charts import BrowserChart

N = 300


@pytest.fixture(scope="module")
def data():
    """Labels, two classifiers' scores (one good, one poor) and hard classifiers' ROC points."""
    rng = np.random.default_rng(11)
    y = np.repeat([0, 1], N // 2)
    good = y * 1.6 + rng.normal(0, 1, N)
    poor = y * 0.7 + rng.normal(0, 1, N)
    points = pd.DataFrame({"fpr": [0.05, 0.3, 0.6], "tpr": [0.35, 0.75, 0.93]})
    return SimpleNamespace(y=y, good=good, poor=poor, points=points)


def results_of(data):
    return {"good": (data.y, data.good), "poor": (data.y, data.poor), "trees": data.points}


@pytest.fixture
def explorer(data):
    return cost_space_explorer(results_of(data), labels={"good": "Good model"}, title="synthetic")


def ne_at(fpr, tpr, pcf):
    """Lowest NE[C] at PCF(+) over the ROC points and the trivial classifiers (eq. 8 by hand)."""
    fpr, tpr = np.r_[0.0, fpr, 1.0], np.r_[0.0, tpr, 1.0]
    return float(np.min((1 - tpr - fpr) * pcf + fpr))


def independent_ne(data, pcf):
    """Each classifier's NE[C] at PCF(+), without the library's hull or envelope."""
    out = {}
    for name, scores in (("good", data.good), ("poor", data.poor)):
        fpr, tpr, _ = roc_curve(data.y, scores)
        out[name] = ne_at(fpr, tpr, pcf)
    out["trees"] = ne_at(data.points.fpr, data.points.tpr, pcf)
    return out


def shown(explorer, table="costlab-operating", column="ne"):
    """Classifier -> unrounded value of one column of a table, as the HTML shows it."""
    html = explorer.table.value if table == "costlab-operating" else explorer.tec_table.value
    rows = re.findall(r'<tr class="classifier[^"]*" data-classifier="([^"]+)">(.*?)</tr>', html)
    return {
        name: float(re.search(rf'class="{column}" data-value="([^"]+)"', cells).group(1))
        for name, cells in rows
    }


def test_the_view_at_pcf_is_the_lowest_cost_line(explorer, data):
    assert explorer.error_ is None, explorer.message.value
    for pcf in (0.5, 0.23, 0.81):
        explorer.pcf.value = pcf
        view, expected = explorer.view_, independent_ne(data, pcf)
        assert view.pcf == pcf
        assert shown(explorer) == pytest.approx(expected, abs=1e-12)
        best = min(expected, key=expected.get)
        assert view.winner.classifiers == (best,) and view.winner.trivial is None
        assert view.winner.ne_cost == pytest.approx(expected[best], abs=1e-12)
        assert view.winner.pcf_from <= pcf <= view.winner.pcf_to
        assert f'data-classifier="{best}"' in re.search(
            r'<p class="costlab-winner"[^>]*>', explorer.table.value
        ).group(0)
        assert view.slope == pytest.approx((1 - pcf) / pcf, rel=1e-12)
        assert f"{pcf:.3f}" in explorer.readout.value
    assert "Good model" in explorer.table.value and "synthetic" in explorer.header.value


def test_the_optimal_vertex_is_where_the_iso_cost_line_touches_the_hull(explorer, data):
    explorer.pcf.value = 0.4
    row = explorer.view_.operating.set_index("classifier").loc["good"]
    fpr, tpr, thresholds = roc_curve(data.y, data.good, drop_intermediate=False)
    cost = (1 - tpr - fpr) * 0.4 + fpr
    i = int(np.argmin(cost))
    assert (row.fpr, row.tpr) == pytest.approx((fpr[i], tpr[i]), abs=1e-12)
    assert row.threshold == pytest.approx(thresholds[i])
    # the same vertex is ringed in ROC space, its iso-cost line has slope (1 - PCF(+)) / PCF(+)
    duality = explorer.duality_chart.display_.display_
    x, y = duality.roc_.iso_lines_["good"].get_data()
    assert (y[1] - y[0]) / (x[1] - x[0]) == pytest.approx(1.5, rel=1e-9)
    assert duality.roc_.optimal_points_["good"].get_data()[0][0] == pytest.approx(row.fpr)
    # and the marker on its envelope in cost space is (PCF(+), NE[C])
    px, py = duality.cost_.pcf_points_["good"].get_data()
    assert (px[0], py[0]) == pytest.approx((0.4, row.ne_cost), abs=1e-12)


def test_pcf_from_its_parts(explorer, data):
    explorer.mode.value = "parts"
    explorer.p_pos.value, explorer.fn_cost.value, explorer.fp_cost.value = 0.2, 4.0, 1.0
    view = explorer.view_
    assert view.pcf == pytest.approx(0.2 * 4 / (0.2 * 4 + 0.8 * 1), abs=1e-12)  # = 0.5
    assert explorer.pcf.value == pytest.approx(view.pcf) and explorer.pcf.disabled
    assert not any(getattr(explorer, n).disabled for n in ("p_pos", "fn_cost", "fp_cost"))
    expected = independent_ne(data, 0.5)
    worst = 0.2 * 4 + 0.8 * 1  # E[C] of the classifier that is always wrong (eq. 4)
    for name, value in shown(explorer, column="cost").items():
        assert value == pytest.approx(expected[name] * worst, abs=1e-12)
    assert 'data-mode="parts"' in explorer.readout.value
    top = explorer.duality_chart.display_.display_.cost_.secondary_axes_
    assert len(top) == 1 and "C(-|+) = 4" in top[0].get_xlabel()  # the p(+) axis at these costs
    explorer.mode.value = "pcf"  # the PCF(+) slider takes over where the parts left it
    assert not explorer.pcf.disabled and explorer.fn_cost.disabled
    assert explorer.view_.pcf == pytest.approx(0.5) and "costlab-" in explorer.table.value
    assert 'data-mode="pcf"' in explorer.readout.value


def test_total_expected_cost_follows_the_density(explorer, data):
    assert explorer.a.disabled and explorer.b.disabled  # uniform: no shapes
    uniform = shown(explorer, "costlab-tec", "tec")
    for name, env in explorer.data_.envelopes.items():
        expected, _ = integrate.quad(env, 0, 1, points=env.breakpoints[1:-1])
        assert uniform[name] == pytest.approx(expected, abs=1e-10)
    explorer.density.value = "beta"
    assert not explorer.a.disabled
    explorer.a.value, explorer.b.value = 3.0, 2.0
    explorer.window.value = (0.2, 0.8)
    z = stats.beta.cdf(0.8, 3, 2) - stats.beta.cdf(0.2, 3, 2)
    got = shown(explorer, "costlab-tec", "tec")
    for name, env in explorer.data_.envelopes.items():
        knots = env.breakpoints[(env.breakpoints > 0.2) & (env.breakpoints < 0.8)]
        expected, _ = integrate.quad(
            lambda t, env=env: float(env(t)) * stats.beta.pdf(t, 3, 2) / z,
            0.2,
            0.8,
            points=knots,
            epsabs=1e-13,
        )
        assert got[name] == pytest.approx(expected, abs=1e-9)
    assert 'data-density="Beta(3, 2) on [0.2, 0.8]"' in explorer.tec_table.value
    best = min(got, key=got.get)
    assert f'costlab-tec-best" data-classifier="{best}"' in explorer.tec_table.value
    joint = explorer.view_.tec["tec"].iloc[-1]  # the last row: all of them together
    assert joint <= min(got.values()) + 1e-12  # never costs more than the best alone
    assert "all together" in explorer.tec_table.value


def test_outside_every_operating_range_the_trivial_classifier_wins(data):
    # hard classifiers: none has FP = 0, so near PCF(+) = 0 "always negative" beats them all
    widget = cost_space_explorer({"trees": data.points, "one": {"fpr": [0.2], "tpr": [0.6]}})
    widget.pcf.value = 0.01
    winner = widget.view_.winner
    assert winner.trivial == "always negative" and set(winner.classifiers) == {"trees", "one"}
    assert winner.ne_cost == pytest.approx(0.01, abs=1e-12)  # NE[C] = PCF(+) (D&H Fig. 7)
    assert "trivial classifier &#x27;always negative&#x27;" in widget.table.value
    # up to where trees' first point (0.05, 0.35) starts to operate: FP / (FP + TP)
    assert winner.pcf_from == 0 and winner.pcf_to == pytest.approx(0.05 / 0.4, abs=1e-12)
    widget.pcf.value = 0.99
    assert widget.view_.winner.trivial == "always positive"


def test_hulls_envelopes_and_one_classifier(data):
    hull = roc_convex_hull(data.y, data.good)
    widget = CostSpaceExplorer(
        {"hull": hull, "env": cost_envelope(data.y, data.poor)}, classifiers=["hull"], pcf=0.3
    )
    assert widget.error_ is None and widget.view_.state.classifiers == ("hull",)
    winner = widget.view_.winner  # one classifier: the interval of its optimal vertex
    assert winner.classifiers == ("hull",) and winner.pcf_from <= 0.3 <= winner.pcf_to
    assert "all together" not in widget.tec_table.value
    assert widget.data_.rocs == {}  # given as hulls: no ROC curve to draw
    widget.classifiers.value = ("hull", "env")
    assert set(widget.view_.operating.classifier) == {"hull", "env"}


def test_no_classifier_shows_a_message_and_hides_the_charts(explorer):
    explorer.classifiers.value = ()
    assert (
        isinstance(explorer.error_, ValueError) and "Select at least one" in explorer.message.value
    )
    assert explorer.duality_chart.widget.layout.display == "none" and explorer.table.value == ""
    explorer.classifiers.value = ("poor",)
    assert explorer.error_ is None and explorer.duality_chart.widget.layout.display is None


@pytest.mark.parametrize(
    ("results", "options", "error", "match"),
    [
        ([1, 2], {}, ValueError, "results must be a non-empty mapping"),
        ({"a": [0.1, 0.2]}, {}, TypeError, r"results\['a'\] must be \(y_true, y_score\)"),
        ({"a": {"fpr": [0.1]}}, {}, ValueError, r"must have 'fpr' and 'tpr'"),
        ({"a": {"fpr": [0.1], "tpr": [0.5]}}, {"mode": "costs"}, ValueError, "mode must be one"),
        ({"a": {"fpr": [0.1], "tpr": [0.5]}}, {"density": "gamma"}, ValueError, "density must"),
        ({"a": {"fpr": [0.1], "tpr": [0.5]}}, {"classifiers": ["b"]}, ValueError, "'b'"),
        ({"a": {"fpr": [0.1], "tpr": [0.5]}}, {"pcf_range": (0.6, 0.2)}, ValueError, "low < high"),
        ({"a": {"fpr": [0.1], "tpr": [0.5]}}, {"fn_cost": 0}, ValueError, "fn_cost must be"),
    ],
)
def test_bad_arguments_are_named(results, options, error, match):
    with pytest.raises(error, match=match):
        cost_space_explorer(results, **options)


def test_the_pure_core_needs_no_widget(data):
    core = model.CostSpaceData(results_of(data))
    state = CostSpaceState(("good", "trees"), mode="parts", p_pos=0.5, fn_cost=3, fp_cost=1)
    view = cost_space_view(core, state)
    assert view.pcf == pytest.approx(0.75) and view.true_costs == (3.0, 1.0)
    expected = independent_ne(data, 0.75)
    assert view.operating.set_index("classifier")["ne_cost"].to_dict() == pytest.approx(
        {k: expected[k] for k in ("good", "trees")}, abs=1e-12
    )
    assert view.tec["classifier"].tolist() == ["good", "trees", None]


# -- spies: nothing is refitted, and a move redraws only what it changes ---------------------------


@pytest.fixture
def arm_spies(monkeypatch):
    """A function that, once the widget is built, makes any fit or envelope rebuild raise and
    counts draws per chart and calls of the comparisons; it returns the counters."""

    def forbidden(name):
        def call(*args, **kwargs):
            raise AssertionError(f"{name} was called from a control's callback")

        return call

    def counted(calls, key, function):
        def call(*args, **kwargs):
            calls[key] += 1
            return function(*args, **kwargs)

        return call

    def arm():
        calls = {"draw": [], "tec": 0, "winning": 0, "joint": 0}
        for module, name in (
            (model, "cost_envelope"),
            (model, "roc_points"),
            (model, "cost_lines_envelope"),
            (costlab.evaluation.experiment, "cross_val_proba"),
            (costlab.evaluation.experiment, "run_experiments"),
            (costlab.evaluation.cv, "cross_val_proba"),
        ):
            monkeypatch.setattr(module, name, forbidden(name))
        for key, name in (
            ("tec", "total_expected_cost"),
            ("winning", "winning_ranges"),
            ("joint", "joint_envelope"),
        ):
            monkeypatch.setattr(model, name, counted(calls, key, getattr(model, name)))
        draw = BrowserChart.draw

        def recording(self, display, **kwargs):
            calls["draw"].append(self.widget._dom_classes[0])
            return draw(self, display, **kwargs)

        monkeypatch.setattr(BrowserChart, "draw", recording)
        return calls

    return arm


def moved(calls):
    """What the last moves did, and reset the counters."""
    out = {k: (sorted(v) if k == "draw" else v) for k, v in calls.items()}
    calls.update({"draw": [], "tec": 0, "winning": 0, "joint": 0})
    return out


def test_moving_every_control_refits_nothing_and_redraws_only_its_chart(data, arm_spies):
    widget = cost_space_explorer(results_of(data), fn_cost=2.0)
    spies = arm_spies()
    duality, tec = ["costlab-duality-chart"], ["costlab-tec-chart"]
    nothing = {"draw": [], "tec": 0, "winning": 0, "joint": 0}

    widget.pcf.value = 0.3  # the marker moves: one redraw of the duality chart, no TEC
    assert moved(spies) == {**nothing, "draw": duality}
    widget.mode.value = "parts"  # PCF(+) now 2/3: the duality chart only
    assert moved(spies) == {**nothing, "draw": duality}
    for name, value in (("fn_cost", 5.0), ("fp_cost", 0.5), ("p_pos", 0.3)):
        getattr(widget, name).value = value
        assert moved(spies) == {**nothing, "draw": duality}, name
    widget.density.value = "beta"  # a new density: its TEC and the TEC chart, nothing else
    assert moved(spies) == {**nothing, "draw": tec, "tec": 2}  # the classifiers, the joint
    for name, value in (("a", 4.0), ("b", 1.5), ("window", (0.1, 0.7))):
        getattr(widget, name).value = value
        assert moved(spies) == {**nothing, "draw": tec, "tec": 2}, name
    widget.classifiers.value = ("good", "trees")  # both charts, the comparisons once
    assert moved(spies) == {"draw": duality + tec, "tec": 2, "winning": 1, "joint": 1}
    widget.classifiers.value = ("good", "poor", "trees")  # seen before: memoised, redrawn
    assert moved(spies) == {**nothing, "draw": duality + tec}
    widget.pcf.value = 0.9  # the disabled PCF(+) slider in "parts" mode: nothing redrawn
    assert moved(spies) == nothing and widget.view_.pcf == pytest.approx(1.5 / (1.5 + 0.7 * 0.5))
    assert widget.error_ is None


def test_building_it_computes_each_envelope_once(data, monkeypatch):
    seen = []
    original = model.cost_envelope

    def counting(*args, **kwargs):
        seen.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(model, "cost_envelope", counting)
    widget = cost_space_explorer(results_of(data))
    assert len(seen) == 2  # the two scored classifiers; the ROC points need no scores
    widget.pcf.value, widget.density.value = 0.7, "beta"
    assert len(seen) == 2
