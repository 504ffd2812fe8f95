"""Paired tests of two classifiers over the folds of repeated cross-validation.

Nadeau & Bengio (2003): the plain t-test over the folds of repeated cross-validation is too
liberal because the training sets overlap; their corrected resampled t-test widens its variance
by n_test / n_train.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from scipy import stats

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = ["corrected_resampled_ttest"]


def corrected_resampled_ttest(
    differences: ArrayLike, n_train: int, n_test: int
) -> dict[str, float]:
    """Nadeau & Bengio's (2003) corrected resampled t-test of a mean difference.

    For J differences d_j between two classifiers over the folds of repeated cross-validation
    (training sets of n_train, test sets of n_test instances),

    .. math:: t = \\frac{\\bar d}{\\sqrt{\\left(\\frac{1}{J} + \\frac{n_{test}}{n_{train}}\\right)
              \\hat\\sigma^2}}, \\qquad \\nu = J - 1

    (the plain t-test's 1/J variance factor ignores that the training sets overlap).

    Returns
    -------
    dict
        ``mean, t, df, p_value`` (two-sided), ``low, high`` (95 % interval of the mean).
    """
    d = np.asarray(differences, dtype=np.float64)
    if d.ndim != 1 or d.size < 2 or not np.all(np.isfinite(d)):
        raise ValueError("differences must be at least 2 finite values.")
    if n_train <= 0 or n_test <= 0:
        raise ValueError("n_train and n_test must be positive.")
    J = d.size
    var = d.var(ddof=1)
    se = np.sqrt((1.0 / J + n_test / n_train) * var)
    mean = float(d.mean())
    t = mean / se if se > 0 else (np.inf if mean else 0.0)
    p = float(2 * stats.t.sf(abs(t), J - 1))
    half = stats.t.ppf(0.975, J - 1) * se
    return {
        "mean": mean,
        "t": float(t),
        "df": J - 1,
        "p_value": p,
        "low": mean - half,
        "high": mean + half,
    }
