"""Measures read at an estimated deployment prior (costlab.metrics.prior_shift.deployment)."""

from __future__ import annotations

import numpy as np
import pytest

from costlab.metrics import (
    PriorEstimate,
    costs_at_prior,
    estimate_prior,
    net_benefit,
    net_benefit_at_prior,
    operating_point,
    operating_point_at_prior,
    read_at_prior,
)
from costlab.metrics.resampling.mtmcs_bootstrap import mtmcs_of_scores


def _estimate(prior, replicates, confidence=0.9):
    replicates = np.asarray(replicates, dtype=float)
    return PriorEstimate(
        prior=prior, low=float(replicates.min()), high=float(replicates.max()),
        confidence=confidence, method="em", replicates=replicates, n_unlabelled=100,
    )  # fmt: skip


@pytest.fixture(scope="module")
def labelled():
    rng = np.random.default_rng(3)
    y = (rng.random(3000) < 0.4).astype(int)
    x = rng.normal(np.where(y == 1, 1.0, -1.0), 1.2)
    return y, 1 / (1 + np.exp(-1.5 * x))


def test_costs_at_equal_priors_are_the_thesis_mtmcs(labelled):
    y, s = labelled
    r = np.round(np.arange(0.05, 0.96, 0.05), 2)
    table = costs_at_prior(y, s, _estimate(0.5, [0.5, 0.5]), r)
    np.testing.assert_allclose(table["cost"], mtmcs_of_scores(y == 1, s, r), atol=1e-9)
    np.testing.assert_allclose(table["pcf"], 1 - r, atol=1e-12)


def test_costs_follow_the_prior_and_the_band_its_replicates(labelled):
    y, s = labelled
    rare = costs_at_prior(y, s, _estimate(0.01, np.linspace(0.005, 0.02, 50)), [0.5])
    even = costs_at_prior(y, s, _estimate(0.5, np.linspace(0.45, 0.55, 50)), [0.5])
    # at equal costs and a 1% prior, calling everything negative costs 1%: the envelope can
    # only be lower, far below its cost at even priors
    assert rare["cost"][0] <= 1.0 + 1e-9 < even["cost"][0]
    assert rare["cost_low"][0] <= rare["cost"][0] <= rare["cost_high"][0]
    assert rare["cost_high"][0] - rare["cost_low"][0] > 0


def test_net_benefit_at_the_sample_prevalence_is_counted_net_benefit(labelled):
    y, s = labelled
    p_t = np.array([0.05, 0.1, 0.3, 0.6])
    prevalence = float(np.mean(y))
    table = net_benefit_at_prior(y, s, _estimate(prevalence, [prevalence] * 3), p_t)
    np.testing.assert_allclose(table["net_benefit"], net_benefit(y, s, p_t), atol=1e-12)
    np.testing.assert_allclose(
        table["treat_all"], prevalence - (1 - prevalence) * p_t / (1 - p_t), atol=1e-12
    )
    np.testing.assert_allclose(
        table["interventions_avoided"],
        100 * (table["net_benefit"] - table["treat_all"]) / (p_t / (1 - p_t)),
        atol=1e-9,
    )
    harmed = net_benefit_at_prior(y, s, _estimate(prevalence, [prevalence] * 3), p_t, harm=0.01)
    np.testing.assert_allclose(harmed["net_benefit"], table["net_benefit"] - 0.01, atol=1e-12)


def test_net_benefit_with_a_prevalence_override_by_hand():
    # TPR 2/3 and FPR 1/4 at p_t = 0.5; prevalence set to 0.1: NB = 0.1 * 2/3 - 0.9 * 1/4
    y = [1, 1, 1, 0, 0, 0, 0]
    s = [0.9, 0.7, 0.2, 0.6, 0.3, 0.1, 0.4]
    table = net_benefit_at_prior(y, s, _estimate(0.1, [0.05, 0.1, 0.2]), [0.5])
    assert table["net_benefit"][0] == pytest.approx(0.1 * 2 / 3 - 0.9 * 0.25)
    assert table["net_benefit_low"][0] < table["net_benefit"][0] < table["net_benefit_high"][0]


@pytest.mark.parametrize("condition", [{"tpr": 0.8}, {"posfrac": 0.2}, {"purity": 0.5}])
def test_operating_point_at_the_estimate_is_landgrebes(labelled, condition):
    y, s = labelled
    est = _estimate(0.05, np.linspace(0.02, 0.1, 40))
    row = operating_point_at_prior(y, s, est, **condition)
    direct = operating_point(y, s, [0.05], **condition).iloc[0]
    for column in ("tpr", "fpr", "posfrac", "purity", "threshold"):
        assert row[column][0] == pytest.approx(direct[column], abs=1e-12)
    assert row["posfrac_low"][0] <= row["posfrac"][0] <= row["posfrac_high"][0]
    assert row["purity_low"][0] <= row["purity"][0] <= row["purity_high"][0]
    assert ("tpr_low" in row) == ("tpr" not in condition)


def test_read_at_prior_with_a_real_estimate(labelled):
    y, s = labelled
    est = estimate_prior(s[y == 0][:500], train_prior=0.4, n_resamples=200)
    value, low, high = read_at_prior(lambda p: np.stack((p, 1 - p), axis=-1), est)
    assert value[0] == pytest.approx(est.prior)
    assert low[0] <= value[0] <= high[0] and low[1] <= value[1] <= high[1]


def test_errors_name_the_parameter(labelled):
    y, s = labelled
    with pytest.raises(TypeError, match="estimate must be a PriorEstimate"):
        costs_at_prior(y, s, "0.3", [0.5])
    with pytest.raises(ValueError, match="estimate must be a probability strictly between"):
        costs_at_prior(y, s, 1.3, [0.5])
    known = costs_at_prior(y, s, 0.3, [0.2, 0.5])  # a known prior: no band
    np.testing.assert_array_equal(known["cost_low"], known["cost"])
    np.testing.assert_array_equal(known["cost_high"], known["cost"])
    with pytest.raises(ValueError, match="fp_costs must be normalised FPcosts"):
        costs_at_prior(y, s, _estimate(0.3, [0.3, 0.3]), [0.0, 0.5])
    with pytest.raises(ValueError, match=r"harm must be a real number in \[0, inf\)"):
        net_benefit_at_prior(y, s, _estimate(0.3, [0.3, 0.3]), [0.2], harm=-1)


# Issue 30: errors that name the parameter or the situation.
def _labelled():
    rng = np.random.default_rng(0)
    y = np.repeat([0, 1], 20)
    return y, np.clip(rng.normal(0.3 + 0.4 * y, 0.2), 0.0, 1.0)


@pytest.mark.parametrize(
    ("harm", "error"), [("0.1", TypeError), (-0.1, ValueError), (float("nan"), ValueError)]
)
def test_net_benefit_at_prior_names_a_bad_harm(harm, error):
    y, s = _labelled()  # "0.1" gave numpy's "ufunc 'isfinite' not supported"
    with pytest.raises(error, match=r"^harm must be a real number in \[0, inf\), got "):
        net_benefit_at_prior(y, s, 0.3, [0.1, 0.2], harm=harm)


@pytest.mark.parametrize("prior", [0.3, float("nan")])
def test_costs_at_prior_refuses_an_estimate_whose_replicates_are_all_nan(prior):
    # a NaN band came back without a word (or an error about pcf, which the caller never gave)
    y, s = _labelled()
    est = PriorEstimate(prior, np.nan, np.nan, 0.95, "bbse", np.full(50, np.nan), 40)
    with pytest.raises(ValueError, match="^estimate has no finite bootstrap replicate"):
        costs_at_prior(y, s, est, [0.2, 0.5])
    with pytest.raises(ValueError, match="^estimate has no finite bootstrap replicate"):
        net_benefit_at_prior(y, s, est, [0.2])


def test_clip_prior_moves_only_the_ends_just_inside():
    from costlab.metrics import clip_prior

    assert clip_prior(0.0) == 1e-12 and clip_prior(1.0) == 1.0 - 1e-12
    assert clip_prior(0.25) == 0.25 and isinstance(clip_prior(0.25), float)
    np.testing.assert_array_equal(clip_prior([0.0, 0.5, 1.0]), [1e-12, 0.5, 1.0 - 1e-12])


def test_an_estimate_of_zero_is_read_at_clip_prior():
    from costlab.metrics import clip_prior, pcf_cost_proportion

    y = np.array([0, 0, 1, 1, 0, 1])
    s = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    r = np.array([0.3, 0.5])
    table = costs_at_prior(y, s, _estimate(0.0, [0.0, 0.1]), r)
    np.testing.assert_array_equal(table["pcf"], pcf_cost_proportion(r, clip_prior(0.0)))
