"""Comparing classifiers in cost space: differences, crossovers, winners, the joint envelope.

Source: Drummond & Holte 2000 ("D&H"), sec. 2.2 and Figs. 4-6. The difference in
expected cost of two classifiers is the weighted Manhattan distance of their ROC points (D&H
eq. 2),

.. math:: E[C_1] - E[C_2] = (TP_1 - TP_2)\\, p(+)C(-|+) + (FP_1 - FP_2)\\, p(-)C(+|-),

and in cost space it is simply the vertical distance between the two cost curves at PCF(+):
"the distance between cost curves for two classifiers directly indicates the performance
difference between them". Each lower envelope is linear between its breakpoints, so the
difference of two envelopes is linear between the union of their breakpoints: every function
here is exact, computed at those knots (and at the crossings between them), never on a grid.

A crossover in cost space is where one envelope stops being the lower one (D&H Fig. 6); its dual
in ROC space is the iso-performance line touching both hulls (Fig. 5), not the point where the
hulls cross.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics.cost_space._piecewise import (
    as_envelope,
    as_hull,
    common_counts,
    int64_safe,
    named,
    union_knots,
    upper_chain,
    values_at,
)
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import RocHull

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "EnvelopeDifference",
    "JointEnvelope",
    "crossovers",
    "envelope_difference",
    "joint_envelope",
    "winning_ranges",
]

_ATOL = 1e-12  # differences of normalised expected cost this small count as ties
_FLOAT_TOL = 1e-14


def _extreme_properties(
    pick: Callable[[np.ndarray], Any], extreme: str, whose: str
) -> tuple[property, property]:
    """The properties ``(<m>_pcf, <m>_value)`` of :class:`EnvelopeDifference`: the knot where
    the difference is `extreme` (the one ``pick``, ``np.argmax`` or ``np.argmin``, chooses: the
    first if tied) and the difference there; a piecewise-linear extremum is at a knot."""

    def at(self: EnvelopeDifference) -> float:
        return float(self.pcf[pick(self.values)])

    def value(self: EnvelopeDifference) -> float:
        return float(self.values[pick(self.values)])

    return (
        property(
            at,
            doc=f"PCF(+) where the difference is {extreme} ({whose} largest advantage); "
            "the first if tied.",
        ),
        property(
            value,
            doc=f"The {extreme} difference (a piecewise-linear extremum is at a knot).",
        ),
    )


@dataclass(frozen=True)
class EnvelopeDifference:
    """The difference ``env_a - env_b`` of two lower envelopes, exactly piecewise linear.

    Positive where classifier a costs more (b is better), negative where a is better.

    Attributes
    ----------
    env_a, env_b : CostEnvelope
        The two envelopes.
    pcf : ndarray of float, shape (m,)
        The knots: the union of both envelopes' breakpoints, increasing, 0 and 1 included.
    values : ndarray of float, shape (m,)
        The difference at each knot; linear in between.
    """

    env_a: CostEnvelope
    env_b: CostEnvelope
    pcf: np.ndarray
    values: np.ndarray

    def __call__(self, pcf: ArrayLike) -> Any:
        """env_a(pcf) - env_b(pcf), from each envelope's own cost lines."""
        return self.env_a(pcf) - self.env_b(pcf)

    max_pcf, max_value = _extreme_properties(np.argmax, "largest", "b's")
    min_pcf, min_value = _extreme_properties(np.argmin, "smallest", "a's")

    @property
    def area(self) -> float:
        """Integral over PCF(+) in [0, 1]: TEC(a) - TEC(b) for uniform p(x) (D&H eq. 11)."""
        return float(np.sum((self.values[1:] + self.values[:-1]) / 2 * np.diff(self.pcf)))

    def crossovers(self, atol: float = _ATOL) -> np.ndarray:
        """PCF(+) values where the difference changes sign (see :func:`crossovers`)."""
        return _sign_changes(self.pcf, self.values, atol)


def envelope_difference(env_a: Any, env_b: Any) -> EnvelopeDifference:
    """The difference of two lower envelopes as an exact piecewise-linear function.

    .. math:: \\Delta(x) = NE_a[C](x) - NE_b[C](x), \\quad x = PCF(+)

    the vertical distance between two cost curves (D&H sec. 2.2, Fig. 4), the cost-space form of
    D&H eq. 2. Both envelopes are linear between their breakpoints, so :math:`\\Delta` is linear
    between the union of the two breakpoint sets, where it is evaluated.

    Parameters
    ----------
    env_a, env_b : CostEnvelope or RocHull
        The classifiers' lower envelopes (a hull is converted).

    Returns
    -------
    EnvelopeDifference

    Examples
    --------
    A: ROC point (0.1, 0.5), B: (0.5, 0.9), each with the trivial classifiers. Their cost lines
    0.4 x + 0.1 and 0.5 - 0.4 x cross at x = 0.5; A is better left of it by up to 4/35:

    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> a = roc_convex_hull(y, [1] + [0] * 9 + [1] * 5 + [0] * 5)  # ROC point (0.1, 0.5)
    >>> b = roc_convex_hull(y, [1] * 5 + [0] * 5 + [1] * 9 + [0])  # ROC point (0.5, 0.9)
    >>> d = envelope_difference(a, b)
    >>> d.crossovers().tolist()
    [0.5]
    >>> round(d.min_value * 35, 12), round(d.min_pcf * 14, 12)
    (-4.0, 5.0)
    """
    env_a = as_envelope(env_a, "env_a")
    env_b = as_envelope(env_b, "env_b")
    x = union_knots([env_a, env_b])
    return EnvelopeDifference(env_a, env_b, x, env_a(x) - env_b(x))


def crossovers(env_a: Any, env_b: Any, *, atol: float = _ATOL) -> np.ndarray:
    """PCF(+) values where the difference of two envelopes changes sign (D&H Figure 6).

    Where :math:`\\Delta = NE_a[C] - NE_b[C]` goes from one strict sign to the other between
    two knots, the crossover is the root of the linear piece,

    .. math:: x^* = x_i + \\Delta_i \\frac{x_{i+1} - x_i}{\\Delta_i - \\Delta_{i+1}};

    where it passes through a run of ties (:math:`|\\Delta| \\le` ``atol``), the crossover is
    the middle of that run (:func:`winning_ranges` reports the run itself). Touching without
    changing sign is no crossover.

    Parameters
    ----------
    env_a, env_b : CostEnvelope or RocHull
    atol : float
        Differences of NE[C] at most this large count as ties.

    Returns
    -------
    ndarray of float
        Increasing; empty when one envelope is nowhere above the other.

    Examples
    --------
    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> a = roc_convex_hull(y, [1] + [0] * 9 + [1] * 5 + [0] * 5)  # ROC point (0.1, 0.5)
    >>> b = roc_convex_hull(y, [1] * 5 + [0] * 5 + [1] * 9 + [0])  # ROC point (0.5, 0.9)
    >>> crossovers(a, b).tolist()
    [0.5]
    """
    return envelope_difference(env_a, env_b).crossovers(atol)


def winning_ranges(envelopes: Any, *, atol: float = _ATOL) -> pd.DataFrame:
    """Which classifier has the lowest expected cost on which PCF(+) range (D&H Figures 4, 6).

    On each range the winner's envelope is the lower envelope of all of them,

    .. math:: NE^*[C](x) = \\min_k NE_k[C](x),

    found exactly: at the union of the envelopes' breakpoints every envelope is linear in
    between, so the ranking only changes at the crossings of two of them inside such an
    interval, which are added as knots.

    Parameters
    ----------
    envelopes : dict of name -> CostEnvelope or RocHull, or a list (names 0, 1, ...)
        At least two classifiers.
    atol : float
        Costs within this of the lowest count as tied winners.

    Returns
    -------
    DataFrame
        One row per range and winner, ranges increasing: ``pcf_from, pcf_to, classifier,
        tied`` (True when several classifiers share the range, one row each), ``cost_from,
        cost_to`` (the lowest NE[C] at the ends). Near PCF(+) = 0 and 1 all classifiers
        usually tie: each uses a trivial classifier there.

    Examples
    --------
    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> a = roc_convex_hull(y, [1] + [0] * 9 + [1] * 5 + [0] * 5)  # ROC point (0.1, 0.5)
    >>> b = roc_convex_hull(y, [1] * 5 + [0] * 5 + [1] * 9 + [0])  # ROC point (0.5, 0.9)
    >>> t = winning_ranges({"A": a, "B": b})
    >>> t.loc[~t.tied, ["pcf_from", "pcf_to", "classifier"]].round(4).values.tolist()
    [[0.1667, 0.5, 'A'], [0.5, 0.8333, 'B']]
    """
    names, envs = named(envelopes, "envelopes", minimum=2)
    x = _refined_knots(envs, atol)
    best = values_at(envs, x).min(axis=0)
    mid = values_at(envs, (x[:-1] + x[1:]) / 2)
    wins = mid <= mid.min(axis=0) + atol  # (k, m - 1): the winners of each elementary range
    starts = np.flatnonzero(np.r_[True, np.any(wins[:, 1:] != wins[:, :-1], axis=0)])
    stops = np.r_[starts[1:], x.size - 1]
    rows = []
    for lo, hi in zip(starts, stops, strict=True):
        winners = np.flatnonzero(wins[:, lo])
        for k in winners:
            rows.append((x[lo], x[hi], names[k], winners.size > 1, best[lo], best[hi]))
    columns = ["pcf_from", "pcf_to", "classifier", "tied", "cost_from", "cost_to"]
    return pd.DataFrame(rows, columns=columns)


@dataclass(frozen=True)
class JointEnvelope:
    """The lower envelope of several classifiers together, and where each segment comes from.

    Attributes
    ----------
    envelope : CostEnvelope
        The envelope of the hull of all the classifiers' ROC hull vertices. Its hull holds
        exact integer counts over N = lcm of the classifiers' ``n_neg`` and P = lcm of their
        ``n_pos`` (their own N and P when they share one test set); a hull of rates
        (``n_neg = n_pos = 1``) when that cannot be stored in int64 or an input holds rates.
        Its ``thresholds`` are each vertex's threshold in its own classifier's scores.
    classifier : tuple
        Per hull vertex (= envelope segment), the name of the classifier it comes from (the
        first in order when several share the point); None for the trivial classifiers
        (0, 0) and (1, 1), which every classifier has.
    vertex : ndarray of int
        Per hull vertex, its index in that classifier's hull (-1 for the trivial ones).
    """

    envelope: CostEnvelope
    classifier: tuple
    vertex: np.ndarray

    def __call__(self, pcf: ArrayLike) -> Any:
        """NE[C] of the joint envelope at PCF(+)."""
        return self.envelope(pcf)

    @property
    def breakpoints(self) -> np.ndarray:
        """The joint envelope's breakpoints (0, ..., 1)."""
        return self.envelope.breakpoints

    def segments(self) -> pd.DataFrame:
        """:meth:`CostEnvelope.segments` with the columns ``classifier`` and ``vertex``."""
        table = self.envelope.segments()
        table.insert(2, "classifier", pd.Series(self.classifier, dtype=object))
        table.insert(3, "vertex", self.vertex)
        return table


def joint_envelope(envelopes: Any) -> JointEnvelope:
    """The lower envelope of several classifiers used together (D&H section 2.2.1, Figure 9).

    "Each classifier delimits a half-space. The intersection of the half-spaces of the set of
    classifiers gives the lower envelope" (D&H 2.2.1): the minimum over every cost line of every
    classifier, dual to the upper convex hull of the union of their ROC hull vertices,

    .. math:: NE^*[C](x) = \\min_{k,\\,i} \\big[(1 - TP_{ki} - FP_{ki})\\, x + FP_{ki}\\big].

    The hull is built in exact integer arithmetic over common denominators (in floating point,
    with collinearity up to 1e-14, when those do not fit in int64 or an input holds rates).

    Parameters
    ----------
    envelopes : dict of name -> CostEnvelope or RocHull, or a list (names 0, 1, ...)

    Returns
    -------
    JointEnvelope

    Examples
    --------
    >>> from costlab.metrics.engine.hull import roc_convex_hull
    >>> y = [0] * 10 + [1] * 10
    >>> a = roc_convex_hull(y, [1] + [0] * 9 + [1] * 5 + [0] * 5)  # ROC point (0.1, 0.5)
    >>> b = roc_convex_hull(y, [1] * 5 + [0] * 5 + [1] * 9 + [0])  # ROC point (0.5, 0.9)
    >>> j = joint_envelope({"A": a, "B": b})
    >>> j.classifier, j.breakpoints.round(4).tolist()
    ((None, 'A', 'B', None), [0.0, 0.1667, 0.5, 0.8333, 1.0])
    """
    names, hulls = named(envelopes, "envelopes", minimum=1, convert=as_hull)
    owner = [(k, v) for k, h in enumerate(hulls) for v in range(h.n_vertices)]
    xs, ys, big_n, big_p, tol = _pooled_vertices(hulls)
    order = sorted(range(len(xs)), key=lambda i: (xs[i], ys[i]))  # stable: first name first
    chain = [order[k] for k in upper_chain([xs[i] for i in order], [ys[i] for i in order], tol=tol)]
    fp, tp = np.asarray(xs)[chain], np.asarray(ys)[chain]
    trivial = ((fp == 0) & (tp == 0)) | ((fp == big_n) & (tp == big_p))
    k, v = (np.array([owner[i][c] for i in chain], dtype=np.int64) for c in (0, 1))
    classifier = tuple(None if t else names[kk] for kk, t in zip(k, trivial, strict=True))
    vertex = np.where(trivial, -1, v)
    thresholds = np.array([float(hulls[kk].thresholds[vv]) for kk, vv in zip(k, v, strict=True)])
    hull = RocHull(fp, tp, int(big_n), int(big_p), thresholds, cuts=vertex, values=np.array([]))
    return JointEnvelope(CostEnvelope.from_hull(hull), classifier, vertex)


def _pooled_vertices(hulls):
    """(xs, ys, N, P, tol): all hulls' vertices as exact integer counts over common N and P,
    or, failing that, as rates (N = P = 1) compared with a float tolerance."""
    counts = common_counts(hulls)
    if counts is not None and int64_safe(counts[2], counts[3]):
        return (*counts, 0)
    xs = np.concatenate([h.fpr for h in hulls]).tolist()
    ys = np.concatenate([h.tpr for h in hulls]).tolist()
    return xs, ys, 1, 1, _FLOAT_TOL


def _sign_changes(x, d, atol):
    """Roots of the polyline (x, d) where its sign changes (a run of ties: its middle)."""
    sign = np.where(np.abs(d) <= atol, 0, np.sign(d))
    nonzero = np.flatnonzero(sign)
    p, q = nonzero[:-1], nonzero[1:]
    change = sign[p] != sign[q]
    p, q = p[change], q[change]
    adjacent = q == p + 1
    root = _zero_crossing(x, d, p, q)  # q = p + 1 where adjacent; else opposite strict signs
    tie_middle = (x[np.minimum(p + 1, x.size - 1)] + x[np.maximum(q - 1, 0)]) / 2
    return np.where(adjacent, root, tie_middle)


def _zero_crossing(x, d, p, q):
    """Where the line through ``(x[p], d[p])`` and ``(x[q], d[q])`` crosses zero (the root of a
    piece of the difference between two knots, :func:`crossovers`); ``d[p] != d[q]``."""
    return x[p] + d[p] * (x[q] - x[p]) / (d[p] - d[q])


def _refined_knots(envs, atol):
    """Union of the breakpoints and of every pair's crossings strictly between two of them."""
    x = union_knots(envs)
    f = values_at(envs, x)
    roots = []
    for i, j in combinations(range(len(envs)), 2):
        d = f[i] - f[j]
        strict = np.where(np.abs(d) <= atol, 0.0, np.sign(d))
        cross = np.flatnonzero(strict[:-1] * strict[1:] < 0)
        roots.append(_zero_crossing(x, d, cross, cross + 1))
    if not roots:
        return x
    extra = np.unique(np.concatenate(roots))
    near = np.abs(x[np.clip(np.searchsorted(x, extra), 0, x.size - 1)] - extra) <= atol
    near |= np.abs(x[np.clip(np.searchsorted(x, extra) - 1, 0, x.size - 1)] - extra) <= atol
    extra = extra[~near]
    extra = extra[np.r_[True, np.diff(extra) > atol]] if extra.size else extra
    return np.union1d(x, extra)
