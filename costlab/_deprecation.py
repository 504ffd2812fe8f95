"""Deprecated public paths: an old module that forwards its names to their new home, warning.

A renamed or moved public module keeps its old path for one release: its ``__getattr__``
(PEP 562) is :func:`forward`, so ``from old import name`` and ``old.name`` still work and emit
a :class:`DeprecationWarning` naming the new path.
"""

from __future__ import annotations

import importlib
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any

#: The release that removes the deprecated paths (they were deprecated in the one before).
REMOVED_IN = "0.3"


def deprecated(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that the public path ``old`` is deprecated in favour of ``new``."""
    warnings.warn(
        f"{old} is deprecated and will be removed in costlab {REMOVED_IN}: use {new}.",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def forward(old: str, new: str, names: Iterable[str] | None = None) -> Callable[[str], Any]:
    """A module ``__getattr__`` for the deprecated module ``old``: names looked up in ``new``.

    Parameters
    ----------
    old, new : str
        The deprecated module's dotted path and its replacement's.
    names : collection of str, optional
        The names that moved (default: every public name of ``new``); others raise
        :class:`AttributeError` as usual.
    """

    def __getattr__(name):
        target = importlib.import_module(new)
        if name.startswith("_") or (names is not None and name not in names):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        if not hasattr(target, name):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        deprecated(f"{old}.{name}", f"{new}.{name}")
        return getattr(target, name)

    return __getattr__


def unexported(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A package ``__getattr__`` for internals its face no longer exports, warning.

    Parameters
    ----------
    package : str
        The package's dotted path (its face).
    homes : mapping of str to str
        Each name that left the face -> the module that still defines it. Looking the name up
        on the face returns it from there, with a :class:`DeprecationWarning` saying that it is
        an internal with no public replacement; other names raise :class:`AttributeError`.
    """

    def __getattr__(name):
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        warnings.warn(
            f"{package}.{name} is an internal of costlab and no longer exported: it is removed "
            f"from {package} in costlab {REMOVED_IN}, with no public replacement.",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(homes[name]), name)

    return __getattr__
