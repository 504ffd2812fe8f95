#!/usr/bin/env python
"""Benchmark: per-example costs against the class-level engine, side by side.

    python benchmarks/bench_example_costs.py            # n = 1e6
    python benchmarks/bench_example_costs.py --n 100000 1000000 --repeat 7

A cost model of simulated loans (a default loses the loan's amount, a refused good customer 10 %
of it plus 300; amounts log-normal) is read by the class-level engine through its regret
weights (:meth:`costlab.metrics.CostModel.weights`, computed inside each timed call): the exact
MTMCS curve, the cost envelope (the lower envelope of the cost curves) and the H measure, each
against the same function with class-level costs (no weights). ``savings_curve`` (the best
threshold's savings at each of the thesis's 19 cost ratios, with its own sort and hull) is set
against the class-level exact MTMCS curve over the same 19 ratios. Scores continuous (every
score distinct) and rounded to 3 decimals (many ties), all in one process, best of
``--repeat`` runs. Prints a Markdown table of times and the per-example / class-level ratio
(issue 36's budget: <= 1.5x at n = 1e6).
"""

from __future__ import annotations

import argparse
import timeit

import numpy as np

from costlab.metrics import cost_envelope, cost_model, h_measure, mtmcs_curve, savings_curve


def best_time(func, repeat):
    """The fastest of ``repeat`` single calls (``timeit``; garbage collection paused)."""
    return min(timeit.repeat(func, number=1, repeat=repeat))


#: name -> (class-level call, per-example call), each f(y, s, costs)
PAIRS = {
    "mtmcs_curve (exact)": (
        lambda y, s, c: mtmcs_curve(y, s),
        lambda y, s, c: mtmcs_curve(y, s, sample_weight=c.weights(y)),
    ),
    "cost_envelope": (
        lambda y, s, c: cost_envelope(y, s),
        lambda y, s, c: cost_envelope(y, s, sample_weight=c.weights(y)),
    ),
    "h_measure": (
        lambda y, s, c: h_measure(y, s),
        lambda y, s, c: h_measure(y, s, sample_weight=c.weights(y)),
    ),
    "savings_curve vs mtmcs_curve": (
        lambda y, s, c: mtmcs_curve(y, s),
        lambda y, s, c: savings_curve(y, s, c),
    ),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--n", type=int, nargs="+", default=[1_000_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print("| n | scores | function | class-level (s) | per-example (s) | ratio |")
    print("|---|---|---|---|---|---|")
    for n in args.n:
        rng = np.random.default_rng(0)
        y = (rng.random(n) < 0.3).astype(np.int64)
        continuous = 1.0 / (1.0 + np.exp(-(rng.normal(size=n) * 1.5 + 1.2 * y - 1.0)))
        amount = rng.lognormal(8.0, 1.0, n)
        costs = cost_model(fp=0.1 * amount + 300.0, fn=amount)
        for kind, s in (("continuous", continuous), ("rounded to 1e-3", continuous.round(3))):
            for name, (plain, per_example) in PAIRS.items():
                a = best_time(lambda f=plain, y=y, s=s, c=costs: f(y, s, c), args.repeat)
                b = best_time(lambda f=per_example, y=y, s=s, c=costs: f(y, s, c), args.repeat)
                print(f"| {n:,} | {kind} | {name} | {a:.3f} | {b:.3f} | {b / a:.2f}x |")


if __name__ == "__main__":
    main()
