"""The tests' shared helpers, imported by name (``from _support import start_weka``).

The helpers live here, not in ``conftest.py``: pytest imports every ``conftest.py`` as the module
``conftest`` (the last one imported wins), so a test importing from ``conftest`` would get
``notebooks/conftest.py`` when both folders are collected. ``tests/conftest.py`` holds the
fixtures and the session's environment, and imports what it needs from here.
"""

import importlib
import os
import shutil
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
