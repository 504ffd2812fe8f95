"""RiskBoost (Johnson et al. 2015, Algorithm 1) against hand-worked rounds under each reading of
the algorithm, its edge cases, and scikit-learn's estimator checks; AdaBoost.M1 over any base
learner against scikit-learn."""

from fractions import Fraction as Fr

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

#: The reading costlab ran before the readings were options (l = 1 - H, unweighted, Weka's stop).
OLD = {"loss": "normalized", "weighting": "uniform", "stopping": "adaboost"}


def test_riskboost_by_hand(script):
    """Round 1: scores (0.1, 0.4, 0.35, 0.8). The hull is (0,0), (0,1/2), (1/2,1), (1,1); with
    balanced classes c = 1 - PCF(+), vertex (0, 1/2) is optimal for c in [1/2, 1] and (1/2, 1)
    for c in [0, 1/2]; under Beta(2, 2) both have risk 1/4 * int_0^{1/2} 6c^2(1-c) dc =
    1/4 * 5/32 (a tie: the first, calling fewer positives, is taken). The trivial loss is
    int min(c, 1-c)/2 * 6c(1-c) dc = 5/32, so l = 2 * (5/128) / (5/32) = 1/2 and
    beta_1 = (1 - 1/4) / (1/4) = 3. Vertex (0, 1/2) (threshold 0.8) misclassifies the
    positive scoring 0.35 (row 2): D_2 = (1, 1, 3, 1) / 6."""
    script += [[0.1, 0.4, 0.35, 0.8], [0.2, 0.6, 0.7, 0.9]]
    model = RiskBoostClassifier(Scripted(), n_estimators=2, **OLD).fit(X4, Y4)
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
    model = RiskBoostClassifier(Scripted(), n_estimators=2, **OLD).fit(X4, Y4)
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
    model = RiskBoostClassifier(Scripted(), n_estimators=2, cost_distribution=PointMass(0.9), **OLD)
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
    model = RiskBoostClassifier(Scripted(), n_estimators=3, **OLD).fit(X4, Y4)
    assert len(CALLS) == (1 if first else 2)  # boosting stopped at the bad round
    if first:  # kept alone, weight 1
        assert model.estimator_weights_.tolist() == [1.0]
        assert np.allclose(model.predict_proba(X4)[:, 1], bad)
    else:  # dropped
        assert model.estimator_weights_.tolist() == [3.0]


def _u_integral(a, b, p, q):
    """Exactly, int_a^b (p c + q (1 - c)) u(c) dc with u = Beta(2, 2) = 6c(1 - c)."""

    def antiderivative(c):
        c = Fr(c)
        return 6 * ((p - q) * (c**3 / 3 - c**4 / 4) + q * (c**2 / 2 - c**3 / 3))

    return antiderivative(b) - antiderivative(a)


def _beta(loss):
    return (1 - loss / 2) / (loss / 2)


def _round_2_weighted(b):
    """Round 2 of the hand-worked example under D_2 = (1, 1, b, 1) / (3 + b).

    Scores (0.3, 0.1, 0.2, 0.9), labels (0, 0, 1, 1). Weighted, the positives weigh b (row 2)
    and 1 (row 3), the negatives 1 and 1: pi_1 = (b + 1)/(b + 3), pi_0 = 2/(b + 3). Thresholds
    0.9, 0.3, 0.2 give ROC points (0, r), (1/2, r), (1/2, 1) with r = 1/(b + 1); the hull is
    (0,0), (0, r), (1/2, 1), (1, 1). By eq. 2, (1/2, 1) beats (0, r) for
    c < pi_1 (1 - r) / (pi_0/2 + pi_1 (1 - r)) = b/(b + 1) =: t, so (0, r) is optimal on
    [t, 1] and (1/2, 1) on [0, t]; the trivial vertices on single points. Eq. 10 gives the
    risks below; the trivial classifiers' loss crosses at c = pi_1."""
    pi1, pi0 = (b + 1) / (b + 3), 2 / (b + 3)
    r, t = 1 / (b + 1), b / (b + 1)
    risk_low_fpr = _u_integral(t, 1, 0, pi1 * (1 - r))  # vertex (0, r), threshold 0.9
    risk_high_tpr = _u_integral(0, t, pi0 / 2, 0)  # vertex (1/2, 1), threshold 0.2
    trivial = _u_integral(0, pi1, pi0, 0) + _u_integral(pi1, 1, 0, pi1)
    return risk_low_fpr, risk_high_tpr, trivial


ROUND_1 = [0.1, 0.4, 0.35, 0.8]
ROUND_2 = [0.3, 0.1, 0.2, 0.9]


def test_hand_worked_round_1_numbers():
    """Round 1 of every reading (D_1 is uniform, so the weighting does not matter yet): hull
    (0,0), (0,1/2), (1/2,1), (1,1); each inner vertex has risk 1/4 int 6c(1-c)^2 over [1/2, 1]
    = 5/128; eq. 6 is l = 5/64; the trivial loss is 5/32, so 1 - H = 1/2."""
    assert _u_integral(Fr(1, 2), 1, 0, Fr(1, 4)) == Fr(5, 128)
    assert _u_integral(0, Fr(1, 2), Fr(1, 2), 0) + _u_integral(Fr(1, 2), 1, 0, Fr(1, 2)) == Fr(
        5, 32
    )
    assert _beta(Fr(5, 64)) == Fr(123, 5) and _beta(Fr(1, 2)) == 3
    low, high, _ = _round_2_weighted(Fr(3))
    assert high > low  # under D_2 the riskiest vertex is (1/2, 1), not (0, r)


@pytest.mark.parametrize("loss", ["expected", "normalized"])
@pytest.mark.parametrize("weighting", ["distribution", "uniform"])
def test_two_rounds_by_hand_under_each_reading(script, loss, weighting):
    """Round 1: l_1 = 5/64 (eq. 6) or 1/2 (1 - H); the riskiest vertex is (0, 1/2) (tied with
    (1/2, 1); the one calling fewer positives is taken), threshold 0.8, misclassifying row 2:
    D_2 = (1, 1, beta_1, 1) / (3 + beta_1). Round 2, unweighted: the same hull as round 1, so
    l_2 = l_1, and vertex (0, 1/2) (threshold 0.9) misclassifies row 2 again. Under D_2: see
    :func:`_round_2_weighted`; vertex (1/2, 1) (threshold 0.2) is the riskiest and
    misclassifies row 0."""
    script += [ROUND_1, ROUND_2, [0.2, 0.1, 0.6, 0.7]]
    model = RiskBoostClassifier(
        Scripted(), n_estimators=3, loss=loss, weighting=weighting, stopping="none"
    ).fit(X4, Y4)
    l1 = Fr(5, 64) if loss == "expected" else Fr(1, 2)
    b1 = _beta(l1)
    d2 = np.array([1, 1, b1, 1], dtype=object) / (3 + b1)
    if weighting == "uniform":
        l2 = l1
        d3 = d2 * np.array([1, 1, _beta(l2), 1], dtype=object)
    else:
        low, high, trivial = _round_2_weighted(b1)
        l2 = (low + high) if loss == "expected" else (low + high) / trivial
        d3 = d2 * np.array([_beta(l2), 1, 1, 1], dtype=object)
    d3 = d3 / d3.sum()
    np.testing.assert_allclose(CALLS[0], np.ones(4), rtol=1e-15)
    np.testing.assert_allclose(CALLS[1], (4 * d2).astype(float), rtol=1e-13)
    np.testing.assert_allclose(CALLS[2], (4 * d3).astype(float), rtol=1e-12)
    np.testing.assert_allclose(model.estimator_losses_[:2], [float(l1), float(l2)], rtol=1e-12)
    np.testing.assert_allclose(
        model.estimator_weights_[:2], [float(b1), float(_beta(l2))], rtol=1e-12
    )
    assert model.n_riskiest_[:2].tolist() == [1, 1]


def test_default_reading_is_eq_6_under_d_j_with_every_round():
    model = RiskBoostClassifier()
    assert model.reading() == {"loss": "expected", "weighting": "distribution", "stopping": "none"}


@pytest.mark.parametrize("first", [True, False])
def test_a_perfect_round_decides_the_ensemble_without_a_stopping_rule(script, first):
    """Algorithm 1 as printed: l = 0 makes beta infinite; the final formula's limit is the
    perfect learner's output, and nothing is reweighted, so boosting ends with beta = inf."""
    perfect = [0.1, 0.2, 0.8, 0.9]
    script += ([] if first else [ROUND_1]) + [perfect, ROUND_2]
    model = RiskBoostClassifier(Scripted(), n_estimators=3).fit(X4, Y4)
    assert len(CALLS) == (1 if first else 2)
    want = [np.inf] if first else [123 / 5, np.inf]
    np.testing.assert_allclose(model.estimator_weights_, want, rtol=1e-13)
    assert model.estimator_losses_[-1] == 0.0
    np.testing.assert_array_equal(model.predict_proba(X4)[:, 1], perfect)
    staged = [p[:, 1] for p in model.staged_predict_proba(X4)]
    assert len(staged) == len(want)
    np.testing.assert_array_equal(staged[-1], perfect)
    if not first:
        np.testing.assert_allclose(staged[0], ROUND_1)


def test_a_useless_round_runs_on_without_a_stopping_rule(script):
    """1 - H = 1 (no better than the trivial classifiers): beta = 1, nothing changes, and the
    next round runs (Weka's rule would stop there)."""
    useless = [0.5, 0.5, 0.5, 0.5]
    script += [ROUND_1, useless, ROUND_2]
    model = RiskBoostClassifier(Scripted(), n_estimators=3, loss="normalized", weighting="uniform")
    model.fit(X4, Y4)
    assert len(CALLS) == 3
    assert model.estimator_weights_.tolist()[:2] == [3.0, 1.0]
    np.testing.assert_allclose(CALLS[2], CALLS[1])  # beta = 1 reweights nothing


def test_under_eq_6_a_useless_round_still_reweights(script):
    """Eq. 6 of a no-skill learner is the trivial loss 5/32, so beta = 59/5 > 1: the AdaBoost
    stopping rule (0.5 l >= 1/2) never fires under eq. 6; the riskiest classifier is a trivial
    one (everything negative: tied with everything positive), so both positives are
    up-weighted."""
    script += [[0.5, 0.5, 0.5, 0.5], ROUND_1]
    model = RiskBoostClassifier(
        Scripted(), n_estimators=2, weighting="uniform", stopping="adaboost"
    ).fit(X4, Y4)
    assert len(CALLS) == 2
    assert model.estimator_weights_[0] == pytest.approx(59 / 5, rel=1e-13)
    np.testing.assert_allclose(CALLS[1], 4 * np.array([1, 1, 59 / 5, 59 / 5]) / (2 + 118 / 5))


@pytest.mark.parametrize("name", ["loss", "weighting", "stopping"])
def test_readings_are_checked(name):
    X, y = make_classification(n_samples=40, random_state=0)
    with pytest.raises(ValueError, match=f"{name} must be"):
        RiskBoostClassifier(n_estimators=2, **{name: "paper"}).fit(X, y)


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
    assert np.all(one.estimator_weights_ > 7)  # eq. 6 is at most 1/4
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
