"""Frames encoded once for cross-validation (``EncodedFrame``) give the models' own results."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import get_tags

from costlab.classifiers import (
    J48,
    CategoricalOrdinalEncoder,
    EncodedFrame,
    RiskBoostClassifier,
    SklearnRandomForest,
    WekaAdaBoostM1,
    WekaIBk,
    WekaNaiveBayes,
    WekaRandomForest,
    encode_frame,
    takes_encoded_frames,
)
from costlab.classifiers._base import ReadsEncodedFramesMixin, WekaClassifierBase, costlab_tags
from costlab.evaluation import _engines
from costlab.evaluation.cv import cross_val_proba

MODELS = {
    "J48": lambda: J48(),
    "J48 -U": lambda: J48(unpruned=True),
    "AdaBoostM1 J48": lambda: WekaAdaBoostM1(n_estimators=5, base="J48", unpruned=True),
    "AdaBoostM1 stump": lambda: WekaAdaBoostM1(n_estimators=5),
    "AdaBoostM1 sklearn stump": lambda: WekaAdaBoostM1(n_estimators=5, stump="sklearn"),
    "RandomForest": lambda: WekaRandomForest(n_estimators=5),
    "RiskBoost": lambda: RiskBoostClassifier(n_estimators=5),
}


@pytest.mark.parametrize("dataset", ["credit_approval", "vote"])
@pytest.mark.parametrize("name", MODELS)
def test_fit_on_encoded_rows_equals_fit_on_the_frame(datasets, dataset, name):
    data = datasets(dataset)
    X, y = data.X, data.y_binary
    encoded = encode_frame(X)
    assert isinstance(encoded, EncodedFrame) and encoded.shape == X.shape
    model = MODELS[name]()
    assert takes_encoded_frames(model)
    train, test = np.arange(y.size) % 3 != 0, np.flatnonzero(np.arange(y.size) % 3 == 0)
    train = np.flatnonzero(train)
    on_frame = MODELS[name]().fit(X.iloc[train], y[train]).predict_proba(X.iloc[test])
    on_codes = model.fit(encoded.iloc[train], y[train]).predict_proba(encoded.iloc[test])
    assert np.array_equal(on_frame, on_codes)


def test_cross_validation_is_the_same_with_frames_encoded_once(datasets, monkeypatch):
    data = datasets("credit_approval")
    once = cross_val_proba(data, "J48", cache=False, progress=False, n_folds=10, seed=1)
    monkeypatch.setattr(_engines, "takes_encoded_frames", lambda model: False)
    per_fold = cross_val_proba(data, "J48", cache=False, progress=False, n_folds=10, seed=1)
    assert np.array_equal(once.proba, per_fold.proba)


def test_only_frames_whose_schema_ignores_rows_are_encoded():
    numeric = pd.DataFrame({"x": [1.0, np.nan], "c": pd.Categorical(["a", None], ["a", "b"])})
    encoded = encode_frame(numeric)
    assert encoded.schema.categories == (None, ("a", "b"))
    assert np.array_equal(encoded.codes, [[1.0, 0.0], [np.nan, np.nan]], equal_nan=True)
    assert encode_frame(pd.DataFrame({"s": ["a", "b"]})) is None  # values from the rows
    assert encode_frame(np.zeros((2, 2))) is None


def test_rows_are_taken_as_a_dataframe_takes_them():
    X = pd.DataFrame({"x": [1.0, 2.0, 3.0], "c": pd.Categorical(["a", "b", "a"], ["a", "b"])})
    encoded = encode_frame(X)
    for rows in ([2, 0], np.array([True, False, True]), slice(1, None)):
        expected = encode_frame(X.iloc[rows]).codes
        assert np.array_equal(encoded.iloc[rows].codes, expected)
        assert np.array_equal(encoded.take(rows).codes, expected)
    with pytest.raises(TypeError, match="rows must be"):
        encoded.iloc[1]


def test_a_frame_of_another_schema_is_refused():
    X = pd.DataFrame({"c": pd.Categorical(["a", "b"], ["a", "b"])})
    encoder = CategoricalOrdinalEncoder().fit(X)
    other = encode_frame(pd.DataFrame({"c": pd.Categorical(["a", "b"], ["a", "b", "z"])}))
    with pytest.raises(ValueError, match="schema differs"):
        encoder.transform(other)


def test_models_reading_frames_otherwise_are_passed_frames():
    assert not takes_encoded_frames(SklearnRandomForest())
    assert not takes_encoded_frames(WekaNaiveBayes())
    assert not takes_encoded_frames(RiskBoostClassifier(estimator=SklearnRandomForest()))


def test_a_new_weka_exact_estimator_is_recognised_by_its_tag_alone():
    class Tagged(ClassifierMixin, BaseEstimator):
        def __sklearn_tags__(self):
            return costlab_tags(super().__sklearn_tags__(), reads_encoded_frames=True)

    class Mixed(ReadsEncodedFramesMixin, WekaClassifierBase):
        pass

    class Plain(WekaClassifierBase):
        pass

    assert takes_encoded_frames(Tagged()) and takes_encoded_frames(Mixed())
    assert not takes_encoded_frames(Plain()) and not takes_encoded_frames(WekaIBk())
    assert not takes_encoded_frames(object())  # no scikit-learn tags at all
    assert takes_encoded_frames(RiskBoostClassifier(estimator=J48()))


def test_the_tag_keeps_scikit_learns_tags():
    tags = get_tags(J48())
    assert tags.reads_encoded_frames and tags.estimator_type == "classifier"
    assert tags.input_tags.allow_nan and tags.input_tags.categorical  # WekaClassifierBase's
    assert get_tags(RiskBoostClassifier()).classifier_tags.multi_class is False
