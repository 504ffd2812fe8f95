"""Every function of the classifiers' compiled kernels has a docstring.

The kernel modules are the modules under ``costlab/classifiers`` that import numba (Weka's
RandomTree, J48 and Java's generator): their functions are private, so nothing else (numpydoc
validation, the API reference) asks them to say what they compute and which Weka method they
mirror. Nested functions (an intrinsic's ``codegen``) count too.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports_numba(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(
            a.name.split(".")[0] == "numba" for a in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "numba":
            return True
    return False


def kernel_modules(root):
    """``{path relative to root: parsed module}`` of the kernel modules under ``root``."""
    found = {}
    for path in sorted((root / "costlab" / "classifiers").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if _imports_numba(tree):
            found[path.relative_to(root).as_posix()] = tree
    return found


def undocumented_kernels(root):
    """Sorted ``(module path, function name)`` of the kernel functions without a docstring."""
    return sorted(
        (path, node.name)
        for path, tree in kernel_modules(root).items()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not ast.get_docstring(node)
    )


def test_the_kernel_modules_are_found():
    names = " ".join(kernel_modules(ROOT))
    assert "random_tree" in names and "j48" in names  # a move must not leave the check empty


def test_every_kernel_function_has_a_docstring():
    assert undocumented_kernels(ROOT) == []


def test_a_planted_undocumented_kernel_is_found(tmp_path):
    package = tmp_path / "costlab" / "classifiers" / "_weka"
    package.mkdir(parents=True)
    (package / "_kernels.py").write_text(
        "import numba\n"
        "@numba.njit\n"
        "def _documented(x):\n"
        '    """Twice x."""\n'
        "    return 2 * x\n"
        "@numba.njit\n"
        "def _bare(x):\n"
        "    def inner():\n"
        "        return x\n"
        "    return inner()\n"
    )
    (package / "plain.py").write_text("def no_numba_here():\n    return 1\n")
    assert undocumented_kernels(tmp_path) == [
        ("costlab/classifiers/_weka/_kernels.py", "_bare"),
        ("costlab/classifiers/_weka/_kernels.py", "inner"),
    ]
