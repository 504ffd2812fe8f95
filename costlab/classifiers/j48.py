"""C4.5 release 8 decision trees as Weka 3.9's ``J48`` builds them.

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

The tree is grown, collapsed, pruned and applied by compiled kernels
(``costlab/classifiers/_weka/j48_kernels.py``): each numeric attribute is sorted once per fit
(once per boosting fit in :class:`~costlab.classifiers.WekaAdaBoostM1`) and the cut search at
a node is a linear scan. Their trees equal those of the pure-numpy implementation they
replaced (``tests/_j48_reference.py``), whose sums the split search keeps; the class
distributions of the nodes are kept as Weka's ``Distribution`` keeps them (running sums in
the node's row order, rows with a missing value added one by one), so the probabilities are
Weka's to the last bit on data without numeric attributes, which boosting needs where a leaf
holds exactly equal class weights (see the kernels' docstring), and differ from the
reference's by a few units in the last place. ``benchmarks/bench_trees.py`` times them
against Weka.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np
from scipy.special import ndtri
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from costlab.validation import Boolean, InstanceOf, Interval, check_param

from ._base import (
    POSITIVE_INT,
    ReadsEncodedFramesMixin,
    WekaClassifierBase,
    encode_labels,
    validate_params,
)
from ._encoding import CategoricalOrdinalEncoder
from ._weka import j48_kernels as _kernels
from ._weka import j48_numerics as _numerics
from ._weka.arrays import kernel_array
from ._weka.j48_predict import predict as _predict

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

_PRUNING_CONFIDENCE = Interval(numbers.Real, 0.0, 0.5, closed="right")

__all__ = ["J48"]


def add_errors(n: float, e: float, cf: float) -> float:
    """Extra errors of C4.5's pessimistic estimate for ``e`` errors among ``n`` (weight).

    The upper confidence limit ``U_CF(e, n)`` of Quinlan (1993, ch. 4) minus ``e``, as
    Weka's ``Stats.addErrs`` computes it: for ``e < 1`` an interpolation between
    ``n * (1 - CF ** (1 / n))`` (``e = 0``) and the value at ``e = 1``; for ``e + 0.5 >= n``
    the remaining ``n - e``; otherwise the Wilson score bound with a continuity correction
    (``f = (e + 0.5) / n``, ``z`` the ``1 - CF`` normal quantile). Computed by the compiled
    :func:`costlab.classifiers._weka.j48_numerics.add_errors` that the tree's pruning calls.

    Examples
    --------
    >>> round(add_errors(6.0, 0.0, 0.25), 4)
    1.2378
    """
    return float(_numerics.add_errors(float(n), float(e), float(cf), float(ndtri(1 - cf))))


class _Tree:
    """A fitted tree as flat arrays (see ``j48_kernels._flatten``), nodes numbered depth first."""

    def __init__(self, arrays, nominal, n_classes):
        (
            self.attribute, self.cut, self.empty, self.first_child, self.n_children,
            self.child, self.share, self.branch_proba, self.proba, self.first_row, self.dists,
        ) = arrays  # fmt: skip
        self.nominal, self.n_classes = nominal, n_classes

    def predict_proba(self, codes: np.ndarray) -> np.ndarray:
        # writable C arrays: a read-only one (a memory-mapped input, a model loaded with
        # mmap_mode) is another numba type and would compile the prediction again
        arrays = (
            self.nominal, self.attribute, self.cut, self.empty, self.first_child,
            self.n_children, self.child, self.share, self.branch_proba, self.proba,
        )  # fmt: skip
        return _predict(kernel_array(codes, np.float64), *map(kernel_array, arrays))


class _Split:
    """A node's test: attribute, kind, cut, and class weights per branch (with fractions)."""

    __slots__ = ("attribute", "nominal", "cut", "dist")

    def __init__(self, attribute, nominal, cut, dist):
        self.attribute, self.nominal, self.cut, self.dist = attribute, nominal, cut, dist


class _Node:
    """A view of one node of a :class:`_Tree` (``leaf``, ``empty``, ``dist``, ``split``,
    ``children``), for reading a fitted tree."""

    __slots__ = ("tree", "index")

    def __init__(self, tree, index=0):
        self.tree, self.index = tree, index

    @property
    def leaf(self) -> bool:
        return bool(self.tree.attribute[self.index] < 0)

    @property
    def empty(self) -> bool:
        return bool(self.tree.empty[self.index])

    @property
    def dist(self) -> np.ndarray:
        """Class weights per branch (one row for a leaf), fractions included."""
        rows = self.tree.first_row
        return self.tree.dists[rows[self.index] : rows[self.index + 1]]

    @property
    def split(self):
        if self.leaf:
            return None
        j = int(self.tree.attribute[self.index])
        cut = float(self.tree.cut[self.index])
        return _Split(j, bool(self.tree.nominal[j]), cut, self.dist)

    @property
    def children(self):
        if self.leaf:
            return None
        first = self.tree.first_child[self.index]
        slots = range(first, first + self.tree.n_children[self.index])
        return [_Node(self.tree, int(self.tree.child[s])) for s in slots]


class J48(ReadsEncodedFramesMixin, WekaClassifierBase):
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
        Root node of the fitted tree (``leaf``, ``dist``, ``split``, ``children``: a view of
        the flat arrays the kernels predict with).
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

    _parameter_constraints = {
        "unpruned": [Boolean()],
        "confidence": [Interval(numbers.Real, None, None, closed="neither")],  # (0, 0.5] if pruned
        "min_instances": [POSITIVE_INT],
        "class_weight": [InstanceOf(dict, "a dict of label -> weight"), None],
    }

    def __init__(
        self,
        unpruned: bool = False,
        confidence: float = 0.25,
        min_instances: int = 2,
        class_weight: Mapping[Any, float] | None = None,
    ) -> None:
        self.unpruned = unpruned
        self.confidence = confidence
        self.min_instances = min_instances
        self.class_weight = class_weight

    def _options(self):
        """Validated ``(min_obj, cf)``; ``cf`` rounded to single precision (a Java float)."""
        validate_params(self)
        if not self.unpruned:
            check_param("confidence", self.confidence, _PRUNING_CONFIDENCE)
        cf = float(np.float32(self.confidence))  # a Java float in Weka
        return int(self.min_instances), cf

    def round_grower(self, schema: Any, classes: Any) -> Callable[..., Any]:
        """``grow(codes, yi, weights) -> EncodedTree`` with this estimator's options.

        For boosters, which encode their data once (``CategoricalOrdinalEncoder`` with
        ``schema``) and grow one tree per round on new weights; ``classes`` are the sorted
        labels that ``yi`` indexes (for ``class_weight``).
        """
        min_obj, cf = self._options()
        multipliers = _class_weights(self.class_weight, np.asarray(classes))
        n_classes, unpruned = len(classes), bool(self.unpruned)
        sorted_once: dict[int, Any] = {}  # every round grows on the same rows: sort them once

        def grow(codes, yi, weights):
            if sorted_once.get("codes") is not codes:
                sorted_once.update(codes=codes, presorted=presort(codes, schema.nominal))
            weights = weights * multipliers[yi]
            root = grow_tree(
                codes, yi, weights, n_classes, schema, min_obj, cf, unpruned,
                presorted=sorted_once["presorted"],
            )  # fmt: skip
            return EncodedTree(root, n_classes)

        return grow

    def fit(self, X: ArrayLike, y: ArrayLike, sample_weight: ArrayLike | None = None) -> Self:
        """Grow (and unless ``unpruned``, prune) the tree on ``X``, ``y`` with row weights."""
        min_obj, cf = self._options()
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
            codes, yi, weights, len(self.classes_), schema, min_obj, cf, bool(self.unpruned)
        )
        return self

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """Class probabilities, columns in the order of ``classes_``."""
        check_is_fitted(self, "tree_")
        return tree_proba(self.tree_, self.encoder_.transform(X), len(self.classes_))

    def n_leaves(self) -> int:
        """Number of leaves of the fitted tree."""
        check_is_fitted(self, "tree_")
        return int(np.count_nonzero(self.tree_.tree.attribute < 0))

    def n_nodes(self) -> int:
        """Number of nodes (leaves included) of the fitted tree."""
        check_is_fitted(self, "tree_")
        return int(self.tree_.tree.attribute.size)


class EncodedTree:
    """A fitted tree over ordinal codes (one boosting round): ``predict_proba(codes)``."""

    def __init__(self, root, n_classes):
        self.root, self.n_classes = root, n_classes

    def predict_proba(self, codes: np.ndarray) -> np.ndarray:
        """Class probabilities of encoded rows."""
        return tree_proba(self.root, codes, self.n_classes)


def presort(codes, nominal):
    """Each numeric attribute's rows with a known value, sorted stably by value, once per
    data set: ``(numeric_index, order, n_known, sorted_values)`` for :func:`grow_tree`.

    ``order`` holds row indices as unsigned 32-bit integers: the kernels index with them
    without a check for negative indices, and partition half the bytes (9 % faster trees on
    ringnorm than with int64).
    """
    numeric = np.flatnonzero(~np.asarray(nominal, dtype=bool))
    numeric_index = np.full(codes.shape[1], -1, dtype=np.int64)
    numeric_index[numeric] = np.arange(numeric.size)
    order = np.zeros((numeric.size, codes.shape[0]), dtype=np.uint32)
    sorted_values = np.zeros((numeric.size, codes.shape[0]))
    n_known = np.zeros(numeric.size, dtype=np.int64)
    for a, j in enumerate(numeric):
        column = codes[:, j]
        order[a] = np.argsort(column, kind="stable")  # NaN last
        sorted_values[a] = column[order[a]]
        n_known[a] = np.count_nonzero(~np.isnan(column))
    return numeric_index, order, n_known, sorted_values


def grow_tree(
    codes, yi, weights, n_classes, schema, min_obj=2, cf=0.25, unpruned=False, *, presorted=None
):
    """Grow, collapse and (unless ``unpruned``) prune a tree on encoded rows.

    ``codes`` are ordinal codes of ``schema`` (as from ``CategoricalOrdinalEncoder``), ``yi``
    class indices in ``range(n_classes)``, ``weights`` non-negative row weights, ``cf`` the
    confidence already rounded to single precision. ``presorted`` is :func:`presort` of
    ``codes``, for callers that grow many trees on the same rows (boosting). Used by
    :meth:`J48.fit` and by boosting, which encodes its data once for all rounds. Returns
    the root node.
    """
    codes = kernel_array(codes, np.float64)  # one numba type: J48 compiles once
    nominal = kernel_array(schema.nominal, bool)
    n_values = kernel_array(schema.n_values, np.int64)
    n_all = codes.shape[0]
    few = n_values < 0.3 * n_all
    multi_valued = bool(nominal.all() and not few.any())
    in_average = ~nominal | few | multi_valued
    if presorted is None:
        presorted = presort(codes, nominal)
    numeric_index, order, n_known, sorted_values = presorted
    arrays = _kernels.build(
        codes, kernel_array(yi, np.int64), kernel_array(weights, np.float64), nominal, n_values,
        in_average, numeric_index, order, n_known, sorted_values, int(n_classes),
        float(min_obj), float(cf), float(ndtri(1 - cf)), not unpruned,
    )  # fmt: skip
    return _Node(_Tree(arrays, nominal, int(n_classes)))


def tree_proba(root: Any, codes: np.ndarray, n_classes: int) -> np.ndarray:
    """Class probabilities of a tree from :func:`grow_tree` for encoded rows."""
    return root.tree.predict_proba(codes)


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
