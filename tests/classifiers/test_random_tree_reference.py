"""The compiled RandomTree grows the trees of a plain-Python reference of Weka's rules.

The reference (``tests/classifiers/_random_tree_reference.py``) evaluates every node in Weka's
order, re-sorting its rows for every numeric candidate; the kernels take shortcuts (integer
sums in any order where no row has a missing value, presorted orders, stable partitions). Both
are fed the same bags and seeds (recorded from ``WekaRandomForest.fit``) and must give the same
splits, cuts, shares and class weights, bit for bit.
"""

import numpy as np
import pandas as pd
import pytest
from _random_tree_reference import grow_reference, weka_quicksort

from costlab.classifiers import WekaRandomForest
from costlab.classifiers._weka import random_tree_kernels as kernels


def _grown_pairs(monkeypatch, X, y, n_estimators, **params):
    """(kernel tree, reference tree) for each tree of ``WekaRandomForest(...).fit(X, y)``."""
    calls = []
    grow_tree = kernels.grow_tree

    def recorded(*args):
        tree = grow_tree(*args)
        calls.append((args, tree))
        return tree

    monkeypatch.setattr(kernels, "grow_tree", recorded)
    WekaRandomForest(n_estimators=n_estimators, **params).fit(X, y)
    assert len(calls) == n_estimators
    pairs = []
    for args, tree in calls:
        codes, yi, rows, wts, n_classes, n_values, k_value, min_num, seed, _, _ = args
        reference = grow_reference(  # the kernel reads codes attribute-major, codes[att, row]
            np.asarray(codes).T, yi, rows, wts, n_classes, n_values, k_value, min_num, seed
        )
        pairs.append((tree, reference))
    return pairs


def _assert_same_tree(tree, reference):
    for name in kernels.Tree._fields:
        np.testing.assert_array_equal(getattr(tree, name), reference[name], err_msg=name)


def _synthetic(n, seed):
    """Numeric columns with many ties, a nominal one with an unseen value, missing values in
    both, three classes that depend on them."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 6, n).astype(float)
    b = rng.normal(size=n).round(1)
    colour = rng.choice(["red", "blue", "gold"], n)
    y = (a > 2).astype(int) + (b > 0.3) * (colour != "blue")
    a[rng.random(n) < 0.1] = np.nan
    colour = pd.Categorical(colour, categories=["red", "blue", "gold", "never"])
    colour[rng.random(n) < 0.1] = np.nan
    X = pd.DataFrame({"a": a, "b": b, "colour": colour, "c": rng.integers(0, 3, n) * 1.5})
    return X, y


def test_the_reference_quicksort_is_a_sort_with_wekas_tie_order():
    vals = np.random.default_rng(3).integers(0, 5, 200).astype(float)
    order = weka_quicksort(list(vals))
    assert np.all(np.diff(vals[order]) >= 0)
    np.testing.assert_array_equal(order, kernels.weka_sort_order(vals))  # not stable: same ties


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kernels_grow_the_reference_trees_on_synthetic_data(monkeypatch, seed):
    X, y = _synthetic(150, seed)
    for tree, reference in _grown_pairs(monkeypatch, X, y, 6, random_state=seed + 1):
        _assert_same_tree(tree, reference)


def test_kernels_grow_the_reference_trees_without_missing_values(monkeypatch):
    X, y = _synthetic(300, 5)
    X = X.fillna({"a": 0.0, "colour": "red"})
    for tree, reference in _grown_pairs(monkeypatch, X, y, 4, max_features=2):
        _assert_same_tree(tree, reference)


def test_kernels_grow_the_reference_trees_on_credit_approval(monkeypatch, datasets):
    dataset = datasets("credit_approval")  # mixed attributes with missing values
    pairs = _grown_pairs(monkeypatch, dataset.X, dataset.y, 3)
    assert sum(tree.attribute.size for tree, _ in pairs) > 100  # real trees, not stumps
    for tree, reference in pairs:
        _assert_same_tree(tree, reference)
