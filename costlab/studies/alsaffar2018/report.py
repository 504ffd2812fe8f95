"""Reproduce chapter 5 of the thesis into ``results/``: figures, tables, summary and manifest.

One declared target per figure or table with a deterministic file name:
``results/figures/figure_NN.png``, ``results/tables/table_NN.{csv,md,tex}``,
``results/summary.md`` and ``results/manifest.json``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

import pandas as pd

from costlab import plotting
from costlab._tables import write_table
from costlab.classifiers import WekaRandomForest
from costlab.datasets import resolve_mirror
from costlab.evaluation.experiment import (
    auc_table,
    curves_for,
    mtmcs_curves,
    roc_curves,
    run_experiments,
)
from costlab.metrics import curve_in_range
from costlab.metrics.checks import check_search, check_step
from costlab.studies import _skeleton
from costlab.studies._skeleton import (
    environment_lock,
    write_figures,
    write_manifest,
    write_summary,
)
from costlab.studies.alsaffar2018.orientation import AXIS_LABELS, SCORE_OF
from costlab.studies.alsaffar2018.published import (
    CLASSIFIERS,
    CST_EXAMPLES,
    DATASETS,
    DISPLAY_NAMES,
    FIGURES,
    RANGE_TABLES,
    RANGES,
)
from costlab.studies.alsaffar2018.summary import summary_lines
from costlab.studies.alsaffar2018.tables import (
    cst_example_tables,
    range_values,
    selection_stability,
    selection_table,
    table_6,
    thesis_display,
    threshold_choice_table,
)

__all__ = [
    "ReproduceOptions",
    "Reproduction",
    "compare_engines",
    "environment_lock",
    "reproduce",
    "search_gap",
    "write_engine_comparison",
]


@dataclass(frozen=True)
class ReproduceOptions:
    """What to run. Defaults are the thesis's protocol (chapter 5)."""

    datasets: tuple = DATASETS
    classifiers: tuple = CLASSIFIERS
    search: str = "optimized"  # the thesis's one-sided search (4.3.2, 4.5)
    step: float = 1e-5  # the thesis's threshold step (4.3.2)
    engine: str = "sklearn"
    n_folds: int = 10
    n_repeats: int = 1
    seed: int = 1
    folds: str = (
        "weka"  # Weka's fold construction, the thesis's protocol (costlab.evaluation.folds)
    )
    knn_k: int = 1
    quick: bool = False  # fewer trees and a coarser step: a smoke test, not the thesis
    cache: bool = True
    progress: bool = True
    mirror: str | None = None
    data_home: str | None = None

    def classifier_params(self):
        """Per-classifier parameters implied by the options."""
        params = {"IBk": {"k": self.knn_k}}
        if self.quick:
            params["RandomForest"] = {"n_estimators": 20}
        return params

    def effective_step(self):
        return max(self.step, 1e-3) if self.quick else self.step

    def n_resamples(self):
        """Bootstrap resamples of the selection-stability and threshold-choice tables."""
        return 50 if self.quick else 500

    def quick_settings(self):
        """What a quick run reduces, against the full run with the same options."""
        trees = self.classifier_params()["RandomForest"]["n_estimators"]
        full = replace(self, quick=False)
        return (
            f"RandomForest with {trees} trees (full run: {WekaRandomForest().n_estimators}), "
            f"threshold step "
            f"{self.effective_step():g} (full run: {full.effective_step():g}), "
            f"{self.n_resamples()} bootstrap resamples (full run: {full.n_resamples()})"
        )


@dataclass(kw_only=True)
class Reproduction(_skeleton.Reproduction):
    """Everything :func:`reproduce` computed (also written to disk): ``options`` are the
    :class:`ReproduceOptions`, ``run`` the :class:`costlab.evaluation.ExperimentRun`."""

    curves: pd.DataFrame = None
    aucs: pd.DataFrame = None
    values: dict = field(default_factory=dict)  # range -> range_values frame
    selections: dict = field(default_factory=dict)  # range -> selection frame
    cst: list = field(default_factory=list)  # (example, per_ratio, summary)
    gap: pd.DataFrame | None = None  # see search_gap


def reproduce(outdir="results", options=None, *, log=print):
    """Run the experiments and write every figure and table of chapter 5 to ``outdir``.

    Parameters
    ----------
    outdir : path
        Output folder; ``figures/`` and ``tables/`` are created inside.
    options : ReproduceOptions, optional
    log : callable
        Where progress messages go (``print`` by default; ``lambda *a: None`` for silence).

    Returns
    -------
    Reproduction
    """
    opts = options or ReproduceOptions()
    check_step(opts.step)
    check_search(opts.search)
    outdir = Path(outdir)
    start = time.perf_counter()
    rep = Reproduction(options=opts)
    with rep.timed("cross_validation_s"):
        rep.run = run_experiments(
            opts.datasets,
            opts.classifiers,
            engine=opts.engine,
            n_folds=opts.n_folds,
            n_repeats=opts.n_repeats,
            seed=opts.seed,
            folds=opts.folds,
            classifier_params={
                name: value
                for name, value in opts.classifier_params().items()
                if name in opts.classifiers
            },
            cache=opts.cache,
            progress=opts.progress,
            mirror=opts.mirror,
            data_home=opts.data_home,
        )
    with rep.timed("cost_curves_s"):
        searches = tuple(dict.fromkeys((opts.search, "exact")))
        rep.curves = mtmcs_curves(
            rep.run, searches=searches, step=opts.effective_step(), score_of=SCORE_OF
        )
        rep.aucs = auc_table(rep.run, score_of=SCORE_OF)
    with rep.timed("tables_s"):
        _write_tables(rep, outdir / "tables")
    with rep.timed("figures_s"):
        write_figures(rep, figure_displays(rep), outdir / "figures")
    rep.timings["total_s"] = time.perf_counter() - start
    write_summary(rep, summary_lines(rep), outdir / "summary.md")
    _write_manifest(rep, outdir / "manifest.json")
    return rep.done(outdir, log)


def _write_tables(rep, tabledir):
    search = rep.options.search
    datasets = rep.run.datasets
    write_table(
        {"Datasets": table_6(datasets)},
        "table_06",
        tabledir,
        caption="Table 6 (thesis p. 49): the datasets, ours beside the thesis's.",
        display=thesis_display,
    )
    rep.outputs.append(tabledir / "table_06.csv")
    for name in RANGES:
        number = RANGE_TABLES[name]
        values = range_values(rep.curves, rep.aucs, name, searches=(search, "exact"))
        stability = selection_stability(
            rep.run.results, name, n_resamples=rep.options.n_resamples()
        )
        selection = selection_table(values, name, search=search, stability=stability)
        rep.values[name], rep.selections[name] = values, selection
        measure = "MTMCS at 0.50/0.50" if name == "middle" else "MTMCR"
        write_table(
            {f"{measure} and AUC": values, "Final classifier selection": selection},
            f"table_{number:02d}",
            tabledir,
            caption=(
                f"Table {number} (thesis section 5.6, pp. 50-52), {name} range "
                f"{_range_text(name)}: {measure} with the '{search}' search at step "
                f"{rep.options.effective_step():g} (per-ratio MTMCS rounded to 2 decimals "
                f"before summing, as published) and exact minimum, beside the thesis."
            ),
            display=thesis_display,
        )
        rep.outputs.append(tabledir / f"table_{number:02d}.csv")
    _write_cst_tables(rep, tabledir, search)
    choice = threshold_choice_table(rep.run.results, n_resamples=rep.options.n_resamples())
    write_table(
        {"Expected loss by threshold-choice method": choice},
        "threshold_choice",
        tabledir,
        caption=(
            "Not in the thesis: expected loss over a uniform cost proportion (cost space, the "
            "dataset's priors) when the threshold is P(class 2) itself (score-driven: the Brier "
            "score, with its 95 % bootstrap interval), the best one at each cost (optimal: the "
            "thesis's exact MTMCS engine), or set by the rate of positives (rate-driven: linear "
            "in AUC); Hernandez-Orallo, Flach & Ferri, JMLR 13 (2012)."
        ),
        display=partial(thesis_display, digits=3),
    )
    rep.outputs.append(tabledir / "threshold_choice.csv")
    if search != "exact":
        rep.gap = search_gap(rep.curves, search)
        write_table(
            {"Search gap": rep.gap},
            "search_gap",
            tabledir,
            caption=(
                f"How far the thesis's '{search}' search (step "
                f"{rep.options.effective_step():g}) is from the exact minimum: "
                "MTMCR per range (unrounded sums) and the largest per-ratio gap."
            ),
            display=thesis_display,
        )
        rep.outputs.append(tabledir / "search_gap.csv")


def _write_cst_tables(rep, tabledir, search):
    for example in CST_EXAMPLES:
        if example.dataset not in rep.run.datasets or any(
            (example.dataset, c) not in rep.run.results for c in example.mtmcs
        ):
            continue
        per_ratio, summary = cst_example_tables(rep.curves, example, search=search)
        rep.cst.append((example, per_ratio, summary))
        for number, frame, what in (
            (example.mtmcs_table, per_ratio, "MTMCS per cost ratio"),
            (example.result_table, summary, "MTMCR, sensitivity, CST"),
        ):
            write_table(
                {what: frame},
                f"table_{number}",
                tabledir,
                caption=(
                    f"Table {number} (thesis section {example.section}): {what}, "
                    f"{example.dataset}, range {_range_text(example.fp_range)}; "
                    f"the thesis's values were read off its chart (integers)."
                ),
                display=thesis_display,
            )
            rep.outputs.append(tabledir / f"table_{number}.csv")


def _range_text(name_or_range):
    r1, r2 = RANGES[name_or_range] if isinstance(name_or_range, str) else name_or_range
    return f"[{r1:.2f}/{1 - r1:.2f}, {r2:.2f}/{1 - r2:.2f}]"


def figure_displays(rep):
    """``(file stem, plotted Display)`` of every figure of chapter 5, in order: what
    :func:`reproduce` writes as ``figures/<stem>.png`` (tests compare their arrays with the
    tables)."""
    search = rep.options.search
    for dataset, data in rep.run.datasets.items():
        numbers = FIGURES.get(dataset)
        if numbers is None:
            continue
        curves = curves_for(rep.curves, dataset, search)
        rocs = roc_curves(rep.run, dataset, score_of=SCORE_OF)
        sub = rep.aucs[rep.aucs["dataset"] == dataset]
        aucs = dict(zip(sub["classifier"], sub["auc"], strict=True))
        title = data.title
        displays = {
            "distribution": plotting.ClassDistributionDisplay(
                data.class_counts, title=f"{title}: class distribution"
            ),
            "mtmcs": plotting.MTMCSDisplay(
                curves, title=f"{title}: MTMCS chart ({search})", labels=DISPLAY_NAMES
            ),
            "thresholds": plotting.ThresholdDisplay(
                curves,
                title=f"{title}: optimal classification thresholds",
                labels=DISPLAY_NAMES,
                axis_labels=AXIS_LABELS["thresholds"],
            ),
            "roc": plotting.ROCDisplay(
                rocs,
                aucs,
                title=f"{title}: ROC of P(class 1)",
                labels=DISPLAY_NAMES,
                axis_labels=AXIS_LABELS["roc"],
            ),
            "roc_thresholds": plotting.ROCThresholdDisplay(
                rocs,
                title=f"{title}: ROC thresholds",
                labels=DISPLAY_NAMES,
                axis_labels=AXIS_LABELS["roc_thresholds"],
            ),
        }
        for kind, display in displays.items():
            yield f"figure_{numbers[kind]:02d}", display.plot()
    for example in CST_EXAMPLES:
        if any((example.dataset, c) not in rep.run.results for c in example.mtmcs):
            continue
        curves = curves_for(rep.curves, example.dataset, search, list(example.mtmcs))
        title = f"{rep.run.datasets[example.dataset].title}: range of interest"
        display = plotting.MTMCSDisplay(
            curves, highlight=example.fp_range, title=title, labels=DISPLAY_NAMES
        )
        yield f"figure_{example.figure}", display.plot(annotate=True)


def _as_text(value):
    return None if value is None else str(value)


def _write_manifest(rep, path):
    opts = rep.options
    return write_manifest(
        rep,
        path,
        options={
            **{k: getattr(opts, k) for k in opts.__dataclass_fields__},
            # the mirror the run read: --mirror, else COSTLAB_MIRROR (None: the sources' own)
            "mirror": _as_text(resolve_mirror(opts.mirror)),
            "effective_step": opts.effective_step(),
            "datasets": list(opts.datasets),
            "classifiers": list(opts.classifiers),
        },
        seeds={
            "cross_validation": opts.seed,
            "classifiers": opts.seed,
            "repeats": [opts.seed + r for r in range(opts.n_repeats)],
        },
        data_checksums={n: d.checksums for n, d in rep.run.datasets.items()},
        data_sources={n: d.source for n, d in rep.run.datasets.items()},
        timings_s={
            **{k: round(v, 3) for k, v in rep.timings.items()},
            "cross_validation_per_run": {
                f"{d}/{c}": round(r.seconds, 3) for (d, c), r in rep.run.results.items()
            },
        },
    )


def search_gap(curves, search="optimized"):
    """How far the thesis's search is from the exact minimum, per dataset, classifier and range.

    Returns
    -------
    DataFrame
        ``dataset, classifier, range, <search>_mtmcr, exact_mtmcr, gap, worst_ratio_gap``.
    """
    rows = []
    for (dataset, clf), sub in curves.groupby(["dataset", "classifier"], sort=False):
        thesis = curves_for(sub, dataset, search)[clf]
        exact = curves_for(sub, dataset, "exact")[clf]
        for name, (r1, r2) in RANGES.items():
            a = curve_in_range(thesis, r1, r2)["mtmcs"].to_numpy()
            b = curve_in_range(exact, r1, r2)["mtmcs"].to_numpy()
            rows.append(
                {
                    "dataset": dataset,
                    "classifier": clf,
                    "range": name,
                    f"{search}_mtmcr": a.sum(),
                    "exact_mtmcr": b.sum(),
                    "gap": a.sum() - b.sum(),
                    "worst_ratio_gap": (a - b).max(),
                }
            )
    return pd.DataFrame(rows)


def compare_engines(reproductions):
    """Engine vs engine vs thesis for every printed value of Tables 7-10.

    Parameters
    ----------
    reproductions : Mapping[str, Reproduction]
        Label (e.g. ``"sklearn"``, ``"weka"``) -> a finished :func:`reproduce`.

    Returns
    -------
    values : DataFrame
        ``table, dataset, classifier, measure, thesis, <label>...``: printed MTMCR/MTMCS (or AUC)
        beside each engine's value.
    selections : DataFrame
        ``table, dataset, thesis, <label>...``: the MTMCS-chart choice of each engine.
    """
    values, selections = [], []
    for name, table in RANGE_TABLES.items():
        frames = {label: rep.values[name] for label, rep in reproductions.items()}
        first = next(iter(frames.values()))
        for row in first.itertuples():
            for measure, thesis_col in (("mtmcr", "thesis_mtmcr"), ("auc", "thesis_auc")):
                printed = getattr(row, thesis_col)
                if printed is None or printed != printed or (measure == "auc" and table != 7):
                    continue
                entry = {
                    "table": table,
                    "dataset": row.dataset,
                    "classifier": row.classifier,
                    "measure": "MTMCS"
                    if name == "middle" and measure == "mtmcr"
                    else measure.upper(),
                    "thesis": printed,
                }
                for label, frame in frames.items():
                    match = frame[
                        (frame["dataset"] == row.dataset) & (frame["classifier"] == row.classifier)
                    ]
                    column = f"{reproductions[label].options.search}_mtmcr"
                    entry[label] = match[column if measure == "mtmcr" else "auc"].iloc[0]
                values.append(entry)
        for dataset in dict.fromkeys(first["dataset"]):
            entry = {"table": table, "dataset": dataset}
            for label, rep in reproductions.items():
                sel = rep.selections[name].set_index("dataset")
                entry["thesis"] = sel.loc[dataset, "thesis_mtmcs_choice"]
                entry[label] = sel.loc[dataset, "mtmcs_choice"]
            selections.append(entry)
    return pd.DataFrame(values), pd.DataFrame(selections)


def write_engine_comparison(reproductions, tabledir):
    """Write ``engines.{csv,md,tex}`` (MTMCR), ``engines_2.csv`` (AUC), ``engines_3.csv``."""
    values, selections = compare_engines(reproductions)
    labels = list(reproductions)
    for label in labels:
        values[f"{label}_exact_digit"] = [
            round(v, 4 if m == "AUC" else 2) == round(t, 4 if m == "AUC" else 2)
            for v, t, m in zip(values[label], values["thesis"], values["measure"], strict=True)
        ]
        selections[f"{label}_same"] = selections[label] == selections["thesis"]
    is_auc = values["measure"] == "AUC"
    aucs = values[is_auc].rename(columns={c: f"{c}_auc" for c in ["thesis", *labels]})
    write_table(
        {
            "Printed MTMCR/MTMCS of Tables 7-10 and each engine's": values[~is_auc],
            "Printed AUCs (Table 7) and each engine's": aucs,
            "MTMCS-chart selections": selections,
        },
        "engines",
        tabledir,
        caption=(
            "Engines compared with the thesis (Tables 7-10, section 5.6, pp. 50-52): "
            "MTMCR/MTMCS with per-ratio rounding to 2 decimals, and AUC (Table 7)."
        ),
        display=thesis_display,
    )
    return values, selections
