"""Tables that paste into a paper: frames written as CSV (unrounded), Markdown and LaTeX."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path

import pandas as pd

from costlab._io import write_text_atomic

__all__ = ["write_table"]


def write_table(frames, stem, outdir, *, caption, digits=3, labels=None, display=None):
    """Write ``<stem>.csv`` (exact values), ``<stem>.md`` and ``<stem>.tex`` (rounded) atomically.

    Parameters
    ----------
    frames : DataFrame or Mapping[str, DataFrame]
        A tidy table, or section title -> table. The CSV holds the first frame unrounded
        (the others go to ``<stem>_<n>.csv``, n = 2, 3, ...); Markdown and LaTeX hold them all,
        each section under its title.
    stem : str
        File name without extension.
    outdir : path
    caption : str
        What the table is and where its numbers come from (a section's LaTeX caption is
        ``caption`` and its title).
    digits : int
        Decimals shown in Markdown and LaTeX by the default ``display``.
    labels : mapping, optional
        Names shown for the values of a ``classifier`` column by the default ``display``.
    display : callable, optional
        ``display(frame) -> frame`` as shown in Markdown and LaTeX (e.g. a study's names and
        decimals); default: floats to ``digits`` decimals, booleans as yes/no, classifiers by
        ``labels``.

    Returns
    -------
    list of Path
        The CSV files, then the Markdown and the LaTeX file.
    """
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    sections = frames.items() if isinstance(frames, Mapping) else [(None, frames)]
    show = display or partial(_display, digits=digits, labels=labels or {})
    paths, md, tex = [], [f"**{caption}**\n"], []
    for i, (title, frame) in enumerate(sections):
        name = stem if i == 0 else f"{stem}_{i + 1}"
        paths.append(outdir / f"{name}.csv")
        write_text_atomic(paths[-1], frame.to_csv(index=False))
        shown = show(frame)
        heading = "" if title is None else f"\n*{title}*\n"
        md.append(f"{heading}\n{shown.to_markdown(index=False)}\n")
        full = caption if title is None else f"{caption} {title}"
        tex.append(shown.to_latex(index=False, caption=full, label=f"tab:{name}", escape=True))
    paths += [outdir / f"{stem}.md", outdir / f"{stem}.tex"]
    write_text_atomic(paths[-2], "".join(md))
    write_text_atomic(paths[-1], "\n".join(tex))
    return paths


def _display(frame, digits, labels):
    out = frame.copy()
    for column in out.columns:
        if column == "classifier":
            out[column] = out[column].map(lambda v: labels.get(v, v))
        elif pd.api.types.is_bool_dtype(out[column]):
            out[column] = out[column].map({True: "yes", False: "no"})
        elif pd.api.types.is_float_dtype(out[column]):
            out[column] = out[column].map(lambda v: "" if pd.isna(v) else f"{v:.{digits}f}")
    return out
