"""J48's two-class cut search: approximate gains as a filter, the exact cut as the result.

The approximations (``costlab.classifiers._weka.j48_approx``) must stay within their stated bound,
and the search that uses them (``_numeric_binary``) must return what C4.5's plain scan of every
cut returns, bit for bit, including on near ties (where it falls back to the exact scan). The
search reports whether the fallback ran; on generated ramp-shaped nodes it must have run, and
the approximate scan alone (``_approx_search``) must take another cut on some of them, so that
switching the fallback off fails the test.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from costlab.classifiers._weka.j48_approx import APPROX_ERROR, _xlnx_approx, approx_gains
from costlab.classifiers._weka.j48_kernels import scratch
from costlab.classifiers._weka.j48_numerics import LN2, SMALL, _ge, _min_split, _xlnx
from costlab.classifiers._weka.j48_two_class import _approx_search, _gain_binary, _numeric_binary


def _exact_xlnx(x):
    return np.where(x < 1e-6, 0.0, x * np.log(np.maximum(x, 1e-300)))


def test_xlnx_approx_is_within_its_bound():
    rng = np.random.default_rng(0)
    x = np.concatenate(
        [
            np.exp(rng.uniform(np.log(1e-6), np.log(1e13), 200_000)),
            2.0 ** np.arange(-19, 40),  # the reduction's boundaries
            np.sqrt(0.5) * 2.0 ** np.arange(-19, 40),
            np.nextafter(np.sqrt(0.5), 0) * 2.0 ** np.arange(-19, 40),
            [1e-6, np.nextafter(1e-6, 0), np.nextafter(1e-6, 1), 1.0, 0.0, 1e-7],
        ]
    )
    approx = np.array([_xlnx_approx(v) for v in x])
    exact = _exact_xlnx(x)
    safe = np.maximum(x, 1e-6)
    bound = 6e-12 * safe + 1e-15 * safe * np.abs(np.log(safe))
    assert np.all(np.abs(approx - exact) <= bound)
    assert _xlnx_approx(np.nextafter(1e-6, 0)) == 0.0 and _xlnx_approx(1e-6) != 0.0


def _node(rng, n, tiny=False):
    """Class weights left of ``n - 1`` cuts of a random node, and the node's totals."""
    y = rng.integers(0, 2, n)
    w = rng.exponential(size=n) ** 2
    if tiny:  # boosting's late rounds: most weights tiny, a few large
        w = np.where(rng.random(n) < 0.7, w * 1e-7, w * 10)
    cw = np.zeros((n, 2))
    cw[np.arange(n), y] = w
    lefts = np.cumsum(cw, axis=0)
    p0, p1 = lefts[-1]
    lefts = np.ascontiguousarray(lefts[:-1].T)
    weight = (0.0 + p0) + p1
    old_ent = (_xlnx(0.0 + weight) - (0.0 + ((0.0 + _xlnx(p0)) + _xlnx(p1)))) / LN2
    return lefts, p0, p1, weight, old_ent


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(3, 400),
    scale=st.sampled_from([1e-3, 1.0, 1e4]),
    tiny=st.booleans(),
)
def test_approximate_gains_are_within_approx_error(seed, n, scale, tiny):
    lefts, p0, p1, weight, old_ent = _node(np.random.default_rng(seed), n, tiny)
    lefts, p0, p1, weight = lefts * scale, p0 * scale, p1 * scale, weight * scale
    old_ent = (_xlnx(0.0 + weight) - (0.0 + ((0.0 + _xlnx(p0)) + _xlnx(p1)))) / LN2
    out = np.empty(n)
    largest = approx_gains(lefts[0], lefts[1], 0, n - 1, p0, p1, weight, old_ent, out)
    cache = np.full(8, np.nan)
    exact = np.array(
        [
            _gain_binary(lefts[0, i], lefts[1, i], p0, p1, weight, old_ent, cache)
            for i in range(n - 1)
        ]
    )
    diff = out[: n - 1] - np.array(exact)
    # never below the exact gain by more than the bound; close wherever the exact gain is not
    # set to 0 (its numerator within 1e-6 of 0), which the approximation may not do
    assert diff.min() >= -APPROX_ERROR / 20
    assert np.all(np.abs(diff[np.array(exact) != 0.0]) <= APPROX_ERROR / 20)
    assert largest == max(0.0, out[: n - 1].max())


def _plain_scan(values, y, w, min_obj=2.0):
    """C4.5's search of one numeric attribute as Weka's ``C45Split`` does it, every cut
    evaluated exactly in order: (valid, gain, left0, left1, cut, last row left)."""
    order = np.argsort(values, kind="stable")
    v, yy, ww = values[order], y[order], w[order]
    cw = np.zeros((v.size, 2))
    cw[np.arange(v.size), yy] = ww
    l0 = l1 = 0.0
    bounds = []
    for t in range(v.size - 1):
        l0 += cw[t, 0]
        l1 += cw[t, 1]
        if v[t] + 1e-5 < v[t + 1]:
            bounds.append((t, l0, l1))
    p0, p1 = l0 + cw[-1, 0], l1 + cw[-1, 1]
    weight = float(np.sum(w))  # the node's weight as the tests pass it
    min_split = _min_split((0.0 + p0) + p1, 2, min_obj)
    admissible = [
        b for b in bounds
        if _ge((0.0 + b[1]) + b[2], min_split) and _ge((0.0 + (p0 - b[1])) + (p1 - b[2]), min_split)
    ]  # fmt: skip
    if 2 * min_split - v.size > SMALL or not admissible:
        return (False, 0.0, 0.0, 0.0, 0.0, -1)
    old_ent = (_xlnx(0.0 + ((0.0 + p0) + p1)) - (0.0 + ((0.0 + _xlnx(p0)) + _xlnx(p1)))) / LN2
    cache = np.full(8, np.nan)
    best_gain, best = 0.0, None
    for b in admissible:
        gain = _gain_binary(b[1], b[2], p0, p1, weight, old_ent, cache)
        if gain - best_gain > SMALL:
            best_gain, best = gain, b
    gain = best_gain - math.log2(len(admissible)) / weight
    if gain - 0.0 < SMALL or gain <= 0.0:
        return (False, 0.0, 0.0, 0.0, 0.0, -1)
    t = best[0]
    low, high = v[t], v[t + 1]
    cut = (high + low) / 2
    return (True, gain, best[1], best[2], low if cut == high else cut, t)


def _search_reporting(values, y, w, min_obj=2.0):
    """``_numeric_binary`` on one attribute: (its result as ``_plain_scan`` gives it, whether
    its near-tie fallback ran, as the kernel reports it)."""
    n = values.size
    order = np.argsort(values, kind="stable")
    cw = np.zeros((n, 2))
    cw[np.arange(n), y] = w
    found = _numeric_binary(
        0, order, n, float(np.sum(w)), values[None, :].copy(), y, w.copy(), min_obj,
        scratch(n, 2), cw,
    )  # fmt: skip
    return tuple(found[:6]), bool(found[6])


def _search(values, y, w, min_obj=2.0):
    return _search_reporting(values, y, w, min_obj)[0]


def _cases():
    rng = np.random.default_rng(7)
    for n in (20, 150, 600, 3000):
        for kind in ("continuous", "ties", "tiny", "plateau"):
            for _ in range(6 if n < 3000 else 2):
                x = rng.normal(size=n)
                y = (x + rng.normal(scale=1.5, size=n) > 0).astype(np.int64)
                w = rng.exponential(size=n) ** 2
                if kind == "ties":
                    x = np.round(x, 1)
                if kind == "tiny":  # late boosting rounds: gains that differ by < 1e-6
                    w = np.where(rng.random(n) < 0.8, w * 1e-7, w * 5)
                if kind == "plateau":  # long runs of near-equal gains around the best
                    w = np.where(np.abs(x) < 0.5, 1e-8, w)
                yield kind, x, y, w


def test_cut_search_equals_the_plain_scan_bit_for_bit():
    paths = {"boxes": 0, "near tie": 0}
    for kind, x, y, w in _cases():
        assert _search(x, y, w) == _plain_scan(x, y, w), kind
        # which way the search went (the same arithmetic as _numeric_binary's)
        n_cuts = int(np.sum(np.diff(np.sort(x)) > 1e-5))
        if n_cuts >= 4 * 32:
            paths["boxes"] += 1
    assert paths["boxes"] > 10


def _ramp(rng, n, zone, scale):
    """Sorted values whose labels change at the middle, with tiny weights (``scale`` times an
    exponential draw) on the ``zone`` rows before it: the gain climbs to its best in steps
    far below 1e-6, so the scan from the start below the largest approximate gain and C4.5's
    scan from 0 take cuts 1e-6 apart in different places and may end on different cuts."""
    x = np.arange(n, dtype=float)
    y = (x >= n // 2).astype(np.int64)
    w = np.ones(n)
    slope = (x >= n // 2 - zone) & (x < n // 2)
    w[slope] = scale * rng.exponential(size=slope.sum())
    return x, y, w


def _without_fallback(values, y, w, min_obj=2.0):
    """The last row left of the cut that the approximate scan alone takes (``_approx_search``
    over the admissible cuts, as ``_numeric_binary`` calls it): the cut a search without the
    near-tie fallback would return (-1: none)."""
    n = values.size
    order = np.argsort(values, kind="stable")
    v = values[order]
    cw = np.zeros((n, 2))
    cw[np.arange(n), y[order]] = w[order]
    cum = np.cumsum(cw, axis=0)  # the same additions in the same order as the kernel's pass
    p0, p1 = cum[-1]
    bounds = np.flatnonzero(v[:-1] + 1e-5 < v[1:])
    min_split = _min_split((0.0 + p0) + p1, 2, min_obj)
    admissible = [
        i for i, t in enumerate(bounds)
        if _ge(cum[t, 0] + cum[t, 1], min_split)
        and _ge((p0 - cum[t, 0]) + (p1 - cum[t, 1]), min_split)
    ]  # fmt: skip
    lefts = np.ascontiguousarray(cum[bounds].T)
    weight = float(np.sum(w))
    old_ent = (_xlnx(0.0 + ((0.0 + p0) + p1)) - (0.0 + ((0.0 + _xlnx(p0)) + _xlnx(p1)))) / LN2
    node = (p0, p1, weight, old_ent, np.full(8, np.nan))
    first = admissible[0]
    _, best, _, _ = _approx_search(lefts, first, len(admissible), node, scratch(n, 2))
    return -1 if best < 0 else int(bounds[first + best])


# (rows, rows on the slow climb, their weights' scale, at least this many of 10 nodes where
# the approximate scan alone takes another cut): the generator's parameters, found by a
# search over a grid with seed 0; up to 256 cuts the fallback is ``_scan_all``, above ``_scan``
_RAMPS = [(250, 80, 1e-6, 3), (2000, 600, 3e-6, 8)]


@pytest.mark.parametrize(("n", "zone", "scale", "decided"), _RAMPS)
def test_near_ties_fall_back_to_the_exact_scan(n, zone, scale, decided):
    """On a slow climb the first cut above the start is within 2e-6 of it: the kernel reports
    that the exact scan ran, its cut is C4.5's plain scan's, and on some of the nodes the
    approximate scan alone would have taken another one (so the fallback decides)."""
    rng = np.random.default_rng(0)
    n_decided = 0
    for _ in range(10):
        x, y, w = _ramp(rng, n, zone, scale)
        found, fell_back = _search_reporting(x, y, w)
        plain = _plain_scan(x, y, w)
        assert fell_back
        assert found == plain
        n_decided += plain[0] and _without_fallback(x, y, w) != plain[5]
    assert n_decided >= decided


@pytest.mark.parametrize("n", [3, 31, 32, 33, 127, 128, 129, 1000])
def test_box_edges(n):
    rng = np.random.default_rng(n)
    x = rng.normal(size=n)
    y = (x > 0.3).astype(np.int64)
    y[rng.random(n) < 0.2] ^= 1
    w = rng.exponential(size=n)
    assert _search(x, y, w, min_obj=1.0) == _plain_scan(x, y, w, min_obj=1.0)
