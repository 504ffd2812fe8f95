"""Coverage of the intervals on what the thesis reports, by simulation against closed-form truths:
MTMCS at a ratio, MTMCR, CST and the chosen threshold (the measured numbers, with cost
sensitivity's, are in benchmarks/risk_control_results.md)."""

import numpy as np
from scipy.stats import norm

from costlab.metrics import bootstrap_mtmcs, bootstrap_thresholds, cst, mtmcr

MU, GRID = 1.5, np.round(np.arange(0.05, 0.951, 0.05), 2)


def _truth():
    """Scores N(0, 1) and N(MU, 1), equal priors: the optimal threshold at ratio r is
    MU / 2 + log(r / (1 - r)) / MU, and MTMCS its TMC."""
    t = MU / 2 + np.log(GRID / (1 - GRID)) / MU
    return 100 * ((1 - GRID) * norm.cdf(t - MU) + GRID * norm.sf(t)), t


def test_the_basic_intervals_cover_the_thesis_s_measures():
    """50 samples of 300 + 300, 150 resamples, 90 % intervals. The percentile interval of an
    in-sample minimum under-covers (its resamples are optimistic twice); the basic interval
    corrects that to first order: it covers MTMCS at 0.5, MTMCR and CST more often than the
    percentile one, though still below 90 % (0.80-0.82 over 200 samples in the benchmark;
    here, 0.86-0.92 over 50). The threshold's percentile interval covers the optimal
    threshold near 90 %."""
    truth, thresholds = _truth()
    inside = (GRID >= 0.3 - 1e-9) & (GRID <= 0.7 + 1e-9)
    targets = {"mtmcr": mtmcr(truth[inside]), "cst": cst(truth[inside])}
    rng = np.random.default_rng(0)
    sims, n = 50, 300
    covered = {}
    for k in range(sims):
        y = np.r_[np.zeros(n, int), np.ones(n, int)]
        s = np.r_[rng.normal(0, 1, n), rng.normal(MU, 1, n)]
        boot = bootstrap_mtmcs(y, s, n_resamples=150, confidence=0.9, random_state=k)
        for method in ("percentile", "basic"):
            band = boot.band(method)
            hit = band["low"][9] <= truth[9] <= band["high"][9]  # r = 0.5
            covered[f"mtmcs {method}"] = covered.get(f"mtmcs {method}", 0) + hit
            measures = boot.range_measures(0.3, 0.7, method=method).set_index("measure")
            for name, value in targets.items():
                hit = measures.loc[name, "low"] <= value <= measures.loc[name, "high"]
                covered[f"{name} {method}"] = covered.get(f"{name} {method}", 0) + hit
        chosen, _ = bootstrap_thresholds(y, s, fp_costs=[0.5], n_resamples=150, confidence=0.9,
                                         random_state=k)  # fmt: skip
        hit = chosen["low"][0] <= thresholds[9] <= chosen["high"][0]
        covered["threshold"] = covered.get("threshold", 0) + hit
    rate = {key: value / sims for key, value in covered.items()}
    for name in ("mtmcs", "mtmcr", "cst"):
        assert 0.7 <= rate[f"{name} basic"] <= 1.0, rate
        assert rate[f"{name} basic"] > rate[f"{name} percentile"], rate
    assert 0.75 <= rate["threshold"] <= 1.0, rate


def test_a_basic_interval_is_the_percentile_one_reflected():
    rng = np.random.default_rng(1)
    y = np.r_[np.zeros(80, int), np.ones(80, int)]
    s = np.r_[rng.normal(0, 1, 80), rng.normal(1, 1, 80)]
    boot = bootstrap_mtmcs(y, s, n_resamples=100, random_state=0)
    percentile, basic = boot.band("percentile"), boot.band("basic")
    np.testing.assert_allclose(basic["low"], 2 * basic["mtmcs"] - percentile["high"])
    np.testing.assert_allclose(basic["high"], 2 * basic["mtmcs"] - percentile["low"])
    p = boot.range_measures(0.3, 0.7).set_index("measure")
    b = boot.range_measures(0.3, 0.7, method="basic").set_index("measure")
    np.testing.assert_allclose(b["low"], 2 * b["estimate"] - p["high"])
    try:
        boot.band("bca")
    except ValueError as error:
        assert "method must be 'percentile' or 'basic'" in str(error)
    else:
        raise AssertionError("an unknown method must be refused")
