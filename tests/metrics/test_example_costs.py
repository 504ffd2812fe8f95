"""Costs per example: the cost model, its reduction to weights, total cost and savings, each
against brute force or a property."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from costlab.metrics import (
    cost_model,
    mtmcs_curve,
    savings,
    savings_curve,
    total_cost,
)


def _problem(n=60, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    scores = np.round(y * 0.8 + rng.normal(0, 0.6, n), 2)  # rounded: ties between examples
    amount = rng.uniform(100, 5000, n)
    return y, scores, amount


def _brute_total(y, decided, fp, fn, tp, tn):
    return sum(
        (tp[i] if decided[i] else fn[i]) if y[i] else (fp[i] if decided[i] else tn[i])
        for i in range(len(y))
    )


def test_total_cost_equals_brute_force_with_benefits():
    y, scores, amount = _problem()
    costs = cost_model(fp=0.1 * amount, fn=amount, tp=-0.05 * amount, tn=0.0)
    decided = scores >= 0.4
    brute = _brute_total(y, decided, costs.fp, costs.fn, costs.tp, costs.tn)
    assert total_cost(y, decided.astype(int), costs) == pytest.approx(brute)
    # the baseline plus the regret weights of the misclassified examples
    wrong = decided != y.astype(bool)
    assert brute == pytest.approx(costs.baseline(y) + costs.weights(y)[wrong].sum())


def test_savings_curve_finds_the_best_threshold_exactly():
    y, scores, amount = _problem()
    costs = cost_model(fp=0.2 * amount, fn=amount)
    curve = savings_curve(y, scores, costs, fp_costs=[0.1, 0.5, 0.9])
    candidates = np.concatenate([np.unique(scores), [np.inf]])
    for row in curve.itertuples():
        fp, fn = row.fp_cost * costs.fp, (1 - row.fp_cost) * costs.fn
        totals = [_brute_total(y, scores >= t, fp, fn, costs.tp, costs.tn) for t in candidates]
        assert row.total_cost == pytest.approx(min(totals))
        assert _brute_total(y, scores >= row.threshold, fp, fn, costs.tp, costs.tn) == (
            pytest.approx(row.total_cost)
        )
        trivial = min(totals[0], totals[-1])  # everyone positive, everyone negative
        assert row.savings == pytest.approx(1 - row.total_cost / trivial)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.booleans(),
            st.integers(0, 4),  # score: many ties
            st.integers(0, 5),  # fp (0: a free error)
            st.integers(0, 5),  # fn
            st.integers(-3, 0),  # tp (a benefit)
            st.integers(-3, 0),  # tn
        ),
        min_size=2,
        max_size=25,
    ),
    st.lists(st.sampled_from([0.125, 0.25, 0.5, 0.75, 0.875]), min_size=1, max_size=4),
)
def test_savings_curve_is_brute_force_with_ties_free_errors_and_benefits(rows, ratios):
    y = np.array([r[0] for r in rows], dtype=int)
    y[:2] = [0, 1]
    scores = np.array([r[1] for r in rows], dtype=float)
    fp, fn, tp, tn = (np.array([r[k] for r in rows], dtype=float) for k in range(2, 6))
    costs = cost_model(fp=fp, fn=fn, tp=tp, tn=tn)
    curve = savings_curve(y, scores, costs, fp_costs=ratios)
    candidates = np.concatenate([np.unique(scores), [np.inf]])
    for row in curve.itertuples():
        totals = np.array(
            [
                _brute_total(y, scores >= t, row.fp_cost * fp, (1 - row.fp_cost) * fn, tp, tn)
                for t in candidates
            ]
        )
        assert row.total_cost == pytest.approx(totals.min(), abs=1e-9)
        # of equal totals (exact here: eighths of integers), the highest threshold
        assert row.threshold == candidates[np.flatnonzero(totals == totals.min())[-1]]


def test_constant_costs_are_the_class_level_thesis_costs():
    # the regret weights as sample_weight: the weighted MTMCS at FPcost = W-/(W+ + W-), times
    # (W+ + W-)/100, is the lowest total regret of a threshold
    y, scores, amount = _problem()
    for fp, fn in ((1.0, 5.0), (3.0, 3.0)):
        costs = cost_model(fp=fp, fn=fn, n=len(y))
        w = costs.weights(y)
        w_pos, w_neg = w[y == 1].sum(), w[y == 0].sum()
        ratio = w_neg / (w_pos + w_neg)
        mtmcs = mtmcs_curve(y, scores, sample_weight=w, fp_costs=[ratio])["mtmcs"].iloc[0]
        lowest = savings_curve(y, scores, costs, fp_costs=[0.5])["total_cost"].iloc[0] * 2
        assert lowest == pytest.approx(mtmcs * (w_pos + w_neg) / 100)
        # and, class-level: W+ = fn x #positives, W- = fp x #negatives
        assert (w_pos, w_neg) == (fn * y.sum(), fp * (len(y) - y.sum()))


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_integer_costs_equal_repeated_rows(data):
    y, scores, _ = _problem(n=20, seed=data.draw(st.integers(0, 50)))
    k = np.array(data.draw(st.lists(st.integers(1, 4), min_size=20, max_size=20)))
    costs = cost_model(fp=k * 1.0, fn=k * 3.0)
    repeated = cost_model(fp=1.0, fn=3.0, n=int(k.sum()))
    y_rep, s_rep = np.repeat(y, k), np.repeat(scores, k)
    decided = (scores >= 0.3).astype(int)
    assert total_cost(y, decided, costs) == pytest.approx(
        total_cost(y_rep, np.repeat(decided, k), repeated)
    )
    a = savings_curve(y, scores, costs, fp_costs=[0.2, 0.6])
    b = savings_curve(y_rep, s_rep, repeated, fp_costs=[0.2, 0.6])
    pd.testing.assert_frame_equal(a, b)


def test_savings_of_perfect_and_trivial_decisions():
    y, _, amount = _problem()
    costs = cost_model(fp=0.1 * amount, fn=amount)
    assert savings(y, y, costs) == 1.0
    everyone = np.ones_like(y)
    worst_trivial = max(total_cost(y, everyone, costs), total_cost(y, 0 * everyone, costs))
    best = min(total_cost(y, everyone, costs), total_cost(y, 0 * everyone, costs))
    assert savings(y, everyone, costs) == pytest.approx(1 - total_cost(y, everyone, costs) / best)
    assert max(savings(y, everyone, costs), savings(y, 0 * everyone, costs)) == 0.0
    assert min(savings(y, everyone, costs), savings(y, 0 * everyone, costs)) == pytest.approx(
        1 - worst_trivial / best
    )


def test_costs_as_functions_of_the_features():
    loans = pd.DataFrame({"amount": [1000.0, 2500.0, 400.0]})
    costs = cost_model(fp=lambda X: 0.1 * X["amount"], fn=lambda X: X["amount"], X=loans)
    assert costs.fn.tolist() == [1000.0, 2500.0, 400.0] and costs.tp.tolist() == [0.0] * 3


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"fp": [1.0, np.nan], "fn": 1.0}, "fp holds NaN or infinite costs"),
        ({"fp": [1.0, 2.0], "fn": [1.0, 2.0, 3.0]}, r"costs of the wrong length \{'fn': 3\}"),
        ({"fp": lambda X: X, "fn": 1.0}, "fp is a function of the features: pass X="),
        ({"fp": 1.0, "fn": 1.0}, "pass n="),
        ({"fp": [[1.0]], "fn": 1.0}, "fp must be a number or 1-D"),
        ({"fp": 1.0, "fn": [2.0, -1.0]}, r"fn holds negative costs \(e.g. -1\)"),
    ],
)
def test_bad_costs_are_named(kwargs, match):
    with pytest.raises(ValueError, match=match):
        cost_model(**kwargs)


def test_an_indifferent_example_weighs_nothing():
    costs = cost_model(fp=[1.0, 1.0], fn=[2.0, 1.0], tp=[0.0, 1.0])  # example 1: fn = tp
    assert costs.weights([0, 1]).tolist() == [1.0, 0.0]


def test_a_benefit_larger_than_the_error_leaves_the_decision_undefined():
    costs = cost_model(fp=[1.0, 1.0], fn=[2.0, 2.0], tp=[0.0, 3.0])
    with pytest.raises(ValueError, match=r"example 1: its fn - tp = -1 < 0"):
        costs.weights([0, 1])
    with pytest.raises(ValueError, match="costs hold 2 examples, y_true 3"):
        total_cost([0, 1, 1], [0, 1, 1], costs)
