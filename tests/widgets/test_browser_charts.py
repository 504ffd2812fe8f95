"""The explorers' browser-drawn charts show their Displays' numbers, and a move sends data only.

:mod:`costlab.widgets._kit.mirror` reads a Display's matplotlib artists as plotly traces and
:class:`~costlab.widgets._kit.charts.BrowserChart` sends them. These tests compare every chart
of every explorer with the artists of the Display it drew (exactly: the same floats in the
same order), check the decimation of long lines, the tick texts against matplotlib's own
rendering, and that a move updates the existing traces in one message.
"""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from costlab.plotting import MTMCSDisplay
from costlab.widgets import (
    cost_explorer,
    cost_space_explorer,
    cst_explorer,
    prior_shift_widget,
    scenario_explorer,
)
from costlab.widgets._kit.charts import BrowserChart, ChartImage, charts_option, make_chart
from costlab.widgets._kit.mirror import MAX_POINTS, decimate, describe_figure, plotly_text
from costlab.widgets._kit.plotly_chart import loader


@pytest.fixture(scope="module")
def scores():
    rng = np.random.default_rng(7)
    y = np.where(rng.random(400) < 0.35, "ill", "healthy")
    sick = y == "ill"
    return y, {
        "strong": np.clip(0.35 * sick + 0.65 * rng.random(400), 0, 1),
        "weak": np.clip(0.15 * sick + 0.85 * rng.random(400), 0, 1),
    }


def _explorers(scores):
    y, by_name = scores
    run = {name: (y, s) for name, s in by_name.items()}
    ones = {name: ((y == "ill").astype(int), s) for name, s in by_name.items()}
    return {
        "cost": (cost_explorer(run, pos_label="ill"), lambda e: setattr_(e.cost_range, (0.3, 0.6))),
        "cst": (
            cst_explorer(ones, cost_range=(0.3, 0.6)),
            lambda e: setattr_(e.cost_range, (0.35, 0.55)),
        ),
        "cost_space": (cost_space_explorer(run, pos_label="ill"), None),
        "prior_shift": (
            prior_shift_widget(ones),
            lambda e: setattr_(e.prior, 0.01),
        ),
        "scenario": (scenario_explorer(y, by_name, pos_label="ill"), None),
    }


def setattr_(control, value):
    control.value = value


def _charts(explorer):
    return [value for value in vars(explorer).values() if isinstance(value, BrowserChart)] + [
        value.chart
        for value in vars(explorer).values()
        if isinstance(getattr(value, "chart", None), BrowserChart)
    ]


def _drawn_charts(explorer):
    return [chart for chart in _charts(explorer) if chart.display_ is not None]


def test_every_explorer_draws_its_charts_in_the_browser(scores):
    for name, (explorer, move) in _explorers(scores).items():
        drawn = _drawn_charts(explorer)
        assert drawn, name
        if move is not None:
            move(explorer)
        for chart in drawn:
            try:
                _assert_chart_equals_its_figure(chart)
            except AssertionError as error:
                raise AssertionError(f"{name}: {chart.widget._dom_classes[0]}: {error}") from None


def _assert_chart_equals_its_figure(chart):
    """Every line, point set and filled area of the figure is a trace with the same floats;
    every bar or span a filled trace on its corners."""
    traces = [(_floats(t["x"]), _floats(t["y"])) for t in chart.plot.traces]
    exact, corners = [], []
    for ax in chart.figure.axes:
        for artist in (*ax.lines, *ax.collections):
            if not artist.get_visible():
                continue
            if isinstance(artist, Line2D):
                x, y = (np.asarray(v, dtype=float) for v in artist.get_data())
                if artist.get_transform() is not ax.transData:  # axvline: y in axes fraction
                    xy = (artist.get_transform() - ax.transData).transform(np.c_[x, y])
                    x, y = xy[:, 0], xy[:, 1]
                if x.size <= MAX_POINTS:
                    exact.append((x, y))
            elif isinstance(artist, PathCollection):
                offsets = np.asarray(artist.get_offsets(), dtype=float).reshape(-1, 2)
                exact.append((offsets[:, 0], offsets[:, 1]))
            elif isinstance(artist, PolyCollection):
                exact += [(p.vertices[:, 0], p.vertices[:, 1]) for p in artist.get_paths()]
        for patch in ax.patches:
            if isinstance(patch, Rectangle) and patch.get_visible():
                x0, y0, w, h = patch.get_x(), patch.get_y(), patch.get_width(), patch.get_height()
                corners.append((x0, x0 + w, y0, y0 + h))
    assert len(chart.plot.traces) >= len(exact) + len(corners) > 0
    for x, y in exact:
        assert any(
            tx.shape == x.shape
            and np.array_equal(tx, x, equal_nan=True)
            and np.array_equal(ty, y, equal_nan=True)
            for tx, ty in traces
        ), "a line of the Display is not in the browser chart"
    for x0, x1, _, _ in corners:  # x in data units (a span's y is in the Axes' fraction)
        assert any(
            tx.size and np.allclose([tx.min(), tx.max()], [min(x0, x1), max(x0, x1)])
            for tx, _ in traces
        ), "a bar or span of the Display is not in the browser chart"


def _floats(values):
    """A trace's numbers as sent (None for a gap) as floats (NaN for a gap)."""
    return np.array([np.nan if v is None else v for v in values], dtype=float)


def test_a_move_sends_the_changed_traces_in_one_message(scores, monkeypatch):
    y, by_name = scores
    explorer = cost_explorer({n: (y, s) for n, s in by_name.items()}, pos_label="ill")
    chart = explorer.mtmcs_chart
    sent = []
    original = type(chart.plot)._send

    def recording(widget, msg, buffers=None):
        sent.append(set(msg["state"]))
        return original(widget, msg, buffers)

    monkeypatch.setattr(type(chart.plot), "_send", recording)
    explorer.cost_range.value = (0.25, 0.7)
    assert len(sent) == 1 and "traces" in sent[0]  # one message, with the new numbers
    _assert_chart_equals_its_figure(chart)
    assert chart.display_.highlight == (0.25, 0.7)
    sent.clear()
    chart.show()  # nothing changed: nothing sent
    assert sent == []


def test_a_browser_that_connects_later_reads_the_drawn_chart(scores):
    """Voila's page connects after the notebook has run: it reads each chart's state, which
    must hold the traces and layout drawn before, not the empty figure it was made with."""
    y, by_name = scores
    explorer = cost_explorer({n: (y, s) for n, s in by_name.items()}, pos_label="ill")
    chart = explorer.mtmcs_chart
    explorer.cost_range.value = (0.25, 0.7)  # a move before any browser shows the chart
    state = chart.plot.get_state()
    assert len(state["traces"]) > 0
    assert state["traces"] == chart.plot.traces
    assert state["chart_layout"]["xaxis"]["range"] == list(chart.display_.ax_.get_xlim())
    json.dumps(state, allow_nan=False)  # what the browser parses: JSON, no NaN
    chart.clear()
    assert chart.plot.get_state()["traces"] == []


def test_every_chart_shares_one_copy_of_plotly_js(scores):
    """plotly.js (4.8 MB) reaches the page once, in one hidden loader widget; each chart's own
    JavaScript is small and waits for it (anywidget drops the messages of a widget not
    initialised within 2 s, and plotly's FigureWidget carried the bundle in every chart)."""
    import plotly

    y, by_name = scores
    explorer = cost_explorer({n: (y, s) for n, s in by_name.items()}, pos_label="ill")
    charts = _charts(explorer)
    assert len(charts) > 1
    assert {chart.plot._esm for chart in charts} == {charts[0].plot._esm}
    assert len(charts[0].plot._esm) < 5_000
    bundle = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text()
    assert loader().bundle == bundle and len(loader()._esm) < 5_000
    assert loader() is loader() and loader().comm is not None
    loader().close()  # a closed loader (e.g. ``Widget.close_all()``) is made again
    assert loader().comm is not None


def test_subplots_keep_their_ratios_and_a_colorbar_its_cell():
    """A grid's width and height ratios are kept, and a panel that gave part of its cell to a
    colorbar keeps its place: no two panels overlap (the scenario explorer's boosting rounds)."""
    figure = Figure()
    axes = figure.subplot_mosaic([["a", "b"], ["loss", "loss"]], height_ratios=[1.5, 1.0])
    figure.colorbar(axes["a"].scatter([0, 1], [0, 1], c=[0, 1]), ax=axes["a"])
    _, layout = describe_figure(figure)
    assert [ax.get_label() for ax in figure.axes] == ["a", "b", "loss", "<colorbar>"]
    domains = [
        (layout[f"xaxis{k}"]["domain"], layout[f"yaxis{k}"]["domain"]) for k in ["", "2", "3", "4"]
    ]
    for i, (x1, y1) in enumerate(domains):
        for x2, y2 in domains[i + 1 :]:
            overlap_x = min(x1[1], x2[1]) - max(x1[0], x2[0])
            overlap_y = min(y1[1], y2[1]) - max(y1[0], y2[0])
            assert overlap_x <= 0 or overlap_y <= 0, (x1, y1, x2, y2)
    (_, top), (_, bottom) = domains[0], domains[2]  # a (row 1), loss (row 2)
    assert (top[1] - top[0]) / (bottom[1] - bottom[0]) > 1.3  # the 1.5 : 1 height ratio


def test_the_tick_labels_are_those_matplotlib_draws():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    display = MTMCSDisplay.from_predictions(y, np.clip(0.3 * y + 0.7 * rng.random(300), 0, 1))
    chart = BrowserChart()
    chart.draw(display)
    layout = chart.plot.chart_layout
    chart.figure.canvas.draw()  # matplotlib's own rendering of the same figure
    ax = chart.display_.ax_
    low, high = ax.get_xlim()
    shown = [t.get_text() for t in ax.get_xticklabels() if low <= t.get_position()[0] <= high]
    assert layout["xaxis"]["ticktext"] == [plotly_text(text) for text in shown]
    assert layout["xaxis"]["range"] == pytest.approx([low, high])
    assert layout["yaxis"]["title"]["text"] == plotly_text(ax.get_ylabel())


def test_a_secondary_axis_keeps_its_ticks_where_matplotlib_puts_them():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0.0, 1.0], [0.0, 1.0])
    ax.set_xlim(0, 1)
    ax.secondary_xaxis("top", functions=(lambda x: 10 * x, lambda t: t / 10))
    _, layout = describe_figure(figure)
    top = next(v for k, v in layout.items() if k.startswith("xaxis") and k != "xaxis")
    assert top["side"] == "top" and top["overlaying"] == "x"
    assert top["tickvals"] == pytest.approx([0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
    assert top["ticktext"] == ["0", "2", "4", "6", "8", "10"]


def test_a_log_axis_and_annotations_are_in_log_units():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([1e-3, 1e-1], [1, 2])
    ax.set_xscale("log")
    ax.annotate("here", (1e-2, 1.5))
    _, layout = describe_figure(figure)
    assert layout["xaxis"]["type"] == "log"
    assert layout["xaxis"]["range"] == pytest.approx(np.log10(ax.get_xlim()))
    note = layout["annotations"][0]
    assert note["text"] == "here" and note["x"] == pytest.approx(-2.0) and note["y"] == 1.5


def test_each_panels_legend_is_a_plotly_legend_of_its_own():
    """Two panels each with a legend of the same curves: two plotly legends, each listing its
    panel's labels (legend-only entries), each curve toggled with the entries of its name."""
    figure = Figure()
    for ax in figure.subplots(1, 2):
        ax.plot([0, 1], [0, 1], label="a")
        ax.plot([0, 1], [1, 0], label="b")
        ax.legend()
    traces, layout = describe_figure(figure)
    assert layout["showlegend"] and {"legend", "legend2"} <= set(layout)
    curves, entries = traces[:4], traces[4:]
    assert not any(t["showlegend"] for t in curves)
    assert [t["legendgroup"] for t in curves] == ["a", "b", "a", "b"]  # toggled together
    assert [(t["name"], t["legend"], t["x"]) for t in entries] == [
        ("a", "legend", [None]),
        ("b", "legend", [None]),
        ("a", "legend2", [None]),
        ("b", "legend2", [None]),
    ]
    assert all(t["showlegend"] and t["legendgroup"] == t["name"] for t in entries)


def test_styles_are_read_from_the_artists():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1], "--", color="#E41A1C", lw=2, label="a")
    ax.plot([0, 1], [1, 0], ":", marker="o", color="k", label="_hidden")
    ax.fill_between([0, 1], [0, 0], [1, 1], color="b", alpha=0.2)
    ax.legend()
    traces, layout = describe_figure(figure)
    fill, first, second, entry = traces  # a collection is drawn below lines (zorder 1 < 2)
    assert first["line"]["dash"] == "dash" and first["line"]["color"] == "rgba(228,26,28,1)"
    assert first["name"] == "a" and layout["showlegend"]
    assert entry["name"] == "a" and entry["showlegend"] and entry["line"] == first["line"]
    assert second["mode"] == "lines+markers" and second["line"]["dash"] == "dot"
    assert not second["showlegend"]
    assert fill["fill"] == "toself" and fill["fillcolor"] == "rgba(0,0,255,0.2)"


@given(
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=65, max_size=2000),
    st.integers(8, 64),
)
def test_decimation_keeps_the_ends_and_the_extremes_in_order(values, max_points):
    y = np.asarray(values)
    x = np.arange(y.size, dtype=float)
    dx, dy = decimate(x, y, max_points)
    assert dx.size <= max_points
    assert np.all(np.diff(dx) > 0)  # a subsequence, in order
    assert np.array_equal(dy, y[dx.astype(int)])
    assert dx[0] == 0 and dx[-1] == y.size - 1
    assert dy.min() == y.min() and dy.max() == y.max()


def test_a_short_line_is_sent_as_it_is():
    x, y = np.arange(5.0), np.arange(5.0)
    dx, dy = decimate(x, y, 5)
    assert dx is x and dy is y


def test_a_million_point_line_is_sent_decimated():
    x = np.linspace(0, 1, 1_000_000)
    figure = Figure()
    figure.add_subplot().plot(x, np.sin(40 * x))
    (trace,), _ = describe_figure(figure)
    assert len(trace["x"]) <= MAX_POINTS and trace["x"][0] == 0.0 and trace["x"][-1] == 1.0


def test_the_charts_option_chooses_the_chart(scores):
    y, by_name = scores
    run = {n: (y, s) for n, s in by_name.items()}
    assert isinstance(cost_explorer(run, pos_label="ill", charts="png").mtmcs_chart, ChartImage)
    assert isinstance(make_chart(), BrowserChart)
    with charts_option("png"):
        assert isinstance(make_chart(), ChartImage)
        # a builder without charts= keeps the block's choice
        assert isinstance(cost_explorer(run, pos_label="ill").mtmcs_chart, ChartImage)
        assert isinstance(
            cost_explorer(run, pos_label="ill", charts="browser").mtmcs_chart, BrowserChart
        )
    assert isinstance(make_chart(), BrowserChart)
    with pytest.raises(ValueError, match=r"charts must be one of \('browser', 'png'\), got 'svg'"):
        cost_explorer(run, pos_label="ill", charts="svg")


@pytest.mark.parametrize(
    ("tex", "html"),
    [
        ("$\\mathdefault{10^{-2}}$", "10<sup>-2</sup>"),
        ("P(C_t)", "P(C<sub>t</sub>)"),
        ("FPcost/FNcost", "FPcost/FNcost"),
        ("two\nlines", "two<br>lines"),
    ],
)
def test_plotly_text(tex, html):
    assert plotly_text(tex) == html
