"""The loader: a registry entry -> a verified, oriented :class:`Dataset`.

Three kinds of entry (:mod:`._specs`): :class:`UCISpec` (raw UCI files), :class:`OpenMLSpec` (an
OpenML data set) and :class:`SyntheticSpec` (a generator such as Breiman's twonorm or PRTools'
Highleyman; no files, no network).

Sources, in priority order, for a UCI dataset:

1. a mirror (argument ``mirror=`` or env ``COSTLAB_MIRROR``): a directory laid out as
   ``<folder>/<file>`` is read in place (a relative one: from the current directory, else
   from the source checkout; :func:`~costlab.datasets._fetch.resolve_mirror`); an http(s) URL
   prefix with the same layout is downloaded into the cache. With a mirror set, nothing else
   is tried.
2. otherwise the cache ``<data_home>/<folder>/<file>``, then the UCI archive;
3. if UCI fails, the dataset's OpenML copy (with a warning: it may not reproduce the thesis).

Every file is checked against its SHA-256 (UCI files) or MD5 (OpenML) on every load.
"""

from __future__ import annotations

import dataclasses
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from ._dataset import Dataset
from ._errors import DatasetError
from ._fetch import (
    CORRUPT_ADVICE,
    cached_or_download,
    file_digest,
    join_url,
    mirror_file,
    resolve_data_home,
    resolve_mirror,
    verify_file,
)
from ._openml_data import load_openml
from ._registry import get_spec
from ._specs import OpenMLSpec

if TYPE_CHECKING:
    import os

__all__ = ["UCI_BASE", "load_dataset"]

#: Root of the UCI archive's raw files.
UCI_BASE = "https://archive.ics.uci.edu/ml/machine-learning-databases/"
_OPENML_CAVEAT = (
    "OpenML copies may differ from the UCI files in row order, attribute coding and labels, "
    "so results may not reproduce the thesis exactly"
)


def load_dataset(
    name: str,
    *,
    data_home: str | os.PathLike[str] | None = None,
    mirror: str | os.PathLike[str] | None = None,
) -> Dataset:
    """Load a registered dataset, fetching and verifying its raw files as needed.

    Parameters
    ----------
    name : str
        Registry key, see :func:`list_datasets`.
    data_home : path-like, optional
        Cache directory; default env ``COSTLAB_DATA_HOME``, else the source checkout's
        ``data/``, else ``~/.cache/costlab``.
    mirror : str or path-like, optional
        Directory or http(s) URL prefix laid out like the project's data mirror; default
        env ``COSTLAB_MIRROR``. Not used for OpenML entries.

    Synthetic entries (:class:`SyntheticSpec`) are drawn by their generator with the entry's
    seed, the same data on every load; `data_home` and `mirror` are not used.

    Returns
    -------
    Dataset

    Raises
    ------
    DatasetError
        Unknown name, failed download, checksum mismatch (:class:`ChecksumError`), parse
        error, or instance/class counts that differ from the registry entry.

    Examples
    --------
    A synthetic entry of the registry, drawn with its own seed (no download):

    >>> from costlab import load_dataset
    >>> data = load_dataset("twonorm")
    >>> data.X.shape, data.class_counts
    ((7400, 20), {'1': 3700, '2': 3700})

    A UCI dataset is downloaded (or read from ``mirror``) and verified on first use:

    >>> german = load_dataset("german_credit")  # doctest: +SKIP
    """
    spec = get_spec(name)
    if spec.kind == "synthetic":
        return _load_synthetic(spec)
    home = resolve_data_home(data_home)
    try:
        if spec.kind == "openml":
            return _load_openml(spec, home)
        return _load_uci(spec, home, resolve_mirror(mirror))
    except DatasetError as exc:
        if str(exc).startswith(f"{name}: "):
            raise
        raise type(exc)(f"{name}: {exc}") from exc


def _load_uci(spec, home, mirror):
    """Load a UCISpec from a directory mirror, a URL mirror, or cache/UCI/OpenML."""
    if isinstance(mirror, Path):
        paths = {
            f.name: mirror_file(mirror, f"{spec.folder}/{f.name}", f.sha256) for f in spec.files
        }
        return _from_files(spec, paths, "mirror")
    if mirror is not None:
        return _from_files(spec, *_download_all(spec, home, mirror, "url"))
    _verify_cached(spec, home)
    try:
        paths, source = _download_all(spec, home, UCI_BASE, "uci")
    except DatasetError as exc:
        if spec.openml_id is None:
            raise
        return _openml_fallback(spec, home, exc)
    return _from_files(spec, paths, source)


def _download_all(spec, home, base, kind):
    """Return ``({file name: cached path}, source)``, downloading missing files from `base`."""
    paths, sources = {}, set()
    for f in spec.files:
        url = join_url(base, f.uci_path if kind == "uci" else f"{spec.folder}/{f.name}")
        paths[f.name], source = cached_or_download(
            f"{spec.folder}/{f.name}", url, sha256=f.sha256, data_home=home, source=kind
        )
        sources.add(source)
    return paths, "+".join(sorted(sources))


def _verify_cached(spec, home):
    """Raise ChecksumError if a cached file of `spec` is corrupted (never falls back)."""
    for f in spec.files:
        path = home / spec.folder / f.name
        if path.exists():
            verify_file(path, f.sha256, advice=CORRUPT_ADVICE)


def _openml_fallback(spec, home, error):
    """Load the OpenML copy of a UCI dataset after the UCI download failed."""
    warnings.warn(
        f"{spec.name}: {error}; falling back to OpenML data set {spec.openml_id}. "
        f"{_OPENML_CAVEAT}.",
        UserWarning,
        stacklevel=4,
    )
    fallback = OpenMLSpec(
        name=spec.name,
        title=spec.title,
        openml_id=spec.openml_id,
        negative=spec.negative,
        positive=spec.positive,
        n_instances=spec.n_instances,
        class_counts=spec.class_counts,
        folder=spec.folder,
    )
    try:
        return _load_openml(fallback, home)
    except DatasetError as second:
        raise DatasetError(
            f"{spec.name}: UCI failed ({error}) and the OpenML fallback failed ({second})"
        ) from second


def _load_openml(spec, home):
    """Load an OpenMLSpec through openml-python (cached and verified under ``<home>/openml``)."""
    data = load_openml(spec.openml_id, target=spec.target, positive=spec.positive, data_home=home)
    return _finish(spec, data.X, data.y.astype(str), "openml", data.checksums)


def _load_synthetic(spec):
    """Draw a SyntheticSpec's data and check it against the entry."""
    data = spec.generator(spec.n_instances, random_state=spec.random_state)
    if (data.negative, data.positive) != (spec.negative, spec.positive):
        raise DatasetError(
            f"{spec.name}: the generator labels the classes {data.negative!r}/{data.positive!r}, "
            f"the registry entry {spec.negative!r}/{spec.positive!r}"
        )
    _check_counts(spec, data.y)
    return dataclasses.replace(data, name=spec.name, title=spec.title)


def _from_files(spec, paths, source):
    """Parse verified raw files of a UCISpec into a Dataset."""
    X, labels = spec.parser(paths)
    checksums = {f"{spec.folder}/{name}": file_digest(path) for name, path in paths.items()}
    return _finish(spec, X, labels, source, checksums)


def _finish(spec, X, labels, source, checksums):
    """Orient the labels, check the counts and build the Dataset."""
    y = _orient(spec, labels)
    _check_counts(spec, y)
    return Dataset(
        name=spec.name,
        title=spec.title,
        X=X.reset_index(drop=True),
        y=y,
        negative=spec.negative,
        positive=spec.positive,
        source=source,
        checksums=checksums,
    )


def _orient(spec, labels):
    """Return labels as a Categorical with categories ``[negative, positive]``."""
    missing = int(labels.isna().sum())
    if missing:
        raise DatasetError(f"{spec.name}: {missing} instances have no class label")
    expected = [spec.negative, spec.positive]
    unexpected = sorted(set(labels) - set(expected))
    if unexpected:
        raise DatasetError(
            f"{spec.name}: class labels {unexpected} found, expected only {expected}"
        )
    categorical = pd.Categorical(labels.to_numpy(dtype=object), categories=expected)
    return pd.Series(categorical, name="class")


def _check_counts(spec, y):
    """Raise DatasetError if the instance or class counts differ from the registry entry."""
    if spec.n_instances is not None and len(y) != spec.n_instances:
        raise DatasetError(f"{spec.name}: expected {spec.n_instances} instances, got {len(y)}")
    if spec.class_counts is not None:
        got = (int((y == spec.negative).sum()), int((y == spec.positive).sum()))
        if got != tuple(spec.class_counts):
            raise DatasetError(
                f"{spec.name}: expected class counts {spec.negative}/{spec.positive} = "
                f"{tuple(spec.class_counts)}, got {got}"
            )
