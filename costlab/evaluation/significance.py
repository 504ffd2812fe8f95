"""Deprecated alias of :mod:`costlab.metrics.comparison` (statistics over numbers, not model runs).

``from costlab.evaluation.significance import friedman_test`` still works, with a
:class:`DeprecationWarning` naming the new path; it is removed in the next release.
"""

from costlab._deprecation import forward
from costlab.metrics import comparison

__all__ = list(comparison.__all__)
__getattr__ = forward(__name__, comparison.__name__)
