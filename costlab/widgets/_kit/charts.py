"""The explorers' charts: drawn in the browser from a Display's numbers, or sent as a PNG.

:class:`BrowserChart` (the explorers' default) reads what a costlab Display drew on a figure
(:mod:`costlab.widgets._kit.mirror`) and sends those numbers to a plotly ``FigureWidget``, whose
JavaScript draws them in the browser: a move updates the data of the existing traces, in one
message, and no pixel is drawn in the kernel. :class:`ChartImage` draws the same figure with
matplotlib and sends a PNG (``charts="png"``: the path the explorers had before, kept for
environments without plotly's front end). Both take the same calls: ``draw(display)``,
:func:`draw_figure` for a view that fills a whole figure, ``clear()``; ``widget`` is what a
layout shows.

The figure is a plain :class:`matplotlib.figure.Figure` on an Agg canvas, not a pyplot figure:
nothing is displayed behind the explorer's back, no figure accumulates in pyplot's registry,
and it works the same headless (tests), in JupyterLab and in Voila. Each update redraws the
axes with a costlab Display (:mod:`costlab.plotting`) and sends one PNG to the browser. Until
the first drawing, and after :meth:`ChartImage.clear`, the image is hidden: an ``Image``
without a value shows the browser's broken-image icon.
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import functools
import io
import json
from collections.abc import Iterator

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from costlab.widgets._kit.mirror import MARGIN, describe_figure

__all__ = [
    "CHARTS",
    "BrowserChart",
    "ChartImage",
    "charts_option",
    "draw_figure",
    "make_chart",
]

#: The ``charts=`` values an explorer accepts.
CHARTS = ("browser", "png")

_CHARTS: contextvars.ContextVar[str] = contextvars.ContextVar("costlab_charts", default="browser")


@contextlib.contextmanager
def charts_option(charts: str | None) -> Iterator[None]:
    """Draw the charts of explorers built within the block in the browser or as PNGs.

    The explorers' builders take ``charts=`` (``cost_explorer(..., charts="png")``) and wrap
    their construction in this context; wrap any other construction of an explorer (a study's
    own, e.g. ``thesis_explorer``) in it to choose for every chart of every panel at once.

    Parameters
    ----------
    charts : {"browser", "png"} or None
        None keeps the enclosing block's choice. ``"browser"`` (the default outside any
        block): the kernel sends each chart's numbers and plotly draws them in the browser, a
        move updating the data of the existing traces. ``"png"``: matplotlib draws each chart
        in the kernel and sends a PNG, as the explorers did before (e.g. where plotly's front
        end cannot load).

    Examples
    --------
    >>> from costlab.widgets import charts_option
    >>> from costlab.widgets._kit.charts import ChartImage, make_chart
    >>> with charts_option("png"):
    ...     isinstance(make_chart(), ChartImage)
    True
    """
    if charts is None:  # keep the enclosing block's choice
        charts = _CHARTS.get()
    if charts not in CHARTS:
        raise ValueError(f"charts must be one of {CHARTS}, got {charts!r}")
    token = _CHARTS.set(charts)
    try:
        yield
    finally:
        _CHARTS.reset(token)


def make_chart(**kwargs):
    """A :class:`BrowserChart` or, under ``charts_option("png")``, a :class:`ChartImage`."""
    return (BrowserChart if _CHARTS.get() == "browser" else ChartImage)(**kwargs)


class _Chart:
    """What both charts share: a Display drawn on the chart's own figure, then shown."""

    figure: Figure
    max_xticks: int
    display_: object

    def draw(self, display, **kwargs):
        """Redraw the figure with ``display.plot(ax=..., **kwargs)`` and show it (:meth:`show`)."""
        self.figure.clear()
        self.display_ = display.plot(ax=self.figure.add_subplot(), **kwargs)
        _thin_xticks(self.display_.ax_, self.max_xticks)
        self.show()
        return self.display_

    def show(self):  # pragma: no cover - each chart sends its own way
        raise NotImplementedError


class ChartImage(_Chart):
    """A Display drawn on a persistent figure and shown as PNG in an ``ipywidgets.Image``.

    Parameters
    ----------
    figsize : tuple of float
        Figure size in inches.
    dpi : int
        Pixels per inch of the PNG.
    css_class : str
        Class of the Image widget's element (for the browser tests and for styling).
    max_xticks : int
        At most this many cost-ratio labels on the x axis (the chart is narrower than a figure).

    Attributes
    ----------
    figure : Figure
    image : ipywidgets.Image
        Hidden (``layout.display == "none"``) while it has no PNG.
    display_ : Display or None
        The Display last drawn; its artists (``ax_``, ``lines_``, ``highlight_``) are the chart's.
    """

    def __init__(self, figsize=(8.2, 3.7), dpi=90, css_class="costlab-chart", max_xticks=10):
        self.max_xticks = max_xticks
        self.figure = Figure(figsize=figsize, dpi=dpi, layout="constrained")
        FigureCanvasAgg(self.figure)
        self.image = widgets.Image(
            format="png", layout=widgets.Layout(width="100%", display="none")
        )
        self.image.add_class(css_class)
        self.display_ = None

    @property
    def widget(self):
        """The widget a layout shows (the Image)."""
        return self.image

    def show(self):
        """Send the figure as it is now."""
        self.image.value = self.png()
        self.image.layout.display = None  # shown once it has a PNG

    def clear(self):
        """Blank the chart (e.g. when no classifier is selected)."""
        self.figure.clear()
        self.display_ = None
        self.image.value = b""
        self.image.layout.display = "none"  # no broken-image icon

    def png(self):
        """The figure as PNG bytes: one Agg draw, then a fast PNG encoding."""
        canvas = self.figure.canvas
        canvas.draw()
        size = canvas.get_width_height(physical=True)
        rgba = Image.frombuffer("RGBA", size, canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
        buffer = io.BytesIO()
        rgba.convert("RGB").save(buffer, format="png", compress_level=1)
        return buffer.getvalue()


def _thin_xticks(ax, max_ticks):
    """Keep every n-th x tick label so that at most ``max_ticks`` remain, slanted as before."""
    ticks = ax.get_xticks()
    if ticks.size <= max_ticks:
        return
    every = -(-ticks.size // max_ticks)
    labels = [label.get_text() for label in ax.get_xticklabels()]
    ax.set_xticks(ticks[::every], labels[::every])
    for label in ax.get_xticklabels():
        label.set_horizontalalignment("right")
        label.set_rotation_mode("anchor")


def draw_figure(chart, view):
    """Redraw ``chart`` (a BrowserChart or ChartImage) with a view that fills the whole figure."""
    chart.figure.clear()
    chart.display_ = view.plot_figure(chart.figure)
    chart.show()
    return chart.display_


class BrowserChart(_Chart):
    """A Display's numbers drawn in the browser by a plotly ``FigureWidget``.

    The Display draws on a matplotlib figure that is never rendered (its artists hold the
    numbers, :func:`costlab.widgets._kit.mirror.describe_figure` reads them); the widget gets
    the traces and layout. When a redraw has the same traces as the last one (the usual move
    of a slider), only their data and style change, in one ``batch_update`` message.

    Parameters
    ----------
    figsize, dpi, css_class, max_xticks
        As :class:`ChartImage`'s: the chart is ``figsize[1] * dpi`` pixels high and as wide as
        its container.

    Attributes
    ----------
    figure : Figure
    plot : plotly.graph_objects.FigureWidget
    widget : ipywidgets.Box
        The box a layout shows, around ``plot``; hidden while nothing is drawn.
    display_ : Display or None
    """

    def __init__(self, figsize=(8.2, 3.7), dpi=90, css_class="costlab-chart", max_xticks=10):
        self.max_xticks = max_xticks
        self.figure = Figure(figsize=figsize, dpi=dpi)
        FigureCanvasAgg(self.figure)
        self.plot = _figure_widget()(
            layout={
                "height": round(figsize[1] * dpi * 1.1),
                "autosize": True,
                "margin": dict(MARGIN),
                "template": "simple_white",
                "legend": {"bgcolor": "rgba(255,255,255,0.8)", "x": 1, "xanchor": "right"},
            }
        )
        # plotly's FigureWidget names its figure layout ``layout``: the box around it carries
        # the widget's CSS class and is hidden while nothing is drawn.
        self.widget = widgets.Box([self.plot], layout=widgets.Layout(width="100%"))
        self.widget.add_class(css_class)
        self.widget.add_class("costlab-browser-chart")
        self.widget.layout.display = "none"
        self.display_ = None
        self._sent = ([], None)  # the traces and layout the browser has

    def show(self):
        """Send the figure's traces and layout: only what changed since the last drawing, as
        an update of the existing traces where there are as many (one message)."""
        traces, layout = describe_figure(self.figure)
        plot = self.plot
        if len(traces) != len(plot.data):
            plot.data = ()
            plot.add_traces(traces)
            self._sent = ([dict(t) for t in traces], None)
        sent_traces, sent_layout = self._sent
        with plot.batch_update():
            for index, spec in enumerate(traces):
                if spec != sent_traces[index]:
                    plot.data[index].update(spec, overwrite=True)
            if layout != sent_layout:
                plot.layout.update(layout, overwrite=True)
        self._sent = (traces, layout)
        self.widget.layout.display = None

    def clear(self):
        """Blank the chart (e.g. when no classifier is selected)."""
        self.figure.clear()
        self.display_ = None
        self.plot.data = ()
        self._sent = ([], None)
        self.widget.layout.display = "none"


#: The JavaScript of every chart: plotly's bundle (its FigureWidget's ``_esm``, 5 MB) imported
#: once per page and shared, in the background. anywidget imports a widget's ``_esm`` for each
#: widget and drops every message to a widget not initialised within 2 s; on two cores one
#: import of the bundle takes 1-2.5 s, four 7-9 s, and those charts never followed a move. So
#: ``initialize`` returns at once and plotly's own ``initialize`` and ``render`` run once the
#: bundle is there (a change sent before that is in the state the chart then draws). plotly sizes
#: a chart to its element when it renders it (its later resizing waits for Lumino's messages,
#: which an anywidget view never gets): the element takes its box's width and ``render`` waits
#: until it has one (it is on the page and shown), else every chart was 700 px wide whatever its
#: box.
_SHARED_ESM = """const bundle = (globalThis[%(key)s] ??= import(URL.createObjectURL(
    new Blob([%(source)s], {type: "text/javascript"}))));
const sized = el => new Promise(resolve => {
    const observer = new ResizeObserver(() => {
        if (el.clientWidth > 0) { observer.disconnect(); resolve(); }
    });
    observer.observe(el);
});
export default () => {
    let plotly = bundle.then(m => m.default());
    return {
        initialize(context) {
            plotly = plotly.then(async widget => {
                await widget.initialize?.(context);
                return widget;
            });
        },
        async render(context) {
            context.el.style.width = "100%%";  // its box's width, not its content's (none yet)
            await sized(context.el);
            return (await plotly).render(context);
        },
    };
};
"""


@functools.cache
def _figure_widget():
    """plotly's ``FigureWidget`` with :data:`_SHARED_ESM` as its JavaScript, whose full state
    is the figure as it is now.

    plotly copies the traces and layout into the state a front end starts from
    (``_widget_data``, ``_widget_layout``) only when the figure itself is displayed; later
    changes go as one-off messages. A chart inside a box is never displayed itself, so a front
    end that connects after the traces were added (Voila shows a notebook once it has run)
    would draw an empty chart. Here the full state (``get_state()``, what a connecting front
    end asks for) carries the current traces and layout; the messages of a move are unchanged.
    """
    import plotly  # a dependency; imported when a chart is made
    import plotly.graph_objects as go

    def get_state(self, key=None, drop_defaults=False):
        state = go.FigureWidget.get_state(self, key, drop_defaults=drop_defaults)
        if not (hasattr(self, "_data") and hasattr(self, "_layout_obj")):  # in __init__
            return state
        current = {"_widget_data": self._data, "_widget_layout": self._layout_obj._props}
        for name in current.keys() & state.keys():
            to_json = self.trait_metadata(name, "to_json", self._trait_to_json)
            state[name] = to_json(copy.deepcopy(current[name]), self)
        return state

    source = str(go.FigureWidget._esm)
    key = json.dumps(f"costlabPlotly{plotly.__version__}")
    esm = _SHARED_ESM % {"key": key, "source": json.dumps(source)}
    members = {"_esm": esm, "get_state": get_state, "__module__": __name__}
    return type("FigureWidget", (go.FigureWidget,), members)
