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
:mod:`costlab.metrics.mtmcs`
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
    the deployment prior estimated from unlabelled scores, with an interval (``estimation``),
    and costs, net benefit, POSfrac and purity read at it with bands (``deployment``).
:mod:`costlab.metrics.resampling`
    Bootstraps, repeated-CV bands and paired comparisons of the MTMCS curve and range measures
    (``mtmcs_bootstrap``) and of decision and Brier curves (``loss_curve_bootstrap``).
:mod:`costlab.metrics.comparison`
    Demšar 2006: classifiers compared over several datasets by their average ranks, Friedman's
    test and critical differences (``ranks``).
:mod:`costlab.metrics.example_costs`
    Costs that belong to each example (a loan's amount): a cost model stated once, read by every
    measure as regret weights; total cost and savings over the best trivial policy (Correa
    Bahnsen et al. 2014) and the savings of the best threshold over a cost range.
:mod:`costlab.metrics.risk_control`
    Thresholds with a guarantee: Learn-then-Test (Angelopoulos et al. 2021) certifies the
    candidate thresholds whose expected cost, at a ratio or over a range, is at most alpha with
    probability 1 - delta (Hoeffding-Bentkus p-values; Bonferroni or fixed-sequence testing).
:mod:`costlab.metrics.ranking`
    Many classifiers on the same instances (e.g. the published runs of an OpenML task) ranked
    over a cost range by MTMCR, CST, H or their share of the cost-curve envelope, with paired
    bootstrap bands and Holm-adjusted paired tests against the leader.

Input checks shared by all families live in the private ``costlab.metrics._validation``; those
the other packages reuse at their boundary are public in :mod:`costlab.metrics.checks`.

Every public name of a family is imported here by name and listed in this face's ``__all__``,
one group per family in the order above (``tests/metrics/test_face.py`` checks that the groups
and the families' own ``__all__`` lists agree). ``from costlab.metrics import X`` is the one
documented path of each name.
"""

from costlab.metrics.comparison import (
    FriedmanResult,
    average_ranks,
    compare_classifiers,
    corrected_resampled_ttest,
    critical_difference,
    friedman_test,
)
from costlab.metrics.cost_space import (
    AveragedCurve,
    EnvelopeDifference,
    HullCalibration,
    JointEnvelope,
    OperatingChoice,
    VerticalRocAverage,
    average_envelopes,
    cost_line,
    cost_lines_envelope,
    cost_point_to_roc_line,
    crossovers,
    envelope_difference,
    hull_calibration,
    joint_envelope,
    neyman_pearson,
    operating_range,
    pcf_density,
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
from costlab.metrics.example_costs import (
    CostModel,
    cost_model,
    savings,
    savings_curve,
    total_cost,
)
from costlab.metrics.mtmcs import (
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
from costlab.metrics.prior_shift import (
    PRIOR_METHODS,
    PriorEstimate,
    PriorOperatingCurves,
    acc_prior,
    bbse_prior,
    clip_prior,
    costs_at_prior,
    em_prior,
    estimate_prior,
    fold_operating_points,
    net_benefit_at_prior,
    operating_point,
    operating_point_at_prior,
    positive_fraction,
    prior_operating_characteristics,
    prior_operating_curves,
    purity,
    read_at_prior,
    summarize_folds,
)
from costlab.metrics.ranking import RANKING_MEASURES, holm, rank_over_cost_range
from costlab.metrics.resampling import (
    BootstrapCurves,
    CurveBands,
    PairedBootstrap,
    bootstrap_brier_curves,
    bootstrap_decision_curves,
    bootstrap_interval,
    bootstrap_mtmcs,
    bootstrap_thresholds,
    cv_band,
    mtmcs_of_scores,
    paired_bootstrap,
    selection_rule,
)
from costlab.metrics.risk_control import (
    RiskControl,
    betting_pvalue,
    hoeffding_bentkus_pvalue,
    hull_candidates,
    learn_then_test,
)
from costlab.metrics.scenarios import (
    COST_CURVE,
    BetaDensity,
    CostDensity,
    FunctionDensity,
    HMeasure,
    PointMass,
    ScenarioCurve,
    ScoredHull,
    TruncatedExponential,
    as_cost_density,
    classifier_risk,
    h_measure,
    h_measure_report,
    instance_risk,
    scenario_curve,
    scenario_curves,
    scenario_densities,
    scored_hull,
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

# The engine: ROC points and AUC, the convex hull, PCF(+), the lower envelope, mergeable summaries
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

# MTMCS (Al-Saffar 2018): TMC, MTMCR, cost sensitivity, CST, the MTMCS curve
__all__ += [
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
]

# Cost space (Drummond & Holte 2000): cost lines, comparisons, area, averaging, criteria
__all__ += [
    "AveragedCurve",
    "EnvelopeDifference",
    "HullCalibration",
    "JointEnvelope",
    "OperatingChoice",
    "VerticalRocAverage",
    "average_envelopes",
    "cost_line",
    "cost_lines_envelope",
    "cost_point_to_roc_line",
    "crossovers",
    "envelope_difference",
    "hull_calibration",
    "joint_envelope",
    "neyman_pearson",
    "operating_range",
    "pcf_density",
    "roc_line_to_cost_point",
    "total_expected_cost",
    "trivial_cost",
    "vertical_roc_average",
    "winning_ranges",
    "workforce",
]

# Scenarios (Hand 2009, Johnson et al. 2015): cost densities, the H measure, scenario curves, risk
__all__ += [
    "COST_CURVE",
    "BetaDensity",
    "CostDensity",
    "FunctionDensity",
    "HMeasure",
    "PointMass",
    "ScenarioCurve",
    "ScoredHull",
    "TruncatedExponential",
    "as_cost_density",
    "classifier_risk",
    "h_measure",
    "h_measure_report",
    "instance_risk",
    "scenario_curve",
    "scenario_curves",
    "scenario_densities",
    "scored_hull",
]

# Threshold choice (Hernández-Orallo et al. 2011-2013) and decision curves (Vickers & Elkin 2006)
__all__ += [
    "DecisionCurve",
    "ThresholdChoiceCurve",
    "brier_curve",
    "decision_curve",
    "net_benefit",
    "net_benefit_difference",
    "threshold_choice_curve",
    "threshold_choice_curves",
    "treat_all_net_benefit",
]

# Prior shift (Landgrebe et al. 2004): POSfrac and purity; the deployment prior (estimated, clipped)
__all__ += [
    "PriorOperatingCurves",
    "fold_operating_points",
    "operating_point",
    "positive_fraction",
    "prior_operating_characteristics",
    "prior_operating_curves",
    "purity",
    "summarize_folds",
    "PRIOR_METHODS",
    "PriorEstimate",
    "acc_prior",
    "bbse_prior",
    "clip_prior",
    "em_prior",
    "estimate_prior",
    "costs_at_prior",
    "net_benefit_at_prior",
    "operating_point_at_prior",
    "read_at_prior",
]

# Resampling: bootstraps, bands and paired comparisons
__all__ += [
    "BootstrapCurves",
    "CurveBands",
    "PairedBootstrap",
    "bootstrap_brier_curves",
    "bootstrap_decision_curves",
    "bootstrap_interval",
    "bootstrap_mtmcs",
    "bootstrap_thresholds",
    "cv_band",
    "mtmcs_of_scores",
    "paired_bootstrap",
    "selection_rule",
]

# Comparing classifiers: ranks over datasets (Demšar 2006), Friedman, the corrected t-test
__all__ += [
    "FriedmanResult",
    "average_ranks",
    "compare_classifiers",
    "corrected_resampled_ttest",
    "critical_difference",
    "friedman_test",
]

# Ranking many classifiers on the same instances over a cost range: paired bands and tests
__all__ += [
    "RANKING_MEASURES",
    "holm",
    "rank_over_cost_range",
]

# Costs that belong to each example: the cost model, total cost and savings (Correa Bahnsen 2014)
__all__ += [
    "CostModel",
    "cost_model",
    "savings",
    "savings_curve",
    "total_cost",
]

# Thresholds with a guarantee: Learn-then-Test over given candidates (Angelopoulos et al. 2021)
__all__ += [
    "RiskControl",
    "betting_pvalue",
    "hoeffding_bentkus_pvalue",
    "hull_candidates",
    "learn_then_test",
]
