"""ScenarioCurveDisplay (Johnson et al. 2015, Figs. 1-2) draws just what costlab.metrics computes.

The drawn arrays are :meth:`ScenarioCurve.curve` exactly; the legend carries each curve's area
(1 - H, TEC); the area of the drawn line (trapezoids on a fine grid) is that loss, which is the
property Johnson et al.'s Fig. 1 caption states; iterations are coloured by round with their peaks.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402

from costlab.classifiers import RiskBoostClassifier  # noqa: E402
from costlab.metrics import (  # noqa: E402
    BetaDensity,
    PointMass,
    cost_envelope,  # noqa: E402
    h_measure,
    scenario_curve,
    scenario_densities,
    total_expected_cost,
)
from costlab.plotting import ScenarioCurveDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def data():
    X, y = make_classification(n_samples=300, weights=[0.7], flip_y=0.1, random_state=3)
    score = LogisticRegression().fit(X, y).predict_proba(X)[:, 1]
    return X, y, score


def test_default_is_johnson2015_fig_1_families_plus_the_cost_curve(data):
    _, y, score = data
    display = ScenarioCurveDisplay.from_predictions(y, score, name="LR")
    expected = [*scenario_densities(np.mean(y == 1)), "cost curve"]
    assert list(display.curves) == expected
    assert list(display.lines_) == expected
    assert display.title == "Scenario curves: LR"
    for key, curve in display.curves.items():
        x, height = curve.curve(1001)
        np.testing.assert_array_equal(display.lines_[key].get_xdata(), x)
        np.testing.assert_array_equal(display.lines_[key].get_ydata(), height)
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert legend[-1] == f"cost curve: TEC = {display.losses_['cost curve']:.3f}"
    assert legend[0].startswith("Beta(2, 2): 1 - H = ")


@pytest.mark.parametrize("axis", ["pcf", "c"])
def test_drawn_area_is_the_loss_measure(data, axis):
    """Fig. 1's caption: "the area under each curve represents the value of the respective loss
    measure" - 1 - H for a density (Hand's H, computed independently by h_measure), TEC for the
    cost curve."""
    _, y, score = data
    display = ScenarioCurveDisplay.from_predictions(
        y, score, densities={"B22": BetaDensity(2, 2), "cc": "cost curve"}, axis=axis
    )
    for key, expected in (
        ("B22", 1.0 - h_measure(y, score)),
        ("cc", total_expected_cost(cost_envelope(y, score))),
    ):
        line = display.lines_[key]
        x = line.get_xdata()
        assert np.isclose(display.losses_[key], expected, rtol=1e-12)
        # the c-axis cost curve has an integrable 1/c-type peak at the ends: coarser tolerance
        fine = display.curves[key].curve(200_001)
        area = np.trapezoid(fine[1], fine[0])
        assert area == pytest.approx(expected, rel=2e-3 if axis == "c" else 1e-5)
        assert x[0] == 0.0 and x[-1] == 1.0
    assert display.ax_.get_xlabel().startswith("cost ratio" if axis == "c" else "probability")


def test_several_classifiers_one_density(data):
    X, y, score = data
    nb = GaussianNB().fit(X, y).predict_proba(X)[:, 1]
    fig, ax = plt.subplots()
    display = ScenarioCurveDisplay.from_predictions(y, {"LR": score, "NB": nb}, ax=ax)
    assert display.ax_ is ax and display.figure_ is fig
    assert list(display.lines_) == ["LR", "NB"]
    assert display.losses_["NB"] == pytest.approx(1.0 - h_measure(y, nb), rel=1e-12)
    with pytest.raises(ValueError, match="densities must be a single density"):
        ScenarioCurveDisplay.from_predictions(
            y, {"LR": score}, densities=[BetaDensity(2, 2), BetaDensity(1, 1)]
        )


def test_point_mass_is_a_stem_of_its_loss(data):
    _, y, score = data
    display = ScenarioCurveDisplay.from_predictions(y, score, densities={"c=0.3": PointMass(0.3)})
    curve = display.curves["c=0.3"]
    ((x, height),) = curve.atoms()
    segments = display.atoms_["c=0.3"].get_segments()
    np.testing.assert_allclose(segments[0], [[x, 0.0], [x, height]])
    assert height == pytest.approx(curve.loss)  # the whole loss sits at the atom


def test_from_estimator_uses_the_positive_column(data):
    X, y, score = data
    model = LogisticRegression().fit(X, y)
    display = ScenarioCurveDisplay.from_estimator(model, X, y, densities=BetaDensity(2, 2))
    assert list(display.curves) == ["LogisticRegression"]
    assert display.losses_.iloc[0] == pytest.approx(1.0 - h_measure(y, score), rel=1e-12)


def test_iterations_coloured_with_peaks(data):
    X, y, _ = data
    model = RiskBoostClassifier(n_estimators=12, random_state=0).fit(X, y)
    display = ScenarioCurveDisplay.from_staged_estimator(model, X, y, iterations=[1, 2, 5])
    assert list(display.curves) == ["iteration 1", "iteration 2", "iteration 5"]
    staged = list(model.staged_predict_proba(X))
    for k, key in zip((1, 2, 5), display.curves, strict=True):
        expected = 1.0 - h_measure(y, staged[k - 1][:, 1])
        assert display.losses_[key] == pytest.approx(expected, rel=1e-12)
        px, py, _ = display.curves[key].peak()
        assert display.peaks_[key].get_xdata()[0] == px
        assert py == pytest.approx(max(display.lines_[key].get_ydata()), rel=1e-3)
    assert display.colorbar_ is not None
    colours = [tuple(display.lines_[k].get_color()) for k in display.curves]
    assert len(set(colours)) == 3
    assert display.title.startswith("RiskBoostClassifier: scenario curves by iteration")


def test_default_iterations_spread_on_a_log_scale(data):
    _, y, score = data
    staged = [score] * 100
    display = ScenarioCurveDisplay.from_iterations(y, staged)
    assert display.iterations[0] == 1 and display.iterations[-1] == 100
    assert len(display.iterations) == 8
    short = ScenarioCurveDisplay.from_iterations(y, staged[:3])
    assert short.iterations == [1, 2, 3]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"iterations": [0, 2]}, ValueError, r"iterations must be integers in \[1, 4\]"),
        ({"iterations": [3, 2]}, ValueError, "increasing"),
        ({"iterations": "12"}, TypeError, "sequence of round numbers"),
        ({"axis": "x"}, ValueError, "axis must be one of"),
    ],
)
def test_bad_iteration_arguments(data, kwargs, error, match):
    _, y, score = data
    with pytest.raises(error, match=match):
        ScenarioCurveDisplay.from_iterations(y, [score] * 4, **kwargs)


def test_bad_input_is_named(data):
    X, y, score = data
    with pytest.raises(ValueError, match="staged_scores is empty"):
        ScenarioCurveDisplay.from_iterations(y, [])
    with pytest.raises(TypeError, match="no staged_predict_proba"):
        ScenarioCurveDisplay.from_staged_estimator(LogisticRegression().fit(X, y), X, y)
    with pytest.raises(TypeError, match="must be a ScenarioCurve"):
        ScenarioCurveDisplay({"a": 1})
    with pytest.raises(ValueError, match="share one axis"):
        ScenarioCurveDisplay(
            {
                "a": scenario_curve(y, score, axis="pcf"),
                "b": scenario_curve(y, score, axis="c"),
            }
        )
    with pytest.raises(ValueError, match="y_score"):
        ScenarioCurveDisplay.from_predictions(y, np.full(len(y), np.nan))
