"""``sample_weight`` on the curves and measures, as scikit-learn's metrics take it.

Two independent checks: an integer weight k must give exactly what k copies of the row give
(a property test over every weighted function), and example-dependent costs (each instance
weighted by what its error costs) must equal a brute-force minimum over every threshold.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import brier_score_loss, roc_auc_score

from costlab import metrics
from costlab.metrics.scenarios.densities import BetaDensity, PointMass, TruncatedExponential


@st.composite
def weighted_problems(draw):
    n = draw(st.integers(4, 40))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    s = np.array(draw(st.lists(st.integers(0, 10), min_size=n, max_size=n))) / 10
    w = np.array(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)))
    w[0], w[1] = max(w[0], 1), max(w[1], 1)  # both classes keep a positive weight
    return y, s, w


FP = np.round(np.linspace(0.05, 0.95, 19), 10)
X = np.linspace(0.0, 1.0, 23)

# name -> function of (y, s, **weights) returning an array to compare
WEIGHTED = {
    "mtmcs_curve exact": lambda y, s, **w: metrics.mtmcs_curve(y, s, fp_costs=FP, **w)[
        ["mtmcs", "threshold", "fp_rate", "fn_rate"]
    ].to_numpy(),
    "mtmcs_curve thorough": lambda y, s, **w: metrics.mtmcs_curve(
        y, s, fp_costs=FP, search="thorough", step=0.05, **w
    )[["mtmcs", "threshold"]].to_numpy(),
    "mtmcs_curve optimized (thesis)": lambda y, s, **w: metrics.mtmcs_curve(
        y, 1 - s, fp_costs=FP, search="optimized", step=0.05, score_of="negative", **w
    )[["mtmcs", "threshold"]].to_numpy(),
    "cost_envelope": lambda y, s, **w: metrics.cost_envelope(y, s, **w)(X),
    "roc_convex_hull": lambda y, s, **w: np.c_[
        metrics.roc_convex_hull(y, s, **w).fpr, metrics.roc_convex_hull(y, s, **w).tpr
    ],
    "h_measure": lambda y, s, **w: metrics.h_measure(y, s, **w),
    "h_measure_report.auc": lambda y, s, **w: metrics.h_measure_report(y, s, **w).auc,
    "scenario_curve": lambda y, s, **w: metrics.scenario_curve(y, s, **w).loss,
    "classifier_risk": lambda y, s, **w: metrics.classifier_risk(y, s, **w)["risk"].to_numpy(),
    "brier_curve": lambda y, s, **w: metrics.brier_curve(y, s, **w)(X),
    "threshold_choice_curves": lambda y, s, **w: [
        c.area() for c in metrics.threshold_choice_curves(y, s, **w).values()
    ],
    "decision_curve": lambda y, s, **w: metrics.decision_curve(y, s, **w)(X[:-1]),
    "net_benefit": lambda y, s, **w: metrics.net_benefit(y, s, X[:-1], **w),
    "prior_operating_curves": lambda y, s, **w: np.c_[
        metrics.prior_operating_curves(y, s, [0.1, 0.5], **w).tpr,
        metrics.prior_operating_curves(y, s, [0.1, 0.5], **w).fpr,
    ],
    "bootstrap_mtmcs": lambda y, s, **w: metrics.bootstrap_mtmcs(y, s, n_resamples=2, **w).estimate,
    "paired_bootstrap": lambda y, s, **w: (
        metrics.paired_bootstrap(y, {"a": s, "b": 1 - s}, n_resamples=2, **w).estimate
    ),
    "roc_auc": lambda y, s, **w: metrics.roc_auc(y, s, **w),
    "operating_point": lambda y, s, **w: metrics.operating_point(y, s, [0.1, 0.5], tpr=0.5, **w)[
        ["tpr", "fpr", "posfrac"]
    ].to_numpy(),
    "bootstrap_thresholds": lambda y, s, **w: np.c_[
        metrics.bootstrap_thresholds(y, s, n_resamples=2, **w)[0]["threshold"].to_numpy()
    ],
    "bootstrap_brier_curves": lambda y, s, **w: (
        metrics.bootstrap_brier_curves(y, {"a": s}, n_resamples=2, **w).area_estimate
    ),
    "bootstrap_decision_curves": lambda y, s, **w: (
        metrics.bootstrap_decision_curves(y, {"a": s}, n_resamples=2, **w).estimate
    ),
}


def _h(y, s, **options):
    report = metrics.h_measure_report(y, s, **options)
    return [report.h, report.auc, report.ks, report.a, report.b, report.flipped]


# the same functions with their options other than the defaults (every option of the H
# measure; the axis, space, method, density or orientation of the others): a weight dropped
# on one path only (e.g. when the H measure flips scores below the diagonal) shows here
WITH_OPTIONS = {
    "h_measure flip_below_diagonal": lambda y, s, **w: metrics.h_measure(
        y, s, flip_below_diagonal=True, **w
    ),
    "h_measure flip_below_diagonal, reversed scores": lambda y, s, **w: metrics.h_measure(
        y, 1 - s, flip_below_diagonal=True, **w
    ),
    "h_measure_report flip_below_diagonal, reversed scores": lambda y, s, **w: _h(
        y, 1 - s, flip_below_diagonal=True, **w
    ),
    "h_measure a, b": lambda y, s, **w: _h(y, s, a=1.5, b=4.0, **w),
    "h_measure severity_ratio class_ratio": lambda y, s, **w: _h(
        y, s, severity_ratio="class_ratio", **w
    ),
    "h_measure severity_ratio 0.5": lambda y, s, **w: _h(y, s, severity_ratio=0.5, **w),
    "h_measure density truncated Beta": lambda y, s, **w: _h(
        y, s, density=BetaDensity(2.0, 3.0, low=0.1, high=0.7), **w
    ),
    "h_measure density exponential": lambda y, s, **w: _h(
        y, s, density=TruncatedExponential(2.0), **w
    ),
    "h_measure density point mass": lambda y, s, **w: _h(y, s, density=PointMass(0.3), **w),
    "h_measure pos_label 0, flip_below_diagonal": lambda y, s, **w: _h(
        y, s, pos_label=0, flip_below_diagonal=True, **w
    ),
    "mtmcs_curve pos_label 0": lambda y, s, **w: metrics.mtmcs_curve(
        y, s, fp_costs=FP, pos_label=0, **w
    )[["mtmcs", "threshold", "fp_rate", "fn_rate"]].to_numpy(),
    "mtmcs_curve exact score_of negative": lambda y, s, **w: metrics.mtmcs_curve(
        y, 1 - s, fp_costs=FP, score_of="negative", **w
    )[["mtmcs", "threshold"]].to_numpy(),
    "cost_envelope higher_is_positive False": lambda y, s, **w: metrics.cost_envelope(
        y, s, higher_is_positive=False, **w
    )(X),
    "roc_convex_hull higher_is_positive False": lambda y, s, **w: np.c_[
        metrics.roc_convex_hull(y, s, higher_is_positive=False, **w).fpr,
        metrics.roc_convex_hull(y, s, higher_is_positive=False, **w).tpr,
    ],
    "scenario_curve axis c, density": lambda y, s, **w: (
        metrics.scenario_curve(y, s, axis="c", density=BetaDensity(3.0, 1.5), **w).loss
    ),
    "classifier_risk density": lambda y, s, **w: metrics.classifier_risk(
        y, s, density=TruncatedExponential(2.0), **w
    )["risk"].to_numpy(),
    "brier_curve space skew": lambda y, s, **w: metrics.brier_curve(y, s, space="skew", **w)(X),
    "threshold_choice_curves space skew": lambda y, s, **w: [
        c.area() for c in metrics.threshold_choice_curves(y, s, space="skew", **w).values()
    ],
    "decision_curve optimal": lambda y, s, **w: metrics.decision_curve(y, s, method="optimal", **w)(
        X[:-1]
    ),
    "net_benefit standardized": lambda y, s, **w: metrics.net_benefit(
        y, s, X[:-1], standardized=True, **w
    ),
    "operating_point posfrac": lambda y, s, **w: metrics.operating_point(
        y, s, [0.1, 0.5], posfrac=0.4, **w
    )[["tpr", "fpr", "posfrac"]].to_numpy(),
    # purity 0.05 is below both priors, so reachable on any data (0.2 left NaN rows at prior
    # 0.1 on some draws, with costlab's UndefinedMetricWarning, which its own tests check)
    "operating_point purity": lambda y, s, **w: metrics.operating_point(
        y, s, [0.1, 0.5], purity=0.05, **w
    )[["tpr", "fpr", "posfrac"]].to_numpy(),
    "roc_auc pos_label 0": lambda y, s, **w: metrics.roc_auc(y, s, pos_label=0, **w),
    "bootstrap_brier_curves rate-driven, skew": lambda y, s, **w: (
        metrics.bootstrap_brier_curves(
            y, {"a": s}, method="rate-driven", space="skew", n_resamples=2, **w
        ).area_estimate
    ),
    "bootstrap_decision_curves optimal, standardized": lambda y, s, **w: (
        metrics.bootstrap_decision_curves(
            y, {"a": s}, method="optimal", standardized=True, n_resamples=2, **w
        ).estimate
    ),
}


def _weighted_and_repeated(function, y, s, w):
    weighted = np.asarray(function(y, s, sample_weight=w), dtype=float)
    repeated = np.asarray(function(np.repeat(y, w), np.repeat(s, w)), dtype=float)
    return weighted, repeated


@pytest.mark.parametrize("name", list(WEIGHTED))
@settings(max_examples=40, deadline=None)
@given(problem=weighted_problems())
def test_integer_weights_are_repeated_rows(name, problem):
    y, s, w = problem
    weighted, repeated = _weighted_and_repeated(WEIGHTED[name], y, s, w)
    np.testing.assert_allclose(weighted, repeated, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", list(WITH_OPTIONS))
@settings(max_examples=40, deadline=None)
@given(problem=weighted_problems())
def test_integer_weights_are_repeated_rows_under_every_option(name, problem):
    y, s, w = problem
    weighted, repeated = _weighted_and_repeated(WITH_OPTIONS[name], y, s, w)
    np.testing.assert_allclose(weighted, repeated, rtol=1e-12, atol=1e-12)


def test_unit_weights_change_nothing():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    s = np.round(rng.random(300), 2)
    for name, function in WEIGHTED.items():
        np.testing.assert_allclose(
            np.asarray(function(y, s, sample_weight=np.ones(300)), dtype=float),
            np.asarray(function(y, s), dtype=float),
            rtol=1e-12,
            atol=1e-12,
            err_msg=name,
        )


def test_weighted_brier_area_is_scikit_learns_weighted_brier_score():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 200)
    s = rng.random(200)
    w = rng.random(200) * 3
    area = metrics.brier_curve(y, s, sample_weight=w).area()
    assert area == pytest.approx(brier_score_loss(y, s, sample_weight=w), abs=1e-12)
    assert metrics.roc_auc(y, s, sample_weight=w) == pytest.approx(
        roc_auc_score(y, s, sample_weight=w), abs=1e-12
    )


def test_example_dependent_costs_fraud_amounts_against_brute_force():
    """A worked example: each fraud (positive) costs its amount when missed, each legitimate
    transaction costs its amount's share of a review when flagged. Weighting every instance by
    its amount makes the weighted FN and FP rates the shares of the money at stake, so the
    weighted MTMCS at FPcost is the cheapest threshold's cost in those units."""
    rng = np.random.default_rng(2)
    n = 400
    y = (rng.random(n) < 0.15).astype(int)
    amount = np.round(rng.lognormal(3.0, 1.0, n), 2)
    score = np.clip(0.3 * y + 0.2 * np.log(amount) / 5 + rng.normal(0, 0.2, n), 0, 1)
    fp = np.array([0.1, 0.3, 0.5, 0.8])
    curve = metrics.mtmcs_curve(y, score, fp_costs=fp, sample_weight=amount)
    thresholds = np.r_[np.unique(score), np.inf]
    fraud, legit = amount * (y == 1), amount * (y == 0)
    for row, fp_cost in zip(curve.itertuples(), fp, strict=True):
        costs = [
            100
            * (
                (1 - fp_cost) * fraud[score < t].sum() / fraud.sum()
                + fp_cost * legit[score >= t].sum() / legit.sum()
            )
            for t in thresholds
        ]
        assert row.mtmcs == pytest.approx(min(costs), abs=1e-9)
        called = metrics.classify(score, row.threshold)
        reproduced = 100 * (
            (1 - fp_cost) * fraud[~called].sum() / fraud.sum()
            + fp_cost * legit[called].sum() / legit.sum()
        )
        assert reproduced == pytest.approx(row.mtmcs, abs=1e-9)
    # unweighted, the same model is judged on counts, not money: another curve
    plain = metrics.mtmcs_curve(y, score, fp_costs=fp)
    assert not np.allclose(plain["mtmcs"], curve["mtmcs"])


@pytest.mark.parametrize(
    ("weights", "match"),
    [
        (-np.ones(6), r"sample_weight must be finite and >= 0; sample_weight\[0\]"),
        (np.r_[np.ones(5), np.nan], r"sample_weight must be finite"),
        (np.ones(5), r"sample_weight must have shape \(6,\)"),
        (np.r_[0.0, 0.0, 0.0, 1.0, 1.0, 1.0], "negative class a total weight of 0"),
        (["a"] * 6, "sample_weight must be a 1-D sequence of non-negative numbers"),
    ],
)
def test_bad_weights_are_named(weights, match):
    y, s = np.array([0, 0, 0, 1, 1, 1]), np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    for function in WEIGHTED.values():
        with pytest.raises(ValueError, match=match):
            function(y, s, sample_weight=weights)


def test_displays_draw_the_weighted_metrics():
    """The thesis-figure Displays pass ``sample_weight`` to the metric they draw."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from costlab import plotting

    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 120)
    s = np.round(np.clip(0.3 * y + rng.random(120) * 0.7, 0, 1), 2)
    w = rng.random(120) * 4
    mtmcs = plotting.MTMCSDisplay.from_predictions(y, s, sample_weight=w, fp_costs=FP)
    np.testing.assert_array_equal(
        mtmcs.lines_["Classifier"].get_ydata(),
        metrics.mtmcs_curve(y, s, fp_costs=FP, sample_weight=w)["mtmcs"].to_numpy(),
    )
    roc = plotting.ROCDisplay.from_predictions(y, s, sample_weight=w)
    assert roc.aucs["Classifier"] == metrics.roc_auc(y, s, sample_weight=w)
    assert roc.aucs["Classifier"] != metrics.roc_auc(y, s)
    plt.close("all")


@settings(max_examples=200, deadline=None)
@given(
    data=st.lists(
        st.tuples(
            st.booleans(),
            st.one_of(
                st.floats(allow_nan=False, allow_infinity=False, width=64),
                st.sampled_from([0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, -5e-324]),
            ),
            st.integers(1, 5),
        ),
        min_size=1,
        max_size=60,
    )
)
def test_the_compiled_kernel_equals_the_numpy_reference(data):
    """STYLE 14: the numba kernel against the pure-numpy reference, any finite scores."""
    from costlab.metrics.engine import _counts, _kernels

    is_pos = np.array([d[0] for d in data])
    scores = np.array([d[1] for d in data], dtype=np.float64)
    weight = np.array([d[2] for d in data], dtype=np.float64)
    reference = _counts._weighted_counts_numpy(is_pos, scores, weight)
    compiled = _kernels.weighted_counts(is_pos, scores, weight)
    assert compiled is not None, "numba is a dependency: the kernel must run here"
    values, neg_le, pos_le = compiled
    np.testing.assert_array_equal(values, reference.values)
    np.testing.assert_array_equal(neg_le, reference.neg_le)  # integer weights: exact
    np.testing.assert_array_equal(pos_le, reference.pos_le)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.floats(allow_nan=False, allow_infinity=False, width=64),
            st.sampled_from([0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, -5e-324]),
        ),
        min_size=1,
        max_size=60,
    )
)
def test_the_compiled_stable_order_is_numpys_stable_argsort(scores):
    """The radix sort's permutation (savings_curve's one sort) against numpy's stable one."""
    from costlab.metrics.engine import _kernels

    scores = np.array(scores, dtype=np.float64)
    compiled = _kernels.sorted_order(scores)
    assert compiled is not None, "numba is a dependency: the kernel must run here"
    values, order = compiled
    np.testing.assert_array_equal(order, np.argsort(scores, kind="stable"))
    np.testing.assert_array_equal(values, np.sort(scores) + 0.0)


@pytest.mark.parametrize("density", [None, BetaDensity(1.5, 3.0)])
@settings(max_examples=40, deadline=None)
@given(problem=weighted_problems())
def test_instance_risk_with_integer_weights_is_repeated_rows(density, problem):
    """Each instance's risk under weights is the risk of each of its copies."""
    y, s, w = problem
    weighted = metrics.instance_risk(y, s, density=density, sample_weight=w)
    repeated = metrics.instance_risk(np.repeat(y, w), np.repeat(s, w), density=density)
    np.testing.assert_allclose(
        np.repeat(weighted["risk"].to_numpy(), w), repeated["risk"].to_numpy(), atol=1e-12
    )
