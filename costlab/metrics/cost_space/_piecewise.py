"""Shared pieces of the cost-space family: envelopes and hulls taken by name, hulls of rates, knots.

Used by :mod:`~costlab.metrics.cost_space.comparisons`, :mod:`~costlab.metrics.cost_space.area`,
:mod:`~costlab.metrics.cost_space.averaging` and :mod:`~costlab.metrics.cost_space.criteria`.
Every envelope is piecewise linear in PCF(+) with its knots at its breakpoints, so sums,
differences, averages and minima of envelopes are exact once they are evaluated at the union of
those knots (and, for a minimum, at the crossings between them).

A *hull of rates* is a :class:`~costlab.metrics.engine.hull.RocHull` whose ``fp`` and ``tp`` are the
rates themselves (floats) with ``n_neg = n_pos = 1``: averaged curves have no integer counts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import RocHull

_FLOAT_TOL = 1e-14  # cross products of rates (<= 1) this close to 0 count as collinear
_INT64_SAFE = 2**31  # common denominators up to this keep counts and their products in int64


def as_envelope(obj, name):
    """``obj`` as a :class:`CostEnvelope` (a :class:`RocHull` is converted), else TypeError."""
    if isinstance(obj, CostEnvelope):
        return obj
    if isinstance(obj, RocHull):
        return CostEnvelope.from_hull(obj)
    raise TypeError(
        f"{name} must be a CostEnvelope (cost_envelope) or a RocHull (roc_convex_hull), "
        f"got {type(obj).__name__}."
    )


def as_hull(obj, name):
    """``obj`` as a :class:`RocHull` (an envelope gives its hull), else TypeError."""
    if isinstance(obj, RocHull):
        return obj
    if isinstance(obj, CostEnvelope):
        return obj.hull
    raise TypeError(
        f"{name} must be a RocHull (roc_convex_hull) or a CostEnvelope (cost_envelope), "
        f"got {type(obj).__name__}."
    )


def named(collection, name, *, minimum=1, convert=as_envelope):
    """(names, items) of a dict (its keys) or a sequence (names 0, 1, ...), items converted."""
    if isinstance(collection, (CostEnvelope, RocHull)) or isinstance(collection, (str, bytes)):
        raise TypeError(f"{name} must be a dict or a list of envelopes or hulls, not one curve.")
    if isinstance(collection, Mapping):
        names, items = list(collection.keys()), list(collection.values())
    else:
        try:
            items = list(collection)
        except TypeError:
            raise TypeError(
                f"{name} must be a dict or a list of envelopes or hulls, "
                f"got {type(collection).__name__}."
            ) from None
        names = list(range(len(items)))
    if len(items) < minimum:
        raise ValueError(f"{name} must hold at least {minimum} curve(s), got {len(items)}.")
    return names, [
        convert(item, f"{name}[{key!r}]") for key, item in zip(names, items, strict=True)
    ]


def union_knots(envelopes):
    """The sorted distinct union of the envelopes' breakpoints (0 and 1 included)."""
    return np.unique(np.concatenate([env.breakpoints for env in envelopes]))


def values_at(envelopes, x):
    """Array (k, m): envelope k at each PCF(+) of ``x`` (exact: its own cost lines)."""
    return np.vstack([env(x) for env in envelopes])


def pieces(x, y):
    """Slope and intercept of each linear piece of the polyline (x, y), x strictly increasing."""
    slope = np.diff(y) / np.diff(x)
    return slope, y[:-1] - slope * x[:-1]


def rate_hull(fpr, tpr):
    """A hull of rates through the given vertices (already convex, from (0, 0) to (1, 1))."""
    fpr = np.asarray(fpr, dtype=np.float64)
    tpr = np.asarray(tpr, dtype=np.float64)
    return RocHull(
        fp=fpr,
        tp=tpr,
        n_neg=1,
        n_pos=1,
        thresholds=np.full(fpr.size, np.nan),
        cuts=np.full(fpr.size, -1, dtype=np.int64),
        values=np.array([]),
    )


def upper_hull_of_rates(fpr, tpr):
    """Hull of rates over the points (with (0, 0) and (1, 1)); collinear points dropped."""
    x = np.concatenate(([0.0], np.asarray(fpr, dtype=np.float64), [1.0]))
    y = np.concatenate(([0.0], np.asarray(tpr, dtype=np.float64), [1.0]))
    order = np.lexsort((y, x))
    keep = upper_chain(x[order].tolist(), y[order].tolist(), tol=_FLOAT_TOL)
    return rate_hull(x[order][keep], y[order][keep])


def upper_chain(xs, ys, *, tol=0):
    """Indices of the upper hull of points sorted by (x, y) (Andrew's monotone chain).

    Exact when the coordinates are Python ints; a repeated point keeps its first occurrence.
    """
    chain = []
    for i in range(len(xs)):
        if chain and xs[i] == xs[chain[-1]] and ys[i] == ys[chain[-1]]:
            continue
        while len(chain) >= 2:
            a, b = chain[-2], chain[-1]
            cross = (xs[b] - xs[a]) * (ys[i] - ys[a]) - (ys[b] - ys[a]) * (xs[i] - xs[a])
            if cross < -tol:  # a clockwise turn keeps b
                break
            chain.pop()
        chain.append(i)
    return chain


def common_counts(hulls):
    """(numerators of FP, of TP, N, P) of every hull's vertices over common denominators.

    Exact integers (Python ints) over N = lcm of the hulls' n_neg and P = lcm of their n_pos,
    or None when a hull holds rates rather than counts.
    """
    if any(not np.issubdtype(np.asarray(h.fp).dtype, np.integer) for h in hulls):
        return None
    big_n = math.lcm(*(int(h.n_neg) for h in hulls))
    big_p = math.lcm(*(int(h.n_pos) for h in hulls))
    fp, tp = [], []
    for h in hulls:
        fp.extend(v * (big_n // int(h.n_neg)) for v in h.fp.tolist())
        tp.extend(v * (big_p // int(h.n_pos)) for v in h.tp.tolist())
    return fp, tp, big_n, big_p


def int64_safe(n_neg, n_pos):
    """True when counts over these denominators can be stored as int64 counts of a RocHull."""
    return n_neg < _INT64_SAFE and n_pos < _INT64_SAFE
