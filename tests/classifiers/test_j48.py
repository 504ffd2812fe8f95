"""J48 (C4.5 release 8 as Weka 3.9's J48): hand-checked toy trees, and out-of-fold
probabilities equal to real Weka 3.9.7's with Weka's folds.

Tests marked ``weka`` run real Weka through python-weka-wrapper3 and skip without Java or the
``weka`` extra (fail instead with COSTLAB_REQUIRE_WEKA=1), like
tests/evaluation/test_weka_engine.py.
"""

import math

import numpy as np
import pandas as pd
import pytest
from _support import ProgressCounter, start_weka
from sklearn.base import clone
from sklearn.utils.estimator_checks import parametrize_with_checks

from costlab.classifiers import J48, REGISTERED_CLASSIFIERS, describe_classifier, make_classifier
from costlab.classifiers.j48 import add_errors
from costlab.evaluation.cv import cross_val_proba
from costlab.evaluation.folds import weka_folds

# ----------------------------------------------------------------- hand-checked toy trees


def _entropy(*counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c)


def _table(copies):
    """Two nominal attributes and a class; ``copies`` repeats the 8 rows."""
    a = ["a1", "a1", "a2", "a2", "a2", "a2", "a2", "a2"] * copies
    b = ["b1", "b1", "b2", "b2", "b3", "b3", "b4", "b4"] * copies
    y = [0, 0, 0, 1, 1, 1, 0, 1] * copies
    X = pd.DataFrame(
        {
            "A": pd.Categorical(a, categories=["a1", "a2"]),
            "B": pd.Categorical(b, categories=["b1", "b2", "b3", "b4"]),
        }
    )
    return X, np.array(y)


# By hand: H(class) = 1 bit.
# A: a1 -> {0, 0}, a2 -> {0, 0, 1, 1, 1, 1}: gain = 1 - 6/8 H(2, 4) = 0.3113,
#    split information H(2, 6) = 0.8113, gain ratio 0.3837.
# B: b1 -> {0, 0}, b2 -> {0, 1}, b3 -> {1, 1}, b4 -> {0, 1}: gain = 1 - 4/8 = 0.5,
#    split information 2 bits, gain ratio 0.25.
GAIN_A = 1 - 6 / 8 * _entropy(2, 4)
RATIO_A = GAIN_A / _entropy(2, 6)
GAIN_B, RATIO_B = 0.5, 0.25


def test_hand_computed_gains_and_ratios():
    assert GAIN_A == pytest.approx(0.311278, abs=1e-6)
    assert RATIO_A == pytest.approx(0.383689, abs=1e-6)
    assert RATIO_A > RATIO_B and GAIN_B > GAIN_A


def test_average_gain_rule_picks_the_lower_gain_ratio():
    # 16 rows: both attributes have fewer values than 0.3 * 16 = 4.8, so both enter the
    # average gain (0.3113 + 0.5) / 2 = 0.4056; A's gain is below it minus 1e-3, so B wins
    # although A's gain ratio is higher.
    X, y = _table(copies=2)
    model = J48(unpruned=True).fit(X, y)
    assert model.tree_.split.attribute == 1
    assert model.n_leaves() == 4 and model.n_nodes() == 5
    proba = model.predict_proba(X.iloc[:8])
    np.testing.assert_array_equal(proba[:, 1], [0, 0, 0.5, 0.5, 1, 1, 0.5, 0.5])


def test_declared_but_unseen_value_gets_the_parents_distribution():
    # B declares a fifth value never seen in training (24 rows, so 5 < 0.3 * 24 values): its
    # branch is an empty leaf, and a row with that value gets the root's class distribution
    # (12 x class 0, 12 x class 1).
    X, y = _table(copies=3)
    X["B"] = X["B"].cat.add_categories(["b5"])
    model = J48(unpruned=True).fit(X, y)
    assert model.tree_.split.attribute == 1 and model.n_leaves() == 5
    unseen = X.iloc[:1].copy()
    unseen["B"] = pd.Categorical(["b5"], categories=["b1", "b2", "b3", "b4", "b5"])
    np.testing.assert_array_equal(model.predict_proba(unseen), [[0.5, 0.5]])


def test_many_valued_attribute_is_left_out_of_the_average():
    # 8 rows: B has 4 >= 0.3 * 8 values, so only A's gain makes the average; A (gain =
    # average, gain ratio 0.3837 > 0.25) wins. In the a2 branch only B could split, but no
    # attribute enters the average there, so it is a leaf {2 x class 0, 4 x class 1}.
    X, y = _table(copies=1)
    model = J48(unpruned=True).fit(X, y)
    assert model.tree_.split.attribute == 0
    assert model.n_leaves() == 2
    np.testing.assert_allclose(model.predict_proba(X)[:, 1], [0, 0] + [4 / 6] * 6)
    # A missing A at prediction: 2/8 of the a1 leaf plus 6/8 of the a2 leaf.
    missing = X.iloc[:1].copy()
    missing["A"] = pd.Categorical([np.nan], categories=["a1", "a2"])
    np.testing.assert_allclose(model.predict_proba(missing), [[2 / 8 + 6 / 8 * 2 / 6, 0.5]])


def test_numeric_cut_moves_down_to_an_actual_value():
    # Known values 1..6, classes 0 0 0 1 1 1: cuts with >= 2 rows a side are after 2, 3 and 4
    # (3 admissible cuts); the best (after 3) has gain 1 bit, 1 - log2(3) / 6 after the MDL
    # correction. Its midpoint 3.5 moves down to the largest training value <= 3.5, namely 3.
    X = np.array([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]])
    model = J48(unpruned=True).fit(X, [0, 0, 0, 1, 1, 1])
    assert model.tree_.split.cut == 3.0
    np.testing.assert_array_equal(model.predict([[3.0], [3.2], [3.6]]), [0, 1, 1])


def test_cuts_need_a_gap_above_1e_5():
    # 1.0 and 1.000005 are one value for the cut search: the only cut is between 1.000005
    # and 2, which leaves a single row on the right (< 2), so there is no split.
    X = np.array([[1.0], [1.0], [1.0], [1.000005], [2.0]])
    assert J48(unpruned=True).fit(X, [0, 0, 0, 1, 1]).n_leaves() == 1


def test_missing_values_train_fractionally():
    # Row 4 (class 1) misses x: it goes down both branches with weights 3/5 and 2/5 of the
    # known weight (left: 3 rows of class 0, right: 2 rows of class 1 once x <= 3 splits).
    X = np.array([[1.0], [2.0], [3.0], [np.nan], [5.0], [6.0]])
    model = J48(unpruned=True, min_instances=1).fit(X, [0, 0, 0, 1, 1, 1])
    left, right = model.tree_.children
    np.testing.assert_allclose(left.dist, [[3.0, 3 / 5]])
    np.testing.assert_allclose(right.dist, [[0.0, 2 + 2 / 5]])
    np.testing.assert_allclose(model.predict_proba([[2.0]]), [[3 / 3.6, 0.6 / 3.6]])


def test_add_errors_by_hand():
    # e = 0: N (1 - CF^(1/N)); e >= 1: Wilson bound with continuity correction, z = 0.6745.
    assert add_errors(6.0, 0.0, 0.25) == pytest.approx(6 * (1 - 0.25 ** (1 / 6)), rel=1e-15)
    z, n, e = 0.6744897501960817, 16.0, 4.0
    f = (e + 0.5) / n
    bound = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    assert add_errors(n, e, 0.25) == pytest.approx(bound * n - e, rel=1e-12)
    assert add_errors(2.0, 1.6, 0.25) == pytest.approx(0.4)  # e + 0.5 >= N: N - e


@pytest.mark.parametrize("copies", [1, 2])
def test_pruning_compares_pessimistic_errors(copies):
    # A splits {6 x class 0, 4 x class 1} into a1 -> {4, 1} and a2 -> {2, 3} (times copies).
    # Leaf: 4c + addErrs(10c, 4c); subtree: c + addErrs(5c, c) + 2c + addErrs(5c, 2c);
    # the largest branch on all the data is the leaf again. The node becomes a leaf iff the
    # leaf's estimate is at most 0.1 above the subtree's: 5.5598 <= 5.4723 + 0.1 for c = 1,
    # but 10.0082 > 9.0783 + 0.1 for c = 2.
    c = copies
    X = pd.DataFrame({"A": pd.Categorical(["a1"] * 5 + ["a2"] * 5, categories=["a1", "a2"])})
    y = np.array([0, 0, 0, 0, 1, 0, 0, 1, 1, 1])
    X, y = pd.concat([X] * c, ignore_index=True), np.tile(y, c)
    leaf = 4 * c + add_errors(10 * c, 4 * c, 0.25)
    tree = c + add_errors(5 * c, c, 0.25) + 2 * c + add_errors(5 * c, 2 * c, 0.25)
    assert J48(unpruned=True).fit(X, y).n_leaves() == 2
    pruned = J48().fit(X, y)
    assert (pruned.n_leaves() == 1) == (leaf <= tree + 0.1)
    assert pruned.n_leaves() == (1 if c == 1 else 2)
    expected = [[0.6, 0.4]] if c == 1 else [[0.8, 0.2]]
    np.testing.assert_allclose(pruned.predict_proba(X.iloc[:1]), expected)


def test_integer_sample_weights_equal_repeated_rows():
    rng = np.random.default_rng(1)
    X = pd.DataFrame({"x": rng.normal(size=80), "z": rng.normal(size=80)})
    y = (X["x"] + 0.5 * rng.normal(size=80) > 0).astype(int).to_numpy()
    weights = rng.integers(1, 4, size=80)
    repeated = np.repeat(np.arange(80), weights)
    weighted = J48().fit(X, y, sample_weight=weights).predict_proba(X)
    copies = J48().fit(X.iloc[repeated], y[repeated]).predict_proba(X)
    np.testing.assert_allclose(weighted, copies, atol=1e-12)


def test_parameters_are_checked():
    X, y = np.array([[0.0], [1.0]]), [0, 1]
    with pytest.raises(ValueError, match="min_instances"):
        J48(min_instances=0).fit(X, y)
    with pytest.raises(ValueError, match="confidence"):
        J48(confidence=0.7).fit(X, y)
    with pytest.raises(ValueError, match="non-negative"):
        J48().fit(X, y, sample_weight=[1.0, -1.0])


def test_registered_by_name():
    assert "J48" in REGISTERED_CLASSIFIERS
    assert make_classifier("J48", unpruned=True).unpruned is True
    assert describe_classifier("J48").startswith("J48")
    assert clone(make_classifier("J48")).get_params() == J48().get_params()


def test_weka_options_of_j48():
    from costlab.evaluation.weka import WEKA_CLASSIFIERS, weka_options

    assert WEKA_CLASSIFIERS["J48"] == "weka.classifiers.trees.J48"
    assert weka_options("J48") == ["-C", "0.25", "-M", "2"]
    assert weka_options("J48", unpruned=True) == ["-U", "-M", "2"]
    assert weka_options("J48", confidence=0.1, min_instances=5) == ["-C", "0.1", "-M", "5"]


@pytest.mark.filterwarnings("ignore:invalid value encountered in cast:RuntimeWarning")
@parametrize_with_checks([J48()])
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


# ----------------------------------------------------------------- against real Weka 3.9.7


@pytest.fixture(scope="module")
def engine():
    start_weka()
    from costlab.evaluation.cv import get_engine

    return get_engine("weka")


def _ours(dataset, params):
    """Our out-of-fold probabilities with Weka's folds (10 folds, seed 1)."""
    y = dataset.y_binary
    proba = np.full((y.size, 2), np.nan)
    for train, test in weka_folds(y, 10, 1):
        model = J48(**params).fit(dataset.X.iloc[train], y[train])
        proba[test] = model.predict_proba(dataset.X.iloc[test])
    return proba


CONFIGURATIONS = {"unpruned": {"unpruned": True}, "pruned": {}}
DATASETS = [
    "tic_tac_toe",  # all nominal
    "promoters",  # all nominal, 57 attributes
    "spectf",  # numeric
    "pima",  # numeric
    "german_credit",  # mixed
    "vote",  # nominal with missing values
    "breast_w",  # numeric with missing values
    "credit_approval",  # mixed with missing values
    "horse_colic",  # mixed, many missing values
]


@pytest.mark.weka
@pytest.mark.parametrize("config", list(CONFIGURATIONS))
@pytest.mark.parametrize("name", DATASETS)
def test_out_of_fold_probabilities_equal_wekas(engine, datasets, name, config):
    dataset = datasets(name)
    params = CONFIGURATIONS[config]
    expected, _ = engine.cross_val_proba(
        dataset, "J48", n_folds=10, seed=1, repeat=0, params=params, progress=ProgressCounter()
    )
    np.testing.assert_allclose(_ours(dataset, params), expected, rtol=0, atol=1e-9)


@pytest.mark.weka
@pytest.mark.parametrize(
    "params",
    [{"confidence": 0.1}, {"confidence": 0.5, "min_instances": 1}, {"min_instances": 5}],
    ids=["C0.1", "C0.5-M1", "M5"],
)
@pytest.mark.parametrize("name", ["german_credit", "credit_approval"])
def test_other_options_equal_wekas(engine, datasets, name, params):
    dataset = datasets(name)
    expected, _ = engine.cross_val_proba(
        dataset, "J48", n_folds=10, seed=1, repeat=0, params=params, progress=ProgressCounter()
    )
    np.testing.assert_allclose(_ours(dataset, params), expected, rtol=0, atol=1e-9)


@pytest.mark.weka
@pytest.mark.parametrize("unpruned", [True, False])
def test_cross_val_proba_by_name_on_both_engines(engine, datasets, unpruned):
    dataset = datasets("spectf")
    kwargs = {"unpruned": True} if unpruned else {}
    ours = cross_val_proba(dataset, "J48", cache=False, progress=False, **kwargs)
    weka = cross_val_proba(dataset, "J48", engine="weka", cache=False, progress=False, **kwargs)
    np.testing.assert_allclose(ours.proba, weka.proba, rtol=0, atol=1e-9)
    other = cross_val_proba(dataset, "J48", cache=False, progress=False, unpruned=not unpruned)
    assert np.abs(other.proba - ours.proba).max() > 1e-3  # so -U must reach Weka


@pytest.mark.weka
@pytest.mark.parametrize("unpruned", [True, False])
@pytest.mark.parametrize("name", ["pima", "credit_approval", "vote"])
def test_instance_weights_equal_wekas(engine, datasets, name, unpruned):
    # Weka's instance weights = sample_weight: fit on the first 2/3 with random weights,
    # compare the class distributions of every row.
    import jpype

    from costlab.evaluation.weka import WEKA_CLASSIFIERS, to_instances, weka_options

    dataset = datasets(name)
    y = dataset.y_binary
    n_train = 2 * y.size // 3
    weights = np.random.default_rng(3).uniform(0.2, 3.0, size=n_train)
    data = to_instances(dataset)
    train = jpype.JClass("weka.core.Instances")(data, 0, n_train)
    for i, weight in enumerate(weights):
        train.instance(i).setWeight(float(weight))
    params = {"unpruned": True} if unpruned else {}
    abstract = jpype.JClass("weka.classifiers.AbstractClassifier")
    model = abstract.forName(WEKA_CLASSIFIERS["J48"], weka_options("J48", **params))
    model.buildClassifier(train)
    expected = np.array(
        [list(model.distributionForInstance(data.instance(i))) for i in range(y.size)]
    )
    ours = J48(**params).fit(dataset.X.iloc[:n_train], y[:n_train], sample_weight=weights)
    np.testing.assert_allclose(ours.predict_proba(dataset.X), expected, rtol=0, atol=1e-9)


def _toys():
    """The hand-checked toy tables above, with rows to predict."""
    table1, y1 = _table(copies=1)
    table2, y2 = _table(copies=2)
    table3, y3 = _table(copies=3)
    table3["B"] = table3["B"].cat.add_categories(["b5"])
    probe3 = table3.iloc[:2].copy()
    probe3["B"] = pd.Categorical(["b5", None], categories=["b1", "b2", "b3", "b4", "b5"])
    line = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]})
    gap = pd.DataFrame({"x": [1.0, 1.0, 1.0, 1.000005, 2.0]})
    holes = pd.DataFrame({"x": [1.0, 2.0, 3.0, np.nan, 5.0, 6.0]})
    a = pd.Categorical(["a1"] * 5 + ["a2"] * 5, categories=["a1", "a2"])
    prune = pd.DataFrame({"A": a})
    y_prune = np.array([0, 0, 0, 0, 1, 0, 0, 1, 1, 1])
    probes = pd.DataFrame({"x": [3.0, 3.2, 3.6, np.nan]})
    return [
        (table1, y1, {"unpruned": True}, table1.assign(A=table1["A"].where(y1 > 0))),
        (table2, y2, {"unpruned": True}, table2),
        (table3, y3, {"unpruned": True}, probe3),
        (line, np.array([0, 0, 0, 1, 1, 1]), {"unpruned": True}, probes),
        (gap, np.array([0, 0, 0, 1, 1]), {"unpruned": True}, gap),
        (holes, np.array([0, 0, 0, 1, 1, 1]), {"unpruned": True, "min_instances": 1}, probes),
        (prune, y_prune, {}, prune),
        (pd.concat([prune] * 2, ignore_index=True), np.tile(y_prune, 2), {}, prune),
    ]


@pytest.mark.weka
@pytest.mark.parametrize("toy", range(8))
def test_toy_trees_equal_wekas(engine, toy):
    import jpype

    from costlab.datasets import from_frame
    from costlab.evaluation.weka import WEKA_CLASSIFIERS, to_instances, weka_options

    X, y, params, probes = _toys()[toy]
    train = to_instances(from_frame(X.assign(cls=y), target="cls", negative=0))
    labels = np.arange(len(probes)) % 2  # ignored; two classes for the header
    test = to_instances(from_frame(probes.assign(cls=labels), target="cls", negative=0))
    abstract = jpype.JClass("weka.classifiers.AbstractClassifier")
    model = abstract.forName(WEKA_CLASSIFIERS["J48"], weka_options("J48", **params))
    model.buildClassifier(train)
    expected = [list(model.distributionForInstance(test.instance(i))) for i in range(len(probes))]
    ours = J48(**params).fit(X, y).predict_proba(probes)
    np.testing.assert_allclose(ours, expected, rtol=0, atol=1e-12)


def test_class_weight_is_reweighting_the_instances_of_each_class():
    """``class_weight`` multiplies each row's weight by its class's: the same tree as
    ``sample_weight`` set per class, and a dict naming an unknown label is refused."""
    from costlab.classifiers.j48 import J48 as Tree

    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 3))
    y = (X[:, 0] + 0.8 * rng.normal(size=200) > 0.3).astype(int)
    weighted = Tree(class_weight={0: 0.2, 1: 3.0}).fit(X, y)
    by_rows = Tree().fit(X, y, sample_weight=np.where(y == 1, 3.0, 0.2))
    plain = Tree().fit(X, y)
    np.testing.assert_array_equal(weighted.predict_proba(X), by_rows.predict_proba(X))
    assert not np.array_equal(weighted.predict_proba(X), plain.predict_proba(X))
    with pytest.raises(ValueError, match="class_weight names labels"):
        Tree(class_weight={2: 1.0}).fit(X, y)


# ----------------------------------------------------------------- compiled against pure numpy


def _reference_cases(datasets):
    rng = np.random.default_rng(5)
    for name in ["breast_w", "credit_approval", "vote", "pima"]:
        dataset = datasets(name)
        yield dataset.X, dataset.y_binary, rng.uniform(0.2, 3.0, size=dataset.y_binary.size)
    # three classes (the general, not the two-class, cut search), missing values, ties
    X = np.round(rng.normal(size=(300, 3)), 1)
    X[rng.random(X.shape) < 0.1] = np.nan
    y = np.digitize(np.nan_to_num(X[:, 0]) + rng.normal(scale=0.7, size=300), [-0.5, 0.5])
    yield pd.DataFrame(X, columns=["a", "b", "c"]), y, rng.integers(1, 4, size=300)


@pytest.mark.parametrize("params", [{"unpruned": True}, {}], ids=["unpruned", "pruned"])
def test_compiled_tree_is_the_pure_numpy_tree(datasets, params):
    """Same trees as the reference; probabilities equal to 1e-14.

    The split search takes every sum in the reference's order, so the trees are the same.
    The distributions that the probabilities, the shares of rows with a missing value and the
    pruning read are kept as Weka's ``Distribution`` keeps them (running sums in the node's
    row order, rows with a missing value added one by one, a collapsed node keeping its
    split's class weights and total) where the reference sums with numpy, so the
    probabilities differ from the reference's in the last bits (at most 5.6e-16 on these
    cases); the bar for them is Weka's (tests/classifiers/test_weka_golden.py and the Weka
    tests above).
    """
    from _j48_reference import J48 as Reference

    for X, y, weights in _reference_cases(datasets):
        half = np.arange(y.size) % 3 != 0
        for w in (None, weights[half]):
            ours = J48(**params).fit(X[half], y[half], sample_weight=w)
            reference = Reference(**params).fit(X[half], y[half], sample_weight=w)
            assert ours.n_nodes() == reference.n_nodes()
            assert ours.n_leaves() == reference.n_leaves()
            np.testing.assert_allclose(
                ours.predict_proba(X), reference.predict_proba(X), rtol=0, atol=1e-14
            )
