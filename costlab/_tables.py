"""Tables that paste into a paper: one frame written as CSV (unrounded), Markdown and LaTeX."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from costlab._io import write_text_atomic

__all__ = ["write_table"]


def write_table(frame, stem, outdir, *, caption, digits=3, labels=None):
    """Write ``<stem>.csv`` (exact values), ``<stem>.md`` and ``<stem>.tex`` (rounded) atomically.

    Parameters
    ----------
    frame : DataFrame
        Tidy table.
    stem : str
        File name without extension.
    outdir : path
    caption : str
        What the table is and where its numbers come from.
    digits : int
        Decimals shown in Markdown and LaTeX.
    labels : mapping, optional
        Names shown for the values of a ``classifier`` column.

    Returns
    -------
    list of Path
        The three files.
    """
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    paths = [outdir / f"{stem}.{ext}" for ext in ("csv", "md", "tex")]
    shown = _display(frame, digits, labels or {})
    write_text_atomic(paths[0], frame.to_csv(index=False))
    write_text_atomic(paths[1], f"**{caption}**\n\n{shown.to_markdown(index=False)}\n")
    latex = shown.to_latex(index=False, caption=caption, label=f"tab:{stem}", escape=True)
    write_text_atomic(paths[2], latex)
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
