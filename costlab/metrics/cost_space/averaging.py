"""Averaging several curves of one classifier (folds, repeats): in ROC space and in cost space.

Source: Drummond & Holte 2000 ("D&H"), sec. 2.2.3 and Figs. 15-16. Two averages put
different points of the curves into correspondence:

* Provost et al.'s *vertical* ROC average: "regard y, here the true positive rate, as a function
  x, here the false positive rate, and [...] compute the average y value for each x value". Points
  correspond when they have the same FP; appropriate "when the performance criterion calls for
  classifier selection based on FP, such as the Neyman-Pearson criterion".
* The cost-space average: the mean NE[C] at each PCF(+); points correspond when they are the best
  classifier of their curve for the same PCF(+). It "is the average normalised expected cost
  assuming that the classifier used for a given PCF(+) value is the best available one".

Each is transformed into the other space by the point/line duality (D&H eq. 8-9), and the two
are not the same curve: "the Provost et al. ROC averaging method [...] gives higher normalised
expected costs for many PCF(+) values". It can never give lower ones: a vertically averaged ROC
point (FP, mean TP_k(FP)) has the cost line mean_k of the lines of (FP, TP_k(FP)), each on or
above envelope k.

Both averages are exact: every curve is linear between its vertices (ROC) or breakpoints (cost),
so each mean is linear between the union of them, where it is evaluated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics._validation import check_pcf
from costlab.metrics.cost_space._piecewise import (
    as_hull,
    named,
    pieces,
    union_knots,
    upper_hull_of_rates,
    values_at,
)
from costlab.metrics.engine.envelope import CostEnvelope

if TYPE_CHECKING:
    from typing import Any

    import pandas as pd
    from numpy.typing import ArrayLike

    from costlab.metrics.engine.hull import RocHull

__all__ = ["AveragedCurve", "VerticalRocAverage", "average_envelopes", "vertical_roc_average"]


class _Band:
    """The band of an average: the lowest and highest averaged curve at each point."""

    values: np.ndarray  # each averaged curve, one row each (set by the subclass)

    @property
    def lower(self) -> np.ndarray:
        """The lowest averaged curve at each point of the average (the band's lower edge)."""
        return self.values.min(axis=0)

    @property
    def upper(self) -> np.ndarray:
        """The highest averaged curve at each point of the average (its upper edge)."""
        return self.values.max(axis=0)


@dataclass(frozen=True)
class AveragedCurve(_Band):
    """The mean of several lower envelopes at each PCF(+), with the curves it averages.

    Attributes
    ----------
    pcf : ndarray of float, shape (m,)
        The knots: the union of the envelopes' breakpoints, increasing, 0 and 1 included.
    mean : ndarray of float, shape (m,)
        The mean NE[C] at each knot; linear in between.
    values : ndarray of float, shape (k, m)
        Each envelope at each knot (for bands).
    envelopes : tuple of CostEnvelope
        The averaged envelopes.
    names : tuple
        Their names (dict keys, or 0, 1, ...).
    """

    pcf: np.ndarray
    mean: np.ndarray
    values: np.ndarray
    envelopes: tuple
    names: tuple

    def __call__(self, pcf: ArrayLike) -> Any:
        """The mean NE[C] at PCF(+) (linear between the knots, so exact)."""
        return np.interp(check_pcf(pcf), self.pcf, self.mean)

    def roc_points(self) -> pd.DataFrame:
        """The average in ROC space (D&H Fig. 15, dotted): one ROC point per linear piece.

        A piece NE[C] = m x + c is the cost line of the ROC point FP = c, TP = 1 - m - c
        (D&H eq. 8 read backwards). Returns ``(fpr, tpr)`` from (0, 0) to (1, 1), collinear
        points merged.
        """
        hull = self.roc_hull()
        return hull.fpr, hull.tpr

    def roc_hull(self) -> RocHull:
        """:meth:`roc_points` as a hull of rates (``n_neg = n_pos = 1``)."""
        slope, intercept = pieces(self.pcf, self.mean)
        return upper_hull_of_rates(intercept, 1.0 - slope - intercept)

    def as_envelope(self) -> CostEnvelope:
        """The average as a :class:`CostEnvelope` (of :meth:`roc_hull`); equal to ``mean``."""
        return CostEnvelope.from_hull(self.roc_hull())


def average_envelopes(envelopes: Any) -> AveragedCurve:
    """Cost-space average of several lower envelopes (D&H section 2.2.3, Figure 16, solid).

    .. math:: \\overline{NE}[C](x) = \\frac{1}{K} \\sum_{k=1}^{K} NE_k[C](x), \\quad x = PCF(+)

    evaluated at the union of the envelopes' breakpoints, between which all are linear.

    Parameters
    ----------
    envelopes : dict of name -> CostEnvelope or RocHull, or a list (names 0, 1, ...)
        One per fold or repeat; at least one.

    Returns
    -------
    AveragedCurve

    Examples
    --------
    Two folds whose classifiers are (0.1, 0.5) and (0.5, 0.9): at PCF(+) = 0.5 both cost 0.3.

    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> a = roc_convex_hull(y, [1] + [0] * 9 + [1] * 5 + [0] * 5)
    >>> b = roc_convex_hull(y, [1] * 5 + [0] * 5 + [1] * 9 + [0])
    >>> avg = average_envelopes([a, b])
    >>> round(float(avg(0.5)), 12), avg.values.shape
    (0.3, (2, 6))
    """
    names, envs = named(envelopes, "envelopes")
    x = union_knots(envs)
    values = values_at(envs, x)
    return AveragedCurve(x, values.mean(axis=0), values, tuple(envs), tuple(names))


@dataclass(frozen=True)
class VerticalRocAverage(_Band):
    """Provost et al.'s vertical average of several ROC hulls: mean TPR at each FPR.

    Attributes
    ----------
    fpr : ndarray of float, shape (m,)
        The union of the hulls' vertex FPRs, increasing.
    tpr : ndarray of float, shape (m,)
        The mean TPR at each; linear in between. At FPR = 0 each hull counts with its highest
        vertex there.
    values : ndarray of float, shape (k, m)
        Each hull's TPR at each FPR (for bands).
    hulls : tuple of RocHull
    names : tuple
    """

    fpr: np.ndarray
    tpr: np.ndarray
    values: np.ndarray
    hulls: tuple
    names: tuple

    def roc_hull(self) -> RocHull:
        """The averaged curve as a hull of rates (``n_neg = n_pos = 1``), from (0, 0).

        A mean of concave functions is concave, so this only adds (0, 0) and merges collinear
        points.
        """
        return upper_hull_of_rates(self.fpr, self.tpr)

    def envelope(self) -> CostEnvelope:
        """The averaged ROC curve in cost space (D&H Fig. 16, dotted): its lower envelope."""
        return CostEnvelope.from_hull(self.roc_hull())


def vertical_roc_average(hulls: Any) -> VerticalRocAverage:
    """Provost et al.'s vertical ROC average (D&H section 2.2.3, Figure 15, solid).

    .. math:: \\overline{TP}(FP) = \\frac{1}{K} \\sum_{k=1}^{K} TP_k(FP)

    with each hull a piecewise-linear function TP_k(FP), evaluated at the union of the hulls'
    vertex FPRs, between which all are linear. :meth:`VerticalRocAverage.envelope` gives it in
    cost space, where it is never below :func:`average_envelopes` of the same hulls.

    Parameters
    ----------
    hulls : dict of name -> RocHull or CostEnvelope, or a list (names 0, 1, ...)
        One per fold or repeat; at least one.

    Returns
    -------
    VerticalRocAverage

    Examples
    --------
    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> a = roc_convex_hull(y, [1] + [0] * 9 + [1] * 5 + [0] * 5)
    >>> b = roc_convex_hull(y, [1] * 5 + [0] * 5 + [1] * 9 + [0])
    >>> avg = vertical_roc_average([a, b])  # at FP = 0.5: (0.5 + 0.5 x 0.4 / 0.9 + 0.9) / 2
    >>> avg.fpr.tolist(), avg.tpr.round(4).tolist()
    ([0.0, 0.1, 0.5, 1.0], [0.0, 0.34, 0.8111, 1.0])
    """
    names, hulls = named(hulls, "hulls", convert=as_hull)
    fpr = np.unique(np.concatenate([h.fpr for h in hulls]))
    values = np.vstack([_tpr_at(h, fpr) for h in hulls])
    return VerticalRocAverage(fpr, values.mean(axis=0), values, tuple(hulls), tuple(names))


def _tpr_at(hull, x):
    """The hull as a function TP(FP) at ``x``: the highest vertex where FPs repeat (FP = 0)."""
    f, t = hull.fpr, hull.tpr
    top = np.r_[f[1:] != f[:-1], True]  # vertices come with TP increasing at equal FP
    return np.interp(x, f[top], t[top])
