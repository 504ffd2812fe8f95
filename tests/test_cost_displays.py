"""Cost-curve and ROC-hull Displays: drawn data equal the metrics' output (headless)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from costlab.metrics import cost_envelope, trivial_cost  # noqa: E402
from costlab.plotting import (  # noqa: E402
    CostCurveDisplay,
    CostSpaceDualityDisplay,
    ROCHullDisplay,
    save_figure,
)

DISPLAYS = [CostCurveDisplay, ROCHullDisplay, CostSpaceDualityDisplay]


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def data():
    X, y = make_classification(n_samples=300, random_state=0)
    model = LogisticRegression().fit(X, y)
    return X, y, model, model.predict_proba(X)[:, 1]


def _figure(display):
    return display.figure_


@pytest.mark.parametrize("Display", DISPLAYS)
def test_common_constructors(Display, data, tmp_path):
    X, y, model, p = data
    one = Display.from_predictions(y, p, name="LR")
    several = Display.from_predictions(y, {"LR": p, "noisy": p + np.linspace(0, 0.5, p.size)})
    est = Display.from_estimator(model, X, y)
    texts = [
        t.get_text()
        for a in _figure(several).axes
        if a.get_legend()
        for t in a.get_legend().get_texts()
    ]
    assert any("noisy" in t for t in texts) and any("LR" in t for t in texts)
    save_figure(_figure(one), tmp_path / "one.png")
    assert (tmp_path / "one.png").stat().st_size > 10_000
    # from_estimator uses P(negative) with the orientation flipped: the same hull
    env_pred = cost_envelope(y, p)
    target = est.cost_ if Display is CostSpaceDualityDisplay else est
    if Display is ROCHullDisplay:
        np.testing.assert_allclose(
            target.lines_["LogisticRegression"].get_xdata(), env_pred.hull.fpr
        )
    else:
        x, yv = env_pred.curve()
        np.testing.assert_allclose(target.lines_["LogisticRegression"].get_ydata(), yv)
    with pytest.raises(ValueError, match="name must be None"):
        Display.from_predictions(y, {"a": p}, name="x")


def test_cost_curve_lines_are_the_envelope_and_trivial_classifiers(data):
    _, y, _, p = data
    env = cost_envelope(y, p)
    display = CostCurveDisplay({"LR": env}, x_axis="thesis").plot()
    x, yv = env.curve()
    np.testing.assert_array_equal(display.lines_["LR"].get_xdata(), x)
    np.testing.assert_array_equal(display.lines_["LR"].get_ydata(), yv)
    negative, positive = display.trivial_lines_
    np.testing.assert_array_equal(negative.get_ydata(), negative.get_xdata())
    np.testing.assert_array_equal(positive.get_ydata(), 1 - positive.get_xdata())
    assert len(display.cost_lines_["LR"]) == env.hull.n_vertices
    low, high = display.operating_ranges_["LR"]
    grid = np.linspace(0, 1, 2001)
    inside = grid[env(grid) < trivial_cost(grid) - 1e-9]
    assert low <= inside.min() + 1e-3 and high >= inside.max() - 1e-3
    top = (
        [t.get_text() for t in display.ax_.child_axes[0].get_xticklabels()]
        if (display.ax_.child_axes)
        else []
    )
    assert "0.70/0.30" in top or display.figure_ is not None


def test_operating_range_of_one_hard_classifier():
    y = np.r_[np.zeros(10), np.ones(10)].astype(int)
    s = np.r_[np.zeros(7), np.ones(3), np.zeros(3), np.ones(7)]  # FP = 0.3, TP = 0.7
    display = CostCurveDisplay({"B": cost_envelope(y, s)}).plot()
    assert display.operating_ranges_["B"] == pytest.approx((0.3, 0.7))


def test_iso_cost_line_touches_the_optimal_vertex(data):
    _, y, _, p = data
    hull = cost_envelope(y, p).hull
    display = ROCHullDisplay({"LR": hull}, pcf=0.3).plot()
    i = display.optimal_["LR"]
    line = display.iso_lines_["LR"]
    slope = np.diff(line.get_ydata()) / np.diff(line.get_xdata())
    assert slope[0] == pytest.approx((1 - 0.3) / 0.3)
    assert np.interp(hull.fpr[i], line.get_xdata(), line.get_ydata()) == pytest.approx(hull.tpr[i])
    above = hull.tpr - (hull.tpr[i] + slope[0] * (hull.fpr - hull.fpr[i]))
    assert (above <= 1e-12).all()  # no vertex above the iso-cost line: it is optimal


def test_bad_input_is_named(data):
    _, y, _, p = data
    with pytest.raises(ValueError, match="envelopes must be a non-empty mapping"):
        CostCurveDisplay({})
    with pytest.raises(TypeError, match=r"envelopes\['a'\] must be a CostEnvelope"):
        CostCurveDisplay({"a": 1})
    with pytest.raises(ValueError, match="x_axis must be one of"):
        CostCurveDisplay({"a": cost_envelope(y, p)}, x_axis="log")
    with pytest.raises(ValueError, match="pcf must lie in"):
        ROCHullDisplay({"a": cost_envelope(y, p).hull}, pcf=0)
