#!/usr/bin/env python
"""Benchmark: a cost-range leaderboard, paired draws along one sort against a naive loop.

    python benchmarks/bench_leaderboard.py                 # n = 1,000; 10 and 50 runs
    python benchmarks/bench_leaderboard.py --n 5000 --resamples 100 --repeat 3

:func:`costlab.metrics.rank_over_cost_range` (behind :func:`costlab.evaluation.leaderboard`)
sorts each run's scores once and reads every resample as a weighting of the rows along that
order (the resampling family's draws), computing each run's exact MTMCS curve and H from one
hull per resample. The naive way, timed beside it in the same process on the same data: draw
each resample's rows, and call the public :func:`costlab.metrics.mtmcs_curve` and
:func:`costlab.metrics.h_measure` on them for every run (a sort per run and resample). Both
give the same measures for the same resampled rows. Times are the best of ``--repeat`` runs in
CPU time of this process; the ratio is naive / leaderboard. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import time
import timeit

import numpy as np

from costlab.metrics import cost_ratio_grid, h_measure, mtmcs_curve, rank_over_cost_range
from costlab.metrics.resampling._draws import stratified_resample

FP = cost_ratio_grid(0.05, 0.35)


def best_time(func, repeat):
    """The fastest of ``repeat`` calls, in CPU time of this process."""
    return min(timeit.repeat(func, number=1, repeat=repeat, timer=time.process_time))


def problem(n, k, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.uniform(size=n) < 0.3).astype(int)
    return y, {f"run {i}": y * rng.uniform(0.3, 2.0) + rng.normal(0, 1, n) for i in range(k)}


def naive(y, scores, resamples, seed=0):
    """Each resample's rows drawn, then the public functions on them for every run."""
    rng = np.random.default_rng(seed)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    out = []
    for _ in range(resamples):
        take = stratified_resample(rng, pos, neg)
        for s in scores.values():
            curve = mtmcs_curve(y[take], s[take], fp_costs=FP, pos_label=1)["mtmcs"].to_numpy()
            out.append((curve.sum(), h_measure(y[take], s[take], pos_label=1)))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--runs", type=int, nargs="+", default=[10, 50])
    parser.add_argument("--resamples", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print("| n | runs | resamples | leaderboard (s) | naive loop (s) | naive / leaderboard |")
    print("|---:|---:|---:|---:|---:|---:|")
    for k in args.runs:
        y, scores = problem(args.n, k)
        fast = best_time(
            lambda y=y, scores=scores: rank_over_cost_range(
                y, scores, fp_costs=FP, n_resamples=args.resamples
            ),
            args.repeat,
        )
        slow = best_time(lambda y=y, scores=scores: naive(y, scores, args.resamples), args.repeat)
        print(
            f"| {args.n:,} | {k} | {args.resamples} | {fast:.2f} | {slow:.2f} | {slow / fast:.1f} |"
        )


if __name__ == "__main__":
    main()
