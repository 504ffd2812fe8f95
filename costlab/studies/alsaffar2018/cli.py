"""Reproduce every figure and table of chapter 5 of Al-Saffar (2018) into results/.

    python reproduce.py alsaffar2018                 # the thesis's protocol, all four experiments
    python reproduce.py alsaffar2018 --quick         # a fast smoke run (fewer trees, coarser step)
    python reproduce.py alsaffar2018 --datasets spectf --classifiers NaiveBayes RandomForest

Prints the recomputed Tables 7-10 beside the published values and writes
results/alsaffar2018/figures/figure_NN.png, results/alsaffar2018/tables/table_NN.{csv,md,tex},
results/alsaffar2018/summary.md and results/alsaffar2018/manifest.json (with --out OUT:
OUT/alsaffar2018/).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd

from costlab.classifiers import CLASSIFIERS
from costlab.studies._quick import quick_tag
from costlab.studies._skeleton import (
    entry_points,
    option,
    run_reproduction,
    study_folder,
    study_parser,
)
from costlab.studies.alsaffar2018.published import DATASETS, DISPLAY_NAMES, RANGE_TABLES
from costlab.studies.alsaffar2018.report import ReproduceOptions, reproduce, write_engine_comparison
from costlab.studies.alsaffar2018.summary import selection_counts

#: The study's own options (the shared ones: :data:`costlab.studies._skeleton.SHARED_OPTIONS`).
OPTIONS = (
    option(
        "--datasets",
        nargs="+",
        default=list(DATASETS),
        metavar="NAME",
        help=f"datasets to run (default: {' '.join(DATASETS)})",
    ),
    option(
        "--classifiers",
        nargs="+",
        default=list(CLASSIFIERS),
        choices=list(CLASSIFIERS),
        metavar="NAME",
        help=f"classifiers to run (default: {' '.join(CLASSIFIERS)})",
    ),
    option(
        "--search",
        choices=["optimized", "thorough", "exact"],
        default="optimized",
        help="threshold search (default: the thesis's one-sided 'optimized')",
    ),
    option(
        "--step",
        type=float,
        default=1e-5,
        help="threshold step of the grid searches (default: 1e-5, the thesis's)",
    ),
    option(
        "--engine",
        default="sklearn",
        choices=["sklearn", "weka", "both"],
        help="classifier engine: sklearn (default, no Java), weka (real Weka through "
        "python-weka-wrapper3: pip install -e '.[weka]' and Java), or both (sklearn into "
        "OUT/alsaffar2018, weka into OUT/alsaffar2018/weka, and "
        "OUT/alsaffar2018/tables/engines.md comparing them with the thesis)",
    ),
    option("--folds", type=int, default=10, help="cross-validation folds (10)"),
    option(
        "--fold-scheme",
        choices=["weka", "sklearn"],
        default="weka",
        help="build folds exactly as Weka does (default, the thesis's protocol) "
        "or with scikit-learn's StratifiedKFold",
    ),
    option("--repeats", type=int, default=1, help="cross-validation repeats (1)"),
    option("--seed", type=int, default=1, help="random seed (1)"),
    option("--knn-k", type=int, default=1, help="IBk's k (Weka's default 1)"),
)


def build_parser():
    """The study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``)."""
    return study_parser(
        "alsaffar2018",
        __doc__,
        OPTIONS,
        shared=("quick", "no_cache", "out", "mirror"),
        quick_help="smoke run: 20 trees and step >= 1e-3 (numbers differ more)",
    )


parse_args, main = entry_points(__name__)


def print_tables(rep, root):
    """Print Tables 7-10 beside the published values; ``root`` is where the run wrote them."""
    search = rep.options.search
    for name, values in rep.values.items():
        print(f"\nTable {RANGE_TABLES[name]} ({name}):")
        shown = values[
            [
                "exp",
                "dataset",
                "classifier",
                "thesis_mtmcr",
                f"{search}_mtmcr",
                "difference",
                "exact_mtmcr",
                "thesis_auc",
                "auc",
            ]
        ].copy()
        shown["classifier"] = shown["classifier"].map(lambda c: DISPLAY_NAMES.get(c, c))
        for column in shown.columns[3:]:
            places = 4 if "auc" in column else 2
            shown[column] = shown[column].map(lambda v, p=places: _cell(v, p))
        print(shown.to_string(index=False))
        sel = rep.selections[name]
        for row in sel.itertuples():
            mark = "same" if row.mtmcs_match else "DIFFERENT"
            print(
                f"  exp {row.exp} {row.dataset}: thesis chose "
                f"{DISPLAY_NAMES.get(row.thesis_mtmcs_choice, row.thesis_mtmcs_choice)}, we "
                f"choose {DISPLAY_NAMES.get(row.mtmcs_choice, row.mtmcs_choice)} ({mark})"
            )
    matches, total, auc_matches, n_auc = selection_counts(rep.selections)
    quick = quick_tag(rep.options.quick_settings()) if rep.options.quick else ""
    print(
        f"\n{matches}/{total} MTMCS-chart selections and {auc_matches}/{n_auc} AUC rankings "
        f"agree with the thesis; details in {Path(root) / 'summary.md'}{quick}"
    )


def _cell(value, places):
    """``value`` printed to ``places`` decimals; blank when missing (None or NaN: a value the
    thesis did not print, or a run with too few classifiers or datasets to compare)."""
    return "" if pd.isna(value) else f"{round(float(value), places) + 0.0:.{places}f}"


def run(args):
    """Run the study with the options `args` (from :func:`build_parser`); the exit code."""
    options = ReproduceOptions(
        datasets=tuple(args.datasets),
        classifiers=tuple(args.classifiers),
        search=args.search,
        step=args.step,
        engine=args.engine,
        n_folds=args.folds,
        folds=args.fold_scheme,
        n_repeats=args.repeats,
        seed=args.seed,
        knn_k=args.knn_k,
        quick=args.quick,
        cache=not args.no_cache,
        mirror=args.mirror,
    )
    out = study_folder("alsaffar2018", args.out)
    if out is None:
        return 2
    engines = ["sklearn", "weka"] if args.engine == "both" else [args.engine]
    # --engine both: scikit-learn's run into the study's folder, real Weka's into its weka/
    roots = {e: out / "weka" if len(engines) > 1 and e == "weka" else out for e in engines}
    reps = run_reproduction(
        lambda: {
            engine: reproduce(roots[engine], replace(options, engine=engine)) for engine in engines
        },
        quick=options.quick,
        reduced=options.quick_settings,
    )
    if reps is None:
        return 2
    for engine, rep in reps.items():
        if len(reps) > 1:
            print(f"\n=== engine: {engine} ===")
        print_tables(rep, roots[engine])
    if len(reps) > 1:
        values, _ = write_engine_comparison(reps, out / "tables")
        exact = ", ".join(
            f"{e}: {int(values[f'{e}_exact_digit'].sum())}/{len(values)}" for e in reps
        )
        quick = quick_tag(options.quick_settings()) if options.quick else ""
        print(
            f"\nprinted values of Tables 7-10 reproduced to the digit: {exact}; "
            f"see {out / 'tables' / 'engines.md'}{quick}"
        )
    return 0
