"""A figure's texts as plotly annotations, and the units and colours the mirror shares.

Part of the mirror (:mod:`costlab.widgets._kit.mirror`): an Axes' titles (centred, left,
right; above a top secondary axis), its texts and annotations (at their own coordinates, their
arrows drawn), rotated, anchored and sized as matplotlib draws them; matplotlib's label text as
plotly's (:func:`plotly_text`), points as CSS pixels (:func:`px_per_point`) and colours as
plotly's (:func:`rgba`).

Pure functions of the figure: nothing here imports plotly or touches a widget.
"""

from __future__ import annotations

import re

import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.text import Annotation

__all__ = ["axes_annotations", "has_top_axis", "plotly_text", "px_per_point", "rgba"]

#: matplotlib's vertical alignments of a text as plotly's.
_Y_ANCHOR = {"bottom": "bottom", "baseline": "bottom", "top": "top", "center": "middle"}


def plotly_text(text):
    """Matplotlib's label text as plotly's: mathtext's powers and Greek letters as HTML."""
    text = str(text)
    text = re.sub(r"\\mathdefault\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}", r"\1", text)
    text = re.sub(r"\^\{([^{}]*)\}", r"<sup>\1</sup>", text)
    text = re.sub(r"_\{([^{}]*)\}", r"<sub>\1</sub>", text)
    text = re.sub(r"\^(\w)", r"<sup>\1</sup>", text)
    text = re.sub(r"_(\w)", r"<sub>\1</sub>", text)
    for tex, letter in (("\\pi", "π"), ("\\alpha", "α"), ("\\theta", "θ"), ("\\leq", "≤")):
        text = text.replace(tex, letter)
    text = text.replace("\\geq", "≥").replace("\\times", "×").replace("\\mathrm", "")
    text = text.replace("\\,", " ").replace("\\", "")
    return text.replace("$", "").replace("{", "").replace("}", "").replace("\n", "<br>")


def axes_annotations(ax, ids):
    """The Axes' texts and annotations, and its title, as plotly annotations."""
    notes = []
    for loc, x in (("center", 0.5), ("left", 0.0), ("right", 1.0)):
        if ax.get_title(loc=loc):
            notes.append(_title(ax, loc, x, ids))
    for text in ax.texts:
        if not text.get_visible() or not text.get_text():
            continue
        notes.append(_note(ax, text, ids))
    return notes


def _title(ax, loc, x, ids):
    """An Axes title where matplotlib puts it: centred, left or right, above a top axis."""
    title = {"center": ax.title, "left": ax._left_title, "right": ax._right_title}[loc]  # noqa: SLF001
    text = plotly_text(title.get_text())
    bold = title.get_fontweight() in ("bold", "heavy", "semibold", 600, 700, 800, 900)
    above, px = has_top_axis(ax), px_per_point(title)
    return {
        "text": f"<b>{text}</b>" if bold else text,
        "xref": f"{ids[0]} domain",
        "yref": f"{ids[1]} domain",
        "x": x,
        "y": 1.0,
        "xanchor": loc if loc != "center" else "center",
        "yanchor": "bottom",
        "yshift": 45.0 if above else 4.0,  # over a secondary axis's ticks and label
        "font": {"size": title.get_fontsize() * px, "color": rgba(title.get_color())},
        "showarrow": False,
    }


def has_top_axis(ax):
    """Whether a secondary x axis sits on top of ``ax`` (its ticks and label above it)."""
    return any(c._orientation == "x" and c._pos >= 0.5 for c in ax.child_axes)  # noqa: SLF001


def _note(ax, text, ids):
    """A text or annotation at its place: an annotation's text at its ``xytext`` (in its
    coordinates, or offset in points from ``xy``), with an arrow to ``xy`` where it has one."""
    px = px_per_point(text)
    offset = (0.0, 0.0)
    arrow = {}
    if isinstance(text, Annotation):
        target = _log_units(ax, *_to_data(ax, text.xy, _coords(text.xycoords)))
        if text.anncoords == "offset points":
            x, y = target
            offset = text.get_position()
        else:
            x, y = _log_units(ax, *_to_data(ax, text.get_position(), _coords(text.anncoords)))
        if text.arrowprops is not None:  # plotly puts the arrow's head at x, y, the text at ax, ay
            head = {"arrowcolor": rgba(text.arrowprops.get("color", text.get_color()))}
            tail = {"ax": x, "ay": y, "axref": ids[0], "ayref": ids[1]}
            if text.anncoords == "offset points":
                tail = {"ax": offset[0] * px, "ay": -offset[1] * px}
            arrow = {"showarrow": True, "arrowhead": 1, **head, **tail}
            (x, y), offset = target, (0.0, 0.0)
    else:
        x, y = _log_units(
            ax,
            *ax.transData.inverted().transform(text.get_transform().transform(text.get_position())),
        )
    return {
        "text": plotly_text(text.get_text()),
        "x": float(x),
        "y": float(y),
        "xref": ids[0],
        "yref": ids[1],
        "xshift": float(offset[0]) * px,
        "yshift": float(offset[1]) * px,
        "showarrow": False,
        "textangle": -float(text.get_rotation()),  # plotly turns clockwise
        "xanchor": {"left": "left", "right": "right"}.get(text.get_horizontalalignment(), "center"),
        "yanchor": _Y_ANCHOR.get(text.get_verticalalignment(), "middle"),
        "font": {"size": float(text.get_fontsize()) * px, "color": rgba(text.get_color())},
        **arrow,
    }


def _coords(coords):
    return coords if isinstance(coords, str) else "data"


def _log_units(ax, x, y):
    """Data coordinates as plotly's on a log axis (its exponent)."""
    if ax.get_xscale() == "log":
        x = float(np.log10(x)) if x > 0 else x
    if ax.get_yscale() == "log":
        y = float(np.log10(y)) if y > 0 else y
    return float(x), float(y)


def _to_data(ax, xy, coords):
    if coords == "data":
        return xy
    transform = {"axes fraction": ax.transAxes, "figure fraction": ax.figure.transFigure}.get(
        coords, ax.transData
    )
    return ax.transData.inverted().transform(transform.transform(xy))


def px_per_point(artist):
    """CSS pixels per point for ``artist``: its figure's (a chart is as many pixels across as
    its figure, like the figure's PNG), 96 / 72 for an artist on no figure."""
    figure = artist.get_figure(root=True) if hasattr(artist, "get_figure") else None
    return figure.dpi / 72.0 if figure is not None else 96.0 / 72.0


def rgba(colour, alpha=None):
    r, g, b, a = to_rgba(colour, alpha)
    return f"rgba({round(r * 255)},{round(g * 255)},{round(b * 255)},{a:.3g})"
