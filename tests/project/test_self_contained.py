"""The project's text is self-contained and citable.

Every tracked text file (code, docstrings, notebooks, READMEs, CITATION.cff, tests) names papers by
authors and year, never by an internal filing number; cites no file outside the repository; holds
no absolute path of the machine it was written on; and every documentation page it cites
(``docs/...md``) exists.
"""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SELF = Path(__file__).resolve()
#: Lock files list package URLs only; they are written by pip, not by us.
SKIPPED = {"requirements-lock.txt"}

#: What must not appear, with the reason a reader would give.
FORBIDDEN = {
    "an internal paper label ('seed 00N'); name the paper by authors and year": re.compile(
        r"(?i)(?<![a-z0-9])seeds?[ _-]?00[0-4](?![0-9])"
    ),
    "a citation of FINDINGS.md, which is not in the repository; cite a docs/facts page": re.compile(
        r"FINDINGS(\.md)?\b"
    ),
    "a citation of STYLE.md, which is not in the repository": re.compile(r"STYLE\.md"),
    "a module that does not exist (costlab/statements.py)": re.compile(r"costlab/statements\.py"),
    "an absolute path of a machine": re.compile(r"(?<![\w.~-])/(work|root|tmp|home/[\w.-]+)/"),
}
#: A documentation page cited by path, e.g. ``docs/facts/weka.md`` or ``../docs/facts/weka.md``.
DOCS_PAGE = re.compile(r"(?<![\w/-])(?:\.\./)*(docs/[\w./-]+?\.md)\b")


def _tracked_text_files():
    """(path relative to the root, text) of every tracked text file but the skipped ones."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    files = []
    for name in filter(None, (raw.decode() for raw in listed)):
        path = ROOT / name
        if name in SKIPPED or path.resolve() == SELF or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data[:8192]:  # binary (images, npz)
            continue
        try:
            files.append((name, data.decode("utf-8")))
        except UnicodeDecodeError:
            continue
    return files


def _offences(files, pattern):
    return [
        f"{name}:{number}: {line.strip()[:120]}"
        for name, text in files
        for number, line in enumerate(text.splitlines(), start=1)
        if pattern.search(line)
    ]


@pytest.fixture(scope="module")
def files():
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    return _tracked_text_files()


def test_the_files_are_listed(files):
    names = {name for name, _ in files}
    assert {"README.md", "costlab/__init__.py"} <= names


@pytest.mark.parametrize("reason", list(FORBIDDEN))
def test_no_forbidden_text(files, reason):
    offences = _offences(files, FORBIDDEN[reason])
    assert not offences, f"{reason}:\n" + "\n".join(offences)


def test_every_cited_docs_page_exists(files):
    missing = [
        f"{name}: {cited}"
        for name, text in files
        for cited in sorted(set(DOCS_PAGE.findall(text)))
        if not (ROOT / cited).is_file()
    ]
    assert not missing, "cited documentation pages that do not exist:\n" + "\n".join(missing)


def _label(word, sep, number):
    """An internal paper label built from parts, so that this file holds none itself."""
    return f"{word}{sep}00{number}"


def _path(top, rest):
    """A machine path built from parts, so that this file holds none itself."""
    return f"/{top}/{rest}"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (f"Johnson et al. (2015; {_label('seed', ' ', 3)}) write", "internal paper label"),
        (f"{_label('Seeds', ' ', 1)} and 004 draw cost curves", "internal paper label"),
        (f'if claim_id == "{_label("seed", "", 4)}_range":', "internal paper label"),
        (f"def test_{_label('seed', '_', 3)}_critical_difference():", "internal paper label"),
        ("see FINDINGS.md section 1", "FINDINGS.md"),
        ("as FINDINGS 5 says", "FINDINGS.md"),
        ("thin notebooks (STYLE.md 7)", "STYLE.md"),
        ("see `costlab/statements.py`", "costlab/statements.py"),
        (f"COSTLAB_MIRROR={_path('work', 'shared/data')}", "absolute path"),
        (f"git clone x {_path('tmp', 'arff')}", "absolute path"),
        (f"open('{_path('home', 'alice/data.csv')}')", "absolute path"),
    ],
)
def test_the_checks_catch_what_they_are_for(line, reason):
    matched = [why for why, pattern in FORBIDDEN.items() if pattern.search(line)]
    assert any(reason.split()[0].lower() in why.lower() for why in matched), (line, matched)


@pytest.mark.parametrize(
    "line",
    [
        "cross_val_proba(model, X, y, seed=1)",
        "10 repetitions of 10-fold CV (seeds 1-10)",
        "draws 7400 instances with seed 0",
        'monkeypatch.setenv("COSTLAB_MIRROR", "../shared/data")',
        "see docs/facts/weka.md",
    ],
)
def test_the_checks_let_ordinary_text_pass(line):
    assert not [why for why, pattern in FORBIDDEN.items() if pattern.search(line)]


def test_a_missing_docs_page_is_found():
    assert DOCS_PAGE.findall("see docs/facts/nowhere.md and ../docs/facts/weka.md") == [
        "docs/facts/nowhere.md",
        "docs/facts/weka.md",
    ]
