"""Pure maths over labels and scores: cost measures, threshold searches, ROC, by family.

Nothing here reads files, draws, or knows a paper's constants; every function takes arrays
(labels, scores, costs) and returns numbers, arrays or tidy DataFrames. Equations are quoted in
each function's docstring with the paper (authors, year) and equation they come from. This
package is the public face: ``from costlab.metrics import X`` for every name below; each family
is a subpackage with its own curated ``__all__``, and each module holds one kind of computation.

Families
--------
:mod:`costlab.metrics.engine`
    Class counts after one sort, ROC points and AUC (``roc``), the ROC convex hull (``hull``),
    PCF(+) and its conversions (``pcf``, Drummond & Holte 2000 eq. 6), NE[C] and the lower
    envelope (``envelope``), exact hulls merged out of core (``mergeable``).
:mod:`costlab.metrics.thesis`
    Al-Saffar 2018: TMC, MTMCR, cost sensitivity, CST and the selection (``measures``); the
    MTMCS curve by exact, thorough or optimized search (``mtmcs_search``).
:mod:`costlab.metrics.cost_space`
    Drummond & Holte 2000: cost lines and duality (``cost_lines``), comparisons, area (TEC),
    averaging and criteria.
:mod:`costlab.metrics.scenarios`
    Hand 2009 and Johnson et al. 2015: cost densities, the H measure, scenario curves, risk.
:mod:`costlab.metrics.threshold_choice`
    Hernández-Orallo, Flach & Ferri 2011-2013: threshold-choice methods and Brier curves
    (``methods``); Vickers & Elkin 2006: decision curves.
:mod:`costlab.metrics.prior_shift`
    Landgrebe et al. 2004: POSfrac and Purity under any target prior (``posfrac_purity``);
    the deployment prior estimated from unlabelled scores, with an interval (``estimation``).
:mod:`costlab.metrics.resampling`
    Bootstraps, repeated-CV bands and paired comparisons of the MTMCS curve and range measures
    (``mtmcs_bootstrap``) and of decision and Brier curves (``loss_curve_bootstrap``).

Input checks shared by all families live in :mod:`costlab.metrics._validation`.
"""

from costlab.metrics.cost_space import (
    AveragedCurve,
    EnvelopeDifference,
    JointEnvelope,
    OperatingChoice,
    VerticalRocAverage,
    average_envelopes,
    cost_line,
    cost_point_to_roc_line,
    crossovers,
    envelope_difference,
    joint_envelope,
    neyman_pearson,
    operating_range,
    roc_line_to_cost_point,
    total_expected_cost,
    trivial_cost,
    vertical_roc_average,
    winning_ranges,
    workforce,
)
from costlab.metrics.engine import (
    BlockSummary,
    CostEnvelope,
    MergedCurve,
    RocHull,
    binned_counts,
    cost_envelope,
    hull_of_points,
    merge_blocks,
    normalized_expected_cost,
    pcf_cost_proportion,
    prior_from_probability_cost,
    probability_cost,
    roc_auc,
    roc_convex_hull,
    roc_points,
    summarize_counts,
)
from costlab.metrics.prior_shift import (
    PRIOR_METHODS,
    PriorEstimate,
    PriorOperatingCurves,
    acc_prior,
    bbse_prior,
    em_prior,
    estimate_prior,
    fold_operating_points,
    operating_point,
    positive_fraction,
    prior_operating_characteristics,
    prior_operating_curves,
    purity,
    summarize_folds,
)
from costlab.metrics.resampling import (
    BootstrapCurves,
    CurveBands,
    PairedBootstrap,
    bootstrap_brier_curves,
    bootstrap_decision_curves,
    bootstrap_interval,
    bootstrap_mtmcs,
    bootstrap_thresholds,
    corrected_resampled_ttest,
    cv_band,
    mtmcs_of_scores,
    paired_bootstrap,
    selection_rule,
)
from costlab.metrics.scenarios import (
    COST_CURVE,
    BetaDensity,
    CostDensity,
    FunctionDensity,
    HMeasure,
    PointMass,
    ScenarioCurve,
    TruncatedExponential,
    as_cost_density,
    classifier_risk,
    h_measure,
    h_measure_report,
    instance_risk,
    scenario_curve,
    scenario_curves,
    scenario_densities,
)
from costlab.metrics.thesis import (
    CURVE_COLUMNS,
    Selection,
    classify,
    cost_ratio_grid,
    cost_sensitivity,
    cst,
    curve_in_range,
    format_cost_ratio,
    mtmcr,
    mtmcs_curve,
    normalize_costs,
    range_summary,
    select_classifier,
    total_misclassification_cost,
)
from costlab.metrics.threshold_choice import (
    DecisionCurve,
    ThresholdChoiceCurve,
    brier_curve,
    decision_curve,
    net_benefit,
    net_benefit_difference,
    threshold_choice_curve,
    threshold_choice_curves,
    treat_all_net_benefit,
)

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
    "CURVE_COLUMNS",
    "Selection",
    "classify",
    "cost_ratio_grid",
    "cost_sensitivity",
    "cst",
    "curve_in_range",
    "format_cost_ratio",
    "mtmcr",
    "mtmcs_curve",
    "normalize_costs",
    "range_summary",
    "select_classifier",
    "total_misclassification_cost",
    "AveragedCurve",
    "EnvelopeDifference",
    "JointEnvelope",
    "OperatingChoice",
    "VerticalRocAverage",
    "average_envelopes",
    "cost_line",
    "cost_point_to_roc_line",
    "crossovers",
    "envelope_difference",
    "joint_envelope",
    "neyman_pearson",
    "operating_range",
    "roc_line_to_cost_point",
    "total_expected_cost",
    "trivial_cost",
    "vertical_roc_average",
    "winning_ranges",
    "workforce",
    "COST_CURVE",
    "BetaDensity",
    "CostDensity",
    "FunctionDensity",
    "HMeasure",
    "PointMass",
    "ScenarioCurve",
    "TruncatedExponential",
    "as_cost_density",
    "classifier_risk",
    "h_measure",
    "h_measure_report",
    "instance_risk",
    "scenario_curve",
    "scenario_curves",
    "scenario_densities",
    "DecisionCurve",
    "ThresholdChoiceCurve",
    "brier_curve",
    "decision_curve",
    "net_benefit",
    "net_benefit_difference",
    "threshold_choice_curve",
    "threshold_choice_curves",
    "treat_all_net_benefit",
    "PRIOR_METHODS",
    "PriorEstimate",
    "PriorOperatingCurves",
    "acc_prior",
    "bbse_prior",
    "em_prior",
    "estimate_prior",
    "fold_operating_points",
    "operating_point",
    "positive_fraction",
    "prior_operating_characteristics",
    "prior_operating_curves",
    "purity",
    "summarize_folds",
    "BootstrapCurves",
    "CurveBands",
    "PairedBootstrap",
    "bootstrap_brier_curves",
    "bootstrap_decision_curves",
    "bootstrap_interval",
    "bootstrap_mtmcs",
    "bootstrap_thresholds",
    "corrected_resampled_ttest",
    "cv_band",
    "mtmcs_of_scores",
    "paired_bootstrap",
    "selection_rule",
]
