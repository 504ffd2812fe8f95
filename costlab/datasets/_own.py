"""Load a researcher's own data (a DataFrame, a CSV or ARFF file, arrays) as a :class:`Dataset`.

The registry (:func:`costlab.datasets.load_dataset`) knows the thesis's datasets; these four
functions turn anything else into the same :class:`Dataset`, so that every classifier,
cross-validation and cost measure of costlab works on it unchanged.

Conventions shared by the four loaders:

- **Features.** Numeric columns (integers, floats, booleans, pandas' nullable numbers) become
  float64; text, object and Categorical columns become nominal (pandas Categorical). A Categorical
  keeps its category order; other nominal columns get their categories in order of first
  appearance, as Weka's CSV loader declares them. Missing values (NaN, None, ``pd.NA``) stay
  missing (NaN); no string (not even ``"?"``) counts as missing in a DataFrame, but
  :func:`from_csv` reads ``"?"`` as missing by default and ARFF's ``?`` is always missing.
  Column names become strings (``str(name)``), as in every registered dataset.
- **Labels.** Class labels become strings, as :class:`Dataset` requires: integral numbers lose
  their ``.0`` (``1``, ``1.0`` and ``"1"`` are all the label ``"1"``), anything else is
  ``str(value)`` (``True -> "True"``). `negative` and `positive` are matched against these
  strings, so ``negative=1`` and ``negative="1"`` mean the same class.
- **Orientation.** `negative` is the thesis's class 1 (listed first), `positive` its class 2.
  Given one, the other is the remaining label. Given neither, it is inferred only where
  unambiguous: labels ``{0, 1}``, ``{False, True}`` and ``{-1, 1}`` give negative 0 / False / -1;
  an ARFF nominal class is oriented by its declaration (first declared value = negative).

This module holds the four loaders; what they share has modules of their own: the labels and
their orientation (:mod:`costlab.datasets._own_labels`), the features
(:mod:`costlab.datasets._own_columns`) and the files (:mod:`costlab.datasets._own_files`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from costlab._docstrings import filler

from ._dataset import Dataset
from ._errors import DatasetError
from ._fetch import file_digest
from ._own_columns import (
    _array_frame,
    _as_arrays,
    _check_shape,
    _check_unique,
    _feature_names,
    _features,
    _find_target,
)
from ._own_files import (
    _arff_columns,
    _arff_features,
    _arff_target,
    _existing_file,
    _read_arff,
    _read_csv,
)
from ._own_labels import _declared_orientation, _label_texts, _orientation

if TYPE_CHECKING:
    import os
    from collections.abc import Sequence
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["from_arff", "from_arrays", "from_csv", "from_frame"]

_TITLE = """\
title : str, optional
    Human-readable title; default `name`."""
#: Fills the readers' shared ``%(title)s`` (and, with the default name, ``%(names)s``)
#: parameters (:mod:`costlab._docstrings`).
_title_doc = filler(
    {
        "title": _TITLE,
        "names": f'name : str, default "data"\n    Name of the dataset.\n{_TITLE}',
    }
)


@_title_doc
def from_frame(
    df: pd.DataFrame,
    *,
    target: Any,
    negative: Any = None,
    positive: Any = None,
    name: str = "data",
    title: str | None = None,
) -> Dataset:
    """Make a :class:`Dataset` from a DataFrame holding the features and the class column.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per instance. It is not modified.
    target : hashable
        Name of the class column (matched exactly, or by ``str(name)``); every other
        column is a feature.
    negative, positive : scalar, optional
        Labels of the negative class (the thesis's class 1, listed first) and the positive
        class. Given one, the other is the remaining label; given neither, the orientation is
        inferred only for the labels {0, 1}, {False, True} and {-1, 1} (negative 0 / False /
        -1). Compared by their text, see the module notes.
    %(names)s

    Returns
    -------
    Dataset
        ``source="frame"``, ``checksums={}``; ``y`` is named ``str(target)``.

    Raises
    ------
    DatasetError
        If `target` is not a column, the frame has no rows or no feature column, column names
        repeat, labels are missing, there are not exactly two classes, or `negative` /
        `positive` are not among them or cannot be inferred.

    Examples
    --------
    >>> import pandas as pd
    >>> from costlab.datasets import from_frame
    >>> df = pd.DataFrame({"age": [25, 40, 33, 51],
    ...                    "colour": ["red", "blue", "red", None],
    ...                    "sick": [0, 1, 0, 1]})
    >>> data = from_frame(df, target="sick", name="toy")
    >>> data.negative, data.positive, data.class_counts
    ('0', '1', {'0': 2, '1': 2})
    >>> [str(t) for t in data.X.dtypes], list(data.X["colour"].cat.categories)
    (['float64', 'category'], ['red', 'blue'])
    """
    if not isinstance(df, pd.DataFrame):
        raise TypeError(f"df must be a pandas DataFrame, got {type(df).__name__}")
    return _frame_dataset(
        df, target, negative, positive, name=name, title=title, source="frame", where="df"
    )


@_title_doc
def from_csv(
    path: str | os.PathLike[str],
    *,
    target: Any,
    negative: Any = None,
    positive: Any = None,
    name: str | None = None,
    title: str | None = None,
    na_values: str | Sequence[str] = ("?",),
    **read_csv_kwargs: Any,
) -> Dataset:
    """Read a CSV file with :func:`pandas.read_csv` and make a :class:`Dataset` of it.

    Parameters
    ----------
    path : path-like
        The CSV file.
    target : hashable
        Name of the class column (with ``header=None``, its position: ``target=15``).
    negative, positive : scalar, optional
        Negative (class 1) and positive class labels, as in :func:`from_frame`.
    name : str, optional
        Name of the dataset; default the file's stem (``"crx"`` for ``crx.data``).
    %(title)s
    na_values : str or sequence of str, default ("?",)
        Extra strings read as missing, besides pandas' defaults (``""``, ``"NA"``, ``"NaN"``,
        ...); UCI and Weka files write missing values as ``?``.
    **read_csv_kwargs
        Passed to :func:`pandas.read_csv` (e.g. ``header=None``, ``names=[...]``, ``sep=";"``).

    Returns
    -------
    Dataset
        ``source="file"``, ``checksums={file name: SHA-256 of the file}``. Nominal columns
        get their categories in order of first appearance in the file.

    Raises
    ------
    DatasetError
        If the file is missing, empty or not parseable as CSV (the message names the file),
        its header row repeats a column name (which pandas would rename ``a.1``, ``a.2``, ...:
        a copy of the class could become a feature), or for any reason listed in
        :func:`from_frame`.

    Notes
    -----
    pandas fills the missing fields of a short row with NaN, so a file truncated in its last
    line is only detected if the class field is among the lost ones (missing class label).

    Examples
    --------
    >>> import pathlib, shutil, tempfile
    >>> from costlab.datasets import from_csv
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "toy.csv").write_text(
    ...     "age,smoker,outcome\\n25,no,healthy\\n61,yes,ill\\n47,?,healthy\\n")
    >>> data = from_csv(folder / "toy.csv", target="outcome", negative="healthy")
    >>> data.name, data.positive, data.class_counts
    ('toy', 'ill', {'healthy': 2, 'ill': 1})
    >>> data.X["smoker"].isna().tolist()
    [False, False, True]
    >>> shutil.rmtree(folder)
    """
    path = _existing_file(path)
    df = _read_csv(path, na_values, read_csv_kwargs)
    checksums = {path.name: file_digest(path)}
    name = path.stem if name is None else name
    return _frame_dataset(
        df,
        target,
        negative,
        positive,
        name=name,
        title=title,
        source="file",
        checksums=checksums,
        where=str(path),
    )


@_title_doc
def from_arff(
    path: str | os.PathLike[str],
    *,
    target: Any = None,
    negative: Any = None,
    positive: Any = None,
    name: str | None = None,
    title: str | None = None,
) -> Dataset:
    """Read an ARFF file (Weka's format) with liac-arff and make a :class:`Dataset` of it.

    Parameters
    ----------
    path : path-like
        The ARFF file (UTF-8, dense or sparse data).
    target : str, optional
        Name of the class attribute; default the last attribute (Weka's default class).
    negative, positive : scalar, optional
        Negative (class 1) and positive class labels. For a **nominal** class, given neither,
        the first declared value is the negative class and the second the positive one (Weka's
        and the thesis's orientation: class 1 is the first declared value); a class declaring
        more than two values needs both, and no other value may occur. A declared value with
        no instances is kept (with a warning). For a numeric or string class the rules of
        :func:`from_frame` apply (e.g. numeric 0/1 gives negative ``"0"``).
    name : str, optional
        Name of the dataset; default the file's stem.
    %(title)s

    Returns
    -------
    Dataset
        ``source="file"``, ``checksums={file name: SHA-256 of the file}``, ``y`` named as the
        class attribute. Nominal attributes are Categoricals with the declared categories in
        declared order (values that never occur included); numeric, real and integer ones are
        float64; string attributes are nominal with categories in order of first appearance.
        ``?`` is missing (NaN).

    Raises
    ------
    DatasetError
        If the file is missing or not valid ARFF (the message names the file and quotes
        liac-arff), declares a date attribute (not supported: convert dates to numbers), has
        no such `target`, or for the label problems listed in :func:`from_frame`.

    Examples
    --------
    >>> import pathlib, shutil, tempfile
    >>> from costlab.datasets import from_arff
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "toy.arff").write_text(
    ...     "@relation toy\\n@attribute size {small,medium,large}\\n@attribute weight numeric\\n"
    ...     "@attribute class {ok,faulty}\\n@data\\nlarge,2.5,faulty\\nsmall,?,ok\\nsmall,1,ok\\n")
    >>> data = from_arff(folder / "toy.arff")
    >>> data.negative, data.positive, data.class_counts
    ('ok', 'faulty', {'ok': 2, 'faulty': 1})
    >>> list(data.X["size"].cat.categories), data.X["weight"].tolist()
    (['small', 'medium', 'large'], [2.5, nan, 1.0])
    >>> shutil.rmtree(folder)
    """
    path = _existing_file(path)
    decoded = _read_arff(path)
    kinds, values = _arff_columns(decoded)
    target = _arff_target(list(kinds), target, path)
    X = _arff_features(kinds, values, target, path)
    labels = pd.Series(values[target], dtype=object)
    _check_shape(X, str(path))
    what = f"{path}, class attribute {target!r}"
    texts = _label_texts(labels, what)
    if isinstance(kinds[target], list | tuple):
        negative, positive = _declared_orientation(kinds[target], texts, negative, positive, what)
    else:
        negative, positive = _orientation(texts, negative, positive, what)
    return _dataset(
        X,
        texts,
        negative,
        positive,
        y_name=target,
        name=path.stem if name is None else name,
        title=title,
        source="file",
        checksums={path.name: file_digest(path)},
    )


@_title_doc
def from_arrays(
    X: ArrayLike,
    y: ArrayLike,
    *,
    negative: Any = None,
    positive: Any = None,
    feature_names: Sequence[str] | None = None,
    name: str = "data",
    title: str | None = None,
) -> Dataset:
    """Make a :class:`Dataset` from a feature matrix and a label vector.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Features. A numeric (or boolean) array becomes float64 columns. An object or string
        array is read column by column: columns holding only numbers (and missing values)
        become float64, the others nominal (categories in order of first appearance). For
        Categorical columns with a declared order, use :func:`from_frame`.
    y : array-like of shape (n_samples,)
        Class labels.
    negative, positive : scalar, optional
        Negative (class 1) and positive class labels, as in :func:`from_frame`.
    feature_names : sequence of str, optional
        Column names; default ``"x0"``, ``"x1"``, ...
    %(names)s

    Returns
    -------
    Dataset
        ``source="frame"``, ``checksums={}``; ``y`` is named ``"class"``.

    Raises
    ------
    DatasetError
        If `X` is not 2-D, `y` not 1-D, their lengths differ, `feature_names` does not fit, or
        for the label problems listed in :func:`from_frame` (e.g. NaN in `y`).

    Examples
    --------
    >>> import numpy as np
    >>> from costlab.datasets import from_arrays
    >>> data = from_arrays(np.array([[1, 2], [3, 4], [5, 6]]), ["spam", "ham", "spam"],
    ...                    positive="spam")
    >>> data.negative, list(data.X.columns), data.y_binary.tolist()
    ('ham', ['x0', 'x1'], [1, 0, 1])
    """
    X, y = _as_arrays(X, y)
    names = _feature_names(feature_names, X.shape[1])
    features = _features(_array_frame(X, names), "X")
    _check_shape(features, "X")
    texts = _label_texts(pd.Series(y, dtype=object), "y")
    negative, positive = _orientation(texts, negative, positive, "y")
    return _dataset(
        features,
        texts,
        negative,
        positive,
        y_name="class",
        name=name,
        title=title,
        source="frame",
        checksums={},
    )


def _frame_dataset(df, target, negative, positive, *, name, title, source, where, checksums=None):
    """Shared body of :func:`from_frame` and :func:`from_csv`."""
    _check_unique([str(c) for c in df.columns], f"column names of {where}")
    target = _find_target(df.columns, target, where)
    X = _features(df.drop(columns=[target]), where)
    _check_shape(X, where)
    what = f"target column {target!r}"
    texts = _label_texts(df[target], what)
    negative, positive = _orientation(texts, negative, positive, what)
    return _dataset(
        X,
        texts,
        negative,
        positive,
        y_name=str(target),
        name=name,
        title=title,
        source=source,
        checksums=checksums or {},
    )


def _dataset(X, texts, negative, positive, *, y_name, name, title, source, checksums):
    """Build the Dataset: y Categorical with categories [negative, positive]."""
    if not isinstance(name, str) or not name:
        raise DatasetError(f"name must be a non-empty string, got {name!r}")
    if title is not None and not isinstance(title, str):
        raise DatasetError(f"title must be a string or None, got {title!r}")
    y = pd.Series(pd.Categorical(texts, categories=[negative, positive]), name=y_name)
    return Dataset(
        name=name,
        title=title or name,
        X=X,
        y=y,
        negative=negative,
        positive=positive,
        source=source,
        checksums=checksums,
    )
