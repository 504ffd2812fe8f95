"""The thesis's measures: TMC, the MTMCS curve, MTMCR, cost sensitivity, CST (Al-Saffar 2018).

:mod:`~costlab.metrics.mtmcs.measures` holds the measures over a range of cost ratios
FPcost/FNcost (normalised costs, TMC, MTMCR, cost sensitivity, CST, the robust-vs-optimal
selection; Al-Saffar 2018, 4.1-5.1); :mod:`~costlab.metrics.mtmcs.mtmcs_search` the MTMCS curve,
the minimum TMC at each cost ratio, by the exact, thorough or optimized search of the
thresholds (4.3, 4.5). The exact search is the equal-prior cost-curve envelope of
:mod:`costlab.metrics.engine.envelope`.
"""

from costlab.metrics.mtmcs.measures import (
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
from costlab.metrics.mtmcs.mtmcs_search import CURVE_COLUMNS, mtmcs_curve

__all__ = [
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
