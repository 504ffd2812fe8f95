"""The data behind each recomputed figure of Drummond & Holte (2000), from the library.

Scores are the out-of-fold probabilities of the positive class (German Credit's "bad"), as the
classifiers returned them. Hard classifiers (one ROC point each) are the default decisions
P(positive) > 0.5 -> positive.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from costlab.datasets import load_dataset
from costlab.evaluation import run_experiments
from costlab.metrics import (
    CostEnvelope,
    cost_envelope,
    hull_of_points,
    operating_range,
    roc_convex_hull,
)
from costlab.studies.drummond_holte2000.published import PAIR

__all__ = ["QUICK_TREES", "Study", "default_point", "fold_envelopes", "load_study"]

#: Trees of the RandomForest in a quick (smoke) run; the full run has the classifier's 100.
QUICK_TREES = 20


@dataclass
class Study:
    """Everything the figures are drawn from (one cross-validation run, cached on disk)."""

    run: object
    sonar: object
    dataset: str
    envelopes: dict = field(default_factory=dict)  # classifier -> CostEnvelope (all folds pooled)
    points: pd.DataFrame | None = None  # the thesis classifiers' default decisions

    def result(self, classifier):
        return self.run.results[(self.dataset, classifier)]


def load_study(
    *,
    classifiers=("NaiveBayes", "RandomForest", "AdaBoostM1", "IBk"),
    quick=False,
    mirror=None,
    data_home=None,
    cache_dir=None,
    progress=True,
):
    """Cross-validate the thesis's classifiers on German Credit and load sonar."""
    params = {"RandomForest": {"n_estimators": QUICK_TREES}} if quick else {}
    params = {name: value for name, value in params.items() if name in classifiers}
    run = run_experiments(
        [PAIR["dataset"]],
        list(classifiers),
        classifier_params=params,
        mirror=mirror,
        data_home=data_home,
        cache_dir=cache_dir,
        progress=progress,
    )
    sonar = load_dataset("sonar", mirror=mirror, data_home=data_home)
    study = Study(run=run, sonar=sonar, dataset=PAIR["dataset"])
    for classifier in classifiers:
        result = study.result(classifier)
        study.envelopes[classifier] = cost_envelope(result.y_true, result.scores(), pos_label=1)
    study.points = pd.DataFrame([default_point(study.result(c)) for c in classifiers])
    return study


def default_point(result):
    """The ROC point of a classifier's default decision (P(positive) > 0.5 -> positive) and its
    operating range (Drummond & Holte 2000, sec. 2.2)."""
    called = result.scores() > 0.5
    y = result.y_true
    fpr, tpr = float(called[y == 0].mean()), float(called[y == 1].mean())
    rng = operating_range(fpr, tpr)
    return {
        "classifier": result.classifier,
        "fp": int(called[y == 0].sum()),
        "tp": int(called[y == 1].sum()),
        "fpr": fpr,
        "tpr": tpr,
        "range_from": rng[0] if rng else np.nan,
        "range_to": rng[1] if rng else np.nan,
    }


def points_envelope(points, n_neg, n_pos):
    """Lower envelope of a set of hard classifiers (D&H Fig. 9)."""
    return CostEnvelope.from_hull(hull_of_points(points["fp"], points["tp"], n_neg, n_pos))


def fold_envelopes(result, repeat=0):
    """One envelope per cross-validation fold (its held-out instances), for averaging."""
    folds = result.fold[repeat]
    y, p = result.y_true, result.scores(repeat)
    out = []
    for k in np.unique(folds):
        mask = folds == k
        out.append(cost_envelope(y[mask], p[mask], pos_label=1))
    return out


def fold_hulls(result, repeat=0):
    """One ROC convex hull per fold."""
    return [e.hull for e in fold_envelopes(result, repeat)]


def pooled_hull(result):
    """The ROC convex hull of all out-of-fold scores."""
    return roc_convex_hull(result.y_true, result.scores(), pos_label=1)
