"""CostRangeThresholdClassifier(guarantee=(alpha, delta)): Learn-then-Test of the hull's
vertices on a calibration share, checked by hand, in simulation and on bad input."""

import math
import warnings

import numpy as np
import pytest
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB

from costlab.classifiers import CostRangeThresholdClassifier
from costlab.metrics import hull_candidates, learn_then_test


def _draw(rng, n, prior=0.3, shift=1.2):
    y = (rng.random(n) < prior).astype(int)
    X = rng.normal(size=(n, 2)) + shift * y[:, None]
    return X, y


def _worst_cost(model, X, y, r1, r2):
    """The realised worst normalised cost over [r1, r2] of the deployed threshold."""
    decided = model.predict_proba(X)[:, 1] >= model.decision_threshold_
    miss, alarm = np.mean(~decided & (y == 1)), np.mean(decided & (y == 0))
    return max((1 - r) * miss + r * alarm for r in (r1, r2))


def test_the_guarantee_is_learn_then_test_on_the_calibration_share():
    X, y = _draw(np.random.default_rng(0), 2000)
    model = CostRangeThresholdClassifier(
        GaussianNB(), cost_range=(0.3, 0.6), cv=5, random_state=0, guarantee=(0.2, 0.1)
    ).fit(X, y)
    X_fit, X_cal, y_fit, y_cal = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    expected_model = GaussianNB().fit(X_fit, y_fit)
    np.testing.assert_array_equal(model.predict_proba(X_cal), expected_model.predict_proba(X_cal))
    order = hull_candidates(model.oof_is_pos_, model.oof_scores_, cost_range=(0.3, 0.6))
    assert model.oof_scores_.size == y_fit.size  # the hull never saw the calibration share
    control = learn_then_test(y_cal, expected_model.predict_proba(X_cal)[:, 1], order,
                              alpha=0.2, delta=0.1, cost_range=(0.3, 0.6),
                              fwer="fixed-sequence", pvalue="betting")  # fmt: skip
    assert model.guarantee_.table.equals(control.table)
    assert model.decision_threshold_ == control.threshold is not None
    assert model.decision_threshold_ in model.hull_.thresholds
    scores = model.predict_proba(X)[:, 1]
    np.testing.assert_array_equal(model.predict(X), (scores >= control.threshold).astype(int))


def test_the_guarantee_holds_in_simulation():
    """Over 300 draws of the data, the deployed threshold's realised worst cost over the range
    (on 100,000 new examples) exceeds alpha in at most delta of them, plus three Monte Carlo
    standard errors; a draw where nothing passes deploys nothing and cannot fail."""
    rng = np.random.default_rng(1)
    X_new, y_new = _draw(rng, 100_000)
    alpha, delta, draws, failures, deployed = 0.2, 0.2, 300, 0, 0
    for _ in range(draws):
        X, y = _draw(rng, 400)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            model = CostRangeThresholdClassifier(
                GaussianNB(), cost_range=(0.3, 0.6), cv=3, random_state=0,
                guarantee=(alpha, delta),
            ).fit(X, y)  # fmt: skip
        if model.decision_threshold_ is None:
            continue
        deployed += 1
        failures += _worst_cost(model, X_new, y_new, 0.3, 0.6) > alpha
    assert deployed > draws / 2  # the test has power: most draws deploy a threshold
    assert failures / draws <= delta + 3 * math.sqrt(delta * (1 - delta) / draws)


def test_when_nothing_passes_fit_warns_and_predict_refuses():
    X, y = _draw(np.random.default_rng(2), 60)
    model = CostRangeThresholdClassifier(GaussianNB(), cv=3, random_state=0,
                                         guarantee=(0.01, 0.05))  # fmt: skip
    with pytest.warns(UserWarning, match="no threshold passes"):
        model.fit(X, y)
    assert model.decision_threshold_ is None and "no threshold passes" in model.guarantee_.reason
    with pytest.raises(ValueError, match="no threshold to deploy.*no threshold passes"):
        model.predict(X)
    with pytest.raises(ValueError, match="no threshold to deploy"):
        model.decision_function(X)
    assert model.predict(X, fp_cost=0.5).shape == (60,)  # the hull still answers, unguaranteed


@pytest.mark.parametrize(
    "params, match",
    [
        ({"guarantee": (0.0, 0.1)}, "alpha is 0.0"),
        ({"guarantee": (0.1, 1.0)}, "delta is 1.0"),
        ({"guarantee": 0.1}, "pair \\(alpha, delta\\)"),
        ({"guarantee": (0.1, 0.1), "calibration_size": 1.5}, "calibration_size"),
        ({"guarantee": (0.1, 0.1), "prior": 0.2}, "cannot be combined with prior"),
    ],
)
def test_bad_guarantees_are_named(params, match):
    X, y = _draw(np.random.default_rng(3), 100)
    with pytest.raises(ValueError, match=match):
        CostRangeThresholdClassifier(GaussianNB(), cv=3, **params).fit(X, y)


def test_a_guaranteed_threshold_is_not_moved_by_adapt_prior():
    X, y = _draw(np.random.default_rng(4), 1000)
    model = CostRangeThresholdClassifier(GaussianNB(), cv=3, random_state=0,
                                         guarantee=(0.3, 0.2)).fit(X, y)  # fmt: skip
    with pytest.raises(ValueError, match="calibration data only"):
        model.adapt_prior(X[:100])
