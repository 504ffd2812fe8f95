"""What every browser test of a widget shares: Voila serving a notebook, Debian's Chromium.

A browser test serves a notebook with :func:`serve_notebook` (Voila in its own process group on
127.0.0.1, stopped with everything it started), drives :func:`chromium` (``/usr/bin/chromium``,
never a browser downloaded by Playwright) with every request outside 127.0.0.1 blocked
(:func:`offline`), and skips saying why without Chromium, Playwright or Voila unless
``COSTLAB_REQUIRE_BROWSER=1`` turns the skip into a failure (:func:`unavailable`).
"""

import contextlib
import importlib.util
import io
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
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=notebook.parent,
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
