"""What Drummond & Holte (2000) print, each with its source, and the settings of our recomputation.

Source: C. Drummond and R. C. Holte, *Explicitly Representing Expected Cost: An Alternative to
ROC Representation*, KDD 2000, cited "D&H" with the section or figure; the lecture
notes on cost curves with true costs. Our plain-text copy has no page numbers and no
figures: only the numbers written in the text can be compared, and every figure is recomputed
on real data (the paper's own data for Figs. 3-16 are not given).

Nothing here is computed.
"""

from __future__ import annotations

__all__ = ["CLAIMS", "FIGURES", "GERMAN_CREDIT_COSTS", "PAIR", "SONAR_RATIOS_NAMED"]

#: The figures of the paper and what each shows (D&H sec. 2), keyed by figure number.
FIGURES = {
    3: "two ROC curves (a classifier with the trivial ones, and a convex hull)",
    4: "their cost curves",
    5: "two ROC hulls crossing",
    6: "their cost curves and the crossover",
    7: "the four extreme classifiers in cost space, the useful region shaded",
    8: "a single classifier, FP = 0.09, TP = 0.36",
    9: "a set of classifiers and their lower envelope",
    10: "the weighted sum (probabilistic mix) of two classifiers",
    11: "Neyman-Pearson criterion in ROC space",
    12: "Neyman-Pearson criterion in cost space",
    13: "workforce utilisation in ROC space",
    14: "workforce utilisation in cost space",
    15: "averaging ROC curves (Provost et al.'s vertical averaging)",
    16: "averaging cost curves",
    17: "ROC points of cost-sensitive C4.5 on sonar, labelled by training probability-cost ratio",
    18: "cost of choosing by training ratio vs by the lower envelope, on sonar",
}

#: The two classifiers compared in Figs. 3-6 here (the paper's are unnamed): the thesis's
#: German Credit Naive Bayes and Random Forest, cross-validated with Weka's folds.
PAIR = {"dataset": "german_credit", "classifiers": ("NaiveBayes", "RandomForest")}

#: German Credit's own costs, where the notebook's cost-space widget starts: "It is worse to
#: class a customer as good when they are bad (5), than it is to class a customer as bad when
#: they are good (1)" (UCI Statlog German Credit documentation, sec. 8 "Cost Matrix"). With
#: "bad" the positive class, ``C(-|+) = 5`` and ``C(+|-) = 1`` (the paper uses no dataset).
GERMAN_CREDIT_COSTS = {"fn_cost": 5.0, "fp_cost": 1.0}

#: Training ratios the paper names for sonar (sec. 2.3, Figs. 17-18): classifier A at 11,
#: classifier B at 5.1.
SONAR_RATIOS_NAMED = {"A": 11.0, "B": 5.1}

#: Numbers and claims printed in the text, with their source, checked in the study's summary.
CLAIMS = (
    {
        "id": "fig4_operating_range",
        "source": "D&H sec. 2.2, Fig. 4",
        "text": "the classifier marked B has operating range 0.3 <= PCF(+) <= 0.7",
        "value": (0.3, 0.7),
    },
    {
        "id": "fig4_max_difference",
        "source": "D&H sec. 2.2, Fig. 4",
        "text": "the maximum difference is about 20% (0.25 compared to 0.3), at PCF(+) about "
        "0.3 (or 0.7); negligible near 0.5, below 0.2 or above 0.8",
        "value": (0.25, 0.3),
    },
    {
        "id": "fig8_single",
        "source": "D&H sec. 2.2.1, Fig. 8",
        "text": "a classifier with FP = 0.09 and TP = 0.36",
        "value": (0.09, 0.36),
    },
    {
        "id": "notes_operating_range",
        "source": "The lecture notes on cost curves, 'Compare with trivial classifiers'",
        "text": "example operating range [0.14, 0.85]",
        "value": (0.14, 0.85),
    },
    {
        "id": "averaging",
        "source": "D&H sec. 2.2.3, Fig. 16",
        "text": "Provost et al.'s ROC averaging gives higher normalised expected costs for many "
        "PCF(+) values than averaging in cost space",
        "value": None,
    },
    {
        "id": "sonar_extremes",
        "source": "D&H sec. 2.3, Fig. 18",
        "text": "choosing by training ratio costs more than the lower envelope; the large "
        "difference at the left and right is due to not using the majority classifier",
        "value": None,
    },
)
