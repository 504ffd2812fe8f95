"""The ROC convex hull's calibration map: equal to isotonic regression (pool adjacent
violators) on the scores it was fitted on, monotone, in [0, 1], and by hand on a tiny example."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.isotonic import IsotonicRegression

from costlab.metrics import hull_calibration


def test_a_tiny_example_by_hand():
    # sorted by score: 0.9 (+), 0.6 (+), 0.4 (-), 0.3 (+), 0.2 (-), 0.1 (-); the hull's
    # segments: {0.9, 0.6} 2 of 2 positive, {0.4, 0.3} 1 of 2, {0.2, 0.1} 0 of 2
    calibration = hull_calibration([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9])
    assert calibration.thresholds.tolist() == [0.6, 0.3, 0.1]
    assert calibration.probabilities.tolist() == [1.0, 0.5, 0.0]
    # above the highest score: the first segment; below the lowest: the last; a bound is in
    # the segment it bounds from below
    assert calibration.predict([2.0, 0.6, 0.59, 0.3, 0.29, -1.0]).tolist() == [
        1.0, 1.0, 0.5, 0.5, 0.0, 0.0,
    ]  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.integers(0, 12)), min_size=2, max_size=60),
)
def test_equals_isotonic_regression_on_its_own_scores(rows):
    """Fawcett & Niculescu-Mizil (2007): PAV's fitted values are the hull's segment slopes
    (ties pooled: a score's instances are one point of both)."""
    y = np.array([r[0] for r in rows], dtype=int)
    y[:2] = [0, 1]
    s = np.array([r[1] for r in rows], dtype=float) / 12
    mapped = hull_calibration(y, s).predict(s)
    pav = IsotonicRegression(out_of_bounds="clip").fit(s, y).predict(s)
    np.testing.assert_allclose(mapped, pav, rtol=0, atol=1e-12)
    order = np.argsort(s)
    assert np.all(np.diff(mapped[order]) >= 0) and mapped.min() >= 0 and mapped.max() <= 1


def test_integer_weights_are_repeated_rows():
    rng = np.random.default_rng(0)
    y, s = rng.integers(0, 2, 40), rng.random(40).round(2)
    y[:2] = [0, 1]
    w = rng.integers(1, 4, 40)
    weighted = hull_calibration(y, s, sample_weight=w)
    repeated = hull_calibration(np.repeat(y, w), np.repeat(s, w))
    np.testing.assert_array_equal(weighted.thresholds, repeated.thresholds)
    np.testing.assert_allclose(weighted.probabilities, repeated.probabilities, rtol=1e-12)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="y_score"):
        hull_calibration([0, 1], [0.1, np.nan])
    with pytest.raises(ValueError, match="finite"):
        hull_calibration([0, 1], [0.1, 0.9]).predict([np.inf])
