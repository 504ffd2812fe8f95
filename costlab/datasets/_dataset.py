"""The :class:`Dataset` container returned by :func:`costlab.datasets.load_dataset`."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ._errors import DatasetError

__all__ = ["Dataset"]


@dataclass(frozen=True, eq=False)
class Dataset:
    """A binary classification dataset with its class orientation and provenance.

    Parameters
    ----------
    name : str
        Registry key, e.g. ``"german_credit"``.
    title : str
        Human-readable title, e.g. ``"German Credit"``.
    X : pandas.DataFrame
        Features only, in file order. Nominal attributes are pandas Categoricals with the
        declared category order; numeric attributes are float64; missing values are NaN.
    y : pandas.Series
        Categorical class labels (strings) with categories ``[negative, positive]``.
    negative : str
        Label of the thesis's class 1 (listed first).
    positive : str
        Label of the thesis's class 2.
    source : str
        Where the raw files came from: ``"mirror"`` (directory mirror), ``"url"`` (URL
        mirror), ``"uci"``, ``"openml"``, or ``"cache"`` (cached file of unrecorded origin);
        for a researcher's own data, ``"file"`` (:func:`~costlab.datasets.from_csv`,
        :func:`~costlab.datasets.from_arff`) or ``"frame"`` (in-memory data); ``"synthetic"``
        for data drawn by a generator (:func:`~costlab.datasets.twonorm`, ...).
    checksums : dict of str to str
        SHA-256 of each raw file parsed, keyed by its path relative to the data folder (by
        its file name for :func:`~costlab.datasets.from_csv` / ``from_arff``; empty for
        in-memory and synthetic data).

    Notes
    -----
    Equality is identity (DataFrames have no single truth value); compare ``X``/``y`` directly.
    """

    name: str
    title: str
    X: pd.DataFrame
    y: pd.Series
    negative: str
    positive: str
    source: str
    checksums: dict = field(default_factory=dict)

    def __post_init__(self):
        if len(self.X) != len(self.y):
            raise DatasetError(f"{self.name}: X has {len(self.X)} rows but y has {len(self.y)}")
        if not isinstance(self.y.dtype, pd.CategoricalDtype) or list(self.y.cat.categories) != [
            self.negative,
            self.positive,
        ]:
            raise DatasetError(
                f"{self.name}: y must be Categorical with categories "
                f"[{self.negative!r}, {self.positive!r}]"
            )

    @property
    def y_binary(self) -> np.ndarray:
        """numpy.ndarray of int: 1 where the label is `positive`, 0 where `negative`."""
        return (self.y.to_numpy() == self.positive).astype(np.int64)

    @property
    def nominal_columns(self) -> list[str]:
        """list of str: names of the Categorical (nominal) feature columns."""
        return [c for c in self.X.columns if isinstance(self.X[c].dtype, pd.CategoricalDtype)]

    @property
    def numeric_columns(self) -> list[str]:
        """list of str: names of the numeric feature columns."""
        return [c for c in self.X.columns if pd.api.types.is_numeric_dtype(self.X[c].dtype)]

    @property
    def n_instances(self) -> int:
        """int: number of instances (rows)."""
        return len(self.X)

    @property
    def class_counts(self) -> dict[str, int]:
        """dict of str to int: instances per label, negative first."""
        counts = self.y.value_counts()
        return {label: int(counts.get(label, 0)) for label in (self.negative, self.positive)}

    def __repr__(self):
        return (
            f"Dataset(name={self.name!r}, n_instances={self.n_instances}, "
            f"n_features={self.X.shape[1]}, class_counts={self.class_counts}, "
            f"source={self.source!r})"
        )
