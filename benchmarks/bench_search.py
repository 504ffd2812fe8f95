#!/usr/bin/env python
"""Benchmark: the exact threshold search against the thesis's searches at step 1e-5.

    python benchmarks/bench_search.py            # n = 1e3 .. 1e6, 19 cost ratios
    python benchmarks/bench_search.py --quick    # n = 1e3, 1e4

For each n the searches run side by side in the same process, interleaved, best of ``--repeat``
runs each, so the ratios are comparable on a noisy machine. Also times a literal
implementation of the thesis's algorithm (classify every instance at every threshold,
O(grid x n), thesis 4.3.1) for the sizes where it finishes in reasonable time.
Prints a Markdown table; ``--out FILE`` also writes it.
"""

from __future__ import annotations

import argparse
import timeit

import numpy as np

from costlab.metrics import classify, cost_ratio_grid, mtmcs_curve

#: The scores are P(class 1), the negative class's probability, searched as the thesis does.
SCORE_OF = "negative"


def synthetic(n, seed=0):
    """Labels (1 = class 2) and P(class 1) from two overlapping beta distributions."""
    rng = np.random.default_rng(seed)
    is_pos = rng.random(n) < 0.3
    p = np.where(is_pos, rng.beta(2, 4, n), rng.beta(4, 2, n))
    return is_pos.astype(int), np.round(p, 6)


def literal_thesis(y, p, step):
    """The thesis's optimized search as written in 4.5: classify all instances per threshold."""
    is_pos = y == 1
    out = []
    for fp_cost in cost_ratio_grid():
        fn_cost = 1 - fp_cost
        best = np.inf
        for k in range(int(round(1 / step)) + 1):
            t = fn_cost + (k if fn_cost >= 0.5 else -k) * step
            if t > 1 + 1e-12 or t < -1e-12:
                break
            pred = classify(p, t, score_of="negative", fn_cost=fn_cost)
            tmc = 100 * (np.mean(~pred[is_pos]) * fn_cost + np.mean(pred[~is_pos]) * fp_cost)
            best = min(best, tmc)
        out.append(best)
    return np.array(out)


def best_time(func, repeat):
    """The fastest of ``repeat`` single calls (``timeit``; garbage collection paused)."""
    return min(timeit.repeat(func, number=1, repeat=repeat))


def run(sizes, step, repeat, literal_max):
    rows = []
    for n in sizes:
        y, p = synthetic(n)
        cases = {
            "exact": lambda y=y, p=p: mtmcs_curve(y, p, search="exact", score_of=SCORE_OF),
            "optimized": lambda y=y, p=p: mtmcs_curve(
                y, p, search="optimized", step=step, score_of=SCORE_OF
            ),
            "thorough": lambda y=y, p=p: mtmcs_curve(
                y, p, search="thorough", step=step, score_of=SCORE_OF
            ),
        }
        if n <= literal_max:
            cases["literal thesis loop"] = lambda y=y, p=p: literal_thesis(y, p, step)
        seconds = {
            name: best_time(f, 1 if "literal" in name else repeat) for name, f in cases.items()
        }
        exact = mtmcs_curve(y, p, score_of=SCORE_OF)["mtmcs"].sum()
        optimized = mtmcs_curve(y, p, search="optimized", step=step, score_of=SCORE_OF)[
            "mtmcs"
        ].sum()
        rows.append((n, seconds, exact, optimized))
    return rows


def render(rows, step):
    names = ["exact", "optimized", "thorough", "literal thesis loop"]
    head = (
        "| n | "
        + " | ".join(f"{m} (s)" for m in names)
        + " | optimized / exact | MTMCR exact | MTMCR optimized |"
    )
    lines = [
        f"Threshold searches over 19 cost ratios, grid step {step:g}; best of repeats.",
        "",
        head,
        "|" + "---|" * (len(names) + 4),
    ]
    for n, sec, exact, optimized in rows:
        cells = [f"{sec[m]:.4f}" if m in sec else "-" for m in names]
        ratio = sec["optimized"] / sec["exact"]
        lines.append(
            f"| {n:,} | " + " | ".join(cells) + f" | {ratio:.1f}x | {exact:.2f} | {optimized:.2f} |"
        )
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="n = 1e3 and 1e4 only")
    parser.add_argument("--step", type=float, default=1e-5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--literal-max", type=int, default=2_000, help="largest n for the literal O(grid x n) loop"
    )
    parser.add_argument("--out", help="also write the Markdown table here")
    args = parser.parse_args(argv)
    sizes = [1_000, 10_000] if args.quick else [1_000, 10_000, 100_000, 1_000_000]
    text = render(run(sizes, args.step, args.repeat, args.literal_max), args.step)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")


if __name__ == "__main__":
    main()
