"""Each module of ``costlab.classifiers`` lists in ``__all__`` its public names only.

A name is public if the package face exports it or a module of another package imports it
from there (e.g. ``costlab.classifiers.boosting.risk_boost`` for the Weka engine); the rest
(tree kernels' wrappers, Java's string hash, the stumps) are the module's internals. The
compiled kernels of ``costlab.classifiers._weka`` are internals as a whole and not checked.
"""

import ast
import importlib
from pathlib import Path

import costlab.classifiers

ROOT = Path(costlab.classifiers.__file__).parents[1]
PACKAGE = ROOT / "classifiers"


def imported_from_outside(root):
    """``{module: names}`` that modules outside ``costlab/classifiers/`` import from it."""
    found = {}
    for path in root.rglob("*.py"):
        if PACKAGE in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = found.setdefault(node.module, set())
                names.update(alias.name for alias in node.names)
    return found


def names_beyond_the_public(root):
    """``(module, name)`` listed in a module's ``__all__`` that nothing public needs."""
    face = set(costlab.classifiers.__all__)
    outside = imported_from_outside(root)
    extra = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "__init__.py":
            continue
        name = f"costlab.classifiers.{path.stem}"
        listed = getattr(importlib.import_module(name), "__all__", [])
        public = face | outside.get(name, set())
        extra += [(name, item) for item in listed if item not in public]
    return extra


def test_every_module_all_lists_public_names_only():
    assert names_beyond_the_public(ROOT) == []


def test_an_internal_listed_in_all_is_found(monkeypatch):
    from costlab.classifiers import j48

    monkeypatch.setattr(j48, "__all__", [*j48.__all__, "add_errors"])
    assert names_beyond_the_public(ROOT) == [("costlab.classifiers.j48", "add_errors")]
