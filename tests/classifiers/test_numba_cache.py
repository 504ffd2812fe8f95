"""numba's cache sees an edit of a kernel's callee in another module of the Weka package.

A small package of two modules (a callee, and a caller that compiles the callee into itself)
is imported in a fresh interpreter, its callee edited, and imported again in another: with
:func:`~costlab.classifiers._weka.numba_cache.register_package` the caller returns the new
value, with numba's own locators the old one (the hazard it closes).
"""

import os
import subprocess
import sys
from pathlib import Path

from costlab.classifiers._weka import java, numba_cache

CALLEE = "from numba import njit\n\n\n@njit(cache=True)\ndef value():\n    return {}\n"
CALLER = (
    "from numba import njit\n\nfrom .callee import value\n\n\n"
    "@njit(cache=True)\ndef twice():\n    return 2 * value()\n"
)
# The locator module is loaded from its file, so the subprocess needs no costlab import.
REGISTER = (
    "import importlib.util\nfrom pathlib import Path\n\n"
    "spec = importlib.util.spec_from_file_location('numba_cache', {path!r})\n"
    "module = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(module)\n"
    "module.register_package(Path(__file__).parent)\n"
)


def _package(root, register):
    package = root / "kernels"
    package.mkdir()
    init = REGISTER.format(path=numba_cache.__file__) if register else ""
    (package / "__init__.py").write_text(init)
    (package / "callee.py").write_text(CALLEE.format(1))
    (package / "caller.py").write_text(CALLER)
    return package


def _twice(root):
    """``caller.twice()`` in a fresh interpreter, with its own numba cache folder."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(root / "numba-cache"), "PYTHONPATH": str(root)}
    run = subprocess.run(
        [sys.executable, "-c", "from kernels.caller import twice; print(twice())"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(run.stdout)


def _edit_callee(package):
    callee = package / "callee.py"
    callee.write_text(CALLEE.format(2))
    stat = callee.stat()  # a later time too, as numba before 0.61 stamped with times
    os.utime(callee, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))


def test_an_edited_callee_recompiles_its_cached_caller(tmp_path):
    package = _package(tmp_path, register=True)
    assert _twice(tmp_path) == 2
    assert any((tmp_path / "numba-cache").rglob("caller.twice-*.nbi"))  # cached
    _edit_callee(package)
    assert _twice(tmp_path) == 4


def test_numbas_own_locators_keep_the_stale_caller(tmp_path):
    """The hazard itself: if numba ever stamps callers with their callees, this fails and
    ``register_package`` can go."""
    package = _package(tmp_path, register=False)
    assert _twice(tmp_path) == 2
    _edit_callee(package)
    assert _twice(tmp_path) == 2


def test_the_weka_kernels_are_stamped_with_their_whole_package():
    locator = java.java_seed._cache._impl.locator
    package = Path(java.__file__).parent
    assert locator.get_source_stamp() == numba_cache.package_stamp(package)


def test_the_stamp_changes_with_any_module_and_registering_twice_adds_nothing(tmp_path):
    package = _package(tmp_path, register=False)
    before = numba_cache.package_stamp(package)
    _edit_callee(package)
    assert numba_cache.package_stamp(package) != before
    locators = numba_cache._numba_class("CacheImpl")._locator_classes
    count = len(locators)
    numba_cache.register_package(Path(java.__file__).parent)
    assert len(locators) == count
