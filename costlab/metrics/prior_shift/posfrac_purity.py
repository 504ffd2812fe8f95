"""POSfrac and Purity over a ROC curve for any true target prior (Landgrebe et al. 2004).

Source: T. Landgrebe, P. Paclik, D. M. J. Tax, S. Verzakov and R. P. W. Duin, *Cost-based
classifier evaluation for imbalanced problems*, SSPR/SPR 2004 (cited "Landgrebe" with
the equation number).

TPr and FPr do not depend on the class priors, but the fraction of instances a classifier calls
*target* (POSfrac) and the fraction of those that are targets (Purity) do. For a true target prior
P(C_t) = p and P(C_n) = 1 - p, at every ROC threshold Theta (Landgrebe eqs. 5 and 6):

.. math:: POSfrac(\\Theta) = p \\, TP_r(\\Theta) + (1 - p) \\, FP_r(\\Theta)

.. math:: Purity(\\Theta) = \\frac{TP_r(\\Theta)}{TP_r(\\Theta)
          + \\frac{1 - p}{p} FP_r(\\Theta)}

so Purity x POSfrac = p TPr (the fraction TP / N of the test set), and POSfrac -> FPr as
p -> 0. One ROC curve (one sort of the scores) serves every prior: :func:`prior_operating_curves`
broadcasts the rates against an array of priors.

**Link to cost curves.** The prior P(C_t) here is Drummond & Holte's p(+). With misclassification
costs C(-|+) (``fn_cost``) and C(+|-) (``fp_cost``), the x axis of a cost curve is
``costlab.metrics.probability_cost(p, fn_cost, fp_cost)`` (D&H eq. 6); with equal costs it is
p itself, so a prior of a POSfrac curve and a PCF(+) of a cost curve are the same number:

>>> from costlab.metrics import probability_cost
>>> probability_cost(0.1, fn_cost=1, fp_cost=1), probability_cost(0.1, fn_cost=9, fp_cost=1)
(0.1, 0.5)

The ROC points listed by :func:`prior_operating_curves` are the points whose cost lines
:func:`costlab.metrics.cost_envelope` takes the lower envelope of.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from sklearn.exceptions import UndefinedMetricWarning

from costlab.metrics._validation import (
    check_labels_scores,
    check_prior_array,
    check_priors,
    check_rate_target,
)
from costlab.metrics.engine._counts import checked_counts, class_counts
from costlab.metrics.engine.pcf import probability_cost

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "PriorOperatingCurves",
    "fold_operating_points",
    "operating_point",
    "positive_fraction",
    "prior_operating_characteristics",
    "prior_operating_curves",
    "purity",
    "summarize_folds",
]

#: Columns of :func:`operating_point` (and, after ``fold``, of :func:`fold_operating_points`).
POINT_COLUMNS = ["prior", "tpr", "fpr", "posfrac", "purity", "threshold", "p_at_threshold"]
_MEASURES = ["tpr", "fpr", "posfrac", "purity"]
_TOL = 1e-12  # a purity condition met up to rounding counts as met


def positive_fraction(tpr: Any, fpr: ArrayLike, prior: Any) -> Any:
    """POSfrac, the fraction of all instances called target, at true target prior P(C_t).

    .. math:: POSfrac = P(C_t) \\, TP_r + P(C_n) \\, FP_r

    (Landgrebe eq. 5; eq. 2 with N_t = P(C_t) N and N_n = P(C_n) N). Arrays broadcast.

    Parameters
    ----------
    tpr, fpr : float or array-like
        A ROC point (or points): the fractions of targets and of non-targets called target.
    prior : float or array-like
        P(C_t), strictly between 0 and 1.

    Examples
    --------
    TPr = 0.8 and FPr = 0.3 with one target in ten: 0.1 x 0.8 + 0.9 x 0.3 = 0.35.

    >>> round(positive_fraction(0.8, 0.3, 0.1), 12)
    0.35
    """
    p = check_prior_array(prior)
    value = p * np.asarray(tpr, dtype=np.float64) + (1.0 - p) * np.asarray(fpr, dtype=np.float64)
    return float(value) if np.ndim(value) == 0 else value


def purity(tpr: Any, fpr: ArrayLike, prior: Any) -> Any:
    """Purity (precision), the fraction of instances called target that are targets.

    .. math:: Purity = \\frac{TP_r}{TP_r + \\frac{P(C_n)}{P(C_t)} FP_r}
              = \\frac{P(C_t) \\, TP_r}{POSfrac}

    (Landgrebe eq. 6, eq. 4 with the skew ratio N_n / N_t = P(C_n) / P(C_t)). NaN where nothing
    is called target (TPr = FPr = 0). Arrays broadcast.

    Examples
    --------
    The point of :func:`positive_fraction`: 0.08 / 0.35 of the calls are targets.

    >>> round(purity(0.8, 0.3, 0.1), 12)
    0.228571428571
    """
    p = check_prior_array(prior)
    tp = p * np.asarray(tpr, dtype=np.float64)
    pos = tp + (1.0 - p) * np.asarray(fpr, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        value = np.where(pos > 0.0, tp / np.where(pos > 0.0, pos, 1.0), np.nan)
    return float(value) if np.ndim(value) == 0 else value


@dataclass(frozen=True)
class PriorOperatingCurves:
    """One ROC curve and its POSfrac and Purity curves for several true target priors.

    Point 0 calls nothing target (threshold ``inf``); point g calls target every instance
    scoring >= ``thresholds[g]``; the last point calls everything target. Every distinct score
    is a threshold (no point is dropped), as scikit-learn's ``roc_curve`` with
    ``drop_intermediate=False``.

    Attributes
    ----------
    priors : ndarray of float, shape (k,)
        The true target priors P(C_t), in the order given.
    thresholds : ndarray of float, shape (m,)
        Decreasing; ``inf`` first.
    tpr, fpr : ndarray of float, shape (m,)
        The ROC curve, from (0, 0) to (1, 1).
    posfrac, purity : ndarray of float, shape (k, m)
        Landgrebe eqs. 5 and 6 at each prior (row) and threshold (column); purity is NaN at
        point 0, where nothing is called target.
    """

    priors: np.ndarray
    thresholds: np.ndarray
    tpr: np.ndarray
    fpr: np.ndarray
    posfrac: np.ndarray
    purity: np.ndarray

    def to_frame(self) -> pd.DataFrame:
        """Tidy table: one row per (prior, threshold), columns ``prior, threshold, tpr, fpr,
        posfrac, purity``; priors in the given order, thresholds decreasing."""
        k, m = self.posfrac.shape
        return pd.DataFrame(
            {
                "prior": np.repeat(self.priors, m),
                "threshold": np.tile(self.thresholds, k),
                "tpr": np.tile(self.tpr, k),
                "fpr": np.tile(self.fpr, k),
                "posfrac": self.posfrac.ravel(),
                "purity": self.purity.ravel(),
            }
        )

    def probability_costs(self, fn_cost: Any = 1.0, fp_cost: Any = 1.0) -> np.ndarray:
        """PCF(+) of each prior with costs C(-|+) = ``fn_cost`` and C(+|-) = ``fp_cost``
        (D&H eq. 6): where each prior sits on a cost curve's x axis."""
        return probability_cost(self.priors, fn_cost, fp_cost)

    def normalized_expected_cost(self, fn_cost: Any = 1.0, fp_cost: Any = 1.0) -> np.ndarray:
        """NE[C] of every threshold at every prior, shape (k, m), for the given costs.

        .. math:: NE[C] = (1 - TP_r - FP_r) \\, PCF(+) + FP_r

        (D&H eq. 8) with PCF(+) from the prior and the costs: the cost-curve view of the same
        ROC points. Its minimum over thresholds is the cost curve's lower envelope at that
        PCF(+) (:func:`costlab.metrics.cost_envelope`).
        """
        pcf = np.atleast_1d(self.probability_costs(fn_cost, fp_cost))[:, None]
        return (1.0 - self.tpr - self.fpr) * pcf + self.fpr

    def at(
        self, *, tpr: Any = None, posfrac: float | None = None, purity: float | None = None
    ) -> pd.DataFrame:
        """The operating point fixed by one condition, for every prior (see
        :func:`operating_point` for the rules); a DataFrame with :data:`POINT_COLUMNS`."""
        name, target = _one_condition(tpr, posfrac, purity)
        if name == "tpr":
            end, weight = _tpr_crossing(self.tpr, target, self.priors.size)
        elif name == "posfrac":
            end, weight = _increasing_crossing(self.posfrac, target)
        else:
            end, weight = self._purity_crossing(target)
        return self._interpolate(end, weight)

    def _purity_crossing(self, target):
        """Last point of the curve where Purity >= target (exact on each segment), per prior.

        Purity >= pi  <=>  g = (1 - pi) p TPr - pi (1 - p) FPr >= 0, which is linear in the ROC
        point, so the crossing inside a segment is where g, linear along it, reaches 0.
        """
        p = self.priors[:, None]
        gain, loss = (1.0 - target) * p * self.tpr, target * (1.0 - p) * self.fpr
        g = gain - loss
        g[np.abs(g) <= _TOL * (gain + loss)] = 0.0  # met up to rounding
        ok = g[:, 1:] >= 0.0
        m = self.tpr.size
        found = ok.any(axis=1)
        last = m - 1 - np.argmax(ok[:, ::-1], axis=1)  # last index >= 1 with g >= 0
        rows = np.arange(self.priors.size)
        at_end = last == m - 1
        nxt = np.minimum(last + 1, m - 1)
        g_last, g_next = g[rows, last], g[rows, nxt]
        with np.errstate(invalid="ignore", divide="ignore"):
            mu = np.where(at_end, 1.0, g_last / (g_last - g_next))
        end = np.where(at_end, m - 1, nxt)
        end = np.where(found, end, -1)
        return end, np.where(found, mu, np.nan)

    def _interpolate(self, end, weight):
        """Rows of the randomised classifier between points end - 1 and end, by weight."""
        found = end >= 1
        j = np.where(found, end, 1)
        w = np.where(found, weight, np.nan)
        tpr = self.tpr[j - 1] + w * (self.tpr[j] - self.tpr[j - 1])
        fpr = self.fpr[j - 1] + w * (self.fpr[j] - self.fpr[j - 1])
        if not np.all(found):
            warnings.warn(
                "No operating point reaches the requested purity at prior(s) "
                f"{self.priors[~found].tolist()}; their rows are NaN.",
                UndefinedMetricWarning,
                stacklevel=3,
            )
        return pd.DataFrame(
            {
                "prior": self.priors,
                "tpr": tpr,
                "fpr": fpr,
                "posfrac": positive_fraction(tpr, fpr, self.priors),
                "purity": purity(tpr, fpr, self.priors),
                "threshold": np.where(found, self.thresholds[j], np.nan),
                "p_at_threshold": w,
            },
            columns=POINT_COLUMNS,
        )


def prior_operating_curves(
    y_true: ArrayLike,
    y_score: Any,
    priors: ArrayLike,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> PriorOperatingCurves:
    """ROC, POSfrac and Purity curves over the thresholds of one classifier, for many priors.

    The scores are sorted once (:func:`costlab.metrics.engine._counts.class_counts`); POSfrac and
    Purity at every prior come from the rates by broadcasting (Landgrebe eqs. 3-6):

    .. math:: POSfrac(\\Theta) = P(C_t) TP_r(\\Theta) + P(C_n) FP_r(\\Theta), \\quad
              Purity(\\Theta) = \\frac{TP_r(\\Theta)}{TP_r(\\Theta)
              + \\frac{P(C_n)}{P(C_t)} FP_r(\\Theta)}

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of two classes; the target class is ``pos_label``.
    y_score : array-like of shape (n,)
        Scores, higher meaning more likely target (e.g. the estimated P(target | x)).
    priors : float or array-like of shape (k,)
        True target priors P(C_t), each strictly between 0 and 1. They need not be the test
        set's class proportions: that is the point (Landgrebe sec. 3).
    pos_label : scalar, optional
        The target class; inferred for labels {0, 1}, {-1, 1} and {1, 2}.
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0): TPr and FPr become weighted rates.

    Returns
    -------
    PriorOperatingCurves
        Its ``to_frame()`` is :func:`prior_operating_characteristics`.

    Examples
    --------
    Two targets (scores 0.8, 0.35) and two non-targets (0.4, 0.1):

    >>> c = prior_operating_curves([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], [0.5, 0.1])
    >>> c.tpr.tolist(), c.fpr.tolist()
    ([0.0, 0.5, 0.5, 1.0, 1.0], [0.0, 0.0, 0.5, 0.5, 1.0])
    >>> c.posfrac[1].round(3).tolist()   # 0.1 TPr + 0.9 FPr
    [0.0, 0.05, 0.5, 0.55, 1.0]
    """
    is_pos, scores, weight, _ = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    p = check_priors(priors)
    return _curves(is_pos, scores, p, weight)


def prior_operating_characteristics(
    y_true: ArrayLike,
    y_score: Any,
    priors: ArrayLike,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """Tidy table of the ROC, POSfrac and Purity curves for many priors (Landgrebe equations 3-6).

    Parameters are those of :func:`prior_operating_curves`.

    Returns
    -------
    DataFrame
        Columns ``prior, threshold, tpr, fpr, posfrac, purity``: one row per prior and ROC
        threshold (thresholds decreasing from ``inf``, where purity is NaN).

    Examples
    --------
    >>> t = prior_operating_characteristics([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.5)
    >>> t[["tpr", "fpr", "posfrac", "purity"]].iloc[1:].values.tolist()
    [[0.5, 0.0, 0.25, 1.0], [0.5, 0.5, 0.5, 0.5], [1.0, 0.5, 0.75, 0.6666666666666666], \
[1.0, 1.0, 1.0, 0.5]]
    """
    return prior_operating_curves(
        y_true, y_score, priors, pos_label=pos_label, sample_weight=sample_weight
    ).to_frame()


def operating_point(
    y_true: ArrayLike,
    y_score: Any,
    priors: ArrayLike,
    *,
    tpr: Any = None,
    posfrac: float | None = None,
    purity: float | None = None,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """TPr, FPr, POSfrac and Purity where one of TPr, POSfrac or Purity is fixed.

    Landgrebe sec. 4 fixes TPr = 80 % and reads POSfrac at P(C_t) = 0.5, 0.1 and 0.001; POSfrac
    or Purity could be fixed instead. A finite test set reaches a given TPr only by chance, so
    the value is read off the ROC curve with this rule:

    **Interpolation rule.** The operating point lies on the segment between two adjacent ROC
    points A (threshold t_A) and B (threshold t_B < t_A, the first point that meets the
    condition), at

    .. math:: (FP_r, TP_r) = (1 - w) (FP_r^A, TP_r^A) + w (FP_r^B, TP_r^B)

    This is the *randomised classifier* that calls target every instance scoring above t_B
    and each instance scoring exactly t_B with probability w (``p_at_threshold``): its expected
    TPr and FPr are exactly the linear interpolation (Provost & Fawcett 2001; within a group of
    tied scores it is the expected result of random tie-breaking). POSfrac is linear in
    (FPr, TPr) at a fixed prior (eq. 5), so it is interpolated linearly as well; Purity is not
    linear: it is the ratio of the expected counts, eq. 6 at the interpolated rates. The
    conditions pick:

    - ``tpr=tau``, tau in (0, 1]: the first point with TPr = tau going down the thresholds (the
      smallest FPr among the points of the curve with that TPr). The same for every prior.
    - ``posfrac=f``, f in (0, 1]: the point with POSfrac = f; POSfrac increases strictly along
      the curve, so it is unique: the largest TPr within a POSfrac budget f.
    - ``purity=pi``, pi in (0, 1]: the point with the largest TPr whose Purity is at least pi.
      Purity >= pi is the half-plane (1 - pi) P(C_t) TPr >= pi P(C_n) FPr, so the crossing on
      a segment is exact. If no point reaches pi the row is NaN (UndefinedMetricWarning).

    Parameters
    ----------
    y_true, y_score, priors, pos_label, sample_weight
        As for :func:`prior_operating_curves`.
    tpr, posfrac, purity : float
        Exactly one: the operating condition.

    Returns
    -------
    DataFrame
        One row per prior, columns ``prior, tpr, fpr, posfrac, purity, threshold,
        p_at_threshold``.

    Examples
    --------
    Targets score 0.9, 0.8, 0.7, 0.6, 0.2; non-targets 0.75, 0.5, 0.4, 0.3, 0.1. TPr = 0.7 lies
    between (FPr, TPr) = (0.2, 0.6) and (0.2, 0.8): a vertical step, FPr = 0.2. At P(C_t) =
    0.1, POSfrac = 0.1 x 0.7 + 0.9 x 0.2 = 0.25 and Purity = 0.07 / 0.25 = 0.28:

    >>> y = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.6, 0.2, 0.75, 0.5, 0.4, 0.3, 0.1]
    >>> row = operating_point(y, s, [0.5, 0.1], tpr=0.7).iloc[1]
    >>> [round(float(row[c]), 10) for c in ("tpr", "fpr", "posfrac", "purity")]
    [0.7, 0.2, 0.25, 0.28]
    >>> float(row["threshold"]), round(float(row["p_at_threshold"]), 10)
    (0.6, 0.5)
    """
    curves = prior_operating_curves(
        y_true, y_score, priors, pos_label=pos_label, sample_weight=sample_weight
    )
    return curves.at(tpr=tpr, posfrac=posfrac, purity=purity)


def fold_operating_points(
    y_true: ArrayLike,
    y_score: Any,
    priors: ArrayLike,
    *,
    folds: Any = None,
    tpr: Any = None,
    posfrac: float | None = None,
    purity: float | None = None,
    pos_label: Any = None,
) -> pd.DataFrame:
    """:func:`operating_point` in every cross-validation fold (Landgrebe Table 2's cells).

    Parameters
    ----------
    y_true, y_score : array-like of shape (n,), or sequences of per-fold arrays
        With ``folds``, the pooled out-of-fold labels and scores; without, one array of labels
        and one of scores per fold.
    priors, tpr, posfrac, purity, pos_label
        As for :func:`operating_point`; ``pos_label`` is resolved once from all the labels.
    folds : array-like of shape (n,), optional
        The fold of each instance (any hashable ids; rows come in sorted id order).

    Returns
    -------
    DataFrame
        Columns ``fold`` and those of :func:`operating_point`: one row per fold and prior. A
        fold without both classes warns (UndefinedMetricWarning) and gives NaN rows, as
        scikit-learn does for undefined metrics.

    Examples
    --------
    >>> y = [0, 1, 0, 1, 0, 1, 0, 1]
    >>> s = [0.2, 0.9, 0.6, 0.7, 0.1, 0.8, 0.3, 0.4]
    >>> t = fold_operating_points(y, s, 0.5, folds=[0, 0, 0, 0, 1, 1, 1, 1], tpr=1.0)
    >>> t[["fold", "fpr", "posfrac"]].values.tolist()
    [[0.0, 0.0, 0.5], [1.0, 0.0, 0.5]]
    """
    name, target = _one_condition(tpr, posfrac, purity)
    p = check_priors(priors)
    ids, parts = _split_folds(y_true, y_score, folds, pos_label)
    frames = []
    for fold_id, (is_pos, scores) in zip(ids, parts, strict=True):
        if is_pos.all() or not is_pos.any():
            warnings.warn(
                f"fold {fold_id!r} has instances of one class only; its rows are NaN.",
                UndefinedMetricWarning,
                stacklevel=2,
            )
            frame = pd.DataFrame({"prior": p}, columns=POINT_COLUMNS)
        else:
            frame = _curves(is_pos, scores, p).at(**{name: target})
        frames.append(frame.assign(fold=fold_id))
    table = pd.concat(frames, ignore_index=True)
    return table[["fold", *POINT_COLUMNS]].astype({c: float for c in POINT_COLUMNS})


def summarize_folds(table: pd.DataFrame, *, ddof: int = 1) -> pd.DataFrame:
    """Mean and standard deviation over folds of each measure, per prior (Table 2's m +- s).

    Parameters
    ----------
    table : DataFrame
        From :func:`fold_operating_points` (columns ``prior`` and ``tpr, fpr, posfrac,
        purity``).
    ddof : int, default 1
        Delta degrees of freedom of the standard deviation (1: the sample deviation).

    Returns
    -------
    DataFrame
        Columns ``prior, measure, mean, std, n_folds``; NaN folds are left out and not counted.

    Examples
    --------
    >>> t = pd.DataFrame({"fold": [0, 1], "prior": [0.1, 0.1], "tpr": [0.8, 0.8],
    ...                   "fpr": [0.2, 0.4], "posfrac": [0.26, 0.44], "purity": [0.3, 0.2]})
    >>> summarize_folds(t).query("measure == 'fpr'")[["mean", "std"]].round(4).values.tolist()
    [[0.3, 0.1414]]
    """
    missing = {"prior", *_MEASURES} - set(table.columns)
    if missing:
        raise ValueError(
            f"table must have the columns of fold_operating_points; missing {sorted(missing)}."
        )
    long = table.melt(id_vars="prior", value_vars=_MEASURES, var_name="measure")
    grouped = long.groupby(["prior", "measure"], sort=False)["value"]
    out = grouped.agg(mean="mean", std=lambda v: v.std(ddof=ddof), n_folds="count")
    return out.reset_index()


def _curves(is_pos, scores, priors, weight=None):
    """The curves from validated arrays (one sort)."""
    counts = class_counts(is_pos, scores, weight)
    n_pos, n_neg = counts.n_pos, counts.n_neg
    # called target at threshold values[i]: every score >= values[i]
    pos_ge = n_pos - np.concatenate(([0], counts.pos_le[:-1]))
    neg_ge = n_neg - np.concatenate(([0], counts.neg_le[:-1]))
    tpr = np.concatenate(([0.0], pos_ge[::-1] / n_pos))
    fpr = np.concatenate(([0.0], neg_ge[::-1] / n_neg))
    thresholds = np.concatenate(([np.inf], counts.values[::-1]))
    p = priors[:, None]
    pf = p * tpr + (1.0 - p) * fpr
    with np.errstate(invalid="ignore", divide="ignore"):
        pur = np.where(pf > 0.0, p * tpr / np.where(pf > 0.0, pf, 1.0), np.nan)
    return PriorOperatingCurves(priors, thresholds, tpr, fpr, pf, pur)


def _tpr_crossing(tpr, target, k):
    """First point with TPr >= target (TPr is non-decreasing), and the weight on it."""
    end = int(np.searchsorted(tpr, target, side="left"))
    weight = (target - tpr[end - 1]) / (tpr[end] - tpr[end - 1])
    return np.full(k, end), np.full(k, weight)


def _increasing_crossing(values, target):
    """Per row, first index where the (strictly increasing) row reaches target, and weight."""
    end = np.minimum((values < target).sum(axis=1), values.shape[1] - 1)
    rows = np.arange(values.shape[0])
    low, high = values[rows, end - 1], values[rows, end]
    return end, np.clip((target - low) / (high - low), 0.0, 1.0)


def _one_condition(tpr, posfrac, purity):
    """(name, value) of the one operating condition given; values checked to lie in (0, 1]."""
    pairs = (("tpr", tpr), ("posfrac", posfrac), ("purity", purity))
    given = {key: value for key, value in pairs if value is not None}
    if len(given) != 1:
        raise ValueError(
            "give exactly one operating condition: tpr, posfrac or purity (each in (0, 1]); "
            f"got {sorted(given) or 'none'}."
        )
    ((name, value),) = given.items()
    return name, check_rate_target(value, name)


def _split_folds(y_true, y_score, folds, pos_label):
    """(fold ids, [(is_pos, scores) per fold]) with labels and scores validated once."""
    if folds is None:
        y_parts, s_parts = _fold_sequences(y_true, y_score)
        sizes = np.cumsum([len(part) for part in y_parts])[:-1]
        is_pos, scores = check_labels_scores(
            np.concatenate(y_parts), np.concatenate(s_parts), pos_label=pos_label, name="y_score"
        )
        return list(range(len(y_parts))), list(
            zip(np.split(is_pos, sizes), np.split(scores, sizes), strict=True)
        )
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label, name="y_score")
    fold = np.asarray(folds)
    if fold.shape != is_pos.shape:
        raise ValueError(
            f"folds must give the fold of every instance: shape {is_pos.shape}, got {fold.shape}."
        )
    ids, index = np.unique(fold, return_inverse=True)
    return ids.tolist(), [(is_pos[index == i], scores[index == i]) for i in range(ids.size)]


def _fold_sequences(y_true, y_score):
    """Per-fold label and score arrays, checked to be 1-D and to pair up."""
    try:
        y_parts = [np.asarray(part) for part in y_true]
        s_parts = [np.asarray(part) for part in y_score]
    except TypeError:
        y_parts = s_parts = []
    if not y_parts or any(part.ndim != 1 for part in y_parts + s_parts):
        raise ValueError(
            "without folds, y_true and y_score must be sequences of per-fold 1-D arrays; "
            "pass folds= (the fold of each instance) for pooled arrays."
        )
    if len(y_parts) != len(s_parts):
        raise ValueError(
            f"y_true and y_score must hold the same number of folds, got {len(y_parts)} "
            f"and {len(s_parts)}."
        )
    return y_parts, s_parts
