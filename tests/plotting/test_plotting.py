"""Tests of the Displays: their drawn arrays equal the metrics' output."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from costlab.metrics import (  # noqa: E402
    format_cost_ratio,  # noqa: E402
    mtmcs_curve,  # noqa: E402
    roc_auc,
    roc_points,
)
from costlab.plotting import (  # noqa: E402
    ClassDistributionDisplay,
    MTMCSDisplay,
    ROCDisplay,
    ROCThresholdDisplay,
    ThresholdDisplay,
    classifier_styles,
    save_figure,
)

NAMES = ("NaiveBayes", "RandomForest", "my_model")
RANGE = (0.40, 0.60)


@pytest.fixture(scope="module")
def scores():
    """Labels {1, 2} (class 1 = negative) and P(class 1) of three classifiers of varying skill."""
    rng = np.random.default_rng(0)
    y = rng.integers(1, 3, size=120)
    signal = np.where(y == 1, 1.0, -1.0)
    return y, {
        name: 1 / (1 + np.exp(-(skill * signal + rng.normal(size=y.size))))
        for name, skill in zip(NAMES, (1.5, 0.8, 0.3), strict=True)
    }


@pytest.fixture(scope="module")
def curves(scores):
    y, p = scores
    return {name: mtmcs_curve(y, p[name]) for name in NAMES}


@pytest.fixture(scope="module")
def rocs(scores):
    y, p = scores
    return {name: roc_points(y, p[name]) for name in NAMES}


@pytest.fixture(scope="module")
def aucs(scores):
    y, p = scores
    return {name: roc_auc(y, p[name]) for name in NAMES}


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _band_x(patch):
    """x extent (data coordinates) of an axvspan, whether it is a Rectangle or a Polygon."""
    xy = patch.get_patch_transform().transform(patch.get_path().vertices)
    return xy[:, 0].min(), xy[:, 0].max()


def _legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


# --- cost-ratio charts -----------------------------------------------------------------------


LABELS = {"NaiveBayes": "Naïve Bayes"}  # a study's spelling for one name; others keep theirs


def test_mtmcs_lines_are_the_curves(curves):
    display = MTMCSDisplay(curves, title="t", labels=LABELS).plot()
    assert list(display.lines_) == list(NAMES)
    for name, curve in curves.items():
        line = display.lines_[name]
        np.testing.assert_array_equal(line.get_xdata(), curve["fp_cost"])
        np.testing.assert_array_equal(line.get_ydata(), curve["mtmcs"])
        assert line.get_label() == LABELS.get(name, name)
    assert display.ax_.get_ylim()[0] == 0
    assert display.ax_.get_ylim()[1] >= max(c["mtmcs"].max() for c in curves.values())
    labels = [t.get_text() for t in display.ax_.get_xticklabels()]
    assert labels == [format_cost_ratio(x) for x in curves["NaiveBayes"]["fp_cost"]]
    assert display.highlight_ is None and display.annotations_ == {}
    assert display.ax_.get_title(loc="left") == "t"


def test_threshold_lines_are_the_thresholds(curves):
    display = ThresholdDisplay(curves).plot()
    for name, curve in curves.items():
        np.testing.assert_array_equal(display.lines_[name].get_xdata(), curve["fp_cost"])
        np.testing.assert_array_equal(display.lines_[name].get_ydata(), curve["threshold"])
    low, high = display.ax_.get_ylim()
    assert -0.05 < low <= 0 and 1 <= high < 1.05


def test_highlight_band_spans_the_range(curves):
    display = MTMCSDisplay(curves, highlight=RANGE).plot()
    assert _band_x(display.highlight_) == pytest.approx(RANGE)
    assert "Range of interest" in _legend_texts(display.ax_)


def test_annotations_only_inside_the_range(curves):
    display = MTMCSDisplay(curves, highlight=RANGE).plot(annotate=True)
    for name, curve in curves.items():
        inside = curve[curve["fp_cost"].between(RANGE[0] - 1e-9, RANGE[1] + 1e-9)]
        texts = display.annotations_[name]
        assert len(texts) == len(inside) == 5
        xs = [t.xy[0] for t in texts]
        np.testing.assert_allclose(xs, inside["fp_cost"])
        np.testing.assert_allclose([t.xy[1] for t in texts], inside["mtmcs"])
        assert [t.get_text() for t in texts] == [f"{v:.1f}" for v in inside["mtmcs"]]
    assert len(display.ax_.texts) == 5 * len(curves)


def test_annotate_without_highlight_labels_every_point(curves):
    display = MTMCSDisplay(curves).plot(annotate=True)
    assert len(display.ax_.texts) == sum(len(c) for c in curves.values())


def test_single_ratio_highlight(curves):
    display = MTMCSDisplay(curves, highlight=(0.5, 0.5)).plot(annotate=True)
    assert _band_x(display.highlight_) == pytest.approx((0.5, 0.5))
    assert all(len(texts) == 1 for texts in display.annotations_.values())


# --- ROC charts ------------------------------------------------------------------------------


def test_roc_lines_and_auc_legend(rocs, aucs):
    display = ROCDisplay(rocs, aucs).plot()
    legend = _legend_texts(display.ax_)
    for name, roc in rocs.items():
        np.testing.assert_array_equal(display.lines_[name].get_xdata(), roc["fpr"])
        np.testing.assert_array_equal(display.lines_[name].get_ydata(), roc["tpr"])
        label = f"{name} (AUC = {aucs[name]:.4f})"
        assert display.lines_[name].get_label() == label and label in legend
    np.testing.assert_array_equal(display.chance_line_.get_xydata(), [[0, 0], [1, 1]])


def test_roc_needs_every_auc(rocs, aucs):
    with pytest.raises(ValueError, match="aucs lacks"):
        ROCDisplay(rocs, {"NaiveBayes": aucs["NaiveBayes"]})


def test_roc_threshold_lines(rocs):
    display = ROCThresholdDisplay(rocs).plot()
    for name, roc in rocs.items():
        np.testing.assert_array_equal(display.lines_[name].get_xdata(), roc["fpr"])
        np.testing.assert_array_equal(display.lines_[name].get_ydata(), roc["threshold"])


# --- class distribution ----------------------------------------------------------------------


def test_class_distribution_bars_and_labels():
    display = ClassDistributionDisplay({"good": 700, "bad": 300}, title="German Credit").plot()
    assert [bar.get_height() for bar in display.bars_] == [700, 300]
    ticks = [t.get_text() for t in display.ax_.get_xticklabels()]
    assert ticks == ["good (class 1)", "bad (class 2)"]
    texts = [t.get_text() for t in display.bar_labels_]
    assert "700" in texts[0] and "70.0%" in texts[0]
    assert "300" in texts[1] and "30.0%" in texts[1]


@pytest.mark.parametrize("counts", [{}, {"a": -1, "b": 2}, {"a": 1.5}, {"a": 0, "b": 0}])
def test_class_distribution_rejects_bad_counts(counts):
    with pytest.raises(ValueError, match="counts"):
        ClassDistributionDisplay(counts)


# --- shared behaviour ------------------------------------------------------------------------


def _all_displays(curves, rocs, aucs):
    return [
        MTMCSDisplay(curves, highlight=RANGE),
        ThresholdDisplay(curves),
        ROCDisplay(rocs, aucs),
        ROCThresholdDisplay(rocs),
        ClassDistributionDisplay({"good": 7, "bad": 3}),
    ]


def test_plot_draws_on_the_given_axes(curves, rocs, aucs):
    fig, axes = plt.subplots(1, 5)
    for display, ax in zip(_all_displays(curves, rocs, aucs), axes, strict=True):
        assert display.plot(ax=ax) is display
        assert display.ax_ is ax and display.figure_ is fig
        artists = getattr(display, "lines_", {}).values()
        assert all(line.axes is ax for line in artists)
    assert plt.get_fignums() == [fig.number]


@pytest.mark.parametrize("cls", [MTMCSDisplay, ThresholdDisplay])
def test_legend_stays_off_the_neighbour_panel(curves, cls):
    """Side by side on a figure without a layout engine (the user guide's first figure), the
    legend of the left panel covers nothing of the right one (its axis label, its ticks)."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6))
    cls(curves).plot(ax=left)
    ThresholdDisplay(curves).plot(ax=right)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legend = left.get_legend().get_window_extent(renderer)
    assert not legend.overlaps(right.get_tightbbox(renderer))


@pytest.mark.parametrize("layout", [None, "constrained"])
def test_legend_outside_where_there_is_room(curves, layout):
    """Alone on its figure, or on a figure whose layout engine makes room, the legend stays
    right of the axes, off the curves."""
    fig, axes = plt.subplots(1, 2 if layout else 1, layout=layout)
    ax = np.atleast_1d(axes)[0]
    MTMCSDisplay(curves).plot(ax=ax)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    assert ax.get_legend().get_window_extent(renderer).x0 >= ax.get_window_extent(renderer).x1


def test_plot_kwargs_override_the_style(curves):
    display = MTMCSDisplay(curves).plot(linewidth=4, linestyle=":")
    assert all(line.get_linewidth() == 4 for line in display.lines_.values())
    assert all(line.get_linestyle() == ":" for line in display.lines_.values())


def test_styles_are_consistent_across_figures(curves, rocs, aucs):
    styles = classifier_styles(NAMES)
    assert len({s["color"] for s in styles.values()}) == len(NAMES)
    assert classifier_styles(["NaiveBayes", "my_model"])["my_model"] == styles["my_model"]
    mtmcs = MTMCSDisplay(curves).plot()
    roc = ROCDisplay(rocs, aucs).plot()
    for name in NAMES:
        assert mtmcs.lines_[name].get_color() == roc.lines_[name].get_color()
        assert mtmcs.lines_[name].get_color() == styles[name]["color"]
        assert mtmcs.lines_[name].get_marker() == styles[name]["marker"]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"curves": {}}, "non-empty mapping"),
        ({"curves": {"a": pd.DataFrame({"fp_cost": [0.5]})}}, "lacks column"),
        ({"highlight": (0.6, 0.4)}, "r1 must not exceed r2"),
        ({"highlight": (0.0, 0.4)}, "r1 must be"),
        ({"highlight": 0.4}, "pair"),
    ],
)
def test_mtmcs_display_validates(curves, kwargs, match):
    kwargs = {"curves": curves} | kwargs
    with pytest.raises(ValueError, match=match):
        MTMCSDisplay(kwargs.pop("curves"), **kwargs)


def test_save_figure_writes_png_atomically(curves, tmp_path):
    display = MTMCSDisplay(curves, highlight=RANGE).plot(annotate=True)
    target = tmp_path / "figures" / "nested" / "mtmcs.png"
    assert save_figure(display, target) == target
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    assert [p.name for p in target.parent.iterdir()] == ["mtmcs.png"]
    assert not plt.fignum_exists(display.figure_.number)


def test_save_figure_gives_the_mode_open_gives(tmp_path):
    import os
    import stat

    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    previous = os.umask(0o027)
    try:
        path = save_figure(fig, tmp_path / "figure.png")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # 0o666 less the umask, as open() gives


def test_save_figure_accepts_a_figure_and_an_unplotted_display(curves, tmp_path):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    save_figure(fig, tmp_path / "plain.png")
    save_figure(ThresholdDisplay(curves), tmp_path / "thresholds.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.png", "thresholds.png"]
    assert plt.get_fignums() == []
    with pytest.raises(TypeError, match="display_or_figure"):
        save_figure("not a figure", tmp_path / "x.png")
