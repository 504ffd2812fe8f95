"""Locating, downloading and verifying raw dataset files.

This is the only module of costlab that touches the network. Every download goes to a
temporary file in the destination directory, is flushed to disk, checked against its
expected checksum and only then moved into place with :func:`os.replace`; on any failure
the temporary file (and any directory created for it) is removed, so the cache is left
exactly as it was.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from costlab._io import create_temp, write_atomic

from ._errors import ChecksumError, DatasetError

__all__ = [
    "CORRUPT_ADVICE",
    "SOURCES_FILE",
    "TIMEOUT",
    "cached_or_download",
    "download",
    "fetch_bytes",
    "file_digest",
    "is_url",
    "join_url",
    "mirror_file",
    "resolve_data_home",
    "resolve_mirror",
    "source_checkout",
    "verify_file",
    "write_atomic",
]

#: Seconds to wait for a server to connect or send data before giving up.
TIMEOUT = 30.0
#: Name of the per-folder record of where each cached file was downloaded from.
SOURCES_FILE = ".costlab-sources.json"
#: What a user should do about a corrupted cached file (appended to ChecksumError messages).
CORRUPT_ADVICE = "The cached file is corrupted: delete it and load the dataset again to refetch it."
_CHUNK = 1 << 16
_USER_AGENT = "costlab-datasets/0.1 (python urllib)"


#: What an unreachable server's error adds: the way to work offline.
_OFFLINE = (
    " Offline? Point costlab at a local copy of the raw files: set COSTLAB_MIRROR to its "
    "folder (or an http:// URL laid out like UCI's) or pass mirror=...; data/README.md in the "
    "repository says how it is laid out."
)


def file_digest(path, algorithm="sha256"):
    """Return the hex digest of a file.

    Parameters
    ----------
    path : path-like
        File to hash.
    algorithm : {"sha256", "md5"}, default "sha256"
        Hash algorithm known to :mod:`hashlib`.

    Returns
    -------
    str
        Lower-case hexadecimal digest.
    """
    digest = hashlib.new(algorithm)
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def verify_file(path, expected, *, algorithm="sha256", advice=""):
    """Check a file's digest and return it.

    Parameters
    ----------
    path : path-like
        File to check.
    expected : str
        Expected hexadecimal digest.
    algorithm : str, default "sha256"
        Hash algorithm.
    advice : str, optional
        Sentence appended to the error message (what the user should do).

    Returns
    -------
    str
        The digest, equal to `expected`.

    Raises
    ------
    ChecksumError
        If the digest differs.
    """
    actual = file_digest(path, algorithm)
    if actual != expected.lower():
        raise ChecksumError(
            f"{path}: {algorithm.upper()} checksum mismatch (expected {expected}, "
            f"got {actual}). {advice}".rstrip()
        )
    return actual


def is_url(location):
    """Return True if `location` is an http(s) URL."""
    return urllib.parse.urlsplit(str(location)).scheme in ("http", "https")


def join_url(prefix, relative):
    """Join a URL prefix and a relative path with exactly one slash."""
    return prefix.rstrip("/") + "/" + relative.lstrip("/")


def resolve_data_home(data_home: str | os.PathLike[str] | None = None) -> Path:
    """Return the directory that caches downloaded files.

    Parameters
    ----------
    data_home : path-like, optional
        Explicit directory. Otherwise the environment variable ``COSTLAB_DATA_HOME``,
        otherwise the ``data/`` folder of the source checkout the package sits in
        (a folder holding ``pyproject.toml`` and ``data/``), otherwise ``~/.cache/costlab``.

    Returns
    -------
    pathlib.Path
        The directory (not created here).
    """
    if data_home is not None:
        return Path(data_home).expanduser()
    if os.environ.get("COSTLAB_DATA_HOME"):
        return Path(os.environ["COSTLAB_DATA_HOME"]).expanduser()
    checkout = source_checkout()
    if checkout is not None and (checkout / "data").is_dir():
        return checkout / "data"
    return Path("~/.cache/costlab").expanduser()


def source_checkout():
    """Return the source checkout the package sits in, or None for an installed package.

    Returns
    -------
    pathlib.Path or None
        The folder holding the ``costlab`` package and ``pyproject.toml`` (the repository root,
        where ``reproduce.py`` is), or None if the package is not in such a folder.
    """
    checkout = Path(__file__).resolve().parents[2]  # costlab/datasets/_fetch.py
    return checkout if (checkout / "pyproject.toml").is_file() else None


def resolve_mirror(mirror: str | os.PathLike[str] | None = None) -> Path | str | None:
    """Return the configured mirror: a directory, a URL prefix, or None.

    A relative directory is resolved against the current directory if it exists there, else
    against the source checkout (:func:`source_checkout`), so that a relative ``COSTLAB_MIRROR``
    means the same folder for ``reproduce.py`` run from the repository root and for a notebook
    whose kernel runs in ``notebooks/``.

    Parameters
    ----------
    mirror : str or path-like, optional
        Explicit mirror; otherwise the environment variable ``COSTLAB_MIRROR`` (empty = unset).

    Returns
    -------
    pathlib.Path or str or None
        An existing directory (absolute), an http(s) URL prefix, or None when no mirror is set.

    Raises
    ------
    DatasetError
        If the mirror is neither an existing directory nor an http(s) URL; the message names
        every place a relative directory was looked for.
    """
    if mirror is None:
        mirror = os.environ.get("COSTLAB_MIRROR") or None
    if mirror is None:
        return None
    if is_url(mirror):
        return str(mirror)
    path = Path(mirror).expanduser()
    candidates = [path.absolute()]
    checkout = source_checkout()
    if not path.is_absolute() and checkout is not None:
        candidates.append(checkout / path)
    for candidate in candidates:
        if candidate.is_dir():
            return candidate.resolve()
    looked = " nor ".join(os.path.normpath(c) for c in candidates)
    rule = (
        "; a relative mirror is looked for in the current directory, then in the source checkout"
        if len(candidates) > 1
        else ""
    )
    raise DatasetError(
        f"mirror {mirror!s} is neither an existing directory nor an http(s) URL "
        f"(no directory {looked}{rule})"
    )


def mirror_file(mirror_dir, relative, sha256):
    """Return the verified path of a file in a directory mirror.

    Parameters
    ----------
    mirror_dir : pathlib.Path
        Mirror root, laid out as ``<folder>/<file>``.
    relative : str
        Path of the file relative to the root.
    sha256 : str
        Expected SHA-256.

    Returns
    -------
    pathlib.Path

    Raises
    ------
    DatasetError
        If the file is missing; :class:`ChecksumError` if it differs from the expected file.
    """
    path = Path(mirror_dir) / relative
    if not path.is_file():
        raise DatasetError(f"mirror {mirror_dir} has no file {relative} (looked for {path})")
    verify_file(path, sha256, advice="The mirror copy differs from the expected UCI file.")
    return path


def cached_or_download(relative, url, *, sha256, data_home, source):
    """Return a verified cached file, downloading it first if it is not cached.

    Parameters
    ----------
    relative : str
        Path of the file relative to `data_home` (``<folder>/<file>``).
    url : str
        Where to download the file from if it is not cached.
    sha256 : str
        Expected SHA-256 of the file.
    data_home : pathlib.Path
        Cache root.
    source : str
        Kind of source `url` belongs to (``"url"`` or ``"uci"``), recorded with the file.

    Returns
    -------
    path : pathlib.Path
        The cached file.
    source : str
        Where the file originally came from (``"cache"`` if unrecorded).

    Raises
    ------
    ChecksumError
        If a cached file is corrupted (it is left in place; delete it to refetch).
    DatasetError
        If the download fails (the cache is left unchanged).
    """
    dest = Path(data_home) / relative
    if dest.exists():
        verify_file(dest, sha256, advice=CORRUPT_ADVICE)
        return dest, _recorded_sources(dest.parent).get(dest.name, {}).get("source", "cache")
    download(url, dest, checksum=sha256)
    _record_source(dest, source, url)
    return dest, source


def download(url, dest, *, checksum, algorithm="sha256", timeout=None):
    """Download `url` to `dest` atomically, verifying its checksum.

    Parameters
    ----------
    url : str
        Source URL.
    dest : path-like
        Destination file; its directory is created if needed.
    checksum : str
        Expected hex digest of the file.
    algorithm : str, default "sha256"
        Hash algorithm of `checksum`.
    timeout : float, optional
        Seconds before giving up on a silent server; default :data:`TIMEOUT`.

    Returns
    -------
    pathlib.Path
        `dest`, which now holds the verified file.

    Raises
    ------
    DatasetError
        On HTTP errors, unreachable servers, timeouts, truncated bodies or a checksum
        mismatch (:class:`ChecksumError`). `dest` and its directory are then unchanged.
    """
    dest = Path(dest)
    created = _make_dirs(dest.parent)
    fd, tmp = create_temp(dest)  # the mode open() gives, not mkstemp's 0600
    try:
        with os.fdopen(fd, "wb") as fh:
            _stream(url, fh, timeout)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            verify_file(tmp, checksum, algorithm=algorithm)
        except ChecksumError:
            raise ChecksumError(
                f"downloading {url}: {algorithm.upper()} checksum mismatch (expected "
                f"{checksum}, got {file_digest(tmp, algorithm)}); the file is truncated "
                "or differs from the expected one"
            ) from None
        os.replace(tmp, dest)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        _remove_dirs(created)
        raise
    _fsync_dir(dest.parent)
    return dest


def fetch_bytes(url, *, timeout=None):
    """Return the body of a small HTTP response (e.g. a JSON description).

    Parameters
    ----------
    url : str
        URL to get.
    timeout : float, optional
        Seconds before giving up; default :data:`TIMEOUT`.

    Returns
    -------
    bytes

    Raises
    ------
    DatasetError
        Same failure modes as :func:`download`.
    """
    with tempfile.TemporaryFile() as fh:
        _stream(url, fh, timeout)
        fh.seek(0)
        return fh.read()


def _stream(url, fh, timeout):
    """Copy the body of `url` into `fh`, checking it against Content-Length."""
    request = urllib.request.Request(url, headers={"User-Agent": _USER_AGENT})
    try:
        with urllib.request.urlopen(request, timeout=timeout or TIMEOUT) as response:
            encoding = response.headers.get("Content-Encoding", "identity").lower()
            if encoding not in ("identity", ""):
                raise DatasetError(f"downloading {url}: unsupported Content-Encoding {encoding}")
            announced = response.headers.get("Content-Length")
            received = 0
            for chunk in iter(lambda: response.read(_CHUNK), b""):
                fh.write(chunk)
                received += len(chunk)
    except DatasetError:
        raise
    except urllib.error.HTTPError as exc:
        exc.close()
        raise DatasetError(f"downloading {url} failed: HTTP {exc.code} {exc.reason}") from exc
    except urllib.error.URLError as exc:
        raise DatasetError(
            f"downloading {url} failed: cannot reach server ({exc.reason}).{_OFFLINE}"
        ) from exc
    except TimeoutError as exc:
        raise DatasetError(f"downloading {url} failed: timed out ({exc}).{_OFFLINE}") from exc
    except (OSError, ValueError, http.client.HTTPException) as exc:  # reset, bad status, bad URL
        raise DatasetError(f"downloading {url} failed: {type(exc).__name__}: {exc}") from exc
    if announced is not None and announced.isdigit() and received != int(announced):
        raise DatasetError(
            f"downloading {url} failed: truncated body ({received} bytes received, "
            f"Content-Length announced {announced})"
        )


def _make_dirs(directory):
    """Create `directory` and missing parents; return the ones created, outermost first."""
    missing = []
    for parent in [directory, *directory.parents]:
        if parent.exists():
            break
        missing.append(parent)
    directory.mkdir(parents=True, exist_ok=True)
    return missing[::-1]


def _remove_dirs(created):
    """Remove directories made by :func:`_make_dirs` if they are still empty."""
    for directory in reversed(created):
        try:
            directory.rmdir()
        except OSError:
            return


def _fsync_dir(directory):
    """Flush a directory entry to disk where the platform allows it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _recorded_sources(directory):
    """Return the ``{file: {"source", "url"}}`` record of a cache folder (empty if none)."""
    try:
        record = json.loads((Path(directory) / SOURCES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _record_source(dest, source, url):
    """Record where a cached file came from, replacing the record atomically."""
    record = _recorded_sources(dest.parent)
    record[dest.name] = {"source": source, "url": url}
    write_atomic(dest.parent / SOURCES_FILE, json.dumps(record, indent=1, sort_keys=True).encode())
