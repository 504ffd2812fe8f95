"""A minimal client for OpenML's REST JSON API (data set descriptions and ARFF files).

``{server}/api/v1/json/data/{id}`` returns ``{"data_set_description": {...}}`` whose ``url``
is the ARFF file and ``md5_checksum`` its MD5. The ARFF goes through the same atomic, verified
downloader as the UCI files and is cached as ``<data_home>/<folder>/openml_<id>.arff`` next
to the description (``openml_<id>.json``), which keeps the MD5 the cached file is re-verified
against on every load.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ._errors import DatasetError
from ._fetch import CORRUPT_ADVICE, download, fetch_bytes, verify_file, write_atomic
from ._parsers import arff_to_xy, load_arff

__all__ = ["DEFAULT_SERVER", "fetch_description", "openml_files", "openml_server", "openml_xy"]

#: OpenML server used unless ``COSTLAB_OPENML_SERVER`` is set.
DEFAULT_SERVER = "https://www.openml.org"


def openml_server():
    """Return the OpenML server URL (env ``COSTLAB_OPENML_SERVER``, else :data:`DEFAULT_SERVER`)."""
    return (os.environ.get("COSTLAB_OPENML_SERVER") or DEFAULT_SERVER).rstrip("/")


def fetch_description(openml_id, *, server=None):
    """Download and check the description of an OpenML data set.

    Parameters
    ----------
    openml_id : int
        OpenML data set id.
    server : str, optional
        Server URL; default :func:`openml_server`.

    Returns
    -------
    dict
        The ``data_set_description`` object (with at least ``url`` and ``md5_checksum``).

    Raises
    ------
    DatasetError
        If the server cannot be reached or the answer is not a usable description.
    """
    url = f"{server or openml_server()}/api/v1/json/data/{int(openml_id)}"
    body = fetch_bytes(url)
    try:
        description = json.loads(body)["data_set_description"]
    except (ValueError, KeyError, TypeError) as exc:
        raise DatasetError(
            f"OpenML data set {openml_id}: {url} did not return a data set description"
        ) from exc
    _check_description(description, f"OpenML data set {openml_id} ({url})")
    return description


def openml_files(openml_id, *, folder, data_home):
    """Return the verified cached ARFF file of an OpenML data set, fetching it if needed.

    Parameters
    ----------
    openml_id : int
        OpenML data set id.
    folder : str
        Dataset folder inside `data_home`.
    data_home : pathlib.Path
        Cache root.

    Returns
    -------
    arff_path : pathlib.Path
        Cached ARFF file, verified against the description's MD5.
    description : dict
        The data set description.

    Raises
    ------
    DatasetError
        On download failures; :class:`ChecksumError` on an MD5 mismatch (the cache is
        then unchanged) or a corrupted cached file (delete it to refetch).
    """
    directory = Path(data_home) / folder
    arff_path = directory / f"openml_{int(openml_id)}.arff"
    json_path = directory / f"openml_{int(openml_id)}.json"
    description = _cached_description(json_path)
    if description is None:
        description = fetch_description(openml_id)
    md5 = description["md5_checksum"]
    if arff_path.exists():
        verify_file(arff_path, md5, algorithm="md5", advice=CORRUPT_ADVICE)
    else:
        download(description["url"], arff_path, checksum=md5, algorithm="md5")
    if not json_path.exists():
        write_atomic(json_path, json.dumps(description, indent=1, sort_keys=True).encode())
    return arff_path, description


def openml_xy(arff_path, description, target=None):
    """Parse a cached OpenML ARFF file into features and class labels.

    Parameters
    ----------
    arff_path : pathlib.Path
        ARFF file.
    description : dict
        Its data set description (for the default target and the attributes to ignore).
    target : str, optional
        Class attribute; default the description's ``default_target_attribute``.

    Returns
    -------
    X : pandas.DataFrame
        Features (row-id and ignored attributes dropped).
    labels : pandas.Series
        Class labels as strings.
    """
    where = f"OpenML data set {description.get('id', '?')} ({arff_path})"
    target = target or description.get("default_target_attribute")
    if not target or "," in str(target):
        raise DatasetError(f"{where}: need exactly one target attribute, got {target!r}")
    ignore = set(_as_list(description.get("ignore_attribute")))
    ignore |= set(_as_list(description.get("row_id_attribute")))
    return arff_to_xy(load_arff(arff_path), target, ignore=ignore, where=where)


def _check_description(description, where):
    """Raise DatasetError unless the description points to an ARFF file with an MD5."""
    if not isinstance(description, dict):
        raise DatasetError(f"{where}: the data set description is not a JSON object")
    missing = [key for key in ("url", "md5_checksum") if not description.get(key)]
    if missing:
        raise DatasetError(f"{where}: the data set description has no {', '.join(missing)}")
    kind = str(description.get("format", "ARFF")).lower()
    if kind != "arff":
        raise DatasetError(f"{where}: format {kind!r} is not supported (need ARFF)")


def _cached_description(path):
    """Return a cached description, None if absent; raise if it is unreadable."""
    if not path.exists():
        return None
    try:
        description = json.loads(path.read_text(encoding="utf-8"))
        _check_description(description, str(path))
    except (OSError, ValueError) as exc:
        raise DatasetError(
            f"{path}: cached OpenML description is unreadable ({exc}); delete it and load the "
            "dataset again to refetch it"
        ) from exc
    return description


def _as_list(value):
    """Return a description field (absent, a string or a list) as a list of names."""
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)
