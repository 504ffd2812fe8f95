"""What every browser test of a widget shares: Voila serving a notebook, Debian's Chromium.

A browser test serves a notebook with :func:`serve_notebook` (Voila in its own process group on
127.0.0.1, stopped with everything it started), drives :func:`chromium` (``/usr/bin/chromium``,
never a browser downloaded by Playwright) with every request outside 127.0.0.1 blocked
(:func:`offline`), and skips saying why without Chromium, Playwright or Voila unless
``COSTLAB_REQUIRE_BROWSER=1`` turns the skip into a failure (:func:`unavailable`).
:func:`move_to_paint` times slider moves in the page from key press to repaint, and
:func:`each_move_repaints` asserts that every move repainted what it should.
"""

import contextlib
import importlib.util
import io
import math
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("COSTLAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
]
START_TIMEOUT = 30  # seconds for Voila to answer


def unavailable(reason):
    """Skip, unless CI demands the browser test (COSTLAB_REQUIRE_BROWSER=1): then fail."""
    if os.environ.get("COSTLAB_REQUIRE_BROWSER") == "1":
        pytest.fail(f"COSTLAB_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_served(url, process, log):
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"voila exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"voila did not answer on {url} within {START_TIMEOUT} s:\n{log.read_text()}")


def stop(process):
    """Stop Voila and its kernel: the process group this test started, and nothing else."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@contextlib.contextmanager
def serve_notebook(notebook, root, env):
    """Serve ``notebook`` with Voila on a free local port; yields its URL.

    Parameters
    ----------
    notebook : Path
    root : Path
        A temporary folder for Voila's runtime and configuration and its log (``voila.log``).
    env : Mapping
        Variables added to this process's environment for Voila and its kernel (the kernel
        inherits ``PYTHONPATH``: run the test with it to serve a worktree's code).
    """
    if importlib.util.find_spec("voila") is None:
        unavailable("voila is not installed: pip install -e '.[browser]'")
    port = free_port()
    env = os.environ | {
        "MPLBACKEND": "Agg",
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
        "JUPYTER_CONFIG_DIR": str(root / "config"),  # no user configuration
        **{key: str(value) for key, value in env.items()},
    }
    log = root / "voila.log"
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
    ]
    with serve(command, notebook.parent, env, log, port) as url:
        yield url


@contextlib.contextmanager
def serve(command, cwd, env, log, port):
    """Run ``command`` (a server on ``port``) with its output in ``log``; yields its URL once
    it answers, then stops it and its process group (Voila and its kernels)."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stop() ends Voila and its kernel
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_served(url, process, log)
        yield url
    finally:
        stop(process)


@contextlib.contextmanager
def chromium():
    """Debian's Chromium driven by Playwright; Playwright never downloads a browser here."""
    if not CHROMIUM.is_file():
        unavailable(f"{CHROMIUM} not found: apt-get install chromium (or set COSTLAB_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed: pip install -e '.[browser]'")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def offline(route):
    """Serve only 127.0.0.1 (Voila); abort anything else (CDN fonts and the like)."""
    if route.request.url.startswith("http://127.0.0.1:"):
        route.continue_()
    else:
        route.abort()


def save_small_png(png, path):
    """Write a screenshot as a 256-colour PNG (a UI is flat colours: ~90 KB instead of ~220)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    palette = image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette.save(path, optimize=True)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (:func:`chromium`), one per test module; a test
    module imports this fixture by name."""
    with chromium() as launched:
        yield launched


# -- charts: drawn in the browser (plotly's SVG) or sent as PNG (an <img>) ----------------------

#: Defines ``window.costlabChartSignature(el)`` (what a chart shows: an image's ``src``, or the
#: ``d`` of every drawn trace path and the tick and annotation texts of a plotly chart, which
#: plotly updates in place) and ``window.costlabChartReady(el)`` (an image decoded, a plotly
#: chart with its traces drawn; any other element is ready). ``el`` is a chart's element: the
#: ``<img>`` or the box around the plotly chart, as a chart's CSS class selects it.
CHART_JS = """() => {
    window.costlabChartSignature = el => !el ? null : el.tagName === 'IMG' ? el.src
        : [...el.querySelectorAll('.scatterlayer path, .barlayer path, .shapelayer path,'
                                  + ' .annotation-text, .xtick text, .ytick text')]
            .map(n => n.getAttribute('d') ?? n.textContent).join('|');
    window.costlabChartReady = el => !!el && (el.tagName === 'IMG'
        ? el.complete && el.naturalWidth > 0
        : !el.classList.contains('costlab-browser-chart')
          || !!el.querySelector('.main-svg .scatterlayer .trace'));
}"""


def chart_signatures(page, selectors):
    """What each chart (CSS selector) shows now (:data:`CHART_JS`), None where absent."""
    page.evaluate(CHART_JS)
    return page.evaluate(
        "(css) => css.map(c => window.costlabChartSignature(document.querySelector(c)))",
        list(selectors),
    )


def wait_for_charts(page, selectors, before=None, *, timeout=15_000):
    """Wait until every chart is drawn and ready and, given ``before`` (their signatures, from
    :func:`chart_signatures`), shows something else."""
    page.evaluate(CHART_JS)
    page.wait_for_function(
        """([css, before]) => css.every((c, i) => {
            const el = document.querySelector(c);
            const now = window.costlabChartSignature(el);
            return window.costlabChartReady(el) && !!now
                && (before === null || now !== before[i]);
        })""",
        arg=[list(selectors), before],
        timeout=timeout,
        polling=50,
    )


# -- move-to-paint: how long a person waits between a key press and the changed picture ---------

#: Installed once per page: a MutationObserver on an explorer's root that notes, for the move
#: under way, the page-clock time of the next animation frame after each change of its outputs
#: (an image's frame after it is decoded), ignoring the control being moved.
_LATENCY_JS = """(css) => {
    const root = document.querySelector(css);
    if (window.costlabLatency && window.costlabLatency.root === root) return;
    if (window.costlabLatency) window.costlabLatency.observer.disconnect();
    const state = {root, control: null, outputs: [], before: [], start: null, paint: null,
                   last: null, mutations: 0};
    const painted = () => requestAnimationFrame(() => {
        state.paint = Math.max(state.paint ?? 0, performance.now());
    });
    const observer = new MutationObserver(records => {
        if (state.start === null) return;
        for (const record of records) {
            if (state.control && state.control.contains(record.target)) continue;
            state.mutations += 1;
            state.last = performance.now();
            const images = record.target.tagName === 'IMG' ? [record.target]
                : [...record.addedNodes].filter(n => n.querySelectorAll)
                    .flatMap(n => n.tagName === 'IMG' ? [n] : [...n.querySelectorAll('img')]);
            if (images.length) {
                Promise.all(images.map(img => img.decode().catch(() => null))).then(painted);
            } else {
                painted();
            }
        }
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true,
                            characterData: true});
    // the input event's own time stamp, in the page's clock (performance.now()'s origin)
    document.addEventListener('keydown', e => {
        if (state.armed) { state.start = e.timeStamp; state.armed = false; }
    }, true);
    document.addEventListener('pointerdown', e => {
        if (state.armed) { state.start = e.timeStamp; state.armed = false; }
    }, true);
    const signature = el => !el ? null : el.tagName === 'IMG' ? el.src
        : el.querySelector('.main-svg') ? window.costlabChartSignature(el) : el;
    state.signatures = () => state.outputs.map(css => signature(root.querySelector(css)));
    state.observer = observer;
    window.costlabLatency = state;
}"""

_ARM_JS = """([control, outputs]) => {
    const s = window.costlabLatency;
    s.control = s.root.querySelector(control);
    s.outputs = outputs;
    s.before = s.signatures();
    Object.assign(s, {armed: true, start: null, paint: null, last: null, mutations: 0});
}"""

#: True once every expected output differs from before the move (a new image decoded, a new
#: table element), its frame has run, and nothing has changed for ``quiet`` ms.
_SETTLED_JS = """(quiet) => {
    const s = window.costlabLatency;
    if (s.start === null || s.last === null || s.paint === null || s.paint < s.last) return false;
    const now = s.signatures();
    const changed = now.every((sig, i) => sig !== null && sig !== s.before[i]);
    const decoded = s.outputs.map(css => s.root.querySelector(css))
        .every(el => window.costlabChartReady(el));
    return changed && decoded && performance.now() - s.last > quiet;
}"""

_READ_JS = """() => {
    const s = window.costlabLatency;
    const now = s.signatures();
    return {start: s.start, paint: s.paint, last: s.last, mutations: s.mutations,
            unchanged: s.outputs.filter((css, i) => now[i] === null || now[i] === s.before[i])};
}"""


def swing(first, steps, moves):
    """``moves`` key presses, ``steps`` one way (``first``) then ``steps`` back, and again: each
    press moves a slider that has ``steps`` steps of room that way.

    >>> swing("ArrowLeft", 2, 5)
    ['ArrowLeft', 'ArrowLeft', 'ArrowRight', 'ArrowRight', 'ArrowLeft']
    """
    other = {"ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft"}[first]
    return (([first] * steps + [other] * steps) * (moves // (2 * steps) + 1))[:moves]


def each_move_repaints(page, root, control, outputs, keys):
    """:func:`move_to_paint` over ``keys``, asserting only what is robust: every move repainted
    every output (else it fails naming what did not change) in a finite, positive time. No
    timing threshold: ``benchmarks/bench_widget_latency.py`` reports the times."""
    moves = move_to_paint(page, root, control, keys, outputs)
    assert len(moves) == len(keys)
    for move in moves:
        assert math.isfinite(move["ms"]) and move["ms"] > 0 and move["mutations"] > 0, move
    print(f"{root} move-to-paint (ms):", [round(m["ms"]) for m in moves])
    return moves


def move_to_paint(page, root, control, keys, outputs, *, quiet=500, timeout=60_000):
    """Press ``keys`` one at a time on ``control``'s slider handle and time each move's repaint.

    What is measured, per key press, in the page's own clock (``performance.now()``): from the
    ``keydown`` event's time stamp (captured on ``document`` before the slider sees it) to the
    start of the first animation frame after the last change, inside ``root``, of anything but
    the moved control (a ``MutationObserver`` on ``root``'s subtree: attributes, children, text).
    A changed image counts once it is decoded (``img.decode()``), so its frame is the one that
    shows the new picture. A move is over when every selector in ``outputs`` shows a new element
    (a new ``src`` for an image) and nothing has changed for ``quiet`` ms; the next key is
    pressed only then, so moves never overlap (a hand dragging faster would queue them). The
    kernel's work, the messages both ways and the browser's decoding and layout are all inside;
    the ``quiet`` wait is not (it only proves that the move is over).

    Parameters
    ----------
    page : playwright.sync_api.Page
        A page showing the explorer, its first drawing done.
    root : str
        CSS selector of the explorer's root element.
    control : str
        CSS selector, inside ``root``, of the slider widget moved (its own changes are ignored).
    keys : sequence of str
        Keys pressed on the slider's first handle in ``control``, one move each (noUiSlider moves
        one step per ``ArrowLeft`` / ``ArrowRight``); each must change the slider's value.
    outputs : sequence of str
        CSS selectors, inside ``root``, of what every move must redraw (images and tables).
    quiet, timeout : float
        Milliseconds without a change that end a move; milliseconds a move may take at most.

    Returns
    -------
    list of dict
        One per move: ``ms`` (move-to-paint), ``mutations`` (changes observed).
    """
    page.evaluate(CHART_JS)
    page.evaluate(_LATENCY_JS, root)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    handle = page.locator(f"{root} {control} .noUi-handle").first
    handle.focus()
    moves = []
    for key in keys:
        page.evaluate(_ARM_JS, [control, list(outputs)])
        handle.press(key)
        try:
            page.wait_for_function(_SETTLED_JS, arg=quiet, timeout=timeout, polling=50)
        except PlaywrightTimeout:
            read = page.evaluate(_READ_JS)
            pytest.fail(f"move {len(moves) + 1} ({key} on {control}) did not repaint: {read}")
        read = page.evaluate(_READ_JS)
        moves.append({"ms": read["paint"] - read["start"], "mutations": read["mutations"]})
    return moves
