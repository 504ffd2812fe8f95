"""The README's examples run as printed (the ten-line one on a CSV written from bundled data).

The README is a front page: it keeps the ten-line and the deployment examples; the scenario and
decision-curve examples moved with their sections to the user guide (``docs/user_guide/``), and
run from there as printed.
"""

import re
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from costlab.datasets import breast_cancer

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
USER_GUIDE = ROOT / "docs" / "user_guide"


def _snippet(heading, page=README):
    text = page.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_ten_line_example_runs(tmp_path, monkeypatch):
    frame = breast_cancer().X.assign(
        outcome=breast_cancer().y.map({"benign": "healthy", "malignant": "ill"}).astype(str)
    )
    frame.to_csv(tmp_path / "patients.csv", index=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    namespace = {}
    exec(compile(_snippet("## Your own classifier in ten lines"), "README.md", "exec"), namespace)
    run, curves = namespace["run"], namespace["chart"].curves
    assert set(curves) == {"LR", "GB"} and len(run.results) == 2
    for name, curve in curves.items():  # the chart's curves are the run's, exact search
        pd.testing.assert_frame_equal(curve, run.curves()[(namespace["data"].name, name)])
    summary = namespace["select_classifier"](curves, 0.3, 0.7).summary
    assert list(summary["classifier"]) == ["LR", "GB"] and (summary["cst"] > 0).all()
    plt.close("all")


def test_the_ten_line_example_takes_blank_cells_and_string_labels(tmp_path, monkeypatch):
    """Issue 33, item 1: one blank number (and a blank yes/no) in the CSV, labels healthy/ill."""
    X = breast_cancer().X.iloc[:, :4].copy()
    X.iloc[3, 0] = float("nan")  # a blank number
    smoker = ["yes", "no", "no"] * (len(X) // 3) + ["yes"] * (len(X) % 3)
    smoker[5] = None  # a blank answer
    frame = X.assign(
        smoker=smoker,
        outcome=breast_cancer().y.map({"benign": "healthy", "malignant": "ill"}).astype(str),
    )
    frame.to_csv(tmp_path / "patients.csv", index=False)
    text = (tmp_path / "patients.csv").read_text().splitlines()
    assert text[4].startswith(",") and ",,ill" in text[6]  # the blanks are in the file
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    namespace = {}
    exec(compile(_snippet("## Your own classifier in ten lines"), "README.md", "exec"), namespace)
    data, run = namespace["data"], namespace["run"]
    assert data.X.isna().sum().sum() == 2 and data.positive == "ill"
    assert set(namespace["chart"].curves) == {"LR", "GB"}
    assert all(np.isfinite(result.proba).all() for result in run.results.values())
    plt.close("all")


def test_the_ten_line_example_takes_a_yes_no_column(tmp_path, monkeypatch):
    """Issue 18, item 3.5: a CSV with a nominal (string) column, as most patient files have."""
    X = breast_cancer().X.iloc[:, :4]
    frame = X.assign(
        smoker=["yes", "no", "no"] * (len(X) // 3) + ["yes"] * (len(X) % 3),
        outcome=breast_cancer().y.map({"benign": "healthy", "malignant": "ill"}).astype(str),
    )
    frame.to_csv(tmp_path / "patients.csv", index=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    namespace = {}
    exec(compile(_snippet("## Your own classifier in ten lines"), "README.md", "exec"), namespace)
    assert namespace["data"].nominal_columns == ["smoker"]
    assert set(namespace["chart"].curves) == {"LR", "GB"}
    plt.close("all")


def test_the_scenario_example_runs():
    namespace = {}
    page = USER_GUIDE / "scenarios.md"
    exec(compile(_snippet("## On your own data", page), str(page.name), "exec"), namespace)
    report, risks, riskiest = namespace["report"], namespace["risks"], namespace["riskiest"]
    assert 0.5 < report.h < report.auc <= 1.0
    # the vertex risks add up to the unnormalised loss 1 - H (Johnson et al. 2015, sec. 3.3)
    assert risks["normalized_risk"].sum() == pytest.approx(1.0 - report.h, rel=1e-9)
    assert len(riskiest) == 3 and riskiest["risk"].is_monotonic_decreasing
    plt.close("all")


def test_the_deployment_example_runs():
    namespace = {}
    exec(compile(_snippet("## Deploying a cost-range classifier"), "README.md", "exec"), namespace)
    model, y_test = namespace["model"], namespace["y_test"]
    for_range, at_deployment = namespace["for_range"], namespace["at_deployment"]
    assert len(for_range) == len(y_test) == len(at_deployment)
    # FPcost 0.9 > 0.4: false positives costlier, so fewer positives than for the range; the
    # example shows the switch to another hull vertex (issue 33: at 0.7 no prediction changed)
    assert at_deployment.sum() < for_range.sum()
    assert model.decision_threshold_ in set(model.operating_points_["threshold"])


def test_the_decision_curve_example_runs():
    namespace = {}
    page = USER_GUIDE / "threshold_choice.md"
    exec(compile(_snippet("## On your own data", page), str(page.name), "exec"), namespace)
    nb, areas = namespace["nb"], namespace["areas"]
    diff = nb.difference("LR", "GB")
    assert list(diff["x"]) == pytest.approx([0.05, 0.1, 0.2])
    assert (diff["low"] <= diff["difference"]).all() and (diff["difference"] <= diff["high"]).all()
    assert areas["optimal"] <= min(areas["score-driven"], areas["rate-driven"])
    plt.close("all")
