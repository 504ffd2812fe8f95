"""The tests of a library package use the library alone: no test under ``tests/<package>/``
imports a study.

A test that needs a paper (a study's code, its published numbers, its notebook) lives with the
studies in ``tests/studies/``; ``tests/metrics/``, ``tests/widgets/``, ... test the library on
synthetic data or the registry's datasets, so that they keep passing whatever a study does.
Imports inside function bodies count, and so does ``importlib.import_module("costlab.studies...")``.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def library_packages(root):
    """The top-level packages of ``costlab/`` except the studies, by name."""
    return sorted(
        p.name
        for p in (root / "costlab").iterdir()
        if (p / "__init__.py").is_file() and p.name != "studies"
    )


def _is_study(name):
    return name == "costlab.studies" or name.startswith("costlab.studies.")


def _imported(tree):
    """Every dotted name ``tree`` imports (``from a import b`` gives ``a`` and ``a.b``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant):
                yield str(node.args[0].value)


def study_imports(root):
    """Sorted ``(test file, study module)`` pairs: a file under ``tests/<library package>/``
    that imports (from) ``costlab.studies``."""
    found = set()
    for package in library_packages(root):
        for path in sorted((root / "tests" / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for name in _imported(tree):
                if _is_study(name):
                    found.add((path.relative_to(root).as_posix(), name))
    return sorted(found)


def test_no_library_test_imports_a_study():
    assert study_imports(ROOT) == []


def test_the_library_packages_are_found():
    packages = library_packages(ROOT)
    assert {"metrics", "plotting", "widgets", "evaluation"} <= set(packages)
    assert "studies" not in packages


def test_a_planted_study_import_is_found(tmp_path):
    """The check sees a plain import, a from-import, ``from costlab import studies``, one inside
    a function body and ``importlib.import_module``; the studies' own tests may import them."""
    for package in ("widgets", "studies"):
        (tmp_path / "costlab" / package).mkdir(parents=True)
        (tmp_path / "costlab" / package / "__init__.py").write_text("")
    tests = tmp_path / "tests" / "widgets"
    (tests / "deep").mkdir(parents=True)
    (tests / "test_a.py").write_text(
        "import costlab.studies.johnson2015.report\n"
        "from costlab.studies.alsaffar2018.published import CLASSIFIERS\n"
        "from costlab import studies\n"
        "from costlab.widgets import cost_explorer\n"
    )
    (tests / "deep" / "test_b.py").write_text(
        "import importlib\n"
        "def test_b():\n"
        "    from costlab.studies.landgrebe2004 import notebook\n"
        "    importlib.import_module('costlab.studies.drummond_holte2000')\n"
    )
    (tmp_path / "tests" / "studies").mkdir()
    (tmp_path / "tests" / "studies" / "test_c.py").write_text("import costlab.studies\n")
    assert study_imports(tmp_path) == [
        ("tests/widgets/deep/test_b.py", "costlab.studies.drummond_holte2000"),
        ("tests/widgets/deep/test_b.py", "costlab.studies.landgrebe2004"),
        ("tests/widgets/deep/test_b.py", "costlab.studies.landgrebe2004.notebook"),
        ("tests/widgets/test_a.py", "costlab.studies"),
        ("tests/widgets/test_a.py", "costlab.studies.alsaffar2018.published"),
        ("tests/widgets/test_a.py", "costlab.studies.alsaffar2018.published.CLASSIFIERS"),
        ("tests/widgets/test_a.py", "costlab.studies.johnson2015.report"),
    ]
