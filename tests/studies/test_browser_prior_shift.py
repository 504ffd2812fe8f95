"""End to end: notebook 40's prior widget served by Voila and moved in a real Chromium.

The Landgrebe et al. (2004) study is cross-validated here first (quick: 200 per class, 5 folds)
into a temporary cache that Voila's kernel then reads, so the page comes up in seconds. The test
reads the widget's Table 2 row at the opening prior (P(C_t) = 0.1, TPr = 80 %, Highleyman, LDC),
moves the P(C_t) slider's handle four steps down with the keyboard (one step is 10**0.05: to
10**-1.2, shown as 0.0631), waits for the kernel's new table and for both figures (drawn in the
browser by plotly) to show new traces (``_browser_kit.wait_for_charts``), and checks the shown
numbers against :func:`costlab.metrics.operating_point` and
:func:`costlab.metrics.fold_operating_points` computed here on the same cached scores.
Screenshots of the widget before and after the move go to the test's temporary folder (and to
``COSTLAB_SCREENSHOT=path.png`` if set); at the two nearby priors the move leaves (0.1 and
0.0631) Fig. 4's value labels must not overlap on the page (issue 34 item 4; a screenshot of
Fig. 4 beside the others). Four more moves are then timed from key press to repaint
(``_browser_kit.each_move_repaints``).

Skips without Chromium, Playwright or Voila unless ``COSTLAB_REQUIRE_BROWSER=1``; see
``_browser_kit``. Run it with ``PYTHONPATH`` set to serve a worktree's code (the kernel inherits
the environment).
"""

import os
from pathlib import Path

import numpy as np
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

from costlab.metrics import fold_operating_points, operating_point, summarize_folds

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "notebooks" / "40_landgrebe2004.ipynb"
# Voila runs the whole notebook (tables and figures from the cached cross-validation) first
PAGE_TIMEOUT = 240_000  # milliseconds
WIDGET_TIMEOUT = 240_000  # milliseconds for the last cell's widget to appear
# The waits return as soon as their condition holds; the timeouts only bound a failure.
MOVE_TIMEOUT = 60_000  # milliseconds for the table and figures to follow the slider
STEPS = 4  # key presses: P(C_t) from 10**-1 to 10**-1.2
#: The widget's two figures (each a box around a plotly chart).
_CHARTS = [".costlab-figure-3-chart", ".costlab-figure-4-chart"]
_READ = """() => {
    const table = document.querySelector('table.costlab-prior-row');
    const rows = [...table.querySelectorAll('tr.prior')];
    const chosen = table.querySelector('tr.prior[data-chosen="true"]');
    const value = (row, css) => Number(row.querySelector(`td.${css}`).dataset.value);
    return {
        dataset: table.dataset.dataset, classifier: table.dataset.classifier,
        condition: table.dataset.condition, nFolds: Number(table.dataset.nFolds),
        priors: rows.map(r => Number(r.dataset.prior)),
        prior: Number(chosen.dataset.prior),
        posfrac: value(chosen, 'posfrac'), pooled: value(chosen, 'pooled-posfrac'),
        printed: rows.map(r => r.querySelector('td.printed').textContent),
        summary: Number(document.querySelector('.costlab-prior-summary').dataset.posfrac),
    };
}"""


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    """The quick study cross-validated into a temporary cache (the kernel reads it)."""
    from costlab.studies.landgrebe2004.experiments import run_table2

    cache = tmp_path_factory.mktemp("landgrebe2004-cv")
    run = run_table2(quick=True, progress=False, cache_dir=cache)
    return {"cache": cache, "run": run}


@pytest.fixture(scope="module")
def voila_url(study, tmp_path_factory):
    env = {"COSTLAB_CACHE": study["cache"], "COSTLAB_QUICK": "1"}
    with serve_notebook(NOTEBOOK, tmp_path_factory.mktemp("voila"), env) as url:
        yield url


#: The value labels of Fig. 4's markers ("0.456": a POSfrac or purity to three decimals) in the
#: browser-drawn chart, each with its panel's axis (its annotation's ``data-index`` order is
#: plotly's) and its box on the page.
_VALUE_LABELS = """() => [...document.querySelectorAll(
        '.costlab-figure-4-chart .annotation-text')]
    .map(n => ({text: n.textContent.trim(), box: n.getBoundingClientRect().toJSON()}))
    .filter(label => /^\\d\\.\\d{3}$/.test(label.text))"""


def _assert_nearby_value_labels_apart(page, tmp_path):
    """Issue 34 item 4: at two nearby priors (0.1 and the slider's 0.0631) Fig. 4's value labels
    sit side by side or one under the other, never over each other (a screenshot shows it)."""
    page.locator(".costlab-figure-4-chart").screenshot(path=tmp_path / "figure_4_nearby.png")
    labels = page.evaluate(_VALUE_LABELS)
    assert len(labels) >= 6, labels  # four priors' labels, in two panels

    def across(a, b):  # their extents overlap left to right: they would collide unmoved
        return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]

    def over(a, b):
        return across(a, b) and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]

    pairs = [(a, b) for i, a in enumerate(labels) for b in labels[i + 1 :]]
    assert any(across(a["box"], b["box"]) for a, b in pairs)  # nearby priors: the condition
    assert not [(a, b) for a, b in pairs if over(a["box"], b["box"])]


def _expected(run, prior):
    """Pooled and fold-mean POSfrac of Highleyman's LDC at TPr = 80 %, computed here."""
    result = run.results[("Highleyman", "LDC")]
    target, score = result.y_true == 1, result.scores(0)
    pooled = operating_point(target, score, [prior], tpr=0.8, pos_label=True)
    folds = fold_operating_points(
        target, score, [prior], folds=result.fold[0], tpr=0.8, pos_label=True
    )
    mean = summarize_folds(folds).query("measure == 'posfrac'")["mean"].item()
    return float(pooled["posfrac"].item()), mean


def test_moving_the_prior_slider_redraws_the_table_2_row_and_both_figures(
    browser, voila_url, study, tmp_path
):
    page = browser.new_page(viewport={"width": 1280, "height": 2400})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", offline)
    page.goto(voila_url, timeout=PAGE_TIMEOUT)
    page.locator("table.costlab-prior-row").wait_for(timeout=WIDGET_TIMEOUT)
    wait_for_charts(page, _CHARTS, timeout=MOVE_TIMEOUT)  # both figures' traces drawn
    widget = page.locator(".costlab-prior-shift")
    widget.screenshot(path=tmp_path / "prior_shift_before.png")
    # each chart as wide as its box (plotly sized it once the box was shown, not 700 px)
    widths = page.evaluate(
        """(css) => css.map(c => { const box = document.querySelector(c);
            return [box.clientWidth, Number(box.querySelector('.main-svg').getAttribute('width'))];
        })""",
        _CHARTS,
    )
    assert all(abs(box - svg) <= 2 and box > 700 for box, svg in widths), str(widths)

    before = page.evaluate(_READ)
    assert (before["dataset"], before["classifier"], before["condition"]) == (
        "Highleyman",
        "LDC",
        "tpr",
    )
    assert before["prior"] == 0.1 and sorted(before["priors"]) == [0.001, 0.1, 0.5]
    assert before["nFolds"] == 5
    assert before["printed"] == ["52.14 ± 1.23 %", "29.85 ± 2.22 %", "24.33 ± 2.46 %"]
    pooled, mean = _expected(study["run"], 0.1)
    assert before["pooled"] == pytest.approx(pooled, rel=1e-12)
    assert before["posfrac"] == pytest.approx(mean, rel=1e-12)
    assert before["summary"] == before["pooled"]

    charts_before = chart_signatures(page, _CHARTS)
    handle = page.locator(".costlab-prior-shift-prior .noUi-handle")
    handle.focus()
    for _ in range(STEPS):  # one step (10**0.05) per press: 0.1 -> 10**-1.2 = 0.0631
        handle.press("ArrowLeft")
    page.wait_for_function(
        """() => {
            const row = document.querySelector('table.costlab-prior-row tr[data-chosen="true"]');
            return row && row.dataset.prior === '0.0631';  // 10**-1.2 to three digits
        }""",
        timeout=MOVE_TIMEOUT,
    )
    # the widget sends the figures before the table: they are the final state's by now
    # both figures redrawn: new traces, drawn
    wait_for_charts(page, _CHARTS, charts_before, timeout=MOVE_TIMEOUT)
    charts_after = chart_signatures(page, _CHARTS)
    assert all(a != b for a, b in zip(charts_after, charts_before, strict=True))
    after = page.evaluate(_READ)
    assert after["prior"] == 0.0631
    assert sorted(after["priors"]) == pytest.approx(sorted([0.001, 0.5, 0.1, after["prior"]]))
    pooled, mean = _expected(study["run"], after["prior"])
    assert after["pooled"] == pytest.approx(pooled, rel=1e-12)
    assert after["posfrac"] == pytest.approx(mean, rel=1e-12)
    assert after["pooled"] < before["pooled"]  # fewer targets: fewer cases flagged at TPr 80 %
    assert np.isfinite(after["summary"]) and after["printed"][2] == "—"  # no printed value
    widget.screenshot(path=tmp_path / "prior_shift_after.png")
    _assert_nearby_value_labels_apart(page, tmp_path)
    screenshot = os.environ.get("COSTLAB_SCREENSHOT")
    if screenshot:
        save_small_png(widget.screenshot(), screenshot)

    # move-to-paint: each P(C_t) move (10**-1.2 -> 10**-1.45 and back) repaints the table and
    # both figures
    outputs = ["table.costlab-prior-row", *_CHARTS]
    keys = swing("ArrowLeft", 2, 4)
    each_move_repaints(page, ".costlab-prior-shift", ".costlab-prior-shift-prior", outputs, keys)
    assert errors == []
    page.close()
