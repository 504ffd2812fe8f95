"""Files of one's own data: checked paths, CSV through pandas, ARFF through liac-arff.

:func:`costlab.datasets.from_csv` and :func:`costlab.datasets.from_arff` read through these
helpers, which turn every reader's error into a :class:`DatasetError` naming the file: empty
files, unparseable ones, a header row repeating a column name, date attributes.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ._errors import DatasetError
from ._own_columns import _check_unique
from ._parsers import _arff_column, _first_appearance, load_arff

if TYPE_CHECKING:
    import os

_DATE_ATTRIBUTE = re.compile(r"""^\s*@attribute\s+('[^']*'|"[^"]*"|\S+)\s+date\b""", re.IGNORECASE)


def _existing_file(path: str | os.PathLike[str]) -> Path:
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
