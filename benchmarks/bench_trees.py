#!/usr/bin/env python
"""Benchmark: costlab's Weka-exact trees against real Weka 3.9.7, side by side.

    python benchmarks/bench_trees.py                       # all models, all datasets
    python benchmarks/bench_trees.py --datasets breast_w --models "J48 -U"

One 10-fold cross-validation repetition (Weka's folds, seed 1) per dataset and model, with
``costlab.evaluation.cv.cross_val_proba(..., cache=False)`` on the default engine and on
``engine="weka"`` (Weka 3.9.7 through JPype, in this process), in turn on the same folds. The
out-of-fold probabilities must agree within 1e-9; the ratio ours / Weka is what to read. The
machine is shared and noisy, so the two engines run in turn, one cross-validation each, until
each has spent 3 s or run 20 times, and each engine's fastest run counts. Before timing, each
model is cross-validated once on a small dataset on both engines, so numba's compilation (or
loading its cache) and the JVM's start and class loading are not counted. Prints a Markdown
table; ``--output`` writes it with a header to a file (``benchmarks/trees_results.md``).

Each row is an entry of ``MODELS``: a display name, the costlab classifier name and its
parameters; the Weka engine runs the same name and parameters.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba

# (display name, costlab classifier name, parameters): both engines take the same spec.
MODELS = [
    ("J48", "J48", {}),
    ("J48 -U", "J48", {"unpruned": True}),
    (
        "AdaBoostM1(J48 -U, 100)",
        "AdaBoostM1",
        {"base": "J48", "unpruned": True, "n_estimators": 100},
    ),
    ("RandomForest", "RandomForest", {}),
]
DATASETS = ["breast_w", "credit_approval", "kr_vs_kp", "ringnorm"]
WARM_UP = "bupa"
TOLERANCE = 1e-9
REPEAT_BUDGET = 3.0  # seconds per engine: shorter runs are repeated, the fastest counts
MAX_RUNS = 20


def _timed(dataset, name, params, engine):
    """Seconds of one cross-validation and its probabilities."""
    start = time.perf_counter()
    result = cross_val_proba(
        dataset, name, engine=engine, cache=False, progress=False, n_folds=10, seed=1, **params
    )
    return time.perf_counter() - start, result.proba


def _side_by_side(dataset, name, params, budget=REPEAT_BUDGET):
    """Best seconds of each engine and their probabilities: one run of each, in turn, until
    both have spent ``budget`` seconds or ``MAX_RUNS`` runs each (short runs are repeated so
    that the fastest of many counts, and both engines meet the same moments of load)."""
    best = {"sklearn": float("inf"), "weka": float("inf")}
    spent = {"sklearn": 0.0, "weka": 0.0}
    proba, runs = {}, 0
    while runs == 0 or (min(spent.values()) < budget and runs < MAX_RUNS):
        for engine in ("sklearn", "weka"):
            seconds, proba[engine] = _timed(dataset, name, params, engine)
            best[engine] = min(best[engine], seconds)
            spent[engine] += seconds
        runs += 1
    return best["sklearn"], best["weka"], proba["sklearn"], proba["weka"]


def _warm_up(models):
    dataset = load_dataset(WARM_UP)
    for _, name, params in models:
        for engine in ("sklearn", "weka"):
            small = {**params, "n_estimators": 3} if "n_estimators" in params else params
            _timed(dataset, name, small, engine)


def run(datasets, models):
    """Rows (dataset, model, ours s, Weka s, ratio, max |difference|)."""
    _warm_up(models)
    rows = []
    for data_name in datasets:
        dataset = load_dataset(data_name)
        for label, name, params in models:
            ours, weka, p_ours, p_weka = _side_by_side(dataset, name, params)
            difference = float(np.abs(p_ours - p_weka).max())
            rows.append((data_name, label, ours, weka, ours / weka, difference))
            print(_format(rows[-1]), flush=True)
    return rows


def _format(row):
    data_name, label, ours, weka, ratio, difference = row
    agree = "yes" if difference <= TOLERANCE else f"NO ({difference:.1e})"
    return f"| {data_name} | {label} | {ours:.2f} | {weka:.2f} | {ratio:.3f}x | {agree} |"


HEADER = [
    "| dataset | model | costlab (s) | Weka 3.9.7 (s) | ratio | agree to 1e-9 |",
    "|---|---|---|---|---|---|",
]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--datasets", nargs="+", default=DATASETS)
    parser.add_argument("--models", nargs="+", default=[m[0] for m in MODELS])
    parser.add_argument("--output", help="write the table (Markdown) to this file")
    args = parser.parse_args(argv)
    models = [m for m in MODELS if m[0] in args.models]
    print("\n".join(HEADER), flush=True)
    rows = run(args.datasets, models)
    if args.output:
        with open(args.output, "w") as out:
            out.write(
                "# Trees: costlab against Weka 3.9.7, side by side\n\n"
                "`python benchmarks/bench_trees.py`: one 10-fold CV repetition (Weka's folds, "
                "seed 1) per row, both engines in one process on the same folds, in turn "
                "(short runs repeated until each engine has spent 3 s, at most 20 runs; the "
                "fastest counts), numba's "
                "compilation and the JVM's start excluded by a warm-up run. Ratio = costlab / "
                "Weka (below 1: costlab faster).\n\n"
            )
            out.write("\n".join(HEADER + [_format(row) for row in rows]) + "\n")
    return 0 if all(row[5] <= TOLERANCE for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
