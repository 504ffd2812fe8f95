"""J48's numeric split search for two classes, compiled (numba): few cuts evaluated exactly.

The best cut of a numeric attribute in a two-class node, found as
:func:`~costlab.classifiers._weka.j48_split_search._numeric` finds it for any number of
classes (the same sums in the same order), but evaluating exactly only the cuts that
approximate gains (:mod:`costlab.classifiers._weka.j48_approx`) cannot rule out, with the exact
scan on a near tie (:func:`_numeric_binary`), and the gain ratio of the cut chosen
(:func:`_ratio_binary`). :mod:`costlab.classifiers._weka.j48_split_search` chooses among the
attributes.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .j48_approx import APPROX_ERROR, approx_gains
from .j48_numerics import LN2, SMALL, _eq, _ge, _min_split, _slack, _xlnx


@njit(cache=True)
def _logged(value, last, last_log):  # pragma: no cover - compiled
    """``(x ln x, x)`` of ``value``, reusing ``last_log`` when ``value == last``."""
    if value == last:
        return last_log, value
    return _xlnx(value), value


#: The two-class search (:func:`_numeric_binary`): a node's cuts in boxes of ``_BOX``
#: successive cuts once there are ``_MIN_BOXES`` of them; the cuts whose approximate gain
#: comes within ``_MARGIN`` of the largest are evaluated exactly.
_BOX = 32
_MIN_BOXES = 4
_MARGIN = 1e-5
#: The exact search that a near tie falls back to: up to ``_SAMPLED`` cuts each is
#: evaluated (:func:`_scan_all`); above, blocks of ``_BLOCK`` cuts are ruled out by the box
#: bound and halved down to ``_LEAF_BLOCK`` cuts (:func:`_scan`).
_SAMPLED = 256
_BLOCK = 256
_LEAF_BLOCK = 8
_STACK = 64  # pending entries of a block's search: at most 2 per halving, plus one


@njit(cache=True)
def _boundaries(values, order, m, class_weight, positions, lefts):  # pragma: no cover
    """The one pass of :func:`_numeric_binary` over the rows in ``order``: each boundary
    between distinct values (its last row in ``positions``, the class weights left of it in
    ``lefts``); returns their number and the two class totals."""
    l0, l1 = 0.0, 0.0
    n_bounds = 0
    next_value = values[order[0]]
    for t in range(m - 1):
        r = order[t]
        l0 += class_weight[r, 0]
        l1 += class_weight[r, 1]
        value, next_value = next_value, values[order[t + 1]]
        if value + 1e-5 < next_value:
            positions[n_bounds] = t
            lefts[0, n_bounds], lefts[1, n_bounds] = l0, l1
            n_bounds += 1
    r = order[m - 1]
    return n_bounds, l0 + class_weight[r, 0], l1 + class_weight[r, 1]


@njit(cache=True)
def _admissible(lefts, n_bounds, p0, p1, min_split):  # pragma: no cover - compiled
    """First and last boundary with at least ``min_split`` on each side (C4.5's admissible
    cuts: a contiguous run, as the left weight only grows)."""
    first = 0
    while first < n_bounds and not _ge((0.0 + lefts[0, first]) + lefts[1, first], min_split):
        first += 1
    last = n_bounds - 1
    while last >= first and not _ge(
        (0.0 + (p0 - lefts[0, last])) + (p1 - lefts[1, last]), min_split
    ):
        last -= 1
    return first, last


@njit(cache=True)
def _numeric_binary(j, order, m, weight, XT, yi, wrow, min_obj, work,
                    class_weight):  # fmt: skip  # pragma: no cover
    """:func:`_numeric` for two classes, on scalars (the same sums in the same order), and
    whether the near-tie fallback below ran (the last of the returned values).

    ``XT`` is the data transposed (one attribute's values contiguous); ``class_weight`` holds
    each row's weight in the column of its class and 0 in the other, so one pass adds both
    classes' running weights without a branch (adding 0 leaves a sum's bits unchanged). That
    pass records every boundary between distinct values; the class totals are its sums after
    the last row (the same additions in the same order as a separate pass), and the
    admissible cuts, those with at least ``min_split`` on each side, are a contiguous run of
    the boundaries (the left weight only grows).

    C4.5 then scans the cuts in order and takes a cut whose gain beats the best so far by
    more than 1e-6. The same cut is found by evaluating few cuts exactly
    (:func:`_approx_search`): the cuts' gains are first approximated (within
    :data:`~costlab.classifiers._weka.j48_approx.APPROX_ERROR`, vectorised), the largest, G, gives
    a start s = max(0, G - ``_MARGIN``), and the cuts are scanned in order from a best gain
    of s, evaluating exactly only those whose approximate gain could beat s by more than
    1e-6. That is exact: the cuts skipped have a gain of at most s + 1e-6, and so has every
    cut before the first one that beats s by more than 1e-6, so the true scan's best is at
    most s + 1e-6 there; if that first cut beats s by more than 2e-6, the true scan takes it
    as well, and from there on both scans hold the same best and decide alike (a skipped cut
    cannot beat it). Otherwise, a near tie, the cuts are scanned exactly from 0
    (:func:`_scan_all` or :func:`_scan`). With s = 0 the two scans are the same from the
    start.
    """
    if m < 2:
        return False, 0.0, 0.0, 0.0, 0.0, -1, False
    positions, lefts = work[0], work[7]
    values = XT[j]
    n_bounds, p0, p1 = _boundaries(values, order, m, class_weight, positions, lefts)
    min_split = _min_split((0.0 + p0) + p1, 2, min_obj)
    if 2 * min_split - m > SMALL:
        return False, 0.0, 0.0, 0.0, 0.0, -1, False
    first, last = _admissible(lefts, n_bounds, p0, p1, min_split)
    n_cuts = last - first + 1
    if n_cuts <= 0:
        return False, 0.0, 0.0, 0.0, 0.0, -1, False
    # numpy's sums of the two-cell class table, as :func:`_old_ent` takes them
    old_ent = (_xlnx(0.0 + ((0.0 + p0) + p1)) - (0.0 + ((0.0 + _xlnx(p0)) + _xlnx(p1)))) / LN2
    cache = work[4]
    cache[:] = np.nan  # last l0, r0, l1, r1 and their x ln x
    node = (p0, p1, weight, old_ent, cache)
    best_gain, best, start, first_gain = _approx_search(lefts, first, n_cuts, node, work)
    positions, lefts = positions[first : last + 1], lefts[:, first : last + 1]
    near_tie = start > 0.0 and not first_gain - start > 2 * SMALL
    if near_tie:  # the exact scan decides
        if n_cuts <= _SAMPLED:
            best_gain, best = _scan_all(lefts, n_cuts, p0, p1, weight, old_ent, cache)
        else:
            search = (lefts, p0, p1, weight, old_ent, cache, work[5], work[6])
            best_gain, best, first_gain = _scan(0.0, n_cuts, search)
    gain = best_gain - math.log2(n_cuts) / weight  # MDL correction
    if gain - 0.0 < SMALL or gain <= 0.0:
        return False, 0.0, 0.0, 0.0, 0.0, -1, near_tie
    left0, left1 = lefts[0, best], lefts[1, best]
    best = positions[best]
    low, high = values[order[best]], values[order[best + 1]]
    cut = (high + low) / 2
    if cut == high:
        cut = low
    return True, gain, left0, left1, cut, best, near_tie


@njit(cache=True)
def _approx_search(lefts, first, n_cuts, node, work):  # pragma: no cover - compiled
    """(best gain, best cut, start, gain of the first cut taken) of the scan of
    :func:`_numeric_binary` from a start below the largest approximate gain; cuts counted
    from ``first``, best cut -1 and first gain -inf if none is taken.

    With ``_MIN_BOXES`` boxes of ``_BOX`` cuts or more, not every cut is approximated: a
    box's cuts lie in the box spanned, in the plane of the class weights on the left, by its
    first and last cut (both weights only grow along the cuts), and the gain, convex there,
    is at most its largest value at the four corners (plus :func:`_slack`). Boxes whose bound
    stays below the largest gain of the boxes' end cuts less ``_MARGIN`` cannot hold a cut
    that the scan evaluates, and are skipped.
    """
    p0, p1, weight, old_ent, cache = node
    left0, left1 = lefts[0], lefts[1]
    approx, keep = work[8], work[9]
    size = _BOX
    n_boxes = (n_cuts + size - 1) // size
    if n_boxes < _MIN_BOXES:
        largest = approx_gains(left0, left1, first, n_cuts, p0, p1, weight, old_ent, approx)
        size, n_boxes = n_cuts, 1
        keep[0] = True
    else:
        corners0, corners1, corner_gains = work[10][0], work[10][1], work[10][2]
        for b in range(n_boxes):  # corners: first cut, last cut, the two mixed ones
            lo = first + b * size
            hi = min(lo + size, first + n_cuts) - 1
            corners0[4 * b], corners0[4 * b + 1] = left0[lo], left0[hi]
            corners0[4 * b + 2], corners0[4 * b + 3] = left0[hi], left0[lo]
            corners1[4 * b], corners1[4 * b + 1] = left1[lo], left1[hi]
            corners1[4 * b + 2], corners1[4 * b + 3] = left1[lo], left1[hi]
        approx_gains(corners0, corners1, 0, 4 * n_boxes, p0, p1, weight, old_ent, corner_gains)
        largest = 0.0
        for b in range(n_boxes):
            largest = max(largest, corner_gains[4 * b], corner_gains[4 * b + 1])
        floor = largest - _MARGIN + SMALL - 2 * APPROX_ERROR
        for b in range(n_boxes):
            lo = first + b * size
            hi = min(lo + size, first + n_cuts) - 1
            slack = max(
                _slack(left0[lo], left0[hi], p0, weight), _slack(left1[lo], left1[hi], p1, weight)
            )
            bound = max(
                max(corner_gains[4 * b], corner_gains[4 * b + 1]),
                max(corner_gains[4 * b + 2], corner_gains[4 * b + 3]),
            )
            keep[b] = bound + slack > floor
        b = 0
        while b < n_boxes:  # each run of kept boxes in one call
            if not keep[b]:
                b += 1
                continue
            end = b + 1
            while end < n_boxes and keep[end]:
                end += 1
            lo = first + b * size
            hi = min(first + end * size, first + n_cuts)
            found = approx_gains(left0, left1, lo, hi - lo, p0, p1, weight, old_ent, approx)
            largest = max(largest, found)
            b = end
    start = max(0.0, largest - _MARGIN)
    reach = start + SMALL - APPROX_ERROR  # a cut at most this close cannot beat start by 1e-6
    best_gain, best, first_gain = start, -1, -np.inf
    for b in range(n_boxes):
        if not keep[b]:
            continue
        for i in range(first + b * size, first + min((b + 1) * size, n_cuts)):
            if approx[i] > reach:
                gain = _gain_binary(left0[i], left1[i], p0, p1, weight, old_ent, cache)
                if gain - best_gain > SMALL:
                    if best < 0:
                        first_gain = gain
                    best_gain, best = gain, i - first
    return best_gain, best, start, first_gain


@njit(cache=True)
def _ratio_binary(order, m, last_left, left0, left1, wrow, yi, weight, gain):  # pragma: no cover
    """:func:`_gain_ratio` of a two-class cut, its table summed as :func:`_numeric_table`
    sums it: the left side's weights are the scan's (the same additions, plus zeros), the
    right side's are added row by row after the cut."""
    right0, right1 = 0.0, 0.0
    for t in range(last_left + 1, m):
        r = order[t]
        if yi[r] == 0:
            right0 += wrow[r]
        else:
            right1 += wrow[r]
    bag0 = 0.0 + ((0.0 + left0) + left1)
    bag1 = 0.0 + ((0.0 + right0) + right1)
    known = 0.0 + ((0.0 + bag0) + bag1)
    split_ent = 0.0
    if known - 0.0 > SMALL:
        split_ent = (
            -(0.0 + ((0.0 + _xlnx(bag0)) + _xlnx(bag1))) - _xlnx(weight - known) + _xlnx(weight)
        )
    split_ent = split_ent / LN2
    if _eq(split_ent, 0.0):
        return 0.0
    return gain / (split_ent / weight)


@njit(cache=True)
def _scan_all(lefts, n_cuts, p0, p1, weight, old_ent, cache):  # pragma: no cover - compiled
    """(best gain, best cut) of C4.5's scan of every cut, skipping the inner cuts of runs
    along which one class's weight on the left stays the same: there the cuts lie on a
    line, along which the gain is convex, so an inner cut can win only if one of the run's
    ends comes within 1e-6 (less :func:`_slack`) of the best so far (the rule of
    :func:`_numeric`)."""
    gain_here = _gain_binary(lefts[0, 0], lefts[1, 0], p0, p1, weight, old_ent, cache)
    best_gain, best = 0.0, -1
    if gain_here - best_gain > SMALL:
        best_gain, best = gain_here, 0
    i = 0
    while i < n_cuts - 1:
        end = i + 1
        fixed = 1 if lefts[1, end] == lefts[1, i] else 0 if lefts[0, end] == lefts[0, i] else -1
        if fixed >= 0:
            while end + 1 < n_cuts and lefts[fixed, end + 1] == lefts[fixed, i]:
                end += 1
        gain_end = _gain_binary(lefts[0, end], lefts[1, end], p0, p1, weight, old_ent, cache)
        if end > i + 1:
            moving = 1 - fixed
            total = p1 if moving == 1 else p0
            slack = _slack(lefts[moving, i], lefts[moving, end], total, weight)
            if max(gain_here, gain_end) - best_gain >= SMALL - slack:
                for inner in range(i + 1, end):
                    gain = _gain_binary(
                        lefts[0, inner], lefts[1, inner], p0, p1, weight, old_ent, cache
                    )
                    if gain - best_gain > SMALL:
                        best_gain, best = gain, inner
        if gain_end - best_gain > SMALL:
            best_gain, best = gain_end, end
        gain_here, i = gain_end, end
    return best_gain, best


@njit(cache=True)
def _scan(start, n_cuts, search):  # pragma: no cover - compiled
    """(best gain, best cut, gain of the first cut taken) of the cuts decided in order from a
    best gain of ``start`` (0: C4.5's scan): blocks of ``_BLOCK`` cuts, each searched by
    :func:`_search_block`. No cut taken: best cut -1, first gain -inf."""
    lefts, p0, p1, weight, old_ent, cache, stack, end_gains = search
    first_gain = -np.inf
    gain_here = _gain_binary(lefts[0, 0], lefts[1, 0], p0, p1, weight, old_ent, cache)
    best_gain, best = start, -1
    if gain_here - best_gain > SMALL:
        best_gain, best, first_gain = gain_here, 0, gain_here
    i = 0
    while i < n_cuts - 1:
        end = min(i + _BLOCK, n_cuts - 1)
        gain_end = _gain_binary(lefts[0, end], lefts[1, end], p0, p1, weight, old_ent, cache)
        best_gain, best, first_gain = _search_block(
            i, end, gain_here, gain_end, best_gain, best, first_gain, search
        )
        if gain_end - best_gain > SMALL:
            if best < 0:
                first_gain = gain_end
            best_gain, best = gain_end, end
        gain_here, i = gain_end, end
    return best_gain, best, first_gain


@njit(cache=True)
def _ruled_out(  # pragma: no cover - compiled
    low, high, gain_low, gain_high, best_gain, lefts, p0, p1, weight, old_ent, cache
):
    """True if no cut strictly between cuts ``low`` and ``high`` can beat ``best_gain`` by more
    than SMALL: the box bound of :func:`_numeric_binary`, with :func:`_slack`."""
    a0, a1, b0, b1 = lefts[0, low], lefts[1, low], lefts[0, high], lefts[1, high]
    slack = max(_slack(a0, b0, p0, weight), _slack(a1, b1, p1, weight))
    bound = max(gain_low, gain_high)
    if bound - best_gain < SMALL - slack:  # the box's other two corners
        bound = max(
            bound,
            _gain_binary(b0, a1, p0, p1, weight, old_ent, cache),
            _gain_binary(a0, b1, p0, p1, weight, old_ent, cache),
        )
    return bound - best_gain < SMALL - slack


@njit(cache=True)
def _push(stack, end_gains, top, low, high, kind, gain_low, gain_high):  # pragma: no cover
    """Push a segment of cuts ``(low, high, kind)`` and the gains at its ends on the cut
    search's stack; returns the new top."""
    entry = top // 3
    stack[top], stack[top + 1], stack[top + 2] = low, high, kind
    end_gains[2 * entry], end_gains[2 * entry + 1] = gain_low, gain_high
    return top + 3


@njit(cache=True)
def _search_block(low, high, gain_low, gain_high, best_gain, best, first_gain,
                  search):  # fmt: skip  # pragma: no cover
    """(best gain, best cut, first gain) after the cuts strictly between cuts ``low`` and
    ``high``, taken in order (``first_gain``: the gain of the first cut taken, see
    :func:`_scan`).

    A segment the box bound rules out (:func:`_ruled_out`) is skipped; a short one is
    evaluated cut by cut; a longer one is halved at its middle cut, whose gain is taken once,
    serves both halves and is decided between them. ``stack`` holds the pending entries, three
    ints each: low, high, and -1 for a segment or -2 for "decide cut ``high``"; ``end_gains``
    the gains at their ends.
    """
    lefts, p0, p1, weight, old_ent, cache, stack, end_gains = search
    top = _push(stack, end_gains, 0, low, high, -1, gain_low, gain_high)
    while top > 0:
        top -= 3
        lo, hi, kind = stack[top], stack[top + 1], stack[top + 2]
        g_lo, g_hi = end_gains[2 * (top // 3)], end_gains[2 * (top // 3) + 1]
        if kind == -2:
            if g_hi - best_gain > SMALL:
                if best < 0:
                    first_gain = g_hi
                best_gain, best = g_hi, hi
            continue
        if hi <= lo + 1 or _ruled_out(
            lo, hi, g_lo, g_hi, best_gain, lefts, p0, p1, weight, old_ent, cache
        ):
            continue
        if hi - lo <= _LEAF_BLOCK:
            for inner in range(lo + 1, hi):
                gain = _gain_binary(
                    lefts[0, inner], lefts[1, inner], p0, p1, weight, old_ent, cache
                )
                if gain - best_gain > SMALL:
                    if best < 0:
                        first_gain = gain
                    best_gain, best = gain, inner
            continue
        mid = (lo + hi) // 2
        g_mid = _gain_binary(lefts[0, mid], lefts[1, mid], p0, p1, weight, old_ent, cache)
        # pushed in reverse, so that the left half comes first, then cut mid, then the right
        top = _push(stack, end_gains, top, mid, hi, -1, g_mid, g_hi)
        top = _push(stack, end_gains, top, mid, mid, -2, g_mid, g_mid)
        top = _push(stack, end_gains, top, lo, mid, -1, g_lo, g_mid)
    return best_gain, best, first_gain


@njit(cache=True)
def _gain_binary(l0, l1, p0, p1, weight, old_ent, cache):  # pragma: no cover - compiled
    """:func:`_cut_gain` for two classes."""
    r0, r1 = p0 - l0, p1 - l1
    x0, cache[0] = _logged(l0, cache[0], cache[4])
    cache[4] = x0
    x1, cache[1] = _logged(l1, cache[1], cache[5])
    cache[5] = x1
    x2, cache[2] = _logged(r0, cache[2], cache[6])
    cache[6] = x2
    x3, cache[3] = _logged(r1, cache[3], cache[7])
    cache[7] = x3
    known = (((0.0 + l0) + l1) + r0) + r1
    bags = 0.0 + _xlnx((0.0 + l0) + l1)
    bags += _xlnx((0.0 + r0) + r1)
    new_ent = -(((((0.0 + x0) + x1) + x2) + x3) - bags) / LN2
    unknown_rate = (weight - known) / weight
    numerator = (1 - unknown_rate) * (old_ent - new_ent)
    return 0.0 if _eq(numerator, 0.0) else numerator / known
