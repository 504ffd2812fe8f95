"""Bootstrap resamples as weights per row along one sorted order (issue "bands at the cost of
one pass").

Each bootstrap sorts every model's scores once and reads a resample's class counts from how
many times each row is drawn (:meth:`costlab.metrics.engine._counts.SortedSample.counts`).
Checked here: those counts are the counts of the rows repeated (rows drawn 0 times absent, a
score none of whose rows is drawn no threshold); the compiled pass equals its numpy reference;
and for every bootstrap function, each resample's curve equals the curve computed by the
public functions on the explicitly resampled rows of the same draw.
"""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_curve

from costlab import metrics
from costlab.metrics.engine import _kernels
from costlab.metrics.engine._counts import _reweighted_counts_numpy, class_counts, sort_sample
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.resampling._draws import _Draws, stratified_resample
from costlab.metrics.threshold_choice.methods import METHODS

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
@given(weighting=weightings())
def test_counts_of_a_weighting_are_those_of_the_repeated_rows(weighting):
    is_pos, scores, counts, weight, slots = weighting
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


# -- every bootstrap function against the explicitly resampled rows --------------------------


@pytest.fixture()
def recorded(monkeypatch):
    """Every draw the bootstraps make, as the count of each row (copies)."""
    draws = []
    draw = _Draws.draw

    def recording(self, rng):
        counts = draw(self, rng)
        per_row = counts if self.slots is None else counts[self.slots]
        draws.append(per_row.astype(np.int64))
        return counts

    monkeypatch.setattr(_Draws, "draw", recording)
    return draws


@pytest.fixture(scope="module")
def problem():
    rng = np.random.default_rng(7)
    n = 120
    y = (rng.random(n) < 0.35).astype(int)
    a = np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1).round(2)  # ties
    b = np.clip(a + rng.normal(0, 0.25, n), 0, 1)
    w = rng.uniform(0.2, 3.0, n)
    w[::9] = 0.0  # rows of weight 0 are dropped before resampling
    return y, a, b, w


def _rows(y, scores, w, per_row):
    """The resampled rows themselves (rows of weight 0 were dropped before the draw)."""
    keep = np.ones(y.size, bool) if w is None else w > 0
    take = np.repeat(np.flatnonzero(keep), per_row)
    return y[take], [s[take] for s in scores], None if w is None else w[take]


FP = np.round(np.linspace(0.05, 0.95, 19), 10)


@pytest.mark.parametrize("weighted", [False, True])
def test_bootstrap_mtmcs_and_paired_resamples_are_the_resampled_rows(problem, recorded, weighted):
    y, a, b, w = problem
    w = w if weighted else None
    single = metrics.bootstrap_mtmcs(y, a, n_resamples=12, random_state=3, sample_weight=w)
    paired = metrics.paired_bootstrap(
        y, {"a": a, "b": b}, n_resamples=12, random_state=3, sample_weight=w
    )
    assert len(recorded) == 24
    np.testing.assert_array_equal(recorded[0], recorded[12])  # the same seed, the same draws
    for k, per_row in enumerate(recorded[12:]):
        yr, (ar, br), wr = _rows(y, (a, b), w, per_row)
        for c, s in enumerate((ar, br)):
            expected = 100.0 * metrics.cost_envelope(yr, s, sample_weight=wr)(1.0 - FP)
            np.testing.assert_allclose(paired.replicates[k, c], expected, atol=1e-9)
    np.testing.assert_array_equal(paired.replicates[:, 0], single.replicates)


@pytest.mark.parametrize("weighted", [False, True])
def test_bootstrap_thresholds_resamples_are_the_resampled_rows(problem, recorded, weighted):
    y, a, _, w = problem
    w = w if weighted else None
    fg = np.linspace(0.0, 1.0, 21)
    thresholds, roc = metrics.bootstrap_thresholds(
        y, a, fpr_grid=fg, n_resamples=15, random_state=4, sample_weight=w
    )
    t_rep, r_rep = [], []
    for per_row in recorded:
        yr, (ar,), wr = _rows(y, (a,), w, per_row)
        env = metrics.cost_envelope(yr, ar, sample_weight=wr)
        t = env.hull.thresholds[env.vertex_at(1.0 - FP)]
        assert np.all(np.isin(t[np.isfinite(t)], ar))  # a threshold is a drawn score
        t_rep.append(t)
        fpr, tpr, _ = roc_curve(yr, ar, sample_weight=wr, drop_intermediate=False)
        r_rep.append([tpr[fpr <= x + 1e-12].max() for x in fg])
    t_rep = np.where(np.isfinite(t_rep), t_rep, np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a ratio with no finite threshold
        low, high = np.nanquantile(t_rep, [0.025, 0.975], axis=0)
    np.testing.assert_array_equal(thresholds["low"], low)
    np.testing.assert_array_equal(thresholds["high"], high)
    low, high = np.quantile(np.array(r_rep), [0.025, 0.975], axis=0)
    np.testing.assert_allclose(roc["low"], low, atol=1e-12)
    np.testing.assert_allclose(roc["high"], high, atol=1e-12)


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
def test_bootstrap_decision_curves_resamples_are_the_resampled_rows(
    problem, recorded, stratified, weighted
):
    y, a, b, w = problem
    w = w if weighted else None
    grid = np.linspace(0.0, 0.95, 20)
    for method, standardized in (("score-driven", False), ("optimal", True)):
        recorded.clear()
        bands = metrics.bootstrap_decision_curves(
            y, {"a": a, "b": b}, p_t=grid, method=method, standardized=standardized,
            n_resamples=10, stratified=stratified, random_state=5, sample_weight=w,
        )  # fmt: skip
        for k, per_row in enumerate(recorded):
            yr, scores, wr = _rows(y, (a, b), w, per_row)
            if stratified:
                assert yr.sum() == y[w > 0 if weighted else slice(None)].sum()
            for c, s in enumerate(scores):
                dc = metrics.decision_curve(yr, s, method=method, sample_weight=wr)
                expected = dc(grid, standardized=standardized)
                np.testing.assert_allclose(bands.replicates[k, c], expected, atol=1e-12)


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
def test_bootstrap_brier_curves_resamples_are_the_resampled_rows(
    problem, recorded, stratified, weighted
):
    y, a, b, w = problem
    w = w if weighted else None
    x = np.linspace(0.0, 1.0, 21)
    for method in METHODS:
        for space in ("cost", "skew"):
            recorded.clear()
            bands = metrics.bootstrap_brier_curves(
                y, {"a": a, "b": b}, method=method, space=space, x=x, n_resamples=8,
                stratified=stratified, random_state=6, sample_weight=w,
            )  # fmt: skip
            for k, per_row in enumerate(recorded):
                yr, scores, wr = _rows(y, (a, b), w, per_row)
                for c, s in enumerate(scores):
                    curve = metrics.threshold_choice_curve(
                        yr, s, method=method, space=space, sample_weight=wr
                    )
                    np.testing.assert_allclose(bands.replicates[k, c], curve(x), atol=1e-12)
                    assert bands.area_replicates[k, c] == pytest.approx(curve.area(), abs=1e-12)


# -- the draws -------------------------------------------------------------------------------


def test_the_draws_are_the_rows_stratified_resample_picks(problem, recorded):
    """Counts from ``rng.integers`` + ``np.bincount`` make the same calls on the generator
    as drawing rows with ``rng.choice``: the resamples (and so the bands) are the rows the
    former implementation drew with the same seed."""
    y, a, _, _ = problem
    metrics.bootstrap_mtmcs(y, a, n_resamples=6, random_state=11)
    rng = np.random.default_rng(11)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    for per_row in recorded:
        take = stratified_resample(rng, pos, neg)
        np.testing.assert_array_equal(per_row, np.bincount(take, minlength=y.size))
        assert per_row[y == 1].sum() == pos.size  # class sizes kept
    # unstratified: n rows drawn among all (drawn again if a class is missing)
    recorded.clear()
    metrics.bootstrap_decision_curves(y, a, n_resamples=6, stratified=False, random_state=12)
    rng = np.random.default_rng(12)
    for per_row in recorded:
        take = rng.integers(0, y.size, size=y.size)
        np.testing.assert_array_equal(per_row, np.bincount(take, minlength=y.size))


def test_a_model_s_replicates_do_not_depend_on_the_other_models(problem):
    y, a, b, _ = problem
    ab = metrics.paired_bootstrap(y, {"a": a, "b": b}, n_resamples=10, random_state=2)
    ba = metrics.paired_bootstrap(y, {"b": b, "a": a}, n_resamples=10, random_state=2)
    np.testing.assert_array_equal(ab.replicates[:, 0], ba.replicates[:, 1])
    np.testing.assert_array_equal(ab.replicates[:, 1], ba.replicates[:, 0])
    dc_ab = metrics.bootstrap_decision_curves(y, {"a": a, "b": b}, n_resamples=10)
    dc_a = metrics.bootstrap_decision_curves(y, {"a": a}, n_resamples=10)
    np.testing.assert_array_equal(dc_ab.replicates[:, :1], dc_a.replicates)


def test_without_numba_the_numpy_reference_gives_the_same_bands(problem, monkeypatch):
    y, a, b, w = problem
    calls = [
        lambda: metrics.paired_bootstrap(y, {"a": a, "b": b}, n_resamples=6).replicates,
        lambda: metrics.bootstrap_mtmcs(y, a, n_resamples=6, sample_weight=w).replicates,
        lambda: (
            metrics.bootstrap_decision_curves(
                y, a, n_resamples=6, stratified=False, sample_weight=w
            ).replicates
        ),
    ]
    compiled = [call() for call in calls]
    monkeypatch.setattr(_kernels, "HAVE_NUMBA", False)
    for call, expected in zip(calls, compiled, strict=True):
        np.testing.assert_array_equal(call(), expected)


def test_the_unstratified_draw_names_a_missing_class():
    draws = _Draws(np.array([True, False]), stratified=False, attempts=1)
    raised = 0
    for seed in range(20):  # one draw of two rows misses a class half the time
        try:
            counts = draws.draw(np.random.default_rng(seed))
        except ValueError as err:
            assert "drew one class only 1 times in a row" in str(err)
            raised += 1
        else:
            assert counts.tolist() == [1, 1]
    assert 0 < raised < 20
