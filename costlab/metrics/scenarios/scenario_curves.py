"""Scenario curves: the minimum loss weighted by a cost density (Johnson et al. 2015, sec. 3.2).

Johnson et al. (2015) draw, for one classifier and several beliefs u(c) about the cost ratio,
"scenario curves [...] normalized such that (1) the area under each curve represents the value of
the respective loss measure and (2) the maximum loss for the cost curve is 1" (Fig. 1), over the
scenarios pc_1 = PCF(+) (sec. 2.3). We derive them from Hand's minimum loss

.. math:: Q(c) = \\min_t \\{ c \\pi_0 r_1(t) + (1 - c) \\pi_1 (1 - r_0(t)) \\}

(the integrand of Johnson et al. 2015, eq. 6, at the optimal hull vertex). With x = PCF(+),
:math:`D(x) = \\pi_1 (1 - x) + \\pi_0 x` and :math:`c(x) = \\pi_1 (1 - x) / D(x)`, the loss is
:math:`Q(c) = (c \\pi_0 + (1 - c) \\pi_1)\\, NE[C](x) = \\frac{\\pi_0 \\pi_1}{D(x)} NE[C](x)`
(NE[C] the cost curve's lower envelope, D&H eq. 8) and :math:`|dc/dx| = \\pi_0 \\pi_1 / D(x)^2`,
so that

.. math:: \\frac{\\int_0^1 Q(c) u(c)\\, dc}{Z_u}
          = \\int_0^1 \\underbrace{NE[C](x)\\, \\frac{\\pi_0^2 \\pi_1^2\\, u(c(x))}{D(x)^3 Z_u}}
          _{\\text{scenario curve } s_u(x)} dx = 1 - H_u,
          \\qquad Z_u = \\int_0^1 \\min(c\\pi_0, (1 - c)\\pi_1)\\, u(c)\\, dc.

The area under :math:`s_u` is the normalised loss 1 - H_u of Hand's H measure with density u
(Hand 2009); the cost curve itself, :math:`s(x) = NE[C](x)` (u uniform over PCF(+) rather than
over c), has area TEC (D&H eq. 11) and maximum 1 for the worst possible classifier. On the
c axis (``axis="c"``) the same curves are :math:`Q(c) u(c) / Z_u` and
:math:`NE[C](x(c))\\, |dx/dc|`, with the same areas.

Johnson et al. (2015) say that "the H Measure is equivalent to the area under the lower envelope of
the cost curve with uniform u(c)" (sec. 3.1); that holds only when :math:`s_u \\equiv NE[C]` up to
a constant, i.e. u uniform over PCF(+) with balanced classes (then u is uniform over c too),
not for Beta(2, 2) or unbalanced classes: the tests show both the equality and its failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics.cost_space.area import total_expected_cost
from costlab.metrics.engine._counts import checked_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.engine.pcf import _cost_proportion_pcf, pcf_cost_proportion
from costlab.metrics.scenarios.densities import CostDensity, as_cost_density
from costlab.metrics.scenarios.risk import (
    normalized_loss,
    point_mass_loss,
    trivial_loss,
)

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["COST_CURVE", "ScenarioCurve", "scenario_curve", "scenario_curves"]

COST_CURVE = "cost curve"
"""The ``density`` that selects the plain cost curve (uniform over PCF(+))."""

_AXES = ("pcf", "c")


@dataclass(frozen=True)
class ScenarioCurve:
    """One classifier's loss over the scenarios, weighted by a cost density.

    Attributes
    ----------
    envelope : CostEnvelope
        The classifier's cost-curve lower envelope.
    pi1 : float
        Prior of class 1 (the positive class).
    density : CostDensity or None
        u(c); None for the cost curve.
    name : str
        The density's name (``"cost curve"`` for the cost curve).
    loss : float
        The exact area under the curve: 1 - H_u, or TEC for the cost curve.
    axis : {"pcf", "c"}
        The x axis: PCF(+) (Johnson et al.'s pc_1) or the cost ratio c.
    """

    envelope: CostEnvelope
    pi1: float
    density: CostDensity | None
    name: str
    loss: float
    axis: str = "pcf"

    @property
    def h(self) -> float:
        """H_u = 1 - loss (NaN for the cost curve, which has no H)."""
        return np.nan if self.density is None else 1.0 - self.loss

    def _pcf(self, x):
        """PCF(+) of the axis values x, and |d pcf / d x|."""
        if self.axis == "pcf":
            return x, np.ones_like(x)
        # c -> PCF(+) is the map PCF(+) -> c itself (an involution), with the same Jacobian
        return _cost_proportion_pcf(x, self.pi1), _c_jacobian(x, self.pi1)

    def __call__(self, x: ArrayLike) -> Any:
        """The curve's height at axis values x (point masses contribute 0 off their atom)."""
        x = np.asarray(x, dtype=np.float64)
        if not np.all(np.isfinite(x)) or np.any((x < 0) | (x > 1)):
            raise ValueError(f"x must lie in [0, 1] (the {self.axis} axis).")
        pcf, jac = self._pcf(x)
        ne = self.envelope(pcf)
        if self.density is None:
            return ne * jac
        pi1, pi0 = self.pi1, 1.0 - self.pi1
        c = _cost_proportion_pcf(pcf, pi1)
        weight = (c * pi0 + (1.0 - c) * pi1) * self.density.pdf(c) * _c_jacobian(pcf, pi1) * jac
        z = trivial_loss(pi1, self.density)
        if not z > 0:  # z = 0: atoms at the ends only
            return np.zeros_like(ne)
        # a Beta density with a or b below 1 is infinite at an end, where NE[C] is 0: the
        # product's limit there is 0 (NE[C] vanishes linearly, the density as c^(a - 1))
        with np.errstate(invalid="ignore"):
            return np.where(ne > 0, ne * weight, 0.0) / z

    def curve(self, n: int = 1001) -> tuple[np.ndarray, np.ndarray]:
        """(x, y) for drawing: n even points plus the envelope's breakpoints."""
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
            raise ValueError(f"n must be an integer >= 2, got {n!r}.")
        knots = self.envelope.breakpoints
        if self.axis == "c":
            knots = _cost_proportion_pcf(knots, self.pi1)
        x = np.unique(np.concatenate((np.linspace(0.0, 1.0, n), knots)))
        return x, self(x)

    def atoms(self) -> list[tuple[float, float]]:
        """Point masses as (x, height) pairs: the normalised loss at each atom's c (the
        curve's "area" there), for drawing as spikes."""
        if self.density is None or not self.density.atoms:
            return []
        pi1 = self.pi1
        out = []
        z = trivial_loss(pi1, self.density)
        for c, mass in self.density.atoms:
            pcf = pcf_cost_proportion(c, pi1)
            if z > 0:
                q = (c * (1.0 - pi1) + (1.0 - c) * pi1) * self.envelope(pcf)
                height = mass * q / z
            else:  # all the mass at c = 0 or 1: the limit of point masses inside
                height = mass * point_mass_loss(self.envelope.hull, pi1, c)
            out.append((pcf if self.axis == "pcf" else c, height))
        return out

    def peak(self, n: int = 4001) -> tuple[float, float, int]:
        """(x, height, vertex) where the curve is highest: the scenario of greatest loss and
        the hull vertex optimal there (Johnson et al. 2015, sec. 4.3, "the global maximum")."""
        x, y = self.curve(n)
        k = int(np.argmax(y))
        pcf, _ = self._pcf(x[k : k + 1])
        return float(x[k]), float(y[k]), int(self.envelope.vertex_at(pcf)[0])


def _c_jacobian(pcf, pi1):
    """|dc/dx| at PCF(+) = x: :math:`\\pi_0 \\pi_1 / D(x)^2`."""
    pi0 = 1.0 - pi1
    d = pi1 * (1.0 - pcf) + pi0 * pcf
    return pi0 * pi1 / d**2


def scenario_curve(
    y_true: ArrayLike,
    y_score: Any,
    *,
    density: Any = None,
    axis: str = "pcf",
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> ScenarioCurve:
    """The scenario curve of one classifier for one cost density (Johnson et al. 2015, Figure 1).

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        The positive class's score, higher = more positive (``predict_proba(X)[:, 1]``).
    density : None, "cost curve", CostDensity, ("beta", a, b), float or callable
        u(c): default Beta(2, 2); ``"cost curve"`` for the plain cost curve; a float is a
        point mass at that cost ratio (see :mod:`costlab.metrics.scenarios.densities`).
    axis : {"pcf", "c"}
        The x axis: PCF(+) (default, Johnson et al.'s pc_1) or the cost ratio c = c0 / (c0 + c1).
    pos_label : scalar, optional

    Returns
    -------
    ScenarioCurve
        Its ``loss`` (the area) is 1 - H for the density, TEC for the cost curve.

    Examples
    --------
    >>> curve = scenario_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], density=("beta", 1, 1))
    >>> round(curve.loss, 12), round(curve.h, 12)  # risks 1/32 + 1/32 over Z = 1/8
    (0.5, 0.5)
    """
    counts = checked_counts(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)[3]
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    return _scenario(envelope, counts.n_pos / (counts.n_pos + counts.n_neg), density, axis)


def _scenario(envelope, pi1, density, axis):
    if axis not in _AXES:
        raise ValueError(f"axis must be one of {_AXES}, got {axis!r}.")
    if isinstance(density, str):
        if density != COST_CURVE:
            raise ValueError(
                f"density given as a string must be {COST_CURVE!r}, got {density!r} (use a "
                "CostDensity, ('beta', a, b), a cost ratio or a callable for the others)."
            )
        return ScenarioCurve(envelope, pi1, None, COST_CURVE, total_expected_cost(envelope), axis)
    u = as_cost_density(density)
    loss = normalized_loss(envelope, pi1, u)
    return ScenarioCurve(envelope, pi1, u, u.name, loss, axis)


def scenario_curves(
    y_true: ArrayLike,
    y_score: Any,
    densities: Any,
    *,
    axis: str = "pcf",
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> dict[str, ScenarioCurve]:
    """Scenario curves of one classifier for several densities (one sort of the scores).

    Parameters
    ----------
    densities : mapping name -> density, or sequence of densities
        As ``density`` of :func:`scenario_curve` (e.g.
        :func:`costlab.metrics.scenarios.densities.scenario_densities` plus ``"cost curve"``).

    Returns
    -------
    dict
        Name -> ScenarioCurve.
    """
    counts = checked_counts(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)[3]
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    pi1 = counts.n_pos / (counts.n_pos + counts.n_neg)
    if isinstance(densities, dict):
        items = list(densities.items())
    else:
        items = [(None, d) for d in densities]
    out = {}
    for key, density in items:
        curve = _scenario(envelope, pi1, density, axis)
        out[curve.name if key is None else str(key)] = curve
    return out
