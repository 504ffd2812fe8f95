"""Compiled kernels (numba) of J48: tree growth, collapsing, pruning and prediction.

The rules are those of :mod:`costlab.classifiers.j48` (its module docstring); this module only
makes them fast. Each numeric attribute is sorted once per fit (stably, so ties keep the row
order); a node keeps, per numeric attribute, its rows in that order, and its children get
theirs by a stable partition, so the cut search at a node is one linear scan instead of a
sort.

Two kinds of sums, in two orders:

* The split search (gains, gain ratios, admissible cuts) sums in the order of the
  pure-numpy implementation the kernels replaced (``tests/_j48_reference.py``): class
  weights row by row in the node's row order, cumulative weights along the sorted values,
  and numpy's own pairwise summation (:func:`_numpy_sum`, the algorithm of numpy's
  ``add.reduce`` on a contiguous array) wherever that implementation called
  ``ndarray.sum``. Its comparisons have a 1e-6 tolerance, so the last bits rarely matter
  there; the trees are those of the reference (numpy's and the C library's ``log`` may
  differ in the last bit, which moves gains by ~1e-16).
* The class distributions a node keeps (what the probabilities, the shares of rows with a
  missing value, collapsing and pruning read) are kept as Weka's
  ``weka.classifiers.trees.j48.Distribution`` keeps them: per class per bag, per bag, per
  class and total are four running sums, each added to row by row in the node's row order
  (``Distribution.add``); a nominal split (or any split reset on other data, as subtree
  raising does) adds its rows with a known value, then ``addInstWithUnknown`` adds each row
  with a missing value in turn, its weight times each bag's share of the known weight; a
  numeric split sums each side apart and adds the side's sum to its bag and to the total
  (``addRange``); a collapsed or pruned node keeps its split's class weights and total
  (``NoSplit``). A row's probabilities are summed as ``ClassifierTree.getProbs`` recurses
  (a node with the row's value missing sums its branches from 0, branch by branch). These
  values are then Weka's to the last bit wherever the node's rows are in Weka's order,
  which they are on data without numeric attributes (the rows of the training set in
  their order, partitioned stably): there a boosting round's leaf can hold exactly equal
  class weights, and Weka's ``Evaluation`` (a strict maximum) counts the round's errors by
  the last bits (vote). With numeric attributes Weka's node holds its rows in the order of
  its last quicksort (``Instances.sort``, not stable), so ties there may be summed in
  another order (differences of ~1e-16).
``tests/test_j48.py`` checks the kernels against the reference (same trees, probabilities
to 1e-14) and against Weka.

A row whose value of a node's split attribute is missing goes to every branch with a share
of its weight, so a row can sit in several nodes of one depth; within a node it appears at
most once, and each node carries its own weights, aligned with its rows.

No threads: the summation order, hence the result, does not depend on the machine.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, types
from numba.typed import List

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
    if x < 1e-6:
        return 0.0
    return x * np.log(x)


@njit(cache=True)
def _eq(a, b):  # pragma: no cover - compiled
    return a == b or (a - b < SMALL and b - a < SMALL)


@njit(cache=True)
def _ge(a, b):  # pragma: no cover - compiled
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
    r0, r1 = _term(table, 0, mode), _term(table, 1, mode)
    r2, r3 = _term(table, 2, mode), _term(table, 3, mode)
    r4, r5 = _term(table, 4, mode), _term(table, 5, mode)
    r6, r7 = _term(table, 6, mode), _term(table, 7, mode)
    i = 8
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
    return _table_sum(values.reshape((1, values.size)), 1)


@njit(cache=True)
def _max_class(per_class):  # pragma: no cover - compiled
    best, index = 0.0, 0
    for c in range(per_class.size):
        if per_class[c] - best > SMALL:
            best, index = per_class[c], c
    return index


@njit(cache=True)
def _old_ent(per_class):  # pragma: no cover - compiled
    return (_xlnx(_numpy_sum(per_class)) - _xlnx_sum(per_class)) / LN2


@njit(cache=True)
def _info_gain(table, weight, old_ent):  # pragma: no cover - compiled
    known = _table_sum(table, 0)
    new_ent = -(_table_sum(table, 1) - _table_sum(table, 3)) / LN2
    unknown_rate = (weight - known) / weight
    numerator = (1 - unknown_rate) * (old_ent - new_ent)
    if _eq(numerator, 0.0):
        return 0.0
    return numerator / known


@njit(cache=True)
def _gain_ratio(table, weight, gain):  # pragma: no cover - compiled
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
    out = np.zeros(k)
    for t in range(rows.size):
        out[yi[rows[t]]] += w[t]
    return out


# ---------------------------------------------------------------- split search


@njit(cache=True)
def _nominal_table(j, n_values, rows, w, X, yi, k):  # pragma: no cover - compiled
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
    known_weight = _numpy_sum(per_class)
    min_split = 0.1 * known_weight / k
    if min_split - min_obj < SMALL or min_split <= min_obj:
        min_split = min_obj
    elif min_split - 25.0 > SMALL:
        min_split = 25.0
    if 2 * min_split - m > SMALL:
        return False, 0.0, 0.0, 0.0, -1
    positions, pure, lefts, scratch = work
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
def _logged(value, last, last_log):  # pragma: no cover - compiled
    """``(x ln x, x)`` of ``value``, reusing ``last_log`` when ``value == last``."""
    if value == last:
        return last_log, value
    return _xlnx(value), value


#: Cuts per top-level block of the two-class search, and the size below which a block that
#: cannot be ruled out is evaluated cut by cut instead of being halved.
_BLOCK = 256
_LEAF_BLOCK = 8
_STACK = 64  # pending entries of a block's search: at most 2 per halving, plus one


@njit(cache=True)
def _numeric_binary(j, order, m, weight, XT, yi, wrow, min_obj, work):  # pragma: no cover
    """:func:`_numeric` for two classes, on scalars (the same operations in the same order).

    ``XT`` is the data transposed (one attribute's values contiguous). Instead of runs of
    one class, blocks of successive cuts are ruled out: along the cuts the class weights on
    the left, (left0, left1), only grow, so a block's cuts lie in the box spanned by its two
    end cuts, and the gain, convex in (left0, left1), is at most its largest value at the
    box's four corners (two of them are the end cuts). A block that this bound cannot rule
    out is halved at its middle cut (:func:`_search_block`), down to ``_LEAF_BLOCK`` cuts,
    which are evaluated one by one. Cuts are still decided in their order, each against the
    best gain of the cuts before it, so the winner is the one a scan of every cut finds.
    """
    p0, p1 = 0.0, 0.0
    for t in range(m):
        r = order[t]
        if yi[r] == 0:
            p0 += wrow[r]
        else:
            p1 += wrow[r]
    known_weight = (0.0 + p0) + p1
    min_split = 0.1 * known_weight / 2
    if min_split - min_obj < SMALL or min_split <= min_obj:
        min_split = min_obj
    elif min_split - 25.0 > SMALL:
        min_split = 25.0
    if 2 * min_split - m > SMALL:
        return False, 0.0, 0.0, 0.0, -1
    positions, lefts = work[0], work[2]
    values = XT[j]
    l0, l1 = 0.0, 0.0
    n_cuts = 0
    next_value = values[order[0]]
    for t in range(m - 1):
        r = order[t]
        y = yi[r]
        if y == 0:
            l0 += wrow[r]
        else:
            l1 += wrow[r]
        value, next_value = next_value, values[order[t + 1]]
        if not value + 1e-5 < next_value:
            continue
        if not (_ge((0.0 + l0) + l1, min_split) and _ge((0.0 + (p0 - l0)) + (p1 - l1), min_split)):
            continue
        positions[n_cuts] = t
        lefts[n_cuts, 0], lefts[n_cuts, 1] = l0, l1
        n_cuts += 1
    if n_cuts == 0:
        return False, 0.0, 0.0, 0.0, -1
    per_class = np.array([p0, p1])
    old_ent = _old_ent(per_class)
    cache = np.full(8, np.nan)  # last l0, r0, l1, r1 and their x ln x
    gain_here = _gain_binary(lefts[0, 0], lefts[0, 1], p0, p1, weight, old_ent, cache)
    best_gain, best = 0.0, -1
    if gain_here - best_gain > SMALL:
        best_gain, best = gain_here, 0
    stack, end_gains = np.empty(3 * _STACK, np.int64), np.empty(2 * _STACK)
    i = 0
    while i < n_cuts - 1:
        end = min(i + _BLOCK, n_cuts - 1)
        gain_end = _gain_binary(lefts[end, 0], lefts[end, 1], p0, p1, weight, old_ent, cache)
        best_gain, best = _search_block(
            i, end, gain_here, gain_end, best_gain, best, lefts, p0, p1, weight, old_ent, cache,
            stack, end_gains,
        )  # fmt: skip
        if gain_end - best_gain > SMALL:
            best_gain, best = gain_end, end
        gain_here, i = gain_end, end
    gain = best_gain - math.log2(n_cuts) / weight  # MDL correction
    if gain - 0.0 < SMALL or gain <= 0.0:
        return False, 0.0, 0.0, 0.0, -1
    best = positions[best]
    low, high = values[order[best]], values[order[best + 1]]
    cut = (high + low) / 2
    if cut == high:
        cut = low
    table = _numeric_table(order, m, best, wrow, yi, 2)
    return True, gain, _gain_ratio(table, weight, gain), cut, best


@njit(cache=True)
def _ruled_out(  # pragma: no cover - compiled
    low, high, gain_low, gain_high, best_gain, lefts, p0, p1, weight, old_ent, cache
):
    """True if no cut strictly between cuts ``low`` and ``high`` can beat ``best_gain`` by more
    than SMALL: the box bound of :func:`_numeric_binary`, with :func:`_slack`."""
    a0, a1, b0, b1 = lefts[low, 0], lefts[low, 1], lefts[high, 0], lefts[high, 1]
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
    entry = top // 3
    stack[top], stack[top + 1], stack[top + 2] = low, high, kind
    end_gains[2 * entry], end_gains[2 * entry + 1] = gain_low, gain_high
    return top + 3


@njit(cache=True)
def _search_block(low, high, gain_low, gain_high, best_gain, best, lefts, p0, p1, weight,
                  old_ent, cache, stack, end_gains):  # fmt: skip  # pragma: no cover
    """(best gain, best cut) after the cuts strictly between cuts ``low`` and ``high``, taken
    in order.

    A segment the box bound rules out (:func:`_ruled_out`) is skipped; a short one is
    evaluated cut by cut; a longer one is halved at its middle cut, whose gain is taken once,
    serves both halves and is decided between them. ``stack`` holds the pending entries, three
    ints each: low, high, and -1 for a segment or -2 for "decide cut ``high``"; ``end_gains``
    the gains at their ends.
    """
    top = _push(stack, end_gains, 0, low, high, -1, gain_low, gain_high)
    while top > 0:
        top -= 3
        lo, hi, kind = stack[top], stack[top + 1], stack[top + 2]
        g_lo, g_hi = end_gains[2 * (top // 3)], end_gains[2 * (top // 3) + 1]
        if kind == -2:
            if g_hi - best_gain > SMALL:
                best_gain, best = g_hi, hi
            continue
        if hi <= lo + 1 or _ruled_out(
            lo, hi, g_lo, g_hi, best_gain, lefts, p0, p1, weight, old_ent, cache
        ):
            continue
        if hi - lo <= _LEAF_BLOCK:
            for inner in range(lo + 1, hi):
                gain = _gain_binary(
                    lefts[inner, 0], lefts[inner, 1], p0, p1, weight, old_ent, cache
                )
                if gain - best_gain > SMALL:
                    best_gain, best = gain, inner
            continue
        mid = (lo + hi) // 2
        g_mid = _gain_binary(lefts[mid, 0], lefts[mid, 1], p0, p1, weight, old_ent, cache)
        # pushed in reverse, so that the left half comes first, then cut mid, then the right
        top = _push(stack, end_gains, top, mid, hi, -1, g_mid, g_hi)
        top = _push(stack, end_gains, top, mid, mid, -2, g_mid, g_mid)
        top = _push(stack, end_gains, top, lo, mid, -1, g_lo, g_mid)
    return best_gain, best


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


@njit(cache=True)
def _select(rows, w, order, counts, data, k, min_obj):  # pragma: no cover - compiled
    """(attribute, cut, distribution) of the node's split (Weka's bookkeeping, with the rows
    of unknown value); attribute -1: leaf."""
    X, yi, nominal, n_values, in_average = data[0], data[1], data[2], data[3], data[4]
    numeric_index, sorted_values, n_known, wrow, work = data[5], data[6], data[7], data[8], data[10]
    per_class = _class_dist(rows, w, yi, k)
    weight = _numpy_sum(per_class)
    no_split = (-1, 0.0, (np.zeros((1, k)), np.zeros(1), np.zeros(k), 0.0))
    if 2 * min_obj - weight > SMALL or _eq(weight, per_class[_max_class(per_class)]):
        return no_split
    d = X.shape[1]
    gains, ratios, cuts = np.zeros(d), np.zeros(d), np.zeros(d)
    valid = np.zeros(d, np.bool_)
    last_left = np.full(d, -1)
    total_gain, n_valid = 0.0, 0
    for j in range(d):
        if nominal[j]:
            table = _nominal_table(j, n_values[j], rows, w, X, yi, k)
            valid[j], gains[j], ratios[j] = _nominal(table, weight, min_obj)
        else:
            a = numeric_index[j]
            if k == 2:
                found = _numeric_binary(
                    j, order[a], counts[a], weight, data[11], yi, wrow, min_obj, work
                )
            else:
                found = _numeric(j, order[a], counts[a], weight, X, yi, wrow, k, min_obj, work)
            valid[j], gains[j], ratios[j], cuts[j], last_left[j] = found
        if valid[j] and in_average[j]:
            total_gain += gains[j]
            n_valid += 1
    if n_valid == 0:
        return no_split
    average = total_gain / n_valid
    best, best_ratio = -1, 0.0
    for j in range(d):
        if valid[j] and gains[j] >= average - 1e-3 and ratios[j] - best_ratio > SMALL:
            best, best_ratio = j, ratios[j]
    if _eq(best_ratio, 0.0):
        return no_split
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


# ---------------------------------------------------------------- the tree's storage


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


@njit(cache=True)
def _shares(dist):  # pragma: no cover - compiled
    """Each bag's share of a distribution (Weka's ``C45Split.weights``)."""
    return dist[1] / dist[3]


@njit(cache=True)
def _part(branch, shares, b, rows, w):  # pragma: no cover - compiled
    """Rows and weights of branch ``b`` (missing values go to every branch, fractionally)."""
    share = shares[b]
    keep = (branch == b) | ((branch < 0) & (share - 0.0 > SMALL))
    part_w = np.where(branch < 0, w * share, w)
    return rows[keep], part_w[keep]


@njit(cache=True)
def _new_tree():  # pragma: no cover - compiled
    return (
        List.empty_list(types.boolean),  # 0 leaf
        List.empty_list(types.boolean),  # 1 empty
        List.empty_list(types.int64),  # 2 attribute
        List.empty_list(types.float64),  # 3 cut
        List.empty_list(_INT_ARRAY),  # 4 children
        List.empty_list(_FLOAT_TABLE),  # 5 dist (branches x classes)
        List.empty_list(_INT_ARRAY),  # 6 rows
        List.empty_list(_FLOAT_ARRAY),  # 7 weights
        List.empty_list(_FLOAT_ARRAY),  # 8 dist: per bag
        List.empty_list(_FLOAT_ARRAY),  # 9 dist: per class
        List.empty_list(types.float64),  # 10 dist: total
    )


@njit(cache=True)
def _add_node(tree, rows, w, dist, leaf, empty, attribute, cut):  # pragma: no cover
    tree[0].append(leaf)
    tree[1].append(empty)
    tree[2].append(attribute)
    tree[3].append(cut)
    tree[4].append(np.empty(0, np.int64))
    tree[5].append(dist[0])
    tree[6].append(rows)
    tree[7].append(w)
    tree[8].append(dist[1])
    tree[9].append(dist[2])
    tree[10].append(dist[3])
    return len(tree[0]) - 1


@njit(cache=True)
def _dist(tree, node):  # pragma: no cover - compiled
    return tree[5][node], tree[8][node], tree[9][node], tree[10][node]


@njit(cache=True)
def _set_dist(tree, node, dist):  # pragma: no cover - compiled
    tree[5][node], tree[8][node], tree[9][node], tree[10][node] = dist


# ---------------------------------------------------------------- growing


@njit(cache=True)
def _children_data(rows, w, order, counts, branch, shares, b, branch_of):  # pragma: no cover
    """Rows, weights and sorted rows per numeric attribute of branch ``b``."""
    part_rows, part_w = _part(branch, shares, b, rows, w)
    share_ok = shares[b] - 0.0 > SMALL
    part_order = np.empty((order.shape[0], part_rows.size), np.int64)
    part_counts = np.zeros(order.shape[0], np.int64)
    for a in range(order.shape[0]):
        m = 0
        for t in range(counts[a]):
            r = order[a, t]
            to = branch_of[r]
            if to == b or (to == -1 and share_ok):
                part_order[a, m] = r
                m += 1
        part_counts[a] = m
    return part_rows, part_w, part_order, part_counts


@njit(cache=True)
def _grow(w, order, counts, data, k, min_obj, tree):  # pragma: no cover - compiled
    """Grow the tree from the root, depth first with an explicit stack."""
    X, yi, nominal, wrow, branch_of = data[0], data[1], data[2], data[8], data[9]
    stack_rows, stack_w = List([np.arange(X.shape[0])]), List([w])
    stack_order, stack_counts = List([order]), List([counts])
    stack_parent, stack_slot = [-1], [0]
    while len(stack_rows) > 0:
        rows, w, order, counts = (
            stack_rows.pop(), stack_w.pop(), stack_order.pop(), stack_counts.pop(),
        )  # fmt: skip
        parent, slot = stack_parent.pop(), stack_slot.pop()
        for t in range(rows.size):
            wrow[rows[t]] = w[t]
        attribute, cut, dist = _select(rows, w, order, counts, data, k, min_obj)
        if attribute < 0:
            dist = _rows_dist(rows, w, yi, k)
            node = _add_node(tree, rows, w, dist, True, _eq(dist[3], 0.0), -1, 0.0)
        else:
            node = _add_node(tree, rows, w, dist, False, False, attribute, cut)
            branch = _branches(attribute, nominal[attribute], cut, rows, X)
            shares = _shares(dist)
            for t in range(rows.size):  # scratch: the node's rows only are read
                branch_of[rows[t]] = branch[t]
            n_bags = dist[1].size
            tree[4][node] = np.full(n_bags, -1)
            for b in range(n_bags - 1, -1, -1):
                part = _children_data(rows, w, order, counts, branch, shares, b, branch_of)
                stack_rows.append(part[0])
                stack_w.append(part[1])
                stack_order.append(part[2])
                stack_counts.append(part[3])
                stack_parent.append(node)
                stack_slot.append(b)
        if parent >= 0:
            tree[4][parent][slot] = node


# ---------------------------------------------------------------- collapsing and pruning


@njit(cache=True)
def _make_leaf(tree, node):  # pragma: no cover - compiled
    """The node becomes a leaf keeping its split's class weights and total (``NoSplit``)."""
    _set_dist(tree, node, _leaf_dist(_dist(tree, node)))
    tree[0][node] = True
    tree[2][node] = -1
    tree[4][node] = np.empty(0, np.int64)


@njit(cache=True)
def _preorder(tree, node):  # pragma: no cover - compiled
    out = List.empty_list(types.int64)
    stack = [node]
    while len(stack) > 0:
        i = stack.pop()
        out.append(i)
        children = tree[4][i]
        for b in range(children.size - 1, -1, -1):
            stack.append(children[b])
    return out


@njit(cache=True)
def _leaf_sum(tree, node, estimated, cf, z):  # pragma: no cover - compiled
    """Training errors (or estimated errors) of a subtree: each node's the sum of its
    children's, left to right, as a recursion would add them."""
    nodes = _preorder(tree, node)
    value = np.zeros(len(tree[0]))
    for i in range(len(nodes) - 1, -1, -1):
        n = nodes[i]
        if tree[0][n]:
            dist = _dist(tree, n)
            value[n] = _estimated_errors(dist, cf, z) if estimated else _incorrect(dist)
        else:
            total = 0.0
            for child in tree[4][n]:
                total += value[child]
            value[n] = total
    return value[node]


@njit(cache=True)
def _collapse(tree):  # pragma: no cover - compiled
    stack = [0]
    while len(stack) > 0:
        node = stack.pop()
        if tree[0][node]:
            continue
        if _leaf_sum(tree, node, False, 0.0, 0.0) >= _incorrect(_dist(tree, node)) - 1e-3:
            _make_leaf(tree, node)
        else:
            for child in tree[4][node]:
                stack.append(child)


@njit(cache=True)
def _reset(tree, node, rows, w, X, yi, nominal):  # pragma: no cover - compiled
    """The node's split distribution recomputed from other data (``resetDistribution``)."""
    attribute = tree[2][node]
    n_bags, k = tree[5][node].shape
    branch = _branches(attribute, nominal[attribute], tree[3][node], rows, X)
    return _split_dist(branch, rows, w, yi, n_bags, k), branch


@njit(cache=True)
def _branch_errors(tree, node, rows, w, X, yi, nominal, cf, z):  # pragma: no cover - compiled
    """Estimated errors of a subtree when other data (``rows``, ``w``) passes through it."""
    k = tree[5][node].shape[1]
    frame_node, frame_rows, frame_w = [node], List([rows]), List([w])
    first, count = [0], [0]
    i = 0
    while i < len(frame_node):  # breadth first: children after their parent
        n = frame_node[i]
        if not tree[0][n]:
            dist, branch = _reset(tree, n, frame_rows[i], frame_w[i], X, yi, nominal)
            shares = _shares(dist)
            children = tree[4][n]
            first[i], count[i] = len(frame_node), children.size
            for b in range(children.size):
                part_rows, part_w = _part(branch, shares, b, frame_rows[i], frame_w[i])
                frame_node.append(children[b])
                frame_rows.append(part_rows)
                frame_w.append(part_w)
                first.append(0)
                count.append(0)
        i += 1
    value = np.zeros(len(frame_node))
    for i in range(len(frame_node) - 1, -1, -1):
        if tree[0][frame_node[i]]:
            value[i] = _estimated_errors(_rows_dist(frame_rows[i], frame_w[i], yi, k), cf, z)
        else:
            total = 0.0
            for f in range(first[i], first[i] + count[i]):
                total += value[f]
            value[i] = total
    return value[0]


@njit(cache=True)
def _redistribute(tree, node, rows, w, X, yi, nominal):  # pragma: no cover - compiled
    """Recompute a subtree's distributions from new data (after subtree raising)."""
    stack_node, stack_rows, stack_w = [node], List([rows]), List([w])
    k = tree[5][node].shape[1]
    while len(stack_node) > 0:
        n, rows, w = stack_node.pop(), stack_rows.pop(), stack_w.pop()
        tree[6][n] = rows
        tree[7][n] = w
        if tree[0][n]:
            dist = _rows_dist(rows, w, yi, k)
            _set_dist(tree, n, dist)
            if not _eq(dist[3], 0.0):
                tree[1][n] = False
            continue
        dist, branch = _reset(tree, n, rows, w, X, yi, nominal)
        _set_dist(tree, n, dist)
        shares = _shares(dist)
        children = tree[4][n]
        for b in range(children.size):
            part_rows, part_w = _part(branch, shares, b, rows, w)
            stack_node.append(children[b])
            stack_rows.append(part_rows)
            stack_w.append(part_w)


@njit(cache=True)
def _decide(tree, node, X, yi, nominal, cf, z):  # pragma: no cover - compiled
    """Prune a node whose subtrees are pruned: True if it raised a branch (prune it again)."""
    bags = tree[8][node]
    largest, best = -1, 0.0
    for b in range(bags.size):  # the last branch at least as heavy as any before
        if _ge(bags[b], best):
            best, largest = bags[b], b
    rows, w = tree[6][node], tree[7][node]
    raised = tree[4][node][largest]
    branch = _branch_errors(tree, raised, rows, w, X, yi, nominal, cf, z)
    leaf = _estimated_errors(_dist(tree, node), cf, z)
    subtree = _leaf_sum(tree, node, True, cf, z)
    if (leaf - (subtree + 0.1) < SMALL or leaf <= subtree + 0.1) and (
        leaf - (branch + 0.1) < SMALL or leaf <= branch + 0.1
    ):
        _make_leaf(tree, node)
        return False
    if branch - (subtree + 0.1) < SMALL or branch <= subtree + 0.1:
        tree[0][node] = tree[0][raised]
        tree[2][node] = tree[2][raised]
        tree[3][node] = tree[3][raised]
        tree[4][node] = tree[4][raised]
        _set_dist(tree, node, _dist(tree, raised))
        _redistribute(tree, node, rows, w, X, yi, nominal)
        return True
    return False


@njit(cache=True)
def _prune(tree, X, yi, nominal, cf, z):  # pragma: no cover - compiled
    """Bottom up: a node is decided after its subtrees (explicit stack of (node, phase))."""
    stack_node, stack_phase = [0], [0]
    while len(stack_node) > 0:
        node, phase = stack_node.pop(), stack_phase.pop()
        if tree[0][node]:
            continue
        if phase == 0:
            stack_node.append(node)
            stack_phase.append(1)
            for child in tree[4][node]:
                stack_node.append(child)
                stack_phase.append(0)
        elif _decide(tree, node, X, yi, nominal, cf, z):
            stack_node.append(node)
            stack_phase.append(0)


# ---------------------------------------------------------------- flat tree for prediction


@njit(cache=True)
def _normalised(dist):  # pragma: no cover - compiled
    """Weka's ``Distribution.prob`` of every class: weight over total (0 if the total is)."""
    per_class, total = dist[2], dist[3]
    if _eq(total, 0.0):
        return np.zeros_like(per_class)
    return per_class / total


@njit(cache=True)
def _flatten(tree, k):  # pragma: no cover - compiled
    """The tree reachable from the root, numbered depth first, as arrays.

    Per node: attribute (-1: leaf), cut, empty flag, first child slot, number of children,
    first distribution row, and the leaf's probabilities; per child slot: the child, its
    share of the node's weight and the probabilities of its branch (for an empty child).
    """
    order = _preorder(tree, 0)
    n = len(order)
    new_id = np.full(len(tree[0]), -1)
    for i in range(n):
        new_id[order[i]] = i
    attribute = np.full(n, -1)
    cut, empty = np.zeros(n), np.zeros(n, np.bool_)
    first_child, n_children = np.zeros(n, np.int64), np.zeros(n, np.int64)
    first_row, proba = np.zeros(n + 1, np.int64), np.zeros((n, k))
    n_slots, n_rows = 0, 0
    for i in range(n):
        node = order[i]
        first_child[i], first_row[i] = n_slots, n_rows
        n_slots += tree[4][node].size
        n_rows += tree[5][node].shape[0]
    first_row[n] = n_rows
    child, share, branch_proba = (
        np.zeros(n_slots, np.int64),
        np.zeros(n_slots),
        np.zeros((n_slots, k)),
    )
    dists = np.zeros((n_rows, k))
    for i in range(n):
        node = order[i]
        dist = _dist(tree, node)
        dists[first_row[i] : first_row[i] + dist[0].shape[0]] = dist[0]
        empty[i] = tree[1][node]
        if tree[0][node]:
            proba[i] = _normalised(dist)
            continue
        attribute[i], cut[i] = tree[2][node], tree[3][node]
        children = tree[4][node]
        n_children[i] = children.size
        shares = _shares(dist)
        for b in range(children.size):
            s = first_child[i] + b
            child[s], share[s] = new_id[children[b]], shares[b]
            bag = dist[1][b]  # Weka's prob(class, bag)
            branch_proba[s] = dist[0][b] / bag if bag - 0.0 > SMALL else _normalised(dist)
    return (
        attribute, cut, empty, first_child, n_children, child, share, branch_proba,
        proba, first_row, dists,
    )  # fmt: skip


@njit(cache=True)
def build(X, yi, w, nominal, n_values, in_average, numeric_index, order, n_known,
          sorted_values, k, min_obj, cf, z, prune):  # fmt: skip  # pragma: no cover
    """Grow, collapse and (if ``prune``) prune a tree; return it flat (see :func:`_flatten`)."""
    n = X.shape[0]
    wrow, branch_of = np.zeros(n), np.zeros(n, np.int64)
    work = (np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros((n, k)), np.zeros((5, 2 * k)))
    data = (
        X, yi, nominal, n_values, in_average, numeric_index, sorted_values, n_known, wrow,
        branch_of, work, np.ascontiguousarray(X.T),
    )  # fmt: skip
    tree = _new_tree()
    _grow(w.copy(), order, n_known.copy(), data, k, min_obj, tree)
    _collapse(tree)
    if prune:
        _prune(tree, X, yi, nominal, cf, z)
    return _flatten(tree, k)


@njit(cache=True)
def predict(X, nominal, attribute, cut, empty, first_child, n_children, child, share,
            branch_proba, proba):  # fmt: skip  # pragma: no cover - compiled
    """Class distributions of rows, summed as Weka's ``ClassifierTree.getProbs`` recursion
    sums them: a leaf gives its probabilities times the row's weight there; a node where the
    row's value is missing gives the sum, from 0 and branch by branch, of what its non-empty
    branches give with the weight times the branch's share; an empty branch gives the
    node's probabilities in that branch times the weight.

    The recursion runs on an explicit stack: per frame its node, weight, next branch and the
    running sum of its branches.
    """
    n, k = X.shape[0], proba.shape[1]
    out = np.zeros((n, k))
    frame_node = np.empty(attribute.size + 1, np.int64)
    frame_weight = np.empty(attribute.size + 1)
    frame_next = np.empty(attribute.size + 1, np.int64)
    frame_sum = np.empty((attribute.size + 1, k))
    result = np.empty(k)
    for r in range(n):
        top = 0
        frame_node[0], frame_weight[0], frame_next[0] = 0, 1.0, -1
        while top >= 0:
            node, weight = frame_node[top], frame_weight[top]
            j = attribute[node]
            done = False
            if j < 0:
                for c in range(k):
                    result[c] = weight * proba[node, c]
                done = True
            else:
                v = X[r, j]
                first, count = first_child[node], n_children[node]
                if np.isnan(v):
                    b = frame_next[top]
                    if b < 0:  # first visit: start the sum
                        frame_sum[top] = 0.0
                        b = 0
                    while b < count and empty[child[first + b]]:
                        b += 1
                    if b < count:  # descend into branch b, come back for b + 1
                        frame_next[top] = b + 1
                        top += 1
                        s = first + b
                        frame_node[top], frame_weight[top] = child[s], share[s] * weight
                        frame_next[top] = -1
                        continue
                    result[:] = frame_sum[top]
                    done = True
                else:
                    b = int(v) if nominal[j] else (1 if v > cut[node] else 0)
                    if b < 0 or b >= count:
                        result[:] = 0.0
                        done = True
                    else:
                        s = first + b
                        if empty[child[s]]:
                            for c in range(k):
                                result[c] = weight * branch_proba[s, c]
                            done = True
                        else:  # the branch's value is the node's: take its place
                            frame_node[top], frame_next[top] = child[s], -1
            if done:
                top -= 1
                if top >= 0:
                    for c in range(k):
                        frame_sum[top, c] += result[c]
                else:
                    out[r] = result
    return out
