"""A browser chart shows everything its matplotlib Display shows, not only the same numbers.

Each test draws a small matplotlib figure (or a real explorer's) and reads it with
:func:`costlab.widgets._kit.mirror.describe_figure`: secondary axes carried by a trace on their
parent's frame, rotated texts and tick labels, marker sizes, legends where matplotlib puts them
(with bars' and proxies' entries), colorbars' gradients, and subplot domains where the figure's
Axes are.
"""

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.figure import Figure

from costlab.widgets import cost_space_explorer, cst_explorer
from costlab.widgets._kit.mirror import describe_figure


@pytest.fixture(scope="module")
def pair():
    rng = np.random.default_rng(3)
    y = (rng.random(300) < 0.3).astype(int)
    a = np.clip(0.3 * y + 0.7 * rng.random(300), 0, 1)
    b = np.clip(0.5 * y + 0.5 * rng.random(300), 0, 1)
    return {"A": (y, a), "B": (y, b)}


def _carrier(traces, axis_id):
    return [t for t in traces if axis_id in (t["xaxis"], t["yaxis"])]


def test_secondary_axes_sit_on_their_parents_frame_carried_by_a_trace():
    """plotly draws no axis that no trace uses: each secondary axis has an empty trace on it,
    and it is anchored to its parent's other axis on matplotlib's side."""
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0.0, 1.0], [0.0, 1.0])
    ax.secondary_xaxis("top", functions=(lambda x: 10 * x, lambda t: t / 10))
    ax.secondary_yaxis("right", functions=(lambda y: 100 * y, lambda m: m / 100))
    traces, layout = describe_figure(figure)
    top, right = layout["xaxis101"], layout["yaxis101"]
    assert (top["overlaying"], top["anchor"], top["side"]) == ("x", "y", "top")
    assert (right["overlaying"], right["anchor"], right["side"]) == ("y", "x", "right")
    for axis_id in ("x101", "y101"):
        (carrier,) = _carrier(traces, axis_id)
        assert carrier["x"] == [None] and not carrier["showlegend"]


def test_the_cost_space_explorers_prior_axis_is_drawn(pair):
    explorer = cost_space_explorer(pair, mode="parts", p_pos=0.3)
    traces, layout = describe_figure(explorer.duality_chart.figure)
    (key,) = [k for k in layout if k.startswith("xaxis1") and "overlaying" in layout[k]]
    assert layout[key]["title"]["text"].startswith("Prior p(+)")
    assert layout[key]["anchor"] == layout[f"xaxis{layout[key]['overlaying'][1:]}"]["anchor"]
    assert _carrier(traces, "x" + key[len("xaxis") :])


def test_rotated_texts_and_tick_labels_keep_their_angle():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1])
    ax.text(0.5, 0.5, "along the diagonal", rotation=30)
    ax.tick_params(axis="x", labelrotation=45)
    _, layout = describe_figure(figure)
    assert layout["annotations"][0]["textangle"] == -30.0  # plotly turns clockwise
    assert layout["xaxis"]["tickangle"] == -45.0
    assert "tickangle" not in layout["yaxis"]


def test_markers_are_as_large_as_matplotlib_draws_them():
    """At 72 dpi a point is a pixel: a marker of 10 points spans 10 px, whatever plotly's symbol
    (a star's outer circle is 1.4 times its size); scatter's s is an area in points²."""
    figure = Figure(dpi=72)
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1], "o", markersize=10, markeredgewidth=2)
    ax.plot([0, 1], [0, 1], "*", markersize=14)
    ax.plot([0, 1], [0, 1], "|", markersize=14)
    ax.scatter([0, 1], [0, 1], s=100)
    scatter, circle, star, bar = describe_figure(figure)[0]
    assert circle["marker"]["size"] == pytest.approx(10.0)
    assert circle["marker"]["line"]["width"] == pytest.approx(2.0)
    assert (star["marker"]["symbol"], star["marker"]["size"]) == ("star", pytest.approx(10.0))
    assert (bar["marker"]["symbol"], bar["marker"]["size"]) == ("line-ns", pytest.approx(10.0))
    assert scatter["marker"]["size"] == pytest.approx(10.0)


def test_a_legend_is_placed_where_matplotlib_anchors_it():
    figure = Figure()
    left, right = figure.subplots(1, 2)
    for ax in (left, right):
        ax.plot([0, 1], [0, 1], label="a")
    left.legend(loc="upper left")
    right.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0))  # outside, on the right
    _, layout = describe_figure(figure)
    inside, outside = layout["legend"], layout["legend2"]
    assert (inside["xanchor"], inside["yanchor"]) == ("left", "top")
    assert inside["tracegroupgap"] == 0  # entries as close as matplotlib's
    assert inside["x"] == pytest.approx(layout["xaxis"]["domain"][0])
    assert inside["y"] == pytest.approx(layout["yaxis"]["domain"][1])
    x0, x1 = layout["xaxis2"]["domain"]
    assert outside["x"] == pytest.approx(x0 + 1.02 * (x1 - x0)) and outside["x"] > 1.0


def test_a_figure_legend_outside_below_the_panels_is_below_them():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1], label="a")
    figure.legend(loc="outside lower center")
    _, layout = describe_figure(figure)
    assert layout["legend"]["y"] < 0 and layout["legend"]["yanchor"] == "top"


def test_bars_and_proxy_handles_are_listed_as_the_legend_lists_them(pair):
    """The CST explorer's bars: matplotlib labels the bar container, not its patches, and
    recolours the legend's patches; the browser's legend lists the same entries and colours."""
    explorer = cst_explorer(pair, cost_range=(0.3, 0.6))
    figure = explorer.bars_chart.figure
    legend = figure.axes[0].get_legend()
    traces, layout = describe_figure(figure)
    entries = [t for t in traces if t["showlegend"]]
    assert [t["name"] for t in entries] == [text.get_text() for text in legend.get_texts()]
    assert [t["marker"]["color"] for t in entries] == ["rgba(199,199,199,1)", "rgba(102,102,102,1)"]
    assert layout["showlegend"] and layout["legend"]["orientation"] == "h"  # ncols=2


def test_a_colorbar_shows_its_gradient_on_its_own_side():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1])
    norm = mpl.colors.LogNorm(1, 100)
    figure.colorbar(mpl.cm.ScalarMappable(norm=norm, cmap="viridis"), ax=ax, label="rounds")
    traces, layout = describe_figure(figure)
    (mesh,) = [t for t in traces if t["type"] == "heatmap"]
    assert mesh["yaxis"] == "y2" and layout["yaxis2"]["side"] == "right"
    z = np.asarray(mesh["z"], dtype=float)
    assert z.min() == pytest.approx(0.0, abs=0.02) and z.max() == pytest.approx(1.0, abs=0.02)
    assert mesh["colorscale"][0][1] == "rgba(68,1,84,1)"  # viridis at 0
    assert layout["yaxis2"]["type"] == "log"


def test_domains_are_where_the_figures_axes_are():
    """Panels of different widths (their positions, not a grid's equal cells with set gaps),
    and a square panel constrained to stay square."""
    figure = Figure()
    wide = figure.add_axes((0.05, 0.1, 0.6, 0.8))
    narrow = figure.add_axes((0.75, 0.1, 0.2, 0.8))
    narrow.set_aspect("equal")
    for ax in (wide, narrow):
        ax.plot([0, 1], [0, 1])
    _, layout = describe_figure(figure)
    narrow_box = narrow.get_position()  # after its aspect is applied
    span = narrow_box.x1 - 0.05
    assert layout["xaxis"]["domain"] == pytest.approx([0.0, 0.6 / span])
    assert layout["xaxis2"]["domain"] == pytest.approx([0.7 / span, 1.0])
    assert layout["yaxis2"]["scaleanchor"] == "x2" and layout["yaxis2"]["constrain"] == "domain"


def test_a_browser_chart_has_no_fixed_width():
    """Its width is its box's (every chart was 700 px wide, whatever its box): the chart's
    JavaScript sizes it (tests/widgets/test_plotly_chart_browser.py), and
    tests/studies/test_browser_prior_shift.py checks the widths on the page."""
    from costlab.widgets._kit.charts import BrowserChart

    chart = BrowserChart(figsize=(12.6, 5.8), dpi=80)
    assert "width" not in chart.plot.chart_layout and chart.plot.chart_layout["autosize"]


def test_titles_texts_and_tick_labels_keep_their_place_size_and_weight():
    figure = Figure(dpi=72)
    ax = figure.add_subplot()
    ax.bar([0], [2.0], edgecolor="k", linewidth=2)
    ax.set_title("on the left", loc="left", fontsize=12)
    ax.text(0, 2.0, "2.00", va="bottom", ha="center")
    ax.tick_params(axis="y", labelsize=8)
    ax.secondary_xaxis("top")
    figure.suptitle("the figure", x=0.01, ha="left")
    traces, layout = describe_figure(figure)
    title, value = layout["annotations"]
    assert (title["text"], title["x"], title["xanchor"]) == ("on the left", 0.0, "left")
    assert title["font"]["size"] == pytest.approx(12.0) and title["yshift"] > 20  # over the axis
    assert value["yanchor"] == "bottom"  # a bar's value sits on the bar, not across its top
    assert layout["yaxis"]["tickfont"]["size"] == pytest.approx(8.0)
    assert (layout["title"]["x"], layout["title"]["xanchor"]) == (0.01, "left")
    assert traces[0]["line"] == {"width": pytest.approx(2.0), "color": "rgba(0,0,0,1)"}


def test_a_colorbar_is_as_thin_as_matplotlib_draws_it():
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 1])
    figure.colorbar(mpl.cm.ScalarMappable(cmap="viridis"), ax=ax)
    _, layout = describe_figure(figure)
    (x0, x1), (y0, y1) = layout["xaxis2"]["domain"], layout["yaxis2"]["domain"]
    assert (x1 - x0) * figure.get_figwidth() < (y1 - y0) * figure.get_figheight() / 10


def test_a_top_axis_and_titles_under_a_suptitle_get_room_above():
    from costlab.widgets._kit.mirror import MARGIN

    figure = Figure()
    plain = figure.add_subplot()
    plain.plot([0, 1], [0, 1])
    assert describe_figure(figure)[1]["margin"] == MARGIN
    plain.secondary_xaxis("top")
    assert describe_figure(figure)[1]["margin"]["t"] == MARGIN["t"] + 45
    plain.set_title("a panel")
    figure.suptitle("the figure")
    assert describe_figure(figure)[1]["margin"]["t"] == MARGIN["t"] + 67


def test_a_best_legend_grows_from_the_corner_matplotlib_puts_it_in():
    """plotly's legend is not matplotlib's size: anchored at the corner of matplotlib's place
    nearest the Axes' corner, it grows away from the frame, not over the title."""
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 0.2], label="low on the right")
    ax.plot([0, 1], [0.0, 0.1], label="lower")
    ax.set_ylim(0, 1)
    ax.legend(loc="best")  # matplotlib's first empty place: the upper right
    _, layout = describe_figure(figure)
    legend = layout["legend"]
    assert (legend["xanchor"], legend["yanchor"]) == ("right", "top")
    assert legend["x"] == pytest.approx(1.0, abs=0.05)
    assert legend["y"] == pytest.approx(1.0, abs=0.05)


def test_a_vertical_line_spans_the_axes_and_an_annotation_has_its_text_and_arrow():
    """``axvline``'s y is in the Axes' fraction (0 to 1 is bottom to top, whatever the data);
    an annotation's text sits at its ``xytext``, with its arrow to ``xy``."""
    figure = Figure()
    ax = figure.add_subplot()
    ax.plot([0, 1], [0, 10])
    ax.set_ylim(0, 10)
    ax.axvline(0.5)
    ax.annotate(
        "there",
        xy=(0.2, 2.0),
        xytext=(0.9, 0.9),
        textcoords="axes fraction",
        arrowprops={"arrowstyle": "->", "color": "r"},
    )
    ax.annotate("beside", xy=(0.4, 4.0), xytext=(6, -12), textcoords="offset points")
    traces, layout = describe_figure(figure)
    assert traces[1]["x"] == pytest.approx([0.5, 0.5]) and traces[1]["y"] == pytest.approx(
        [0.0, 10.0]
    )
    there, beside = layout["annotations"]
    assert (there["x"], there["y"], there["showarrow"]) == (0.2, 2.0, True)
    assert (there["axref"], there["ayref"]) == ("x", "y")
    assert there["ay"] == pytest.approx(9.0) and there["arrowcolor"] == "rgba(255,0,0,1)"
    assert (beside["x"], beside["y"], beside["showarrow"]) == (0.4, 4.0, False)
    assert beside["yshift"] < 0 < beside["xshift"]


def test_a_best_placed_legend_is_measured_on_the_decimated_lines(monkeypatch):
    """matplotlib's ``loc="best"`` tests every vertex of every line (2 s a move for the prior
    widget's million-score curves): the mirror measures it on the lines as decimated for the
    browser, and gives each line its own data back."""
    from matplotlib.legend import Legend

    from costlab.widgets._kit.mirror import MAX_POINTS

    figure = Figure()
    ax = figure.add_subplot()
    x = np.linspace(0.0, 1.0, 200_000)
    (line,) = ax.plot(x, np.sin(40 * x), label="a long curve")
    ax.legend(loc="best")
    data = line.get_xdata().copy(), line.get_ydata().copy()
    seen = []
    measure = Legend._find_best_position

    def spying(legend, *args, **kwargs):
        seen.append(len(legend.axes.lines[0].get_xdata()))
        return measure(legend, *args, **kwargs)

    monkeypatch.setattr(Legend, "_find_best_position", spying)
    describe_figure(figure)
    assert seen and max(seen) <= MAX_POINTS
    assert np.array_equal(line.get_xdata(), data[0]) and np.array_equal(line.get_ydata(), data[1])
