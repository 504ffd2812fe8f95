"""Total expected cost: the area under a cost curve, for a distribution of PCF(+) (D&H eq. 11).

Source: Drummond & Holte 2000 ("D&H"), sec. 2.2.2: "Let us assume we do not know the
probability-cost value used in practice, but we will use the appropriate classifier on the lower
envelope when it is known. The area under the curve is the expected cost, assuming a uniform
distribution p(x) [...]. Indeed if the probability distribution p(x) is known the expected cost
can be determined using equation 11",

.. math:: TEC = \\int_0^1 NE[C(x)]\\, p(x)\\, dx, \\quad x = PCF(+).

"The difference in area under the two curves gives the expected advantage of using one
classifier over another." On segment i of the envelope, :math:`[b_i, b_{i+1}]`, NE[C] is the
cost line :math:`s_i x + c_i` of hull vertex i (D&H eq. 8), so

.. math:: TEC = \\sum_i \\Big( c_i \\int_{b_i}^{b_{i+1}} p(x)\\,dx
          + s_i \\int_{b_i}^{b_{i+1}} x\\, p(x)\\,dx \\Big),

which needs only the first two partial moments of p on each segment: closed form for the
uniform and Beta distributions, adaptive quadrature (split at the breakpoints) for any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from scipy import integrate, special

from costlab.metrics._validation import check_non_negative
from costlab.metrics.cost_space._piecewise import as_envelope, named
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import RocHull

__all__ = ["total_expected_cost"]

_NORMALISATION_TOL = 1e-6  # a density must integrate to 1 within this
_GRID = 2049  # points at which a callable density is checked for negative values


def total_expected_cost(envelope, density=None):
    """Total expected cost: the area under the lower envelope weighted by p(PCF(+)).

    .. math:: TEC = \\int_0^1 NE[C(x)]\\, p(x)\\, dx \\qquad \\text{(D&H eq. 11)}

    Exact on each linear segment :math:`s x + c` of the envelope over :math:`[u, v]`: for the
    uniform p it is :math:`c (v - u) + s (v^2 - u^2) / 2` (a sum of trapezoids); for
    Beta(a, b), with :math:`I_x(a, b)` the regularised incomplete beta function,

    .. math:: \\int_u^v (s x + c)\\, p(x)\\, dx = c\\, [I_x(a, b)]_u^v
              + s \\frac{a}{a + b} [I_x(a + 1, b)]_u^v,

    since :math:`x\\, \\mathrm{Beta}(x; a, b) = \\frac{a}{a+b} \\mathrm{Beta}(x; a + 1, b)`.

    Parameters
    ----------
    envelope : CostEnvelope or RocHull, or a dict / list of them
        One classifier's envelope, or several to compare.
    density : None, ("beta", a, b), scipy.stats frozen distribution, or callable
        p(x) on [0, 1]. None is uniform (the plain area, D&H Fig. 4). A frozen Beta on [0, 1]
        is used in closed form; any other frozen distribution is used through its ``pdf``. A
        callable p(x) of a float is integrated with ``scipy.integrate.quad`` per segment; it
        must be >= 0 and integrate to 1 over [0, 1] (within 1e-6).

    Returns
    -------
    float, or DataFrame
        For several envelopes, one row per classifier: ``classifier, tec, excess`` where
        ``excess`` is its TEC minus the lowest one, the expected advantage of the best over it.

    Examples
    --------
    The majority classifier alone, min(x, 1 - x), has area 1/4; classifier B of D&H Fig. 4
    (FP = 0.3, TP = 0.7) lowers it by 0.4 x 0.2 / 2 = 0.04:

    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> trivial = roc_convex_hull(y, [0] * 20)
    >>> b = roc_convex_hull(y, [1] * 3 + [0] * 7 + [1] * 7 + [0] * 3)
    >>> total_expected_cost(trivial), round(total_expected_cost(b), 12)
    (0.25, 0.21)
    >>> round(total_expected_cost(b, ("beta", 2, 2)), 12)  # 2 (0.04185 + 0.3 x 0.284)
    0.2541
    """
    if _is_collection(envelope):
        names, envs = named(envelope, "envelope")
        tec = np.array([total_expected_cost(env, density) for env in envs])
        return pd.DataFrame({"classifier": names, "tec": tec, "excess": tec - tec.min()})
    env = as_envelope(envelope, "envelope")
    lo, hi = env.breakpoints[:-1], env.breakpoints[1:]
    mass, first = _partial_moments(density, lo, hi, env.breakpoints)
    slope = 1.0 - env.hull.tpr - env.hull.fpr
    return float(np.sum(env.hull.fpr * mass + slope * first))


def _is_collection(obj):
    return isinstance(obj, (Mapping, Sequence)) and not isinstance(
        obj, (str, bytes, CostEnvelope, RocHull)
    )


def _partial_moments(density, lo, hi, knots):
    """Integrals of p(x) and of x p(x) over each [lo_i, hi_i]."""
    if density is None:
        return hi - lo, (hi - lo) * (hi + lo) / 2.0
    beta = _beta_shapes(density)
    if beta is not None:
        a, b = beta
        mass = special.betainc(a, b, hi) - special.betainc(a, b, lo)
        first = a / (a + b) * (special.betainc(a + 1.0, b, hi) - special.betainc(a + 1.0, b, lo))
        return mass, first
    pdf = density.pdf if _is_frozen(density) else density
    if not callable(pdf):
        raise TypeError(
            "density must be None (uniform), ('beta', a, b), a scipy.stats frozen distribution "
            f"or a callable p(x), got {type(density).__name__}."
        )
    return _quadrature_moments(pdf, lo, hi, knots)


def _beta_shapes(density):
    """(a, b) when ``density`` is a Beta distribution on [0, 1], else None."""
    if isinstance(density, tuple) and density and isinstance(density[0], str):
        if density[0].lower() != "beta" or len(density) != 3:
            raise ValueError(f"density given as a tuple must be ('beta', a, b), got {density!r}.")
        shapes = density[1:]
    elif _is_frozen(density) and getattr(density.dist, "name", None) == "beta":
        params = {"loc": 0.0, "scale": 1.0}
        params.update(zip(("a", "b", "loc", "scale"), density.args, strict=False))
        params.update(density.kwds)
        if params["loc"] != 0.0 or params["scale"] != 1.0:
            return None  # a Beta on another interval: integrated (and checked) as a callable
        shapes = (params["a"], params["b"])
    else:
        return None
    a, b = (
        check_non_negative(v, f"density's Beta {n}", strict=True)
        for n, v in zip("ab", shapes, strict=True)
    )
    return a, b


def _is_frozen(density):
    return hasattr(density, "dist") and hasattr(density, "pdf") and hasattr(density, "args")


def _quadrature_moments(pdf, lo, hi, knots):
    """Moments by adaptive quadrature on each segment, after checking that ``pdf`` is a
    density on [0, 1]: no negative value on a fine grid, total mass 1."""
    _check_non_negative_density(pdf, knots)
    mass = np.array([_quad(pdf, u, v) for u, v in zip(lo, hi, strict=True)])
    total = float(np.sum(mass)) if _covers_unit_interval(lo, hi) else _quad(pdf, 0.0, 1.0)
    if not abs(total - 1.0) <= _NORMALISATION_TOL:
        raise ValueError(
            f"density must integrate to 1 over PCF(+) in [0, 1] (within {_NORMALISATION_TOL:g}); "
            f"it integrates to {total!r}."
        )
    first = np.array([_quad(lambda t: t * pdf(t), u, v) for u, v in zip(lo, hi, strict=True)])
    return mass, first


def _check_non_negative_density(pdf, knots):
    inner = knots[(knots > 0.0) & (knots < 1.0)]
    grid = np.union1d(np.linspace(0.0, 1.0, _GRID)[1:-1], inner)
    values = _evaluate(pdf, grid)
    bad = np.flatnonzero(~(values >= 0.0))  # negative or NaN
    if bad.size:
        i = int(bad[0])
        raise ValueError(
            f"density must be a probability density (>= 0) on [0, 1]; "
            f"density({float(grid[i])!r}) = {float(values[i])!r}."
        )


def _evaluate(pdf, grid):
    """p at every grid point: one vectorised call when p accepts arrays, else one call each."""
    try:
        values = np.asarray(pdf(grid), dtype=np.float64)
    except (TypeError, ValueError):
        values = None
    if values is None or values.shape != grid.shape:
        values = np.array([float(pdf(t)) for t in grid])
    return values


def _covers_unit_interval(lo, hi):
    return lo.size > 0 and lo[0] == 0.0 and hi[-1] == 1.0


def _quad(f, u, v):
    if v <= u:
        return 0.0
    value, _ = integrate.quad(f, u, v, epsabs=1e-14, epsrel=1e-13, limit=200)
    return float(value)
