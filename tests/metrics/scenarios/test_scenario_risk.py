"""Cost densities, scenario curves and risk (Johnson et al. 2015, sec. 3.2-3.3), against independent
computations: quadrature of the definitions, brute force over every threshold."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from costlab.metrics import (
    BetaDensity,
    FunctionDensity,
    PointMass,
    TruncatedExponential,
    classifier_risk,
    cost_envelope,
    h_measure,
    instance_risk,
    scenario_curve,
    scenario_curves,
    scenario_densities,
    total_expected_cost,
)


def _data(n=300, seed=0, pi1=0.3, ties=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < pi1).astype(int)
    y[:2] = [0, 1]
    s = rng.normal(size=n) + 1.2 * y
    if ties:
        s = np.round(s, 1)
    return y, s


def _brute_q(y, s, c):
    """Q(c) = min over every threshold (all ROC points, not the hull) of the eq. 5 loss."""
    y = np.asarray(y)
    pi1 = y.mean()
    pi0 = 1 - pi1
    cuts = np.concatenate(([np.inf], np.unique(s)[::-1], [-np.inf]))
    fpr = np.array([np.mean(s[y == 0] >= t) for t in cuts])
    tpr = np.array([np.mean(s[y == 1] >= t) for t in cuts])
    c = np.atleast_1d(c)[:, None]
    return np.min(c * pi0 * fpr + (1 - c) * pi1 * (1 - tpr), axis=1)


DENSITIES = [
    BetaDensity(2, 2),
    BetaDensity(0.7, 3.5),
    BetaDensity(2, 2, 0.0, 0.5),
    BetaDensity(3, 1.5, 0.2, 0.9),
    TruncatedExponential(4.0),
    TruncatedExponential(-2.5),
    TruncatedExponential(0.0),
]


@pytest.mark.parametrize("u", DENSITIES, ids=lambda u: u.name)
def test_moments_equal_quadrature_of_the_pdf(u):
    c = np.array([0.0, 0.13, 0.37, 0.5, 0.81, 1.0])
    m0, m1 = u.moments(c)
    for k, ck in enumerate(c):
        q0 = integrate.quad(lambda x: x * u.pdf(np.array(x)), 0, ck, points=[0.2, 0.5, 0.9])[0]
        q1 = integrate.quad(lambda x: (1 - x) * u.pdf(np.array(x)), 0, ck, points=[0.2, 0.5, 0.9])[
            0
        ]
        assert m0[k] == pytest.approx(q0, abs=1e-9)
        assert m1[k] == pytest.approx(q1, abs=1e-9)
    assert m0[-1] + m1[-1] == pytest.approx(1.0, abs=1e-12)


def test_beta_density_is_scipys_beta():
    c = np.linspace(0.01, 0.99, 7)
    assert np.allclose(BetaDensity(2.5, 1.5).pdf(c), stats.beta(2.5, 1.5).pdf(c), rtol=1e-12)
    # Johnson et al. write Beta(2, 2) as "1/6 c (1 - c)": the normalised density is 6 c (1 - c)
    assert np.allclose(BetaDensity(2, 2).pdf(c), 6 * c * (1 - c))


@pytest.mark.parametrize("mean", [0.05, 0.3, 0.5, 0.8])
def test_truncated_exponential_with_mean(mean):
    u = TruncatedExponential.with_mean(mean)
    assert integrate.quad(lambda x: x * u.pdf(np.array(x)), 0, 1)[0] == pytest.approx(
        mean, abs=1e-9
    )


def test_function_density_normalises_and_matches_beta():
    f = FunctionDensity(lambda c: c * (1 - c))  # unnormalised Beta(2, 2)
    c = np.array([0.9, 0.2, 0.5])
    for got, want in zip(f.moments(c), BetaDensity(2, 2).moments(c), strict=True):
        assert np.allclose(got, want, atol=1e-10)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: BetaDensity(0, 2), "a must be"),
        (lambda: BetaDensity(2, 2, 0.6, 0.4), "low and high"),
        (lambda: PointMass(1.5), "at must lie"),
        (lambda: TruncatedExponential.with_mean(1.0), "mean must lie"),
        (lambda: FunctionDensity(lambda c: -1.0), ">= 0"),
        (lambda: scenario_densities(0.0), "pi1 must lie"),
    ],
)
def test_bad_densities_are_refused(make, message):
    with pytest.raises(ValueError, match=message):
        make()


@pytest.mark.parametrize("u", [*DENSITIES, PointMass(0.3), PointMass(0.8)], ids=lambda u: u.name)
def test_h_with_any_density_equals_brute_force(u):
    y, s = _data(ties=True)
    pi1 = y.mean()
    if u.atoms:
        c0 = u.atoms[0][0]
        want = 1 - _brute_q(y, s, c0)[0] / min(c0 * (1 - pi1), (1 - c0) * pi1)
    else:
        breaks = [0.2, 0.5, 0.9, pi1]

        def quad(f):
            return integrate.quad(
                lambda c: f(c) * u.pdf(np.array(c)), 0, 1, points=breaks, limit=500
            )[0]

        loss = quad(lambda c: _brute_q(y, s, c)[0])
        trivial = quad(lambda c: min(c * (1 - pi1), (1 - c) * pi1))
        want = 1 - loss / trivial
    assert h_measure(y, s, density=u) == pytest.approx(want, abs=1e-7)


def test_default_density_is_hands_beta_2_2():
    y, s = _data(seed=3)
    assert h_measure(y, s, density=BetaDensity(2, 2)) == pytest.approx(h_measure(y, s), abs=1e-15)


@pytest.mark.parametrize("axis", ["pcf", "c"])
@pytest.mark.parametrize(
    "name", ["Beta(2, 2)", "class ratio", "minority costlier", "inverse prior"]
)
def test_scenario_curve_area_is_one_minus_h(name, axis):
    y, s = _data(seed=1)
    u = scenario_densities(y.mean())[name]
    curve = scenario_curve(y, s, density=u, axis=axis)
    x, height = curve.curve(n=200001)
    assert integrate.trapezoid(height, x) == pytest.approx(curve.loss, abs=2e-5)
    assert curve.loss == pytest.approx(1 - h_measure(y, s, density=u), abs=1e-12)


@pytest.mark.parametrize("axis", ["pcf", "c"])
def test_cost_curve_scenario_is_the_envelope_with_area_tec(axis):
    y, s = _data(seed=2)
    curve = scenario_curve(y, s, density="cost curve", axis=axis)
    x, height = curve.curve(n=200001)
    assert integrate.trapezoid(height, x) == pytest.approx(curve.loss, abs=2e-5)
    assert curve.loss == pytest.approx(total_expected_cost(cost_envelope(y, s)), abs=1e-12)
    if axis == "pcf":
        assert np.allclose(height, cost_envelope(y, s)(x))
        assert height.max() <= 0.5 + 1e-12  # under the trivial classifiers


def test_johnson2015_claim_h_is_the_cost_curve_area_only_in_one_case():
    """Sec. 3.1: "the H Measure is equivalent to the area under the lower envelope of the
    cost curve with uniform u(c)". With balanced classes and uniform u, 1 - H = TEC / TEC of
    the trivial classifiers (1/4); with unbalanced classes, or Beta(2, 2), it is not."""
    uniform = BetaDensity(1, 1)
    y = np.r_[np.zeros(200, int), np.ones(200, int)]
    s = np.random.default_rng(4).normal(size=400) + 1.5 * y
    tec = total_expected_cost(cost_envelope(y, s))
    assert 1 - h_measure(y, s, density=uniform) == pytest.approx(tec / 0.25, abs=1e-12)
    assert abs(1 - h_measure(y, s) - tec / 0.25) > 1e-3
    y2, s2 = _data(n=400, pi1=0.2, seed=4)
    tec2 = total_expected_cost(cost_envelope(y2, s2))
    assert abs(1 - h_measure(y2, s2, density=uniform) - tec2 / 0.25) > 1e-3


def test_point_mass_scenario_is_a_spike_of_the_normalised_loss():
    y, s = _data(seed=5)
    curve = scenario_curve(y, s, density=0.3)
    ((x0, height),) = curve.atoms()
    assert height == pytest.approx(curve.loss, abs=1e-12)
    assert np.all(curve.curve(101)[1] == 0)


@pytest.mark.parametrize("end", [0.0, 1.0])
def test_point_mass_at_an_end_is_a_finite_spike_of_its_limit(end):
    y, s = _data(seed=5, ties=True)
    curve = scenario_curve(y, s, density=end, axis="c")
    inside = 1e-7 if end == 0.0 else 1 - 1e-7
    assert curve.loss == pytest.approx(scenario_curve(y, s, density=inside).loss, abs=1e-5)
    assert curve.atoms() == [(end, pytest.approx(curve.loss, abs=1e-12))]
    assert np.all(curve.curve(101)[1] == 0)
    assert 0 < curve.loss < 1


def test_scenario_curves_names_and_peak():
    y, s = _data(seed=6)
    curves = scenario_curves(y, s, {**scenario_densities(y.mean()), "cost curve": "cost curve"})
    assert list(curves) == [
        "Beta(2, 2)",
        "class ratio",
        "minority costlier",
        "inverse prior",
        "cost curve",
    ]
    x, height, vertex = curves["Beta(2, 2)"].peak()
    xs, hs = curves["Beta(2, 2)"].curve(4001)
    assert height == pytest.approx(hs.max())
    env = curves["Beta(2, 2)"].envelope
    assert env.breakpoints[vertex] <= x <= env.breakpoints[vertex + 1]


def test_scenario_curve_rejects_bad_input():
    y, s = _data()
    with pytest.raises(ValueError, match="axis must be"):
        scenario_curve(y, s, axis="prior")
    with pytest.raises(ValueError, match="density given as a string"):
        scenario_curve(y, s, density="beta")
    with pytest.raises(ValueError, match="x must lie"):
        scenario_curve(y, s)(1.5)
    with pytest.raises(ValueError, match="y_score"):
        scenario_curve(y, np.where(y == 1, np.nan, s))


@pytest.mark.parametrize(
    "u", [BetaDensity(2, 2), TruncatedExponential(3.0), PointMass(0.4)], ids=str
)
def test_classifier_risk_is_eq_10_by_quadrature(u):
    y, s = _data(seed=7, ties=True)
    pi1 = y.mean()
    table = classifier_risk(y, s, density=u)
    assert table["normalized_risk"].sum() == pytest.approx(
        1 - h_measure(y, s, density=u), abs=1e-12
    )
    assert np.all(table["risk"] >= -1e-15)
    if u.atoms:
        c0 = u.atoms[0][0]
        row = table[(table.c_from < c0) & (c0 <= table.c_to)].iloc[0]
        assert row.risk == pytest.approx(c0 * (1 - pi1) * row.fpr + (1 - c0) * pi1 * (1 - row.tpr))
        return
    for row in table.itertuples():

        def loss(c, fpr=row.fpr, tpr=row.tpr):
            return (c * (1 - pi1) * fpr + (1 - c) * pi1 * (1 - tpr)) * u.pdf(np.array(c))

        assert row.risk == pytest.approx(integrate.quad(loss, row.c_from, row.c_to)[0], abs=1e-10)


def test_instance_risk_by_brute_force():
    y, s = _data(n=120, seed=8, ties=True)
    vertices = classifier_risk(y, s)
    table = instance_risk(y, s)
    riskiest = vertices["risk"].idxmax()
    for i in range(y.size):
        called = s[i] >= vertices["threshold"].to_numpy()
        wrong = called != bool(y[i])
        assert table["risk"][i] == pytest.approx(vertices["risk"][wrong].sum(), abs=1e-15)
        assert table["n_classifiers"][i] == wrong.sum()
        assert table["riskiest"][i] == wrong[riskiest]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.integers(-5, 5)), min_size=2, max_size=40),
    st.floats(0.2, 5),
    st.floats(0.2, 5),
)
def test_risk_properties(pairs, a, b):
    y = np.array([p for p, _ in pairs], dtype=int)
    if y.min() == y.max():
        y[0] = 1 - y[0]
    s = np.array([v for _, v in pairs], dtype=float)
    u = BetaDensity(a, b)
    vertices = classifier_risk(y, s, density=u)
    inst = instance_risk(y, s, density=u)
    assert np.all(vertices["risk"] >= -1e-15)
    assert np.all(inst["risk"] <= vertices["risk"].sum() + 1e-12)
    assert 0 <= vertices["normalized_risk"].sum() <= 1 + 1e-9


# --- the ends of the cost range: a point mass at c = 0 or 1, a density infinite at an end ------


def _pushed_inside(c, eps=1e-7):
    return eps if c == 0.0 else 1.0 - eps


@pytest.mark.parametrize("c", [0.0, 1.0])
def test_risks_under_a_point_mass_at_an_end_are_the_limit_from_inside(c):
    """Issue 33: a point mass at c = 0 or 1 gave NaN normalised risks (0 / 0) with a warning;
    they are the limit as the mass moves inside, and still sum to 1 - H."""
    y, s = _data(ties=True)
    with np.errstate(all="raise"):
        at_end = classifier_risk(y, s, density=PointMass(c))
    inside = classifier_risk(y, s, density=PointMass(_pushed_inside(c)))
    assert np.isfinite(at_end["normalized_risk"]).all()
    assert at_end["normalized_risk"].sum() == pytest.approx(1 - h_measure(y, s, density=c))
    np.testing.assert_allclose(at_end["normalized_risk"], inside["normalized_risk"], atol=1e-5)
    assert (at_end["normalized_risk"] > 0).sum() == 1  # one vertex is optimal at the end


@pytest.mark.parametrize("c", [0.0, 1.0])
def test_instance_risks_under_a_point_mass_at_an_end_are_the_limit_from_inside(c):
    y, s = _data(ties=True)
    with np.errstate(all="raise"):
        at_end = instance_risk(y, s, density=PointMass(c))
    inside = instance_risk(y, s, density=PointMass(_pushed_inside(c)))
    np.testing.assert_allclose(at_end["normalized_risk"], inside["normalized_risk"], atol=1e-5)
    assert at_end["riskiest"].tolist() == inside["riskiest"].tolist()
    assert at_end["riskiest"].any()  # the vertex optimal at the end misclassifies someone


@pytest.mark.parametrize("a, b", [(0.7, 3.5), (3.5, 0.7), (0.5, 0.5)])
def test_a_scenario_curve_is_zero_where_its_beta_density_is_infinite(a, b):
    """Issue 33/34: Beta(a, b) with a or b below 1 is infinite at an end, where NE[C] is 0;
    the curve there is the limit 0, not NaN, and the area is unchanged."""
    y, s = _data()
    curve = scenario_curve(y, s, density=("beta", a, b))
    with np.errstate(all="raise"):
        ends = curve(np.array([0.0, 1.0]))
    assert ends.tolist() == [0.0, 0.0]
    x, height = curve.curve()
    assert np.isfinite(height).all()
    assert curve.loss == pytest.approx(1 - h_measure(y, s, a=a, b=b))
