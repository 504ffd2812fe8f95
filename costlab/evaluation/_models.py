"""What cross-validation fits: a registered classifier name or any scikit-learn estimator.

One place turns ``classifier`` (a name of :data:`costlab.classifiers.REGISTERED_CLASSIFIERS` or
an estimator with ``fit`` and ``predict_proba``) into the unfitted model of every fold, names it,
fits one fold, and fingerprints the model for the cache key.
"""

from __future__ import annotations

import builtins
import dis
import functools
import hashlib
import json
import site
import sys
import sysconfig
import types
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import joblib
import numpy as np
import pandas as pd
from sklearn.base import clone

from costlab.classifiers import REGISTERED_CLASSIFIERS, make_classifier

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = [
    "build_model",
    "check_classifier",
    "classifier_name",
    "code_fingerprint",
    "dataset_fingerprint",
    "estimator_fingerprint",
    "fit_fold",
]


def check_classifier(classifier, params):
    """Raise unless ``classifier`` is a registered name or an estimator with predict_proba."""
    if isinstance(classifier, str):
        if classifier not in REGISTERED_CLASSIFIERS:
            names = ", ".join(REGISTERED_CLASSIFIERS)
            raise ValueError(
                f"classifier {classifier!r} is not a registered name ({names}); "
                "pass a scikit-learn estimator with predict_proba instead of a name."
            )
        return
    if not (hasattr(classifier, "fit") and hasattr(classifier, "predict_proba")):
        raise TypeError(
            "classifier must be a registered name or a scikit-learn classifier with fit and "
            f"predict_proba, got {type(classifier).__name__}."
        )
    if params:
        raise TypeError(
            f"parameters {sorted(params)} apply to registered classifier names only; set an "
            "estimator's parameters with estimator.set_params(...)."
        )


def classifier_name(classifier):
    """A classifier's display name: the registered name, else the estimator's class name
    (for a pipeline, its last step's).

    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn.linear_model import LogisticRegression
    >>> classifier_name(make_pipeline(StandardScaler(), LogisticRegression()))
    'LogisticRegression'
    """
    if isinstance(classifier, str):
        return classifier
    final = classifier
    while hasattr(final, "steps"):
        final = final.steps[-1][1]
    return type(final).__name__


def build_model(classifier: Any, seed: int, params: Mapping[str, Any]) -> Any:
    """The unfitted model of every fold, seeded so that every run gives the same numbers.

    Parameters
    ----------
    classifier : str or estimator
        A registered name (see :func:`costlab.classifiers.make_classifier`) or a scikit-learn
        estimator (a pipeline included).
    seed : int
        The ``random_state`` of a registered classifier; for an estimator, the value given to
        each of its ``random_state`` parameters left at None (anywhere in a pipeline).
    params : dict
        Parameters of a registered classifier (ignored for an estimator: set them on it).

    Returns
    -------
    estimator
        A new unfitted model (a clone: ``classifier`` itself is never changed).
    """
    if isinstance(classifier, str):
        return make_classifier(classifier, random_state=seed, **params)
    model = clone(classifier)
    unset = {
        key: seed
        for key, value in model.get_params(deep=True).items()
        if (key == "random_state" or key.endswith("__random_state")) and value is None
    }
    return model.set_params(**unset) if unset else model


def fit_fold(model, X, y, train, test, fit_params=None):
    """Fit a fresh clone on the training rows; return P(negative), P(positive) of the test rows,
    shape (n_test, 2), each column as ``predict_proba`` returned it.

    The test rows are passed in one call, in fold order (IBk's normalisation depends on it).
    ``fit_params`` (routed by :func:`costlab.evaluation._fit_params.route_fit_params`) go to
    ``fit``, their per-instance arrays sliced to the training rows.
    """
    from costlab.evaluation._fit_params import fold_fit_params

    kwargs = fold_fit_params(fit_params or {}, train, y.shape[0])
    fitted = clone(model).fit(X.iloc[train], y[train], **kwargs)
    proba = np.asarray(fitted.predict_proba(X.iloc[test]))
    classes = list(getattr(fitted, "classes_", []))
    if proba.ndim != 2 or proba.shape[1] != 2 or sorted(classes) != [0, 1]:
        raise ValueError(
            f"{classifier_name(model)}.predict_proba must return two columns, one per class "
            f"(classes_ [0, 1]), got an array of shape {proba.shape} with classes_ {classes} "
            f"after fitting on {len(train)} rows holding classes {np.unique(y[train]).tolist()} "
            "(did the model see only one class?)."
        )
    return proba[:, [classes.index(0), classes.index(1)]]


def dataset_fingerprint(dataset):
    """SHA-256 of a dataset's content: everything cross-validation results depend on.

    Covers X's column names, dtypes and category orders, every value of X (pandas'
    ``hash_pandas_object``), the labels and the class orientation (negative, positive), and the
    per-instance costs when it has them (:attr:`costlab.datasets.Dataset.costs`). The
    name, title and source are not part of it: two datasets with one name but different
    content differ, and the same content read from a mirror or from UCI is the same.
    """
    digest = hashlib.sha256()
    X = dataset.X
    schema = [(str(c), str(X[c].dtype), _categories(X[c])) for c in X.columns]
    digest.update(json.dumps(schema).encode())
    if len(X.columns):
        digest.update(pd.util.hash_pandas_object(X, index=False).to_numpy().tobytes())
    digest.update(json.dumps([str(dataset.negative), str(dataset.positive)]).encode())
    digest.update(np.ascontiguousarray(dataset.y_binary, dtype=np.int64).tobytes())
    costs = getattr(dataset, "costs", None)
    if costs is not None:  # absent costs leave the digest of a dataset without them unchanged
        for outcome in ("fp", "fn", "tp", "tn"):
            digest.update(outcome.encode())
            digest.update(np.ascontiguousarray(getattr(costs, outcome), np.float64).tobytes())
    return digest.hexdigest()


def _categories(column):
    if isinstance(column.dtype, pd.CategoricalDtype):
        return [str(c) for c in column.cat.categories]
    return None


def estimator_fingerprint(classifier, seed, params=None):
    """A hash of the model every fold fits: its class, every parameter (nested too) and the
    code of every user-defined function and class it uses.

    :func:`joblib.hash` of :func:`build_model`'s unfitted model, which pickles functions and
    classes by name only, combined with :func:`code_fingerprint`, which covers their code: a
    function redefined with a new body (in a notebook, say) or an edited estimator class is a
    cache miss. Returns None, with a warning, when the model or its code cannot be hashed
    (e.g. a lambda among its parameters): its results are then not cached rather than cached
    under a key that might not cover it.
    """
    try:
        model = build_model(classifier, seed, params or {})
        return joblib.hash([joblib.hash(model), code_fingerprint(model)])
    except Exception as error:  # pickling fails in many ways (lambdas, locks, ...)
        warnings.warn(
            f"cannot hash {classifier_name(classifier)} for the cross-validation cache "
            f"({type(error).__name__}: {error}); its results are not cached.",
            UserWarning,
            stacklevel=3,
        )
        return None


def code_fingerprint(model):
    """SHA-256 of the code of every user-defined function and class a model uses.

    Walks the model's parameters (nested estimators, pipeline steps, lists, tuples, dicts,
    :func:`functools.partial`, bound methods, attributes of user-defined objects) and the
    model's own class. Every *user-defined* function contributes its code object (bytecode,
    constants, nested code, names), its defaults, its closure's values and the globals it
    reads (user functions and classes followed in turn, other values by :func:`joblib.hash`);
    every user-defined class contributes the same for its methods and properties and the
    values of its class attributes. User-defined means not from the standard library, an
    installed package (site-packages) or costlab itself: e.g. defined in ``__main__`` (a
    notebook or script) or in one's own module. Library code is identified by name (its
    version is part of the cache key).

    Parameters
    ----------
    model : estimator
        An unfitted model.

    Returns
    -------
    str
        Hex digest; the same for code that is the same, wherever it was defined.

    Raises
    ------
    Exception
        If a value the code depends on cannot be hashed (:func:`joblib.hash` fails on it).
    """
    walker = _CodeWalker()
    walker.visit(model, data=False, where="model")
    digest = hashlib.sha256()
    for token in sorted(walker.tokens):
        digest.update(token.encode())
        digest.update(b"\0")
    return digest.hexdigest()


@functools.lru_cache(maxsize=1)
def _library_roots():
    """Folders holding library code: the standard library, site-packages and costlab."""
    roots = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            roots.add(path)
    roots.update(getattr(site, "getsitepackages", list)())
    roots.add(site.getusersitepackages())
    roots.add(str(Path(__file__).resolve().parents[1]))  # costlab/evaluation/_models.py
    return tuple(str(Path(r).resolve()) for r in roots if r)


@functools.lru_cache(maxsize=1024)
def _is_library_file(filename):
    if filename.startswith("<frozen") or filename.startswith("<built-in"):
        return True
    if filename.startswith("<"):  # exec'd, interactive, a notebook cell
        return False
    path = Path(filename).resolve()
    if {"site-packages", "dist-packages"} & set(path.parts):
        return True
    return any(path.is_relative_to(root) for root in _library_roots())


def _is_user_code(obj):
    """True for a function or class defined outside the standard library, installed
    packages and costlab (``__main__``, a notebook, one's own modules)."""
    module = getattr(obj, "__module__", None) or ""
    if module == "__main__":
        return True
    if module.split(".")[0] in sys.stdlib_module_names or module == "builtins":
        return False
    if isinstance(obj, types.FunctionType):
        return not _is_library_file(obj.__code__.co_filename)
    filename = getattr(sys.modules.get(module), "__file__", None)
    return not (filename and _is_library_file(filename))


def _code_token(code):
    """A deterministic text of a code object: bytecode, names, constants (nested code too);
    not its file or line numbers."""
    parts = [
        code.co_name,
        code.co_code.hex(),
        repr(code.co_names),
        repr(code.co_varnames),
        repr(code.co_freevars),
        repr(code.co_cellvars),
        repr((code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount, code.co_flags)),
    ]
    parts.extend(_const_token(c) for c in code.co_consts)
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def _const_token(value):
    if isinstance(value, types.CodeType):
        return "code:" + _code_token(value)
    if isinstance(value, tuple):
        return "(" + ",".join(_const_token(v) for v in value) + ")"
    if isinstance(value, frozenset):  # iteration order depends on the hash seed
        return "{" + ",".join(sorted(_const_token(v) for v in value)) + "}"
    return f"{type(value).__name__}:{value!r}"


def _loaded_globals(code):
    """Names a code object (and the code nested in it) reads as globals."""
    names = set()
    for instruction in dis.get_instructions(code):
        if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            names.add(instruction.argval)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _loaded_globals(const)
    return names


# Class attributes that hold interpreter bookkeeping, not user code or data.
_SKIPPED_CLASS_ATTRIBUTES = {"_abc_impl"}


class _CodeWalker:
    """Collects one text token per user-defined function, class and value their code reads."""

    def __init__(self):
        self.tokens = set()
        self._seen = {}  # id -> object (kept alive so that ids are not reused)

    def visit(self, value, *, data, where):
        """Walk `value`; with ``data=True`` its own value counts too (not in the model's
        pickle: a closure cell, a default, a global a function reads)."""
        if isinstance(value, (str, bytes, int, float, complex, bool, type(None))):
            if data:
                self.tokens.add(f"value:{where}:{type(value).__name__}:{value!r}")
            return
        if id(value) in self._seen:
            return
        self._seen[id(value)] = value
        if isinstance(value, types.ModuleType):
            return
        if data and isinstance(value, (type, types.FunctionType)):
            self.tokens.add(f"refers:{where}:{value.__module__}.{value.__qualname__}")
        if isinstance(value, type):
            self._class(value)
        elif isinstance(value, types.FunctionType):
            self._function(value)
        elif isinstance(value, types.MethodType):
            self.visit(value.__func__, data=False, where=where)
            self.visit(value.__self__, data=data, where=f"{where}.__self__")
        elif isinstance(value, functools.partial):
            self.visit(value.func, data=False, where=f"{where}.func")
            self.visit(value.args, data=data, where=f"{where}.args")
            self.visit(value.keywords, data=data, where=f"{where}.keywords")
        elif isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                self.visit(item, data=data, where=f"{where}[{i}]")
        elif isinstance(value, (set, frozenset)):  # no positions: the order depends on hashes
            for item in value:
                self.visit(item, data=data, where=f"{where}{{}}")
        elif isinstance(value, dict):
            for key, item in value.items():
                self.visit(key, data=data, where=f"{where}.key")
                self.visit(item, data=data, where=f"{where}[{key!r}]")
        elif hasattr(value, "get_params") and callable(value.get_params):
            self._class(type(value))
            if data:
                self._leaf(value, data=True, where=where)
            for key, item in value.get_params(deep=False).items():
                self.visit(item, data=data, where=f"{where}.{key}")
        else:
            self._leaf(value, data=data, where=where)
            if _is_user_code(type(value)):
                self._class(type(value))
                for key, item in sorted(getattr(value, "__dict__", {}).items()):
                    self.visit(item, data=data, where=f"{where}.{key}")

    def _leaf(self, value, *, data, where):
        if data:
            self.tokens.add(f"value:{where}:{joblib.hash(value)}")

    def _function(self, func):
        if not _is_user_code(func):
            return
        name = f"{func.__module__}.{func.__qualname__}"
        self.tokens.add(f"function:{name}:{_code_token(func.__code__)}")
        self.visit(func.__defaults__, data=True, where=f"{name}.__defaults__")
        self.visit(func.__kwdefaults__, data=True, where=f"{name}.__kwdefaults__")
        for i, cell in enumerate(func.__closure__ or ()):
            try:
                content = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            self.visit(content, data=True, where=f"{name}.__closure__[{i}]")
        for key in sorted(_loaded_globals(func.__code__)):
            if key in func.__globals__:
                self.visit(func.__globals__[key], data=True, where=f"{name}:global {key}")
            elif not hasattr(builtins, key):
                self.tokens.add(f"missing global:{name}:{key}")

    def _class(self, cls):
        for klass in cls.__mro__:
            if not _is_user_code(klass) or ("class", id(klass)) in self._seen:
                continue
            self._seen[("class", id(klass))] = klass
            name = f"{klass.__module__}.{klass.__qualname__}"
            self.tokens.add(f"class:{name}:{[b.__qualname__ for b in klass.__bases__]}")
            for key, attr in sorted(vars(klass).items()):
                where = f"{name}.{key}"
                if isinstance(attr, (staticmethod, classmethod)):
                    attr = attr.__func__
                if isinstance(attr, property):
                    for part in (attr.fget, attr.fset, attr.fdel):
                        if part is not None:
                            self.visit(part, data=False, where=where)
                elif isinstance(attr, (types.FunctionType, type)):
                    self.visit(attr, data=False, where=where)
                elif not (key.startswith("__") and key.endswith("__")) and (
                    key not in _SKIPPED_CLASS_ATTRIBUTES
                ):
                    self.visit(attr, data=True, where=where)
