"""What ``costlab explore TARGET`` serves, checked before any server starts (issue 34, item 3).

``TARGET`` is a results folder written by ``python reproduce.py [STUDY] --out DIR`` (the folder of
one study, or ``DIR`` holding one sub-folder per study, each marked by
:data:`costlab.studies._outdir.MARKER`) or a CSV of labels and scores. :func:`parse_args` reads
the command line and :func:`resolve_target` says what the app will show, or raises
:class:`ExploreError` naming what is wrong and what is allowed (the command exits with 2).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from costlab.studies import STUDIES
from costlab.studies._outdir import study_of

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["ExploreError", "ExploreTarget", "parse_args", "resolve_target"]


class ExploreError(ValueError):
    """``costlab explore`` was given a target it cannot serve."""


@dataclass(frozen=True)
class ExploreTarget:
    """What the app shows: the studies of a results folder, or a CSV and its label columns."""

    path: Path
    studies: dict[str, Path] = field(default_factory=dict)
    label_columns: tuple[str, ...] = ()


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


def resolve_target(target: str | Path) -> ExploreTarget:
    """Check ``target`` and say what the app will show; raise :class:`ExploreError` if nothing."""
    path = Path(target)
    if not path.exists():
        raise ExploreError(f"{path} does not exist; give a results folder or a .csv file")
    if path.is_dir():
        return ExploreTarget(path, studies=_studies_in(path))
    if path.suffix.lower() == ".csv":
        return ExploreTarget(path, label_columns=_label_columns(path))
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


def _label_columns(path):
    try:
        frame = pd.read_csv(path)
    except (ValueError, OSError) as error:
        raise ExploreError(f"{path} cannot be read as a CSV: {error}") from error
    labels = tuple(str(c) for c in frame.columns if frame[c].dropna().nunique() == 2)
    if not labels or frame.shape[1] < 2:
        raise ExploreError(
            f"{path} has no usable label column: a label column holds exactly two distinct "
            f"values and a score column beside it; its columns are {list(map(str, frame.columns))}"
        )
    return labels
