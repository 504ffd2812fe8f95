"""Hand's H measure against the PyPI ``hmeasure`` port (R's algorithm) and direct integration."""

import numpy as np
import pytest
from _support import import_or_skip
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from costlab.metrics import h_measure, h_measure_report

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


def brute_ratio(y, s, c):
    """Q(c) over the better trivial classifier's loss at one cost ratio c in (0, 1)."""
    pi1 = np.mean(y)
    return brute_q(y, s, c) / min(c * (1 - pi1), (1 - c) * pi1)


@pytest.fixture
def noisy_sample():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 60)
    return y, np.round(rng.normal(size=60) + y, 1)  # rounded: tied scores too


@pytest.mark.parametrize("end, inside", [(0.0, 1e-7), (1.0, 1 - 1e-7)])
def test_point_mass_at_an_end_is_the_limit_of_point_masses_inside(noisy_sample, end, inside):
    y, s = noisy_sample
    h = h_measure(y, s, density=end)
    assert np.isfinite(h)
    assert h == pytest.approx(1 - brute_ratio(y, s, inside), abs=1e-6)
    assert 0 < h < 1  # neither trivially perfect nor trivially worthless on this sample


def test_point_mass_at_the_ends_reads_off_the_hull(noisy_sample):
    y, s = noisy_sample
    report = h_measure_report(y, s)
    hull = report.envelope.hull
    assert h_measure(y, s, density=0.0) == pytest.approx(1 - hull.fpr[hull.tpr == 1].min())
    assert h_measure(y, s, density=1.0) == pytest.approx(hull.tpr[hull.fpr == 0].max())


@pytest.mark.parametrize("low, high", [(0.999999, 1.0), (0.0, 1e-6), (0.0, 1e-300)])
def test_narrow_truncated_beta_at_an_end(noisy_sample, low, high):
    from costlab.metrics import BetaDensity

    y, s = noisy_sample
    h = h_measure(y, s, density=BetaDensity(2, 2, low, high))
    end = 1.0 if high == 1.0 else 0.0
    assert h == pytest.approx(h_measure(y, s, density=end), abs=1e-9)
    if high - low > 1e-100:  # brute force: both integrals over the window, by quadrature
        pi1 = np.mean(y)
        pdf = stats.beta(2, 2).pdf
        num = integrate.quad(lambda c: brute_q(y, s, c) * pdf(c), low, high)[0]
        den = integrate.quad(lambda c: min(c * (1 - pi1), (1 - c) * pi1) * pdf(c), low, high)[0]
        assert h == pytest.approx(1 - num / den, abs=1e-6)


@pytest.mark.parametrize(
    "kwargs, names",
    [
        ({"a": 3, "density": 0.5}, "a, density"),
        ({"b": 3, "density": ("beta", 2, 2)}, "b, density"),
        ({"severity_ratio": 2.0, "density": 0.5}, "severity_ratio, density"),
        ({"a": 3, "severity_ratio": "class_ratio"}, "a, severity_ratio"),
        ({"a": 2, "b": 2, "severity_ratio": 1.0}, "a, b, severity_ratio"),
    ],
)
def test_conflicting_ways_of_giving_the_density_are_refused(kwargs, names):
    with pytest.raises(ValueError, match=f"conflicting arguments {names}"):
        h_measure([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6], **kwargs)
    h_measure([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6], a=3)  # one way alone is fine
    h_measure([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6], a=3, b=1.5)
