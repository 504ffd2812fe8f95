"""Section 2.3's suboptimal selection, recomputed on UCI sonar (D&H Figs. 17-18).

Drummond & Holte trained C4.5 "modified to account for costs (by altering the values inside C4.5
representing priors)" at several probability-cost ratios R, labelled each ROC point with its R,
and compared two ways of choosing a classifier for an operating point PCF(+):

- by the ROC convex hull / the lower envelope (the optimal selection), and
- by the training ratio ("parameter-based"): at PCF(+) use the classifier trained for the
  nearest PCF(+) = 1 / (1 + R), switching "at the mid-point of these two probability-cost
  values" (sec. 2.3), never a trivial classifier.

Here the tree is C4.5 release 8 as Weka 3.9's J48 builds it (:class:`costlab.classifiers.J48`,
pruned with Weka's defaults -C 0.25 -M 2; the paper used release 7, which is not available),
made cost-sensitive by class weights that give the training set the class distribution
(PCF(+), 1 - PCF(+)): positives weighted PCF(+) / p(+), negatives (1 - PCF(+)) / p(-), so that
the tree's weighted majority is the cost-optimal decision at that PCF(+). (Until J48 existed
here, an entropy tree of scikit-learn with at least 2 % of the weighted training set per leaf
stood in for C4.5's pruning.) Each tree's ROC point is its hard classification of the held-out
instances of 10-fold cross-validation (Weka's folds).
Positive class: mine (M), negative: rock (R).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from costlab.classifiers import J48
from costlab.evaluation import cross_val_proba
from costlab.metrics import CostEnvelope, RocHull, hull_of_points, normalized_expected_cost

__all__ = ["TRAINING_RATIOS", "SonarSelection", "sonar_selection", "selection_cost"]

#: Probability-cost ratios R the trees are trained at (PCF(+) = 1 / (1 + R), D&H sec. 2.3). The
#: paper names 11 and 5.1 (classifiers A and B of Fig. 17) without listing the others; this grid
#: spans 1/20 .. 20 on a log scale and includes both.
TRAINING_RATIOS = (1 / 20, 1 / 11, 1 / 5.1, 1 / 3, 1 / 2, 1.0, 2.0, 3.0, 5.1, 11.0, 20.0)


@dataclass(frozen=True)
class SonarSelection:
    """ROC points of the cost-sensitive trees and the two selection procedures.

    Attributes
    ----------
    points : DataFrame
        One row per training ratio: ``ratio, pcf, fpr, tpr``.
    hull : RocHull
        Convex hull of the points with the trivial classifiers (0, 0) and (1, 1).
    envelope : CostEnvelope
        Its lower envelope: the optimal selection.
    """

    points: pd.DataFrame
    hull: RocHull
    envelope: CostEnvelope

    def parameter_based(self, pcf):
        """NE[C] at PCF(+) of the tree trained for the nearest PCF(+) (midpoint switching)."""
        x = np.atleast_1d(np.asarray(pcf, dtype=np.float64))
        trained = self.points["pcf"].to_numpy()
        order = np.argsort(trained)
        mids = (trained[order][1:] + trained[order][:-1]) / 2
        chosen = order[np.searchsorted(mids, x)]
        rows = self.points.iloc[chosen]
        return normalized_expected_cost(rows["fpr"].to_numpy(), rows["tpr"].to_numpy(), x)


def sonar_selection(dataset, *, ratios=TRAINING_RATIOS, seed=1, cache_dir=None, progress=None):
    """Cross-validate one cost-sensitive tree per training ratio and build both selections."""
    y = dataset.y_binary
    p_pos = y.mean()
    rows = []
    for ratio in ratios:
        pcf = 1.0 / (1.0 + ratio)
        weights = {1: pcf / p_pos, 0: (1.0 - pcf) / (1.0 - p_pos)}
        tree = J48(class_weight=weights)
        result = cross_val_proba(
            dataset,
            tree,
            name=f"tree R={ratio:.3g}",
            seed=seed,
            cache_dir=cache_dir,
            progress=progress if progress is not None else False,
        )
        called = result.scores() > 0.5  # P(positive) > 0.5: the weighted majority is positive
        rows.append(
            {
                "ratio": ratio,
                "pcf": pcf,
                "fpr": float(called[y == 0].mean()),
                "tpr": float(called[y == 1].mean()),
            }
        )
    points = pd.DataFrame(rows)
    hull = _hull_of_points(points, y)
    return SonarSelection(points, hull, CostEnvelope.from_hull(hull))


def _hull_of_points(points, y):
    """ROC convex hull of the trees' points (exact counts) with the trivial classifiers."""
    n_neg, n_pos = int((y == 0).sum()), int((y == 1).sum())
    fp = np.rint(points["fpr"].to_numpy() * n_neg).astype(np.int64)
    tp = np.rint(points["tpr"].to_numpy() * n_pos).astype(np.int64)
    return hull_of_points(fp, tp, n_neg, n_pos)


def selection_cost(selection, grid=2001):
    """Expected cost (area, uniform PCF(+)) of the optimal and the parameter-based selection.

    Returns a one-row DataFrame: ``tec_envelope, tec_parameter_based, extra_cost`` (D&H
    eq. 11 with p(x) uniform, by the trapezoid rule on a fine grid for the parameter-based
    curve, which jumps at the midpoints).
    """
    x = np.linspace(0.0, 1.0, grid)
    envelope = np.trapezoid(selection.envelope(x), x)
    chosen = np.trapezoid(selection.parameter_based(x), x)
    return pd.DataFrame(
        [{"tec_envelope": envelope, "tec_parameter_based": chosen, "extra_cost": chosen - envelope}]
    )
