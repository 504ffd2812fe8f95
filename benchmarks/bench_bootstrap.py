#!/usr/bin/env python
"""Benchmark: one bootstrap resample against one argsort, old (a sort per resample) and new.

    python benchmarks/bench_bootstrap.py                  # n = 1e5 and 1e6
    python benchmarks/bench_bootstrap.py --n 1000000 --repeat 9

Until commit 4dee634 every resample of :mod:`costlab.metrics.resampling` drew row indices and
recomputed its curve from the resampled rows, sorting the scores again. Now the scores are
sorted once per model and a resample is a weighting of the rows along that order (how many
times each row is drawn), read in one O(n) pass. Timed here, side by side in one process, at
each n:

* one ``np.argsort`` of the scores (the unit of the ratios);
* one resample of :func:`costlab.metrics.bootstrap_mtmcs` (stratified draw, exact MTMCS on the
  thesis's 19 cost ratios), one paired resample of :func:`costlab.metrics.paired_bootstrap`
  (one draw, two models) and one resample of :func:`costlab.metrics.bootstrap_decision_curves`
  (score-driven, 100 p_t), each by
  - the old code path as it was at commit 4dee634: the body of the loop over resamples, copied
    below, with the engine as it was there (the ROC hull's monotone chain as a Python loop, the
    score-driven curve built with gathers and ``column_stack``);
  - the same old loop on today's engine (compiled chain, score-driven curve from slices), which
    isolates what the weighting itself gains;
  - the new code path (the body of the loop now);
* the new public functions' own cost per resample, (time with 32 resamples - time with 2) / 30,
  which includes everything the loop does;
* the one-off sort per model the new path pays before the first resample.

Every time is the best of ``--repeat`` runs in CPU time (``timeit`` with ``time.process_time``,
garbage collection paused); a resample's time is the mean of 5 consecutive resamples, each
drawing afresh (the hull's work varies with the draw). Scores are continuous (every
score distinct), 30 % positives. Prints a Markdown table; the targets (issue "bands at the cost
of one pass") are a resample <= 0.4x and a paired resample <= 0.6x one argsort.
"""

from __future__ import annotations

import argparse
import time
import timeit
from contextlib import contextmanager

import numpy as np

from costlab.metrics import bootstrap_decision_curves, bootstrap_mtmcs, paired_bootstrap
from costlab.metrics.engine import hull as hull_module
from costlab.metrics.engine._counts import class_counts
from costlab.metrics.mtmcs.measures import cost_ratio_grid
from costlab.metrics.resampling._draws import _Draws, stratified_resample
from costlab.metrics.resampling._exact_mtmcs import _mtmcs_of_counts
from costlab.metrics.resampling.mtmcs_bootstrap import mtmcs_of_scores
from costlab.metrics.threshold_choice.decision_curve import DecisionCurve
from costlab.metrics.threshold_choice.methods import ThresholdChoiceCurve, _curve_from_counts

GRID = np.linspace(0.0, 0.99, 100)  # bootstrap_decision_curves' default p_t
FP = cost_ratio_grid()  # bootstrap_mtmcs' default cost ratios


def best_time(func, repeat):
    """The fastest of ``repeat`` single calls in CPU time of this process (``timeit`` with
    ``time.process_time``; garbage collection paused): on a shared machine, time the scheduler
    gives to other work is not counted. Everything timed here runs on one thread."""
    return min(timeit.repeat(func, number=1, repeat=repeat, timer=time.process_time))


# -- the old code path (commit 4dee634): draw rows, recompute from them --------------------


def old_mtmcs(rng, is_pos, s, pos, neg):
    take = stratified_resample(rng, pos, neg)
    return mtmcs_of_scores(is_pos[take], s[take], FP, None)


def old_paired(rng, is_pos, scores, pos, neg):
    take = stratified_resample(rng, pos, neg)
    return [mtmcs_of_scores(is_pos[take], s[take], FP, None) for s in scores]


def old_decision(rng, is_pos, s, pos, neg, as_before=True):
    take = stratified_resample(rng, pos, neg)
    counts = class_counts(is_pos[take], s[take], None)
    if not as_before:
        return DecisionCurve(_curve_from_counts(counts, "score-driven", "cost"))(GRID)
    knots, fpr, tpr, thresholds = _old_score_driven(counts)
    prevalence = counts.n_pos / (counts.n_neg + counts.n_pos)
    curve = ThresholdChoiceCurve("score-driven", "cost", prevalence, knots, fpr, tpr, thresholds)
    return DecisionCurve(curve)(GRID)


@contextmanager
def engine_as_before():
    """The ROC hull's monotone chain as the Python loop it was at commit 4dee634."""
    compiled = hull_module.upper_chain
    hull_module.upper_chain = lambda x, y: None
    try:
        yield
    finally:
        hull_module.upper_chain = compiled


def _old_score_driven(counts):
    """methods._score_driven as of commit 4dee634 (gathers where slices now do)."""
    values = counts.values
    lo = int(np.searchsorted(values, 0.0, side="right"))
    hi = int(np.searchsorted(values, 1.0, side="left"))
    knots = np.concatenate(([0.0], values[lo:hi], [1.0]))
    g = lo + np.arange(hi - lo + 1)
    neg_below = np.where(g > 0, counts.neg_le[np.maximum(g - 1, 0)], 0)
    pos_below = np.where(g > 0, counts.pos_le[np.maximum(g - 1, 0)], 0)
    fp, tp = counts.n_neg - neg_below, counts.n_pos - pos_below
    fpr, tpr = fp / counts.n_neg, tp / counts.n_pos
    thresholds = np.where(g < values.size, values[np.minimum(g, values.size - 1)], np.inf)
    return knots, np.column_stack((fpr, fpr)), np.column_stack((tpr, tpr)), thresholds


# -- the new code path: one sort per model, a resample is counts per row ---------------------


def new_mtmcs(rng, draws, order, out):
    return _mtmcs_of_counts(order.counts(draws.draw(rng), out=out), FP)


def new_paired(rng, draws, orders, out):
    counts = draws.draw(rng)
    return [_mtmcs_of_counts(order.counts(counts, out=out), FP) for order in orders]


def new_decision(rng, draws, order, out):
    counts = order.counts(draws.draw(rng), out=out)
    return DecisionCurve(_curve_from_counts(counts, "score-driven", "cost"))(GRID)


def per_call(func, repeat, calls=5):
    """The cost of one resample: the best over ``repeat`` runs of the mean of ``calls``
    consecutive resamples (each draws afresh, so a lucky draw does not set the time)."""
    return best_time(lambda: [func() for _ in range(calls)], repeat) / calls


def per_resample(call, repeat, extra=30):
    """The public function's cost per resample: (2 + extra resamples - 2 resamples) / extra."""
    return (best_time(lambda: call(2 + extra), repeat) - best_time(lambda: call(2), repeat)) / extra


def measure(n, r):
    """Rows of the table at n rows: (resample, argsort, old as before, old loop on today's
    engine, new, public, one-off sort)."""
    data = np.random.default_rng(0)
    y = (data.random(n) < 0.3).astype(np.int64)
    is_pos = y == 1
    z = data.normal(size=n) * 1.5 + 1.2 * y - 1.0
    s1 = 1.0 / (1.0 + np.exp(-z))
    s2 = 1.0 / (1.0 + np.exp(-(z + data.normal(size=n))))  # a noisier second model
    pos, neg = np.flatnonzero(is_pos), np.flatnonzero(~is_pos)
    sort = best_time(lambda: np.argsort(s1), r)
    draws = _Draws(is_pos, stratified=True)
    setup = best_time(lambda: draws.sort(s1), r)
    o1, o2 = draws.sort(s1), draws.sort(s2)
    out = o1.buffers()
    rng = np.random.default_rng(1)
    cases = {
        "bootstrap_mtmcs": (
            lambda: old_mtmcs(rng, is_pos, s1, pos, neg),
            lambda: old_mtmcs(rng, is_pos, s1, pos, neg),
            lambda: new_mtmcs(rng, draws, o1, out),
            lambda b: bootstrap_mtmcs(y, s1, n_resamples=b),
            setup,
        ),
        "paired_bootstrap, 2 models": (
            lambda: old_paired(rng, is_pos, (s1, s2), pos, neg),
            lambda: old_paired(rng, is_pos, (s1, s2), pos, neg),
            lambda: new_paired(rng, draws, (o1, o2), out),
            lambda b: paired_bootstrap(y, {"a": s1, "b": s2}, n_resamples=b),
            2 * setup,
        ),
        "bootstrap_decision_curves": (
            lambda: old_decision(rng, is_pos, s1, pos, neg),
            lambda: old_decision(rng, is_pos, s1, pos, neg, as_before=False),
            lambda: new_decision(rng, draws, o1, out),
            lambda b: bootstrap_decision_curves(y, s1, n_resamples=b),
            setup,
        ),
    }
    rows = []
    for name, (old, old_today, new, public, once) in cases.items():
        with engine_as_before():
            t_old = per_call(old, r)
        rows.append(
            (name, sort, t_old, per_call(old_today, r), per_call(new, r),
             per_resample(public, r), once)
        )  # fmt: skip
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--n", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    print(
        "| n | argsort (s) | resample | old (s) | old x argsort | old loop, today's engine "
        "x argsort | new (s) | new x argsort | public function, per resample x argsort "
        "| one-off sort x argsort |"
    )
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.n:
        for name, sort, t_old, t_today, t_new, t_pub, once in measure(n, args.repeat):
            print(
                f"| {n:.0e} | {sort:.4f} | {name} | {t_old:.4f} | {t_old / sort:.2f} "
                f"| {t_today / sort:.2f} | {t_new:.4f} | {t_new / sort:.2f} "
                f"| {t_pub / sort:.2f} | {once / sort:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
