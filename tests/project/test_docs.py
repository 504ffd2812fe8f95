"""The documentation site builds with warnings as errors, and renders in a real browser.

One quick build per module (``COSTLAB_DOCS_QUICK=1``: the notebooks are rendered as committed,
not executed; the user guide's ``.. plot::`` figures run, on synthetic data) with
``sphinx-build -W --keep-going``, into a temporary folder. Then Debian's Chromium, driven by
Playwright (never a browser Playwright downloads), opens the built index and the API reference
from ``file://`` URLs with every network request blocked, and saves screenshots beside the build.

The build skips, saying why, without Sphinx and the docs extra (``pip install -e '.[docs]'``;
the test extra includes it), unless ``COSTLAB_REQUIRE_EXTRAS=1`` (CI), which turns that skip
into a failure as for every other package of the test extra; the browser test without Chromium
or Playwright, unless ``COSTLAB_REQUIRE_BROWSER=1`` (CI), which turns that skip into a failure,
as in ``tests/studies/test_browser.py``.

No build executes a notebook: they are committed with their outputs, which the notebook pages
and the paper pages render (``docs/_execute_notebooks.py`` writes them). The test suite runs
every notebook once and compares its outputs with the committed ones (``notebooks/conftest.py``),
exactly, except the study notebooks, which it runs with their quick protocol and compares by kind
only. Those are compared exactly, run with the papers' full protocol as committed, only when asked
(Johnson et al.'s Table 2 takes about an hour on two cores)::

    COSTLAB_DOCS_FULL=1 COSTLAB_MIRROR=<mirror> python -m pytest tests/project/test_docs.py

Its kernels import this checkout.
"""

import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from _notebook_outputs import check, committed_protocol
from _support import mirror_root, unavailable

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
CHROMIUM = Path(os.environ.get("COSTLAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BUILD_TIMEOUT = 600  # seconds; a quick build takes about a minute on the project's 2 cores
FULL_CELL_TIMEOUT = 7200  # seconds; Johnson et al.'s full Table 2 is one cell of about an hour
#: The docs extra's modules that the build imports.
DOCS_PACKAGES = ("sphinx", "numpydoc", "myst_nb", "pydata_sphinx_theme", "sphinx_design")
#: A few names the API reference must list, one per package.
API_NAMES = (
    "mtmcs_curve",
    "MTMCSDisplay",
    "CostRangeThresholdClassifier",
    "cross_val_proba",
    "load_dataset",
    "cost_explorer",
)


def _build(out, env, *options, timeout):
    """``sphinx-build -W --keep-going -q`` of docs/ into `out` (HTML): the result as a dict
    ``html`` (the folder), ``seconds``, ``log`` (what it printed: with -q, only warnings)."""
    require_docs_packages()
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-q", *options]
    command += ["-d", str(out.parent / "doctrees"), str(DOCS), str(out)]
    start = time.monotonic()
    build = subprocess.run(
        command, cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout
    )
    seconds = time.monotonic() - start
    assert build.returncode == 0, f"sphinx-build failed:\n{build.stdout}\n{build.stderr}"
    return {"html": out, "seconds": seconds, "log": build.stderr}


def require_docs_packages(find_spec=importlib.util.find_spec):
    """Skip without Sphinx and the docs extra's packages, saying which are missing; fail
    instead with ``COSTLAB_REQUIRE_EXTRAS=1`` (CI: the test extra includes the docs extra).

    ``find_spec`` is :func:`importlib.util.find_spec` (a stand-in in the test of this rule).
    """
    missing = [m for m in DOCS_PACKAGES if find_spec(m) is None]
    if missing:
        unavailable(
            f"{', '.join(missing)} not installed: pip install -e '.[docs]'",
            "COSTLAB_REQUIRE_EXTRAS",
        )


def _warnings(log):
    """The lines a -q build printed: its warnings."""
    return [line for line in log.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The quick build of docs/ (HTML) and how long it took; built once per module."""
    out = tmp_path_factory.mktemp("docs") / "html"
    env = os.environ | {"COSTLAB_DOCS_QUICK": "1", "MPLBACKEND": "Agg"}
    return _build(out, env, timeout=BUILD_TIMEOUT)


def test_the_docs_build_with_warnings_as_errors(site):
    html = site["html"]
    assert _warnings(site["log"]) == [], site["log"]
    for page in ("index.html", "api/metrics.html", "getting_started.html", "glossary.html"):
        assert (html / page).is_file(), page
    # every package's reference page, one stub per public name, the papers and the notebooks
    for package in ("metrics", "plotting", "classifiers", "evaluation", "datasets", "widgets"):
        assert (html / "api" / f"{package}.html").is_file(), package
    assert (html / "api" / "generated" / "costlab.metrics.mtmcs_curve.html").is_file()
    for paper in ("alsaffar2018", "drummond_holte2000", "johnson2015", "landgrebe2004"):
        assert (html / "papers" / f"{paper}.html").is_file(), paper
    rendered = {p.stem for p in (html / "_notebooks").glob("*.html")}
    assert rendered == {p.stem for p in (REPO / "notebooks").glob("*.ipynb")}
    # the user guide's figures were drawn
    assert list((html / "_images").glob("*.png")), "no figure in the user guide"


def _outcome(find_spec):
    """What :func:`require_docs_packages` does: ``("skip" or "fail", message)`` or ``("run",
    "")``; caught here, so that a skip where a failure is due fails this test."""
    try:
        require_docs_packages(find_spec)
    except pytest.skip.Exception as raised:
        return "skip", str(raised)
    except pytest.fail.Exception as raised:
        return "fail", str(raised)
    return "run", ""


@pytest.mark.parametrize(("flag", "expected"), [(None, "skip"), ("0", "skip"), ("1", "fail")])
def test_without_sphinx_the_build_skips_or_under_ci_fails(monkeypatch, flag, expected):
    """The rule, not the build: Sphinx missing skips the build, and fails it under CI's
    ``COSTLAB_REQUIRE_EXTRAS=1``, naming what is missing; with everything installed it runs."""
    monkeypatch.delenv("COSTLAB_REQUIRE_EXTRAS", raising=False)
    if flag is not None:
        monkeypatch.setenv("COSTLAB_REQUIRE_EXTRAS", flag)
    outcome, message = _outcome(lambda name: None if name in {"sphinx", "myst_nb"} else object())
    assert outcome == expected
    assert "sphinx, myst_nb not installed: pip install -e '.[docs]'" in message
    assert _outcome(lambda name: object()) == ("run", "")


@pytest.mark.parametrize("stem", ["20_drummond_holte2000", "30_johnson2015", "40_landgrebe2004"])
def test_the_study_notebooks_print_their_committed_outputs_at_full_protocol(stem, tmp_path):
    """What the suite cannot compare (it runs the studies quick): each study notebook run with
    its committed protocol, in a fresh cross-validation cache, compared exactly. Opt-in."""
    if os.environ.get("COSTLAB_DOCS_FULL") != "1":
        pytest.skip("the studies' full protocols take up to an hour: COSTLAB_DOCS_FULL=1")
    mirror_root()  # skips, or under CI fails, without the mirror
    path = REPO / "notebooks" / f"{stem}.ipynb"
    quick = committed_protocol(nbformat.read(path, as_version=4)) == "quick"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COSTLAB_CACHE", os.environ.get("COSTLAB_CACHE") or str(tmp_path / "cv"))
        check(path, quick, timeout=FULL_CELL_TIMEOUT)


def test_the_notebook_pages_show_their_committed_outputs(site):
    """Every notebook page renders the outputs committed with it (none is executed)."""
    notebooks = site["html"] / "_notebooks"
    shift = (notebooks / "50_deployment_shift.html").read_text(encoding="utf-8")
    assert "cell_output" in shift and "<img" in shift  # the deployment figure
    assert "moved to the em estimate" in shift  # the policies table
    for page in notebooks.glob("*.html"):
        assert "cell_output" in page.read_text(encoding="utf-8"), f"{page.stem}: no output"
    spectf = (notebooks / "04_spectf.html").read_text(encoding="utf-8")
    assert spectf.count("<img") >= 5  # Figures 10-14 of the thesis for SPECTF


def test_the_paper_pages_show_their_reproduced_figures(site):
    for paper in ("alsaffar2018", "drummond_holte2000", "johnson2015", "landgrebe2004"):
        page = (site["html"] / "papers" / f"{paper}.html").read_text(encoding="utf-8")
        images = re.findall(r'<img[^>]*src="([^"]*_images/[^"]+\.png)"', page)
        assert images, f"{paper}: no reproduced figure"
        for image in images:
            assert (site["html"] / "papers" / image).resolve().is_file(), (paper, image)
        assert "costlab-reproduced" in page, f"{paper}: no reproduced table"


def test_every_public_name_has_an_api_page(site):
    import costlab.classifiers
    import costlab.datasets
    import costlab.evaluation
    import costlab.metrics
    import costlab.plotting
    import costlab.validation
    import costlab.widgets

    generated = site["html"] / "api" / "generated"
    for module in (
        costlab.metrics,
        costlab.plotting,
        costlab.classifiers,
        costlab.evaluation,
        costlab.datasets,
        costlab.widgets,
        costlab.validation,
    ):
        for name in module.__all__:
            assert (generated / f"{module.__name__}.{name}.html").is_file(), name


def _unavailable(reason):
    """Skip, unless CI demands the browser test (COSTLAB_REQUIRE_BROWSER=1): then fail."""
    if os.environ.get("COSTLAB_REQUIRE_BROWSER") == "1":
        pytest.fail(f"COSTLAB_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright; Playwright never downloads a browser here."""
    if not CHROMIUM.is_file():
        _unavailable(f"{CHROMIUM} not found: apt-get install chromium (or set COSTLAB_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed: pip install -e '.[browser]'")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _local_only(route):
    """Serve the built files only; abort anything else (there should be nothing else)."""
    if route.request.url.startswith("file://"):
        route.continue_()
    else:
        route.abort()


def test_the_site_renders_in_chromium(site, browser):
    html = site["html"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.route("**/*", _local_only)

    page.goto((html / "index.html").as_uri())
    assert page.title().startswith("costlab")
    assert page.locator("h1").first.inner_text().strip().startswith("costlab")
    navbar = page.locator("nav").first.inner_text()
    assert "API reference" in navbar and "User guide" in navbar
    page.screenshot(path=str(html.parent / "index.png"))

    page.goto((html / "api" / "metrics.html").as_uri())
    assert "costlab.metrics" in page.title()
    listed = page.locator("table.autosummary").all_inner_texts()
    assert any("mtmcs_curve" in table for table in listed)
    page.screenshot(path=str(html.parent / "api.png"))
    # the link of a listed name leads to its page, which shows its docstring
    page.locator("table.autosummary a", has_text="mtmcs_curve").first.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("costlab.metrics.mtmcs_curve.html")
    assert page.locator("dl.py.function dt").first.is_visible()
    page.screenshot(path=str(html.parent / "api_mtmcs_curve.png"))

    # every package's reference lists its names
    for package, name in zip(
        ("metrics", "plotting", "classifiers", "evaluation", "datasets", "widgets"),
        API_NAMES,
        strict=True,
    ):
        page.goto((html / "api" / f"{package}.html").as_uri())
        assert name in page.locator("article").inner_text(), (package, name)

    # a user-guide figure is drawn and loaded
    page.goto((html / "user_guide" / "cost_curves_mtmcs.html").as_uri())
    image = page.locator("article img").first
    image.scroll_into_view_if_needed()
    assert page.evaluate("img => img.complete && img.naturalWidth > 0", image.element_handle())
    # its formulas are typeset by the site's own MathJax (every request off this folder is
    # refused above: a CDN's MathJax would leave raw LaTeX, issue 33 item 4)
    page.wait_for_selector("mjx-container", timeout=30_000)
    assert "\\mathrm{TMC}" not in page.locator("article").inner_text()

    # a notebook page shows its committed figures, and a paper page its reproduced ones
    for where in ("_notebooks/04_spectf.html", "papers/landgrebe2004.html"):
        page.goto((html / where).as_uri())
        image = page.locator("article img").first
        image.scroll_into_view_if_needed()
        assert page.evaluate("img => img.complete && img.naturalWidth > 0", image.element_handle())
        page.screenshot(path=str(html.parent / f"{Path(where).stem}.png"))
    assert errors == []
    page.close()
