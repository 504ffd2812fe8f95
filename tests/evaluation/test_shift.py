"""A classifier chosen on balanced data, deployed at a rare prior (costlab.evaluation.shift)."""

from __future__ import annotations

import numpy as np
import pytest

from costlab.datasets import twonorm
from costlab.evaluation import deployment_shift


@pytest.fixture(scope="module")
def report():
    return deployment_shift(
        twonorm(20_000, random_state=1), train_per_class=800, n_resamples=200, random_state=0
    )


def test_moving_the_threshold_to_the_estimate_lowers_the_counted_cost(report):
    policies = report.policies.set_index("policy")
    kept = policies.iloc[0]
    truth = policies.iloc[-1]
    assert report.true_prior == pytest.approx(0.01, abs=0.001)
    for method in ("em", "bbse", "acc"):
        moved = policies.loc[f"moved to the {method} estimate"]
        assert moved["threshold"] > kept["threshold"]
        assert moved["cost_per_1000"] < 0.5 * kept["cost_per_1000"]
        assert moved["cost_per_1000"] <= 1.5 * truth["cost_per_1000"]
        assert moved["threshold_low"] <= moved["threshold"] <= moved["threshold_high"]
    # the counts are the deployment's: false positives fall, false negatives rise
    assert (policies["false_positives"].iloc[1:] < kept["false_positives"]).all()


def test_estimates_cover_the_true_prior(report):
    assert report.estimates["covers"].all()
    assert set(report.estimates["method"]) == {"em", "bbse", "acc"}
    em = report.prior_estimates["em"]
    assert em.low <= report.true_prior <= em.high
    text = report.to_markdown()
    assert "| method" in text and "cost_per_1000" in text


def test_seeded(report):
    again = deployment_shift(
        twonorm(20_000, random_state=1), train_per_class=800, n_resamples=200, random_state=0
    )
    assert again.policies.equals(report.policies)
    np.testing.assert_array_equal(
        again.prior_estimates["em"].replicates, report.prior_estimates["em"].replicates
    )


def test_bad_parameters_are_named():
    data = twonorm(2000, random_state=0)
    with pytest.raises(ValueError, match="deployment_prior must lie strictly between 0 and 1"):
        deployment_shift(data, deployment_prior=1.2)
    with pytest.raises(ValueError, match="methods must be among"):
        deployment_shift(data, methods=("em", "cc"))
    with pytest.raises(ValueError, match="train_per_class must leave rows of both classes"):
        deployment_shift(data, train_per_class=5000)


# Issue 30: bad input is named before any work is done.
def test_a_dataset_that_is_not_a_dataset_is_named():
    import pandas as pd

    frame = pd.DataFrame({"x": [0.0, 1.0], "y": [0, 1]})  # gave "'DataFrame' has no y_binary"
    with pytest.raises(TypeError, match=r"^dataset must be a costlab Dataset .*got DataFrame"):
        deployment_shift(frame)


@pytest.mark.parametrize(
    ("value", "error"), [(2.5, TypeError), ("40", TypeError), (True, TypeError), (1, ValueError)]
)
def test_train_per_class_must_be_an_integer_of_at_least_two(value, error):
    data = twonorm(400, random_state=1)
    with pytest.raises(error, match=r"^train_per_class must be an int in \[2, inf\) or None"):
        deployment_shift(data, train_per_class=value)
