"""The cross-validation cache is right by construction (issue 30, items 1-3).

A hit of a model made solely of costlab's code is proven by its key (which holds all of
costlab's source); any other hit recomputes its cheapest fold and compares it bit for bit, so a
result computed by code that has since changed (a helper module, another installed package)
is recomputed with a warning saying what changed, unless the user says ``cache="trust"``.
"""

import dataclasses
import importlib
import json
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import sklearn
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler

import costlab
from costlab.classifiers import RiskBoostClassifier, make_classifier
from costlab.datasets import Dataset
from costlab.evaluation import CacheMismatchWarning, _engines, cross_val_proba, run_experiments
from costlab.evaluation._cache import costlab_code_fingerprint
from costlab.evaluation._models import estimator_fingerprint
from costlab.evaluation._provenance import describe_changes, is_proven


def _dataset(seed=0, n=120, shift=0.8):
    rng = np.random.default_rng(seed)
    y = np.array(["no"] * (n // 2) + ["yes"] * (n - n // 2), dtype=object)
    X = pd.DataFrame({"a": rng.normal(size=n) + shift * (y == "yes"), "b": rng.normal(size=n)})
    labels = pd.Series(pd.Categorical(y, categories=["no", "yes"]), name="class")
    return Dataset("toy", "toy", X, labels, "no", "yes", "frame")


def _lr():
    return make_pipeline(StandardScaler(), LogisticRegression())


def _entry(tmp_path):
    (path,) = tmp_path.rglob("*.npz")
    return path


def _meta(path):
    with np.load(path) as data:
        return json.loads(str(data["meta"][()]))


@pytest.fixture
def fresh_modules(monkeypatch):
    """Import modules from files written by the test; forget them afterwards."""
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # an edit is never read from a .pyc
    names = []

    def load(folder, name):
        monkeypatch.syspath_prepend(str(folder))
        importlib.invalidate_caches()
        names.append(name)
        return importlib.import_module(name)

    yield load
    for name in names:
        sys.modules.pop(name, None)


# --- the cache parameter and where a result came from ------------------------------------------


@pytest.mark.parametrize("cache", ["yes", "verify", 1, None, "TRUST"])
def test_cache_takes_true_false_or_trust_only(cache, tmp_path):
    with pytest.raises(
        ValueError, match=r"cache must be a bool \(True or False\) or one of 'trust'"
    ):
        cross_val_proba(_dataset(), "NaiveBayes", cache=cache, cache_dir=tmp_path)


def test_origin_and_repr_say_where_a_result_came_from(tmp_path):
    data = _dataset()
    computed = cross_val_proba(data, "NaiveBayes", cache_dir=tmp_path, progress=False)
    proven = cross_val_proba(data, "NaiveBayes", cache_dir=tmp_path, progress=False)
    trusted = cross_val_proba(data, "NaiveBayes", cache="trust", cache_dir=tmp_path)
    verified = [cross_val_proba(data, _lr(), cache_dir=tmp_path, progress=False) for _ in "ab"]
    assert computed.origin == "computed" and proven.origin == "cache (proven by key)"
    assert trusted.origin == "cache (trusted, not verified)"
    assert re.fullmatch(
        r"cache \(verified: fold \d of repetition 0 recomputed, identical\)", verified[1].origin
    )
    (origin,) = [f for f in dataclasses.fields(computed) if f.name == "origin"]
    assert not origin.compare  # where it came from is not part of what it is
    text = repr(verified[1])
    assert text.startswith("CVResult(dataset='toy', classifier='LogisticRegression'")
    assert "n=120, n_repeats=1, n_folds=10, folds='weka', seed=1, origin='cache (verified" in text
    assert "array" not in text and len(text) < 300


# --- proven by key, or verified by one fold -----------------------------------------------------


@pytest.fixture
def fold_runs(monkeypatch):
    """Count the calls of the one function that fits and predicts a fold."""
    calls = []
    real = _engines.run_fold

    def spy(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(_engines, "run_fold", spy)
    return calls


def test_a_proven_hit_recomputes_nothing(tmp_path, fold_runs):
    data = _dataset()
    cross_val_proba(data, "NaiveBayes", n_repeats=2, cache_dir=tmp_path, progress=False)
    assert len(fold_runs) == 20
    hit = cross_val_proba(data, "NaiveBayes", n_repeats=2, cache_dir=tmp_path, progress=False)
    assert len(fold_runs) == 20 and hit.origin == "cache (proven by key)"


def test_a_verified_hit_recomputes_exactly_one_fold(tmp_path, fold_runs):
    data = _dataset()
    first = cross_val_proba(data, _lr(), n_repeats=2, cache_dir=tmp_path, progress=False)
    assert len(fold_runs) == 20
    hit = cross_val_proba(data, _lr(), n_repeats=2, cache_dir=tmp_path, progress=False)
    assert len(fold_runs) == 21 and hit.origin.startswith("cache (verified")
    np.testing.assert_array_equal(hit.proba, first.proba)
    trusted = cross_val_proba(data, _lr(), n_repeats=2, cache="trust", cache_dir=tmp_path)
    assert len(fold_runs) == 21 and trusted.origin == "cache (trusted, not verified)"


def test_a_registered_name_given_ones_own_estimator_is_verified(tmp_path, fold_runs):
    # RiskBoost is costlab's, its base learner here is not: the key cannot see that code
    assert not is_proven("RiskBoost", {"estimator": _lr()})
    assert is_proven("RiskBoost", {"n_estimators": 3})
    data, options = _dataset(), {"cache_dir": tmp_path, "progress": False, "n_estimators": 3}
    cross_val_proba(data, "RiskBoost", estimator=_lr(), **options)
    assert len(fold_runs) == 10
    hit = cross_val_proba(data, "RiskBoost", estimator=_lr(), **options)
    assert len(fold_runs) == 11 and hit.origin.startswith("cache (verified")


def test_the_fold_recomputed_is_the_one_that_was_cheapest_to_compute(tmp_path):
    data = _dataset()
    cross_val_proba(data, _lr(), n_repeats=2, cache_dir=tmp_path, progress=False)
    path = _entry(tmp_path)
    meta = _meta(path)
    assert np.shape(meta["fold_seconds"]) == (2, 10) and min(min(meta["fold_seconds"])) > 0
    seconds = np.ones((2, 10))
    seconds[1, 7] = seconds[1, 8] = 0.5  # a tie: the first of them
    meta["fold_seconds"] = seconds.tolist()
    with np.load(path) as stored:
        arrays = dict(stored)
    arrays["meta"] = np.array(json.dumps(meta))
    with open(path, "wb") as fh:
        np.savez(fh, **arrays)
    hit = cross_val_proba(data, _lr(), n_repeats=2, cache_dir=tmp_path, progress=False)
    assert hit.origin == "cache (verified: fold 7 of repetition 1 recomputed, identical)"


def test_the_entry_records_where_the_model_s_code_came_from(tmp_path):
    cross_val_proba(_dataset(), _lr(), cache_dir=tmp_path, progress=False)
    meta = _meta(_entry(tmp_path))
    assert meta["provenance"]["distributions"]["scikit-learn"] == sklearn.__version__
    assert meta["provenance"]["costlab_source"] == costlab_code_fingerprint()


@pytest.mark.parametrize(
    ("model", "proven"),
    [
        ("J48", True),
        (make_classifier("RiskBoost"), True),
        (RiskBoostClassifier(estimator=make_classifier("J48")), True),
        (RiskBoostClassifier(estimator=LogisticRegression()), False),
        (LogisticRegression(), False),
        (make_pipeline(StandardScaler(), make_classifier("NaiveBayes")), False),
    ],
    ids=["name", "costlab estimator", "costlab in costlab", "wraps sklearn", "sklearn", "pipe"],
)
def test_only_models_made_solely_of_costlab_code_are_proven_by_their_key(model, proven):
    assert is_proven(model) is proven


# --- the three silent wrong answers of issue 30 --------------------------------------------------

_HELPERS = "import numpy as np\n\ndef transform(Z):\n    return Z * {body}\n"
_USER_MODEL = (
    "import cache_helpers_30 as helpers\n\ndef features(X):\n    return helpers.transform(X)\n"
)


def _user_modules(tmp_path, fresh_modules):
    """(folder, helpers, user model): one's own two modules, the model calling
    ``helpers.transform`` (times 2.0), imported afresh from ``tmp_path/code``."""
    code = tmp_path / "code"
    code.mkdir()
    (code / "cache_helpers_30.py").write_text(_HELPERS.format(body="2.0"))
    (code / "cache_user_model_30.py").write_text(_USER_MODEL)
    helpers = fresh_modules(code, "cache_helpers_30")
    user = fresh_modules(code, "cache_user_model_30")
    return code, helpers, user


def test_an_edited_helper_module_is_recomputed_with_a_warning(tmp_path, fresh_modules):
    """Issue 30 (a): the model's function calls ``helpers.transform``; the helper is edited."""
    code, helpers, user = _user_modules(tmp_path, fresh_modules)

    def model():
        return make_pipeline(FunctionTransformer(user.features), LogisticRegression())

    data, cache = _dataset(shift=0.6), tmp_path / "cache"
    first = cross_val_proba(data, model(), cache_dir=cache, progress=False)
    (code / "cache_helpers_30.py").write_text(_HELPERS.format(body="np.sin(5.0 * Z) ** 2"))
    importlib.reload(helpers)
    with pytest.warns(CacheMismatchWarning, match="LogisticRegression on toy") as record:
        edited = cross_val_proba(data, model(), cache_dir=cache, progress=False)
    message = str(record[0].message)
    assert "nothing recorded changed" in message and "a helper module" in message
    fresh = cross_val_proba(data, model(), cache=False, progress=False)
    np.testing.assert_array_equal(edited.proba, fresh.proba)
    assert not np.array_equal(edited.proba, first.proba) and edited.origin == "computed"
    with warnings.catch_warnings():  # overwritten: now a verified hit
        warnings.simplefilter("error")
        again = cross_val_proba(data, model(), cache_dir=cache, progress=False)
    assert again.origin.startswith("cache (verified")
    np.testing.assert_array_equal(again.proba, fresh.proba)


def test_trust_returns_the_stale_entry_as_documented(tmp_path, fresh_modules):
    """Issue 30 (c): ``cache="trust"`` is the user's explicit choice, and the result says so."""
    code, helpers, user = _user_modules(tmp_path, fresh_modules)
    model = make_pipeline(FunctionTransformer(user.features), LogisticRegression())
    data, cache = _dataset(shift=0.6), tmp_path / "cache"
    first = cross_val_proba(data, model, cache_dir=cache, progress=False)
    (code / "cache_helpers_30.py").write_text(_HELPERS.format(body="np.sin(5.0 * Z) ** 2"))
    importlib.reload(helpers)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        stale = cross_val_proba(data, model, cache="trust", cache_dir=cache, progress=False)
    np.testing.assert_array_equal(stale.proba, first.proba)
    assert stale.origin == "cache (trusted, not verified)"


_TINY = """
import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.linear_model import LogisticRegression


class TinyClassifier(ClassifierMixin, BaseEstimator):
    def fit(self, X, y):
        self.model_ = LogisticRegression().fit(X, y)
        self.classes_ = self.model_.classes_
        return self

    def predict_proba(self, X):
        p = self.model_.predict_proba(X)[:, 1] ** {power}
        return np.column_stack([1.0 - p, p])
"""


def _install_tiny(site, version, power):
    """``tinyclf`` as pip installs it: the package and its ``.dist-info`` in site-packages."""
    for old in site.glob("tinyclf-*.dist-info"):
        shutil.rmtree(old)
    (site / "tinyclf").mkdir(parents=True, exist_ok=True)
    (site / "tinyclf" / "__init__.py").write_text(_TINY.format(power=power))
    info = site / f"tinyclf-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: tinyclf\nVersion: {version}\n")
    (info / "top_level.txt").write_text("tinyclf\n")
    (info / "RECORD").write_text("tinyclf/__init__.py,,\n")


def test_an_upgraded_package_is_recomputed_with_a_warning_naming_it(tmp_path, fresh_modules):
    """Issue 30 (b): an estimator of another installed distribution changes with its version."""
    site = tmp_path / "lib" / "site-packages"
    _install_tiny(site, "0.1", power="1.0")
    tiny = fresh_modules(site, "tinyclf")
    data, cache = _dataset(shift=0.6), tmp_path / "cache"
    first = cross_val_proba(data, tiny.TinyClassifier(), cache_dir=cache, progress=False)
    assert _meta(_entry(cache))["provenance"]["distributions"]["tinyclf"] == "0.1"
    _install_tiny(site, "0.2", power="3.0")
    importlib.invalidate_caches()
    importlib.reload(tiny)
    with pytest.warns(CacheMismatchWarning, match=r"TinyClassifier on toy.*tinyclf 0\.1 -> 0\.2"):
        upgraded = cross_val_proba(data, tiny.TinyClassifier(), cache_dir=cache, progress=False)
    fresh = cross_val_proba(data, tiny.TinyClassifier(), cache=False, progress=False)
    np.testing.assert_array_equal(upgraded.proba, fresh.proba)
    assert not np.array_equal(upgraded.proba, first.proba)
    assert _meta(_entry(cache))["provenance"]["distributions"]["tinyclf"] == "0.2"


class Unseeded(ClassifierMixin, BaseEstimator):
    """Predicts noise from an unseeded generator: never the same twice."""

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict_proba(self, X):
        p = np.random.default_rng().uniform(size=len(X))
        return np.column_stack([1.0 - p, p])


def test_a_model_that_is_not_deterministic_is_told_to_fix_its_seeds(tmp_path):
    data = _dataset()
    cross_val_proba(data, Unseeded(), cache_dir=tmp_path, progress=False)
    with pytest.warns(CacheMismatchWarning, match="not deterministic.*cache='trust'"):
        cross_val_proba(data, Unseeded(), cache_dir=tmp_path, progress=False)


def test_describe_changes_lists_every_difference():
    old = {"costlab_source": "a", "distributions": {"scikit-learn": "1.8.0", "gone": "1"}}
    new = {"costlab_source": "b", "distributions": {"scikit-learn": "1.9.1", "mypkg": "0.2"}}
    assert describe_changes(old, new) == [
        "costlab's source changed",
        "gone 1 is no longer used",
        "mypkg 0.2 is used and was not before",
        "scikit-learn 1.8.0 -> 1.9.1",
    ]
    assert describe_changes(old, old) == []


# --- the key ----------------------------------------------------------------------------------

_FINGERPRINT = (
    "import sys; sys.path.insert(0, sys.argv[1]); import costlab; "
    "assert costlab.__file__.startswith(sys.argv[1]), costlab.__file__; "
    "from costlab.evaluation._cache import costlab_code_fingerprint; "
    "print(costlab_code_fingerprint())"
)


def _fingerprint_of(root):
    out = subprocess.run(
        [sys.executable, "-c", _FINGERPRINT, str(root)],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    return out.stdout.strip()


def test_editing_any_file_of_costlab_changes_the_key(tmp_path):
    """Issue 30, item 3: a metric's constant (RiskBoost imports metrics) is in the key."""
    package = Path(costlab.__file__).parent
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for copy in ("same", "edited"):
        shutil.copytree(package, tmp_path / copy / "costlab", ignore=ignore)
    target = tmp_path / "edited" / "costlab" / "metrics" / "_validation.py"
    source = target.read_text()
    assert "_TOL = 1e-9" in source
    target.write_text(source.replace("_TOL = 1e-9", "_TOL = 1e-8", 1))
    same, edited = _fingerprint_of(tmp_path / "same"), _fingerprint_of(tmp_path / "edited")
    assert same == costlab_code_fingerprint()  # the digest of the files, wherever they are
    assert edited != same


def test_a_user_function_s_code_constant_changes_the_estimator_fingerprint(monkeypatch):
    """Issue 30, item 3: ``X * 2.0`` and ``X * 3.0`` are two models."""

    def model(constant):  # a notebook cell: ``features`` lands in __main__, pickled by name
        namespace = {"__name__": "__main__"}
        exec(f"def features(X):\n    return X * {constant}\n", namespace)
        monkeypatch.setattr(sys.modules["__main__"], "features", namespace["features"], False)
        return make_pipeline(FunctionTransformer(namespace["features"]), LogisticRegression())

    two = estimator_fingerprint(model("2.0"), 1)
    assert two is not None and two == estimator_fingerprint(model("2.0"), 1)
    assert two != estimator_fingerprint(model("3.0"), 1)


# --- the entry's integrity, and where it is written ----------------------------------------------


def test_swapped_probability_columns_are_a_miss_with_a_warning(tmp_path):
    """A well-formed entry whose arrays were edited fails its digest (it was returned as is)."""
    data = _dataset()
    first = cross_val_proba(data, "NaiveBayes", cache_dir=tmp_path, progress=False)
    path = _entry(tmp_path)
    with np.load(path) as stored:
        arrays = dict(stored)
    arrays["proba"] = np.ascontiguousarray(arrays["proba"][..., ::-1])
    with open(path, "wb") as fh:
        np.savez(fh, **arrays)
    with pytest.warns(UserWarning, match=re.escape(path.name) + ".*digest"):
        again = cross_val_proba(data, "NaiveBayes", cache_dir=tmp_path, progress=False)
    np.testing.assert_array_equal(again.proba, first.proba)
    assert again.origin == "computed"
    with np.load(path) as stored:
        np.testing.assert_array_equal(stored["proba"], first.proba)


def test_a_directory_at_the_entry_s_path_is_a_warning_never_a_crash(tmp_path):
    """Issue 30, item 2: saving crashed (IsADirectoryError); the user's folder is left alone."""
    data = _dataset()
    first = cross_val_proba(data, "NaiveBayes", cache_dir=tmp_path, progress=False)
    path = _entry(tmp_path)
    path.unlink()
    path.mkdir()
    (path / "mine.txt").write_text("a user's file")
    with pytest.warns(UserWarning, match=re.escape(str(path)) + ".*is a directory.*not cached"):
        again = cross_val_proba(data, "NaiveBayes", cache_dir=tmp_path, progress=False)
    np.testing.assert_array_equal(again.proba, first.proba)
    assert (path / "mine.txt").read_text() == "a user's file"


class OneColumn(ClassifierMixin, BaseEstimator):
    """``predict_proba`` with one column: a model that kept only one class."""

    def __init__(self, one_class=False):
        self.one_class = one_class

    def fit(self, X, y):
        self.classes_ = np.unique(y)[:1] if self.one_class else np.unique(y)
        return self

    def predict_proba(self, X):
        return np.ones((len(X), 1))


@pytest.mark.parametrize("one_class", [False, True])
def test_a_one_column_predict_proba_is_a_clear_error(one_class):
    """Issue 30, item 2: the error named neither the classifier nor the problem."""
    with pytest.raises(ValueError, match=r"OneColumn.predict_proba must return two columns"):
        cross_val_proba(_dataset(), OneColumn(one_class), cache=False, progress=False)


def test_run_experiments_passes_the_cache_choice_through(tmp_path):
    data = _dataset()
    models = {"NB": "NaiveBayes", "LR": _lr()}
    run_experiments([data], models, cache_dir=tmp_path, progress=False)
    trusted = run_experiments([data], models, cache="trust", cache_dir=tmp_path, progress=False)
    assert {r.origin for r in trusted.results.values()} == {"cache (trusted, not verified)"}
    checked = run_experiments([data], models, cache_dir=tmp_path, progress=False)
    assert checked.results[("toy", "NB")].origin == "cache (proven by key)"
    assert checked.results[("toy", "LR")].origin.startswith("cache (verified: fold")
    with pytest.raises(ValueError, match="cache must be"):
        run_experiments([data], models, cache="always", cache_dir=tmp_path, progress=False)
