"""End to end: ``costlab explore`` serving its app, driven in a real Chromium by Playwright.

The command itself (``python -m costlab explore TARGET --port N --no-browser``) is started in
its own process group, as a reader would start it, over (a) the results folder of
``python reproduce.py landgrebe2004 --quick --out DIR`` (run here first, into a temporary
cross-validation cache that the app's kernel then reads) and (b) a small CSV of string labels
and two score columns. In the page (every request outside 127.0.0.1 blocked) the test waits for
(a) the study's explorer and (b) the column chooser, chooses the positive label and one score
column, presses Explore, and then sees a chart and a table drawn, with no page error.

Skips without Chromium, Playwright or Voila unless ``COSTLAB_REQUIRE_BROWSER=1``; see
``_browser_kit``. The kernel inherits ``PYTHONPATH``: the command serves this checkout's code.
"""

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from _browser_kit import browser, free_port, offline, serve, unavailable  # noqa: F401

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
PAGE_TIMEOUT = 120_000  # milliseconds for Voila to run the app (the study's explorer) and send it
DRAW_TIMEOUT = 60_000  # milliseconds for the explorers to be built and drawn after Explore
#: True once the app shows a chart drawn (an image decoded, or an svg or canvas of a chart) and
#: a table with rows: whatever way an explorer draws its charts.
_DRAWN = """() => {
    const app = document.querySelector('.costlab-explore');
    if (!app) return false;
    const charts = [...app.querySelectorAll('[class*="chart"]')].filter(el =>
        (el.tagName === 'IMG' && el.complete && el.naturalWidth > 0)
        || el.querySelector('svg, canvas') !== null || el.tagName === 'svg');
    const tables = [...app.querySelectorAll('table')].filter(t => t.querySelector('td'));
    return charts.length > 0 && tables.length > 0;
}"""


@pytest.fixture(scope="module")
def env(mirror_dir, tmp_path_factory):
    """The environment of the command and its kernel: the mirror, a temporary cache and
    Jupyter folders, and this checkout first on the path."""
    root = tmp_path_factory.mktemp("explore")
    return os.environ | {
        "COSTLAB_MIRROR": str(mirror_dir),
        "COSTLAB_DATA_HOME": str(root / "data"),
        "COSTLAB_CACHE": str(root / "cv"),
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
        "JUPYTER_CONFIG_DIR": str(root / "config"),
        "MPLBACKEND": "Agg",
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
    }


@contextlib.contextmanager
def costlab_explore(target, env, log):
    """``python -m costlab explore target`` on a free port; yields its URL, then stops it."""
    import importlib.util

    if importlib.util.find_spec("voila") is None:
        unavailable("voila is not installed: pip install -e '.[browser]'")
    port = free_port()
    command = [sys.executable, "-m", "costlab", "explore", str(target), "--port", str(port)]
    with serve([*command, "--no-browser"], log.parent, env, log, port) as url:
        yield url


def open_page(browser, url):  # noqa: F811 - browser is the fixture's value
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", offline)
    page.goto(url, timeout=PAGE_TIMEOUT)
    return page, errors


def test_the_app_over_a_results_folder_shows_the_studys_explorer(browser, env, tmp_path):  # noqa: F811
    out = tmp_path / "results"
    done = subprocess.run(
        [sys.executable, str(REPO / "reproduce.py"), "landgrebe2004", "--quick", "--out", out],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    with costlab_explore(out, env, tmp_path / "explore.log") as url:
        page, errors = open_page(browser, url)
        page.locator(".costlab-explore-note").wait_for(timeout=PAGE_TIMEOUT)
        assert "landgrebe2004" in page.locator(".costlab-explore-note").inner_text()
        page.wait_for_function(_DRAWN, timeout=DRAW_TIMEOUT)
        page.screenshot(path=tmp_path / "results.png")
    assert errors == []


def test_the_app_over_a_csv_chooses_columns_then_draws_the_explorers(browser, env, tmp_path):  # noqa: F811
    rng = np.random.default_rng(0)
    ill = rng.random(200) < 0.3
    pd.DataFrame(
        {
            "patient": np.arange(200),
            "outcome": np.where(ill, "ill", "healthy"),
            "model_a": np.round(rng.normal(ill * 1.0, 1.0), 4),
            "model_b": np.round(rng.normal(ill * 0.5, 1.0), 4),
        }
    ).to_csv(tmp_path / "scores.csv", index=False)
    with costlab_explore(tmp_path / "scores.csv", env, tmp_path / "explore.log") as url:
        page, errors = open_page(browser, url)
        chooser = page.locator(".costlab-explore-positive select")
        chooser.wait_for(timeout=PAGE_TIMEOUT)
        assert page.locator(".costlab-explore-label select").input_value() == "outcome"
        chooser.select_option("ill")
        page.locator(".costlab-explore-scores select").select_option(["model_a"])
        page.locator(".costlab-explore-go").click()
        page.wait_for_function(_DRAWN, timeout=DRAW_TIMEOUT)
        page.screenshot(path=tmp_path / "csv.png")
        assert page.locator(".costlab-explore-message").inner_text() == ""
        assert "model_a" in page.locator(".costlab-explore").inner_text()
    assert errors == []
