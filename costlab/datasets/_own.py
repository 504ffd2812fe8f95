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
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from collections.abc import Hashable
from pathlib import Path

import numpy as np
import pandas as pd

from ._dataset import Dataset
from ._errors import DatasetError
from ._fetch import file_digest
from ._parsers import _arff_column, _first_appearance, label_text, load_arff

__all__ = ["from_arff", "from_arrays", "from_csv", "from_frame"]

#: Label pairs whose orientation is inferred: {label texts} -> (negative, positive).
INFERRED_ORIENTATIONS = {
    frozenset({"0", "1"}): ("0", "1"),
    frozenset({"False", "True"}): ("False", "True"),
    frozenset({"-1", "1"}): ("-1", "1"),
}
_DATE_ATTRIBUTE = re.compile(r"""^\s*@attribute\s+('[^']*'|"[^"]*"|\S+)\s+date\b""", re.IGNORECASE)


def from_frame(df, *, target, negative=None, positive=None, name="data", title=None):
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
    name : str, default "data"
        Name of the dataset.
    title : str, optional
        Human-readable title; default `name`.

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


def from_csv(
    path,
    *,
    target,
    negative=None,
    positive=None,
    name=None,
    title=None,
    na_values=("?",),
    **read_csv_kwargs,
):
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
    title : str, optional
        Human-readable title; default `name`.
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


def from_arff(path, *, target=None, negative=None, positive=None, name=None, title=None):
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
    title : str, optional
        Human-readable title; default `name`.

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


def from_arrays(X, y, *, negative=None, positive=None, feature_names=None, name="data", title=None):
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
    name : str, default "data"
        Name of the dataset.
    title : str, optional
        Human-readable title; default `name`.

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


# --------------------------------------------------------------------------- frames


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


def _find_target(columns, target, where):
    """Return the column named `target` (exactly, else by ``str``), or raise DatasetError."""
    if isinstance(target, Hashable) and target in columns:
        return target
    matches = [c for c in columns if str(c) == str(target)]
    if len(matches) == 1:
        return matches[0]
    listed = ", ".join(repr(c) for c in columns)
    raise DatasetError(f"target {target!r} is not a column of {where} (columns: {listed})")


def _features(frame, where):
    """Convert every column of `frame` to float64 or Categorical; names become strings."""
    names = [str(c) for c in frame.columns]
    _check_unique(names, f"column names of {where}")
    columns = {name: _feature_column(frame.iloc[:, j], name, where) for j, name in enumerate(names)}
    return pd.DataFrame(columns, index=pd.RangeIndex(len(frame)))


def _feature_column(series, name, where):
    """One feature: Categorical kept, numbers and booleans -> float64, text/objects -> nominal."""
    dtype = series.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        return series.array.copy()
    if pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_complex_dtype(dtype):
        return series.to_numpy(dtype=np.float64, na_value=np.nan)
    if pd.api.types.is_object_dtype(dtype) or pd.api.types.is_string_dtype(dtype):
        values = series.to_numpy(dtype=object)
        return _first_appearance([None if _is_missing(v) else v for v in values])
    raise DatasetError(
        f"{where}: column {name!r} has dtype {dtype}; allowed are numeric or boolean (-> float64), "
        "text/object or Categorical (-> nominal): convert it first (e.g. dates to numbers)"
    )


def _check_shape(X, where):
    """Raise DatasetError if there are no instances or no features."""
    if len(X) == 0:
        raise DatasetError(f"{where} has no rows: a dataset needs instances")
    if X.shape[1] == 0:
        raise DatasetError(f"{where} has no feature columns besides the class")


def _check_unique(names, what):
    """Raise DatasetError naming the repeated entries of `names`."""
    repeated = sorted(name for name, count in Counter(names).items() if count > 1)
    if repeated:
        raise DatasetError(f"{what} must be unique, repeated: {repeated}")


# --------------------------------------------------------------------------- labels


def _label_texts(labels, what):
    """Class labels as strings (see :func:`label_text`); DatasetError if any is missing."""
    texts = [None if _is_missing(v) else label_text(v) for v in labels.to_numpy(dtype=object)]
    missing = sum(t is None for t in texts)
    if missing:
        raise DatasetError(
            f"{what}: {missing} of {len(texts)} instances have no class label (NaN/None); "
            "drop or label them first"
        )
    return texts


def _orientation(texts, negative, positive, what):
    """(negative, positive) for observed labels: exactly two classes, given or inferred."""
    negative, positive = _given_labels(negative, positive)
    found = sorted(set(texts))
    if len(found) == 1:
        raise DatasetError(
            f"{what}: only the class {found[0]!r} occurs; both classes are needed "
            "(negative and positive)"
        )
    if len(found) > 2:
        raise DatasetError(
            f"{what}: {len(found)} classes found {found}, a binary dataset needs exactly two"
        )
    _check_known({"negative": negative, "positive": positive}, found, f"the labels of {what}")
    return _complete(negative, positive, found, what)


def _declared_orientation(declared, texts, negative, positive, what):
    """(negative, positive) of a nominal ARFF class: first declared value = negative."""
    negative, positive = _given_labels(negative, positive)
    declared = [str(v) for v in declared]
    if len(declared) < 2:
        raise DatasetError(f"{what} declares {declared}: both classes are needed")
    _check_known({"negative": negative, "positive": positive}, declared, f"declared by {what}")
    if len(declared) != 2 and (negative is None or positive is None):
        raise DatasetError(
            f"{what} declares {len(declared)} values {declared}: pass both negative and "
            "positive to choose the two classes"
        )
    if negative is None and positive is None:
        negative, positive = declared
    negative, positive = _complete(negative, positive, declared, what)
    _check_occurring(texts, negative, positive, what)
    return negative, positive


def _check_occurring(texts, negative, positive, what):
    """DatasetError if other labels occur; a warning if a chosen class has no instances."""
    others = sorted(set(texts) - {negative, positive})
    if others:
        raise DatasetError(
            f"{what}: values {others} occur besides negative={negative!r} and "
            f"positive={positive!r}; a binary dataset needs exactly two classes"
        )
    for label in sorted({negative, positive} - set(texts)):
        warnings.warn(f"{what}: class {label!r} is declared but has no instances", stacklevel=4)


def _given_labels(negative, positive):
    """The given labels as strings (None if not given); DatasetError if they are equal."""
    given = []
    for parameter, value in (("negative", negative), ("positive", positive)):
        if value is not None and not (pd.api.types.is_scalar(value) and not _is_missing(value)):
            raise DatasetError(f"{parameter} must be a class label (a scalar), got {value!r}")
        given.append(None if value is None else label_text(value))
    if given[0] is not None and given[0] == given[1]:
        raise DatasetError(f"negative and positive must differ, both are {given[0]!r}")
    return tuple(given)


def _check_known(given, allowed, where):
    """Raise DatasetError if a given label is not in `allowed`."""
    for parameter, label in given.items():
        if label is not None and label not in allowed:
            raise DatasetError(
                f"{parameter}={label!r} is not among {where} (labels: {list(allowed)})"
            )


def _complete(negative, positive, labels, what):
    """Fill in the missing one of (negative, positive) from two `labels`, or infer both."""
    if negative is None and positive is None:
        return _infer(labels, what)
    if negative is None:
        negative = next(label for label in labels if label != positive)
    if positive is None:
        positive = next(label for label in labels if label != negative)
    return negative, positive


def _infer(labels, what):
    """The orientation of {0, 1}, {False, True} or {-1, 1}; DatasetError for other labels."""
    inferred = INFERRED_ORIENTATIONS.get(frozenset(labels))
    if inferred is None:
        raise DatasetError(
            f"{what}: cannot tell which of the labels {list(labels)} is the negative class; "
            "pass negative= (the thesis's class 1) and/or positive="
        )
    return inferred


def _is_missing(value):
    """True for None, NaN, NaT and pd.NA."""
    return value is None or (pd.api.types.is_scalar(value) and bool(pd.isna(value)))


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


# --------------------------------------------------------------------------- files


def _existing_file(path):
    """`path` as a Path to an existing regular file, else DatasetError naming it."""
    try:
        path = Path(path)
    except TypeError as exc:
        raise TypeError(f"path must be a path-like, got {type(path).__name__}") from exc
    if not path.exists():
        raise DatasetError(f"path: no such file {path}")
    if not path.is_file():
        raise DatasetError(f"path: {path} is not a regular file")
    return path


def _read_csv(path, na_values, read_csv_kwargs):
    """pandas.read_csv with pandas' errors turned into DatasetError naming `path`."""
    extra = [na_values] if isinstance(na_values, str) else list(na_values or ())
    try:
        df = pd.read_csv(path, na_values=extra, **read_csv_kwargs)
    except pd.errors.EmptyDataError as exc:
        raise DatasetError(f"{path}: the file is empty (no columns to parse)") from exc
    except (pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise DatasetError(f"{path}: not a readable CSV file ({exc})") from exc
    if not isinstance(df, pd.DataFrame):
        df.close()
        raise DatasetError(
            "read_csv_kwargs must make pandas.read_csv return one DataFrame "
            "(no iterator= or chunksize=)"
        )
    names = _header_row(path, df, read_csv_kwargs)
    if names is not None:
        _check_unique([n for n in names if n], f"{path}: the column names of the header row")
    return df


# read_csv arguments that do not decide where the header row is or how it is split
_NOT_FOR_THE_HEADER = {
    "header",
    "names",
    "nrows",
    "dtype",
    "converters",
    "usecols",
    "index_col",
    "parse_dates",
    "date_format",
    "keep_default_na",
    "na_filter",
    "true_values",
    "false_values",
    "skipfooter",
    "dtype_backend",
}


def _header_row(path, df, read_csv_kwargs):
    """The header row's names as written in the file (pandas renames a repeated name ``a`` to
    ``a.1``, so ``df.columns`` cannot tell), or None when the columns are not named by one
    header row of the file (``header=None``, ``names=``, a multi-row header, ``usecols=``)."""
    header = read_csv_kwargs.get("header", "infer")
    if read_csv_kwargs.get("names") is not None or "usecols" in read_csv_kwargs:
        return None
    header = 0 if header == "infer" else header
    if isinstance(header, bool) or not isinstance(header, int | np.integer):
        return None
    index_col = read_csv_kwargs.get("index_col")
    n_index = 0 if index_col is None or index_col is False else len(np.atleast_1d(index_col))
    kept = {k: v for k, v in read_csv_kwargs.items() if k not in _NOT_FOR_THE_HEADER}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # rows above the header of another length
            rows = pd.read_csv(
                path,
                header=None,
                names=range(len(df.columns) + n_index),
                index_col=False,
                nrows=int(header) + 1,
                dtype=str,
                na_filter=False,
                **kept,
            )
    except (pd.errors.ParserError, ValueError) as exc:
        raise DatasetError(
            f"{path}: cannot read its header row to check the column names for repeats "
            f"({exc}); name the columns with names=[...] and header={header}"
        ) from exc
    if len(rows) <= header:
        return None
    return [str(v) for v in rows.iloc[int(header)] if isinstance(v, str)]


def _read_arff(path):
    """Decode `path` with liac-arff; clearer DatasetErrors for empty files and dates."""
    if path.stat().st_size == 0:
        raise DatasetError(f"{path}: the file is empty")
    try:
        return load_arff(path)
    except DatasetError as exc:
        dates = _date_attributes(path)
        if dates:
            raise DatasetError(
                f"{path}: date attributes are not supported ({', '.join(dates)}); convert "
                "them to numbers (e.g. days since a reference date) or remove them"
            ) from exc
        raise


def _date_attributes(path):
    """Names of the attributes declared ``date`` in the header of an ARFF file."""
    dates = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.strip().lower().startswith("@data"):
                break
            match = _DATE_ATTRIBUTE.match(line)
            if match:
                dates.append(match.group(1).strip("'\""))
    return dates


def _arff_columns(decoded):
    """``({name: declared type}, {name: column values})`` of liac-arff's decoded data."""
    kinds = dict(decoded["attributes"])
    rows = decoded["data"]
    columns = zip(*rows, strict=True) if rows else [()] * len(kinds)
    return kinds, dict(zip(kinds, columns, strict=True))


def _arff_target(names, target, path):
    """The class attribute: `target`, default the last attribute."""
    if target is None:
        return names[-1]
    if target not in names:
        raise DatasetError(f"target {target!r} is not an attribute of {path} (attributes: {names})")
    return target


def _arff_features(kinds, values, target, path):
    """Every attribute but `target`: nominal in declared order, string by first appearance."""
    columns = {}
    for name, kind in kinds.items():
        if name == target:
            continue
        if isinstance(kind, str) and kind.upper() == "STRING":
            columns[name] = _first_appearance(list(values[name]))
        else:
            columns[name] = _arff_column(values[name], kind, f"{path}, attribute {name}")
    n_rows = len(next(iter(values.values()), ()))
    return pd.DataFrame(columns, index=pd.RangeIndex(n_rows))


# --------------------------------------------------------------------------- arrays


def _as_arrays(X, y):
    """`X` as a 2-D and `y` as a 1-D numpy array of the same length."""
    try:
        X = np.asarray(X)
    except ValueError as exc:
        raise DatasetError(f"X must be a 2-D array-like with rows of equal length ({exc})") from exc
    y = np.asarray(y, dtype=object) if not isinstance(y, np.ndarray) else y
    if X.ndim == 1:
        raise DatasetError(
            f"X must be 2-D (n_samples, n_features), got a 1-D array of shape {X.shape}; "
            "reshape it, e.g. X.reshape(-1, 1) for a single feature"
        )
    if X.ndim != 2:
        raise DatasetError(f"X must be 2-D (n_samples, n_features), got shape {X.shape}")
    if y.ndim != 1:
        raise DatasetError(f"y must be 1-D (n_samples,), got shape {y.shape}; use y.ravel()")
    if len(X) != len(y):
        raise DatasetError(
            f"X and y must have the same length: X has {len(X)} rows, y has {len(y)} labels"
        )
    return X, y


def _feature_names(feature_names, n_features):
    """The column names: `feature_names` checked, or ``x0 .. x{n-1}``."""
    if feature_names is None:
        return [f"x{j}" for j in range(n_features)]
    names = [str(n) for n in feature_names]
    if len(names) != n_features:
        raise DatasetError(f"feature_names has {len(names)} names but X has {n_features} columns")
    _check_unique(names, "feature_names")
    return names


def _array_frame(X, names):
    """A DataFrame of `X`: numbers/booleans as float64, otherwise per-column inferred types."""
    if X.dtype.kind in "biuf":
        return pd.DataFrame(X.astype(np.float64), columns=names)
    if X.dtype.kind in "OUS":
        return pd.DataFrame(X.astype(object), columns=names).infer_objects()
    return pd.DataFrame(X, columns=names)
