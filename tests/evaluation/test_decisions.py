"""Per-example decisions against one threshold and the trivial policy, cross-validated
(costlab.evaluation.cross_val_decisions), against the same policies built by hand."""

import dataclasses

import numpy as np
import pytest
from sklearn.model_selection import cross_val_predict
from sklearn.naive_bayes import GaussianNB

from costlab.classifiers import ExampleCostClassifier
from costlab.datasets import from_arrays
from costlab.evaluation import cross_val_decisions
from costlab.evaluation.folds import make_folds
from costlab.metrics import cost_model, total_cost


@pytest.fixture(scope="module")
def loans():
    """Overlapping classes (one feature, one standard deviation apart) and loan amounts."""
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 240)
    X = np.column_stack([rng.normal(y, 1.0), rng.lognormal(6.0, 1.0, 240)])
    data = from_arrays(X, y, feature_names=["score", "amount"], name="loans")
    return data.with_costs(fp=lambda X: 0.1 * X["amount"] + 50.0, fn="amount")


@pytest.fixture(scope="module")
def comparison(loans):
    return cross_val_decisions(loans, GaussianNB(), n_folds=3, calibration="sigmoid",
                               n_resamples=200)  # fmt: skip


def _sub(costs, rows):
    return cost_model(fp=costs.fp[rows], fn=costs.fn[rows], tp=costs.tp[rows], tn=costs.tn[rows])


def test_each_policy_costs_what_it_costs_by_hand(loans, comparison):
    y, X, costs = loans.y_binary, loans.X, loans.costs
    for k, (train, test) in enumerate(make_folds(y, scheme="weka", n_folds=3, seed=1)):
        model = ExampleCostClassifier(GaussianNB(), calibration="sigmoid")
        fitted = model.fit(X.iloc[train], y[train])
        paid = comparison.costs[comparison.costs["fold"] == k]
        np.testing.assert_array_equal(paid.index, np.sort(test))
        decided = fitted.predict(X.iloc[test], costs=_sub(costs, test))
        assert paid["per-example"].sum() == pytest.approx(
            total_cost(y[test], decided, _sub(costs, test))
        )
        # the single threshold: the cheapest on the training rows' out-of-fold scores of the
        # estimator itself, applied to it refitted on the training rows
        oof = cross_val_predict(
            GaussianNB(), X.iloc[train], y[train], cv=5, method="predict_proba"
        )[:, 1]
        candidates = np.r_[np.unique(oof), np.inf]
        train_totals = [
            total_cost(y[train], (oof >= t).astype(int), _sub(costs, train)) for t in candidates
        ]
        best = candidates[
            np.flatnonzero(np.isclose(train_totals, min(train_totals), rtol=1e-12))[-1]
        ]
        assert comparison.thresholds.loc[k, "threshold"] == best
        refitted = GaussianNB().fit(X.iloc[train], y[train])
        single = (refitted.predict_proba(X.iloc[test])[:, 1] >= best).astype(int)
        assert paid["single threshold"].sum() == pytest.approx(
            total_cost(y[test], single, _sub(costs, test))
        )
        trivial = min(
            total_cost(y[train], np.full(train.size, v), _sub(costs, train)) for v in (0, 1)
        )
        chosen = (
            1
            if total_cost(y[train], np.ones(train.size, int), _sub(costs, train)) == trivial
            else 0
        )
        expected = total_cost(y[test], np.full(test.size, chosen), _sub(costs, test))
        assert paid["trivial"].sum() == pytest.approx(expected)


def test_the_summary_adds_up_and_the_interval_brackets_the_difference(comparison):
    summary = comparison.summary().set_index("policy")
    totals = comparison.costs[["per-example", "single threshold", "trivial"]].sum()
    np.testing.assert_allclose(summary["total_cost"], totals.to_numpy())
    np.testing.assert_allclose(summary["savings"], 1 - totals.to_numpy() / totals["trivial"])
    difference = totals["per-example"] - totals["single threshold"]
    assert summary.loc["per-example", "minus_single"] == pytest.approx(difference)
    low, high = comparison.interval
    assert low <= difference <= high


def test_reruns_are_identical(loans, comparison):
    again = cross_val_decisions(loans, GaussianNB(), n_folds=3, calibration="sigmoid",
                                n_resamples=200)  # fmt: skip
    assert again.costs.equals(comparison.costs) and again.interval == comparison.interval


def test_bad_input_is_named(loans):
    plain = dataclasses.replace(loans, costs=None)
    with pytest.raises(ValueError, match="costs: loans has no per-instance costs"):
        cross_val_decisions(plain, GaussianNB())
    with pytest.raises(ValueError, match="costs hold 3 instances"):
        cross_val_decisions(plain, GaussianNB(), costs=cost_model(fp=1.0, fn=1.0, n=3))
    with pytest.raises(ValueError, match="calibration"):
        cross_val_decisions(loans, GaussianNB(), calibration="platt")
