"""Compiled kernels (numba) of :mod:`costlab.classifiers.random_tree`.

``java.util.Random`` (the 48-bit linear congruential generator), the bootstrap of Weka's
``Instances.resampleWithWeights`` (Walker's alias method, copies counted as weights), Weka's
quicksort of ``Utils.sortWithNoMissingValues``, and the growing and evaluation of Weka 3.9's
``RandomTree`` on ordinal codes. The rules are stated in the docstring of
:mod:`costlab.classifiers.random_tree`; this module only makes them fast.

A tree is returned as a :data:`Tree`, flat arrays indexed by node (see :func:`grow_tree`); the
children of a node are consecutive.

Speed without changing a bit: Weka re-sorts a node's rows with its unstable quicksort for every
numeric candidate, and the order among equal values decides the order in which weights are
summed. That order only matters where a sum holds a fraction, i.e. in nodes holding a row with
a missing value (its shares ``prop * weight``); every other node carries the bootstrap's integer
copy counts, whose sums are exact in any order. Those nodes and their subtrees are evaluated
from orders presorted once per tree and split by stable partitions (or a plain sort of a few
rows), two-class tables on integer counts; see :func:`grow_tree`.

``tests/classifiers/test_weka_random_forest.py`` checks the generator against known Java
outputs and the trees against Weka 3.9.7 itself.

The kernels live in four modules: :mod:`~costlab.classifiers._weka.java` (Java's generator,
the bootstrap, Weka's quicksort), :mod:`~costlab.classifiers._weka.random_tree_splits`
(entropies and a node's candidate splits), :mod:`~costlab.classifiers._weka.random_tree_nodes`
(the named tree structure, :data:`Tree`, and prediction) and this one (growing a tree, node by
node); the names of the others that the forest uses are re-exported here.
"""

from __future__ import annotations

from collections import namedtuple

import numba
import numpy as np

__all__ = [
    "bag_counts",
    "forest_proba",
    "Tree",
    "grow_tree",
    "java_next_double",
    "java_next_int",
    "java_next_int_bounded",
    "java_seed",
    "tree_seeds",
    "weka_sort_order",
]

from .j48_numerics import _eq
from .java import (
    _sort_into,
    bag_counts,
    java_next_double,
    java_next_int,
    java_next_int_bounded,
    java_seed,
    tree_seeds,
    weka_sort_order,
)
from .random_tree_nodes import (
    Tree,
    _add_children,
    _branch,
    _grown,
    _new_tree,
    _trimmed,
    forest_proba,
)
from .random_tree_splits import (
    _DOUBLE_MAX,
    _SMALL,
    _entropy_conditioned_on_rows,
    _entropy_over_columns,
    _nominal_distribution,
    _nominal_distribution_exact,
    _numeric_distribution,
    _numeric_distribution_exact,
)

_SORT_PASS = 2.0


# What the growth of one tree reads: the training data (attribute-major), the tree's random
# stream (``state`` and the attribute ``window`` it draws from) and the presorted orders; see
# grow_tree.
_Grower = namedtuple(
    "_Grower",
    (
        "codes", "yi", "counts", "n_values", "n_classes", "k_value", "min_num", "state",
        "window", "numeric", "slot", "order", "row_missing", "n_part", "k_numeric",
    ),
)  # fmt: skip

# Scratch buffers of one tree's growth, reused at every node.
_Scratch = namedtuple(
    "_Scratch", ("work", "lists", "mark", "branch_of", "buffer", "sorted_buf", "fill_at")
)

# ---------------------------------------------------------------- growing


@numba.njit(cache=True, nogil=True)
def _is_leaf(class_probs, min_num):  # pragma: no cover - compiled
    """A node with these class weights is a leaf: weight below ``2 * min_num`` or pure
    (the stopping test of ``weka.classifiers.trees.RandomTree.Tree.buildTree``)."""
    total = 0.0
    for c in range(class_probs.size):
        total += class_probs[c]
    best_class = 0
    for c in range(1, class_probs.size):
        if class_probs[c] > class_probs[best_class]:
            best_class = c
    pure = _eq(class_probs[best_class], total)
    return total < 2 * min_num or pure


@numba.njit(cache=True, nogil=True)
def _exact_lists(codes, rows, start, stop, numeric, order, lists, mark, sorted_lists):
    # pragma: no cover - compiled
    """Fill ``lists[:, :n]`` for the ``n = stop - start`` rows ``rows[start:stop]``: row 0 the
    rows as given and, if ``sorted_lists``, row ``1 + s`` the rows in ascending order of
    numeric attribute ``numeric[s]`` (``order[s]``: all training rows in that order, ties in
    any order)."""
    n = stop - start
    for p in range(n):
        lists[0, p] = rows[start + p]
    if numeric.size == 0 or not sorted_lists:
        return
    for p in range(n):
        mark[lists[0, p]] = True
    for s in range(numeric.size):
        q = 0
        for row in order[s]:
            if mark[row]:
                lists[1 + s, q] = row
                q += 1
    for p in range(n):
        mark[lists[0, p]] = False


@numba.njit(cache=True, nogil=True)
def _enter_exact(g, s, rows, start, stop):  # pragma: no cover - compiled
    """A node on ``rows[start:stop]`` none of whose rows has a missing value moves to the exact
    integer sums: its rows go to ``s.lists`` (at 0: no other node there is pending, they are
    all below it). Returns the node's ``(start, stop, in_lists, sorted_lists)``."""
    row_missing = g.row_missing
    for p in range(start, stop):
        if row_missing[rows[p]]:
            return start, stop, False, False
    # Many rows: the numeric orders, picked out of ``order``; few: the rows only (sorted per
    # numeric candidate).
    sorted_lists = (stop - start) * 8 >= g.codes.shape[1]
    _exact_lists(g.codes, rows, start, stop, g.numeric, g.order, s.lists, s.mark, sorted_lists)
    return 0, stop - start, True, sorted_lists


@numba.njit(cache=True, nogil=True)
def _sorted_rows(codes, att, rows, start, stop, out, keys, index, stack):
    # pragma: no cover - compiled
    """``rows[start:stop]`` into ``out[:n]`` in ascending order of ``att``, ties in any order
    (insertion sort for a few rows, else the quicksort)."""
    n = stop - start
    if n <= 24:
        for p in range(n):
            row = rows[start + p]
            key = codes[att, row]
            q = p
            while q > 0 and keys[q - 1] > key:
                keys[q] = keys[q - 1]
                out[q] = out[q - 1]
                q -= 1
            keys[q] = key
            out[q] = row
        return
    for p in range(n):
        keys[p] = codes[att, rows[start + p]]
    _sort_into(keys, n, index, stack)
    for p in range(n):
        out[p] = rows[start + index[p]]


@numba.njit(cache=True, nogil=True)
def _candidate(g, s, rows, wts, start, stop, att, in_lists, sorted_lists):
    # pragma: no cover - compiled
    """The class table per branch, the branches' shares and the cut of splitting the node on
    ``att`` (``RandomTree.Tree.distribution``), from the exact integer sums (``s.lists``) or
    in Weka's order (``rows``/``wts``)."""
    codes, yi, n_classes, n_values = g.codes, g.yi, g.n_classes, g.n_values[att]
    if not in_lists:
        if n_values > 0:
            return _nominal_distribution(
                codes, yi, rows, wts, start, stop, att, n_values, n_classes
            )
        return _numeric_distribution(codes, yi, rows, wts, start, stop, att, n_classes, s.work)
    if n_values > 0:
        return _nominal_distribution_exact(
            codes, yi, s.lists[0], g.counts, start, stop, att, n_values, n_classes
        )
    if sorted_lists:
        return _numeric_distribution_exact(
            codes, yi, s.lists[1 + g.slot[att]], g.counts, start, stop, att, n_classes
        )
    work = s.work
    _sorted_rows(codes, att, s.lists[0], start, stop, s.sorted_buf, work[0], work[1], work[2])
    return _numeric_distribution_exact(
        codes, yi, s.sorted_buf, g.counts, 0, stop - start, att, n_classes
    )


@numba.njit(cache=True, nogil=True)
def _best_split(g, s, rows, wts, start, stop, in_lists, sorted_lists):
    # pragma: no cover - compiled
    """The node's split as ``RandomTree.Tree.buildTree`` chooses it: attributes drawn from the
    tree's window (at least K, more until one gains), the largest information gain winning
    (ties: the smaller attribute). Returns ``(gain, attribute, cut, table, shares)``."""
    val = -_DOUBLE_MAX
    best_att = 0
    best_split = np.nan
    best_dist = np.zeros((1, g.n_classes))
    best_props = np.ones(1)
    window, state = g.window, g.state
    window_size = window.size
    k = g.k_value
    gain_found = False
    while window_size > 0:
        more = k > 0
        k -= 1
        if not (more or not gain_found):
            break
        chosen = java_next_int_bounded(state, window_size)
        att = window[chosen]
        window[chosen] = window[window_size - 1]
        window[window_size - 1] = att
        window_size -= 1
        d, pr, sp = _candidate(g, s, rows, wts, start, stop, att, in_lists, sorted_lists)
        current = _entropy_over_columns(d) - _entropy_conditioned_on_rows(d)
        if current - 0.0 > _SMALL:
            gain_found = True
        if current > val or (current == val and att < best_att):
            val = current
            best_att = att
            best_split = sp
            best_dist = d
            best_props = pr
    return val, best_att, best_split, best_dist, best_props


@numba.njit(cache=True, nogil=True)
def _partition_lists(g, s, start, stop, att, split, dist, sorted_lists):
    # pragma: no cover - compiled
    """Split a node of the exact integer sums (``s.lists[:, start:stop]``, no missing values)
    into its branches by stable partitions (``RandomTree.Tree.splitData``, rows in another
    order with the same sums). Returns ``(sizes, offsets, child_kind)``: the children's
    ranges of ``s.lists`` and their kind (1: they keep the numeric orders, 2: the rows only)."""
    codes, n_values = g.codes, g.n_values[att]
    lists, branch_of, buffer, fill_at = s.lists, s.branch_of, s.buffer, s.fill_at
    n_branch = dist.shape[0]
    sizes = np.zeros(n_branch, np.int64)
    offsets = np.empty(n_branch, np.int64)
    for p in range(start, stop):
        row = lists[0, p]
        b = _branch(codes[att, row], n_values, split)
        branch_of[row] = b
        sizes[b] += 1
    position = start
    for b in range(n_branch):
        offsets[b] = position
        position += sizes[b]
    # The children keep the numeric orders if one of them is large enough for a pass over
    # every list to cost less than sorting its rows for each numeric candidate. Children that
    # will be leaves (the test made when they are taken from the stack) need no rows, so no
    # partition at all when every child is one.
    keep = False
    n_lists = 0
    for b in range(n_branch):
        if sizes[b] > 0 and not _is_leaf(dist[b], g.min_num):
            n_lists = 1
            if sorted_lists and sizes[b] > 1 and g.n_part < g.k_numeric * np.log2(sizes[b]):
                keep = True
    for li in range(lists.shape[0] if keep else n_lists):
        for b in range(n_branch):
            fill_at[b] = offsets[b]
        for p in range(start, stop):
            row = lists[li, p]
            b = branch_of[row]
            buffer[fill_at[b]] = row
            fill_at[b] += 1
        for p in range(start, stop):
            lists[li, p] = buffer[p]
    return sizes, offsets, 1 if keep else 2


@numba.njit(cache=True, nogil=True)
def _split_rows(g, rows, wts, start, stop, free, att, split, props):
    # pragma: no cover - compiled
    """Split a node's rows (``rows``/``wts[start:stop]``, in their current order) into its
    branches from ``free`` on, a row with a missing value going to every branch of positive
    share with its weight times that share (``RandomTree.Tree.splitData``). Returns
    ``(rows, wts, sizes, offsets)``, the arena grown if needed."""
    n_branch = props.size
    codes, n_values = g.codes, g.n_values[att]
    sizes = np.zeros(n_branch, np.int64)
    offsets = np.empty(n_branch, np.int64)
    for p in range(start, stop):
        v = codes[att, rows[p]]
        if v != v:
            for b in range(n_branch):
                if props[b] > 0:
                    sizes[b] += 1
        else:
            sizes[_branch(v, n_values, split)] += 1
    needed = free + sizes.sum()
    if needed > rows.size:
        rows = _grown(rows, needed)
        wts = _grown(wts, needed)
    position = free
    for b in range(n_branch):
        offsets[b] = position
        position += sizes[b]
    fill = offsets.copy()
    for p in range(start, stop):
        v = codes[att, rows[p]]
        if v != v:
            for b in range(n_branch):
                if props[b] > 0:
                    rows[fill[b]] = rows[p]
                    wts[fill[b]] = props[b] * wts[p]
                    fill[b] += 1
        else:
            b = _branch(v, n_values, split)
            rows[fill[b]] = rows[p]
            wts[fill[b]] = wts[p]
            fill[b] += 1
    return rows, wts, sizes, offsets


@numba.njit(cache=True, nogil=True)
def _push_children(stack, top, first, sizes, offsets, kind):  # pragma: no cover - compiled
    """Push nodes ``first, first + 1, ...`` (one per branch) on the stack of pending nodes,
    last to first so that the first is grown next (Weka's depth-first recursion). Returns
    ``(stack, top)``, the stack grown if needed."""
    n_branch = sizes.size
    if top + n_branch > stack.shape[0]:
        bigger = np.empty((2 * (top + n_branch), 5), np.int64)
        bigger[:top] = stack[:top]
        stack = bigger
    free = offsets[n_branch - 1] + sizes[n_branch - 1]
    for b in range(n_branch - 1, -1, -1):
        stack[top, 0] = first + b
        stack[top, 1] = offsets[b]
        stack[top, 2] = offsets[b] + sizes[b]
        stack[top, 3] = free
        stack[top, 4] = kind
        top += 1
    return stack, top


@numba.njit(cache=True, nogil=True)
def _grower(
    codes, yi, rows0, wts0, n_classes, n_values, k_value, min_num, rand_seed, order, row_missing
):  # pragma: no cover - compiled
    """What one tree's growth reads (:data:`_Grower`) and its scratch (:data:`_Scratch`):
    Java's generator seeded as ``RandomTree.buildClassifier`` reseeds it, the window of all
    attributes, each row's copy count and the cost model of keeping the numeric orders."""
    n_att = codes.shape[0]
    n_rows = codes.shape[1]
    m = rows0.size
    state = np.empty(1, np.uint64)
    state[0] = java_seed(rand_seed)
    counts = np.zeros(n_rows)
    for p in range(m):
        counts[rows0[p]] = wts0[p]
    numeric = np.flatnonzero(n_values == 0)
    slot = np.full(n_att, -1, np.int64)
    for s in range(numeric.size):
        slot[numeric[s]] = s
    # Cost model of keeping the numeric orders (see _partition_lists): a pass over every list
    # against sorting the rows for each of the ~k * numeric / n_att numeric candidates,
    # log2(n) passes each, a pass of the sort costing SORT_PASS of a list's pass.
    n_part = numeric.size + 1.0
    k_numeric = _SORT_PASS * k_value * numeric.size / max(n_att, 1)
    g = _Grower(
        codes, yi, counts, n_values, n_classes, k_value, min_num, state, np.arange(n_att),
        numeric, slot, order, row_missing, n_part, k_numeric,
    )  # fmt: skip
    work = (
        np.empty(m),
        np.empty(m, np.int64),
        np.empty(2 * m + 2, np.int64),
        np.empty(m, np.int64),
        np.empty(m),
        np.empty(m, np.int64),
    )
    s = _Scratch(
        work,
        np.empty((numeric.size + 1, m), np.int64),
        np.zeros(n_rows, np.bool_),
        np.empty(n_rows, np.int64),
        np.empty(m, np.int64),
        np.empty(m, np.int64),
        np.empty(max(2, np.max(n_values)), np.int64),
    )
    return g, s


@numba.njit(cache=True, nogil=True)
def grow_tree(
    codes, yi, rows0, wts0, n_classes, n_values, k_value, min_num, rand_seed, order, row_missing
):  # pragma: no cover - compiled
    """Grow one ``RandomTree`` on the bag ``rows0`` (row indices, in order) with weights
    ``wts0`` (``weka.classifiers.trees.RandomTree.buildClassifier`` and ``Tree.buildTree``);
    ``codes[j, i]`` is attribute j's ordinal code in row i (attribute-major, C-contiguous: a
    column at a time is contiguous, and one layout whatever the shape, so that numba compiles
    the tree once); ``n_values[j]`` is the number of declared values of attribute j (0 =
    numeric).
    ``order[s]`` lists all training rows in ascending order of the s-th numeric attribute
    (ties in any order, missing values last) and ``row_missing`` says which rows have a
    missing value; both only make the tree faster, never different.

    Returns the :data:`Tree`: per node the split attribute (-1 for a leaf), the numeric split
    point, the index of the first child and the number of children, the node's share of its
    parent's known weight, its class weights (``classProbs``) and whether it is an empty leaf.
    Node 0 is the root.

    Two ways to evaluate a node, with the same result:

    Weka's order
        Weka sorts the node's rows in place with its unstable quicksort for every numeric
        candidate attribute (``Instances.sort``), sums weights in that order, and hands the
        rows to the children in the order the last sort left them (``splitData``); the
        children sort that order again. Done so (rows and weights in ``rows``/``wts``,
        ``_numeric_distribution``) while a node holds a row with a missing value: its
        fractional shares (``prop * weight``) are summed in an order that changes the
        rounding.
    Exact integer sums
        A node none of whose rows has a missing value never received a fractional share
        (shares only go to rows missing the parent's split attribute, and they keep that
        missing value), so its weights are the bootstrap's integer copy counts and no
        descendant holds a missing value either. Every class table of the node and of its
        subtree is a sum of integers below 2**53, exact in any order; a numeric cut's table
        holds exactly the rows below the cut whatever the order among equal values; so
        gains, cuts, tables and shares (hence the random draws and the whole subtree) are
        those of Weka's order. Such a subtree keeps its rows once in every numeric
        attribute's order (``lists``, built from ``order`` or sorted once, then split into
        the children by stable partitions, as the J48 kernels do) instead of quicksorting
        them for every candidate at every node.
    """
    g, s = _grower(
        codes, yi, rows0, wts0, n_classes, n_values, k_value, min_num, rand_seed, order,
        row_missing,
    )  # fmt: skip
    tree = _new_tree(64, n_classes)
    n_nodes = 1
    rows = np.empty(max(16, 2 * rows0.size), np.int64)
    wts = np.empty(rows.size)
    rows[: rows0.size] = rows0
    wts[: rows0.size] = wts0
    for p in range(rows0.size):
        tree.dist[0, yi[rows0[p]]] += wts0[p]
    # Pending nodes, depth first: node, start, stop, free and the kind of start:stop (0: it
    # indexes ``rows``/``wts``; 1 or 2: ``s.lists``, with or without the numeric orders).
    stack = np.zeros((64, 5), np.int64)
    stack[0, 2] = stack[0, 3] = rows0.size
    top = 1
    while top > 0:
        top -= 1
        node, start, stop, free, kind = stack[top]
        if stop == start:
            tree.empty[node] = True
            continue
        if _is_leaf(tree.dist[node], min_num):
            continue
        in_lists, sorted_lists = kind >= 1, kind == 1
        if not in_lists:
            start, stop, in_lists, sorted_lists = _enter_exact(g, s, rows, start, stop)
        gain, att, split, dist, props = _best_split(
            g, s, rows, wts, start, stop, in_lists, sorted_lists
        )
        if not gain - 0.0 > _SMALL:
            continue
        if in_lists:
            sizes, offsets, kind = _partition_lists(
                g, s, start, stop, att, split, dist, sorted_lists
            )
        else:
            rows, wts, sizes, offsets = _split_rows(
                g, rows, wts, start, stop, free, att, split, props
            )
            kind = 0
        tree = _add_children(tree, n_nodes, node, att, split, dist, props)
        stack, top = _push_children(stack, top, n_nodes, sizes, offsets, kind)
        n_nodes += dist.shape[0]
    return _trimmed(tree, n_nodes)
