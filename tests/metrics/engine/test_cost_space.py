"""ROC convex hull and cost-curve lower envelope (Drummond & Holte 2000) against brute force,
scipy's Qhull and hand-checked examples; the MTMCS curve computed from the envelope against the
previous every-cut search kept here as the reference."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial import ConvexHull
from sklearn.metrics import roc_curve

from costlab.metrics import (
    cost_envelope,
    cost_line,
    cost_point_to_roc_line,
    mtmcs_curve,
    normalized_expected_cost,
    operating_range,
    probability_cost,
    roc_convex_hull,
    roc_line_to_cost_point,
    trivial_cost,
)
from costlab.metrics.engine._counts import class_counts

# -- brute force ---------------------------------------------------------------------------------


def every_cut(y, s):
    """(fpr, tpr) of every threshold 'positive iff score >= t' over the distinct scores, plus
    (0, 0): O(n m), no cleverness."""
    y = np.asarray(y, dtype=bool)
    s = np.asarray(s, dtype=float)
    points = [(0.0, 0.0)]
    for t in np.unique(s):
        called = s >= t
        points.append(((called & ~y).sum() / (~y).sum(), (called & y).sum() / y.sum()))
    return np.array(points)


def brute_envelope(y, s, x):
    pts = every_cut(y, s)
    ne = (1 - pts[:, 1] - pts[:, 0])[None, :] * np.asarray(x)[:, None] + pts[:, 0][None, :]
    return ne.min(axis=1)


def reference_exact(is_pos, p, fp):
    """The exact search as it was before the envelope engine (every cut, argmin per ratio)."""
    order = np.argsort(p, kind="mergesort")
    ps, pos = p[order], is_pos[order]
    last = np.r_[ps[1:] != ps[:-1], True]
    tp = np.r_[0, np.cumsum(pos)[last]]
    fpc = np.r_[0, np.cumsum(~pos)[last]]
    fnr = (tp[-1] - tp) / tp[-1]
    fpr = fpc / fpc[-1]
    table = 100.0 * (fnr[None, :] * (1.0 - fp[:, None]) + fpr[None, :] * fp[:, None])
    best = np.argmin(table, axis=1)
    return 100.0 * (fnr[best] * (1.0 - fp) + fpr[best] * fp)


labels_scores = st.integers(min_value=2, max_value=60).flatmap(
    lambda n: st.tuples(
        st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < len(v)),
        st.lists(
            st.one_of(
                st.sampled_from([0.0, 0.25, 0.5, 1.0]),
                st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
            ),
            min_size=n,
            max_size=n,
        ),
    )
)


# -- counts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scale",
    [1.0, 1e-3, 1e6, -1.0, 1e300],
    ids=["probabilities", "small", "large", "negative", "huge"],
)
def test_class_counts_equal_np_unique(scale):
    rng = np.random.default_rng(0)
    s = np.round(rng.normal(size=500), 2) * scale
    y = rng.random(500) < 0.4
    c = class_counts(y, s)
    values = np.unique(s)
    np.testing.assert_array_equal(c.values, values)
    np.testing.assert_array_equal(c.pos_le, [(s[y] <= v).sum() for v in values])
    np.testing.assert_array_equal(c.neg_le, [(s[~y] <= v).sum() for v in values])


def test_class_counts_keep_subnormal_ties_by_sorting_each_class():
    """Scores so small that dividing by a power of two would merge them: the fallback path."""
    tiny = np.array([5e-324, 1e-323, 1.5e-323, 1e300, 5e-324, -1e-323])
    y = np.array([True, False, True, False, False, True])
    c = class_counts(y, tiny)
    np.testing.assert_array_equal(c.values, np.unique(tiny))
    np.testing.assert_array_equal(c.neg_le, [(tiny[~y] <= v).sum() for v in np.unique(tiny)])


def test_negative_zero_is_zero():
    c = class_counts(np.array([True, False]), np.array([-0.0, 0.0]))
    assert c.values.tolist() == [0.0] and c.pos_le.tolist() == [1] and c.neg_le.tolist() == [1]


# -- hull ----------------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(labels_scores)
def test_hull_vertices_are_roc_points_and_nothing_lies_above(data):
    y, s = data
    hull = roc_convex_hull(np.array(y, dtype=int), np.array(s))
    pts = every_cut(y, s)
    vertices = np.c_[hull.fpr, hull.tpr]
    assert (vertices[0] == [0, 0]).all() and (vertices[-1] == [1, 1]).all()
    for v in vertices:  # each vertex is a ROC point
        assert np.isclose(pts, v, atol=1e-12).all(axis=1).any()
    height = np.interp(pts[:, 0], hull.fpr, hull.tpr)  # nothing above the hull
    assert (pts[:, 1] <= height + 1e-12).all()
    slopes = np.diff(hull.tp) * hull.n_neg / np.maximum(np.diff(hull.fp) * hull.n_pos, 1e-300)
    assert (np.diff(slopes) < 0).all()  # strictly concave: no collinear vertex kept
    called = np.asarray(s)[:, None] >= hull.thresholds[None, :]  # thresholds realise vertices
    yb = np.asarray(y, dtype=bool)
    np.testing.assert_array_equal(called[yb].sum(axis=0), hull.tp)
    np.testing.assert_array_equal(called[~yb].sum(axis=0), hull.fp)


def test_hull_equals_qhull_on_a_large_sample():
    """Beyond the coarse-hull prefilter (more candidates than its sample): scipy's Qhull."""
    rng = np.random.default_rng(1)
    y = rng.random(40_000) < 0.3
    s = rng.normal(size=y.size) + 0.8 * y
    hull = roc_convex_hull(y.astype(int), s)
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    pts = np.unique(np.c_[np.r_[fpr, 1.0], np.r_[tpr, 0.0]], axis=0)  # add (1, 0) to close
    qh = ConvexHull(pts)
    upper = pts[np.unique(qh.simplices)]
    upper = upper[~((upper[:, 0] == 1) & (upper[:, 1] == 0))]
    upper = upper[np.argsort(upper[:, 0])]
    np.testing.assert_allclose(np.c_[hull.fpr, hull.tpr], upper, atol=1e-12)


@settings(max_examples=100, deadline=None)
@given(labels_scores, st.sampled_from(["affine", "exp", "huge"]))
def test_hull_is_invariant_under_increasing_transforms(data, transform):
    y, s = data
    s = np.clip(np.array(s), -50, 50) if transform == "exp" else np.array(s)
    f = {"affine": lambda v: 3 * v + 1, "exp": np.exp, "huge": lambda v: v * 1e290}[transform]
    a = roc_convex_hull(np.array(y, dtype=int), s)
    b = roc_convex_hull(np.array(y, dtype=int), f(s))
    if np.unique(f(s)).size == np.unique(s).size:  # the transform kept every score distinct
        np.testing.assert_array_equal(a.fp, b.fp)
        np.testing.assert_array_equal(a.tp, b.tp)


def test_orientation_of_the_thesis_is_the_mirror():
    y = np.array([0, 0, 1, 1, 0, 1])
    p = np.array([0.9, 0.7, 0.2, 0.6, 0.6, 0.1])  # P(class 1): high means negative
    a = roc_convex_hull(y, p, higher_is_positive=False)
    b = roc_convex_hull(y, -p)
    np.testing.assert_array_equal(a.fp, b.fp)
    np.testing.assert_array_equal(a.tp, b.tp)
    called = p[:, None] < a.thresholds[None, :]
    np.testing.assert_array_equal(called[y == 1].sum(axis=0), a.tp)


# -- envelope ------------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(labels_scores, st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_envelope_equals_brute_force_over_every_cut(data, x):
    y, s = data
    env = cost_envelope(np.array(y, dtype=int), np.array(s))
    np.testing.assert_allclose(env(np.array(x)), brute_envelope(y, s, x), atol=1e-12)
    assert (env(np.array(x)) <= trivial_cost(np.array(x)) + 1e-12).all()


def test_envelope_by_hand():
    """D&H Fig. 4-style: one classifier B at (0.3, 0.7) joins the trivial ones."""
    y = np.r_[np.zeros(10), np.ones(10)].astype(int)
    s = np.r_[np.zeros(7), np.ones(3), np.zeros(3), np.ones(7)]
    env = cost_envelope(y, s)
    assert env.breakpoints.tolist() == pytest.approx([0, 0.3, 0.7, 1])
    assert env(0.5) == pytest.approx(0.3)  # horizontal: FP = 1 - TP
    assert env(0.1) == pytest.approx(0.1) and env(0.9) == pytest.approx(0.1)
    seg = env.segments()
    assert seg["fpr"].tolist() == pytest.approx([0, 0.3, 1]) and seg["slope"][1] == pytest.approx(0)


@settings(max_examples=150, deadline=None)
@given(labels_scores)
def test_mtmcs_from_the_envelope_equals_the_every_cut_search(data):
    y, s = data
    y, s = np.array(y), np.array(s)
    fp = np.round(np.linspace(0.01, 0.99, 99), 10)
    ours = mtmcs_curve(
        y.astype(int), s, pos_label=1, fp_costs=fp, search="exact", score_of="negative"
    )
    np.testing.assert_allclose(ours["mtmcs"], reference_exact(y, s, fp), rtol=0, atol=1e-9)
    # and 100 x the envelope at PCF(+) = FNcost, scores of class 1 (the negative class)
    env = cost_envelope(y.astype(int), s, higher_is_positive=False)
    np.testing.assert_allclose(ours["mtmcs"], 100 * env(1 - fp), atol=1e-9)


def test_thesis_datasets_hull_and_envelope_against_independent_computations(mirror_dir, tmp_path):
    """On every dataset x classifier of the thesis (cross-validated here, sklearn engine)."""
    from costlab.evaluation import run_experiments

    run = run_experiments(
        ("german_credit", "credit_approval", "messidor", "spectf"),
        ("NaiveBayes", "AdaBoostM1", "IBk", "RandomForest"),
        classifier_params={"RandomForest": {"n_estimators": 10}},
        mirror=mirror_dir,
        data_home=tmp_path,
        cache_dir=tmp_path / "cv",
        progress=False,
    )
    fp = np.round(np.arange(1, 100) / 100, 10)
    for result in run.results.values():
        y, p = result.y_true, result.proba[0, :, 0]  # P(negative), the thesis's P(class 1)
        x = np.linspace(0, 1, 41)
        env = cost_envelope(y, p, higher_is_positive=False)
        np.testing.assert_allclose(env(x), brute_envelope(y == 1, -p, x), atol=1e-12)
        ours = mtmcs_curve(y, p, pos_label=1, fp_costs=fp, search="exact", score_of="negative")
        ours = ours["mtmcs"]
        np.testing.assert_allclose(ours, reference_exact(y == 1, p, fp), atol=1e-9)


# -- duality, PCF, operating range, bad input ------------------------------------------------------


def test_point_line_duality_round_trips():
    slope, intercept = cost_line(0.09, 0.36)
    assert (slope, intercept) == (0.55, 0.09)
    assert normalized_expected_cost(0.09, 0.36, 1.0) == pytest.approx(1 - 0.36)
    pcf, cost = roc_line_to_cost_point(2.0, 0.2)
    assert cost_point_to_roc_line(pcf, cost) == pytest.approx((2.0, 0.2))
    # a ROC line through two points is the cost point where their cost lines cross
    (f1, t1), (f2, t2) = (0.1, 0.5), (0.4, 0.9)
    s = (t2 - t1) / (f2 - f1)
    pcf, cost = roc_line_to_cost_point(s, t1 - s * f1)
    assert normalized_expected_cost(f1, t1, pcf) == pytest.approx(cost)
    assert normalized_expected_cost(f2, t2, pcf) == pytest.approx(cost)


def test_probability_cost_and_the_lecture_notes_operating_range():
    assert probability_cost(0.5, fn_cost=4, fp_cost=1) == pytest.approx(0.8)
    assert probability_cost(0.2, 1, 1) == pytest.approx(0.2)
    low, high = operating_range(0.3, 0.7)
    assert (low, high) == pytest.approx((0.3, 0.7))
    assert operating_range(0.6, 0.4) is None
    # at the ends of the range the cost line meets a trivial classifier's
    low, high = operating_range(0.1, 0.6)
    assert normalized_expected_cost(0.1, 0.6, low) == pytest.approx(low)
    assert normalized_expected_cost(0.1, 0.6, high) == pytest.approx(1 - high)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: cost_envelope([1, 1], [0.2, 0.3]), "exactly two classes"),
        (lambda: cost_envelope([0, 1], [np.nan, 0.3]), "y_score contains 1 NaN"),
        (lambda: cost_envelope([0, 1], [np.inf, 0.3]), "y_score contains 1 NaN or infinite"),
        (lambda: cost_envelope([0, 1], [0.1, 0.3])(1.5), "pcf must lie in"),
        (lambda: probability_cost(0.0, 1, 1), "p_pos must be a probability"),
        (lambda: probability_cost(1.2, 1, 1), "p_pos must be a probability"),
        (lambda: probability_cost(0.5, 0, 1), "fn_cost must be a finite cost > 0"),
        (lambda: probability_cost(0.5, 1, -2), "fp_cost must be a finite cost > 0"),
        (lambda: trivial_cost([-0.1]), "pcf must lie in"),
    ],
)
def test_bad_input_names_the_parameter(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("value", ["no", "False", 0, 1, None, np.array([True])])
@pytest.mark.parametrize("function", [cost_envelope, roc_convex_hull])
def test_higher_is_positive_must_be_a_bool(function, value):
    with pytest.raises(TypeError, match="higher_is_positive must be a bool"):
        function([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], higher_is_positive=value)


@pytest.mark.parametrize("flag", [False, np.False_])
def test_higher_is_positive_accepts_numpy_bools(flag):
    y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    hull, mirrored = (
        roc_convex_hull(y, s, higher_is_positive=flag),
        roc_convex_hull(y, -np.array(s)),
    )
    np.testing.assert_array_equal(hull.fpr, mirrored.fpr)
    np.testing.assert_array_equal(hull.tpr, mirrored.tpr)
    np.testing.assert_array_equal(
        cost_envelope(y, s, higher_is_positive=flag).breakpoints,
        cost_envelope(y, -np.array(s)).breakpoints,
    )


def test_segments_frame_is_tidy():
    env = cost_envelope([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    seg = env.segments()
    assert isinstance(seg, pd.DataFrame) and len(seg) == env.hull.n_vertices
    assert (seg["pcf_from"] <= seg["pcf_to"]).all()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 30)), min_size=1, max_size=25))
def test_hull_of_points_against_qhull_like_brute_force(points):
    from costlab.metrics import hull_of_points

    fp, tp = np.array(points).T
    hull = hull_of_points(fp, tp, n_neg=20, n_pos=30)
    x = np.r_[0, fp, 20] / 20
    y = np.r_[0, tp, 30] / 30
    height = np.interp(x, hull.fpr, hull.tpr)
    assert (y <= height + 1e-12).all()  # nothing above
    for f, t, c in zip(hull.fp, hull.tp, hull.cuts, strict=True):  # vertices are input points
        assert c == -1 or (fp[c], tp[c]) == (f, t)
    with pytest.raises(ValueError, match="counts in"):
        hull_of_points([21], [0], n_neg=20, n_pos=30)


def test_true_costs_and_priors_give_the_expected_cost_directly():
    """Lecture notes on cost curves: the cost from pi_+, cost_FN, cost_FP, normalised or not."""
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 300)
    s = rng.normal(size=300) + y
    env = cost_envelope(y, s)
    for p_pos, c_fn, c_fp in [(0.1, 5.0, 1.0), (0.5, 1.0, 1.0), (0.9, 1.0, 7.0)]:
        pts = every_cut(y, s)
        costs = (1 - p_pos) * pts[:, 0] * c_fp + p_pos * (1 - pts[:, 1]) * c_fn
        assert env.cost_at(p_pos, c_fn, c_fp, normalized=False) == pytest.approx(costs.min())
        worst = (1 - p_pos) * c_fp + p_pos * c_fn
        assert env.cost_at(p_pos, c_fn, c_fp) == pytest.approx(costs.min() / worst)
    with pytest.raises(ValueError, match="p_pos"):
        env.cost_at(0, 1, 1)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=40),
    st.sampled_from(["int64", "float64", "weights", "huge"]),
)
def test_the_compiled_monotone_chain_keeps_the_python_loop_s_vertices(points, kind):
    """engine._kernels.upper_chain against the exact loop on Python numbers: the same
    vertices on integer points with collinear runs and duplicates, on float coordinates
    (weighted counts), and past int64's reach (there the loop itself runs)."""
    from costlab.metrics.engine._kernels import HAVE_NUMBA, upper_chain
    from costlab.metrics.engine.hull import _monotone_chain, _monotone_chain_python

    x, y = np.array(sorted(points), dtype=np.int64).T
    if kind == "float64":
        x, y = x * 0.1, y / 3.0  # inexact products: the same rounding in both
    elif kind == "weights":
        x, y = np.cumsum(x * 0.37), np.cumsum(y * 1.9)
    elif kind == "huge":
        x, y = x * 2**30, y * 2**30  # products up to 2**68: beyond int64
    expected = _monotone_chain_python(x, y)
    np.testing.assert_array_equal(_monotone_chain(x, y), expected)
    compiled = upper_chain(x, y)
    if kind == "huge" and float(np.ptp(x)) * float(np.ptp(y)) > 2.0**61:
        assert compiled is None
    elif HAVE_NUMBA:
        np.testing.assert_array_equal(compiled, expected)
