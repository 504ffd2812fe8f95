"""The datasets added for Johnson, Raeder & Chawla (2015): 13 UCI entries and Breiman's generators.

Golden values: ``tests/golden/weka_arff/weka_arff.json`` holds the headers and row digests of
Weka's ARFF copies of the UCI data (made by ``make_golden.py`` beside it); the parsed raw files
must give Weka's names, declared value orders, rows and row order. Counts and missing values are
those of UCI's documentation of each dataset, checked on the raw files.
"""

import hashlib
import json
import math
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from _support import MORE_MIRROR_FILES
from scipy import integrate, stats

from costlab.datasets import (
    ChecksumError,
    Dataset,
    DatasetError,
    SyntheticSpec,
    _parsers,
    _registry,
    _uci_tables,
    list_datasets,
    load_dataset,
    register_dataset,
    ringnorm,
    threenorm,
    twonorm,
)

GOLDEN = json.loads(
    (Path(__file__).resolve().parents[1] / "golden" / "weka_arff" / "weka_arff.json").read_text()
)["datasets"]

#: name -> (shape, (negative, positive), (negative count, positive count), missing cells,
#: (first column, last column), number of nominal columns).
EXPECTED = {
    "breast_w": (
        (699, 9),
        ("benign", "malignant"),
        (458, 241),
        16,
        ("Clump_Thickness", "Mitoses"),
        0,
    ),
    "bupa": ((345, 6), ("2", "1"), (200, 145), 0, ("mcv", "drinks"), 0),
    "heart_c": ((303, 13), ("absent", "present"), (164, 139), 6, ("age", "thal"), 7),
    "heart_h": ((294, 13), ("absent", "present"), (188, 106), 782, ("age", "thal"), 7),
    "horse_colic": ((368, 22), ("no", "yes"), (136, 232), 1927, ("surgery", "outcome"), 15),
    "ionosphere": ((351, 34), ("g", "b"), (225, 126), 0, ("a01", "a34"), 0),
    "kr_vs_kp": ((3196, 36), ("won", "nowin"), (1669, 1527), 0, ("bkblk", "wtoeg"), 36),
    "pima": ((768, 8), ("0", "1"), (500, 268), 0, ("preg", "age"), 0),
    "promoters": ((106, 57), ("-", "+"), (53, 53), 0, ("p-50", "p7"), 57),
    "sonar": ((208, 60), ("R", "M"), (97, 111), 0, ("attribute_1", "attribute_60"), 0),
    "tic_tac_toe": (
        (958, 9),
        ("negative", "positive"),
        (332, 626),
        0,
        ("top-left-square", "bottom-right-square"),
        9,
    ),
    "vote": (
        (435, 16),
        ("democrat", "republican"),
        (267, 168),
        392,
        ("handicapped-infants", "export-administration-act-south-africa"),
        16,
    ),
    "vote1": (
        (435, 15),
        ("democrat", "republican"),
        (267, 168),
        381,
        ("handicapped-infants", "export-administration-act-south-africa"),
        15,
    ),
}
NAMES = list(EXPECTED)
#: Our class label -> Weka's, where they differ (Weka's heart-c/heart-h use only <50 and >50_1).
WEKA_CLASS = {
    "heart_c": {"absent": "<50", "present": ">50_1"},
    "heart_h": {"absent": "<50", "present": ">50_1"},
    "pima": {"0": "tested_negative", "1": "tested_positive"},
    "sonar": {"R": "Rock", "M": "Mine"},
}


@pytest.fixture(scope="module")
def datasets(mirror_dir, tmp_path_factory):
    """Every new UCI dataset, loaded once from the directory mirror with a fresh data home."""
    home = tmp_path_factory.mktemp("data_home")
    return {name: load_dataset(name, data_home=home, mirror=mirror_dir) for name in NAMES}


def row_digests(data, class_map=None):
    """Digest of every row as make_golden.py computes it (missing ``?``, numbers repr(float))."""
    class_map = class_map or {}
    columns = [data.X[c].to_numpy(dtype=object) for c in data.X.columns]
    labels = [class_map.get(label, label) for label in data.y.astype(str)]
    digests = []
    for i, label in enumerate(labels):
        parts = [_text(column[i]) for column in columns] + [label]
        digests.append(hashlib.sha256("|".join(parts).encode()).hexdigest()[:8])
    return digests


def _text(value):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "?"
    return repr(float(value)) if isinstance(value, float | int) else str(value)


def raw_lines(path):
    """Non-blank lines of a raw file."""
    return [line for line in Path(path).read_text().splitlines() if line.strip()]


# ---------------------------------------------------------------- loading from the mirror


@pytest.mark.parametrize("name", NAMES)
def test_counts_orientation_and_dtypes(datasets, name):
    data = datasets[name]
    shape, (negative, positive), counts, missing, (first, last), n_nominal = EXPECTED[name]
    assert isinstance(data, Dataset) and data.name == name and data.source == "mirror"
    assert data.X.shape == shape
    assert (data.negative, data.positive) == (negative, positive)
    assert list(data.y.cat.categories) == [negative, positive]
    assert data.class_counts == dict(zip((negative, positive), counts, strict=True))
    assert int(data.X.isna().sum().sum()) == missing
    assert (data.X.columns[0], data.X.columns[-1]) == (first, last)
    assert all(isinstance(c, str) for c in data.X.columns) and data.X.columns.is_unique
    assert len(data.nominal_columns) == n_nominal
    assert len(data.numeric_columns) == shape[1] - n_nominal
    assert all(data.X[c].dtype == np.float64 for c in data.numeric_columns)
    assert all(isinstance(data.X[c].dtype, pd.CategoricalDtype) for c in data.nominal_columns)
    assert data.title and data.title != name


@pytest.mark.parametrize("name", NAMES)
def test_checksums_are_those_of_the_mirror(datasets, mirror_dir, name):
    sums = {}
    for line in (mirror_dir / "SHA256SUMS").read_text().splitlines():
        digest, path = line.split()
        sums[path.removeprefix("./")] = digest
    assert datasets[name].checksums == {path: sums[path] for path in MORE_MIRROR_FILES[name]}


def test_list_datasets_shows_every_new_entry():
    table = list_datasets().set_index("name")
    for name, (shape, (negative, positive), *_rest) in EXPECTED.items():
        row = table.loc[name]
        assert (row["n_instances"], row["negative"], row["positive"], row["source"]) == (
            shape[0],
            negative,
            positive,
            "uci",
        )
    for name in ("twonorm", "threenorm", "ringnorm"):
        assert table.loc[name, "source"] == "synthetic" and table.loc[name, "n_instances"] == 7400
        assert pd.isna(table.loc[name, "openml_id"])
    assert table.loc["vote1", "title"].endswith("without physician-fee-freeze")


# ---------------------------------------------------------------- Weka's ARFF copies (golden)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_names_and_declared_values_are_wekas(datasets, name):
    data = datasets[name]
    ours = [
        [c, list(data.X[c].cat.categories) if c in data.nominal_columns else "numeric"]
        for c in data.X.columns
    ]
    assert ours == GOLDEN[name]["attributes"]


@pytest.mark.parametrize("name", sorted(set(GOLDEN) - {"heart_c"}))
def test_rows_and_row_order_are_wekas(datasets, name):
    ours = row_digests(datasets[name], WEKA_CLASS.get(name))
    assert ours == GOLDEN[name]["rows"].split()


def test_heart_c_differs_from_wekas_in_one_row(datasets):
    """Weka's heart-c (165/138) drops line 185 of processed.cleveland.data (a class-1 woman of
    60) and repeats the last line; the raw file, which we read, has 164/139."""
    ours = row_digests(datasets["heart_c"], WEKA_CLASS["heart_c"])
    assert GOLDEN["heart_c"]["rows"].split() == ours[:184] + ours[185:] + ours[-1:]
    line_185 = datasets["heart_c"].X.iloc[184]
    assert (line_185["age"], line_185["sex"], datasets["heart_c"].y.iloc[184]) == (
        60.0,
        "female",
        "present",
    )


# ---------------------------------------------------------------- dataset by dataset


def test_breast_w_drops_the_id_and_maps_the_class(datasets, mirror_dir):
    data = datasets["breast_w"]
    first = raw_lines(mirror_dir / "breast_w" / "breast-cancer-wisconsin.data")[0].split(",")
    assert data.X.iloc[0].tolist() == [float(v) for v in first[1:10]]
    assert data.y.iloc[0] == "benign" and first[10] == "2"
    assert int(data.X["Bare_Nuclei"].isna().sum()) == 16


def test_bupa_class_is_the_selector(datasets, mirror_dir):
    data = datasets["bupa"]
    rows = [line.split(",") for line in raw_lines(mirror_dir / "bupa" / "bupa.data")]
    assert data.y.astype(str).tolist() == [row[6] for row in rows]
    assert data.X["drinks"].tolist() == [float(row[5]) for row in rows]


@pytest.mark.parametrize(
    ("name", "file"),
    [("heart_c", "processed.cleveland.data"), ("heart_h", "processed.hungarian.data")],
)
def test_heart_class_is_num_above_zero(datasets, mirror_dir, name, file):
    data = datasets[name]
    num = [line.split(",")[13] for line in raw_lines(mirror_dir / name / file)]
    assert data.y.astype(str).tolist() == ["absent" if v == "0" else "present" for v in num]


def test_horse_colic_is_training_then_test_as_weka_has_it(datasets, mirror_dir):
    data = datasets["horse_colic"]
    train = raw_lines(mirror_dir / "horse_colic" / "horse-colic.data")
    test = raw_lines(mirror_dir / "horse_colic" / "horse-colic.test")
    assert (len(train), len(test)) == (300, 68)
    for position, line in ((0, train[0]), (299, train[-1]), (300, test[0]), (367, test[-1])):
        fields = line.split()
        assert data.y.iloc[position] == {"1": "yes", "2": "no"}[fields[23]]
        volume = data.X["packed_cell_volume"].iloc[position]
        assert math.isnan(volume) if fields[18] == "?" else volume == float(fields[18])
    assert "outcome" in data.X and data.X["outcome"].isna().sum() == 2  # kept, as in Weka
    assert list(data.X["Age"].cat.categories) == ["adult", "young"]  # coded 1 / 9 in the files


def test_kr_vs_kp_skips_the_trailing_blank_lines(datasets, mirror_dir):
    text = (mirror_dir / "kr_vs_kp" / "kr-vs-kp.data").read_text()
    assert text.endswith("\n\n\n") and datasets["kr_vs_kp"].n_instances == 3196


def test_pima_keeps_the_implausible_zeros(datasets):
    zeros = (datasets["pima"].X == 0).sum().to_dict()
    assert zeros == {
        "preg": 111,
        "plas": 5,
        "pres": 35,
        "skin": 227,
        "insu": 374,
        "mass": 11,
        "pedi": 0,
        "age": 0,
    }
    assert not datasets["pima"].X.isna().any().any()


def test_promoters_one_attribute_per_base(datasets, mirror_dir):
    data = datasets["promoters"]
    assert list(data.X.columns) == list(_uci_tables.PROMOTER_POSITIONS)
    assert "p0" not in data.X and len(data.X.columns) == 57
    lines = raw_lines(mirror_dir / "promoters" / "promoters.data")
    for position in (0, 105):
        label, _name, sequence = (f.strip() for f in lines[position].split(","))
        assert "".join(data.X.iloc[position]) == sequence and data.y.iloc[position] == label
    assert all(list(data.X[c].cat.categories) == ["a", "g", "t", "c"] for c in data.X)


def test_vote1_is_vote_without_physician_fee_freeze(datasets):
    vote, vote1 = datasets["vote"], datasets["vote1"]
    assert "physician-fee-freeze" in vote.X and "physician-fee-freeze" not in vote1.X
    pd.testing.assert_frame_equal(vote1.X, vote.X.drop(columns="physician-fee-freeze"))
    pd.testing.assert_series_equal(vote1.y, vote.y)
    assert vote1.checksums == vote.checksums  # one file, shared


# ---------------------------------------------------------------- integrity and transport


def test_corrupted_mirror_file_raises_checksum_error(mirror_dir, tmp_path):
    mirror = tmp_path / "mirror"
    (mirror / "sonar").mkdir(parents=True)
    shutil.copyfile(mirror_dir / "sonar" / "sonar.all-data", mirror / "sonar" / "sonar.all-data")
    data = bytearray((mirror / "sonar" / "sonar.all-data").read_bytes())
    data[100] = ord("9") if data[100] != ord("9") else ord("8")
    (mirror / "sonar" / "sonar.all-data").write_bytes(bytes(data))
    with pytest.raises(ChecksumError, match=r"sonar: .*sonar.all-data: SHA256 checksum mismatch"):
        load_dataset("sonar", data_home=tmp_path / "home", mirror=mirror)


def test_url_mirror_through_local_server(more_mirror_copy, serve, tmp_path):
    server = serve(more_mirror_copy)
    by_url = load_dataset("horse_colic", data_home=tmp_path / "cache", mirror=server.url)
    by_dir = load_dataset("horse_colic", data_home=tmp_path / "unused", mirror=more_mirror_copy)
    assert (by_url.source, by_dir.source) == ("url", "mirror")
    assert sorted(server.requests) == [
        "horse_colic/horse-colic.data",
        "horse_colic/horse-colic.test",
    ]
    pd.testing.assert_frame_equal(by_url.X, by_dir.X)
    pd.testing.assert_series_equal(by_url.y, by_dir.y)
    assert by_url.checksums == by_dir.checksums
    assert (tmp_path / "cache" / "horse_colic" / "horse-colic.test").is_file()
    assert not (tmp_path / "unused").exists()


def test_parsers_name_file_attribute_and_problem(tmp_path):
    heart = tmp_path / "processed.cleveland.data"
    heart.write_text("63.0,1.0,5.0,145.0,233.0,1.0,2.0,150.0,0.0,2.3,3.0,0.0,6.0,0\n")
    with pytest.raises(DatasetError, match=r"attribute cp: unknown codes \['5.0'\]"):
        _parsers.parse_heart_c({"processed.cleveland.data": heart})
    promoters = tmp_path / "promoters.data"
    promoters.write_text("+,S10,\t\ttactagcaatacg\n")
    with pytest.raises(DatasetError, match=r"instance 1: expected a sequence of 57 bases, got 13"):
        _parsers.parse_promoters({"promoters.data": promoters})
    vote = tmp_path / "house-votes-84.data"
    vote.write_text("democrat," + ",".join(["y"] * 15) + "\n")
    with pytest.raises(DatasetError, match=r"line 1: expected 17 fields, got 16"):
        _parsers.parse_vote({"house-votes-84.data": vote})


def test_heart_codes_written_as_floats_or_integers_agree(tmp_path):
    as_float = tmp_path / "a" / "processed.hungarian.data"
    as_int = tmp_path / "b" / "processed.hungarian.data"
    for path, row in (
        (as_float, "28.0,1.0,2.0,130,132,0.0,2.0,185,0.0,0,?,?,?,0"),
        (as_int, "28,1,2,130,132,0,2,185,0,0,?,?,?,0"),
    ):
        path.parent.mkdir()
        path.write_text(row + "\n")
    a = _parsers.parse_heart_h({"processed.hungarian.data": as_float})
    b = _parsers.parse_heart_h({"processed.hungarian.data": as_int})
    pd.testing.assert_frame_equal(a[0], b[0])
    assert a[0]["chest_pain"].iloc[0] == "atyp_angina" and a[1].tolist() == ["absent"]


# ---------------------------------------------------------------- Breiman's generators

D = 20
A1, A2 = 1 / np.sqrt(D), 2 / np.sqrt(D)  # ringnorm's a: mlbench's, Delve's
GENERATORS = {"twonorm": twonorm, "threenorm": threenorm, "ringnorm": ringnorm}


def bayes_twonorm(X):
    """Breiman's twonorm Bayes rule: class 2 (mean -a) where sum(x) < 0."""
    return X.sum(axis=1) < 0


def bayes_threenorm(X):
    a, b = np.full(D, A2), A2 * np.resize([1.0, -1.0], D)
    log1 = np.logaddexp(-0.5 * ((X - a) ** 2).sum(1), -0.5 * ((X + a) ** 2).sum(1)) + np.log(0.5)
    return -0.5 * ((X - b) ** 2).sum(1) > log1


def bayes_ringnorm(X, a=A1):
    log2_minus_log1 = -0.5 * ((X - a) ** 2).sum(1) + (X**2).sum(1) / 8 + D * np.log(2)
    return log2_minus_log1 > 0


def bayes_error_threenorm():
    """Numerical Bayes error in the plane of a and b (orthogonal, |a| = |b| = 2): with u, v the
    coordinates along a and b, class 2 wins where v > log(cosh(2u)) / 2."""

    def boundary(u):
        return 0.5 * np.logaddexp(2 * u, -2 * u) - 0.5 * np.log(2)

    def mixture(u):
        return 0.5 * (stats.norm.pdf(u, 2) + stats.norm.pdf(u, -2))

    wrong1 = integrate.quad(lambda u: mixture(u) * stats.norm.sf(boundary(u)), -12, 12)[0]
    wrong2 = integrate.quad(lambda u: stats.norm.pdf(u) * stats.norm.cdf(boundary(u), 2), -12, 12)
    return 0.5 * (wrong1 + wrong2[0])


def bayes_error_ringnorm(norm_a):
    """Numerical Bayes error: u = projection on a (|a| = norm_a), r^2 = the other 19 coordinates."""

    def bound(u):  # class 2 wins where r^2 < bound(u)
        return max((-((u - norm_a) ** 2) / 2 + u**2 / 8 + D * np.log(2)) / (3 / 8), 0.0)

    wrong1 = integrate.quad(
        lambda u: stats.norm.pdf(u, 0, 2) * stats.chi2.cdf(bound(u) / 4, D - 1), -40, 40
    )[0]
    wrong2 = integrate.quad(
        lambda u: stats.norm.pdf(u, norm_a, 1) * stats.chi2.sf(bound(u), D - 1), -40, 40
    )[0]
    return 0.5 * (wrong1 + wrong2)


def test_bayes_errors_by_integration_match_breiman():
    """Breiman (1996) reports 2.3 %, 10.5 % and 1.3 %; ringnorm's 1.3 % is nearer Delve's a."""
    assert stats.norm.cdf(-2) == pytest.approx(0.023, abs=5e-4)
    assert bayes_error_threenorm() == pytest.approx(0.105, abs=5e-4)
    assert bayes_error_ringnorm(1.0) == pytest.approx(0.0150, abs=5e-5)  # mlbench's a
    assert bayes_error_ringnorm(2.0) == pytest.approx(0.0124, abs=5e-5)  # Delve's a


@pytest.mark.parametrize(
    ("generator", "rule", "expected"),
    [
        (twonorm, bayes_twonorm, stats.norm.cdf(-2)),
        (threenorm, bayes_threenorm, 0.10463),
        (ringnorm, bayes_ringnorm, 0.014965),
    ],
)
def test_bayes_rule_error_on_a_large_sample(generator, rule, expected):
    n = 200_000
    data = generator(n, random_state=11)
    error = np.mean(rule(data.X.to_numpy()) != (data.y_binary == 1))
    assert error == pytest.approx(expected, abs=4 * np.sqrt(expected * (1 - expected) / n))


def test_delve_ringnorm_option():
    data = ringnorm(200_000, random_state=5, a=A2)
    error = np.mean(bayes_ringnorm(data.X.to_numpy(), a=A2) != (data.y_binary == 1))
    assert error == pytest.approx(0.0124, abs=4 * np.sqrt(0.0124 / 200_000))
    assert data.X[data.y == "2"].to_numpy().mean() == pytest.approx(A2, abs=0.01)


def _moments(data, label):
    X = data.X[data.y == label].to_numpy()
    return X.mean(axis=0), np.cov(X, rowvar=False), len(X)


def test_class_means_and_covariances():
    n, identity, a = 200_000, np.eye(D), np.full(D, A2)
    b = A2 * np.resize([1.0, -1.0], D)
    expected = {
        twonorm: ((a, identity), (-a, identity)),
        threenorm: ((np.zeros(D), identity + np.outer(a, a)), (b, identity)),
        ringnorm: ((np.zeros(D), 4 * identity), (np.full(D, A1), identity)),
    }
    for generator, classes in expected.items():
        data = generator(n, random_state=3)
        for label, (mean, cov) in zip(("1", "2"), classes, strict=True):
            got_mean, got_cov, size = _moments(data, label)
            scale = np.sqrt(np.diag(cov))
            np.testing.assert_allclose(got_mean, mean, atol=5 * scale.max() / np.sqrt(size))
            np.testing.assert_allclose(got_cov, cov, atol=6 * cov.max() / np.sqrt(size))


def test_threenorm_mixture_is_a_fair_coin():
    data = threenorm(100_000, random_state=4)
    X1 = data.X[data.y == "1"].to_numpy()
    share = np.mean(X1.sum(axis=1) > 0)  # |a| = 2 apart from 0: sign of sum(x) tells the component
    assert share == pytest.approx(0.5, abs=0.01)


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generators_are_deterministic_and_seeded(name):
    generator = GENERATORS[name]
    first, again = generator(500, random_state=7), generator(500, random_state=7)
    pd.testing.assert_frame_equal(first.X, again.X)
    pd.testing.assert_series_equal(first.y, again.y)
    other = generator(500, random_state=8)
    assert not np.allclose(first.X.to_numpy(), other.X.to_numpy())
    default = generator(500)
    pd.testing.assert_frame_equal(default.X, generator(500, random_state=0).X)
    assert list(first.X.columns) == [f"x{j}" for j in range(1, 21)]
    assert all(first.X[c].dtype == np.float64 for c in first.X)
    assert (first.name, first.source, first.checksums) == (name, "synthetic", {})
    assert (first.negative, first.positive) == ("1", "2")


@pytest.mark.parametrize(("n", "counts"), [(2, (1, 1)), (7, (4, 3)), (7400, (3700, 3700))])
def test_exactly_half_are_class_2(n, counts):
    for generator in GENERATORS.values():
        assert tuple(generator(n, random_state=1).class_counts.values()) == counts


@pytest.mark.parametrize("bad", [1, 0, -5, 2.0, "10", True, None])
def test_n_must_be_an_integer_of_at_least_2(bad):
    with pytest.raises(
        DatasetError, match=r"n must be an int in \[2, inf\), got .* \(both classes present\)"
    ):
        twonorm(bad)


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_registered_generators_load_without_files(name, tmp_path, monkeypatch):
    monkeypatch.setenv("COSTLAB_MIRROR", str(tmp_path / "no-such-mirror"))
    data = load_dataset(name, data_home=tmp_path / "home")
    assert not (tmp_path / "home").exists()
    expected = GENERATORS[name](7400, random_state=0)
    pd.testing.assert_frame_equal(data.X, expected.X)
    pd.testing.assert_series_equal(data.y, expected.y)
    assert data.class_counts == {"1": 3700, "2": 3700} and data.source == "synthetic"
    assert data.title == list_datasets().set_index("name").loc[name, "title"]


def test_register_a_synthetic_spec(monkeypatch):
    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    register_dataset(
        SyntheticSpec(
            name="twonorm_300",
            title="Twonorm, 300 instances",
            generator=twonorm,
            n_instances=300,
            negative="1",
            positive="2",
            class_counts=(150, 150),
            random_state=42,
        )
    )
    data = load_dataset("twonorm_300")
    assert (data.name, data.title, data.n_instances) == (
        "twonorm_300",
        "Twonorm, 300 instances",
        300,
    )
    pd.testing.assert_frame_equal(data.X, twonorm(300, random_state=42).X)
    register_dataset(
        SyntheticSpec(
            name="bad", title="Bad", generator=twonorm, n_instances=300, negative="2", positive="1"
        )
    )
    with pytest.raises(DatasetError, match="bad: the generator labels the classes '1'/'2'"):
        load_dataset("bad")
    register_dataset(
        SyntheticSpec(
            name="bad_counts",
            title="Bad",
            generator=ringnorm,
            n_instances=300,
            negative="1",
            positive="2",
            class_counts=(100, 200),
        )
    )
    with pytest.raises(DatasetError, match=r"expected class counts 1/2 = \(100, 200\)"):
        load_dataset("bad_counts")
    with pytest.raises(DatasetError, match="must differ"):
        SyntheticSpec(
            name="x", title="x", generator=twonorm, n_instances=10, negative="1", positive="1"
        )
