"""Cross-validation: out-of-fold probabilities, determinism, the on-disk cache."""

import numpy as np
import pytest

from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba


@pytest.fixture(scope="module")
def spectf(mirror_dir, tmp_path_factory):
    return load_dataset("spectf", mirror=mirror_dir, data_home=tmp_path_factory.mktemp("data"))


def test_out_of_fold_probabilities_cover_every_instance(spectf, tmp_path):
    res = cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=False)
    assert res.proba.shape == (1, 267, 2)
    assert np.all((res.proba >= 0) & (res.proba <= 1))
    assert sorted(np.unique(res.fold)) == list(range(10))
    np.testing.assert_array_equal(res.y_true, spectf.y_binary)
    # stratified: every fold holds 5 or 6 of the 55 normal (class 1) instances
    per_fold = np.bincount(res.fold[0][res.y_true == 0], minlength=10)
    assert per_fold.min() >= 5 and per_fold.max() <= 6
    assert res.labels == ("0", "1")


def test_rerun_is_identical_and_served_from_cache(spectf, tmp_path):
    first = cross_val_proba(spectf, "AdaBoostM1", cache_dir=tmp_path, progress=False)
    files = list(tmp_path.rglob("*.npz"))
    assert len(files) == 1 and not list(tmp_path.rglob(".*.part"))
    stamp = files[0].stat().st_mtime_ns
    again = cross_val_proba(spectf, "AdaBoostM1", cache_dir=tmp_path, progress=False)
    assert files[0].stat().st_mtime_ns == stamp  # loaded, not rewritten
    np.testing.assert_array_equal(first.proba, again.proba)
    fresh = cross_val_proba(spectf, "AdaBoostM1", cache=False, progress=False)
    np.testing.assert_array_equal(first.proba, fresh.proba)


def test_parameters_and_seed_change_the_cache_key(spectf, tmp_path):
    cross_val_proba(spectf, "IBk", cache_dir=tmp_path, progress=False)
    k5 = cross_val_proba(spectf, "IBk", k=5, cache_dir=tmp_path, progress=False)
    seed2 = cross_val_proba(spectf, "IBk", seed=2, cache_dir=tmp_path, progress=False)
    assert len(list(tmp_path.rglob("*.npz"))) == 3
    assert k5.params == {"k": 5}
    assert not np.array_equal(seed2.fold, k5.fold)


def test_a_change_in_costlab_s_learner_code_changes_the_cache_key(spectf, tmp_path, monkeypatch):
    """A result computed by other learner code (an edited kernel, another checkout of the same
    version) is a miss, not reused: the key covers the source of the whole package."""
    from costlab.evaluation import _cache

    cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=False)
    assert len(list(tmp_path.rglob("*.npz"))) == 1
    cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=False)
    assert len(list(tmp_path.rglob("*.npz"))) == 1  # same code: served from the cache
    monkeypatch.setattr(_cache, "costlab_code_fingerprint", lambda: "other learner code")
    cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=False)
    assert len(list(tmp_path.rglob("*.npz"))) == 2


def test_repeats_use_different_folds(spectf, tmp_path):
    res = cross_val_proba(spectf, "NaiveBayes", n_repeats=2, cache_dir=tmp_path, progress=False)
    assert res.n_repeats == 2
    assert not np.array_equal(res.fold[0], res.fold[1])


def test_progress_bar_is_advanced_per_fold(spectf, tmp_path):
    class Bar:
        n = 0

        def update(self, k=1):
            self.n += k

    bar = Bar()
    cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=bar)
    assert bar.n == 10
    cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=bar)  # cached
    assert bar.n == 20


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n_folds": 1}, "n_folds"),
        ({"n_folds": 56}, "smallest class"),
        ({"n_repeats": 0}, "n_repeats"),
        ({"seed": -1}, "seed"),
        ({"engine": "matlab"}, "engine"),
    ],
)
def test_bad_protocol_is_rejected(spectf, tmp_path, kwargs, match):
    with pytest.raises(ValueError, match=match):
        cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=False, **kwargs)


def test_corrupt_cache_entry_is_reported_and_recomputed(spectf, tmp_path):
    first = cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=False)
    path = next(tmp_path.rglob("*.npz"))
    with np.load(path) as data:
        arrays = dict(data)
    arrays["y_true"] = 1 - arrays["y_true"]
    np.savez(path, **arrays)
    with pytest.warns(UserWarning, match="labels are not the dataset's"):
        again = cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=False)
    np.testing.assert_array_equal(again.proba, first.proba)
    with np.load(path) as data:
        np.testing.assert_array_equal(data["y_true"], spectf.y_binary)


def test_a_real_tqdm_bar_counts_cached_runs(spectf, tmp_path):
    import io

    from tqdm import tqdm

    with tqdm(total=20, file=io.StringIO()) as bar:
        cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=bar)
        cross_val_proba(spectf, "NaiveBayes", cache_dir=tmp_path, progress=bar)  # cached
        assert bar.n == 20


@pytest.mark.parametrize("dataset", ["frame", "array", "name"])
def test_a_dataset_that_is_not_a_costlab_dataset_is_named(dataset, tmp_path):
    import pandas as pd

    frame = pd.DataFrame({"x": np.arange(20.0), "class": [0, 1] * 10})
    given = {"frame": frame, "array": frame.to_numpy(), "name": "spectf"}[dataset]
    with pytest.raises(TypeError, match=r"dataset must be a costlab Dataset.*from_frame\(frame, "):
        cross_val_proba(given, "NaiveBayes", cache_dir=tmp_path)
