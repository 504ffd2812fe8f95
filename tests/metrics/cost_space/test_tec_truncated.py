"""Total expected cost under densities truncated to a PCF(+) range, the density as drawn, and
the lower envelope of ROC points given as rates (Drummond & Holte 2000, eq. 11 and Fig. 9).

Golden values are computed here independently: by hand for piecewise-linear cases, and by
adaptive quadrature of NE[C](x) p(x) with scipy's Beta density renormalised on the window.
"""

import numpy as np
import pytest
from scipy import integrate, stats

from costlab.metrics import (
    cost_envelope,
    cost_lines_envelope,
    hull_of_points,
    pcf_density,
    roc_convex_hull,
    total_expected_cost,
)
from costlab.metrics.engine.envelope import CostEnvelope

Y10 = [0] * 10 + [1] * 10
#: D&H Fig. 4's classifier B (FP = 0.3, TP = 0.7): NE[C] = 0.3 on its operating range [0.3, 0.7].
FIG4_B = roc_convex_hull(Y10, [1] * 3 + [0] * 7 + [1] * 7 + [0] * 3)
TRIVIAL = roc_convex_hull(Y10, [0] * 20)  # min(x, 1 - x)


def random_envelopes(n=6, size=80, seed=3):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        y = rng.integers(0, 2, size)
        y[:2] = (0, 1)
        out.append(cost_envelope(y, y * rng.uniform(0.2, 2) + rng.normal(0, 1, size)))
    return out


def brute_envelope(fpr, tpr, x):
    """min over the trivial classifiers' and every point's cost line, written out here."""
    lines = [x, 1 - x] + [(1 - t - f) * x + f for f, t in zip(fpr, tpr, strict=True)]
    return np.min(lines, axis=0)


def quadrature_tec(env, a, b, low, high):
    """TEC by quadrature against scipy's Beta pdf renormalised on [low, high] (its mass from the
    survival function, exact near PCF(+) = 1, where 1 - cdf would cancel)."""
    z = stats.beta.sf(low, a, b) - stats.beta.sf(high, a, b)
    knots = env.breakpoints[(env.breakpoints > low) & (env.breakpoints < high)]
    value, _ = integrate.quad(
        lambda t: float(env(t)) * stats.beta.pdf(t, a, b) / z,
        low,
        high,
        points=knots if knots.size else None,
        epsabs=1e-13,
        limit=200,
    )
    return value


def test_truncated_uniform_by_hand():
    # B's horizontal cost line is all that counts inside its operating range
    assert total_expected_cost(FIG4_B, ("uniform", 0.3, 0.7)) == pytest.approx(0.3, abs=1e-15)
    # min(x, 1 - x) averaged over [0.2, 0.6]: (0.105 + 0.045) / 0.4
    assert total_expected_cost(TRIVIAL, ("uniform", 0.2, 0.6)) == pytest.approx(0.375, abs=1e-14)
    assert total_expected_cost(TRIVIAL, ("uniform", 0.0, 0.5)) == pytest.approx(0.25, abs=1e-15)


def test_whole_window_is_the_untruncated_density():
    for env in random_envelopes(3):
        assert total_expected_cost(env, ("uniform", 0, 1)) == pytest.approx(
            total_expected_cost(env), abs=1e-15
        )
        assert total_expected_cost(env, ("beta", 2, 3, 0, 1)) == total_expected_cost(
            env, ("beta", 2, 3)
        )


@pytest.mark.parametrize(
    ("a", "b", "low", "high"),
    [(2, 2, 0.1, 0.9), (0.5, 0.5, 0.0, 0.4), (5, 1.5, 0.55, 1.0), (1, 1, 0.3, 0.35)],
)
def test_truncated_beta_equals_quadrature(a, b, low, high):
    for env in random_envelopes():
        expected = quadrature_tec(env, a, b, low, high)
        got = total_expected_cost(env, ("beta", a, b, low, high))
        assert got == pytest.approx(expected, abs=1e-9)


def test_narrow_window_near_one_keeps_its_precision():
    env = random_envelopes(1)[0]
    low, high = 0.999, 1.0  # near PCF(+) = 1: computed from the upper tails
    expected = quadrature_tec(env, 2, 5, low, high)
    assert total_expected_cost(env, ("beta", 2, 5, low, high)) == pytest.approx(expected, rel=1e-8)


def test_several_envelopes_under_a_truncated_density():
    envs = random_envelopes(3)
    table = total_expected_cost({"a": envs[0], "b": envs[1], "c": envs[2]}, ("uniform", 0.2, 0.8))
    single = [total_expected_cost(e, ("uniform", 0.2, 0.8)) for e in envs]
    assert table["tec"].tolist() == pytest.approx(single, abs=0)
    assert table["excess"].min() == 0


def test_pcf_density_is_the_renormalised_pdf():
    x = np.linspace(0.01, 0.99, 99)
    p = pcf_density(("beta", 2, 3, 0.2, 0.7), x)
    z = stats.beta.cdf(0.7, 2, 3) - stats.beta.cdf(0.2, 2, 3)
    inside = (x >= 0.2) & (x <= 0.7)
    assert np.allclose(p[inside], stats.beta.pdf(x[inside], 2, 3) / z, rtol=1e-12)
    assert np.all(p[~inside] == 0)
    mass, _ = integrate.quad(
        lambda t: pcf_density(("beta", 2, 3, 0.2, 0.7), t), 0, 1, points=[0.2, 0.7]
    )
    assert mass == pytest.approx(1.0, abs=1e-10)
    assert np.all(pcf_density(None, x) == 1.0)
    assert pcf_density(("uniform", 0.25, 0.75), 0.5) == pytest.approx(2.0, abs=1e-12)
    assert pcf_density(stats.beta(2, 2), 0.5) == pytest.approx(1.5, abs=1e-12)
    assert pcf_density(lambda t: 2 * t, 0.25) == 0.5


@pytest.mark.parametrize(
    ("density", "error", "match"),
    [
        (("uniform", 0.5, 0.5), ValueError, "density's range must have low < high"),
        (("uniform", -0.1, 0.5), ValueError, r"density's low must lie in \[0, 1\]"),
        (("beta", 2, 2, 0.2), ValueError, r"\('beta', a, b, low, high\)"),
        (("beta", 0, 2, 0.2, 0.4), ValueError, "density's Beta a must be"),
        (("beta", 200, 200, 0.0, 1e-300), ValueError, "has probability 0"),
        ("uniform", TypeError, "density must be None"),
    ],
)
def test_bad_truncated_densities(density, error, match):
    with pytest.raises(error, match=match):
        total_expected_cost(FIG4_B, density)
    with pytest.raises(error, match=match):
        pcf_density(density, 0.5)


def test_cost_lines_envelope_is_the_minimum_of_the_cost_lines():
    rng = np.random.default_rng(7)
    fpr, tpr = rng.uniform(0, 1, 12), rng.uniform(0, 1, 12)
    env = cost_lines_envelope(fpr, tpr)
    x = np.linspace(0, 1, 1001)
    assert np.allclose(env(x), brute_envelope(fpr, tpr, x), rtol=0, atol=1e-12)
    assert isinstance(env, CostEnvelope) and env.hull.n_neg == env.hull.n_pos == 1


def test_cost_lines_envelope_of_counts_matches_the_exact_hull():
    fp, tp, n_neg, n_pos = [1, 3, 2, 7], [6, 9, 5, 9], 10, 12
    exact = CostEnvelope.from_hull(hull_of_points(fp, tp, n_neg, n_pos))
    rates = cost_lines_envelope(np.array(fp) / n_neg, np.array(tp) / n_pos)
    assert np.allclose(rates.breakpoints, exact.breakpoints, atol=1e-14)
    assert rates.hull.fpr.tolist() == pytest.approx(exact.hull.fpr.tolist(), abs=1e-15)


@pytest.mark.parametrize(
    ("fpr", "tpr", "match"),
    [
        ([0.1, 0.2], [0.5], "fpr and tpr must be 1-D arrays of one length"),
        ([[0.1]], [[0.5]], "fpr and tpr must be 1-D arrays"),
        ([1.2], [0.5], r"fpr must lie in \[0, 1\]"),
        ([0.2], [np.nan], r"tpr must lie in \[0, 1\]"),
    ],
)
def test_cost_lines_envelope_names_bad_input(fpr, tpr, match):
    with pytest.raises(ValueError, match=match):
        cost_lines_envelope(fpr, tpr)
