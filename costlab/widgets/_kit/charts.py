"""The explorers' charts: drawn in the browser from a Display's numbers, or sent as a PNG.

:class:`BrowserChart` (the explorers' default) reads what a costlab Display drew on a figure
(:mod:`costlab.widgets._kit.mirror`) and sends those numbers to a chart widget drawn by plotly.js
in the browser (:mod:`costlab.widgets._kit.plotly_chart`): a move sends one message of numbers,
and no pixel is drawn in the kernel. :class:`ChartImage` draws the same figure with
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
import functools
import io
from collections.abc import Iterator

import ipywidgets as widgets
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, FixedLocator
from PIL import Image

from costlab.widgets._kit.mirror import MARGIN, describe_figure
from costlab.widgets._kit.plotly_chart import PlotlyChart, jsonable

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
        if _thin_xticks(self.display_.ax_, self.max_xticks):
            self._slant_xticks(self.display_.ax_)
        self.show()
        return self.display_

    def show(self):  # pragma: no cover - each chart sends its own way
        raise NotImplementedError

    def _slant_xticks(self, ax):
        """Thinned cost-ratio labels are slanted (a PNG's; the browser's are read as drawn)."""


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

    def _slant_xticks(self, ax):
        for label in ax.get_xticklabels():
            label.set_horizontalalignment("right")
            label.set_rotation_mode("anchor")

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
    """Keep every n-th x tick and its label so that at most ``max_ticks`` remain.

    A fixed locator and formatter, not ``set_ticks``: no ``Tick`` artist is made, which was a
    third of a browser chart's drawing time (the mirror reads the locator and formatter).
    Returns whether the ticks were thinned.
    """
    axis = ax.xaxis
    ticks = np.asarray(axis.get_major_locator()())
    if ticks.size <= max_ticks:
        return False
    every = -(-ticks.size // max_ticks)
    labels = axis.get_major_formatter().format_ticks(ticks)
    axis.set_major_locator(FixedLocator(ticks[::every]))
    axis.set_major_formatter(FixedFormatter(labels[::every]))
    return True


def draw_figure(chart, view):
    """Redraw ``chart`` (a BrowserChart or ChartImage) with a view that fills the whole figure."""
    chart.figure.clear()
    chart.display_ = view.plot_figure(chart.figure)
    chart.show()
    return chart.display_


class BrowserChart(_Chart):
    """A Display's numbers drawn in the browser by plotly.js (:class:`PlotlyChart`).

    The Display draws on a matplotlib figure that is never rendered (its artists hold the
    numbers, :func:`costlab.widgets._kit.mirror.describe_figure` reads them); the chart widget
    gets the traces and layout as JSON, and plotly.js's ``Plotly.react`` redraws what changed.
    A redraw that changes nothing sends nothing; a move sends one message.

    Parameters
    ----------
    figsize, dpi, css_class, max_xticks
        As :class:`ChartImage`'s: the chart is ``figsize[1] * dpi`` pixels high and as wide as
        its container.

    Attributes
    ----------
    figure : Figure
    plot : PlotlyChart
        Its ``traces`` and ``chart_layout`` are what the browser draws.
    widget : ipywidgets.Box
        The box a layout shows, around ``plot``; hidden while nothing is drawn.
    display_ : Display or None
    """

    def __init__(self, figsize=(8.2, 3.7), dpi=90, css_class="costlab-chart", max_xticks=10):
        self.max_xticks = max_xticks
        self.figure = Figure(figsize=figsize, dpi=dpi)
        FigureCanvasAgg(self.figure)
        self._style = {
            "height": round(figsize[1] * dpi * 1.1),
            "autosize": True,
            "margin": dict(MARGIN),
            "template": _template(),
            "legend": {"bgcolor": "rgba(255,255,255,0.8)", "x": 1, "xanchor": "right"},
        }
        self.plot = PlotlyChart(chart_layout=self._style)
        # The box around the chart carries the CSS class and is hidden while nothing is drawn.
        self.widget = widgets.Box([self.plot], layout=widgets.Layout(width="100%"))
        self.widget.add_class(css_class)
        self.widget.add_class("costlab-browser-chart")
        self.widget.layout.display = "none"
        self.display_ = None

    def show(self):
        """Send the figure's traces and layout (nothing when they are what the browser has)."""
        traces, layout = describe_figure(self.figure)
        layout = _merge(self._style, layout)
        with self.plot.hold_sync():  # one message
            self.plot.traces = jsonable(traces)
            self.plot.chart_layout = jsonable(layout)
        self.widget.layout.display = None

    def clear(self):
        """Blank the chart (e.g. when no classifier is selected)."""
        self.figure.clear()
        self.display_ = None
        self.plot.traces = []
        self.widget.layout.display = "none"


def _merge(base, update):
    """``base`` updated by ``update``, nested dicts merged (plotly's ``layout.update``)."""
    merged = dict(base)
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            value = _merge(merged[key], value)
        merged[key] = value
    return merged


@functools.cache
def _template():
    """plotly's ``simple_white`` template as JSON (what the charts are styled with)."""
    import plotly.io  # a dependency; read once, when the first chart is made

    return plotly.io.templates["simple_white"].to_plotly_json()
