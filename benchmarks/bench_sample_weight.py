#!/usr/bin/env python
"""Benchmark: what ``sample_weight`` costs, weighted against unweighted, side by side.

    python benchmarks/bench_sample_weight.py            # n = 1e6
    python benchmarks/bench_sample_weight.py --n 100000 1000000

The unweighted engine sorts 64-bit keys that pack each score with its label and needs no
permutation; the weighted one needs the permutation (one stable ``argsort``) to carry the
weights, then cumulative sums. Measured for the exact MTMCS curve, the cost envelope and the
H measure on continuous scores (every score distinct) and on probabilities rounded to 3
decimals (many ties), all in one process, best of ``--repeat`` runs. Prints a Markdown table
of times and the weighted / unweighted ratio (issue 18's budget: <= 1.5x at n = 1e6).
"""

from __future__ import annotations

import argparse
import timeit

import numpy as np

from costlab.metrics import cost_envelope, h_measure, mtmcs_curve


def best_time(func, repeat):
    """The fastest of ``repeat`` single calls (``timeit``; garbage collection paused)."""
    return min(timeit.repeat(func, number=1, repeat=repeat))


FUNCTIONS = {
    "mtmcs_curve (exact)": lambda y, s, w: mtmcs_curve(y, s, sample_weight=w),
    "cost_envelope": lambda y, s, w: cost_envelope(y, s, sample_weight=w),
    "h_measure": lambda y, s, w: h_measure(y, s, sample_weight=w),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--n", type=int, nargs="+", default=[1_000_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print("| n | scores | function | unweighted (s) | weighted (s) | ratio |")
    print("|---|---|---|---|---|---|")
    for n in args.n:
        rng = np.random.default_rng(0)
        y = (rng.random(n) < 0.3).astype(np.int64)
        continuous = 1.0 / (1.0 + np.exp(-(rng.normal(size=n) * 1.5 + 1.2 * y - 1.0)))
        w = rng.integers(1, 5, n).astype(np.float64)
        for kind, s in (("continuous", continuous), ("rounded to 1e-3", continuous.round(3))):
            for name, f in FUNCTIONS.items():
                plain = best_time(lambda f=f, y=y, s=s: f(y, s, None), args.repeat)
                weighted = best_time(lambda f=f, y=y, s=s, w=w: f(y, s, w), args.repeat)
                print(
                    f"| {n:,} | {kind} | {name} | {plain:.3f} | {weighted:.3f} | "
                    f"{weighted / plain:.2f}x |"
                )


if __name__ == "__main__":
    main()
