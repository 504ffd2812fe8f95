"""The face of costlab.metrics: explicit imports, one grouped ``__all__``, every family's names.

As fairlearn's ``fairlearn/metrics/__init__.py``: each public name is imported by name (no star
import, so a reader and a linter see where it comes from) and listed once, in its family's group.
"""

import ast
import importlib
from pathlib import Path

import costlab.metrics as metrics

ROOT = Path(__file__).resolve().parents[2]
#: The families in the order of the face's docstring and of its ``__all__`` groups.
FAMILIES = (
    "engine",
    "mtmcs",
    "cost_space",
    "scenarios",
    "threshold_choice",
    "prior_shift",
    "resampling",
    "comparison",
    "ranking",
    "example_costs",
    "risk_control",
)


def test_the_face_lists_every_family_name_once_family_by_family():
    names = [
        name
        for family in FAMILIES
        for name in importlib.import_module(f"costlab.metrics.{family}").__all__
    ]
    assert metrics.__all__ == names
    assert len(set(names)) == len(names)


def test_the_face_lists_clip_prior_with_prior_shift():
    from costlab.metrics.prior_shift import estimation

    assert "clip_prior" in metrics.__all__
    assert metrics.clip_prior is estimation.clip_prior


def _imported_names(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    stars = [
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)
    ]
    names = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    return stars, names


def test_no_package_of_costlab_star_imports():
    stars = {
        str(path.relative_to(ROOT)): _imported_names(path)[0]
        for path in (ROOT / "costlab").rglob("*.py")
    }
    assert {path: modules for path, modules in stars.items() if modules} == {}


def test_each_public_name_of_the_face_is_imported_by_name():
    _, names = _imported_names(ROOT / "costlab" / "metrics" / "__init__.py")
    assert set(metrics.__all__) <= names
