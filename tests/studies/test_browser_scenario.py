"""End to end: notebook 30's scenario explorer served by Voila, driven in Chromium by Playwright.

Voila runs ``notebooks/30_johnson2015.ipynb`` in quick mode (the study's smoke run, computed
here first into a temporary cache that the kernel then reads, or read from ``COSTLAB_CACHE``
when the environment has one); Debian's Chromium loads it offline (``_browser_kit``'s
``browser`` fixture). The test reads H from the page and checks it against
:func:`costlab.metrics.h_measure` on the same cached scores, picks the paper's "class ratio"
preset, moves the boosting-round slider and the Beta(a, ·) slider with the keyboard, waits for
the charts (drawn in the browser by plotly) to show new traces, checks the numbers again, and
saves a screenshot of the explorer, its charts drawn, in its temporary folder (and at
``COSTLAB_SCENARIO_SCREENSHOT`` when set). The Beta's a then goes to the slider's minimum, 0.1
(one Home key): the scenario curves must end at finite values and the H table hold no NaN
(issue 34 item 4; a screenshot of the scenario chart). Then it times four more moves of a from key
press to repaint (``_browser_kit.each_move_repaints``).

Skips without Chromium, Playwright or Voila unless ``COSTLAB_REQUIRE_BROWSER=1``. Run it with
``PYTHONPATH`` set to serve a worktree's code (the kernel inherits the environment).
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

from costlab.metrics import BetaDensity, h_measure
from costlab.studies.johnson2015.experiments import run_table2
from costlab.studies.johnson2015.figures import figure_2_scores
from costlab.studies.johnson2015.published import MODELS
from costlab.studies.johnson2015.report import Reproduction

pytestmark = pytest.mark.slow

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "30_johnson2015.ipynb"
# Voila runs the whole notebook (the quick study read from the cache, Fig. 2's fits) first
PAGE_TIMEOUT = 300_000  # milliseconds
# then the browser loads plotly's bundle (5 MB: seconds on a loaded machine) and draws the charts
WIDGET_TIMEOUT = 120_000  # milliseconds for the explorer to show once the page has loaded
MOVE_TIMEOUT = 30_000  # milliseconds for the kernel to redraw after a control moves
_CHARTS = ["density", "scenario", "risk", "iteration"]
#: The charts' CSS selectors (drawn in the browser: each a box around a plotly chart).
_SELECTORS = [f".costlab-{name}-chart" for name in _CHARTS]


@pytest.fixture(scope="module")
def env(mirror_dir, tmp_path_factory):
    root = tmp_path_factory.mktemp("scenario")
    return {
        "COSTLAB_MIRROR": str(mirror_dir),
        "COSTLAB_DATA_HOME": str(root / "data"),
        "COSTLAB_CACHE": os.environ.get("COSTLAB_CACHE") or str(root / "cv"),
        "COSTLAB_QUICK": "1",
    }


@pytest.fixture(scope="module")
def voila_url(env, expected, tmp_path_factory):
    """Notebook 30 served by Voila (``_browser_kit.serve_notebook``), stopped after the module;
    the study is computed first (``expected``), so the kernel reads it from the cache."""
    with serve_notebook(NOTEBOOK, tmp_path_factory.mktemp("voila"), env) as url:
        yield url


@pytest.fixture(scope="module")
def expected(env, monkeypatch_module):
    """The study's pima scores and Fig. 2's staged scores, computed here from the same cache."""
    for key, value in env.items():
        monkeypatch_module.setenv(key, value)
    run = run_table2(quick=True, progress=False, mirror=env["COSTLAB_MIRROR"])
    results = {m: run.results[("pima", m)] for m in MODELS}
    _, y_test, staged = figure_2_scores(Reproduction(run, {}))
    return {
        "y": results[MODELS[0]].y_true,
        "scores": {m: r.scores(0) for m, r in results.items()},
        "y_test": y_test,
        "staged": staged,
    }


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        yield mp


def _read(page):
    return page.evaluate(
        """() => {
            const table = document.querySelector('table.costlab-scenario-h');
            const rows = [...table.querySelectorAll('tr.classifier')];
            const rounds = document.querySelector('table.costlab-rounds');
            return {
                density: table.dataset.density,
                h: Object.fromEntries(rows.map(r =>
                    [r.dataset.classifier, Number(r.querySelector('td.h').dataset.value)])),
                round: Number(rounds.dataset.round),
                losses: Object.fromEntries([...rounds.querySelectorAll('tr.ensemble')].map(r =>
                    [r.dataset.ensemble, Number(r.querySelector('td.loss').dataset.value)])),
                preset: document.querySelector('.costlab-scn-preset select').value,
            };
        }"""
    )


def _remember_charts(page):
    """What every chart shows now (``_browser_kit.chart_signatures``), in ``_CHARTS``'s order."""
    return chart_signatures(page, _SELECTORS)


def _wait_for_new(page, before, charts):
    """Wait until the named charts show new traces (``before``: :func:`_remember_charts`'s)
    and every chart is drawn."""
    names = [_CHARTS.index(c) for c in charts]
    selectors = [_SELECTORS[i] for i in names]
    wait_for_charts(page, selectors, [before[i] for i in names], timeout=MOVE_TIMEOUT)
    wait_for_charts(page, _SELECTORS, timeout=MOVE_TIMEOUT)


def _h(expected, density):
    return {m: h_measure(expected["y"], s, density=density) for m, s in expected["scores"].items()}


def _loss(expected, density, k):
    y, staged = expected["y_test"], expected["staged"]
    return {m: 1 - h_measure(y, staged[m][k - 1], density=density) for m in MODELS}


#: Every curve of the browser-drawn scenario chart (its plotly traces' data: more than two
#: points), with its first and last y (null where the chart has a gap: a NaN in the kernel).
_CURVE_ENDS = """() => document.querySelector('.costlab-scenario-chart .js-plotly-plot').data
    .filter(t => t.y && t.y.length > 2)
    .map(t => ({name: t.name, first: t.y[0], last: t.y[t.y.length - 1]}))"""


def _assert_finite_for_a_below_1(page, tmp_path):
    """Issue 34 item 4: a Beta with a below 1 (the slider's minimum, a = 0.1, one Home key) is
    infinite at c = 0, and its scenario curves end at 0 there, not NaN; the H table neither."""
    charts = _remember_charts(page)
    handle = page.locator(".costlab-scn-beta-a .noUi-handle")
    handle.focus()
    handle.press("Home")
    page.wait_for_function(
        "() => document.querySelector('table.costlab-scenario-h')"
        "?.dataset.density.startsWith('Beta(0.1,')",
        timeout=MOVE_TIMEOUT,
    )
    _wait_for_new(page, charts, ["scenario"])
    page.locator(".costlab-scenario-chart").screenshot(path=tmp_path / "scenario_a_below_1.png")
    ends = page.evaluate(_CURVE_ENDS)
    assert ends and all(
        isinstance(end[key], float | int) and np.isfinite(end[key])
        for end in ends
        for key in ("first", "last")
    ), ends
    values = page.evaluate(
        "() => [...document.querySelectorAll('table.costlab-scenario-h td[data-value]')]"
        ".map(td => td.dataset.value)"
    )
    assert values and all(np.isfinite(float(value)) for value in values), values


def test_the_scenario_explorer_follows_its_controls(browser, voila_url, expected, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 3000})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", offline)
    page.goto(voila_url, timeout=PAGE_TIMEOUT)
    page.locator("table.costlab-scenario-h").wait_for(timeout=WIDGET_TIMEOUT)
    wait_for_charts(page, _SELECTORS, timeout=WIDGET_TIMEOUT)

    first = _read(page)
    assert first["density"] == "Beta(2, 2)" and first["preset"] == "Beta(2, 2)"
    assert first["h"] == pytest.approx(_h(expected, BetaDensity(2, 2)), abs=1e-12)
    n_rounds = len(expected["staged"][MODELS[1]])
    assert first["round"] == n_rounds
    assert first["losses"] == pytest.approx(_loss(expected, BetaDensity(2, 2), n_rounds), abs=1e-12)

    # the paper's "class ratio" density: Beta(2, 1 + pi0 / pi1), its mode at c = pi1
    charts = _remember_charts(page)
    page.locator(".costlab-scn-preset select").select_option("class ratio")
    _wait_for_new(page, charts, _CHARTS)
    pi1 = float(np.mean(expected["y"]))
    ratio = BetaDensity(2, 1 + (1 - pi1) / pi1)
    after = _read(page)
    assert after["density"] == ratio.name and after["preset"] == "class ratio"
    assert after["h"] == pytest.approx(_h(expected, ratio), abs=1e-12)

    # two rounds back: only the iteration chart and the rounds table change
    charts = _remember_charts(page)
    handle = page.locator(".costlab-scn-round .noUi-handle")
    handle.focus()
    for _ in range(2):
        handle.press("ArrowLeft")
    page.wait_for_function(
        f"() => document.querySelector('table.costlab-rounds')?.dataset.round === '{n_rounds - 2}'",
        timeout=MOVE_TIMEOUT,
    )
    _wait_for_new(page, charts, ["iteration"])
    moved = _read(page)
    assert moved["losses"] == pytest.approx(_loss(expected, ratio, n_rounds - 2), abs=1e-12)
    assert _remember_charts(page)[:3] == charts[:3]  # density, scenario and risk unchanged

    # the Beta's a, one keyboard step up: a custom density, every chart redrawn, H changes
    charts = _remember_charts(page)
    handle = page.locator(".costlab-scn-beta-a .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    _wait_for_new(page, charts, _CHARTS)
    custom = _read(page)
    assert custom["preset"] == "custom" and custom["density"] != ratio.name
    assert custom["density"].startswith("Beta(")
    assert all(custom["h"][m] != after["h"][m] for m in MODELS)

    page.locator(".costlab-scenario-explorer").screenshot(path=tmp_path / "scenario_explorer.png")
    screenshot = os.environ.get("COSTLAB_SCENARIO_SCREENSHOT")
    if screenshot:
        save_small_png(page.locator(".costlab-scenario-explorer").screenshot(), screenshot)

    _assert_finite_for_a_below_1(page, tmp_path)

    # move-to-paint: each move of the Beta's a (two log steps up, two down) repaints the H
    # table and the density, scenario and risk charts
    outputs = ["table.costlab-scenario-h", *_SELECTORS[:3]]
    keys = swing("ArrowRight", 2, 4)
    each_move_repaints(page, ".costlab-scenario-explorer", ".costlab-scn-beta-a", outputs, keys)
    assert errors == []
    page.close()
