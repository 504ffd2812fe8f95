"""The thesis's grid searches without a materialised grid (issue 8, item 6): equal to the
previous implementation (tests/_reference_grid.py) to the bit, at any step, in O(n) memory."""

import tracemalloc

import numpy as np
import pandas as pd
from _reference_grid import optimized, thorough
from hypothesis import given, settings
from hypothesis import strategies as st

from costlab.metrics import mtmcs_curve

STEPS = [1e-5, 1e-4, 1e-3, 1e-2, 0.05, 0.3, 1.0]


def _score(step):
    near_grid = st.tuples(st.integers(0, 100), st.sampled_from([0.0, 1e-12, -1e-12, 4e-11])).map(
        lambda t: min(max(round(t[0] * 0.01 + t[1], 12), 0.0), 1.0)
    )
    return st.one_of(st.floats(0, 1), st.sampled_from([0.0, 0.5, 1.0, 0.3, 0.7]), near_grid)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 40).flatmap(
        lambda n: st.tuples(
            st.lists(st.sampled_from([1, 2]), min_size=n, max_size=n).filter(
                lambda v: len(set(v)) == 2
            ),
            st.lists(_score(None), min_size=n, max_size=n),
        )
    ),
    st.sampled_from(STEPS),
    st.lists(st.floats(0.001, 0.999).map(lambda v: round(v, 6)), min_size=1, max_size=8),
)
def test_grid_searches_equal_the_materialised_grid(data, step, extra):
    y, p = np.array(data[0]), np.array(data[1], dtype=float)
    fp = np.r_[np.round(np.arange(1, 20) * 0.05, 10), 0.5, extra]
    fn = np.round(1 - fp, 10)
    left = fn >= 1 - fn
    for search, reference in (("thorough", thorough), ("optimized", optimized)):
        ours = mtmcs_curve(
            y, p, pos_label=2, fp_costs=fp, search=search, step=step, score_of="negative"
        )
        expected = reference(y == 2, p, fp, left, step)
        columns = ["mtmcs", "threshold", "fp_rate", "fn_rate"]
        frame = pd.DataFrame(dict(zip(columns, expected, strict=True)))
        pd.testing.assert_frame_equal(ours[columns], frame, check_exact=True)


def test_a_step_of_1e_9_runs_in_linear_memory_and_thorough_finds_the_minimum():
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(5000), 2 * np.ones(5000)].astype(int)
    p = np.round(np.clip(rng.normal(0.6, 0.2, 10_000) - 0.2 * (y == 2), 0, 1), 6)
    tracemalloc.start()
    fine = mtmcs_curve(y, p, pos_label=2, search="thorough", step=1e-9, score_of="negative")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 20 * 1024**2  # the old grid of 1e9 thresholds would need 7.5 GiB
    exact = mtmcs_curve(y, p, pos_label=2, search="exact", score_of="negative")
    # scores 1e-6 apart, grid 1e-9: every cut is reachable, so thorough finds the minimum
    np.testing.assert_allclose(fine["mtmcs"], exact["mtmcs"], atol=1e-9)
    tiny = mtmcs_curve(y, p, pos_label=2, search="optimized", step=1e-12, score_of="negative")
    assert np.all(tiny["mtmcs"] >= exact["mtmcs"] - 1e-9)


def test_steps_below_1e_12_equal_1e_12():
    rng = np.random.default_rng(2)
    y = rng.integers(1, 3, 200)
    p = np.round(rng.random(200), 4)
    for search in ("thorough", "optimized"):
        ref = mtmcs_curve(y, p, pos_label=2, search=search, step=1e-12, score_of="negative")
        for step in (1e-20, 1e-300, 5e-324):
            pd.testing.assert_frame_equal(
                mtmcs_curve(y, p, pos_label=2, search=search, step=step, score_of="negative"),
                ref,
                check_exact=True,
            )
