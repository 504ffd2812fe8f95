"""Table 2 recomputed beside the published values, the purity beside it, and the claims."""

from __future__ import annotations

import numpy as np
import pandas as pd

from costlab.metrics import operating_point, summarize_folds
from costlab.studies.landgrebe2004.published import (
    CLASSIFIERS,
    EXPERIMENTS,
    PRIORS,
    PROTOCOL,
    TABLE_2,
    TEXT_NUMBERS,
)

__all__ = ["check_claims", "cell_table", "purity_table", "table2", "wide_table"]


def cell_table(run, measure="posfrac"):
    """Tidy Table 2 cells: experiment, prior, classifier, our mean and std over the folds (in
    percent), and for POSfrac the printed mean and std with the difference."""
    points = run.fold_points()
    rows = []
    for (experiment, classifier), group in points.groupby(["experiment", "classifier"]):
        summary = summarize_folds(group).query("measure == @measure").set_index("prior")
        for prior in PRIORS:
            mean, std = 100 * summary.loc[prior, "mean"], 100 * summary.loc[prior, "std"]
            row = {
                "experiment": experiment,
                "prior": prior,
                "classifier": classifier,
                "ours mean": mean,
                "ours std": std,
                # the standard error of the mean over the folds: the printed +- are closer to
                # it than to the folds' standard deviation (see the report)
                "ours sem": std / np.sqrt(summary.loc[prior, "n_folds"]),
                "n folds": int(summary.loc[prior, "n_folds"]),
            }
            if measure == "posfrac":
                paper_mean, paper_std = TABLE_2[(experiment, prior)][classifier]
                row |= {
                    "paper mean": paper_mean,
                    "paper std": paper_std,
                    "diff": mean - paper_mean,
                    "diff / paper std": (mean - paper_mean) / paper_std if paper_std else np.nan,
                }
            rows.append(row)
    out = pd.DataFrame(rows)
    order = {e: k for k, e in enumerate(EXPERIMENTS)}
    out = out.sort_values(
        ["experiment", "prior", "classifier"],
        key=lambda c: (
            c.map(order)
            if c.name == "experiment"
            else (-c if c.name == "prior" else c.map({n: k for k, n in enumerate(CLASSIFIERS)}))
        ),
    )
    return out.reset_index(drop=True)


def table2(run):
    """Table 2 as printed, ours beside it: one row per (experiment, prior), for each classifier
    ``<clf> paper``, ``<clf> ours`` ("m +- s" in percent) and ``<clf> diff``."""
    return wide_table(cell_table(run, "posfrac"), with_paper=True)


def purity_table(run):
    """The purity at the same operating points (the paper prints none), in percent."""
    return wide_table(cell_table(run, "purity"), with_paper=False)


def wide_table(cells, *, with_paper):
    """One row per (experiment, prior), "mean ± std" per classifier, as the paper prints."""
    rows = []
    for (experiment, prior), group in cells.groupby(["experiment", "prior"], sort=False):
        row = {"experiment": experiment, "P(C_t)": prior}
        for cell in group.to_dict("records"):
            name = cell["classifier"]
            if with_paper:
                row[f"{name} paper"] = f"{cell['paper mean']:.2f} ± {cell['paper std']:.2f}"
            row[f"{name} ours"] = f"{cell['ours mean']:.2f} ± {cell['ours std']:.2f}"
            if with_paper:
                row[f"{name} diff"] = round(cell["diff"], 2)
        rows.append(row)
    return pd.DataFrame(rows)


def _ours(cells, experiment, prior, classifier):
    row = cells[
        (cells["experiment"] == experiment)
        & (cells["prior"] == prior)
        & (cells["classifier"] == classifier)
    ]
    return float(row["ours mean"].iloc[0]) if len(row) else np.nan


def check_claims(run, cells=None):
    """Each claim of sec. 3 and sec. 4.1 beside our numbers (POSfrac in percent)."""
    cells = cell_table(run) if cells is None else cells
    have = set(cells["experiment"])
    rows = []

    def add(source, paper, ours, holds):
        rows.append({"source": source, "paper": paper, "ours": ours, "holds": bool(holds)})

    if "TwoGaussians" in have:
        low = {c: _ours(cells, "TwoGaussians", 0.001, c) for c in CLASSIFIERS}
        add(
            "Landgrebe et al. 2004, sec. 4.1",
            "TwoGaussians: POSfrac remains above 10% at P(C_t) = 0.001 for every classifier",
            ", ".join(f"{c} {v:.2f}%" for c, v in low.items()),
            min(low.values()) > 10.0,
        )
    if "Highleyman" in have:
        low = {c: _ours(cells, "Highleyman", 0.001, c) for c in CLASSIFIERS}
        others = max(low[c] for c in CLASSIFIERS[1:])
        add(
            "Landgrebe et al. 2004, sec. 4.1",
            "Highleyman: only the linear classifier is severely affected by the class "
            "distribution (P(C_t) = 0.001: LDC 24.33%, the others 0.08%)",
            ", ".join(f"{c} {v:.2f}%" for c, v in low.items()),
            low["LDC"] > 5.0 and others < 1.0,
        )
        rows.extend(_highleyman_text(run))
    for experiment in ("Multimodal", "Lithuanian"):
        if experiment not in have:
            continue
        low = {c: _ours(cells, experiment, 0.001, c) for c in CLASSIFIERS}
        simple, complex_ = max(low["MOGC"], low["PARZEN"]), min(low["LDC"], low["QDC"])
        paper = (
            "Multimodal: LDC and QDC over 20% at P(C_t) = 0.001, MoG and Parzen a lot better"
            if experiment == "Multimodal"
            else "Lithuanian: 'similar results' (MoG and Parzen better than LDC and QDC at "
            "P(C_t) = 0.001)"
        )
        ok = simple < complex_ and (experiment != "Multimodal" or complex_ > 20.0)
        add(
            "Landgrebe et al. 2004, sec. 4.1",
            paper,
            ", ".join(f"{c} {v:.2f}%" for c, v in low.items()),
            ok,
        )
    return pd.DataFrame(rows)


def _highleyman_text(run):
    """Sec. 3's Highleyman numbers for the linear classifier at TPr = 80 %, from the pooled
    out-of-fold scores (the paper's Figs. 3-4 show one curve, not fold averages)."""
    if ("Highleyman", "LDC") not in run.results or ("Highleyman", "QDC") not in run.results:
        return []
    is_target, score = run.pooled_scores("Highleyman", "LDC")
    tpr = PROTOCOL["tpr"]
    point = operating_point(is_target, score, [0.5, 0.1, 0.01], tpr=tpr, pos_label=True)
    point = point.set_index("prior")
    posfrac = 100 * point["posfrac"]
    purity = 100 * point.loc[0.5, "purity"]
    out = []
    text = TEXT_NUMBERS
    out.append(
        {
            "source": "Landgrebe et al. 2004, sec. 3, Fig. 3",
            "paper": "Highleyman, LDC, P(C_t) = 0.1: TPr 80% gives a POSfrac 'just under 30%'",
            "ours": f"{posfrac[0.1]:.2f}%",
            "holds": bool(25.0 <= posfrac[0.1] < 30.0),
        }
    )
    out.append(
        {
            "source": "Landgrebe et al. 2004, sec. 3",
            "paper": f"Highleyman, LDC, balanced: POSfrac {text['balanced_posfrac']['value']}%, "
            f"purity {text['balanced_purity']['value']}%; P(C_t) = 0.01: POSfrac "
            f"{text['posfrac_at_0.01']['value']}%",
            "ours": f"POSfrac {posfrac[0.5]:.2f}%, purity {purity:.2f}%; P(C_t) = 0.01: "
            f"{posfrac[0.01]:.2f}%",
            "holds": bool(
                abs(posfrac[0.5] - 54.9) < 3.0
                and abs(purity - 77.9) < 3.0
                and abs(posfrac[0.01] - 24.8) < 3.0
            ),
        }
    )
    # the printed numbers against eq. 6: purity x POSfrac = P(C_t) TPr = 40 % when balanced
    out.append(
        {
            "source": "Landgrebe et al. 2004, sec. 3 with eq. 6",
            "paper": "POSfrac 54.9% and purity 77.9% at P(C_t) = 0.5, TPr 80% are consistent "
            "(purity x POSfrac = P(C_t) TPr = 0.4)",
            "ours": f"0.549 x 0.779 = {0.549 * 0.779:.3f}; POSfrac 24.8% at P(C_t) = 0.01 "
            f"implies FPr = {(0.248 - 0.01 * 0.8) / 0.99:.4f}, hence POSfrac "
            f"{100 * (0.4 + 0.5 * (0.248 - 0.008) / 0.99):.1f}% when balanced (Table 2: 52.14%)",
            "holds": bool(abs(0.549 * 0.779 - 0.4) < 0.005),
        }
    )
    for name in ("LDC", "QDC"):
        is_target, score = run.pooled_scores("Highleyman", name)
        curves_point = _tpr_at_posfrac(is_target, score, 0.001, 0.1)
        out.append(
            {
                "source": "Landgrebe et al. 2004, sec. 3, Fig. 4",
                "paper": f"Highleyman, {name}: TPr at POSfrac 0.1 "
                + ("75%" if name == "LDC" else "over 90%")
                + " (read at P(C_t) = 0.001)",
                "ours": f"{100 * curves_point:.1f}%",
                "holds": bool(
                    abs(100 * curves_point - 75.0) < 5.0
                    if name == "LDC"
                    else 100 * curves_point > 90.0
                ),
            }
        )
    return out


def _tpr_at_posfrac(is_target, score, prior, posfrac):
    point = operating_point(is_target, score, [prior], posfrac=posfrac, pos_label=True)
    return float(point["tpr"].iloc[0])
