"""openml-python, configured for costlab: server, cache, checksums and errors.

openml-python keeps its settings in module globals (``openml.config``). :func:`openml_session`
sets them for one call and restores them after:

- the server: ``server=``, else ``COSTLAB_OPENML_SERVER``, else openml-python's own setting
  (``https://www.openml.org`` unless the user configured it); a base URL or the API's URL;
- the cache: ``<data_home>/openml`` (costlab's data home, see :func:`resolve_data_home`), under
  which openml-python keeps one folder per server;
- one attempt per request (openml-python retries with sleeps of up to a minute; a dead server
  should be said at once).

It guards what openml-python caches, in two ways:

- **checksums recorded on first download and verified after**: every file in an entity's cache
  folder (a data set's description, ARFF and pickles; a task's XML and splits; a run's
  description and predictions) has its SHA-256 recorded in ``costlab-checksums.json`` at the
  root of the server's cache the first time costlab sees it, and is verified before openml-python
  may read it again. A file that differs raises :class:`ChecksumError` naming it (as a corrupted
  UCI file does); nothing is moved or deleted.
- **nothing already cached is lost**: openml-python deletes an entity's whole cache folder when
  a download fails (a dead server, a bad checksum). :func:`guarded` hard-links the folder's files
  aside first and puts back whatever was removed.

Errors of openml-python and of the network become :class:`DatasetError`\\ s naming the entity,
the server and what to do (:func:`openml_errors`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import warnings
from pathlib import Path

import openml
import requests

from costlab._io import write_atomic

from ._errors import ChecksumError, DatasetError
from ._fetch import file_digest, resolve_data_home

__all__ = [
    "LEDGER",
    "entity_folder",
    "guarded",
    "openml_errors",
    "openml_server",
    "openml_session",
    "record",
    "server_url",
    "verify",
]

#: The checksum ledger's file name, at the root of a server's cache.
LEDGER = "costlab-checksums.json"
#: What the API's URL ends with (openml.config.server is the API's URL).
_API = "/api/v1/xml"


def openml_server(server: str | None = None) -> str:
    """The OpenML server costlab talks to: ``server``, else ``COSTLAB_OPENML_SERVER``, else
    openml-python's configured one, as the API's URL.

    Examples
    --------
    >>> openml_server("https://www.openml.org")
    'https://www.openml.org/api/v1/xml'
    """
    return server_url(server)


def server_url(server=None):
    """The API URL of ``server`` (a base URL or the API URL), else ``COSTLAB_OPENML_SERVER``,
    else openml-python's configured server."""
    server = server or os.environ.get("COSTLAB_OPENML_SERVER") or openml.config.server
    server = str(server).rstrip("/")
    return server if server.endswith(_API) else server + _API


@contextlib.contextmanager
def openml_session(*, server=None, data_home=None):
    """Configure openml-python for one call (server, cache, one attempt) and restore it after.

    Yields
    ------
    pathlib.Path
        The server's cache folder (where the ledger lives).
    """
    config = openml.config
    saved = (config.server, config._root_cache_directory, config.connection_n_retries)
    try:
        config.server = server_url(server)
        config.set_root_cache_directory(Path(resolve_data_home(data_home)) / "openml")
        config.connection_n_retries = 1
        yield Path(config.get_cache_directory())
    finally:
        config.server = saved[0]
        config.set_root_cache_directory(saved[1])
        config.connection_n_retries = saved[2]


def entity_folder(kind, entity_id):
    """openml-python's cache folder of one entity (``kind`` in datasets, tasks, runs)."""
    return Path(openml.config.get_cache_directory()) / kind / str(int(entity_id))


def _ledger_path():
    return Path(openml.config.get_cache_directory()) / LEDGER


def _read_ledger():
    path = _ledger_path()
    try:
        ledger = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        # an unreadable ledger records nothing: its files are recorded again (never an error)
        warnings.warn(f"{path} is unreadable; checksums are recorded afresh", stacklevel=3)
        return {}
    return ledger if isinstance(ledger, dict) else {}


def _files(folder):
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and not p.name.endswith((".costlab-keep", ".tmp"))
    )


def _key(path):
    return path.relative_to(openml.config.get_cache_directory()).as_posix()


def verify(folder):
    """Check every recorded file of ``folder`` against the ledger.

    Raises
    ------
    ChecksumError
        Naming the first file that differs from the SHA-256 recorded when it was downloaded
        (nothing is moved or deleted: the user decides).
    """
    ledger = _read_ledger()
    for path in _files(folder):
        expected = ledger.get(_key(path))
        if expected is not None and file_digest(path) != expected:
            raise ChecksumError(
                f"{path}: this cached OpenML file differs from the SHA-256 recorded when it was "
                "downloaded (corrupted or altered). Delete it to fetch it again, or delete "
                f"the folder {folder} to fetch all of its files again."
            )


def record(*folders):
    """Record the SHA-256 of every file of ``folders`` not yet in the ledger (first download)."""
    ledger = _read_ledger()
    new = {_key(p): file_digest(p) for f in folders for p in _files(f) if _key(p) not in ledger}
    if new:
        ledger.update(new)
        write_atomic(_ledger_path(), json.dumps(ledger, indent=1, sort_keys=True).encode())


@contextlib.contextmanager
def guarded(*folders):
    """Verify ``folders`` against the ledger, run the block, record new files; if the block
    fails, put back every file openml-python removed from them (hard links kept aside, in a
    folder of the cache's own, since openml-python deletes the entity's whole folder)."""
    for folder in folders:
        verify(folder)
    root = Path(openml.config.get_cache_directory())
    root.mkdir(parents=True, exist_ok=True)
    aside = Path(tempfile.mkdtemp(prefix=".costlab-keep-", dir=root))
    spare = {}
    try:
        for folder in folders:
            for path in _files(folder):
                keep = aside / str(len(spare))
                try:
                    os.link(path, keep)
                except OSError:
                    shutil.copy2(path, keep)
                spare[path] = keep
        try:
            yield
        except BaseException:
            for path, keep in spare.items():
                if not path.exists():
                    path.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(keep, path)
            raise
    finally:
        shutil.rmtree(aside, ignore_errors=True)
    record(*folders)


@contextlib.contextmanager
def openml_errors(what):
    """Turn openml-python's and the network's exceptions into DatasetErrors naming ``what``."""
    server = openml.config.server
    try:
        yield
    except DatasetError:
        raise
    except openml.exceptions.OpenMLServerNoResult as exc:
        raise DatasetError(f"{what}: the OpenML server {server} has no such entry ({exc})") from exc
    except openml.exceptions.OpenMLServerException as exc:
        message = str(exc.message).removesuffix(" - None")
        raise DatasetError(
            f"{what}: the OpenML server {server} answered with error {exc.code}: {message}"
        ) from exc
    except openml.exceptions.OpenMLHashException as exc:
        raise ChecksumError(
            f"{what}: a file downloaded from {server} does not match the MD5 the server "
            f"announced ({exc}); nothing was cached"
        ) from exc
    except (requests.exceptions.RequestException, ConnectionError) as exc:
        raise DatasetError(
            f"{what}: cannot reach the OpenML server {server} ({type(exc).__name__}: {exc}). "
            "Offline? What is already cached still loads; set COSTLAB_OPENML_SERVER (or "
            "server=) to another server."
        ) from exc
    except openml.exceptions.OpenMLServerError as exc:
        raise DatasetError(f"{what}: the OpenML server {server} failed: {exc}") from exc
