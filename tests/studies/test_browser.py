"""End to end: the cost explorer served by Voila and driven in a real Chromium by Playwright.

Voila runs ``notebooks/07_cost_explorer.ipynb`` in a subprocess on 127.0.0.1 (data from the
mirror, cross-validation cached in a temporary folder); Debian's Chromium (``/usr/bin/chromium``,
never a browser downloaded by Playwright) loads it with every request outside 127.0.0.1 blocked.
The test reads the CST table, moves the lower handle of the cost-range slider with the keyboard
(noUiSlider's handles take ArrowLeft/ArrowRight, one slider step per press), waits for the
kernel's new table and checks it against :func:`costlab.metrics.range_summary` computed here,
then times ten more moves from key press to repaint (``_browser_kit.each_move_repaints``).
A second test looks at the explorer as a user does: it saves screenshots of the whole explorer
and of its prior panel (at 1280 and 1024 pixels wide, and after Bootstrap) in its temporary
folder, and checks what a reader would notice: no broken-image icon, no readout cut off or
table cell wrapped in the prior panel, and a caption naming the search above each MTMCR.

Skips, saying why, without Chromium, Playwright or Voila (``pip install -e '.[browser]'``),
unless ``COSTLAB_REQUIRE_BROWSER=1`` (CI), which turns the skip into a failure. With
``COSTLAB_SCREENSHOT=path.png`` it also saves a screenshot of the explorer there (the README's
``notebooks/img/cost_explorer.png`` is made that way).
"""

import os
from pathlib import Path

import pytest
from _browser_kit import (  # noqa: F401
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
from costlab.metrics import cost_ratio_grid, mtmcs_curve, range_summary
from costlab.studies.alsaffar2018.published import CLASSIFIERS

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "notebooks" / "07_cost_explorer.ipynb"
# Voila runs the notebook (cross-validating SPECTF) before it sends the page
PAGE_TIMEOUT = 120_000  # milliseconds
TABLE_TIMEOUT = 45_000  # milliseconds for the kernel to cross-validate SPECTF and draw
# The waits below return as soon as their condition holds; the timeouts only bound a failure.
RANGE_TIMEOUT = 15_000  # milliseconds for the table to follow a slider move
CHART_TIMEOUT = 15_000  # milliseconds for the charts to follow it
#: The charts a range move redraws (drawn in the browser: each a box around a plotly chart).
_RANGE_CHARTS = [".costlab-mtmcs-chart", ".costlab-cost-chart"]


@pytest.fixture(scope="module")
def cache(mirror_dir, tmp_path_factory):
    """Data and cross-validation folders shared by Voila's kernel and this test."""
    root = tmp_path_factory.mktemp("browser")
    return {"mirror": mirror_dir, "data_home": root / "data", "cache_dir": root / "cv"}


@pytest.fixture(scope="module")
def voila_url(cache, tmp_path_factory):
    """URL of the explorer notebook served by a Voila subprocess (stopped after the module)."""
    env = {
        "COSTLAB_MIRROR": cache["mirror"],
        "COSTLAB_DATA_HOME": cache["data_home"],
        "COSTLAB_CACHE": cache["cache_dir"],
    }
    with serve_notebook(NOTEBOOK, tmp_path_factory.mktemp("voila"), env) as url:
        yield url


def _read_table(page):
    """The explorer's table as the browser shows it."""
    return page.evaluate(
        """() => {
            const table = document.querySelector('table.costlab-cst');
            const rows = [...table.querySelectorAll('tr.classifier')];
            return {
                r1: table.dataset.r1, r2: table.dataset.r2,
                n_ratios: Number(table.dataset.nRatios),
                caption: table.querySelector('caption').textContent,
                label: document.querySelector('.costlab-range-label').textContent,
                classifiers: rows.map(r => r.dataset.classifier),
                cst_text: rows.map(r => r.querySelector('td.cst').textContent),
                cst: rows.map(r => Number(r.querySelector('td.cst').dataset.value)),
                choice: document.querySelector('p.costlab-selection').dataset.classifier,
            };
        }"""
    )


def _expected_cst(cache, r1, r2):
    """CST per classifier over [r1, r2], computed here from the same cached cross-validation."""
    run = run_experiments(["spectf"], CLASSIFIERS, progress=False, **cache)
    grid = cost_ratio_grid(0.05, 0.95, 0.05)
    curves = {
        # the thesis's explorer thresholds P(class 1), the negative class's probability
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
    return range_summary(curves, r1, r2, decimals=2)


def test_moving_the_cost_range_slider_updates_the_cst_table(browser, voila_url, cache):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", offline)
    page.goto(voila_url, timeout=PAGE_TIMEOUT)
    page.locator("table.costlab-cst").wait_for(timeout=TABLE_TIMEOUT)

    before = _read_table(page)
    assert (before["r1"], before["r2"], before["n_ratios"]) == ("0.3", "0.7", 9)
    assert before["label"] == "0.30/0.70 – 0.70/0.30"
    assert before["classifiers"] == list(CLASSIFIERS)
    expected = _expected_cst(cache, 0.3, 0.7)
    assert before["cst"] == pytest.approx(list(expected["cst"]), rel=1e-12)
    assert before["cst_text"] == [f"{v:.2f}" for v in expected["cst"]]

    # what the range charts show now, to wait for their redraw below (not a fixed sleep)
    charts_before = chart_signatures(page, _RANGE_CHARTS)
    handle = page.locator(".costlab-range .noUi-handle-lower")
    handle.focus()
    for _ in range(3):  # one slider step (0.05) per key press: r1 0.30 -> 0.45
        handle.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('table.costlab-cst')?.dataset.r1 === '0.45'",
        timeout=RANGE_TIMEOUT,
    )

    after = _read_table(page)
    assert (after["r1"], after["r2"], after["n_ratios"]) == ("0.45", "0.7", 6)
    assert after["label"] == "0.45/0.55 – 0.70/0.30"
    assert after["caption"] == "6 cost ratios in [0.45/0.55, 0.70/0.30]"
    assert all(a != b for a, b in zip(after["cst"], before["cst"], strict=True))
    expected = _expected_cst(cache, 0.45, 0.7)
    assert after["cst"] == pytest.approx(list(expected["cst"]), rel=1e-12)
    assert after["choice"] in CLASSIFIERS
    assert errors == []

    screenshot = os.environ.get("COSTLAB_SCREENSHOT")
    if screenshot:
        page.set_viewport_size({"width": 1280, "height": 2600})  # the whole explorer, unclipped
        # the range move redraws the MTMCS and cost-space charts after the table: wait until
        # both show their new traces
        wait_for_charts(page, _RANGE_CHARTS, charts_before, timeout=CHART_TIMEOUT)
        save_small_png(page.locator(".costlab-explorer").screenshot(), screenshot)

    # move-to-paint: each move of the lower handle (0.45 -> 0.20 -> 0.45) repaints the table
    # and both range charts
    outputs = ["table.costlab-cst", *_RANGE_CHARTS]
    keys = swing("ArrowLeft", 2, 4)
    each_move_repaints(page, ".costlab-explorer", ".costlab-range", outputs, keys)
    assert errors == []
    page.close()


#: Visible images of the explorer without a decoded picture (the broken-image icon).
_BROKEN_IMAGES = """() => [...document.querySelectorAll('.costlab-explorer img')]
    .filter(img => img.offsetParent !== null && img.getClientRects().length > 0)
    .filter(img => !img.getAttribute('src') || (img.complete && img.naturalWidth === 0))
    .map(img => img.className)"""
#: The charts drawn on load.
_DRAWN_ON_LOAD = [f".costlab-{name}-chart" for name in ("mtmcs", "cost", "threshold", "prior")]
#: What is cut off or wrapped in the prior panel: controls wider than their box or reaching
#: under the table, readouts wider than their element, table cells on more than one line.
_PRIOR_PANEL_CLIPPED = """() => {
    const panel = document.querySelector('.costlab-priors-panel');
    const box = panel.querySelector('.costlab-prior-controls');
    const right = box.getBoundingClientRect().right;
    const table = panel.querySelector('table.costlab-priors').getBoundingClientRect();
    const beside = table.top < box.getBoundingClientRect().bottom;
    const out = [];
    if (box.scrollWidth > box.clientWidth) out.push('controls box overflows');
    for (const el of box.querySelectorAll('.widget-readout, .widget-dropdown select')) {
        const rect = el.getBoundingClientRect();
        if (el.scrollWidth > el.clientWidth) out.push('clipped: ' + el.textContent);
        if (rect.right > right + 1) out.push('outside the controls: ' + el.textContent);
        if (beside && rect.right > table.left + 1) out.push('under the table: ' + el.textContent);
    }
    const lines = el => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    };
    for (const cell of panel.querySelectorAll('table.costlab-priors td, table.costlab-priors th')) {
        if (lines(cell) > 1) out.push('wrapped: ' + cell.textContent);
    }
    return out;
}"""


def _captions(page):
    """The search captions the browser shows: {data-search: text} above each MTMCR."""
    return {
        "table": page.locator(".costlab-table .costlab-search-caption"),
        "how_sure": page.locator(".costlab-stability-panel .costlab-search-caption"),
    }


def test_the_explorer_as_a_user_sees_it(browser, voila_url, tmp_path):
    """Screenshots (explorer and prior panel, two widths, before and after Bootstrap) in the
    test's folder; no broken image, no clipped readout or wrapped cell, both searches named."""
    page = browser.new_page(viewport={"width": 1280, "height": 2600})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", offline)
    page.goto(voila_url, timeout=PAGE_TIMEOUT)
    page.locator("table.costlab-cst").wait_for(timeout=TABLE_TIMEOUT)
    page.locator("table.costlab-priors").wait_for(timeout=TABLE_TIMEOUT)
    wait_for_charts(page, _DRAWN_ON_LOAD, timeout=CHART_TIMEOUT)

    for width in (1280, 1024):  # a wide window and a narrow one
        page.set_viewport_size({"width": width, "height": 2600})
        wait_for_charts(page, _DRAWN_ON_LOAD, timeout=CHART_TIMEOUT)
        page.locator(".costlab-explorer").screenshot(path=tmp_path / f"explorer_{width}.png")
        page.locator(".costlab-priors-panel").screenshot(path=tmp_path / f"priors_{width}.png")
        assert page.evaluate(_BROKEN_IMAGES) == []  # the band chart waits for Bootstrap
        assert not page.locator(".costlab-band-chart").is_visible()
        assert page.evaluate(_PRIOR_PANEL_CLIPPED) == [], width

    captions = _captions(page)
    for locator in captions.values():
        assert locator.is_visible()
    assert captions["table"].get_attribute("data-search") == "optimized"
    assert "MTMCR by the thesis's optimized search" in captions["table"].inner_text()
    assert captions["how_sure"].get_attribute("data-search") == "exact"
    assert captions["how_sure"].inner_text().startswith("MTMCR by the exact search")

    page.locator(".costlab-stability-panel input").fill("20")
    page.locator(".costlab-stability-panel input").press("Enter")
    page.get_by_role("button", name="Bootstrap").click()
    page.locator("table.costlab-stability").wait_for(timeout=TABLE_TIMEOUT)
    wait_for_charts(page, [".costlab-band-chart"], timeout=CHART_TIMEOUT)
    assert page.locator("table.costlab-stability").get_attribute("data-n-resamples") == "20"
    assert page.evaluate(_BROKEN_IMAGES) == []
    page.locator(".costlab-explorer").screenshot(path=tmp_path / "explorer_bootstrap.png")
    assert errors == []
    page.close()
