"""Atomic file writes: every file costlab writes appears whole or not at all."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

__all__ = ["create_temp", "write_atomic", "write_text_atomic"]

#: Attempts at a free temporary name before giving up (names carry 32 random bits).
_ATTEMPTS = 100


def create_temp(dest, suffix=".part"):
    """Create a new empty temporary file beside `dest`, for writing then :func:`os.replace`.

    Unlike :func:`tempfile.mkstemp` (mode 0600), the file gets the mode ``open(dest, "w")``
    would give it, ``0o666`` less the process's umask (0644 under the usual umask 022), so the
    file moved into place is readable as any other file the user writes.

    Parameters
    ----------
    dest : path-like
        The file the temporary one will replace; its directory must exist.
    suffix : str, default ".part"
        End of the temporary name, which is ``.<dest name>.<random hex><suffix>``.

    Returns
    -------
    fd : int
        Descriptor open for writing (binary).
    path : pathlib.Path
        The temporary file.
    """
    dest = Path(dest)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(_ATTEMPTS):
        tmp = dest.parent / f".{dest.name}.{secrets.token_hex(4)}{suffix}"
        try:
            return os.open(tmp, flags, 0o666), tmp  # the umask applies, as for open()
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {dest} after {_ATTEMPTS} attempts")


def write_atomic(dest, data):
    """Write bytes to `dest` through a temporary file and :func:`os.replace`.

    The file gets the mode ``open(dest, "w")`` would give it (see :func:`create_temp`).

    Parameters
    ----------
    dest : path-like
        Destination file; its directory must exist.
    data : bytes
        Content.
    """
    dest = Path(dest)
    fd, tmp = create_temp(dest)
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
