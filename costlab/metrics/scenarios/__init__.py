"""Scenarios: beliefs about the cost ratio, the H measure, scenario curves and risk.

Sources: D. J. Hand, *Measuring classifier performance: a coherent alternative to the area under
the ROC curve*, Machine Learning 77 (2009); R. A. Johnson, T. Raeder and N. V. Chawla,
*Optimizing classifiers for hypothetical scenarios*, PAKDD 2015 ("Johnson et al. 2015").
:mod:`~costlab.metrics.scenarios.densities` (densities u(c) over the cost ratio: Beta, truncated
exponential, point masses, any u; Johnson et al. 2015, 3.2),
:mod:`~costlab.metrics.scenarios.h_measure` (H, exactly from the hull; Hand 2009),
:mod:`~costlab.metrics.scenarios.scenario_curves` (the minimum loss weighted by u(c), area
1 - H; Johnson et al. 2015, Fig. 1), :mod:`~costlab.metrics.scenarios.risk` (classifier and
instance risk; Johnson et al. 2015, eq. 10, Definitions 1-2) and
:mod:`~costlab.metrics.scenarios.scored` (scores sorted once, then all of these under any
density without another sort).
"""

from costlab.metrics.scenarios.densities import (
    BetaDensity,
    CostDensity,
    FunctionDensity,
    PointMass,
    TruncatedExponential,
    as_cost_density,
    scenario_densities,
)
from costlab.metrics.scenarios.h_measure import HMeasure, h_measure, h_measure_report
from costlab.metrics.scenarios.risk import classifier_risk, instance_risk
from costlab.metrics.scenarios.scenario_curves import (
    COST_CURVE,
    ScenarioCurve,
    scenario_curve,
    scenario_curves,
)
from costlab.metrics.scenarios.scored import ScoredHull, scored_hull

__all__ = [
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
