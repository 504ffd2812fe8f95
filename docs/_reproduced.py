"""The reproduced figures and tables of each paper page, taken from the committed notebooks.

Run by ``docs/_generate.py`` at each build. A study's notebooks are those whose code imports
``costlab.studies.<study>``; they are committed with their outputs (``docs/_execute_notebooks.py``
writes them, ``tests/project/test_notebook_outputs.py`` keeps them in sync with the code). For each
study this writes ``papers/_reproduced/<study>.md`` (ignored by git), which the paper page includes:
per notebook, its sections (the ``##`` headings), each with the figures (the cells' ``image/png``
outputs, written beside it as ``<study>/<notebook>-<cell>-<k>.png``) and tables (their
``text/html`` outputs) the cells below it print. Each figure and table therefore has one source,
the notebook's output, which the notebook page shows too. A notebook committed with the studies'
quick protocol is flagged as such on the page.
"""

from __future__ import annotations

import base64
import re
import shutil
from pathlib import Path

import nbformat

#: The protocol label of a notebook committed with the studies' smoke protocol.
QUICK = "quick"
_STUDY = re.compile(r"costlab\.studies\.(\w+)")


def study_of(nb) -> str | None:
    """The study a notebook belongs to: the ``costlab.studies.<study>`` its code imports."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            found = _STUDY.search(cell.source)
            if found:
                return found.group(1)
    return None


def _heading(cell, level: str) -> str | None:
    """The first ``level`` heading (``"#"`` or ``"##"``) of a markdown cell, without its marks."""
    for line in cell.source.splitlines():
        if line.startswith(level + " "):
            return line[len(level) + 1 :].strip()
    return None


def _outputs(cell, stem: str, folder: Path, files: dict) -> list[str]:
    """The figures and tables of one code cell, as MyST blocks; the figures go into ``files``."""
    blocks = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if "image/png" in data:
            name = f"{stem}-{cell.execution_count}-{len(files)}.png"
            files[name] = base64.b64decode(data["image/png"])
            where = f"{folder.parent.name}/{folder.name}/{name}"
            alt = f"{stem}, cell {cell.execution_count}"
            blocks.append(f"```{{image}} {where}\n:alt: {alt}\n```")
        elif "text/html" in data and "application/vnd.jupyter.widget-view+json" not in data:
            html = "".join(data["text/html"])
            blocks.append(
                '```{raw} html\n<div class="costlab-reproduced">\n' + html + "\n</div>\n```"
            )
    return blocks


def notebook_section(path: Path, nb, folder: Path, files: dict) -> str:
    """One notebook's part of the page: its title, a link, and its sections' figures and tables
    (empty when it prints none)."""
    title = next(
        (h for c in nb.cells if c.cell_type == "markdown" and (h := _heading(c, "#"))), path.stem
    )
    lines = [
        f"### {title}",
        "",
        f"From the notebook {{doc}}`{path.stem} <../_notebooks/{path.stem}>`.",
    ]
    if nb.metadata.get("costlab", {}).get("protocol") == QUICK:
        lines += [
            "",
            "```{warning}",
            "These outputs come from the study's quick protocol (a smoke run), not the paper's:",
            f"`python docs/_execute_notebooks.py {path.stem}` refreshes them with the full one.",
            "```",
        ]
    section, pending = None, []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and (heading := _heading(cell, "##")):
            section = heading
            continue
        if cell.cell_type != "code":
            continue
        blocks = _outputs(cell, path.stem, folder, files)
        if blocks and section:
            pending += ["", f"#### {section}", ""]
            section = None
        pending += [b for block in blocks for b in ("", block)]
    if not pending:  # only widgets (notebook 07): nothing to show without a kernel
        return ""
    return "\n".join(lines + pending) + "\n"


def generate_reproduced(docs: Path) -> list[Path]:
    """Write ``papers/_reproduced/<study>.md`` and its figures; return the files rewritten."""
    target = docs / "papers" / "_reproduced"
    pages: dict[str, list[str]] = {}
    files: dict[str, dict] = {}
    for path in sorted((docs.parent / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        study = study_of(nb)
        if study is None:
            continue
        folder = target / study
        pages.setdefault(study, []).append(
            notebook_section(path, nb, folder, files.setdefault(study, {}))
        )
    written = []
    for stale in target.glob("*"):
        if stale.stem in pages:
            continue
        if stale.is_dir():
            shutil.rmtree(stale)
        else:
            stale.unlink()
    for study, sections in pages.items():
        note = "<!-- generated by docs/_reproduced.py from the committed notebooks -->\n\n"
        written += _write_all(target, study, note + "\n".join(sections), files[study])
    return written


def _write_all(target: Path, study: str, text: str, figures: dict) -> list[Path]:
    """Write the page and its figures where their content changed (stale figures removed)."""
    folder = target / study
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.png"):
        if stale.name not in figures:
            stale.unlink()
    written = []
    for path, content in [
        (target / f"{study}.md", text.encode()),
        *((folder / n, b) for n, b in figures.items()),
    ]:
        if not path.is_file() or path.read_bytes() != content:
            path.write_bytes(content)
            written.append(path)
    return written
