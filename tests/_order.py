"""The order in which the test command hands the files to pytest-xdist's workers: slowest first.

A file's tests stay on one worker (``--dist loadfile``), and a worker takes the next file when
it is free, so the files that take the longest should start first and the many small ones fill
in at the end. pytest-xdist would order the files by their number of tests; the browser tests,
the documentation build and the notebooks (25-50 s, and 10-16 s each) have one or a few tests
each, so they came last and one worker finished minutes of them alone. ``pyproject.toml``'s
``--no-loadscope-reorder`` keeps the order of :func:`slowest_first`, which ``tests/conftest.py``
applies to the collected items (the same in every worker).
"""

from __future__ import annotations

#: Prefixes of the slowest files' paths, in groups handed out in this order; every other file
#: comes after them.
SLOW_FIRST = (
    ("tests/studies/test_browser", "tests/project/test_docs.py"),
    ("notebooks/", "tests/studies/"),
)


def slowest_first(items):
    """``items`` (anything with a ``nodeid``) reordered: :data:`SLOW_FIRST`'s groups first, then
    the other files by their number of tests, largest first (pytest-xdist's own order); a file's
    items stay together in their own order."""
    files = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)

    def rank(path):
        group = next(
            (i for i, prefixes in enumerate(SLOW_FIRST) if path.startswith(prefixes)),
            len(SLOW_FIRST),
        )
        return group, -len(files[path]) if group == len(SLOW_FIRST) else 0

    return [item for path in sorted(files, key=rank) for item in files[path]]
