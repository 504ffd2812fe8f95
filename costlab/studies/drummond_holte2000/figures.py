"""The paper's figures, recomputed: one function per figure, each returning a Display.

Figures 3-16 use the thesis's classifiers on German Credit (the paper's own are unnamed);
Figures 17-18 use decision trees on UCI sonar, as the paper does.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from costlab.metrics import (
    CostEnvelope,
    average_envelopes,
    crossovers,
    hull_of_points,
    neyman_pearson,
    vertical_roc_average,
    workforce,
)
from costlab.plotting import CostCurveDisplay, ROCHullDisplay
from costlab.studies.drummond_holte2000.analyses import NP_MAX_FPR, WORKFORCE_CASES
from costlab.studies.drummond_holte2000.experiments import fold_envelopes
from costlab.studies.drummond_holte2000.published import PAIR

__all__ = ["FIGURE_MAKERS"]

_LABELS = {"NaiveBayes": "Naive Bayes", "RandomForest": "Random Forest", "AdaBoostM1": "AdaBoost"}
_BLUE, _ORANGE = "#0072B2", "#D55E00"


def figure_03_to_06(rep):
    """Figs. 3-6: two classifiers' ROC hulls and their cost curves, side by side."""
    pair = {c: rep.run.envelopes[c] for c in PAIR["classifiers"]}
    fig, (left, right) = _two_panels()
    ROCHullDisplay(
        {c: e.hull for c, e in pair.items()}, labels=_LABELS, title="Figs. 3/5: ROC convex hulls"
    ).plot(ax=left)
    CostCurveDisplay(
        pair, labels=_LABELS, show_lines=False, title="Figs. 4/6: cost curves (lower envelopes)"
    ).plot(ax=right)
    first, second = pair.values()
    for k, x in enumerate(crossovers(first, second)):
        right.axvline(
            x, color="0.3", linestyle=":", linewidth=1, label="crossover" if k == 0 else None
        )
    right.legend(loc="upper right", fontsize=9)
    return fig


def figure_07(rep):
    """Fig. 7: the four extreme classifiers; never use one outside the shaded region."""
    perfect = CostEnvelope.from_hull(hull_of_points([0], [1], 1, 1))  # ROC (0, 1)
    display = CostCurveDisplay(
        {"always right (ROC (0, 1))": perfect},
        show_lines=False,
        title="Fig. 7: extreme classifiers",
    )
    display.plot()
    display.ax_.plot([0, 1], [1, 1], color="0.15", linewidth=2.4, label="always wrong (ROC (1, 0))")
    display.ax_.set_ylim(0, 1.05)
    display.ax_.legend(loc="center right", fontsize=9)
    return display


def figure_08(rep):
    """Fig. 8: a single classifier (Naive Bayes's default decision) and its operating range."""
    row = rep.tables["default_points"].iloc[0]
    y = rep.run.result(row["classifier"]).y_true
    env = CostEnvelope.from_hull(
        hull_of_points([row["fp"]], [row["tp"]], int((y == 0).sum()), int((y == 1).sum()))
    )
    name = f"{_LABELS.get(row['classifier'], row['classifier'])}, P(good) >= 0.5"
    return CostCurveDisplay({name: env}, title="Fig. 8: a single classifier").plot()


def figure_09(rep):
    """Fig. 9: the four thesis classifiers' default decisions and their lower envelope."""
    points = rep.tables["default_points"]
    y = rep.run.result(points["classifier"].iloc[0]).y_true
    n_neg, n_pos = int((y == 0).sum()), int((y == 1).sum())
    envelopes = {
        _LABELS.get(r.classifier, r.classifier): CostEnvelope.from_hull(
            hull_of_points([r.fp], [r.tp], n_neg, n_pos)
        )
        for r in points.itertuples()
    }
    envelopes["lower envelope"] = CostEnvelope.from_hull(
        hull_of_points(points["fp"], points["tp"], n_neg, n_pos)
    )
    return CostCurveDisplay(envelopes, title="Fig. 9: a set of classifiers").plot()


def figure_11_12(rep):
    """Figs. 11-12: the Neyman-Pearson choice (FPR <= 0.1) in ROC and in cost space."""
    name = PAIR["classifiers"][0]
    env = rep.run.envelopes[name]
    choice = neyman_pearson(env, NP_MAX_FPR)
    return _criterion_figure(env, name, choice, f"Neyman-Pearson, FPR <= {NP_MAX_FPR:g}", "11-12")


def figure_13_14(rep):
    """Figs. 13-14: the workforce choice (200 of 1000 applicants) in ROC and in cost space."""
    name = PAIR["classifiers"][0]
    env = rep.run.envelopes[name]
    choice = workforce(env.hull, WORKFORCE_CASES)
    return _criterion_figure(env, name, choice, f"workforce, {WORKFORCE_CASES} cases", "13-14")


def _criterion_figure(env, name, choice, text, numbers):
    fig, (left, right) = _two_panels()
    ROCHullDisplay({name: env.hull}, labels=_LABELS, title=f"Fig. {numbers[:2]}: {text}").plot(
        ax=left
    )
    left.plot([choice.fpr], [choice.tpr], "k*", markersize=14, label="chosen classifier")
    left.legend(loc="lower right")
    CostCurveDisplay(
        {name: env}, labels=_LABELS, show_lines=False, title=f"Fig. {numbers[-2:]}: its cost line"
    ).plot(ax=right)
    x = np.array([0.0, 1.0])
    right.plot(
        x, choice.slope * x + choice.intercept, "k--", linewidth=1.6, label="chosen classifier"
    )
    right.legend(loc="upper right")
    return fig


def figure_15_16(rep):
    """Figs. 15-16: ten folds averaged vertically in ROC space vs in cost space."""
    name = PAIR["classifiers"][0]
    envelopes = fold_envelopes(rep.run.result(name))
    cost_avg = average_envelopes(envelopes)
    roc_avg = vertical_roc_average([e.hull for e in envelopes])
    back = cost_avg.roc_hull()
    fig, (left, right) = _two_panels()
    _draw_averages(
        left,
        [(e.hull.fpr, e.hull.tpr) for e in envelopes],
        (roc_avg.fpr, roc_avg.tpr, _BLUE, "vertical average"),
        (back.fpr, back.tpr, _ORANGE, "cost-space average, in ROC space"),
    )
    _roc_panel(left, "Fig. 15: average ROC curves")
    x = np.linspace(0, 1, 501)
    _draw_averages(
        right,
        [(x, e(x)) for e in envelopes],
        (x, cost_avg(x), _ORANGE, "cost-space average"),
        (x, roc_avg.envelope()(x), _BLUE, "vertical ROC average, in cost space"),
    )
    _cost_panel(right, "Fig. 16: average cost curves", top=0.5)
    return fig


def figure_17_18(rep):
    """Figs. 17-18: sonar trees labelled by training ratio; choosing by ratio vs envelope."""
    sel = rep.sonar
    fig, (left, right) = _two_panels()
    pts = sel.points
    left.plot(pts["fpr"], pts["tpr"], "o-", color=_BLUE, label="trees by training ratio")
    for r in pts.itertuples():
        left.annotate(
            f"{r.ratio:.3g}",
            (r.fpr, r.tpr),
            textcoords="offset points",
            xytext=(4, -10),
            fontsize=8,
        )
    left.plot(sel.hull.fpr, sel.hull.tpr, "--", color=_ORANGE, linewidth=2, label="convex hull")
    left.plot([0, 1], [0, 1], ":", color="0.6")
    _roc_panel(left, "Fig. 17: ROC for sonar data")
    x = np.linspace(0, 1, 1001)
    right.plot(x, sel.envelope(x), "--", color=_ORANGE, linewidth=2, label="lower envelope")
    right.plot(
        x, sel.parameter_based(x), color=_BLUE, linewidth=1.6, label="chosen by training ratio"
    )
    right.fill_between(x, sel.envelope(x), sel.parameter_based(x), color=_BLUE, alpha=0.12)
    _cost_panel(right, "Fig. 18: cost for sonar data", top=0.6)
    return fig


def _two_panels():
    """``(figure, (left, right))``: ROC space on the left, cost space on the right."""
    return plt.subplots(1, 2, figsize=(12.5, 5.4), layout="constrained")


def _roc_panel(ax, title):
    """ROC space on ``ax``: the unit square, equal aspect, labelled; legend lower right."""
    ax.set(
        xlim=(0, 1),
        ylim=(0, 1),
        aspect="equal",
        xlabel="False positive rate",
        ylabel="True positive rate",
        title=title,
    )
    ax.legend(loc="lower right")


def _cost_panel(ax, title, *, top):
    """Cost space on ``ax``: PCF(+) in [0, 1], NE[C] up to ``top``; legend upper right."""
    ax.set(
        xlim=(0, 1),
        ylim=(0, top),
        xlabel="Probability cost PCF(+)",
        ylabel="Normalised expected cost",
        title=title,
    )
    ax.legend(loc="upper right")


def _draw_averages(ax, folds, average, other):
    """The folds' curves faint, this space's average solid and the other space's dotted.

    Parameters
    ----------
    ax : Axes
    folds : iterable of (x, y)
        Each fold's curve.
    average, other : (x, y, colour, label)
        The average taken in this space, and the one taken in the other space, mapped here.
    """
    for x, y in folds:
        ax.plot(x, y, color="0.8", linewidth=0.8)
    for (x, y, colour, label), style in ((average, "-"), (other, ":")):
        ax.plot(x, y, style, color=colour, linewidth=2.2, label=label)


FIGURE_MAKERS = {
    "figure_03_06": figure_03_to_06,
    "figure_07": figure_07,
    "figure_08": figure_08,
    "figure_09": figure_09,
    "figure_11_12": figure_11_12,
    "figure_13_14": figure_13_14,
    "figure_15_16": figure_15_16,
    "figure_17_18": figure_17_18,
}
