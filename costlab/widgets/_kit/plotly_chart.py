"""A chart drawn by plotly.js in the browser: a small anywidget front end over ``Plotly.react``.

:class:`PlotlyChart` holds a chart's traces and layout as plain JSON (two synced traits); its
JavaScript draws them with plotly.js's ``Plotly.react``, which compares the new figure with the
drawn one and redraws only what changed. A move of an explorer's slider sets the traits: one
message with the new numbers, no Python-side validation of plotly's schema (plotly's
``FigureWidget`` spent 5-100 ms a move there) and no pixel drawn in the kernel.

plotly.js itself (the 4.8 MB ``plotly.min.js`` that the ``plotly`` package ships, so nothing is
fetched from a CDN) travels once per kernel, in the JavaScript of one hidden :class:`_Loader`
widget that every chart shares (:func:`loader`): the browser evaluates it once per page and the
charts wait for it. plotly's ``FigureWidget`` carried the bundle in every chart's state, 5 MB
per chart for a page to receive and parse.
"""

from __future__ import annotations

import math
from pathlib import Path

import anywidget
import ipywidgets
import numpy as np
import traitlets

__all__ = ["PlotlyChart", "jsonable", "loader"]

#: The page-wide promise of plotly.js: resolved by the loader's module once evaluated.
_SHARED = """const shared = (globalThis.costlabPlotly ??= (() => {
    let resolve;
    const promise = new Promise(r => { resolve = r; });
    return {promise, resolve};
})());
"""

_CHART_ESM = (
    _SHARED
    + """const CONFIG = {displaylogo: false, responsive: true,
                modeBarButtonsToRemove: ["select2d", "lasso2d"]};
// Plotly.react compares the whole figure and redraws every trace; when only some traces' data
// or style changed (a slider's usual move) and the layout did not, Plotly.restyle of those
// traces alone draws the same in about half the time. plotly.js edits the objects it is given:
// it gets copies, and the chart compares what it was sent (as JSON) with what it sent before.
async function update(Plotly, div, traces, layout) {
    const sent = {traces: traces.map(t => JSON.stringify(t)), layout: JSON.stringify(layout)};
    const before = div.costlabSent;
    div.costlabSent = sent;
    if (!before || before.traces.length !== traces.length || before.layout !== sent.layout
        || traces.some((t, i) => t.type !== div.data[i].type)) {
        return Plotly.react(div, structuredClone(traces), structuredClone(layout), CONFIG);
    }
    const changed = traces.map((t, i) => i).filter(i => sent.traces[i] !== before.traces[i]);
    if (!changed.length) return;
    const keys = new Set();  // the attributes that changed, in any of the changed traces
    for (const i of changed) {
        const old = JSON.parse(before.traces[i]);
        for (const key of new Set([...Object.keys(traces[i]), ...Object.keys(old)])) {
            if (JSON.stringify(traces[i][key]) !== JSON.stringify(old[key])) keys.add(key);
        }
    }
    if (keys.has("xaxis") || keys.has("yaxis")) {  // a trace moved to other axes
        return Plotly.react(div, structuredClone(traces), structuredClone(layout), CONFIG);
    }
    const edit = {};
    for (const key of keys) edit[key] = changed.map(i => structuredClone(traces[i][key] ?? null));
    return Plotly.restyle(div, edit, changed);
}
export default {
    render({model, el}) {
        const div = document.createElement("div");
        div.style.width = "100%";
        el.appendChild(div);
        // plotly sizes a chart to its element when it draws it: the first drawing waits until
        // the element has a width (shown on the page), and a change of that width redraws.
        let width = 0, dirty = false, running = false;
        const shown = () => div.clientWidth > 0 ? null : new Promise(resolve => {
            const observer = new ResizeObserver(() => {
                if (div.clientWidth > 0) { observer.disconnect(); resolve(); }
            });
            observer.observe(div);
        });
        const draw = async () => {  // the latest traits, once, however many changes came
            dirty = true;
            if (running) return;
            running = true;
            try {
                while (dirty) {
                    dirty = false;
                    await shown();
                    const Plotly = await shared.promise;
                    await update(Plotly, div, model.get("traces"), model.get("chart_layout"));
                    width = div.clientWidth;
                }
            } finally {
                running = false;
            }
        };
        model.on("change:traces", draw);
        model.on("change:chart_layout", draw);
        draw();
        const resize = new ResizeObserver(() => {
            if (div.clientWidth > 0 && div.clientWidth !== width && div.data && !running) {
                width = div.clientWidth;
                shared.promise.then(Plotly => Plotly.Plots.resize(div));
            }
        });
        resize.observe(div);
        return () => {
            resize.disconnect();
            model.off("change:traces", draw);
            model.off("change:chart_layout", draw);
            shared.promise.then(Plotly => Plotly.purge(div));
        };
    },
};
"""
)


def _plotly_js() -> str:
    """plotly.js as the ``plotly`` package ships it (its ``package_data/plotly.min.js``)."""
    import plotly  # a dependency; read when the first chart of a kernel is made

    return (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text("utf-8")


_LOADER_ESM = (
    _SHARED
    + """export default {
    initialize({model}) {  // returns at once: anywidget fails a model not ready within 2 s
        if (shared.loading) return;
        shared.loading = true;
        const url = URL.createObjectURL(new Blob([model.get("bundle")],
                                                 {type: "text/javascript"}));
        import(url).then(() => shared.resolve(globalThis.Plotly));
    },
};
"""
)


class _Loader(anywidget.AnyWidget):
    """Hidden: plotly.js in its state, evaluated once per page in the background, then shared.

    anywidget runs a widget's ``initialize`` when the browser creates its model, displayed or
    not, so the charts need not show it; a model whose JavaScript is not ready within 2 s
    fails, and evaluating plotly.js can take longer on a busy machine, so the bundle is a
    synced string that ``initialize`` imports without waiting. plotly.js sets ``window.Plotly``.
    """

    _esm = _LOADER_ESM
    bundle = traitlets.Unicode().tag(sync=True)

    def __init__(self):
        super().__init__(bundle=_plotly_js())


_LOADER: list[_Loader] = []


def loader() -> _Loader:
    """The kernel's one :class:`_Loader` (a new one if the last was closed)."""
    if not _LOADER or _LOADER[0].comm is None:
        _LOADER[:] = [_Loader()]
    return _LOADER[0]


class PlotlyChart(anywidget.AnyWidget):
    """A figure of plotly traces and a layout, drawn with ``Plotly.react`` in the browser.

    Attributes
    ----------
    traces : list of dict
        plotly traces as JSON (numbers as lists, no NaN: :func:`jsonable`).
    chart_layout : dict
        plotly's layout (``layout`` is taken by ipywidgets: the widget's CSS box).
    """

    _esm = _CHART_ESM
    traces: traitlets.List[dict] = traitlets.List().tag(sync=True)
    chart_layout = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        loader()  # plotly.js reaches the page before (or with) the first chart
        # its box's width, not its content's (none before the first drawing): ipywidgets sets
        # the view's element's size from ``layout``, over any style the JavaScript gives it
        kwargs.setdefault("layout", ipywidgets.Layout(width="100%"))
        super().__init__(**kwargs)


def jsonable(value):
    """``value`` with numpy arrays and numbers as plain lists and floats, NaN and inf as None.

    plotly draws None as a gap, as matplotlib draws NaN; JSON has no NaN.

    Examples
    --------
    >>> jsonable({"x": np.array([0.0, np.nan, 1.0]), "n": np.int64(2)})
    {'x': [0.0, None, 1.0], 'n': 2}
    """
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if isinstance(value, np.ndarray):
        if value.dtype.kind == "f" and not np.isfinite(value).all():
            return np.where(np.isfinite(value), value, None).tolist()
        if value.dtype.kind in "fiub":
            return value.tolist()
        return [jsonable(item) for item in value.tolist()]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
