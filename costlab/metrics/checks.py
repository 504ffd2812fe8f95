"""The input checks of :mod:`costlab.metrics` that the other packages reuse at their boundary.

The Displays, the evaluation and the widgets check labels, scores, costs and options exactly as
the metrics do, so that an error reads the same wherever a value enters costlab. This module is
their public home: other packages import these names from here, never from the private
implementation module (``costlab.metrics._validation``, where every family's checks live).
Generic parameter constraints (intervals, option sets, booleans) are in :mod:`costlab.validation`.
"""

from costlab.metrics._validation import (
    check_bool,
    check_cost_range,
    check_labels_scores,
    check_positive_cost,
    check_priors,
    check_rate_target,
    check_sample_weight,
    check_score_of,
    check_search,
    check_step,
    resolve_binary_labels,
)

__all__ = [
    "check_bool",
    "check_cost_range",
    "check_labels_scores",
    "check_positive_cost",
    "check_priors",
    "check_rate_target",
    "check_sample_weight",
    "check_score_of",
    "check_search",
    "check_step",
    "resolve_binary_labels",
]
