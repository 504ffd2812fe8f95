"""The skip-or-fail rule of tests whose requirement is missing (tests/conftest.py).

Without its requirement (the data mirror, the test extra's reference packages, Java and Weka,
Chromium) a test skips on a developer's machine; CI (``.ci/run``) sets ``COSTLAB_REQUIRE_*=1``
and the same test fails, so that a published-value test can never pass there by not running.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from _support import REQUIRE_FLAGS, import_or_skip, missing_requirement_outcome, unavailable

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("flag", sorted(REQUIRE_FLAGS))
def test_the_flag_decides_skip_or_fail(flag):
    assert missing_requirement_outcome(flag, {}) == "skip"
    assert missing_requirement_outcome(flag, {flag: "0"}) == "skip"
    assert missing_requirement_outcome(flag, {flag: ""}) == "skip"
    assert missing_requirement_outcome(flag, {flag: "1"}) == "fail"
    other = next(f for f in REQUIRE_FLAGS if f != flag)
    assert missing_requirement_outcome(flag, {other: "1"}) == "skip"  # one flag, one requirement


def test_unknown_flag_is_refused():
    with pytest.raises(ValueError, match="flag must be one of"):
        missing_requirement_outcome("COSTLAB_REQUIRE_MIROR", {})


def test_unavailable_skips_or_fails(monkeypatch):
    monkeypatch.delenv("COSTLAB_REQUIRE_EXTRAS", raising=False)
    with pytest.raises(pytest.skip.Exception, match="costlab_no_such_module is not installed"):
        import_or_skip("costlab_no_such_module")
    monkeypatch.setenv("COSTLAB_REQUIRE_EXTRAS", "1")
    with pytest.raises(pytest.fail.Exception, match="COSTLAB_REQUIRE_EXTRAS=1 but"):
        import_or_skip("costlab_no_such_module")
    with pytest.raises(pytest.fail.Exception, match="COSTLAB_REQUIRE_MIRROR=1 but gone"):
        monkeypatch.setenv("COSTLAB_REQUIRE_MIRROR", "1")
        unavailable("gone", "COSTLAB_REQUIRE_MIRROR")
    assert import_or_skip("numpy").__name__ == "numpy"


def _pytest(args, env):
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
        + ["-o", "addopts=", "-q", "-rs", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_ci_fails_a_mirror_test_without_the_mirror(tmp_path):
    """End to end: a test using the ``mirror_dir`` fixture skips without the mirror, and errors
    with COSTLAB_REQUIRE_MIRROR=1 (as ``.ci/run`` sets it)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COSTLAB_REQUIRE_")}
    env["COSTLAB_MIRROR"] = str(tmp_path / "absent")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    target = "tests/evaluation/test_cv.py::test_out_of_fold_probabilities_cover_every_instance"
    skipped = _pytest([target], env)
    assert skipped.returncode == 0, skipped.stdout + skipped.stderr
    assert "1 skipped" in skipped.stdout and "data mirror" in skipped.stdout
    failed = _pytest([target], {**env, "COSTLAB_REQUIRE_MIRROR": "1"})
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "1 error" in failed.stdout
    assert "COSTLAB_REQUIRE_MIRROR=1 but data mirror" in failed.stdout


def test_ci_sets_every_flag():
    ci = (ROOT / ".ci" / "run").read_text()
    for flag in REQUIRE_FLAGS:
        assert f"export {flag}=1" in ci, flag
