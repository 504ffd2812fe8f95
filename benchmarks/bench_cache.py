#!/usr/bin/env python
"""Benchmark: the price of a cache that verifies its hits, against trusting them and no cache.

    OMP_NUM_THREADS=1 python benchmarks/bench_cache.py --quick  # the study's quick settings
    OMP_NUM_THREADS=1 python benchmarks/bench_cache.py --write  # the thesis's, two datasets

A hit of :func:`costlab.evaluation.cross_val_proba` (``cache=True``) is proven by its key when
the model is made solely of costlab's code, and otherwise verified by recomputing the fold that
was cheapest to compute and comparing it bit for bit; ``cache="trust"`` returns any hit
unverified. Timed side by side in one process, in a fresh temporary cache:

* (a) Al-Saffar (2018)'s 16 cross-validations (the study's four datasets and four registered
  classifiers, with the study's parameters; ``--quick``: its quick run's 20 trees per forest):
  computed (no cache, which also fills it), then rerun cached and verified (here proven by key)
  and cached and trusted;
* (b) a ten-model user run, ten scikit-learn estimators on the mirrored numeric datasets
  spectf and messidor (``--quick``: spectf only): uncached, then cached and verified (one fold
  recomputed per model) and cached and trusted.

Every run is one process (``n_jobs=1``; run it with ``OMP_NUM_THREADS=1`` for one core), timed
in CPU time of the process (``time.process_time``, so that what the scheduler gives to other
work on a shared machine is not counted), the best of ``--repeat`` runs for the cached reruns
(one run uncached). A warm-up compiles the numba kernels first. Writes
``benchmarks/cache_results.md`` with ``--write``.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import tempfile
import time
import warnings
from pathlib import Path

from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.ensemble import (
    AdaBoostClassifier,
    ExtraTreesClassifier,
    HistGradientBoostingClassifier,
    RandomForestClassifier,
)
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from costlab.datasets import load_dataset
from costlab.evaluation import run_experiments
from costlab.studies.alsaffar2018.published import CLASSIFIERS, DATASETS

RESULTS = Path(__file__).with_name("cache_results.md")


def user_models():
    """Ten scikit-learn estimators a user might cross-validate (seeded by the run)."""
    return {
        "LogisticRegression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
        "GaussianNB": GaussianNB(),
        "KNeighbors": make_pipeline(StandardScaler(), KNeighborsClassifier(15)),
        "DecisionTree": DecisionTreeClassifier(min_samples_leaf=5),
        "RandomForest": RandomForestClassifier(n_estimators=100),
        "ExtraTrees": ExtraTreesClassifier(n_estimators=100),
        "HistGradientBoosting": HistGradientBoostingClassifier(),
        "AdaBoost": AdaBoostClassifier(),
        "LDA": LinearDiscriminantAnalysis(),
        "SVC": make_pipeline(StandardScaler(), SVC(probability=True)),
    }


def _run(datasets, models, params, cache, cache_dir):
    start = time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence chatter of the user models
        run = run_experiments(
            datasets,
            models,
            classifier_params=params,
            cache=cache,
            cache_dir=cache_dir,
            progress=False,
            n_jobs=1,
        )
    return time.process_time() - start, run


def _side_by_side(datasets, models, params, repeat):
    """Seconds uncached (filling the cache), cached and verified, cached and trusted."""
    with tempfile.TemporaryDirectory() as cache_dir:
        uncached, _ = _run(datasets, models, params, True, cache_dir)  # a miss: computes
        verified = trusted = float("inf")
        for _ in range(repeat):
            seconds, run = _run(datasets, models, params, True, cache_dir)
            verified = min(verified, seconds)
            seconds, _ = _run(datasets, models, params, "trust", cache_dir)
            trusted = min(trusted, seconds)
        origins = sorted({re.sub(r": .*\)", ")", r.origin) for r in run.results.values()})
    return {"uncached": uncached, "verified": verified, "trusted": trusted, "origins": origins}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the study's quick settings")
    parser.add_argument("--repeat", type=int, default=3, help="cached reruns, best kept")
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.name}")
    args = parser.parse_args(argv)
    thesis = {name: load_dataset(name) for name in DATASETS}
    user = {name: thesis[name] for name in (("spectf",) if args.quick else ("spectf", "messidor"))}
    thesis_params = {"IBk": {"k": 1}}
    if args.quick:
        thesis_params["RandomForest"] = {"n_estimators": 20}
    load = os.getloadavg()[0]
    _run({"spectf": thesis["spectf"]}, CLASSIFIERS, thesis_params, False, None)  # warm-up
    rows = {
        "(a) the thesis's 16 cross-validations": _side_by_side(
            thesis, CLASSIFIERS, thesis_params, args.repeat
        ),
        f"(b) ten scikit-learn models x {len(user)} dataset(s)": _side_by_side(
            user, user_models(), None, args.repeat
        ),
    }
    lines = _table(rows)
    print("\n".join(lines))
    if args.write:
        flags = " --quick" if args.quick else ""
        header = [
            "# The price of verified cache hits",
            "",
            f"`python benchmarks/bench_cache.py{flags} --repeat {args.repeat} --write` on the "
            f"project's 2-core machine (Python {platform.python_version()}, one process, "
            f"OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}, CPU time of the "
            f"process; cached reruns best of {args.repeat}, uncached one run; load average "
            f"{load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end, shared with other "
            "work). The ratios, not the seconds, are what to read.",
            "",
        ]
        RESULTS.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
        print(f"wrote {RESULTS}")


def _table(rows):
    lines = [
        "| run | uncached (s) | cached, verified (s) | cached, trusted (s) | "
        "verified / trusted | verified / uncached | origin of the hits |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, t in rows.items():
        lines.append(
            f"| {name} | {t['uncached']:.2f} | {t['verified']:.3f} | {t['trusted']:.3f} | "
            f"{t['verified'] / t['trusted']:.2f}x | {t['verified'] / t['uncached']:.3f}x | "
            f"{', '.join(t['origins'])} |"
        )
    return lines


if __name__ == "__main__":
    main()
