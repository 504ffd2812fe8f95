#!/usr/bin/env python
"""Benchmark: the thesis's 16 cross-validations, costlab's engine against the Weka engine.

    python benchmarks/bench_thesis_engines.py             # 4 datasets x 4 classifiers
    python benchmarks/bench_thesis_engines.py --repeat 2  # best of 2 per cell

Al-Saffar (2018) cross-validates Weka's RandomForest, NaiveBayes, AdaBoostM1 and IBk on four
UCI datasets. Each of the 16 (dataset, classifier) pairs is one 10-fold run with Weka's folds
(seed 1), by costlab's no-Java engine and by real Weka 3.9.7 through the Weka engine, one after
the other, both on one core (``n_jobs=1``; Weka's engine is single-threaded), cache off. The
best of ``--repeat`` runs per cell is kept; the ratio of the totals is what to read (these
machines are noisy). Each cell also reports the largest difference between the two engines'
out-of-fold probabilities. One warm-up run first compiles the numba kernels and starts the JVM
(excluded from the timings). Writes ``benchmarks/thesis_engines_results.md`` with
``--write``.

Needs Java and the ``weka`` extra.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

import numpy as np

from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba

DATASETS = ("german_credit", "credit_approval", "messidor", "spectf")
CLASSIFIERS = ("RandomForest", "NaiveBayes", "AdaBoostM1", "IBk")
RESULTS = Path(__file__).with_name("thesis_engines_results.md")


def _timed(dataset, classifier, engine):
    start = time.perf_counter()
    result = cross_val_proba(
        dataset, classifier, engine=engine, n_jobs=1, cache=False, progress=False
    )
    return time.perf_counter() - start, result.proba


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per cell, best kept")
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.name}")
    args = parser.parse_args(argv)
    data = {name: load_dataset(name) for name in DATASETS}
    for engine in ("sklearn", "weka"):  # warm-up: numba compilation, JVM start
        for classifier in CLASSIFIERS:
            _timed(data["spectf"], classifier, engine)
    rows, totals = [], {"sklearn": 0.0, "weka": 0.0}
    for name in DATASETS:
        for classifier in CLASSIFIERS:
            best = {"sklearn": np.inf, "weka": np.inf}
            proba = {}
            for _ in range(args.repeat):
                for engine in ("sklearn", "weka"):
                    seconds, proba[engine] = _timed(data[name], classifier, engine)
                    best[engine] = min(best[engine], seconds)
            diff = float(np.max(np.abs(proba["sklearn"] - np.clip(proba["weka"], 0, 1))))
            for engine in totals:
                totals[engine] += best[engine]
            rows.append((name, classifier, best["sklearn"], best["weka"], diff))
            print(
                f"{name:16s} {classifier:13s} costlab {best['sklearn']:7.2f} s  "
                f"Weka {best['weka']:7.2f} s  ratio {best['sklearn'] / best['weka']:5.2f}x  "
                f"max |diff| {diff:.1e}",
                flush=True,
            )
    speedup = totals["weka"] / totals["sklearn"]
    print(
        f"total: costlab {totals['sklearn']:.1f} s, Weka {totals['weka']:.1f} s: "
        f"costlab is {speedup:.2f}x faster"
    )
    if args.write:
        lines = [
            "# The thesis's 16 cross-validations: costlab's engine against the Weka engine",
            "",
            f"`python benchmarks/bench_thesis_engines.py --repeat {args.repeat} --write` on "
            f"the project's 2-core machine ({platform.python_version()}, one core per engine, "
            "best of the runs per cell; the ratios, not the seconds, are what to read).",
            "",
            "| dataset | classifier | costlab (s) | Weka engine (s) | ratio | max abs. diff |",
            "|---|---|---|---|---|---|",
            *(
                f"| {d} | {c} | {a:.2f} | {b:.2f} | {a / b:.2f}x | {e:.1e} |"
                for d, c, a, b, e in rows
            ),
            f"| **total** | | **{totals['sklearn']:.1f}** | **{totals['weka']:.1f}** | "
            f"**{totals['sklearn'] / totals['weka']:.2f}x** | |",
            "",
            f"costlab's engine runs the 16 cross-validations {speedup:.2f}x faster than real "
            "Weka (the target: at least 2x).",
        ]
        RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
