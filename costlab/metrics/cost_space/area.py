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
uniform and Beta distributions, also truncated to a range of PCF(+) (when only that range can
occur in practice), adaptive quadrature (split at the breakpoints) for any other.
:func:`pcf_density` evaluates p(x) for any of these (to draw it beside the curves).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy import integrate, special, stats

from costlab.metrics._validation import check_fraction, check_non_negative, check_pcf
from costlab.metrics.cost_space._piecewise import as_envelope, named
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import RocHull

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["pcf_density", "total_expected_cost"]

_NORMALISATION_TOL = 1e-6  # a density must integrate to 1 within this
_GRID = 2049  # points at which a callable density is checked for negative values


def total_expected_cost(envelope: Any, density: Any = None) -> Any:
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
    density : None, tuple, scipy.stats frozen distribution, or callable
        p(x) on [0, 1]. None is uniform (the plain area, D&H Fig. 4). In closed form:
        ``("beta", a, b)``; ``("beta", a, b, low, high)``, Beta(a, b) truncated to
        [low, high] and renormalised; ``("uniform", low, high)``, uniform on [low, high]
        (``0 <= low < high <= 1``); and a frozen Beta on [0, 1]. Any other frozen distribution
        is used through its ``pdf``. A callable p(x) of a float is integrated with
        ``scipy.integrate.quad`` per segment; it must be >= 0 and integrate to 1 over [0, 1]
        (within 1e-6).

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

    Where PCF(+) is known to lie in [0.3, 0.7], B's horizontal line is all that counts:

    >>> round(total_expected_cost(b, ("uniform", 0.3, 0.7)), 12)
    0.3
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
    beta = _beta_spec(density)
    if beta is not None:
        return _beta_moments(*beta, lo, hi)
    return _quadrature_moments(_pdf_of(density), lo, hi, knots)


def _pdf_of(density):
    """The p(x) of a frozen distribution or a callable, else a TypeError naming what is allowed."""
    pdf = density.pdf if _is_frozen(density) else density
    if not callable(pdf):
        raise TypeError(
            "density must be None (uniform), ('beta', a, b), ('beta', a, b, low, high), "
            "('uniform', low, high), a scipy.stats frozen distribution or a callable p(x), "
            f"got {type(density).__name__}."
        )
    return pdf


def _beta_moments(a, b, low, high, lo, hi):
    """Integrals of p and x p over each [lo_i, hi_i], p = Beta(a, b) truncated to [low, high]:

    .. math:: \\int_u^v p = \\frac{[I_x(a, b)]_u^v}{Z}, \\quad
              \\int_u^v x\\, p = \\frac{a}{a + b} \\frac{[I_x(a + 1, b)]_u^v}{Z},
              \\quad Z = [I_x(a, b)]_{low}^{high},

    with u, v clipped to [low, high]."""
    u, v = np.clip(lo, low, high), np.clip(hi, low, high)
    upper, z = low + high > 1.0, _window_mass(a, b, low, high)
    mass = _beta_between(a, b, u, v, upper) / z
    first = a / (a + b) * _beta_between(a + 1.0, b, u, v, upper) / z
    return mass, first


def _window_mass(a, b, low, high):
    """Z, the probability of [low, high] under Beta(a, b); a ValueError if it underflows."""
    z = _beta_between(a, b, low, high, low + high > 1.0)
    if not z > 0.0:
        raise ValueError(
            f"density's range [{low!r}, {high!r}] has probability 0 under Beta({a:g}, {b:g}) "
            "in double precision: widen it."
        )
    return z


def _beta_between(a, b, u, v, upper):
    """:math:`I_v(a, b) - I_u(a, b)`; from the upper tails :math:`I_{1-x}(b, a)` when
    ``upper``, so that a window near PCF(+) = 1 keeps its precision."""
    if upper:
        return special.betainc(b, a, 1.0 - u) - special.betainc(b, a, 1.0 - v)
    return special.betainc(a, b, v) - special.betainc(a, b, u)


def _beta_spec(density):
    """(a, b, low, high) when ``density`` is a (truncated) Beta or uniform in closed form."""
    if isinstance(density, tuple) and density and isinstance(density[0], str):
        return _tuple_spec(density)
    if _is_frozen(density) and getattr(density.dist, "name", None) == "beta":
        params = {"loc": 0.0, "scale": 1.0}
        params.update(zip(("a", "b", "loc", "scale"), density.args, strict=False))
        params.update(density.kwds)
        if params["loc"] != 0.0 or params["scale"] != 1.0:
            return None  # a Beta on another interval: integrated (and checked) as a callable
        return (*_shapes(params["a"], params["b"]), 0.0, 1.0)
    return None


def _tuple_spec(density):
    kind, args = density[0].lower(), density[1:]
    if kind == "beta" and len(args) in (2, 4):
        a, b = _shapes(*args[:2])
        return (a, b, *_window(*args[2:])) if len(args) == 4 else (a, b, 0.0, 1.0)
    if kind == "uniform" and len(args) == 2:
        return (1.0, 1.0, *_window(*args))
    raise ValueError(
        "density given as a tuple must be ('beta', a, b), ('beta', a, b, low, high) or "
        f"('uniform', low, high), got {density!r}."
    )


def _shapes(a, b):
    return tuple(
        check_non_negative(v, f"density's Beta {n}", strict=True)
        for n, v in zip("ab", (a, b), strict=True)
    )


def _window(low, high):
    """The truncation range [low, high] of PCF(+), 0 <= low < high <= 1."""
    low, high = check_fraction(low, "density's low"), check_fraction(high, "density's high")
    if not low < high:
        raise ValueError(
            f"density's range must have low < high within [0, 1], got low={low!r}, high={high!r}."
        )
    return low, high


def pcf_density(density: Any, pcf: ArrayLike) -> Any:
    """p(x) at each PCF(+) ``pcf``, for a ``density`` as :func:`total_expected_cost` takes it.

    For drawing the distribution beside the cost curves it weights (D&H eq. 11): the
    :func:`scipy.stats.beta` density divided by its mass on [low, high] inside that range and 0
    outside it; a frozen distribution's ``pdf``; a callable as it is.

    Parameters
    ----------
    density : None, tuple, scipy.stats frozen distribution, or callable
        As in :func:`total_expected_cost`.
    pcf : float or array-like
        PCF(+) values in [0, 1].

    Returns
    -------
    float or ndarray
        p(x); it may be infinite at 0 or 1 (a Beta with a or b below 1).

    Examples
    --------
    >>> pcf_density(("uniform", 0.2, 0.7), [0.1, 0.5]).round(12).tolist()
    [0.0, 2.0]
    >>> round(pcf_density(("beta", 2, 2), 0.5), 12)
    1.5
    """
    x = check_pcf(pcf)
    grid = np.atleast_1d(x)
    if density is None:
        values = np.ones_like(grid)
    elif (spec := _beta_spec(density)) is not None:
        a, b, low, high = spec
        inside = (grid >= low) & (grid <= high)
        values = np.where(inside, stats.beta.pdf(grid, a, b) / _window_mass(a, b, low, high), 0.0)
    else:
        values = _evaluate(_pdf_of(density), grid)
    return float(values[0]) if np.ndim(x) == 0 else values


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
