"""Comparing classifiers over several datasets: average ranks, Friedman, critical differences.

:mod:`~costlab.metrics.comparison.ranks` holds the procedure of Demšar (2006) that Johnson,
Raeder & Chawla (2015, sec. 4.1) follow: the classifiers ranked on each dataset, their average
ranks, Friedman's test (with Iman and Davenport's F), and the critical difference of the
Bonferroni-Dunn and Nemenyi tests. :mod:`~costlab.metrics.comparison.paired` holds Nadeau &
Bengio's (2003) corrected resampled t-test of two classifiers' differences over the folds of
repeated cross-validation. Statistics over numbers (a datasets x classifiers table, e.g. mean
AUROC, or per-fold differences): no model is run here.
"""

from costlab.metrics.comparison.paired import corrected_resampled_ttest
from costlab.metrics.comparison.ranks import (
    FriedmanResult,
    average_ranks,
    compare_classifiers,
    critical_difference,
    friedman_test,
)

__all__ = [
    "FriedmanResult",
    "average_ranks",
    "compare_classifiers",
    "corrected_resampled_ttest",
    "critical_difference",
    "friedman_test",
]
