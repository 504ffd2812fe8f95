"""Figures of Landgrebe et al. (2004) recomputed: Figs. 3-5 and Table 2 drawn."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from costlab.plotting import PriorShiftDisplay
from costlab.studies.landgrebe2004.analyses import cell_table
from costlab.studies.landgrebe2004.published import CLASSIFIERS, EXPERIMENTS, PRIORS, PROTOCOL

__all__ = ["FIGURE_MAKERS", "figure_makers"]

_COLOURS = {"LDC": "#D55E00", "QDC": "#0072B2", "MOGC": "#009E73", "PARZEN": "#CC79A7"}


def figure_05(rep):
    """Fig. 5 (and Fig. 1's Highleyman): scatter diagrams of the four problems."""
    data = rep.run.datasets
    names = [e for e in EXPERIMENTS if e in data]
    fig, axes = plt.subplots(1, len(names), figsize=(4.2 * len(names), 4.2), squeeze=False)
    for ax, name in zip(axes[0], names, strict=True):
        dataset = data[name]
        X = np.asarray(dataset.X, dtype=float)
        target = np.asarray(dataset.y_binary) == 1
        ax.scatter(*X[~target, :2].T, s=4, alpha=0.45, color="0.45", label="non-target")
        ax.scatter(*X[target, :2].T, s=4, alpha=0.45, color="#D55E00", label="target")
        ax.set_title(name, loc="left")
        ax.set_aspect("equal", adjustable="datalim")
    axes[0][0].legend(markerscale=3, fontsize=9, loc="upper left")
    fig.suptitle(
        f"Fig. 5: the four problems ({rep.run.n_per_class} per class, seed 0)", x=0.01, ha="left"
    )
    fig.tight_layout()
    return fig


def figure_03(rep):
    """Fig. 3: ROC and TPr vs POSfrac of the linear classifier on Highleyman, P(C_t) = 0.1
    (pooled out-of-fold scores), the operating point at TPr = 80 % marked."""
    display = PriorShiftDisplay.from_cv_result(
        rep.run.results[("Highleyman", "LDC")],
        priors=[0.1],
        kind=("roc", "posfrac"),
        operating_point={"tpr": PROTOCOL["tpr"]},
        name="LDC, Highleyman",
    )
    return display.figure_


def figure_04(rep):
    """Fig. 4: TPr vs POSfrac of LDC (left) and QDC (right) on Highleyman, P(C_t) = 0.5, 0.1,
    0.001, and the purity of both (bottom)."""
    fig, axes = plt.subplots(2, 2, figsize=(11.5, 10.0), layout="constrained")
    for column, name in enumerate(("LDC", "QDC")):
        PriorShiftDisplay.from_cv_result(
            rep.run.results[("Highleyman", name)],
            priors=PRIORS,
            kind=("posfrac", "purity"),
            operating_point={"tpr": PROTOCOL["tpr"]},
            name=f"{name}, Highleyman",
            ax=axes[:, column],
        )
    return fig


def figure_table_2(rep):
    """Table 2 drawn: POSfrac at TPr = 80 % per classifier and prior, printed (hollow) and ours
    (filled, with +- 1 std over the folds), one panel per problem."""
    cells = cell_table(rep.run)
    names = [e for e in EXPERIMENTS if e in set(cells["experiment"])]
    fig, axes = plt.subplots(1, len(names), figsize=(4.4 * len(names), 4.4), squeeze=False)
    for ax, name in zip(axes[0], names, strict=True):
        part = cells[cells["experiment"] == name]
        for k, classifier in enumerate(CLASSIFIERS):
            rows = part[part["classifier"] == classifier].set_index("prior").loc[list(PRIORS)]
            x = np.arange(len(PRIORS)) + (k - 1.5) * 0.12
            colour = _COLOURS[classifier]
            ax.scatter(x, rows["paper mean"], facecolors="none", edgecolors=colour, s=40)
            ax.errorbar(
                x,
                rows["ours mean"],
                yerr=rows["ours std"],
                fmt="o",
                color=colour,
                ms=4,
                label=classifier,
            )
        ax.set_xticks(np.arange(len(PRIORS)), [f"{p:g}" for p in PRIORS])
        ax.set_xlabel("true target prior $P(C_t)$")
        ax.set_title(name, loc="left")
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].set_ylabel("POSfrac at TPr = 80 % (%)")
    axes[0][0].legend(fontsize=9, title="filled: ours, hollow: printed", title_fontsize=8.5)
    fig.tight_layout()
    return fig


FIGURE_MAKERS = {
    "figure_03_roc_posfrac": figure_03,
    "figure_04_priors": figure_04,
    "figure_05_problems": figure_05,
    "table_2": figure_table_2,
}


def figure_makers(rep):
    """The figures ``rep`` can draw: Figs. 3 and 4 need Highleyman's QDC."""
    skip = ("figure_03_roc_posfrac", "figure_04_priors")
    have = ("Highleyman", "QDC") in rep.run.results
    return {stem: make for stem, make in FIGURE_MAKERS.items() if have or stem not in skip}
