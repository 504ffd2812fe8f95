"""Compiled kernels (numba) of :mod:`costlab.classifiers.random_tree`.

``java.util.Random`` (the 48-bit linear congruential generator), the bootstrap of Weka's
``Instances.resampleWithWeights`` (Walker's alias method, copies counted as weights), Weka's
quicksort of ``Utils.sortWithNoMissingValues``, and the growing and evaluation of Weka 3.9's
``RandomTree`` on ordinal codes. The rules are stated in the docstring of
:mod:`costlab.classifiers.random_tree`; this module only makes them fast.

A tree is returned as flat arrays indexed by node (see :func:`grow_tree`); the children of a
node are consecutive.

Speed without changing a bit: Weka re-sorts a node's rows with its unstable quicksort for every
numeric candidate, and the order among equal values decides the order in which weights are
summed. That order only matters where a sum holds a fraction, i.e. in nodes holding a row with
a missing value (its shares ``prop * weight``); every other node carries the bootstrap's integer
copy counts, whose sums are exact in any order. Those nodes and their subtrees are evaluated
from orders presorted once per tree and split by stable partitions (or a plain sort of a few
rows), two-class tables on integer counts; see :func:`grow_tree`.

``tests/classifiers/test_weka_random_forest.py`` checks the generator against known Java
outputs and the trees against Weka 3.9.7 itself.

The kernels live in three modules: :mod:`~costlab.classifiers._weka.java` (Java's generator,
the bootstrap, Weka's quicksort), :mod:`~costlab.classifiers._weka.random_tree_splits`
(entropies and a node's candidate splits) and this one (growing a tree, and prediction); the
names of the first two that the forest uses are re-exported here.
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = [
    "bag_counts",
    "forest_proba",
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

# ---------------------------------------------------------------- growing


@numba.njit(cache=True, nogil=True)
def _grow_int(a, size):  # pragma: no cover - compiled
    out = np.empty(max(size, 2 * a.size), a.dtype)
    out[: a.size] = a
    return out


@numba.njit(cache=True, nogil=True)
def _grow_float(a, size):  # pragma: no cover - compiled
    out = np.empty(max(size, 2 * a.size), a.dtype)
    out[: a.size] = a
    return out


@numba.njit(cache=True, nogil=True)
def _grow_dist(a, size):  # pragma: no cover - compiled
    out = np.empty((max(size, 2 * a.shape[0]), a.shape[1]))
    out[: a.shape[0]] = a
    return out


@numba.njit(cache=True, nogil=True)
def _is_leaf(class_probs, min_num):  # pragma: no cover - compiled
    """A node with these class weights is a leaf: weight below ``2 * min_num`` or pure."""
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
def _sorted_rows(codes, att, rows, start, stop, out, keys, index, stack):
    # pragma: no cover - compiled
    """``rows[start:stop]`` into ``out[:n]`` in ascending order of ``att``, ties in any order
    (insertion sort for a few rows, else the quicksort)."""
    n = stop - start
    if n <= 24:
        for p in range(n):
            row = rows[start + p]
            key = codes[row, att]
            q = p
            while q > 0 and keys[q - 1] > key:
                keys[q] = keys[q - 1]
                out[q] = out[q - 1]
                q -= 1
            keys[q] = key
            out[q] = row
        return
    for p in range(n):
        keys[p] = codes[rows[start + p], att]
    _sort_into(keys, n, index, stack)
    for p in range(n):
        out[p] = rows[start + index[p]]


@numba.njit(cache=True, nogil=True)
def grow_tree(
    codes, yi, rows0, wts0, n_classes, n_values, k_value, min_num, rand_seed, order, row_missing
):  # pragma: no cover - compiled
    """Grow one ``RandomTree`` on the bag ``rows0`` (row indices, in order) with weights
    ``wts0``; ``n_values[j]`` is the number of declared values of attribute j (0 = numeric).
    ``order[s]`` lists all training rows in ascending order of the s-th numeric attribute
    (ties in any order, missing values last) and ``row_missing`` says which rows have a
    missing value; both only make the tree faster, never different.

    Returns ``(attribute, split, first_child, n_children, prop, dist, empty)`` per node:
    the split attribute (-1 for a leaf), the numeric split point, the index of the first child
    and the number of children, the node's share of its parent's known weight, its class
    weights (``classProbs``) and whether it is an empty leaf. Node 0 is the root.

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
    n_att = codes.shape[1]
    state = np.empty(1, np.uint64)
    state[0] = java_seed(rand_seed)
    window = np.arange(n_att)
    m = rows0.size
    work = (
        np.empty(m),
        np.empty(m, np.int64),
        np.empty(2 * m + 2, np.int64),
        np.empty(m, np.int64),
        np.empty(m),
        np.empty(m, np.int64),
    )
    n_rows = codes.shape[0]
    counts = np.zeros(n_rows)
    for p in range(m):
        counts[rows0[p]] = wts0[p]
    numeric = np.flatnonzero(n_values == 0)
    slot = np.full(n_att, -1, np.int64)
    for s in range(numeric.size):
        slot[numeric[s]] = s
    lists = np.empty((numeric.size + 1, m), np.int64)
    mark = np.zeros(n_rows, np.bool_)
    branch_of = np.empty(n_rows, np.int64)
    buffer = np.empty(m, np.int64)
    sorted_buf = np.empty(m, np.int64)
    fill_at = np.empty(max(2, np.max(n_values)), np.int64)
    # Cost model of keeping the numeric orders (see the stable partitions below): a pass over
    # every list against sorting the rows for each of the ~k * numeric / n_att numeric
    # candidates, log2(n) passes each, a pass of the sort costing SORT_PASS of a list's pass.
    n_part = numeric.size + 1.0
    k_numeric = _SORT_PASS * k_value * numeric.size / max(n_att, 1)

    cap = 64
    attribute = np.full(cap, -1, np.int64)
    split_point = np.full(cap, np.nan)
    first_child = np.zeros(cap, np.int64)
    n_children = np.zeros(cap, np.int64)
    prop = np.ones(cap)
    dist = np.zeros((cap, n_classes))
    empty = np.zeros(cap, np.bool_)
    n_nodes = 1

    arena = max(16, 2 * rows0.size)
    rows = np.empty(arena, np.int64)
    wts = np.empty(arena)
    rows[: rows0.size] = rows0
    wts[: rows0.size] = wts0
    for p in range(rows0.size):
        dist[0, yi[rows0[p]]] += wts0[p]

    # Pending nodes, depth first (children pushed last to first): node, start, stop, free and
    # whether start:stop indexes ``lists`` (exact integer sums) rather than ``rows``/``wts``.
    stack = np.empty((64, 5), np.int64)
    stack[0, 0], stack[0, 1], stack[0, 2], stack[0, 3] = 0, 0, rows0.size, rows0.size
    stack[0, 4] = 0
    top = 1
    while top > 0:
        top -= 1
        node, start, stop, free = stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3]
        in_lists = stack[top, 4] >= 1
        sorted_lists = stack[top, 4] == 1
        if stop == start:
            empty[node] = True
            continue
        if _is_leaf(dist[node], min_num):
            continue

        if not in_lists:
            # No missing value in the node: its subtree is evaluated from ``lists`` (built
            # here, at 0: no other node of ``lists`` is pending, they are all below it).
            missing = False
            for p in range(start, stop):
                if row_missing[rows[p]]:
                    missing = True
                    break
            if not missing:
                # Many rows: the numeric orders, picked out of ``order``; few: the rows only
                # (sorted per numeric candidate).
                sorted_lists = (stop - start) * 8 >= codes.shape[0]
                _exact_lists(codes, rows, start, stop, numeric, order, lists, mark, sorted_lists)
                start, stop = 0, stop - start
                in_lists = True

        val = -_DOUBLE_MAX
        best_att = 0
        best_split = np.nan
        best_dist = np.zeros((1, n_classes))
        best_props = np.ones(1)
        window_size = n_att
        k = k_value
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
            if in_lists:
                if n_values[att] > 0:
                    d, pr, sp = _nominal_distribution_exact(
                        codes, yi, lists[0], counts, start, stop, att, n_values[att], n_classes
                    )
                elif sorted_lists:
                    d, pr, sp = _numeric_distribution_exact(
                        codes, yi, lists[1 + slot[att]], counts, start, stop, att, n_classes
                    )
                else:
                    _sorted_rows(
                        codes, att, lists[0], start, stop, sorted_buf, work[0], work[1], work[2]
                    )
                    d, pr, sp = _numeric_distribution_exact(
                        codes, yi, sorted_buf, counts, 0, stop - start, att, n_classes
                    )
            elif n_values[att] > 0:
                d, pr, sp = _nominal_distribution(
                    codes, yi, rows, wts, start, stop, att, n_values[att], n_classes
                )
            else:
                d, pr, sp = _numeric_distribution(
                    codes, yi, rows, wts, start, stop, att, n_classes, work
                )
            current = _entropy_over_columns(d) - _entropy_conditioned_on_rows(d)
            if current - 0.0 > _SMALL:
                gain_found = True
            if current > val or (current == val and att < best_att):
                val = current
                best_att = att
                best_split = sp
                best_dist = d
                best_props = pr

        if not val - 0.0 > _SMALL:
            continue

        n_branch = best_dist.shape[0]
        sizes = np.zeros(n_branch, np.int64)
        offsets = np.empty(n_branch, np.int64)
        child_kind = 0
        if in_lists:
            # Stable partition of every list into the branches (no missing values here).
            for p in range(start, stop):
                row = lists[0, p]
                v = codes[row, best_att]
                if n_values[best_att] > 0:
                    b = np.int64(v)
                else:
                    b = 0 if v < best_split else 1
                branch_of[row] = b
                sizes[b] += 1
            position = start
            for b in range(n_branch):
                offsets[b] = position
                position += sizes[b]
            # The children keep the numeric orders if one of them is large enough for a pass
            # over every list to cost less than sorting its rows for each numeric candidate.
            # Children that will be leaves (the test made when they are taken from the stack)
            # need no rows, so no partition at all when every child is one.
            keep = False
            n_lists = 0
            for b in range(n_branch):
                if sizes[b] > 0 and not _is_leaf(best_dist[b], min_num):
                    n_lists = 1
                    if sorted_lists and sizes[b] > 1 and n_part < k_numeric * np.log2(sizes[b]):
                        keep = True
            child_kind = 1 if keep else 2
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
        else:
            # Split the node's rows (in their current order) into its branches.
            for p in range(start, stop):
                v = codes[rows[p], best_att]
                if v != v:
                    for b in range(n_branch):
                        if best_props[b] > 0:
                            sizes[b] += 1
                elif n_values[best_att] > 0:
                    sizes[np.int64(v)] += 1
                else:
                    sizes[0 if v < best_split else 1] += 1
            needed = free + sizes.sum()
            if needed > rows.size:
                rows = _grow_int(rows, needed)
                wts = _grow_float(wts, needed)
            position = free
            for b in range(n_branch):
                offsets[b] = position
                position += sizes[b]
            fill = offsets.copy()
            for p in range(start, stop):
                v = codes[rows[p], best_att]
                if v != v:
                    for b in range(n_branch):
                        if best_props[b] > 0:
                            rows[fill[b]] = rows[p]
                            wts[fill[b]] = best_props[b] * wts[p]
                            fill[b] += 1
                else:
                    if n_values[best_att] > 0:
                        b = np.int64(v)
                    else:
                        b = 0 if v < best_split else 1
                    rows[fill[b]] = rows[p]
                    wts[fill[b]] = wts[p]
                    fill[b] += 1

        if n_nodes + n_branch > attribute.size:
            size = n_nodes + n_branch
            attribute = _grow_int(attribute, size)
            split_point = _grow_float(split_point, size)
            first_child = _grow_int(first_child, size)
            n_children = _grow_int(n_children, size)
            prop = _grow_float(prop, size)
            dist = _grow_dist(dist, size)
            empty = _grow_int(empty, size)
        attribute[node] = best_att
        split_point[node] = best_split
        first_child[node] = n_nodes
        n_children[node] = n_branch
        for b in range(n_branch):
            child = n_nodes + b
            attribute[child] = -1
            split_point[child] = np.nan
            first_child[child] = 0
            n_children[child] = 0
            prop[child] = best_props[b]
            dist[child] = best_dist[b]
            empty[child] = False
        if top + n_branch > stack.shape[0]:
            bigger = np.empty((2 * (top + n_branch), 5), np.int64)
            bigger[:top] = stack[:top]
            stack = bigger
        for b in range(n_branch - 1, -1, -1):
            stack[top, 0] = n_nodes + b
            stack[top, 1] = offsets[b]
            stack[top, 2] = offsets[b] + sizes[b]
            stack[top, 3] = position
            stack[top, 4] = child_kind
            top += 1
        n_nodes += n_branch

    return (
        attribute[:n_nodes].copy(),
        split_point[:n_nodes].copy(),
        first_child[:n_nodes].copy(),
        n_children[:n_nodes].copy(),
        prop[:n_nodes].copy(),
        dist[:n_nodes].copy(),
        empty[:n_nodes].copy(),
    )


# ---------------------------------------------------------------- prediction


@numba.njit(cache=True, nogil=True)
def _normalised(v):  # pragma: no cover - compiled
    out = v.copy()
    total = 0.0
    for c in range(out.size):
        total += out[c]
    for c in range(out.size):
        out[c] /= total
    return out


@numba.njit(cache=True, nogil=True)
def _node_proba(
    node, x, attribute, split_point, first_child, n_children, prop, dist, empty, n_values
):  # pragma: no cover - compiled
    """``Tree.distributionForInstance``: (distribution, False) or (anything, True) for null."""
    att = attribute[node]
    if att < 0:
        if empty[node]:
            return dist[node], True
        return _normalised(dist[node]), False
    v = x[att]
    if v != v:
        out = np.zeros(dist.shape[1])
        for b in range(n_children[node]):
            child = first_child[node] + b
            help_, null = _node_proba(
                child,
                x,
                attribute,
                split_point,
                first_child,
                n_children,
                prop,
                dist,
                empty,
                n_values,
            )
            if not null:
                for c in range(out.size):
                    out[c] += prop[child] * help_[c]
        return out, False
    if n_values[att] > 0:
        child = first_child[node] + np.int64(v)
    elif v < split_point[node]:
        child = first_child[node]
    else:
        child = first_child[node] + 1
    out, null = _node_proba(
        child, x, attribute, split_point, first_child, n_children, prop, dist, empty, n_values
    )
    if null:
        return _normalised(dist[node]), False
    return out, False


@numba.njit(cache=True, nogil=True)
def forest_proba(
    codes, roots, attribute, split_point, first_child, n_children, prop, dist, empty, n_values
):  # pragma: no cover - compiled
    """Bagging's distribution: the trees' distributions summed in order, then normalised."""
    n_classes = dist.shape[1]
    out = np.zeros((codes.shape[0], n_classes))
    for i in range(codes.shape[0]):
        x = codes[i]
        sums = np.zeros(n_classes)
        for t in range(roots.size):
            d, null = _node_proba(
                roots[t],
                x,
                attribute,
                split_point,
                first_child,
                n_children,
                prop,
                dist,
                empty,
                n_values,
            )
            if not null:
                for c in range(n_classes):
                    sums[c] += d[c]
        total = 0.0
        for c in range(n_classes):
            total += sums[c]
        if _eq(total, 0.0):
            out[i] = sums
        else:
            for c in range(n_classes):
                out[i, c] = sums[c] / total
    return out
