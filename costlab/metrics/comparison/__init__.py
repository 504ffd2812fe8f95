"""Comparing classifiers over several datasets: average ranks, Friedman, critical differences.

:mod:`~costlab.metrics.comparison.ranks` holds the procedure of Demšar (2006) that Johnson,
Raeder & Chawla (2015, sec. 4.1) follow: the classifiers ranked on each dataset, their average
ranks, Friedman's test (with Iman and Davenport's F), and the critical difference of the
Bonferroni-Dunn and Nemenyi tests. Statistics over a table of numbers (datasets x classifiers,
e.g. mean AUROC): no model is run here.
"""

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
    "critical_difference",
    "friedman_test",
]
