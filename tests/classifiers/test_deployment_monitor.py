"""DeploymentMonitor: the test martingale written out, false alarms over long unshifted streams,
a prior shift detected, and bad input named."""

import copy
import math

import numpy as np
import pytest
from sklearn.naive_bayes import GaussianNB

from costlab.classifiers import CostRangeThresholdClassifier, DeploymentMonitor


def _draw(rng, n, prior=0.3):
    y = (rng.random(n) < prior).astype(int)
    return rng.normal(size=(n, 2)) + 1.5 * y[:, None], y


@pytest.fixture(scope="module")
def deployed():
    """A model deployed at its training prior, and the true worst cost of its threshold."""
    rng = np.random.default_rng(0)
    X, y = _draw(rng, 5000)
    model = CostRangeThresholdClassifier(
        GaussianNB(), cost_range=(0.3, 0.6), cv=3, random_state=0, prior=0.3
    ).fit(X, y)
    X_big, y_big = _draw(rng, 400_000)
    decided = model.predict(X_big) == 1
    true = max(np.mean(np.where(y_big == 1, (1 - r) * ~decided, r * decided)) for r in (0.3, 0.6))
    return model, float(true)


SIZES = (50, 120, 80, 100, 100, 100, 100, 100, 100, 100)


def test_the_capital_is_the_mixture_of_martingales_started_at_each_batch(deployed):
    model, true = deployed
    rng = np.random.default_rng(1)
    alpha, delta = 0.045, 0.1  # the mixture crosses 4 / delta at the eighth batch
    monitor = DeploymentMonitor(model, alpha=alpha, delta=delta)
    starts = [[], []]  # per end: the log capital of the martingale started at each batch
    since = []  # per start: the losses seen since
    count, total, squares = [0, 0], [0.0, 0.0], [0.0, 0.0]
    crossed = []
    for size in SIZES:
        X, y = _draw(rng, size)
        monitor.update(X, y)
        decided = model.predict_proba(X)[:, 1] >= model.decision_threshold_
        since.append(0)
        mixture = []
        for end, r in enumerate((0.3, 0.6)):
            losses = [
                (1 - r) * (not d) if t == 1 else r * d for d, t in zip(decided, y, strict=True)
            ]
            starts[end].append(0.0)
            variance = (0.25 + squares[end]) / (count[end] + 1)
            for k in range(len(starts[end])):
                t = since[k] + size
                lam = min(
                    0.5 / alpha, math.sqrt(2 * math.log(4 / delta) / (variance * t * math.log1p(t)))
                )
                starts[end][k] += sum(math.log1p(lam * (loss - alpha)) for loss in losses)
            for loss in losses:
                count[end] += 1
                total[end] += loss
                squares[end] += (loss - (0.5 + total[end]) / (count[end] + 1)) ** 2
            mixture.append(
                math.log(sum(math.exp(c) / (k * (k + 1)) for k, c in enumerate(starts[end], 1)))
            )
        since = [n + size for n in since]
        assert monitor.history_["log_capital"].iloc[-1] == pytest.approx(max(mixture))
        crossed.append(max(mixture) >= math.log(4 / delta))
        assert (monitor.alarm_ is not None) == any(crossed)
    assert crossed == [False] * 7 + [True] * 3 and monitor.alarm_.startswith(
        "batch 8: the deployed"
    )
    assert monitor.history_["kind"].tolist() == ["labelled"] * len(SIZES)


def test_false_alarms_over_long_unshifted_streams_stay_below_delta(deployed):
    """alpha is the threshold's true worst cost (the hardest null); 100 streams of 30 labelled
    and 30 unlabelled batches each: the share of streams with any alarm is at most delta plus
    three Monte Carlo standard errors."""
    model, true = deployed
    rng = np.random.default_rng(2)
    delta, streams, alarmed = 0.1, 100, 0
    fresh = DeploymentMonitor(model, alpha=true, delta=delta)
    for _ in range(streams):
        monitor = copy.deepcopy(fresh)
        for _ in range(30):
            monitor.update(*_draw(rng, 100))
            monitor.observe(_draw(rng, 200)[0])
        alarmed += monitor.alarm_ is not None
    assert alarmed / streams <= delta + 3 * math.sqrt(delta * (1 - delta) / streams)


def test_a_prior_shift_fires_both_channels(deployed):
    model, true = deployed
    rng = np.random.default_rng(3)
    monitor = DeploymentMonitor(model, alpha=true, delta=0.1)
    assert monitor.safe_priors_[0] <= 0.3 <= monitor.safe_priors_[1]
    for batch in range(40):
        prior = 0.3 if batch < 5 else 0.6
        monitor.update(*_draw(rng, 100, prior))
        monitor.observe(_draw(rng, 200, prior)[0])
    history = monitor.history_
    assert not history["alarm"].iloc[:10].any()  # five unshifted steps: quiet
    unlabelled = history[history["kind"] == "unlabelled"]
    assert unlabelled["alarm"].iloc[5:7].any()  # the prior's interval leaves within two batches
    assert unlabelled["alarm"].iloc[5:].mean() > 0.6  # and mostly stays out
    assert history.loc[history["kind"] == "labelled", "alarm"].iloc[-1]  # the cost, later
    assert monitor.alarm_.startswith("batch 12: the deployment prior is in")
    shifted = unlabelled.iloc[-1]
    assert shifted["prior_low"] <= 0.6 <= shifted["prior_high"]


def test_bad_input_is_named(deployed):
    model, _ = deployed
    X, y = _draw(np.random.default_rng(4), 50)
    monitor = DeploymentMonitor(model, alpha=0.1)
    with pytest.raises(ValueError, match="must hold both classes"):
        monitor.update(X[y == 0], y[y == 0])
    with pytest.raises(ValueError, match="not the model's classes"):
        monitor.update(X, y + 5)
    for kwargs, match in (({"alpha": 0.0}, "alpha"), ({"alpha": 0.1, "delta": 1}, "delta")):
        with pytest.raises(ValueError, match=match):
            DeploymentMonitor(model, **kwargs)
    thesis = CostRangeThresholdClassifier(GaussianNB(), cost_range=(0.3, 0.6), cv=3)
    thesis.fit(*_draw(np.random.default_rng(5), 3000))
    with pytest.warns(UserWarning, match="prior channel will fire on unshifted data"):
        DeploymentMonitor(thesis, alpha=0.1)
