"""POSfrac and Purity for any true target prior (Landgrebe et al. 2004, eqs. 3-6):
hand-checked confusion matrices, brute-force counts, identities, Table 2's own consistency,
properties (hypothesis) and the operating-point rules checked by re-applying the randomised
classifier they report."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import precision_score, roc_curve

from costlab.metrics import (
    fold_operating_points,
    operating_point,
    positive_fraction,
    prior_operating_characteristics,
    prior_operating_curves,
    purity,
    summarize_folds,
)

# -- brute force ---------------------------------------------------------------------------------


def brute_counts(y, s):
    """(thresholds, TP, FP) for 'target iff score >= t' at inf and every distinct score, by a
    loop over thresholds and plain counting."""
    y, s = np.asarray(y, dtype=bool), np.asarray(s, dtype=float)
    rows = [(np.inf, 0, 0)]
    for t in np.unique(s)[::-1]:
        called = s >= t
        rows.append((t, int((called & y).sum()), int((called & ~y).sum())))
    return np.array(rows, dtype=float).T


def randomised_rates(y, s, threshold, weight):
    """Expected (TPr, FPr) of: target if score > threshold, with prob. weight if == threshold."""
    y, s = np.asarray(y, dtype=bool), np.asarray(s, dtype=float)
    called = (s > threshold) + weight * (s == threshold)
    return called[y].sum() / y.sum(), called[~y].sum() / (~y).sum()


scored = st.integers(min_value=2, max_value=40).flatmap(
    lambda n: st.tuples(
        st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < len(v)),
        st.lists(st.integers(0, 8).map(lambda k: k / 8), min_size=n, max_size=n),  # many ties
    )
)
priors_strategy = st.lists(st.floats(min_value=1e-6, max_value=1 - 1e-6), min_size=1, max_size=5)


# -- the formulas on hand-checkable confusion matrices -------------------------------------------


def test_formulas_on_a_hand_checked_confusion_matrix():
    # N_t = 20 targets, N_n = 80 non-targets; TP = 16, FP = 12: TPr = 0.8, FPr = 0.15.
    # Test set's own prior 0.2: POSfrac = (16 + 12) / 100 = 0.28, Purity = 16 / 28 (eqs. 1, 4).
    assert positive_fraction(0.8, 0.15, 0.2) == pytest.approx(0.28, abs=1e-15)
    assert purity(0.8, 0.15, 0.2) == pytest.approx(16 / 28, abs=1e-15)
    # The same classifier where one instance in a thousand is a target (eqs. 5 and 6):
    assert positive_fraction(0.8, 0.15, 0.001) == pytest.approx(0.0008 + 0.999 * 0.15)
    assert purity(0.8, 0.15, 0.001) == pytest.approx(0.8 / (0.8 + 999 * 0.15))
    # Purity is NaN where nothing is called target, and arrays broadcast.
    assert np.isnan(purity(0.0, 0.0, 0.5))
    grid = positive_fraction(np.array([0.5, 1.0]), np.array([0.0, 1.0]), np.array([[0.1], [0.9]]))
    np.testing.assert_allclose(grid, [[0.05, 1.0], [0.45, 1.0]])


def test_curves_equal_brute_force_counts_at_the_test_sets_own_prior():
    """At P(C_t) = N_t / N, eq. 5 is (TP + FP) / N and eq. 6 is TP / (TP + FP) (eqs. 1, 4)."""
    rng = np.random.default_rng(0)
    y = rng.random(300) < 0.3
    s = np.round(rng.normal(y * 1.0, 1.0), 1)  # ties
    prior = y.mean()
    curves = prior_operating_curves(y, s, [0.5, prior])
    thresholds, tp, fp = brute_counts(y, s)
    np.testing.assert_array_equal(curves.thresholds, thresholds)
    np.testing.assert_allclose(curves.tpr, tp / y.sum(), rtol=0, atol=1e-15)
    np.testing.assert_allclose(curves.fpr, fp / (~y).sum(), rtol=0, atol=1e-15)
    np.testing.assert_allclose(curves.posfrac[1], (tp + fp) / y.size, rtol=1e-12)
    precision = [precision_score(y, s >= t, zero_division=np.nan) for t in thresholds[1:]]
    np.testing.assert_allclose(curves.purity[1, 1:], precision, rtol=1e-12)
    assert np.isnan(curves.purity[:, 0]).all()


def test_rates_equal_scikit_learns_roc_curve():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 200)
    s = rng.integers(0, 15, 200) / 15
    fpr, tpr, thr = roc_curve(y, s, drop_intermediate=False)
    curves = prior_operating_curves(y, s, 0.3)
    np.testing.assert_allclose(curves.fpr, fpr, atol=1e-15)
    np.testing.assert_allclose(curves.tpr, tpr, atol=1e-15)
    np.testing.assert_array_equal(curves.thresholds, thr)


def test_tidy_frame_and_labels_with_pos_label():
    y = np.array(["n", "t", "n", "t", "t"])
    s = [0.1, 0.9, 0.6, 0.4, 0.8]
    frame = prior_operating_characteristics(y, s, [0.5, 0.01], pos_label="t")
    assert list(frame.columns) == ["prior", "threshold", "tpr", "fpr", "posfrac", "purity"]
    assert frame["prior"].tolist() == [0.5] * 6 + [0.01] * 6
    curves = prior_operating_curves(y == "t", s, [0.5, 0.01])
    np.testing.assert_array_equal(frame["posfrac"], curves.posfrac.ravel())
    # (FPr, TPr) of the cut at 0.6: one of two non-targets, two of three targets
    row = frame[(frame.prior == 0.01) & (frame.threshold == 0.6)].iloc[0]
    assert (row.tpr, row.fpr) == (2 / 3, 0.5)
    assert row.posfrac == pytest.approx(0.01 * 2 / 3 + 0.99 * 0.5)


# -- identities ----------------------------------------------------------------------------------


def test_posfrac_tends_to_fpr_as_the_target_prior_vanishes():
    """Landgrebe sec. 3: 'POSfrac tends to FPr as the skew ratio increases'."""
    rng = np.random.default_rng(2)
    y = rng.random(500) < 0.5
    s = rng.normal(y * 1.5, 1.0)
    curves = prior_operating_curves(y, s, [1e-2, 1e-4, 1e-8])
    gaps = np.abs(curves.posfrac - curves.fpr).max(axis=1)
    assert gaps[0] > gaps[1] > gaps[2]
    assert gaps[2] <= 1e-8 and gaps[0] > 1e-3


@settings(max_examples=200, deadline=None)
@given(scored, priors_strategy)
def test_purity_times_posfrac_is_prior_times_tpr(data, priors):
    """POSfrac = (TP / N) / Purity (Landgrebe sec. 4), i.e. Purity x POSfrac = P(C_t) TPr."""
    y, s = data
    curves = prior_operating_curves(np.array(y), np.array(s), priors)
    p = np.array(priors)[:, None]
    with np.errstate(invalid="ignore"):
        product = np.where(np.isnan(curves.purity), 0.0, curves.purity) * curves.posfrac
    np.testing.assert_allclose(product, p * curves.tpr, rtol=1e-12, atol=1e-300)


@settings(max_examples=200, deadline=None)
@given(scored, priors_strategy)
def test_bounds_monotonicity_and_vectorised_equals_a_loop(data, priors):
    y, s = np.array(data[0]), np.array(data[1])
    curves = prior_operating_curves(y, s, priors)
    assert np.all((curves.posfrac >= 0) & (curves.posfrac <= 1 + 1e-15))
    finite = curves.purity[:, 1:]
    assert not np.isnan(finite).any()
    assert np.all((finite >= 0) & (finite <= 1 + 1e-15))
    # POSfrac strictly increases as the threshold decreases (each cut adds an instance)
    assert np.all(np.diff(curves.posfrac, axis=1) > 0)
    assert np.all(np.diff(curves.thresholds) < 0)
    for i, p in enumerate(priors):
        single = prior_operating_curves(y, s, p)
        np.testing.assert_array_equal(single.posfrac[0], curves.posfrac[i])
        np.testing.assert_array_equal(single.purity[0], curves.purity[i])
        np.testing.assert_array_equal(single.fpr, curves.fpr)


def test_table_2_columns_follow_eq_5():
    """Landgrebe et al. 2004, Table 2 (p. 6), POSfrac in % at TPr = 80 %, mean and std over 30
    folds at P(C_t) = 0.5, 0.1, 0.001. With TPr fixed, eq. 5 is linear in FPr, so the 0.5
    column fixes the other two: mean -> 0.8 p + (1 - p) FPr, std -> (1 - p) / 0.5 x std. Every
    cell agrees to the table's rounding (<= 0.015 percentage points)."""
    table = {
        ("TwoGaussians", "LDC"): [(46.08, 0.51), (18.94, 0.92), (12.22, 1.02)],
        ("TwoGaussians", "MOGC"): [(47.86, 0.77), (22.14, 1.38), (15.78, 1.53)],
        ("TwoGaussians", "PARZEN"): [(45.58, 0.54), (18.05, 0.98), (11.24, 1.08)],
        ("Highleyman", "LDC"): [(52.14, 1.23), (29.85, 2.22), (24.33, 2.46)],
        ("Highleyman", "QDC"): [(40.00, 0.00), (8.00, 0.00), (0.08, 0.00)],
        ("Multimodal", "LDC"): [(69.00, 1.06), (60.21, 1.90), (58.03, 2.11)],
        ("Multimodal", "QDC"): [(50.25, 0.94), (26.46, 1.68), (20.57, 1.87)],
        ("Lithuanian", "QDC"): [(42.10, 0.33), (11.77, 0.59), (4.27, 0.65)],
        ("Lithuanian", "PARZEN"): [(40.06, 0.04), (8.11, 0.07), (0.21, 0.08)],
    }
    for cells in table.values():
        (mean5, std5), *rest = cells
        fpr = (mean5 / 100 - positive_fraction(0.8, 0.0, 0.5)) / 0.5
        for p, (mean, std) in zip((0.1, 0.001), rest, strict=True):
            assert 100 * positive_fraction(0.8, fpr, p) == pytest.approx(mean, abs=0.015)
            assert std5 * (1 - p) / 0.5 == pytest.approx(std, abs=0.015)


# -- operating points ----------------------------------------------------------------------------

Y10 = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
S10 = [0.9, 0.8, 0.7, 0.6, 0.2, 0.75, 0.5, 0.4, 0.3, 0.1]


def test_operating_point_by_hand():
    """ROC of Y10/S10 going down the thresholds: (FPr, TPr) = (0, .2) at .9, (0, .4) at .8,
    (.2, .4) at .75, (.2, .6) at .7, (.2, .8) at .6, (.4, .8) at .5, ... (1, 1) at .1."""
    # TPr = 0.5: halfway up the vertical step (0.2, 0.4) -> (0.2, 0.6), threshold 0.7
    row = operating_point(Y10, S10, 0.25, tpr=0.5).iloc[0]
    assert (row.tpr, row.fpr, row.threshold) == pytest.approx((0.5, 0.2, 0.7))
    assert row.p_at_threshold == pytest.approx(0.5)
    assert row.posfrac == pytest.approx(0.25 * 0.5 + 0.75 * 0.2)
    assert row.purity == pytest.approx(0.125 / 0.275)  # eq. 6 at the rates, not interpolated
    # TPr = 0.8 is reached exactly at 0.6 (weight 1), with the smallest FPr of that TPr
    row = operating_point(Y10, S10, 0.5, tpr=0.8).iloc[0]
    assert (row.tpr, row.fpr, row.threshold, row.p_at_threshold) == pytest.approx(
        (0.8, 0.2, 0.6, 1.0)
    )
    # POSfrac = 0.25 at P(C_t) = 0.5: between (0, .4) [0.2] and (.2, .4) [0.3], a quarter... no,
    # halfway: FPr = 0.1 gives 0.5 x 0.4 + 0.5 x 0.1 = 0.25
    row = operating_point(Y10, S10, 0.5, posfrac=0.25).iloc[0]
    assert (row.tpr, row.fpr, row.threshold) == pytest.approx((0.4, 0.1, 0.75))
    assert row.p_at_threshold == pytest.approx(0.5)
    # Purity >= 0.75 at P(C_t) = 0.5 holds up to (0.2, 0.6) [0.75 exactly] and at (0.2, 0.8)
    # [0.8]; on (0.2, .8) -> (0.4, .8) Purity = .8 / (.8 + FPr) = .75 at FPr = 0.8/3
    row = operating_point(Y10, S10, 0.5, purity=0.75).iloc[0]
    assert (row.tpr, row.fpr, row.purity) == pytest.approx((0.8, 0.8 / 3, 0.75))
    assert (row.threshold, row.p_at_threshold) == pytest.approx((0.5, 1 / 3))


def test_every_prior_in_one_call_equals_one_at_a_time():
    priors = [0.5, 0.1, 0.001]
    for condition in ({"tpr": 0.8}, {"posfrac": 0.3}, {"purity": 0.6}):
        together = operating_point(Y10, S10, priors, **condition)
        alone = pd.concat([operating_point(Y10, S10, p, **condition) for p in priors])
        pd.testing.assert_frame_equal(together, alone.reset_index(drop=True))


@settings(max_examples=200, deadline=None)
@given(scored, priors_strategy, st.floats(min_value=0.01, max_value=1.0), st.sampled_from(
    ["tpr", "posfrac", "purity"]))  # fmt: skip
def test_reported_randomised_classifier_reproduces_the_point(data, priors, target, condition):
    y, s = np.array(data[0]), np.array(data[1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        table = operating_point(y, s, priors, **{condition: target})
    curves = prior_operating_curves(y, s, priors)
    for row in table.itertuples():
        if np.isnan(row.tpr):  # only an unreachable purity gives NaN
            assert condition == "purity"
            assert np.all(np.nan_to_num(curves.purity[curves.priors == row.prior], nan=0) < target)
            continue
        tpr, fpr = randomised_rates(y, s, row.threshold, row.p_at_threshold)
        assert (tpr, fpr) == pytest.approx((row.tpr, row.fpr), abs=1e-12)
        assert row.posfrac == pytest.approx(positive_fraction(tpr, fpr, row.prior), abs=1e-12)
        assert 0 <= row.p_at_threshold <= 1
        if condition == "tpr":
            assert row.tpr == pytest.approx(target, abs=1e-12)
            # no point of the curve with that TPr has a smaller FPr
            assert row.fpr <= np.interp(target, curves.tpr, curves.fpr) + 1e-12
        elif condition == "posfrac":
            assert row.posfrac == pytest.approx(target, abs=1e-12)
        else:
            assert row.purity >= target - 1e-9
            # no ROC point with a larger TPr meets the purity condition
            i = int(np.flatnonzero(curves.priors == row.prior)[0])
            better = (curves.tpr > row.tpr + 1e-12) & (curves.purity[i] >= target + 1e-9)
            assert not better.any()


def test_unreachable_purity_warns_and_gives_nan():
    y, s = [0, 1, 0, 1], [0.9, 0.8, 0.3, 0.2]  # the top score is a non-target
    # ROC points (0, 0), (0.5, 0), (0.5, 0.5), (1, 0.5), (1, 1); at P(C_t) = 0.9 the best purity
    # is 0.9 (at (0.5, 0.5) and (1, 1)), at 0.5 it is 0.5
    with pytest.warns(UndefinedMetricWarning, match="purity"):
        table = operating_point(y, s, [0.5, 0.9], purity=0.95)
    assert table[["tpr", "fpr", "posfrac", "purity"]].isna().all().all()
    with pytest.warns(UndefinedMetricWarning, match=r"prior\(s\) \[0.5\]"):
        table = operating_point(y, s, [0.5, 0.9], purity=0.9)
    assert np.isnan(table.loc[0, "tpr"])
    # the largest TPr with purity >= 0.9 is the (1, 1) point: everything called target
    assert table.loc[1, ["tpr", "fpr"]].tolist() == pytest.approx([1.0, 1.0])
    assert table.loc[1, "purity"] == pytest.approx(0.9)


# -- folds ---------------------------------------------------------------------------------------


def test_folds_as_index_array_or_as_lists_agree_with_operating_point():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 120)
    s = rng.normal(y, 1.0)
    folds = np.repeat([2, 0, 1], 40)
    by_index = fold_operating_points(y, s, [0.5, 0.1], folds=folds, tpr=0.8)
    parts = [folds == f for f in (0, 1, 2)]
    by_lists = fold_operating_points([y[m] for m in parts], [s[m] for m in parts], [0.5, 0.1],
                                     tpr=0.8)  # fmt: skip
    pd.testing.assert_frame_equal(by_index, by_lists)
    for f, mask in zip((0, 1, 2), parts, strict=True):
        expected = operating_point(y[mask], s[mask], [0.5, 0.1], tpr=0.8)
        got = by_index[by_index.fold == f].drop(columns="fold").reset_index(drop=True)
        pd.testing.assert_frame_equal(got, expected)


def test_summary_is_mean_and_sample_std_over_folds():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 300)
    s = rng.normal(y, 1.0)
    table = fold_operating_points(y, s, [0.5, 0.001], folds=np.arange(300) % 5, tpr=0.8)
    summary = summarize_folds(table).set_index(["prior", "measure"])
    for p in (0.5, 0.001):
        values = table.loc[table.prior == p, "posfrac"].to_numpy()
        assert summary.loc[(p, "posfrac"), "mean"] == pytest.approx(values.mean())
        assert summary.loc[(p, "posfrac"), "std"] == pytest.approx(values.std(ddof=1))
        assert summary.loc[(p, "posfrac"), "n_folds"] == 5
        assert summary.loc[(p, "tpr"), "std"] == pytest.approx(0.0, abs=1e-12)
    population = summarize_folds(table, ddof=0).set_index(["prior", "measure"])
    assert population.loc[(0.5, "fpr"), "std"] < summary.loc[(0.5, "fpr"), "std"]


def test_a_fold_with_one_class_warns_and_is_left_out_of_the_summary():
    y = np.array([0, 1, 0, 1, 1, 1])
    s = np.array([0.1, 0.9, 0.2, 0.7, 0.5, 0.6])
    with pytest.warns(UndefinedMetricWarning, match="fold 1"):
        table = fold_operating_points(y, s, 0.5, folds=[0, 0, 0, 0, 1, 1], tpr=1.0)
    assert table.loc[table.fold == 1, ["tpr", "posfrac"]].isna().all(axis=None)
    summary = summarize_folds(table).set_index("measure")
    assert summary.loc["posfrac", "n_folds"] == 1
    assert summary.loc["posfrac", "mean"] == pytest.approx(0.5)


# -- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [0.0, 1.0, -0.1, 1.5, np.nan, [0.5, 0.0], []])
def test_priors_outside_the_open_unit_interval_are_rejected(bad):
    with pytest.raises(ValueError, match="prior"):
        prior_operating_curves(Y10, S10, bad)
    with pytest.raises(ValueError, match="prior"):
        operating_point(Y10, S10, bad, tpr=0.8)
    if np.ndim(bad) == 0:
        with pytest.raises(ValueError, match="prior"):
            positive_fraction(0.8, 0.1, bad)


@pytest.mark.parametrize("name", ["tpr", "posfrac", "purity"])
@pytest.mark.parametrize("bad", [0.0, -0.2, 1.01, np.inf])
def test_targets_outside_zero_one_are_rejected(name, bad):
    with pytest.raises(ValueError, match=f"{name} must lie in \\(0, 1\\]"):
        operating_point(Y10, S10, 0.5, **{name: bad})


def test_exactly_one_condition_and_two_classes():
    with pytest.raises(ValueError, match="exactly one operating condition"):
        operating_point(Y10, S10, 0.5)
    with pytest.raises(ValueError, match="exactly one operating condition"):
        operating_point(Y10, S10, 0.5, tpr=0.8, posfrac=0.3)
    with pytest.raises(ValueError, match="exactly two classes"):
        prior_operating_curves([1, 1, 1], [0.1, 0.2, 0.3], 0.5)
    with pytest.raises(ValueError, match="per-fold 1-D arrays"):
        fold_operating_points(Y10, S10, 0.5, tpr=0.8)
    with pytest.raises(ValueError, match="folds must give the fold"):
        fold_operating_points(Y10, S10, 0.5, folds=[0, 1], tpr=0.8)


# -- the cost-curve view ---------------------------------------------------------------------


def test_prior_and_probability_cost_round_trip():
    from costlab.metrics import prior_from_probability_cost, probability_cost

    p = np.array([1e-4, 0.001, 0.1, 0.5, 0.9])
    for fn, fp in ((1.0, 1.0), (9.0, 1.0), (1.0, 250.0)):
        pcf = probability_cost(p, fn, fp)
        np.testing.assert_allclose(prior_from_probability_cost(pcf, fn, fp), p, rtol=1e-12)
    assert prior_from_probability_cost(0.5, fn_cost=9, fp_cost=1) == pytest.approx(0.1)
    with pytest.raises(ValueError, match="pcf"):
        prior_from_probability_cost(1.0, 1, 1)
    with pytest.raises(ValueError, match="fp_cost"):
        prior_from_probability_cost(0.5, 1, 0)


def test_expected_cost_minimum_is_the_cost_curve_envelope():
    from costlab.metrics import cost_envelope

    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 300)
    s = np.round(rng.normal(y, 1.2), 1)
    priors = np.array([0.001, 0.1, 0.5, 0.8])
    curves = prior_operating_curves(y, s, priors)
    envelope = cost_envelope(y, s)
    for costs in ((1.0, 1.0), (5.0, 1.0)):
        ne = curves.normalized_expected_cost(*costs)
        pcf = curves.probability_costs(*costs)
        np.testing.assert_allclose(ne.min(axis=1), envelope(pcf), atol=1e-12)
