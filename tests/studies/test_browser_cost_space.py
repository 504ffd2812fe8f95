"""End to end: notebook 20's cost-space widget served by Voila and moved in a real Chromium.

Voila runs ``notebooks/20_drummond_holte2000.ipynb`` (quick, ``COSTLAB_QUICK=1``) on 127.0.0.1;
its cross-validation is computed here first into the temporary cache it reads. Debian's Chromium,
driven by Playwright with every request outside 127.0.0.1 blocked, reads the operating table at
German Credit's costs, moves the p(+) slider with the keyboard (noUiSlider: one step per
ArrowRight), and checks that PCF(+), every classifier's NE[C] and the winner follow (against the
same widget computed here) and that the duality chart (drawn in the browser by plotly) shows new
traces. A screenshot of the widget, its charts drawn, is saved in the test's folder (and at
``COSTLAB_SCREENSHOT_COST_SPACE`` if set). At 1,370 px the operating table's last column must be
inside the page (a second screenshot); then four more p(+) moves are timed from key press to
repaint (``_browser_kit.each_move_repaints``). The browser helpers are ``_browser_kit``'s; it
skips as :mod:`test_browser` does without Chromium, Playwright or Voila, unless
``COSTLAB_REQUIRE_BROWSER=1``.
"""

import os
import shutil
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

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "notebooks" / "20_drummond_holte2000.ipynb"
WIDGET_TIMEOUT = 180_000  # milliseconds: Voila runs the whole notebook before the widget shows
MOVE_TIMEOUT = 15_000  # milliseconds for the kernel to follow a slider move
STEPS = 5  # ArrowRight presses on the p(+) slider: 0.30 -> 0.35


@pytest.fixture(scope="module")
def served_env(mirror_dir, tmp_path_factory):
    """The environment of Voila's kernel, and notebook 20's view computed here first in it
    (the cross-validation the kernel then reads from the cache)."""
    root = tmp_path_factory.mktemp("cost_space")
    env = {
        "COSTLAB_MIRROR": str(mirror_dir),
        "COSTLAB_DATA_HOME": str(root / "data"),
        "COSTLAB_CACHE": str(root / "cv"),
        "COSTLAB_QUICK": "1",
        "MPLBACKEND": "Agg",
    }
    with pytest.MonkeyPatch.context() as patch:
        for key, value in env.items():
            patch.setenv(key, value)
        from costlab.studies.drummond_holte2000.notebook import CostCurvesView

        view = CostCurvesView(progress=False)
    return env, view, root


@pytest.fixture(scope="module")
def voila_url(served_env):
    """URL of notebook 20 served by a Voila subprocess (stopped after the module)."""
    env, _, root = served_env
    with serve_notebook(NOTEBOOK, root, env) as url:
        yield url


_READ = """() => {
    const table = document.querySelector('table.costlab-operating');
    const rows = [...table.querySelectorAll('tr.classifier')];
    const winner = document.querySelector('.costlab-cost-space p.costlab-winner');
    return {
        pcf: Number(table.dataset.pcf),
        mode: document.querySelector('.costlab-pcf-readout').dataset.mode,
        classifiers: rows.map(r => r.dataset.classifier),
        ne: rows.map(r => Number(r.querySelector('td.ne').dataset.value)),
        winner: winner.dataset.classifier,
    };
}"""
#: The charts drawn on load (drawn in the browser: each a box around a plotly chart).
_CHARTS = [".costlab-duality-chart", ".costlab-tec-chart"]
#: The chart a p(+) move redraws.
_MOVED_CHART = [".costlab-duality-chart"]
#: What a p(+) move redraws.
_REPAINTED = ["table.costlab-operating", *_MOVED_CHART]
#: The operating table's last header cell, the right edge of the page and of the table's box.
_LAST_COLUMN = """() => {
    const table = document.querySelector('table.costlab-operating');
    const heads = table.querySelectorAll('thead th');
    return {
        head: heads[heads.length - 1].textContent,
        right: heads[heads.length - 1].getBoundingClientRect().right,
        box: table.parentElement.getBoundingClientRect().right,
        viewport: document.documentElement.clientWidth,
    };
}"""


def _expected(view, p_pos):
    """The widget computed here, at German Credit's costs and prior ``p_pos``."""
    widget = view.cost_space_explorer(p_pos=p_pos)
    op = widget.view_.operating
    return widget.view_.pcf, op["classifier"].tolist(), op["ne_cost"].tolist(), widget.view_.winner


def test_moving_the_prior_moves_pcf_the_markers_and_the_winner(
    browser,
    voila_url,
    served_env,
    tmp_path,
):
    _, view, _ = served_env
    page = browser.new_page(viewport={"width": 1400, "height": 1700})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", offline)
    page.goto(voila_url, timeout=WIDGET_TIMEOUT)
    page.locator("table.costlab-operating").wait_for(timeout=WIDGET_TIMEOUT)
    wait_for_charts(page, _CHARTS, timeout=MOVE_TIMEOUT)

    before = page.evaluate(_READ)
    chart_before = chart_signatures(page, _MOVED_CHART)
    pcf, names, ne, winner = _expected(view, 0.3)
    assert before["mode"] == "parts"
    assert before["pcf"] == pytest.approx(0.3 * 5 / (0.3 * 5 + 0.7 * 1), abs=1e-12) == pcf
    assert before["classifiers"] == names
    assert before["ne"] == pytest.approx(ne, abs=1e-12)
    assert before["winner"] == ",".join(winner.classifiers)

    handle = page.locator(".costlab-prior .noUi-handle")
    handle.focus()
    for _ in range(STEPS):
        handle.press("ArrowRight")
    pcf, names, ne, winner = _expected(view, 0.35)
    assert pcf == pytest.approx(0.35 * 5 / (0.35 * 5 + 0.65 * 1), abs=1e-12)
    # each key press is one update; the table is written after the charts' data, so once it
    # shows the last press's PCF(+) the kernel has sent the last press's duality chart too
    page.wait_for_function(
        "() => Math.abs(Number(document.querySelector('table.costlab-operating').dataset.pcf)"
        f" - {pcf!r}) < 1e-12",
        timeout=MOVE_TIMEOUT,
    )
    # plotly draws the new traces in the browser after the message: wait until it shows them
    wait_for_charts(page, _MOVED_CHART, chart_before, timeout=MOVE_TIMEOUT)
    wait_for_charts(page, _CHARTS, timeout=MOVE_TIMEOUT)
    after = page.evaluate(_READ)
    assert after["pcf"] == pytest.approx(pcf, abs=1e-12)
    assert after["ne"] == pytest.approx(ne, abs=1e-12) and after["ne"] != before["ne"]
    assert after["winner"] == ",".join(winner.classifiers)
    assert chart_signatures(page, _MOVED_CHART) != chart_before  # the duality chart redrawn
    assert errors == []

    widget = page.locator(".costlab-cost-space")
    widget.scroll_into_view_if_needed()
    path = tmp_path / "cost_space.png"
    save_small_png(widget.screenshot(), path)
    assert path.stat().st_size > 10_000
    if os.environ.get("COSTLAB_SCREENSHOT_COST_SPACE"):
        shutil.copyfile(path, os.environ["COSTLAB_SCREENSHOT_COST_SPACE"])

    # at 1,370 px the operating table's last column is inside the page (issue 34 item 4: cut)
    page.set_viewport_size({"width": 1370, "height": 1700})
    page.locator("table.costlab-operating").scroll_into_view_if_needed()
    page.screenshot(path=tmp_path / "cost_space_1370.png")
    last = page.evaluate(_LAST_COLUMN)
    assert last["head"] == "E[C] per instance"  # the costs' mode: the widest table
    assert last["right"] <= min(last["viewport"], last["box"]), last

    # move-to-paint: each p(+) move (0.35 -> 0.40 -> 0.30 -> 0.35) repaints the table and chart
    keys = swing("ArrowRight", 2, 4)
    each_move_repaints(page, ".costlab-cost-space", ".costlab-prior", _REPAINTED, keys)
    assert errors == []
    page.close()
