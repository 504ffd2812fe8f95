"""The file maps of ``tests/README.md`` and ``docs/architecture.md``, generated from the tree.

A map is the block between a start marker naming what it lists and the end marker::

    <!-- map: costlab reproduce.py -->
    ...generated...
    <!-- end of map -->

Everything outside the markers is prose written by hand. The map lists every Python file and
folder under the named paths (relative to the repository root), one line each: a file by the
first sentence of its module docstring, a folder by its ``__init__.py``'s (a package) or, for a
test folder that mirrors one of ``costlab/``, by the folder it mirrors. A ``folder map``
(``<!-- folder map: costlab -->``) gives only the folders a line, each naming its files.

``python docs/_maps.py`` rewrites the maps; ``python docs/_maps.py --check`` writes nothing,
names the pages whose maps differ from the tree and exits 1 (``tests/project/test_maps.py``
runs the check).
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The pages that hold maps, relative to the repository root.
PAGES = ("tests/README.md", "docs/architecture.md")
WIDTH = 100
END = "<!-- end of map -->"
_START = re.compile(r"^<!-- (?P<kind>map|folder map): (?P<paths>[^>]+?) -->$", re.MULTILINE)
_SENTENCE_END = re.compile(r"\.(?=\s+[A-Z`*]|\s*$)")
_MAX_NAME = 38


def summary(docstring: str | None) -> str:
    """The first sentence of ``docstring``'s first paragraph, on one line ("" if none)."""
    if not docstring:
        return ""
    paragraph = " ".join(docstring.strip().split("\n\n")[0].split())
    end = _SENTENCE_END.search(paragraph)
    return paragraph[: end.end()] if end else paragraph


def _docstring(path: Path) -> str:
    return summary(ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))))


def _describe_folder(folder: Path, root: Path) -> str:
    init = folder / "__init__.py"
    if init.is_file():
        return _docstring(init)
    relative = folder.relative_to(root)
    if relative.parts[:1] == ("tests",) and len(relative.parts) > 1:
        mirrored = Path("costlab", *relative.parts[1:])
        if (root / mirrored).is_dir():
            return f"the tests of {mirrored.as_posix()}/"
    return ""


def _children(folder: Path) -> tuple[list[Path], list[Path]]:
    entries = sorted(folder.iterdir())
    files = [p for p in entries if p.suffix == ".py" and p.name != "__init__.py"]
    folders = [
        p
        for p in entries
        if p.is_dir() and not p.name.startswith((".", "__")) and any(p.rglob("*.py"))
    ]
    return files, folders


def _entries(path: Path, root: Path, folders_only: bool, depth: int = 0) -> list[tuple[str, str]]:
    """(indented name, description) of ``path`` and, for a folder, of everything under it.

    With ``folders_only``, a folder's files are named after its description, not given rows.
    """
    indent = "  " * depth
    if path.is_file():
        return [(indent + path.name, _docstring(path))]
    files, folders = _children(path)
    description = _describe_folder(path, root)
    if folders_only and files:
        description = f"{description} Files: {', '.join(p.name for p in files)}.".lstrip()
    rows = [(f"{indent}{path.name}/", description)]
    for child in folders if folders_only else files + folders:
        rows += _entries(child, root, folders_only, depth + 1)
    return rows


def render(paths: list[str], root: Path = ROOT, folders_only: bool = False) -> str:
    """The map of ``paths`` (relative to ``root``): one line per file and folder, wrapped.

    With ``folders_only`` (a ``folder map``), one line per folder naming its files.
    """
    rows = [row for p in paths for row in _entries(root / p, root, folders_only)]
    column = min(max(len(name) for name, _ in rows), _MAX_NAME) + 2
    lines = []
    for name, description in rows:
        wrapped = textwrap.wrap(
            description, WIDTH - column, break_long_words=False, break_on_hyphens=False
        ) or [""]
        first = name.ljust(column)
        if len(name) + 2 > column:  # a long name: its description starts on the next line
            lines.append(name)
            first = " " * column
        lines.append((first + wrapped[0]).rstrip())
        lines += [" " * column + more for more in wrapped[1:]]
    return "\n".join(lines)


def update(text: str, root: Path = ROOT) -> str:
    """``text`` with each map between its markers regenerated from the tree under ``root``."""
    out, position = [], 0
    for start in _START.finditer(text):
        end = text.find(END, start.end())
        if end < 0:
            raise ValueError(f"the map of {start['paths']!r} has no {END!r} after it")
        folders_only = start["kind"] == "folder map"
        block = "```text\n" + render(start["paths"].split(), root, folders_only) + "\n```\n"
        out += [text[position : start.end()], "\n", block]
        position = end
    return "".join(out) + text[position:]


def stale(root: Path = ROOT, pages: tuple[str, ...] = PAGES) -> list[str]:
    """The ``pages`` (relative to ``root``) whose maps differ from the tree under ``root``."""
    return [
        page
        for page in pages
        if update(text := (root / page).read_text(encoding="utf-8"), root) != text
    ]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the maps, or with ``--check`` report the stale pages and return 1 if any."""
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--check"]:
        pages = stale()
        for page in pages:
            print(f"{page}: its map differs from the tree; run python docs/_maps.py")
        return 1 if pages else 0
    if argv:
        raise SystemExit("usage: python docs/_maps.py [--check]")
    for page in PAGES:
        path = ROOT / page
        text = path.read_text(encoding="utf-8")
        if update(text) != text:
            path.write_text(update(text), encoding="utf-8")
            print(f"wrote {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
