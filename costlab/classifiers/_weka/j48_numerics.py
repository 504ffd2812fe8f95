"""J48's numerical helpers and Weka's ``Distribution`` bookkeeping, compiled (numba).

numpy's pairwise summation to the bit, ``x ln x`` with Weka's convention (0 below 1e-6), the
1e-6 comparisons of Weka's ``Utils``, entropies, gain and gain ratio, the pessimistic error
estimate (``Stats.addErrs``), and a node's class distributions kept as Weka's
``Distribution`` keeps them (see :mod:`costlab.classifiers._weka.j48_kernels`).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, types

SMALL = 1e-6
LN2 = math.log(2.0)

_INT_ARRAY = types.int64[::1]
_FLOAT_ARRAY = types.float64[::1]
_FLOAT_TABLE = types.float64[:, ::1]


# ---------------------------------------------------------------- numerical helpers


@njit(cache=True)
def _block(a, start, n):  # pragma: no cover - compiled
    """numpy's sum of at most 128 values: 8 accumulators, then the rest one by one."""
    if n < 8:
        res = 0.0
        for i in range(start, start + n):
            res += a[i]
        return res
    r0, r1, r2, r3 = a[start], a[start + 1], a[start + 2], a[start + 3]
    r4, r5, r6, r7 = a[start + 4], a[start + 5], a[start + 6], a[start + 7]
    i = 8
    stop = n - n % 8
    while i < stop:
        p = start + i
        r0 += a[p]
        r1 += a[p + 1]
        r2 += a[p + 2]
        r3 += a[p + 3]
        r4 += a[p + 4]
        r5 += a[p + 5]
        r6 += a[p + 6]
        r7 += a[p + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[start + i]
        i += 1
    return res


@njit(cache=True)
def _pairwise(a, start, n):  # pragma: no cover - compiled
    """numpy's pairwise sum of ``a[start:start + n]``: blocks of at most 128 values, halves
    (rounded to multiples of 8) added recursively; evaluated with explicit stacks."""
    if n <= 128:
        return _block(a, start, n)
    starts, sizes, phases = np.empty(64, np.int64), np.empty(64, np.int64), np.empty(64, np.int64)
    values = np.empty(64)
    top, n_values = 1, 0
    starts[0], sizes[0], phases[0] = start, n, 0
    while top > 0:
        f = top - 1
        size = sizes[f]
        if size <= 128:
            values[n_values] = _block(a, starts[f], size)
            n_values += 1
            top -= 1
            continue
        half = size // 2
        half -= half % 8
        if phases[f] == 0:
            phases[f] = 1
            starts[top], sizes[top], phases[top] = starts[f], half, 0
            top += 1
        elif phases[f] == 1:
            phases[f] = 2
            starts[top], sizes[top], phases[top] = starts[f] + half, size - half, 0
            top += 1
        else:
            n_values -= 1
            values[n_values - 1] = values[n_values - 1] + values[n_values]
            top -= 1
    return values[0]


@njit(cache=True)
def _numpy_sum(a):  # pragma: no cover - compiled
    """``a.sum()`` of a contiguous 1-D array, to the bit (identity 0.0 plus pairwise sum)."""
    return 0.0 + _pairwise(a, 0, a.size)


@njit(cache=True)
def _xlnx(x):  # pragma: no cover - compiled
    """``x ln x``, 0 below 1e-6 (``j48.EntropyBasedSplitCrit.lnFunc``)."""
    if x < 1e-6:
        return 0.0
    return x * np.log(x)


@njit(cache=True)
def _eq(a, b):  # pragma: no cover - compiled
    """``a == b`` within SMALL = 1e-6 (``weka.core.Utils.eq``)."""
    return a == b or (a - b < SMALL and b - a < SMALL)


@njit(cache=True)
def _ge(a, b):  # pragma: no cover - compiled
    """``a >= b`` within SMALL = 1e-6 (``weka.core.Utils.grOrEq``)."""
    return b - a < SMALL or a >= b


@njit(cache=True)
def _column_sums(table):  # pragma: no cover - compiled
    """``table.sum(axis=0)``: row after row."""
    out = np.zeros(table.shape[1])
    for b in range(table.shape[0]):
        for c in range(table.shape[1]):
            out[c] += table[b, c]
    return out


@njit(cache=True)
def _term(table, i, mode):  # pragma: no cover - compiled
    """Term ``i`` of a sum over a table: mode 0 cells, 1 their ``x ln x``, 2 row sums,
    3 their ``x ln x`` (cells in row-major order)."""
    if mode < 2:
        k = table.shape[1]
        value = table[i // k, i % k]
        return value if mode == 0 else _xlnx(value)
    value = _numpy_sum(table[i])
    return value if mode == 2 else _xlnx(value)


@njit(cache=True)
def _table_sum(table, mode):  # pragma: no cover - compiled
    """:func:`_numpy_sum` of the terms of :func:`_term`, without building their array
    (up to 128 terms, numpy's single block)."""
    n = table.size if mode < 2 else table.shape[0]
    if n > 128:
        terms = np.empty(n)
        for i in range(n):
            terms[i] = _term(table, i, mode)
        return _numpy_sum(terms)
    if n < 8:
        res = 0.0
        for i in range(n):
            res += _term(table, i, mode)
        return 0.0 + res
    # numba compiles a kernel once per literal argument: the positions are offsets of a zero
    # computed at run time, so _term compiles once per mode, not once per position as well
    i = n * 0
    r0, r1 = _term(table, i, mode), _term(table, i + 1, mode)
    r2, r3 = _term(table, i + 2, mode), _term(table, i + 3, mode)
    r4, r5 = _term(table, i + 4, mode), _term(table, i + 5, mode)
    r6, r7 = _term(table, i + 6, mode), _term(table, i + 7, mode)
    i += 8
    stop = n - n % 8
    while i < stop:
        r0 += _term(table, i, mode)
        r1 += _term(table, i + 1, mode)
        r2 += _term(table, i + 2, mode)
        r3 += _term(table, i + 3, mode)
        r4 += _term(table, i + 4, mode)
        r5 += _term(table, i + 5, mode)
        r6 += _term(table, i + 6, mode)
        r7 += _term(table, i + 7, mode)
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += _term(table, i, mode)
        i += 1
    return 0.0 + res


@njit(cache=True)
def _xlnx_sum(values):  # pragma: no cover - compiled
    """The sum of :func:`_xlnx` over ``values``, in numpy's pairwise order (:func:`_table_sum`)."""
    return _table_sum(values.reshape((1, values.size)), 1)


@njit(cache=True)
def _max_class(per_class):  # pragma: no cover - compiled
    """The class of largest weight, the first of those within SMALL of it
    (``j48.Distribution.maxClass``)."""
    best, index = 0.0, 0
    for c in range(per_class.size):
        if per_class[c] - best > SMALL:
            best, index = per_class[c], c
    return index


@njit(cache=True)
def _old_ent(per_class):  # pragma: no cover - compiled
    """The class weights' entropy before a split, in bits times their total:
    ``(total ln total - sum x ln x) / ln 2`` (``j48.EntropyBasedSplitCrit.oldEnt``)."""
    return (_xlnx(_numpy_sum(per_class)) - _xlnx_sum(per_class)) / LN2


@njit(cache=True)
def _info_gain(table, weight, old_ent):  # pragma: no cover - compiled
    """Information gain per unit of known weight of a split with bag x class ``table`` on a
    node of total ``weight``, scaled down by the unknown rate
    (``j48.InfoGainSplitCrit.splitCritValue``); 0 when it is 0 within SMALL."""
    known = _table_sum(table, 0)
    new_ent = -(_table_sum(table, 1) - _table_sum(table, 3)) / LN2
    unknown_rate = (weight - known) / weight
    numerator = (1 - unknown_rate) * (old_ent - new_ent)
    if _eq(numerator, 0.0):
        return 0.0
    return numerator / known


@njit(cache=True)
def _gain_ratio(table, weight, gain):  # pragma: no cover - compiled
    """``gain`` divided by the split's own entropy, the unknown weight a bag of its own
    (``j48.GainRatioSplitCrit.splitCritValue`` and ``splitEnt``); 0 without split entropy."""
    known = _table_sum(table, 2)
    split_ent = 0.0
    if known - 0.0 > SMALL:
        split_ent = -_table_sum(table, 3) - _xlnx(weight - known) + _xlnx(weight)
    split_ent = split_ent / LN2
    if _eq(split_ent, 0.0):
        return 0.0
    return gain / (split_ent / weight)


@njit(cache=True)
def add_errors(n, e, cf, z):  # pragma: no cover - compiled
    """Weka's ``Stats.addErrs`` (see :func:`costlab.classifiers.j48.add_errors`)."""
    if cf > 0.5:
        return 0.0
    if e < 1:
        base = n * (1 - math.pow(cf, 1 / n))
        if e == 0:
            return base
        return base + e * (_upper(n, 1.0, z) - base)
    return _upper(n, e, z)


@njit(cache=True)
def _upper(n, e, z):  # pragma: no cover - compiled
    """``add_errors`` for ``e >= 1``."""
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return r * n - e


@njit(cache=True)
def _incorrect(dist):  # pragma: no cover - compiled
    """Weka's ``Distribution.numIncorrect``: the total minus the first largest class weight."""
    per_class, total = dist[2], dist[3]
    return total - per_class[_max_class(per_class)]


@njit(cache=True)
def _estimated_errors(dist, cf, z):  # pragma: no cover - compiled
    """Pessimistic errors of a distribution (Weka's ``getEstimatedErrorsForDistribution``)."""
    total = dist[3]
    if _eq(total, 0.0):
        return 0.0
    e = _incorrect(dist)
    return e + add_errors(total, e, cf, z)


# ---------------------------------------------------------------- Weka's Distribution
#
# A distribution is a tuple (per class per bag, per bag, per class, total), each kept as
# Weka's ``Distribution`` keeps it: its own running sum, added to instance by instance in
# the node's row order. The four are therefore not each other's sums to the last bit.


@njit(cache=True)
def _rows_dist(rows, w, yi, k):  # pragma: no cover - compiled
    """``Distribution(Instances)``: one bag, every row added in order."""
    table, per_bag, per_class, total = np.zeros((1, k)), np.zeros(1), np.zeros(k), 0.0
    for t in range(rows.size):
        c, weight = yi[rows[t]], w[t]
        table[0, c] += weight
        per_bag[0] += weight
        per_class[c] += weight
        total += weight
    return table, per_bag, per_class, total


@njit(cache=True)
def _leaf_dist(dist):  # pragma: no cover - compiled
    """``Distribution(Distribution)`` (a ``NoSplit`` of a split's distribution): one bag
    holding the per-class weights and the total as they are."""
    per_class, total = dist[2].copy(), dist[3]
    return per_class.copy().reshape((1, per_class.size)), np.full(1, total), per_class, total


@njit(cache=True)
def _add_unknowns(dist, branch, rows, w, yi):  # pragma: no cover - compiled
    """``addInstWithUnknown``: each row with a missing value (``branch < 0``), in order,
    adds its weight to its class and the total, and its weight times each bag's share of
    the distribution before the first of them (1 / bags if it was empty) to every bag."""
    table, per_bag, per_class, total = dist
    n_bags = per_bag.size
    probs = np.empty(n_bags)
    for b in range(n_bags):
        probs[b] = 1.0 / n_bags if _eq(total, 0.0) else per_bag[b] / total
    for t in range(rows.size):
        if branch[t] < 0:
            c, weight = yi[rows[t]], w[t]
            per_class[c] += weight
            total += weight
            for b in range(n_bags):
                part = probs[b] * weight
                table[b, c] += part
                per_bag[b] += part
    return table, per_bag, per_class, total


@njit(cache=True)
def _split_dist(branch, rows, w, yi, n_bags, k):  # pragma: no cover - compiled
    """A split's distribution as Weka makes a nominal split's (``C45Split``) or resets any
    split's (``resetDistribution``): the rows with a known value added in order, then
    :func:`_add_unknowns`."""
    table, per_bag, per_class, total = np.zeros((n_bags, k)), np.zeros(n_bags), np.zeros(k), 0.0
    for t in range(rows.size):
        b = branch[t]
        if b >= 0:
            c, weight = yi[rows[t]], w[t]
            table[b, c] += weight
            per_bag[b] += weight
            per_class[c] += weight
            total += weight
    return _add_unknowns((table, per_bag, per_class, total), branch, rows, w, yi)


@njit(cache=True)
def _numeric_split_dist(order, m, last_left, wrow, yi, k):  # pragma: no cover - compiled
    """A numeric split's known part as ``C45Split`` makes it (``addRange`` per side): rows in
    sorted order add to their cell and class; each side's weight is summed apart and then
    added to its bag and to the total."""
    table, per_class, sides = np.zeros((2, k)), np.zeros(k), np.zeros(2)
    for t in range(m):
        r = order[t]
        b, c, weight = 0 if t <= last_left else 1, yi[r], wrow[r]
        sides[b] += weight
        table[b, c] += weight
        per_class[c] += weight
    per_bag = np.zeros(2)
    per_bag[0] += sides[0]
    total = 0.0 + sides[0]
    per_bag[1] += sides[1]
    total += sides[1]
    return table, per_bag, per_class, total


@njit(cache=True)
def _class_dist(rows, w, yi, k):  # pragma: no cover - compiled
    """Class weights of ``rows`` (weights ``w``), added row by row (``j48.Distribution.perClass``
    of a node's instances)."""
    out = np.zeros(k)
    for t in range(rows.size):
        out[yi[rows[t]]] += w[t]
    return out


@njit(cache=True)
def _slack(low, high, total, weight):  # pragma: no cover - compiled
    """How far above the larger end of a run of cuts an inner cut's computed gain can be.

    ``low``, ``high``: the moving class's weight on the left at the run's ends, ``total``
    its weight in the node. 1e-12 for rounding; where that class's weight on either side
    can lie in (0, 1e-6) inside the run, ``x ln x`` taken as 0 there (Weka's convention)
    raises the gain above the convex function by up to 2 * 1e-6 ln(1e6) / ln 2 / weight.
    """
    if (low < 1e-6 and high > 0.0) or (total - high < 1e-6 and total - low > 0.0):
        return 1e-12 + 5e-5 / weight
    return 1e-12


@njit(cache=True)
def _min_split(known_weight, k, min_obj):  # pragma: no cover - compiled
    """C4.5's least weight on each side of a numeric cut (Weka's ``C45Split``): a tenth of
    the node's known weight per class, at least ``min_obj`` and at most 25."""
    min_split = 0.1 * known_weight / k
    if min_split - min_obj < SMALL or min_split <= min_obj:
        return min_obj
    if min_split - 25.0 > SMALL:
        return 25.0
    return min_split
