"""Compile the Weka-exact kernels into numba's on-disk cache once, before the test workers start.

numba compiles a kernel on its first call and keeps the machine code on disk (``cache=True``).
With a cold cache (a fresh clone, or any edit under ``costlab/classifiers/_weka``, which
recompiles the whole package: see ``numba_cache``), every pytest-xdist worker would compile
J48's kernels (about 55 s on one core of the 2-core machine) and RandomTree's (about 30 s) by
itself, whichever of its tests fits a tree first, and every notebook kernel or subprocess
started before the cache is written would do it again. :class:`Warmup` compiles them once, J48's
and RandomTree's in two processes side by side, and the workers then load them from the cache
(under a second). ``tests/conftest.py`` starts it in the xdist controller only (a run in one
process compiles each kernel once anyway), while the workers start and collect the tests, and
waits for it before the first test is handed out.

numba compiles a kernel's whole call tree from its argument types, and the estimators hand the
kernels one type per argument (``costlab.classifiers._weka.arrays``), so one small fit and
prediction of each estimator compiles what every test uses; the metrics' few kernels come along.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path


def _data():
    import numpy as np

    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 3))
    X[5, 1] = np.nan  # a missing value: the same kernels, their missing-value branches
    y = (X[:, 0] + 0.5 * rng.normal(size=60) > 0).astype(int)
    return X, y


def j48():
    """J48 pruned and unpruned, and AdaBoostM1 over J48 (weighted instances)."""
    from costlab.classifiers import J48, WekaAdaBoostM1

    X, y = _data()
    for model in (J48(), J48(unpruned=True), WekaAdaBoostM1(base="J48", n_estimators=3)):
        model.fit(X, y).predict_proba(X)


def forest():
    """RandomForest and RandomTree, Weka's folds (Java's generator), and the metrics' kernels
    (the engine's weighted counts and hull, the bootstrap's tallies, EM's prior): J48 takes the
    longest, and this process has the time."""
    import numpy as np

    from costlab import metrics
    from costlab.classifiers import WekaRandomForest
    from costlab.evaluation.folds import weka_folds

    X, y = _data()
    WekaRandomForest(n_estimators=3).fit(X, y).predict_proba(X)
    list(weka_folds(y, 10, 1))
    score, weight = X[:, 0], np.linspace(0.5, 1.5, y.size)
    for sample_weight in (None, weight):
        metrics.roc_convex_hull(y, score, sample_weight=sample_weight)
        metrics.bootstrap_mtmcs(y, score, n_resamples=5, sample_weight=sample_weight)
    metrics.em_prior(1 / (1 + np.exp(-score)), 0.4)


PARTS = {"j48": j48, "forest": forest}


class Warmup:
    """Every part compiling in its own process, importing costlab from ``rootdir``: started at
    once; :meth:`wait` for them (the test command's workers start and collect meanwhile)."""

    def __init__(self, rootdir: Path):
        paths = [str(rootdir), os.environ.get("PYTHONPATH")]
        env = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, paths))}
        self.start = time.perf_counter()
        self.processes = {
            part: subprocess.Popen(
                [sys.executable, __file__, part],
                cwd=rootdir,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for part in PARTS
        }

    def wait(self) -> tuple[float, list[str]]:
        """The seconds since the start and the error output of any part that failed (the tests
        that need the kernels then compile them, and fail, on their own)."""
        failures = []
        for part, process in self.processes.items():
            _, err = process.communicate()
            if process.returncode:
                failures.append(f"{part} (exit {process.returncode}): {err.strip()[-2000:]}")
        return time.perf_counter() - self.start, failures


if __name__ == "__main__":
    PARTS[sys.argv[1]]()
