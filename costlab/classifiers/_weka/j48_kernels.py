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
``tests/classifiers/test_j48.py`` checks the kernels against the reference (same trees,
probabilities to 1e-14) and against Weka.

A row whose value of a node's split attribute is missing goes to every branch with a share
of its weight, so a row can sit in several nodes of one depth; within a node it appears at
most once, and each node carries its own weights, aligned with its rows.

No threads: the summation order, hence the result, does not depend on the machine.

The kernels live in six modules: :mod:`~costlab.classifiers._weka.j48_numerics` (sums,
entropies, error estimates, Weka's ``Distribution``),
:mod:`~costlab.classifiers._weka.j48_split_search` (a node's best split),
:mod:`~costlab.classifiers._weka.j48_two_class` (its numeric cuts for two classes),
:mod:`~costlab.classifiers._weka.j48_approx` (approximate gains, vectorised, that rule cuts out
of the exact search), :mod:`~costlab.classifiers._weka.j48_predict` (prediction from the flat
tree) and this one (growing, collapsing, pruning, the flat tree).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import List

from .j48_numerics import (  # noqa: F401
    _FLOAT_ARRAY,
    _FLOAT_TABLE,
    _INT_ARRAY,
    SMALL,
    _eq,
    _estimated_errors,
    _ge,
    _incorrect,
    _leaf_dist,
    _rows_dist,
    _split_dist,
)
from .j48_split_search import _branches, _select
from .j48_two_class import _STACK

# ---------------------------------------------------------------- the tree's storage


@njit(cache=True)
def _shares(dist):  # pragma: no cover - compiled
    """Each bag's share of a distribution (Weka's ``C45Split.weights``)."""
    return dist[1] / dist[3]


@njit(cache=True)
def _part(branch, shares, b, rows, w):  # pragma: no cover - compiled
    """Rows and weights of branch ``b`` (missing values go to every branch, fractionally)."""
    share = shares[b]
    share_ok = share - 0.0 > SMALL
    n = 0
    for t in range(rows.size):
        if branch[t] == b or (branch[t] < 0 and share_ok):
            n += 1
    part_rows, part_w = np.empty(n, rows.dtype), np.empty(n)
    n = 0
    for t in range(rows.size):
        if branch[t] == b or (branch[t] < 0 and share_ok):
            part_rows[n] = rows[t]
            part_w[n] = w[t] * share if branch[t] < 0 else w[t]
            n += 1
    return part_rows, part_w


@njit(cache=True)
def _new_tree():  # pragma: no cover - compiled
    """An empty J48 tree: eleven typed lists indexed by node, one per field of
    ``weka.classifiers.trees.j48.ClassifierTree`` (leaf, empty, split attribute and cut,
    children, the four sums of its ``Distribution``, and the node's rows and weights)."""
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
    """Append a node (a new ``ClassifierTree``) with its rows, weights and ``Distribution``
    ``dist`` (the four sums of :func:`_dist`); returns its index."""
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
    """The node's ``j48.Distribution`` as its four sums: (bag x class table, per bag, per
    class, total)."""
    return tree[5][node], tree[8][node], tree[9][node], tree[10][node]


@njit(cache=True)
def _set_dist(tree, node, dist):  # pragma: no cover - compiled
    """Replace the node's ``j48.Distribution`` by ``dist`` (the four sums of :func:`_dist`)."""
    tree[5][node], tree[8][node], tree[9][node], tree[10][node] = dist


# ---------------------------------------------------------------- growing


@njit(cache=True)
def _children_data(rows, w, order, counts, branch, shares, b, branch_of):  # pragma: no cover
    """Rows, weights and sorted rows per numeric attribute of branch ``b``."""
    part_rows, part_w = _part(branch, shares, b, rows, w)
    share_ok = shares[b] - 0.0 > SMALL
    part_order = np.empty((order.shape[0], part_rows.size), np.uint32)
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
def _two_children_data(rows, w, order, counts, branch, shares, branch_of):  # pragma: no cover
    """:func:`_children_data` of both branches of a two-way split, their sorted rows
    partitioned in one pass per attribute, without branches: each row is written to both
    children's next slots and each child's count grows by 1 if the row goes there (the
    arrays have one spare column for the last write)."""
    rows0, w0 = _part(branch, shares, 0, rows, w)
    rows1, w1 = _part(branch, shares, 1, rows, w)
    ok0, ok1 = shares[0] - 0.0 > SMALL, shares[1] - 0.0 > SMALL
    n_attributes = order.shape[0]
    order0 = np.empty((n_attributes, rows0.size + 1), np.uint32)
    order1 = np.empty((n_attributes, rows1.size + 1), np.uint32)
    counts0, counts1 = np.zeros(n_attributes, np.int64), np.zeros(n_attributes, np.int64)
    for a in range(n_attributes):
        m0, m1 = 0, 0
        into0, into1 = order0[a], order1[a]
        source = order[a]
        for t in range(counts[a]):
            r = source[t]
            to = branch_of[r]
            into0[m0] = r
            into1[m1] = r
            m0 += (to == 0) | ((to == -1) & ok0)
            m1 += (to == 1) | ((to == -1) & ok1)
        counts0[a], counts1[a] = m0, m1
    return (rows0, w0, order0, counts0), (rows1, w1, order1, counts1)


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
        class_weight = data[12]
        for t in range(rows.size):
            r = rows[t]
            wrow[r] = w[t]
            if k == 2:  # the two-class search adds both columns, one of them 0
                class_weight[r, yi[r]], class_weight[r, 1 - yi[r]] = w[t], 0.0
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
            if n_bags == 2:
                parts = _two_children_data(rows, w, order, counts, branch, shares, branch_of)
            for b in range(n_bags - 1, -1, -1):
                if n_bags == 2:
                    part = parts[b]
                else:
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
    """The nodes of the subtree at ``node`` in preorder: a node, then its children's subtrees
    first to last (the order of ``ClassifierTree``'s recursions)."""
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
    return _leaf_sums(tree, node, estimated, cf, z)[node]


@njit(cache=True)
def _leaf_sums(tree, node, estimated, cf, z):  # pragma: no cover - compiled
    """:func:`_leaf_sum` of every node of the subtree at ``node`` (indexed by node), in one
    pass from the leaves up."""
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
    return value


@njit(cache=True)
def _collapse(tree):  # pragma: no cover - compiled
    """Weka's ``collapse``, from the root down. A subtree's training errors do not change
    while the nodes above it are decided, so they are summed once for every node."""
    errors = _leaf_sums(tree, 0, False, 0.0, 0.0)
    stack = [0]
    while len(stack) > 0:
        node = stack.pop()
        if tree[0][node]:
            continue
        if errors[node] >= _incorrect(_dist(tree, node)) - 1e-3:
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
def scratch(n, k):  # pragma: no cover - compiled
    """The split search's scratch arrays for ``n`` rows and ``k`` classes, allocated once per
    tree (see :func:`~costlab.classifiers._weka.j48_split_search._numeric`,
    :func:`~costlab.classifiers._weka.j48_two_class._numeric_binary` and
    :func:`~costlab.classifiers._weka.j48_two_class._approx_search`)."""
    return (
        np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros((n, k)), np.zeros((5, 2 * k)),
        np.zeros(8), np.zeros(3 * _STACK, np.int64), np.zeros(2 * _STACK), np.zeros((2, n)),
        np.zeros(n), np.zeros(n, np.bool_), np.zeros((3, n + 4)),
    )  # fmt: skip


@njit(cache=True)
def build(X, yi, w, nominal, n_values, in_average, numeric_index, order, n_known,
          sorted_values, k, min_obj, cf, z, prune):  # fmt: skip  # pragma: no cover
    """Grow, collapse and (if ``prune``) prune a tree; return it flat (see :func:`_flatten`).

    ``order``: each numeric attribute's rows sorted, as ``uint32`` (see
    :func:`costlab.classifiers.j48.presort`)."""
    n = X.shape[0]
    wrow, branch_of = np.zeros(n), np.zeros(n, np.int64)
    work = scratch(n, k)
    data = (
        X, yi, nominal, n_values, in_average, numeric_index, sorted_values, n_known, wrow,
        branch_of, work, np.ascontiguousarray(X.T), np.zeros((n, 2)),
    )  # fmt: skip
    tree = _new_tree()
    _grow(w.copy(), order, n_known.copy(), data, k, min_obj, tree)
    _collapse(tree)
    if prune:
        _prune(tree, X, yi, nominal, cf, z)
    return _flatten(tree, k)
