"""A matplotlib figure read as plotly traces and layout: what a browser-drawn chart shows.

The explorers draw with costlab's Displays (:mod:`costlab.plotting`), the figures of papers and
exports. For the browser, :func:`describe_figure` reads the artists a Display put on the figure's
Axes - lines, scatter points, filled areas, bars and spans, texts, axis limits, scales, ticks and
labels - and returns them as plain dicts of plotly attributes, without rendering a pixel. A
browser chart (:class:`costlab.widgets._kit.charts.BrowserChart`) then sends these numbers, a
few hundred per curve, instead of a PNG, so a chart and its Display show the same data by
construction: the x and y of every line are the Line2D's own arrays (decimated only where a
line has more points than a chart has pixels, :func:`decimate`).

Pure functions of the figure: nothing here imports plotly or touches a widget.
"""

from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection, PathCollection, PolyCollection, QuadMesh
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.transforms import Bbox

from costlab.widgets._kit.legends import describe_legends
from costlab.widgets._kit.texts import (
    axes_annotations,
    has_top_axis,
    plotly_text,
    px_per_point,
    rgba,
)

__all__ = ["MARGIN", "MAX_POINTS", "decimate", "describe_figure", "plotly_text"]

#: A line with more points than this is decimated for the browser (an explorer's chart is
#: at most about 1,000 pixels wide; :func:`decimate` keeps each bin's first, last, lowest and
#: highest point, so the drawn envelope is the same).
MAX_POINTS = 4000

#: plotly's margins around the plot area (px), room for the outer Axes' ticks and labels; a
#: chart whose top row also has a top axis, or Axes titles under a suptitle, gets more above.
MARGIN = {"l": 60, "r": 20, "t": 36, "b": 50}

_DASH = {"-": "solid", "--": "dash", ":": "dot", "-.": "dashdot", "solid": "solid"}
_DASH |= {"dashed": "dash", "dotted": "dot", "dashdot": "dashdot"}
#: matplotlib's markers as plotly's symbols, and the factor that draws each as large: a marker
#: of ``markersize`` points spans that many points (its circle's diameter, a star's outer
#: circle, a line's length), plotly's symbols of ``size`` px from 1 (circle, square) to 1.4 (a
#: star's outer circle, a line marker) times ``size``.
_SYMBOL = {"o": ("circle", 1.0), "s": ("square", 1.0), "p": ("pentagon", 1.0)}
_SYMBOL |= {"h": ("hexagon", 1.0), "H": ("hexagon2", 1.0), "*": ("star", 1 / 1.4)}
_SYMBOL |= {"D": ("diamond", 1.41 / 1.3), "d": ("diamond-tall", 1.41 / 1.3)}
_SYMBOL |= {"^": ("triangle-up", 1.15), "v": ("triangle-down", 1.15)}
_SYMBOL |= {"<": ("triangle-left", 1.15), ">": ("triangle-right", 1.15)}
_SYMBOL |= {"x": ("x-thin", 1.0), "X": ("x", 1 / 1.13), "+": ("cross-thin", 1 / 1.4)}
_SYMBOL |= {"P": ("cross", 1 / 1.2), "|": ("line-ns", 1 / 1.4), "_": ("line-ew", 1 / 1.4)}
#: plotly's symbols drawn by their outline only (matplotlib's unfilled markers).
_LINE_SYMBOLS = {"x-thin", "cross-thin", "line-ns", "line-ew"}


def describe_figure(figure):
    """Read every Axes of a matplotlib figure as plotly traces and a layout.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
        A figure a Display has drawn on (it need not have been rendered).

    Returns
    -------
    traces : list of dict
        One ``scatter`` or ``bar``-like trace per line, point set, filled area and span, in
        drawing order, each naming its axes (``xaxis``/``yaxis``: ``x``, ``x2``, ...).
    layout : dict
        Axes domains, ranges, scales, ticks, titles, annotations and the legend.
    """
    axes = [ax for ax in figure.axes if ax.get_visible() and not _is_twin(ax, figure)]
    traces, layout, annotations, axes_ids = [], {}, [], {}
    frame = _frame(axes)
    for number, ax in enumerate(axes, start=1):
        ids = axes_ids[ax] = _axis_ids(number, len(axes))
        layout.update(_axes_layout(ax, ids, frame))
        ax_traces = _artist_traces(ax, ids)
        annotations += axes_annotations(ax, ids)
        twin = _twin_of(ax, figure)
        if twin is not None:
            twin_ids = (ids[0], f"y{100 + number}")
            layout[_layout_key(twin_ids[1])] = {
                **_scale_layout(twin, "y"),
                "overlaying": ids[1],
                "side": "right",
                "showgrid": False,
                "title": {"text": plotly_text(twin.get_ylabel())},
            }
            ax_traces = _artist_traces(twin, twin_ids) + ax_traces  # the twin is drawn below
        for secondary in ax.child_axes:
            secondary_layout, carrier = _secondary_layout(ax, secondary, ids, 100 + number)
            layout.update(secondary_layout)
            ax_traces.append(carrier)
        traces += ax_traces
    legends, entries = describe_legends(figure, axes_ids, frame, _line_trace, plotly_text)
    layout.update(legends, showlegend=bool(legends))
    traces += entries
    title = figure.get_suptitle() if hasattr(figure, "get_suptitle") else ""
    if title:
        suptitle = figure._suptitle  # noqa: SLF001 - where matplotlib keeps the Text
        align = suptitle.get_horizontalalignment()
        layout["title"] = {
            "text": plotly_text(title),
            "x": float(suptitle.get_position()[0]),
            "xanchor": align if align in ("left", "right") else "center",
            "font": {"size": suptitle.get_fontsize() * px_per_point(suptitle)},
        }
    layout["annotations"] = annotations
    layout["margin"] = MARGIN | {"t": MARGIN["t"] + _room_above(axes, bool(title))}
    return traces, layout


def _room_above(axes, suptitle):
    """Pixels more above the plot area than :data:`MARGIN`'s, for what the top row of Axes
    draws above itself: a top secondary axis (ticks and label), a title under a suptitle."""
    top = max((ax.get_position().y1 for ax in axes), default=1.0)
    room = 0
    for ax in axes:
        if ax.get_position().y1 < top - 1e-3:
            continue
        above = has_top_axis(ax)
        titled = any(ax.get_title(loc=loc) for loc in ("center", "left", "right"))
        room = max(room, 45 * above + 22 * (titled and suptitle))
    return room


def decimate(x, y, max_points=MAX_POINTS):
    """At most about ``max_points`` points of a line, drawn the same at a chart's resolution.

    The points are cut into ``max_points // 4`` runs of consecutive points; each run keeps its
    first, last, lowest and highest point in their original order (a min-max decimation), so
    steps and spikes a pixel would show survive.

    Parameters
    ----------
    x, y : array-like of shape (n,)
    max_points : int

    Returns
    -------
    x, y : ndarray
        The inputs themselves when ``n <= max_points``.
    """
    x, y = np.asarray(x), np.asarray(y)
    if x.size <= max_points:
        return x, y
    bins = max(max_points // 4, 1)
    edges = np.linspace(0, x.size, bins + 1).astype(np.intp)
    starts, stops = edges[:-1], edges[1:]  # no run is empty: x.size > max_points >= bins
    # every run as a row of one array (runs differ in length by at most one point)
    index = starts[:, None] + np.arange(int((stops - starts).max()))[None, :]
    inside = index < stops[:, None]
    values = y[np.minimum(index, x.size - 1)].astype(float)
    usable = inside & np.isfinite(values)  # a run without a finite value keeps its ends only
    lowest = np.argmin(np.where(usable, values, np.inf), axis=1)  # the first, as nanargmin
    highest = np.argmax(np.where(usable, values, -np.inf), axis=1)
    picks = np.concatenate([starts, stops - 1, starts + lowest, starts + highest])
    index = np.unique(picks)  # in order: each run's picks, run after run
    return x[index], y[index]


def _axis_ids(number, count):
    suffix = "" if number == 1 else str(number)
    return f"x{suffix}", f"y{suffix}"


def _layout_key(axis_id):
    """``x`` -> ``xaxis``, ``y3`` -> ``yaxis3`` (plotly's layout keys of a trace's axes)."""
    return f"{axis_id[0]}axis{axis_id[1:]}"


def _axes_layout(ax, ids, frame):
    """Domain, range, scale, ticks, sides and title of one Axes (its place in the figure)."""
    x_domain, y_domain = _domain(ax, frame)
    x_key, y_key = _layout_key(ids[0]), _layout_key(ids[1])
    layout = {
        x_key: {
            **_scale_layout(ax, "x"),
            "domain": x_domain,
            "anchor": ids[1],
            "side": "top" if ax.xaxis.get_ticks_position() == "top" else "bottom",
            "title": {"text": plotly_text(ax.get_xlabel())},
        },
        y_key: {
            **_scale_layout(ax, "y"),
            "domain": y_domain,
            "anchor": ids[0],
            "side": "right" if ax.yaxis.get_ticks_position() == "right" else "left",
            "title": {"text": plotly_text(ax.get_ylabel())},
        },
    }
    if ax.get_aspect() == 1.0 and ax.get_xscale() == ax.get_yscale() == "linear":
        # a square ROC stays square: plotly narrows the longer side's domain, not its range
        layout[y_key] |= {"scaleanchor": ids[0], "scaleratio": 1.0, "constrain": "domain"}
        layout[x_key]["constrain"] = "domain"
    return layout


def _frame(axes):
    """The box (figure fraction) around every Axes: plotly's plot area, paper's [0, 1]."""
    boxes = [ax.get_position() for ax in axes]
    return Bbox.union(boxes) if boxes else Bbox.unit()


def _domain(ax, frame):
    """The Axes' place in plotly's [0, 1] paper units: where matplotlib put it in the figure
    (``get_position``: after the layout engine and a fixed aspect), within ``frame``."""
    ax.apply_aspect()  # a colorbar's or a square panel's box, as a draw would shrink it
    box = ax.get_position()
    x = np.clip([(box.x0 - frame.x0) / frame.width, (box.x1 - frame.x0) / frame.width], 0, 1)
    y = np.clip([(box.y0 - frame.y0) / frame.height, (box.y1 - frame.y0) / frame.height], 0, 1)
    return x.tolist(), y.tolist()


def _scale_layout(ax, which):
    """Range, linear/log type and the ticks matplotlib chose (positions and label texts)."""
    axis = ax.xaxis if which == "x" else ax.yaxis
    low, high = ax.get_xlim() if which == "x" else ax.get_ylim()
    log = axis.get_scale() == "log"
    locations, labels = _ticks(axis)
    inside = (locations >= min(low, high) - 1e-12) & (locations <= max(low, high) + 1e-12)
    layout = {
        "type": "log" if log else "linear",
        "range": [float(np.log10(low)), float(np.log10(high))] if log else [low, high],
        "tickmode": "array",
        "tickvals": locations[inside].tolist(),
        "showgrid": bool(axis._major_tick_kw.get("gridOn", False)),
        "zeroline": False,
        "showline": True,
        "mirror": True,
        "linecolor": "#444",
        "ticks": "outside",
        "automargin": True,  # room for the ticks and titles matplotlib draws outside
    }
    if len(labels) == locations.size:
        layout["ticktext"] = [label for label, keep in zip(labels, inside, strict=True) if keep]
    return layout | _tick_style(axis)


def _tick_style(axis):
    """The major tick labels' angle, size and colour, as matplotlib draws them."""
    ticks = axis.get_major_ticks(1)  # the first tick: how tick_params set every label
    if not ticks:
        return {}
    label = ticks[0].label1
    font = {"size": label.get_fontsize() * px_per_point(label), "color": rgba(label.get_color())}
    style = {"tickfont": font}
    if label.get_rotation():
        style["tickangle"] = -float(label.get_rotation())  # plotly turns clockwise
    return style


def _ticks(axis):
    """The major ticks' positions and label texts, from the axis's locator and formatter
    (without the Tick artists matplotlib would make to draw them)."""
    locations = np.asarray(axis.get_major_locator()(), dtype=float)
    labels = axis.get_major_formatter().format_ticks(locations)
    return locations, [plotly_text(label) for label in labels]


def _secondary_layout(ax, secondary, ids, number):
    """A secondary axis (``secondary_xaxis``/``secondary_yaxis``) as an overlaying plotly axis
    whose ticks sit where matplotlib puts them on the parent's scale, on the parent's frame and
    side; and the empty trace that carries it (plotly draws no axis that no trace uses)."""
    # matplotlib keeps a secondary axis's (forward, inverse) functions privately; its ticks sit
    # on the parent's axis at inverse(tick), as matplotlib draws them.
    horizontal = secondary._orientation == "x"  # noqa: SLF001
    secondary.apply_aspect()  # its limits from the parent's, as a draw would set them
    axis = secondary.xaxis if horizontal else secondary.yaxis
    locations, labels = _ticks(axis)
    with np.errstate(divide="ignore", invalid="ignore"):
        positions = np.asarray(secondary._functions[1](locations), dtype=float)  # noqa: SLF001
    low, high = ax.get_xlim() if horizontal else ax.get_ylim()
    finite = np.isfinite(positions)
    inside = finite & (positions >= min(low, high) - 1e-9) & (positions <= max(low, high) + 1e-9)
    parent = _scale_layout(ax, "x" if horizontal else "y")
    axis_id = f"{'x' if horizontal else 'y'}{number}"
    high_side = secondary._pos >= 0.5  # noqa: SLF001 - its location, 0 (bottom) to 1 (top)
    side = ("top" if high_side else "bottom") if horizontal else ("right" if high_side else "left")
    carrier = {"type": "scatter", "x": [None], "y": [None], "mode": "markers", "hoverinfo": "skip"}
    carrier |= {"name": "", "showlegend": False, "legendgroup": ""}
    carrier |= (
        {"xaxis": axis_id, "yaxis": ids[1]} if horizontal else {"xaxis": ids[0], "yaxis": axis_id}
    )
    layout = {
        _layout_key(axis_id): {
            "type": parent["type"],
            "range": parent["range"],
            "overlaying": ids[0] if horizontal else ids[1],
            "anchor": ids[1] if horizontal else ids[0],  # on its parent's frame, not paper's
            "side": side,
            "showline": False,  # the parent's frame (mirrored) is drawn already
            **_tick_style(axis),
            "tickmode": "array",
            "tickvals": positions[inside].tolist(),
            "ticktext": [lab for lab, keep in zip(labels, inside, strict=False) if keep],
            "showgrid": False,
            "zeroline": False,
            "ticks": "outside",
            "automargin": True,  # room for the ticks and titles matplotlib draws outside
            "title": {"text": plotly_text(axis.get_label_text())},
        }
    }
    return layout, carrier


def _is_twin(ax, figure):
    """True for the second Axes of a ``twinx`` pair (it is read with the first)."""
    return any(other is not ax and _twin_of(other, figure) is ax for other in figure.axes)


def _twin_of(ax, figure):
    """The ``twinx`` partner drawn after ``ax`` on the same place, or None."""
    for other in figure.axes[figure.axes.index(ax) + 1 :]:
        if other.get_shared_x_axes().joined(ax, other) and other.bbox.bounds == ax.bbox.bounds:
            return other
    return None


def _artist_traces(ax, ids):
    """Patches, collections and lines of one Axes as traces, lowest ``zorder`` first."""
    artists = [*ax.patches, *ax.collections, *ax.lines]
    artists = [a for a in artists if a.get_visible()]
    artists.sort(key=lambda artist: artist.get_zorder())  # stable: drawing order within a level
    traces = []
    for artist in artists:
        for trace in _traces_of(artist, ax):
            trace.update(xaxis=ids[0], yaxis=ids[1])
            name = artist.get_label()
            trace["name"] = plotly_text(name) if name and not name.startswith("_") else ""
            # a legend lists its own entries (:mod:`legends`); a curve toggles with its entry
            trace["showlegend"] = False
            trace["legendgroup"] = trace["name"]
            traces.append(trace)
    return traces


def _traces_of(artist, ax):
    if isinstance(artist, Line2D):
        return [_line_trace(artist)]
    if isinstance(artist, PathCollection):
        return [_scatter_trace(artist)]
    if isinstance(artist, LineCollection):
        return [_segments_trace(artist)]
    if isinstance(artist, QuadMesh):
        return [_mesh_trace(artist)]
    if isinstance(artist, PolyCollection):
        return [_polygon_trace(path.vertices, artist, ax, 0) for path in artist.get_paths()]
    if isinstance(artist, Patch):
        verts = ax.transData.inverted().transform(artist.get_verts())
        edge, width = artist.get_edgecolor(), artist.get_linewidth() * px_per_point(artist)
        return [_fill_trace(verts, artist.get_facecolor(), artist.get_label(), edge, width)]
    return []


def _line_trace(line):
    x, y = decimate(*_data_of(line))
    colour = rgba(line.get_color(), line.get_alpha())
    style = line.get_linestyle()
    marker = line.get_marker()
    has_marker = marker not in (None, "None", "", " ", "none")
    mode = "lines" if style not in ("None", "", " ", "none") else ""
    mode = "+".join(part for part in (mode, "markers" if has_marker else "") if part) or "lines"
    px = px_per_point(line)
    trace = {
        "type": "scatter",
        "x": _plain(x),
        "y": _plain(y),
        "mode": mode,
        "line": {
            "color": colour,
            "width": line.get_linewidth() * px,
            "dash": _DASH.get(style, "solid"),
            "shape": "hv" if line.get_drawstyle() == "steps-post" else "linear",
        },
    }
    if has_marker:
        trace["marker"] = _marker(line, px)
    return trace


def _data_of(line):
    """A line's points in its Axes' data units: as they are, or (``axvline``, ``axhline``: one
    coordinate in the Axes' fraction) brought from its own coordinates to the data's."""
    x, y = (np.asarray(v) for v in line.get_data())
    ax, transform = line.axes, line.get_transform()
    if ax is None or transform is ax.transData or x.size == 0:
        return x, y
    points = np.column_stack([x, y]).astype(float)
    data = (transform - ax.transData).transform(points)
    return data[:, 0], data[:, 1]


def _marker(line, px):
    """A Line2D's marker as plotly's: the same symbol, as large (``_SYMBOL``), its edge."""
    symbol, scale = _SYMBOL.get(str(line.get_marker()), ("circle", 1.0))
    edge = rgba(line.get_markeredgecolor(), line.get_alpha())
    unfilled = symbol in _LINE_SYMBOLS or line.get_fillstyle() == "none"
    return {
        "symbol": symbol + ("-open" if unfilled and symbol not in _LINE_SYMBOLS else ""),
        "size": line.get_markersize() * px * scale,
        "color": edge if unfilled else rgba(line.get_markerfacecolor(), line.get_alpha()),
        "line": {"color": edge, "width": line.get_markeredgewidth() * px},
    }


def _scatter_trace(collection):
    offsets = np.asarray(collection.get_offsets(), dtype=float).reshape(-1, 2)
    faces = collection.get_facecolors()
    colours = [rgba(face) for face in faces] if len(faces) else ["rgba(0,0,0,0)"]
    # ``s`` is an area in points²: a circle of sqrt(s) points across
    sizes = np.sqrt(np.asarray(collection.get_sizes(), dtype=float)) * px_per_point(collection)
    return {
        "type": "scatter",
        "x": _plain(offsets[:, 0]),
        "y": _plain(offsets[:, 1]),
        "mode": "markers",
        "marker": {
            "color": colours[0] if len(colours) == 1 else colours,
            "size": float(sizes[0]) if sizes.size == 1 else sizes.tolist() or 6.0,
            "line": {"width": 0},
        },
    }


def _segments_trace(collection):
    xs, ys = [], []
    for segment in collection.get_segments():
        xs += [*np.asarray(segment)[:, 0].tolist(), None]
        ys += [*np.asarray(segment)[:, 1].tolist(), None]
    colours = collection.get_colors()
    width = collection.get_linewidths()
    return {
        "type": "scatter",
        "x": xs,
        "y": ys,
        "mode": "lines",
        "line": {
            "color": rgba(colours[0]) if len(colours) else "#000",
            "width": float(width[0]) * px_per_point(collection) if len(width) else 1.0,
        },
    }


def _mesh_trace(mesh):
    """A QuadMesh (``pcolormesh``, a colorbar's gradient) as a heatmap on its cell edges, each
    cell coloured as matplotlib colours it (its colormap at its normalised value)."""
    edges = np.asarray(mesh.get_coordinates(), dtype=float)
    values = np.ma.filled(mesh.norm(mesh.get_array()), np.nan)
    stops = np.linspace(0.0, 1.0, 33)
    return {
        "type": "heatmap",
        "x": _plain(edges[0, :, 0]),
        "y": _plain(edges[:, 0, 1]),
        "z": np.asarray(values, dtype=float).reshape(edges.shape[0] - 1, -1).tolist(),
        "zmin": 0.0,
        "zmax": 1.0,
        "colorscale": [[float(v), rgba(mesh.cmap(v))] for v in stops],
        "showscale": False,
        "hoverinfo": "skip",
    }


def _polygon_trace(vertices, collection, ax, index):
    faces = collection.get_facecolors()
    face = faces[index % len(faces)] if len(faces) else (0, 0, 0, 0)
    return _fill_trace(vertices, face, collection.get_label())


def _fill_trace(vertices, face, label, edge=(0, 0, 0, 0), width=0.0):
    """A filled polygon (its outline drawn where the patch has a visible edge)."""
    vertices = np.asarray(vertices, dtype=float)
    outlined = width > 0 and to_rgba(edge)[3] > 0
    return {
        "type": "scatter",
        "x": _plain(vertices[:, 0]),
        "y": _plain(vertices[:, 1]),
        "mode": "lines",
        "fill": "toself",
        "fillcolor": rgba(face),
        "line": {"width": float(width), "color": rgba(edge)}
        if outlined
        else {"width": 0, "color": "rgba(0,0,0,0)"},
        "hoverinfo": "skip",
    }


def _plain(values):
    """A float array as a list plotly serialises, with NaN and inf as gaps (None)."""
    array = np.asarray(values, dtype=float)
    out = array.tolist()
    if not np.isfinite(array).all():
        out = [value if np.isfinite(value) else None for value in out]
    return out
