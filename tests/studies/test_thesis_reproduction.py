"""Golden values: the thesis's printed numbers that the scikit-learn engine reproduces exactly.

With Weka's fold construction (evaluation.folds) and probability formulas (costlab.classifiers)
every Naive Bayes and AdaBoostM1 MTMCR/MTMCS printed in Tables 7-10 (thesis section 5.6,
pp. 50-52) is reproduced to the printed digit by the thesis's one-sided search at step 1e-5, with
per-ratio MTMCS rounded to 2 decimals before summing. RandomForest (Weka's own forest, equal to Weka
3.9.7 to 1e-9: tests/classifiers/test_weka_random_forest.py) reproduces 6 of its 12 printed values;
the other six stay within 0.24 under real Weka 3.9.7 too, so they are compared in
results/alsaffar2018/summary.md.
"""

import pytest

from costlab.evaluation.experiment import auc_table, curves_for, mtmcs_curves, run_experiments
from costlab.metrics import curve_in_range, mtmcr
from costlab.studies.alsaffar2018.published import PUBLISHED_SELECTION, RANGES


@pytest.fixture(scope="module")
def thesis_run(mirror_dir, tmp_path_factory):
    run = run_experiments(
        ("german_credit", "credit_approval", "spectf"),
        ("NaiveBayes", "AdaBoostM1", "IBk"),
        mirror=mirror_dir,
        data_home=tmp_path_factory.mktemp("data"),
        cache_dir=tmp_path_factory.mktemp("cv"),
        progress=False,
    )
    curves = mtmcs_curves(run, searches=("optimized",), step=1e-5, score_of="negative")
    return run, curves, auc_table(run, score_of="negative")


GOLDEN = [
    (range_name, dataset, clf, value)
    for range_name, per_dataset in PUBLISHED_SELECTION.items()
    for dataset, row in per_dataset.items()
    for clf, value in row.mtmcs_candidates.items()
    if clf in ("NaiveBayes", "AdaBoostM1")
]


def test_there_are_eleven_golden_values():
    assert len(GOLDEN) == 11


@pytest.mark.slow
@pytest.mark.parametrize(("range_name", "dataset", "clf", "published"), GOLDEN)
def test_published_mtmcr_reproduced_to_the_digit(thesis_run, range_name, dataset, clf, published):
    _, curves, _ = thesis_run
    curve = curves_for(curves, dataset, "optimized", [clf])[clf]
    values = curve_in_range(curve, *RANGES[range_name])["mtmcs"]
    assert round(mtmcr(values, decimals=2), 2) == published


@pytest.mark.slow
@pytest.mark.parametrize(
    ("dataset", "clf", "published"),
    [
        ("german_credit", "NaiveBayes", 0.7869),  # Table 7, experiment 1
        ("credit_approval", "AdaBoostM1", 0.9295),  # Table 7, experiment 2
        ("spectf", "NaiveBayes", 0.8479),  # Table 7, experiment 4
    ],
)
def test_published_auc_reproduced_to_the_digit(thesis_run, dataset, clf, published):
    _, _, aucs = thesis_run
    auc = aucs[(aucs["dataset"] == dataset) & (aucs["classifier"] == clf)]["auc"].iloc[0]
    assert round(auc, 4) == published


@pytest.mark.slow
def test_german_ibk_right_side_matches_weka_not_the_printed_value(thesis_run):
    # Table 9 prints 192.74 for IBK; real Weka 3.9.7 gives 196.00 (docs/facts/paper-slips.md).
    # We match Weka.
    _, curves, _ = thesis_run
    curve = curves_for(curves, "german_credit", "optimized", ["IBk"])["IBk"]
    values = curve_in_range(curve, *RANGES["right"])["mtmcs"]
    assert round(mtmcr(values, decimals=2), 2) == 196.00
