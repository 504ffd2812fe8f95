"""Collects these notebooks as tests: each runs once and must print its committed outputs.

The collector and the comparison live in ``tests/_notebook_outputs.py`` (see its docstring and
tests/README.md); this file only hands pytest the hook. As in ``tests/conftest.py``, the study
notebooks run their quick protocol unless ``COSTLAB_QUICK`` says otherwise.
"""

import os

os.environ.setdefault("COSTLAB_QUICK", "1")

from _notebook_outputs import pytest_collect_file  # noqa: E402, F401  (the hook pytest calls)

#: Not a module of doctests (see tests/conftest.py: both files are named ``conftest``).
collect_ignore = ["conftest.py"]
