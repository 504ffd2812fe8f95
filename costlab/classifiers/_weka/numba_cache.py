"""numba's on-disk cache for a package whose kernels call each other across its modules.

numba (``cache=True``) stamps a kernel's cached machine code with its own source file only, so
after an edit of a callee in another module a cached caller, with the old callee compiled into
it, would keep running. :func:`register_package` puts cache locators first in numba's list
whose stamp, for every kernel of the package, is one hash of all of the package's modules: an
edit of any of them recompiles every kernel of the package on its next import, and nothing
else. ``tests/classifiers/test_numba_cache.py`` shows a stale caller with numba's own locators
and a fresh one with these.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from numba.core import caching

if TYPE_CHECKING:
    pass

__all__ = ["package_stamp", "register_package"]


def _numba_class(name):
    """numba's class ``name`` (public from numba 0.62, with a leading underscore before)."""
    return getattr(caching, name, None) or getattr(caching, f"_{name}")


# Where numba looks first, in its own order: NUMBA_CACHE_DIR, __pycache__, the user's cache.
_BASES = tuple(
    _numba_class(name)
    for name in ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")
)


def package_stamp(directory: str | Path) -> str:
    """SHA-256 over the names and contents of every ``.py`` file under ``directory``."""
    stats = ((path, path.stat()) for path in sorted(Path(directory).rglob("*.py")))
    return _digest(tuple((str(path), st.st_mtime_ns, st.st_size) for path, st in stats))


@functools.lru_cache(maxsize=8)
def _digest(files: tuple[tuple[str, int, int], ...]) -> str:
    """The hash of ``files`` (path, modification time, size): read again when any of them
    changes, as numba memoises a single file's hash."""
    digest = hashlib.sha256()
    for path, _, _ in files:
        digest.update(Path(path).name.encode() + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()


def _package_locator(base: type, directory: Path) -> type:
    """``base`` (one of numba's locators) restricted to ``directory``, stamped by the package."""

    class PackageLocator(base):
        package = directory

        @classmethod
        def from_function(cls, py_func, py_file):
            """``base``'s locator for a kernel of the package, None for any other."""
            if directory not in Path(py_file).resolve().parents:
                return None
            return super().from_function(py_func, py_file)

        def get_source_stamp(self):
            """The package's stamp, in place of the kernel's own file's."""
            return package_stamp(directory)

    PackageLocator.__qualname__ = PackageLocator.__name__ = f"Package{base.__name__.lstrip('_')}"
    return PackageLocator


def register_package(directory: str | Path) -> None:
    """Stamp the cached kernels of the modules under ``directory`` with all of them together.

    Call it before the package's kernels are decorated (from its ``__init__``); calling it
    again for the same directory changes nothing.
    """
    directory = Path(directory).resolve()
    locators = _numba_class("CacheImpl")._locator_classes
    if any(getattr(locator, "package", None) == directory for locator in locators):
        return
    locators[:0] = [_package_locator(base, directory) for base in _BASES]
