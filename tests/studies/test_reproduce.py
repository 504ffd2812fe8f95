"""End to end: `python reproduce.py` writes every figure and table of chapter 5."""

import json
import runpy
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[2]
FIGURES = list(range(10, 33))  # Figures 10-32 of the thesis
TABLES = list(range(6, 17))  # Tables 6-16


@pytest.fixture(scope="module")
def reproduce_main():
    module = runpy.run_path(str(ROOT / "reproduce.py"))
    return module["main"]


@pytest.fixture(scope="module")
def results(reproduce_main, mirror_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("results")
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COSTLAB_DATA_HOME", str(home))
        mp.setenv("COSTLAB_CACHE", str(home / "cv"))
        code = reproduce_main(["--quick", "--out", str(out), "--mirror", str(mirror_dir)])
    assert code == 0
    return out / "alsaffar2018"  # every study writes <out>/<study>/


@pytest.mark.slow
def test_every_figure_and_table_is_written(results):
    for n in FIGURES:
        path = results / "figures" / f"figure_{n:02d}.png"
        assert path.stat().st_size > 10_000, path
        assert path.read_bytes()[:4] == b"\x89PNG"
    for n in TABLES:
        for ext in ("csv", "md", "tex"):
            assert (results / "tables" / f"table_{n:02d}.{ext}").stat().st_size > 0
    assert not list(results.rglob(".*.part"))


@pytest.mark.slow
def test_summary_states_every_cell_of_tables_7_to_10(results):
    text = (results / "summary.md").read_text()
    assert "QUICK MODE" in text
    for table in (7, 8, 9, 10):
        for dataset in ("german_credit", "credit_approval", "messidor", "spectf"):
            assert f"| {table} | " in text and f"| {dataset} |" in text
    rows = [
        line for line in text.splitlines() if line.startswith(("| 7 |", "| 8 |", "| 9 |", "| 10 |"))
    ]
    selection_rows = [r for r in rows if r.rstrip().endswith(("| yes |", "| **no** |"))]
    assert len(selection_rows) == 16


def test_summary_tables_are_markdown_pipe_tables_to_the_byte():
    """summary.md's comparison tables, on a toy reproduction: header, rule and rows exactly."""
    from types import SimpleNamespace

    from costlab.studies.alsaffar2018 import summary

    selections = {
        "whole": pd.DataFrame(
            {
                "exp": [1],
                "dataset": ["spectf"],
                "thesis_mtmcs_choice": ["NaiveBayes"],
                "mtmcs_choice": [None],
                "mtmcs_match": [False],
                "thesis_best_auc": ["IBk"],
                "best_auc": ["IBk"],
                "auc_match": [True],
            }
        )
    }
    values = {
        "whole": pd.DataFrame(
            {
                "dataset": ["spectf", "bupa"],
                "classifier": ["NaiveBayes", "IBk"],
                "thesis_mtmcr": [304.65, np.nan],
                "grid_mtmcr": [304.649, 1.0],
                "exact_mtmcr": [300.1, 1.0],
                "thesis_auc": [0.8, np.nan],
                "auc": [0.79996, 0.5],
            }
        )
    }
    rep = SimpleNamespace(
        selections=selections, values=values, options=SimpleNamespace(search="grid")
    )
    assert summary._selection_lines(rep) == [
        "| Table | Range | Exp. | Dataset | Thesis's MTMCS-chart choice | Ours | Same? |",
        "|---|---|---|---|---|---|---|",
        "| 7 | whole | 1 | spectf | Naïve Bayes | - | **no** |",
    ]
    assert summary._auc_lines(rep)[2] == "| 1 | spectf | IBK | IBK | yes |"
    assert summary._number_lines(rep) == [
        "| Table | Dataset | Classifier | Thesis | Ours (grid) | Difference | Ours (exact) |",
        "|---|---|---|---|---|---|---|",
        "| 7 | spectf | Naïve Bayes | 304.65 | 304.65 | +0.00 | 300.10 |",
        "",
        "| Dataset | Classifier | Thesis AUC | Ours | Difference |",
        "|---|---|---|---|---|",
        "| spectf | Naïve Bayes | 0.8000 | 0.8000 | +0.0000 |",
    ]


@pytest.mark.slow
def test_manifest_records_versions_seeds_checksums_timings(results):
    manifest = json.loads((results / "manifest.json").read_text())
    assert manifest["versions"]["scikit-learn"]
    assert manifest["seeds"]["cross_validation"] == 1
    assert manifest["options"]["folds"] == "weka"
    sums = manifest["data_checksums"]["german_credit"]
    assert any(v.startswith("b21f3d81") for v in sums.values())  # SHA256SUMS of german.data
    assert manifest["timings_s"]["total_s"] > 0


@pytest.mark.slow
def test_tables_hold_published_values_beside_ours(results):
    table = pd.read_csv(results / "tables" / "table_07.csv")
    row = table[(table["dataset"] == "german_credit") & (table["classifier"] == "NaiveBayes")]
    assert row["thesis_mtmcr"].iloc[0] == 375.39
    assert {"optimized_mtmcr", "exact_mtmcr", "difference", "auc", "thesis_auc"} <= set(table)
    selection = pd.read_csv(results / "tables" / "table_07_2.csv")
    assert len(selection) == 4 and "mtmcs_match" in selection


def test_bad_step_is_a_clear_error(reproduce_main, mirror_dir, tmp_path, capsys):
    code = reproduce_main(
        [
            "--step",
            "0",
            "--datasets",
            "spectf",
            "--classifiers",
            "NaiveBayes",
            "--out",
            str(tmp_path),
            "--mirror",
            str(mirror_dir),
        ]
    )
    assert code == 2
    assert "step" in capsys.readouterr().err


@pytest.mark.slow
def test_one_dataset_and_one_classifier_print_every_table(
    reproduce_main, mirror_dir, tmp_path, monkeypatch, capsys
):
    """A subset prints what it can: Table 9 has no published MTMCR for spectf's Naive Bayes
    alone (a column of None), which crashed the printing after the files were written."""
    monkeypatch.setenv("COSTLAB_DATA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    argv = ["alsaffar2018", "--quick", "--datasets", "spectf", "--classifiers", "NaiveBayes"]
    code = reproduce_main([*argv, "--out", str(tmp_path / "out"), "--mirror", str(mirror_dir)])
    out = capsys.readouterr().out
    assert code == 0
    for number in (7, 8, 9, 10):
        assert f"Table {number} (" in out
    assert "MTMCS-chart selections" in out.splitlines()[-1]


def test_unknown_dataset_is_a_clear_error(reproduce_main, tmp_path, capsys):
    code = reproduce_main(["--datasets", "iris", "--out", str(tmp_path)])
    assert code == 2
    assert "iris" in capsys.readouterr().err


def test_cli_help_lists_the_options():
    done = subprocess.run(
        [sys.executable, str(ROOT / "reproduce.py"), "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    for option in ("--quick", "--search", "--step", "--datasets", "--classifiers", "--knn-k"):
        assert option in done.stdout
    assert "{sklearn,weka,both}" in done.stdout


@pytest.mark.slow
def test_engine_comparison_table(mirror_dir, tmp_path, monkeypatch):
    from costlab.studies.alsaffar2018.report import (
        ReproduceOptions,
        reproduce,
        write_engine_comparison,
    )

    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    base = ReproduceOptions(
        datasets=("spectf",),
        classifiers=("NaiveBayes", "RandomForest"),
        quick=True,
        progress=False,
        mirror=str(mirror_dir),
        data_home=str(tmp_path / "data"),
    )
    reps = {
        "weka_folds": reproduce(tmp_path / "a", base, log=lambda *a: None),
        "sklearn_folds": reproduce(
            tmp_path / "b",
            ReproduceOptions(**{**base.__dict__, "folds": "sklearn"}),
            log=lambda *a: None,
        ),
    }
    values, selections = write_engine_comparison(reps, tmp_path / "tables")
    nb_auc = values[(values["classifier"] == "NaiveBayes") & (values["measure"] == "AUC")]
    assert nb_auc["thesis"].iloc[0] == 0.8479  # Table 7, experiment 4
    assert bool(nb_auc["weka_folds_exact_digit"].iloc[0])
    assert not bool(nb_auc["sklearn_folds_exact_digit"].iloc[0])
    assert list(selections["table"]) == [7, 8, 9, 10]
    assert (tmp_path / "tables" / "engines.md").read_text().count("|") > 20


GOLDEN = ROOT / "tests" / "golden" / "alsaffar2018_quick"


@pytest.mark.slow
def test_tables_are_unchanged_by_the_layout_move(results):
    """Every CSV of `reproduce.py alsaffar2018 --quick` equals the one written before the move.

    tests/golden/alsaffar2018_quick/ holds the CSVs that commit 77a69ad (the flat layout, before
    issue 7) wrote with `python reproduce.py --quick` on this mirror; the library/study layout
    must not change a number. ``make_golden.py`` there regenerates them byte-identically; its
    README.md says which numbers an independent check backs (the thesis's printed values, the
    UCI class counts, three AUCs to the printed digit) and which are only a regression snapshot
    (most of them): this test catches a change, not an error.
    """
    golden = sorted(GOLDEN.glob("*.csv"))
    assert len(golden) == 16
    added = {"exact_choice", "thesis_choice_stability", "mtmcs_choice_stability"}  # issue 12
    for path in golden:
        ours, before = pd.read_csv(results / "tables" / path.name), pd.read_csv(path)
        assert set(ours.columns) - set(before.columns) <= added, path.name
        pd.testing.assert_frame_equal(
            ours[list(before.columns)], before, check_exact=True, obj=path.name
        )


def test_selection_tables_say_how_stable_each_choice_is(results):
    """Tables 7-10's selection gains the share of bootstrap resamples (stratified, seeded)
    in which the thesis's and our choice still have the lowest MTMCR (issue 12, item 2)."""
    for number in (7, 8, 9, 10):
        table = pd.read_csv(results / "tables" / f"table_{number:02d}_2.csv")
        for column in ("thesis_choice_stability", "mtmcs_choice_stability"):
            assert table[column].between(0, 1).all()
        same = table["thesis_mtmcs_choice"] == table["mtmcs_choice"]
        assert (
            table.loc[same, "thesis_choice_stability"] == table.loc[same, "mtmcs_choice_stability"]
        ).all()


def test_selection_stability_shares_sum_to_one(mirror_dir, tmp_path):
    from costlab.evaluation import run_experiments
    from costlab.studies.alsaffar2018.tables import selection_stability

    run = run_experiments(
        ["spectf"],
        ["NaiveBayes", "AdaBoostM1"],
        mirror=mirror_dir,
        data_home=tmp_path,
        cache_dir=tmp_path / "cv",
        progress=False,
    )
    a = selection_stability(run.results, "whole", n_resamples=40, random_state=1)
    b = selection_stability(run.results, "whole", n_resamples=40, random_state=1)
    assert a == b
    assert sum(a["spectf"].values()) == pytest.approx(1.0)


def test_threshold_choice_table_is_the_brier_score(mirror_dir, tmp_path):
    """Not in the thesis (issue 12, item 3): the score-driven loss is the Brier score of the
    out-of-fold P(class 2), the optimal loss never exceeds it, and the interval holds it."""
    from sklearn.metrics import brier_score_loss

    from costlab.evaluation import run_experiments
    from costlab.studies.alsaffar2018.tables import threshold_choice_table

    run = run_experiments(
        ["spectf"],
        ["NaiveBayes", "AdaBoostM1"],
        mirror=mirror_dir,
        data_home=tmp_path,
        cache_dir=tmp_path / "cv",
        progress=False,
    )
    table = threshold_choice_table(run.results, n_resamples=40).set_index("classifier")
    for (_, clf), result in run.results.items():
        row = table.loc[clf]
        brier = brier_score_loss(result.y_true, 1.0 - result.proba[0, :, 0])  # as the study
        assert row["brier"] == pytest.approx(brier, abs=1e-12)
        assert row["brier_low"] <= row["brier"] <= row["brier_high"]
        assert 0 <= row["optimal"] <= row["brier"] + 1e-12
        assert row["calibration_gap"] == pytest.approx(row["brier"] - row["optimal"])


def test_report_writes_the_threshold_choice_table(results):
    table = pd.read_csv(results / "tables" / "threshold_choice.csv")
    assert len(table) == 16 and (table["calibration_gap"] >= -1e-12).all()
    assert (results / "tables" / "threshold_choice.tex").exists()


@pytest.mark.slow
def test_figures_draw_the_numbers_of_the_tables(mirror_dir, tmp_path):
    """What each chapter-5 figure draws is what the tables print: the MTMCS chart's points sum
    (rounded per ratio, as the thesis did) to Table 7's MTMCR, the ROC legend's AUCs are Table
    7's, the bars are Table 6's class counts, the threshold chart is the curves' thresholds."""
    import matplotlib.pyplot as plt

    from costlab.metrics import mtmcr
    from costlab.studies.alsaffar2018.published import DISPLAY_NAMES, FIGURES
    from costlab.studies.alsaffar2018.report import (
        ReproduceOptions,
        figure_displays,
        reproduce,
    )

    options = ReproduceOptions(
        quick=True, mirror=str(mirror_dir), data_home=str(tmp_path / "home"), cache=False
    )
    rep = reproduce(tmp_path / "out", options, log=lambda *_: None)
    table_7 = pd.read_csv(tmp_path / "out" / "tables" / "table_07.csv")
    table_6 = pd.read_csv(tmp_path / "out" / "tables" / "table_06.csv")
    with plt.rc_context({"figure.max_open_warning": 64}):  # every figure held open to read
        drawn = dict(figure_displays(rep))
    by_name = {DISPLAY_NAMES.get(c, c): c for c in DISPLAY_NAMES}
    checked = 0
    for dataset, numbers in FIGURES.items():
        rows = table_7[table_7["dataset"] == dataset].set_index("classifier")
        mtmcs = drawn[f"figure_{numbers['mtmcs']:02d}"]
        for label, line in mtmcs.lines_.items():
            classifier = by_name.get(label, label)
            drawn_sum = mtmcr(line.get_ydata(), decimals=2)
            assert drawn_sum == pytest.approx(rows.loc[classifier, "optimized_mtmcr"], abs=1e-9)
            checked += 1
        roc = drawn[f"figure_{numbers['roc']:02d}"]
        for classifier, auc in roc.aucs.items():
            assert auc == pytest.approx(rows.loc[classifier, "auc"], abs=1e-12)
        thresholds = drawn[f"figure_{numbers['thresholds']:02d}"]
        for label, line in thresholds.lines_.items():
            curve = thresholds.curves[by_name.get(label, label)]
            np.testing.assert_array_equal(line.get_ydata(), curve["threshold"].to_numpy())
        bars = drawn[f"figure_{numbers['distribution']:02d}"]
        title = rep.run.datasets[dataset].title
        counts = table_6[table_6["dataset"] == title].iloc[0]
        heights = [int(b.get_height()) for b in bars.bars_]
        assert heights == [
            int(counts["class_1"].split("(")[1].rstrip(")")),
            int(counts["class_2"].split("(")[1].rstrip(")")),
        ]
    assert checked == 16  # four classifiers on each of the four datasets
    for display in drawn.values():
        plt.close(display.figure_)


def test_the_manifest_names_the_mirror_read_from_the_environment(tmp_path, monkeypatch):
    """Issue 33: with COSTLAB_MIRROR set (no --mirror), the manifest said ``"mirror": null``."""
    from types import SimpleNamespace

    from costlab.studies.alsaffar2018.report import ReproduceOptions, _write_manifest

    mirror = tmp_path / "mirror"
    mirror.mkdir()
    monkeypatch.setenv("COSTLAB_MIRROR", str(mirror))
    run = SimpleNamespace(datasets={}, results={})
    rep = SimpleNamespace(options=ReproduceOptions(quick=True), run=run, timings={}, outputs=[])
    _write_manifest(rep, tmp_path / "manifest.json")
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["options"]["mirror"] == str(mirror.resolve())
    monkeypatch.delenv("COSTLAB_MIRROR")
    _write_manifest(rep, tmp_path / "manifest.json")
    assert json.loads((tmp_path / "manifest.json").read_text())["options"]["mirror"] is None
