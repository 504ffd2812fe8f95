"""One classifier's scores sorted once, then read under any cost density (Johnson et al. 2015).

Every scenario measure of :mod:`costlab.metrics.scenarios` has two halves. The first depends on
the scores only: one sort, the class counts, the ROC convex hull and its dual, the cost-curve
lower envelope (:mod:`costlab.metrics.engine`). The second depends on the belief u(c) about
the cost ratio c = c0 / (c0 + c1): the density's partial moments between the hull's
breakpoints, summed as Hand's (2009) H measure, Johnson et al.'s (2015) scenario curve (Fig. 1)
and their classifier and instance risks (eq. 10, Definitions 1-2).

:class:`ScoredHull` keeps the first half, so that reading the same scores under many densities
(an interactive density picker, a sweep over Beta parameters) costs no sort: each reading is
O(h) in the number of hull vertices h (instance risks: O(n log h)). The formulas are those of
:func:`~costlab.metrics.scenario_curve`, :func:`~costlab.metrics.h_measure` (with ``density``),
:func:`~costlab.metrics.classifier_risk` and :func:`~costlab.metrics.instance_risk`, which
compute the same thing from labels and scores each time; the tests check the two ways agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics.engine._counts import checked_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.scenarios.densities import as_cost_density
from costlab.metrics.scenarios.risk import _instance_table, _risk_table, normalized_loss
from costlab.metrics.scenarios.scenario_curves import _scenario

if TYPE_CHECKING:
    from typing import Any

    import pandas as pd
    from numpy.typing import ArrayLike

    from costlab.metrics.scenarios.scenario_curves import ScenarioCurve

__all__ = ["ScoredHull", "scored_hull"]


@dataclass(frozen=True, eq=False)
class ScoredHull:
    """Validated labels and scores with their ROC convex hull and cost envelope.

    Build it with :func:`scored_hull`; every method takes a cost density u(c) and sorts nothing.

    Attributes
    ----------
    is_pos : ndarray of bool, shape (n,)
        Whether each instance is positive, in input order.
    scores : ndarray of float, shape (n,)
        The positive class's scores, in input order.
    envelope : CostEnvelope
        The lower envelope; ``envelope.hull`` is the ROC convex hull.
    pi1 : float
        The positive class's prior :math:`\\pi_1` (weighted with ``sample_weight``).
    """

    is_pos: np.ndarray
    scores: np.ndarray
    envelope: CostEnvelope
    pi1: float

    @property
    def n_vertices(self) -> int:
        """Hull vertices, the two trivial classifiers included."""
        return self.envelope.hull.n_vertices

    def scenario_curve(self, density: Any = None, *, axis: str = "pcf") -> ScenarioCurve:
        """The scenario curve under ``density``: :func:`~costlab.metrics.scenario_curve`.

        ``density`` may also be ``"cost curve"``; ``axis`` is ``"pcf"`` or ``"c"``.
        """
        return _scenario(self.envelope, self.pi1, density, axis)

    def h_measure(self, density: Any = None) -> float:
        """H under ``density`` (default Hand's Beta(2, 2)): 1 minus the normalised loss.

        Equal to :func:`~costlab.metrics.h_measure` with ``density`` (Hand 2009; Johnson et al.
        2015, eq. 6 normalised).
        """
        return 1.0 - normalized_loss(self.envelope, self.pi1, as_cost_density(density))

    def classifier_risk(self, density: Any = None) -> pd.DataFrame:
        """Risk of every hull classifier: :func:`~costlab.metrics.classifier_risk` (eq. 10)."""
        return _risk_table(self.envelope, self.pi1, density)

    def instance_risk(self, density: Any = None) -> pd.DataFrame:
        """Risk of every instance: :func:`~costlab.metrics.instance_risk` (Definition 2)."""
        return _instance_table(self.is_pos, self.scores, self.envelope, self.pi1, density)


def scored_hull(
    y_true: ArrayLike,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> ScoredHull:
    """Sort a classifier's scores once, for the scenario measures under any density.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        The positive class's score, higher = more positive (``predict_proba(X)[:, 1]``).
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0), as in :func:`~costlab.metrics.classifier_risk`.

    Returns
    -------
    ScoredHull

    Examples
    --------
    >>> hull = scored_hull([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> round(hull.h_measure(("beta", 1, 1)), 12), hull.n_vertices
    (0.5, 4)
    >>> hull.classifier_risk(("beta", 1, 1))["risk"].round(6).tolist()
    [0.0, 0.03125, 0.03125, 0.0]
    """
    is_pos, scores, _, counts = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    return ScoredHull(is_pos, scores, envelope, counts.n_pos / (counts.n_pos + counts.n_neg))
