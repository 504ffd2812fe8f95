"""The thesis's printed numbers recomputed with real Weka 3.9.7 (``engine="weka"``).

Al-Saffar (2018): the AUCs of Table 7 and the MTMCRs behind the thesis's MTMCS selections
(``PUBLISHED_SELECTION``) for its four classifiers on its four datasets, cross-validated by Weka
itself (docs/facts/weka.md says where RandomForest and IBk differ). The tests are marked
``weka`` and ``slow`` and skip, saying why, without Java, the ``weka`` extra or the data
mirror; the engine's own tests are in ``tests/evaluation/test_weka_engine.py``.
"""

import pytest
from _support import start_weka

from costlab.evaluation.experiment import auc_table, curves_for, mtmcs_curves, run_experiments
from costlab.metrics import curve_in_range, mtmcr
from costlab.studies.alsaffar2018.published import PUBLISHED_SELECTION, RANGES


@pytest.fixture(scope="module")
def weka_thesis_run(mirror_dir, tmp_path_factory):
    start_weka()
    run = run_experiments(
        ("german_credit", "credit_approval", "messidor", "spectf"),
        ("RandomForest", "NaiveBayes", "AdaBoostM1", "IBk"),
        engine="weka",
        mirror=mirror_dir,
        data_home=tmp_path_factory.mktemp("data"),
        cache_dir=tmp_path_factory.mktemp("cv"),
        progress=False,
    )
    return (
        mtmcs_curves(run, searches=("optimized",), step=1e-5, score_of="negative"),
        auc_table(run, score_of="negative"),
    )


def _published_mtmcr(curves, range_name, dataset, classifier):
    """The thesis's MTMCR: its one-sided search, per-ratio MTMCS rounded to 2 decimals."""
    curve = curves_for(curves, dataset, "optimized", [classifier])[classifier]
    return round(mtmcr(curve_in_range(curve, *RANGES[range_name])["mtmcs"], decimals=2), 2)


@pytest.mark.weka
@pytest.mark.slow
@pytest.mark.parametrize(
    ("dataset", "classifier", "published"),
    [
        ("german_credit", "NaiveBayes", 0.7869),  # Table 7, experiment 1
        ("german_credit", "RandomForest", 0.7912),
        ("credit_approval", "AdaBoostM1", 0.9295),  # Table 7, experiment 2
        ("credit_approval", "RandomForest", 0.9262),
        ("messidor", "RandomForest", 0.7627),
        ("spectf", "NaiveBayes", 0.8479),
    ],
)
def test_all_six_published_aucs(weka_thesis_run, dataset, classifier, published):
    _, aucs = weka_thesis_run
    auc = aucs[(aucs["dataset"] == dataset) & (aucs["classifier"] == classifier)]["auc"].iloc[0]
    assert round(auc, 4) == published


PRINTED = [
    (range_name, dataset, classifier, value)
    for range_name, per_dataset in PUBLISHED_SELECTION.items()
    for dataset, row in per_dataset.items()
    for classifier, value in row.mtmcs_candidates.items()
]


@pytest.mark.weka
@pytest.mark.slow
@pytest.mark.parametrize(("range_name", "dataset", "classifier", "published"), PRINTED)
def test_printed_mtmcr_values(weka_thesis_run, range_name, dataset, classifier, published):
    curves, _ = weka_thesis_run
    ours = _published_mtmcr(curves, range_name, dataset, classifier)
    if classifier in ("NaiveBayes", "AdaBoostM1"):
        assert ours == published  # to the printed digit
    elif (range_name, dataset, classifier) == ("right", "german_credit", "IBk"):
        assert ours == 196.00  # Weka 3.9.7 gives 196.00; the thesis prints 192.74
    else:
        assert round(abs(ours - published), 2) <= 0.24  # RandomForest (docs/facts/weka.md)


@pytest.mark.weka
@pytest.mark.slow
def test_random_forest_german_whole_chart(weka_thesis_run):
    curves, _ = weka_thesis_run  # Table 7: 396.09
    ours = _published_mtmcr(curves, "whole", "german_credit", "RandomForest")
    assert round(abs(ours - 396.09), 2) <= 0.24


@pytest.mark.weka
@pytest.mark.slow
def test_every_mtmcs_selection_agrees(weka_thesis_run):
    curves, _ = weka_thesis_run
    for range_name, per_dataset in PUBLISHED_SELECTION.items():
        for dataset, row in per_dataset.items():
            ours = {
                classifier: _published_mtmcr(curves, range_name, dataset, classifier)
                for classifier in row.mtmcs_candidates
            }
            assert min(ours, key=ours.get) == row.mtmcs_choice, (range_name, dataset, ours)
