"""The notebooks as tests: each runs once, and its outputs must match the committed ones.

``notebooks/conftest.py`` collects every ``notebooks/*.ipynb`` through :func:`pytest_collect_file`
(this replaces nbmake's bare execution, with the same per-cell timeout and environment). An item
runs its notebook top to bottom in a fresh kernel in ``notebooks/``, importing this checkout
(``docs/_execute_notebooks.py``'s :func:`execute`), normalises the outputs as that script does
before committing them, and compares them with the committed outputs, cell by cell:

- exactly (:func:`exact`: stdout, ``text/plain``, ``text/html``, ``text/markdown`` and
  ``text/latex``, memory addresses and widget ids masked; a figure counts as a figure, its pixels
  are not compared) when the run's protocol is the committed one: always for the notebooks
  without a ``QUICK`` parameter (their protocol does not change), and for the study notebooks
  (20, 30, 40) when ``COSTLAB_QUICK`` equals their committed ``costlab.protocol``;
- else by kind (:func:`kinds`: the same cells print outputs of the same types), since the test
  suite runs the studies' quick protocol (``tests/conftest.py``) while their outputs are committed
  with the full one. ``COSTLAB_DOCS_FULL=1`` makes ``tests/project/test_docs.py`` run those
  notebooks with the full protocol and compare them exactly.

A drift fails naming the notebook, the cell, what differs and the command that refreshes the
committed outputs.
"""

import importlib.util
import os
import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
#: Seconds a cell may take in the test suite (nbmake's default, which the suite used before).
CELL_TIMEOUT = 300
_TEXT = ("text/plain", "text/html", "text/markdown", "text/latex")
_WIDGET = "application/vnd.jupyter.widget-view+json"
_MASKS = (
    (re.compile(r"0x[0-9a-fA-F]{6,}"), "0x..."),
    (re.compile(r"\b[0-9a-f]{32}\b"), "<id>"),
)


def _load_script():
    spec = importlib.util.spec_from_file_location(
        "_execute_notebooks", REPO / "docs" / "_execute_notebooks.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


script = _load_script()


def follows_protocol(nb):
    """Whether a notebook's outputs depend on ``COSTLAB_QUICK``: it has a ``QUICK`` parameter."""
    return any(
        re.search(r"^QUICK\s*=", cell.source, re.MULTILINE)
        for cell in nb.cells
        if cell.cell_type == "code"
    )


def committed_protocol(nb):
    return nb.metadata.get("costlab", {}).get("protocol")


def _mask(text):
    text = "".join(text) if isinstance(text, list) else text
    for pattern, replacement in _MASKS:
        text = pattern.sub(replacement, text)
    return text


def exact(output):
    """What of one output is compared exactly."""
    if output.output_type == "stream":
        return (output.name, _mask(output.text))
    if output.output_type == "error":
        return ("error", output.ename)
    data = output.get("data", {})
    shown = {k: _mask(v) for k, v in data.items() if k in _TEXT and _WIDGET not in data}
    return (output.output_type, sorted(data), sorted(shown.items()))


def kinds(output):
    """What of one output is compared when the protocols differ: its type and formats."""
    if output.output_type == "stream":
        return (output.name,)
    return (output.output_type, sorted(output.get("data", {})))


def drift(committed, executed, name, compare):
    """Messages, one per code cell whose ``compare``-d outputs differ (empty: in sync)."""
    old = [c for c in committed.cells if c.cell_type == "code"]
    new = [c for c in executed.cells if c.cell_type == "code"]
    if len(old) != len(new):
        return [f"{name}: {len(new)} code cells run, {len(old)} committed"]
    messages = []
    for number, (before, after) in enumerate(zip(old, new, strict=True), start=1):
        was = [compare(o) for o in before.get("outputs", [])]
        now = [compare(o) for o in after.get("outputs", [])]
        if was != now:
            source = after.source.splitlines()[0] if after.source else ""
            messages.append(
                f"{name}, code cell {number} ({source!r}): committed {was!r:.300}, now {now!r:.300}"
            )
    return messages


def check(path, quick, timeout=CELL_TIMEOUT):
    """Run the notebook at ``path`` and compare it with its committed outputs; raise on drift."""
    committed = nbformat.read(path, as_version=4)
    protocol = "quick" if quick else "full"
    same = not follows_protocol(committed) or committed_protocol(committed) == protocol
    blank = nbformat.read(path, as_version=4)
    for cell in blank.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    executed = script.normalise(script.execute(blank, quick, timeout=timeout), protocol)
    messages = drift(committed, executed, path.stem, exact if same else kinds)
    if messages:
        flag = "--quick " if committed_protocol(committed) == "quick" else ""
        refresh = f"python docs/_execute_notebooks.py {flag}{path.stem}"
        how = "exactly" if same else "by kind (the committed protocol differs)"
        raise AssertionError(
            f"the committed outputs of {path.name} drifted from the code (compared {how}):\n"
            + "\n".join(messages)
            + f"\nrefresh them with: {refresh}"
        )


class NotebookItem(pytest.Item):
    def runtest(self):
        check(self.path, os.environ.get("COSTLAB_QUICK") == "1")

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, AssertionError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"notebook {self.path.name}"


class NotebookFile(pytest.File):
    def collect(self):
        yield NotebookItem.from_parent(self, name=self.path.name)


def pytest_collect_file(file_path, parent):
    if file_path.suffix == ".ipynb" and ".ipynb_checkpoints" not in file_path.parts:
        return NotebookFile.from_parent(parent, path=file_path)
    return None
