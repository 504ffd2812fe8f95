"""Cross-validation of any scikit-learn estimator on any dataset: folds, parallelism, cache keys."""

import re
import sys
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler

from costlab.datasets import Dataset
from costlab.evaluation import CVResult, cross_val_proba, run_experiments
from costlab.evaluation._models import (
    classifier_name,
    dataset_fingerprint,
    estimator_fingerprint,
)
from costlab.evaluation.experiment import as_run
from costlab.evaluation.folds import make_folds


def _dataset(seed=0, n=120, name="toy", shift=1.0):
    """A small numeric two-class problem built as a user would (no registry)."""
    rng = np.random.default_rng(seed)
    y = np.array(["no"] * (n // 2) + ["yes"] * (n - n // 2), dtype=object)
    X = pd.DataFrame(
        {"a": rng.normal(size=n) + shift * (y == "yes"), "b": rng.normal(size=n)},
    )
    labels = pd.Series(pd.Categorical(y, categories=["no", "yes"]), name="class")
    return Dataset(name, name, X, labels, "no", "yes", "frame")


def _lr():
    return make_pipeline(StandardScaler(), LogisticRegression())


def test_any_estimator_gives_out_of_fold_probabilities_of_the_positive_class(tmp_path):
    data = _dataset()
    result = cross_val_proba(data, _lr(), cache_dir=tmp_path, progress=False)
    assert result.classifier == "LogisticRegression" and result.engine == "sklearn"
    assert result.proba.shape == (1, data.n_instances, 2)
    # Recompute fold by fold by hand: each instance scored by the model that did not see it.
    y = data.y_binary
    expected = np.full(y.size, np.nan)
    for train, test in make_folds(y, scheme="weka", n_folds=10, seed=1):
        model = _lr().fit(data.X.iloc[train], y[train])
        expected[test] = model.predict_proba(data.X.iloc[test])[:, 1]
    np.testing.assert_array_equal(result.scores(), expected)
    # P(class 1) is the negative class's: higher for the negatives on this separable problem.
    assert result.scores()[y == 1].mean() > result.scores()[y == 0].mean()


@pytest.mark.parametrize("classifier", ["NaiveBayes", "forest"])
def test_numbers_do_not_depend_on_n_jobs(classifier):
    data = _dataset(seed=3)
    clf = RandomForestClassifier(n_estimators=15) if classifier == "forest" else classifier
    one = cross_val_proba(data, clf, n_repeats=2, n_jobs=1, cache=False, progress=False)
    two = cross_val_proba(data, clf, n_repeats=2, n_jobs=2, cache=False, progress=False)
    np.testing.assert_array_equal(one.proba, two.proba)
    np.testing.assert_array_equal(one.fold, two.fold)
    assert not np.array_equal(one.proba[0], one.proba[1])  # repeats use other folds


def test_unseeded_estimator_is_seeded_so_reruns_are_identical():
    data = _dataset(seed=4)
    forest = RandomForestClassifier(n_estimators=10)  # random_state=None
    first = cross_val_proba(data, forest, cache=False, progress=False)
    second = cross_val_proba(data, forest, cache=False, progress=False)
    np.testing.assert_array_equal(first.proba, second.proba)
    other_seed = cross_val_proba(data, forest, seed=2, cache=False, progress=False)
    assert not np.array_equal(first.proba, other_seed.proba)
    assert forest.random_state is None  # the caller's estimator is not modified


def test_two_datasets_with_one_name_never_share_cached_results(tmp_path):
    """Issue 7, item 4: the key is the content, not the name."""
    a, b = _dataset(seed=0, name="mine"), _dataset(seed=1, name="mine")
    ra = cross_val_proba(a, "NaiveBayes", cache_dir=tmp_path, progress=False)
    rb = cross_val_proba(b, "NaiveBayes", cache_dir=tmp_path, progress=False)
    assert not np.array_equal(ra.proba, rb.proba)
    fresh = cross_val_proba(b, "NaiveBayes", cache=False, progress=False)
    np.testing.assert_array_equal(rb.proba, fresh.proba)
    assert len(list(tmp_path.rglob("*.npz"))) == 2


def test_a_changed_orientation_or_category_order_is_a_miss():
    data = _dataset()
    flipped_y = pd.Series(
        pd.Categorical(data.y.astype(str), categories=["yes", "no"]), name="class"
    )
    flipped = Dataset("toy", "toy", data.X, flipped_y, "yes", "no", "frame")
    assert dataset_fingerprint(flipped) != dataset_fingerprint(data)
    X = data.X.assign(c=pd.Categorical(["u", "v"] * 60, categories=["u", "v"]))
    X2 = data.X.assign(c=pd.Categorical(["u", "v"] * 60, categories=["v", "u"]))
    one = Dataset("toy", "toy", X, data.y, "no", "yes", "frame")
    two = Dataset("toy", "toy", X2, data.y, "no", "yes", "frame")
    assert dataset_fingerprint(one) != dataset_fingerprint(two)
    same = Dataset("other name", "t", X.copy(), data.y.copy(), "no", "yes", "mirror")
    assert dataset_fingerprint(same) == dataset_fingerprint(one)


def test_a_changed_estimator_parameter_is_a_miss_and_the_same_is_a_hit(tmp_path):
    data = _dataset()
    first = cross_val_proba(data, _lr(), cache_dir=tmp_path, progress=False)
    again = cross_val_proba(data, _lr(), cache_dir=tmp_path, progress=False)
    assert again.seconds == first.seconds  # loaded, not recomputed
    changed = _lr().set_params(logisticregression__C=0.01)
    other = cross_val_proba(data, changed, cache_dir=tmp_path, progress=False)
    assert not np.array_equal(other.proba, first.proba)
    assert len(list(tmp_path.rglob("*.npz"))) == 2
    assert estimator_fingerprint("IBk", 1, {"k": 3}) != estimator_fingerprint("IBk", 1, {})


def test_an_unhashable_estimator_runs_uncached_with_a_warning(tmp_path):
    data = _dataset()
    model = make_pipeline(FunctionTransformer(lambda X: X * 2), LogisticRegression())
    with pytest.warns(UserWarning, match="not cached"):
        result = cross_val_proba(data, model, cache_dir=tmp_path, progress=False)
    assert np.isfinite(result.proba).all()
    assert not list(tmp_path.rglob("*.npz"))


def test_bad_classifiers_are_refused_with_what_is_allowed():
    data = _dataset()
    with pytest.raises(ValueError, match="not a registered name"):
        cross_val_proba(data, "SVM", cache=False, progress=False)
    with pytest.raises(TypeError, match="predict_proba"):
        cross_val_proba(data, object(), cache=False, progress=False)
    with pytest.raises(TypeError, match="set_params"):
        cross_val_proba(data, _lr(), C=3, cache=False, progress=False)
    with pytest.raises(ValueError, match="registered classifier names only"):
        cross_val_proba(data, _lr(), engine=_NoRepeatsEngine(), cache=False, progress=False)


class _NoRepeatsEngine:
    """An engine like the Weka one: only per-repeat cross-validation of registered names."""

    name = "weka-like"

    def version(self):
        return {}


def test_run_experiments_takes_own_datasets_and_estimators(tmp_path):
    data = _dataset()
    run = run_experiments(
        [data],
        {"LR": _lr(), "NB": "NaiveBayes"},
        cache_dir=tmp_path,
        progress=False,
        n_jobs=2,
    )
    assert list(run.results) == [("toy", "LR"), ("toy", "NB")]
    assert run.results[("toy", "NB")].classifier == "NB"
    alone = cross_val_proba(data, "NaiveBayes", cache=False, progress=False)
    np.testing.assert_array_equal(run.results[("toy", "NB")].proba, alone.proba)
    with pytest.raises(ValueError, match="both named"):
        run_experiments([data], [_lr(), _lr()], cache=False, progress=False)
    with pytest.raises(TypeError, match="registry names or costlab.datasets.Dataset"):
        run_experiments([42], ["NaiveBayes"], cache=False, progress=False)


def test_run_experiments_takes_seeds_and_folds_per_dataset():
    data = _dataset()
    run = run_experiments(
        {"a": data, "b": data},
        ["NaiveBayes"],
        seed={"a": 1, "b": 7},
        n_folds={"a": 5, "b": 3},
        folds={"a": "weka", "b": "sklearn"},
        cache=False,
        progress=False,
    )
    for name, (seed, n_folds, folds) in {"a": (1, 5, "weka"), "b": (7, 3, "sklearn")}.items():
        alone = cross_val_proba(
            data, "NaiveBayes", seed=seed, n_folds=n_folds, folds=folds, cache=False, progress=False
        )
        np.testing.assert_array_equal(run.results[(name, "NaiveBayes")].proba, alone.proba)
        np.testing.assert_array_equal(run.results[(name, "NaiveBayes")].fold, alone.fold)
    with pytest.raises(ValueError, match=r"seed per dataset .* missing \['b'\], unknown \['c'\]"):
        run_experiments({"a": data, "b": data}, ["NaiveBayes"], seed={"a": 1, "c": 2})


def test_results_from_predictions_made_elsewhere():
    run = as_run({"A": ([0, 0, 1, 1], [0.9, 0.6, 0.4, 0.7]), "B": ([1, 1, 2, 2], [1, 0, 1, 0], 2)})
    assert list(run.results) == [("data", "A"), ("data", "B")]
    b = run.results[("data", "B")]
    assert b.y_true.tolist() == [0, 0, 1, 1] and b.labels == ("1", "2")
    results = [run.results[("data", "A")], b]
    assert list(as_run(results).results) == list(run.results)
    assert as_run(run) is run
    with pytest.raises(TypeError, match="y_true, y_score"):
        as_run({"A": [0, 1]})
    with pytest.raises(ValueError, match="exactly two classes"):
        as_run({"A": ([0, 0], [0.1, 0.2])})
    with pytest.raises(TypeError, match="ExperimentRun"):
        as_run(42)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        repeated = CVResult.from_predictions([0, 1], [[0.2, 0.1], [0.3, 0.4]])
    assert repeated.n_repeats == 2


def test_baseline_models_take_nominal_and_missing_values(mirror_dir, tmp_path):
    from costlab.classifiers import baseline_models
    from costlab.datasets import load_dataset
    from costlab.metrics import roc_auc

    data = load_dataset("credit_approval", mirror=mirror_dir, data_home=tmp_path)
    assert data.X.isna().any().any() and data.nominal_columns  # the hard case
    for name, model in baseline_models().items():
        result = cross_val_proba(data, model, cache=False, progress=False)
        assert result.classifier == classifier_name(model)
        assert np.isfinite(result.proba).all()
        assert roc_auc(result.y_true, result.scores(), pos_label=1) > 0.85, name


def _notebook_cell(source, monkeypatch):
    """Run `source` as a notebook cell does: its names land in ``__main__`` (pickled by name)."""
    main = sys.modules["__main__"]
    namespace = {"__name__": "__main__"}
    exec(compile(source, "<cell>", "exec"), namespace)
    for key, value in namespace.items():
        if not key.startswith("__"):
            monkeypatch.setattr(main, key, value, raising=False)
    return namespace


_DOUBLE = """
def my_features(X):
    return X * 2.0
"""
_CUBE = """
def my_features(X):
    return X ** 3
"""


def test_a_redefined_function_of_the_model_is_a_miss(tmp_path, monkeypatch):
    """Issue 18, item 3.1: the key covers a user function's code, not only its name."""
    data = _dataset(shift=0.6)

    def model():
        cell = sys.modules["__main__"].my_features
        return make_pipeline(FunctionTransformer(func=cell), LogisticRegression())

    _notebook_cell(_DOUBLE, monkeypatch)
    first = cross_val_proba(data, model(), cache_dir=tmp_path, progress=False)
    _notebook_cell(_DOUBLE, monkeypatch)  # the same body run again: a hit
    again = cross_val_proba(data, model(), cache_dir=tmp_path, progress=False)
    assert again.seconds == first.seconds and len(list(tmp_path.rglob("*.npz"))) == 1
    _notebook_cell(_CUBE, monkeypatch)  # same name, new body: a miss
    edited = cross_val_proba(data, model(), cache_dir=tmp_path, progress=False)
    fresh = cross_val_proba(data, model(), cache=False, progress=False)
    assert not np.array_equal(edited.proba, first.proba)
    np.testing.assert_array_equal(edited.proba, fresh.proba)
    assert len(list(tmp_path.rglob("*.npz"))) == 2


_ESTIMATOR = """
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.linear_model import LogisticRegression

SHRINK = {shrink}

def _shrunk(p):
    return 0.5 + (p - 0.5) * SHRINK

class Mine(ClassifierMixin, BaseEstimator):
    def __init__(self, C=1.0):
        self.C = C

    def fit(self, X, y):
        self.model_ = LogisticRegression(C=self.C).fit(X, y)
        self.classes_ = self.model_.classes_
        return self

    def predict_proba(self, X):
        return {body}
"""


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            {"shrink": 1.0, "body": "self.model_.predict_proba(X)"},
            {"shrink": 1.0, "body": "_shrunk(self.model_.predict_proba(X)) ** 2"},
        ),
        (
            {"shrink": 1.0, "body": "_shrunk(self.model_.predict_proba(X))"},
            {"shrink": 0.5, "body": "_shrunk(self.model_.predict_proba(X))"},
        ),
    ],
    ids=["method body", "global the method uses"],
)
def test_an_edited_estimator_class_is_a_miss(tmp_path, monkeypatch, before, after):
    """Issue 18, item 3.1: a user-defined estimator class contributes its methods' code."""
    data = _dataset(shift=0.6)
    main = sys.modules["__main__"]
    _notebook_cell(_ESTIMATOR.format(**before), monkeypatch)
    first = cross_val_proba(data, main.Mine(), cache_dir=tmp_path, progress=False)
    _notebook_cell(_ESTIMATOR.format(**before), monkeypatch)
    again = cross_val_proba(data, main.Mine(), cache_dir=tmp_path, progress=False)
    assert again.seconds == first.seconds  # unchanged code: a hit
    _notebook_cell(_ESTIMATOR.format(**after), monkeypatch)
    edited = cross_val_proba(data, main.Mine(), cache_dir=tmp_path, progress=False)
    fresh = cross_val_proba(data, main.Mine(), cache=False, progress=False)
    assert not np.array_equal(edited.proba, first.proba)
    np.testing.assert_array_equal(edited.proba, fresh.proba)
    assert len(list(tmp_path.rglob("*.npz"))) == 2


def test_code_reading_an_unhashable_global_runs_uncached_with_a_warning(tmp_path, monkeypatch):
    data = _dataset()
    cell = (
        "import threading\nLOCK = threading.Lock()\ndef locked(X):\n    return X if LOCK else X\n"
    )
    _notebook_cell(cell, monkeypatch)
    model = make_pipeline(FunctionTransformer(sys.modules["__main__"].locked), LogisticRegression())
    with pytest.warns(UserWarning, match="not cached"):
        result = cross_val_proba(data, model, cache_dir=tmp_path, progress=False)
    assert np.isfinite(result.proba).all() and not list(tmp_path.rglob("*.npz"))


def test_library_code_is_identified_by_name_only():
    """scikit-learn's and costlab's own functions and classes add no code tokens."""
    from costlab.classifiers import baseline_models
    from costlab.evaluation._models import _CodeWalker

    for model in [_lr(), *baseline_models().values(), FunctionTransformer(np.log1p)]:
        walker = _CodeWalker()
        walker.visit(model, data=False, where="model")
        assert walker.tokens == set()


def _corrupt(path, how):
    """Spoil a cache entry as a crash, a full disk or a bad copy would."""
    real = path.read_bytes()
    if how == "garbage":
        path.write_bytes(b"this is not an npz file\x00\xff" * 10)
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(real[: len(real) // 2])
    else:
        with np.load(path) as data:
            arrays = dict(data)
        if how == "wrong shape":
            arrays["proba"] = arrays["proba"][:, :-1]
        elif how == "out of range":
            arrays["proba"] = arrays["proba"] * 2.0
        elif how == "nan":
            arrays["proba"][0, 3, 1] = np.nan
        elif how == "fold shape":
            arrays["fold"] = arrays["fold"][0]
        elif how == "labels":
            arrays["y_true"] = 1 - arrays["y_true"]
        with open(path, "wb") as fh:
            np.savez(fh, **arrays)


@pytest.mark.parametrize(
    "how",
    ["garbage", "empty", "truncated", "wrong shape", "out of range", "nan", "fold shape", "labels"],
)
def test_a_spoilt_cache_entry_is_a_miss_recomputed_and_rewritten(tmp_path, how):
    """Issue 18, item 3.2: never a crash inside numpy or zipfile, never a wrong answer."""
    data = _dataset()
    first = cross_val_proba(data, _lr(), cache_dir=tmp_path, progress=False)
    (path,) = tmp_path.rglob("*.npz")
    _corrupt(path, how)
    with pytest.warns(UserWarning, match=re.escape(path.name)):
        again = cross_val_proba(data, _lr(), cache_dir=tmp_path, progress=False)
    np.testing.assert_array_equal(again.proba, first.proba)
    np.testing.assert_array_equal(again.fold, first.fold)
    with np.load(path) as stored:  # rewritten whole
        np.testing.assert_array_equal(stored["proba"], first.proba)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        third = cross_val_proba(data, _lr(), cache_dir=tmp_path, progress=False)
    assert third.seconds == again.seconds  # now a plain hit


class BrokenProba(ClassifierMixin, BaseEstimator):
    """Predicts NaN (or ``value``) for the instance with index ``row``, 0.5 elsewhere."""

    def __init__(self, row=7, value=np.nan):
        self.row = row
        self.value = value

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict_proba(self, X):
        p = np.full((len(X), 2), 0.5)
        p[np.asarray(X.index) == self.row] = [1.0 - self.value, self.value]
        return p


@pytest.mark.parametrize("value", [np.nan, 1.5, -1e-9])
def test_nan_or_out_of_range_probabilities_are_refused_before_caching(tmp_path, value):
    data = _dataset()
    folds = make_folds(data.y_binary, scheme="weka", n_folds=10, seed=1)
    fold = next(k for k, (_, test) in enumerate(folds) if 7 in test)
    message = rf"BrokenProba.*fold {fold} of repetition 0"
    with pytest.raises(ValueError, match=message):
        cross_val_proba(data, BrokenProba(value=value), cache_dir=tmp_path, progress=False)
    assert not list(tmp_path.rglob("*.npz"))
    # rounding noise of 1e-12 is not an error
    fine = cross_val_proba(data, BrokenProba(value=1 + 1e-13), cache_dir=tmp_path, progress=False)
    assert fine.proba.max() == 1 + 1e-13


def test_classifier_params_for_no_classifier_of_the_run_are_refused():
    """Issue 18, item 3.4: a misspelt name silently ran the default model."""
    data = _dataset()
    with pytest.raises(ValueError, match=r"\['Ibk'\].*'NaiveBayes', 'IBk'"):
        run_experiments(
            [data],
            ["NaiveBayes", "IBk"],
            classifier_params={"IBk": {"k": 3}, "Ibk": {"k": 5}},
            cache=False,
            progress=False,
        )
    with pytest.raises(TypeError, match="classifier_params must be a mapping"):
        run_experiments([data], ["IBk"], classifier_params=[("IBk", {})], progress=False)
    run = run_experiments(
        [data], ["IBk"], classifier_params={"IBk": {"k": 3}}, cache=False, progress=False
    )
    assert run.results[("toy", "IBk")].params == {"k": 3}


def test_an_estimator_that_cannot_take_nominal_columns_gets_a_clear_error():
    """Issue 18, item 3.5: not a 40-line traceback ending in 'could not convert string'."""
    data = _dataset()
    smoker = pd.Categorical(["yes", "no", "no"] * 40, categories=["yes", "no"])
    X = data.X.assign(smoker=smoker, region=pd.Categorical(["n", "s"] * 60))
    mixed = Dataset("mixed", "mixed", X, data.y, "no", "yes", "frame")
    for model in (LogisticRegression(), _lr()):
        with pytest.raises(ValueError, match=r"nominal.*\['smoker', 'region'\]") as info:
            cross_val_proba(mixed, model, cache=False, progress=False)
        message = str(info.value)
        assert "LogisticRegression" in message and "could not convert string to float" in message
        assert "baseline_models()" in message and "OneHotEncoder" in message
    # numeric data with the same model still runs
    assert cross_val_proba(data, LogisticRegression(), cache=False, progress=False).n_repeats


def test_an_estimator_that_cannot_take_missing_values_gets_a_clear_error():
    """Issue 33, item 1: one blank number in a CSV gave scikit-learn's "Input X contains NaN"
    from inside the folds, naming neither the model nor the dataset."""
    data = _dataset()
    holes = data.X.assign(a=data.X["a"].where(data.X["a"] > 0))
    n_missing = int(holes["a"].isna().sum())
    with pytest.raises(ValueError, match=r"LogisticRegression cannot take the missing") as info:
        cross_val_proba(
            Dataset("holes", "h", holes, data.y, "no", "yes", "frame"),
            LogisticRegression(),
            cache=False,
            progress=False,
        )
    message = str(info.value)
    assert f"of holes (missing per column: {{'a': {n_missing}}}" in message
    assert "SimpleImputer" in message and "Input X contains NaN" in message
