"""Tables 7-16 builders on synthetic curves whose answers are known by construction."""

import numpy as np
import pandas as pd
import pytest

from costlab._tables import write_table
from costlab.metrics import cost_ratio_grid
from costlab.studies.alsaffar2018.published import CST_EXAMPLES, PUBLISHED_SELECTION
from costlab.studies.alsaffar2018.tables import (
    cst_example_tables,
    range_values,
    selection_table,
    thesis_display,
)


def _tidy(dataset, per_classifier, search="optimized"):
    fp = cost_ratio_grid()
    frames = []
    for clf, mtmcs in per_classifier.items():
        frames.append(
            pd.DataFrame(
                {
                    "dataset": dataset,
                    "classifier": clf,
                    "search": search,
                    "fp_cost": fp,
                    "fn_cost": 1 - fp,
                    "mtmcs": mtmcs,
                    "threshold": 0.5,
                    "fp_rate": 0.1,
                    "fn_rate": 0.1,
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def _curves():
    flat = {
        "RandomForest": np.full(19, 20.004),
        "NaiveBayes": np.full(19, 19.0),
        "AdaBoostM1": np.r_[np.full(9, 10.0), np.full(10, 40.0)],
        "IBk": np.full(19, 50.0),
    }
    both = [_tidy("german_credit", flat, s) for s in ("optimized", "exact")]
    return pd.concat(both, ignore_index=True)


def _aucs():
    return pd.DataFrame(
        {
            "dataset": "german_credit",
            "classifier": ["RandomForest", "NaiveBayes", "AdaBoostM1", "IBk"],
            "auc": [0.79, 0.78, 0.74, 0.64],
        }
    )


def test_range_values_round_each_ratio_then_sum():
    values = range_values(_curves(), _aucs(), "whole").set_index("classifier")
    # 19 ratios of 20.004 rounded to 20.00 each: 380.00, as the thesis's published sums
    assert values.loc["RandomForest", "optimized_mtmcr"] == pytest.approx(380.0)
    assert values.loc["RandomForest", "thesis_mtmcr"] == 396.09  # Table 7, experiment 1
    assert values.loc["RandomForest", "difference"] == pytest.approx(380.0 - 396.09)
    assert values.loc["NaiveBayes", "auc_difference"] == pytest.approx(0.78 - 0.7869)
    assert np.isnan(values.loc["IBk", "thesis_mtmcr"])


def test_left_and_right_ranges_pick_different_winners():
    left = selection_table(range_values(_curves(), _aucs(), "left"), "left")
    right = selection_table(range_values(_curves(), _aucs(), "right"), "right")
    assert left.loc[0, "mtmcs_choice"] == "AdaBoostM1"  # 10 per ratio on the left side
    assert not left.loc[0, "mtmcs_match"]  # the thesis chose Naive Bayes (Table 8)
    assert right.loc[0, "mtmcs_choice"] == "NaiveBayes"
    assert right.loc[0, "mtmcs_match"]  # as in Table 9
    assert right.loc[0, "best_auc"] == "RandomForest" and right.loc[0, "auc_match"]
    assert right.loc[0, "thesis_same_result"] == PUBLISHED_SELECTION["right"]["german_credit"].same


def test_cst_example_tables_compare_with_the_printed_values():
    example = next(e for e in CST_EXAMPLES if e.dataset == "german_credit")  # Tables 15/16
    curves = _curves()
    per_ratio, summary = cst_example_tables(curves, example)
    assert len(per_ratio) == 10  # two classifiers, five ratios 0.35/0.65 .. 0.55/0.45
    assert per_ratio["cost_ratio"].iloc[0] == "0.35/0.65"
    summary = summary.set_index("classifier")
    assert summary.loc["IBk", "mtmcr"] == pytest.approx(250.0)
    assert summary.loc["IBk", "cst_thesis"] == 171.15
    # AdaBoost at 0.35, 0.40, 0.45 is 10 and at 0.50, 0.55 is 40: MTMCR 110, sensitivity 30
    assert summary.loc["AdaBoostM1", "mtmcr"] == pytest.approx(110.0)
    assert summary.loc["AdaBoostM1", "cst"] == pytest.approx(110 * 1.3)
    assert summary.loc["AdaBoostM1", "chosen"] and not summary.loc["IBk", "chosen"]


def test_write_table_renders_csv_markdown_latex(tmp_path):
    frame = pd.DataFrame({"classifier": ["NaiveBayes"], "mtmcr": [375.391], "auc": [0.78691]})
    write_table(
        {"values": frame}, "table_99", tmp_path, caption="Test table", display=thesis_display
    )
    assert pd.read_csv(tmp_path / "table_99.csv")["mtmcr"].iloc[0] == pytest.approx(375.391)
    md = (tmp_path / "table_99.md").read_text()
    assert "Naïve Bayes" in md and "375.39" in md and "0.7869" in md
    assert "\\begin{tabular}" in (tmp_path / "table_99.tex").read_text()
    assert not list(tmp_path.glob(".*.part"))


def test_write_table_writes_sections_and_a_plain_frame_alike(tmp_path):
    """One write_table: a mapping is one CSV per section and one Markdown and LaTeX file with
    every section under its title; a plain frame is the same without a title."""
    frame = pd.DataFrame({"classifier": ["IBk"], "value": [0.123456], "chosen": [True]})
    paths = write_table(
        {"First": frame, "Second": frame}, "t", tmp_path, caption="Cap", display=thesis_display
    )
    assert [p.name for p in paths] == ["t.csv", "t_2.csv", "t.md", "t.tex"]
    md = (tmp_path / "t.md").read_text()
    assert md.startswith("**Cap**\n\n*First*\n\n") and "\n*Second*\n" in md
    assert "IBK" in md  # the thesis's name for IBk
    tex = (tmp_path / "t.tex").read_text()
    assert "Cap First" in tex and "tab:t_2" in tex
    plain = write_table(frame, "p", tmp_path, caption="Plain", digits=1, labels={"IBk": "1-NN"})
    assert [p.name for p in plain] == ["p.csv", "p.md", "p.tex"]
    md = (tmp_path / "p.md").read_text()
    assert md.startswith("**Plain**\n\n|") and "1-NN" in md and "0.1" in md and "yes" in md


def test_the_study_s_write_table_is_a_deprecated_alias(tmp_path):
    from costlab.studies.alsaffar2018 import tables

    frame = pd.DataFrame({"classifier": ["NaiveBayes"], "auc": [0.78691]})
    with pytest.warns(DeprecationWarning, match="costlab._tables.write_table"):
        old = tables.write_table
    old({"values": frame}, "old", tmp_path, caption="C")
    write_table({"values": frame}, "new", tmp_path, caption="C", display=thesis_display)
    for ext in ("csv", "md"):
        assert (tmp_path / f"old.{ext}").read_text() == (tmp_path / f"new.{ext}").read_text()
