"""What the test command's controller sets up for its pytest-xdist workers (tests/conftest.py):
one thread per BLAS and OpenMP pool, and numba's cache of the Weka kernels compiled before the
workers start (tests/_numba_warmup.py), both checked only in a worker of the test command."""

import os

import numpy as np
import pytest

IN_A_WORKER = pytest.mark.skipif(
    "PYTEST_XDIST_WORKER" not in os.environ, reason="checks the set-up of pytest-xdist's workers"
)


@IN_A_WORKER
def test_every_thread_pool_has_the_threads_the_controller_set():
    import scipy.linalg  # noqa: F401  (loads scipy's OpenBLAS)
    import sklearn.cluster  # noqa: F401  (loads scikit-learn's OpenMP)
    from threadpoolctl import threadpool_info

    expected = {
        "openblas": int(os.environ["OPENBLAS_NUM_THREADS"]),
        "openmp": int(os.environ["OMP_NUM_THREADS"]),
    }
    pools = threadpool_info()
    assert {pool["internal_api"] for pool in pools} >= set(expected)
    for pool in pools:
        assert pool["num_threads"] == expected.get(pool["internal_api"], 1), pool


@IN_A_WORKER
def test_the_weka_kernels_come_from_the_cache_the_controller_wrote():
    from costlab.classifiers import J48, WekaRandomForest
    from costlab.classifiers._weka import j48_kernels, j48_predict, random_tree_kernels

    X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 0.0]])
    y = [0, 0, 1, 1]
    J48().fit(X, y).predict_proba(X)
    WekaRandomForest(n_estimators=2).fit(X, y).predict_proba(X)
    for kernel in (j48_kernels.build, j48_predict.predict, random_tree_kernels.grow_tree):
        assert not kernel.stats.cache_misses, f"{kernel.__name__} compiled in this worker"
