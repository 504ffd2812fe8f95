"""A figure's matplotlib legends as plotly legends: the same entries, where matplotlib puts them.

Part of the mirror (:mod:`costlab.widgets._kit.mirror`): each matplotlib legend (an Axes' or the
figure's) becomes its own plotly legend (``legend``, ``legend2``, ...), placed at the corner
matplotlib anchors it to (its ``loc`` on its ``bbox_to_anchor``; for ``loc="best"`` the place
matplotlib computes), outside the plot area when the Display put it outside. Each entry is a
legend-only trace drawn like the legend's own handle (a line, a marker, a patch's colour), so
bars, proxies and relabelled handles are listed as matplotlib lists them; it shares its
``legendgroup`` with the curves of the same name, so clicking it toggles them.

Pure functions of the figure: nothing here imports plotly or touches a widget.
"""

from __future__ import annotations

import contextlib

import numpy as np
from matplotlib.collections import Collection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from costlab.widgets._kit.texts import rgba

__all__ = ["describe_legends"]

#: matplotlib's ``loc`` codes: which corner of the legend sits on which point of its anchor box
#: (x: 0 left, 0.5 centre, 1 right; y: 0 bottom, 0.5 middle, 1 top).
_CORNERS = {
    1: (1.0, 1.0),  # upper right
    2: (0.0, 1.0),  # upper left
    3: (0.0, 0.0),  # lower left
    4: (1.0, 0.0),  # lower right
    5: (1.0, 0.5),  # right
    6: (0.0, 0.5),  # center left
    7: (1.0, 0.5),  # center right
    8: (0.5, 0.0),  # lower center
    9: (0.5, 1.0),  # upper center
    10: (0.5, 0.5),  # center
}
_X_ANCHOR = {0.0: "left", 0.5: "center", 1.0: "right"}
_Y_ANCHOR = {0.0: "bottom", 0.5: "middle", 1.0: "top"}


def describe_legends(figure, axes_ids, frame, line_trace, text):
    """Every legend of ``figure`` as plotly legends and their legend-only entry traces.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
    axes_ids : dict
        Each Axes read (key) and its plotly axis ids ``(x, y)``.
    frame : Bbox
        The figure-fraction box that plotly's plot area (paper coordinates [0, 1]) stands for.
    line_trace : callable
        The mirror's reading of a Line2D as a scatter trace (styles the line handles).
    text : callable
        The mirror's label text conversion (:func:`~costlab.widgets._kit.mirror.plotly_text`).

    Returns
    -------
    layout : dict
        ``legend``, ``legend2``, ... (none without a legend).
    traces : list of dict
        One legend-only trace per entry (no point drawn), in each legend's order.
    """
    legends = [(ax, ax.get_legend()) for ax in axes_ids if ax.get_legend() is not None]
    legends += [(None, legend) for legend in figure.legends]
    first = next(iter(axes_ids.values()), ("x", "y"))
    layout, traces = {}, []
    for number, (ax, legend) in enumerate(legends, start=1):
        if not legend.get_visible():
            continue
        key = "legend" if number == 1 else f"legend{number}"
        layout[key] = _placement(legend, figure, frame)
        ids = axes_ids.get(ax, first)
        entries = zip(legend.get_texts(), legend.legend_handles, strict=False)
        for rank, (label, handle) in enumerate(entries):
            entry = _entry(handle, line_trace, figure.dpi / 72.0)
            if entry is None or not label.get_text():
                continue
            name = text(label.get_text())
            entry.update(
                x=[None],
                y=[None],
                xaxis=ids[0],
                yaxis=ids[1],
                name=name,
                showlegend=True,
                legend=key,
                legendgroup=name,
                legendrank=1000 * number + rank,
                hoverinfo="skip",
            )
            traces.append(entry)
    return layout, traces


def _placement(legend, figure, frame):
    """Where plotly puts the legend (paper coordinates of ``frame``), its font and frame."""
    x, y, (xa, ya) = _anchor(legend, figure)
    outside = getattr(legend, "_outside_loc", None) or ""
    xa = {"right": 0.0, "left": 1.0}.get(outside, xa)  # hung beside the Axes, not over them
    ya = {"lower": 1.0, "upper": 0.0}.get(outside, ya)
    to_paper = np.array([frame.x0, frame.y0]), np.array([frame.width, frame.height])
    px, py = (np.array([x, y]) - to_paper[0]) / to_paper[1]
    fontsize = legend.get_texts()[0].get_fontsize() if legend.get_texts() else 10.0
    framed = legend.get_frame_on()
    box = legend.get_frame()
    return {
        "x": float(px),
        "y": float(py),
        "xanchor": _X_ANCHOR[xa],
        "yanchor": _Y_ANCHOR[ya],
        "xref": "paper",
        "yref": "paper",
        "orientation": "h" if getattr(legend, "_ncols", 1) > 1 else "v",
        "tracegroupgap": 0,  # each entry is its own group (its curves'): no gap between them
        "font": {"size": float(fontsize) * figure.dpi / 72.0},
        "bgcolor": rgba(box.get_facecolor()) if framed else "rgba(0,0,0,0)",
        "bordercolor": rgba(box.get_edgecolor()) if framed else "rgba(0,0,0,0)",
        "borderwidth": 1 if framed else 0,
    }


def _anchor(legend, figure):
    """The point (figure fraction) a corner of the legend sits on, and which corner: its
    ``loc`` on its ``bbox_to_anchor``, pushed outside the Axes for an ``outside`` figure legend;
    a tuple ``loc``'s lower left; for ``best``, the corner of the place matplotlib chooses
    (measuring the legend) nearest its anchor box's, so that plotly's legend, of another size,
    grows away from the frame."""
    to_figure = figure.transFigure.inverted()
    loc = legend._loc  # noqa: SLF001 - matplotlib keeps the code or tuple only here
    if isinstance(loc, tuple):
        box = legend.get_bbox_to_anchor().transformed(to_figure)
        return box.x0 + loc[0] * box.width, box.y0 + loc[1] * box.height, (0.0, 0.0)
    if loc not in _CORNERS:  # "best": where matplotlib puts it, measured once
        with _decimated(legend.axes):
            box = legend.get_window_extent().transformed(to_figure)
        frame = legend.get_bbox_to_anchor().transformed(to_figure)
        cx = float((box.x0 + box.x1) / 2 > (frame.x0 + frame.x1) / 2)
        cy = float((box.y0 + box.y1) / 2 > (frame.y0 + frame.y1) / 2)
        return box.x0 + cx * box.width, box.y0 + cy * box.height, (cx, cy)
    box = legend.get_bbox_to_anchor().transformed(to_figure)
    cx, cy = _CORNERS[loc]
    x, y = box.x0 + cx * box.width, box.y0 + cy * box.height
    outside = getattr(legend, "_outside_loc", None)
    if outside and figure.axes:  # below, above or beside every Axes, not over them
        axes = [ax.get_position() for ax in figure.axes if ax.get_visible()]
        if outside.startswith("lower"):
            y = min(b.y0 for b in axes) - 0.12
        elif outside.startswith("upper"):
            y = max(b.y1 for b in axes) + 0.08
        elif outside.endswith("right"):
            x = max(b.x1 for b in axes) + 0.02
        elif outside.endswith("left"):
            x = min(b.x0 for b in axes) - 0.08
    return x, y, (cx, cy)


@contextlib.contextmanager
def _decimated(ax):
    """``ax``'s long lines decimated as the browser gets them, for the duration of the block.

    matplotlib's ``loc="best"`` tests every vertex of every line against each candidate place:
    2 s a move for the prior widget's million-score curves, where the decimated lines a chart
    shows (:func:`costlab.widgets._kit.mirror.decimate`) keep the same envelope.
    """
    from costlab.widgets._kit.mirror import MAX_POINTS, decimate  # the mirror imports this

    saved = []
    for line in ax.lines if ax is not None else ():
        x, y = line.get_data()
        if len(x) > MAX_POINTS:
            saved.append((line, x, y))
            line.set_data(*decimate(x, y))
    try:
        yield
    finally:
        for line, x, y in saved:
            line.set_data(x, y)


def _entry(handle, line_trace, px):
    """A legend-only trace drawn like ``handle`` (a Line2D, a patch or a collection)."""
    if isinstance(handle, Line2D):
        entry = line_trace(handle)
        entry.pop("x"), entry.pop("y")
        return entry
    if isinstance(handle, Patch):
        face, edge = handle.get_facecolor(), handle.get_edgecolor()
        return _swatch(face, edge, handle.get_linewidth() * px, "square")
    if isinstance(handle, Collection):
        faces, edges = handle.get_facecolor(), handle.get_edgecolor()
        face = faces[0] if len(faces) else (0, 0, 0, 0)
        edge = edges[0] if len(edges) else (0, 0, 0, 0)
        symbol = "circle" if type(handle).__name__ == "PathCollection" else "square"
        return _swatch(face, edge, 0.0, symbol)
    return None


def _swatch(face, edge, width, symbol):
    return {
        "type": "scatter",
        "mode": "markers",
        "marker": {
            "symbol": symbol,
            "size": 12,
            "color": rgba(face),
            "line": {"color": rgba(edge), "width": float(width)},
        },
    }
