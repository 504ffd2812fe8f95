"""The public API's docstrings as the reference shows them: whole summaries, Examples sections.

The API pages' tables show each public name's summary as Sphinx's autosummary extracts it (the
first sentence of the docstring's first paragraph: an abbreviation such as "eq. 8" ends that
sentence early), so the summaries are checked with autosummary's own extraction. The names that
the README and the user guide call are read from those pages, not listed here, and each must
carry a numpydoc Examples section.
"""

import importlib
import importlib.util
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _support import unavailable

REPO = Path(__file__).resolve().parents[2]
#: Where a newcomer meets the API: the README, getting started and the user guide's pages.
FRONT_PAGES = (REPO / "README.md", REPO / "docs" / "getting_started.md") + tuple(
    sorted((REPO / "docs" / "user_guide").glob("*.md"))
)


def _generate():
    """docs/_generate.py, the module that writes the API pages."""
    spec = importlib.util.spec_from_file_location("_generate", REPO / "docs" / "_generate.py")
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    return generate


def _faces():
    """The faces the API reference documents: ``costlab`` and docs/_generate.py's packages."""
    return ("costlab",) + tuple(package for package, _, _ in _generate().PACKAGES)


def _public_objects():
    """``(dotted name, object)`` of every documented function and class of the faces."""
    for face in _faces():
        module = importlib.import_module(face)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) or inspect.isroutine(obj):
                yield f"{face}.{name}", obj


def summary_of(docstring):
    """The summary autosummary's table shows for ``docstring`` (Sphinx's own extraction)."""
    try:
        from docutils.frontend import get_default_settings
        from docutils.parsers.rst import Parser
        from sphinx.ext.autosummary import extract_summary
    except ImportError:
        unavailable("Sphinx not installed: pip install -e '.[docs]'", "COSTLAB_REQUIRE_EXTRAS")
    return extract_summary(docstring.splitlines(), get_default_settings(Parser))


def _balanced(text):
    """Every bracket closed, in order; of any kind, so that half-open intervals ``[0, 1)`` count."""
    depth = 0
    for char in text:
        depth += (char in "([{") - (char in ")]}")
        if depth < 0:
            return False
    return depth == 0


def summary_problem(docstring):
    """What is wrong with the summary a table shows for ``docstring``, or None.

    The summary must end a sentence (".", "?" or "!"), keep its brackets balanced, and not stop
    where the first paragraph goes on mid-sentence (after "eq." or "Fig.", the paragraph goes on
    with a digit, a lower-case word or a closing bracket).
    """
    summary = summary_of(docstring)
    paragraph = " ".join(inspect.cleandoc(docstring).split("\n\n")[0].split())
    if not summary.endswith((".", "?", "!")):
        return f"does not end a sentence: {summary!r}"
    if not _balanced(summary):
        return f"unbalanced brackets: {summary!r}"
    rest = paragraph[len(summary) :].lstrip() if paragraph.startswith(summary) else ""
    if rest and re.match(r"[a-z0-9)\]}]", rest):
        return f"cut mid-sentence: {summary!r} ... {rest[:30]!r}"
    return None


@pytest.mark.parametrize(
    ("docstring", "problem"),
    [
        ("Cost curve (D&H eq. 8).\n\nMore.", "unbalanced"),
        ("Cost curve, as D&H eq. 8 gives it.", "cut mid-sentence"),
        ("Cost curve of\n\nMore.", "does not end a sentence"),
        ("Cost curve (D&H equation 8). Then more.", None),
        ("Net benefit over p_t in [0, 1).", None),
        ("Provost et al.'s average (D&H section 2.2.3, Fig 15).", None),
    ],
)
def test_the_summary_check_finds_what_it_guards(docstring, problem):
    found = summary_problem(docstring)
    assert (found is None) if problem is None else (problem in found), found


def test_every_public_summary_is_a_whole_sentence():
    problems = [
        f"{name}: {problem}"
        for name, obj in _public_objects()
        if (problem := summary_problem(inspect.getdoc(obj) or "(no docstring)"))
    ]
    assert not problems, "API table summaries (autosummary's first sentence):\n" + "\n".join(
        problems
    )


def test_the_top_level_page_links_each_entry_point_to_its_one_home():
    """``costlab.__all__`` has a page (api/costlab.rst, in the API index), which links each name
    to the package page that describes it and describes nothing itself (a second description
    of one object is a Sphinx warning, an error under -W)."""
    import costlab

    summary_of("Load Sphinx, or skip.")
    page = _generate().top_level_page()
    for name in costlab.__all__:
        home = _generate().home_of(name)
        assert getattr(importlib.import_module(home), name) is getattr(costlab, name)
        assert f"`costlab.{name} <{home}.{name}>`" in page, name
    assert ".. automodule:: costlab\n   :no-index:" in page
    assert not re.search(r"autosummary|autofunction|autoclass", page)
    index = (REPO / "docs" / "api" / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^costlab$", index, re.M)


def test_the_test_command_runs_the_docstrings_examples():
    """pyproject's pytest configuration collects costlab/'s doctests (addopts, testpaths)."""
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^testpaths = \[.*"costlab".*\]$', pyproject, re.M)
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0"]
    command += ["-p", "no:cacheprovider", "costlab/metrics/mtmcs/measures.py"]
    listed = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)
    assert "measures.py::costlab.metrics.mtmcs.measures.mtmcr" in listed.stdout, listed.stdout


def names_called_on(text):
    """The documented public names that ``text`` calls: ``name(``, ``name.method(`` (a Display's
    ``from_predictions``), also after a dotted path (``costlab.metrics.name(``); a method of a
    result (``run.mtmcs_curve(``) is not one."""
    called = []
    for face_and_name, obj in _public_objects():
        name = face_and_name.rsplit(".", 1)[1]
        path = rf"(?:^|(?<=[^\w.])|costlab(?:\.\w+)*\.){re.escape(name)}"
        if re.search(rf"{path}(?:\(|\.\w+\()", text, re.M):
            called.append((face_and_name, obj))
    return called


def test_the_call_finder_reads_calls_not_mentions():
    text = "chart = MTMCSDisplay.from_cv_result(r)\nrun.mtmcs_curve()\ncostlab.metrics.cst(x)"
    found = {name for name, _ in names_called_on(text)}
    assert {"costlab.plotting.MTMCSDisplay", "costlab.metrics.cst", "costlab.cst"} <= found
    assert not any(name.endswith(".mtmcs_curve") for name in found)


def test_what_the_front_pages_call_has_an_examples_section():
    """Every public function or class that the README, getting started or the user guide calls
    has a numpydoc Examples section (run as a doctest by the test command)."""
    text = "\n".join(page.read_text(encoding="utf-8") for page in FRONT_PAGES)
    called = names_called_on(text)
    assert len(called) >= 30, [name for name, _ in called]  # the parsing found the calls
    missing = sorted(
        {
            f"{obj.__module__}.{obj.__qualname__}"
            for _, obj in called
            if not re.search(r"^Examples\n-{8}$", inspect.getdoc(obj) or "", re.M)
        }
    )
    assert not missing, f"no Examples section: {missing}"
