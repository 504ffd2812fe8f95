"""Where a model's code comes from: proven by the cache key, or to be verified on a hit.

A model is *proven by its key* when it is made solely of costlab's own code (a registered
classifier name, or a costlab estimator whose parameters, walked deeply, are costlab estimators
and plain values): the cache key holds the whole source of costlab
(:func:`costlab.evaluation._cache.costlab_code_fingerprint`), so the key alone decides that a
stored result is what the code computes now. Every other model (a scikit-learn, xgboost or
user estimator, a pipeline, a costlab estimator wrapping any of them or a function) may read
code the key cannot see, so :func:`costlab.evaluation.cv.cross_val_proba` recomputes one fold
of a hit and compares it bit for bit.

Each cache entry records the model's provenance (:func:`provenance`): costlab's source digest
and the name and version of every installed distribution supplying a module its classes and
functions come from; :func:`describe_changes` says what differs between two provenances, for
the warning of a hit that failed verification.
"""

from __future__ import annotations

import functools
import importlib.metadata
import sys
import types

import numpy as np

__all__ = ["describe_changes", "is_proven", "model_objects", "provenance"]

#: Parameter values that carry no code.
_PLAIN = (type(None), bool, int, float, str, np.generic)


def _is_costlab(obj):
    module = getattr(obj, "__module__", None) or ""
    return module == "costlab" or module.startswith("costlab.")


def is_proven(classifier, params=None):
    """True when ``classifier`` is made solely of costlab's own code.

    A registered classifier name, or an estimator whose class is defined in costlab and whose
    parameters, walked deeply (nested estimators, lists, tuples, dicts), are only such
    estimators and plain values (None, bool, int, float, str, numpy scalars); ``params`` (the
    parameters given with a registered name) must be such values too: a registered name
    given one's own estimator or function is not proven.

    >>> from sklearn.linear_model import LogisticRegression
    >>> is_proven("J48"), is_proven(LogisticRegression())
    (True, False)
    >>> is_proven("AdaBoostM1", {"estimator": LogisticRegression()})
    False
    """
    given = _proven_value(dict(params or {}))
    return given and (isinstance(classifier, str) or _proven_value(classifier))


def _proven_value(value):
    if isinstance(value, _PLAIN):
        return True
    if isinstance(value, (list, tuple)):
        return all(_proven_value(item) for item in value)
    if isinstance(value, dict):
        return all(_proven_value(k) and _proven_value(v) for k, v in value.items())
    if isinstance(value, type) or not hasattr(value, "get_params"):
        return False
    if not _is_costlab(type(value)):
        return False
    return all(_proven_value(item) for item in value.get_params(deep=False).values())


def model_objects(model):
    """Every class and function a model is made of: the class MRO of the model and of its
    nested estimators, and the functions, partials and bound methods among its parameters."""
    found, seen = [], set()

    def visit(value):
        if isinstance(value, _PLAIN) or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, type):
            found.extend(value.__mro__)
        elif isinstance(value, (types.FunctionType, types.BuiltinFunctionType, np.ufunc)):
            found.append(value)
        elif isinstance(value, types.MethodType):
            visit(value.__func__)
            visit(value.__self__)
        elif isinstance(value, functools.partial):
            for part in (value.func, value.args, value.keywords):
                visit(part)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for item in value:
                visit(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                visit(key)
                visit(item)
        else:
            visit(type(value))
            if hasattr(value, "get_params"):
                visit(value.get_params(deep=False))

    visit(model)
    return found


def provenance(model, code_digest):
    """What a model's results come from: ``{"costlab_source": code_digest, "distributions":
    {name: version}}``, the installed distributions supplying every module of
    :func:`model_objects` (a module of no distribution, e.g. ``__main__``, adds none)."""
    modules = {
        (getattr(obj, "__module__", None) or "").split(".")[0] for obj in model_objects(model)
    }
    modules.discard("")
    importlib.invalidate_caches()  # a distribution upgraded in this session: its new version
    names = set()
    for module in modules:
        names.update(_distributions_of(module))
    versions = {}
    for name in sorted(names):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:  # uninstalled since the map was made
            versions[name] = None
    return {"costlab_source": code_digest, "distributions": versions}


def _distributions_of(module):
    """Distributions supplying a top-level module (``sys.modules`` of the standard library
    and of no installed distribution: none)."""
    if module in sys.stdlib_module_names or module in sys.builtin_module_names:
        return []
    found = _package_map(tuple(sys.path)).get(module)
    if found is None:  # installed since the map was made? look once more
        _package_map.cache_clear()
        found = _package_map(tuple(sys.path)).get(module, [])
    return found


@functools.lru_cache(maxsize=4)
def _package_map(path):
    """:func:`importlib.metadata.packages_distributions` (about 0.4 s), once per ``sys.path``."""
    importlib.invalidate_caches()
    return importlib.metadata.packages_distributions()


def describe_changes(stored, current):
    """The differences between two provenances as short phrases, e.g.
    ``["scikit-learn 1.8.0 -> 1.9.1", "costlab's source changed"]`` (empty if none).

    >>> describe_changes({"costlab_source": "a", "distributions": {"mypkg": "0.1"}},
    ...                  {"costlab_source": "a", "distributions": {"mypkg": "0.2"}})
    ['mypkg 0.1 -> 0.2']
    """
    changes = []
    if stored.get("costlab_source") != current.get("costlab_source"):
        changes.append("costlab's source changed")
    old, new = stored.get("distributions", {}), current.get("distributions", {})
    for name in sorted(set(old) | set(new)):
        if name not in old:
            changes.append(f"{name} {new[name]} is used and was not before")
        elif name not in new:
            changes.append(f"{name} {old[name]} is no longer used")
        elif old[name] != new[name]:
            changes.append(f"{name} {old[name]} -> {new[name]}")
    return changes
