#!/usr/bin/env python
"""Benchmark: exact decision and threshold-choice (Brier) curves against one argsort.

    python benchmarks/bench_decision_brier.py                 # n = 1e6 and 1e7
    python benchmarks/bench_decision_brier.py --n 100000 1000000

Each curve is built from one sort of the scores and linear passes (class counts at every
distinct score, then the pieces), so its time should be a small multiple of one ``np.argsort``
of the same scores at every n, and grow as n log n: the ratio column stays flat as n grows.
Beside it, what decision-curve tools usually do: net benefit on a 100-point grid of p_t, one
pass over the data per threshold (exact only at those 100 points). All times are the best of
``--repeat`` runs, measured side by side in one process. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import timeit

import numpy as np

from costlab.metrics import decision_curve, threshold_choice_curves


def best_time(func, repeat):
    """The fastest of ``repeat`` single calls (``timeit``; garbage collection paused)."""
    return min(timeit.repeat(func, number=1, repeat=repeat))


def grid_net_benefit(y, p, grid):
    """Net benefit on a grid, one pass over the data per threshold (the usual approach)."""
    n = y.size
    out = np.empty(grid.size)
    for k, t in enumerate(grid):
        treated = p >= t
        tp = np.count_nonzero(treated & (y == 1))
        fp = np.count_nonzero(treated & (y == 0))
        out[k] = tp / n - fp / n * t / (1 - t)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--n", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rows = []
    grid = np.linspace(0.0, 0.99, 100)
    for n in args.n:
        rng = np.random.default_rng(0)
        y = (rng.random(n) < 0.3).astype(np.int64)
        p = 1.0 / (1.0 + np.exp(-(rng.normal(size=n) * 1.5 + 1.2 * y - 1.0)))
        sort = best_time(lambda p=p: np.argsort(p), args.repeat)
        dc = best_time(lambda y=y, p=p: decision_curve(y, p)(grid), args.repeat)
        tc = best_time(lambda y=y, p=p: threshold_choice_curves(y, p), args.repeat)
        naive = best_time(lambda y=y, p=p: grid_net_benefit(y, p, grid), args.repeat)
        rows.append((n, sort, dc, tc, naive))
    print(
        "| n | argsort (s) | decision curve, exact (s) | x argsort | 3 threshold-choice "
        "curves (s) | x argsort | NB on 100 p_t, a pass each (s) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n, sort, dc, tc, naive in rows:
        print(
            f"| {n:.0e} | {sort:.3f} | {dc:.3f} | {dc / sort:.2f} | {tc:.3f} | "
            f"{tc / sort:.2f} | {naive:.3f} |"
        )


if __name__ == "__main__":
    main()
