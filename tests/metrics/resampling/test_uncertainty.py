"""Bootstrap and repeated-CV bands (issue 12, item 1): seeded, stratified, and covering."""

import re

import numpy as np
import pytest
from scipy.stats import norm, rankdata

from costlab.metrics import (
    bootstrap_interval,
    bootstrap_mtmcs,
    cost_sensitivity,
    cst,
    cv_band,
    h_measure,
    mtmcr,
    mtmcs_curve,
    mtmcs_of_scores,
)


@pytest.fixture(scope="module")
def sample():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 400)
    p_class1 = np.clip(rng.normal(0.6 - 0.3 * y, 0.2), 0, 1).round(3)
    return y, p_class1


def test_exact_mtmcs_is_the_thesis_exact_search(sample):
    y, p1 = sample
    curve = mtmcs_curve(y, p1, pos_label=1, search="exact", score_of="negative")
    np.testing.assert_allclose(
        mtmcs_of_scores(y == 1, -p1, curve["fp_cost"]), curve["mtmcs"], atol=1e-12
    )


def test_mtmcs_of_scores_takes_a_boolean_is_pos_only(sample):
    y, p1 = sample
    fp = [0.2, 0.5, 0.8]
    expected = mtmcs_curve(y, -p1, fp_costs=fp, search="exact")["mtmcs"]
    np.testing.assert_allclose(mtmcs_of_scores(y == 1, -p1, fp), expected, atol=1e-12)
    np.testing.assert_allclose(mtmcs_of_scores(y, -p1, fp), expected, atol=1e-12)  # 0/1
    np.testing.assert_allclose(mtmcs_of_scores(y.astype(float), -p1, 0.5), expected[1:2])
    for bad, got in (
        (y + 1, r"got values \[1, 2\]\. For labels such as \{1, 2\} pass y_true == pos_label"),
        (np.where(y == 1, "a", "b"), "got dtype <U1"),
        (np.r_[np.nan, y[1:]], "got values"),
    ):
        with pytest.raises(ValueError, match=r"^is_pos must be a boolean array .*" + got):
            mtmcs_of_scores(bad, -p1, fp)
    with pytest.raises(ValueError, match=r"is_pos must hold both classes"):
        mtmcs_of_scores(np.ones(len(y), bool), -p1, fp)
    with pytest.raises(ValueError, match=r"scores must be 1-dimensional with one score per row"):
        mtmcs_of_scores(y == 1, -p1[1:], fp)
    with pytest.raises(ValueError, match=r"scores contains 1 NaN"):
        mtmcs_of_scores(y == 1, np.r_[np.nan, p1[1:]], fp)
    with pytest.raises(ValueError, match=r"fp_costs must be normalised"):
        mtmcs_of_scores(y == 1, -p1, [0.0, 0.5])
    with pytest.raises(ValueError, match=r"sample_weight must be finite"):
        mtmcs_of_scores(y == 1, -p1, fp, sample_weight=np.r_[-1.0, np.ones(len(y) - 1)])


def test_bootstrap_is_seeded_stratified_and_consistent(sample):
    y, p1 = sample
    a = bootstrap_mtmcs(y, -p1, n_resamples=50, random_state=3, pos_label=1)
    b = bootstrap_mtmcs(y, -p1, n_resamples=50, random_state=3, pos_label=1)
    np.testing.assert_array_equal(a.replicates, b.replicates)
    c = bootstrap_mtmcs(y, -p1, n_resamples=50, random_state=4, pos_label=1)
    assert not np.array_equal(a.replicates, c.replicates)
    band = a.band()
    assert (band["low"] <= band["high"]).all()
    np.testing.assert_allclose(band["mtmcs"], mtmcs_of_scores(y == 1, -p1, a.fp_costs))
    table = a.range_measures(0.3, 0.7).set_index("measure")
    inside = (a.fp_costs >= 0.3 - 1e-12) & (a.fp_costs <= 0.7 + 1e-12)
    for name, fn in (("mtmcr", mtmcr), ("cost_sensitivity", cost_sensitivity), ("cst", cst)):
        assert table.loc[name, "estimate"] == pytest.approx(fn(a.estimate[inside]))
        values = [fn(r[inside]) for r in a.replicates]
        assert table.loc[name, "low"] == pytest.approx(np.quantile(values, 0.025))


def test_a_resample_keeps_the_class_sizes():
    """Stratified: with one instance of a class it is drawn in every resample, so each
    resample keeps both classes (a plain bootstrap would lose it in ~37 % of resamples)."""
    y = np.r_[np.zeros(30, int), 1]
    s = np.r_[np.linspace(0, 1, 30), 0.95]
    result = bootstrap_mtmcs(y, s, n_resamples=200, random_state=0)
    assert np.all(np.isfinite(result.replicates))


def test_percentile_interval_of_the_auc_covers_the_true_auc():
    """Binormal scores N(0, 1) vs N(1, 1): AUC = Phi(1 / sqrt 2) = 0.760. Over 120 seeded
    samples of 60 + 60, the 90 % percentile interval should cover it about 90 % of the time."""
    truth = norm.cdf(1 / np.sqrt(2))

    def auc(y, s):  # Mann-Whitney (scikit-learn's input checks would take a minute here)
        ranks = rankdata(s)
        n_pos = int(y.sum())
        return (ranks[y == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * (len(y) - n_pos))

    rng = np.random.default_rng(11)
    covered = 0
    sims = 120
    for k in range(sims):
        y = np.r_[np.zeros(60, int), np.ones(60, int)]
        s = np.r_[rng.normal(0, 1, 60), rng.normal(1, 1, 60)]
        ci = bootstrap_interval(
            y,
            s,
            auc,
            n_resamples=300,
            confidence=0.9,
            method="percentile",
            random_state=k,
        ).confidence_interval
        covered += ci.low <= truth <= ci.high
    assert 0.82 <= covered / sims <= 0.97, covered / sims


def test_bca_interval_of_h(sample):
    y, p1 = sample
    result = bootstrap_interval(y, -p1, h_measure, n_resamples=200, method="BCa")
    ci = result.confidence_interval
    assert ci.low < h_measure(y, -p1) < ci.high


def _rare_positives():
    """3 positives in 80 (issue 30: an unstratified resample often held none)."""
    rng = np.random.default_rng(5)
    y = np.r_[np.ones(3, int), np.zeros(77, int)]
    s = np.r_[rng.normal(1.5, 1, 3), rng.normal(0, 1, 77)]
    return y, s


def test_bootstrap_interval_resamples_within_each_class():
    from sklearn.metrics import roc_auc_score

    y, s = _rare_positives()
    counts = bootstrap_interval(
        y, s, lambda a, b: np.sum(a == 1) + 1e-3 * b.mean(), n_resamples=200,
        method="percentile",
    )  # fmt: skip
    # every resample holds the 3 positives' count (and 77 negatives: the labels are fixed)
    np.testing.assert_array_equal(np.round(counts.bootstrap_distribution), 3)
    for method in ("percentile", "BCa"):
        ci = bootstrap_interval(y, s, roc_auc_score, n_resamples=300, method=method)
        ci = ci.confidence_interval
        assert 0.0 <= ci.low <= roc_auc_score(y, s) <= ci.high <= 1.0
    # labels {1, 2}: class 2 is the positive stratum; pos_label names another
    ones_twos = bootstrap_interval(
        2 - y, s, lambda a, b: np.sum(a == 2), n_resamples=20, method="percentile"
    )
    assert set(ones_twos.bootstrap_distribution) == {77}
    named = bootstrap_interval(
        np.where(y == 1, "rare", "common"), s, lambda a, b: np.sum(a == "rare"),
        n_resamples=20, method="percentile", pos_label="rare",
    )  # fmt: skip
    assert set(named.bootstrap_distribution) == {3}


def test_bootstrap_interval_validates_its_input():
    y, s = _rare_positives()
    auc = lambda a, b: float(np.mean(b[a == 1][:, None] > b[a == 0][None, :]))  # noqa: E731
    with pytest.raises(
        ValueError, match=r"statistic returned nan on the sample; it must be finite"
    ):
        bootstrap_interval(y, s, lambda a, b: np.nan, n_resamples=20)
    with pytest.raises(ValueError, match=r"statistic returned nan on a resample"):
        bootstrap_interval(
            y, s, lambda a, b: 1.0 if b[0] == s[0] else np.nan, n_resamples=50,
            method="percentile",
        )  # fmt: skip
    with pytest.raises(ValueError, match=r"statistic must return a number, got str"):
        bootstrap_interval(y, s, lambda a, b: "high", n_resamples=20)
    with pytest.raises(TypeError, match="statistic must be a callable"):
        bootstrap_interval(y, s, "roc_auc", n_resamples=20)
    with pytest.raises(ValueError, match=r"method must be one of \('percentile', 'basic', 'BCa'\)"):
        bootstrap_interval(y, s, auc, method="bca")
    with pytest.raises(ValueError, match=r"y_true holds 1 positive instance\(s\); the stratified"):
        bootstrap_interval(np.r_[1, y[3:]], np.r_[s[0], s[3:]], auc, n_resamples=20)
    with pytest.raises(ValueError, match="y_true must contain exactly two classes"):
        bootstrap_interval(np.r_[2, y[1:]], s, auc, n_resamples=20)
    with pytest.raises(ValueError, match="y_score contains 1 NaN"):
        bootstrap_interval(y, np.r_[np.nan, s[1:]], auc, n_resamples=20)
    with pytest.raises(ValueError, match="confidence must lie strictly between 0 and 1"):
        bootstrap_interval(y, s, auc, confidence=95)
    # a statistic constant on every resample: BCa has no interval, and says so
    with pytest.raises(ValueError, match=r"BCa interval is not finite .* Use method='percentile'"):
        bootstrap_interval(y, s, lambda a, b: 1.0, n_resamples=20)


def test_cv_band_from_repeated_cross_validation():
    from costlab.datasets import breast_cancer
    from costlab.evaluation import cross_val_proba

    result = cross_val_proba(
        breast_cancer(), "NaiveBayes", n_folds=5, n_repeats=3, cache=False, progress=False
    )
    band = cv_band(result.y_true, result.y_score, result.fold)
    per_repeat = [
        mtmcs_curve(result.y_true, result.scores(r), pos_label=1, search="exact")["mtmcs"]
        for r in range(3)
    ]
    np.testing.assert_allclose(band["mtmcs"], np.mean(per_repeat, axis=0), atol=1e-9)
    assert (band["repeat_low"] <= band["mtmcs"] + 1e-9).all()
    assert (band["fold_high"] >= band["fold_low"]).all()
    # folds are smaller samples than the pooled repetitions: they spread more
    assert band["fold_std"].mean() > band["repeat_std"].mean()


def test_cv_band_infers_the_positive_class_as_everywhere_else(sample):
    """Labels {1, 2}: class 2 is positive (as mtmcs_curve infers it), not class 1."""
    y, p1 = sample
    scores = np.vstack([1 - p1, np.roll(1 - p1, 1)])
    folds = np.tile(np.arange(len(y)) % 4, (2, 1))
    ones_twos = cv_band(y + 1, scores, folds)
    np.testing.assert_array_equal(ones_twos.to_numpy(), cv_band(y, scores, folds).to_numpy())
    expected = mtmcs_curve(y + 1, 1 - p1, search="exact")["mtmcs"]
    np.testing.assert_allclose(cv_band(y + 1, scores[:1], folds[:1])["mtmcs"], expected)
    assert cv_band(y + 1, scores, folds, pos_label=2).equals(ones_twos)
    # class 1 named positive, with its own scores: the roles of the two costs swap
    explicit = cv_band(y + 1, 1 - scores, folds, pos_label=1)
    np.testing.assert_allclose(explicit["mtmcs"], ones_twos["mtmcs"][::-1], atol=1e-9)


def test_cv_band_needs_a_fold_with_both_classes():
    y = np.array([0, 0, 0, 1, 1, 1])
    s = np.array([[0.1, 0.2, 0.3, 0.7, 0.8, 0.9]])
    with pytest.raises(
        ValueError,
        match=r"no fold holds both classes \(repetition 0 fold 0, "
        r"repetition 0 fold 1\): each fold needs a positive and a negative",
    ):
        cv_band(y, s, [[0, 0, 0, 1, 1, 1]])
    with pytest.warns(
        UserWarning, match=r"1 fold\(s\) hold one class only \(repetition 0 fold 2\)"
    ):
        band = cv_band(y, s, [[0, 1, 2, 0, 1, 1]])
    assert np.isfinite(band["fold_low"]).all()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n_resamples": 1}, "n_resamples must be an integer >= 2"),
        ({"confidence": 1.0}, "confidence must lie strictly between 0 and 1"),
        ({"fp_costs": [0.0, 0.5]}, "fp_costs must be normalised"),
    ],
)
def test_bad_input_is_named(sample, kwargs, match):
    y, p1 = sample
    with pytest.raises(ValueError, match=match):
        bootstrap_mtmcs(y, -p1, pos_label=1, **kwargs)
    with pytest.raises(ValueError, match="y_score"):
        bootstrap_mtmcs(y, np.full(len(y), np.nan), pos_label=1)


def test_every_bootstrap_names_bad_fp_costs(sample):
    from costlab.metrics import bootstrap_thresholds, paired_bootstrap

    y, p1 = sample
    for call in (
        lambda: bootstrap_mtmcs(y, -p1, pos_label=1, fp_costs=[0.5, 1.0]),
        lambda: paired_bootstrap(y, {"a": -p1}, pos_label=1, fp_costs=[0.5, 1.0]),
        lambda: bootstrap_thresholds(y, -p1, pos_label=1, fp_costs=[0.5, 1.0]),
        lambda: cv_band(y, p1[None, :], np.zeros((1, len(y))), fp_costs=[0.5, 1.0]),
    ):
        with pytest.raises(ValueError, match=r"fp_costs must be normalised costs .* \[0.5, 1\]"):
            call()


def _every_bootstrap(y, p1, **kwargs):
    from costlab.metrics import (
        bootstrap_brier_curves,
        bootstrap_decision_curves,
        bootstrap_thresholds,
        paired_bootstrap,
    )

    small = {"n_resamples": 3, **kwargs}
    return (
        lambda: bootstrap_mtmcs(y, -p1, pos_label=1, **small),
        lambda: paired_bootstrap(y, {"a": -p1}, pos_label=1, **small),
        lambda: bootstrap_thresholds(y, -p1, pos_label=1, **small),
        lambda: bootstrap_decision_curves(y, 1 - p1, pos_label=1, **small),
        lambda: bootstrap_brier_curves(y, 1 - p1, pos_label=1, **small),
        lambda: bootstrap_interval(y, -p1, h_measure, **small),
    )


@pytest.mark.parametrize("seed", ["abc", 1.5, -1, True, [0.5]])
def test_every_bootstrap_names_a_bad_random_state(sample, seed):
    y, p1 = sample
    for call in _every_bootstrap(y, p1, random_state=seed):
        with pytest.raises((TypeError, ValueError), match=r"^random_state must be .*got"):
            call()


def test_random_state_accepts_a_generator_and_stays_bit_identical(sample):
    y, p1 = sample
    a = bootstrap_mtmcs(y, -p1, pos_label=1, n_resamples=4, random_state=3)
    b = bootstrap_mtmcs(y, -p1, pos_label=1, n_resamples=4, random_state=np.random.default_rng(3))
    c = bootstrap_mtmcs(y, -p1, pos_label=1, n_resamples=4, random_state=np.int64(3))
    np.testing.assert_array_equal(a.replicates, b.replicates)
    np.testing.assert_array_equal(a.replicates, c.replicates)


@pytest.mark.parametrize("fp_costs", [["a"], [0.2, None, "x"], [[0.2, 0.3], [0.4]], {"a": 1}])
def test_fp_costs_of_the_wrong_type_are_named(sample, fp_costs):
    y, p1 = sample
    calls = (
        *_every_bootstrap(y, p1, fp_costs=fp_costs)[:3],
        lambda: mtmcs_curve(y, p1, pos_label=1, fp_costs=fp_costs),
    )
    for call in calls:
        with pytest.raises(ValueError, match=r"^fp_costs must be .*got"):
            call()


# -- comparisons ------------------------------------------------------------------------------


def test_selection_rule_is_the_thesis_select_classifier():
    import pandas as pd

    from costlab.metrics import select_classifier, selection_rule

    rng = np.random.default_rng(5)
    fp = np.round(np.arange(0.3, 0.71, 0.05), 2)
    for trial in range(200):
        table = rng.uniform(5, 60, (3, fp.size)).round(rng.integers(0, 3))
        if trial % 4 == 0:
            table[1] = table.min(axis=0) - rng.integers(0, 2, fp.size)  # a dominating curve
        curves = {f"c{k}": pd.DataFrame({"fp_cost": fp, "mtmcs": table[k]}) for k in range(3)}
        expected = select_classifier(curves, 0.3, 0.7)
        kind, best = selection_rule(table)
        assert (kind, f"c{best}") == (expected.kind, expected.classifier)


def test_paired_bootstrap_difference_and_selection_frequency(sample):
    from costlab.metrics import paired_bootstrap

    y, p1 = sample
    rng = np.random.default_rng(1)
    worse = -p1 + rng.normal(0, 0.25, len(y))  # the same scores, blurred
    boot = paired_bootstrap(
        y, {"good": -p1, "blurred": worse}, n_resamples=200, random_state=2, pos_label=1
    )
    # the paired replicates are each classifier's own bootstrap on the same resamples
    single = bootstrap_mtmcs(y, -p1, n_resamples=200, random_state=2, pos_label=1)
    np.testing.assert_array_equal(boot.replicates[:, 0], single.replicates)
    diff = boot.difference("good", "blurred")
    assert (diff["high"] < 0).mean() > 0.5  # the blurred scores cost more at most ratios
    summary = boot.range_difference("good", "blurred", 0.3, 0.7)
    assert summary["high"] < 0 and summary["p_a_lower"] > 0.95
    freq = boot.selection_frequency(0.3, 0.7)
    assert freq["chosen"].sum() == pytest.approx(1.0)
    assert freq.set_index("classifier").loc["good", "chosen"] > 0.9
    assert freq.attrs["selected"][1] == "good"


@pytest.mark.parametrize(
    "r1, r2", [(-0.5, 2.0), (0.0, 0.5), (0.5, 1.0), (0.6, 0.4), ("0.1", 0.5), (True, 0.5)]
)
def test_selection_frequency_refuses_the_ranges_select_classifier_refuses(sample, r1, r2):
    import pandas as pd

    from costlab.metrics import paired_bootstrap, select_classifier

    y, p1 = sample
    boot = paired_bootstrap(y, {"a": -p1, "b": -p1 + 0.1}, n_resamples=5, pos_label=1)
    curves = {
        n: pd.DataFrame({"fp_cost": boot.fp_costs, "mtmcs": e})
        for n, e in zip(boot.names, boot.estimate, strict=True)
    }
    with pytest.raises((TypeError, ValueError)) as refused:
        select_classifier(curves, r1, r2)
    for call in (
        boot.selection_frequency,
        lambda *r: boot.range_difference("a", "b", *r),
        boot.curves("a").range_measures,
    ):
        with pytest.raises(refused.type, match=f"^{re.escape(str(refused.value))}$"):
            call(r1, r2)


def test_band_display_draws_the_band(sample):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from costlab.metrics import paired_bootstrap
    from costlab.plotting import MTMCSBandDisplay

    y, p1 = sample
    single = bootstrap_mtmcs(y, -p1, n_resamples=60, pos_label=1)
    display = MTMCSBandDisplay.from_bootstrap(single, names="NB")
    band = single.band()
    np.testing.assert_array_equal(display.lines_["NB"].get_ydata(), band["mtmcs"])
    paths = display.bands_["NB"].get_paths()[0].vertices
    assert paths[:, 1].min() == pytest.approx(band["low"].min())
    paired = paired_bootstrap(y, {"a": -p1, "b": -p1 + 0.1}, n_resamples=30, pos_label=1)
    assert set(MTMCSBandDisplay.from_bootstrap(paired).lines_) == {"a", "b"}
    with pytest.raises(ValueError, match="lacks columns"):
        MTMCSBandDisplay({"x": band.drop(columns="low")})
    plt.close("all")


def test_threshold_spread_and_roc_band(sample):
    from sklearn.metrics import roc_curve

    from costlab.classifiers import CostRangeThresholdClassifier  # noqa: F401 (same rule)
    from costlab.metrics import bootstrap_thresholds, cost_envelope

    y, p1 = sample
    score = -p1
    thresholds, roc = bootstrap_thresholds(y, score, n_resamples=80, random_state=2)
    env = cost_envelope(y, score)
    expected = env.hull.thresholds[env.vertex_at(1.0 - thresholds["fp_cost"].to_numpy())]
    np.testing.assert_array_equal(thresholds["threshold"], expected)
    assert (thresholds["low"] <= thresholds["high"]).all()
    # the ROC at each FPR: the best TPR among scikit-learn's ROC points with FPR <= it
    fpr, tpr, _ = roc_curve(y, score, drop_intermediate=False)
    for x, t in zip(roc["fpr"], roc["tpr"], strict=True):
        assert t == pytest.approx(tpr[fpr <= x + 1e-12].max())
    assert (roc["low"] <= roc["tpr"] + 1e-12).mean() > 0.9


def test_envelope_band_and_roc_band_display(sample):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from costlab.metrics import bootstrap_thresholds, cost_envelope
    from costlab.plotting import ROCBandDisplay

    y, p1 = sample
    boot = bootstrap_mtmcs(y, -p1, n_resamples=40, pos_label=1)
    band = boot.envelope_band()
    np.testing.assert_allclose(band["ne"], cost_envelope(y, -p1)(band["pcf"].to_numpy()))
    assert band["pcf"].is_monotonic_increasing and (band["low"] <= band["high"]).all()
    _, roc = bootstrap_thresholds(y, -p1, n_resamples=40)
    display = ROCBandDisplay({"NB": roc}).plot()
    np.testing.assert_array_equal(display.lines_["NB"].get_ydata(), roc["tpr"])
    with pytest.raises(ValueError, match="lacks columns"):
        ROCBandDisplay({"NB": roc.drop(columns="high")})
    plt.close("all")


def test_cost_curve_band_display(sample):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from costlab.metrics import cost_envelope, paired_bootstrap
    from costlab.plotting import CostCurveBandDisplay

    y, p1 = sample
    single = bootstrap_mtmcs(y, -p1, n_resamples=40, pos_label=1)
    display = CostCurveBandDisplay.from_bootstrap(single, names="NB")
    x = display.lines_["NB"].get_xdata()
    np.testing.assert_allclose(display.lines_["NB"].get_ydata(), cost_envelope(y, -p1)(x))
    paired = paired_bootstrap(y, {"a": -p1, "b": -p1 + 0.1}, n_resamples=30, pos_label=1)
    both = CostCurveBandDisplay.from_bootstrap(paired)
    assert set(both.lines_) == set(both.bands_) == {"a", "b"}
    # the paired bands of "a" are the single-classifier band read on D&H's axes
    a = both.lines_["a"]
    np.testing.assert_allclose(a.get_ydata(), cost_envelope(y, -p1)(a.get_xdata()), atol=1e-12)
    with pytest.raises(ValueError, match="lacks columns"):
        CostCurveBandDisplay({"NB": single.envelope_band().drop(columns="ne")})
    plt.close("all")


def test_threshold_band_display(sample):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from costlab.metrics import bootstrap_thresholds
    from costlab.plotting import ThresholdBandDisplay

    y, p1 = sample
    thresholds, _ = bootstrap_thresholds(y, -p1, n_resamples=40, random_state=1)
    display = ThresholdBandDisplay({"NB": thresholds}).plot()
    np.testing.assert_array_equal(display.lines_["NB"].get_ydata(), thresholds["threshold"])
    assert display.ax_.get_ylabel().startswith("cost-optimal threshold")
    with pytest.raises(ValueError, match="lacks columns"):
        ThresholdBandDisplay({"NB": thresholds.drop(columns="threshold")})
    plt.close("all")


def test_a_threshold_infinite_in_every_resample_has_no_interval_and_no_warning():
    """At FPcost 0.95 every resample's best vertex calls nothing positive (threshold inf): its
    interval is NaN, said by the docstring, without numpy's All-NaN warning (issue 33)."""
    import warnings

    from costlab.metrics import bootstrap_thresholds

    y = np.array([1, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    s = np.array([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.05])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table, _ = bootstrap_thresholds(y, s, fp_costs=[0.05, 0.95], n_resamples=20, random_state=0)
    assert np.isinf(table["threshold"][1]) and table.loc[1, ["low", "high", "iqr"]].isna().all()
    assert table.loc[0, ["low", "high", "iqr"]].notna().all()
