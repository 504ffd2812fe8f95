"""OpenML through openml-python, on its real code path, against the loopback stand-in.

The stand-in (tests/_openml_server.py) serves the thesis's data sets from the mirror under their
OpenML ids (credit-g 31, ...), their 10-fold tasks, a suite and a 3-class task.
"""

import hashlib
import json

import arff
import numpy as np
import pandas as pd
import pytest

from costlab.datasets import (
    ChecksumError,
    DatasetError,
    OpenMLSpec,
    _loader,
    _registry,
    load_dataset,
    load_openml,
    load_task,
    register_dataset,
    suite_tasks,
)


def _home(tmp_path):
    return tmp_path / "home"


def _files(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_a_data_set_by_id_and_by_name_equals_the_mirrored_one(openml_server, datasets):
    german = datasets("german_credit")
    by_id = load_openml(31)
    by_name = load_openml("credit-g")
    for data in (by_id, by_name):
        assert (data.name, data.source, data.negative, data.positive) == (
            "credit-g",
            "openml",
            "good",
            "bad",
        )  # the second declared class is positive: the thesis's class 2
        pd.testing.assert_frame_equal(data.X, german.X)
        np.testing.assert_array_equal(data.y_binary, german.y_binary)
    flipped = load_openml(31, positive="good")
    np.testing.assert_array_equal(flipped.y_binary, 1 - german.y_binary)
    with pytest.raises(DatasetError, match=r"positive must be one of \['good', 'bad'\]"):
        load_openml(31, positive="Good")


def test_checksums_are_recorded_on_first_download_and_verified_after(openml_server, tmp_path):
    data = load_openml(31)
    cache = next(_home(tmp_path).glob("openml/**/costlab-checksums.json")).parent
    ledger = json.loads((cache / "costlab-checksums.json").read_text())
    arff_path = cache / "datasets" / "31" / "dataset.arff"
    assert ledger["datasets/31/dataset.arff"] == hashlib.sha256(arff_path.read_bytes()).hexdigest()
    assert data.checksums == {"openml/31/dataset.arff": ledger["datasets/31/dataset.arff"]}
    assert "datasets/31/description.xml" in ledger
    # a cached file altered after download: a clear error naming it; nothing moved or deleted
    before = _files(cache)
    pickle = next(
        p for p in (cache / "datasets" / "31").iterdir() if p.suffix == ".pq" or "pkl" in p.name
    )
    pickle.write_bytes(pickle.read_bytes()[:-7])
    altered = _files(cache)
    with pytest.raises(ChecksumError, match=rf"{pickle.name}: this cached OpenML file differs"):
        load_openml(31)
    assert _files(cache) == altered and set(altered) == set(before)


def test_what_is_cached_loads_without_the_server_and_a_failed_call_loses_nothing(
    openml_server, tmp_path
):
    task = load_task(31)
    cache = next(_home(tmp_path).glob("openml/**/costlab-checksums.json")).parent
    before = _files(cache)
    openml_server.close()
    again = load_task(31)  # offline: every file is cached
    np.testing.assert_array_equal(again.fold, task.fold)
    with pytest.raises(DatasetError, match="cannot reach the OpenML server .*Offline?"):
        load_openml(29)
    # openml-python deletes a data set's folder when a download fails; costlab puts it back
    (cache / "datasets" / "31" / "dataset.arff").unlink()
    pickles = [
        p for p in (cache / "datasets" / "31").iterdir() if "pkl" in p.name or p.suffix == ".pq"
    ]
    for p in pickles:
        p.unlink()
    kept = _files(cache)
    with pytest.raises(DatasetError, match="cannot reach the OpenML server"):
        load_openml(31)
    assert _files(cache) == kept
    assert set(kept) < set(before)


def test_a_download_that_fails_its_md5_is_refused_and_leaves_no_file(openml_server, tmp_path):
    openml_server.broken.add(openml_server.datasets[29]["file_id"])
    with pytest.raises(ChecksumError, match="does not match the MD5 the server announced"):
        load_openml(29)
    cache = next(_home(tmp_path).glob("openml/*"), None)
    assert cache is None or not list(cache.rglob("datasets/29/dataset.arff"))
    openml_server.broken.clear()
    assert load_openml(29).name == "credit-approval"


@pytest.mark.parametrize(
    "call, match",
    [
        (
            lambda: load_openml(4242),
            r"OpenML data set 4242: the OpenML server .* has no such entry",
        ),
        (lambda: load_openml("no-such-data"), "OpenML has no active data set named 'no-such-data'"),
        (lambda: load_openml(61), r"target 'class' has 3 classes \['a', 'b', 'c'\]; costlab "),
        (lambda: load_task(59), r"OpenML task 59.*has 3 classes"),
        (
            lambda: load_task(4242),
            r"OpenML task 4242: the OpenML server .* error 151: Unknown task$",
        ),
        (lambda: load_task("31"), "task_id must be a positive integer OpenML id, got '31'"),
        (
            lambda: suite_tasks("no-such-suite"),
            "suite 'no-such-suite'.*error 601: Unknown study$",
        ),
    ],
)
def test_bad_input_gets_an_error_naming_it(openml_server, call, match):
    with pytest.raises(DatasetError, match=match):
        call()


def test_a_task_has_the_folds_of_its_split_file(openml_server):
    import openml

    task = load_task(31)
    assert (task.name, task.task_id, task.source) == ("openml_task_31", 31, "openml")
    assert (task.n_repeats, task.n_folds, task.dataset.n_instances) == (1, 10, 1000)
    reference = openml.tasks.get_task(31, download_splits=True)
    for k in range(10):
        _, test = reference.get_train_test_split_indices(fold=k, repeat=0)
        assert sorted(test.tolist()) == np.flatnonzero(task.fold[0] == k).tolist()
    # stratified: every fold holds 30 of the 300 bad and 70 of the 700 good
    counts = [int(task.dataset.y_binary[task.fold[0] == k].sum()) for k in range(10)]
    assert counts == [30] * 10
    assert (task.cost_matrix_status, task.class_costs, task.fp_cost) == ("absent", None, None)


def test_a_task_cost_matrix_becomes_its_class_costs(mirror_dir, tmp_path, monkeypatch):
    from _openml_server import start_openml_test_server

    server = start_openml_test_server(
        mirror_dir, cost_matrices={31: "[[0, 1], [5, 0]]", 29: "[[0, 1], [2]]", 337: ""}
    )
    monkeypatch.setenv("COSTLAB_OPENML_SERVER", server.url)
    monkeypatch.setenv("COSTLAB_DATA_HOME", str(tmp_path))
    try:
        task = load_task(31)
        # rows actual, columns predicted, in declared order (good, bad): FN (bad as good) 5
        assert task.class_costs == {"fp_cost": 1.0, "fn_cost": 5.0}
        assert task.fp_cost == pytest.approx(1 / 6)  # the thesis's axis: FPcost / (FP + FN)
        audit = suite_tasks("OpenML-CC18")
    finally:
        server.close()
    assert audit["task_id"].tolist() == [31, 29, 37, 337, 59]
    assert audit["binary"].tolist() == [True, True, True, True, False]
    assert audit["n_classes"].tolist() == [2, 2, 2, 2, 3]
    names = ["credit-g", "credit-approval", "diabetes", "SPECTF", "three-classes"]
    assert audit["dataset"].tolist() == names
    status = audit.set_index("task_id")["cost_matrix"]
    assert status[31] == "present" and status[337] == "absent" and status[59] == "absent"
    assert status[29].startswith("malformed: not a JSON matrix")
    assert audit.set_index("task_id").loc[31, ["fp_cost", "fn_cost"]].tolist() == [1.0, 5.0]
    assert np.isnan(audit.set_index("task_id").loc[29, "fp_cost"])


def test_the_settings_of_openml_python_are_restored(openml_server, tmp_path):
    import openml

    before = (openml.config.server, openml.config.get_cache_directory())
    load_openml(31, server=openml_server.base, data_home=tmp_path / "elsewhere")
    assert (openml.config.server, openml.config.get_cache_directory()) == before
    assert list((tmp_path / "elsewhere" / "openml").rglob("dataset.arff"))


# ---------------------------------------------------------------- the registry's OpenML entries


@pytest.fixture
def registry(monkeypatch):
    """A private copy of the registry, restored after the test."""
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    return _registry._REGISTRY


def _tiny():
    """A small ARFF: numeric x, nominal c {b,a}, a numeric 0/1 target and a missing value."""
    rows = [[1.5, "a", 0], [2.5, "b", 1], [None, "a", 1]]
    attributes = [("x", "REAL"), ("c", ["b", "a"]), ("target", "REAL")]
    return arff.dumps({"relation": "tiny", "attributes": attributes, "data": rows}).encode()


def test_an_openml_spec_loads_through_openml_python(openml_server, registry, tmp_path):
    openml_server.add_dataset(42, None, name="tiny", arff_bytes=_tiny(), target="target")
    register_dataset(
        OpenMLSpec(name="tiny", openml_id=42, negative="0", positive="1", class_counts=(1, 2))
    )
    data = load_dataset("tiny", data_home=tmp_path / "spec")
    assert (data.source, data.title, data.class_counts) == ("openml", "tiny", {"0": 1, "1": 2})
    assert list(data.X.columns) == ["x", "c"] and data.X["x"].dtype == "float64"
    assert pd.isna(data.X["x"].iloc[2]) and list(data.X["c"].cat.categories) == ["b", "a"]
    assert list(data.y_binary) == [0, 1, 1]
    register_dataset(
        OpenMLSpec(name="tiny", openml_id=42, negative="1", positive="0", n_instances=4),
        replace=True,
    )
    with pytest.raises(DatasetError, match="expected 4 instances, got 3"):
        load_dataset("tiny", data_home=tmp_path / "spec")
    register_dataset(
        OpenMLSpec(name="tiny", openml_id=42, negative="no", positive="yes"), replace=True
    )
    with pytest.raises(DatasetError, match=r"positive must be one of \['0', '1'\]"):
        load_dataset("tiny", data_home=tmp_path / "spec")


def test_uci_failure_falls_back_to_openml(openml_server, dead_url, monkeypatch, tmp_path, datasets):
    german = datasets("german_credit")
    monkeypatch.delenv("COSTLAB_MIRROR", raising=False)
    monkeypatch.setattr(_loader, "UCI_BASE", dead_url + "/")
    with pytest.warns(UserWarning, match="falling back to OpenML data set 31"):
        fallback = load_dataset("german_credit", data_home=tmp_path / "cache")
    assert fallback.source == "openml"
    pd.testing.assert_frame_equal(fallback.X, german.X)
    pd.testing.assert_series_equal(fallback.y, german.y)
    with pytest.raises(DatasetError, match="messidor_features.arff failed: cannot reach server"):
        load_dataset("messidor", data_home=tmp_path / "cache")  # no OpenML copy
    openml_server.close()
    with pytest.warns(UserWarning), pytest.raises(DatasetError, match="OpenML fallback failed"):
        load_dataset("credit_approval", data_home=tmp_path / "cache")
