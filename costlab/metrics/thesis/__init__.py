"""Deprecated alias of :mod:`costlab.metrics.mtmcs` (the family was renamed for what it computes).

``costlab.metrics.thesis`` and its modules ``measures`` and ``mtmcs_search`` still import, with a
:class:`DeprecationWarning` naming the new path; they are removed in the next release.
"""

import sys

from costlab._deprecation import deprecated, forward
from costlab.metrics import mtmcs
from costlab.metrics.mtmcs import measures, mtmcs_search

deprecated(__name__, mtmcs.__name__)
# the old modules' paths are the new modules (``import costlab.metrics.thesis.measures``)
sys.modules[f"{__name__}.measures"] = measures
sys.modules[f"{__name__}.mtmcs_search"] = mtmcs_search
del measures, mtmcs_search

__all__ = list(mtmcs.__all__)
__getattr__ = forward(__name__, mtmcs.__name__)
