"""The thesis's score orientation: thresholds on P(class 1), the negative class's probability.

Al-Saffar (2018) numbers the classes as Weka declares them: class 1 is the first declared value
(the *negative* class: German Credit's "good", Credit Approval's "-", Messidor's and SPECTF's 0)
and class 2 the positive class. Its thresholds apply to P(class 1) with the cost-sensitive rules
of sec. 4.5, its one-sided search starts at t0 = FNcost, and Weka's ROC and AUC that it quotes
are those of class 1 ranked by P(class 1). The library reads scores as scikit-learn does (the
positive class's score, ``predict_proba(X)[:, 1]``); this study asks it for the thesis's
orientation explicitly, with ``score_of="negative"``, and reads the negative class's probability
as the model returned it (one minus P(class 2) can create or break ties, which moves printed
digits). See the documentation page *Class orientation, row order and rounding*
(docs/facts/class-orientation.md).

Coming from the thesis: P(class 1) of an instance is ``result.proba[r, i, 0]`` of a
:class:`costlab.evaluation.CVResult`, and ``result.scores(r)`` is P(class 2). An optimal threshold
t on P(class 1) for a cost ratio (left side, FNcost >= FPcost: class 2 iff P(class 1) < t)
corresponds to calling an instance positive when P(class 2) > 1 - t.
"""

from __future__ import annotations

__all__ = ["AXIS_LABELS", "SCORE_OF", "p_class1"]

#: What the library's ``score_of`` is for the thesis's numbers: the negative class's probability.
SCORE_OF = "negative"

#: The thesis's axis labels of its threshold and ROC figures (Figures 12-14 and the like).
AXIS_LABELS = {
    "thresholds": ("Cost ratio FPcost/FNcost (normalised)", "Optimal threshold on P(class 1)"),
    "roc": (
        "False positive rate (class 2 called class 1)",
        "True positive rate (class 1 called class 1)",
    ),
    "roc_thresholds": ("False positive rate (class 2 called class 1)", "Threshold on P(class 1)"),
}


def p_class1(result, repeat=0):
    """P(class 1 | x), the negative class's out-of-fold probability as the model returned it.

    Parameters
    ----------
    result : costlab.evaluation.CVResult
    repeat : int
        The repetition of the cross-validation.

    Returns
    -------
    ndarray of shape (n,)
    """
    return result.proba[repeat, :, 0]
