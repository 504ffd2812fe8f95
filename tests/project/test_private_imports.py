"""No module imports a private module (``_x``) of another of costlab's top-level packages.

A package's private modules are its own business: what another package needs gets a public
home (e.g. the input checks in :mod:`costlab.metrics.checks`). The root package's own shared
internals (``costlab._io``, ``costlab._tables``, ``costlab._version``, ``costlab._deprecation``)
belong to no subpackage and are free to every one of them. Imports inside function bodies count.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imported(tree, package):
    """Every dotted name ``tree`` imports, relative imports resolved against ``package`` (the
    module's own package: the module itself for an ``__init__``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def _is_private(part):
    return part.startswith("_") and not part.startswith("__")


def private_imports_across_packages(root):
    """Sorted ``(module, private module)`` pairs: ``module`` imports (from) the private module
    of another top-level package."""
    found = set()
    for path in sorted((root / "costlab").rglob("*.py")):
        rel = path.relative_to(root).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        module = ".".join(parts)
        own = parts[1] if len(parts) > 1 else None
        package = module if rel.name == "__init__" else module.rpartition(".")[0]
        for name in _imported(ast.parse(path.read_text(encoding="utf-8")), package):
            target = name.split(".")
            if target[0] != "costlab" or len(target) < 3 or target[1] == own:
                continue
            private = [i for i, part in enumerate(target) if i >= 2 and _is_private(part)]
            if private:
                found.add((module, ".".join(target[: private[0] + 1])))
    return sorted(found)


def test_no_private_module_is_imported_across_packages():
    assert private_imports_across_packages(ROOT) == []


def test_a_planted_private_import_is_found(tmp_path):
    """The check sees a plain import, a from-import and one inside a function body."""
    package = tmp_path / "costlab" / "plotting"
    package.mkdir(parents=True)
    (package / "_planted.py").write_text(
        "import costlab.metrics._validation\n"
        "from costlab.metrics import _validation\n"
        "from costlab._io import write_table\n"
        "from costlab.plotting._base import x\n"
        "def f():\n"
        "    from costlab.classifiers._encoding import infer_schema\n"
    )
    (package / "_other.py").write_text("from .._io import write_table\nfrom ._base import x\n")
    (package / "_relative.py").write_text("from ..metrics import _validation\n")
    assert private_imports_across_packages(tmp_path) == [
        ("costlab.plotting._planted", "costlab.classifiers._encoding"),
        ("costlab.plotting._planted", "costlab.metrics._validation"),
        ("costlab.plotting._relative", "costlab.metrics._validation"),
    ]
