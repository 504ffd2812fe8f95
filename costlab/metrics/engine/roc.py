"""ROC curve and AUC of the positive class's score (Al-Saffar 2018, secs. 2.2-2.3).

Thin wrappers over scikit-learn's ``roc_curve`` and ``roc_auc_score`` that validate labels and
scores as every costlab measure does and keep every distinct score as a ROC point (the
thresholds figure needs them all). Weka, and so the thesis, reports the ROC and AUC of its
class 1 (the negative class) ranked by P(class 1): that is the same function with the
negative class named positive (``pos_label`` = the negative label, ``y_score`` = its
probability as the model returned it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
from sklearn.metrics import roc_auc_score, roc_curve

from costlab.metrics._validation import (
    check_bool,
    check_class_weights,
    check_labels_scores,
    check_sample_weight,
)

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["roc_auc", "roc_points"]


def roc_points(
    y_true: ArrayLike,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = False,
) -> pd.DataFrame:
    """Every ROC point of ``y_score``, one per distinct score (or only its corners).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of two classes.
    y_score : array-like of shape (n,)
        The positive class's score, higher = more positive (``predict_proba(X)[:, 1]``).
    pos_label : scalar, optional
        Label of the positive class (see :func:`costlab.metrics.mtmcs_curve`).
    sample_weight : array-like of shape (n,), optional
        Instance weights (as scikit-learn's ``roc_curve``).
    drop_intermediate : bool, default False
        Keep only the corners of the ROC curve, dropping the points that lie on a straight
        run between two others (scikit-learn's ``roc_curve(drop_intermediate=True)``): the
        same curve drawn with fewer points.

    Returns
    -------
    DataFrame
        Columns ``fpr, tpr, threshold``: at threshold t, instances with ``y_score >= t`` are
        called positive. Every distinct score is a threshold (no points dropped); the first
        point, (0, 0), calls nothing positive and its threshold is ``inf`` (as scikit-learn's
        ``roc_curve``), whatever the scores: no finite threshold calls nothing positive when a
        score may equal it (a probability of exactly 1 is called positive at 1).

    Examples
    --------
    >>> roc = roc_points([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])
    >>> roc["tpr"].tolist()
    [0.0, 0.5, 0.5, 1.0, 1.0]
    >>> roc["threshold"].tolist()
    [inf, 0.6, 0.4, 0.3, 0.1]

    Only the corners: (0.5, 1), on the run from (0, 1) to (1, 1), is dropped.

    >>> roc = roc_points([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4], drop_intermediate=True)
    >>> roc[["fpr", "tpr"]].values.tolist()
    [[0.0, 0.0], [0.0, 0.5], [0.0, 1.0], [1.0, 1.0]]
    """
    is_pos, s = check_labels_scores(y_true, y_score, pos_label=pos_label)
    w = check_sample_weight(sample_weight, s.shape[0])
    check_class_weights(is_pos, w)
    drop = check_bool(drop_intermediate, "drop_intermediate")
    fpr, tpr, thresholds = roc_curve(is_pos, s, drop_intermediate=drop, sample_weight=w)
    return pd.DataFrame({"fpr": fpr, "tpr": tpr, "threshold": thresholds})


def roc_auc(
    y_true: ArrayLike,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the ROC curve of the positive class's score.

    .. math:: AUC = P(s_i > s_j) + \\tfrac12 P(s_i = s_j), \\; i \\text{ positive},
              j \\text{ negative}

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight
        As :func:`roc_points`.

    Examples
    --------
    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])
    0.75
    """
    is_pos, s = check_labels_scores(y_true, y_score, pos_label=pos_label)
    w = check_sample_weight(sample_weight, s.shape[0])
    check_class_weights(is_pos, w)
    return float(roc_auc_score(is_pos, s, sample_weight=w))
