"""RandomTree's tree as a named structure (numba), and prediction from it.

:data:`Tree` holds a grown tree (or a forest's trees) as flat node arrays, the fields of Weka's
``weka.classifiers.trees.RandomTree.Tree``; the growing kernels
(:mod:`costlab.classifiers._weka.random_tree_kernels`) add children to it, and
:func:`forest_proba` reads it as ``Tree.distributionForInstance`` and ``Bagging`` do.
"""

from __future__ import annotations

from collections import namedtuple

import numba
import numpy as np

from .j48_numerics import _eq

__all__ = ["Tree", "forest_proba"]

Tree = namedtuple(
    "Tree", ("attribute", "split", "first_child", "n_children", "prop", "dist", "empty")
)
Tree.__doc__ = """A grown tree as flat arrays indexed by node; node 0 is a root and the children
of a node are consecutive (Weka's ``RandomTree.Tree``: ``m_Attribute``, ``m_SplitPoint``,
``m_Successors``, ``m_Prop``, ``m_ClassDistribution``; ``empty`` marks a null distribution).

attribute : int64 per node, the split attribute (-1 for a leaf)
split : float64 per node, the numeric split point (NaN if none)
first_child, n_children : int64 per node, where the node's children are
prop : float64 per node, the node's share of its parent's known weight
dist : float64 (node x class), the node's class weights
empty : bool per node, an empty leaf (no training row reached it)
"""

# ---------------------------------------------------------------- the structure


@numba.njit(cache=True, nogil=True)
def _grown(a, size):  # pragma: no cover - compiled
    """``a`` (1-D) copied into a longer array of its dtype: ``size`` or twice its length."""
    out = np.empty(max(size, 2 * a.size), a.dtype)
    out[: a.size] = a
    return out


@numba.njit(cache=True, nogil=True)
def _grown_rows(a, size):  # pragma: no cover - compiled
    """``a`` (2-D) copied into one with more rows: ``size`` or twice as many."""
    out = np.empty((max(size, 2 * a.shape[0]), a.shape[1]), a.dtype)
    out[: a.shape[0]] = a
    return out


@numba.njit(cache=True, nogil=True)
def _new_tree(cap, n_classes):  # pragma: no cover - compiled
    """A :data:`Tree` with room for ``cap`` nodes, all leaves (``RandomTree.Tree``'s fields
    before ``buildTree`` sets them)."""
    return Tree(
        np.full(cap, -1, np.int64),
        np.full(cap, np.nan),
        np.zeros(cap, np.int64),
        np.zeros(cap, np.int64),
        np.ones(cap),
        np.zeros((cap, n_classes)),
        np.zeros(cap, np.bool_),
    )


@numba.njit(cache=True, nogil=True)
def _tree_grown(tree, size):  # pragma: no cover - compiled
    """``tree`` with room for at least ``size`` nodes (the first nodes kept)."""
    if size <= tree.attribute.size:
        return tree
    return Tree(
        _grown(tree.attribute, size),
        _grown(tree.split, size),
        _grown(tree.first_child, size),
        _grown(tree.n_children, size),
        _grown(tree.prop, size),
        _grown_rows(tree.dist, size),
        _grown(tree.empty, size),
    )


@numba.njit(cache=True, nogil=True)
def _add_children(tree, n_nodes, node, att, split, dist, props):  # pragma: no cover - compiled
    """Make ``node`` split on ``att`` (at ``split`` if numeric) and append its children as
    leaves with class weights ``dist[b]`` and shares ``props[b]`` (``RandomTree.Tree.buildTree``
    creating ``m_Successors``). Returns the tree (grown if needed)."""
    n_branch = dist.shape[0]
    tree = _tree_grown(tree, n_nodes + n_branch)
    tree.attribute[node] = att
    tree.split[node] = split
    tree.first_child[node] = n_nodes
    tree.n_children[node] = n_branch
    for b in range(n_branch):
        child = n_nodes + b
        tree.attribute[child] = -1
        tree.split[child] = np.nan
        tree.first_child[child] = 0
        tree.n_children[child] = 0
        tree.prop[child] = props[b]
        tree.dist[child] = dist[b]
        tree.empty[child] = False
    return tree


@numba.njit(cache=True, nogil=True)
def _trimmed(tree, n_nodes):  # pragma: no cover - compiled
    """The first ``n_nodes`` nodes of ``tree``, copied."""
    return Tree(
        tree.attribute[:n_nodes].copy(),
        tree.split[:n_nodes].copy(),
        tree.first_child[:n_nodes].copy(),
        tree.n_children[:n_nodes].copy(),
        tree.prop[:n_nodes].copy(),
        tree.dist[:n_nodes].copy(),
        tree.empty[:n_nodes].copy(),
    )


@numba.njit(cache=True, nogil=True)
def _branch(value, n_values, split):  # pragma: no cover - compiled
    """The branch of a known ``value``: its code for a nominal attribute (``n_values > 0``),
    else 0 below ``split`` and 1 from it (``RandomTree.Tree.splitData``)."""
    if n_values > 0:
        return np.int64(value)
    return np.int64(0) if value < split else np.int64(1)


# ---------------------------------------------------------------- prediction


@numba.njit(cache=True, nogil=True)
def _normalised(v):  # pragma: no cover - compiled
    """``v`` divided by its sum (``weka.core.Utils.normalize`` of a copy)."""
    out = v.copy()
    total = 0.0
    for c in range(out.size):
        total += out[c]
    for c in range(out.size):
        out[c] /= total
    return out


@numba.njit(cache=True, nogil=True)
def _node_proba(tree, node, x, n_values):  # pragma: no cover - compiled
    """``RandomTree.Tree.distributionForInstance`` of the row ``x`` at ``node``:
    (distribution, False), or (anything, True) for Weka's null (an empty leaf)."""
    att = tree.attribute[node]
    if att < 0:
        if tree.empty[node]:
            return tree.dist[node], True
        return _normalised(tree.dist[node]), False
    v = x[att]
    first = tree.first_child[node]
    if v != v:
        out = np.zeros(tree.dist.shape[1])
        for child in range(first, first + tree.n_children[node]):
            help_, null = _node_proba(tree, child, x, n_values)
            if not null:
                for c in range(out.size):
                    out[c] += tree.prop[child] * help_[c]
        return out, False
    out, null = _node_proba(tree, first + _branch(v, n_values[att], tree.split[node]), x, n_values)
    if null:
        return _normalised(tree.dist[node]), False
    return out, False


@numba.njit(cache=True, nogil=True)
def forest_proba(codes, roots, tree, n_values):  # pragma: no cover - compiled
    """Bagging's distribution (``weka.classifiers.meta.Bagging.distributionForInstance``): the
    trees' distributions summed in order, then normalised. ``tree`` is a :data:`Tree` holding
    all the trees, ``roots`` their root nodes."""
    n_classes = tree.dist.shape[1]
    out = np.zeros((codes.shape[0], n_classes))
    for i in range(codes.shape[0]):
        x = codes[i]
        sums = np.zeros(n_classes)
        for t in range(roots.size):
            d, null = _node_proba(tree, roots[t], x, n_values)
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
