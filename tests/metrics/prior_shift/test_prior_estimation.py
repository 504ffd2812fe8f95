"""The deployment prior estimated from unlabelled scores (costlab.metrics.prior_shift.estimation).

Simulation against known truths: two Gaussian classes N(-1, 1) and N(+1, 1) (a log likelihood
ratio of 2x, so the posterior at training prior 1/2 is 1 / (1 + exp(-2x)), calibrated by
construction; at training prior pi the posterior's odds are multiplied by pi / (1 - pi)), a
labelled set at the training prior (1/2; 0.2 and 0.7 for EM), and unlabelled batches at priors
from 0.001 to 0.9.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize_scalar

from costlab.metrics import PriorEstimate, acc_prior, bbse_prior, em_prior, estimate_prior
from costlab.metrics.prior_shift import estimation

SEPARATION = 2.0


def sample(rng, n, prior, train_prior=0.5):
    """Labels and calibrated posteriors (at ``train_prior``) of ``n`` instances at ``prior``."""
    y = rng.random(n) < prior
    x = rng.normal(np.where(y, SEPARATION / 2, -SEPARATION / 2), 1.0)
    odds = train_prior / (1 - train_prior) * np.exp(SEPARATION * x)
    return y.astype(int), odds / (1 + odds)


@pytest.fixture(scope="module")
def labelled():
    return sample(np.random.default_rng(11), 50_000, 0.5)


# ----------------------------------------------------------------- the point estimators


def literal_em(p, train_prior, n_steps):
    """Saerens et al.'s EM update as written, step after step."""
    prior = train_prior
    for _ in range(n_steps):
        num = prior / train_prior * p
        post = num / (num + (1 - prior) / (1 - train_prior) * (1 - p))
        prior = post.mean()
    return prior


@pytest.mark.parametrize("prior", [0.05, 0.3, 0.7])
def test_em_is_the_limit_of_the_em_iteration_and_the_likelihood_maximum(prior):
    _, p = sample(np.random.default_rng(3), 5000, prior)
    got = em_prior(p, 0.5)
    assert got == pytest.approx(literal_em(p, 0.5, 5000), abs=1e-9)
    a, b = p / 0.5, (1 - p) / 0.5
    best = minimize_scalar(
        lambda q: -np.sum(np.log(q * a + (1 - q) * b)), bounds=(0, 1), method="bounded",
        options={"xatol": 1e-10},
    )  # fmt: skip
    assert got == pytest.approx(best.x, abs=1e-6)


def test_em_reaches_the_boundary_when_the_likelihood_is_monotone():
    assert em_prior([0.01, 0.02, 0.05], 0.5) == 0.0
    assert em_prior([0.99, 0.98, 1.0], 0.5) == 1.0


def test_em_with_another_training_prior_undoes_it():
    rng = np.random.default_rng(5)
    _, p = sample(rng, 100_000, 0.2, train_prior=0.9)  # calibrated at 0.9
    assert em_prior(p, 0.9) == pytest.approx(0.2, abs=0.01)
    assert em_prior(p, 0.5) != pytest.approx(0.2, abs=0.05)  # the wrong prior misleads it


@pytest.mark.parametrize("train_prior", [0.2, 0.7])
@pytest.mark.parametrize("prior", [0.05, 0.2, 0.5, 0.9])
def test_em_recovers_a_shifted_prior_from_another_training_prior(train_prior, prior):
    """Posteriors calibrated at a training prior of 0.2 or 0.7 (not 1/2): EM (Saerens et al.
    2002) recovers the batch's prior, the unshifted one included, with the training prior
    given or read from labels drawn at it."""
    rng = np.random.default_rng(int(100 * train_prior + 1000 * prior))
    y_train, _ = sample(rng, 20_000, train_prior, train_prior=train_prior)
    y_u, s_u = sample(rng, 20_000, prior, train_prior=train_prior)
    est = estimate_prior(s_u, train_prior=train_prior, n_resamples=200, random_state=0)
    spread = est.replicates.std(ddof=1)
    truth = y_u.mean()  # the batch's own share of positives
    assert abs(est.prior - truth) <= 4 * spread
    assert est.low <= truth <= est.high and spread < 0.01
    assert est.prior == pytest.approx(em_prior(s_u, train_prior))
    # the iteration as Saerens et al. write it converges to the same prior
    assert est.prior == pytest.approx(literal_em(s_u, train_prior, 3000), abs=1e-6)
    # the labels' share of positives is the training prior up to sampling noise
    from_labels = estimate_prior(s_u, y_true=y_train, n_resamples=20)
    assert abs(from_labels.prior - truth) <= 4 * spread + abs(y_train.mean() - train_prior)
    # read at the wrong training prior (1/2) the same posteriors mislead it
    assert abs(em_prior(s_u, 0.5) - truth) > 10 * spread


def test_bbse_binary_is_the_mean_score_between_the_class_means():
    y = np.array([0, 0, 0, 1, 1, 1, 1])
    s = np.array([0.1, 0.3, 0.2, 0.7, 0.9, 0.6, 0.8])
    u = np.array([0.2, 0.9, 0.4, 0.5])
    expected = (u.mean() - s[y == 0].mean()) / (s[y == 1].mean() - s[y == 0].mean())
    assert bbse_prior(y, s, u) == pytest.approx(expected, abs=1e-12)


def test_acc_by_hand():
    # TPR 2/2, FPR 1/3 at 0.5; 3 of 4 unlabelled at or above it: (3/4 - 1/3) / (2/3)
    got = acc_prior([0, 0, 0, 1, 1], [0.1, 0.2, 0.7, 0.8, 0.9], [0.9, 0.8, 0.1, 0.5])
    assert got == pytest.approx(0.625)
    assert acc_prior([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], [0.0, 0.0]) == 0.0  # clipped


def test_labels_are_read_with_pos_label():
    y = np.array(["b", "b", "a", "a"])
    s = np.array([0.1, 0.2, 0.8, 0.9])
    assert bbse_prior(y, s, [0.85, 0.15], pos_label="a") == pytest.approx(0.5)


# ----------------------------------------------------------------- simulation: known priors


@pytest.mark.parametrize("prior", [0.001, 0.01, 0.1, 0.3, 0.5])
@pytest.mark.parametrize("method", ["em", "bbse", "acc"])
def test_shifted_priors_are_recovered(labelled, method, prior):
    y_l, s_l = labelled
    rng = np.random.default_rng(int(prior * 1e4))
    _, s_u = sample(rng, 100_000, prior)
    est = estimate_prior(
        s_u, method=method, y_true=y_l, y_score=s_l, train_prior=0.5, n_resamples=200,
        confidence=0.99, random_state=1,
    )  # fmt: skip
    assert isinstance(est, PriorEstimate)
    spread = est.replicates.std()
    # the estimate is within 4 of its own bootstrap standard deviations of the truth, and the
    # truth inside the 99% interval
    assert abs(est.prior - prior) <= 4 * spread + 1e-4
    assert est.low - 1e-4 <= prior <= est.high + 1e-4
    # informative: the interval is narrow next to the whole range of priors
    assert est.high - est.low < 0.03
    # and the unadjusted count (classify and count) is far off where the prior has moved
    if prior < 0.3:
        assert abs(np.mean(s_u >= 0.5) - prior) > 8 * spread + 0.02


def test_em_recovers_the_smallest_prior_best(labelled):
    """At 0.001, EM (which reads the calibrated probabilities) is the sharpest of the three."""
    y_l, s_l = labelled
    _, s_u = sample(np.random.default_rng(9), 200_000, 0.001)
    widths = {
        m: np.ptp(estimate_prior(s_u, method=m, y_true=y_l, y_score=s_l, n_resamples=200).interval)
        for m in ("em", "bbse", "acc")
    }
    assert widths["em"] < min(widths["bbse"], widths["acc"])
    assert em_prior(s_u, 0.5) == pytest.approx(0.001, abs=0.0005)


# Coverage and spread over independent simulated deployments. Each draws a labelled set (400,
# at the training prior 1/2) and a batch (1,000, at prior 0.2) anew and takes a 90% interval
# from 200 resamples. The labelled set is smaller than the batch, so its sampling variance is
# the larger part of BBSE's and ACC's: a bootstrap that left it out (resampling the batch only)
# covers about 0.55 to 0.68 here and its replicates spread about 0.55 times as much as the
# estimator does (measured), where the complete bootstrap covers 0.88 to 0.91 with a ratio
# 0.98 to 1.05.
N_SIMS = 400
NOMINAL = 0.9
# the share of N_SIMS intervals covering is Binomial(N_SIMS, 0.9) / N_SIMS, standard deviation
# sqrt(0.9 * 0.1 / 400) = 0.015; the window is 0.9 +- 0.05, 3.3 of them (a correct interval
# falls outside with probability below 0.1%)
COVERAGE_WINDOW = (0.85, 0.95)
# the Monte-Carlo standard deviation of the estimator over N_SIMS samples is itself uncertain
# by about 1 / sqrt(2 (N_SIMS - 1)) = 3.5% of it; the mean bootstrap standard deviation must
# match it within 15% (4 of those), well away from the 0.55 of a missing labelled component
SPREAD_WINDOW = (0.85, 1.15)


@pytest.fixture(scope="module")
def simulated_deployments():
    """Per method: (share of intervals covering, estimates, bootstrap standard deviations)."""
    rng = np.random.default_rng(2024)
    found = {m: ([], [], []) for m in ("em", "bbse", "acc")}
    for i in range(N_SIMS):
        y_l, s_l = sample(rng, 400, 0.5)
        _, s_u = sample(rng, 1000, 0.2)
        for method, (covers, points, spreads) in found.items():
            est = estimate_prior(
                s_u, method=method, y_true=y_l, y_score=s_l, train_prior=0.5,
                n_resamples=200, confidence=NOMINAL, random_state=i,
            )  # fmt: skip
            covers.append(est.low <= 0.2 <= est.high)
            points.append(est.prior)
            spreads.append(est.replicates.std(ddof=1))
    return {m: tuple(np.asarray(v) for v in values) for m, values in found.items()}


@pytest.mark.parametrize("method", ["em", "bbse", "acc"])
def test_intervals_cover_at_their_nominal_rate(simulated_deployments, method):
    """90% intervals over 400 independent simulated deployments cover the true prior 0.2 in
    85% to 95% of them (the binomial window above)."""
    covers, _, _ = simulated_deployments[method]
    low, high = COVERAGE_WINDOW
    assert low <= covers.mean() <= high, covers.mean()


@pytest.mark.parametrize("method", ["em", "bbse", "acc"])
def test_replicates_spread_as_the_estimator_does(simulated_deployments, method):
    """The bootstrap standard deviation (mean over the deployments) against the Monte-Carlo
    standard deviation of the estimate over the independent deployments: every source of
    sampling variance (the batch, and the labelled set for BBSE and ACC) must be in the
    replicates."""
    _, points, spreads = simulated_deployments[method]
    ratio = spreads.mean() / points.std(ddof=1)
    low, high = SPREAD_WINDOW
    assert low <= ratio <= high, ratio


# ----------------------------------------------------------------- determinism


@pytest.mark.parametrize("method", ["em", "bbse", "acc"])
def test_seeded_and_independent_of_blocking(labelled, method, monkeypatch):
    y_l, s_l = labelled
    _, s_u = sample(np.random.default_rng(1), 3000, 0.2)
    kwargs = dict(method=method, y_true=y_l[:2000], y_score=s_l[:2000], n_resamples=50)
    first = estimate_prior(s_u, random_state=7, **kwargs)
    again = estimate_prior(s_u, random_state=7, **kwargs)
    np.testing.assert_array_equal(first.replicates, again.replicates)
    monkeypatch.setattr(estimation, "_CHUNK", 3000 * 7)  # blocks of 7 resamples
    blocked = estimate_prior(s_u, random_state=7, **kwargs)
    np.testing.assert_array_equal(first.replicates, blocked.replicates)
    other = estimate_prior(s_u, random_state=8, **kwargs)
    assert not np.array_equal(first.replicates, other.replicates)


@pytest.mark.parametrize("method", ["bbse", "acc"])
def test_each_replicate_has_its_own_labelled_resample_when_a_class_outnumbers_the_batch(method):
    """A labelled class of 4,500 rows and a batch of 300 (issue 30: the labelled resamples were
    drawn in blocks sized for the batch, too few of them, and the shapes did not match)."""
    rng = np.random.default_rng(12)
    y_l, s_l = sample(rng, 9000, 0.5)
    assert min(np.bincount(y_l)) > 4000
    _, s_u = sample(rng, 300, 0.3)
    est = estimate_prior(s_u, method=method, y_true=y_l, y_score=s_l)
    assert est.replicates.shape == (1000,)
    assert np.isfinite(est.replicates).all()
    assert est.low < 0.3 < est.high
    if method == "bbse":
        # a constant batch: each replicate's spread comes from its labelled resample alone
        const = estimate_prior(np.full(300, 0.6), method=method, y_true=y_l, y_score=s_l)
        assert np.unique(const.replicates).size == 1000  # no labelled resample reused


def test_a_class_of_millions_gets_a_resample_per_replicate():
    """Past 2e6 rows a class, the blocked draws reused one labelled resample for all the
    replicates of a block."""
    y = np.repeat([0, 1], 2_100_000)
    s = np.random.default_rng(13).random(y.size) * 0.5 + 0.5 * y
    est = estimate_prior(
        np.full(50, 0.6), method="bbse", y_true=y, y_score=s, n_resamples=4, random_state=0
    )
    assert np.unique(est.replicates).size == 4


# ----------------------------------------------------------------- bad input


def test_errors_name_the_parameter(labelled):
    y_l, s_l = labelled
    with pytest.raises(ValueError, match="y_score_unlabelled is empty"):
        estimate_prior([], train_prior=0.5)
    with pytest.raises(ValueError, match=r"y_score_unlabelled must be probabilities .* \[0, 1\]"):
        estimate_prior([0.2, 1.7], train_prior=0.5)
    with pytest.raises(ValueError, match=r"y_score_unlabelled must be probabilities"):
        estimate_prior([0.2, -0.1], method="bbse", y_true=y_l, y_score=s_l)
    with pytest.raises(ValueError, match=r"y_score must be probabilities"):
        estimate_prior([0.2, 0.4], method="bbse", y_true=[0, 1], y_score=[-1.0, 3.0])
    for bad in (0.0, 1.0, 1.5, -0.2, np.nan):
        with pytest.raises(ValueError, match="train_prior must be a probability strictly between"):
            estimate_prior([0.2, 0.4], train_prior=bad)
    with pytest.raises(ValueError, match="needs train_prior"):
        estimate_prior([0.2, 0.4])
    with pytest.raises(ValueError, match="y_true and y_score .* are required"):
        estimate_prior([0.2, 0.4], method="acc")
    with pytest.raises(ValueError, match="method must be one of"):
        estimate_prior([0.2, 0.4], method="cc", train_prior=0.5)
    with pytest.raises(ValueError, match="carries no information"):
        acc_prior([0, 1, 0, 1], [0.9, 0.9, 0.1, 0.1], [0.5])
    with pytest.raises(ValueError, match="n_resamples"):
        estimate_prior([0.2, 0.4], train_prior=0.5, n_resamples=1)
    with pytest.raises(ValueError, match="threshold must be a finite number"):
        acc_prior([0, 1], [0.2, 0.8], [0.5], threshold="high")
    # ACC takes any real scores (it only thresholds them)
    assert 0.0 <= acc_prior([0, 0, 1, 1], [-3.0, -1.0, 2.0, 5.0], [4.0, -2.0], threshold=0.0) <= 1


def test_em_reads_the_training_prior_from_labels(labelled):
    y_l, s_l = labelled
    _, s_u = sample(np.random.default_rng(4), 4000, 0.3)
    from_labels = estimate_prior(s_u, y_true=y_l, n_resamples=20)
    assert from_labels.prior == pytest.approx(em_prior(s_u, y_l.mean()))
    assert "em" in str(from_labels) and "4000 unlabelled" in str(from_labels)
