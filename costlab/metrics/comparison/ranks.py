"""Comparing classifiers over several datasets: average ranks, Friedman, critical differences.

The procedure Johnson, Raeder & Chawla (2015, sec. 4.1) follow, from J. Demšar,
*Statistical Comparisons of Classifiers over Multiple Data Sets*, JMLR 7 (2006) 1-30: rank the
k classifiers on each of the N datasets (1 = best, ties get the average rank), average the ranks,
test them with Friedman's statistic

.. math:: \\chi^2_F = \\frac{12N}{k(k+1)} \\Big[\\sum_j R_j^2 - \\frac{k(k+1)^2}{4}\\Big],
          \\qquad F_F = \\frac{(N-1)\\chi^2_F}{N(k-1) - \\chi^2_F}

(Demšar eqs. in sec. 3.2.2; :math:`F_F` is Iman and Davenport's F with k - 1 and
(k - 1)(N - 1) degrees of freedom), and compare average ranks with a critical difference

.. math:: CD = q_\\alpha \\sqrt{\\frac{k(k+1)}{6N}}

where :math:`q_\\alpha` is the normal quantile :math:`z_{1 - \\alpha / (2(k - 1))}` for the
Bonferroni-Dunn test against one control classifier, or the studentized range quantile
:math:`q_{\\alpha, k, \\infty} / \\sqrt 2` for Nemenyi's all-pairs test. Johnson et al.'s CD of 0.45
for 19 datasets and 2 classifiers is the Bonferroni-Dunn one: 1.960 x sqrt(6 / 114) = 0.4496.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy import stats

from costlab.validation import Interval, Options, check_params

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "FriedmanResult",
    "average_ranks",
    "compare_classifiers",
    "critical_difference",
    "friedman_test",
]

_METHODS = ("bonferroni-dunn", "nemenyi")
#: What critical_difference's parameters allow (costlab.validation's vocabulary).
_CD_CONSTRAINTS = {
    "n_classifiers": [Interval(numbers.Integral, 2, None, closed="left")],
    "n_datasets": [Interval(numbers.Integral, 1, None, closed="left")],
    "alpha": [Interval(numbers.Real, 0, 1, closed="neither")],
    "method": [Options(set(_METHODS))],
}


def average_ranks(table: pd.DataFrame, *, higher_is_better: bool = True) -> pd.Series:
    """Average rank of each classifier over the datasets (1 = best; ties share their mean).

    Parameters
    ----------
    table : DataFrame
        One row per dataset, one column per classifier (e.g. mean AUROC).
    higher_is_better : bool
        False for losses and costs.

    Returns
    -------
    Series
        Classifier -> average rank, in the table's column order.

    Examples
    --------
    >>> t = pd.DataFrame({"A": [0.9, 0.8, 0.7], "B": [0.8, 0.8, 0.9]})
    >>> average_ranks(t).tolist()
    [1.5, 1.5]
    """
    values = _check_table(table)
    ranks = stats.rankdata(-values if higher_is_better else values, axis=1)
    return pd.Series(ranks.mean(axis=0), index=table.columns, name="average_rank")


@dataclass(frozen=True)
class FriedmanResult:
    """Friedman's test of equal average ranks.

    Attributes
    ----------
    chi2, chi2_pvalue : float
        Friedman's statistic and its chi-squared (k - 1) p-value.
    f, f_pvalue : float
        Iman and Davenport's F and its p-value (F(k - 1, (k - 1)(N - 1))); NaN when
        :math:`\\chi^2_F = N(k-1)` (complete agreement).
    n_datasets, n_classifiers : int
    """

    chi2: float
    chi2_pvalue: float
    f: float
    f_pvalue: float
    n_datasets: int
    n_classifiers: int


def friedman_test(table: pd.DataFrame, *, higher_is_better: bool = True) -> Any:
    """Friedman's test over a datasets x classifiers table (Demšar 2006, section 3.2.2).

    Examples
    --------
    Demšar's example (14 datasets, average ranks 3.143, 2.000, 2.893, 1.964) gives
    chi2_F = 9.28 and F_F = 3.69; see ``tests/metrics/comparison/test_significance.py``.
    """
    ranks = average_ranks(table, higher_is_better=higher_is_better).to_numpy()
    n, k = table.shape
    chi2 = 12.0 * n / (k * (k + 1)) * (np.sum(ranks**2) - k * (k + 1) ** 2 / 4.0)
    chi2_p = float(stats.chi2.sf(chi2, k - 1))
    denominator = n * (k - 1) - chi2
    if denominator > 0:
        f = (n - 1) * chi2 / denominator
        f_p = float(stats.f.sf(f, k - 1, (k - 1) * (n - 1)))
    else:
        f, f_p = np.nan, np.nan
    return FriedmanResult(float(chi2), chi2_p, float(f), f_p, n, k)


def critical_difference(
    n_classifiers: int, n_datasets: int, *, alpha: float = 0.05, method: str = "bonferroni-dunn"
) -> float:
    """Critical difference of average ranks (Demšar 2006, section 3.2.2).

    Examples
    --------
    Johnson et al. 2015, sec. 4.2: 19 datasets, 2 classifiers, 95 %:

    >>> round(critical_difference(2, 19), 4)
    0.4496
    """
    check_params(
        _CD_CONSTRAINTS,
        {
            "n_classifiers": n_classifiers,
            "n_datasets": n_datasets,
            "alpha": alpha,
            "method": method,
        },
    )
    k, n = int(n_classifiers), int(n_datasets)
    if method == "bonferroni-dunn":
        q = stats.norm.ppf(1.0 - alpha / (2.0 * (k - 1)))
    else:
        q = stats.studentized_range.ppf(1.0 - alpha, k, np.inf) / np.sqrt(2.0)
    return float(q * np.sqrt(k * (k + 1) / (6.0 * n)))


def compare_classifiers(
    table: pd.DataFrame,
    *,
    control: str | None = None,
    alpha: float = 0.05,
    higher_is_better: bool = True,
) -> pd.DataFrame:
    """Average ranks with the Bonferroni-Dunn comparison against a control classifier.

    Parameters
    ----------
    table : DataFrame
        Datasets x classifiers.
    control : str, optional
        The classifier the others are compared with (default: the best-ranked).
    alpha : float
        Significance level.

    Returns
    -------
    DataFrame
        ``classifier, average_rank, rank_difference, critical_difference, significant`` (the
        difference to the control exceeds the CD), with the Friedman result in ``attrs``.
    """
    ranks = average_ranks(table, higher_is_better=higher_is_better)
    control = ranks.idxmin() if control is None else control
    if control not in ranks.index:
        raise ValueError(f"control must be one of {list(ranks.index)}, got {control!r}.")
    cd = critical_difference(table.shape[1], table.shape[0], alpha=alpha)
    difference = ranks - ranks[control]
    out = pd.DataFrame(
        {
            "classifier": ranks.index,
            "average_rank": ranks.to_numpy(),
            "rank_difference": difference.to_numpy(),
            "critical_difference": cd,
            "significant": (difference.abs() > cd).to_numpy(),
        }
    )
    out.attrs["friedman"] = friedman_test(table, higher_is_better=higher_is_better)
    out.attrs["control"] = control
    return out


def _check_table(table):
    if not isinstance(table, pd.DataFrame) or table.shape[0] < 1 or table.shape[1] < 2:
        raise ValueError(
            "table must be a DataFrame with one row per dataset and at least two classifier "
            f"columns, got {type(table).__name__} of shape {getattr(table, 'shape', None)}."
        )
    values = table.to_numpy(dtype=np.float64)
    if not np.all(np.isfinite(values)):
        raise ValueError("table contains NaN or infinite values; every dataset needs a score.")
    return values
