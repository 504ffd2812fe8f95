"""Random forests as Weka 3.9's ``RandomForest`` builds them: bagged ``RandomTree``s.

Breiman (2001), "Random forests", *Machine Learning* 45, describes the method. Weka 3.9's
``RandomForest`` is ``Bagging`` of ``RandomTree`` with conventions of its own, which decide
every digit of its probabilities. This module was written after reading Weka's source for
those rules (classes ``RandomForest``, ``Bagging``, ``RandomTree``, ``Instances``,
``ContingencyTables``, ``Utils`` and ``java.util.Random``), without copying its code; its
out-of-fold probabilities equal Weka 3.9.7's to 1e-9 (the datasets compared are listed in
``tests/classifiers/test_weka_random_forest.py``). The compiled kernels are in
:mod:`costlab.classifiers._weka.random_tree_kernels`.

The rules, with Weka's defaults (``-P 100 -I 100 -num-slots 1 -K 0 -M 1.0 -V 0.001 -S 1``;
``SMALL`` = 1e-6, ``a == b`` within SMALL where Weka's ``Utils.eq`` is used):

Random numbers
    ``java.util.Random``: the 48-bit linear congruential generator ``s = s * 0x5DEECE66D +
    11 (mod 2**48)`` seeded with ``seed ^ 0x5DEECE66D``; ``nextInt()`` is the top 32 bits,
    ``nextInt(b)`` the top 31 bits scaled (``b`` a power of two) or reduced modulo ``b`` with
    Java's rejection of the last incomplete block, ``nextDouble()`` is ``(26 bits * 2**27 + 27
    bits) / 2**53``.
Bagging
    Tree ``t`` (``t = 0..I-1``) gets seed ``nextInt()`` number ``t`` of ``Random(S)``, and its
    bootstrap sample from ``Random(S + t)``: ``n`` draws (``P`` = 100 %) by Walker's alias
    method with probabilities proportional to the training weights; copies are represented by
    weights, so a tree sees each drawn row once, in training order, with weight = its number
    of copies.
A tree's random stream
    ``r = Random(seed)``; the row ``r.nextInt(m)`` of the ``m`` distinct drawn rows is written
    as Weka's text of an instance (values separated by commas, class last: numbers with at
    most 6 decimals rounded half up, nominal values quoted when they contain spaces, commas,
    quotes..., ``?`` when missing); the stream is then reseeded with ``seed + (Java's
    String.hashCode of that text)``. This is why the class labels' *text* matters
    (``class_labels``).
Node
    A leaf when its weight (the sum of its class weights, fractions included) is below
    ``2 * M`` (M = 1) or one class holds all of it. Otherwise attributes are drawn without
    replacement with ``nextInt(window size)`` from a window of attribute indices shared by the
    whole tree (the drawn index is swapped to the end of the window): at least ``K``, and
    more until one has a gain above SMALL or all were tried. ``K = int(log2 M) + 1`` for
    ``M`` attributes (``max_features``).
Gain
    Information gain in bits from Weka's ``ContingencyTables``: entropy over the columns of a
    branch x class table minus the entropy conditioned on its rows, both with ``x ln x``.
    The attribute with the largest gain wins; on an exact tie the smaller attribute index.
    No split (a leaf) unless the best gain exceeds SMALL.
Nominal attributes
    Multiway split, one branch per declared value (branches never seen stay empty).
Numeric attributes
    Rows are sorted on the attribute by Weka's median-of-three quicksort (not stable; missing
    values last); the order persists in the node and its children. Candidate cuts lie
    halfway between successive distinct values; the first one with the largest gain (before
    missing values are distributed) wins; rows go left when ``value < cut``.
Missing values
    Fractional instances: a row with a missing value goes down every branch whose share of the
    known weight is positive, its weight multiplied by that share; the table whose gain is
    compared includes these fractions. At prediction, such a row gets the sum over the
    non-empty branches of share x the branch's distribution (not renormalised).
Leaves and empty branches
    A leaf predicts its class weights normalised; a value leading to an empty branch gets
    the parent's class weights normalised.
Forest
    The trees' distributions are summed in order and divided by their total.

Examples
--------
>>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
>>> WekaRandomForest(n_estimators=3).fit(X, [0, 0, 1, 1]).predict_proba([[0.2]])
array([[1., 0.]])
"""

from __future__ import annotations

import math
import numbers
from decimal import ROUND_HALF_UP, Context, Decimal
from typing import TYPE_CHECKING

import numpy as np
from sklearn.utils.validation import check_is_fitted

from costlab.validation import Interval

from ._base import (
    POSITIVE_INT,
    ReadsEncodedFramesMixin,
    WekaClassifierBase,
    check_positive_int,
    encode_labels,
    validate_params,
)
from ._encoding import CategoricalOrdinalEncoder
from ._weka import random_tree_kernels as kernels
from ._weka.arrays import kernel_array

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["WekaRandomForest"]

_DECIMALS = Decimal("1e-6")
_CONTEXT = Context(prec=800)
_BACKQUOTED = (
    ("\\", "\\\\"),
    ("'", "\\'"),
    ("\t", "\\t"),
    ("\n", "\\n"),
    ("\r", "\\r"),
    ('"', '\\"'),
    ("%", "\\%"),
    ("\u001e", "\\u001E"),
)


def weka_num_features(n_attributes: int) -> int:
    """Weka's default number of attributes tried per split.

    .. math:: K = \\lfloor \\log_2 M \\rfloor + 1

    ``M`` counts the original attributes (not one-hot columns), excluding the class; the
    logarithm is computed as ``log(M) / log(2)``, as Weka's ``Utils.log2``.

    Examples
    --------
    >>> weka_num_features(20), weka_num_features(44)
    (5, 6)
    """
    n_attributes = check_positive_int(n_attributes, "n_attributes")
    return int(math.log(n_attributes) / math.log(2)) + 1


def java_string_hash(text: str) -> int:
    """Java's ``String.hashCode``: ``sum s[i] 31**(n-1-i)`` over UTF-16 units, as a signed
    32-bit integer.

    Examples
    --------
    >>> java_string_hash("a"), java_string_hash("hello")
    (97, 99162322)
    """
    units = text.encode("utf-16-le")
    h = 0
    for i in range(0, len(units), 2):
        h = (31 * h + (units[i] | units[i + 1] << 8)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def weka_number_text(value: float) -> str:
    """A number as Weka writes it in an instance's text (``Utils.doubleToString(v, 6)``).

    Java's ``DecimalFormat`` with at most 6 decimals rounding half up, no grouping, no
    exponent, trailing zeros dropped. Java 17 rounds the double's exact binary value, so a
    number written ``0.4989865`` (stored just below it) gives ``0.498986``; that is what is
    done here. (Java writes 5e-7 as ``0.000001``, an exception of its digit generator that
    is not reproduced; such values occur in no instance text we compared.)

    Examples
    --------
    >>> weka_number_text(2.0), weka_number_text(0.4989865), weka_number_text(-1e-9)
    ('2', '0.498986', '-0')
    """
    rounded = Decimal(float(value)).quantize(_DECIMALS, rounding=ROUND_HALF_UP, context=_CONTEXT)
    text = format(rounded, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def _quote(text: str) -> str:
    """Weka's ``Utils.quote``."""
    quoted = any(c in text for c, _ in _BACKQUOTED[1:]) or "\\" in text
    if quoted:
        for char, escaped in _BACKQUOTED:
            text = text.replace(char, escaped)
    if quoted or any(c in text for c in "{}, ") or text in ("?", ""):
        return f"'{text}'"
    return text


def weka_instance_text(values: Sequence[Any], categories: Sequence[Any], class_text: str) -> str:
    """Weka's ``toStringNoWeight()`` of a row: values (codes for nominal attributes, NaN =
    missing) then the class, comma-separated.

    Examples
    --------
    >>> weka_instance_text([1.5, 0.0, np.nan], [None, ("a b", "c"), None], "good")
    "1.5,'a b',?,good"
    """
    parts = []
    for value, cats in zip(values, categories, strict=True):
        if value != value:
            parts.append("?")
        elif cats is None:
            parts.append(weka_number_text(value))
        else:
            parts.append(_quote(str(cats[int(value)])))
    parts.append(_quote(class_text))
    return ",".join(parts)


class WekaRandomForest(ReadsEncodedFramesMixin, WekaClassifierBase):
    """Weka 3.9's ``RandomForest``: bagged ``RandomTree`` trees, Weka's numbers exactly.

    The rules are listed in the module docstring (Breiman 2001 as Weka 3.9 implements it):
    bootstrap samples as weighted copies, trees seeded from Java's random stream and the text
    of an instance, ``K`` attributes tried per node, information-gain splits, multiway nominal
    splits, fractional instances for missing values, fully grown trees (``-M 1``), and the
    average of the trees' distributions.

    Parameters
    ----------
    n_estimators : int, default=100
        Number of trees (Weka's ``-I``).
    max_features : int or None, default=None
        Attributes tried per node; ``None`` (or 0) means Weka's ``K = int(log2 M) + 1``
        (``-K 0``); larger than ``M`` means ``M``.
    random_state : int or None, default=1
        Weka's seed ``-S`` (None: 1).
    class_labels : sequence of str, optional
        The text of the class values, in the order of ``classes_``, as they appear in Weka's
        data: it enters the instance text that seeds each tree. Default: ``str`` of each
        label. Cross-validation of the registered name ``"RandomForest"`` passes the
        dataset's class names.

    Attributes
    ----------
    classes_ : ndarray
        Sorted class labels.
    n_features_in_ : int
        Number of attributes.
    trees_ : dict of ndarray
        The fitted trees as flat node arrays (see
        :func:`costlab.classifiers._weka.random_tree_kernels.grow_tree`), ``roots`` giving each
        tree's root node.

    Examples
    --------
    Two of these ten bootstrap samples drew only class-1 rows, so their trees say class 1
    everywhere; a missing value is shared between the branches of each tree's split:

    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> model = WekaRandomForest(n_estimators=10).fit(X, [0, 0, 1, 1])
    >>> model.predict_proba([[0.2], [2.8], [np.nan]]).round(2)
    array([[0.8 , 0.2 ],
           [0.  , 1.  ],
           [0.38, 0.62]])
    """

    _parameter_constraints = {
        "n_estimators": [POSITIVE_INT],
        "max_features": [Interval(numbers.Integral, 0, None, closed="left"), None],
        "random_state": [Interval(numbers.Integral, None, None, closed="neither"), None],
        # class_labels: checked against the classes in fit (_class_texts)
    }

    def __init__(
        self,
        n_estimators: int = 100,
        max_features: int | None = None,
        random_state: int | None = 1,
        class_labels: Sequence[str] | None = None,
    ) -> None:
        self.n_estimators = n_estimators
        self.max_features = max_features
        self.random_state = random_state
        self.class_labels = class_labels

    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Grow ``n_estimators`` random trees on bootstrap samples of ``X``, ``y``."""
        validate_params(self)
        n_trees = int(self.n_estimators)
        seed = 1 if self.random_state is None else int(self.random_state)
        self.encoder_ = CategoricalOrdinalEncoder().fit(X)
        codes = np.ascontiguousarray(self.encoder_.transform(X))
        self.classes_, yi = encode_labels(y, codes.shape[0])
        self.n_features_in_ = codes.shape[1]
        k = _k_value(self.max_features, codes.shape[1])
        class_text = _class_texts(self.class_labels, self.classes_)
        categories = self.encoder_.schema_.categories
        n_values = kernel_array(self.encoder_.schema_.n_values, np.int64)
        yi = kernel_array(yi, np.int64)
        counts = kernels.bag_counts(np.ones(codes.shape[0]), seed, n_trees, 100.0)
        # attribute-major (a column at a time: faster sorting), always C-contiguous: an
        # F-ordered array of one column would be typed C by numba and compile the tree twice
        columns = np.ascontiguousarray(codes.T)
        # Speed only (see grow_tree): the rows in each numeric attribute's order, and the rows
        # with a missing value.
        order = np.array(
            [np.argsort(codes[:, j], kind="stable") for j in np.flatnonzero(n_values == 0)],
            dtype=np.int64,
        ).reshape(-1, codes.shape[0])
        row_missing = np.isnan(codes).any(axis=1)
        trees = []
        for tree_seed, count in zip(kernels.tree_seeds(seed, n_trees), counts, strict=True):
            rows = np.flatnonzero(count)
            state = np.array([kernels.java_seed(tree_seed)], dtype=np.uint64)
            row = rows[kernels.java_next_int_bounded(state, rows.size)]
            text = weka_instance_text(codes[row], categories, class_text[yi[row]])
            trees.append(
                kernels.grow_tree(
                    columns,
                    yi,
                    rows,
                    count[rows].astype(np.float64),
                    len(self.classes_),
                    n_values,
                    k,
                    1.0,
                    int(tree_seed) + java_string_hash(text),
                    order,
                    row_missing,
                )  # fmt: skip
            )
        self.trees_ = _concatenate(trees)
        self.n_values_ = n_values
        return self

    def predict_proba(self, X: ArrayLike) -> np.ndarray:
        """The trees' class distributions summed and normalised (Weka's ``Bagging``).

        Returned as Weka computes them: fractional weights can leave a probability a rounding
        error below 0 (-6.9e-18 on Credit Approval), which the Weka engine clips to 0 and
        the threshold searches clip themselves; clipping here would create ties (and move
        an AUC) that Weka's own numbers do not have.
        """
        check_is_fitted(self, "trees_")
        codes = kernel_array(self.encoder_.transform(X), np.float64)
        # writable copies where needed: a read-only array (a memory-mapped, unpickled model)
        # is another numba type, which would compile the prediction again
        tree = kernels.Tree(*(kernel_array(self.trees_[name]) for name in kernels.Tree._fields))
        roots = kernel_array(self.trees_["roots"])
        return kernels.forest_proba(codes, roots, tree, kernel_array(self.n_values_))


def _k_value(max_features: Any, n_attributes: int) -> int:
    """Weka's -K: the number of attributes tried at a node (None or 0: Weka's default)."""
    if max_features is None or max_features == 0:
        return min(weka_num_features(n_attributes), n_attributes)
    return min(int(max_features), n_attributes)


def _class_texts(class_labels: Sequence[str] | None, classes: np.ndarray) -> list:
    if class_labels is None:
        return [str(c) for c in classes.tolist()]
    texts = [str(c) for c in class_labels]
    if len(texts) != len(classes):
        raise ValueError(
            f"class_labels must name the {len(classes)} classes {classes.tolist()}, "
            f"got {list(class_labels)!r}"
        )
    return texts


def _concatenate(trees: Sequence[Any]) -> dict:
    """One set of node arrays for all trees; child and root indices shifted."""
    sizes = np.array([tree.attribute.size for tree in trees])
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    out = {
        name: np.concatenate([getattr(tree, name) for tree in trees])
        for name in kernels.Tree._fields
    }
    out["first_child"] = out["first_child"] + np.repeat(offsets, sizes)
    out["roots"] = offsets
    return out
