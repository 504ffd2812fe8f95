"""Decision curves, Brier curves and threshold-choice methods (issue 12, item 3).

Golden values come from independent sources: scikit-learn's ``brier_score_loss``,
``roc_auc_score`` and ``IsotonicRegression`` (PAV, whose calibration is the ROC convex hull's,
Fawcett & Niculescu-Mizil 2007), hand computation, and brute force over every threshold.
"""

import matplotlib
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss, roc_auc_score

from costlab.metrics import (
    CurveBands,
    bootstrap_brier_curves,
    bootstrap_decision_curves,
    brier_curve,
    cost_envelope,
    decision_curve,
    net_benefit,
    net_benefit_difference,
    threshold_choice_curve,
    threshold_choice_curves,
    total_expected_cost,
    treat_all_net_benefit,
)
from costlab.plotting import BrierCurveDisplay, DecisionCurveDisplay

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def sample():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 300)
    a = np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1).round(2)  # ties, and exact 0s and 1s
    b = np.clip(rng.normal(0.4 + 0.2 * y, 0.25), 0, 1).round(3)
    return y, a, b


def _labelled_scores(min_size=2, max_size=40):
    """(y, s): both classes present, probabilities with ties."""
    return (
        st.integers(min_size, max_size)
        .flatmap(
            lambda n: st.tuples(
                st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(
                    lambda v: 0 < sum(v) < n
                ),
                st.lists(st.integers(0, 20), min_size=n, max_size=n),
            )
        )
        .map(lambda t: (np.array(t[0]), np.array(t[1]) / 20.0))
    )


# -- hand examples ----------------------------------------------------------------------------


def test_hand_example_brier_curve():
    # negatives 0.1, 0.6; positives 0.4, 0.8; pi = 1/2
    curve = brier_curve([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8])
    assert curve.knots.tolist() == [0.0, 0.1, 0.4, 0.6, 0.8, 1.0]
    # at c = 0.5: positive iff s >= 0.5 -> FPR = 1/2 (0.6), TPR = 1/2 (0.8)
    # Q = 2 {0.5 * 0.5 * 0.5 + 0.5 * 0.5 * 0.5} = 0.5
    assert curve(0.5) == pytest.approx(0.5)
    # at c = 0.05: every score >= 0.1 positive: FPR = 1, TPR = 1 -> Q = 2 * 0.05 * 0.5 = 0.05
    assert curve(0.05) == pytest.approx(0.05)
    # at c = 0.9 nobody is positive -> Q = 2 * 0.1 * 0.5 = 0.1
    assert curve(0.9) == pytest.approx(0.1)
    assert curve.area() == pytest.approx((0.01 + 0.36 + 0.36 + 0.04) / 4)
    seg = curve.segments()
    assert seg["threshold"].tolist()[:2] == [0.1, 0.4]


def test_hand_example_decision_curve():
    y, s = [0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8]
    dc = decision_curve(y, s)
    # p_t = 0.2: treated 0.4, 0.6, 0.8: TP 2, FP 1 -> 2/4 - 1/4 * 0.2/0.8
    assert dc(0.2) == pytest.approx(0.5 - 0.25 * 0.25)
    assert dc(0.7) == pytest.approx(0.25)  # only 0.8 treated, a positive
    assert dc(0.0) == pytest.approx(0.5)  # everyone treated, weight 0
    assert dc(0.2, standardized=True) == pytest.approx((0.5 - 0.0625) / 0.5)
    assert dc.treat_all(0.2) == pytest.approx(0.5 - 0.5 * 0.25)
    assert treat_all_net_benefit(0.5, 0.5) == pytest.approx(0.0)


def test_rate_driven_hand_example():
    # y = [0, 1], s = [0.2, 0.7]: AUC = 1, pi = 1/2; area = 1/4 (1 - 2) + 1/3 = 1/12
    curve = threshold_choice_curve([0, 1], [0.2, 0.7], method="rate-driven")
    assert curve.area() == pytest.approx(1 / 12)
    # at c = 0.5 half the instances (the positive) are positive: no error
    assert curve(0.5) == pytest.approx(0.0)
    fpr, tpr = curve.rates(np.array([0.25]))
    # 75 % positive: the positive and half of the negative
    assert fpr[0] == pytest.approx(0.5) and tpr[0] == pytest.approx(1.0)


# -- identities with independent implementations ----------------------------------------------


def test_areas_match_sklearn(sample):
    y, a, _ = sample
    pi = y.mean()
    auc = roc_auc_score(y, a)
    cost = threshold_choice_curves(y, a)
    assert cost["score-driven"].area() == pytest.approx(brier_score_loss(y, a), abs=1e-12)
    assert cost["rate-driven"].area() == pytest.approx(
        pi * (1 - pi) * (1 - 2 * auc) + 1 / 3, abs=1e-12
    )
    calibrated = IsotonicRegression(out_of_bounds="clip").fit(a, y).predict(a)
    assert cost["optimal"].area() == pytest.approx(brier_score_loss(y, calibrated), abs=1e-12)
    skew = threshold_choice_curves(y, a, space="skew")
    per_class = 0.5 * (np.mean((1 - a[y == 1]) ** 2) + np.mean(a[y == 0] ** 2))
    assert skew["score-driven"].area() == pytest.approx(per_class, abs=1e-12)
    assert skew["rate-driven"].area() == pytest.approx((1 - 2 * auc) / 4 + 1 / 3, abs=1e-12)
    env = cost_envelope(y, a)
    assert skew["optimal"].area() == pytest.approx(total_expected_cost(env), abs=1e-12)


def test_test_optimal_is_the_cost_envelope(sample):
    y, a, _ = sample
    x = np.linspace(0, 1, 201)
    skew = threshold_choice_curve(y, a, method="optimal", space="skew")
    np.testing.assert_allclose(skew(x), cost_envelope(y, a)(1 - x), atol=1e-12)
    # in cost space, Q_c = 2 (c (1 - pi) + (1 - c) pi) NE[C](PCF(+)) with D&H eq. 6
    pi = y.mean()
    cost = threshold_choice_curve(y, a, method="optimal")
    pcf = pi * (1 - x) / (pi * (1 - x) + (1 - pi) * x)
    scale = 2 * (x * (1 - pi) + (1 - x) * pi)
    np.testing.assert_allclose(cost(x), scale * cost_envelope(y, a)(pcf), atol=1e-12)


def test_optimal_is_never_worse_than_the_other_methods(sample):
    y, a, b = sample
    x = np.linspace(0, 1, 301)
    for s in (a, b):
        curves = threshold_choice_curves(y, s)
        best = curves["optimal"](x)
        assert np.all(best <= curves["score-driven"](x) + 1e-12)
        assert np.all(best <= curves["rate-driven"](x) + 1e-12)
        assert np.all(best <= curves["optimal"].trivial(x) + 1e-12)


# -- brute force ------------------------------------------------------------------------------


def _brute_loss(y, s, x, positive, pi, space):
    fpr = np.mean(positive[y == 0])
    tpr = np.mean(positive[y == 1])
    if space == "cost":
        return 2 * (x * (1 - pi) * fpr + (1 - x) * pi * (1 - tpr))
    return x * fpr + (1 - x) * (1 - tpr)


@settings(max_examples=60, deadline=None)
@given(_labelled_scores(), st.floats(0, 1), st.sampled_from(["cost", "skew"]))
def test_score_driven_and_optimal_by_brute_force(data, x, space):
    y, s = data
    pi = y.mean()
    sd = threshold_choice_curve(y, s, space=space)
    assert sd(x) == pytest.approx(_brute_loss(y, s, x, s >= x, pi, space), abs=1e-12)
    opt = threshold_choice_curve(y, s, method="optimal", space=space)
    cuts = np.r_[np.unique(s), np.inf]
    brute = min(_brute_loss(y, s, x, s >= t, pi, space) for t in cuts)
    assert opt(x) == pytest.approx(brute, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(_labelled_scores(), st.floats(0, 1))
def test_rate_driven_by_brute_force(data, x):
    y, s = data
    n = y.size
    k = (1 - x) * n  # expected number called positive, ties split in proportion
    order = np.argsort(-s, kind="stable")
    weight = np.zeros(n)
    taken = 0.0
    for value in np.unique(s)[::-1]:
        group = order[s[order] == value]
        share = min(max(k - taken, 0.0), group.size)
        weight[group] = share / group.size
        taken += group.size
    fpr, tpr = weight[y == 0].mean(), weight[y == 1].mean()
    pi = y.mean()
    expect = 2 * (x * (1 - pi) * fpr + (1 - x) * pi * (1 - tpr))
    assert threshold_choice_curve(y, s, method="rate-driven")(x) == pytest.approx(expect, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(_labelled_scores())
def test_brier_area_property(data):
    y, s = data
    assert brier_curve(y, s).area() == pytest.approx(brier_score_loss(y, s), abs=1e-12)
    curve = threshold_choice_curve(y, s, method="rate-driven")
    pi = y.mean()
    expect = pi * (1 - pi) * (1 - 2 * roc_auc_score(y, s)) + 1 / 3
    assert curve.area() == pytest.approx(expect, abs=1e-12)


def test_partial_areas_add_up(sample):
    y, a, _ = sample
    for method in ("score-driven", "rate-driven", "optimal"):
        curve = threshold_choice_curve(y, a, method=method)
        cuts = [0.0, 0.13, 0.5, 0.77, 1.0]
        parts = sum(curve.area(lo, hi) for lo, hi in zip(cuts[:-1], cuts[1:], strict=True))
        assert parts == pytest.approx(curve.area(), abs=1e-12)
        # the mean over a range agrees with a fine Riemann sum
        x = np.linspace(0.2, 0.4, 200_001)
        assert curve.expected_loss(0.2, 0.4) == pytest.approx(np.mean(curve(x)), abs=1e-4)


def test_curve_polyline_passes_through_the_curve(sample):
    y, a, _ = sample
    curve = threshold_choice_curve(y, a, method="rate-driven")
    x, q = curve.curve()
    np.testing.assert_allclose(q, curve(x), atol=1e-12)
    assert curve.knots[0] == 0.0 and curve.knots[-1] == 1.0
    assert np.all(np.diff(curve.knots) > 0)


# -- decision curves --------------------------------------------------------------------------


def test_decision_curve_is_counting_and_the_brier_identity(sample):
    y, a, _ = sample
    p = np.r_[np.linspace(0, 0.98, 99), np.unique(a)[np.unique(a) < 1]]
    dc = decision_curve(y, a)
    np.testing.assert_allclose(dc(p), net_benefit(y, a, p), atol=1e-12)
    q = brier_curve(y, a)(p)
    np.testing.assert_allclose(dc(p), y.mean() - q / (2 * (1 - p)), atol=1e-12)
    np.testing.assert_allclose(
        dc(p, standardized=True), net_benefit(y, a, p, standardized=True), atol=1e-12
    )


def test_optimal_decision_curve_is_the_best_threshold(sample):
    y, a, _ = sample
    best = decision_curve(y, a, method="optimal")
    for p in (0.05, 0.2, 0.37, 0.5, 0.8):
        brute = max(
            np.mean((a >= t) & (y == 1)) - np.mean((a >= t) & (y == 0)) * p / (1 - p)
            for t in np.r_[np.unique(a), np.inf]
        )
        assert best(p) == pytest.approx(brute, abs=1e-12)
        assert best(p) >= decision_curve(y, a)(p) - 1e-12


def test_net_benefit_difference(sample):
    y, a, b = sample
    da, db = decision_curve(y, a), decision_curve(y, b)
    p = np.linspace(0, 0.9, 50)
    d = net_benefit_difference(da, db, p)
    np.testing.assert_allclose(d, net_benefit(y, a, p) - net_benefit(y, b, p), atol=1e-12)
    np.testing.assert_allclose(d, -net_benefit_difference(db, da, p), atol=0)
    with pytest.raises(ValueError, match="same instances"):
        net_benefit_difference(da, decision_curve(y[:-5], a[:-5]), 0.2)
    with pytest.raises(TypeError, match="curve_b must be a DecisionCurve"):
        net_benefit_difference(da, brier_curve(y, b), 0.2)


@settings(max_examples=50, deadline=None)
@given(_labelled_scores(), st.floats(0, 0.99))
def test_decision_curve_property(data, p):
    y, s = data
    dc = decision_curve(y, s)
    assert dc(p) == pytest.approx(net_benefit(y, s, p), abs=1e-12)
    assert dc(p) <= y.mean() + 1e-12  # no model beats perfect treatment
    assert decision_curve(y, s, method="optimal")(p) >= max(dc(p), 0.0) - 1e-12


# -- bad input --------------------------------------------------------------------------------


def test_errors_name_the_parameter():
    y = [0, 1, 0, 1]
    with pytest.raises(ValueError, match=r"y_score must be probabilities .* \[-1, 2\]"):
        brier_curve(y, [-1, 2, 0.5, 0.5])
    # the other methods take any scores
    assert threshold_choice_curve(y, [-1, 2, 0.5, 0.6], method="optimal").area() >= 0
    assert set(threshold_choice_curves(y, [-1, 2, 0.5, 0.6])) == {"rate-driven", "optimal"}
    with pytest.raises(ValueError, match="method must be one of"):
        threshold_choice_curve(y, [0.1, 0.2, 0.3, 0.4], method="fixed")
    with pytest.raises(ValueError, match="space must be one of"):
        brier_curve(y, [0.1, 0.2, 0.3, 0.4], space="roc")
    with pytest.raises(ValueError, match="exactly two classes"):
        brier_curve([1, 1, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="NaN"):
        decision_curve(y, [0.1, np.nan, 0.3, 0.4])
    dc = decision_curve(y, [0.1, 0.2, 0.3, 0.4])
    with pytest.raises(ValueError, match=r"p_t must be threshold probabilities in \[0, 1\)"):
        dc(1.0)
    with pytest.raises(ValueError, match="method must be one of"):
        decision_curve(y, [0.1, 0.2, 0.3, 0.4], method="rate-driven")
    curve = brier_curve(y, [0.1, 0.2, 0.3, 0.4])
    with pytest.raises(ValueError, match=r"x must lie in \[0, 1\]"):
        curve(1.5)
    with pytest.raises(ValueError, match="low must not exceed high"):
        curve.area(0.6, 0.4)
    with pytest.raises(ValueError, match=r"prevalence must be a real number in \(0, 1\)"):
        treat_all_net_benefit(1.0, 0.2)


@pytest.mark.parametrize("bad", [[-1, 0.5, 2, 0.8], [0.1, 0.5, 1.5, 0.8], [-0.01, 0.5, 0.9, 0.8]])
def test_net_benefit_refuses_scores_outside_0_1_as_decision_curve_does(bad):
    y = [0, 0, 1, 1]
    message = r"y_score must be probabilities of the positive class in \[0, 1\]"
    with pytest.raises(ValueError, match=message + ".*net benefit"):
        net_benefit(y, bad, 0.3)
    with pytest.raises(ValueError, match=message):
        decision_curve(y, bad)
    # floating-point noise around [0, 1] is clipped by both, as for the other curves
    noisy = [-1e-17, 0.5, 1 + 1e-15, 0.8]
    assert (
        net_benefit(y, noisy, [0.3, 0.6]).tolist() == decision_curve(y, noisy)([0.3, 0.6]).tolist()
    )


# -- bootstrap bands --------------------------------------------------------------------------


def test_bootstrap_bands_are_seeded_and_paired(sample):
    y, a, b = sample
    kwargs = dict(n_resamples=40, random_state=5)
    r1 = bootstrap_decision_curves(y, {"a": a, "b": b}, **kwargs)
    r2 = bootstrap_decision_curves(y, {"a": a, "b": b}, **kwargs)
    np.testing.assert_array_equal(r1.replicates, r2.replicates)
    assert isinstance(r1, CurveBands) and r1.quantity == "net benefit"
    np.testing.assert_allclose(r1.estimate[0], decision_curve(y, a)(r1.x), atol=1e-12)
    band = r1.band("a")
    assert np.all(band["low"] <= band["high"] + 1e-12)
    diff = r1.difference("a", "b")
    np.testing.assert_allclose(diff["difference"], r1.estimate[0] - r1.estimate[1])
    # at p_t = 0 everyone is treated by both: no difference in any resample
    assert diff["low"].iloc[0] == diff["high"].iloc[0] == 0.0
    brier = bootstrap_brier_curves(y, {"a": a, "b": b}, **kwargs)
    areas = brier.area_intervals()
    assert areas["area"].tolist() == pytest.approx(
        [brier_score_loss(y, a), brier_score_loss(y, b)], abs=1e-12
    )
    d = brier.area_difference("a", "b")
    assert d["low"] <= d["difference"] <= d["high"] and 0 <= d["p_lower"] <= 1
    with pytest.raises(ValueError, match="carry no areas"):
        r1.area_intervals()
    with pytest.raises(ValueError, match="unknown model"):
        r1.band("c")


def test_unstratified_bootstrap_varies_the_prevalence(sample):
    y, a, _ = sample
    strat = bootstrap_decision_curves(y, a, p_t=[0.0], n_resamples=30)
    free = bootstrap_decision_curves(y, a, p_t=[0.0], n_resamples=30, stratified=False)
    assert np.ptp(strat.replicates) == 0.0  # NB(0) = prevalence, fixed by stratification
    assert np.ptp(free.replicates) > 0.0


def test_bootstrap_intervals_cover_known_answers():
    """Calibrated model, P(+) ~ U(0, 1), y ~ Bernoulli(P(+)): NB(p_t) = (1 - p_t) / 2 and the
    Brier score's expectation is E[p (1 - p)] = 1/6. 90 % intervals from the unstratified
    bootstrap (the sampling model here) should cover about 90 % of the time."""
    rng = np.random.default_rng(2026)
    hits_nb = hits_bs = 0
    trials = 80
    for t in range(trials):
        p = rng.uniform(size=150)
        y = (rng.uniform(size=150) < p).astype(int)
        kw = dict(n_resamples=100, confidence=0.9, stratified=False, random_state=t)
        nb = bootstrap_decision_curves(y, p, p_t=[0.3], **kw).band()
        hits_nb += bool(nb["low"].iloc[0] <= 0.35 <= nb["high"].iloc[0])
        bs = bootstrap_brier_curves(y, p, x=[0.5], **kw).area_intervals()
        hits_bs += bool(bs["low"].iloc[0] <= 1 / 6 <= bs["high"].iloc[0])
    assert 0.78 <= hits_nb / trials <= 0.98
    assert 0.78 <= hits_bs / trials <= 0.98


def test_bootstrap_rejects_bad_input(sample):
    y, a, _ = sample
    with pytest.raises(ValueError, match="n_resamples"):
        bootstrap_brier_curves(y, a, n_resamples=1)
    with pytest.raises(ValueError, match=r"scores\['m'\] must be probabilities|y_score must be"):
        bootstrap_brier_curves(y, {"m": a * 3})
    with pytest.raises(ValueError, match="x must be a non-empty grid"):
        bootstrap_brier_curves(y, a, x=[1.2])
    with pytest.raises(ValueError, match="p_t must be"):
        bootstrap_decision_curves(y, a, p_t=[1.0])
    with pytest.raises(ValueError, match="non-empty mapping"):
        bootstrap_decision_curves(y, {})


# -- displays ---------------------------------------------------------------------------------


def test_decision_curve_display(sample):
    y, a, b = sample
    d = DecisionCurveDisplay.from_predictions(
        y, {"A": a, "B": b}, show_optimal=True, n_resamples=20, p_max=0.8
    )
    assert set(d.lines_) == set(d.bands_) == set(d.optimal_lines_) == {"A", "B"}
    x, nb = d.lines_["A"].get_xdata(), d.lines_["A"].get_ydata()
    np.testing.assert_allclose(nb, net_benefit(y, a, x), atol=1e-12)
    assert x.max() == pytest.approx(0.8)
    tx, ty = d.treat_all_line_.get_xdata(), d.treat_all_line_.get_ydata()
    np.testing.assert_allclose(ty, treat_all_net_benefit(y.mean(), tx))
    s = DecisionCurveDisplay.from_predictions(y, a, standardized=True, name="A")
    assert s.lines_["A"].get_ydata()[0] == pytest.approx(1.0)
    assert s.ax_.get_ylabel() == "standardised net benefit"
    with pytest.raises(ValueError, match="p_max"):
        DecisionCurveDisplay({"A": decision_curve(y, a)}, p_max=1.0)
    # a number as a string and a truthy string are refused, naming the parameter
    with pytest.raises(TypeError, match=r"^p_max must be a real number in \(0, 1\)"):
        DecisionCurveDisplay({"A": decision_curve(y, a)}, p_max="0.9")
    with pytest.raises(TypeError, match="^standardized must be a bool"):
        DecisionCurveDisplay({"A": decision_curve(y, a)}, standardized="no")
    with pytest.raises(TypeError, match="DecisionCurve"):
        DecisionCurveDisplay({"A": brier_curve(y, a)})
    matplotlib.pyplot.close("all")


def test_brier_curve_display(sample):
    y, a, b = sample
    d = BrierCurveDisplay.from_predictions(
        y, {"A": a, "B": b}, methods=("score-driven", "optimal"), n_resamples=20
    )
    assert set(d.lines_) == {(n, m) for n in "AB" for m in ("score-driven", "optimal")}
    assert set(d.bands_) == set(d.lines_)
    label = d.lines_["A", "score-driven"].get_label()
    assert label == f"A, score-driven: {brier_score_loss(y, a):.3f}"
    x, q = d.lines_["B", "optimal"].get_xdata(), d.lines_["B", "optimal"].get_ydata()
    np.testing.assert_allclose(q, threshold_choice_curve(y, b, method="optimal")(x), atol=1e-12)
    skew = BrierCurveDisplay.from_predictions(y, a, space="skew")
    assert "Brier curves" in skew.ax_.get_title(loc="left") and "skew" in skew.ax_.get_xlabel()
    with pytest.raises(ValueError, match="methods must be"):
        BrierCurveDisplay.from_predictions(y, a, methods=("fixed",))
    mixed = {
        "A": {"score-driven": brier_curve(y, a)},
        "B": {"score-driven": brier_curve(y, b, space="skew")},
    }
    with pytest.raises(ValueError, match="one space"):
        BrierCurveDisplay(mixed)
    matplotlib.pyplot.close("all")


def test_displays_from_estimator(sample):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 3))
    y = (X[:, 0] + rng.normal(size=200) > 0).astype(int)
    model = LogisticRegression().fit(X, y)
    p = model.predict_proba(X)[:, 1]
    d = DecisionCurveDisplay.from_estimator(model, X, y)
    x = d.lines_["LogisticRegression"].get_xdata()
    np.testing.assert_allclose(
        d.lines_["LogisticRegression"].get_ydata(), net_benefit(y, p, x), atol=1e-12
    )
    b = BrierCurveDisplay.from_estimator(model, X, y)
    assert (
        b.lines_["LogisticRegression", "score-driven"]
        .get_label()
        .endswith(f"{brier_score_loss(y, p):.3f}")
    )
    matplotlib.pyplot.close("all")


def test_curve_difference_display(sample):
    from costlab.plotting import CurveDifferenceDisplay

    y, a, b = sample
    bands = bootstrap_decision_curves(y, {"A": a, "B": b}, n_resamples=30)
    d = CurveDifferenceDisplay(bands, "A", "B").plot()
    np.testing.assert_allclose(d.line_.get_ydata(), bands.estimate[0] - bands.estimate[1])
    np.testing.assert_allclose(d.share_line_.get_ydata(), bands.difference("A", "B")["p_above"])
    assert d.ax_.get_ylabel() == "difference in net benefit"
    loss = bootstrap_brier_curves(y, {"A": a, "B": b}, n_resamples=30)
    assert CurveDifferenceDisplay(loss, "B", "A").plot().ax_.get_ylabel() == "difference in loss"
    with pytest.raises(ValueError, match="unknown model"):
        CurveDifferenceDisplay(bands, "A", "C")
    matplotlib.pyplot.close("all")


def test_trivial_losses():
    curve = brier_curve([0, 0, 0, 1], [0.1, 0.2, 0.3, 0.9])  # prevalence 1/4
    all_pos, all_neg = curve.trivial_losses(np.array([0.0, 0.5, 1.0]))
    np.testing.assert_allclose(all_pos, 2 * np.array([0.0, 0.5, 1.0]) * 0.75)  # FPR = 1
    np.testing.assert_allclose(all_neg, 2 * np.array([1.0, 0.5, 0.0]) * 0.25)  # TPR = 0
    np.testing.assert_allclose(curve.trivial([0.0, 0.5, 1.0]), [0.0, 0.25, 0.0])


# Issue 30: booleans that are not bools, and errors that name the parameter.
@pytest.mark.parametrize("boot", [bootstrap_decision_curves, bootstrap_brier_curves])
@pytest.mark.parametrize("value", ["no", 0, None])
def test_bootstraps_refuse_a_stratified_that_is_not_a_bool(boot, value):
    y = np.array([0, 1] * 10)
    s = np.linspace(0.05, 0.95, 20)
    with pytest.raises(TypeError, match=r"^stratified must be a bool \(True or False\), got "):
        boot(y, s, n_resamples=5, stratified=value)


@pytest.mark.parametrize(
    ("prevalence", "error"), [("a", TypeError), ("0.2", TypeError), (float("nan"), ValueError)]
)
def test_treat_all_names_a_bad_prevalence(prevalence, error):
    # "a" gave numpy's "could not convert string to float: 'a'"
    with pytest.raises(error, match=r"^prevalence must be a real number in \(0, 1\), got "):
        treat_all_net_benefit(prevalence, 0.2)


def test_treat_all_refuses_a_boolean_standardized():
    with pytest.raises(TypeError, match="^standardized must be a bool"):
        treat_all_net_benefit(0.3, 0.2, standardized="yes")


def test_net_benefit_refuses_a_standardized_that_is_not_a_bool():
    # "no" is truthy: it gave the standardized net benefit
    y, s = [0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8]
    with pytest.raises(TypeError, match=r"^standardized must be a bool \(True or False\)"):
        net_benefit(y, s, 0.2, standardized="no")
    with pytest.raises(TypeError, match="^standardized must be a bool"):
        bootstrap_decision_curves(y, s, n_resamples=5, standardized="no")


def test_method_and_space_that_are_not_strings_are_type_errors():
    y, s = [0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8]
    with pytest.raises(TypeError, match="^method must be one of 'optimal', 'rate-driven'"):
        threshold_choice_curve(y, s, method=1)
    with pytest.raises(ValueError, match="^space must be one of 'cost', 'skew', got 'roc'"):
        threshold_choice_curves(y, s, space="roc")
