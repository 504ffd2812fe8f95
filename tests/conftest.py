"""Shared fixtures: the offline data mirror and a real local HTTP server."""

try:
    import matplotlib

    matplotlib.use("Agg")
except ImportError:  # pragma: no cover - matplotlib is a dependency, but tests must not need it
    pass

import os
import shutil
import socket
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import _numba_warmup
import pytest
from _support import (  # noqa: F401  (what the fixtures use; tests import from _support)
    DEFAULT_MIRROR,
    HYPOTHESIS_PROFILES,
    MIRROR_FILES,
    MORE_MIRROR_FILES,
    REQUIRE_FLAGS,
    ProgressCounter,
    hypothesis_profile,
    import_or_skip,
    mirror_path,
    mirror_root,
    missing_requirement_outcome,
    start_weka,
    unavailable,
)

#: Scripts run by hand that regenerate golden files, not test modules: --doctest-modules (in
#: pyproject's addopts) would import them, and their shared name ``make_golden`` clashes.
collect_ignore_glob = ["golden/*/make_golden.py"]
#: Nor is this file a module of doctests: pytest names it and notebooks/conftest.py both
#: ``conftest``, and --doctest-modules would import the one under the other's name.
collect_ignore = ["conftest.py"]

if "COSTLAB_MIRROR" not in os.environ and DEFAULT_MIRROR.is_dir():
    # The notebooks (run as tests in kernels that inherit this environment) and reproduce.py
    # read the mirror from the environment: point them at the project's offline copy too.
    os.environ["COSTLAB_MIRROR"] = str(DEFAULT_MIRROR)


# The Johnson et al. notebook's full Table 2 takes about an hour: in the suite it runs quick.
os.environ.setdefault("COSTLAB_QUICK", "1")


#: Thread pools of numpy's and scipy's OpenBLAS and scikit-learn's OpenMP: one thread each
#: under pytest-xdist, whose workers already take every core (a pool per core in every worker
#: oversubscribed the 2-core machine: four files of BLAS-heavy tests took 51-81 s, 42 s with
#: one thread).
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


_WARMUP: list[_numba_warmup.Warmup] = []  # the controller's, until the workers have collected


@pytest.hookimpl(trylast=True)  # after the terminal reporter is set up
def pytest_configure(config):
    """In the pytest-xdist controller, before the workers start: one thread per BLAS and OpenMP
    pool (the workers, their notebook kernels and subprocesses inherit the environment), and
    numba's cache compiled once (``_numba_warmup``), so that the workers load the Weka kernels
    instead of each compiling them. The compilation runs while the workers start and collect
    the tests (about 13 s of their time): :func:`pytest_xdist_node_collection_finished` waits
    for it before any test is handed out."""
    if hasattr(config, "workerinput") or config.getoption("collectonly"):
        return
    if config.getoption("dist", "no") == "no" or not config.getoption("numprocesses", None):
        return
    for name in THREAD_VARIABLES:
        os.environ.setdefault(name, "1")
    _WARMUP.append(_numba_warmup.Warmup(config.rootpath))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """In the controller, when the first worker has collected: wait for numba's warm-up (the
    tests are handed out once every worker has collected, so none starts before it is over)."""
    if not _WARMUP:
        return
    seconds, failures = _WARMUP.pop().wait()
    reporter = node.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"numba: the Weka kernels compiled or loaded in {seconds:.0f} s")
    for failure in failures:  # the tests that need the kernels then fail on their own
        print(f"numba warm-up failed: {failure}", file=sys.stderr)


def _load_hypothesis_profile():
    try:
        from hypothesis import settings
    except ImportError:  # the test extra's; the tests that need it import it themselves
        return
    for name, values in HYPOTHESIS_PROFILES.items():
        settings.register_profile(name, **values)
    settings.load_profile(hypothesis_profile())


_load_hypothesis_profile()


@pytest.fixture(scope="session")
def mirror_dir():
    """The data mirror (skips the test if it is absent; fails with COSTLAB_REQUIRE_MIRROR=1)."""
    return mirror_root()


@pytest.fixture(scope="module")
def datasets(mirror_dir, tmp_path_factory):
    """``load(name)``: a registered dataset read from the mirror, loaded once per module."""
    from costlab.datasets import load_dataset

    home = tmp_path_factory.mktemp("data")
    cache = {}

    def load(name):
        if name not in cache:
            cache[name] = load_dataset(name, mirror=mirror_dir, data_home=home)
        return cache[name]

    return load


@pytest.fixture
def mirror_copy(mirror_dir, tmp_path):
    """A temporary copy of just the files of the four built-in datasets."""
    return _copy_files(mirror_dir, tmp_path / "mirror", MIRROR_FILES)


@pytest.fixture
def more_mirror_copy(mirror_dir, tmp_path):
    """A temporary copy of just the files of the datasets in MORE_MIRROR_FILES."""
    return _copy_files(mirror_dir, tmp_path / "more_mirror", MORE_MIRROR_FILES)


def _copy_files(mirror_dir, root, files_by_dataset):
    """Copy the listed mirror files to `root`, keeping their relative paths; return `root`."""
    for files in files_by_dataset.values():
        for relative in files:
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(mirror_dir / relative, root / relative)
    return root


class LocalServer:
    """A real HTTP server on 127.0.0.1 serving files of `root` and in-memory routes.

    ``routes`` maps a URL path (without leading slash) to bytes served instead of a file;
    ``truncate`` maps a path to the number of bytes actually sent while Content-Length still
    announces the full body; ``requests`` records the paths asked for.
    """

    def __init__(self, root=None):
        self.root = Path(root) if root is not None else None
        self.routes, self.truncate, self.requests = {}, {}, []
        handler = type("Handler", (_Handler,), {"owner": self})
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self.thread.start()

    @property
    def url(self):
        """Base URL of the server, without trailing slash."""
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def body(self, path):
        """Return the bytes served at `path`, or None for 404."""
        if path in self.routes:
            return self.routes[path]
        if self.root is not None and (self.root / path).is_file():
            return (self.root / path).read_bytes()
        return None

    def close(self):
        """Stop the server and release its port."""
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


class _Handler(BaseHTTPRequestHandler):
    owner = None

    def do_GET(self):  # noqa: N802 - http.server API
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/")
        self.owner.requests.append(path)
        body = self.owner.body(path)
        if body is None:
            self.send_error(404, "Not Found")
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[: self.owner.truncate.get(path, len(body))])
        self.close_connection = True

    def log_message(self, *args):
        pass


@pytest.fixture
def serve():
    """Factory starting LocalServer instances; all are stopped after the test."""
    servers = []

    def start(root=None):
        server = LocalServer(root)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def dead_url():
    """URL of a local port with nothing listening (connection refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture
def openml_server(mirror_dir, tmp_path, monkeypatch):
    """The loopback OpenML stand-in (tests/_openml_server.py) with the thesis's data sets under
    their OpenML ids; costlab reaches it through ``COSTLAB_OPENML_SERVER`` with its data home
    in ``tmp_path / "home"``, and openml-python itself is pointed at it (cache in
    ``tmp_path / "openml"``) for tests that call it directly."""
    from _openml_server import openml_configured, start_openml_test_server

    server = start_openml_test_server(mirror_dir)
    monkeypatch.setenv("COSTLAB_OPENML_SERVER", server.url)
    monkeypatch.setenv("COSTLAB_DATA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENML_APIKEY", "costlab-tests")
    try:
        with openml_configured(server, tmp_path / "openml"):
            yield server
    finally:
        server.close()


@pytest.fixture
def snapshot():
    """Function returning the set of relative paths under a directory (empty if absent)."""
    return _tree


def _tree(path):
    """Return the set of all paths under `path` (empty if it does not exist)."""
    path = Path(path)
    return {p.relative_to(path).as_posix() for p in path.rglob("*")} if path.exists() else set()
