"""Calibration by the ROC convex hull: each hull segment's slope as a probability.

The instances whose scores lie between two adjacent vertices of the ROC convex hull form one
segment; its empirical probability of the positive class is

.. math:: p_k = \\frac{\\Delta TP_k}{\\Delta TP_k + \\Delta FP_k},

the share of positives among the instances the segment adds (Fawcett & Niculescu-Mizil 2007,
who show that these are the pool-adjacent-violators (isotonic regression) fitted values: a
monotone calibration that is optimal for every cost where the hull is). Scores are mapped to
their segment's probability, a step function; a score above the highest seen takes the first
segment's, below the lowest the last segment's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics._validation import check_labels_scores, check_sample_weight
from costlab.metrics.engine.hull import roc_convex_hull

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["HullCalibration", "hull_calibration"]


@dataclass(frozen=True)
class HullCalibration:
    """The ROC convex hull's calibration map (:func:`hull_calibration` fits one).

    Attributes
    ----------
    thresholds : ndarray of float, shape (h,)
        The segments' lower score bounds, decreasing: segment k holds the scores ``s`` with
        ``thresholds[k] <= s < thresholds[k - 1]`` (the first, every score >= its bound).
    probabilities : ndarray of float, shape (h,)
        Each segment's share of positives, decreasing (non-increasing).
    """

    thresholds: np.ndarray
    probabilities: np.ndarray

    def predict(self, y_score: ArrayLike) -> np.ndarray:
        """The calibrated probability of each score.

        Examples
        --------
        >>> calibration = hull_calibration([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9])
        >>> calibration.predict([0.95, 0.5, 0.35, 0.0]).tolist()
        [1.0, 0.5, 0.5, 0.0]
        """
        scores = np.asarray(y_score, dtype=np.float64)
        if not np.all(np.isfinite(scores)):
            raise ValueError("y_score must be finite.")
        # segment k: the first (ascending k) whose lower bound the score reaches
        ascending = self.thresholds[::-1]
        index = np.searchsorted(ascending, scores, side="right") - 1  # last bound <= score
        k = np.clip(self.thresholds.size - 1 - index, 0, self.thresholds.size - 1)
        return self.probabilities[k]


def hull_calibration(
    y_true: ArrayLike, y_score: Any, *, pos_label: Any = None, sample_weight: Any = None
) -> HullCalibration:
    """Fit the ROC convex hull's calibration map to labelled scores.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        Scores, higher = more positive (out-of-fold scores, to calibrate a model).
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional

    Returns
    -------
    HullCalibration

    Examples
    --------
    >>> calibration = hull_calibration([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9])
    >>> calibration.thresholds.tolist(), calibration.probabilities.tolist()
    ([0.6, 0.3, 0.1], [1.0, 0.5, 0.0])
    """
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label)
    weight = check_sample_weight(sample_weight, is_pos.shape[0])
    hull = roc_convex_hull(is_pos, scores, pos_label=True, sample_weight=weight)
    d_tp, d_fp = np.diff(hull.tp), np.diff(hull.fp)
    return HullCalibration(
        thresholds=np.asarray(hull.thresholds[1:], dtype=np.float64),
        probabilities=d_tp / (d_tp + d_fp),
    )
