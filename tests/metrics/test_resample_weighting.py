"""Weightings of rows sorted once (issue "bands at the cost of one pass").

:meth:`costlab.metrics.engine._counts.SortedSample.counts` reads the class counts of any
weighting (a count per row) of rows sorted once. Checked here: those counts are the counts of
the rows repeated (rows taken 0 times absent, a score none of whose rows is taken no
threshold), and the compiled pass equals its numpy reference.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from costlab.metrics.engine import _kernels
from costlab.metrics.engine._counts import _reweighted_counts_numpy, class_counts, sort_sample
from costlab.metrics.engine.hull import hull_from_counts

# -- the counts of a weighting ---------------------------------------------------------------


@st.composite
def weightings(draw):
    n = draw(st.integers(2, 40))
    is_pos = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    # few distinct values (ties), both zeros, negative scores
    pool = st.sampled_from([-1.5, -0.0, 0.0, 0.1, 0.1 + 1e-17, 0.25, 0.5, 3.0])
    scores = np.array(draw(st.lists(pool, min_size=n, max_size=n)))
    counts = np.array(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)))
    counts[draw(st.integers(0, n - 1))] += 1  # at least one row taken
    weighted = draw(st.booleans())
    weight = None
    if weighted:
        weight = np.array(draw(st.lists(st.floats(0.01, 5.0), min_size=n, max_size=n)))
    slots = np.array(draw(st.permutations(range(n))))
    return is_pos, scores, counts, weight, slots


@settings(max_examples=200, deadline=None)
@given(problem=weightings())
def test_counts_of_a_weighting_are_those_of_the_repeated_rows(problem):
    is_pos, scores, counts, weight, slots = problem
    sample = sort_sample(is_pos, scores, weight, slots)
    per_slot = np.empty_like(counts)
    per_slot[slots] = counts  # row r's count sits at slots[r]
    got = sample.counts(per_slot)
    w = None if weight is None else np.repeat(weight, counts)
    expected = class_counts(np.repeat(is_pos, counts), np.repeat(scores, counts), w)
    np.testing.assert_array_equal(got.values, expected.values)
    assert np.signbit(got.values).sum() == np.signbit(expected.values).sum()  # -0.0 is +0.0
    if weight is None:
        assert got.neg_le.dtype == got.pos_le.dtype == np.int64
        np.testing.assert_array_equal(got.neg_le, expected.neg_le)
        np.testing.assert_array_equal(got.pos_le, expected.pos_le)
    else:
        np.testing.assert_allclose(got.neg_le, expected.neg_le, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(got.pos_le, expected.pos_le, rtol=1e-12, atol=1e-12)
    # the numpy reference sums in the same order: the same numbers, bit for bit
    reference = _reweighted_counts_numpy(sample, per_slot)
    for a, b in zip(
        (got.values, got.neg_le, got.pos_le),
        (reference.values, reference.neg_le, reference.pos_le),
        strict=True,
    ):
        np.testing.assert_array_equal(a, b)
    # int32 counts and reused buffers give the same counts
    again = sample.counts(per_slot.astype(np.int32), out=sample.buffers())
    np.testing.assert_array_equal(again.pos_le, got.pos_le)
    np.testing.assert_array_equal(again.values, got.values)


def test_a_score_whose_rows_are_all_drawn_zero_times_is_absent():
    is_pos = np.array([False, True, False, True, False])
    scores = np.array([0.1, 0.4, 0.4, 0.7, 0.9])
    sample = sort_sample(is_pos, scores)
    c = sample.counts(np.array([2, 0, 0, 1, 3]))  # both rows at 0.4 absent
    assert c.values.tolist() == [0.1, 0.7, 0.9]
    assert c.neg_le.tolist() == [2, 2, 5] and c.pos_le.tolist() == [0, 1, 1]
    hull = hull_from_counts(c)
    assert 0.4 not in hull.thresholds
    c = sample.counts(np.array([1, 0, 1, 1, 1]))  # one of the two rows at 0.4 is drawn
    assert c.values.tolist() == [0.1, 0.4, 0.7, 0.9]


def test_counts_refuse_a_count_array_of_another_length():
    sample = sort_sample(np.array([False, True]), np.array([0.2, 0.8]))
    with pytest.raises(ValueError, match="one count per row"):
        sample.counts(np.array([1, 1, 1]))


@pytest.mark.parametrize("compiled", [True, False])
def test_tally_is_a_bincount_into_a_buffer(monkeypatch, compiled):
    if not compiled:
        monkeypatch.setattr(_kernels, "HAVE_NUMBA", False)
    rng = np.random.default_rng(0)
    index = rng.integers(0, 7, size=50)
    for dtype in (np.int32, np.int64):
        out = np.zeros(10, dtype=dtype)
        _kernels.tally(index, out, offset=3)
        _kernels.tally(index[:5], out)
        expected = np.r_[np.zeros(3, int), np.bincount(index, minlength=7)]
        expected[:7] += np.bincount(index[:5], minlength=7)
        np.testing.assert_array_equal(out, expected)
