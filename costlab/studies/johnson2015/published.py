"""What Johnson, Raeder & Chawla (2015) print, each with its source, and our protocol's settings.

Source: R. A. Johnson, T. Raeder, N. V. Chawla, *Optimizing Classifiers for Hypothetical
Scenarios*, PAKDD 2015, LNAI 9077, pp. 264-276. Our plain-text copy has no page
numbers: sources are given by table and section. Nothing here is computed.
"""

from __future__ import annotations

__all__ = [
    "AVERAGE_RANKS",
    "CLAIMS",
    "CRITICAL_DIFFERENCE",
    "DATASETS",
    "MODELS",
    "PROTOCOL",
    "TABLE_2",
    "TABLE_2_SOURCE",
]

TABLE_2_SOURCE = "Johnson et al. (2015), Table 2 (sec. 4.2)"

#: Table 2: AUROC of AdaBoost.M1 and RiskBoost, "100 repetitions of 10-fold cross-validation"
#: (sec. 4), 100 boosting iterations of unpruned C4.5 each. Dataset -> (AdaBoost.M1, RiskBoost).
TABLE_2 = {
    "breast-w": (0.9829, 0.9899),
    "bupa": (0.7218, 0.7218),
    "credit-a": (0.8973, 0.9187),
    "crx": (0.8970, 0.9191),
    "heart-c": (0.8643, 0.8919),
    "heart-h": (0.8531, 0.8723),
    "horse-colic": (0.8501, 0.8295),
    "ion": (0.9753, 0.9744),
    "krkp": (0.9985, 0.9996),
    "ncaaf": (0.8658, 0.9144),
    "pima": (0.7803, 0.7872),
    "promoters": (0.9611, 0.8863),
    "ringnorm": (0.9793, 0.9849),
    "sonar": (0.9281, 0.9344),
    "threenorm": (0.9094, 0.9210),
    "tictactoe": (0.9994, 0.9986),
    "twonorm": (0.9834, 0.9885),
    "vote": (0.9733, 0.9856),
    "vote1": (0.9338, 0.9543),
}

#: Table 2, last row: average ranks (AdaBoost.M1, RiskBoost).
AVERAGE_RANKS = (1.79, 1.21)

#: Sec. 4.2: "The 95% critical distance of the Bonferroni-Dunn procedure for 19 datasets and
#: 2 classifiers is 0.45; consequently, an average rank lower than 1.275 is statistically
#: significant".
CRITICAL_DIFFERENCE = {"cd": 0.45, "n_datasets": 19, "n_classifiers": 2, "alpha": 0.05}

#: The paper's dataset names -> costlab registry names. credit-a and crx are both UCI's Credit
#: Approval data (Weka's credit-a.arff is the raw crx file): one registry entry, cross-validated
#: with different seeds so that, as in the paper, they are two rows differing only by chance.
#: ncaaf (college football) is not public: no entry.
DATASETS = {
    "breast-w": "breast_w",
    "bupa": "bupa",
    "credit-a": "credit_approval",
    "crx": "credit_approval",
    "heart-c": "heart_c",
    "heart-h": "heart_h",
    "horse-colic": "horse_colic",
    "ion": "ionosphere",
    "krkp": "kr_vs_kp",
    "ncaaf": None,
    "pima": "pima",
    "promoters": "promoters",
    "ringnorm": "ringnorm",
    "sonar": "sonar",
    "threenorm": "threenorm",
    "tictactoe": "tic_tac_toe",
    "twonorm": "twonorm",
    "vote": "vote",
    "vote1": "vote1",
}

#: Table 2's columns.
MODELS = ("AdaBoost.M1", "RiskBoost")

#: Sec. 4: the protocol. Our default repeats are 10 (the paper: 100; option --repeats 100).
PROTOCOL = {
    "n_estimators": 100,
    "n_folds": 10,
    "paper_repeats": 100,
    "cost_distribution": "Beta(2, 2)",
    "base_learner": "unpruned C4.5 (Weka J48 -U)",
}

#: Numbers and claims printed in the text, checked in the study's summary.
CLAIMS = (
    {
        "id": "wins",
        "source": "Johnson et al. (2015), sec. 4.2",
        "text": "RiskBoost performs better than AdaBoost in 14 of the 19 datasets, with 1 tie",
        "value": (14, 1),
    },
    {
        "id": "ranks",
        "source": "Johnson et al. (2015), Table 2",
        "text": "average ranks: AdaBoost.M1 1.79, RiskBoost 1.21",
        "value": AVERAGE_RANKS,
    },
    {
        "id": "cd",
        "source": "Johnson et al. (2015), sec. 4.2",
        "text": "Bonferroni-Dunn CD (95 %, 19 datasets, 2 classifiers) = 0.45",
        "value": 0.45,
    },
    {
        "id": "significant",
        "source": "Johnson et al. (2015), sec. 4.2 and Table 2 (alpha = 0.05 row)",
        "text": "RiskBoost performs statistically significantly better than AdaBoost at a 95% "
        "confidence level",
        "value": True,
    },
    {
        "id": "ranks_10_repeats",
        "source": "Johnson et al. (2015), sec. 4.2",
        "text": "with 10 repetitions of 10-fold CV RiskBoost's average rank was 1.11 (50: 1.26; "
        "500: 1.21)",
        "value": 1.11,
    },
)
