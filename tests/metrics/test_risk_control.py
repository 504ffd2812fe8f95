"""Learn-then-Test over given thresholds: p-values against their formulas, the tests by hand,
and the guarantee in simulation against closed-form risks."""

import math

import numpy as np
import pytest
from _support import import_or_skip
from scipy.stats import binom, norm

from costlab.metrics import (
    betting_pvalue,
    cost_model,
    hoeffding_bentkus_pvalue,
    hull_candidates,
    learn_then_test,
    roc_convex_hull,
)


def test_p_values_are_their_formulas():
    n, alpha = 50, 0.25
    for r in (0.0, 0.1, 0.24, 0.3):
        a = min(r, alpha)
        h = (a * math.log(a / alpha) if a > 0 else 0.0) + (1 - a) * math.log((1 - a) / (1 - alpha))
        hoeffding = math.exp(-n * h)
        bentkus = math.e * binom.cdf(math.ceil(n * r), n, alpha)
        got = hoeffding_bentkus_pvalue([r], n, alpha, method="hoeffding")[0]
        assert got == pytest.approx(min(hoeffding, 1.0), rel=1e-12)
        got = hoeffding_bentkus_pvalue([r], n, alpha, method="bentkus")[0]
        assert got == pytest.approx(min(bentkus, 1.0), rel=1e-12)
        assert hoeffding_bentkus_pvalue([r], n, alpha)[0] == pytest.approx(
            min(hoeffding, bentkus, 1.0), rel=1e-12
        )
    p = hoeffding_bentkus_pvalue(np.linspace(0, 1, 21), n, alpha)
    assert np.all(np.diff(p) >= 0) and p.max() <= 1.0


def _problem():
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1, 0, 1])
    s = np.array([0.1, 0.2, 0.3, 0.6, 0.4, 0.7, 0.8, 0.9, 0.15, 0.95])
    return y, s


def test_risks_and_tests_by_hand():
    y, s = _problem()
    thresholds = [0.5, 0.35, 0.05]
    control = learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, fp_cost=0.4)
    for row in control.table.itertuples():
        fn = np.mean((s < row.threshold) & (y == 1))
        fp = np.mean((s >= row.threshold) & (y == 0))
        assert row.risk == pytest.approx(0.6 * fn + 0.4 * fp)
        assert row.p_value == hoeffding_bentkus_pvalue([row.risk], 10, 0.3)[0]
    bonferroni = control.table["p_value"] <= 0.5 / 3
    assert control.table["passes"].tolist() == bonferroni.tolist()
    sequence = learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, fp_cost=0.4,
                               fwer="fixed-sequence")  # fmt: skip
    first_fail = np.flatnonzero(sequence.table["p_value"] > 0.5)
    stop = first_fail[0] if first_fail.size else 3
    assert sequence.table["passes"].tolist() == [i < stop for i in range(3)]


def test_a_range_is_tested_at_its_ends_or_at_its_midpoint():
    y, s = _problem()
    t = [0.5, 0.35]
    worst = learn_then_test(y, s, t, alpha=0.3, delta=0.5, cost_range=(0.2, 0.6))
    ends = [learn_then_test(y, s, t, alpha=0.3, delta=0.5, fp_cost=r) for r in (0.2, 0.6)]
    np.testing.assert_array_equal(
        worst.table["p_value"], np.maximum(*(e.table["p_value"] for e in ends))
    )
    mean = learn_then_test(y, s, t, alpha=0.3, delta=0.5, cost_range=(0.2, 0.6), range_risk="mean")
    middle = learn_then_test(y, s, t, alpha=0.3, delta=0.5, fp_cost=0.4)
    np.testing.assert_array_equal(mean.table["risk"], middle.table["risk"])
    # the expected cost is linear in r: its mean over the range is its value at the midpoint
    grid = np.linspace(0.2, 0.6, 401)
    averaged = np.mean(
        [learn_then_test(y, s, t, alpha=0.3, delta=0.5, fp_cost=r).table["risk"] for r in grid],
        axis=0,
    )
    np.testing.assert_allclose(averaged, middle.table["risk"], rtol=1e-12)


def _draw(rng, n, prior, mu):
    """n calibration examples of the population of :func:`_population_risk`, both classes in."""
    y = (rng.random(n) < prior).astype(int)
    y[:2] = [0, 1]
    return y, rng.normal(mu * y, 1.0)


def _population_risk(t, prior, mu, r):
    """The expected cost of 'positive iff score >= t' for scores N(0, 1) (negatives) and
    N(mu, 1) (positives), prior the positives' share, at cost ratio r: closed form."""
    fn = prior * norm.cdf(t - mu)
    fp = (1 - prior) * norm.sf(t)
    return (1 - r) * fn + r * fp


@pytest.mark.parametrize("fwer", ["bonferroni", "fixed-sequence"])
@pytest.mark.parametrize("pvalue", ["hoeffding-bentkus", "hoeffding", "bentkus", "betting"])
def test_the_guarantee_holds_in_simulation(fwer, pvalue):
    """Over 1,000 calibration draws, a certified threshold whose true expected cost exceeds
    alpha occurs in at most delta of them (plus three Monte Carlo standard errors)."""
    prior, mu, r, alpha, delta, n = 0.3, 1.5, 0.5, 0.16, 0.1, 300
    thresholds = np.linspace(3.0, -1.0, 41)  # fixed in advance: most conservative first
    true = _population_risk(thresholds, prior, mu, r)
    assert true.min() < alpha < true.max()  # some candidates are good, some are not
    rng = np.random.default_rng(0)
    draws, failures = 1000, 0
    for _ in range(draws):
        y, s = _draw(rng, n, prior, mu)
        control = learn_then_test(y, s, thresholds, alpha=alpha, delta=delta, fp_cost=r,
                                  fwer=fwer, pvalue=pvalue)  # fmt: skip
        failures += bool(np.any(true[control.table["passes"].to_numpy()] > alpha))
    bound = delta + 3 * math.sqrt(delta * (1 - delta) / draws)
    assert failures / draws <= bound, failures / draws


def test_no_threshold_passes_and_bad_input_are_named():
    y, s = _problem()
    none = learn_then_test(y, s, [0.5, 0.35], alpha=0.01, delta=0.05, fp_cost=0.5)
    assert none.threshold is None and "no threshold passes" in none.reason
    assert none.passing.size == 0
    for kwargs, match in (
        ({"alpha": 1.0, "delta": 0.1, "fp_cost": 0.5}, "alpha"),
        ({"alpha": 0.1, "delta": 0.0, "fp_cost": 0.5}, "delta"),
        ({"alpha": 0.1, "delta": 0.1}, "exactly one of fp_cost and cost_range"),
        ({"alpha": 0.1, "delta": 0.1, "fp_cost": 0.5, "risk": "recall"}, "risk must be one of"),
        ({"alpha": 0.1, "delta": 0.1, "fp_cost": 0.5, "risk": "miss_rate"}, "takes no fp_cost"),
        ({"alpha": 0.1, "delta": 0.1, "fp_cost": 0.5, "pvalue": "wsr"}, "pvalue must be"),
        ({"alpha": 0.1, "delta": 0.1, "fp_cost": 0.5, "max_cost": 2.0}, "give costs with it"),
        ({"alpha": 0.1, "delta": 0.1, "cost_range": (0.6, 0.2)}, "r1 <= r2"),
        ({"alpha": 0.1, "delta": 0.1, "fp_cost": 0.5, "fwer": "holm"}, "fwer"),
    ):
        with pytest.raises(ValueError, match=match):
            learn_then_test(y, s, [0.5], **kwargs)
    with pytest.raises(ValueError):
        learn_then_test(np.zeros(10), s, [0.5], alpha=0.1, delta=0.1, fp_cost=0.5)


@pytest.mark.parametrize("pvalue", ["hoeffding-bentkus", "bentkus", "betting"])
def test_a_true_null_at_the_boundary_is_rejected_at_most_delta_of_the_time(pvalue):
    """One candidate whose true expected cost is just above alpha: every rejection is an
    error, so the rejection rate over 2,000 draws is the test's size, at most delta.
    Hoeffding-Bentkus is conservative here (losses in {0, 0.5}, its bound is for [0, 1]): its
    measured size is 0.002 at delta = 0.2, so p-values three times too small still pass this
    test, and only grossly invalid ones (a thousand times too small) fail it. Betting uses the
    losses' small variance: its measured size is 0.077, and its p-values divided by three fail.
    The 0/1 test below checks Bentkus's rejection rate exactly."""
    prior, mu, r, delta, n = 0.3, 1.5, 0.5, 0.2, 400
    t = np.array([1.2])
    alpha = float(_population_risk(t, prior, mu, r)[0]) - 0.005
    rng = np.random.default_rng(1)
    draws, rejections = 2000, 0
    for _ in range(draws):
        y, s = _draw(rng, n, prior, mu)
        control = learn_then_test(y, s, t, alpha=alpha, delta=delta, fp_cost=r, pvalue=pvalue)
        rejections += bool(control.table["passes"].iloc[0])
    assert rejections / draws <= delta + 3 * math.sqrt(delta * (1 - delta) / draws)


def test_the_betting_p_value_is_its_capital_process_written_out():
    rng = np.random.default_rng(3)
    alpha, delta = 0.3, 0.05
    for losses in (rng.random(40) * 0.5, rng.choice([0.0, 0.4, 0.6], 60), np.full(30, 0.35)):
        n = losses.size
        capital, best, total, squares = 1.0, 1.0, 0.0, 0.0
        sigma2 = 0.25
        for j, loss in enumerate(losses, start=1):
            nu = min(1.0, math.sqrt(2 * math.log(1 / delta) / (n * sigma2)))
            capital *= 1 - nu * (loss - alpha)
            best = max(best, capital)
            total += loss
            squares += (loss - (0.5 + total) / (j + 1)) ** 2
            sigma2 = (0.25 + squares) / (j + 1)
        got = betting_pvalue(losses, alpha, delta=delta)[0]
        assert got == pytest.approx(min(1.0, 1 / best), rel=1e-10)
    rows = rng.random((3, 25))
    np.testing.assert_array_equal(
        betting_pvalue(rows, 0.4), [betting_pvalue(row, 0.4)[0] for row in rows]
    )
    for bad, match in (([[-0.1, 0.2]], "losses must hold"), ([[]], "at least one loss")):
        with pytest.raises(ValueError, match=match):
            betting_pvalue(bad, 0.2)
    with pytest.raises(ValueError, match="delta"):
        betting_pvalue([0.1], 0.2, delta=1.5)


def test_per_example_costs_are_the_regret_over_its_bound():
    y, s = _problem()
    fp = np.linspace(1.0, 3.0, 10)
    fn = np.linspace(4.0, 0.5, 10)
    costs = cost_model(fp=fp, fn=fn, tp=0.2, tn=0.0)
    thresholds = [0.5, 0.35, 0.05]
    control = learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, costs=costs, max_cost=4.0)
    for row in control.table.itertuples():
        decided = s >= row.threshold
        regret = np.where(y == 1, (fn - 0.2) * ~decided, fp * decided)
        assert row.risk == pytest.approx(regret.mean() / 4.0)
    # class-level costs as a cost model: the same losses as fp_cost
    as_model = cost_model(fp=np.full(10, 0.4), fn=np.full(10, 0.6))
    for pvalue in ("hoeffding-bentkus", "betting"):
        by_model = learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, costs=as_model,
                                   max_cost=1.0, pvalue=pvalue)  # fmt: skip
        by_ratio = learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, fp_cost=0.4,
                                   pvalue=pvalue)  # fmt: skip
        pd_testing = by_model.table.compare(by_ratio.table)
        assert pd_testing.empty, pd_testing
    with pytest.raises(ValueError, match="costs needs max_cost"):
        learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, costs=costs)
    with pytest.raises(ValueError, match="below the regret of example 8"):
        learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, costs=costs, max_cost=2.5)
    with pytest.raises(ValueError, match="exactly one of fp_cost, cost_range and costs"):
        learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, costs=costs, max_cost=4.0,
                        fp_cost=0.5)  # fmt: skip


def test_the_rates_are_losses_of_one_class():
    y, s = _problem()
    thresholds = [0.5, 0.35]
    miss = learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, risk="miss_rate")
    alarm = learn_then_test(y, s, thresholds, alpha=0.3, delta=0.5, risk="false_alarm_rate")
    for t, m, a in zip(thresholds, miss.table["risk"], alarm.table["risk"], strict=True):
        assert m == np.mean(s[y == 1] < t) and a == np.mean(s[y == 0] >= t)
    np.testing.assert_array_equal(
        miss.table["p_value"], hoeffding_bentkus_pvalue(miss.table["risk"], 5, 0.3, binary=True)
    )


def test_hull_candidates_are_the_hull_in_a_fixed_order():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 300)
    s = rng.normal(y, 1.0)
    hull = roc_convex_hull(y, s).thresholds
    np.testing.assert_array_equal(hull_candidates(y, s), hull)
    ordered = hull_candidates(y, s, cost_range=(0.3, 0.6))
    assert sorted(ordered.tolist()) == sorted(hull.tolist())
    worst = learn_then_test(y, s, ordered, alpha=0.5, delta=0.5, cost_range=(0.3, 0.6))
    assert np.all(np.diff(worst.table["risk"]) >= 0)


def test_for_zero_one_losses_the_rejection_rate_is_the_exact_binomial_one():
    """The miss rate is a 0/1 loss, so the p-value is the binomial tail (no factor e) and the
    rejection event is "at most k* misses": its probability is a binomial CDF, close to delta,
    and the simulated rate must match it (p-values three times too small, or Bentkus's factor
    e put back, would fail here)."""
    n, alpha, delta, true_miss = 200, 0.3, 0.2, 0.3001
    k_star = max(k for k in range(n + 1) if binom.cdf(k, n, alpha) <= delta)
    exact = binom.cdf(k_star, n, true_miss)
    rng = np.random.default_rng(5)
    draws, rejections = 2000, 0
    for _ in range(draws):
        y = np.r_[np.ones(n, int), np.zeros(5, int)]
        s = np.r_[(rng.random(n) >= true_miss).astype(float), np.zeros(5)]
        control = learn_then_test(y, s, [0.5], alpha=alpha, delta=delta, risk="miss_rate",
                                  pvalue="bentkus")  # fmt: skip
        rejections += bool(control.table["passes"].iloc[0])
    se = math.sqrt(exact * (1 - exact) / draws)
    assert abs(rejections / draws - exact) <= 4 * se + 1e-3, (rejections / draws, exact)
    assert 0.5 * delta < exact <= delta  # near-exact: the size is close to delta


def test_p_values_equal_mapie_s_on_its_grid():
    """MAPIE 1.6's Learn-then-Test (an independent implementation) on the same candidates with
    the same p-values: costlab's p-values equal its own wherever MAPIE counts the losses
    exactly. MAPIE takes ``ceil(n * risk)`` of a float, which rounds an exact count up when
    the product lands a hair above it (53 * (14 / 53) = 14.000000000000002 -> 15); there
    costlab's p-value is smaller, so what MAPIE certifies, costlab certifies."""
    risk_control = import_or_skip("mapie.risk_control")
    rng = np.random.default_rng(6)
    grid = np.linspace(0, 0.99, 100)

    def predict(X):
        p = np.asarray(X, dtype=float)[:, 0]
        return np.c_[1 - p, p]

    compared = 0
    for mapie_risk, ours, target in (
        ("recall", "miss_rate", 0.8),
        ("fpr", "false_alarm_rate", 0.2),
    ):
        for n in (150, 600):
            y = (rng.random(n) < 0.3).astype(int)
            p = 1 / (1 + np.exp(-(np.log(3 / 7) + 1.5 * rng.normal(1.5 * y, 1) - 1.125)))
            controller = risk_control.BinaryClassificationController(
                predict_function=predict, risk=mapie_risk, target_level=target,
                confidence_level=0.9, fwer_method="bonferroni",
            )  # fmt: skip
            controller.calibrate(p[:, None], y)
            alpha = 1 - target if mapie_risk == "recall" else target
            control = learn_then_test(y, p, grid, alpha=alpha, delta=0.1, risk=ours)
            theirs = np.ravel(controller.p_values)
            got = control.table["p_value"].to_numpy()
            n_obs = int((y == 1).sum() if ours == "miss_rate" else (y == 0).sum())
            k = np.round(control.table["risk"].to_numpy() * n_obs)  # the exact loss counts
            hoeffding = hoeffding_bentkus_pvalue(k / n_obs, n_obs, alpha, method="hoeffding")
            rounded_up = np.minimum(hoeffding, binom.cdf(k + 1, n_obs, alpha))
            same = np.isclose(got, theirs, rtol=1e-10, atol=0)
            assert np.all(same | np.isclose(theirs, rounded_up, rtol=1e-10, atol=0))
            assert np.all(got <= theirs + 1e-15)
            valid = np.atleast_1d(controller.valid_predict_params).astype(float)
            assert set(valid.round(2)) <= set(control.passing.round(2))
            compared += int(same.sum())
    assert compared > 300
