"""Features of one's own data: a frame's or an array's columns as float64 or Categorical.

The feature rules of :mod:`costlab.datasets._own` (its module docstring states them): numbers
and booleans become float64, text, objects and Categoricals nominal, names strings; every
check names the column or the argument at fault.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ._errors import DatasetError
from ._own_labels import _is_missing
from ._parsers import _first_appearance

if TYPE_CHECKING:
    from numpy.typing import ArrayLike


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


def _as_arrays(X: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
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
