"""ExampleCostClassifier: each example decided by its own costs (per-row Bayes thresholds)."""

import numpy as np
import pandas as pd
import pytest
from sklearn.model_selection import cross_val_predict
from sklearn.naive_bayes import GaussianNB
from sklearn.utils.estimator_checks import parametrize_with_checks

from costlab.classifiers import ExampleCostClassifier
from costlab.metrics import cost_model, estimate_prior, hull_calibration, total_cost


@parametrize_with_checks(
    [
        ExampleCostClassifier(GaussianNB(), cv=2),
        ExampleCostClassifier(GaussianNB(), calibration="hull", cv=2),
    ]
)
def test_scikit_learn_estimator_checks(estimator, check):
    check(estimator)


def _credit(n, seed):
    """Loans: features drive default; a default loses the loan's amount (FN), a refused good
    customer loses 10 % of it as profit plus a fixed 300 of acquisition cost (FP). Amounts
    vary a hundredfold, so each loan's threshold differs (proportional costs would give one)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 4))
    default = rng.uniform(size=n) < 1 / (1 + np.exp(-(X @ [1.2, -0.8, 0.5, 0.0] - 1.0)))
    amount = np.exp(rng.uniform(np.log(100), np.log(10000), n))
    return X, default.astype(int), cost_model(fp=300 + 0.1 * amount, fn=amount)


@pytest.fixture(scope="module")
def loans():
    X, y, costs = _credit(4000, 0)
    return X[:2000], y[:2000], costs.fp[:2000], X[2000:], y[2000:], costs


def test_each_row_is_decided_by_its_expected_cost():
    X, y, costs = _credit(500, 1)
    model = ExampleCostClassifier(GaussianNB(), calibration="sigmoid").fit(X, y)
    p = model.predict_proba(X)[:, 1]
    decided = model.predict(X, costs=costs)
    as_positive = p * costs.tp + (1 - p) * costs.fp
    as_negative = p * costs.fn + (1 - p) * costs.tn
    np.testing.assert_array_equal(decided, (as_positive < as_negative).astype(int))
    assert 0 < decided.sum() < len(y)


def test_per_example_decisions_cost_less_than_one_threshold_and_than_no_calibration(loans):
    X, y, _, X_test, y_test, costs = loans
    test_costs = cost_model(fp=costs.fp[2000:], fn=costs.fn[2000:])
    train_costs = cost_model(fp=costs.fp[:2000], fn=costs.fn[:2000])
    model = ExampleCostClassifier(GaussianNB(), calibration="isotonic").fit(X, y)
    per_row = total_cost(y_test, model.predict(X_test, costs=test_costs), test_costs)
    # the best single threshold, chosen on the training data's out-of-fold probabilities
    oof = cross_val_predict(model, X, y, cv=5, method="predict_proba")[:, 1]
    grid = np.unique(oof)
    best = grid[np.argmin([total_cost(y, (oof >= t).astype(int), train_costs) for t in grid])]
    p_test = model.predict_proba(X_test)[:, 1]
    single = total_cost(y_test, (p_test >= best).astype(int), test_costs)
    raw = ExampleCostClassifier(GaussianNB(), calibration="none").fit(X, y)
    uncalibrated = total_cost(y_test, raw.predict(X_test, costs=test_costs), test_costs)
    assert per_row < single and per_row < uncalibrated, (per_row, single, uncalibrated)


def test_a_deployment_prior_moves_the_probabilities():
    X, y, _ = _credit(600, 2)
    model = ExampleCostClassifier(GaussianNB(), calibration="sigmoid").fit(X, y)
    p = model.predict_proba(X)[:, 1]
    pi = model.train_prior_
    same = model.set_params(prior=pi).predict_proba(X)[:, 1]
    np.testing.assert_allclose(same, p)
    rare = model.set_params(prior=0.05).predict_proba(X)[:, 1]
    odds = p / (1 - p) * (0.05 / 0.95) / (pi / (1 - pi))  # Saerens et al. 2002: odds scaled
    np.testing.assert_allclose(rare, odds / (1 + odds))


def test_bad_costs_and_options_are_named():
    X, y, _ = _credit(300, 3)
    model = ExampleCostClassifier(GaussianNB(), calibration="none").fit(X, y)
    with pytest.raises(ValueError, match="costs hold 2 examples, X has 300"):
        model.predict(X, costs=cost_model(fp=[1.0, 1.0], fn=[1.0, 1.0]))
    undefined = cost_model(fp=1.0, fn=2.0, tp=np.r_[0.0, 3.0, np.zeros(298)], n=300)
    with pytest.raises(ValueError, match=r"example 1: fp - tn = 1, fn - tp = -1"):
        model.predict(X, costs=undefined)
    indifferent = cost_model(
        fp=np.r_[1.0, 1.0, np.ones(298)],
        fn=1.0,
        tn=np.r_[0.0, 1.0, np.zeros(298)],
        tp=np.r_[0.0, 1.0, np.zeros(298)],
        n=300,
    )
    with pytest.raises(ValueError, match=r"example 1: fp - tn = 0, fn - tp = 0"):
        model.predict(X, costs=indifferent)
    # only a positive's error is free: never decide positive (threshold 1), and the reverse
    one_sided = cost_model(fp=1.0, fn=np.r_[0.0, np.ones(299)], n=300)
    assert model.thresholds(one_sided)[0] == 1.0 and model.predict(X, costs=one_sided)[0] == 0
    with pytest.raises(TypeError, match="costs must be a CostModel"):
        model.predict(X, costs=np.ones(300))
    with pytest.raises(ValueError, match="calibration"):
        ExampleCostClassifier(calibration="platt").fit(X, y)


def test_a_frame_with_nominal_columns_reaches_the_pipeline_as_a_frame():
    from costlab.classifiers import baseline_models

    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 200)
    X = pd.DataFrame(
        {"x": rng.normal(y, 1.0), "kind": pd.Categorical(np.where(y, "a", "b"))}
    )  # the pipeline one-hot encodes the categorical column it selects by dtype
    model = ExampleCostClassifier(baseline_models()["Logistic regression"]).fit(X, y)
    costs = cost_model(fp=np.ones(200), fn=np.full(200, 3.0))
    assert model.predict(X, costs=costs).shape == (200,)
    assert model.n_features_in_ == 2 and list(model.feature_names_in_) == ["x", "kind"]


def test_hull_calibration_maps_the_refitted_estimators_scores_by_the_out_of_fold_hull():
    X, y, _ = _credit(600, 5)
    model = ExampleCostClassifier(GaussianNB(), calibration="hull", cv=5).fit(X, y)
    oof = cross_val_predict(GaussianNB(), X, y, cv=5, method="predict_proba")[:, 1]
    expected_map = hull_calibration(y, oof)
    np.testing.assert_array_equal(model.calibration_map_.thresholds, expected_map.thresholds)
    raw = GaussianNB().fit(X, y).predict_proba(X)[:, 1]
    np.testing.assert_array_equal(model.predict_proba(X)[:, 1], expected_map.predict(raw))


def _shifted(n_train, n_deploy, prior, seed):
    """Balanced training data, a deployment at ``prior``: Gaussian classes 2.5 apart (with
    classes 1 apart, EM overestimated a prior of 0.2 by 0.02-0.08 for every calibration, outside
    its bootstrap interval, which holds the deployment batch's variability only)."""
    rng = np.random.default_rng(seed)
    y = np.r_[np.zeros(n_train // 2), np.ones(n_train // 2)]
    X = rng.normal(2.5 * y, 1.0)[:, None]
    pos = rng.uniform(size=n_deploy) < prior
    return X, y, rng.normal(2.5 * pos, 1.0)[:, None], float(pos.mean())


def test_adapt_prior_estimates_the_deployment_prior_and_moves_the_decisions():
    X, y, deployed, realised = _shifted(2000, 3000, 0.2, 0)
    model = ExampleCostClassifier(GaussianNB(), calibration="sigmoid").fit(X, y)
    before = model.predict_proba(deployed)[:, 1]
    model.adapt_prior(deployed, n_resamples=300)
    estimate = model.prior_estimate_
    # the interval holds the deployment batch's own share of positives (0.207 here)
    assert estimate.low <= realised <= estimate.high and abs(estimate.prior - realised) < 0.03
    expected = estimate_prior(
        model._calibrated(deployed), method="em", train_prior=0.5, n_resamples=300
    )
    assert estimate.prior == expected.prior
    given = ExampleCostClassifier(GaussianNB(), calibration="sigmoid", prior=estimate.prior)
    given.fit(X, y)
    np.testing.assert_allclose(model.predict_proba(deployed), given.predict_proba(deployed))
    assert model.predict_proba(deployed)[:, 1].mean() < before.mean()  # fewer positives now
    costs = cost_model(fp=1.0, fn=3.0, n=deployed.shape[0])
    assert (model.predict(deployed, costs=costs) == given.predict(deployed, costs=costs)).all()
    model.adapt_prior(prior=0.3)  # a known prior replaces the estimate
    assert model.deployment_prior_ == 0.3 and model.prior_estimate_ is None


def test_adapt_prior_names_bad_input():
    X, y, deployed, _ = _shifted(400, 100, 0.2, 1)
    model = ExampleCostClassifier(GaussianNB(), calibration="none").fit(X, y)
    with pytest.raises(ValueError, match="prior"):
        model.adapt_prior(prior=1.0)
    with pytest.raises(ValueError, match="either prior or X_unlabelled"):
        model.adapt_prior(deployed, prior=0.2)
    with pytest.raises(ValueError, match="needs X_unlabelled"):
        model.adapt_prior()
    with pytest.raises(ValueError):
        model.adapt_prior(deployed[:0])
    refit = model.adapt_prior(prior=0.2).fit(X, y)  # fitting again forgets the deployment prior
    assert refit.deployment_prior_ is None
