"""The pure-numpy J48 that the compiled kernels (``costlab/classifiers/_weka/j48_kernels.py``)
replaced, kept to check them against: ``tests/classifiers/test_j48.py`` asserts the same trees and
probabilities equal to 1e-14 (the kernels keep the nodes' class distributions as Weka's
``Distribution`` sums them, this module with numpy's sums). Its own equality with Weka 3.9.7
was established by the Weka tests of tests/classifiers/test_j48.py before the kernels existed.
This module grows, collapses, prunes and predicts; the measures it takes (comparisons within
``SMALL``, entropies, gains, the pessimistic error estimate) are in ``_j48_reference_measures.py``.

C4.5 release 8 decision trees as Weka 3.9's ``J48`` builds them.

Quinlan (1993), *C4.5: Programs for Machine Learning*, Morgan Kaufmann, describes the
algorithm; Quinlan (1996), "Improved use of continuous attributes in C4.5", JAIR 4, adds the
release-8 changes (the MDL correction of numeric splits and the average-gain rule). Weka's
``J48`` (classes ``J48``, ``C45ModelSelection``, ``C45Split``, ``C45PruneableClassifierTree``
and their helpers) implements both with numerical conventions of its own. This module was
written after reading Weka's source for those rules and conventions, without copying its code;
its out-of-fold probabilities equal Weka 3.9.7's up to floating-point rounding (see
``tests/classifiers/test_j48.py`` for the datasets and options compared).

The rules, in the order the tree applies them (``SMALL`` = 1e-6 is Weka's tolerance in
comparisons of weights and gains: ``a > b`` means ``a - b > SMALL``, ``a >= b`` means
``b - a < SMALL``):

Node test
    A node becomes a leaf when its total weight is below ``2 * min_instances`` or all of it
    is in one class.
Nominal attributes
    Multiway split, one branch per *declared* value. Valid only if at least two branches
    hold ``min_instances`` weight of rows with a known value.
Numeric attributes
    Rows with a known value are sorted; a cut may fall only between two successive values
    more than 1e-5 apart. Both sides must hold at least ``min_split`` weight, with
    ``min_split = 0.1 * known weight / n_classes`` clipped to ``[min_instances, 25]``; with
    fewer known rows than ``2 * min_split`` there is no split. The first cut with the largest
    information gain wins (a later cut must beat it by more than SMALL). The MDL correction
    subtracts ``log2(number of admissible cuts) / node weight`` from its gain; a corrected
    gain ``<= 0`` leaves the attribute without a split. The cut is first placed halfway
    between the two values around it, then moved down to the largest value of the attribute
    in the *whole training set* that is ``<=`` the midpoint ("split points at actual data
    values"); rows go left when ``value <= cut``.
Information gain and gain ratio
    With entropies in bits from the known rows, the gain is ``(1 - unknown fraction) *
    (H(class) - H(class | branch))`` (per unit weight of known rows); the split information
    counts the weight of the rows with an unknown value as one more branch.
Attribute choice (average-gain rule)
    Among the attributes with a valid split, the average gain is taken over the numeric
    ones and the nominal ones with fewer values than 0.3 times the number of training rows
    (all of them if every attribute is nominal with that many values). The attribute with
    the largest gain ratio among those whose gain is at least ``average - 1e-3`` wins (first
    one in column order unless a later one beats it by more than SMALL); a best gain ratio
    of zero makes a leaf.
Missing values (fractional instances)
    At training time a row with an unknown value of the split attribute goes down every
    branch with its weight times the branch's share of the known weight (only branches with
    a share above SMALL); the node's class distribution per branch counts those fractions.
    At prediction time such a row's class distribution is the sum over the non-empty
    branches of the branch's share times the branch's prediction.
Leaves
    A leaf predicts its class distribution (weights, fractions included) normalised. An
    *empty* leaf (no training weight) predicts its parent's distribution in the branch that
    led to it, or the parent's overall distribution if that branch is empty.
Collapsing
    After growing (also for unpruned trees), a subtree whose leaves make no fewer training
    errors than the node itself minus 1e-3 is replaced by a leaf.
Pruning (``unpruned=False``)
    Pessimistic error-based pruning, bottom up: a node's estimated errors are ``e +
    addErrs(N, e, CF)``, the upper limit of the binomial confidence interval at level
    ``confidence`` (Weka's ``Stats.addErrs``: the normal approximation with a continuity
    correction, and an interpolation for ``e < 1``). The node becomes a leaf if its estimate
    is at most 0.1 above the sum of its leaves' estimates and of its largest branch's
    estimate on all of the node's data. Otherwise, if the largest branch's estimate is at
    most 0.1 above the subtree's, that branch replaces the node (subtree raising), its
    distributions are recomputed from the node's data, and it is pruned again.

``confidence`` is a Java ``float`` in Weka (``-C 0.25``); it is rounded to single precision
here too, which matters for values such as 0.1.
"""

from __future__ import annotations

import math

import numpy as np
from _j48_reference_measures import (
    SMALL,
    _class_dist,
    _eq,
    _estimated_errors,
    _gain_ratio,
    _ge,
    _gr,
    _info_gain,
    _max_bag,
    _max_class,
    _n_incorrect,
    _old_ent,
    add_errors,
)
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from costlab.classifiers._base import WekaClassifierBase, check_positive_int, encode_labels
from costlab.classifiers._encoding import CategoricalOrdinalEncoder

__all__ = ["J48", "add_errors", "grow_tree", "tree_proba"]


class _Split:
    """A node's test: attribute, kind, cut, and class weights per branch (with fractions)."""

    __slots__ = ("attribute", "nominal", "cut", "dist")

    def __init__(self, attribute, nominal, cut, dist):
        self.attribute, self.nominal, self.cut, self.dist = attribute, nominal, cut, dist

    def branches(self, column):
        """Branch of each value (-1 = missing)."""
        missing = np.isnan(column)
        if self.nominal:
            branch = np.where(missing, 0, column).astype(np.int64)
        else:
            branch = (column > self.cut).astype(np.int64)
        branch[missing] = -1
        return branch

    def shares(self, dist=None):
        bags = (self.dist if dist is None else dist).sum(axis=1)
        return bags / bags.sum()


class _Node:
    __slots__ = ("leaf", "empty", "split", "dist", "children", "rows", "weights")

    def __init__(self):
        self.leaf, self.empty, self.split, self.children = True, False, None, None
        self.dist = None  # (n_bags, n_classes): the local model's distribution
        self.rows = self.weights = None  # the node's training data (for pruning)

    def make_leaf(self):
        self.dist = self.dist.sum(axis=0, keepdims=True)
        self.leaf, self.split, self.children = True, None, None


class _Builder:
    """Grows, collapses and prunes a J48 tree on ordinal codes (see the module docstring)."""

    def __init__(self, codes, yi, n_classes, nominal, n_values, min_obj, cf):
        self.codes, self.yi, self.k = codes, yi, n_classes
        self.nominal, self.n_values, self.min_obj, self.cf = nominal, n_values, min_obj, cf
        n_all = codes.shape[0]
        few = n_values < 0.3 * n_all
        self.multi_valued = bool(nominal.all() and not few.any())
        self.in_average = ~nominal | few | self.multi_valued
        # Sorted known values of each numeric attribute over all training rows.
        self.all_values = [
            None if nominal[j] else np.unique(codes[~np.isnan(codes[:, j]), j])
            for j in range(codes.shape[1])
        ]

    # ------------------------------------------------------------------ split selection

    def _nominal(self, j, rows, w, weight):
        column = self.codes[rows, j]
        known = ~np.isnan(column)
        table = np.zeros((self.n_values[j], self.k))
        np.add.at(table, (column[known].astype(np.int64), self.yi[rows][known]), w[known])
        if np.count_nonzero(_ge(table.sum(axis=1), self.min_obj)) < 2:
            return None
        gain = float(_info_gain(table, weight, _old_ent(table.sum(axis=0))))
        return gain, _gain_ratio(table, weight, gain), table, np.nan

    def _numeric(self, j, rows, w, weight):
        column = self.codes[rows, j]
        known = ~np.isnan(column)
        order = np.argsort(column[known], kind="stable")
        values = column[known][order]
        per_row = np.zeros((values.size, self.k))
        per_row[np.arange(values.size), self.yi[rows][known][order]] = w[known][order]
        per_class = per_row.sum(axis=0)
        known_weight = per_class.sum()
        min_split = 0.1 * known_weight / self.k
        if min_split - self.min_obj < SMALL or min_split <= self.min_obj:
            min_split = float(self.min_obj)
        elif _gr(min_split, 25.0):
            min_split = 25.0
        if 2 * min_split - values.size > SMALL:
            return None
        after = np.flatnonzero(values[:-1] + 1e-5 < values[1:])  # last row left of a cut
        left = np.cumsum(per_row, axis=0)[after]
        right = per_class - left
        admissible = _ge(left.sum(axis=1), min_split) & _ge(right.sum(axis=1), min_split)
        n_cuts = int(np.count_nonzero(admissible))
        if n_cuts == 0:
            return None
        after, left, right = after[admissible], left[admissible], right[admissible]
        gains = _info_gain(np.stack([left, right], axis=1), weight, _old_ent(per_class))
        best_gain, best = 0.0, -1
        for i, gain in enumerate(gains):
            if gain - best_gain > SMALL:
                best_gain, best = float(gain), i
        gain = best_gain - math.log2(n_cuts) / weight  # MDL correction
        if gain - 0.0 < SMALL or gain <= 0.0:
            return None
        i = after[best]
        cut = (values[i + 1] + values[i]) / 2
        if cut == values[i + 1]:
            cut = values[i]
        table = np.stack([per_row[: i + 1].sum(axis=0), per_row[i + 1 :].sum(axis=0)])
        return gain, _gain_ratio(table, weight, gain), table, cut

    def select(self, rows, w):
        """The node's split, or None for a leaf."""
        per_class = _class_dist(self.yi[rows], w, self.k)
        weight = float(per_class.sum())
        if 2 * self.min_obj - weight > SMALL or _eq(weight, per_class[_max_class(per_class)]):
            return None
        candidates, total_gain, n_valid = [], 0.0, 0
        for j in range(self.codes.shape[1]):
            found = (self._nominal if self.nominal[j] else self._numeric)(j, rows, w, weight)
            if found is None:
                continue
            candidates.append((j, *found))
            if self.in_average[j]:
                total_gain += found[0]
                n_valid += 1
        if n_valid == 0:
            return None
        average = total_gain / n_valid
        best, best_ratio = None, 0.0
        for candidate in candidates:
            if candidate[1] >= average - 1e-3 and _gr(candidate[2], best_ratio):
                best, best_ratio = candidate, candidate[2]
        if _eq(best_ratio, 0.0):
            return None
        j, _, _, table, cut = best
        split = _Split(j, bool(self.nominal[j]), cut, None)
        split.dist = self._with_unknowns(table, self.codes[rows, j], rows, w)
        if not split.nominal:
            values = self.all_values[j]
            split.cut = float(values[np.searchsorted(values, cut, side="right") - 1])
        return split

    def _with_unknowns(self, table, column, rows, w):
        """Add the rows with an unknown value to every branch in proportion to its weight."""
        table = table.copy()
        total = table.sum()
        shares = (
            np.full(table.shape[0], 1.0 / table.shape[0])
            if _eq(total, 0.0)
            else table.sum(axis=1) / total
        )
        missing = np.isnan(column)
        if missing.any():
            unknown = _class_dist(self.yi[rows][missing], w[missing], self.k)
            table += shares[:, None] * unknown[None, :]
        return table

    def reset(self, split, rows, w):
        """The split's distribution recomputed from other data (known branches + fractions)."""
        column = self.codes[rows, split.attribute]
        branch = split.branches(column)
        known = branch >= 0
        table = np.zeros_like(split.dist)
        np.add.at(table, (branch[known], self.yi[rows][known]), w[known])
        return self._with_unknowns(table, column, rows, w)

    def divide(self, split, rows, w, dist=None):
        """Each branch's rows and weights (unknown values go everywhere, fractionally)."""
        branch = split.branches(self.codes[rows, split.attribute])
        shares = split.shares(dist)
        missing = branch < 0
        parts = []
        for i, share in enumerate(shares):
            keep = (branch == i) | (missing & _gr(share, 0.0))
            parts.append((rows[keep], np.where(missing, w * share, w)[keep]))
        return parts

    # ------------------------------------------------------------------ growing

    def grow(self, rows, w):
        node = _Node()
        node.rows, node.weights = rows, w
        split = self.select(rows, w)
        if split is None:
            node.dist = _class_dist(self.yi[rows], w, self.k)[None, :]
            node.empty = bool(_eq(w.sum(), 0.0))
            return node
        node.leaf, node.split, node.dist = False, split, split.dist
        node.children = [self.grow(r, ww) for r, ww in self.divide(split, rows, w)]
        return node

    # ------------------------------------------------------------------ collapsing

    def training_errors(self, node):
        if node.leaf:
            return _n_incorrect(node.dist)
        return sum(self.training_errors(child) for child in node.children)

    def collapse(self, node):
        if node.leaf:
            return
        if self.training_errors(node) >= _n_incorrect(node.dist) - 1e-3:
            node.make_leaf()
        else:
            for child in node.children:
                self.collapse(child)

    # ------------------------------------------------------------------ pruning

    def estimated_errors(self, node):
        if node.leaf:
            return _estimated_errors(node.dist, self.cf)
        return sum(self.estimated_errors(child) for child in node.children)

    def branch_errors(self, node, rows, w):
        """Estimated errors of a subtree when other data (``rows``, ``w``) passes through it."""
        if node.leaf:
            return _estimated_errors(_class_dist(self.yi[rows], w, self.k), self.cf)
        dist = self.reset(node.split, rows, w)
        parts = self.divide(node.split, rows, w, dist)
        return sum(
            self.branch_errors(child, r, ww)
            for child, (r, ww) in zip(node.children, parts, strict=True)
        )

    def redistribute(self, node, rows, w):
        """Recompute a subtree's distributions from new data (after subtree raising)."""
        node.rows, node.weights = rows, w
        if node.leaf:
            node.dist = _class_dist(self.yi[rows], w, self.k)[None, :]
            if not _eq(w.sum(), 0.0):
                node.empty = False
            return
        node.dist = node.split.dist = self.reset(node.split, rows, w)
        for child, (r, ww) in zip(node.children, self.divide(node.split, rows, w), strict=True):
            self.redistribute(child, r, ww)

    def prune(self, node, raising=True):
        if node.leaf:
            return
        for child in node.children:
            self.prune(child, raising)
        largest = _max_bag(node.dist.sum(axis=1))
        if raising:
            branch = self.branch_errors(node.children[largest], node.rows, node.weights)
        else:
            branch = math.inf
        leaf = _estimated_errors(node.dist, self.cf)
        tree = self.estimated_errors(node)
        if (leaf - (tree + 0.1) < SMALL or leaf <= tree + 0.1) and (
            leaf - (branch + 0.1) < SMALL or leaf <= branch + 0.1
        ):
            node.make_leaf()
            return
        if branch - (tree + 0.1) < SMALL or branch <= tree + 0.1:
            raised = node.children[largest]
            node.leaf, node.split, node.children = raised.leaf, raised.split, raised.children
            node.dist = raised.dist
            self.redistribute(node, node.rows, node.weights)
            self.prune(node, raising)


def _normalised(dist) -> np.ndarray:
    """Weka's ``prob``: class weights over their total (all 0 for an empty distribution)."""
    per_class = dist.sum(axis=0) if dist.ndim == 2 else dist
    total = per_class.sum()
    return np.zeros_like(per_class) if _eq(total, 0.0) else per_class / total


def _branch_prob(dist, i) -> np.ndarray:
    bag = dist[i].sum()
    return dist[i] / bag if _gr(bag, 0.0) else _normalised(dist)


def _descend(node, codes, rows, weight, out):
    """Add ``weight`` times the node's class distribution for ``rows`` into ``out``."""
    if node.leaf:
        out[rows] += weight[:, None] * _normalised(node.dist)[None, :]
        return
    branch = node.split.branches(codes[rows, node.split.attribute])
    shares = node.split.shares()
    missing = branch < 0
    for i, child in enumerate(node.children):
        here = branch == i
        if here.any():
            if child.empty:
                out[rows[here]] += weight[here, None] * _branch_prob(node.dist, i)[None, :]
            else:
                _descend(child, codes, rows[here], weight[here], out)
        if missing.any() and not child.empty:
            _descend(child, codes, rows[missing], shares[i] * weight[missing], out)


class J48(WekaClassifierBase):
    """C4.5 release 8 decision tree, as Weka 3.9's ``J48`` (Quinlan 1993).

    The rules are listed in the module docstring: multiway nominal splits, numeric cuts at
    actual training values with the MDL correction, gain ratio with the average-gain rule,
    fractional instances for missing values in training and prediction, collapsing, and
    pessimistic pruning with subtree raising. Weka's other defaults are fixed: no Laplace
    correction at the leaves, no binary nominal splits, no reduced-error pruning.

    Parameters
    ----------
    unpruned : bool, default=False
        Grow the tree without pruning (Weka's ``-U``); it is still collapsed.
    confidence : float, default=0.25
        Confidence factor of the pessimistic error estimate (Weka's ``-C``), in (0, 0.5].
    min_instances : int, default=2
        Minimum weight of instances in at least two branches of a split (Weka's ``-M``).
    class_weight : dict, optional
        Label -> weight multiplying the weight of every training instance of that class (labels
        not in the dict keep 1): C4.5 made cost-sensitive by altering its class priors
        (Drummond & Holte 2000, sec. 2.3). No renormalisation: ``min_instances`` and the pruning
        see the weights as given, so weights that keep the total weight at the number of rows
        keep those rules on their usual scale. Not compared with a Weka meta-classifier.

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels.
    tree_ : object
        Root node of the fitted tree.
    n_features_in_ : int
        Number of attributes.

    Notes
    -----
    Weka counts the classes declared in the data header; here they are the labels seen in
    ``y``, which is the same for data whose every class occurs in training. As in Weka, the
    0.3-times-the-rows rule counts rows, not weights, and a leaf left without training weight
    by subtree raising predicts all-zero probabilities.

    Examples
    --------
    >>> X = np.array([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]])
    >>> J48().fit(X, [0, 0, 0, 1, 1, 1]).predict_proba([[2.5], [5.5]])
    array([[1., 0.],
           [0., 1.]])
    """

    def __init__(
        self,
        unpruned: bool = False,
        confidence: float = 0.25,
        min_instances: int = 2,
        class_weight=None,
    ):
        self.unpruned = unpruned
        self.confidence = confidence
        self.min_instances = min_instances
        self.class_weight = class_weight

    def fit(self, X, y, sample_weight=None):
        """Grow (and unless ``unpruned``, prune) the tree on ``X``, ``y`` with row weights."""
        min_obj = check_positive_int(self.min_instances, "min_instances")
        cf = float(np.float32(self.confidence))  # a Java float in Weka
        if not self.unpruned and not 0.0 < cf <= 0.5:
            raise ValueError(f"confidence must be in (0, 0.5], got {self.confidence!r}")
        self.encoder_ = CategoricalOrdinalEncoder().fit(X)
        codes = self.encoder_.transform(X)
        self.classes_, yi = encode_labels(y, codes.shape[0])
        weights = _check_sample_weight(sample_weight, codes, dtype=np.float64)
        if (weights < 0).any():
            raise ValueError("sample_weight must be non-negative")
        weights = weights * _class_weights(self.class_weight, self.classes_)[yi]
        schema = self.encoder_.schema_
        self.n_features_in_ = codes.shape[1]
        self.tree_ = grow_tree(
            codes, yi, weights, len(self.classes_), schema, min_obj, cf, self.unpruned
        )
        return self

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, columns in the order of ``classes_``."""
        check_is_fitted(self, "tree_")
        return tree_proba(self.tree_, self.encoder_.transform(X), len(self.classes_))

    def n_leaves(self) -> int:
        """Number of leaves of the fitted tree."""
        check_is_fitted(self, "tree_")
        return _count(self.tree_, leaves=True)

    def n_nodes(self) -> int:
        """Number of nodes (leaves included) of the fitted tree."""
        check_is_fitted(self, "tree_")
        return _count(self.tree_, leaves=False)


def grow_tree(codes, yi, weights, n_classes, schema, min_obj=2, cf=0.25, unpruned=False):
    """Grow, collapse and (unless ``unpruned``) prune a tree on encoded rows.

    ``codes`` are ordinal codes of ``schema`` (as from ``CategoricalOrdinalEncoder``), ``yi``
    class indices in ``range(n_classes)``, ``weights`` non-negative row weights, ``cf`` the
    confidence already rounded to single precision. Used by :meth:`J48.fit` and by boosting,
    which encodes its data once for all rounds.
    """
    builder = _Builder(codes, yi, n_classes, schema.nominal, schema.n_values, min_obj, cf)
    root = builder.grow(np.arange(codes.shape[0]), weights)
    builder.collapse(root)
    if not unpruned:
        builder.prune(root)
    _forget_data(root)
    return root


def tree_proba(root, codes, n_classes) -> np.ndarray:
    """Class probabilities of a tree from :func:`grow_tree` for encoded rows."""
    out = np.zeros((codes.shape[0], n_classes))
    _descend(root, codes, np.arange(codes.shape[0]), np.ones(codes.shape[0]), out)
    return out


def _class_weights(class_weight, classes):
    """Per-class multipliers in the order of ``classes`` (1 for classes not given)."""
    if class_weight is None:
        return np.ones(len(classes))
    if not isinstance(class_weight, dict):
        raise ValueError(
            f"class_weight must be None or a dict label -> weight, got {class_weight!r}."
        )
    unknown = [k for k in class_weight if k not in set(classes.tolist())]
    if unknown:
        raise ValueError(
            f"class_weight names labels {unknown} that are not among the classes "
            f"{classes.tolist()}."
        )
    out = np.array([float(class_weight.get(c, 1.0)) for c in classes.tolist()])
    if not np.all(np.isfinite(out)) or np.any(out < 0):
        raise ValueError(f"class_weight values must be finite and >= 0, got {class_weight!r}.")
    return out


def _count(node, leaves):
    if node.leaf:
        return 1
    return (0 if leaves else 1) + sum(_count(child, leaves) for child in node.children)


def _forget_data(node):
    node.rows = node.weights = None
    for child in node.children or ():
        _forget_data(child)
