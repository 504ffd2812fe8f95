"""Ranking many classifiers over a cost range: the measures equal the library's per-classifier
functions, the paired draws are paired, and Holm's adjustment is Holm's."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from costlab.metrics import (
    cost_ratio_grid,
    cost_sensitivity,
    cst,
    h_measure,
    holm,
    mtmcr,
    mtmcs_curve,
    rank_over_cost_range,
)

FP = cost_ratio_grid(0.1, 0.4)


def _problem(n=120, k=4, seed=0):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    return y, {f"m{i}": y * (0.4 + 0.5 * i) + rng.normal(0, 1, n) for i in range(k)}


def test_measures_equal_the_per_classifier_functions_and_a_brute_force_envelope():
    y, scores = _problem()
    table = rank_over_cost_range(y, scores, fp_costs=FP, n_resamples=50).set_index("classifier")
    curves = {n: mtmcs_curve(y, s, fp_costs=FP)["mtmcs"].to_numpy() for n, s in scores.items()}
    lowest = np.min(list(curves.values()), axis=0)
    for name, curve in curves.items():
        row = table.loc[name]
        assert row["mtmcr"] == pytest.approx(mtmcr(curve), abs=1e-9)
        assert row["mean_mtmcs"] == pytest.approx(curve.mean(), abs=1e-9)
        assert row["cost_sensitivity"] == pytest.approx(cost_sensitivity(curve), abs=1e-9)
        assert row["cst"] == pytest.approx(cst(curve), abs=1e-9)
        assert row["h"] == pytest.approx(h_measure(y, scores[name]), abs=1e-12)
        share = np.mean([curve[j] <= lowest[j] + 1e-9 for j in range(len(FP))])
        assert row["envelope_share"] == pytest.approx(share)
        for m in ("mtmcr", "cst", "h", "envelope_share"):
            assert row[f"{m}_low"] <= row[f"{m}_high"]


def test_the_leader_heads_the_table_and_a_clearly_worse_one_is_distinguishable():
    y, scores = _problem(n=400)
    table = rank_over_cost_range(y, scores, fp_costs=FP, n_resamples=300)
    assert table["mtmcr"].is_monotonic_increasing and table["rank"].tolist() == [1, 2, 3, 4]
    assert table["classifier"].iloc[0] == "m3" and table["classifier"].iloc[-1] == "m0"
    worst = table.iloc[-1]
    assert not worst["indistinguishable"] and worst["p_holm"] < 0.05
    assert worst["difference_low"] > 0  # its MTMCR exceeds the leader's on every resample band
    assert table.iloc[0][["difference", "p_value", "p_holm"]].tolist() == [0.0, 1.0, 1.0]


def test_a_duplicated_classifier_is_paired_with_itself():
    y, scores = _problem()
    scores["copy"] = scores["m3"].copy()
    table = rank_over_cost_range(y, scores, fp_costs=FP, n_resamples=100).set_index("classifier")
    for column in ("mtmcr", "mtmcr_low", "mtmcr_high", "h", "h_low", "h_high"):
        assert table.loc["copy", column] == table.loc["m3", column]
    assert table.loc["copy", "difference_low"] == table.loc["copy", "difference_high"] == 0.0
    assert table.loc["copy", "indistinguishable"]


def test_the_order_of_the_classifiers_and_a_rerun_change_nothing():
    y, scores = _problem()
    table = rank_over_cost_range(y, scores, fp_costs=FP, n_resamples=80, measure="h")
    again = rank_over_cost_range(y, scores, fp_costs=FP, n_resamples=80, measure="h")
    assert table.equals(again)
    assert table["h"].is_monotonic_decreasing  # H: higher is better
    for order in itertools.islice(itertools.permutations(scores), 1, 4):
        other = rank_over_cost_range(
            y, {n: scores[n] for n in order}, fp_costs=FP, n_resamples=80, measure="h"
        )
        np.testing.assert_allclose(other["h"], table["h"])
        assert other["classifier"].tolist() == table["classifier"].tolist()


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"measure": "auc"}, r"measure must be one of \['cost_sensitivity', 'cst'"),
        ({"alpha": 1.5}, r"alpha must be a number in \(0, 1\)"),
        ({"fp_costs": [0.0, 0.5]}, "fp_costs"),
        ({"n_resamples": 1}, "n_resamples must be an integer >= 2"),
    ],
)
def test_bad_options_are_named(kwargs, match):
    y, scores = _problem()
    options = {"fp_costs": FP, "n_resamples": 20, **kwargs}
    with pytest.raises(ValueError, match=match):
        rank_over_cost_range(y, scores, **options)


def test_one_classifier_is_not_a_ranking():
    y, scores = _problem()
    with pytest.raises(ValueError, match="at least two classifier names"):
        rank_over_cost_range(y, {"m0": scores["m0"]}, fp_costs=FP)


def _holm_brute_force(p):
    """Holm (1979) by its definition: reject the i-th smallest while p_(i) <= alpha / (m - i);
    the adjusted p-value is the smallest alpha that rejects it."""
    m, order = len(p), np.argsort(p, kind="stable")
    out, running = np.empty(m), 0.0
    for i, j in enumerate(order):
        running = max(running, min(1.0, (m - i) * p[j]))
        out[j] = running
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=12))
def test_holm_equals_its_definition(p):
    p = np.array(p)
    np.testing.assert_allclose(holm(p), _holm_brute_force(p))
    assert np.all(holm(p) >= p)
