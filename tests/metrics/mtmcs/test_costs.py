"""Tests of the thesis's cost measures against its worked examples (Al-Saffar 2018)."""

import numpy as np
import pandas as pd
import pytest

from costlab.metrics import (
    classify,
    cost_ratio_grid,
    cost_sensitivity,
    cst,
    curve_in_range,
    format_cost_ratio,
    mtmcr,
    normalize_costs,
    range_summary,
    select_classifier,
    total_misclassification_cost,
)

# Tables 4 and 5 (thesis 4.5.1, p. 34-37): the same 14 posterior probabilities of class 1.
TABLE_4_5_P = [0.01, 0.05, 0.15, 0.18, 0.20, 0.25, 0.35, 0.65, 0.75, 0.80, 0.85, 0.90, 0.95, 0.99]


def test_normalize_costs_thesis_scenarios():
    # Thesis 4.5.1.1: actual costs FP=1, FN=4 -> 0.2 / 0.8; 4.5.1.2: FP=4, FN=1 -> 0.8 / 0.2.
    assert normalize_costs(1, 4) == (0.2, 0.8)
    assert normalize_costs(4, 1) == (0.8, 0.2)


def test_table_4_assignment_fn_expensive():
    # Table 4: FNcost = 0.8 >= FPcost, initial threshold 0.8: class 1 (negative) iff p >= 0.8.
    positive = classify(TABLE_4_5_P, threshold=0.8, score_of="negative", fn_cost=0.8)
    assert positive.tolist() == [True] * 9 + [False] * 5


def test_table_5_assignment_fp_expensive():
    # Table 5: FNcost = 0.2 < FPcost, initial threshold 0.2: class 2 (positive) iff p <= 0.2.
    positive = classify(TABLE_4_5_P, threshold=0.2, score_of="negative", fn_cost=0.2)
    assert positive.tolist() == [True] * 5 + [False] * 9


def test_tmc_is_percent_of_weighted_rates():
    assert total_misclassification_cost(1.0, 0.0, fn_cost=0.7, fp_cost=0.3) == pytest.approx(70)
    assert total_misclassification_cost(0.0, 1.0, fn_cost=0.7, fp_cost=0.3) == pytest.approx(30)
    arr = total_misclassification_cost(np.array([0.5, 0.0]), np.array([0.0, 0.5]), 0.5, 0.5)
    np.testing.assert_allclose(arr, [25.0, 25.0])


def test_thesis_cost_grid():
    grid = cost_ratio_grid()
    assert grid.size == 19
    assert grid[0] == 0.05 and grid[-1] == 0.95 and grid[9] == 0.5
    assert format_cost_ratio(grid[8]) == "0.45/0.55"
    # left side [0.05/0.95, 0.45/0.55] and right side [0.55/0.45, 0.95/0.05]: 9 ratios each
    assert cost_ratio_grid(0.05, 0.45).size == 9
    assert cost_ratio_grid(0.55, 0.95).size == 9
    assert cost_ratio_grid(0.1, 0.3, 0.1).tolist() == [0.1, 0.2, 0.3]


def test_figure_8_cst():
    # Thesis 4.2.2.3 (Figure 8): MTMCR 79 and 80, sensitivity 27 and 12, CST 100.33 and 89.6.
    c1, c2 = [13, 26, 40], [20, 28, 32]
    assert mtmcr(c1) == 79 and mtmcr(c2) == 80
    assert cost_sensitivity(c1) == 27 and cost_sensitivity(c2) == 12
    assert round(cst(c1), 2) == 100.33
    assert round(cst(c2), 2) == 89.6


# Tables 11-16 (thesis 5.7, p. 54-57): per-ratio MTMCS as printed, and the printed MTMCR,
# cost sensitivity and CST derived from them.
TABLES_11_TO_16 = [
    ("Table 12 Adaboost", [40, 40, 36, 34, 32], 182, 8, 196.56),
    ("Table 12 Naive Bayes", [37, 36, 36, 37, 32], 178, 5, 186.90),
    ("Table 14 Adaboost", [10, 11, 12, 13, 13.5, 14], 73.5, 4, 76.44),
    ("Table 14 Random Forest", [12, 13, 13, 13, 13, 13], 77.0, 1, 77.77),
    ("Table 16 IBK", [30, 32, 34, 32, 35], 163, 5, 171.15),
    ("Table 16 Adaboost", [27, 29, 31, 32, 40], 159, 13, 179.67),
]


@pytest.mark.parametrize(("label", "values", "want_mtmcr", "want_cs", "want_cst"), TABLES_11_TO_16)
def test_tables_11_to_16(label, values, want_mtmcr, want_cs, want_cst):
    assert mtmcr(values) == pytest.approx(want_mtmcr), label
    assert cost_sensitivity(values) == pytest.approx(want_cs), label
    assert round(cst(values), 2) == pytest.approx(want_cst), label


def test_mtmcr_rounds_each_value_before_summing():
    values = [10.004, 10.004, 10.004]
    assert mtmcr(values) == pytest.approx(30.012)
    assert mtmcr(values, decimals=2) == pytest.approx(30.0)


def _curve(fp_costs, mtmcs):
    return pd.DataFrame({"fp_cost": fp_costs, "mtmcs": mtmcs})


def test_curve_in_range_and_summary():
    curve = _curve(cost_ratio_grid(), np.arange(19.0))
    left = curve_in_range(curve, 0.05, 0.45)
    assert left["mtmcs"].tolist() == list(range(9))
    table = range_summary({"a": curve, "b": curve * 1}, 0.4, 0.6)
    assert table["mtmcr"].tolist() == [7 + 8 + 9 + 10 + 11] * 2
    assert table["cost_sensitivity"].tolist() == [4, 4]


def test_select_classifier_optimal_by_cst_table_13():
    # Table 13/14: curves overlap on [0.25/0.75, 0.50/0.50]; CST picks Adaboost (76.44 < 77.77).
    fp = cost_ratio_grid(0.25, 0.5)
    curves = {
        "Adaboost": _curve(fp, [10, 11, 12, 13, 13.5, 14]),
        "Random Forest": _curve(fp, [12, 13, 13, 13, 13, 13]),
    }
    choice = select_classifier(curves, 0.25, 0.5)
    assert (choice.kind, choice.classifier) == ("optimal", "Adaboost")


def test_select_classifier_table_15_prefers_less_sensitive_ibk():
    fp = cost_ratio_grid(0.35, 0.55)
    curves = {"IBK": _curve(fp, [30, 32, 34, 32, 35]), "Adaboost": _curve(fp, [27, 29, 31, 32, 40])}
    choice = select_classifier(curves, 0.35, 0.55)
    assert (choice.kind, choice.classifier) == ("optimal", "IBK")
    # MTMCR alone would have chosen Adaboost (159 < 163): the deceiving-MTMCR scenario of 5.7.3
    assert choice.summary.set_index("classifier")["mtmcr"].idxmin() == "Adaboost"


def test_select_classifier_robust_when_one_curve_dominates():
    fp = cost_ratio_grid(0.4, 0.6)
    curves = {"a": _curve(fp, [5, 9, 9, 9, 5]), "b": _curve(fp, [6, 9, 10, 11, 6])}
    choice = select_classifier(curves, 0.4, 0.6)
    assert (choice.kind, choice.classifier) == ("robust", "a")


@pytest.mark.parametrize("curve_r1, curve_r2", [(0.4, 0.6), (0.05, 0.95)])
def test_select_classifier_reordered_rows_give_the_sorted_result(curve_r1, curve_r2):
    rng = np.random.default_rng(3)
    fp = cost_ratio_grid(curve_r1, curve_r2)
    a, b = rng.uniform(5, 10, fp.size), rng.uniform(5, 10, fp.size)
    b[np.abs(fp - 0.5) < 0.11] = a[np.abs(fp - 0.5) < 0.11] + 1  # a dominates on [0.4, 0.6]
    curves = {"a": _curve(fp, a), "b": _curve(fp, b)}
    shuffled = {key: c.sample(frac=1, random_state=1) for key, c in curves.items()}
    shuffled["a"] = shuffled["a"].iloc[::-1]  # the two curves in different orders
    for r1, r2 in ((0.4, 0.6), (None, None)):
        want, got = select_classifier(curves, r1, r2), select_classifier(shuffled, r1, r2)
        assert (got.kind, got.classifier) == (want.kind, want.classifier)
        pd.testing.assert_frame_equal(got.summary, want.summary)
    assert select_classifier(shuffled, 0.4, 0.6).classifier == "a"


def test_select_classifier_refuses_curves_on_different_grids_naming_them():
    curves = {
        "fine": _curve(cost_ratio_grid(0.05, 0.95, 0.05), np.arange(19.0)),
        "same": _curve(cost_ratio_grid(0.05, 0.95, 0.05), np.arange(19.0) + 1),
        "coarse": _curve(cost_ratio_grid(0.1, 0.9, 0.1), np.arange(9.0)),
    }
    with pytest.raises(ValueError, match=r"'fine' and 'coarse'.*must share the fp_cost grid"):
        select_classifier(curves, 0.2, 0.6)
    shifted = {
        "fine": curves["fine"],
        "shifted": _curve(cost_ratio_grid(0.06, 0.96), np.arange(19.0)),
    }
    with pytest.raises(ValueError, match=r"'fine' and 'shifted'.*must share the fp_cost grid"):
        select_classifier(shifted, 0.2, 0.6)
    # grids that agree within [r1, r2] are fine, whatever they hold outside it
    wider = {"fine": curves["fine"], "part": _curve(cost_ratio_grid(0.3, 0.7), np.arange(9.0))}
    assert select_classifier(wider, 0.4, 0.6).summary["n_ratios"].tolist() == [5, 5]


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: normalize_costs(0, 1), "fp_cost"),
        (lambda: normalize_costs(1, -2), "fn_cost"),
        (lambda: cost_ratio_grid(0.6, 0.4), "r1 must not exceed r2"),
        (lambda: cost_ratio_grid(0.0, 0.4), "r1"),
        (lambda: cost_ratio_grid(0.1, 1.0), "r2"),
        (lambda: cost_ratio_grid(0.1, 0.4, 0.0), "step"),
        (lambda: cost_ratio_grid(0.1, 0.4, 1.5), "step"),
        (lambda: mtmcr([]), "mtmcs"),
        (lambda: mtmcr([1.0, np.nan]), "NaN"),
        (lambda: curve_in_range(_curve([0.1, 0.2], [1, 2]), 0.5, 0.4), "r1 must not exceed r2"),
        (lambda: curve_in_range(_curve([0.1, 0.2], [1, 2]), 0.5, 0.6), "no cost ratio"),
        (lambda: range_summary({}), "non-empty"),
    ],
)
def test_bad_input_names_the_problem(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# Issue 30: select_classifier's decimals and curves, classify's NaNs.
def _two_curves():
    fp = np.round(np.arange(0.05, 0.5, 0.05), 2)
    return {
        "a": pd.DataFrame({"fp_cost": fp, "mtmcs": np.linspace(13, 40, fp.size)}),
        "b": pd.DataFrame({"fp_cost": fp, "mtmcs": np.linspace(20, 32, fp.size)}),
    }


@pytest.mark.parametrize(
    ("decimals", "error"), [(-1, ValueError), ("2", TypeError), (2.0, TypeError), (True, TypeError)]
)
def test_select_classifier_refuses_bad_decimals(decimals, error):
    # decimals=-1 rounded MTMCS to tens; "2" gave numpy's "cannot be interpreted as an integer"
    with pytest.raises(error, match=r"^decimals must be an int in \[0, inf\) or None, got "):
        select_classifier(_two_curves(), decimals=decimals)
    with pytest.raises(error, match="^decimals must be"):
        range_summary(_two_curves(), decimals=decimals)


def test_select_classifier_names_a_curve_that_is_not_a_frame():
    curves = _two_curves()
    curves["a"] = curves["a"].to_numpy()  # an ndarray gave numpy's IndexError
    with pytest.raises(TypeError, match=r"^curves\['a'\] must be a DataFrame with columns "):
        select_classifier(curves, decimals=2)


@pytest.mark.parametrize("score_of", ["positive", "negative"])
def test_classify_refuses_nan_threshold_and_scores(score_of):
    kwargs = {"score_of": score_of, "fn_cost": 0.8}
    with pytest.raises(ValueError, match=r"^threshold must be a real number \(not NaN\)"):
        classify([0.1, 0.5], float("nan"), **kwargs)
    with pytest.raises(TypeError, match="^threshold must be"):
        classify([0.1, 0.5], "0.5", **kwargs)
    with pytest.raises(ValueError, match=r"^y_score contains 1 NaN value\(s\)"):
        classify([0.1, float("nan")], 0.5, **kwargs)


def test_curve_in_range_names_a_curve_that_is_not_a_frame_or_lacks_a_column():
    curve = _two_curves()["a"]
    with pytest.raises(TypeError, match="^curve must be a DataFrame with columns fp_cost"):
        curve_in_range(curve.to_numpy(), 0.1, 0.2)  # gave numpy's IndexError
    with pytest.raises(ValueError, match=r"^curve must have the columns .*\['mtmcs'\] missing"):
        curve_in_range(curve.rename(columns={"mtmcs": "cost"}), 0.1, 0.2)  # was returned as is
