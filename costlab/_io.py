"""Atomic file writes: every file costlab writes appears whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic", "write_text_atomic"]


def write_atomic(dest, data):
    """Write bytes to `dest` through a temporary file and :func:`os.replace`.

    Parameters
    ----------
    dest : path-like
        Destination file; its directory must exist.
    data : bytes
        Content.
    """
    dest = Path(dest)
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".part", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, dest)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(dest, text):
    """Write UTF-8 text to `dest` atomically (see :func:`write_atomic`)."""
    write_atomic(dest, text.encode("utf-8"))
