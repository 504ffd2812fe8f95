"""The paper's figures recomputed, and Table 2 and its ranks drawn: one function per figure."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from sklearn.model_selection import train_test_split

from costlab.classifiers import make_classifier
from costlab.metrics import BetaDensity, comparison
from costlab.plotting import CriticalDifferenceDisplay, ScenarioCurveDisplay
from costlab.studies.johnson2015.analyses import ADA, RISK, mean_aucs, reading_table
from costlab.studies.johnson2015.experiments import DEFAULT_READING, models, reading_words
from costlab.studies.johnson2015.published import AVERAGE_RANKS, CRITICAL_DIFFERENCE, TABLE_2

__all__ = ["FIGURE_MAKERS", "figure_2_dataset", "figure_2_scores"]

#: Fig. 1's datasets (the paper's) and Fig. 2's (the paper's ncaaf is not public).
FIGURE_1_DATASETS = ("pima", "breast-w")
FIGURE_2_DATASET = "pima"
_COLOURS = {ADA: "#D55E00", RISK: "#0072B2"}


def figure_01(rep):
    """Fig. 1: scenario curves of a boosted tree (AdaBoost.M1's out-of-fold scores, repetition
    1) for the paper's cost densities, on pima and breast-w."""
    run = rep.run
    available = [d for d in FIGURE_1_DATASETS if (d, ADA) in run.results]
    fig, axes = plt.subplots(1, len(available), figsize=(6.8 * len(available), 5.2), squeeze=False)
    for ax, dataset in zip(axes[0], available, strict=True):
        ScenarioCurveDisplay.from_cv_result(
            run.results[(dataset, ADA)], repeat=0, name=f"AdaBoost.M1 on {dataset}", ax=ax
        )
        ax.set_title(f"Fig. 1: scenario curves, {dataset}", loc="left")
    fig.tight_layout()
    return fig


def figure_2_dataset(run):
    """The dataset of Fig. 2 in ``run``: pima, else the run's first (a run without pima)."""
    return FIGURE_2_DATASET if FIGURE_2_DATASET in run.datasets else next(iter(run.datasets))


def figure_2_scores(rep):
    """Fig. 2's data: AdaBoost.M1 and RiskBoost fitted on two thirds of pima (the paper's ncaaf
    is not public), and their scores on the held-out third after each round.

    Returns
    -------
    dataset : str
        The dataset's name.
    y_test : ndarray
        The held-out third's labels (1 = positive).
    staged : dict of str -> list of ndarray
        Model -> P(positive) of the held-out rows after rounds 1, 2, ...
    """
    run = rep.run
    data = run.datasets[figure_2_dataset(run)]
    X_train, X_test, y_train, y_test = train_test_split(
        data.X, data.y_binary, test_size=1 / 3, stratify=data.y_binary, random_state=0
    )
    compared = models(run.n_estimators)
    staged = {}
    for label in (ADA, RISK):
        name, params = compared[label]
        model = make_classifier(name, **params).fit(X_train, y_train)
        staged[label] = [p[:, 1] for p in model.staged_predict_proba(X_test)]
    return data.name, np.asarray(y_test), staged


def figure_02(rep, scores=None):
    """Fig. 2: scenario curves (Beta(2, 2)) of successive boosting iterations, AdaBoost.M1 vs
    RiskBoost, on a held-out third of pima (the paper's ncaaf is not public).

    ``scores`` is :func:`figure_2_scores`'s result, computed here when not given.
    """
    name, y_test, staged = figure_2_scores(rep) if scores is None else scores
    fig, axes = plt.subplots(1, 2, figsize=(13.5, 5.2))
    for ax, label in zip(axes, (ADA, RISK), strict=True):
        ScenarioCurveDisplay.from_iterations(
            y_test, staged[label], density=BetaDensity(2, 2), name=label, ax=ax
        )
        ax.set_title(f"Fig. 2: {label} by iteration ({name}, test third)", loc="left")
    top = max(max(line.get_ydata().max() for line in ax.get_lines()) for ax in axes)
    for ax in axes:  # one scale for both, every curve inside it
        ax.set_ylim(0.0, 1.05 * top)
    fig.text(
        0.01,
        0.005,
        f"RiskBoost under costlab's default reading of Algorithm 1 "
        f"({reading_words(DEFAULT_READING)}); "
        "a perfect round (infinite beta) ends it.",
        fontsize=8.5,
        color="0.3",
    )
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


def figure_table_2(rep):
    """Table 2 drawn: per dataset, the printed AUROC (hollow) and ours (filled) of each model."""
    ours = mean_aucs(rep.run)
    names = list(TABLE_2)
    fig, ax = plt.subplots(figsize=(8.5, 0.36 * len(names) + 1.6))
    y = np.arange(len(names))[::-1]
    for k, model in enumerate((ADA, RISK)):
        paper = np.array([TABLE_2[d][k] for d in names])
        mine = np.array([ours.loc[d, model] if d in ours.index else np.nan for d in names])
        shift = 0.14 if k else -0.14
        colour = _COLOURS[model]
        ax.scatter(
            paper, y + shift, facecolors="none", edgecolors=colour, s=42, label=f"{model}, printed"
        )
        ax.scatter(mine, y + shift, color=colour, s=42, label=f"{model}, ours")
        for a, b, h in zip(paper, mine, y + shift, strict=True):
            if np.isfinite(b):
                ax.plot([a, b], [h, h], color=colour, linewidth=1, alpha=0.6)
    ax.set_yticks(y, names)
    ax.set_xlabel(f"AUROC (ours: mean of {rep.run.repeats} x 10 folds)")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="lower left", fontsize=9, frameon=True)
    ax.set_title("Table 2: printed (hollow) vs recomputed (filled)", loc="left")
    fig.tight_layout()
    return fig


def figure_ranks(rep):
    """Average ranks with the Bonferroni-Dunn CD: printed (19 datasets) and ours."""
    ours = mean_aucs(rep.run)[[ADA, RISK]]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7.5, 5.6))
    CriticalDifferenceDisplay(
        dict(zip((ADA, RISK), AVERAGE_RANKS, strict=True)),
        CRITICAL_DIFFERENCE["cd"],
        title=f"Printed (Table 2): {CRITICAL_DIFFERENCE['n_datasets']} datasets",
    ).plot(ax=top)
    CriticalDifferenceDisplay(
        comparison.average_ranks(ours),
        comparison.critical_difference(2, len(ours)),
        title=f"Ours: {len(ours)} datasets, {rep.run.repeats} x 10-fold CV",
    ).plot(ax=bottom)
    fig.tight_layout()
    return fig


def figure_readings(rep):
    """Table 2 under each reading of Algorithm 1: per dataset, RiskBoost's AUROC minus
    AdaBoost.M1's (ours; the printed pair on the top row), with each reading's average ranks
    and Friedman p."""
    run = rep.run
    ours = mean_aucs(run)
    table = reading_table(run)
    printed = np.array([TABLE_2[d][1] - TABLE_2[d][0] for d in ours.index])
    rows = [("printed (Table 2)", printed, "ranks 1.79 / 1.21 as printed")]
    for label, (_, row) in zip(run.readings, table.iterrows(), strict=True):
        name = row["reading"] + (" (default)" if row["default"] else "")
        note = (
            f"ranks {row['rank AdaBoost.M1']:.2f} / {row['rank RiskBoost']:.2f}, "
            f"p = {row['Friedman p']:.2g}"
        )
        rows.append((name, (ours[label] - ours[ADA]).to_numpy(), note))
    fig, ax = plt.subplots(figsize=(9.5, 0.55 * len(rows) + 1.6))
    y = np.arange(len(rows))[::-1]
    for h, (name, diff, note) in zip(y, rows, strict=True):
        colour = "0.45" if name.startswith("printed") else _COLOURS[RISK]
        ax.scatter(diff, np.full(diff.size, h), s=22, color=colour, alpha=0.75)
        ax.plot([np.nanmean(diff)] * 2, [h - 0.3, h + 0.3], color=colour, linewidth=2)
        ax.annotate(note, (1.01, h), xycoords=("axes fraction", "data"), va="center", fontsize=8.5)
    ax.axvline(0, color="0.2", linewidth=0.8)
    ax.set_yticks(y, [name for name, _, _ in rows])
    ax.set_xlabel("AUROC of RiskBoost minus AdaBoost.M1, per dataset (bar: mean)")
    ax.set_title(
        "Table 2 under each reading (loss/weights/stopping): right of 0, RiskBoost wins",
        loc="left",
    )
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    return fig


FIGURE_MAKERS = {
    "figure_01_scenario_curves": figure_01,
    "figure_02_iterations": figure_02,
    "table_2": figure_table_2,
    "ranks": figure_ranks,
    "readings": figure_readings,
}
