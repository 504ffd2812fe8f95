"""``costlab explore TARGET``: the explorers served as a Voila app (issue 34, item 3).

``TARGET`` is a results folder written by ``python reproduce.py [STUDY] --out DIR`` (the folder of
one study, or ``DIR`` holding one sub-folder per study, each marked by
:data:`costlab.studies._outdir.MARKER`) or a CSV of labels and scores. :func:`parse_args` reads
the command line and :func:`resolve_target` says what the app will show, or raises
:class:`ExploreError` naming what is wrong and what is allowed (the command exits with 2), all
before any server starts. :func:`main` then serves :data:`APP`, a notebook shipped with the
package, with Voila (:func:`voila_command`), telling its kernel the target through
:data:`TARGET_VARIABLE`; the notebook displays :func:`app`, which builds the widgets
(:mod:`costlab.studies._explore_views`).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from costlab.datasets import DatasetError, from_csv, from_frame
from costlab.studies import STUDIES
from costlab.studies._outdir import study_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    import ipywidgets

__all__ = [
    "APP",
    "TARGET_VARIABLE",
    "ExploreError",
    "ExploreTarget",
    "app",
    "main",
    "parse_args",
    "resolve_target",
    "voila_command",
]

#: The app's notebook (package data): it displays :func:`app`.
APP = Path(__file__).with_name("_explore_app.ipynb")

#: The environment variable through which the command tells the app's kernel its target.
TARGET_VARIABLE = "COSTLAB_EXPLORE_TARGET"


class ExploreError(ValueError):
    """``costlab explore`` was given a target it cannot serve."""


@dataclass(frozen=True)
class ExploreTarget:
    """What the app shows: the studies of a results folder, or a CSV and its columns.

    Attributes
    ----------
    path : Path
    studies : dict of str -> Path
        Study name -> the folder of its results (a results folder).
    labels : dict of str -> tuple of str
        Label column -> its two labels as text, (negative, positive) (a CSV).
    numeric_columns : tuple of str
        The CSV's numeric columns, among which the score columns are chosen.
    """

    path: Path
    studies: dict[str, Path] = field(default_factory=dict)
    labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    numeric_columns: tuple[str, ...] = ()

    @property
    def label_columns(self) -> tuple[str, ...]:
        """The CSV's columns that can be the label: two labels, and a numeric column beside."""
        return tuple(self.labels)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Read ``costlab explore TARGET [--port N] [--no-browser]``."""
    parser = argparse.ArgumentParser(
        prog="costlab explore",
        description="Serve the explorers as a Voila app over a results folder or a CSV.",
    )
    parser.add_argument("target", help="a folder written by reproduce.py --out, or a CSV")
    parser.add_argument("--port", type=int, default=8866, help="the server's port (8866)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    """Run ``costlab explore TARGET [--port N] [--no-browser]``: check the target, then serve
    :data:`APP` with Voila until interrupted; the exit code (2 for a target it cannot serve)."""
    args = parse_args(argv)
    try:
        target = resolve_target(args.target)
    except ExploreError as error:
        print(f"costlab explore: error: {error}", file=sys.stderr)
        return 2
    if importlib.util.find_spec("voila") is None:
        print(
            "costlab explore: error: the app is served by Voila, which is not installed: "
            "pip install 'costlab[app]'",
            file=sys.stderr,
        )
        return 1
    if not APP.is_file():
        print(f"costlab explore: error: the app's notebook {APP} is not installed", file=sys.stderr)
        return 1
    if target.studies:
        shown = ", ".join(target.studies)
    else:
        shown = f"{target.path.name} (label columns: {', '.join(target.label_columns)})"
    print(f"costlab explore: serving {shown} on http://127.0.0.1:{args.port}/ (Ctrl-C stops)")
    env = os.environ | {TARGET_VARIABLE: str(target.path.resolve())}
    try:
        return subprocess.call(voila_command(args.port, args.no_browser), env=env, cwd=APP.parent)
    except KeyboardInterrupt:
        return 130


def voila_command(port: int, no_browser: bool = False) -> list[str]:
    """The Voila command serving :data:`APP` on 127.0.0.1:``port`` (its assets are local)."""
    command = [sys.executable, "-m", "voila", str(APP), f"--port={port}", "--Voila.ip=127.0.0.1"]
    return command + (["--no-browser"] if no_browser else [])


def app(target: str | Path | None = None) -> ipywidgets.Widget:
    """The app's widget over ``target`` (default: the :data:`TARGET_VARIABLE` the command set).

    A results folder gives each study's explorer (a Tab when there are several); a CSV, a
    column chooser, then the cost and CST explorers (:mod:`costlab.studies._explore_views`).
    """
    from costlab.studies._explore_views import csv_view, results_view

    if target is None:
        target = os.environ.get(TARGET_VARIABLE)
        if not target:
            raise ExploreError(
                f"no target: run `costlab explore TARGET` (or set {TARGET_VARIABLE})"
            )
    found = resolve_target(target)
    if found.studies:
        return results_view(found.studies)
    return csv_view(found.path, found.labels, found.numeric_columns)


def resolve_target(target: str | Path) -> ExploreTarget:
    """Check ``target`` and say what the app will show; raise :class:`ExploreError` if nothing."""
    path = Path(target)
    if not path.exists():
        raise ExploreError(f"{path} does not exist; give a results folder or a .csv file")
    if path.is_dir():
        return ExploreTarget(path, studies=_studies_in(path))
    if path.suffix.lower() == ".csv":
        return _csv_target(path)
    raise ExploreError(f"{path} is neither a folder nor a .csv file")


def _studies_in(folder):
    found = {name: folder / name for name in STUDIES if study_of(folder / name) == name}
    own = study_of(folder)
    if own in STUDIES:
        found[own] = folder
    if not found:
        raise ExploreError(
            f"{folder} holds no study results (no {', '.join(STUDIES)} folder written by "
            "reproduce.py --out); run `costlab reproduce STUDY --out DIR` first"
        )
    return found


def _csv_target(path):
    """The CSV's label columns and numeric columns, checked by the library's readers."""
    try:
        frame = pd.read_csv(path, na_values=["?"])  # as from_csv reads it, to list the columns
    except (ValueError, OSError) as error:
        raise ExploreError(f"{path} cannot be read as a CSV: {error}") from error
    labels, refused = _label_columns(frame)
    if not labels:
        raise ExploreError(
            f"{path} has no usable label column: a label column holds exactly two distinct "
            f"values and a numeric score column stands beside it; its columns are "
            f"{list(map(str, frame.columns))}" + "".join(f"; {why}" for why in refused)
        )
    first = next(iter(labels))
    try:  # the file as the app reads it (from_csv): a repeated column name, say
        from_csv(path, target=first, positive=labels[first][1])
    except DatasetError as error:
        raise ExploreError(f"{path} cannot be explored: {error}") from error
    numeric = tuple(str(c) for c in frame.columns if pd.api.types.is_numeric_dtype(frame[c]))
    return ExploreTarget(path, labels=labels, numeric_columns=numeric)


def _label_columns(frame):
    """``({column: (negative, positive)}, [why each other two-valued column is refused])``,
    each column checked by :func:`costlab.datasets.from_frame` (missing labels...)."""
    labels, refused = {}, []
    for column in (c for c in frame.columns if frame[c].dropna().nunique() == 2):
        try:
            data = from_frame(frame, target=column, positive=_second(frame[column]))
        except DatasetError as error:
            refused.append(f"{column!r}: {error}")
            continue
        if data.numeric_columns:
            labels[str(column)] = (data.negative, data.positive)
        else:
            refused.append(f"{column!r}: no numeric score column beside it")
    return labels, refused


def _second(column):
    """The last of a label column's two values in sorted order (1 of 0/1, "yes" of no/yes)."""
    return sorted(column.dropna().unique())[-1]
