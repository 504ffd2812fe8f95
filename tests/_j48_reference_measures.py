"""The numerical rules of the reference J48 (``_j48_reference.py``), as Weka 3.9's ``J48``
applies them: comparisons of weights and gains within ``SMALL`` = 1e-6, entropies in bits,
information gain and gain ratio (Quinlan 1993, ch. 2; Quinlan 1996 for the release-8 gain),
and C4.5's pessimistic error estimate (Quinlan 1993, ch. 4; Weka's ``Stats.addErrs``).

Kept apart from the tree it serves: ``_j48_reference.py`` grows, collapses, prunes and
predicts; this module only measures.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import ndtri

__all__ = [
    "SMALL",
    "_class_dist",
    "_eq",
    "_estimated_errors",
    "_gain_ratio",
    "_ge",
    "_gr",
    "_info_gain",
    "_max_bag",
    "_max_class",
    "_n_incorrect",
    "_old_ent",
    "_xlnx",
    "add_errors",
]

SMALL = 1e-6
_LN2 = math.log(2.0)


def _gr(a, b):
    return a - b > SMALL


def _ge(a, b):
    return (b - a < SMALL) | (a >= b)


def _eq(a, b):
    return (a == b) | ((a - b < SMALL) & (b - a < SMALL))


def _xlnx(x):
    """``x ln x``, 0 for ``x < 1e-6`` (Weka's entropy helper)."""
    x = np.asarray(x, dtype=np.float64)
    safe = np.where(x < 1e-6, 1.0, x)
    return np.where(x < 1e-6, 0.0, safe * np.log(safe))


def _max_class(per_class) -> int:
    """First class whose weight beats all earlier ones by more than SMALL."""
    best, index = 0.0, 0
    for k, value in enumerate(per_class):
        if value - best > SMALL:
            best, index = value, k
    return index


def _max_bag(per_bag) -> int:
    """Last branch whose weight is at least the best so far (within SMALL)."""
    best, index = 0.0, -1
    for i, value in enumerate(per_bag):
        if _ge(value, best):
            best, index = value, i
    return index


def _n_incorrect(dist) -> float:
    per_class = dist.sum(axis=0) if dist.ndim == 2 else dist
    return float(per_class.sum() - per_class[_max_class(per_class)])


def add_errors(n: float, e: float, cf: float) -> float:
    """Extra errors of C4.5's pessimistic estimate for ``e`` errors among ``n`` (weight).

    The upper confidence limit ``U_CF(e, n)`` of Quinlan (1993, ch. 4) minus ``e``, as
    Weka's ``Stats.addErrs`` computes it: for ``e < 1`` an interpolation between
    ``n * (1 - CF ** (1 / n))`` (``e = 0``) and the value at ``e = 1``; for ``e + 0.5 >= n``
    the remaining ``n - e``; otherwise the Wilson score bound with a continuity correction
    (``f = (e + 0.5) / n``, ``z`` the ``1 - CF`` normal quantile).

    Examples
    --------
    >>> round(add_errors(6.0, 0.0, 0.25), 4)
    1.2378
    """
    if cf > 0.5:
        return 0.0
    if e < 1:
        base = n * (1 - math.pow(cf, 1 / n))
        if e == 0:
            return base
        return base + e * (add_errors(n, 1.0, cf) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    z = float(ndtri(1 - cf))
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return r * n - e


def _estimated_errors(dist, cf) -> float:
    total = float(dist.sum())
    if _eq(total, 0.0):
        return 0.0
    e = _n_incorrect(dist)
    return e + add_errors(total, e, cf)


def _class_dist(yi, w, n_classes):
    return np.bincount(yi, weights=w, minlength=n_classes).astype(np.float64)


def _old_ent(per_class):
    """Class entropy times weight, in bits."""
    return (_xlnx(per_class.sum()) - _xlnx(per_class).sum()) / _LN2


def _info_gain(tables, weight, old_ent):
    """Gain per unit known weight of (..., bags, classes) tables; node weight ``weight``."""
    known = tables.sum(axis=(-2, -1))
    new_ent = -(_xlnx(tables).sum(axis=(-2, -1)) - _xlnx(tables.sum(axis=-1)).sum(axis=-1))
    new_ent = new_ent / _LN2
    unknown_rate = (weight - known) / weight
    numerator = (1 - unknown_rate) * (old_ent - new_ent)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(_eq(numerator, 0.0), 0.0, numerator / known)


def _gain_ratio(table, weight, gain) -> float:
    bags = table.sum(axis=1)
    known = float(bags.sum())
    split_ent = 0.0
    if _gr(known, 0.0):
        split_ent = -_xlnx(bags).sum() - _xlnx(weight - known) + _xlnx(weight)
    split_ent = float(split_ent) / _LN2
    if _eq(split_ent, 0.0):
        return 0.0
    return gain / (split_ent / weight)
