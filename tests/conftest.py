"""Shared fixtures: the offline data mirror and a real local HTTP server."""

try:
    import matplotlib

    matplotlib.use("Agg")
except ImportError:  # pragma: no cover - matplotlib is a dependency, but tests must not need it
    pass

import hashlib
import importlib
import json
import os
import shutil
import socket
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

#: The local mirror of the raw files when COSTLAB_MIRROR is unset: shared/data beside the repo.
DEFAULT_MIRROR = Path(__file__).resolve().parents[2] / "shared" / "data"
#: Files each built-in dataset is parsed from, relative to the mirror root.
MIRROR_FILES = {
    "german_credit": ["german_credit/german.data"],
    "credit_approval": ["credit_approval/crx.data"],
    "messidor": ["messidor/messidor_features.arff"],
    "spectf": ["spectf/SPECTF.test", "spectf/SPECTF.train"],
}
#: Files of the UCI datasets added for Johnson, Raeder & Chawla (2015), relative to the mirror
#: root (kept apart from MIRROR_FILES, which lists the thesis's four datasets).
MORE_MIRROR_FILES = {
    "breast_w": ["breast_w/breast-cancer-wisconsin.data"],
    "bupa": ["bupa/bupa.data"],
    "heart_c": ["heart_c/processed.cleveland.data"],
    "heart_h": ["heart_h/processed.hungarian.data"],
    "horse_colic": ["horse_colic/horse-colic.data", "horse_colic/horse-colic.test"],
    "ionosphere": ["ionosphere/ionosphere.data"],
    "kr_vs_kp": ["kr_vs_kp/kr-vs-kp.data"],
    "pima": ["pima/pima-indians-diabetes.data"],
    "promoters": ["promoters/promoters.data"],
    "sonar": ["sonar/sonar.all-data"],
    "tic_tac_toe": ["tic_tac_toe/tic-tac-toe.data"],
    "vote": ["vote/house-votes-84.data"],
    "vote1": ["vote/house-votes-84.data"],
}


if "COSTLAB_MIRROR" not in os.environ and DEFAULT_MIRROR.is_dir():
    # The notebooks (run by nbmake in kernels that inherit this environment) and reproduce.py
    # read the mirror from the environment: point them at the project's offline copy too.
    os.environ["COSTLAB_MIRROR"] = str(DEFAULT_MIRROR)


# The Johnson et al. notebook's full Table 2 takes about an hour: in the suite it runs quick.
os.environ.setdefault("COSTLAB_QUICK", "1")


#: Environment flags with which CI (``.ci/run``) turns the skip of a test whose requirement is
#: missing into a failure: flag -> what it requires.
REQUIRE_FLAGS = {
    "COSTLAB_REQUIRE_MIRROR": "a local mirror of the raw files (COSTLAB_MIRROR)",
    "COSTLAB_REQUIRE_EXTRAS": (
        "the test extra's reference packages (hmeasure, dask, pyarrow), its type checker (mypy, "
        "for tests/project/test_types.py) and the docs extra it includes (Sphinx and its "
        "extensions, for tests/project/test_docs.py)"
    ),
    "COSTLAB_REQUIRE_WEKA": "Java and the weka extra",
    "COSTLAB_REQUIRE_BROWSER": "Chromium, Voila and Playwright",
}


def missing_requirement_outcome(flag, environ=None):
    """Decide what a test whose requirement is missing does: ``"fail"`` or ``"skip"``.

    Parameters
    ----------
    flag : str
        One of :data:`REQUIRE_FLAGS`; the test fails when this environment variable is ``"1"``.
    environ : mapping, optional
        The environment (default ``os.environ``).

    Returns
    -------
    str
        ``"fail"`` when ``environ[flag] == "1"`` (CI), else ``"skip"``.
    """
    if flag not in REQUIRE_FLAGS:
        raise ValueError(f"flag must be one of {sorted(REQUIRE_FLAGS)}, got {flag!r}.")
    environ = os.environ if environ is None else environ
    return "fail" if environ.get(flag) == "1" else "skip"


#: Hypothesis's settings profiles: "ci", reproducible (the same examples on every run, derived
#: from each test's code; no example database; the seed of a failure printed), and "dev", for a
#: local run (random examples, failures replayed from the local database). Each test's own
#: ``@settings(max_examples=...)`` keeps its count under both (100, Hypothesis's default, for a
#: test without one), so CI runs as many examples as before.
HYPOTHESIS_PROFILES = {
    "ci": {
        "derandomize": True,
        "database": None,
        "deadline": None,
        "max_examples": 100,
        "print_blob": True,
    },
    "dev": {"deadline": None},
}


def hypothesis_profile(environ=None):
    """The Hypothesis profile a run loads: ``HYPOTHESIS_PROFILE`` if set, else ``"ci"`` when
    CI's flags are set (``COSTLAB_REQUIRE_EXTRAS=1``, as ``.ci/run`` sets it), else ``"dev"``.

    Parameters
    ----------
    environ : mapping, optional
        The environment (default ``os.environ``).

    Returns
    -------
    str
        One of :data:`HYPOTHESIS_PROFILES`.
    """
    environ = os.environ if environ is None else environ
    name = environ.get("HYPOTHESIS_PROFILE") or (
        "ci" if missing_requirement_outcome("COSTLAB_REQUIRE_EXTRAS", environ) == "fail" else "dev"
    )
    if name not in HYPOTHESIS_PROFILES:
        raise ValueError(
            f"HYPOTHESIS_PROFILE must be one of {sorted(HYPOTHESIS_PROFILES)}, got {name!r}."
        )
    return name


def _load_hypothesis_profile():
    try:
        from hypothesis import settings
    except ImportError:  # the test extra's; the tests that need it import it themselves
        return
    for name, values in HYPOTHESIS_PROFILES.items():
        settings.register_profile(name, **values)
    settings.load_profile(hypothesis_profile())


_load_hypothesis_profile()


def unavailable(reason, flag):
    """Skip the current test (or module) because of `reason`; fail instead when `flag` is set.

    Parameters
    ----------
    reason : str
        What is missing.
    flag : str
        The environment flag that makes the requirement mandatory (see :data:`REQUIRE_FLAGS`).
    """
    if missing_requirement_outcome(flag) == "fail":
        pytest.fail(f"{flag}=1 but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def import_or_skip(name):
    """Import module `name` or skip; with ``COSTLAB_REQUIRE_EXTRAS=1`` fail instead.

    ``pytest.importorskip`` for the test extra's reference packages, which CI must not skip.
    """
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        unavailable(
            f"{name} is not installed ({exc}): pip install -e '.[test]'", "COSTLAB_REQUIRE_EXTRAS"
        )


def start_weka():
    """Start the JVM of the Weka engine, or skip (fail with ``COSTLAB_REQUIRE_WEKA=1``)."""
    for module in ("jpype", "weka"):
        try:
            importlib.import_module(module)
        except ImportError:
            unavailable(
                "the weka extra is not installed: pip install -e .[weka]", "COSTLAB_REQUIRE_WEKA"
            )
    if shutil.which("java") is None:
        unavailable("java is not on PATH (install default-jdk-headless)", "COSTLAB_REQUIRE_WEKA")
    from costlab.evaluation.weka import start_jvm

    start_jvm()


class ProgressCounter:
    """A progress bar that counts its updates (the engines advance it once per fold)."""

    def __init__(self):
        self.n = 0

    def update(self, n=1):
        self.n += n


def mirror_path():
    """The mirror directory the tests read: env ``COSTLAB_MIRROR``, else :data:`DEFAULT_MIRROR`."""
    return Path(os.environ.get("COSTLAB_MIRROR") or DEFAULT_MIRROR)


def mirror_root():
    """Return the mirror directory, or skip (fail with ``COSTLAB_REQUIRE_MIRROR=1``)."""
    root = mirror_path()
    if not root.is_dir():
        unavailable(
            f"data mirror {root} not found: set COSTLAB_MIRROR to a copy of the raw UCI files",
            "COSTLAB_REQUIRE_MIRROR",
        )
    return root


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
def publish_openml():
    """Function publishing an ARFF file on a LocalServer the way OpenML describes it."""
    return _publish_openml


@pytest.fixture
def snapshot():
    """Function returning the set of relative paths under a directory (empty if absent)."""
    return _tree


def _publish_openml(server, openml_id, arff_bytes, *, md5=None, **fields):
    """Publish an ARFF file on `server` the way OpenML's JSON API describes it.

    Parameters
    ----------
    server : LocalServer
        Fake OpenML server.
    openml_id : int
        Data set id.
    arff_bytes : bytes
        ARFF file content.
    md5 : str, optional
        MD5 announced in the description; default the real MD5 of `arff_bytes`.
    **fields
        Extra description fields (e.g. ``default_target_attribute``).

    Returns
    -------
    dict
        The data set description served.
    """
    arff_path = f"data/v1/download/{openml_id}/dataset_{openml_id}.arff"
    description = {
        "id": str(openml_id),
        "name": f"dataset_{openml_id}",
        "format": "ARFF",
        "url": f"{server.url}/{arff_path}",
        "md5_checksum": md5 or hashlib.md5(arff_bytes).hexdigest(),
        "default_target_attribute": "class",
        **fields,
    }
    server.routes[arff_path] = arff_bytes
    body = json.dumps({"data_set_description": description}).encode()
    server.routes[f"api/v1/json/data/{openml_id}"] = body
    return description


def _tree(path):
    """Return the set of all paths under `path` (empty if it does not exist)."""
    path = Path(path)
    return {p.relative_to(path).as_posix() for p in path.rglob("*")} if path.exists() else set()
