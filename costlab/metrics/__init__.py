"""Pure maths over labels and scores: cost measures, threshold searches, ROC.

Nothing here reads files, draws, or knows a paper's constants; every function takes arrays
(labels, scores, costs) and returns numbers, arrays or tidy DataFrames. Equations are quoted in
each function's docstring with the paper and equation they come from.

Modules
-------
:mod:`costlab.metrics.costs`
    TMC, MTMCR, cost sensitivity, CST, robust-vs-optimal selection (Al-Saffar 2018, 4.1-5.1).
:mod:`costlab.metrics.thresholds`
    The MTMCS curve: exact, thorough and optimized threshold searches (Al-Saffar 2018, 4.3, 4.5).
:mod:`costlab.metrics.roc`
    ROC points and AUC of the positive class's score.
:mod:`costlab.metrics.hull`
    The ROC convex hull from one sort (D&H 2.1), and of arbitrary ROC points.
:mod:`costlab.metrics.h_measure`
    Hand's H measure, exactly from the hull (Hand 2009; Johnson et al. 2015), with AUC, Gini and KS.
:mod:`costlab.metrics.cost_space`
    PCF(+), normalised expected cost, cost lines, the point/line duality, the lower envelope
    and operating ranges (Drummond & Holte 2000, "D&H", eqs. 5-10; the lecture notes on cost
    curves).
:mod:`costlab.metrics.cost_compare`
    Differences, crossovers and winners between cost curves; the joint envelope (D&H 2.2).
:mod:`costlab.metrics.cost_area`
    Total expected cost, the area under a cost curve for a PCF(+) distribution (D&H eq. 11).
:mod:`costlab.metrics.cost_average`
    Averaging folds' curves vertically in ROC space or in cost space (D&H 2.2.3).
:mod:`costlab.metrics.cost_density`
    Densities u(c) over the cost ratio: Beta (truncated), exponential, point masses, any u
    (Johnson et al. 2015, sec. 3.2).
:mod:`costlab.metrics.scenario`
    Scenario curves: the minimum loss weighted by u(c), area 1 - H (Johnson et al. 2015, Fig. 1).
:mod:`costlab.metrics.risk`
    Classifier and instance risk (Johnson et al. 2015, eq. 10, Definitions 1-2).
:mod:`costlab.metrics.cost_criteria`
    Neyman-Pearson and workforce-utilisation choices on a hull (D&H 2.2.2, eqs. 12-14).
:mod:`costlab.metrics.uncertainty`
    Bootstrap and repeated-CV bands of the MTMCS curve, intervals of MTMCR, sensitivity, CST.
:mod:`costlab.metrics.mergeable`
    Exact ROC hull and AUC merged from summaries of disjoint score ranges (out of core).
:mod:`costlab.metrics.threshold_choice`
    Threshold-choice methods (score-driven, rate-driven, optimal) and Brier curves, exact, in
    cost and skew space (Hernández-Orallo, Flach & Ferri 2011-2013).
:mod:`costlab.metrics.decision_curve`
    Decision curves: net benefit, treat-all, standardised NB, differences (Vickers & Elkin
    2006), read from the same loss curves.
:mod:`costlab.metrics.curve_bootstrap`
    Paired bootstrap bands of decision and Brier curves, intervals of their areas.
:mod:`costlab.metrics.prior_shift`
    POSfrac and Purity over a ROC curve for any true target prior, operating points at a fixed
    TPr, POSfrac or Purity, and their mean and spread over folds (Landgrebe et al. 2004, eqs.
    3-6).
"""

from costlab.metrics.cost_area import total_expected_cost
from costlab.metrics.cost_average import (
    AveragedCurve,
    VerticalRocAverage,
    average_envelopes,
    vertical_roc_average,
)
from costlab.metrics.cost_compare import (
    EnvelopeDifference,
    JointEnvelope,
    crossovers,
    envelope_difference,
    joint_envelope,
    winning_ranges,
)
from costlab.metrics.cost_criteria import OperatingChoice, neyman_pearson, workforce
from costlab.metrics.cost_density import (
    BetaDensity,
    CostDensity,
    FunctionDensity,
    PointMass,
    TruncatedExponential,
    as_cost_density,
    scenario_densities,
)
from costlab.metrics.cost_space import (
    CostEnvelope,
    cost_envelope,
    cost_line,
    cost_point_to_roc_line,
    normalized_expected_cost,
    operating_range,
    prior_from_probability_cost,
    probability_cost,
    roc_line_to_cost_point,
    trivial_cost,
)
from costlab.metrics.costs import (
    Selection,
    classify,
    cost_ratio_grid,
    cost_sensitivity,
    cst,
    curve_in_range,
    format_cost_ratio,
    mtmcr,
    normalize_costs,
    range_summary,
    select_classifier,
    total_misclassification_cost,
)
from costlab.metrics.curve_bootstrap import (
    CurveBands,
    bootstrap_brier_curves,
    bootstrap_decision_curves,
)
from costlab.metrics.decision_curve import (
    DecisionCurve,
    decision_curve,
    net_benefit,
    net_benefit_difference,
    treat_all_net_benefit,
)
from costlab.metrics.h_measure import HMeasure, h_measure, h_measure_report
from costlab.metrics.hull import RocHull, hull_of_points, roc_convex_hull
from costlab.metrics.mergeable import (
    BlockSummary,
    MergedCurve,
    binned_counts,
    merge_blocks,
    summarize_counts,
)
from costlab.metrics.prior_shift import (
    PriorOperatingCurves,
    fold_operating_points,
    operating_point,
    positive_fraction,
    prior_operating_characteristics,
    prior_operating_curves,
    purity,
    summarize_folds,
)
from costlab.metrics.risk import classifier_risk, instance_risk
from costlab.metrics.roc import roc_auc, roc_points
from costlab.metrics.scenario import COST_CURVE, ScenarioCurve, scenario_curve, scenario_curves
from costlab.metrics.threshold_choice import (
    ThresholdChoiceCurve,
    brier_curve,
    threshold_choice_curve,
    threshold_choice_curves,
)
from costlab.metrics.thresholds import CURVE_COLUMNS, mtmcs_curve
from costlab.metrics.uncertainty import (
    BootstrapCurves,
    PairedBootstrap,
    bootstrap_interval,
    bootstrap_mtmcs,
    bootstrap_thresholds,
    corrected_resampled_ttest,
    cv_band,
    mtmcs_of_scores,
    paired_bootstrap,
    selection_rule,
)

__all__ = [
    "CurveBands",
    "bootstrap_brier_curves",
    "bootstrap_decision_curves",
    "DecisionCurve",
    "decision_curve",
    "net_benefit",
    "net_benefit_difference",
    "treat_all_net_benefit",
    "ThresholdChoiceCurve",
    "brier_curve",
    "threshold_choice_curve",
    "threshold_choice_curves",
    "BootstrapCurves",
    "PairedBootstrap",
    "corrected_resampled_ttest",
    "paired_bootstrap",
    "selection_rule",
    "bootstrap_interval",
    "bootstrap_thresholds",
    "bootstrap_mtmcs",
    "cv_band",
    "mtmcs_of_scores",
    "BlockSummary",
    "MergedCurve",
    "binned_counts",
    "merge_blocks",
    "summarize_counts",
    "as_cost_density",
    "BetaDensity",
    "classifier_risk",
    "COST_CURVE",
    "CostDensity",
    "FunctionDensity",
    "instance_risk",
    "PointMass",
    "scenario_curve",
    "scenario_curves",
    "scenario_densities",
    "ScenarioCurve",
    "TruncatedExponential",
    "average_envelopes",
    "AveragedCurve",
    "classify",
    "cost_envelope",
    "cost_line",
    "cost_point_to_roc_line",
    "cost_ratio_grid",
    "cost_sensitivity",
    "CostEnvelope",
    "crossovers",
    "cst",
    "CURVE_COLUMNS",
    "curve_in_range",
    "envelope_difference",
    "EnvelopeDifference",
    "fold_operating_points",
    "HMeasure",
    "format_cost_ratio",
    "h_measure",
    "h_measure_report",
    "hull_of_points",
    "joint_envelope",
    "JointEnvelope",
    "mtmcr",
    "mtmcs_curve",
    "neyman_pearson",
    "normalize_costs",
    "normalized_expected_cost",
    "operating_point",
    "operating_range",
    "OperatingChoice",
    "positive_fraction",
    "prior_operating_characteristics",
    "prior_operating_curves",
    "PriorOperatingCurves",
    "prior_from_probability_cost",
    "probability_cost",
    "purity",
    "range_summary",
    "roc_convex_hull",
    "roc_auc",
    "roc_points",
    "roc_line_to_cost_point",
    "RocHull",
    "select_classifier",
    "Selection",
    "summarize_folds",
    "total_expected_cost",
    "total_misclassification_cost",
    "trivial_cost",
    "vertical_roc_average",
    "VerticalRocAverage",
    "winning_ranges",
    "workforce",
]
