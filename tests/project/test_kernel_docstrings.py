"""Every compiled kernel has a docstring.

The kernel modules are the modules under ``costlab/classifiers`` that import numba (Weka's
RandomTree, J48 and Java's generator) and every module named ``_kernels.py``: all of their
functions count. Elsewhere, the functions compiled by a numba decorator count. Kernels are
private, so nothing else (numpydoc validation, the API reference) asks them to say what they
compute and which Weka method or equation they mirror. Nested functions (an intrinsic's
``codegen``) count too.
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
    for path in sorted((root / "costlab").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        relative = path.relative_to(root).as_posix()
        if _imports_numba(tree) and (
            relative.startswith("costlab/classifiers/") or path.name == "_kernels.py"
        ):
            found[relative] = tree
    return found


_NUMBA_DECORATORS = {"njit", "jit", "vectorize", "guvectorize", "intrinsic", "generated_jit"}


def _compiled(node):
    """Whether a function is compiled by a numba decorator (``@njit``, ``@numba.njit(...)``)."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in _NUMBA_DECORATORS:
            return True
    return False


def _functions(tree):
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def undocumented_kernels(root):
    """Sorted ``(module path, function name)`` of the kernel functions without a docstring:
    every function of a kernel module, and every compiled function elsewhere."""
    kernels = kernel_modules(root)
    found = set()
    for path in sorted((root / "costlab").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        tree = kernels.get(relative) or ast.parse(path.read_text(encoding="utf-8"))
        for node in _functions(tree):
            if (relative in kernels or _compiled(node)) and not ast.get_docstring(node):
                found.add((relative, node.name))
    return sorted(found)


def test_the_kernel_modules_are_found():
    names = " ".join(kernel_modules(ROOT))
    # a move must not leave the check empty
    assert "random_tree" in names and "j48" in names and "metrics/engine/_kernels.py" in names


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


def test_a_planted_undocumented_compiled_function_elsewhere_is_found(tmp_path):
    package = tmp_path / "costlab" / "metrics"
    package.mkdir(parents=True)
    (package / "measure.py").write_text(
        "from numba import njit\n"
        "@njit(cache=True)\n"
        "def _fast(x):\n"
        "    return x\n"
        "def helper(x):\n"
        "    return x\n"
    )
    assert undocumented_kernels(tmp_path) == [("costlab/metrics/measure.py", "_fast")]
