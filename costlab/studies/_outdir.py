"""A study's output folder, ``<out>/<study>/``: checked, created and claimed before any run.

Every study writes into ``<out>/<study>/`` (by default ``results/<study>/``) and marks it with
:data:`MARKER`, a small JSON file naming the study. Before anything is computed,
:func:`prepare_study_folder` checks that the folder can be created and written (a temporary
file is created in it and removed) and that it holds no other study's results, so a wrong
``--out`` fails at once, naming ``--out`` and the problem, instead of after the whole run.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from costlab._io import create_temp, write_text_atomic

__all__ = ["MARKER", "OutputFolderError", "prepare_study_folder", "study_of"]

#: The file naming the study whose results a folder holds.
MARKER = "costlab-study.json"


class OutputFolderError(ValueError):
    """``--out`` names a place a study cannot write its results to."""


def study_of(folder):
    """The study whose results ``folder`` holds (its :data:`MARKER`), or None.

    Parameters
    ----------
    folder : path-like

    Returns
    -------
    str or None
        None when the folder has no readable marker naming a study.
    """
    try:
        marker = json.loads((Path(folder) / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return marker.get("study") if isinstance(marker, dict) else None


def prepare_study_folder(out, study):
    """Check, create and mark ``<out>/<study>/``; the folder.

    Parameters
    ----------
    out : path-like
        The ``--out`` option: the folder that holds one sub-folder per study.
    study : str
        The study's name.

    Returns
    -------
    pathlib.Path
        ``<out>/<study>``, created, writable and marked as ``study``'s.

    Raises
    ------
    OutputFolderError
        ``out`` or ``<out>/<study>`` is a file, holds another study's results, or cannot be
        created or written; the message names ``--out`` and the problem.
    """
    out = Path(out)
    root = out / study
    owner = study_of(out)
    if owner is not None:
        raise OutputFolderError(
            f"--out {out}: the folder holds the results of study {owner!r} ({out / MARKER}); "
            f"studies write into <out>/<study>/: give the folder above it, --out {out.parent}, "
            f"and this run writes {out.parent / study}"
        )
    for folder in (out, root):
        if folder.exists() and not folder.is_dir():
            raise OutputFolderError(f"--out {out}: {folder} is a file, not a folder")
    owner = study_of(root)
    if owner not in (None, study):
        raise OutputFolderError(
            f"--out {out}: {root} holds the results of study {owner!r} ({root / MARKER}), "
            f"not {study!r}; move it away or choose another --out"
        )
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd, tmp = create_temp(root / MARKER, suffix=".probe")
        os.close(fd)
        tmp.unlink()
        write_text_atomic(root / MARKER, json.dumps({"study": study}) + "\n")
    except OSError as err:
        reason = err.strerror or str(err)
        raise OutputFolderError(f"--out {out}: cannot create or write {root}: {reason}") from err
    return root
