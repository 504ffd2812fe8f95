"""RandomTree's split scoring, compiled (numba), for :mod:`costlab.classifiers.random_tree`.

Entropies as Weka's ``ContingencyTables`` takes them (``n ln n`` of small integers looked up),
and one node's candidate splits: the class distribution per branch of a nominal or a numeric
attribute, on fractional weights in Weka's summation order or on integer copy counts (exact in
any order); see :mod:`costlab.classifiers._weka.random_tree_kernels`.
"""

from __future__ import annotations

import numba
import numpy as np

from .j48_numerics import _eq  # Weka's Utils.eq (within 1e-6), as J48 compares
from .java import _sort_into

_SMALL = 1e-6
_LOG2 = np.log(2.0)
_DOUBLE_MAX = np.finfo(np.float64).max
# ``n ln n`` of the integers below 10000, looked up as Weka's ContingencyTables does (same values).
with np.errstate(divide="ignore", invalid="ignore"):
    _N_LN_N = np.arange(10000.0) * np.log(np.arange(10000.0))
_N_LN_N[0] = 0.0

# ---------------------------------------------------------------- entropies


@numba.njit(cache=True, nogil=True)
def _ln_func(x):  # pragma: no cover - compiled
    """``x ln x`` (0 for ``x <= 0``), looked up for the integers below 10000
    (``weka.core.ContingencyTables.lnFunc``)."""
    if x <= 0:
        return 0.0
    if x < 10000.0:
        n = np.int64(x)
        if n == x:
            return _N_LN_N[n]
    return x * np.log(x)


@numba.njit(cache=True, nogil=True)
def _in_bits(value, total):  # pragma: no cover - compiled
    """``value / (total ln 2)``: a sum of ``x ln x`` terms over a table of weight ``total`` as
    an entropy in bits; 0 for a table without weight (``Utils.eq(total, 0)``)."""
    if _eq(total, 0.0):
        return 0.0
    return value / (total * _LOG2)


@numba.njit(cache=True, nogil=True)
def _entropy_over_columns(dist):  # pragma: no cover - compiled
    """Entropy in bits of the column (class) totals of a branch x class table
    (``weka.classifiers.trees.RandomTree`` via ``ContingencyTables.entropyOverColumns``)."""
    value = 0.0
    total = 0.0
    for j in range(dist.shape[1]):
        column = 0.0
        for i in range(dist.shape[0]):
            column += dist[i, j]
        value -= _ln_func(column)
        total += column
    return _in_bits(value + _ln_func(total), total)


@numba.njit(cache=True, nogil=True)
def _entropy_conditioned_on_rows(dist):  # pragma: no cover - compiled
    """Entropy in bits of the classes given the branch (row) of a branch x class table
    (``ContingencyTables.entropyConditionedOnRows``)."""
    value = 0.0
    total = 0.0
    for i in range(dist.shape[0]):
        row = 0.0
        for j in range(dist.shape[1]):
            value += _ln_func(dist[i, j])
            row += dist[i, j]
        value -= _ln_func(row)
        total += row
    return _in_bits(-value, total)


@numba.njit(cache=True, nogil=True)
def _props(dist):  # pragma: no cover - compiled
    """Share of each branch in the known weight (uniform when there is none)."""
    k = dist.shape[0]
    props = np.empty(k)
    for b in range(k):
        s = 0.0
        for c in range(dist.shape[1]):
            s += dist[b, c]
        props[b] = s
    total = 0.0
    for b in range(k):
        total += props[b]
    if _eq(total, 0.0):
        props[:] = 1.0 / k
    else:
        for b in range(k):
            props[b] /= total
    return props


# ---------------------------------------------------------------- one node's candidate splits


@numba.njit(cache=True, nogil=True)
def _scan_start(current):  # pragma: no cover - compiled
    """Before a scan of a numeric attribute's cuts, all rows on the right (``current[1]``):
    (the entropy to gain on, the best cut's table, the best cut, the best gain), no cut yet."""
    return _entropy_over_columns(current), current.copy(), np.nan, -_DOUBLE_MAX


@numba.njit(cache=True, nogil=True)
def _cut_point(value, cur_split):  # pragma: no cover - compiled
    """Weka's cut between two successive values: their midpoint, or ``value`` when the
    midpoint rounds to the lower one."""
    split = (value + cur_split) / 2.0
    return value if split <= cur_split else split


@numba.njit(cache=True, nogil=True)
def _cut_step(value, c, w, prior, current, dist, cur_split, best, split):
    # pragma: no cover - compiled
    """One row of a scan over the rows in ascending order of value: when its value is above
    the last one, the cut below it is tried (taken if its gain beats the best so far: its
    table copied into ``dist``); then the row, of class ``c`` and weight ``w``, moves from
    the right of ``current`` to its left. Returns the new (cur_split, best, split)."""
    if value > cur_split:
        gain = prior - _entropy_conditioned_on_rows(current)
        if gain > best:
            best = gain
            split = _cut_point(value, cur_split)
            dist[:, :] = current
        cur_split = value
    current[0, c] += w
    current[1, c] -= w
    return cur_split, best, split


@numba.njit(cache=True, nogil=True)
def _nominal_distribution(codes, yi, rows, wts, start, stop, att, n_values, n_classes):
    # pragma: no cover - compiled
    """Class table per value of nominal attribute ``att`` over ``rows``/``wts[start:stop]``,
    summed in the rows' order, with each row missing ``att`` then added to every branch times
    the branch's share of the known weight. Returns ``(table, shares, NaN)``
    (``weka.classifiers.trees.RandomTree.Tree.distribution``, nominal case)."""
    dist = np.zeros((n_values, n_classes))
    for p in range(start, stop):
        v = codes[att, rows[p]]
        if v == v:
            dist[np.int64(v), yi[rows[p]]] += wts[p]
    props = _props(dist)
    for p in range(start, stop):
        if codes[att, rows[p]] != codes[att, rows[p]]:
            c = yi[rows[p]]
            for b in range(n_values):
                dist[b, c] += props[b] * wts[p]
    return dist, props, np.nan


@numba.njit(cache=True, nogil=True)
def _numeric_distribution(codes, yi, rows, wts, start, stop, att, n_classes, work):
    # pragma: no cover - compiled
    """Best cut of numeric attribute ``att`` over ``rows``/``wts[start:stop]`` in Weka's order:
    the rows sorted in place by Weka's quicksort (missing values last), cuts scanned, rows
    missing ``att`` then shared out. Returns ``(table, shares, cut)``
    (``RandomTree.Tree.distribution``, numeric case; ``work``: six scratch arrays)."""
    n = stop - start
    vals, order, stack, r_copy, w_copy, classes = work
    for p in range(n):
        v = codes[att, rows[start + p]]
        vals[p] = v if v == v else _DOUBLE_MAX
        r_copy[p] = rows[start + p]
        w_copy[p] = wts[start + p]
    _sort_into(vals, n, order, stack)
    first_missing = n
    for p in range(n):
        row = r_copy[order[p]]
        rows[start + p] = row
        wts[start + p] = w_copy[order[p]]
        classes[p] = yi[row]
        if first_missing == n and vals[p] == _DOUBLE_MAX:
            first_missing = p
    current = np.zeros((2, n_classes))
    for p in range(first_missing):
        current[1, classes[p]] += wts[start + p]
    prior, dist, split, best = _scan_start(current)
    cur_split = vals[0] if first_missing > 0 else np.nan
    for p in range(first_missing):
        cur_split, best, split = _cut_step(
            vals[p], classes[p], wts[start + p], prior, current, dist, cur_split, best, split
        )
    props = _props(dist)
    for p in range(first_missing, n):
        c = classes[p]
        for b in range(2):
            dist[b, c] += props[b] * wts[start + p]
    return dist, props, split


@numba.njit(cache=True, nogil=True)
def _nominal_distribution_exact(codes, yi, rows, counts, start, stop, att, n_values, n_classes):
    # pragma: no cover - compiled
    """:func:`_nominal_distribution` of a node without missing values and with integer weights
    (``counts[row]``, the bootstrap's copies): every sum is an exact integer, in any order."""
    dist = np.zeros((n_values, n_classes))
    for p in range(start, stop):
        row = rows[p]
        dist[np.int64(codes[att, row]), yi[row]] += counts[row]
    return dist, _props(dist), np.nan


@numba.njit(cache=True, nogil=True)
def _numeric_distribution_exact(codes, yi, rows, counts, start, stop, att, n_classes):
    # pragma: no cover - compiled
    """:func:`_numeric_distribution` of a node without missing values and with integer weights,
    on its rows already in ascending order of ``att`` (ties in any order): the table at each
    candidate cut holds exactly the rows below the cut, and its integer sums are exact in any
    order, so gains, cut and table equal those of Weka's quicksort order."""
    current = np.zeros((2, n_classes))
    for p in range(start, stop):
        row = rows[p]
        current[1, yi[row]] += counts[row]
    if n_classes == 2 and current[1, 0] + current[1, 1] < 10000.0:
        return _numeric_two_classes(codes, yi, rows, counts, start, stop, att, current)
    prior, dist, split, best = _scan_start(current)
    cur_split = codes[att, rows[start]]
    for p in range(start, stop):
        row = rows[p]
        cur_split, best, split = _cut_step(
            codes[att, row], yi[row], counts[row], prior, current, dist, cur_split, best, split
        )
    return dist, _props(dist), split


@numba.njit(cache=True, nogil=True)
def _numeric_two_classes(codes, yi, rows, counts, start, stop, att, current):
    # pragma: no cover - compiled
    """:func:`_numeric_distribution_exact` for two classes and a total weight below 10000:
    the table's cells are integers, so ``x ln x`` is the table look-up ``_ln_func`` makes,
    done directly on integer counts; the entropies add the same terms in the same order as
    :func:`_entropy_conditioned_on_rows` (hence the same bits)."""
    r0 = np.int64(current[1, 0])
    r1 = np.int64(current[1, 1])
    l0 = np.int64(0)
    l1 = np.int64(0)
    prior, dist, split, best = _scan_start(current)
    cur_split = codes[att, rows[start]]
    for p in range(start, stop):
        row = rows[p]
        value = codes[att, row]
        if value > cur_split:
            left = l0 + l1
            right = r0 + r1
            v = 0.0
            v += _N_LN_N[l0]
            v += _N_LN_N[l1]
            v -= _N_LN_N[left]
            v += _N_LN_N[r0]
            v += _N_LN_N[r1]
            v -= _N_LN_N[right]
            total = 0.0 + left
            total += right
            gain = prior - (-v / (total * _LOG2))
            if gain > best:
                best = gain
                split = _cut_point(value, cur_split)
                dist[0, 0] = l0
                dist[0, 1] = l1
                dist[1, 0] = r0
                dist[1, 1] = r1
            cur_split = value
        w = np.int64(counts[row])
        if yi[row] == 0:
            l0 += w
            r0 -= w
        else:
            l1 += w
            r1 -= w
    return dist, _props(dist), split
