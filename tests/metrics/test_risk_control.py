"""Learn-then-Test over given thresholds: p-values against their formulas, the tests by hand,
and the guarantee in simulation against closed-form risks (issue 37, first slice)."""

import math

import numpy as np
import pytest
from scipy.stats import binom, norm

from costlab.metrics import hoeffding_bentkus_pvalue, learn_then_test


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


def _population_risk(t, prior, mu, r):
    """The expected cost of 'positive iff score >= t' for scores N(0, 1) (negatives) and
    N(mu, 1) (positives), prior the positives' share, at cost ratio r: closed form."""
    fn = prior * norm.cdf(t - mu)
    fp = (1 - prior) * norm.sf(t)
    return (1 - r) * fn + r * fp


@pytest.mark.parametrize("fwer", ["bonferroni", "fixed-sequence"])
@pytest.mark.parametrize("pvalue", ["hoeffding-bentkus", "hoeffding", "bentkus"])
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
        y = (rng.random(n) < prior).astype(int)
        y[:2] = [0, 1]
        s = rng.normal(mu * y, 1.0)
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
        ({"alpha": 0.1, "delta": 0.1, "cost_range": (0.6, 0.2)}, "r1 <= r2"),
        ({"alpha": 0.1, "delta": 0.1, "fp_cost": 0.5, "fwer": "holm"}, "fwer"),
    ):
        with pytest.raises(ValueError, match=match):
            learn_then_test(y, s, [0.5], **kwargs)
    with pytest.raises(ValueError):
        learn_then_test(np.zeros(10), s, [0.5], alpha=0.1, delta=0.1, fp_cost=0.5)


@pytest.mark.parametrize("pvalue", ["hoeffding-bentkus", "bentkus"])
def test_a_true_null_at_the_boundary_is_rejected_at_most_delta_of_the_time(pvalue):
    """One candidate whose true expected cost is just above alpha: every rejection is an
    error, so the rejection rate over 2,000 draws is the test's size, at most delta.
    Hoeffding-Bentkus is conservative here (losses in {0, 0.5}, its bound is for [0, 1]): its
    measured size is 0.002 at delta = 0.2, so p-values three times too small still pass this
    test, and only grossly invalid ones (a thousand times too small) fail it."""
    prior, mu, r, delta, n = 0.3, 1.5, 0.5, 0.2, 400
    t = np.array([1.2])
    alpha = float(_population_risk(t, prior, mu, r)[0]) - 0.005
    rng = np.random.default_rng(1)
    draws, rejections = 2000, 0
    for _ in range(draws):
        y = (rng.random(n) < prior).astype(int)
        y[:2] = [0, 1]
        s = rng.normal(mu * y, 1.0)
        control = learn_then_test(y, s, t, alpha=alpha, delta=delta, fp_cost=r, pvalue=pvalue)
        rejections += bool(control.table["passes"].iloc[0])
    assert rejections / draws <= delta + 3 * math.sqrt(delta * (1 - delta) / draws)
