"""The citable, rerunnable artifact: CITATION.cff, the hashed lock, Binder, the manifest's lock."""

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from _support import unavailable

from costlab.studies.alsaffar2018 import report

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest itself depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements-lock.txt"


def pyproject_version():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


@pytest.fixture(scope="module")
def cff():
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


def test_citation_is_cff_1_2_for_this_version(cff):
    assert cff["cff-version"] == "1.2.0"
    assert cff["type"] == "software"
    assert cff["title"] == "costlab"
    assert cff["version"] == pyproject_version()
    assert cff["license"] == "MIT"
    assert cff["authors"] and cff["abstract"] and cff["keywords"]


def test_every_reference_has_title_authors_year_type(cff):
    refs = cff["references"]
    assert len(refs) >= 5
    for ref in refs:
        assert ref.get("title"), ref
        assert ref.get("type"), ref
        assert isinstance(ref.get("year"), int), ref
        assert ref.get("authors") and all(
            a.get("family-names") or a.get("name") for a in ref["authors"]
        ), ref


def test_citation_names_the_thesis_and_the_seed_papers(cff):
    refs = cff["references"]
    (thesis,) = [r for r in refs if r["type"] == "thesis"]
    assert thesis["title"].startswith("Evaluating Classifiers' Optimal Performances")
    assert thesis["authors"][0]["family-names"] == "Al-Saffar"
    assert thesis["year"] == 2018
    assert "Louisiana State University" in thesis["institution"]["name"]
    first_authors = {r["authors"][0]["family-names"] for r in refs}
    assert {"Al-Saffar", "Drummond", "Landgrebe", "Johnson", "Hand"} <= first_authors


LOCK_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")


def lock_entries():
    """(name, version, hashes) for every requirement in the lock, continuation lines joined."""
    text = LOCK.read_text().replace("\\\n", " ")
    entries = []
    for line in text.splitlines():
        m = LOCK_PIN.match(line)
        if m:
            entries.append((m[1].lower(), m[2], re.findall(r"--hash=sha256:([0-9a-f]{64})", line)))
    return entries


def test_lock_pins_every_package_with_sha256_hashes():
    entries = lock_entries()
    assert len(entries) > 50
    unhashed = [name for name, _, hashes in entries if not hashes]
    assert not unhashed, f"pinned without --hash=sha256: {unhashed}"
    # nothing is required without an exact pin (every non-comment, non-option line is one)
    for line in LOCK.read_text().splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith(("#", "--hash")):
            assert LOCK_PIN.match(stripped), stripped


def test_lock_pins_the_numerical_stack_and_the_weka_extra():
    names = {name for name, _, _ in lock_entries()}
    assert {"numpy", "scikit-learn", "pandas", "scipy", "python-weka-wrapper3"} <= names
    assert "costlab" not in names  # installed from the checkout with --no-deps


def test_binder_installs_the_lock_then_costlab():
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    req = " ".join(line for line in lines if not line.lstrip().startswith("#")).split()
    # pip resolves a nested -r relative to the including file: binder/../requirements-lock.txt
    assert "-r" in req and req[req.index("-r") + 1] == "../requirements-lock.txt"
    assert (ROOT / "binder" / req[req.index("-r") + 1]).resolve() == LOCK
    post = ROOT / "binder" / "postBuild"
    assert "--no-deps -e ." in post.read_text()
    assert post.stat().st_mode & 0o111, "repo2docker runs postBuild only if it is executable"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


def test_environment_lock_hashes_the_lock_file():
    entry = report.environment_lock()
    assert entry == {
        "file": "requirements-lock.txt",
        "sha256": hashlib.sha256(LOCK.read_bytes()).hexdigest(),
    }


def test_environment_lock_is_null_without_a_lock(tmp_path):
    assert report.environment_lock(tmp_path) == {"file": "requirements-lock.txt", "sha256": None}
    (tmp_path / "requirements-lock.txt").write_text("numpy==1\n")
    assert report.environment_lock(tmp_path)["sha256"] == hashlib.sha256(b"numpy==1\n").hexdigest()


def test_manifest_names_the_lock(tmp_path):
    rep = SimpleNamespace(
        options=report.ReproduceOptions(),
        run=SimpleNamespace(datasets={}, results={}),
        timings={},
        outputs=[],
    )
    path = report._write_manifest(rep, tmp_path / "manifest.json")
    manifest = json.loads(path.read_text())
    assert manifest["environment_lock"] == report.environment_lock()


# --- the package as pip builds it: licence metadata (PEP 639) and what the wheel holds -------


@pytest.fixture(scope="module")
def pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_licence_is_an_spdx_expression_with_its_file(pyproject, cff):
    """setuptools stops taking ``project.license`` as a table on 2027-02-18 (it warns on every
    build until then): an SPDX string, the licence's text in ``license-files``."""
    project = pyproject["project"]
    assert project["license"] == cff["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "The costlab developers" in text
    requires = pyproject["build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", r) for r in requires), requires
    (minimum,) = (int(r.split(">=")[1].split(".")[0]) for r in requires if "setuptools" in r)
    assert minimum >= 77  # the first setuptools taking PEP 639's license and license-files


def test_the_command_line_is_installed(pyproject):
    scripts = pyproject["project"]["scripts"]
    assert scripts["costlab-reproduce"] == "costlab.studies._reproduce:main"
    assert (ROOT / "costlab" / "studies" / "__main__.py").is_file()


def _package_files():
    """Every file of ``costlab/`` in the repository (tracked by git, else on disk)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--", "costlab"], cwd=ROOT, capture_output=True, check=False
    )
    if listed.returncode == 0 and listed.stdout:
        names = [name for name in listed.stdout.decode().split("\0") if name]
    else:
        names = [p.relative_to(ROOT).as_posix() for p in (ROOT / "costlab").rglob("*")]
    return sorted(n for n in names if "__pycache__" not in n and (ROOT / n).is_file())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """``(zip of the wheel pip builds from the repository, the build's output)``: about 15 s."""
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(ROOT)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    log = done.stdout + done.stderr
    if done.returncode != 0:
        if re.search(r"(?i)could not find a version|no matching distribution|connection", log):
            unavailable(
                "pip cannot fetch the build backend (setuptools>=77): no package index",
                "COSTLAB_REQUIRE_EXTRAS",
            )
        pytest.fail(f"pip wheel failed:\n{log[-4000:]}")
    (path,) = out.glob("costlab-*.whl")
    return zipfile.ZipFile(path), log


def test_the_build_does_not_warn_about_the_licence(wheel):
    _, log = wheel
    assert not re.search(r"(?i)licen[cs]e.*(deprecat|warn)|(deprecat|warn).*licen[cs]e", log)


def test_the_wheel_holds_every_file_of_the_package(wheel):
    """What the studies read (their published values, the dataset registry and its checksums)
    must be in the wheel: an installed costlab has no source tree to fall back on."""
    archive, _ = wheel
    names = set(archive.namelist())
    files = _package_files()
    assert "costlab/studies/alsaffar2018/published.py" in files
    assert "costlab/py.typed" in names  # PEP 561: the hints ship (tests/project/test_types.py)
    assert [name for name in files if name not in names] == []
    dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    assert f"{dist_info}/licenses/LICENSE" in names
    metadata = archive.read(f"{dist_info}/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    entry_points = archive.read(f"{dist_info}/entry_points.txt").decode()
    assert "costlab-reproduce = costlab.studies._reproduce:main" in entry_points
