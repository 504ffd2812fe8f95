"""Cost-curve and ROC-hull Displays (issue 8, item 7): the drawn data are the metrics' output.

One common test per behaviour, parametrised over the three Displays (as scikit-learn's
``test_common_curve_display.py``), then what each Display adds: the envelope is
``CostEnvelope.curve()`` exactly, the trivial classifiers are y = x and y = 1 - x, the shaded
operating range is where the envelope is below both, the hull is ``hull.fpr``/``hull.tpr``, the
iso-cost line touches the optimal vertex with slope (1 - PCF)/PCF, and the thesis's axis reads
FPcost/FNcost. Headless; PNGs are written to a temporary directory.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.exceptions import NotFittedError  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import roc_curve  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.svm import LinearSVC  # noqa: E402

from costlab.metrics import (  # noqa: E402
    CostEnvelope,
    cost_envelope,
    format_cost_ratio,
    hull_of_points,
    operating_range,
    prior_from_probability_cost,
    probability_cost,
    trivial_cost,
)
from costlab.plotting import (  # noqa: E402
    CostCurveDisplay,
    CostSpaceDualityDisplay,
    ROCHullDisplay,
    save_figure,
)
from costlab.plotting._cost_space import _MIN_TICK_GAP, _unit_map  # noqa: E402
from costlab.plotting._roc_hull import iso_cost_segment  # noqa: E402

DISPLAYS = pytest.mark.parametrize(
    "Display",
    [CostCurveDisplay, ROCHullDisplay, CostSpaceDualityDisplay],
    ids=lambda d: d.__name__,
)


@pytest.fixture(scope="module")
def data():
    """Overlapping classes (flip_y) so that the hulls have several vertices."""
    return make_classification(n_samples=300, n_informative=3, flip_y=0.2, random_state=0)


@pytest.fixture(scope="module")
def fitted(data):
    X, y = data
    return {"LR": LogisticRegression().fit(X, y), "NB": GaussianNB().fit(X, y)}


@pytest.fixture(scope="module")
def scores(data, fitted):
    """P(y == 1) of two classifiers: higher for the positive class 1."""
    X, _ = data
    return {name: est.predict_proba(X)[:, 1] for name, est in fitted.items()}


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# --- helpers: what each Display must have drawn ---------------------------------------------


def _panels(display):
    """(cost display or None, ROC display or None) inside any of the three Displays."""
    if isinstance(display, CostSpaceDualityDisplay):
        return display.cost_, display.roc_
    if isinstance(display, CostCurveDisplay):
        return display, None
    return None, display


def _assert_drawn_from(display, envelopes):
    """Every panel's bold lines are the metrics' output, exactly, in the mapping's order."""
    cost, roc = _panels(display)
    if cost is not None:
        assert list(cost.lines_) == list(envelopes)
        for name, env in envelopes.items():
            x, y = env.curve()
            np.testing.assert_array_equal(cost.lines_[name].get_xdata(), x)
            np.testing.assert_array_equal(cost.lines_[name].get_ydata(), y)
    if roc is not None:
        assert list(roc.lines_) == list(envelopes)
        for name, env in envelopes.items():
            np.testing.assert_array_equal(roc.lines_[name].get_xdata(), env.hull.fpr)
            np.testing.assert_array_equal(roc.lines_[name].get_ydata(), env.hull.tpr)


def _envelopes(y, scores, **params):
    return {name: cost_envelope(y, s, **params) for name, s in scores.items()}


def _legend_texts(display):
    legend = display.legend_ if isinstance(display, CostSpaceDualityDisplay) else None
    legend = legend or display.ax_.get_legend()
    return [text.get_text() for text in legend.get_texts()]


def _axes_of(display):
    if isinstance(display, CostSpaceDualityDisplay):
        return list(display.axes_)
    return [display.ax_]


def _new_axes(Display):
    """A figure with spare axes; the Display gets the last one (two for the duality)."""
    fig, axes = plt.subplots(1, 3)
    return fig, (tuple(axes[1:]) if Display is CostSpaceDualityDisplay else axes[2])


# --- from_predictions --------------------------------------------------------------------------


@DISPLAYS
def test_from_predictions_one_array(Display, data, scores, tmp_path):
    _, y = data
    display = Display.from_predictions(y, scores["LR"], name="LR")
    assert isinstance(display, Display)
    _assert_drawn_from(display, _envelopes(y, {"LR": scores["LR"]}))
    assert "LR" in _legend_texts(display)
    path = save_figure(display, tmp_path / f"{Display.__name__}.png")
    assert path.stat().st_size > 10_000


@DISPLAYS
def test_from_predictions_default_name(Display, data, scores):
    _, y = data
    display = Display.from_predictions(y, scores["LR"])
    assert list(display.lines_) == ["Classifier"]


@DISPLAYS
def test_from_predictions_mapping_labels_and_title(Display, data, scores):
    _, y = data
    display = Display.from_predictions(y, scores, labels={"NB": "Naive Bayes"}, title="t")
    _assert_drawn_from(display, _envelopes(y, scores))
    legend = _legend_texts(display)
    assert "Naive Bayes" in legend and "LR" in legend
    titles = [ax.get_title(loc="left") for ax in _axes_of(display)]
    if Display is CostSpaceDualityDisplay:
        assert display.figure_.get_suptitle() == "t"
    else:
        assert titles == ["t"]


@DISPLAYS
def test_from_predictions_honours_ax_and_style(Display, data, scores):
    _, y = data
    fig, ax = _new_axes(Display)
    display = Display.from_predictions(y, scores, ax=ax, linewidth=4)
    assert display.figure_ is fig and plt.get_fignums() == [fig.number]
    expected = list(ax) if isinstance(ax, tuple) else [ax]
    assert _axes_of(display) == expected
    cost, roc = _panels(display)
    for panel, panel_ax in ((roc, expected[0]), (cost, expected[-1])):
        if panel is not None:
            assert panel.ax_ is panel_ax
            assert all(line.get_linewidth() == 4 for line in panel.lines_.values())


@DISPLAYS
def test_from_predictions_pos_label_and_orientation(Display):
    """String labels need pos_label; scores of the negative class need higher_is_positive."""
    y = np.array(["bad", "good", "good", "bad", "good", "bad"])
    p_bad = np.array([0.8, 0.3, 0.45, 0.6, 0.5, 0.2])
    with pytest.raises(ValueError, match="pos_label must be given"):
        Display.from_predictions(y, p_bad)
    display = Display.from_predictions(y, p_bad, pos_label="bad")
    _assert_drawn_from(display, {"Classifier": cost_envelope(y, p_bad, pos_label="bad")})
    flipped = Display.from_predictions(y, -p_bad, pos_label="bad", higher_is_positive=False)
    _assert_drawn_from(flipped, {"Classifier": cost_envelope(y, p_bad, pos_label="bad")})


# --- from_estimator ----------------------------------------------------------------------------


@DISPLAYS
def test_from_estimator_is_from_predictions_on_the_positive_column(Display, data, fitted):
    X, y = data
    display = Display.from_estimator(fitted["LR"], X, y)
    expected = {"LogisticRegression": cost_envelope(y, fitted["LR"].predict_proba(X)[:, 1])}
    _assert_drawn_from(display, expected)
    assert "LogisticRegression" in _legend_texts(display)


@DISPLAYS
def test_from_estimator_mapping_and_ax(Display, data, fitted, scores):
    X, y = data
    fig, ax = _new_axes(Display)
    display = Display.from_estimator(fitted, X, y, ax=ax)
    assert display.figure_ is fig
    _assert_drawn_from(display, _envelopes(y, scores))
    assert list(Display.from_estimator(fitted["NB"], X, y, name="mine").lines_) == ["mine"]


@DISPLAYS
def test_from_estimator_uses_the_column_of_pos_label(Display, data):
    X, y = data
    words = np.where(y == 1, "bad", "good")  # classes_ == ["bad", "good"]: pos is column 0
    clf = LogisticRegression().fit(X, words)
    display = Display.from_estimator(clf, X, words, pos_label="bad")
    p_bad = clf.predict_proba(X)[:, 0]
    _assert_drawn_from(
        display, {"LogisticRegression": cost_envelope(words, p_bad, pos_label="bad")}
    )


@DISPLAYS
def test_from_estimator_defaults_to_classes_1_as_scikit_learn(Display, data):
    """Issue 33, item 2: string labels without pos_label take ``classes_[1]`` (here "ill"), as
    scikit-learn's Displays do; they used to stop at "pos_label must be given"."""
    X, y = data
    words = np.where(y == 1, "ill", "healthy")  # classes_ == ["healthy", "ill"]
    clf = LogisticRegression().fit(X, words)
    display = Display.from_estimator(clf, X, words)
    p_ill = clf.predict_proba(X)[:, 1]
    _assert_drawn_from(
        display, {"LogisticRegression": cost_envelope(words, p_ill, pos_label="ill")}
    )


@DISPLAYS
def test_from_estimator_passes_display_options(Display, data, fitted):
    X, y = data
    display = Display.from_estimator(fitted["LR"], X, y, pcf=0.4, title="x")
    assert display.pcf == 0.4


# --- errors ------------------------------------------------------------------------------------


@DISPLAYS
def test_bad_estimators_are_named(Display, data, fitted):
    X, y = data
    with pytest.raises(NotFittedError, match="not fitted"):
        Display.from_estimator(LogisticRegression(), X, y)
    with pytest.raises(TypeError, match="LinearSVC.*no predict_proba"):
        Display.from_estimator(LinearSVC().fit(X, y), X, y)
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        Display.from_estimator(fitted["LR"], X[:-1], y)
    with pytest.raises(ValueError, match="name must be None"):
        Display.from_estimator(fitted, X, y, name="LR")


@DISPLAYS
@pytest.mark.parametrize("value", ["no", 0, None])
def test_higher_is_positive_must_be_a_bool(Display, data, scores, value):
    _, y = data
    with pytest.raises(TypeError, match="higher_is_positive must be a bool"):
        Display.from_predictions(y, scores["LR"], higher_is_positive=value)
    Display.from_predictions(y, scores["LR"], higher_is_positive=np.False_)
    plt.close("all")


@DISPLAYS
def test_bad_scores_are_named(Display, data, scores):
    _, y = data
    with pytest.raises(ValueError, match="y_score has 299 scores but y_true has 300"):
        Display.from_predictions(y, scores["LR"][:-1])
    with pytest.raises(ValueError, match=r"y_score\['NB'\] has 299 scores"):
        Display.from_predictions(y, {"LR": scores["LR"], "NB": scores["NB"][:-1]})
    with pytest.raises(ValueError, match="empty mapping"):
        Display.from_predictions(y, {})
    with pytest.raises(ValueError, match="name must be None"):
        Display.from_predictions(y, scores, name="LR")
    with pytest.raises(ValueError, match="exactly two classes"):
        Display.from_predictions(np.zeros(300, dtype=int), scores["LR"])


@DISPLAYS
@pytest.mark.parametrize("pcf", [0, 1, 1.5, -0.2, True, "0.3"])
def test_pcf_must_lie_inside_the_unit_interval(Display, data, scores, pcf):
    _, y = data
    with pytest.raises(ValueError, match=r"pcf must lie in \(0, 1\)"):
        Display.from_predictions(y, scores, pcf=pcf)


@DISPLAYS
def test_constructor_checks_its_curves(Display, data, scores):
    _, y = data
    env = cost_envelope(y, scores["LR"])
    with pytest.raises(ValueError, match="must be a non-empty mapping of classifier name"):
        Display({})
    with pytest.raises(ValueError, match="must be a non-empty mapping"):
        Display([env])
    with pytest.raises(TypeError, match=r"\['a'\] must be a"):
        Display({"a": scores["LR"]})
    with pytest.raises(ValueError, match=r"rocs has classifier\(s\) \['b'\]"):
        Display({"a": env}, rocs={"b": ([0, 1], [0, 1])})
    with pytest.raises(ValueError, match=r"rocs\['a'\] must be two 1-D arrays"):
        Display({"a": env}, rocs={"a": ([0, 0.5, 1], [0, 1])})
    with pytest.raises(ValueError, match=r"rocs\['a'\] must hold rates in \[0, 1\]"):
        Display({"a": env}, rocs={"a": ([0, 2], [0, 1])})


# --- CostCurveDisplay --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def env(data, scores):
    _, y = data
    return cost_envelope(y, scores["LR"])


def _classifier_b():
    """D&H Fig. 4's classifier B alone: FP = 0.3, TP = 0.7, operating range [0.3, 0.7]."""
    return CostEnvelope.from_hull(hull_of_points([3], [7], n_neg=10, n_pos=10))


def test_envelope_line_is_the_envelope_curve_exactly(env):
    display = CostCurveDisplay({"LR": env}).plot()
    x, y = env.curve()
    np.testing.assert_array_equal(display.lines_["LR"].get_xdata(), x)
    np.testing.assert_array_equal(display.lines_["LR"].get_ydata(), y)


def test_trivial_lines_are_always_negative_and_always_positive(env):
    display = CostCurveDisplay({"LR": env}).plot()
    negative, positive = display.trivial_lines_
    np.testing.assert_array_equal(negative.get_xdata(), [0, 1])
    np.testing.assert_array_equal(negative.get_ydata(), [0, 1])  # NE = PCF(+)
    np.testing.assert_array_equal(positive.get_xdata(), [0, 1])
    np.testing.assert_array_equal(positive.get_ydata(), [1, 0])  # NE = 1 - PCF(+)
    assert CostCurveDisplay({"LR": env}, show_trivial=False).plot().trivial_lines_ == []


def test_cost_lines_are_the_hull_vertices_or_every_roc_point(data, scores, env):
    display = CostCurveDisplay({"LR": env}).plot()
    inner = slice(1, -1)  # (0, 0) and (1, 1) are the trivial classifiers' own lines
    expected = [
        [[0.0, f], [1.0, 1.0 - t]]
        for f, t in zip(env.hull.fpr[inner], env.hull.tpr[inner], strict=True)
    ]
    np.testing.assert_array_equal(display.cost_lines_["LR"].get_segments(), expected)
    _, y = data
    every = CostCurveDisplay.from_predictions(y, scores["LR"], name="LR", all_points=True)
    fpr, tpr, _ = roc_curve(y, scores["LR"])
    keep = ~(((fpr == 0) & (tpr == 0)) | ((fpr == 1) & (tpr == 1)))
    segments = every.cost_lines_["LR"].get_segments()
    assert len(segments) == keep.sum() > len(expected)
    np.testing.assert_array_equal([s[0][1] for s in segments], fpr[keep])
    assert "cost lines of all ROC points" in _legend_texts(every)
    assert CostCurveDisplay({"LR": env}, show_lines=False).plot().cost_lines_ == {}


def test_operating_range_of_one_classifier_is_where_it_beats_both_trivial(env):
    display = CostCurveDisplay({"LR": env}).plot()
    low, high = display.operating_ranges["LR"]
    grid = np.linspace(0, 1, 100_001)
    below = grid[env(grid) < trivial_cost(grid) - 1e-12]
    assert low == pytest.approx(below.min(), abs=2e-5)
    assert high == pytest.approx(below.max(), abs=2e-5)
    shaded = display.shading_.get_paths()[0].vertices[:, 0]
    assert shaded.min() == pytest.approx(low, abs=1e-15)
    assert shaded.max() == pytest.approx(high, abs=1e-15)
    np.testing.assert_array_equal(display.operating_range_["LR"].get_xdata(), [low, high])


def test_operating_range_of_classifier_b_is_its_own_operating_range():
    """D&H Fig. 4: the envelope of one hard classifier operates where that classifier does."""
    display = CostCurveDisplay({"B": _classifier_b()}).plot()
    assert display.operating_ranges["B"] == pytest.approx(operating_range(0.3, 0.7))
    assert display.operating_ranges["B"] == pytest.approx((0.3, 0.7))
    vertices = display.shading_.get_paths()[0].vertices
    assert (vertices[:, 0].min(), vertices[:, 0].max()) == pytest.approx((0.3, 0.7))
    assert vertices[:, 1].max() == pytest.approx(0.5)  # up to the trivial classifiers' peak
    texts = [t.get_text() for t in display.ax_.texts]
    assert "operating range 0.30 – 0.70" in texts


def test_operating_range_of_every_vertex_matches_the_metric(env):
    """The envelope's range runs from its first to its last useful vertex (D&H 2.1)."""
    ranges = [operating_range(f, t) for f, t in zip(env.hull.fpr, env.hull.tpr, strict=True)]
    useful = [r for r in ranges if r is not None]
    low, high = env.operating_range()
    assert low == pytest.approx(max(useful[0][0], env.breakpoints[1]))
    assert high == pytest.approx(min(useful[-1][1], env.breakpoints[-2]))


def test_a_useless_classifier_has_no_operating_range():
    chance = CostEnvelope.from_hull(hull_of_points([5], [5], n_neg=10, n_pos=10))
    display = CostCurveDisplay({"chance": chance}).plot()
    assert display.operating_ranges["chance"] is None
    assert display.shading_ is None and display.operating_range_ == {}


def test_several_classifiers_shade_the_useful_region_and_tick_each_range(data, scores):
    _, y = data
    envelopes = _envelopes(y, scores)
    display = CostCurveDisplay(envelopes).plot()
    region = display.shading_.get_paths()[0].vertices
    assert region[:, 0].min() == 0 and region[:, 0].max() == 1
    assert region[:, 1].max() == pytest.approx(0.5)
    for name, env in envelopes.items():
        np.testing.assert_array_equal(
            display.operating_range_[name].get_xdata(), env.operating_range()
        )
    assert "operating range ends" in _legend_texts(display)
    assert CostCurveDisplay(envelopes, shade_operating_range=False).plot().shading_ is None


def test_pcf_marks_each_envelope_and_its_optimal_cost_line(env):
    display = CostCurveDisplay({"LR": env}, pcf=0.3).plot()
    np.testing.assert_array_equal(display.pcf_line_.get_xdata(), [0.3, 0.3])
    point = display.pcf_points_["LR"]
    assert point.get_ydata()[0] == env(0.3)
    i = int(env.vertex_at(0.3)[0])
    line = display.optimal_lines_["LR"]
    np.testing.assert_array_equal(line.get_ydata(), [env.hull.fpr[i], 1 - env.hull.tpr[i]])
    assert np.interp(0.3, line.get_xdata(), line.get_ydata()) == pytest.approx(env(0.3))


def test_thesis_axis_reads_fpcost_over_fncost(env):
    display = CostCurveDisplay({"LR": env}, x_axis="thesis").plot()
    top, right = display.secondary_axes_
    labels = [t.get_text() for t in top.get_xticklabels()]
    assert labels == ["0.10/0.90", "0.30/0.70", "0.50/0.50", "0.70/0.30", "0.90/0.10"]
    for x, label in zip(top.get_xticks(), labels, strict=True):
        assert label == format_cost_ratio(1 - x)  # PCF(+) = FNcost with equal priors
    assert "FPcost/FNcost" in top.get_xlabel()
    assert display.ax_.get_xlim() == (1, 0)  # FPcost grows to the right, as in the thesis
    assert "MTMCS (%)" in right.get_ylabel()
    assert display.ax_.child_axes[0] is top  # the explorer reads the top axis's label


def test_thesis_envelope_is_the_mtmcs_curve_over_100(data, scores):
    """With equal priors the exact MTMCS / 100 lies on the drawn envelope at PCF(+) = FNcost."""
    from costlab.metrics import mtmcs_curve

    _, y = data
    p_class1 = 1 - scores["LR"]
    display = CostCurveDisplay.from_predictions(
        y, p_class1, higher_is_positive=False, x_axis="thesis", name="LR"
    )
    curve = mtmcs_curve(y, p_class1, search="exact", score_of="negative")
    line = display.lines_["LR"]
    drawn = np.interp(1 - curve["fp_cost"], line.get_xdata(), line.get_ydata())
    np.testing.assert_allclose(drawn, curve["mtmcs"] / 100, atol=1e-12)


def test_true_costs_add_a_prior_axis(env):
    display = CostCurveDisplay({"LR": env}, true_costs=(5, 1)).plot()
    (top,) = display.secondary_axes_
    priors = top.get_xticks()
    assert priors[0] == 0 and priors[-1] == 1 and 0.5 in priors
    positions = [probability_cost(p, 5, 1) for p in priors[1:-1]]
    assert np.min(np.diff([0, *positions, 1])) >= _MIN_TICK_GAP - 1e-12
    assert "p(+)" in top.get_xlabel() and "C(-|+) = 5" in top.get_xlabel()


@pytest.mark.parametrize("p", [0.01, 0.2, 0.5, 0.93])
@pytest.mark.parametrize("costs", [(5, 1), (1, 5), (2, 2)])
def test_prior_axis_inverts_probability_cost(p, costs):
    to_prior = _unit_map(prior_from_probability_cost, *costs)
    assert to_prior(probability_cost(p, *costs)) == pytest.approx(p, abs=1e-15)
    to_pcf = _unit_map(probability_cost, *costs)
    assert to_pcf(to_prior(0.3)) == pytest.approx(0.3, abs=1e-15)
    np.testing.assert_array_equal(to_prior(np.array([-0.2, 0.0, 1.0, 1.5])), [0, 0, 1, 1])


def test_bad_cost_curve_options_are_named(env):
    with pytest.raises(ValueError, match="x_axis must be one of"):
        CostCurveDisplay({"a": env}, x_axis="log")
    with pytest.raises(ValueError, match="true_costs cannot be combined"):
        CostCurveDisplay({"a": env}, x_axis="thesis", true_costs=(1, 2))
    with pytest.raises(ValueError, match="true_costs must be a pair"):
        CostCurveDisplay({"a": env}, true_costs=5)
    with pytest.raises(ValueError, match="fp_cost must be a finite cost > 0"):
        CostCurveDisplay({"a": env}, true_costs=(1, 0))
    with pytest.raises(TypeError, match="fn_cost must be a real number"):
        CostCurveDisplay({"a": env}, true_costs=("1", 2))


# --- ROCHullDisplay ----------------------------------------------------------------------------


def test_roc_hull_line_is_the_hull_and_the_faint_curve_is_the_roc(data, scores, env):
    _, y = data
    display = ROCHullDisplay.from_predictions(y, scores["LR"], name="LR")
    np.testing.assert_array_equal(display.lines_["LR"].get_xdata(), env.hull.fpr)
    np.testing.assert_array_equal(display.lines_["LR"].get_ydata(), env.hull.tpr)
    fpr, tpr, _ = roc_curve(y, scores["LR"])
    np.testing.assert_array_equal(display.roc_lines_["LR"].get_xydata(), np.c_[fpr, tpr])
    np.testing.assert_array_equal(display.chance_line_.get_xydata(), [[0, 0], [1, 1]])
    assert display.ax_.get_aspect() == 1.0
    bare = ROCHullDisplay.from_predictions(y, scores["LR"], show_roc=False)
    assert bare.roc_lines_ == {} and bare.iso_lines_ == {}


@pytest.mark.parametrize("pcf", [0.05, 0.3, 0.5, 0.8, 0.97])
def test_iso_cost_line_touches_the_optimal_vertex(env, pcf):
    display = ROCHullDisplay({"LR": env.hull}, pcf=pcf).plot()
    i = display.optimal_vertices["LR"]
    assert i == int(env.vertex_at(pcf)[0])
    f, t = env.hull.fpr[i], env.hull.tpr[i]
    x, y = display.iso_lines_["LR"].get_data()
    slope = (y[1] - y[0]) / (x[1] - x[0])
    assert slope == pytest.approx((1 - pcf) / pcf, rel=1e-12)
    assert y[0] + slope * (f - x[0]) == pytest.approx(t, abs=1e-12)  # through the vertex
    assert np.all((x >= 0) & (x <= 1) & (y >= -1e-12) & (y <= 1 + 1e-12))
    height = env.hull.tpr - (t + slope * (env.hull.fpr - f))
    assert np.all(height <= 1e-12)  # no vertex above the line: the vertex is optimal
    np.testing.assert_array_equal(display.optimal_points_["LR"].get_xydata(), [[f, t]])
    note = display.annotations_["LR"].get_text()
    assert note == f"NE[C] = {env(pcf):.3f}"  # the vertex's cost is the envelope's (D&H eq. 9)
    assert any("slope" in text for text in _legend_texts(display))


def test_iso_cost_segment_by_hand():
    x, y = iso_cost_segment(0.25, 0.75, 0.5)  # slope 1: TP = FP + 0.5
    np.testing.assert_array_equal(x, [0.0, 0.5])
    np.testing.assert_array_equal(y, [0.5, 1.0])
    x, y = iso_cost_segment(0.5, 0.5, 0.75)  # slope 1/3, from (0, 1/3) to (1, 2/3)
    np.testing.assert_allclose(np.c_[x, y], [[0, 1 / 3], [1, 2 / 3]])


def test_roc_hull_display_takes_hulls_or_envelopes(env):
    from_hull = ROCHullDisplay({"LR": env.hull}).plot()
    from_env = ROCHullDisplay({"LR": env}).plot()
    np.testing.assert_array_equal(
        from_hull.lines_["LR"].get_xydata(), from_env.lines_["LR"].get_xydata()
    )


# --- CostSpaceDualityDisplay --------------------------------------------------------------------


def test_duality_marks_one_pcf_in_both_spaces(data, scores):
    _, y = data
    display = CostSpaceDualityDisplay.from_predictions(y, scores, pcf=0.3, x_axis="thesis")
    roc_ax, cost_ax = display.axes_
    assert display.roc_.ax_ is roc_ax and display.cost_.ax_ is cost_ax
    assert display.cost_.x_axis == "thesis"
    assert set(display.roc_.iso_lines_) == set(display.cost_.pcf_points_) == set(scores)
    for name, env in _envelopes(y, scores).items():
        # the iso-cost line in ROC space is the point (PCF(+), NE[C]) in cost space
        f, t = display.roc_.optimal_points_[name].get_xydata()[0]
        assert display.cost_.pcf_points_[name].get_ydata()[0] == pytest.approx(
            (1 - t) * 0.3 + f * 0.7, abs=1e-15
        )
        assert display.cost_.pcf_points_[name].get_ydata()[0] == env(0.3)
    legend = _legend_texts(display)
    assert any(text.startswith("PCF(+) = 0.30: iso-cost line") for text in legend)
    assert roc_ax.get_legend() is None and cost_ax.get_legend() is None


def test_duality_rejects_a_single_axes(data, scores):
    _, y = data
    _, ax = plt.subplots()
    with pytest.raises(ValueError, match="ax must be None or a pair of Axes"):
        CostSpaceDualityDisplay.from_predictions(y, scores, ax=ax)


def test_duality_passes_cost_options(data, scores):
    _, y = data
    display = CostSpaceDualityDisplay.from_predictions(
        y, scores, show_lines=False, true_costs=(1, 4), show_roc=False
    )
    assert display.cost_.cost_lines_ == {} and display.roc_.roc_lines_ == {}
    assert len(display.cost_.secondary_axes_) == 1
