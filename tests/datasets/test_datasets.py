"""The four thesis datasets as parsed from the offline mirror, and the registry."""

import csv
import os
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from costlab.datasets import (
    Dataset,
    DatasetError,
    OpenMLSpec,
    _registry,
    list_datasets,
    load_dataset,
    register_dataset,
)
from costlab.datasets._credit_g import CLASS_LABELS, CREDIT_G_ATTRIBUTES

NAMES = ["german_credit", "credit_approval", "messidor", "spectf"]
#: Facts measured with Weka on these files (docs/facts/class-orientation.md, data/README.md).
EXPECTED = {
    "german_credit": ((1000, 20), ["good", "bad"], {"good": 700, "bad": 300}),
    "credit_approval": ((690, 15), ["-", "+"], {"-": 383, "+": 307}),
    "messidor": ((1151, 19), ["0", "1"], {"0": 540, "1": 611}),
    "spectf": ((267, 44), ["0", "1"], {"0": 55, "1": 212}),
}


@pytest.fixture(scope="module")
def mirror(mirror_dir):
    """The mirror, exported as COSTLAB_MIRROR for the loads of this module (if unset)."""
    with pytest.MonkeyPatch.context() as patch:
        if not os.environ.get("COSTLAB_MIRROR"):
            patch.setenv("COSTLAB_MIRROR", str(mirror_dir))
        yield mirror_dir


@pytest.fixture(scope="module")
def datasets(mirror, tmp_path_factory):
    """All four datasets, loaded once through COSTLAB_MIRROR with a temporary data home."""
    home = tmp_path_factory.mktemp("data_home")
    return {name: load_dataset(name, data_home=home) for name in NAMES}


def raw_rows(path, sep):
    """Rows of a raw text file as lists of stripped fields."""
    return [[f.strip() for f in line.split(sep)] for line in path.read_text().splitlines()]


@pytest.mark.parametrize("name", NAMES)
def test_shape_orientation_and_counts(datasets, name):
    data = datasets[name]
    shape, categories, counts = EXPECTED[name]
    assert isinstance(data, Dataset) and data.name == name
    assert data.X.shape == shape and data.n_instances == shape[0]
    assert list(data.y.cat.categories) == categories == [data.negative, data.positive]
    assert data.class_counts == counts and list(data.class_counts) == categories
    assert data.y_binary.dtype.kind == "i"
    np.testing.assert_array_equal(data.y_binary, (data.y == data.positive).to_numpy())
    assert data.y_binary.sum() == counts[data.positive]
    assert data.source == "mirror"


@pytest.mark.parametrize("name", NAMES)
def test_column_kinds(datasets, name):
    data = datasets[name]
    assert set(data.nominal_columns).isdisjoint(data.numeric_columns)
    assert set(data.nominal_columns) | set(data.numeric_columns) == set(data.X.columns)
    for column in data.nominal_columns:
        assert isinstance(data.X[column].dtype, pd.CategoricalDtype)
    for column in data.numeric_columns:
        assert data.X[column].dtype == np.float64
    assert all(isinstance(c, str) for c in data.X.columns)


@pytest.mark.parametrize("name", NAMES)
def test_checksums_match_mirror_sums(datasets, mirror, name):
    sums = dict(reversed(line.split()) for line in (mirror / "SHA256SUMS").read_text().splitlines())
    got = datasets[name].checksums
    assert got and all(sums[f"./{path}"] == digest for path, digest in got.items())


def test_german_mapping_matches_credit_g_csv(mirror):
    with open(mirror / "german_credit" / "credit-g-labels.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    table = [*CREDIT_G_ATTRIBUTES, ("class", CLASS_LABELS)]
    expected = {}
    for row in rows:
        codes = expected.setdefault((int(row["attribute_index"]), row["attribute_name"]), [])
        if row["uci_code"]:
            codes.append((row["uci_code"], row["label"]))
    shipped = [(i + 1, name) for i, (name, _) in enumerate(table)]
    assert list(expected) == shipped
    assert [tuple(v) or None for v in expected.values()] == [codes for _, codes in table]


def test_german_first_row_and_categories(datasets, mirror):
    data = datasets["german_credit"]
    first = raw_rows(mirror / "german_credit" / "german.data", None)[0]
    for j, (name, codes) in enumerate(CREDIT_G_ATTRIBUTES):
        value = data.X[name].iloc[0]
        assert value == (float(first[j]) if codes is None else dict(codes)[first[j]])
        if codes is not None:
            assert list(data.X[name].cat.categories) == [label for _, label in codes]
    assert data.X.iloc[0]["checking_status"] == "<0" and data.y.iloc[0] == "good"
    assert len(data.nominal_columns) == 13 and len(data.numeric_columns) == 7


def test_credit_approval_missing_and_first_appearance(datasets, mirror):
    data = datasets["credit_approval"]
    rows = raw_rows(mirror / "credit_approval" / "crx.data", ",")
    assert list(data.X.columns) == [f"A{i}" for i in range(1, 16)]
    assert int(data.X.isna().any(axis=1).sum()) == 37
    assert int(data.X.isna().sum().sum()) == sum(row.count("?") for row in rows)
    nominal = ["A1", "A4", "A5", "A6", "A7", "A9", "A10", "A12", "A13"]
    assert data.nominal_columns == nominal
    for column in nominal:
        j = int(column[1:]) - 1
        order = list(dict.fromkeys(row[j] for row in rows if row[j] != "?"))
        assert list(data.X[column].cat.categories) == order
    assert list(data.X["A1"].cat.categories) == ["b", "a"]


def test_messidor_all_numeric(datasets):
    data = datasets["messidor"]
    assert data.nominal_columns == [] and len(data.numeric_columns) == 19
    assert list(data.X.columns) == [str(i) for i in range(19)]  # names as declared in the ARFF
    assert not data.X.isna().any().any()


def test_spectf_is_test_then_train(datasets, mirror):
    data = datasets["spectf"]
    test = raw_rows(mirror / "spectf" / "SPECTF.test", ",")
    train = raw_rows(mirror / "spectf" / "SPECTF.train", ",")
    assert len(test) + len(train) == 267
    assert list(data.X.columns[:4]) == ["F1R", "F1S", "F2R", "F2S"]
    assert data.X.columns[-1] == "F22S"
    for position, row in ((0, test[0]), (len(test), train[0]), (266, train[-1])):
        assert data.y.iloc[position] == row[0]
        assert data.X.iloc[position].tolist() == [float(v) for v in row[1:]]


def test_list_datasets(datasets):
    table = list_datasets()
    assert {"name", "title", "n_instances", "negative", "positive", "source"} <= set(table)
    table = table.set_index("name")
    for name in NAMES:
        data = datasets[name]
        row = table.loc[name]
        assert (row["title"], row["negative"], row["positive"], row["source"]) == (
            data.title,
            data.negative,
            data.positive,
            "uci",
        )
        assert row["n_instances"] == data.n_instances
    assert table.loc["messidor", "title"] == "Messidor Features"


def test_unknown_name_lists_known_names():
    with pytest.raises(DatasetError, match="unknown dataset 'iris'.*german_credit.*spectf"):
        load_dataset("iris")
    assert issubclass(DatasetError, ValueError)


def test_count_mismatch_names_expected_and_got(monkeypatch, mirror, tmp_path):
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    german = _registry._REGISTRY["german_credit"]
    for n, counts, message in [
        (999, (699, 300), "expected 999 instances, got 1000"),
        (1000, (699, 301), r"expected class counts good/bad = \(699, 301\), got \(700, 300\)"),
    ]:
        register_dataset(replace(german, name="g2", n_instances=n, class_counts=counts))
        with pytest.raises(DatasetError, match=message):
            load_dataset("g2", data_home=tmp_path)
        del _registry._REGISTRY["g2"]


def test_register_dataset_rejects_duplicates_and_bad_specs(monkeypatch):
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    with pytest.raises(DatasetError, match="already registered"):
        register_dataset(OpenMLSpec(name="spectf", openml_id=337, negative="0", positive="1"))
    with pytest.raises(DatasetError, match="must differ"):
        OpenMLSpec(name="x", openml_id=1, negative="a", positive="a")
    with pytest.raises(DatasetError, match="plain folder name"):
        OpenMLSpec(name="../x", openml_id=1, negative="a", positive="b")
    with pytest.raises(TypeError):
        register_dataset({"name": "x"})


def test_parsers_report_file_line_and_problem(tmp_path):
    from costlab.datasets import _parsers

    german = tmp_path / "german.data"
    german.write_text(
        "A11 6 A34 A43 1169 A65 A75 4 A93 A101 4 A121 67 A143 A152 2 A173 1 A192 A9 1\n"
    )
    with pytest.raises(DatasetError, match=r"attribute foreign_worker: unknown codes \['A9'\]"):
        _parsers.parse_german({"german.data": german})
    crx = tmp_path / "crx.data"
    crx.write_text("b,30.83,0,u,g,w,v,1.25,t,t,01,f,g,00202,0,+\n\nb,1,2\n")
    with pytest.raises(DatasetError, match=r"crx.data, line 3: expected 16 fields, got 3"):
        _parsers.parse_credit_approval({"crx.data": crx})
    crx.write_text("b,x,0,u,g,w,v,1.25,t,t,01,f,g,00202,0,+\n")
    with pytest.raises(DatasetError, match="attribute A2: non-numeric value"):
        _parsers.parse_credit_approval({"crx.data": crx})


@pytest.mark.parametrize("name", [["german_credit"], None, 3])
def test_a_name_that_is_not_a_string_is_named(name):
    # a list gave Python's "unhashable type: 'list'"
    with pytest.raises(TypeError, match=r"^name must be a str \(a registry key, see list_datasets"):
        load_dataset(name)


def test_register_dataset_refuses_a_replace_that_is_not_a_bool(monkeypatch):
    # replace="no" is truthy: it replaced the registered entry
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    spec = OpenMLSpec(name="spectf", openml_id=337, negative="0", positive="1")
    with pytest.raises(TypeError, match=r"^replace must be a bool \(True or False\), got 'no'"):
        register_dataset(spec, replace="no")
    assert _registry._REGISTRY["spectf"] is not spec
