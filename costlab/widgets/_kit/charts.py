"""A matplotlib figure shown as an ``ipywidgets.Image``: one Figure, redrawn in place.

The figure is a plain :class:`matplotlib.figure.Figure` on an Agg canvas, not a pyplot figure:
nothing is displayed behind the explorer's back, no figure accumulates in pyplot's registry,
and it works the same headless (tests), in JupyterLab and in Voila. Each update redraws the
axes with a costlab Display (:mod:`costlab.plotting`) and sends one PNG to the browser. Until
the first drawing, and after :meth:`ChartImage.clear`, the image is hidden: an ``Image``
without a value shows the browser's broken-image icon.
"""

from __future__ import annotations

import io

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

__all__ = [
    "ChartImage",
    "draw_figure",
]


class ChartImage:
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

    def draw(self, display, **kwargs):
        """Redraw the figure with ``display.plot(ax=..., **kwargs)`` and update the image."""
        self.figure.clear()
        self.display_ = display.plot(ax=self.figure.add_subplot(), **kwargs)
        _thin_xticks(self.display_.ax_, self.max_xticks)
        self.image.value = self.png()
        self.image.layout.display = None  # shown once it has a PNG
        return self.display_

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
    """Redraw ``chart`` (a ChartImage) with a view that fills the whole figure."""
    chart.figure.clear()
    chart.display_ = view.plot_figure(chart.figure)
    chart.image.value = chart.png()
    chart.image.layout.display = None
    return chart.display_
