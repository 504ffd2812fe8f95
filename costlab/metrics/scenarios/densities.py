"""Densities u(c) over the cost ratio c = c0 / (c0 + c1): the scenarios of Johnson et al. (2015).

Johnson, Raeder & Chawla (2015, Table 1) write the loss of a classifier with error
rates (r1, 1 - r0) = (FPR, 1 - TPR) at cost ratio c as (eq. 5)

.. math:: \\ell(c) = c \\pi_0 r_1 + (1 - c) \\pi_1 (1 - r_0),

where :math:`c_0` is the cost of misclassifying a class-0 (negative) instance and
:math:`c_1` that of a class-1 (positive) one. A *scenario* is a belief u(c) about c. Every
exact integral costlab takes over u (the H measure, scenario curves, classifier risk) is a sum,
over the c-intervals where one hull vertex is optimal, of

.. math:: \\int_{c_a}^{c_b} c\\, u(c)\\, dc \\quad\\text{and}\\quad
          \\int_{c_a}^{c_b} (1 - c)\\, u(c)\\, dc,

so a density here is what gives these two partial moments, :meth:`CostDensity.moments` (their
running integrals from 0), plus its ``pdf`` for drawing. Closed forms for (truncated) Beta,
truncated exponential and point masses; adaptive quadrature for any other density.

The families of Johnson et al.'s Fig. 1 (sec. 3.2) come from :func:`scenario_densities`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from scipy import integrate, optimize, special

from costlab.metrics._validation import check_cost_proportions

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "BetaDensity",
    "CostDensity",
    "FunctionDensity",
    "PointMass",
    "TruncatedExponential",
    "as_cost_density",
    "scenario_densities",
]


class CostDensity:
    """A probability distribution of the cost ratio c on [0, 1].

    Subclasses give :meth:`pdf` and :meth:`moments`; ``atoms`` lists point masses
    ``(c, mass)`` (drawn as spikes; their pdf is 0 elsewhere).
    """

    name = "density"
    atoms: tuple = ()

    def pdf(self, c: ArrayLike) -> np.ndarray:
        """u(c) (0 outside the support; point masses are not in it)."""
        raise NotImplementedError

    def moments(self, c: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """Running moments :math:`(\\int_0^c x u(x) dx, \\int_0^c (1 - x) u(x) dx)`.

        Parameters
        ----------
        c : array-like of float in [0, 1]

        Returns
        -------
        (ndarray, ndarray)
            Both non-decreasing in c; at c = 1 they sum to 1.
        """
        raise NotImplementedError

    def mean(self) -> float:
        """E[c]."""
        m0, _ = self.moments(np.array([1.0]))
        return float(m0[0])

    def __repr__(self):
        return self.name


@dataclass(frozen=True, repr=False)
class BetaDensity(CostDensity):
    """Beta(a, b), optionally truncated to [low, high] and renormalised.

    Hand (2009) proposes Beta(2, 2); Johnson et al. write its density as "u(c) = 1/6 c (1 - c)",
    which is Beta(2, 2) only up to the factor: the normalised density is 6 c (1 - c) (its
    integral over [0, 1] must be 1). Closed-form moments from the regularised incomplete beta
    function :math:`I_x(a, b)`:

    .. math:: \\int_0^c x\\, \\mathrm{Beta}(x; a, b)\\, dx = \\frac{a}{a + b} I_c(a + 1, b)

    A window in the upper half of [0, 1] is integrated with the upper tails
    :math:`1 - I_x(a, b) = I_{1 - x}(b, a)`, so that a narrow window at c = 1 (e.g. [0.999999, 1])
    keeps its precision instead of cancelling to 0/0. A window whose probability underflows
    double precision (e.g. [0, 1e-300]) is treated as a point mass at its midpoint, the limit
    as the window narrows.

    Examples
    --------
    The Beta(2, 2) cost density of Hand (2009)'s H measure, symmetric about 1/2:

    >>> from costlab.metrics import BetaDensity
    >>> density = BetaDensity(2, 2)
    >>> density.pdf([0.25, 0.5, 0.75])
    array([1.125, 1.5  , 1.125])
    """

    a: float = 2.0
    b: float = 2.0
    low: float = 0.0
    high: float = 1.0

    def __post_init__(self):
        for key in ("a", "b"):
            value = getattr(self, key)
            if not (np.isfinite(value) and value > 0):
                raise ValueError(
                    f"{key} must be a finite number > 0 (a Beta density), got {value!r}."
                )
        if not (0.0 <= self.low < self.high <= 1.0):
            raise ValueError(
                f"low and high must satisfy 0 <= low < high <= 1, got low={self.low!r}, "
                f"high={self.high!r}."
            )

    @property
    def name(self) -> str:  # type: ignore[override]  # a class attribute of the base
        core = f"Beta({self.a:g}, {self.b:g})"
        if (self.low, self.high) == (0.0, 1.0):
            return core
        return f"{core} on [{self.low:g}, {self.high:g}]"

    def _upper(self):
        """Whether to integrate with upper tails (the window lies mostly above 1/2)."""
        return self.low + self.high > 1.0

    def _cdf(self, a, b, x):
        """I_x(a, b), or its upper tail I_{1-x}(b, a) = 1 - I_x(a, b) with :meth:`_upper`."""
        return special.betainc(b, a, 1.0 - x) if self._upper() else special.betainc(a, b, x)

    def _between(self, a, b, x):
        """:math:`\\int_{low}^{x} \\mathrm{Beta}(t; a, b)\\, dt`, without cancellation at 0 or 1."""
        if self._upper():
            return self._cdf(a, b, self.low) - self._cdf(a, b, x)
        return self._cdf(a, b, x) - self._cdf(a, b, self.low)

    def _mass(self):
        return float(self._between(self.a, self.b, self.high))

    def pdf(self, c: ArrayLike) -> np.ndarray:
        c = check_cost_proportions(c)
        inside = (c >= self.low) & (c <= self.high)
        dens = np.exp(
            special.xlogy(self.a - 1, c)
            + special.xlog1py(self.b - 1, -c)
            - special.betaln(self.a, self.b)
        )
        return np.where(inside, dens / self._mass(), 0.0)

    def moments(self, c: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        c = np.clip(check_cost_proportions(c), self.low, self.high)
        mass = self._mass()
        if not mass > 0:  # the window's probability underflows: its point-mass limit
            return PointMass(0.5 * (self.low + self.high)).moments(c)
        a, b = self.a, self.b
        first = a / (a + b)
        m0 = first * self._between(a + 1, b, c) / mass
        m1 = (1 - first) * self._between(a, b + 1, c) / mass
        return m0, m1


@dataclass(frozen=True, repr=False)
class TruncatedExponential(CostDensity):
    """u(c) proportional to exp(-rate c) on [0, 1] (rate < 0 rises, rate = 0 is uniform).

    .. math:: u(c) = \\frac{\\lambda e^{-\\lambda c}}{1 - e^{-\\lambda}}, \\quad
              \\int_0^c x u(x) dx = \\frac{(1 - e^{-\\lambda c})/\\lambda - c e^{-\\lambda c}}
              {1 - e^{-\\lambda}}

    Johnson et al.'s family (4) sets :math:`\\lambda` so that E[c] matches a target mean
    (:meth:`with_mean`).
    """

    rate: float = 1.0

    def __post_init__(self):
        if not np.isfinite(self.rate):
            raise ValueError(f"rate must be a finite number, got {self.rate!r}.")

    @property
    def name(self) -> str:  # type: ignore[override]  # a class attribute of the base
        return f"TruncExp(rate={self.rate:.4g})"

    @classmethod
    def with_mean(cls, mean: float) -> TruncatedExponential:
        """The truncated exponential on [0, 1] with E[c] = ``mean`` (0 < mean < 1)."""
        mean = float(mean)
        if not (0.0 < mean < 1.0):
            raise ValueError(f"mean must lie in (0, 1), got {mean!r}.")
        if abs(mean - 0.5) < 1e-12:
            return cls(0.0)
        rate = optimize.brentq(lambda r: cls(r).mean() - mean, -1e3, 1e3, xtol=1e-14, rtol=1e-15)
        return cls(float(rate))

    def pdf(self, c: ArrayLike) -> np.ndarray:
        c = check_cost_proportions(c)
        lam = self.rate
        if abs(lam) < 1e-9:
            return np.ones_like(c)
        if lam < 0:  # u_lam(c) = u_{-lam}(1 - c), computed without overflow
            return TruncatedExponential(-lam).pdf(1.0 - c)
        return lam * np.exp(-lam * c) / -np.expm1(-lam)

    def moments(self, c: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        c = check_cost_proportions(c)
        lam = self.rate
        if abs(lam) < 1e-9:  # uniform
            m0 = c**2 / 2
            return m0, c - m0
        if lam < 0:  # mirror: int_0^c x u(1 - x) dx = int_{1-c}^1 (1 - y) u(y) dy
            mirror = TruncatedExponential(-lam)
            end0, end1 = mirror.moments(np.ones(1))
            y0, y1 = mirror.moments(1.0 - c)
            return end1[0] - y1, end0[0] - y0
        z = -np.expm1(-lam)
        cdf = -np.expm1(-lam * c) / z
        m0 = (-np.expm1(-lam * c) / lam - c * np.exp(-lam * c)) / z
        return m0, cdf - m0


@dataclass(frozen=True, repr=False)
class PointMass(CostDensity):
    """All belief on one cost ratio ``at`` (a fixed, known c: the classic cost-sensitive case)."""

    at: float = 0.5

    def __post_init__(self):
        if not (np.isfinite(self.at) and 0.0 <= self.at <= 1.0):
            raise ValueError(f"at must lie in [0, 1] (a cost ratio c), got {self.at!r}.")

    @property
    def name(self) -> str:  # type: ignore[override]  # a class attribute of the base
        return f"c = {self.at:g}"

    @property
    def atoms(self) -> Any:  # type: ignore[override]  # a class attribute of the base
        return ((self.at, 1.0),)

    def pdf(self, c: ArrayLike) -> np.ndarray:
        return np.zeros_like(check_cost_proportions(c))

    def moments(self, c: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        step = (check_cost_proportions(c) >= self.at).astype(np.float64)
        return self.at * step, (1.0 - self.at) * step


class FunctionDensity(CostDensity):
    """Any density given as a function u(c) >= 0 on [0, 1], normalised numerically.

    Moments are integrated with ``scipy.integrate.quad`` between consecutive requested points,
    so they are exact to quadrature accuracy (about 1e-10 for smooth u).
    """

    def __init__(self, pdf: Callable[..., Any], name: str = "u(c)") -> None:
        if not callable(pdf):
            raise TypeError(f"pdf must be callable u(c), got {type(pdf).__name__}.")
        self._pdf = pdf
        self.name = str(name)
        grid = np.linspace(0.0, 1.0, 1025)
        values = np.array([float(pdf(x)) for x in grid])
        if not np.all(np.isfinite(values)) or np.any(values < 0):
            raise ValueError("density must be a finite function >= 0 on [0, 1].")
        self._total = integrate.quad(lambda x: float(pdf(x)), 0.0, 1.0, limit=200)[0]
        if not self._total > 0:
            raise ValueError("density must have a positive integral over [0, 1].")

    def pdf(self, c: ArrayLike) -> np.ndarray:
        c = check_cost_proportions(c)
        return np.vectorize(lambda x: float(self._pdf(x)) / self._total, otypes=[float])(c)

    def moments(self, c: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        c = check_cost_proportions(c)
        flat = c.ravel()
        order = np.argsort(flat, kind="stable")
        points = np.concatenate(([0.0], flat[order]))
        m0 = np.zeros(flat.size)
        m1 = np.zeros(flat.size)
        acc0 = acc1 = 0.0
        for k in range(flat.size):
            lo, hi = points[k], points[k + 1]
            if hi > lo:
                acc0 += integrate.quad(lambda x: x * float(self._pdf(x)), lo, hi, limit=200)[0]
                acc1 += integrate.quad(lambda x: (1 - x) * float(self._pdf(x)), lo, hi, limit=200)[
                    0
                ]
            m0[order[k]], m1[order[k]] = acc0, acc1
        return (m0 / self._total).reshape(c.shape), (m1 / self._total).reshape(c.shape)


def as_cost_density(density: Any) -> CostDensity:
    """A :class:`CostDensity` from what users write.

    Parameters
    ----------
    density : None, CostDensity, ("beta", a, b), float or callable
        None is Hand's Beta(2, 2); a float in [0, 1] is a point mass at that c; a callable is
        a density function u(c) (normalised numerically).

    Examples
    --------
    >>> as_cost_density(None).name, as_cost_density(("beta", 1, 1)).name
    ('Beta(2, 2)', 'Beta(1, 1)')
    >>> as_cost_density(0.25).name
    'c = 0.25'
    """
    if density is None:
        return BetaDensity(2.0, 2.0)
    if isinstance(density, CostDensity):
        return density
    if isinstance(density, tuple) and len(density) == 3 and density[0] == "beta":
        return BetaDensity(float(density[1]), float(density[2]))
    if isinstance(density, (int, float, np.integer, np.floating)) and not isinstance(density, bool):
        return PointMass(float(density))
    if callable(density):
        return FunctionDensity(density, name=getattr(density, "__name__", "u(c)"))
    raise TypeError(
        "density must be None (Beta(2, 2)), a CostDensity, ('beta', a, b), a cost ratio in "
        f"[0, 1] or a callable u(c); got {type(density).__name__}."
    )


def scenario_densities(pi1: float) -> dict[str, CostDensity]:
    """Johnson et al.'s cost densities (their Figure 1, section 3.2) for a positive prior ``pi1``.

    Johnson et al. describe them in words; the parametrisations below are ours, stated:

    1. ``"Beta(2, 2)"``: Hand's (2009) choice.
    2. ``"class ratio"``: "a Beta distribution shifted so that the most likely cost ratio is
       proportional to the proportion of minority class instances". We take the R package
       ``hmeasure``'s default severity ratio, Beta(2, 1 + pi0/pi1), whose mode is c = pi1:
       when the positives are the minority, their errors are the costlier (c < 1/2). (The
       paper writes "c proportional to pi0"; with its c = c0/(c0 + c1) that would make the
       majority's errors costlier, against its own motivation for family 3.)
    3. ``"minority costlier"``: "a truncated Beta where p(c0 > c1) = 0": Beta(2, 2) truncated
       to the side of 1/2 where the minority class's errors cost more (c <= 1/2 when the
       positives are the minority).
    4. ``"inverse prior"``: "a truncated exponential where lambda is set to ensure that the
       expectation of class i is inversely proportional to the proportion of that class",
       c_i proportional to 1/pi_i, i.e. E[c] = (1/pi0) / (1/pi0 + 1/pi1) = pi1.
    5. The cost curve itself (uniform over PCF(+)) is not a density over c: see
       :func:`costlab.metrics.scenario_curve` with ``density="cost curve"``.

    Parameters
    ----------
    pi1 : float in (0, 1)
        The proportion of class 1 (positives).

    Returns
    -------
    dict
        Name -> CostDensity.
    """
    pi1 = float(pi1)
    if not (0.0 < pi1 < 1.0):
        raise ValueError(f"pi1 must lie in (0, 1) (the positive class's prior), got {pi1!r}.")
    pi0 = 1.0 - pi1
    half = (0.0, 0.5) if pi1 <= 0.5 else (0.5, 1.0)
    return {
        "Beta(2, 2)": BetaDensity(2.0, 2.0),
        "class ratio": BetaDensity(2.0, 1.0 + pi0 / pi1),
        "minority costlier": BetaDensity(2.0, 2.0, *half),
        "inverse prior": TruncatedExponential.with_mean(pi1),
    }
