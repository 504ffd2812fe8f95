"""``python reproduce.py johnson2015``: Table 2 recomputed, ranks and test, figures, summary.

Writes into ``<out>/johnson2015/``: ``tables/*.{csv,md,tex}``, ``figures/*.png`` and
``summary.md`` (each printed claim beside ours, and where we differ and why).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from costlab._io import write_text_atomic
from costlab._tables import write_table
from costlab.studies.johnson2015 import analyses
from costlab.studies.johnson2015.experiments import run_table2
from costlab.studies.johnson2015.figures import write_figures
from costlab.studies.johnson2015.published import TABLE_2_SOURCE

__all__ = ["Reproduction", "reproduce", "tables_of"]


@dataclass
class Reproduction:
    """What :func:`reproduce` computed and wrote."""

    run: object
    tables: dict = field(default_factory=dict)
    outputs: list = field(default_factory=list)
    seconds: float = 0.0


_CAPTIONS = {
    "table_2": f"Johnson et al. (2015) Table 2 recomputed ({TABLE_2_SOURCE}): AUROC of "
    "AdaBoost.M1 and RiskBoost (100 rounds of a C4.5 stand-in), printed and ours (mean over "
    "R x 10 folds), differences, AdaBoost.M1 ranked by its vote margin, and each winner.",
    "ranks": "Average ranks, Friedman's test and the Bonferroni-Dunn critical difference (95%): "
    "printed, recomputed from the printed AUROCs, and ours.",
    "claims": "Johnson et al. (2015), sec. 4.2: each claim beside ours.",
}


def tables_of(run):
    """The study's tables from a :class:`.experiments.Table2Run`."""
    ranks = analyses.rank_table(run)
    return {
        "table_2": analyses.table2(run),
        "ranks": ranks,
        "claims": analyses.check_claims(run, ranks),
    }


def reproduce(
    out="results",
    *,
    repeats=10,
    quick=False,
    n_jobs=None,
    cache=True,
    mirror=None,
    data_home=None,
    progress=True,
    log=print,
):
    """Recompute Table 2 and the figures into ``<out>/johnson2015``."""
    start = time.perf_counter()
    root = Path(out) / "johnson2015"
    run = run_table2(
        repeats=repeats,
        quick=quick,
        n_jobs=n_jobs,
        cache=cache,
        cache_dir=None if cache else root / ".cv",
        mirror=mirror,
        data_home=data_home,
        progress=progress,
    )
    rep = Reproduction(run, tables_of(run))
    for stem, frame in rep.tables.items():
        rep.outputs += write_table(frame, stem, root / "tables", caption=_CAPTIONS[stem])
    rep.outputs += write_figures(rep, root / "figures")
    rep.outputs.append(_write_summary(rep, root / "summary.md", quick))
    rep.seconds = time.perf_counter() - start
    log(f"wrote {len(rep.outputs)} files to {root}/ in {rep.seconds:.1f} s")
    return rep


def _margin_finding(rep):
    """The saturation finding, from the numbers: RiskBoost against AdaBoost.M1 read two ways."""
    ranks = rep.tables["ranks"].set_index("comparison")
    t2 = rep.tables["table_2"]
    have = t2[t2["winner ours"] != "n/a"]
    text = (
        "- AdaBoost.M1's probabilities are Weka's softmax of the summed votes, which saturates to "
        "exactly 0 or 1 for confident instances and ties them in the ROC; the column "
        "'AdaBoost.M1 (margin)' ranks the same ensembles by their vote margin instead."
    )
    if "ours, AdaBoost.M1 by margin" not in ranks.index:
        return text
    margin = ranks.loc["ours, AdaBoost.M1 by margin"]
    wins = int((have["AdaBoost.M1 (margin) ours"] > have["RiskBoost ours"]).sum())
    verdict = (
        "still significantly better"
        if margin["RiskBoost significantly better"]
        else "no longer significantly better"
    )
    return (
        f"{text} Read that way AdaBoost.M1 beats RiskBoost on {wins} of {len(have)} datasets "
        f"(ranks {margin['rank AdaBoost.M1']:.2f} / {margin['rank RiskBoost']:.2f}, Friedman "
        f"p = {margin['Friedman p']:.3g}): RiskBoost is {verdict}, so its advantage over "
        "Weka-style AdaBoost.M1 is largely how AdaBoost's scores tie, not which instances "
        "boosting weights."
    )


def _write_summary(rep, path, quick):
    run, t2 = rep.run, rep.tables["table_2"]
    have = t2[t2["winner ours"] != "n/a"]
    ada_diff = have["AdaBoost.M1 diff"].abs()
    risk_diff = have["RiskBoost diff"].abs()
    claims = rep.tables["claims"]
    lines = [
        "# Johnson, Raeder & Chawla (2015), Table 2 recomputed",
        "",
        "QUICK MODE: 5 datasets, 10 rounds, 1 repetition; numbers differ from a full run."
        if quick
        else "",
        f"Protocol: {run.repeats} repetitions of 10-fold CV (the paper: 100), "
        f"{run.n_estimators} boosting rounds, Beta(2, 2) for RiskBoost's risk.",
        "",
        "## Claims",
        "",
        claims.assign(holds=claims["holds"].map({True: "yes", False: "**no**"})).to_markdown(
            index=False
        ),
        "",
        "## Ranks and test",
        "",
        rep.tables["ranks"].to_markdown(index=False, floatfmt=".4g"),
        "",
        "## Where we differ and why",
        "",
        f"- Our AUROCs differ from the printed ones by {ada_diff.mean():.4f} (AdaBoost.M1) and "
        f"{risk_diff.mean():.4f} (RiskBoost) on average (largest: "
        f"{have.loc[ada_diff.idxmax(), 'dataset']} {ada_diff.max():.4f}, "
        f"{have.loc[risk_diff.idxmax(), 'dataset']} {risk_diff.max():.4f}); ours are lower on "
        f"{int((have['AdaBoost.M1 diff'] < 0).sum())} of {len(have)} datasets for AdaBoost.M1 "
        f"and {int((have['RiskBoost diff'] < 0).sum())} of {len(have)} for RiskBoost.",
        "- The base learner is a stand-in for unpruned C4.5 (scikit-learn's entropy CART, >= 2 "
        "instances per leaf, binary splits on one-hot nominal attributes): on separable data "
        "(e.g. sonar, ionosphere, promoters) it fits the training data perfectly within a few "
        "rounds, which ends boosting for both algorithms (AdaBoost.M1: error 0; RiskBoost: "
        "loss 0), so those ensembles are small.",
        "- RiskBoost leaves open which loss sets beta (we use 1 - H, so that beta >= 1), "
        "whether the training loss is weighted (we follow the text: unweighted), and what a "
        "perfect round does (we stop, as AdaBoost.M1); see costlab/classifiers/boosting.py.",
        _margin_finding(rep),
        "- credit-a and crx are the same data (UCI Credit Approval), cross-validated with "
        "different seeds; ncaaf is not public, so our ranks are over 18 datasets, not 19.",
        "- ringnorm, threenorm and twonorm are drawn from Breiman's (1996) definitions, 7,400 "
        "instances each (the DELVE versions' size), seed 0 (costlab.datasets).",
        "- The printed ranks (1.79 / 1.21) do not follow from the printed AUROCs, which give "
        "1.76 / 1.24 (bupa's tie counts 1.5 each); the conclusion does not change.",
    ]
    text = "\n".join(line for line in lines if line is not None) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text)
    return path
