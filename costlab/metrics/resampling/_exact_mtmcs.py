"""The exact MTMCS curve of a sample or of one resample's class counts, for the bootstraps.

MTMCS(r) = 100 x the equal-prior cost-curve lower envelope at PCF(+) = 1 - r (Drummond & Holte
2000; the thesis's exact search, Al-Saffar 2018, 4.2), read from
:class:`~costlab.metrics.engine._counts.ClassCounts` so that a resample needs no sort.
"""

from __future__ import annotations

import numpy as np

from costlab.metrics.engine._counts import class_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts


def _mtmcs(is_pos, scores, fp_costs, sample_weight=None):
    """Exact MTMCS (%) at ``fp_costs`` of validated arrays."""
    return _mtmcs_of_counts(class_counts(is_pos, scores, sample_weight), fp_costs)


def _mtmcs_of_counts(counts, fp_costs):
    """Exact MTMCS (%) from :class:`~costlab.metrics.engine._counts.ClassCounts`."""
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    return 100.0 * envelope(1.0 - np.asarray(fp_costs, dtype=np.float64))
