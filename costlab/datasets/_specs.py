"""The registry's entry types: what a dataset is, as data (names, sources, files, checksums,
class orientation), checked when an entry is made.

:class:`UCISpec` (raw UCI files with their SHA-256), :class:`OpenMLSpec` (an OpenML data set by
id) and :class:`SyntheticSpec` (a seeded generator; no files, no network). The built-in entries
are in :mod:`._catalogue`; :mod:`._loader` reads them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ._errors import DatasetError

__all__ = ["OpenMLSpec", "RemoteFile", "SyntheticSpec", "UCISpec", "per_class"]


@dataclass(frozen=True)
class RemoteFile:
    """One raw file of a UCI dataset.

    Parameters
    ----------
    name : str
        File name inside the dataset folder (mirror and cache), e.g. ``"german.data"``.
    uci_path : str
        Path under the UCI archive's root
        (:data:`costlab.datasets._loader.UCI_BASE`), e.g. ``"statlog/german/german.data"``.
    sha256 : str
        Expected SHA-256 of the file.
    """

    name: str
    uci_path: str
    sha256: str


@dataclass(frozen=True)
class UCISpec:
    """Registry entry of a dataset read from raw UCI files.

    Parameters
    ----------
    name, title : str
        Registry key and human-readable title.
    folder : str
        Folder of the files in the mirror and the cache.
    files : tuple of RemoteFile
        The raw files, with their checksums.
    parser : callable
        ``parser({file name: path}) -> (X, labels)``, see :mod:`costlab.datasets._parsers`.
    negative, positive : str
        Class labels of the thesis's class 1 and class 2.
    n_instances : int
        Expected number of instances.
    class_counts : tuple of int
        Expected ``(negative count, positive count)``.
    openml_id : int, optional
        OpenML copy used when UCI cannot be reached.
    """

    kind: ClassVar[str] = "uci"
    name: str
    title: str
    folder: str
    files: tuple
    parser: Callable
    negative: str
    positive: str
    n_instances: int
    class_counts: tuple
    openml_id: int | None = None

    def __post_init__(self):
        _check_spec(self)


@dataclass(frozen=True)
class OpenMLSpec:
    """Registry entry of a dataset fetched from OpenML by id.

    Parameters
    ----------
    name : str
        Registry key (also the cache folder unless `folder` is given).
    openml_id : int
        OpenML data set id.
    negative, positive : str
        Class labels of class 1 (listed first) and class 2, as strings (a numeric target's
        integer values become ``"0"``, ``"1"``, ...).
    title : str, optional
        Human-readable title; default `name`.
    target : str, optional
        Class attribute; default the data set's ``default_target_attribute``.
    n_instances : int, optional
        Expected number of instances, checked on load if given.
    class_counts : tuple of int, optional
        Expected ``(negative count, positive count)``, checked on load if given.
    folder : str, optional
        Cache folder; default `name`.
    """

    kind: ClassVar[str] = "openml"
    name: str
    openml_id: int
    negative: str
    positive: str
    title: str | None = None
    target: str | None = None
    n_instances: int | None = None
    class_counts: tuple | None = None
    folder: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "title", self.title or self.name)
        object.__setattr__(self, "folder", self.folder or self.name)
        _check_spec(self)


@dataclass(frozen=True)
class SyntheticSpec:
    """Registry entry of a dataset drawn from a generator: no files, no network.

    Parameters
    ----------
    name, title : str
        Registry key and human-readable title (they replace the generator's own).
    generator : callable
        ``generator(n, *, random_state) -> Dataset`` labelled `negative`/`positive`, e.g.
        :func:`~costlab.datasets.twonorm`.
    n_instances : int
        Number of instances :func:`load_dataset` draws.
    negative, positive : str
        Class labels of the generated Dataset (class 1 and class 2).
    class_counts : tuple of int, optional
        Expected ``(negative count, positive count)``, checked on load if given.
    random_state : int, default 0
        Seed :func:`load_dataset` passes to the generator, so every load gives the same data.

    Examples
    --------
    >>> from costlab.datasets import twonorm
    >>> spec = SyntheticSpec(name="twonorm_300", title="Twonorm, 300 instances",
    ...                      generator=twonorm, n_instances=300, negative="1", positive="2")
    >>> spec.kind
    'synthetic'
    """

    kind: ClassVar[str] = "synthetic"
    name: str
    title: str
    generator: Callable
    n_instances: int
    negative: str
    positive: str
    class_counts: tuple | None = None
    random_state: int = 0

    def __post_init__(self):
        _check_spec(self)


def _check_spec(spec):
    """Validate the fields shared by registry entries."""
    if not spec.name or not isinstance(spec.name, str):
        raise DatasetError(f"dataset name must be a non-empty string, got {spec.name!r}")
    folder = getattr(spec, "folder", None)
    if folder is not None and (Path(folder).name != folder or folder in (".", "..")):
        raise DatasetError(f"{spec.name}: folder {folder!r} must be a plain folder name")
    if spec.negative == spec.positive:
        raise DatasetError(f"{spec.name}: negative and positive labels must differ")
    if spec.class_counts is not None and spec.n_instances is not None:
        if sum(spec.class_counts) != spec.n_instances:
            raise DatasetError(f"{spec.name}: class_counts do not add up to n_instances")


def per_class(generator):
    """Adapt ``generator(n_per_class, *, random_state)`` to SyntheticSpec's ``generator(n, ...)``.

    The registry's `n_instances` is then the total, half of it per class.
    """

    @functools.wraps(generator)
    def draw(n, *, random_state=0):
        if isinstance(n, bool) or not isinstance(n, int) or n < 2 or n % 2:
            raise DatasetError(f"n must be an even integer >= 2 (n / 2 per class), got {n!r}")
        return generator(n // 2, random_state=random_state)

    return draw
