"""ROC curve and AUC of the out-of-fold P(class 1), as Weka reports them (thesis 2.2, 2.3).

Weka's ROC and AUC for class 1 rank instances by P(class 1) with class 1 as the ROC's "positive"
class; the thesis quotes that AUC (FINDINGS.md 1: SPECTF Naive Bayes 0.8479, whereas the
class-weighted average would be 0.8465). These are thin wrappers over scikit-learn's
``roc_curve`` and ``roc_auc_score``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score, roc_curve

from costlab.metrics._validation import check_labels_scores

__all__ = ["roc_auc_class1", "roc_curve_class1"]


def roc_curve_class1(y_true, p_class1, *, pos_label=None):
    """ROC curve of class 1 against class 2 by P(class 1).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels; ``pos_label`` names the thesis's class 2.
    p_class1 : array-like of shape (n,)
        P(class 1 | x).
    pos_label : scalar, optional
        Label of class 2 (see :func:`costlab.mtmcs_curve`).

    Returns
    -------
    DataFrame
        Columns ``fpr, tpr, threshold``: at threshold t, instances with P(class 1) >= t are called
        class 1; ``tpr`` is the fraction of class 1 called class 1 and ``fpr`` the fraction of
        class 2 called class 1. Every distinct score is a threshold (no points dropped), so the
        ROC-thresholds figure can be drawn from it.

    Examples
    --------
    >>> roc_curve_class1([1, 1, 2, 2], [0.9, 0.6, 0.4, 0.7])["tpr"].tolist()
    [0.0, 0.5, 0.5, 1.0, 1.0]
    """
    is_pos, p = check_labels_scores(y_true, p_class1, pos_label=pos_label)
    fpr, tpr, thresholds = roc_curve(~is_pos, p, drop_intermediate=False)
    thresholds = np.minimum(thresholds, 1.0) if p.max() <= 1 else thresholds
    return pd.DataFrame({"fpr": fpr, "tpr": tpr, "threshold": thresholds})


def roc_auc_class1(y_true, p_class1, *, pos_label=None):
    """Area under the ROC curve of class 1 by P(class 1) (Weka's per-class AUC for class 1).

    .. math:: AUC = P(p_i > p_j) + \\tfrac12 P(p_i = p_j), \\; i \\in \\text{class 1},
              j \\in \\text{class 2}

    Examples
    --------
    >>> roc_auc_class1([1, 1, 2, 2], [0.9, 0.6, 0.4, 0.7])
    0.75
    """
    is_pos, p = check_labels_scores(y_true, p_class1, pos_label=pos_label)
    return float(roc_auc_score(~is_pos, p))
