"""Operating criteria on a ROC hull / cost envelope: Neyman-Pearson and workforce utilisation.

Source: Drummond & Holte 2000 ("D&H"), sec. 2.2.2, eqs. 12-14 and Figs. 10-14. A point
on an edge of the ROC convex hull "can be realised by combining the two classifiers incident to
it in a probabilistic way"; in cost space "the combined classifier is a line [...] the weighted
sum of the two classifiers on the lower envelope [...] that intersect at a given vertex" (Fig. 10):
using vertex j with probability w and vertex i otherwise gives the ROC point and cost line

.. math:: (FP, TP) = (1 - w)(FP_i, TP_i) + w (FP_j, TP_j), \\qquad
          NE[C] = (1 - w) NE_i[C] + w\\, NE_j[C].

Both criteria pick such a point by walking along the hull (equivalently, the envelope's vertices)
until the constraint is met; the result is a vertex or the mix of two adjacent vertices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics._validation import check_fraction, check_non_negative
from costlab.metrics.cost_space._piecewise import as_hull

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["OperatingChoice", "neyman_pearson", "workforce"]


@dataclass(frozen=True)
class OperatingChoice:
    """A classifier chosen on a ROC hull: a vertex, or a probabilistic mix of two adjacent ones.

    Attributes
    ----------
    fpr, tpr : float
        Its ROC point.
    vertices : tuple of int
        (i, j): hull vertices mixed; i == j when it is a vertex.
    weight : float
        Probability of using vertex j (vertex i otherwise); 0 for a single vertex.
    vertex_fpr, vertex_tpr, thresholds : tuple of float
        ROC points and score thresholds of vertices i and j.
    slope, intercept : float
        Its cost line NE[C] = slope x PCF(+) + intercept (D&H eq. 8): intercept = FP.
    """

    fpr: float
    tpr: float
    vertices: tuple
    weight: float
    vertex_fpr: tuple
    vertex_tpr: tuple
    thresholds: tuple
    slope: float
    intercept: float

    @property
    def is_mixture(self) -> bool:
        """True when the choice mixes two different vertices."""
        return self.vertices[0] != self.vertices[1] and self.weight > 0.0

    def cost(self, pcf: ArrayLike) -> Any:
        """NE[C] of the chosen classifier at PCF(+)."""
        return self.slope * np.asarray(pcf, dtype=np.float64) + self.intercept


def neyman_pearson(hull_or_envelope: Any, max_fpr: float) -> OperatingChoice:
    """The highest-TPR classifier with FPR <= ``max_fpr`` (D&H 2.2.2, Figures 11-12).

    In ROC space the vertical line FP = alpha meets the hull; in cost space (Fig. 12) the
    point (0, alpha) is placed on the NE[C] axis, where each cost line's height is its FP (D&H
    eq. 10); the two envelope lines on either side of it, i and j = i + 1 with
    :math:`FP_i \\le \\alpha < FP_j`, meet at an envelope vertex, and the line joining (0, alpha)
    to that vertex is the chosen classifier, the mix of i and j with

    .. math:: w = \\frac{\\alpha - FP_i}{FP_j - FP_i}, \\qquad
              TP = TP_i + w (TP_j - TP_i).

    Parameters
    ----------
    hull_or_envelope : RocHull or CostEnvelope
    max_fpr : float
        alpha, the largest allowed false positive rate (type I error), in [0, 1].

    Returns
    -------
    OperatingChoice

    Examples
    --------
    Hull (0, 0), (0.1, 0.5), (0.5, 0.9), (1, 1): alpha = 0.3 lies half way along the middle edge.

    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> hull = roc_convex_hull(y, [2] + [1] * 4 + [0] * 5 + [2] * 5 + [1] * 4 + [0])
    >>> c = neyman_pearson(hull, max_fpr=0.3)
    >>> c.vertices, round(c.weight, 12), round(c.tpr, 12), round(c.slope, 12)
    ((1, 2), 0.5, 0.7, 0.0)
    """
    hull = as_hull(hull_or_envelope, "hull_or_envelope")
    alpha = check_fraction(max_fpr, "max_fpr")
    fp = hull.fpr  # each cost line's height at PCF(+) = 0, increasing along the envelope
    i = int(np.searchsorted(fp, alpha, side="right")) - 1  # last line at or below (0, alpha)
    if fp[i] == alpha or i == fp.size - 1:
        return _choice(hull, i, i, 0.0)
    return _choice(hull, i, i + 1, (alpha - fp[i]) / (fp[i + 1] - fp[i]))


def workforce(
    hull: Any, capacity: float, *, n_pos: Any = None, n_neg: Any = None
) -> OperatingChoice:
    """The highest-TPR classifier flagging at most ``capacity`` cases (D&H 2.2.2, Figures 13-14).

    The workforce can handle C cases (D&H eq. 12):

    .. math:: TP \\cdot P + FP \\cdot N \\le C

    and keeping it maximally busy means equality, the ROC line (eq. 13)

    .. math:: TP = -\\frac{N}{P} FP + \\frac{C}{P},

    whose classifiers have the cost lines (eq. 14)

    .. math:: NE[C] = \\Big(1 - \\frac{C}{P} + \\big(\\frac{N}{P} - 1\\big) FP\\Big) PCF(+) + FP.

    Walking along the hull, TP P + FP N grows at every vertex; the chosen classifier is where
    it reaches C: a vertex, the mix of the two vertices of the edge crossing the line of eq. 13,
    or (1, 1) when even that flags at most C cases.

    Parameters
    ----------
    hull : RocHull or CostEnvelope
    capacity : float
        C >= 0, in cases.
    n_pos, n_neg : float, optional
        P and N of the population the workforce serves; default the hull's own counts (for a
        hull of rates, 1 and 1, so that C is a fraction).

    Returns
    -------
    OperatingChoice
        On the constraint (eq. 13) unless it is the vertex (1, 1); then its cost line is eq. 14.

    Examples
    --------
    Same hull, P = N = 10, C = 10 cases: vertex (0.1, 0.5) flags 6, (0.5, 0.9) flags 14.

    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> hull = roc_convex_hull(y, [2] + [1] * 4 + [0] * 5 + [2] * 5 + [1] * 4 + [0])
    >>> c = workforce(hull, capacity=10)
    >>> c.vertices, round(c.weight, 12), round(c.fpr, 12), round(c.tpr, 12)
    ((1, 2), 0.5, 0.3, 0.7)
    """
    hull = as_hull(hull, "hull")
    p = float(hull.n_pos) if n_pos is None else check_non_negative(n_pos, "n_pos", strict=True)
    n = float(hull.n_neg) if n_neg is None else check_non_negative(n_neg, "n_neg", strict=True)
    c = check_non_negative(capacity, "capacity")
    load = hull.tpr * p + hull.fpr * n  # cases flagged at each vertex (eq. 12), increasing
    i = int(np.searchsorted(load, c, side="right")) - 1
    if load[i] == c or i == load.size - 1:
        return _choice(hull, i, i, 0.0)
    choice = _choice(hull, i, i + 1, (c - load[i]) / (load[i + 1] - load[i]))
    slope = 1.0 - c / p + (n / p - 1.0) * choice.fpr  # eq. 14
    return _replace_line(choice, slope)


def _choice(hull, i, j, weight):
    """The mix of vertices i and j using j with probability ``weight``."""
    fpr, tpr = hull.fpr, hull.tpr
    weight = float(weight)
    f = float(fpr[i] + weight * (fpr[j] - fpr[i])) if i != j else float(fpr[i])
    t = float(tpr[i] + weight * (tpr[j] - tpr[i])) if i != j else float(tpr[i])
    return OperatingChoice(
        fpr=f,
        tpr=t,
        vertices=(int(i), int(j)),
        weight=weight,
        vertex_fpr=(float(fpr[i]), float(fpr[j])),
        vertex_tpr=(float(tpr[i]), float(tpr[j])),
        thresholds=(float(hull.thresholds[i]), float(hull.thresholds[j])),
        slope=1.0 - t - f,
        intercept=f,
    )


def _replace_line(choice, slope):
    fields = dict(choice.__dict__)
    fields["slope"] = float(slope)
    return OperatingChoice(**fields)
