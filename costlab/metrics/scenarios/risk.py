"""Classifier and instance risk under a cost density (Johnson, Raeder & Chawla 2015, sec. 3.3).

Johnson et al. 2015, Definition 1: "Assume that classifier C is optimal over the range of cost
ratios [c1, c2]. Then the risk of classifier C is the expected cost of the classifier over the range
for which it is optimal" (eq. 10),

.. math:: risk(\\mathcal{C}) = \\int_{c_1}^{c_2} \\ell_H(c)\\, dc, \\qquad
          \\ell_H(c) = \\big(c \\pi_0 r_1 + (1 - c) \\pi_1 (1 - r_0)\\big)\\, u(c)

with the integrand of eq. 6 (r1 = FPR, r0 = TPR of the hull vertex C, u the cost density).
Definition 2: "The risk of instance x is the aggregate risk over all classifiers that
misclassify x."

The classifiers are the vertices of the ROC convex hull, trivial ones included; vertex i is
optimal for PCF(+) in [b_i, b_{i+1}] (:class:`~costlab.metrics.CostEnvelope`), i.e. for
c in [c(b_{i+1}), c(b_i)] with

.. math:: c(x) = \\frac{\\pi_1 (1 - x)}{\\pi_1 (1 - x) + \\pi_0 x}

(PCF(+) = x is Johnson et al.'s (2015) pc_1, sec. 2.3). Summed over the hull, the risks give
:math:`\\int_0^1 Q(c) u(c) dc`, the numerator of the H measure: each is exact, from the
density's partial moments (:mod:`costlab.metrics.scenarios.densities`).

``normalized_risk`` divides by the loss of the better trivial classifier,
:math:`\\int_0^1 \\min(c\\pi_0, (1 - c)\\pi_1) u(c) dc`, so the normalised risks sum to
1 - H (Hand 2009).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics.engine._counts import checked_counts, class_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.engine.pcf import _cost_proportion_pcf
from costlab.metrics.scenarios.densities import PointMass, as_cost_density

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "classifier_risk",
    "instance_risk",
    "normalized_loss",
    "point_mass_loss",
    "trivial_loss",
    "vertex_risks",
]


def vertex_risks(envelope, pi1, density=None):
    """Eq. 10 for every hull vertex of ``envelope`` (an array, one value per vertex).

    Parameters
    ----------
    envelope : CostEnvelope
    pi1 : float
        The positive class's prior :math:`\\pi_1`.
    density : see :func:`costlab.metrics.scenarios.densities.as_cost_density`

    Returns
    -------
    ndarray of float, shape (h + 1,)
        :math:`\\pi_0 r_{1i} \\int c\\,u + \\pi_1 (1 - r_{0i}) \\int (1 - c)\\, u` over the
        vertex's c-interval.
    """
    u = as_cost_density(density)
    pi0 = 1.0 - pi1
    c = _cost_proportion_pcf(envelope.breakpoints, pi1)  # decreasing along the vertices
    m0, m1 = u.moments(c)
    d0, d1 = m0[:-1] - m0[1:], m1[:-1] - m1[1:]
    hull = envelope.hull
    return pi0 * hull.fpr * d0 + pi1 * (1.0 - hull.tpr) * d1


def trivial_loss(pi1, density=None):
    """:math:`\\int_0^1 \\min(c \\pi_0, (1 - c) \\pi_1) u(c) dc` (the crossing is at c = pi1)."""
    u = as_cost_density(density)
    m0, m1 = u.moments(np.array([pi1, 1.0]))
    return float((1.0 - pi1) * m0[0] + pi1 * (m1[1] - m1[0]))


def point_mass_loss(hull, pi1, c):
    """Q(c) over the better trivial classifier's loss at one cost ratio c in [0, 1]: 1 - H.

    For 0 < c <= pi1 the better trivial classifier calls everything positive (loss
    :math:`c \\pi_0`), so the ratio is :math:`\\min_i FPR_i + FNR_i (1 - c) \\pi_1 / (c \\pi_0)`
    over the hull vertices i; symmetrically for c > pi1. At the ends both losses are 0 and we
    take the limit of point masses inside: at c = 0 the lowest FPR of a vertex with TPR = 1
    (the negatives one must flag to catch every positive), at c = 1 the lowest FNR of a vertex
    with FPR = 0. Both lie in [0, 1], and the limit is what the formula gives with
    :math:`(1 - c) / c = \\infty` on vertices with FNR > 0 (with FPR > 0 at c = 1).

    Parameters
    ----------
    hull : RocHull
    pi1 : float
        The positive class's prior.
    c : float in [0, 1]

    Returns
    -------
    float
    """
    return float(np.min(_point_mass_per_vertex(hull, pi1, c)))


def _point_mass_per_vertex(hull, pi1, c):
    """Each vertex's loss at c over the better trivial classifier's (the limit at c = 0, 1)."""
    fpr, fnr = hull.fpr, 1.0 - hull.tpr
    c, pi1 = np.float64(c), np.float64(pi1)  # numpy division: x / 0 is inf, not an error
    pi0 = 1.0 - pi1
    with np.errstate(divide="ignore", invalid="ignore"):
        if c <= pi1:
            return fpr + np.where(fnr > 0, fnr * ((1.0 - c) * pi1 / (c * pi0)), 0.0)
        return fnr + np.where(fpr > 0, fpr * (c * pi0 / ((1.0 - c) * pi1)), 0.0)


def _normalized_vertex_risks(envelope, pi1, density, risk):
    """``risk`` over the better trivial classifier's loss, so that the values sum to 1 - H.

    A point mass at c = 0 or 1 gives every vertex risk 0 and the trivial loss 0; its
    normalised risks are their limit as the mass moves inside (as :func:`point_mass_loss`):
    the vertex optimal there carries 1 - H, every other vertex 0.
    """
    u = as_cost_density(density)
    z = trivial_loss(pi1, u)
    if z > 0:
        return risk / z
    if not isinstance(u, PointMass):  # pragma: no cover - only point masses have no inner mass
        raise ValueError(f"density {u.name} has no mass inside (0, 1): risks cannot be normalised")
    per_vertex = _point_mass_per_vertex(envelope.hull, pi1, u.at)
    normalized = np.zeros_like(risk)
    k = int(np.argmin(per_vertex))
    normalized[k] = per_vertex[k]
    return normalized


def normalized_loss(envelope, pi1, density=None):
    """1 - H: :math:`\\int Q u / \\int \\min(c\\pi_0, (1 - c)\\pi_1) u` (Hand 2009).

    A point mass is computed directly, with its limit at c = 0 or 1
    (:func:`point_mass_loss`); any other density by the exact vertex sums.

    Raises
    ------
    ValueError
        If the density is too concentrated for the ratio to be computed in double precision.
    """
    u = as_cost_density(density)
    if isinstance(u, PointMass):
        return point_mass_loss(envelope.hull, pi1, u.at)
    with np.errstate(divide="ignore", invalid="ignore"):
        loss = float(np.sum(vertex_risks(envelope, pi1, u)) / trivial_loss(pi1, u))
    if not np.isfinite(loss):
        raise ValueError(
            f"density {u.name} is too concentrated to integrate in double precision; "
            "give a point mass (a cost ratio c in [0, 1]) instead."
        )
    return loss


def _envelope(y_true, y_score, pos_label, sample_weight=None):
    is_pos, scores, _, counts = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    return is_pos, scores, envelope, counts.n_pos / (counts.n_pos + counts.n_neg)


def _risk_table(envelope, pi1, density):
    u = as_cost_density(density)
    risk = vertex_risks(envelope, pi1, u)
    # the cost ratio c is the cost proportion of Johnson et al. (2015, sec. 2.3)
    table = envelope.operating_points(pi1).rename(
        columns={"fp_cost_from": "c_from", "fp_cost_to": "c_to"}
    )
    table.insert(0, "vertex", np.arange(envelope.hull.n_vertices))
    table["risk"] = risk
    table["normalized_risk"] = _normalized_vertex_risks(envelope, pi1, u, risk)
    return table


def classifier_risk(
    y_true: ArrayLike,
    y_score: Any,
    *,
    density: Any = None,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """Each ROC-hull classifier's risk (Johnson et al. 2015, Definition 1, equation 10).

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        The positive class's score, higher = more positive (``predict_proba(X)[:, 1]``).
    density : None, CostDensity, ("beta", a, b), float or callable
        The cost density u(c); default Beta(2, 2), as Johnson et al. (2015, sec. 4).
    pos_label : scalar, optional

    Returns
    -------
    DataFrame
        One row per hull vertex, from "everything negative" to "everything positive":
        ``vertex, threshold`` (scores >= threshold are called positive), ``fpr, tpr``, the
        PCF(+) and c ranges where it is optimal, ``risk`` (eq. 10) and ``normalized_risk``
        (risk / the trivial classifier's loss; the column sums to 1 - H).

    Examples
    --------
    >>> table = classifier_risk([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], density=("beta", 1, 1))
    >>> table[["fpr", "tpr", "c_from", "c_to"]].values.tolist()
    [[0.0, 0.0, 1.0, 1.0], [0.0, 0.5, 0.5, 1.0], [0.5, 1.0, 0.0, 0.5], [1.0, 1.0, 0.0, 0.0]]
    >>> table["risk"].round(6).tolist()  # 1/2 (1 - c) / 2 over [1/2, 1], c / 4 over [0, 1/2]
    [0.0, 0.03125, 0.03125, 0.0]
    """
    _, _, envelope, pi1 = _envelope(y_true, y_score, pos_label, sample_weight)
    return _risk_table(envelope, pi1, density)


def instance_risk(
    y_true: ArrayLike,
    y_score: Any,
    *,
    density: Any = None,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """Risk of every instance (Johnson et al. 2015, Definition 2): the summed risk of the hull
    classifiers that misclassify it.

    Hull vertex i calls positive the instances scoring >= its threshold t_i (t decreases along
    the hull), so a positive scoring s is misclassified by the vertices with t_i > s and a
    negative by those with t_i <= s: one ``searchsorted`` per instance against the cumulative
    risks, O(n log h).

    Returns
    -------
    DataFrame
        One row per instance, in input order: ``positive`` (bool), ``score``, ``risk``,
        ``normalized_risk``, ``n_classifiers`` (hull vertices misclassifying it) and
        ``riskiest`` (misclassified by the vertex of greatest risk, the instances RiskBoost
        reweights).

    Examples
    --------
    >>> table = instance_risk([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], density=("beta", 1, 1))
    >>> table["risk"].round(6).tolist()
    [0.0, 0.03125, 0.03125, 0.0]
    """
    is_pos, scores, envelope, pi1 = _envelope(y_true, y_score, pos_label, sample_weight)
    return _instance_table(is_pos, scores, envelope, pi1, density)


def _instance_table(is_pos, scores, envelope, pi1, density):
    """Definition 2 for validated labels and scores whose hull is ``envelope``."""
    u = as_cost_density(density)
    risk = vertex_risks(envelope, pi1, u)
    normalized = _normalized_vertex_risks(envelope, pi1, u, risk)
    # the riskiest vertex by the normalised risks: the raw ones scaled, or their limit when a
    # point mass at c = 0 or 1 leaves every raw risk 0
    wrong_counts, wrong_normalized, riskiest = _misclassified(
        is_pos, scores, envelope.hull, normalized
    )
    _, wrong_risk, _ = _misclassified(is_pos, scores, envelope.hull, risk)
    return pd.DataFrame(
        {
            "positive": is_pos,
            "score": scores,
            "risk": wrong_risk,
            "normalized_risk": wrong_normalized,
            "n_classifiers": wrong_counts,
            "riskiest": riskiest,
        }
    )


def _misclassified(is_pos, scores, hull, risk):
    """Per instance: number and summed risk of the vertices misclassifying it, and whether the
    riskiest vertex does."""
    thresholds = hull.thresholds  # decreasing, thresholds[0] = inf
    above = np.searchsorted(-thresholds, -scores, side="left")  # vertices with t > s
    cum = np.concatenate(([0.0], np.cumsum(risk)))
    h = thresholds.size
    counts = np.where(is_pos, above, h - above)
    summed = np.where(is_pos, cum[above], cum[-1] - cum[above])
    return counts, summed, _riskiest_wrong(is_pos, scores, thresholds, risk)


def _riskiest_wrong(is_pos, scores, thresholds, risk):
    """Misclassified by the vertex of greatest risk (ties: the one calling fewer positives);
    nothing when no vertex has risk (a perfect hull)."""
    k = int(np.argmax(risk))
    if not risk[k] > 0.0:
        return np.zeros(is_pos.shape, dtype=bool)
    return np.where(is_pos, scores < thresholds[k], scores >= thresholds[k])


def riskiest_misclassified(is_pos, scores, density=None, sample_weight=None):
    """The instances misclassified by the hull vertex of greatest risk, and the round's losses.

    What RiskBoost (Johnson et al. 2015, Algorithm 1) needs from each round's training scores,
    from one sort. ``is_pos`` (bool) and ``scores`` (float) must be validated arrays;
    ``sample_weight`` (finite, > 0, e.g. the boosting distribution D_j) weights the counts, so
    that the hull, the priors :math:`\\pi_i`, the risks and the losses are those of the
    weighted data.

    Returns
    -------
    wrong : ndarray of bool
        Misclassified by the vertex of greatest eq. 10 risk (ties: the vertex calling fewer
        positives). A hull without risk (a perfect one: every risk is 0) has no riskiest
        classifier, and nothing is misclassified.
    expected : float
        Eq. 6, the expected minimum loss :math:`\\ell_H = \\int_0^1 Q(c) u(c) dc` (the
        risks summed; at most the trivial classifiers' loss, :func:`trivial_loss`, <= 1/4).
    normalized : float
        :math:`\\ell_H / \\int_0^1 \\min(c\\pi_0, (1 - c)\\pi_1) u(c) dc = 1 - H`, in [0, 1]
        (:func:`normalized_loss`).
    """
    counts = class_counts(is_pos, scores, sample_weight)
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    pi1 = counts.n_pos / (counts.n_pos + counts.n_neg)
    u = as_cost_density(density)
    risk = vertex_risks(envelope, pi1, u)
    wrong = _riskiest_wrong(is_pos, scores, envelope.hull.thresholds, risk)
    return wrong, float(np.sum(risk)), normalized_loss(envelope, pi1, u)
