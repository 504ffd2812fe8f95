"""How much does a cost curve move between repetitions of cross-validation, and between folds?

:func:`cv_band` takes the out-of-fold scores of R repetitions of k-fold cross-validation (a
:class:`costlab.evaluation.CVResult`'s ``y_score`` and ``fold``) and gives the spread of the
exact MTMCS curve (Al-Saffar 2018, 4.2; the equal-prior cost-curve envelope of Drummond & Holte
2000) across the R repetitions (each repetition's pooled out-of-fold scores) and across the
R x k folds (each fold's own curve): percentile intervals per cost ratio and standard
deviations. No resampling is drawn: the repetitions are the replicates.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import check_fp_costs, check_labels_scores
from costlab.metrics.mtmcs.measures import cost_ratio_grid
from costlab.metrics.resampling._draws import _percentile_interval
from costlab.metrics.resampling._exact_mtmcs import _mtmcs

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["cv_band"]


def cv_band(
    y_true: ArrayLike,
    y_score: Any,
    fold: ArrayLike,
    *,
    fp_costs: ArrayLike | None = None,
    confidence: float = 0.95,
    pos_label: Any = None,
) -> pd.DataFrame:
    """Repeat-wise and fold-wise spread of the MTMCS curve of repeated cross-validation.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of two classes (a :class:`costlab.evaluation.CVResult`'s ``y_true``).
    y_score : array-like of shape (R, n)
        Out-of-fold scores of the positive class of each repetition (a CVResult's
        ``y_score``).
    fold : array-like of shape (R, n)
        The fold of each instance in each repetition.
    fp_costs : array-like, optional
        Normalised FPcosts in (0, 1); default the thesis's grid 0.05, ..., 0.95.
    confidence : float in (0, 1), default 0.95
        Coverage of the percentile intervals.
    pos_label : scalar, optional
        The positive class's label, inferred as everywhere else when None ({0, 1} and
        {-1, 1}: 1; {1, 2}: 2).

    Returns
    -------
    DataFrame
        ``fp_cost``, ``mtmcs`` (mean over repetitions), ``repeat_low``, ``repeat_high``
        (percentiles over the R repetitions' pooled curves), ``fold_low``, ``fold_high`` (over
        the R x k folds' own curves), ``repeat_std`` and ``fold_std``. A fold holding one class
        only has no curve and is left out of the fold-wise spread, with a warning.

    Raises
    ------
    ValueError
        If no fold holds both classes (each fold's curve needs both).
    """
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    if not 0.0 < float(confidence) < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence!r}.")
    p = np.atleast_2d(np.asarray(y_score, dtype=np.float64))
    folds = np.atleast_2d(np.asarray(fold))
    if p.shape != folds.shape:
        raise ValueError(f"y_score and fold must have one shape, got {p.shape}, {folds.shape}.")
    for row in p:
        is_pos, _ = check_labels_scores(y_true, row, pos_label=pos_label)
    repeat_curves = np.array([_mtmcs(is_pos, row, fp) for row in p])
    fold_curves: Any = []  # the per-fold curves, then their array
    one_class: list[str] = []
    for r, (row, ids) in enumerate(zip(p, folds, strict=True)):
        for k in np.unique(ids):
            mask = ids == k
            if is_pos[mask].any() and (~is_pos[mask]).any():
                fold_curves.append(_mtmcs(is_pos[mask], row[mask], fp))
            else:
                one_class.append(f"repetition {r} fold {k.item()!r}")
    _check_folds(one_class, len(fold_curves))
    fold_curves = np.array(fold_curves)
    r_low, r_high = _percentile_interval(repeat_curves, confidence, axis=0)
    f_low, f_high = _percentile_interval(fold_curves, confidence, axis=0)
    return pd.DataFrame(
        {
            "fp_cost": fp,
            "mtmcs": repeat_curves.mean(axis=0),
            "repeat_low": r_low,
            "repeat_high": r_high,
            "fold_low": f_low,
            "fold_high": f_high,
            "repeat_std": repeat_curves.std(axis=0, ddof=1) if len(p) > 1 else np.nan,
            "fold_std": fold_curves.std(axis=0, ddof=1) if len(fold_curves) > 1 else np.nan,
        }
    )


def _check_folds(one_class, n_two_class):
    """Raise if no fold holds both classes; warn naming the folds of one class left out."""
    shown = ", ".join(one_class[:5]) + (
        f" and {len(one_class) - 5} more" if len(one_class) > 5 else ""
    )
    if n_two_class == 0:
        raise ValueError(
            f"no fold holds both classes ({shown}): each fold needs a positive and a negative "
            "instance for its MTMCS curve. Use fewer folds or stratified ones."
        )
    if one_class:
        warnings.warn(
            f"{len(one_class)} fold(s) hold one class only ({shown}) and are left out of the "
            "fold-wise spread: each fold needs both classes for its MTMCS curve.",
            UserWarning,
            stacklevel=3,
        )
