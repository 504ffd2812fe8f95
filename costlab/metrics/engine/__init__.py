"""The engine every exact measure runs on: counts, ROC, hull, PCF(+), envelope, mergeable.

One sort of the scores gives the class counts at every distinct score
(:mod:`~costlab.metrics.engine._counts`, with the compiled weighted kernel in
:mod:`~costlab.metrics.engine._kernels`); from them the ROC points and AUC
(:mod:`~costlab.metrics.engine.roc`, Al-Saffar 2018, 2.2-2.3), the ROC convex hull
(:mod:`~costlab.metrics.engine.hull`, Drummond & Holte 2000, 2.1), and its dual, the lower
envelope of the cost lines with the normalised expected cost NE[C]
(:mod:`~costlab.metrics.engine.envelope`, Drummond & Holte 2000, eqs. 7-8). PCF(+) and its
conversions to priors and cost proportions have one home,
:mod:`~costlab.metrics.engine.pcf` (Drummond & Holte 2000, eq. 6).
:mod:`~costlab.metrics.engine.mergeable` merges exact hulls from summaries of disjoint score
ranges (out of core).

The families above the engine (:mod:`costlab.metrics.mtmcs`, :mod:`~costlab.metrics.cost_space`,
:mod:`~costlab.metrics.scenarios`, :mod:`~costlab.metrics.threshold_choice`,
:mod:`~costlab.metrics.prior_shift`, :mod:`~costlab.metrics.resampling`) read these objects;
the engine imports none of them.
"""

from costlab.metrics.engine.envelope import CostEnvelope, cost_envelope, normalized_expected_cost
from costlab.metrics.engine.hull import RocHull, hull_of_points, roc_convex_hull
from costlab.metrics.engine.mergeable import (
    BlockSummary,
    MergedCurve,
    binned_counts,
    merge_blocks,
    summarize_counts,
)
from costlab.metrics.engine.pcf import (
    pcf_cost_proportion,
    prior_from_probability_cost,
    probability_cost,
)
from costlab.metrics.engine.roc import roc_auc, roc_points

__all__ = [
    "BlockSummary",
    "CostEnvelope",
    "MergedCurve",
    "RocHull",
    "binned_counts",
    "cost_envelope",
    "hull_of_points",
    "merge_blocks",
    "normalized_expected_cost",
    "pcf_cost_proportion",
    "prior_from_probability_cost",
    "probability_cost",
    "roc_auc",
    "roc_convex_hull",
    "roc_points",
    "summarize_counts",
]
