"""A plain-Python reference of Weka 3.9's RandomTree growth, to check the compiled kernels.

Written from Weka's ``weka.classifiers.trees.RandomTree`` (``Tree.buildTree``,
``Tree.distribution``, ``Tree.splitData``), ``weka.core.ContingencyTables``
(``entropyOverColumns``, ``entropyConditionedOnRows``, ``lnFunc``) and ``weka.core.Utils``
(``sortWithNoMissingValues``, ``eq``, ``normalize``), read for their rules: readable and slow,
no numba, and none of the kernels' shortcuts (every node is evaluated in Weka's order, its rows
re-sorted for every numeric candidate). Only Java's generator comes from the library
(:mod:`costlab.classifiers.java_random`, checked against the JVM on its own).

:func:`grow_reference` returns the tree numbered as
:func:`costlab.classifiers._weka.random_tree_kernels.grow_tree` numbers it (a node's children are
consecutive and get their numbers when the node is split, depth first), as a dict of the same
arrays.
"""

import math

import numpy as np

from costlab.classifiers.java_random import java_next_int_bounded, java_seed

SMALL = 1e-6
DOUBLE_MAX = np.finfo(np.float64).max
LOG2 = math.log(2.0)


def ln_func(x):
    """``ContingencyTables.lnFunc``: ``x ln x``, 0 for ``x <= 0``."""
    return 0.0 if x <= 0 else x * math.log(x)


def eq(a, b):
    """``Utils.eq``: equal within SMALL."""
    return a == b or (a - b < SMALL and b - a < SMALL)


def entropy_over_columns(table):
    value, total = 0.0, 0.0
    for j in range(len(table[0])):
        column = 0.0
        for row in table:
            column += row[j]
        value -= ln_func(column)
        total += column
    return 0.0 if eq(total, 0.0) else (value + ln_func(total)) / (total * LOG2)


def entropy_conditioned_on_rows(table):
    value, total = 0.0, 0.0
    for row in table:
        row_sum = 0.0
        for cell in row:
            value += ln_func(cell)
            row_sum += cell
        value -= ln_func(row_sum)
        total += row_sum
    return 0.0 if eq(total, 0.0) else -value / (total * LOG2)


def weka_quicksort(vals):
    """``Utils.sortWithNoMissingValues``: the order of Weka's median-of-three quicksort."""
    index = list(range(len(vals)))

    def cswap(left, right):
        if vals[index[left]] > vals[index[right]]:
            index[left], index[right] = index[right], index[left]

    def swap(left, right):
        index[left], index[right] = index[right], index[left]

    def partition(left, right, pivot):
        right -= 1
        while True:
            left += 1
            while vals[index[left]] < pivot:
                left += 1
            right -= 1
            while vals[index[right]] > pivot:
                right -= 1
            if left >= right:
                return left
            swap(left, right)

    def quicksort(left, right):
        diff = right - left
        if diff <= 0:
            return
        if diff == 1:
            cswap(left, right)
            return
        if diff == 2:
            cswap(left, left + 1)
            cswap(left, right)
            cswap(left + 1, right)
            return
        center = (left + right) // 2
        cswap(left, center)
        cswap(left, right)
        cswap(center, right)
        swap(center, right - 1)
        center = partition(left, right, vals[index[right - 1]])
        swap(center, right - 1)
        quicksort(left, center - 1)
        quicksort(center + 1, right)

    quicksort(0, len(vals) - 1)
    return index


def shares(table):
    """The branches' shares of the known weight (uniform when there is none)."""
    props = [sum(row) for row in table]  # Utils.sum: left to right
    total = sum(props)
    if eq(total, 0.0):
        return [1.0 / len(props)] * len(props)
    return [p / total for p in props]


class _Grower:
    def __init__(self, codes, yi, n_values, n_classes, k_value, min_num, seed):
        self.codes, self.yi, self.n_values = codes, yi, n_values
        self.n_classes, self.k_value, self.min_num = n_classes, k_value, min_num
        self.state = np.array([java_seed(seed)], dtype=np.uint64)
        self.window = list(range(codes.shape[1]))
        self.nodes = []  # per node: [attribute, split, first_child, n_children, prop, dist, empty]

    def new_node(self, prop, dist):
        self.nodes.append([-1, math.nan, 0, 0, prop, list(dist), False])
        return len(self.nodes) - 1

    def missing(self, row, att):
        return math.isnan(self.codes[row, att])

    def distribution(self, data, att):
        """``Tree.distribution``: (table, shares, cut); sorts ``data`` (rows and weights, in
        place) on a numeric ``att``."""
        k = self.n_classes
        first_missing = len(data)
        if self.n_values[att] > 0:
            table = [[0.0] * k for _ in range(self.n_values[att])]
            for i, (row, w) in enumerate(data):
                if self.missing(row, att):
                    first_missing = min(first_missing, i)
                    continue
                table[int(self.codes[row, att])][self.yi[row]] += w
            split = math.nan
        else:
            vals = [DOUBLE_MAX if self.missing(r, att) else self.codes[r, att] for r, _ in data]
            data[:] = [data[i] for i in weka_quicksort(vals)]
            current = [[0.0] * k, [0.0] * k]
            for i, (row, w) in enumerate(data):
                if self.missing(row, att):
                    first_missing = i
                    break
                current[1][self.yi[row]] += w
            prior = entropy_over_columns(current)
            table = [list(line) for line in current]
            split, best = math.nan, -DOUBLE_MAX
            cur_split = self.codes[data[0][0], att]
            for row, w in data[:first_missing]:
                value = self.codes[row, att]
                if value > cur_split:
                    gain = prior - entropy_conditioned_on_rows(current)
                    if gain > best:
                        best = gain
                        split = (value + cur_split) / 2.0
                        if split <= cur_split:
                            split = value
                        table = [list(line) for line in current]
                    cur_split = value
                current[0][self.yi[row]] += w
                current[1][self.yi[row]] -= w
        props = shares(table)
        for row, w in data[first_missing:]:
            if self.missing(row, att):  # always so for a numeric attribute (sorted last)
                for b, line in enumerate(table):
                    line[self.yi[row]] += props[b] * w
        return table, props, split

    def build(self, node, data):
        """``Tree.buildTree`` of ``node`` on ``data``, a list of (row, weight)."""
        class_probs = self.nodes[node][5]
        if not data:
            self.nodes[node][6] = True
            return
        total = sum(class_probs)
        if total < 2 * self.min_num or eq(max(class_probs), total):
            return
        val, best = -DOUBLE_MAX, None
        window_size, k, gain_found = len(self.window), self.k_value, False
        while window_size > 0 and (k > 0 or not gain_found):
            k -= 1
            chosen = java_next_int_bounded(self.state, window_size)
            att = self.window[chosen]
            self.window[chosen] = self.window[window_size - 1]
            self.window[window_size - 1] = att
            window_size -= 1
            table, props, split = self.distribution(data, att)
            gain = entropy_over_columns(table) - entropy_conditioned_on_rows(table)
            gain_found = gain_found or gain > SMALL
            if gain > val or (gain == val and att < best[0]):
                val, best = gain, (att, split, table, props)
        if not val > SMALL:
            return
        att, split, table, props = best
        first = len(self.nodes)
        self.nodes[node][:4] = [att, split, first, len(table)]
        for b in range(len(table)):
            self.new_node(props[b], table[b])
        for b, subset in enumerate(self.split_data(data, att, split, props)):
            self.build(first + b, subset)

    def split_data(self, data, att, split, props):
        """``Tree.splitData``: the rows per branch in their current order; a row missing
        ``att`` goes to every branch of positive share with its weight times the share."""
        subsets = [[] for _ in props]
        for row, w in data:
            value = self.codes[row, att]
            if math.isnan(value):
                for b, p in enumerate(props):
                    if p > 0:
                        subsets[b].append((row, p * w))
            elif self.n_values[att] > 0:
                subsets[int(value)].append((row, w))
            else:
                subsets[0 if value < split else 1].append((row, w))
        return subsets


def grow_reference(codes, yi, rows, wts, n_classes, n_values, k_value, min_num, seed):
    """The RandomTree grown on the bag ``rows`` (weights ``wts``) with the random stream seeded
    ``seed``, as a dict of node arrays (the fields of the kernels' ``Tree``)."""
    grower = _Grower(codes, yi, n_values, n_classes, k_value, min_num, seed)
    class_probs = [0.0] * n_classes
    for row, w in zip(rows, wts, strict=True):
        class_probs[yi[row]] += w
    grower.new_node(1.0, class_probs)
    grower.build(0, [(int(r), float(w)) for r, w in zip(rows, wts, strict=True)])
    columns = list(zip(*grower.nodes, strict=True))
    names = ("attribute", "split", "first_child", "n_children", "prop", "dist", "empty")
    dtypes = (np.int64, np.float64, np.int64, np.int64, np.float64, np.float64, np.bool_)
    return {
        name: np.array(column, dtype=dtype)
        for name, column, dtype in zip(names, columns, dtypes, strict=True)
    }
