"""Exact cost curves out of core on Dask: equal to the in-memory engine, on a LocalCluster.

The mergeable summaries (costlab.metrics.engine.mergeable) are checked against the in-memory
hull and scikit-learn's AUC on random blocks; the Dask driver against them on 1e6 rows with a
LocalCluster of two worker processes, from a Dask DataFrame and from Parquet.
"""

import numpy as np
import pandas as pd
import pytest
from _support import import_or_skip
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

from costlab.metrics import (
    binned_counts,
    cost_envelope,
    h_measure,
    merge_blocks,
    roc_convex_hull,
    summarize_counts,
)

# The test extra installs these; CI (COSTLAB_REQUIRE_EXTRAS=1) fails instead of skipping.
dd = import_or_skip("dask.dataframe")
distributed = import_or_skip("distributed")
import_or_skip("pyarrow")  # to_parquet / read_parquet


def _blocks(y, s, cuts):
    block = np.searchsorted(cuts, s, side="right")
    return [
        summarize_counts(s[block == b], (y[block == b] == 1).astype(int), (y[block == b] == 0))
        for b in np.unique(block)
    ]


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(2, 200),
    decimals=st.integers(0, 3),
    n_cuts=st.integers(0, 6),
    seed=st.integers(0, 2**32 - 1),
)
def test_merged_blocks_equal_the_in_memory_hull_and_auc(n, decimals, n_cuts, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2] = (0, 1)
    s = np.round(rng.normal(y, 1.0), decimals)
    values = np.unique(s)
    cuts = np.sort(rng.choice(values, size=min(n_cuts, values.size), replace=False))
    merged = merge_blocks(_blocks(y, s, cuts))
    ref = roc_convex_hull(y, s)
    np.testing.assert_array_equal(merged.hull.fp, ref.fp)
    np.testing.assert_array_equal(merged.hull.tp, ref.tp)
    np.testing.assert_array_equal(merged.hull.thresholds, ref.thresholds)
    assert merged.auc == pytest.approx(roc_auc_score(y, s), abs=1e-12)


def test_merge_rejects_overlapping_blocks_and_one_class():
    a = summarize_counts([0.9, 0.5], [1, 0], [0, 1])
    b = summarize_counts([0.6, 0.1], [1, 0], [0, 1])
    with pytest.raises(ValueError, match="overlap"):
        merge_blocks([a, b])
    with pytest.raises(ValueError, match="one class"):
        merge_blocks([summarize_counts([0.9, 0.5], [1, 1], [0, 0])])
    with pytest.raises(ValueError, match="finite"):
        summarize_counts([np.nan], [1], [0])


def test_binned_counts_merge_by_addition():
    rng = np.random.default_rng(1)
    y, s = rng.integers(0, 2, 1000) == 1, rng.random(1000)
    edges = np.linspace(0, 1, 11)
    whole = binned_counts(y, s, edges)
    halves = [binned_counts(y[k::2], s[k::2], edges) for k in (0, 1)]
    np.testing.assert_array_equal(whole[0], halves[0][0] + halves[1][0])
    np.testing.assert_array_equal(whole[1], halves[0][1] + halves[1][1])
    assert whole[0].dtype == np.int64


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.fixture(scope="module")
def million():
    rng = np.random.default_rng(7)
    n = 1_000_000
    y = (rng.random(n) < 0.2).astype(np.int8)
    s = rng.normal(1.2 * y, 1.0)
    s[: n // 2] = np.round(s[: n // 2], 2)  # half the rows tied, half continuous
    return pd.DataFrame({"label": y, "score": s})


def test_million_rows_on_a_local_cluster_equal_the_in_memory_engine(client, million, tmp_path):
    from costlab.evaluation.distributed import out_of_core_curve

    y, s = million["label"].to_numpy(), million["score"].to_numpy()
    ref_hull = roc_convex_hull(y, s)
    ref_env = cost_envelope(y, s)
    ddf = dd.from_pandas(million, npartitions=16)
    result = out_of_core_curve(ddf, n_blocks=7)
    np.testing.assert_array_equal(result.hull.fp, ref_hull.fp)
    np.testing.assert_array_equal(result.hull.tp, ref_hull.tp)
    np.testing.assert_array_equal(result.envelope.breakpoints, ref_env.breakpoints)
    assert result.auc == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    assert result.h_measure() == pytest.approx(h_measure(y, s), abs=1e-12)
    assert result.n_rows == len(million)
    assert result.n_distinct < len(million)  # the ties collapsed before the shuffle
    # the same numbers from Parquet, and for any number of blocks
    path = tmp_path / "scores.parquet"
    ddf.to_parquet(path)
    again = out_of_core_curve(str(path), n_blocks=3, bins=50)
    np.testing.assert_array_equal(again.hull.fp, ref_hull.fp)
    assert again.auc == result.auc
    assert again.mtmcs(0.3) == pytest.approx(100 * ref_env(0.3))
    # the binned approximation is never below the exact envelope
    assert again.binned.max_excess >= 0 and again.binned.tec_excess >= -1e-12


def test_bad_input_is_named(client):
    from costlab.evaluation.distributed import out_of_core_curve

    frame = pd.DataFrame({"label": [0, 1, 0, 1], "score": [0.1, np.nan, 0.3, 0.4]})
    with pytest.raises(ValueError, match="NaN"):
        out_of_core_curve(dd.from_pandas(frame, npartitions=2))
    with pytest.raises(ValueError, match="no column"):
        out_of_core_curve(dd.from_pandas(frame, npartitions=2), score="p")
    with pytest.raises(ValueError, match="exactly two classes, got 1"):
        out_of_core_curve(dd.from_pandas(frame.fillna(0.2).assign(label=1), npartitions=2))
    with pytest.raises(ValueError, match="n_blocks"):
        out_of_core_curve(dd.from_pandas(frame, npartitions=2), n_blocks=0)
    with pytest.raises(TypeError, match="dask DataFrame or a Parquet path"):
        out_of_core_curve(frame)


@pytest.fixture(scope="module")
def small():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 2000)
    return y, np.round(rng.normal(y, 1.0), 2)


@pytest.mark.parametrize("negative, positive", [(0, 1), (1, 2), (-1, 1)])
def test_labels_and_pos_label_are_read_as_in_memory(client, small, negative, positive):
    from costlab.evaluation.distributed import out_of_core_curve

    y01, s = small
    labels = np.where(y01 == 1, positive, negative)
    frame = pd.DataFrame({"label": labels, "score": s})
    result = out_of_core_curve(dd.from_pandas(frame, npartitions=4), n_blocks=3, bins=20)
    assert result.auc == pytest.approx(roc_auc_score(y01, s), abs=1e-12)
    assert result.auc == pytest.approx(roc_auc_score(labels, s), abs=1e-12)  # sklearn infers too
    assert result.h_measure() == pytest.approx(h_measure(labels, s), abs=1e-12)
    np.testing.assert_array_equal(result.hull.tp, roc_convex_hull(labels, s).tp)


def test_label_errors_match_the_in_memory_ones(client, small):
    from costlab.evaluation.distributed import out_of_core_curve

    y, s = small
    three = pd.DataFrame({"label": np.where(np.arange(y.size) == 1500, 2, y), "score": s})
    with pytest.raises(ValueError, match=r"exactly two classes, got 3: \[0, 1, 2\]"):
        out_of_core_curve(dd.from_pandas(three, npartitions=4))  # the third class in one partition
    missing = pd.DataFrame({"label": np.where(np.arange(y.size) == 1700, np.nan, y), "score": s})
    with pytest.raises(ValueError, match="column 'label' has 1 missing label"):
        out_of_core_curve(dd.from_pandas(missing, npartitions=4))
    named = pd.DataFrame({"label": np.where(y == 1, "spam", "ham"), "score": s})
    with pytest.raises(ValueError, match="pos_label must be given"):
        out_of_core_curve(dd.from_pandas(named, npartitions=4))
    with pytest.raises(ValueError, match="pos_label=3 is not one of the labels"):
        out_of_core_curve(dd.from_pandas(three.assign(label=y), npartitions=4), pos_label=3)
    spam = out_of_core_curve(dd.from_pandas(named, npartitions=4), pos_label="spam")
    assert spam.auc == pytest.approx(roc_auc_score(y, s), abs=1e-12)


# -- experiments on Dask ----------------------------------------------------------------------


def test_cross_validation_on_the_cluster_is_bit_identical(client, tmp_path):
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression

    from costlab.datasets import breast_cancer
    from costlab.evaluation import cross_val_proba, run_experiments

    data = breast_cancer()
    model = RandomForestClassifier(n_estimators=20)
    options = {"n_folds": 5, "n_repeats": 2, "cache": False, "progress": False}
    local = cross_val_proba(data, model, n_jobs=1, **options)
    on_dask = cross_val_proba(data, model, client=client, **options)
    np.testing.assert_array_equal(on_dask.proba, local.proba)
    np.testing.assert_array_equal(on_dask.fold, local.fold)
    # the active client, and through run_experiments, with the cache written here only
    with client.as_current():
        run = run_experiments(
            {"bc": data},
            {"LR": LogisticRegression(max_iter=2000), "RF": model},
            n_folds=5,
            client=True,
            cache_dir=tmp_path,
            progress=False,
        )
    again = run_experiments(
        {"bc": data},
        {"LR": LogisticRegression(max_iter=2000), "RF": model},
        n_folds=5,
        n_jobs=1,
        cache=False,
        progress=False,
    )
    for key, result in run.results.items():
        np.testing.assert_array_equal(result.proba, again.results[key].proba)
    assert len(list(tmp_path.rglob("*.npz"))) == 2


def test_client_argument_is_checked():
    from costlab.evaluation._dask import resolve_client

    assert resolve_client(None) is None
    with pytest.raises(TypeError, match="client must be a distributed.Client"):
        resolve_client(3)


def test_reproduce_on_a_scheduler(client, tmp_path, monkeypatch, capsys):
    import runpy
    from pathlib import Path

    main = runpy.run_path(str(Path(__file__).resolve().parents[2] / "reproduce.py"))["main"]
    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    address = client.scheduler.address
    code = main(["landgrebe2004", "--quick", "--out", str(tmp_path), "--scheduler", address])
    assert code == 0
    out = capsys.readouterr().out
    assert f"Dask: {address}" in out and "Landgrebe et al. (2004), claims" in out
    assert (tmp_path / "landgrebe2004" / "summary.md").exists()
