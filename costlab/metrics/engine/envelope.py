"""Normalised expected cost and the lower envelope of a classifier's cost lines (D&H 2.1-2.2).

Source: C. Drummond and R. C. Holte, *Explicitly Representing Expected Cost: An Alternative to
ROC Representation*, KDD 2000 (cited "D&H" with the equation number), and the lecture notes on
cost curves with true costs. The x axis of a cost curve is PCF(+) (D&H eq. 6,
:mod:`costlab.metrics.engine.pcf`) and the y axis the normalised expected cost (D&H eq. 5 and 7)

.. math:: NE[C] = (1 - TP) \\cdot PCF(+) + FP \\cdot (1 - PCF(+))

so a ROC point (FP, TP) is a straight cost line (D&H eq. 8;
:mod:`costlab.metrics.cost_space.cost_lines`). The lower envelope of a classifier's cost lines
is the dual of its ROC convex hull: each hull vertex is the best classifier on one interval of
PCF(+). Every exact measure of costlab reads it: the thesis's MTMCS, TEC, H, risk, scenario
and threshold-choice curves. A classifier's operating range, where its cost line is below both
trivial classifiers' (:func:`operating_range`, public in
:mod:`costlab.metrics.cost_space.cost_lines`), is computed here because the envelope reads it
and the engine imports no family above it.

With equal priors p(+) = p(-), PCF(+) = FNcost and NE[C] = FNRate FNcost + FPRate FPcost, so the
thesis's MTMCS (Al-Saffar 2018, 4.1) is 100 x the envelope at PCF(+) = FNcost
(:func:`costlab.metrics.mtmcs_curve` is computed that way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import check_bool, check_pcf
from costlab.metrics.engine._counts import checked_counts
from costlab.metrics.engine.hull import RocHull, hull_from_counts
from costlab.metrics.engine.pcf import _cost_proportion_pcf, probability_cost

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["CostEnvelope", "cost_envelope", "normalized_expected_cost", "operating_range"]


def normalized_expected_cost(fpr: ArrayLike, tpr: Any, pcf: ArrayLike) -> Any:
    """Normalised expected cost of a classifier at PCF(+) (D&H equations 7 and 8).

    .. math:: NE[C] = (1 - TP - FP) \\cdot PCF(+) + FP

    Parameters
    ----------
    fpr, tpr : float or array-like
        The classifier's ROC point.
    pcf : float or array-like
        PCF(+) in [0, 1] (see :func:`probability_cost`).

    Examples
    --------
    D&H Figure 8's classifier (FP = 0.09, TP = 0.36) at both ends (eq. 10):

    >>> [round(normalized_expected_cost(0.09, 0.36, x), 2) for x in (0, 1)]
    [0.09, 0.64]
    """
    x = check_pcf(pcf)
    value = (1.0 - np.asarray(tpr) - np.asarray(fpr)) * x + np.asarray(fpr)
    return float(value) if np.ndim(value) == 0 else value


def operating_range(fpr: float, tpr: float) -> tuple[float, float] | None:
    """PCF(+) interval where a classifier beats both trivial classifiers (D&H 2.2).

    The lecture notes on cost curves call it the operating range as well.

    Its cost line is below PCF(+) (always negative) for PCF(+) > FP / (TP + FP)... precisely,
    below the trivial cost where

    .. math:: \\frac{FP}{FP + TP} < PCF(+) < \\frac{1 - FP}{(1 - FP) + (1 - TP)}

    Returns
    -------
    (low, high) : tuple of float, or None
        None when the classifier never beats both (on or below the ROC diagonal).

    Examples
    --------
    D&H Figure 4's classifier B (FP = 0.3, TP = 0.7) has the operating range [0.3, 0.7]:

    >>> tuple(round(v, 10) for v in operating_range(0.3, 0.7))
    (0.3, 0.7)
    """
    f, t = float(fpr), float(tpr)
    if t <= f:
        return None
    return f / (f + t), (1.0 - f) / ((1.0 - f) + (1.0 - t))


@dataclass(frozen=True)
class CostEnvelope:
    """The lower envelope of a classifier's cost lines: the dual of its ROC convex hull.

    Vertex i of the hull (FP_i, TP_i) is optimal for PCF(+) in [breakpoints[i],
    breakpoints[i + 1]], where consecutive vertices cost the same:

    .. math:: b_i = \\frac{\\Delta FP}{\\Delta FP + \\Delta TP}
              = \\frac{1}{1 + S_i}

    with S_i the slope of hull edge i (D&H eq. 9 applied to eq. 1).

    Attributes
    ----------
    hull : RocHull
        The ROC convex hull; its vertex i is the envelope's segment i.
    breakpoints : ndarray of float, shape (h + 2,)
        0, the PCF(+) where each hull edge's two vertices cost the same, and 1.
    """

    hull: RocHull
    breakpoints: np.ndarray

    @classmethod
    def from_hull(cls, hull: Any) -> CostEnvelope:
        """The envelope of a :class:`RocHull`."""
        dfp = np.diff(hull.fp).astype(np.float64) * hull.n_pos
        dtp = np.diff(hull.tp).astype(np.float64) * hull.n_neg
        edges = dfp / (dfp + dtp)
        return cls(hull, np.concatenate(([0.0], edges, [1.0])))

    def vertex_at(self, pcf: ArrayLike) -> Any:
        """Index of the hull vertex optimal at each PCF(+) (the lower-FP one at a breakpoint)."""
        x = np.atleast_1d(check_pcf(pcf))
        inner = self.breakpoints[1:-1]
        return np.searchsorted(inner, x, side="left")

    def __call__(self, pcf: ArrayLike) -> Any:
        """NE[C] of the envelope at PCF(+) (a float, or an array for an array)."""
        x = check_pcf(pcf)
        i = self.vertex_at(x)
        value = normalized_expected_cost(self.hull.fpr[i], self.hull.tpr[i], np.atleast_1d(x))
        return float(value[0]) if np.ndim(x) == 0 else value

    def cost_at(
        self, p_pos: ArrayLike, fn_cost: Any, fp_cost: Any, *, normalized: bool = True
    ) -> Any:
        """The envelope's cost for true priors and costs instead of PCF(+).

        As in the lecture notes on cost curves with true costs:

        .. math:: Costs_{norm} = NE[C](PC(+)), \\quad
                  Costs = Costs_{norm} \\cdot ((1 - \\pi_+) cost_{FP} + \\pi_+ cost_{FN})

        with :math:`PC(+)` from :func:`probability_cost` (D&H eq. 6). ``normalized=False``
        returns the expected cost per instance in the costs' own units.

        Examples
        --------
        >>> env = cost_envelope([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> env.cost_at(0.5, fn_cost=1, fp_cost=1)
        0.25
        >>> round(env.cost_at(0.5, fn_cost=4, fp_cost=1, normalized=False), 12)
        0.25

        (At p(+) = 0.5, C(-|+) = 4, C(+|-) = 1: PC(+) = 0.8, where the vertex FP = 0.5, TP = 1 is
        optimal; its expected cost is 0.5 x 0 x 4 + 0.5 x 0.5 x 1 = 0.25.)
        """
        pcf = probability_cost(p_pos, fn_cost, fp_cost)
        value = self(pcf)
        if normalized:
            return value
        worst = (1.0 - np.asarray(p_pos)) * np.asarray(fp_cost) + np.asarray(p_pos) * np.asarray(
            fn_cost
        )
        return float(value * worst) if np.ndim(value) == 0 else value * worst

    def operating_points(self, p_pos: ArrayLike | None = None) -> pd.DataFrame:
        """Tidy table: each hull vertex, its threshold and the interval where it is optimal.

        Columns ``threshold, fpr, tpr, pcf_from, pcf_to, fp_cost_from, fp_cost_to``: vertex i is
        optimal for PCF(+) in [pcf_from, pcf_to] (the envelope's breakpoints), i.e. for the
        normalised FPcost (the thesis's r, a cost proportion) in [fp_cost_from, fp_cost_to];
        PCF(+) falls as FPcost rises, so the ends swap. With ``p_pos=None`` (equal priors)
        FPcost = 1 - PCF(+); with a prior p(+), FPcost is :func:`pcf_cost_proportion` of PCF(+)
        (D&H eq. 6).

        Examples
        --------
        >>> env = cost_envelope([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> env.operating_points()[["fpr", "tpr", "fp_cost_from", "fp_cost_to"]].values.tolist()
        [[0.0, 0.0, 1.0, 1.0], [0.0, 0.5, 0.5, 1.0], [0.5, 1.0, 0.0, 0.5], [1.0, 1.0, 0.0, 0.0]]
        """
        edges = self.breakpoints
        pcf_from, pcf_to = edges[:-1], edges[1:]
        if p_pos is None:
            fp_from, fp_to = 1.0 - pcf_to, 1.0 - pcf_from
        else:
            fp_from, fp_to = (
                _cost_proportion_pcf(pcf_to, p_pos),
                _cost_proportion_pcf(pcf_from, p_pos),
            )
        return pd.DataFrame(
            {
                "threshold": self.hull.thresholds,
                "fpr": self.hull.fpr,
                "tpr": self.hull.tpr,
                "pcf_from": pcf_from,
                "pcf_to": pcf_to,
                "fp_cost_from": fp_from,
                "fp_cost_to": fp_to,
            }
        )

    def operating_range(self) -> tuple[float, float] | None:
        """PCF(+) interval where the envelope is strictly below both trivial classifiers.

        Hull vertex i is optimal on [b_i, b_{i+1}] (the breakpoints) and beats both trivial
        classifiers on its own :func:`~costlab.metrics.operating_range`,
        FP / (FP + TP) < PCF(+) < (1 - FP) / ((1 - FP) + (1 - TP)) (D&H 2.1-2.2); the
        envelope's range runs from the first such intersection to the last.

        Returns
        -------
        (low, high) : tuple of float, or None
            None when no vertex is above the ROC diagonal.

        Examples
        --------
        D&H Figure 4's classifier B alone (FP = 0.3, TP = 0.7), operating on [0.3, 0.7]:

        >>> from costlab.metrics import hull_of_points
        >>> env = CostEnvelope.from_hull(hull_of_points([3], [7], n_neg=10, n_pos=10))
        >>> tuple(round(v, 12) for v in env.operating_range())
        (0.3, 0.7)
        """
        b = self.breakpoints
        pieces = []
        for i, (f, t) in enumerate(zip(self.hull.fpr, self.hull.tpr, strict=True)):
            bounds = operating_range(f, t)
            if bounds is not None and max(bounds[0], b[i]) < min(bounds[1], b[i + 1]):
                pieces.append((max(bounds[0], b[i]), min(bounds[1], b[i + 1])))
        if not pieces:
            return None
        return float(pieces[0][0]), float(pieces[-1][1])

    def segments(self) -> pd.DataFrame:
        """Tidy table: one row per hull vertex with its PCF(+) interval and cost line.

        Columns ``pcf_from, pcf_to, fpr, tpr, slope, intercept, threshold``. Vertices whose
        interval is empty (optimal at one PCF(+) only) are kept, with pcf_from == pcf_to.
        """
        fpr, tpr = self.hull.fpr, self.hull.tpr
        return pd.DataFrame(
            {
                "pcf_from": self.breakpoints[:-1],
                "pcf_to": self.breakpoints[1:],
                "fpr": fpr,
                "tpr": tpr,
                "slope": 1.0 - tpr - fpr,
                "intercept": fpr,
                "threshold": self.hull.thresholds,
            }
        )

    def curve(self) -> tuple[np.ndarray, np.ndarray]:
        """The envelope as a polyline: (pcf, cost) at 0, every breakpoint and 1."""
        x = self.breakpoints
        return x, self(x)


def cost_envelope(
    y_true: ArrayLike,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    higher_is_positive: bool = True,
) -> CostEnvelope:
    """Lower envelope of a classifier's cost lines (D&H section 2.2.1, Figure 9).

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight, higher_is_positive
        As for :func:`costlab.metrics.roc_convex_hull`.

    Returns
    -------
    CostEnvelope

    Examples
    --------
    >>> env = cost_envelope([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> env.breakpoints.tolist()
    [0.0, 0.0, 0.5, 1.0, 1.0]
    >>> env([0.25, 0.5, 0.75]).tolist()
    [0.125, 0.25, 0.125]
    """
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    counts = checked_counts(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)[3]
    hull = hull_from_counts(counts, higher_is_positive=higher_is_positive)
    return CostEnvelope.from_hull(hull)
