"""Cost space: cost lines, comparisons, area, averaging and criteria (Drummond & Holte 2000).

Over the lower envelope of :mod:`costlab.metrics.engine.envelope`:
:mod:`~costlab.metrics.cost_space.cost_lines` (a ROC point as a line, the point/line duality,
the trivial classifiers, operating ranges; D&H eqs. 8-10),
:mod:`~costlab.metrics.cost_space.comparisons` (differences, crossovers, winners and the joint
envelope of several curves; D&H 2.2), :mod:`~costlab.metrics.cost_space.area` (the total
expected cost, the area under a curve for a PCF(+) distribution; D&H eq. 11),
:mod:`~costlab.metrics.cost_space.calibration` (the hull's segments as calibrated
probabilities; Fawcett & Niculescu-Mizil 2007), :mod:`~costlab.metrics.cost_space.averaging`
(folds averaged vertically in ROC space or in cost
space; D&H 2.2.3) and :mod:`~costlab.metrics.cost_space.criteria` (Neyman-Pearson and workforce
choices; D&H 2.2.2, eqs. 12-14).
"""

from costlab.metrics.cost_space.area import pcf_density, total_expected_cost
from costlab.metrics.cost_space.averaging import (
    AveragedCurve,
    VerticalRocAverage,
    average_envelopes,
    vertical_roc_average,
)
from costlab.metrics.cost_space.calibration import HullCalibration, hull_calibration
from costlab.metrics.cost_space.comparisons import (
    EnvelopeDifference,
    JointEnvelope,
    crossovers,
    envelope_difference,
    joint_envelope,
    winning_ranges,
)
from costlab.metrics.cost_space.cost_lines import (
    cost_line,
    cost_lines_envelope,
    cost_point_to_roc_line,
    operating_range,
    roc_line_to_cost_point,
    trivial_cost,
)
from costlab.metrics.cost_space.criteria import OperatingChoice, neyman_pearson, workforce

__all__ = [
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
