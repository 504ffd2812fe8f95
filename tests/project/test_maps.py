"""The file maps of ``tests/README.md`` and ``docs/architecture.md`` are generated from the tree.

``docs/_maps.py`` writes them between their markers; these tests fail when a committed map
differs from the tree (a file added, moved, removed or its docstring changed without
``python docs/_maps.py``), and check the generator on a small tree of its own.
"""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_maps():
    spec = importlib.util.spec_from_file_location("_maps", ROOT / "docs" / "_maps.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


maps = _load_maps()


def test_committed_maps_match_the_tree():
    assert maps.stale() == [], "a map differs from the tree: run python docs/_maps.py"


def test_every_page_holds_a_map():
    for page in maps.PAGES:
        assert maps._START.search((ROOT / page).read_text(encoding="utf-8")), page


def _tree(tmp_path, marker="map"):
    (tmp_path / "costlab" / "metrics").mkdir(parents=True)
    (tmp_path / "costlab" / "__init__.py").write_text('"""The package. More here."""\n')
    (tmp_path / "costlab" / "metrics" / "__init__.py").write_text('"""Pure maths."""\n')
    (tmp_path / "costlab" / "metrics" / "roc.py").write_text('"""ROC points. And AUC."""\n')
    (tmp_path / "tests" / "metrics").mkdir(parents=True)
    (tmp_path / "tests" / "metrics" / "test_roc.py").write_text('"""Tests of ROC."""\n')
    page = tmp_path / "MAP.md"
    page.write_text(f"Prose before.\n\n<!-- {marker}: costlab tests -->\n{maps.END}\n\nAfter.\n")
    page.write_text(maps.update(page.read_text(), tmp_path))
    return page


def test_a_map_lists_each_file_and_folder_by_its_docstring(tmp_path):
    text = _tree(tmp_path).read_text()
    assert text.startswith("Prose before.\n\n<!-- map: costlab tests -->\n```text\n")
    assert text.endswith(f"```\n{maps.END}\n\nAfter.\n")
    lines = text.split("```text\n")[1].split("\n```")[0].splitlines()
    assert lines == [
        "costlab/         The package.",
        "  metrics/       Pure maths.",
        "    roc.py       ROC points.",
        "tests/",
        "  metrics/       the tests of costlab/metrics/",
        "    test_roc.py  Tests of ROC.",
    ]


def test_a_folder_map_names_the_files_of_each_folder(tmp_path):
    text = _tree(tmp_path, marker="folder map").read_text()
    assert "  metrics/  Pure maths. Files: roc.py.\n" in text


@pytest.mark.parametrize(
    "drift",
    [
        lambda root: (root / "tests" / "metrics" / "test_new.py").write_text('"""New."""\n'),
        lambda root: (root / "costlab" / "metrics" / "roc.py").unlink(),
        lambda root: (root / "costlab" / "metrics" / "roc.py").write_text('"""Other."""\n'),
    ],
    ids=["file added", "file removed", "docstring changed"],
)
def test_a_map_that_drifts_from_the_tree_is_stale(tmp_path, drift):
    _tree(tmp_path)
    assert maps.stale(tmp_path, ("MAP.md",)) == []
    drift(tmp_path)
    assert maps.stale(tmp_path, ("MAP.md",)) == ["MAP.md"]


def test_a_map_without_its_end_marker_is_an_error(tmp_path):
    with pytest.raises(ValueError, match="end of map"):
        maps.update("<!-- map: costlab -->\n", tmp_path)


@pytest.mark.parametrize(
    ("docstring", "expected"),
    [
        ("One line.", "One line."),
        ("Wrapped\nfirst sentence. Second one.", "Wrapped first sentence."),
        ("Johnson et al. (2015) and Figs. 3-4. Next.", "Johnson et al. (2015) and Figs. 3-4."),
        ("No full stop\n\nSecond paragraph.", "No full stop"),
        (None, ""),
    ],
)
def test_a_summary_is_the_first_sentence(docstring, expected):
    assert maps.summary(docstring) == expected
