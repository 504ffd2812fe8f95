"""One score convention across the library: scikit-learn's ``predict_proba(X)[:, 1]``.

A new user calls every public function that takes scores with the positive class's
probability of a scikit-learn model. A good model must read as good in all of them, and they
must agree with each other: the exact MTMCS curve equals 100 x the cost-curve envelope at
PCF(+) = FNcost, every bootstrap's point estimate equals the direct computation, every
Display draws what the metric computes, and the AUC is scikit-learn's. Before the library
adopted this convention, ``mtmcs_curve(y, predict_proba(X)[:, 1])`` returned MTMCR 500 (the
trivial classifier's) for a model with AUC 0.99 and ``bootstrap_mtmcs`` disagreed with it.
"""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402
from sklearn.model_selection import train_test_split  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

from costlab import metrics, plotting  # noqa: E402
from costlab.evaluation import CVResult  # noqa: E402
from costlab.evaluation.experiment import as_run, auc_table, curves_for, mtmcs_curves  # noqa: E402

FP = metrics.cost_ratio_grid()


@pytest.fixture(scope="module")
def model_scores():
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=0
    )
    model = make_pipeline(StandardScaler(), LogisticRegression(C=0.05)).fit(X_train, y_train)
    return model, X_test, y_test, model.predict_proba(X_test)[:, 1]


def _mtmcr(curve):
    return float(curve["mtmcs"].sum())


def test_the_readme_headline_call_reads_a_good_model_as_good(model_scores):
    _, _, y, s = model_scores
    assert roc_auc_score(y, s) > 0.95
    trivial = 100 * np.minimum(FP, 1 - FP).sum()  # calling everything one class
    exact = _mtmcr(metrics.mtmcs_curve(y, s))
    assert exact < 0.2 * trivial
    for search in ("thorough", "optimized"):
        grid = _mtmcr(metrics.mtmcs_curve(y, s, search=search, step=1e-3))
        assert exact <= grid + 1e-9 and grid < 0.3 * trivial
    # the reversed reading is the bad model, as it must be
    assert _mtmcr(metrics.mtmcs_curve(y, 1 - s)) > 0.9 * trivial


def test_the_thesis_orientation_is_the_mirror_image(model_scores):
    """``score_of="negative"`` on P(negative) finds what the default finds on P(positive)."""
    _, _, y, s = model_scores
    for search in ("exact", "thorough", "optimized"):
        ours = metrics.mtmcs_curve(y, s, search=search, step=1e-3)
        thesis = metrics.mtmcs_curve(y, 1 - s, search=search, step=1e-3, score_of="negative")
        np.testing.assert_allclose(ours["mtmcs"], thesis["mtmcs"], atol=1e-9)


def _same_curve(values, model_scores):
    _, _, y, s = model_scores
    np.testing.assert_allclose(values, metrics.mtmcs_curve(y, s)["mtmcs"], atol=1e-9)


SCORE_FUNCTIONS = {
    "cost_envelope": lambda y, s: 100 * metrics.cost_envelope(y, s)(1 - FP),
    "roc_convex_hull": lambda y, s: (
        100 * metrics.CostEnvelope.from_hull(metrics.roc_convex_hull(y, s))(1 - FP)
    ),
    "mtmcs_of_scores": lambda y, s: metrics.mtmcs_of_scores(np.asarray(y) == 1, s, FP),
    "bootstrap_mtmcs": lambda y, s: metrics.bootstrap_mtmcs(y, s, n_resamples=5).estimate,
    "paired_bootstrap": lambda y, s: metrics.paired_bootstrap(y, {"m": s}, n_resamples=5).estimate[
        0
    ],
    "cv_band": lambda y, s: metrics.cv_band(y, np.asarray(s)[None], np.zeros((1, len(y))))[
        "mtmcs"
    ].to_numpy(),
    "mtmcs_curves": lambda y, s: curves_for(
        mtmcs_curves(as_run({"m": (y, s)}), searches=("exact",)), "data", "exact"
    )["m"]["mtmcs"].to_numpy(),
    "CVResult.mtmcs_curve": lambda y, s: (
        CVResult.from_predictions(y, s).mtmcs_curve()["mtmcs"].to_numpy()
    ),
    "MTMCSDisplay.from_cv_result": lambda y, s: (
        plotting.MTMCSDisplay.from_cv_result(CVResult.from_predictions(y, s))
        .lines_["Classifier"]
        .get_ydata()
    ),
    "MTMCSDisplay.from_predictions": lambda y, s: (
        plotting.MTMCSDisplay.from_predictions(y, s).lines_["Classifier"].get_ydata()
    ),
    "CostCurveDisplay.from_predictions": lambda y, s: (
        100
        * np.interp(
            1 - FP,
            *plotting.CostCurveDisplay.from_predictions(y, s).lines_["Classifier"].get_data(),
        )
    ),
}


@pytest.mark.parametrize("name", list(SCORE_FUNCTIONS))
def test_every_mtmcs_reading_agrees(model_scores, name):
    _, _, y, s = model_scores
    _same_curve(np.asarray(SCORE_FUNCTIONS[name](y, s), dtype=float), model_scores)


AUC_FUNCTIONS = {
    "roc_auc": lambda y, s: metrics.roc_auc(y, s),
    "h_measure_report.auc": lambda y, s: metrics.h_measure_report(y, s).auc,
    "auc_table": lambda y, s: float(auc_table(as_run({"m": (y, s)}))["auc"].iloc[0]),
    "roc_points (trapezoid)": lambda y, s: float(
        np.trapezoid(*metrics.roc_points(y, s)[["tpr", "fpr"]].to_numpy().T)
    ),
    "ROCDisplay.from_predictions": lambda y, s: plotting.ROCDisplay.from_predictions(y, s).aucs[
        "Classifier"
    ],
}


@pytest.mark.parametrize("name", list(AUC_FUNCTIONS))
def test_every_auc_is_scikit_learns(model_scores, name):
    _, _, y, s = model_scores
    assert AUC_FUNCTIONS[name](y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-12)


def test_from_estimator_reads_the_positive_column(model_scores):
    model, X, y, s = model_scores
    for Display in (plotting.MTMCSDisplay, plotting.ThresholdDisplay):
        a = Display.from_estimator(model, X, y)
        b = Display.from_predictions(y, s, name="LogisticRegression")
        np.testing.assert_array_equal(
            a.lines_["LogisticRegression"].get_ydata(), b.lines_["LogisticRegression"].get_ydata()
        )


def test_a_good_model_has_positive_net_benefit_and_h(model_scores):
    _, _, y, s = model_scores
    prevalence = float(np.mean(y))
    assert metrics.h_measure(y, s) > 0.7
    for p_t in (0.2, 0.5, 0.8):
        nb = metrics.net_benefit(y, s, p_t)
        assert nb > max(0.0, metrics.treat_all_net_benefit(prevalence, p_t))
    # the Brier curve's area is scikit-learn's Brier score of the same probabilities
    from sklearn.metrics import brier_score_loss

    area = metrics.brier_curve(y, s).area()
    assert area == pytest.approx(brier_score_loss(y, s), abs=1e-12)


def test_cv_result_exposes_the_positive_class_scores(model_scores):
    _, _, y, s = model_scores
    result = CVResult.from_predictions(y, s)
    np.testing.assert_array_equal(result.scores(), s)
    np.testing.assert_array_equal(result.y_score[0], s)
    np.testing.assert_allclose(result.proba[0, :, 0], 1 - s)


def test_classify_is_scikit_learns_rule_by_default():
    assert metrics.classify([0.2, 0.5, 0.7], 0.5).tolist() == [False, True, True]
    with pytest.raises(ValueError, match="fn_cost"):
        metrics.classify([0.2, 0.5], 0.5, score_of="negative")
    with pytest.raises(TypeError):
        metrics.classify([0.2, 0.5], 0.5, 0.8)  # the old positional fn_cost is refused


@pytest.mark.parametrize("bad", ["class1", None, 1])
def test_score_of_is_validated(model_scores, bad):
    _, _, y, s = model_scores
    with pytest.raises(ValueError, match="score_of must be one of"):
        metrics.mtmcs_curve(y, s, score_of=bad)


def test_roc_sample_weight_is_repetition_for_integer_weights(model_scores):
    """The first functions with ``sample_weight`` (the rest of the library follows)."""
    _, _, y, s = model_scores
    w = np.random.default_rng(0).integers(0, 4, len(y))
    repeated_y, repeated_s = np.repeat(y, w), np.repeat(s, w)
    assert metrics.roc_auc(y, s, sample_weight=w) == pytest.approx(
        roc_auc_score(repeated_y, repeated_s), abs=1e-12
    )
    weighted = metrics.roc_points(y, s, sample_weight=w)
    repeated = metrics.roc_points(repeated_y, repeated_s)
    # every ROC point of the repeated rows is a point of the weighted curve
    a = weighted[["fpr", "tpr"]].to_numpy()
    b = repeated[["fpr", "tpr"]].to_numpy()
    distance = np.abs(b[:, None, :] - a[None, :, :]).max(axis=2).min(axis=1)
    assert distance.max() < 1e-12
    with pytest.raises(ValueError, match=r"sample_weight must be finite and >= 0"):
        metrics.roc_auc(y, s, sample_weight=-np.ones(len(y)))
    with pytest.raises(ValueError, match=r"sample_weight must have shape"):
        metrics.roc_auc(y, s, sample_weight=[1.0, 2.0])
