"""Encode mixed nominal/numeric frames as float matrices for the Weka-style classifiers.

A frame's *schema* records, per attribute, its declared nominal values (the categories of a
pandas ``Categorical`` column, in declared order) or ``None`` for a numeric attribute. The
schema is fixed at ``fit`` so that test frames are encoded the same way, including declared
values never seen in training.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils.validation import check_array, check_is_fitted

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = [
    "CategoricalOneHotEncoder",
    "CategoricalOrdinalEncoder",
    "EncodedFrame",
    "encode_frame",
]


@dataclass(frozen=True)
class Schema:
    """Names and declared nominal values of a frame's attributes.

    Attributes
    ----------
    names : tuple
        Column names, in order.
    categories : tuple
        Per column, the tuple of declared values (nominal) or ``None`` (numeric).
    """

    names: tuple
    categories: tuple

    @property
    def nominal(self) -> np.ndarray:
        """Boolean mask of the nominal attributes."""
        return np.array([c is not None for c in self.categories], dtype=bool)

    @property
    def n_values(self) -> np.ndarray:
        """Number of declared values per attribute (0 for numeric ones)."""
        return np.array([0 if c is None else len(c) for c in self.categories], dtype=int)


def _column_categories(column: pd.Series) -> tuple | None:
    """Declared values of a nominal column, ``None`` for a numeric one."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        return tuple(column.dtype.categories)
    if pd.api.types.is_numeric_dtype(column.dtype):
        return None
    return tuple(sorted(column.dropna().unique()))


class EncodedFrame:
    """A frame encoded once: its ordinal codes (floats, NaN = missing) and its schema.

    Cross-validation encodes a frame once and passes each fold's rows as an
    ``EncodedFrame`` to the models that read frames only through the encoders of this module
    (:func:`costlab.classifiers.takes_encoded_frames`): their fits and probabilities are the
    same as on the fold's DataFrame, without encoding every fold's frame again. Only frames
    whose schema does not depend on their rows (Categorical and numeric columns,
    :func:`encode_frame`) are encoded so.

    ``X.iloc[rows]`` and ``X.take(rows)`` are the frame's rows, as for a DataFrame.
    """

    __slots__ = ("codes", "schema")

    def __init__(self, codes: np.ndarray, schema: Schema) -> None:
        self.codes, self.schema = codes, schema

    def __len__(self) -> int:
        return self.codes.shape[0]

    @property
    def shape(self) -> tuple:
        """(rows, attributes)."""
        return self.codes.shape

    def take(self, rows: Any) -> EncodedFrame:
        """The frame of ``rows``: positions, a boolean mask or a slice."""
        codes = self.codes[rows if isinstance(rows, slice) else np.asarray(rows)]
        if codes.ndim != 2:
            raise TypeError(
                f"rows must be a slice, positions or a boolean mask, got {type(rows).__name__}"
            )
        return EncodedFrame(codes, self.schema)

    @property
    def iloc(self) -> Any:
        """``X.iloc[rows]``: the frame of ``rows`` (positions), as a DataFrame's ``iloc``."""
        return _Rows(self)


class _Rows:
    __slots__ = ("frame",)

    def __init__(self, frame):
        self.frame = frame

    def __getitem__(self, rows):
        return self.frame.take(rows)


def encode_frame(X: ArrayLike) -> EncodedFrame | None:
    """``X`` encoded once (:class:`EncodedFrame`) if it is a DataFrame whose columns are all
    Categorical or numeric, so that any subset of its rows has the same schema; else None."""
    if not isinstance(X, pd.DataFrame):
        return None
    for name in X.columns:
        dtype = X[name].dtype
        if not (isinstance(dtype, pd.CategoricalDtype) or pd.api.types.is_numeric_dtype(dtype)):
            return None
    schema = infer_schema(X)
    return EncodedFrame(_frame_codes(X, schema), schema)


def infer_schema(X: Any) -> Schema:
    """Read the schema of a DataFrame (Categorical = nominal) or of a numeric 2-D array.

    Non-numeric columns that are not Categorical (strings, objects) are treated as nominal
    with their sorted distinct training values as declared values.

    Examples
    --------
    >>> X = pd.DataFrame({"c": pd.Categorical(["b", "a"], categories=["a", "b", "z"]),
    ...                   "x": [1.0, 2.0]})
    >>> infer_schema(X).categories
    (('a', 'b', 'z'), None)
    """
    if isinstance(X, EncodedFrame):
        return X.schema
    if isinstance(X, pd.DataFrame):
        names = tuple(X.columns)
        return Schema(names, tuple(_column_categories(X[name]) for name in names))
    array = _check_numeric_array(X)
    return Schema(tuple(range(array.shape[1])), (None,) * array.shape[1])


def _check_numeric_array(X: ArrayLike) -> np.ndarray:
    """A non-empty 2-D float64 array; NaN allowed (missing), infinities and sparse not."""
    return check_array(X, dtype=np.float64, ensure_all_finite="allow-nan", input_name="X")


def _category_codes(column: pd.Series, cats: Sequence[Any]) -> np.ndarray:
    """Index of each value among ``cats`` (-1: missing or undeclared); a Categorical column
    already declaring exactly ``cats`` keeps its codes (building a new one costs ~1 ms)."""
    dtype = column.dtype
    if isinstance(dtype, pd.CategoricalDtype) and dtype.categories.tolist() == list(cats):
        return column.array.codes  # the Categorical's own codes (``.cat.codes`` costs 30x)
    return pd.Categorical(column, categories=list(cats)).codes


def _frame_codes(X: pd.DataFrame, schema: Schema) -> np.ndarray:
    """Ordinal codes of a DataFrame laid out as in ``schema``."""
    missing = [name for name in schema.names if name not in X.columns]
    if missing:
        raise ValueError(f"X lacks the columns {missing} seen in fit")
    codes = np.empty((len(X), len(schema.names)))
    for j, (name, cats) in enumerate(zip(schema.names, schema.categories, strict=True)):
        column = X[name]
        if cats is None:
            if not pd.api.types.is_numeric_dtype(column.dtype):  # numeric: to_numeric is a no-op
                column = pd.to_numeric(column)
            if column.dtype == np.float64:  # already floats, NaN for missing values
                codes[:, j] = column.to_numpy()
            else:
                codes[:, j] = column.to_numpy(dtype=np.float64, na_value=np.nan)
        else:
            category = _category_codes(column, cats)
            codes[:, j] = category
            codes[category < 0, j] = np.nan
    if np.isinf(codes).any():
        raise ValueError("X contains infinity; numeric attributes must be finite or NaN")
    return codes


def ordinal_codes(X: Any, schema: Schema, owner: str = "ordinal_codes") -> np.ndarray:
    """Encode ``X`` as floats: numeric values as is, nominal values as codes; NaN = missing.

    The code of a nominal value is its index among the declared values; values outside
    them count as missing. ``owner`` names the caller in error messages.
    """
    if isinstance(X, EncodedFrame):
        if X.schema != schema:
            raise ValueError(f"X's schema differs from the one {owner} was fitted on")
        return X.codes
    if isinstance(X, pd.DataFrame):
        return _frame_codes(X, schema)
    if schema.nominal.any():
        raise TypeError("the model was fitted on nominal attributes: pass a DataFrame")
    array = _check_numeric_array(X)
    if array.shape[1] != len(schema.names):
        raise ValueError(
            f"X has {array.shape[1]} features, but {owner} is expecting "
            f"{len(schema.names)} features as input"
        )
    return array


def one_hot_codes(codes: np.ndarray, schema: Schema) -> np.ndarray:
    """Expand nominal codes into one indicator column per declared value.

    A missing nominal value gives NaN in all of its attribute's indicator columns (so that
    NaN-aware trees treat it as missing, not as "none of the values"); numeric columns are
    copied.
    """
    blocks = []
    for j, n_values in enumerate(schema.n_values):
        column = codes[:, j]
        if not schema.nominal[j]:
            blocks.append(column[:, None])
            continue
        block = (column[:, None] == np.arange(n_values)[None, :]).astype(np.float64)
        block[np.isnan(column)] = np.nan
        blocks.append(block)
    return np.hstack(blocks) if blocks else np.empty((codes.shape[0], 0))


class _SchemaEncoder(TransformerMixin, BaseEstimator):
    """What both encoders share: ``fit`` records the schema, ``transform`` checks it is fitted
    and reads ``X``'s category codes with it; a subclass lays them out (:meth:`_encode`)."""

    def fit(self, X: ArrayLike, y: ArrayLike | None = None) -> Self:
        """Record the schema (declared values) of ``X``."""
        self.schema_ = infer_schema(X)
        self.n_features_in_ = len(self.schema_.names)
        return self

    def transform(self, X: ArrayLike) -> np.ndarray:
        """Encode ``X`` with the schema seen in ``fit``."""
        check_is_fitted(self, "schema_")
        return self._encode(ordinal_codes(X, self.schema_, type(self).__name__))


class CategoricalOrdinalEncoder(_SchemaEncoder):
    """One float column per attribute: nominal values as category codes, NaN = missing.

    The number of output columns equals the number of original attributes (Weka's count).
    """

    def _encode(self, codes):
        return codes


class CategoricalOneHotEncoder(_SchemaEncoder):
    """One indicator column per declared nominal value (NaN when missing); numeric as is.

    Declared values unseen in training still get a column.
    """

    def _encode(self, codes):
        return one_hot_codes(codes, self.schema_)
