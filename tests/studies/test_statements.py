"""The checks of the thesis's statements hold or fail on evidence built to decide them."""

import numpy as np
import pandas as pd

from costlab.metrics import cost_ratio_grid
from costlab.studies.alsaffar2018.statements import STATEMENTS, Evidence, check_statements


def _curve(values):
    fp = cost_ratio_grid()
    return pd.DataFrame({"fp_cost": fp, "mtmcs": values})


def _roc(points):
    fpr, tpr = zip(*points, strict=True)
    return pd.DataFrame({"fpr": fpr, "tpr": tpr, "threshold": np.linspace(1, 0, len(points))})


def _evidence(nb_values, rf_values, aucs, counts=None):
    flat = np.full(19, 50.0)
    return Evidence(
        class_counts=counts or {"good": 700, "bad": 300},
        curves={
            "RandomForest": _curve(rf_values),
            "NaiveBayes": _curve(nb_values),
            "AdaBoostM1": _curve(flat),
            "IBk": _curve(flat),
        },
        aucs=aucs,
        rocs={
            "NaiveBayes": _roc([(0, 0), (0.1, 0.8), (1, 1)]),
            "RandomForest": _roc([(0, 0), (0.3, 0.8), (1, 1)]),
            "AdaBoostM1": _roc([(0, 0), (1, 1)]),
            "IBk": _roc([(0, 0), (1, 1)]),
        },
    )


AUCS = {"RandomForest": 0.80, "NaiveBayes": 0.78, "AdaBoostM1": 0.7, "IBk": 0.6}


def test_german_statements_hold_when_naive_bayes_dominates():
    table = check_statements("german_credit", _evidence(np.full(19, 10.0), np.full(19, 20.0), AUCS))
    assert table["holds"].tolist() == [True, True, True, True]
    assert "19 of 19" in table["evidence"].iloc[1]


def test_german_statements_fail_when_the_numbers_say_otherwise():
    rf_better_once = np.full(19, 20.0)
    rf_better_once[5] = 5.0
    aucs = {**AUCS, "NaiveBayes": 0.9}
    counts = {"good": 500, "bad": 500}
    table = check_statements(
        "german_credit", _evidence(np.full(19, 10.0), rf_better_once, aucs, counts)
    )
    assert table["holds"].tolist() == [False, False, True, False]
    assert "18 of 19" in table["evidence"].iloc[1]


def test_side_statements_read_left_and_right_mtmcr():
    nb = np.r_[np.full(9, 5.0), np.full(10, 30.0)]
    rf = np.r_[np.full(9, 10.0), np.full(10, 20.0)]
    table = check_statements("spectf", _evidence(nb, rf, AUCS, {"0": 55, "1": 212}))
    sides = table[table["figure"] == 26]["holds"].tolist()
    assert sides == [True, True]  # NB best on the left, RF best on the right
    assert table.iloc[0]["holds"]  # 20.6 % minority: skewed


def test_every_statement_is_quoted_with_its_section_and_figure():
    assert len(STATEMENTS) == 16
    for st in STATEMENTS:
        assert st.section in {"5.2", "5.3", "5.4", "5.5"} and 10 <= st.figure <= 29 and st.quote
