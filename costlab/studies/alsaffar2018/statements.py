"""The thesis's statements about each experiment (sections 5.2-5.5), checked against our numbers.

Each statement is quoted from the thesis with its section and figure, and paired with a check
that reads our cost curves, AUCs and ROC curves and says whether the statement holds, with the
evidence. The checks can fail: they compare measured numbers, not labels.

Reading of the qualitative words (ours, stated so it can be disputed): a class distribution is
*skewed* when the minority class is under 25 % of the instances, *unbalanced* under 40 %, and
*relatively balanced* from 40 %; a classifier "performs best across all cost ratios" when its
MTMCS is the lowest (ties allowed) at every ratio; "if FN errors are more expensive" means the
left side [0.05/0.95, 0.45/0.55] and "if FP errors are more expensive" the right side
[0.55/0.45, 0.95/0.05], where "best" is the lowest MTMCR (thesis 5.6.2-5.6.3); "closer to the
northwest corner" compares the smallest Euclidean distance of each ROC curve to (0, 1).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from costlab.metrics import curve_in_range, mtmcr
from costlab.studies.alsaffar2018.published import DISPLAY_NAMES, RANGES

__all__ = ["Statement", "STATEMENTS", "check_statements", "Evidence"]


@dataclass(frozen=True)
class Evidence:
    """What the checks read for one dataset."""

    class_counts: dict  # label -> count
    curves: dict  # classifier -> MTMCS curve DataFrame
    aucs: dict  # classifier -> AUC of P(class 1)
    rocs: dict  # classifier -> ROC DataFrame (fpr, tpr, threshold)


@dataclass(frozen=True)
class Statement:
    """A quoted statement of the thesis and the check that tests it."""

    dataset: str
    section: str
    figure: int
    quote: str
    kind: str  # which check
    args: tuple = ()


def _name(clf):
    return DISPLAY_NAMES.get(clf, clf)


def _distribution(ev, label):
    share = min(ev.class_counts.values()) / sum(ev.class_counts.values())
    holds = {
        "skewed": share < 0.25,
        "unbalanced": share < 0.40,
        "relatively balanced": share >= 0.40,
    }[label]
    return holds, f"minority class {share:.1%} of {sum(ev.class_counts.values())} instances"


def _best_everywhere(ev, clf):
    table = pd.DataFrame({c: cur["mtmcs"].to_numpy() for c, cur in ev.curves.items()})
    lowest = table.min(axis=1)
    wins = int(np.sum(table[clf].to_numpy() <= lowest.to_numpy() + 1e-9))
    return wins == len(table), f"{_name(clf)} has the lowest MTMCS at {wins} of {len(table)} ratios"


def _best_on_side(ev, side, clf):
    r1, r2 = RANGES[side]
    totals = {c: mtmcr(curve_in_range(cur, r1, r2)["mtmcs"], 2) for c, cur in ev.curves.items()}
    best = min(totals, key=totals.get)
    ranked = ", ".join(f"{_name(c)} {v:.2f}" for c, v in sorted(totals.items(), key=lambda x: x[1]))
    return best == clf, f"MTMCR on the {side} side: {ranked}"


def _largest_auc(ev, clf):
    best = max(ev.aucs, key=ev.aucs.get)
    ranked = ", ".join(
        f"{_name(c)} {v:.4f}" for c, v in sorted(ev.aucs.items(), key=lambda x: -x[1])
    )
    return best == clf, f"AUC: {ranked}"


def _auc_close(ev, a, b, tol):
    gap = abs(ev.aucs[a] - ev.aucs[b])
    return gap <= tol, (
        f"AUC {_name(a)} {ev.aucs[a]:.4f}, {_name(b)} {ev.aucs[b]:.4f} "
        f"(gap {gap:.4f}; 'almost the same' read as <= {tol})"
    )


def _northwest(ev, closer, than):
    dist = {c: float(np.min(np.hypot(r["fpr"], 1 - r["tpr"]))) for c, r in ev.rocs.items()}
    return dist[closer] < dist[than], (
        f"closest distance to (0, 1): {_name(closer)} "
        f"{dist[closer]:.4f}, {_name(than)} {dist[than]:.4f}"
    )


_CHECKS = {
    "distribution": _distribution,
    "best_everywhere": _best_everywhere,
    "best_on_side": _best_on_side,
    "largest_auc": _largest_auc,
    "auc_close": _auc_close,
    "northwest": _northwest,
}

STATEMENTS = (
    Statement(
        "german_credit",
        "5.2",
        10,
        "we can see that the data distribution is unbalanced.",
        "distribution",
        ("unbalanced",),
    ),
    Statement(
        "german_credit",
        "5.2",
        11,
        "the Naïve Bayes classifier performs best among other "
        "classifiers across all cost ratios. Therefore, we can choose it as the robust "
        "classifier for this dataset.",
        "best_everywhere",
        ("NaiveBayes",),
    ),
    Statement(
        "german_credit",
        "5.2",
        13,
        "The Naïve Bayes is closer to the northwest corner of the ROC graph,",
        "northwest",
        ("NaiveBayes", "RandomForest"),
    ),
    Statement(
        "german_credit",
        "5.2",
        13,
        "while the AUC value of the Random Forest classifier is slightly bigger.",
        "largest_auc",
        ("RandomForest",),
    ),
    Statement(
        "credit_approval",
        "5.3",
        15,
        "its data distribution is relatively balanced.",
        "distribution",
        ("relatively balanced",),
    ),
    Statement(
        "credit_approval",
        "5.3",
        16,
        "if the FNcost errors are more expensive than the "
        "FPcost errors, then the best classifier would be the Adaboost.",
        "best_on_side",
        ("left", "AdaBoostM1"),
    ),
    Statement(
        "credit_approval",
        "5.3",
        16,
        "But if the FPcost errors are more expensive than the "
        "FNcost errors, then the Random Forest classifier would be the best classifier",
        "best_on_side",
        ("right", "RandomForest"),
    ),
    Statement(
        "credit_approval",
        "5.3",
        18,
        "the AUC values of Random Forest and Adaboost classifiers are almost the same",
        "auc_close",
        ("RandomForest", "AdaBoostM1", 0.01),
    ),
    Statement(
        "messidor",
        "5.4",
        20,
        "its data distribution is relatively balanced.",
        "distribution",
        ("relatively balanced",),
    ),
    Statement(
        "messidor",
        "5.4",
        21,
        "the Random Forest classifier dominates all other classifiers across all cost ratios.",
        "best_everywhere",
        ("RandomForest",),
    ),
    Statement(
        "messidor",
        "5.4",
        23,
        "the Random Forest classifier dominates all other classifiers across all conditions [ROC]",
        "largest_auc",
        ("RandomForest",),
    ),
    Statement("spectf", "5.5", 25, "its data distribution is skewed.", "distribution", ("skewed",)),
    Statement(
        "spectf",
        "5.5",
        26,
        "if the FNcost errors are more expensive than the FPcost "
        "errors, then the best classifier would be Naïve Bayes.",
        "best_on_side",
        ("left", "NaiveBayes"),
    ),
    Statement(
        "spectf",
        "5.5",
        26,
        "But if the FPcost errors are more expensive than the FNcost "
        "errors, then the Random Forest classifier would be the best classifier",
        "best_on_side",
        ("right", "RandomForest"),
    ),
    Statement(
        "spectf",
        "5.5",
        28,
        "the Naïve Bayes classifier has the biggest AUC value.",
        "largest_auc",
        ("NaiveBayes",),
    ),
    Statement(
        "spectf",
        "5.5",
        28,
        "However, the Random Forest classifier is closer to the northwest corner of the ROC graph.",
        "northwest",
        ("RandomForest", "NaiveBayes"),
    ),
)


def check_statements(dataset, evidence):
    """Check every quoted statement about ``dataset`` against ``evidence``.

    Parameters
    ----------
    dataset : str
        A thesis dataset name.
    evidence : Evidence
        Our class counts, MTMCS curves, AUCs and ROC curves for that dataset.

    Returns
    -------
    DataFrame
        ``section, figure, statement, holds, evidence``; ``holds`` is None when a classifier
        the statement needs was not run.
    """
    rows = []
    for st in (s for s in STATEMENTS if s.dataset == dataset):
        needed = [a for a in st.args if isinstance(a, str) and a in DISPLAY_NAMES]
        if any(c not in evidence.curves for c in needed):
            holds, text = (
                None,
                "not run: " + ", ".join(c for c in needed if c not in evidence.curves),
            )
        else:
            holds, text = _CHECKS[st.kind](evidence, *st.args)
        rows.append(
            {
                "section": st.section,
                "figure": st.figure,
                "statement": st.quote,
                "holds": holds,
                "evidence": text,
            }
        )
    return pd.DataFrame(rows)
