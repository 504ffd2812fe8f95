"""RandomForest as Weka 3.9 builds it: Java's generator and text by hand, the trees' rules on
toy data, and out-of-fold probabilities equal to real Weka 3.9.7's with Weka's folds.

Tests marked ``weka`` run real Weka through python-weka-wrapper3 and skip without Java or the
``weka`` extra (fail instead with COSTLAB_REQUIRE_WEKA=1), like tests/classifiers/test_j48.py.
"""

import math

import numpy as np
import pandas as pd
import pytest
from _support import ProgressCounter, start_weka

from costlab.classifiers import (
    REGISTERED_CLASSIFIERS,
    SklearnRandomForest,
    WekaRandomForest,
    describe_classifier,
    make_classifier,
)
from costlab.classifiers._weka import random_tree_kernels as kernels
from costlab.classifiers.random_tree import (
    java_string_hash,
    weka_instance_text,
    weka_number_text,
)
from costlab.datasets import from_frame
from costlab.evaluation.cv import cross_val_proba

# ----------------------------------------------------------------- java.util.Random and text

# Printed by Java 17 (``new java.util.Random(seed)``), the values every Java gives.
JAVA_NEXT_INT = {1: [-1155869325, 431529176, 1761283695, 1749940626, 892128508]}
JAVA_NEXT_INT_10 = {42: [0, 3, 8, 4, 0]}
JAVA_NEXT_DOUBLE = {1: [0.7308781907032909, 0.41008081149220166, 0.20771484130971707]}


def _state(seed):
    return np.array([kernels.java_seed(seed)], dtype=np.uint64)


def test_java_random_next_int_and_next_double():
    state = _state(1)
    assert [kernels.java_next_int(state) for _ in range(5)] == JAVA_NEXT_INT[1]
    state = _state(42)
    assert [kernels.java_next_int_bounded(state, 10) for _ in range(5)] == JAVA_NEXT_INT_10[42]
    state = _state(1)
    assert [kernels.java_next_double(state) for _ in range(3)] == JAVA_NEXT_DOUBLE[1]
    assert kernels.tree_seeds(1, 5).tolist() == JAVA_NEXT_INT[1]  # Bagging's tree seeds


def test_java_random_power_of_two_bound_uses_the_top_bits():
    # nextInt(8) of a power of two is (8 * next(31)) >> 31: the top 3 of next(31)'s bits.
    first, second = _state(1), _state(1)
    assert (
        kernels.java_next_int_bounded(first, 8)
        == (8 * (kernels.java_next_int(second) >> 1 & 0x7FFFFFFF)) >> 31
    )


def test_string_hash_by_hand():
    assert java_string_hash("") == 0
    assert java_string_hash("a") == 97
    assert java_string_hash("ab") == 97 * 31 + 98
    assert java_string_hash("Aa") == java_string_hash("BB") == 2112  # a famous collision
    assert java_string_hash("hello") == 99162322
    assert java_string_hash("x" * 20) == _hash_by_formula("x" * 20)  # wraps at 32 bits


def _hash_by_formula(text):
    h = sum(ord(c) * 31 ** (len(text) - 1 - i) for i, c in enumerate(text)) % 2**32
    return h - 2**32 if h >= 2**31 else h


@pytest.mark.parametrize(
    "value, text",
    [
        (2.0, "2"),
        (-1.5, "-1.5"),
        (0.1, "0.1"),
        (1 / 3, "0.333333"),
        (2 / 3, "0.666667"),
        (0.4989865, "0.498986"),  # stored just below the tie: the exact value is rounded
        (0.0000015, "0.000002"),  # stored just above it
        (-4e-7, "-0"),
        (1e20, "100000000000000000000"),
        (123456789.123456789, "123456789.123457"),
    ],
)
def test_number_text_as_weka_writes_it(value, text):
    assert weka_number_text(value) == text


def test_instance_text_quotes_and_marks_missing():
    cats = [None, ("a b", "c,d", "e"), ("x",), None]
    assert weka_instance_text([0.25, 0.0, 0.0, np.nan], cats, "good") == "0.25,'a b',x,?,good"
    assert weka_instance_text([1.0, 1.0, np.nan, 3.0], cats, "?") == "1,'c,d',?,3,'?'"


def test_weka_quicksort_is_a_sort_and_keeps_its_own_tie_order():
    rng = np.random.default_rng(0)
    for n in (0, 1, 2, 3, 4, 7, 50, 300):
        vals = rng.integers(0, 5, n).astype(float)
        order = kernels.weka_sort_order(vals)
        assert sorted(order.tolist()) == list(range(n))
        assert np.all(np.diff(vals[order]) >= 0)
        np.testing.assert_array_equal(order, _weka_quicksort_reference(vals))


def _weka_quicksort_reference(vals):
    """Plain-Python median-of-three quicksort written from Weka's rules (the reference for
    the compiled one): conditional swaps for 2 and 3 elements, pivot moved next to the end."""
    index = list(range(len(vals)))

    def cswap(a, b):
        if vals[index[a]] > vals[index[b]]:
            index[a], index[b] = index[b], index[a]

    def sort(left, right):
        if right - left <= 0:
            return
        if right - left == 1:
            cswap(left, right)
            return
        if right - left == 2:
            cswap(left, left + 1), cswap(left, right), cswap(left + 1, right)
            return
        c = (left + right) // 2
        cswap(left, c), cswap(left, right), cswap(c, right)
        index[c], index[right - 1] = index[right - 1], index[c]
        pivot, lo, hi = vals[index[right - 1]], left, right - 1
        while True:
            lo += 1
            while vals[index[lo]] < pivot:
                lo += 1
            hi -= 1
            while vals[index[hi]] > pivot:
                hi -= 1
            if lo >= hi:
                break
            index[lo], index[hi] = index[hi], index[lo]
        index[lo], index[right - 1] = index[right - 1], index[lo]
        sort(left, lo - 1)
        sort(lo + 1, right)

    sort(0, len(vals) - 1)
    return np.array(index, dtype=np.int64)


def test_bootstrap_draws_n_rows_as_weighted_copies():
    counts = kernels.bag_counts(np.ones(49), 1, 5, 100.0)  # 49 * (1/49) < 1: alias tables used
    assert counts.shape == (5, 49) and np.all(counts.sum(axis=1) == 49)
    assert not np.array_equal(counts[0], counts[1])  # tree t uses Random(seed + t)
    np.testing.assert_array_equal(kernels.bag_counts(np.ones(49), 2, 4, 100.0), counts[1:])


# ----------------------------------------------------------------- the trees' rules on toy data


def _toy():
    X = pd.DataFrame(
        {
            "colour": pd.Categorical(
                ["red", "red", "blue", "blue", "red", "blue", None, "red"] * 3,
                categories=["red", "blue", "green"],
            ),
            "size": [1.0, 2.0, 3.0, 4.0, np.nan, 6.0, 7.0, 8.0] * 3,
        }
    )
    y = np.array([0, 0, 1, 1, 0, 1, 1, 0] * 3)
    return X, y


def _tree_proba(t, node, x, n_values):
    """Plain-Python reference of a tree's distribution (None = empty leaf)."""
    att = t["attribute"][node]
    if att < 0:
        dist = t["dist"][node]
        return None if t["empty"][node] else dist / dist.sum()
    first, n = t["first_child"][node], t["n_children"][node]
    value = x[att]
    if math.isnan(value):
        out = np.zeros(t["dist"].shape[1])
        for child in range(first, first + n):
            got = _tree_proba(t, child, x, n_values)
            if got is not None:
                out += t["prop"][child] * got
        return out
    if n_values[att] > 0:
        child = first + int(value)
    else:
        child = first + (0 if value < t["split"][node] else 1)
    got = _tree_proba(t, child, x, n_values)
    return t["dist"][node] / t["dist"][node].sum() if got is None else got


def test_forest_is_the_normalised_sum_of_the_trees():
    X, y = _toy()
    model = WekaRandomForest(n_estimators=7).fit(X, y)
    rows = pd.DataFrame(
        {
            "colour": pd.Categorical(
                ["green", None, "blue", "red"], categories=["red", "blue", "green"]
            ),
            "size": [np.nan, np.nan, 2.5, 7.5],
        }
    )
    codes = model.encoder_.transform(rows)
    expected = []
    for x in codes:
        total = sum(
            _tree_proba(model.trees_, root, x, model.n_values_) for root in model.trees_["roots"]
        )
        expected.append(total / total.sum())
    np.testing.assert_allclose(model.predict_proba(rows), expected, rtol=0, atol=1e-15)


def test_nominal_splits_are_multiway_and_unseen_values_get_the_parents_distribution():
    X, y = _toy()
    t = WekaRandomForest(n_estimators=20).fit(X, y).trees_
    nominal = t["attribute"] == 0
    assert nominal.any() and np.all(t["n_children"][nominal] == 3)  # one branch per value
    green = t["first_child"][nominal] + 2
    assert np.all(t["empty"][green])  # "green" never occurs: an empty leaf


def test_missing_values_go_down_every_branch_with_their_share():
    X, y = _toy()
    t = WekaRandomForest(n_estimators=20).fit(X, y).trees_
    for node in np.flatnonzero(t["attribute"] >= 0):
        children = t["first_child"][node] + np.arange(t["n_children"][node])
        np.testing.assert_allclose(t["prop"][children].sum(), 1.0)
        # The children's class weights add up to the node's: rows with a missing value are
        # shared out fractionally, none is lost.
        np.testing.assert_allclose(t["dist"][children].sum(axis=0), t["dist"][node], atol=1e-12)


def test_pure_node_is_a_leaf_and_numeric_cut_is_a_midpoint():
    X = np.array([[1.0], [2.0], [4.0], [8.0]])
    model = WekaRandomForest(n_estimators=5).fit(X, [0, 0, 1, 1])
    t = model.trees_
    # Every bag holding both classes splits once, halfway between its largest drawn class-0
    # value (1 or 2) and its smallest drawn class-1 value (4 or 8); both sides are then pure.
    cuts = t["split"][t["attribute"] == 0]
    assert cuts.size >= 1 and set(cuts.tolist()) <= {2.5, 3.0, 4.5, 5.0}
    assert t["attribute"].size == 5 + 2 * cuts.size
    np.testing.assert_array_equal(
        WekaRandomForest(n_estimators=3).fit(X, [1, 1, 1, 1]).predict_proba(X), np.ones((4, 1))
    )


def test_k_is_wekas_and_parameters_are_checked():
    X, y = _toy()
    with pytest.raises(ValueError, match="n_estimators"):
        WekaRandomForest(n_estimators=0).fit(X, y)
    with pytest.raises(ValueError, match="max_features"):
        WekaRandomForest(max_features=-1).fit(X, y)
    with pytest.raises(ValueError, match="random_state"):
        WekaRandomForest(random_state=1.5).fit(X, y)
    with pytest.raises(ValueError, match="class_labels"):
        WekaRandomForest(class_labels=("a",)).fit(X, y)
    # K = int(log2 8) + 1 = 4 of 8 attributes: which ones depends on the instance text, so
    # on the class labels' text.
    wide = np.random.default_rng(0).normal(size=(60, 8))
    labels = (wide[:, :4].sum(axis=1) > 0).astype(int)
    plain = WekaRandomForest(n_estimators=5).fit(wide, labels).trees_["attribute"]
    named = WekaRandomForest(n_estimators=5, class_labels=("bad", "good")).fit(wide, labels)
    assert not np.array_equal(plain, named.trees_["attribute"])


def test_registered_names_and_descriptions():
    assert (
        "RandomForest" in REGISTERED_CLASSIFIERS and "SklearnRandomForest" in REGISTERED_CLASSIFIERS
    )
    assert isinstance(make_classifier("RandomForest"), WekaRandomForest)
    assert isinstance(make_classifier("SklearnRandomForest"), SklearnRandomForest)
    assert "1e-9" in describe_classifier("RandomForest")
    assert describe_classifier("SklearnRandomForest").startswith("SklearnRandomForest")


def test_cross_validation_is_identical_for_any_n_jobs():
    X, y = _toy()
    data = from_frame(X.assign(label=np.where(y == 1, "yes", "no")), target="label", positive="yes")
    one = cross_val_proba(data, "RandomForest", n_folds=3, cache=False, progress=False, n_jobs=1)
    two = cross_val_proba(data, "RandomForest", n_folds=3, cache=False, progress=False, n_jobs=2)
    np.testing.assert_array_equal(one.proba, two.proba)


# ----------------------------------------------------------------- against real Weka 3.9.7


@pytest.fixture(scope="module")
def engine():
    start_weka()
    from costlab.evaluation.cv import get_engine

    return get_engine("weka")


DATASETS = [
    "german_credit",  # the thesis's four: mixed
    "credit_approval",  # mixed with missing values
    "messidor",  # numeric
    "spectf",  # numeric
    "horse_colic",  # held out: mixed, many missing values
    "vote",  # held out: nominal with missing values
    "heart_h",  # held out: mixed with missing values
]


@pytest.mark.weka
@pytest.mark.parametrize("name", DATASETS)
def test_out_of_fold_probabilities_equal_wekas(engine, datasets, name):
    dataset = datasets(name)
    expected, _ = engine.cross_val_proba(
        dataset, "RandomForest", n_folds=10, seed=1, repeat=0, params={}, progress=ProgressCounter()
    )
    ours = cross_val_proba(dataset, "RandomForest", cache=False, progress=False)
    np.testing.assert_allclose(ours.proba[0], expected, rtol=0, atol=1e-9)


@pytest.mark.weka
def test_java_pieces_equal_the_jvms(engine):
    import jpype

    from costlab.evaluation.weka import _jclass

    random = _jclass("java.util.Random")(1)
    assert [random.nextInt() for _ in range(5)] == JAVA_NEXT_INT[1]
    random = _jclass("java.util.Random")(42)
    assert [random.nextInt(10) for _ in range(5)] == JAVA_NEXT_INT_10[42]
    random = _jclass("java.util.Random")(1)
    assert [random.nextDouble() for _ in range(3)] == JAVA_NEXT_DOUBLE[1]
    text = "5.1,'a b',?,good"
    assert java_string_hash(text) == _jclass("java.lang.String")(text).hashCode()
    utils = _jclass("weka.core.Utils")
    rng = np.random.default_rng(1)
    ties = (rng.integers(0, 10**6, 300) * 10 + 5) / 1e7  # seven decimals ending in 5
    values = np.concatenate([rng.random(300) * 100, ties, [0.0, -0.0, 1e20, -4e-7]])
    assert [weka_number_text(v) for v in values] == [
        str(utils.doubleToString(float(v), 6)) for v in values
    ]
    vals = rng.integers(0, 6, 200).astype(float)
    java_order = list(utils.sortWithNoMissingValues(jpype.JArray(jpype.JDouble)(vals)))
    assert kernels.weka_sort_order(vals).tolist() == java_order
