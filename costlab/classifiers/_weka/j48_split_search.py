"""J48's split search, compiled (numba): the best split of a node.

Per attribute, the multiway split of a nominal attribute or the best cut of a numeric one
(C4.5's admissible cuts, the first best gain by more than 1e-6, the MDL correction), then
C4.5's choice among attributes (the largest gain ratio among those with at least the average
gain). For two classes the numeric search is
:func:`~costlab.classifiers._weka.j48_two_class._numeric_binary`, which evaluates exactly only
the cuts that approximate gains cannot rule out. The rules and the summation orders are those
described in :mod:`costlab.classifiers._weka.j48_kernels`, which grows the tree from these
pieces.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .j48_numerics import (
    LN2,
    SMALL,
    _add_unknowns,
    _class_dist,
    _column_sums,
    _eq,
    _gain_ratio,
    _ge,
    _info_gain,
    _max_class,
    _min_split,
    _numeric_split_dist,
    _numpy_sum,
    _old_ent,
    _slack,
    _split_dist,
    _xlnx,
)
from .j48_two_class import _numeric_binary, _ratio_binary

# ---------------------------------------------------------------- split search


@njit(cache=True)
def _nominal_table(j, n_values, rows, w, X, yi, k):  # pragma: no cover - compiled
    """Value x class table of nominal attribute ``j`` over the rows with a known value, row by
    row (the ``Distribution`` of ``j48.C45Split.handleEnumeratedAttribute`` before
    ``addInstWithUnknown``)."""
    table = np.zeros((n_values, k))
    for t in range(rows.size):
        v = X[rows[t], j]
        if not np.isnan(v):
            table[int(v), yi[rows[t]]] += w[t]
    return table


@njit(cache=True)
def _nominal(table, weight, min_obj):  # pragma: no cover - compiled
    """(valid, gain, gain ratio) of a multiway split with class weights ``table``."""
    n_big = 0
    for b in range(table.shape[0]):
        if _ge(_numpy_sum(table[b]), min_obj):
            n_big += 1
    if n_big < 2:
        return False, 0.0, 0.0
    gain = _info_gain(table, weight, _old_ent(_column_sums(table)))
    return True, gain, _gain_ratio(table, weight, gain)


@njit(cache=True)
def _numeric_table(order, m, last_left, wrow, yi, k):  # pragma: no cover - compiled
    """Class weights left (rows ``<= last_left`` in sorted order) and right of a cut."""
    table = np.zeros((2, k))
    for t in range(m):
        r = order[t]
        table[0 if t <= last_left else 1, yi[r]] += wrow[r]
    return table


@njit(cache=True)
def _cut_gain(left, per_class, weight, old_ent, scratch):  # pragma: no cover - compiled
    """Information gain of a cut with class weights ``left`` on its left.

    ``scratch`` rows: right, flat (left then right), their ``x ln x``, and a cache of the
    last left and right weights with their ``x ln x`` (a log is taken only for a changed
    weight).
    """
    k = left.size
    right, flat, cells = scratch[0, :k], scratch[1, : 2 * k], scratch[2, : 2 * k]
    seen, logs = scratch[3, : 2 * k], scratch[4, : 2 * k]
    for c in range(k):
        right[c] = per_class[c] - left[c]
        flat[c], flat[k + c] = left[c], right[c]
    for i in range(2 * k):
        if flat[i] != seen[i]:
            seen[i], logs[i] = flat[i], _xlnx(flat[i])
        cells[i] = logs[i]
    left_weight, right_weight = _numpy_sum(left), _numpy_sum(right)
    known = _numpy_sum(flat)
    bags = 0.0 + _xlnx(left_weight)
    bags += _xlnx(right_weight)
    new_ent = -(_numpy_sum(cells) - bags) / LN2
    unknown_rate = (weight - known) / weight
    numerator = (1 - unknown_rate) * (old_ent - new_ent)
    return 0.0 if _eq(numerator, 0.0) else numerator / known


@njit(cache=True)
def _numeric(j, order, m, weight, X, yi, wrow, k, min_obj, work):  # pragma: no cover
    """(valid, gain, gain ratio, cut, last row left) of the best cut of a numeric attribute.

    ``order[:m]`` are the node's rows with a known value, sorted by value. The first pass
    finds the admissible cuts (no logarithm); the second takes their gains in order, the
    first best (by more than 1e-6) winning. Between two successive cuts over which only rows
    of one class move, the gain is a convex function of that class's weight on the left
    (the weighted conditional entropy is concave along a line), so no cut strictly inside
    such a run can beat both its ends: when neither end gets within 1e-6 - :func:`_slack` of
    the best so far, the inner cuts cannot win and are not evaluated (the slack absorbs
    rounding and the ``x ln x = 0`` convention for weights below 1e-6; the count of cuts for
    the MDL correction includes the skipped cuts).
    """
    per_class = np.zeros(k)
    for t in range(m):
        r = order[t]
        per_class[yi[r]] += wrow[r]
    min_split = _min_split(_numpy_sum(per_class), k, min_obj)
    if 2 * min_split - m > SMALL:
        return False, 0.0, 0.0, 0.0, -1
    positions, pure, lefts, scratch = work[0], work[1], work[2], work[3]
    left = np.zeros(k)
    right = np.empty(k)
    n_cuts, moved = 0, -2  # moved: class of the rows moved since the last cut (-1: several)
    for t in range(m - 1):
        r = order[t]
        y = yi[r]
        left[y] += wrow[r]
        moved = y if moved == -2 or moved == y else -1
        if not X[r, j] + 1e-5 < X[order[t + 1], j]:
            continue
        for c in range(k):
            right[c] = per_class[c] - left[c]
        if not (_ge(_numpy_sum(left), min_split) and _ge(_numpy_sum(right), min_split)):
            continue
        positions[n_cuts], pure[n_cuts] = t, moved
        lefts[n_cuts, :k] = left
        n_cuts += 1
        moved = -2
    if n_cuts == 0:
        return False, 0.0, 0.0, 0.0, -1
    old_ent = _old_ent(per_class)
    scratch[3:5] = np.nan
    gain_here = _cut_gain(lefts[0, :k], per_class, weight, old_ent, scratch)
    best_gain, best = 0.0, -1
    if gain_here - best_gain > SMALL:
        best_gain, best = gain_here, positions[0]
    i = 0
    while i < n_cuts - 1:
        end = i + 1
        if pure[end] >= 0:
            while end + 1 < n_cuts and pure[end + 1] == pure[i + 1]:
                end += 1
        gain_end = _cut_gain(lefts[end, :k], per_class, weight, old_ent, scratch)
        slack = _slack(lefts[i, pure[end]], lefts[end, pure[end]], per_class[pure[end]], weight)
        if end > i + 1 and max(gain_here, gain_end) - best_gain >= SMALL - slack:
            for inner in range(i + 1, end):
                gain = _cut_gain(lefts[inner, :k], per_class, weight, old_ent, scratch)
                if gain - best_gain > SMALL:
                    best_gain, best = gain, positions[inner]
        if gain_end - best_gain > SMALL:
            best_gain, best = gain_end, positions[end]
        gain_here, i = gain_end, end
    gain = best_gain - math.log2(n_cuts) / weight  # MDL correction
    if gain - 0.0 < SMALL or gain <= 0.0:
        return False, 0.0, 0.0, 0.0, -1
    low, high = X[order[best], j], X[order[best + 1], j]
    cut = (high + low) / 2
    if cut == high:
        cut = low
    table = _numeric_table(order, m, best, wrow, yi, k)
    return True, gain, _gain_ratio(table, weight, gain), cut, best


@njit(cache=True)
def _no_split(k):  # pragma: no cover - compiled
    """What :func:`_select` returns for a leaf: attribute -1, no cut, an empty ``Distribution``
    (``j48.NoSplit``)."""
    return -1, 0.0, (np.zeros((1, k)), np.zeros(1), np.zeros(k), 0.0)


@njit(cache=True)
def _select(rows, w, order, counts, data, k, min_obj):  # pragma: no cover - compiled
    """(attribute, cut, distribution) of the node's split (Weka's bookkeeping, with the rows
    of unknown value); attribute -1: leaf."""
    X, yi, nominal, n_values, in_average = data[0], data[1], data[2], data[3], data[4]
    numeric_index, sorted_values, n_known, wrow, work = data[5], data[6], data[7], data[8], data[10]
    per_class = _class_dist(rows, w, yi, k)
    weight = _numpy_sum(per_class)
    if 2 * min_obj - weight > SMALL or _eq(weight, per_class[_max_class(per_class)]):
        return _no_split(k)
    d = X.shape[1]
    gains, ratios, cuts = np.zeros(d), np.zeros(d), np.zeros(d)
    valid = np.zeros(d, np.bool_)
    last_left = np.full(d, -1)
    lefts = np.zeros((d, 2))  # two classes: the class weights left of each attribute's cut
    total_gain, n_valid = 0.0, 0
    for j in range(d):
        if nominal[j]:
            table = _nominal_table(j, n_values[j], rows, w, X, yi, k)
            valid[j], gains[j], ratios[j] = _nominal(table, weight, min_obj)
        else:
            a = numeric_index[j]
            if k == 2:
                found = _numeric_binary(
                    j, order[a], counts[a], weight, data[11], yi, wrow, min_obj, work, data[12]
                )
                valid[j], gains[j], lefts[j, 0], lefts[j, 1], cuts[j], last_left[j], _ = found
            else:
                found = _numeric(j, order[a], counts[a], weight, X, yi, wrow, k, min_obj, work)
                valid[j], gains[j], ratios[j], cuts[j], last_left[j] = found
        if valid[j] and in_average[j]:
            total_gain += gains[j]
            n_valid += 1
    if n_valid == 0:
        return _no_split(k)
    average = total_gain / n_valid
    best, best_ratio = -1, 0.0
    for j in range(d):
        if not (valid[j] and gains[j] >= average - 1e-3):
            continue
        if k == 2 and not nominal[j]:  # its gain ratio, only where it is needed
            a = numeric_index[j]
            ratios[j] = _ratio_binary(
                order[a], counts[a], last_left[j], lefts[j, 0], lefts[j, 1], wrow, yi, weight,
                gains[j],
            )  # fmt: skip
        if ratios[j] - best_ratio > SMALL:
            best, best_ratio = j, ratios[j]
    if _eq(best_ratio, 0.0):
        return _no_split(k)
    if nominal[best]:
        cut = np.nan
        branch = _branches(best, True, cut, rows, X)
        dist = _split_dist(branch, rows, w, yi, n_values[best], k)
    else:
        a = numeric_index[best]
        values = sorted_values[a, : n_known[a]]  # the whole training set's, sorted
        cut = values[np.searchsorted(values, cuts[best], side="right") - 1]
        branch = _branches(best, False, cut, rows, X)
        known = _numeric_split_dist(order[a], counts[a], last_left[best], wrow, yi, k)
        dist = _add_unknowns(known, branch, rows, w, yi)
    return best, cut, dist


@njit(cache=True)
def _branches(attribute, nominal, cut, rows, X):  # pragma: no cover - compiled
    """Branch of each row (-1: missing value)."""
    out = np.empty(rows.size, np.int64)
    for t in range(rows.size):
        v = X[rows[t], attribute]
        if np.isnan(v):
            out[t] = -1
        elif nominal:
            out[t] = int(v)
        else:
            out[t] = 1 if v > cut else 0
    return out
