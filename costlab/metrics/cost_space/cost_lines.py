"""Cost lines: a ROC point as a line in cost space, and the duality between the two spaces.

Source: C. Drummond and R. C. Holte, *Explicitly Representing Expected Cost: An Alternative to
ROC Representation*, KDD 2000 (cited "D&H" with the equation number). A ROC point (FP, TP) is
the straight *cost line* NE[C] = (1 - TP - FP) PCF(+) + FP (D&H eq. 8), from FP at PCF(+) = 0 to
1 - TP at PCF(+) = 1 (eq. 10); a line in ROC space with slope S and intercept TP_o is the point
PCF(+) = 1 / (1 + S), NE[C] = (1 - TP_o) PCF(+) (eq. 9). The trivial classifiers bound every
useful cost line; a classifier's *operating range* is where it beats both. The lower envelope
of the cost lines of a set of ROC points given as rates is :func:`cost_lines_envelope`.

PCF(+) itself is in :mod:`costlab.metrics.engine.pcf`, NE[C], the lower envelope and the
operating range in :mod:`costlab.metrics.engine.envelope` (the envelope reads the operating
range; this module re-exports it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics._validation import check_pcf, check_unit_interval
from costlab.metrics.cost_space._piecewise import upper_hull_of_rates
from costlab.metrics.engine.envelope import CostEnvelope, operating_range

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "cost_line",
    "cost_lines_envelope",
    "cost_point_to_roc_line",
    "operating_range",
    "roc_line_to_cost_point",
    "trivial_cost",
]


def cost_line(fpr: float, tpr: float) -> tuple[float, float]:
    """A ROC point as its cost line: ``(slope, intercept)`` of NE[C] over PCF(+) (D&H equation 8).

    >>> cost_line(0.09, 0.36)
    (0.55, 0.09)
    """
    return round(1.0 - float(tpr) - float(fpr), 15), float(fpr)


def cost_lines_envelope(fpr: ArrayLike, tpr: ArrayLike) -> CostEnvelope:
    """Lower envelope of the cost lines of ROC points given as rates (D&H section 2.2.1, Figure 9).

    "Each classifier delimits a half-space. The intersection of the half-spaces of the set of
    classifiers gives the lower envelope" (D&H 2.2.1): the minimum of the trivial classifiers'
    and every point's cost line :math:`NE[C] = (1 - TP - FP)\\, PCF(+) + FP` (eq. 8), the dual
    of the upper convex hull of the points with (0, 0) and (1, 1). For hard classifiers, or ROC
    points read off a paper, when the instance counts are unknown (with counts,
    :func:`costlab.metrics.hull_of_points` is exact).

    Parameters
    ----------
    fpr, tpr : array-like of float in [0, 1], one length
        The classifiers' ROC points.

    Returns
    -------
    CostEnvelope
        Its hull holds rates (``n_neg = n_pos = 1``) and NaN thresholds; collinear points
        (within 1e-14) are dropped.

    Examples
    --------
    D&H Fig. 8's classifier (FP = 0.09, TP = 0.36) and Fig. 4's B (FP = 0.3, TP = 0.7):

    >>> env = cost_lines_envelope([0.09, 0.3], [0.36, 0.7])
    >>> env.hull.fpr.tolist(), env.hull.tpr.tolist()
    ([0.0, 0.09, 0.3, 1.0], [0.0, 0.36, 0.7, 1.0])
    >>> round(env(0.5), 12)  # B's horizontal line
    0.3
    """
    x, y = check_unit_interval(fpr, "fpr"), check_unit_interval(tpr, "tpr")
    if np.ndim(x) != 1 or np.shape(x) != np.shape(y):
        raise ValueError(
            f"fpr and tpr must be 1-D arrays of one length, got shapes {np.shape(x)} and "
            f"{np.shape(y)}."
        )
    return CostEnvelope.from_hull(upper_hull_of_rates(x, y))


def roc_line_to_cost_point(slope: float, intercept: float) -> tuple[float, float]:
    """A line in ROC space, TP = S FP + TP_o, as its point in cost space (D&H equation 9).

    .. math:: PCF(+) = \\frac{1}{1 + S}, \\quad NE[C] = (1 - TP_o) PCF(+)

    Returns
    -------
    (pcf, cost) : tuple of float

    Examples
    --------
    The diagonal of a random classifier, TP = FP, is the point (0.5, 0.5):

    >>> roc_line_to_cost_point(1.0, 0.0)
    (0.5, 0.5)
    """
    s = float(slope)
    if s == -1.0:
        raise ValueError("slope must differ from -1: such a ROC line has no point in cost space.")
    pcf = 1.0 / (1.0 + s)
    return pcf, (1.0 - float(intercept)) * pcf


def cost_point_to_roc_line(pcf: float, cost: float) -> tuple[float, float]:
    """A point in cost space as its line in ROC space, inverting D&H equation 9.

    Returns
    -------
    (slope, intercept) : tuple of float
        S = 1 / PCF(+) - 1 and TP_o = 1 - NE[C] / PCF(+).

    Examples
    --------
    >>> cost_point_to_roc_line(0.5, 0.5)
    (1.0, 0.0)
    """
    x = float(pcf)
    if x == 0.0:
        raise ValueError("pcf must be > 0: the point PCF(+) = 0 is a vertical ROC line.")
    return 1.0 / x - 1.0, 1.0 - float(cost) / x


def trivial_cost(pcf: ArrayLike) -> Any:
    """Cost of the better trivial classifier at PCF(+): min(PCF(+), 1 - PCF(+)) (D&H Figure 7).

    Always negative (ROC (0, 0)) costs PCF(+); always positive (ROC (1, 1)) costs 1 - PCF(+).

    >>> trivial_cost([0.2, 0.5, 0.9]).tolist()
    [0.2, 0.5, 0.09999999999999998]
    """
    x = check_pcf(pcf)
    return np.minimum(x, 1.0 - x)
