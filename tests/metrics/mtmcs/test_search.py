"""Tests of the three threshold searches and the MTMCS curve (thesis 4.3, 4.5)."""

import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from costlab.metrics import CURVE_COLUMNS, classify, cost_ratio_grid, mtmcs_curve

TABLE_4_5_P = np.array(
    [0.01, 0.05, 0.15, 0.18, 0.20, 0.25, 0.35, 0.65, 0.75, 0.80, 0.85, 0.90, 0.95, 0.99]
)


def _tmc(is_pos, positive_pred, fn_cost):
    """TMC (%) of one labelling, from its confusion matrix (thesis 3.2 and 4.1)."""
    fn = np.sum(is_pos & ~positive_pred)
    fp = np.sum(~is_pos & positive_pred)
    return 100 * (fn / is_pos.sum() * fn_cost + fp / (~is_pos).sum() * (1 - fn_cost))


def _thesis_algorithm(is_pos, p, fp_cost, step):
    """The algorithm of thesis 4.5 written as a plain loop: the reference for 'optimized'."""
    fn_cost = 1 - fp_cost
    t = fn_cost / (fn_cost + fp_cost)
    best = (np.inf, None)
    for k in range(int(round(0.5 / step)) * 2 + 1):
        threshold = round(t + (k if fn_cost >= 0.5 else -k) * step, 10)
        if threshold > 1 + 1e-12 or threshold < -1e-12:
            break
        value = _tmc(is_pos, classify(p, threshold, score_of="negative", fn_cost=fn_cost), fn_cost)
        if value < best[0]:
            best = (value, threshold)
    return best


def _all_cuts_min(is_pos, p, fn_cost):
    """Brute force over every possible labelling by a threshold: the reference for 'exact'."""
    candidates = np.r_[-np.inf, np.unique(p)]
    return min(_tmc(is_pos, p <= c, fn_cost) for c in candidates)


def test_curve_has_the_documented_columns():
    curve = mtmcs_curve([1, 1, 2, 2], [0.9, 0.6, 0.4, 0.7], score_of="negative")
    assert tuple(curve.columns) == CURVE_COLUMNS
    assert len(curve) == 19
    np.testing.assert_allclose(curve["fp_cost"] + curve["fn_cost"], 1.0)


def test_exact_hand_computed():
    # labels 1 (class 1, negative) / 2 (class 2, positive), four instances, costs 0.5/0.5.
    # Sorted p: 0.4(+) 0.6(-) 0.7(+) 0.9(-). Putting only 0.4 in class 2 misses one of two
    # positives and flags no negative: TMC = 0.5 * 0.5 * 100 = 25.
    curve = mtmcs_curve([1, 1, 2, 2], [0.9, 0.6, 0.4, 0.7], fp_costs=[0.5], score_of="negative")
    row = curve.iloc[0]
    assert row["mtmcs"] == pytest.approx(25.0)
    assert (row["fn_rate"], row["fp_rate"]) == (0.5, 0.0)
    assert row["threshold"] == pytest.approx(0.5)


def test_table_4_example_optimized_search():
    # 14 instances of Tables 4/5 with invented labels: the optimized search must agree with the
    # literal loop of 4.5 on both sides and at every ratio.
    is_pos = np.array([1, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 0], dtype=bool)
    y = np.where(is_pos, 2, 1)
    for search_step in (0.01, 0.05):
        curve = mtmcs_curve(
            y, TABLE_4_5_P, search="optimized", step=search_step, score_of="negative"
        )
        for row in curve.itertuples():
            value, threshold = _thesis_algorithm(is_pos, TABLE_4_5_P, row.fp_cost, search_step)
            assert row.mtmcs == pytest.approx(value, abs=1e-9)
            assert row.threshold == pytest.approx(threshold, abs=1e-9)


def test_optimized_is_one_sided_and_can_miss_the_minimum():
    # Class-1 probabilities are all high, so at FNcost >= 0.5 the search from t0 upward finds the
    # good cut only above t0; at FNcost < 0.5 it only looks below t0 = FNcost and misses the cut
    # at 0.85 that the exact search finds.
    p = np.array([0.80, 0.82, 0.84, 0.86, 0.88, 0.90])
    y = np.array([2, 2, 2, 1, 1, 1])
    exact = mtmcs_curve(y, p, fp_costs=[0.7], score_of="negative")
    optimized = mtmcs_curve(
        y, p, fp_costs=[0.7], search="optimized", step=0.01, score_of="negative"
    )
    assert exact["mtmcs"].iloc[0] == pytest.approx(0.0)
    assert optimized["mtmcs"].iloc[0] > 20
    assert optimized["threshold"].iloc[0] <= 0.3 + 1e-12


def test_thorough_uses_the_whole_range():
    p = np.array([0.80, 0.82, 0.84, 0.86, 0.88, 0.90])
    y = np.array([2, 2, 2, 1, 1, 1])
    thorough = mtmcs_curve(
        y, p, fp_costs=[0.3, 0.7], search="thorough", step=0.01, score_of="negative"
    )
    np.testing.assert_allclose(thorough["mtmcs"], 0.0)


def test_grid_includes_both_ends():
    # all class-1 probabilities equal 1.0: at FNcost >= 0.5 the rule "class 1 iff p >= t" still
    # classifies everything as class 1 at t = 1, which the grid must reach.
    y = np.array([1, 2, 1, 2])
    p = np.array([1.0, 1.0, 0.0, 0.0])
    curve = mtmcs_curve(
        y, p, fp_costs=[0.05, 0.95], search="thorough", step=0.5, score_of="negative"
    )
    assert curve["threshold"].between(0, 1).all()


def _only_an_end_point_is_perfect(n_distinct, end):
    """Scores whose only zero-cost grid threshold is the grid's end point `end` (1 or 0).

    end = 1 (left side, class 2 iff p < t): every negative (class 1) has p = 1, the positives
    have distinct p in (0, 1) up to 0.999, so any t < 1 on a grid of step >= 0.001 leaves the
    top positive misclassified. end = 0 (right side, class 2 iff p <= t): every positive has
    p = 0, the negatives distinct p in (0, 1) from 0.001 up, so any t > 0 flags a negative.
    """
    rng = np.random.default_rng(n_distinct)
    spread = np.r_[0.001, rng.uniform(0.001, 0.999, n_distinct - 2), 0.999]
    if end == 1:
        return np.r_[np.ones(5, int), np.full(n_distinct, 2)], np.r_[np.ones(5), spread]
    return np.r_[np.full(5, 2), np.ones(n_distinct, int)], np.r_[np.zeros(5), spread]


@pytest.mark.parametrize("search", ["thorough", "optimized"])
@pytest.mark.parametrize("step", [0.25, 0.1, 0.01, 0.001])  # grids shorter and longer than n
@pytest.mark.parametrize("n_distinct", [30, 400])
def test_the_grid_s_end_point_is_searched(search, step, n_distinct):
    """Only the last threshold of the grid (1 going up, 0 going down) gives zero cost, so a grid
    that drops its end point (an off-by-one in its length) finds a positive cost instead.

    Thorough scans 0 -> 1: its end point is t = 1 (left side, FNcost >= 0.5) and its start
    t = 0 (right side). Optimized scans from t0 = FNcost up to 1 (left) or down to 0 (right):
    both ends are its end points, when t0 lies on the step's grid: FNcost 0.5 (left) and
    FNcost a multiple of the step below 0.5 (right).
    """
    right_fn_cost = round(step * np.floor(0.3 / step + 1e-9), 10)  # 0.25 or 0.3
    for end, fp_cost in ((1, 0.5), (0, 1 - right_fn_cost)):
        y, p = _only_an_end_point_is_perfect(n_distinct, end)
        curve = mtmcs_curve(y, p, fp_costs=[fp_cost], search=search, step=step, score_of="negative")
        assert curve["mtmcs"].iloc[0] == 0.0, (end, fp_cost)
        assert curve["threshold"].iloc[0] == end
        # the grid's neighbour of the end point costs more: the end point is the only optimum
        inner = end - step if end == 1 else step
        is_pos = y == 2
        assert (
            _tmc(is_pos, classify(p, inner, score_of="negative", fn_cost=1 - fp_cost), 1 - fp_cost)
            > 0
        )


@pytest.mark.parametrize("step", [0.3, 0.25, 0.15, 0.07])
def test_thorough_grid_has_exactly_the_thesis_s_thresholds(step):
    """Against a literal loop over t = 0, step, ..., <= 1 (thesis 4.3.1): same minimum and the
    same first minimising threshold, on scores at, just below and just above each grid point
    (so a grid one point too long or too short finds another threshold or cost)."""
    grid = [round(k * step, 10) for k in range(int(np.floor(1 / step + 1e-9)) + 1)]
    scores = np.clip(np.r_[grid, np.add(grid, 1e-6), np.subtract(grid, 1e-6), 1.0], 0, 1)
    rng = np.random.default_rng(int(step * 100))
    for _ in range(20):
        is_pos = rng.random(scores.size) < 0.5
        is_pos[:2] = True, False
        y = np.where(is_pos, 2, 1)
        for fp_cost in (0.2, 0.5, 0.8):
            fn_cost = 1 - fp_cost
            values = [
                _tmc(is_pos, classify(scores, t, score_of="negative", fn_cost=fn_cost), fn_cost)
                for t in grid
            ]
            k = int(np.argmin(values))
            row = mtmcs_curve(
                y, scores, fp_costs=[fp_cost], search="thorough", step=step, score_of="negative"
            )
            assert row["mtmcs"].iloc[0] == pytest.approx(values[k], abs=1e-9)
            assert row["threshold"].iloc[0] == pytest.approx(grid[k], abs=1e-12)


@pytest.mark.parametrize("search", ["exact", "thorough", "optimized"])
def test_searches_agree_with_brute_force_on_small_data(search):
    rng = np.random.default_rng(0)
    is_pos = rng.random(40) < 0.4
    p = np.round(rng.random(40), 2)  # on the 0.01 grid, with ties
    y = np.where(is_pos, 2, 1)
    curve = mtmcs_curve(y, p, search=search, step=0.01, score_of="negative")
    for row in curve.itertuples():
        if search == "optimized":
            want = _thesis_algorithm(is_pos, p, row.fp_cost, 0.01)[0]
        else:  # scores on the 0.01 grid: the thorough grid sees every cut too
            want = _all_cuts_min(is_pos, p, row.fn_cost)
        assert row.mtmcs == pytest.approx(want, abs=1e-9)


def test_reported_threshold_and_rates_reproduce_the_minimum():
    rng = np.random.default_rng(1)
    is_pos = rng.random(200) < 0.3
    p = np.clip(rng.normal(0.6 - 0.3 * is_pos, 0.2), 0, 1)
    y = np.where(is_pos, 2, 1)
    for search in ("exact", "thorough", "optimized"):
        for row in mtmcs_curve(y, p, search=search, step=0.001, score_of="negative").itertuples():
            labels = classify(p, row.threshold, score_of="negative", fn_cost=row.fn_cost)
            assert _tmc(is_pos, labels, row.fn_cost) == pytest.approx(row.mtmcs, abs=1e-9)
            assert 100 * (row.fn_rate * row.fn_cost + row.fp_rate * row.fp_cost) == pytest.approx(
                row.mtmcs
            )


scores = st.lists(st.floats(0, 1, allow_nan=False), min_size=4, max_size=60)


@st.composite
def problems(draw):
    p = np.array(draw(scores))
    labels = np.array(draw(st.lists(st.booleans(), min_size=p.size, max_size=p.size)))
    labels[0], labels[1] = True, False  # both classes present
    return labels, p


@settings(max_examples=60, deadline=None)
@given(problems(), st.sampled_from([0.1, 0.05, 0.01, 0.003]))
def test_exact_is_never_worse_than_a_grid_search(problem, step):
    is_pos, p = problem
    exact = mtmcs_curve(is_pos.astype(int), p, score_of="negative")["mtmcs"].to_numpy()
    for search in ("thorough", "optimized"):
        grid = mtmcs_curve(is_pos.astype(int), p, search=search, step=step, score_of="negative")[
            "mtmcs"
        ].to_numpy()
        assert np.all(exact <= grid + 1e-9)


@settings(max_examples=60, deadline=None)
@given(problems(), st.sampled_from(["exp", "logit", "cube", "affine"]))
def test_exact_is_invariant_under_increasing_transforms(problem, transform):
    is_pos, p = problem
    p = np.round(p, 3)  # separated values, so each transform stays strictly increasing in floats
    f = {
        "exp": np.exp,
        "logit": lambda x: np.log((x + 1e-3) / (1 + 1e-3 - x)),
        "cube": lambda x: x**3 * 7 - 2,
        "affine": lambda x: 3 * x + 10,
    }[transform]
    q = f(p)
    assert np.unique(q).size == np.unique(p).size
    assert np.array_equal(np.argsort(p, kind="stable"), np.argsort(q, kind="stable"))
    a = mtmcs_curve(is_pos.astype(int), p, score_of="negative")
    b = mtmcs_curve(is_pos.astype(int), q, score_of="negative")
    np.testing.assert_allclose(a["mtmcs"], b["mtmcs"], atol=1e-9)
    np.testing.assert_array_equal(a[["fp_rate", "fn_rate"]], b[["fp_rate", "fn_rate"]])


@settings(max_examples=60, deadline=None)
@given(problems())
def test_exact_never_exceeds_the_better_trivial_classifier(problem):
    is_pos, p = problem
    curve = mtmcs_curve(is_pos.astype(int), p, score_of="negative")
    trivial = 100 * np.minimum(curve["fp_cost"], curve["fn_cost"])
    assert np.all(curve["mtmcs"] <= trivial + 1e-9)


def _assert_rows_reproduce(is_pos, p, curve):
    """Each row's threshold, classified with classify and the row's fn_cost, gives its rates and
    its MTMCS (thesis 4.5 rules; the side follows the row's fn_cost)."""
    for row in curve.itertuples():
        positive = classify(p, row.threshold, score_of="negative", fn_cost=row.fn_cost)
        fn_rate = np.sum(is_pos & ~positive) / is_pos.sum()
        fp_rate = np.sum(~is_pos & positive) / (~is_pos).sum()
        assert (fn_rate, fp_rate) == (row.fn_rate, row.fp_rate), row
        tmc = 100 * (fn_rate * row.fn_cost + fp_rate * row.fp_cost)
        assert tmc == pytest.approx(row.mtmcs, abs=1e-9), row


def test_exact_trivial_thresholds_reproduce_with_scores_of_0_and_1():
    # issue 7, item 6a: the threshold 1.0 reported at 0.05/0.95 classified 1.0 as class 1 under
    # the left-side rule (class 2 iff p < t): TMC 52.5 instead of the MTMCS 5.0.
    y, p = np.array([1, 1, 2, 2]), np.array([0, 0.3, 0.6, 1])
    curve = mtmcs_curve(y, p, pos_label=2, search="exact", score_of="negative")
    first, last = curve.iloc[0], curve.iloc[-1]
    assert first["mtmcs"] == pytest.approx(5.0) and first["threshold"] == np.nextafter(1, 2)
    assert last["mtmcs"] == pytest.approx(5.0) and last["threshold"] == np.nextafter(0, -1)
    positive = classify(p, first["threshold"], score_of="negative", fn_cost=first["fn_cost"])
    assert _tmc(y == 2, positive, first["fn_cost"]) == pytest.approx(5.0)
    _assert_rows_reproduce(y == 2, p, curve)


def test_exact_trivial_thresholds_stay_0_and_1_for_scores_inside():
    y, p = np.array([1, 1, 2, 2]), np.array([0.2, 0.3, 0.6, 0.8])
    curve = mtmcs_curve(y, p, pos_label=2, fp_costs=[0.05, 0.95], score_of="negative")
    assert curve["threshold"].tolist() == [1.0, 0.0]
    _assert_rows_reproduce(y == 2, p, curve)


def test_exact_cut_between_adjacent_floats():
    # no float lies strictly between a and b, so the midpoint cannot serve both rules
    a, b = np.nextafter(1.0, 0), 1.0
    y, p = np.array([2, 1]), np.array([a, b])
    curve = mtmcs_curve(y, p, fp_costs=[0.3, 0.5, 0.7], score_of="negative")
    np.testing.assert_array_equal(curve["mtmcs"], 0.0)
    assert curve["threshold"].tolist() == [b, b, a]
    _assert_rows_reproduce(y == 2, p, curve)


def test_side_follows_the_reported_fn_cost():
    # FPcost = 0.5 + 1e-12 is reported with FNcost 0.5, which classify puts on the left side
    y, p = np.array([1, 1, 2, 2]), np.array([0.0, 0.3, 0.6, 1.0])
    for search in ("exact", "thorough", "optimized"):
        curve = mtmcs_curve(
            y, p, pos_label=2, fp_costs=[0.5 + 1e-12], search=search, step=0.1, score_of="negative"
        )
        assert curve["fn_cost"].iloc[0] == 0.5
        _assert_rows_reproduce(y == 2, p, curve)


probability = st.one_of(st.sampled_from([0.0, 1.0, 0.5, 0.25]), st.floats(0, 1))
cost = st.one_of(
    st.sampled_from([0.5, 0.05, 0.95, 0.5 - 1e-12, 0.5 + 1e-12]),
    st.floats(1e-6, 1 - 1e-6).map(lambda x: round(x, 6)),
)


@st.composite
def scored_problems(draw, elements=probability):
    p = np.array(draw(st.lists(elements, min_size=2, max_size=40)))
    if draw(st.booleans()):  # many ties
        p = p[draw(st.lists(st.integers(0, p.size - 1), min_size=2, max_size=40))]
    is_pos = np.array(draw(st.lists(st.booleans(), min_size=p.size, max_size=p.size)))
    is_pos[0], is_pos[1] = True, False  # both classes present
    fp_costs = draw(st.lists(cost, min_size=1, max_size=5))
    return is_pos, p, fp_costs


@settings(max_examples=150, deadline=None)
@given(scored_problems(), st.sampled_from([0.05, 0.01, 0.001]))
def test_every_reported_threshold_reproduces_its_mtmcs(problem, step):
    is_pos, p, fp_costs = problem
    for search in ("exact", "thorough", "optimized"):
        curve = mtmcs_curve(
            is_pos.astype(int), p, fp_costs=fp_costs, search=search, step=step, score_of="negative"
        )
        _assert_rows_reproduce(is_pos, p, curve)


@settings(max_examples=100, deadline=None)
@given(scored_problems(st.floats(-1e308, 1e308)))
def test_exact_thresholds_reproduce_for_any_real_scores(problem):
    is_pos, p, fp_costs = problem
    _assert_rows_reproduce(
        is_pos, p, mtmcs_curve(is_pos.astype(int), p, fp_costs=fp_costs, score_of="negative")
    )


@pytest.mark.parametrize("search", ["thorough", "optimized"])
@pytest.mark.parametrize(("noisy", "clipped"), [(-6.9e-18, 0.0), (1 + 1e-13, 1.0)])
def test_grid_searches_clip_floating_point_noise(search, noisy, clipped):
    # issue 7, item 6b: Weka's RandomForest gives P(class 1) = -6.9e-18
    y = np.array([1, 2, 1, 2, 1, 2])
    p = np.array([0.9, 0.2, noisy, 0.4, 0.7, noisy])
    fp_costs = cost_ratio_grid(0.05, 0.95, 0.05)
    got = mtmcs_curve(y, p, search=search, step=0.01, fp_costs=fp_costs, score_of="negative")
    q = np.where(p == noisy, clipped, p)
    want = mtmcs_curve(y, q, search=search, step=0.01, fp_costs=fp_costs, score_of="negative")
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    _assert_rows_reproduce(y == 2, q, got)


@pytest.mark.parametrize("search", ["thorough", "optimized"])
@pytest.mark.parametrize(("bad", "shown"), [(-1e-9, "-1e-09"), (1.2, "1.2")])
def test_grid_searches_refuse_scores_outside_0_1_naming_the_first(search, bad, shown):
    p = [0.1, 0.5, 0.3, bad, -3.0]
    match = re.escape(f"y_score[3] = {shown} is outside")
    with pytest.raises(ValueError, match=match):
        mtmcs_curve([1, 2, 1, 2, 1], p, search=search, score_of="negative")
    mtmcs_curve([1, 2, 1, 2, 1], p, search="exact", score_of="negative")  # any real scores


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"y_true": [1, 1, 1], "y_score": [0.1, 0.2, 0.3]}, "exactly two classes"),
        ({"y_true": [1, 2, 1], "y_score": [0.1, np.nan, 0.3]}, "NaN"),
        ({"y_true": [1, 2, 1], "y_score": [0.1, 0.3]}, "same length"),
        ({"y_true": [[1, 2]], "y_score": [[0.1, 0.3]]}, "1-dimensional"),
        ({"y_true": [1, 2], "y_score": [0.1, 0.3], "fp_costs": [0.0, 0.5]}, "fp_costs"),
        ({"y_true": [1, 2], "y_score": [0.1, 0.3], "fp_costs": [1.2]}, "fp_costs"),
        ({"y_true": [1, 2], "y_score": [0.1, 0.3], "search": "optimized", "step": 0}, "step"),
        ({"y_true": [1, 2], "y_score": [0.1, 0.3], "search": "thorough", "step": 2}, "step"),
        ({"y_true": [1, 2], "y_score": [0.1, 1.3], "search": "thorough"}, r"\[0, 1\]"),
        ({"y_true": [1, 2], "y_score": [0.1, 0.3], "search": "fast"}, "search"),
        ({"y_true": ["a", "b"], "y_score": [0.1, 0.3]}, "pos_label"),
        ({"y_true": [1, 2], "y_score": [0.1, 0.3], "pos_label": 3}, "pos_label"),
    ],
)
def test_bad_input_raises_naming_the_parameter(kwargs, match):
    with pytest.raises(ValueError, match=match):
        mtmcs_curve(**kwargs, score_of="negative")


def test_pos_label_for_string_labels():
    curve = mtmcs_curve(
        ["good", "bad", "good"],
        [0.9, 0.2, 0.8],
        pos_label="bad",
        fp_costs=[0.5],
        score_of="negative",
    )
    assert curve["mtmcs"].iloc[0] == 0.0


def test_default_grid_is_the_thesis_grid():
    curve = mtmcs_curve([1, 2], [0.6, 0.4], score_of="negative")
    np.testing.assert_array_equal(curve["fp_cost"], cost_ratio_grid())
