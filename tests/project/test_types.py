"""Type hints: every public callable of the faces is annotated, and mypy passes on the package.

The package ships its hints (``costlab/py.typed``, PEP 561), so they are part of the API: a
public function, method or class whose parameter or return lacks a hint is listed here by name;
``mypy`` (the test extra's, configured in ``pyproject.toml``'s ``[tool.mypy]``) checks the whole
package, and fails on a function annotated only in part. Without mypy the check skips, unless
``COSTLAB_REQUIRE_EXTRAS=1`` (CI), which turns that skip into a failure.
"""

import importlib
import inspect
import subprocess
import sys
import types
from pathlib import Path

from _support import import_or_skip

ROOT = Path(__file__).resolve().parents[2]

#: The public faces whose ``__all__`` is the API a user annotates against: the library's
#: packages, and what the studies' notebooks call (each study's ``notebook`` module, the
#: thesis's explorers).
FACES = (
    "costlab",
    "costlab.metrics",
    "costlab.plotting",
    "costlab.classifiers",
    "costlab.evaluation",
    "costlab.datasets",
    "costlab.widgets",
    "costlab.validation",
    "costlab.studies",
    "costlab.studies.alsaffar2018.notebook",
    "costlab.studies.alsaffar2018.explorer",
    "costlab.studies.drummond_holte2000.notebook",
    "costlab.studies.johnson2015.notebook",
    "costlab.studies.landgrebe2004.notebook",
)


def _members(cls):
    """Public methods and properties of ``cls`` and of its costlab bases (``__init__`` and
    ``__call__`` included), as ``(name, function)``; inherited ones once, from their class."""
    found = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__.split(".")[0] != "costlab":
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") and name not in ("__init__", "__call__"):
                continue
            if isinstance(value, (classmethod, staticmethod)):
                value = value.__func__
            elif isinstance(value, property):
                value = value.fget
            elif hasattr(value, "attrname") and hasattr(value, "func"):  # cached_property
                value = value.func
            if inspect.isfunction(value):
                found[name] = value
    return found.items()


def _missing(function):
    """The parameters (and ``"return"``) of ``function`` that have no annotation."""
    signature = inspect.signature(function)
    missing = [
        p.name
        for p in signature.parameters.values()
        if p.annotation is inspect.Parameter.empty and p.name not in ("self", "cls")
    ]
    if signature.return_annotation is inspect.Signature.empty and function.__name__ != "__init__":
        missing.append("return")
    return missing


def unannotated(modules):
    """``"qualified name: [unannotated parameters]"`` for every public callable in the
    ``__all__`` of ``modules`` (functions; classes' public methods, properties, ``__init__``)."""
    report, seen = [], set()
    for module in modules:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                items = [(f"{obj.__qualname__}.{m}", f) for m, f in _members(obj)]
            elif inspect.isfunction(inspect.unwrap(obj)):
                items = [(obj.__qualname__, inspect.unwrap(obj))]
            else:  # constants
                continue
            for qualname, function in items:
                key = f"{function.__module__}.{function.__qualname__}"
                if key in seen:
                    continue
                seen.add(key)
                if missing := _missing(function):
                    report.append(f"{module.__name__}: {qualname}: {missing}")
    return report


def test_every_public_callable_of_the_faces_is_annotated():
    report = unannotated([importlib.import_module(face) for face in FACES])
    assert not report, "public callables without type hints:\n" + "\n".join(report)


def _planted_face():
    """A face with one hint missing from each kind of public callable."""
    face = types.ModuleType("costlab_planted")

    def scored(y_true: list, y_score) -> float:  # a parameter without its hint
        return 0.0

    class Display:
        def __init__(self, curves: dict) -> None:
            self.curves = curves

        def plot(self, ax=None) -> "Display":  # a method's parameter
            return self

        @property
        def n_curves(self):  # a property's return
            return len(self.curves)

        @classmethod
        def from_predictions(cls, y_true: list, y_score: list):  # a classmethod's return
            return cls({})

    Display.__module__ = "costlab.planted"  # walked as one of costlab's classes
    face.scored, face.Display, face.__all__ = scored, Display, ["scored", "Display", "LIMIT"]
    face.LIMIT = 3
    return face


def test_the_walk_names_every_missing_hint():
    report = unannotated([_planted_face()])
    assert len(report) == 4, report
    assert any("scored: ['y_score']" in line for line in report)
    assert any("Display.plot: ['ax']" in line for line in report)
    assert any("Display.n_curves: ['return']" in line for line in report)
    assert any("Display.from_predictions: ['return']" in line for line in report)


def _mypy(*args):
    """Run mypy with the project's configuration (pyproject.toml) from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_mypy_passes_on_the_package():
    import_or_skip("mypy")
    done = _mypy()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_mypy_fails_on_a_public_signature_annotated_in_part(tmp_path):
    """The configuration's ``disallow_incomplete_defs``: a hint dropped from an annotated
    signature is an error (checked on a one-file package under the same configuration)."""
    import_or_skip("mypy")
    package = tmp_path / "planted"
    package.mkdir()
    (package / "__init__.py").write_text(
        "def roc_auc(y_true: list, y_score) -> float:\n    return 0.0\n"
    )
    done = _mypy("--config-file", str(ROOT / "pyproject.toml"), str(package))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "missing a type annotation for one or more parameters" in done.stdout


def test_the_package_is_marked_typed():
    assert (ROOT / "costlab" / "py.typed").is_file()
