"""The thesis's experiments and its published numbers, each with its source.

Source: R. Al-Saffar, *Evaluating Classifiers' Optimal Performances Over a Range of
Misclassification Costs by Using Cost-Sensitive Classification*, LSU Master's thesis, 2018.
Page numbers are the ranges of the table of contents (our plain-text copy has no page
breaks): section 5.6 spans pp. 49-53 (Tables 6-10) and section 5.7 pp. 53-57 (Tables 11-16).

Nothing here is computed: these are the printed values we compare our runs against.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DATASETS",
    "CLASSIFIERS",
    "DISPLAY_NAMES",
    "RANGES",
    "EXPERIMENTS",
    "TABLE_6",
    "PUBLISHED_SELECTION",
    "CST_EXAMPLES",
    "CstExample",
]

#: The four experiments in the thesis's order (5.2-5.5), as costlab dataset names.
DATASETS = ("german_credit", "credit_approval", "messidor", "spectf")
#: Experiment number of each dataset (thesis 5.6, Table 6).
EXPERIMENTS = {name: i + 1 for i, name in enumerate(DATASETS)}
#: The thesis's four Weka classifiers (thesis ch. 5 introduction), as costlab names.
CLASSIFIERS = ("RandomForest", "NaiveBayes", "AdaBoostM1", "IBk")
#: How the thesis writes them.
DISPLAY_NAMES = {
    "RandomForest": "Random Forest",
    "NaiveBayes": "Naïve Bayes",
    "AdaBoostM1": "Adaboost",
    "IBk": "IBK",
}

#: The cost-ratio ranges of Tables 7-10 as normalised FPcost bounds (thesis 5.6.1-5.6.4).
RANGES = {
    "whole": (0.05, 0.95),  # Table 7: the whole MTMCS chart
    "left": (0.05, 0.45),  # Table 8: [0.05/0.95, 0.45/0.55], FNcost more expensive
    "right": (0.55, 0.95),  # Table 9: [0.55/0.45, 0.95/0.05], FPcost more expensive
    "middle": (0.5, 0.5),  # Table 10: the equal-cost point 0.50/0.50
}
#: The table that reports each range.
RANGE_TABLES = {"whole": 7, "left": 8, "right": 9, "middle": 10}

#: Table 6 (section 5.6, p. 49): dataset summary as printed.
TABLE_6 = {
    "german_credit": {
        "title": "German Credit card",
        "instances": 1000,
        "distribution": "Unbalanced",
    },
    "credit_approval": {
        "title": "Credit Approval",
        "instances": 690,
        "distribution": "Relatively balanced",
    },
    "messidor": {
        "title": "Messidor Features",
        "instances": 1151,
        "distribution": "Relatively balanced",
    },
    "spectf": {"title": "SPECTF Heart", "instances": 267, "distribution": "Skewed"},
}


@dataclass(frozen=True)
class PublishedSelection:
    """One experiment's row of Tables 7-10 as printed.

    ``mtmcs_candidates`` maps classifier -> printed MTMCR (Tables 7-9) or MTMCS at 0.50/0.50
    (Table 10); ``roc_candidates`` maps classifier -> printed AUC. ``mtmcs_choice`` and
    ``roc_choice`` are the "Final Classifier Selection" columns; ``same`` the "Same Result".
    """

    mtmcs_candidates: dict
    roc_candidates: dict
    mtmcs_choice: str
    roc_choice: str
    same: bool


_AUC = {  # printed AUCs, identical in Tables 7-10
    "german_credit": {"RandomForest": 0.7912, "NaiveBayes": 0.7869},
    "credit_approval": {"AdaBoostM1": 0.9295, "RandomForest": 0.9262},
    "messidor": {"RandomForest": 0.7627},
    "spectf": {"NaiveBayes": 0.8479},
}


def _row(mtmcs, mtmcs_choice, roc_choice, dataset):
    return PublishedSelection(
        mtmcs_candidates=mtmcs,
        roc_candidates=_AUC[dataset],
        mtmcs_choice=mtmcs_choice,
        roc_choice=roc_choice,
        same=mtmcs_choice == roc_choice,
    )


#: Tables 7-10 (section 5.6, pp. 50-52), keyed by range then dataset. In experiment 1 the thesis
#: picked Naive Bayes from the ROC graph "because it is closer to the northwest corner" although
#: Random Forest has the larger AUC (footnote * of Tables 7-10).
PUBLISHED_SELECTION = {
    "whole": {  # Table 7
        "german_credit": _row(
            {"RandomForest": 396.09, "NaiveBayes": 375.39},
            "NaiveBayes",
            "NaiveBayes",
            "german_credit",
        ),
        "credit_approval": _row(
            {"AdaBoostM1": 203.05, "RandomForest": 205.90},
            "AdaBoostM1",
            "AdaBoostM1",
            "credit_approval",
        ),
        "messidor": _row({"RandomForest": 386.20}, "RandomForest", "RandomForest", "messidor"),
        "spectf": _row({"NaiveBayes": 304.65}, "NaiveBayes", "NaiveBayes", "spectf"),
    },
    "left": {  # Table 8
        "german_credit": _row(
            {"RandomForest": 169.12, "NaiveBayes": 162.72},
            "NaiveBayes",
            "NaiveBayes",
            "german_credit",
        ),
        "credit_approval": _row(
            {"AdaBoostM1": 87.52, "RandomForest": 94.83},
            "AdaBoostM1",
            "AdaBoostM1",
            "credit_approval",
        ),
        "messidor": _row({"RandomForest": 191.89}, "RandomForest", "RandomForest", "messidor"),
        "spectf": _row({"NaiveBayes": 167.16}, "NaiveBayes", "NaiveBayes", "spectf"),
    },
    "right": {  # Table 9
        "german_credit": _row(
            {"IBk": 192.74, "NaiveBayes": 186.27}, "NaiveBayes", "NaiveBayes", "german_credit"
        ),
        "credit_approval": _row(
            {"AdaBoostM1": 101.70, "RandomForest": 98.03},
            "RandomForest",
            "AdaBoostM1",
            "credit_approval",
        ),
        "messidor": _row({"RandomForest": 163.45}, "RandomForest", "RandomForest", "messidor"),
        "spectf": _row({"RandomForest": 106.32}, "RandomForest", "NaiveBayes", "spectf"),
    },
    "middle": {  # Table 10 (MTMCS at 0.50/0.50)
        "german_credit": _row(
            {"RandomForest": 27.26, "NaiveBayes": 26.40},
            "NaiveBayes",
            "NaiveBayes",
            "german_credit",
        ),
        "credit_approval": _row(
            {"AdaBoostM1": 13.83, "RandomForest": 13.04},
            "RandomForest",
            "AdaBoostM1",
            "credit_approval",
        ),
        "messidor": _row({"RandomForest": 30.86}, "RandomForest", "RandomForest", "messidor"),
        "spectf": _row({"NaiveBayes": 20.99}, "NaiveBayes", "NaiveBayes", "spectf"),
    },
}

#: The ROC choice by largest AUC (the "AUC ranking"); the thesis's ROC column differs only in
#: experiment 1, where it overrode the AUC by the northwest-corner argument.
PUBLISHED_BEST_AUC = {d: max(aucs, key=aucs.__getitem__) for d, aucs in _AUC.items()}


@dataclass(frozen=True)
class CstExample:
    """A worked CST example of section 5.7: per-ratio MTMCS (as printed) and Tables 12/14/16."""

    section: str
    figure: int
    mtmcs_table: int
    result_table: int
    dataset: str
    fp_range: tuple
    mtmcs: dict  # classifier -> printed per-ratio MTMCS over the range
    mtmcr: dict
    sensitivity: dict
    cst: dict
    chosen: str


CST_EXAMPLES = (
    CstExample(  # Tables 11 and 12 (p. 54-55), Figure 30
        section="5.7.1",
        figure=30,
        mtmcs_table=11,
        result_table=12,
        dataset="messidor",
        fp_range=(0.40, 0.60),
        mtmcs={"AdaBoostM1": [40, 40, 36, 34, 32], "NaiveBayes": [37, 36, 36, 37, 32]},
        mtmcr={"AdaBoostM1": 182, "NaiveBayes": 178},
        sensitivity={"AdaBoostM1": 8, "NaiveBayes": 5},
        cst={"AdaBoostM1": 196.56, "NaiveBayes": 186.90},
        chosen="NaiveBayes",
    ),
    CstExample(  # Tables 13 and 14 (p. 55-56), Figure 31
        section="5.7.2",
        figure=31,
        mtmcs_table=13,
        result_table=14,
        dataset="credit_approval",
        fp_range=(0.25, 0.50),
        mtmcs={
            "AdaBoostM1": [10, 11, 12, 13, 13.5, 14],
            "RandomForest": [12, 13, 13, 13, 13, 13],
        },
        mtmcr={"AdaBoostM1": 73.5, "RandomForest": 77.0},
        sensitivity={"AdaBoostM1": 4, "RandomForest": 1},
        cst={"AdaBoostM1": 76.44, "RandomForest": 77.77},
        chosen="AdaBoostM1",
    ),
    CstExample(  # Tables 15 and 16 (p. 56-57), Figure 32
        section="5.7.3",
        figure=32,
        mtmcs_table=15,
        result_table=16,
        dataset="german_credit",
        fp_range=(0.35, 0.55),
        mtmcs={"IBk": [30, 32, 34, 32, 35], "AdaBoostM1": [27, 29, 31, 32, 40]},
        mtmcr={"IBk": 163, "AdaBoostM1": 159},
        sensitivity={"IBk": 5, "AdaBoostM1": 13},
        cst={"IBk": 171.15, "AdaBoostM1": 179.67},
        chosen="IBk",
    ),
)

#: Figures of chapter 5 per dataset: class distribution, MTMCS chart, optimal thresholds, ROC,
#: ROC thresholds (thesis 5.2-5.5).
FIGURES = {
    "german_credit": {
        "distribution": 10,
        "mtmcs": 11,
        "thresholds": 12,
        "roc": 13,
        "roc_thresholds": 14,
    },
    "credit_approval": {
        "distribution": 15,
        "mtmcs": 16,
        "thresholds": 17,
        "roc": 18,
        "roc_thresholds": 19,
    },
    "messidor": {
        "distribution": 20,
        "mtmcs": 21,
        "thresholds": 22,
        "roc": 23,
        "roc_thresholds": 24,
    },
    "spectf": {"distribution": 25, "mtmcs": 26, "thresholds": 27, "roc": 28, "roc_thresholds": 29},
}
