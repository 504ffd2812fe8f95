"""Hand's H measure against the PyPI ``hmeasure`` port (R's algorithm) and direct integration."""

import numpy as np
import pytest
from conftest import import_or_skip
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from costlab.metrics.h_measure import h_measure, h_measure_report

hmeasure = import_or_skip("hmeasure")  # the PyPI port, a test dependency (required in CI)

data = st.integers(4, 80).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < n),
        st.lists(
            st.one_of(st.floats(0, 1), st.sampled_from([0.0, 0.2, 0.5, 1.0])),
            min_size=n,
            max_size=n,
        ),
    )
)


@settings(max_examples=200, deadline=None)
@given(data, st.sampled_from(["class_ratio", 0.3, 1.0, 2.5]))
def test_equals_the_hmeasure_package(sample, severity):
    y, s = np.array(sample[0]), np.array(sample[1], dtype=float)
    ours = h_measure(y, s, severity_ratio=severity)
    ratio = None if severity == "class_ratio" else severity
    theirs = hmeasure.h_score(y.astype(float), s, severity_ratio=ratio)
    assert ours == pytest.approx(theirs, abs=1e-9)


def brute_q(y, s, c):
    """min over every threshold of c pi0 FPR + (1 - c) pi1 FNR."""
    y = np.asarray(y, dtype=bool)
    pi1 = y.mean()
    best = np.inf
    for t in np.r_[np.unique(s), np.inf]:
        called = s >= t
        fpr, fnr = called[~y].mean(), (~called[y]).mean()
        best = min(best, c * (1 - pi1) * fpr + (1 - c) * pi1 * fnr)
    return best


def test_beta_2_2_default_equals_direct_integration():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 120)
    s = rng.normal(size=120) + y
    report = h_measure_report(y, s)
    assert (report.a, report.b) == (2.0, 2.0)
    pi1 = y.mean()
    num = integrate.quad(lambda c: brute_q(y, s, c) * stats.beta.pdf(c, 2, 2), 0, 1, limit=200)[0]
    den = integrate.quad(
        lambda c: min(c * (1 - pi1), (1 - c) * pi1) * stats.beta.pdf(c, 2, 2), 0, 1, points=[pi1]
    )[0]
    assert report.h == pytest.approx(1 - num / den, abs=1e-6)
    for c in (0.1, 0.37, 0.8):
        assert report.minimum_loss(c) == pytest.approx(brute_q(y, s, c), abs=1e-12)


def test_extremes_below_the_diagonal_and_tiny_negative_scores():
    y = np.array([0, 0, 0, 1, 1, 1])
    good = np.array([0.1, 0.2, 0.3, 0.7, 0.8, 0.9])
    assert h_measure(y, good) == pytest.approx(1.0)
    assert h_measure(y, -good) == pytest.approx(0.0, abs=1e-12)  # the port's behaviour
    flipped = h_measure_report(y, -good, flip_below_diagonal=True)  # R's
    assert flipped.flipped and flipped.h == pytest.approx(1.0)
    noisy = np.array([-3e-18, 0.2, 0.6, 0.3, 0.8, 0.9])  # Weka's noise: accepted
    report = h_measure_report(y, noisy)
    assert 0 < report.h < 1 and report.gini == pytest.approx(2 * report.auc - 1)
    assert 0 <= report.ks <= 1


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"a": 0}, "a and b must be > 0"),
        ({"severity_ratio": -1}, "severity_ratio must be"),
        ({"severity_ratio": "odds"}, "severity_ratio must be"),
    ],
)
def test_bad_input_is_named(kwargs, match):
    with pytest.raises(ValueError, match=match):
        h_measure([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6], **kwargs)
    with pytest.raises(ValueError, match="exactly two classes"):
        h_measure([1, 1], [0.1, 0.9])
