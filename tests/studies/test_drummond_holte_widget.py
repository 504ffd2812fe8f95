"""The Drummond & Holte (2000) notebook's cost-space explorer: the study's classifiers, German
Credit's costs and class prior wired in (on synthetic scores, nothing cross-validated)."""

from types import SimpleNamespace

import numpy as np
import pytest

from costlab.studies.drummond_holte2000.notebook import CostCurvesView
from costlab.studies.drummond_holte2000.published import GERMAN_CREDIT_COSTS

N = 300


def test_the_study_wires_german_credit_s_costs():
    """The notebook's widget: the study's classifiers, bad credit positive, the dataset's costs."""
    y = (np.arange(N) % 10 < 3).astype(int)  # 30 % positives, as German Credit's bad credit
    noise = np.random.default_rng(11).normal(0, 1, (2, N))
    scores = {"NaiveBayes": y * 1.6 + noise[0], "IBk": y * 0.7 + noise[1]}
    study = SimpleNamespace(
        envelopes=dict.fromkeys(scores),
        result=lambda c: SimpleNamespace(y_true=y, scores=lambda: scores[c]),
    )
    view = CostCurvesView.__new__(CostCurvesView)  # without cross-validating anything
    view.rep = SimpleNamespace(study=study)
    widget = view.cost_space_explorer()
    assert GERMAN_CREDIT_COSTS == {"fn_cost": 5.0, "fp_cost": 1.0}
    assert widget.mode.value == "parts" and widget.p_pos.value == 0.3
    assert widget.view_.pcf == pytest.approx(0.3 * 5 / (0.3 * 5 + 0.7 * 1), abs=1e-12)
    assert [label for label, _ in widget.classifiers.options] == ["Naive Bayes", "IBk"]
    assert "German Credit" in widget.header.value
    assert view.cost_space_explorer(mode="pcf", pcf=0.4).view_.pcf == 0.4
