"""RiskBoost (Johnson et al. 2015, Algorithm 1) against a hand-worked example, its edge cases, and
scikit-learn's estimator checks; AdaBoost.M1 over any base learner against scikit-learn."""

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import make_classification
from sklearn.ensemble import AdaBoostClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from costlab.classifiers import AdaBoostM1Classifier, RiskBoostClassifier, c45_tree
from costlab.metrics import PointMass

CALLS = []  # (sample_weight) per fit of the scripted learner
SCRIPT = []  # scores of class 1 on the training rows, per round


class Scripted(ClassifierMixin, BaseEstimator):
    """A base learner whose round-k training scores are SCRIPT[k] (rows identified by X[:, 0])."""

    def fit(self, X, y, sample_weight=None):
        self.round_ = len(CALLS)
        CALLS.append(None if sample_weight is None else np.array(sample_weight))
        self.classes_ = np.unique(y)
        return self

    def predict_proba(self, X):
        p1 = np.asarray(SCRIPT[self.round_])[X[:, 0].astype(int)]
        return np.column_stack((1 - p1, p1))


@pytest.fixture
def script():
    CALLS.clear()
    SCRIPT.clear()
    yield SCRIPT
    CALLS.clear()
    SCRIPT.clear()


X4 = np.arange(4.0).reshape(-1, 1)
Y4 = np.array([0, 0, 1, 1])


def test_riskboost_by_hand(script):
    """Round 1: scores (0.1, 0.4, 0.35, 0.8). The hull is (0,0), (0,1/2), (1/2,1), (1,1); with
    balanced classes c = 1 - PCF(+), vertex (0, 1/2) is optimal for c in [1/2, 1] and (1/2, 1)
    for c in [0, 1/2]; under Beta(2, 2) both have risk 1/4 * int_0^{1/2} 6c^2(1-c) dc =
    1/4 * 5/32 (a tie: the first, calling fewer positives, is taken). The trivial loss is
    int min(c, 1-c)/2 * 6c(1-c) dc = 5/32, so l = 2 * (5/128) / (5/32) = 1/2 and
    beta_1 = (1 - 1/4) / (1/4) = 3. Vertex (0, 1/2) (threshold 0.8) misclassifies the
    positive scoring 0.35 (row 2): D_2 = (1, 1, 3, 1) / 6."""
    script += [[0.1, 0.4, 0.35, 0.8], [0.2, 0.6, 0.7, 0.9]]
    model = RiskBoostClassifier(Scripted(), n_estimators=2).fit(X4, Y4)
    assert np.allclose(CALLS[0], np.ones(4))  # D_1 = 1/m, passed as weights summing to m
    assert np.allclose(CALLS[1], np.array([1, 1, 3, 1]) / 6 * 4)
    # round 2: hull (0,0), (0,1/2), (1/2,1), (1,1) again (0.6 negative above 0.7? no: 0.7 > 0.6)
    # scores 0.2 < 0.6 < 0.7 < 0.9 with labels 0, 0, 1, 1: perfect -> l = 0 ends boosting and
    # the round is dropped (not the first)
    assert model.estimator_losses_.tolist() == [0.5]
    assert model.estimator_weights_.tolist() == [3.0]
    assert model.n_riskiest_.tolist() == [1]
    assert np.allclose(model.predict_proba(X4)[:, 1], [0.1, 0.4, 0.35, 0.8])


def test_riskboost_weighted_vote_by_hand(script):
    """Two informative rounds: p(1|x) = (beta_1 p_1 + beta_2 p_2) / (beta_1 + beta_2)."""
    script += [[0.1, 0.4, 0.35, 0.8], [0.3, 0.1, 0.9, 0.2]]
    model = RiskBoostClassifier(Scripted(), n_estimators=2).fit(X4, Y4)
    # round 2: scores 0.1(neg) 0.2(pos) 0.3(neg) 0.9(pos): the same hull shape as round 1
    # (one positive above both negatives), so again l = 1/2, beta = 3.
    assert model.estimator_weights_.tolist() == [3.0, 3.0]
    want = (3 * np.array([0.1, 0.4, 0.35, 0.8]) + 3 * np.array([0.3, 0.1, 0.9, 0.2])) / 6
    assert np.allclose(model.predict_proba(X4)[:, 1], want)
    staged = list(model.staged_predict_proba(X4))
    assert len(staged) == 2 and np.allclose(staged[0][:, 1], [0.1, 0.4, 0.35, 0.8])


def test_riskboost_point_mass_density_reweights_the_optimal_vertex(script):
    """With all belief on c = 0.9 (FP errors expensive), the riskiest vertex is the one optimal
    at c = 0.9: (0, 1/2), threshold 0.8, misclassifying the positive at 0.35."""
    script += [[0.1, 0.4, 0.35, 0.8], [0.1, 0.4, 0.35, 0.8]]
    model = RiskBoostClassifier(Scripted(), n_estimators=2, cost_distribution=PointMass(0.9))
    model.fit(X4, Y4)
    assert np.allclose(
        CALLS[1],
        np.array([1, 1, 1, 1])
        * 4
        / (3 + model.estimator_weights_[0])
        * np.array([1, 1, model.estimator_weights_[0], 1]),
    )
    # Q(0.9) = 0.9 * 0.5 * 0 + 0.1 * 0.5 * 0.5 = 0.025; trivial min(0.45, 0.05) = 0.05: l = 1/2
    assert model.estimator_losses_[0] == pytest.approx(0.5)


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("kind", ["perfect", "useless"])
def test_riskboost_edge_rounds(script, first, kind):
    bad = [0.1, 0.2, 0.8, 0.9] if kind == "perfect" else [0.5, 0.5, 0.5, 0.5]
    script += ([bad] if first else [[0.1, 0.4, 0.35, 0.8], bad]) + [[0.3, 0.1, 0.9, 0.2]]
    model = RiskBoostClassifier(Scripted(), n_estimators=3).fit(X4, Y4)
    assert len(CALLS) == (1 if first else 2)  # boosting stopped at the bad round
    if first:  # kept alone, weight 1
        assert model.estimator_weights_.tolist() == [1.0]
        assert np.allclose(model.predict_proba(X4)[:, 1], bad)
    else:  # dropped
        assert model.estimator_weights_.tolist() == [3.0]


def test_base_learner_without_sample_weight_is_resampled():
    X, y = make_classification(n_samples=150, random_state=1)
    a = RiskBoostClassifier(KNeighborsClassifier(3), n_estimators=4, random_state=0).fit(X, y)
    b = RiskBoostClassifier(KNeighborsClassifier(3), n_estimators=4, random_state=0).fit(X, y)
    assert np.array_equal(a.predict_proba(X), b.predict_proba(X))
    assert len(a.estimators_) >= 2


def test_riskboost_is_deterministic_and_learns():
    X, y = make_classification(n_samples=300, flip_y=0.1, random_state=2)
    one = RiskBoostClassifier(n_estimators=10, random_state=3).fit(X[:200], y[:200])
    two = RiskBoostClassifier(n_estimators=10, random_state=3).fit(X[:200], y[:200])
    assert np.array_equal(one.predict_proba(X[200:]), two.predict_proba(X[200:]))
    assert len(one.estimators_) > 1
    assert np.all(one.estimator_weights_ >= 1)
    from sklearn.metrics import roc_auc_score

    single = c45_tree(0).fit(X[:200], y[:200]).predict_proba(X[200:])[:, 1]
    assert roc_auc_score(y[200:], one.predict_proba(X[200:])[:, 1]) > roc_auc_score(y[200:], single)


@pytest.mark.parametrize("cls", [RiskBoostClassifier, AdaBoostM1Classifier])
def test_bad_input_is_refused(cls):
    X, y = make_classification(n_samples=60, n_classes=3, n_informative=4, random_state=0)
    with pytest.raises(ValueError, match="Only binary classification"):
        cls(n_estimators=2).fit(X, y)
    with pytest.raises(ValueError, match="only one class"):
        cls(n_estimators=2).fit(X, np.zeros(60))
    with pytest.raises(ValueError, match="n_estimators"):
        cls(n_estimators=0).fit(X, y % 2)


def test_adaboost_m1_equals_scikit_learns_samme_on_stumps():
    X, y = make_classification(n_samples=300, random_state=4)
    stump = DecisionTreeClassifier(max_depth=1)
    ours = AdaBoostM1Classifier(stump, n_estimators=20, random_state=0).fit(X, y)
    theirs = AdaBoostClassifier(stump, n_estimators=20, random_state=0).fit(X, y)
    assert np.allclose(ours.estimator_weights_, theirs.estimator_weights_[: len(ours.estimators_)])
    assert np.allclose(ours.estimator_errors_, theirs.estimator_errors_[: len(ours.estimators_)])
    ratio = ours.decision_function(X) / theirs.decision_function(X)  # theirs is normalised
    assert np.allclose(ratio, ratio[0]) and ratio[0] > 0


@parametrize_with_checks(
    [
        RiskBoostClassifier(n_estimators=5, random_state=0),
        AdaBoostM1Classifier(n_estimators=5, random_state=0),
    ]
)
def test_scikit_learn_estimator_checks(estimator, check):
    check(estimator)


def test_adaboost_normalized_probability_ranks_as_the_margin():
    X, y = make_classification(n_samples=300, flip_y=0.05, random_state=5)
    weka = AdaBoostM1Classifier(n_estimators=60, random_state=0).fit(X, y)
    norm = AdaBoostM1Classifier(n_estimators=60, probability="normalized", random_state=0)
    norm.fit(X, y)
    margin = weka.decision_function(X)
    order = np.argsort(margin, kind="stable")
    assert np.all(np.diff(norm.predict_proba(X)[order, 1]) >= -1e-15)
    assert np.array_equal(weka.predict(X), norm.predict(X))
    with pytest.raises(ValueError, match="probability must be"):
        AdaBoostM1Classifier(probability="soft").fit(X, y)
