"""End to end: the thesis's notebook widgets served by Voila and driven in Chromium.

Notebook 06 ends with the CST explorer, notebook 04 (SPECTF, the smallest experiment) with the
cost explorer in thesis mode. Voila runs each notebook top to bottom in a subprocess on
127.0.0.1 (data from the mirror, cross-validation cached in this module's temporary folder, which
the test then reads for its own expected values); Debian's Chromium (never a browser Playwright
downloads) loads it offline, moves a range slider's handle with the keyboard (one grid step per
key press) or picks a "Start from" example, waits for the kernel's new table and for the charts
(drawn in the browser by plotly: ``_browser_kit.wait_for_charts``) to show new traces, and checks
the table against the package's functions computed here. Screenshots of each widget before
and after are saved in the test's temporary folder (with ``COSTLAB_SCREENSHOT_CST=path.png``,
the CST explorer at Figure 32 there too: the user guide's ``notebooks/img/cst_explorer.png``);
the CST explorer's test then times four range moves from key press to repaint
(``_browser_kit.each_move_repaints``).
Helpers: ``_browser_kit.py``; skips without Chromium, Playwright or Voila unless
``COSTLAB_REQUIRE_BROWSER=1``.
"""

import os
from pathlib import Path

import pytest
from _browser_kit import (  # noqa: F401
    CHART_JS,
    browser,
    chart_signatures,
    each_move_repaints,
    offline,
    save_small_png,
    serve_notebook,
    swing,
    wait_for_charts,
)

from costlab.evaluation.experiment import run_experiments
from costlab.metrics import cost_ratio_grid, mtmcs_curve, select_classifier
from costlab.studies.alsaffar2018.explorer import cst_presets
from costlab.studies.alsaffar2018.published import CLASSIFIERS, RANGES
from costlab.widgets._cst.view import drawn_class

pytestmark = pytest.mark.slow

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# Voila runs the whole notebook before it sends the page; notebook 06 cross-validates the
# thesis's four datasets (minutes on a cold cache)
PAGE_TIMEOUT = 900_000  # milliseconds
WIDGET_TIMEOUT = 120_000  # milliseconds for the widget's first table after the page
CHANGE_TIMEOUT = 20_000  # milliseconds for the table and charts to follow a control
#: The charts each widget draws on load (each a box around a plotly chart).
_CST_CHARTS = [".costlab-cst-mtmcs-chart", ".costlab-cst-bars-chart"]
_COST_CHARTS = [f".costlab-{name}-chart" for name in ("mtmcs", "cost", "threshold", "prior")]
#: A widget's table, read in the browser (the explorer's and the CST explorer's share it).
_READ_TABLE = """root => {
    const table = root.querySelector('table.costlab-cst');
    const rows = [...table.querySelectorAll('tr.classifier')];
    const value = (r, css) => Number(r.querySelector('td.' + css).dataset.value);
    return {
        r1: table.dataset.r1, r2: table.dataset.r2, n_ratios: Number(table.dataset.nRatios),
        classifiers: rows.map(r => r.dataset.classifier),
        mtmcr: rows.map(r => value(r, 'mtmcr')),
        cst: rows.map(r => value(r, 'cst')),
        choice: root.querySelector('p.costlab-selection').dataset.classifier,
        kind: root.querySelector('p.costlab-selection').dataset.kind,
    };
}"""


@pytest.fixture(scope="module")
def cache(mirror_dir, tmp_path_factory):
    """Data and cross-validation folders shared by Voila's kernels and this test."""
    root = tmp_path_factory.mktemp("thesis_browser")
    return {"mirror": mirror_dir, "data_home": root / "data", "cache_dir": root / "cv"}


def _environment(cache):
    return {
        "COSTLAB_MIRROR": cache["mirror"],
        "COSTLAB_DATA_HOME": cache["data_home"],
        "COSTLAB_CACHE": cache["cache_dir"],
    }


def _open(browser, url, widget, charts):
    """A page of ``url`` once ``widget``'s table and its ``charts`` are drawn; (page, errors)."""
    page = browser.new_page(viewport={"width": 1280, "height": 2600})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", offline)
    page.goto(url, timeout=PAGE_TIMEOUT)
    page.locator(f"{widget} table.costlab-cst").wait_for(timeout=WIDGET_TIMEOUT)
    wait_for_charts(page, [f"{widget} {chart}" for chart in charts], timeout=CHANGE_TIMEOUT)
    return page, errors


def _press(page, handle, key, times):
    handle.focus()
    for _ in range(times):  # one grid step (0.05) per key press
        handle.press(key)


def _wait_for_range(page, widget, r1, r2):
    page.wait_for_function(
        f"""() => {{
            const t = document.querySelector('{widget} table.costlab-cst');
            return t && t.dataset.r1 === '{r1:g}' && t.dataset.r2 === '{r2:g}';
        }}""",
        timeout=CHANGE_TIMEOUT,
    )


def _wait_for_chart(page, css, r1, r2, before=None):
    """Until the chart is marked as drawn for [r1, r2] (the mark is sent after its traces) and
    shows its traces drawn, other than ``before`` (its signature, :func:`chart_signatures`)."""
    marked = f"{css}.{drawn_class(r1, r2)}"
    page.locator(marked).wait_for(state="attached", timeout=CHANGE_TIMEOUT)
    wait_for_charts(page, [marked], None if before is None else [before], timeout=CHANGE_TIMEOUT)


def _wait_until_redrawn(page, css, before, quiet=1500):
    """Until the chart shows something other than ``before`` (its signature), drawn, and has
    not changed for ``quiet`` ms: a range moved by several key presses redraws it once per
    press, after each press's table."""
    page.evaluate(CHART_JS)
    page.wait_for_function(
        """([css, before, quiet]) => {
            const el = document.querySelector(css);
            const sig = window.costlabChartSignature(el);
            const seen = window.costlabSeen || (window.costlabSeen = {});
            const now = performance.now();
            if (!el || sig !== seen.sig) {
                seen.sig = sig;
                seen.since = now;
                return false;
            }
            return !!sig && sig !== before && window.costlabChartReady(el)
                && now - seen.since > quiet;
        }""",
        arg=[css, before, quiet],
        timeout=CHANGE_TIMEOUT,
        polling=100,
    )


def _expected(cache, dataset, r1, r2, classifiers=CLASSIFIERS):
    """MTMCR and CST over [r1, r2] and the choice, from the kernel's cached cross-validation,
    computed here with mtmcs_curve on P(class 1) (the thesis's orientation, search and grid)."""
    run = run_experiments([dataset], classifiers, progress=False, **cache)
    grid = cost_ratio_grid(0.05, 0.95, 0.05)
    curves = {
        c: mtmcs_curve(
            r.y_true,
            r.proba[0, :, 0],
            pos_label=1,
            fp_costs=grid,
            search="optimized",
            score_of="negative",
        )
        for (_, c), r in run.results.items()
    }
    selection = select_classifier(curves, r1, r2, decimals=2)
    return selection.summary.set_index("classifier"), (selection.classifier, selection.kind)


# -- notebook 06: the CST explorer ---------------------------------------------------------------


@pytest.fixture(scope="module")
def notebook_06(cache, tmp_path_factory):
    notebook = NOTEBOOKS / "06_cost_sensitivity_cst.ipynb"
    root = tmp_path_factory.mktemp("voila_06")
    with serve_notebook(notebook, root, _environment(cache)) as url:
        yield url


def test_moving_the_range_changes_cst_and_the_choice_in_notebook_06(
    browser, notebook_06, cache, tmp_path
):
    widget = ".costlab-cst-explorer"
    page, errors = _open(browser, notebook_06, widget, _CST_CHARTS)
    root = page.locator(widget)
    root.screenshot(path=tmp_path / "cst_explorer_figure_30.png")
    before = root.evaluate(_READ_TABLE)
    assert (before["r1"], before["r2"], before["n_ratios"]) == ("0.4", "0.6", 5)
    assert set(before["classifiers"]) == {"NaiveBayes", "AdaBoostM1"}
    expected, choice = _expected(cache, "messidor", 0.4, 0.6, before["classifiers"])
    assert before["cst"] == pytest.approx(list(expected["cst"]), rel=1e-12)
    assert (before["choice"], before["kind"]) == choice
    assert page.locator(f"{widget} .costlab-range-label").inner_text() == ("[0.40/0.60, 0.60/0.40]")

    charts = [f"{widget} {chart}" for chart in _CST_CHARTS]
    bars = charts[1]
    _wait_for_chart(page, bars, 0.4, 0.6)
    shown_before = chart_signatures(page, charts)
    _press(page, page.locator(f"{widget} .costlab-range .noUi-handle-lower"), "ArrowRight", 2)
    _wait_for_range(page, widget, 0.5, 0.6)
    for chart, before_move in zip(charts, shown_before, strict=True):
        _wait_for_chart(page, chart, 0.5, 0.6, before_move)
    shown_after = chart_signatures(page, charts)
    assert all(a != b for a, b in zip(shown_after, shown_before, strict=True))
    after = root.evaluate(_READ_TABLE)
    assert after["n_ratios"] == 3
    assert root.locator("table.costlab-per-ratio").get_attribute("data-n-ratios") == "3"
    expected, choice = _expected(cache, "messidor", 0.5, 0.6, after["classifiers"])
    assert after["cst"] == pytest.approx(list(expected["cst"]), rel=1e-12)
    assert (after["choice"], after["kind"]) == choice
    assert after["cst"] != before["cst"]
    root.screenshot(path=tmp_path / "cst_explorer_moved.png")

    # Figure 32 (sec. 5.7.3, "a deceiving MTMCR"): another dataset, classifiers and range
    figure_32 = next(name for name in cst_presets() if name.startswith("Fig. 32"))
    page.locator(f"{widget} select").first.select_option(label=figure_32)
    _wait_for_range(page, widget, 0.35, 0.55)
    for chart, before_preset in zip(charts, shown_after, strict=True):
        _wait_for_chart(page, chart, 0.35, 0.55, before_preset)
    shown = root.evaluate(_READ_TABLE)
    assert set(shown["classifiers"]) == {"IBk", "AdaBoostM1"}
    expected, choice = _expected(cache, "german_credit", 0.35, 0.55, shown["classifiers"])
    assert shown["mtmcr"] == pytest.approx(list(expected["mtmcr"]), rel=1e-12)
    assert (shown["choice"], shown["kind"]) == choice
    assert "German Credit" in root.locator(".costlab-header").inner_text()
    root.screenshot(path=tmp_path / "cst_explorer_figure_32.png")
    if os.environ.get("COSTLAB_SCREENSHOT_CST"):  # the user guide's notebooks/img/cst_explorer.png
        save_small_png(root.screenshot(), os.environ["COSTLAB_SCREENSHOT_CST"])

    # move-to-paint: each move of the lower handle (0.35 -> 0.10 -> 0.35) repaints the table
    # and both charts
    outputs = ["table.costlab-cst", *_CST_CHARTS]
    keys = swing("ArrowLeft", 2, 4)
    each_move_repaints(page, widget, ".costlab-range", outputs, keys)
    assert errors == []
    page.close()


# -- notebook 04: the cost explorer in thesis mode -----------------------------------------------


@pytest.fixture(scope="module")
def notebook_04(cache, tmp_path_factory):
    notebook = NOTEBOOKS / "04_spectf.ipynb"
    root = tmp_path_factory.mktemp("voila_04")
    with serve_notebook(notebook, root, _environment(cache)) as url:
        yield url


def test_table_8_s_row_is_re_derived_in_notebook_04(browser, notebook_04, cache, tmp_path):
    widget = ".costlab-explorer"
    page, errors = _open(browser, notebook_04, widget, _COST_CHARTS)
    root = page.locator(widget)
    before = root.evaluate(_READ_TABLE)
    assert (before["r1"], before["r2"]) == ("0.3", "0.7")
    assert before["classifiers"] == list(CLASSIFIERS)
    expected, choice = _expected(cache, "spectf", 0.3, 0.7)
    assert (before["choice"], before["kind"]) == choice
    assert before["cst"] == pytest.approx(list(expected["cst"]), rel=1e-12)

    chart = f"{widget} .costlab-mtmcs-chart"
    [source] = chart_signatures(page, [chart])
    handles = f"{widget} .costlab-range .noUi-handle"
    _press(page, page.locator(f"{handles}-lower"), "ArrowLeft", 5)  # 0.30 -> 0.05
    _wait_for_range(page, widget, 0.05, 0.7)
    _press(page, page.locator(f"{handles}-upper"), "ArrowLeft", 5)  # 0.70 -> 0.45
    r1, r2 = RANGES["left"]
    _wait_for_range(page, widget, r1, r2)
    _wait_until_redrawn(page, chart, source)
    after = root.evaluate(_READ_TABLE)
    assert after["n_ratios"] == 9
    # Table 8's row as the study computes it, from the kernel's cached cross-validation
    from costlab.studies.alsaffar2018.notebook import ExperimentView
    from costlab.studies.alsaffar2018.tables import range_values

    with pytest.MonkeyPatch.context() as patch:
        for key, value in _environment(cache).items():
            patch.setenv(key, str(value))
        experiment = ExperimentView("spectf", progress=False)
    row = range_values(experiment.curves, experiment.aucs, "left")
    assert after["mtmcr"] == pytest.approx(list(row["optimized_mtmcr"]), rel=1e-12)
    root.screenshot(path=tmp_path / "explorer_table_8.png")
    assert errors == []
    page.close()
