"""The chart widget's JavaScript, run in Chromium: what it draws after any sequence of updates is
what plotly.js draws for the last figure alone.

:class:`~costlab.widgets._kit.plotly_chart.PlotlyChart` redraws a move by ``Plotly.restyle`` of
the traces that changed, and by ``Plotly.react`` when the layout, the number of traces or a
trace's type changed. Here its real module (``_esm``) renders into a page (plotly.js loaded by
the loader's own module, offline) with a stand-in for anywidget's model, is fed the figures of
real explorer moves and edits of every kind (data, style, a removed attribute, a new type, a new
layout, fewer traces), and after each one the drawn paths and texts must equal those of a fresh
``Plotly.newPlot`` of the same figure beside it.

Skips without Chromium or Playwright unless ``COSTLAB_REQUIRE_BROWSER=1`` (``_browser_kit``).
"""

import copy

import numpy as np
from _browser_kit import browser  # noqa: F401 - the fixture

from costlab.widgets import cost_explorer
from costlab.widgets._kit.plotly_chart import _CHART_ESM, _LOADER_ESM, loader

#: A page with the chart (rendered by the module under test) and a reference drawn from scratch.
_SETUP = """async ([chartEsm, loaderEsm, bundle]) => {
    const load = source => import(URL.createObjectURL(new Blob([source],
                                                               {type: "text/javascript"})));
    const loaderModule = await load(loaderEsm);
    loaderModule.default.initialize({model: {get: () => bundle}});
    const chart = (await load(chartEsm)).default;
    const state = {traces: [], chart_layout: {}}, handlers = {};
    const model = {
        get: key => state[key],
        on: (event, f) => { handlers[event] = f; },
        off: () => {},
    };
    const box = document.createElement("div"), ref = document.createElement("div");
    for (const el of [box, ref]) { el.style.width = "800px"; document.body.appendChild(el); }
    const view = document.createElement("div");  // anywidget's element for the view, in a box
    box.appendChild(view);
    chart.render({model, el: view});
    const Plotly = await globalThis.costlabPlotly.promise;
    let kind = null;
    for (const name of ["react", "restyle"]) {  // which way the chart took
        const original = Plotly[name];
        Plotly[name] = (div, ...args) => {
            if (box.contains(div)) kind = name;
            return original.call(Plotly, div, ...args);
        };
    }
    const drawn = el => [...el.querySelectorAll(
        ".scatterlayer path, .barlayer path, .xtick text, .ytick text, .annotation-text")]
        .map(n => n.getAttribute("d") ?? n.textContent).join("|");
    window.step = async (traces, layout) => {
        kind = null;
        state.traces = traces;
        state.chart_layout = layout;
        handlers["change:traces"]();
        handlers["change:chart_layout"]();
        await new Promise(r => setTimeout(r, 0));
        await Plotly.react(ref, structuredClone(traces), structuredClone(layout));
        for (let i = 0; i < 100 && drawn(box.querySelector(".js-plotly-plot") ?? box)
                                      !== drawn(ref); i++) {
            await new Promise(r => setTimeout(r, 20));  // the chart draws after a microtask
        }
        const plot = box.querySelector(".js-plotly-plot");
        return {chart: drawn(plot), reference: drawn(ref), kind};
    };
}"""


def _figures():
    """(traces, layout) of an explorer's chart over real moves, then edits of every kind."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    scores = {"A": np.clip(0.3 * y + 0.7 * rng.random(300), 0, 1), "B": rng.random(300)}
    explorer = cost_explorer({name: (y, s) for name, s in scores.items()})
    chart = explorer.cost_chart
    figures = []
    for value in [(0.3, 0.7), (0.25, 0.7), (0.2, 0.75), (0.2, 0.75)]:
        explorer.cost_range.value = value
        figures.append(copy.deepcopy((chart.plot.traces, chart.plot.chart_layout)))
    traces, layout = copy.deepcopy(figures[-1])
    traces[0]["line"] = {"color": "#ff0000", "width": 5}  # a style alone
    figures.append((copy.deepcopy(traces), layout))
    traces[0].pop("line")  # an attribute removed: back to plotly's default
    figures.append((copy.deepcopy(traces), layout))
    traces[1]["type"] = "bar"  # a new type
    figures.append((copy.deepcopy(traces), layout))
    layout = copy.deepcopy(layout) | {"annotations": [{"text": "new", "x": 0.5, "y": 0.5}]}
    figures.append((copy.deepcopy(traces), layout))  # a new layout
    figures.append((traces[:2], layout))  # fewer traces
    return figures


def test_every_update_draws_what_plotly_draws_for_that_figure(browser):  # noqa: F811
    page = browser.new_page()
    page.evaluate(_SETUP, [_CHART_ESM, _LOADER_ESM, loader().bundle])
    kinds = []
    for number, (traces, layout) in enumerate(_figures()):
        result = page.evaluate("([t, l]) => window.step(t, l)", [traces, layout])
        assert result["chart"] == result["reference"] != "", (number, result["kind"])
        kinds.append(result["kind"])
    # the first drawing, a new type, layout or trace count: react; a move, a style: restyle
    assert kinds == ["react", "restyle", "restyle", None, "restyle", "restyle"] + ["react"] * 3
    page.close()


def test_a_chart_takes_its_boxs_width_when_shown_and_follows_it(browser):  # noqa: F811
    """A chart drawn while hidden (an explorer's box before its first drawing) is as wide as its
    box once shown, and follows the box when it is resized (plotly's own resizing waits for
    messages an anywidget view never gets: every chart was 700 px wide)."""
    page = browser.new_page()
    page.evaluate(_SETUP, [_CHART_ESM, _LOADER_ESM, loader().bundle])
    traces, layout = _figures()[0]
    widths = """() => [...document.querySelectorAll('.js-plotly-plot')].map(
        el => [el.parentElement.getBoundingClientRect().width,
               el.querySelector('.main-svg')?.getBoundingClientRect().width])"""
    page.evaluate("() => { document.body.firstElementChild.style.display = 'none'; }")
    page.evaluate("([t, l]) => window.step(t, l)", [traces, layout])
    page.evaluate("() => { document.body.firstElementChild.style.display = 'block'; }")
    for box in (800, 560):
        page.evaluate(f"() => {{ document.body.firstElementChild.style.width = '{box}px'; }}")
        page.wait_for_function(f"() => ({widths})()[0][1] === {box}", timeout=10_000)
    page.close()
