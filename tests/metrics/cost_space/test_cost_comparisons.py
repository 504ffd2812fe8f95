"""Comparing, integrating, averaging cost curves and choosing operating points (Drummond & Holte
2000, sec. 2.2): hand-checked examples, brute force over every threshold, numerical quadrature,
and the errors at the public boundary."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

import costlab.metrics as metrics
from costlab.metrics import (
    CostEnvelope,
    average_envelopes,
    cost_envelope,
    crossovers,
    envelope_difference,
    joint_envelope,
    neyman_pearson,
    roc_convex_hull,
    total_expected_cost,
    vertical_roc_average,
    winning_ranges,
    workforce,
)
from costlab.metrics.cost_space import area as cost_area
from costlab.metrics.cost_space import averaging as cost_average
from costlab.metrics.cost_space import comparisons as cost_compare
from costlab.metrics.cost_space import criteria as cost_criteria

# -- helpers -------------------------------------------------------------------------------------


def hull_of(vertices, n_neg, n_pos):
    """The ROC hull of a classifier made to have these (fp, tp) count vertices (convex, fp and
    tp increasing): each vertex's new negatives and positives share one score."""
    y, s = [], []
    previous = (0, 0)
    points = [*vertices, (n_neg, n_pos)]
    for i, (fp, tp) in enumerate(points):
        score = len(points) - i
        y += [0] * (fp - previous[0]) + [1] * (tp - previous[1])
        s += [score] * (fp - previous[0] + tp - previous[1])
        previous = (fp, tp)
    return roc_convex_hull(y, s)


def every_cut(y, s):
    """(fpr, tpr) of every threshold 'positive iff score >= t', plus (0, 0): no cleverness."""
    y = np.asarray(y, dtype=bool)
    s = np.asarray(s, dtype=float)
    points = [(0.0, 0.0)]
    for t in np.unique(s):
        called = s >= t
        points.append(((called & ~y).sum() / (~y).sum(), (called & y).sum() / y.sum()))
    return np.array(points)


def brute_envelope(y, s, x):
    """min over every cut's cost line (D&H eq. 8) at each x."""
    pts = every_cut(y, s)
    x = np.asarray(x, dtype=float)
    return ((1 - pts[:, 1] - pts[:, 0])[None, :] * x[:, None] + pts[:, 0][None, :]).min(axis=1)


A = hull_of([(1, 5)], 10, 10)  # ROC point (0.1, 0.5): cost line 0.4 x + 0.1
B = hull_of([(5, 9)], 10, 10)  # ROC point (0.5, 0.9): cost line 0.5 - 0.4 x
A_env = CostEnvelope.from_hull(A)

scores = st.one_of(st.integers(0, 6).map(float), st.floats(-10, 10, allow_nan=False))


def labelled(min_size=2, max_size=40):
    return st.integers(min_size, max_size).flatmap(
        lambda n: st.tuples(
            st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < len(v)),
            st.lists(scores, min_size=n, max_size=n),
        )
    )


def two_on_one_sample():
    """Labels and two score vectors for them (two classifiers on one test set)."""
    return st.integers(2, 40).flatmap(
        lambda n: st.tuples(
            st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < len(v)),
            st.lists(scores, min_size=n, max_size=n),
            st.lists(scores, min_size=n, max_size=n),
        )
    )


def envelope(ys):
    return cost_envelope(np.asarray(ys[0], dtype=int), ys[1])


xs = st.lists(st.floats(0, 1), min_size=1, max_size=20)


# -- differences and crossovers (D&H 2.2, Figs. 4-6) ---------------------------------------------


def test_difference_of_two_crossing_classifiers_by_hand():
    # A: min(x, 0.4x + 0.1, 1 - x), breakpoints 1/6, 9/14; B: min(x, 0.5 - 0.4x, 1 - x), 5/14, 5/6
    d = envelope_difference(A, B)
    assert d.pcf == pytest.approx([0, 1 / 6, 5 / 14, 9 / 14, 5 / 6, 1], abs=1e-15)
    assert d.values == pytest.approx([0, 0, -4 / 35, 4 / 35, 0, 0], abs=1e-15)
    assert (d.min_pcf, d.min_value) == pytest.approx((5 / 14, -4 / 35), abs=1e-15)
    assert (d.max_pcf, d.max_value) == pytest.approx((9 / 14, 4 / 35), abs=1e-15)
    assert crossovers(A, B) == pytest.approx([0.5], abs=1e-15)
    assert d.area == pytest.approx(total_expected_cost(A) - total_expected_cost(B), abs=1e-15)
    assert float(d(0.25)) == pytest.approx(0.1 - 0.6 * 0.25, abs=1e-15)


def test_a_shared_vertex_makes_a_tie_run_and_one_crossover_in_its_middle():
    # both hulls have (0.3, 0.7), whose cost line is 0.3: A uses it on [0.5, 0.7], B on
    # [0.3, 6/11]; A is better left of 0.5 (its (0.1, 0.5)), B right of 6/11 (its (0.6, 0.95))
    a = hull_of([(2, 10), (6, 14)], 20, 20)
    b = hull_of([(6, 14), (12, 19)], 20, 20)
    assert crossovers(a, b) == pytest.approx([(0.5 + 6 / 11) / 2], abs=1e-15)
    table = winning_ranges({"a": a, "b": b})
    tied = table[table.tied & (table.pcf_from > 0.1) & (table.pcf_to < 0.9)]
    spans = tied[["pcf_from", "pcf_to"]].drop_duplicates().values
    assert spans.shape == (1, 2) and spans[0] == pytest.approx([0.5, 6 / 11], abs=1e-15)
    assert crossovers(a, a).size == 0
    assert winning_ranges([a, a]).tied.all()


def test_winning_ranges_by_hand():
    table = winning_ranges({"A": A, "B": B})
    columns = ["pcf_from", "pcf_to", "classifier", "tied", "cost_from", "cost_to"]
    assert table.columns.tolist() == columns
    expected = [
        (0, 1 / 6, "A", True),
        (0, 1 / 6, "B", True),  # both use the trivial 'always negative' there
        (1 / 6, 1 / 2, "A", False),
        (1 / 2, 5 / 6, "B", False),
        (5 / 6, 1, "A", True),
        (5 / 6, 1, "B", True),
    ]
    assert len(table) == len(expected)
    for row, (lo, hi, name, tied) in zip(table.itertuples(), expected, strict=True):
        assert (row.pcf_from, row.pcf_to) == pytest.approx((lo, hi), abs=1e-15)
        assert (row.classifier, row.tied) == (name, tied)
    assert table.cost_to[2] == pytest.approx(0.3, abs=1e-15)  # both cost 0.3 at the crossover


@given(two_on_one_sample(), xs)
@settings(max_examples=60, deadline=None)
def test_difference_is_the_pointwise_difference_and_linear_between_knots(data, x):
    y, s1, s2 = data
    a, b = cost_envelope(np.array(y, dtype=int), s1), cost_envelope(np.array(y, dtype=int), s2)
    d = envelope_difference(a, b)
    x = np.asarray(x)
    truth = brute_envelope(y, s1, x) - brute_envelope(y, s2, x)
    assert np.allclose(d(x), truth, rtol=0, atol=1e-12)
    assert np.allclose(np.interp(x, d.pcf, d.values), truth, rtol=0, atol=1e-12)
    grid = np.linspace(0, 1, 401)
    dense = brute_envelope(y, s1, grid) - brute_envelope(y, s2, grid)
    assert d.max_value >= dense.max() - 1e-12 and d.min_value <= dense.min() + 1e-12
    assert d(d.max_pcf) == pytest.approx(d.max_value, abs=1e-12)


@given(two_on_one_sample(), xs)
@settings(max_examples=60, deadline=None)
def test_crossovers_are_where_the_brute_force_sign_changes(data, x):
    y, s1, s2 = data
    a, b = cost_envelope(np.array(y, dtype=int), s1), cost_envelope(np.array(y, dtype=int), s2)
    found = crossovers(a, b)
    knots = envelope_difference(a, b).pcf
    grid = np.unique(np.concatenate([knots, found, x, np.linspace(0, 1, 101)]))
    d = brute_envelope(y, s1, grid) - brute_envelope(y, s2, grid)
    sign = np.where(np.abs(d) <= 1e-10, 0, np.sign(d))
    nonzero = np.flatnonzero(sign)
    changes = [(p, q) for p, q in zip(nonzero[:-1], nonzero[1:], strict=True) if sign[p] != sign[q]]
    assert len(found) == len(changes)
    for c, (p, q) in zip(found, changes, strict=True):
        assert grid[p] < c < grid[q]
        assert abs(float(a(c)) - float(b(c))) <= 1e-10


# -- joint envelope and winners of several classifiers -------------------------------------------


def test_joint_envelope_by_hand():
    j = joint_envelope({"A": A, "B": B})
    assert j.classifier == (None, "A", "B", None)
    assert j.vertex.tolist() == [-1, 1, 1, -1]
    assert j.breakpoints == pytest.approx([0, 1 / 6, 1 / 2, 5 / 6, 1], abs=1e-15)
    seg = j.segments()
    assert seg.classifier.tolist()[1:3] == ["A", "B"]
    assert seg.fpr.tolist() == [0, 0.1, 0.5, 1] and seg.tpr.tolist() == [0, 0.5, 0.9, 1]
    assert seg.classifier.tolist() == [None, "A", "B", None]
    # counts on different test sets: exact over the lcm of N and of P
    c = hull_of([(5, 7)], 10, 8)
    jc = joint_envelope({"A": A, "C": c})
    assert (jc.envelope.hull.n_neg, jc.envelope.hull.n_pos) == (10, 40)
    assert jc.classifier == (None, "A", "C", None)
    # a hull of rates (an average) joins as rates
    avg = average_envelopes([A, B]).as_envelope()
    jr = joint_envelope({"avg": avg, "A": A})
    assert (jr.envelope.hull.n_neg, jr.envelope.hull.n_pos) == (1, 1)
    x = np.linspace(0, 1, 57)
    assert np.allclose(jr(x), np.minimum(avg(x), A_env(x)), rtol=0, atol=1e-15)


@st.composite
def classifiers(draw, k_max=4, shared=True):
    k = draw(st.integers(2, k_max))
    if shared:
        y, s = draw(labelled())
        others = [draw(st.lists(scores, min_size=len(y), max_size=len(y))) for _ in range(k - 1)]
        return [(y, s)] + [(y, o) for o in others]
    return [draw(labelled(max_size=25)) for _ in range(k)]


@given(classifiers(shared=False), xs)
@settings(max_examples=60, deadline=None)
def test_joint_envelope_is_the_minimum_of_the_envelopes(data, x):
    envs = {f"c{i}": envelope(ys) for i, ys in enumerate(data)}
    j = joint_envelope(envs)
    x = np.unique(np.concatenate([x, *(e.breakpoints for e in envs.values())]))
    lowest = np.min([brute_envelope(y, s, x) for y, s in data], axis=0)
    assert np.allclose(j(x), lowest, rtol=0, atol=1e-12)
    hull = j.envelope.hull
    for name, v, f, t in zip(j.classifier, j.vertex, hull.fpr, hull.tpr, strict=True):
        if name is not None:
            h = envs[name].hull
            assert (h.fpr[v], h.tpr[v]) == pytest.approx((f, t), abs=1e-15)


@given(classifiers(), xs)
@settings(max_examples=60, deadline=None)
def test_each_range_winner_has_the_lowest_cost_there(data, x):
    envs = [envelope(ys) for ys in data]
    table = winning_ranges(envs)
    spans = table[["pcf_from", "pcf_to"]].drop_duplicates().values
    assert spans[0, 0] == 0 and spans[-1, 1] == 1 and np.all(spans[1:, 0] == spans[:-1, 1])
    assert np.all(spans[:, 1] > spans[:, 0])
    for row in table.itertuples():
        inner = row.pcf_from + (row.pcf_to - row.pcf_from) * np.array([0.001, 0.5, 0.999])
        lowest = np.min([brute_envelope(y, s, inner) for y, s in data], axis=0)
        assert np.allclose(envs[row.classifier](inner), lowest, rtol=0, atol=1e-12)


# -- total expected cost (D&H eq. 11) ------------------------------------------------------------


def test_total_expected_cost_by_hand():
    # A = min(x, 0.4 x + 0.1, 1 - x) with breakpoints 1/6 and 9/14, exactly:
    u, v = Fraction(1, 6), Fraction(9, 14)
    area = u**2 / 2 + Fraction(2, 10) * (v**2 - u**2) + Fraction(1, 10) * (v - u) + (1 - v) ** 2 / 2
    assert total_expected_cost(A) == pytest.approx(float(area), abs=1e-15)
    trivial = hull_of([], 10, 10)
    assert total_expected_cost(trivial) == 0.25  # min(x, 1 - x)
    fig4_b = hull_of([(3, 7)], 10, 10)  # D&H Fig. 4: FP = 0.3, TP = 0.7, horizontal at 0.3
    assert total_expected_cost(fig4_b) == pytest.approx(0.25 - 0.4 * 0.2 / 2, abs=1e-15)
    # Beta(2, 2), p = 6x(1 - x): 2 (int_0^.3 6x^2(1 - x) + 0.3 int_.3^.5 6x(1 - x)) = 0.2541
    assert total_expected_cost(fig4_b, ("beta", 2, 2)) == pytest.approx(0.2541, abs=1e-15)
    assert total_expected_cost(fig4_b, stats.beta(2, 2)) == pytest.approx(0.2541, abs=1e-15)
    assert total_expected_cost(fig4_b, stats.beta(a=2, b=2).pdf) == pytest.approx(0.2541, abs=1e-12)
    assert total_expected_cost(fig4_b, stats.uniform()) == pytest.approx(0.21, abs=1e-12)


def test_total_expected_cost_compares_several():
    table = total_expected_cost({"A": A, "B": B, "joint": joint_envelope([A, B]).envelope})
    assert table.columns.tolist() == ["classifier", "tec", "excess"]
    assert table.excess.min() == 0 and table.loc[table.excess == 0, "classifier"].item() == "joint"
    assert table.tec[0] - table.tec[1] == pytest.approx(envelope_difference(A, B).area, abs=1e-15)
    listed = total_expected_cost([A, B], ("beta", 3, 1))
    assert listed.classifier.tolist() == [0, 1]
    assert listed.tec[0] == pytest.approx(total_expected_cost(A, ("beta", 3, 1)), abs=0)


@given(labelled())
@settings(max_examples=60, deadline=None)
def test_uniform_tec_equals_quadrature(ys):
    env = envelope(ys)
    inner = np.unique(env.breakpoints[1:-1])
    expected, _ = integrate.quad(lambda t: float(env(t)), 0, 1, points=inner, epsabs=1e-14)
    assert total_expected_cost(env) == pytest.approx(expected, abs=1e-12)


@given(labelled(), st.floats(1, 6), st.floats(1, 6))
@settings(max_examples=40, deadline=None)
def test_beta_tec_equals_quadrature_against_the_beta_pdf(ys, a, b):
    env = envelope(ys)
    inner = np.unique(env.breakpoints[1:-1])
    pdf = stats.beta(a, b).pdf
    expected, _ = integrate.quad(
        lambda t: float(env(t)) * pdf(t), 0, 1, points=inner, epsabs=1e-14, limit=200
    )
    assert total_expected_cost(env, ("beta", a, b)) == pytest.approx(expected, abs=1e-9)
    assert total_expected_cost(env, lambda t: pdf(t)) == pytest.approx(expected, abs=1e-9)


@pytest.mark.filterwarnings("ignore::scipy.integrate.IntegrationWarning")
def test_beta_with_singular_ends_is_exact():
    # Beta(0.5, 0.5) has infinite density at 0 and 1; betainc is exact where quadrature strains
    env = hull_of([(2, 6), (5, 9)], 10, 10)
    exact = total_expected_cost(env, ("beta", 0.5, 0.5))
    by_quad = total_expected_cost(env, stats.beta(0.5, 0.5).pdf)
    assert exact == pytest.approx(by_quad, abs=1e-7)


# -- averaging (D&H 2.2.3, Figs. 15-16) ---------------------------------------------------------


def test_averages_of_two_folds_by_hand():
    avg = average_envelopes({"fold 1": A, "fold 2": B})
    assert avg.names == ("fold 1", "fold 2") and avg.envelopes[0].hull is A
    assert avg.mean == pytest.approx([0, 1 / 6, 0.3, 0.3, 1 / 6, 0], abs=1e-15)
    # pieces x, 0.7x + 0.05, 0.3, 0.95 - 0.7x... back in ROC space by D&H eq. 8: the "vertex A"
    # of Fig. 15, (0.05, 0.25), averages fold 1's classifier with fold 2's trivial one
    fpr, tpr = avg.roc_points()
    assert fpr == pytest.approx([0, 0.05, 0.3, 0.75, 1], abs=1e-15)
    assert tpr == pytest.approx([0, 0.25, 0.7, 0.95, 1], abs=1e-15)
    assert avg.lower == pytest.approx(avg.values.min(axis=0)) and avg.upper.shape == (6,)
    with pytest.raises(ValueError, match=r"pcf must lie in \[0, 1\]"):
        avg(1.5)
    vert = vertical_roc_average([A, B])
    assert vert.fpr.tolist() == [0, 0.1, 0.5, 1]
    assert vert.tpr == pytest.approx([0, (0.5 + 0.18) / 2, (0.5 + 0.2 / 0.9 + 0.9) / 2, 1])
    # at PCF(+) = 0.5 both folds cost 0.3; the ROC average's best line, of (0.5, 0.8111), costs
    # 0.5 (1 - 0.8111 - 0.5) + 0.5 = 31/90
    assert float(avg(0.5)) == pytest.approx(0.3, abs=1e-15)
    assert float(vert.envelope()(0.5)) == pytest.approx(31 / 90, abs=1e-15)


@given(classifiers(shared=False), xs)
@settings(max_examples=60, deadline=None)
def test_cost_averaging_is_never_above_the_vertical_roc_average(data, x):
    envs = [envelope(ys) for ys in data]
    avg = average_envelopes(envs)
    vert = vertical_roc_average([e.hull for e in envs])
    roc_env = vert.envelope()
    x = np.unique(np.concatenate([x, avg.pcf, roc_env.breakpoints]))
    assert np.all(avg(x) <= roc_env(x) + 1e-12)
    assert np.allclose(avg(x), np.mean([e(x) for e in envs], axis=0), rtol=0, atol=1e-12)
    assert np.allclose(avg.as_envelope()(x), avg(x), rtol=0, atol=1e-12)
    for h, row in zip(vert.hulls, vert.values, strict=True):  # each fold is its hull TP(FP)
        assert np.allclose(np.interp(h.fpr[1:], vert.fpr, row), h.tpr[1:], rtol=0, atol=1e-12)


# -- Neyman-Pearson and workforce utilisation (D&H 2.2.2, eqs. 12-14) ---------------------------


def test_criteria_by_hand():
    hull = joint_envelope([A, B]).envelope.hull  # (0, 0), (0.1, 0.5), (0.5, 0.9), (1, 1)
    c = neyman_pearson(hull, 0.3)
    assert c.vertices == (1, 2) and c.is_mixture
    assert (c.weight, c.fpr, c.tpr) == pytest.approx((0.5, 0.3, 0.7), abs=1e-15)
    assert c.vertex_fpr == (0.1, 0.5) and c.vertex_tpr == (0.5, 0.9)
    assert neyman_pearson(hull, 0.1).vertices == (1, 1)
    assert neyman_pearson(hull, 1.0).vertices == (3, 3)
    steep = hull_of([(0, 4), (3, 9)], 10, 10)  # a vertical first edge: (0, 0) -> (0, 0.4)
    assert neyman_pearson(steep, 0.0).tpr == 0.4
    w = workforce(hull, 10)  # P = N = 10: the vertices flag 0, 6, 14, 20 cases
    assert w.vertices == (1, 2)
    assert (w.weight, w.fpr, w.tpr) == pytest.approx((0.5, 0.3, 0.7), abs=1e-15)
    assert (w.slope, w.intercept) == pytest.approx((0.0, 0.3))  # eq. 14: 1 - 10/10 + 0 x FP
    assert workforce(hull, 0).vertices == (0, 0) and workforce(hull, 25).vertices == (3, 3)
    assert workforce(steep, 2).tpr == pytest.approx(0.2) and workforce(steep, 2).fpr == 0
    # another population, P = 100, N = 1: on the first edge TP = 5 FP, so 100 TP + TP / 5 = 5
    assert workforce(hull, 5, n_pos=100, n_neg=1).tpr == pytest.approx(5 / 100.2, abs=1e-15)
    assert c.cost(0.5) == pytest.approx(1 - 0.7 - 0.3 + 0.3)


@given(labelled(), st.floats(0, 1))
@settings(max_examples=80, deadline=None)
def test_neyman_pearson_beats_every_roc_point_within_alpha(ys, alpha):
    y, s = ys
    env = envelope(ys)
    c = neyman_pearson(env, alpha)
    assert c.fpr <= alpha + 1e-12
    points = every_cut(y, s)
    feasible = points[points[:, 0] <= alpha]
    assert c.tpr >= feasible[:, 1].max() - 1e-12
    i, j = c.vertices
    if c.is_mixture:  # D&H Fig. 12: the line through (0, alpha) and the envelope's vertex i|j
        b = env.breakpoints[j]
        assert c.intercept == pytest.approx(alpha, abs=1e-12)
        assert c.cost(b) == pytest.approx(float(env(b)), abs=1e-12)
    assert c.slope == pytest.approx(1 - c.tpr - c.fpr, abs=1e-12)


@given(labelled(), st.floats(0, 1.2))
@settings(max_examples=80, deadline=None)
def test_workforce_fills_the_capacity_and_beats_every_feasible_roc_point(ys, share):
    y, s = ys
    hull = envelope(ys).hull
    n, p = hull.n_neg, hull.n_pos
    capacity = share * (n + p)
    c = workforce(hull, capacity)
    load = c.tpr * p + c.fpr * n
    assert load <= capacity + 1e-9
    if c.vertices != (hull.n_vertices - 1,) * 2:
        assert load == pytest.approx(capacity, abs=1e-9)
        assert c.slope == pytest.approx(1 - c.tpr - c.fpr, abs=1e-12)  # eq. 14 is eq. 8 here
    points = every_cut(y, s)
    feasible = points[points[:, 1] * p + points[:, 0] * n <= capacity]
    assert c.tpr >= feasible[:, 1].max() - 1e-12


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("density", "error", "match"),
    [
        (lambda x: 2.0, ValueError, "density must integrate to 1 .*integrates to 2"),
        (lambda x: 6 * x - 2, ValueError, r"density must be a probability density \(>= 0\)"),
        (lambda x: float("nan"), ValueError, "density must be a probability density"),
        (stats.beta(2, 2, loc=0.5), ValueError, "density must integrate to 1"),
        (("beta", 0, 1), ValueError, "density's Beta a must be a finite number > 0"),
        (("beta", 1, -2), ValueError, "density's Beta b"),
        (("gamma", 1, 2), ValueError, r"density given as a tuple must be \('beta', a, b\)"),
        (3, TypeError, "density must be None"),
    ],
)
def test_bad_densities(density, error, match):
    with pytest.raises(error, match=match):
        total_expected_cost(A, density)


@pytest.mark.parametrize("alpha", [-0.1, 1.5, float("nan"), float("inf")])
def test_alpha_outside_the_unit_interval(alpha):
    with pytest.raises(ValueError, match=r"max_fpr must lie in \[0, 1\]"):
        neyman_pearson(A, alpha)


def test_bad_criteria_parameters():
    with pytest.raises(TypeError, match="max_fpr must be a real number"):
        neyman_pearson(A, "0.1")
    for bad in (-1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="capacity must be a finite number >= 0"):
            workforce(A, bad)
    with pytest.raises(ValueError, match="n_pos must be a finite number > 0"):
        workforce(A, 3, n_pos=0)
    with pytest.raises(TypeError, match="hull must be a RocHull"):
        workforce([0.1, 0.5], 3)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: winning_ranges({}), "envelopes must hold at least 2"),
        (lambda: winning_ranges([A]), "envelopes must hold at least 2"),
        (lambda: joint_envelope([]), "envelopes must hold at least 1"),
        (lambda: average_envelopes({}), "envelopes must hold at least 1"),
        (lambda: vertical_roc_average([]), "hulls must hold at least 1"),
        (lambda: total_expected_cost({}), "envelope must hold at least 1"),
    ],
)
def test_empty_collections(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_wrong_types_name_the_parameter():
    with pytest.raises(TypeError, match="env_a must be a CostEnvelope"):
        envelope_difference(np.array([0.1, 0.2]), A)
    with pytest.raises(TypeError, match=r"envelopes\['b'\] must be a CostEnvelope"):
        winning_ranges({"a": A, "b": "B"})
    with pytest.raises(TypeError, match="envelopes must be a dict or a list"):
        joint_envelope(A)
    with pytest.raises(TypeError, match="envelope must be a CostEnvelope"):
        total_expected_cost(0.5)


def test_public_names_are_exported():
    for name in cost_compare.__all__ + cost_area.__all__ + cost_average.__all__:
        assert name in metrics.__all__
    for name in cost_criteria.__all__:
        assert getattr(metrics, name) is getattr(cost_criteria, name)
