"""Decision stumps as described for Weka 3.9's ``DecisionStump``: a binary split plus a branch
for missing values.

Implemented from a description of the algorithm, not from Weka's (GPL) source:

* a nominal attribute is split ``== value`` / ``!= value``, a numeric one ``<= cut`` /
  ``> cut`` with cuts halfway between successive distinct training values;
* rows missing the attribute form a third branch, which takes part in the split criterion;
* the split (attribute, then value or cut) minimising the weighted class entropy
  conditioned on the three branches wins; the first one wins ties (attributes in column
  order, values in declared order, cuts in increasing order);
* each branch predicts its weighted class distribution; an empty branch uses that of the
  missing branch, and with no missing training values the missing branch uses that of all
  rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__: list[str] = []  # AdaBoostM1's stumps: no public name


@dataclass(frozen=True)
class WekaStump:
    """A fitted stump over an ordinal-coded matrix (see ``CategoricalOrdinalEncoder``).

    Attributes
    ----------
    attribute : int
        Column of the split.
    nominal : bool
        Whether the split is ``code == split`` (nominal) or ``value <= split`` (numeric).
    split : float
        The value code or the cut point (NaN when the attribute offered no split).
    distributions : ndarray of shape (3, n_classes)
        Class distributions of the branches: split true, split false, missing.
    """

    attribute: int
    nominal: bool
    split: float
    distributions: np.ndarray

    def branch(self, codes: np.ndarray) -> np.ndarray:
        """Branch of each row: 0 (split true), 1 (split false) or 2 (missing)."""
        column = codes[:, self.attribute]
        test = column == self.split if self.nominal else column <= self.split
        return np.where(np.isnan(column), 2, np.where(test, 0, 1))

    def predict_proba(self, codes: np.ndarray) -> np.ndarray:
        """Class distribution of each row's branch."""
        return self.distributions[self.branch(codes)]

    def predict(self, codes: np.ndarray) -> np.ndarray:
        """Index of the most probable class of each row's branch (first one on ties)."""
        return np.argmax(self.distributions, axis=1)[self.branch(codes)]


def _xlogx(x: np.ndarray) -> np.ndarray:
    return x * np.log(np.where(x > 0, x, 1.0))


def conditional_entropy(tables: np.ndarray) -> np.ndarray:
    """Class entropy in bits conditioned on the rows of each (branch x class) weight table.

    .. math:: H = -\\frac{\\sum_{ij} x_{ij}\\ln x_{ij} - \\sum_i r_i \\ln r_i}{N \\ln 2}

    with row sums :math:`r_i` and total :math:`N`; 0 when the table is empty.
    """
    rows = tables.sum(axis=-1)
    total = rows.sum(axis=-1)
    value = _xlogx(tables).sum(axis=(-2, -1)) - _xlogx(rows).sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, -value / (total * np.log(2.0)), 0.0)


def _class_weights(yi: np.ndarray, weights: np.ndarray, n_classes: int) -> np.ndarray:
    return np.bincount(yi, weights=weights, minlength=n_classes).astype(np.float64)


def _nominal_split(column, yi, weights, n_classes, n_values):
    """Best ``== value`` split: (entropy, value code, 3 x K table)."""
    present = ~np.isnan(column)
    counts = np.zeros((n_values, n_classes))
    np.add.at(counts, (column[present].astype(int), yi[present]), weights[present])
    missing = _class_weights(yi[~present], weights[~present], n_classes)
    total = counts.sum(axis=0)
    if n_values == 0:
        return np.inf, np.nan, np.stack([np.zeros(n_classes), total, missing])
    tables = np.stack([counts, total - counts, np.broadcast_to(missing, counts.shape)], axis=1)
    entropy = conditional_entropy(tables)
    best = int(np.argmin(entropy))
    return entropy[best], float(best), tables[best]


def _numeric_split(column, yi, weights, n_classes, order=None):
    """Best ``<= cut`` split: (entropy, cut, 3 x K table); entropy inf if no cut exists.

    ``order`` (from :func:`numeric_orders`) gives the rows with a value, sorted stably by it,
    and the rows without; boosting computes it once for all rounds (the same numbers).
    """
    sorted_rows, missing_rows = numeric_order(column) if order is None else order
    missing = _class_weights(yi[missing_rows], weights[missing_rows], n_classes)
    values = column[sorted_rows]
    per_row = np.zeros((values.size, n_classes))
    per_row[np.arange(values.size), yi[sorted_rows]] = weights[sorted_rows]
    total = per_row.sum(axis=0)
    cuts = np.flatnonzero(values[:-1] < values[1:])
    if cuts.size == 0:
        return np.inf, np.nan, np.stack([np.zeros(n_classes), total, missing])
    left = np.cumsum(per_row, axis=0)[cuts]
    tables = np.stack([left, total - left, np.broadcast_to(missing, left.shape)], axis=1)
    entropy = conditional_entropy(tables)
    best = int(np.argmin(entropy))
    cut = (values[cuts[best]] + values[cuts[best] + 1]) / 2.0
    return entropy[best], cut, tables[best]


def numeric_order(column):
    """``(rows with a value sorted stably by it, rows without one)`` of a numeric column."""
    present = np.flatnonzero(~np.isnan(column))
    return present[np.argsort(column[present], kind="stable")], np.flatnonzero(np.isnan(column))


def numeric_orders(codes, nominal):
    """:func:`numeric_order` of every numeric column (None for nominal ones)."""
    return [None if nominal[j] else numeric_order(codes[:, j]) for j in range(codes.shape[1])]


def _branch_distributions(table: np.ndarray, any_missing: bool) -> np.ndarray:
    """Normalise the branches; empty ones copy the missing branch (all rows if none missing)."""
    table = table.copy()
    if not any_missing:
        table[2] = table[0] + table[1]
    sums = table.sum(axis=1, keepdims=True)
    fallback = table[2] / table[2].sum() if table[2].sum() > 0 else table[2]
    return np.where(sums > 0, table / np.where(sums > 0, sums, 1.0), fallback)


def fit_weka_stump(
    codes: np.ndarray,
    yi: np.ndarray,
    weights: np.ndarray,
    nominal: Sequence[bool] | np.ndarray,
    n_values: Sequence[int] | np.ndarray,
    n_classes: int,
    orders: Sequence[np.ndarray | None] | None = None,
) -> WekaStump:
    """Fit a stump on ordinal codes with per-row weights.

    Parameters
    ----------
    codes : ndarray of shape (n, M)
        Ordinal-coded attributes, NaN = missing.
    yi : ndarray of int
        Class index of each row.
    weights : ndarray
        Row weights.
    nominal, n_values : ndarray of shape (M,)
        Which attributes are nominal, and their numbers of declared values.
    n_classes : int
        Number of classes.
    orders : list, optional
        :func:`numeric_orders` of ``codes``, when the caller fits many stumps on them.
    """
    if codes.shape[1] == 0:
        raise ValueError("a decision stump needs at least one attribute")
    best: tuple[Any, ...] | None = None
    for j in range(codes.shape[1]):
        if nominal[j]:
            found = _nominal_split(codes[:, j], yi, weights, n_classes, n_values[j])
        else:
            order = None if orders is None else orders[j]
            found = _numeric_split(codes[:, j], yi, weights, n_classes, order)
        if best is None or found[0] < best[1]:
            best = (j, *found)
    assert best is not None  # at least one attribute, checked above
    j, _, split, table = best
    any_missing = bool(np.isnan(codes[:, j]).any())
    return WekaStump(j, bool(nominal[j]), split, _branch_distributions(table, any_missing))
