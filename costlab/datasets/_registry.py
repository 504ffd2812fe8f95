"""Registry of datasets and the loader that fetches, verifies and parses them.

Three kinds of entry: :class:`UCISpec` (raw UCI files), :class:`OpenMLSpec` (an OpenML data set)
and :class:`SyntheticSpec` (a generator such as Breiman's twonorm or PRTools' Highleyman; no files,
no network).

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
import functools
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

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
from ._openml import openml_files, openml_xy
from ._parsers import (
    parse_breast_w,
    parse_bupa,
    parse_credit_approval,
    parse_german,
    parse_heart_c,
    parse_heart_h,
    parse_horse_colic,
    parse_ionosphere,
    parse_kr_vs_kp,
    parse_messidor,
    parse_pima,
    parse_promoters,
    parse_sonar,
    parse_spectf,
    parse_tic_tac_toe,
    parse_vote,
    parse_vote1,
)
from ._prtools import highleyman, lithuanian, multimodal, two_gaussians
from ._synthetic import ringnorm, threenorm, twonorm

__all__ = [
    "UCI_BASE",
    "OpenMLSpec",
    "RemoteFile",
    "SyntheticSpec",
    "UCISpec",
    "list_datasets",
    "load_dataset",
    "register_dataset",
]

#: Root of the UCI archive's raw files.
UCI_BASE = "https://archive.ics.uci.edu/ml/machine-learning-databases/"
_OPENML_CAVEAT = (
    "OpenML copies may differ from the UCI files in row order, attribute coding and labels, "
    "so results may not reproduce the thesis exactly"
)


@dataclass(frozen=True)
class RemoteFile:
    """One raw file of a UCI dataset.

    Parameters
    ----------
    name : str
        File name inside the dataset folder (mirror and cache), e.g. ``"german.data"``.
    uci_path : str
        Path under :data:`UCI_BASE`, e.g. ``"statlog/german/german.data"``.
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


_SPEC_TYPES = (OpenMLSpec, SyntheticSpec, UCISpec)
_REGISTRY = {}


def register_dataset(spec, *, replace=False):
    """Add a dataset to the registry.

    Parameters
    ----------
    spec : OpenMLSpec, UCISpec or SyntheticSpec
        The entry, e.g. ``OpenMLSpec(name="diabetes", openml_id=37,
        negative="tested_negative", positive="tested_positive")``.
    replace : bool, default False
        Allow replacing an entry of the same name.

    Returns
    -------
    OpenMLSpec, UCISpec or SyntheticSpec
        `spec`, for chaining.

    Raises
    ------
    DatasetError
        If the name is taken and `replace` is False.
    """
    if not isinstance(spec, _SPEC_TYPES):
        raise TypeError(
            f"register_dataset needs an OpenMLSpec, UCISpec or SyntheticSpec, got {type(spec)!r}"
        )
    if spec.name in _REGISTRY and not replace:
        raise DatasetError(f"dataset {spec.name!r} is already registered (pass replace=True)")
    _REGISTRY[spec.name] = spec
    return spec


def list_datasets():
    """Describe the registered datasets.

    Returns
    -------
    pandas.DataFrame
        One row per dataset with columns ``name``, ``title``, ``n_instances`` (expected;
        <NA> if unknown), ``negative``, ``positive``, ``source`` (``"uci"``, ``"openml"`` or
        ``"synthetic"``) and ``openml_id`` (<NA> if none).
    """
    rows = [
        {
            "name": spec.name,
            "title": spec.title,
            "n_instances": spec.n_instances,
            "negative": spec.negative,
            "positive": spec.positive,
            "source": spec.kind,
            "openml_id": getattr(spec, "openml_id", None),
        }
        for spec in _REGISTRY.values()
    ]
    frame = pd.DataFrame(rows, columns=_LIST_COLUMNS)
    return frame.astype({"n_instances": "Int64", "openml_id": "Int64"})


_LIST_COLUMNS = ["name", "title", "n_instances", "negative", "positive", "source", "openml_id"]


def load_dataset(name, *, data_home=None, mirror=None):
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
    """
    if name not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise DatasetError(f"unknown dataset {name!r}; known datasets: {known}")
    spec = _REGISTRY[name]
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
    """Load an OpenMLSpec through the cache."""
    arff_path, description = openml_files(spec.openml_id, folder=spec.folder, data_home=home)
    X, labels = openml_xy(arff_path, description, spec.target)
    checksums = {f"{spec.folder}/{arff_path.name}": file_digest(arff_path)}
    return _finish(spec, X, labels, "openml", checksums)


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


def _per_class(generator):
    """Adapt ``generator(n_per_class, *, random_state)`` to SyntheticSpec's ``generator(n, ...)``.

    The registry's `n_instances` is then the total, half of it per class.
    """

    @functools.wraps(generator)
    def draw(n, *, random_state=0):
        if isinstance(n, bool) or not isinstance(n, int) or n < 2 or n % 2:
            raise DatasetError(f"n must be an even integer >= 2 (n / 2 per class), got {n!r}")
        return generator(n // 2, random_state=random_state)

    return draw


_BUILTIN = (
    UCISpec(
        name="german_credit",
        title="German Credit",
        folder="german_credit",
        files=(
            RemoteFile(
                "german.data",
                "statlog/german/german.data",
                "b21f3d81db8071257d5ff1deaeba1fd4303b62712e6fcc9715c7a86202cb5871",
            ),
        ),
        parser=parse_german,
        negative="good",
        positive="bad",
        n_instances=1000,
        class_counts=(700, 300),
        openml_id=31,
    ),
    UCISpec(
        name="credit_approval",
        title="Credit Approval",
        folder="credit_approval",
        files=(
            RemoteFile(
                "crx.data",
                "credit-screening/crx.data",
                "fff49bc186cbddb3ace7371d40d9fbbb3af4f126019c13ff3f562249b1454f4d",
            ),
        ),
        parser=parse_credit_approval,
        negative="-",
        positive="+",
        n_instances=690,
        class_counts=(383, 307),
        openml_id=29,
    ),
    UCISpec(
        name="messidor",
        title="Messidor Features",
        folder="messidor",
        files=(
            RemoteFile(
                "messidor_features.arff",
                "00329/messidor_features.arff",
                "f26adef0a94920205da4eedefbb6ccd730fd4b52a18ac7c01457cc7c1382c0c4",
            ),
        ),
        parser=parse_messidor,
        negative="0",
        positive="1",
        n_instances=1151,
        class_counts=(540, 611),
    ),
    UCISpec(
        name="spectf",
        title="SPECTF Heart",
        folder="spectf",
        files=(
            RemoteFile(
                "SPECTF.test",
                "spect/SPECTF.test",
                "467a65c81e14a71c029fa58bf9350ecdf28ff072303b99a832e8606e193a3882",
            ),
            RemoteFile(
                "SPECTF.train",
                "spect/SPECTF.train",
                "9c837e4fd4b7931d9be5304989e39f284f35f767518ffd4dfd42a6a519a9f30c",
            ),
        ),
        parser=parse_spectf,
        negative="0",
        positive="1",
        n_instances=267,
        class_counts=(55, 212),
        openml_id=337,
    ),
    # Johnson, Raeder & Chawla (2015), Table 2: orientation, labels and names in data/README.md
    # ("More datasets") and costlab/datasets/_uci_tables.py. No OpenML fallback: OpenML's copies
    # label the classes differently (e.g. Rock/Mine, tested_positive), so they would not pass the
    # orientation check.
    UCISpec(
        name="breast_w",
        title="Breast Cancer Wisconsin (Original)",
        folder="breast_w",
        files=(
            RemoteFile(
                "breast-cancer-wisconsin.data",
                "breast-cancer-wisconsin/breast-cancer-wisconsin.data",
                "402c585309c399237740f635ef9919dc512cca12cbeb20de5e563a4593f22b64",
            ),
        ),
        parser=parse_breast_w,
        negative="benign",
        positive="malignant",
        n_instances=699,
        class_counts=(458, 241),
    ),
    UCISpec(
        name="bupa",
        title="Liver Disorders (BUPA)",
        folder="bupa",
        files=(
            RemoteFile(
                "bupa.data",
                "liver-disorders/bupa.data",
                "a166a3e7a6f4dc41aaaedc59a107e57d8adcaeb8821f0873d756982f1ea74c92",
            ),
        ),
        parser=parse_bupa,
        negative="2",
        positive="1",
        n_instances=345,
        class_counts=(200, 145),
    ),
    UCISpec(
        name="heart_c",
        title="Heart Disease (Cleveland)",
        folder="heart_c",
        files=(
            RemoteFile(
                "processed.cleveland.data",
                "heart-disease/processed.cleveland.data",
                "a74b7efa387bc9d108d7d0115d831fe9b414b29ae7124f331b622b4efa0427c8",
            ),
        ),
        parser=parse_heart_c,
        negative="absent",
        positive="present",
        n_instances=303,
        class_counts=(164, 139),
    ),
    UCISpec(
        name="heart_h",
        title="Heart Disease (Hungarian)",
        folder="heart_h",
        files=(
            RemoteFile(
                "processed.hungarian.data",
                "heart-disease/processed.hungarian.data",
                "d1ad108f785768cd3d7e82dc522e6f5a61eea93cccfb3a46ee8076f73fc3d796",
            ),
        ),
        parser=parse_heart_h,
        negative="absent",
        positive="present",
        n_instances=294,
        class_counts=(188, 106),
    ),
    UCISpec(
        name="horse_colic",
        title="Horse Colic",
        folder="horse_colic",
        files=(
            RemoteFile(
                "horse-colic.data",
                "horse-colic/horse-colic.data",
                "270db486c78796143ffa84b4808118b3d4b96d1bd0f70bf22b3bb0bfca21e547",
            ),
            RemoteFile(
                "horse-colic.test",
                "horse-colic/horse-colic.test",
                "2c14b28c71da2a4778a6f161819804e032545a1c13f73fddf5d5b220c7ae3853",
            ),
        ),
        parser=parse_horse_colic,
        negative="no",
        positive="yes",
        n_instances=368,
        class_counts=(136, 232),
    ),
    UCISpec(
        name="ionosphere",
        title="Ionosphere",
        folder="ionosphere",
        files=(
            RemoteFile(
                "ionosphere.data",
                "ionosphere/ionosphere.data",
                "46d52186b84e20be52918adb93e8fb9926b34795ff7504c24350ae0616a04bbd",
            ),
        ),
        parser=parse_ionosphere,
        negative="g",
        positive="b",
        n_instances=351,
        class_counts=(225, 126),
    ),
    UCISpec(
        name="kr_vs_kp",
        title="Chess (King-Rook vs. King-Pawn)",
        folder="kr_vs_kp",
        files=(
            RemoteFile(
                "kr-vs-kp.data",
                "chess/king-rook-vs-king-pawn/kr-vs-kp.data",
                "70a5540902b4063d3977d3e820ac5b9fe5624eb5d93709eee5d50d7a94fca205",
            ),
        ),
        parser=parse_kr_vs_kp,
        negative="won",
        positive="nowin",
        n_instances=3196,
        class_counts=(1669, 1527),
    ),
    UCISpec(
        name="pima",
        title="Pima Indians Diabetes",
        folder="pima",
        files=(
            RemoteFile(
                "pima-indians-diabetes.data",
                "pima-indians-diabetes/pima-indians-diabetes.data",
                "06f5b7c2cd7bca686fda4f92eab5f61e7ff6426a9acefa2e3dda04fc54293cf5",
            ),
        ),
        parser=parse_pima,
        negative="0",
        positive="1",
        n_instances=768,
        class_counts=(500, 268),
    ),
    UCISpec(
        name="promoters",
        title="E. coli Promoter Gene Sequences",
        folder="promoters",
        files=(
            RemoteFile(
                "promoters.data",
                "molecular-biology/promoter-gene-sequences/promoters.data",
                "edd5f6f266ee04a78d4a8d88594e335fb8b5e8f204e63244eec3c2a9e5befd9d",
            ),
        ),
        parser=parse_promoters,
        negative="-",
        positive="+",
        n_instances=106,
        class_counts=(53, 53),
    ),
    UCISpec(
        name="sonar",
        title="Sonar, Mines vs. Rocks",
        folder="sonar",
        files=(
            RemoteFile(
                "sonar.all-data",
                "undocumented/connectionist-bench/sonar/sonar.all-data",
                "e90434cdbf00fcf93ffa911fe447ae25606979658e60f1d32e155c3b5240234d",
            ),
        ),
        parser=parse_sonar,
        negative="R",
        positive="M",
        n_instances=208,
        class_counts=(97, 111),
    ),
    UCISpec(
        name="tic_tac_toe",
        title="Tic-Tac-Toe Endgame",
        folder="tic_tac_toe",
        files=(
            RemoteFile(
                "tic-tac-toe.data",
                "tic-tac-toe/tic-tac-toe.data",
                "a996a756484d0cf8cbad1680d823aadbfcff8ae2d78c450e6999362d580301c5",
            ),
        ),
        parser=parse_tic_tac_toe,
        negative="negative",
        positive="positive",
        n_instances=958,
        class_counts=(332, 626),
    ),
    UCISpec(
        name="vote",
        title="Congressional Voting Records",
        folder="vote",
        files=(
            RemoteFile(
                "house-votes-84.data",
                "voting-records/house-votes-84.data",
                "c87c14110a5ba91d4a1e313ec7392824458152bf071fa5f5452340488337936e",
            ),
        ),
        parser=parse_vote,
        negative="democrat",
        positive="republican",
        n_instances=435,
        class_counts=(267, 168),
    ),
    UCISpec(
        name="vote1",
        title="Congressional Voting Records without physician-fee-freeze",
        folder="vote",
        files=(
            RemoteFile(
                "house-votes-84.data",
                "voting-records/house-votes-84.data",
                "c87c14110a5ba91d4a1e313ec7392824458152bf071fa5f5452340488337936e",
            ),
        ),
        parser=parse_vote1,
        negative="democrat",
        positive="republican",
        n_instances=435,
        class_counts=(267, 168),
    ),
    SyntheticSpec(
        name="twonorm",
        title="Twonorm (Breiman 1996)",
        generator=twonorm,
        n_instances=7400,
        negative="1",
        positive="2",
        class_counts=(3700, 3700),
    ),
    SyntheticSpec(
        name="threenorm",
        title="Threenorm (Breiman 1996)",
        generator=threenorm,
        n_instances=7400,
        negative="1",
        positive="2",
        class_counts=(3700, 3700),
    ),
    SyntheticSpec(
        name="ringnorm",
        title="Ringnorm (Breiman 1996)",
        generator=ringnorm,
        n_instances=7400,
        negative="1",
        positive="2",
        class_counts=(3700, 3700),
    ),
    # Landgrebe et al. (2004) section 4: 1500 per class (costlab/datasets/_prtools.py)
    SyntheticSpec(
        name="two_gaussians",
        title="TwoGaussians (Landgrebe et al. 2004)",
        generator=_per_class(two_gaussians),
        n_instances=3000,
        negative="non-target",
        positive="target",
        class_counts=(1500, 1500),
    ),
    SyntheticSpec(
        name="highleyman",
        title="Highleyman (PRTools gendath)",
        generator=_per_class(highleyman),
        n_instances=3000,
        negative="non-target",
        positive="target",
        class_counts=(1500, 1500),
    ),
    SyntheticSpec(
        name="lithuanian",
        title="Lithuanian (PRTools gendatl)",
        generator=_per_class(lithuanian),
        n_instances=3000,
        negative="non-target",
        positive="target",
        class_counts=(1500, 1500),
    ),
    SyntheticSpec(
        name="multimodal",
        title="Multimodal (Landgrebe et al. 2004; our modes)",
        generator=_per_class(multimodal),
        n_instances=3000,
        negative="non-target",
        positive="target",
        class_counts=(1500, 1500),
    ),
)

for _spec in _BUILTIN:
    register_dataset(_spec)
