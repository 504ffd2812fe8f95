"""costlab.metrics.comparison against Demšar (2006), Johnson, Raeder & Chawla (2015) and scipy.

Every expected number is either printed in those papers (quoted with table and section) or
computed here independently (scipy.stats, or by hand); none is costlab's own output.
"""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from costlab.metrics.comparison import (
    average_ranks,
    compare_classifiers,
    critical_difference,
    friedman_test,
)

# Johnson, Raeder & Chawla (2015), Table 2: AUROC of AdaBoost.M1 and RiskBoost, as printed.
TABLE_2 = pd.DataFrame(
    {
        "AdaBoost.M1": [
            0.9829,
            0.7218,
            0.8973,
            0.8970,
            0.8643,
            0.8531,
            0.8501,
            0.9753,
            0.9985,
            0.8658,
            0.7803,
            0.9611,
            0.9793,
            0.9281,
            0.9094,
            0.9994,
            0.9834,
            0.9733,
            0.9338,
        ],
        "RiskBoost": [
            0.9899,
            0.7218,
            0.9187,
            0.9191,
            0.8919,
            0.8723,
            0.8295,
            0.9744,
            0.9996,
            0.9144,
            0.7872,
            0.8863,
            0.9849,
            0.9344,
            0.9210,
            0.9986,
            0.9885,
            0.9856,
            0.9543,
        ],
    },
    index=[
        "breast-w",
        "bupa",
        "credit-a",
        "crx",
        "heart-c",
        "heart-h",
        "horse-colic",
        "ion",
        "krkp",
        "ncaaf",
        "pima",
        "promoters",
        "ringnorm",
        "sonar",
        "threenorm",
        "tictactoe",
        "twonorm",
        "vote",
        "vote1",
    ],
)


def test_johnson2015_critical_difference_is_bonferroni_dunn():
    """Sec. 4.2: 'The 95% critical distance ... for 19 datasets and 2 classifiers is 0.45'."""
    assert round(critical_difference(2, 19), 2) == 0.45
    assert critical_difference(2, 19) == pytest.approx(1.959964 * np.sqrt(6 / 114), rel=1e-6)


def test_johnson2015_table_2_ranks_from_the_printed_values():
    """The printed AUROCs tie on bupa, giving 1.76 / 1.24; the table prints 1.79 / 1.21, which
    needs bupa counted as a RiskBoost win (its text: 14 wins and 1 tie). Either way RiskBoost
    is significantly better (difference > CD 0.45)."""
    ranks = average_ranks(TABLE_2)
    assert ranks.round(2).tolist() == [1.76, 1.24]
    result = compare_classifiers(TABLE_2)
    assert result.attrs["control"] == "RiskBoost"
    assert result.set_index("classifier").loc["AdaBoost.M1", "significant"]
    untied = TABLE_2.copy()
    untied.loc["bupa", "RiskBoost"] += 1e-9
    assert average_ranks(untied).round(2).tolist() == [1.79, 1.21]


#: Demšar (2006), Table 5: critical values q_alpha of the two-tailed Nemenyi test (a) and of
#: the Bonferroni-Dunn test (b) for 2-10 classifiers, alpha = 0.05 and 0.10.
TABLE_5 = {
    ("nemenyi", 0.05): [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164],
    ("nemenyi", 0.10): [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920],
    ("bonferroni-dunn", 0.05): [1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.724, 2.773],
    ("bonferroni-dunn", 0.10): [1.645, 1.960, 2.128, 2.241, 2.326, 2.394, 2.450, 2.498, 2.539],
}

#: Demšar (2006), Table 6 (sec. 3.2.2): AUC of C4.5 with m = 0 and of C4.5 with m and/or cf
#: tuned, on 14 UCI datasets; printed average ranks 3.143, 2.000, 2.893, 1.964.
TABLE_6 = pd.DataFrame(
    [
        [0.763, 0.768, 0.771, 0.798],  # adult (sample)
        [0.599, 0.591, 0.590, 0.569],  # breast cancer
        [0.954, 0.971, 0.968, 0.967],  # breast cancer wisconsin
        [0.628, 0.661, 0.654, 0.657],  # cmc
        [0.882, 0.888, 0.886, 0.898],  # ionosphere
        [0.936, 0.931, 0.916, 0.931],  # iris
        [0.661, 0.668, 0.609, 0.685],  # liver disorders
        [0.583, 0.583, 0.563, 0.625],  # lung cancer
        [0.775, 0.838, 0.866, 0.875],  # lymphography
        [1.000, 1.000, 1.000, 1.000],  # mushroom
        [0.940, 0.962, 0.965, 0.962],  # primary tumor
        [0.619, 0.666, 0.614, 0.669],  # rheum
        [0.972, 0.981, 0.975, 0.975],  # voting
        [0.957, 0.978, 0.946, 0.970],  # wine
    ],
    columns=["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"],
)


@pytest.mark.parametrize(("method", "alpha"), sorted(TABLE_5))
def test_critical_values_are_demsar_s_table_5(method, alpha):
    """CD / sqrt(k (k + 1) / 6N) is the q_alpha of Demšar (2006), Table 5, for k = 2..10, to the
    printed 3 decimals (Nemenyi: within 0.0015, the printed values come from tables of the
    studentized range). One printed value is off: Bonferroni-Dunn, alpha 0.05, k = 9 prints
    2.724, while z_(1 - 0.05/16) = 2.734 (between 2.690 for k = 8 and 2.773 for k = 10, the
    differences 0.044 and 0.039 follow the table's trend; 2.724 would give 0.034 and 0.049)."""
    for k, printed in zip(range(2, 11), TABLE_5[(method, alpha)], strict=True):
        n = 14
        q = critical_difference(k, n, alpha=alpha, method=method) / np.sqrt(k * (k + 1) / (6 * n))
        if (method, alpha, k) == ("bonferroni-dunn", 0.05, 9):
            assert round(q, 3) == 2.734 and printed == 2.724
            continue
        assert q == pytest.approx(printed, abs=0.0015), k
        if method == "bonferroni-dunn":
            assert round(q, 3) == printed, k


def test_demsar_table_6_ranks_friedman_and_critical_differences():
    """Demšar (2006), sec. 3.2.2, on the AUCs of Table 6: average ranks 3.143, 2.000, 2.893,
    1.964; chi2_F = 9.28, F_F = 3.69 above F(3, 39)'s 5 % critical value 2.85; Nemenyi CD 1.25
    (alpha 0.05) and 1.12 (0.10); Bonferroni-Dunn CD 1.16 with C4.5 as control: C4.5+m+cf
    significantly better (1.179 > 1.16), C4.5+m (1.143) and C4.5+cf (0.250) not.

    Table 6 ranks voting's tie 0.975 / 0.975 as 2 and 3 instead of 2.5 each (it averages the
    ties of iris, lung cancer, mushroom and primary tumor): the printed ranks need that tie
    broken in C4.5+cf's favour; with the tie averaged C4.5+cf and C4.5+m+cf get 2.929 / 1.929.
    """
    tied = average_ranks(TABLE_6)
    assert tied.round(3).tolist() == [3.143, 2.000, 2.929, 1.929]
    as_printed = TABLE_6.copy()
    as_printed.loc[12, "C4.5+cf"] += 1e-9  # voting: C4.5+cf ranked 2, C4.5+m+cf 3
    ranks = average_ranks(as_printed)
    assert ranks.round(3).tolist() == [3.143, 2.000, 2.893, 1.964]

    friedman = friedman_test(as_printed)
    assert (friedman.n_datasets, friedman.n_classifiers) == (14, 4)
    assert round(friedman.chi2, 2) == 9.28
    assert round(friedman.f, 2) == 3.69
    assert stats.f.ppf(0.95, 3, 39) == pytest.approx(2.85, abs=0.005)  # Demšar's critical value
    assert friedman.f > 2.85 and friedman.f_pvalue < 0.05  # so F_F rejects equal ranks at 5 %

    assert round(critical_difference(4, 14, method="nemenyi"), 2) == 1.25
    assert round(critical_difference(4, 14, alpha=0.10, method="nemenyi"), 2) == 1.12
    # Demšar prints 1.16 for 2.394 x 0.488 = 1.168 (cut, not rounded): equal within 0.01
    assert critical_difference(4, 14) == pytest.approx(1.16, abs=0.01)
    result = compare_classifiers(as_printed, control="C4.5").set_index("classifier")
    assert result["rank_difference"].round(3).to_dict() == {
        "C4.5": 0.0,
        "C4.5+m": -1.143,
        "C4.5+cf": -0.25,
        "C4.5+m+cf": -1.179,
    }
    assert result["significant"].to_dict() == {
        "C4.5": False,
        "C4.5+m": False,
        "C4.5+cf": False,
        "C4.5+m+cf": True,
    }
    assert result.attrs["friedman"] == friedman


def test_two_classifier_friedman_is_the_sign_test_statistic():
    """With k = 2 Friedman's statistic reduces to (wins - losses)^2 / N (ties count half to
    each side), hand-computed: Johnson, Raeder & Chawla (2015), Table 2's printed AUROCs give
    RiskBoost 14 wins, 4 losses and 1 tie (bupa), so chi2_F = (14 - 4)^2 / 19 = 100 / 19."""
    result = friedman_test(TABLE_2)
    assert result.chi2 == pytest.approx(100 / 19, rel=1e-12)
    assert result.chi2_pvalue == pytest.approx(stats.chi2.sf(100 / 19, 1), rel=1e-12)
    assert result.chi2_pvalue == pytest.approx(
        2 * stats.norm.sf(np.sqrt(100 / 19)), rel=1e-9
    )  # chi2 with 1 df is a squared standard normal


@pytest.mark.parametrize("k", [3, 5])
def test_friedman_equals_scipy(k):
    rng = np.random.default_rng(k)
    table = pd.DataFrame(rng.random((12, k)) + np.arange(k) * 0.1)
    ours = friedman_test(table)
    theirs = stats.friedmanchisquare(*[table[c] for c in table])
    assert ours.chi2 == pytest.approx(theirs.statistic)
    assert ours.chi2_pvalue == pytest.approx(theirs.pvalue)
    assert 0 <= ours.f_pvalue <= 1


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="table must be a DataFrame"):
        average_ranks(pd.DataFrame({"A": [1.0]}))
    with pytest.raises(ValueError, match="NaN"):
        average_ranks(pd.DataFrame({"A": [1.0], "B": [np.nan]}))
    with pytest.raises(ValueError, match="alpha"):
        critical_difference(2, 19, alpha=1.5)
    with pytest.raises(ValueError, match="method"):
        critical_difference(2, 19, method="holm")
    with pytest.raises(ValueError, match="control"):
        compare_classifiers(TABLE_2, control="C4.5")


def test_critical_difference_diagram(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    from costlab.plotting import CriticalDifferenceDisplay, save_figure

    result = compare_classifiers(TABLE_2)
    ranks = result.set_index("classifier")["average_rank"]
    display = CriticalDifferenceDisplay(ranks, result["critical_difference"].iloc[0]).plot()
    for name, rank in ranks.items():
        assert display.markers_[name].get_xdata()[0] == rank
    xy = display.interval_.get_xy() if hasattr(display.interval_, "get_xy") else None
    assert xy is not None
    save_figure(display, tmp_path / "cd.png")
    assert (tmp_path / "cd.png").stat().st_size > 5_000
    with pytest.raises(ValueError, match="cd must be"):
        CriticalDifferenceDisplay(ranks, -1)


def test_corrected_resampled_ttest_by_hand():
    from costlab.metrics import corrected_resampled_ttest

    d = np.array([0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.02, 0.03, 0.01, 0.02])
    out = corrected_resampled_ttest(d, n_train=900, n_test=100)
    se = np.sqrt((1 / 10 + 100 / 900) * d.var(ddof=1))
    assert out["t"] == pytest.approx(d.mean() / se)
    assert out["df"] == 9
    # the correction widens the plain t-test's interval
    from scipy.stats import ttest_1samp

    assert out["p_value"] > ttest_1samp(d, 0).pvalue
    with pytest.raises(ValueError, match="at least 2"):
        corrected_resampled_ttest([0.1], 9, 1)
