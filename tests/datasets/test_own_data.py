"""Loaders for a researcher's own data: from_frame, from_csv, from_arff, from_arrays."""

import hashlib
import warnings

import numpy as np
import pandas as pd
import pytest

from costlab.datasets import (
    Dataset,
    DatasetError,
    from_arff,
    from_arrays,
    from_csv,
    from_frame,
    load_dataset,
)

ARFF_TOY = """% a comment
@relation toy
@attribute size {small,medium,large}
@attribute weight numeric
@attribute count integer
@attribute note string
@attribute class {ok,faulty}
@data
large,2.5,3,'b',faulty
small,?,1,'a',ok
small,1,?,?,ok
"""
ARFF_CLASSES = "faulty,ok,ok".split(",")


def toy_frame():
    """Four rows: int, bool, float-with-NaN, text, Categorical features and a 0/1 class."""
    return pd.DataFrame(
        {
            "age": [25, 40, 33, 51],
            "smoker": [True, False, False, True],
            "bmi": [21.5, np.nan, 30.1, 27.0],
            "colour": ["red", "blue", None, "red"],
            "grade": pd.Categorical(["b", "a", "b", "b"], categories=["c", "b", "a"]),
            "sick": [0, 1, 0, 1],
        }
    )


def write(tmp_path, name, text):
    """Write `text` to tmp_path/name and return the path."""
    path = tmp_path / name
    path.write_text(text)
    return path


def arff_with_class(tmp_path, declaration, classes):
    """A two-attribute ARFF file whose class is declared `declaration` with values `classes`."""
    rows = "\n".join(f"{i},{c}" for i, c in enumerate(classes))
    text = f"@relation r\n@attribute a numeric\n@attribute class {declaration}\n@data\n{rows}\n"
    return write(tmp_path, "r.arff", text)


# --------------------------------------------------------------------------- from_frame


def test_from_frame_types_orders_and_provenance():
    data = from_frame(toy_frame(), target="sick", name="toy", title="Toy data")
    assert isinstance(data, Dataset)
    assert (data.name, data.title, data.source, data.checksums) == ("toy", "Toy data", "frame", {})
    assert list(data.X.columns) == ["age", "smoker", "bmi", "colour", "grade"]
    assert data.numeric_columns == ["age", "smoker", "bmi"]
    assert all(data.X[c].dtype == np.float64 for c in data.numeric_columns)
    assert data.X["smoker"].tolist() == [1.0, 0.0, 0.0, 1.0]
    assert data.X["bmi"].isna().tolist() == [False, True, False, False]
    assert list(data.X["colour"].cat.categories) == ["red", "blue"]  # first appearance
    assert data.X["colour"].isna().tolist() == [False, False, True, False]
    assert list(data.X["grade"].cat.categories) == ["c", "b", "a"]  # declared order kept
    assert (data.negative, data.positive) == ("0", "1")
    assert list(data.y.cat.categories) == ["0", "1"] and data.y.name == "sick"
    assert data.y_binary.tolist() == [0, 1, 0, 1]
    assert isinstance(data.X.index, pd.RangeIndex) and isinstance(data.y.index, pd.RangeIndex)


def test_from_frame_does_not_modify_the_callers_frame():
    df = toy_frame().set_index(pd.Index([10, 11, 12, 13]))
    before = df.copy(deep=True)
    data = from_frame(df, target="sick")
    pd.testing.assert_frame_equal(df, before)
    data.X.loc[0, "age"] = -1.0
    data.X["grade"] = data.X["grade"].cat.add_categories(["z"])
    pd.testing.assert_frame_equal(df, before)


def test_from_frame_nullable_string_and_missing_kinds():
    df = pd.DataFrame(
        {
            "n": pd.array([1, None, 3], dtype="Int64"),
            "flag": pd.array([True, None, False], dtype="boolean"),
            "s": pd.array(["x", pd.NA, "y"], dtype="string"),
            "q": ["?", "a", "?"],  # only real NaN/None are missing in a DataFrame
            "empty_num": [np.nan] * 3,
            "empty_obj": [None] * 3,
            "c": ["a", "b", "a"],
        }
    )
    X = from_frame(df, target="c", negative="a").X
    assert X["n"].dtype == np.float64 and X["n"].isna().tolist() == [False, True, False]
    assert X["flag"].dtype == np.float64 and X["flag"].isna().tolist() == [False, True, False]
    assert list(X["s"].cat.categories) == ["x", "y"] and X["s"].isna().tolist()[1]
    assert list(X["q"].cat.categories) == ["?", "a"] and not X["q"].isna().any()
    assert X["empty_num"].isna().all() and X["empty_obj"].isna().all()
    assert len(X["empty_obj"].cat.categories) == 0


def test_from_frame_column_names_become_strings_and_target_matches_by_text():
    df = pd.DataFrame({0: [1.0, 2.0], 1: ["a", "b"], 2: ["u", "v"]})
    data = from_frame(df, target="2", negative="v")
    assert list(data.X.columns) == ["0", "1"] and data.y.name == "2"
    assert from_frame(df, target=2, negative="v").class_counts == {"v": 1, "u": 1}


@pytest.mark.parametrize(
    ("labels", "expected"),
    [
        ([0, 1, 1, 0], ("0", "1")),
        ([1, 0, 1, 0], ("0", "1")),
        ([0.0, 1.0, 1.0, 0.0], ("0", "1")),
        (["1", "0", "1", "0"], ("0", "1")),
        ([True, False, True, False], ("False", "True")),
        ([1, -1, -1, 1], ("-1", "1")),
    ],
)
def test_orientation_is_inferred_for_conventional_labels(labels, expected):
    data = from_frame(pd.DataFrame({"a": range(4), "y": labels}), target="y")
    assert (data.negative, data.positive) == expected
    assert data.y_binary.tolist() == [int(str(v) in ("1", "1.0", "True")) for v in labels]


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({"negative": "bad"}, ("bad", "good")),
        ({"positive": "bad"}, ("good", "bad")),
        ({"negative": "good", "positive": "bad"}, ("good", "bad")),
    ],
)
def test_orientation_explicit(given, expected):
    df = pd.DataFrame({"a": range(3), "y": ["good", "bad", "good"]})
    data = from_frame(df, target="y", **given)
    assert (data.negative, data.positive) == expected
    assert list(data.y.cat.categories) == list(expected)


def test_labels_are_matched_by_their_text():
    df = pd.DataFrame({"a": range(4), "y": [0, 1, 1, 1]})
    for negative in (1, "1", 1.0, np.int64(1)):
        data = from_frame(df, target="y", negative=negative)
        assert (data.negative, data.positive) == ("1", "0")
        assert data.class_counts == {"1": 3, "0": 1}


def test_breast_cancer_from_sklearn():
    sklearn_datasets = pytest.importorskip("sklearn.datasets")
    frame = sklearn_datasets.load_breast_cancer(as_frame=True).frame
    data = from_frame(frame, target="target", negative=1, positive=0, name="breast_cancer")
    assert data.class_counts == {"1": 357, "0": 212}
    assert data.X.shape == (569, 30) and len(data.numeric_columns) == 30


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"target": "nope"}, r"target 'nope' is not a column of df \(columns: 'a', 'y'\)"),
        ({"target": "y", "negative": "x", "positive": "x"}, "negative and positive must differ"),
        ({"target": "y", "negative": 1, "positive": "1"}, "negative and positive must differ"),
        ({"target": "y", "negative": "z"}, r"negative='z' is not among .*\['n', 'p'\]"),
        ({"target": "y", "positive": "z"}, r"positive='z' is not among .*\['n', 'p'\]"),
        ({"target": "y", "negative": [1]}, "negative must be a class label"),
        ({"target": "y", "positive": np.nan}, "positive must be a class label"),
        ({"target": "y"}, r"labels \['n', 'p'\].*pass negative=.*positive="),
        ({"target": "y", "negative": "n", "name": ""}, "name must be a non-empty string"),
        ({"target": "y", "negative": "n", "title": 3}, "title must be a string"),
    ],
)
def test_from_frame_argument_errors_name_the_parameter(kwargs, message):
    df = pd.DataFrame({"a": [1, 2, 3], "y": ["n", "p", "n"]})
    with pytest.raises(DatasetError, match=message):
        from_frame(df, **kwargs)


@pytest.mark.parametrize(
    ("df", "message"),
    [
        (pd.DataFrame({"a": [1, 2], "y": ["n", "n"]}), "only the class 'n' occurs; both classes"),
        (
            pd.DataFrame({"a": [1, 2, 3], "y": ["x", "z", "y"]}),
            r"3 classes found \['x', 'y', 'z'\]",
        ),
        (
            pd.DataFrame({"a": [1, 2, 3, 4], "y": ["n", None, "p", np.nan]}),
            "target column 'y': 2 of 4 instances have no class label",
        ),
        (pd.DataFrame({"a": [], "y": []}), "df has no rows"),
        (pd.DataFrame({"y": ["n", "p"]}), "df has no feature columns"),
        (
            pd.DataFrame([[1, 2, "n"], [3, 4, "p"]], columns=["a", "a", "y"]),
            r"column names of df must be unique, repeated: \['a'\]",
        ),
        (
            pd.DataFrame([[1, 2, "n"], [3, 4, "p"]], columns=[1, "1", "y"]),
            r"column names of df must be unique, repeated: \['1'\]",
        ),
        (
            pd.DataFrame({"when": pd.to_datetime(["2020-01-01", "2021-01-01"]), "y": ["n", "p"]}),
            "column 'when' has dtype datetime64.*allowed are numeric",
        ),
    ],
)
def test_from_frame_data_errors(df, message):
    with pytest.raises(DatasetError, match=message):
        from_frame(df, target="y", negative="n")


def test_from_frame_needs_a_dataframe():
    with pytest.raises(TypeError, match="df must be a pandas DataFrame, got dict"):
        from_frame({"a": [1], "y": [0]}, target="y")


# --------------------------------------------------------------------------- from_csv


def test_from_csv_first_appearance_missing_and_checksum(tmp_path):
    text = "age,colour,city,outcome\n25,red,?,healthy\n61,blue,Oslo,ill\n47,?,Bergen,healthy\n"
    path = write(tmp_path, "patients.csv", text)
    data = from_csv(path, target="outcome", negative="healthy")
    assert (data.name, data.title, data.source) == ("patients", "patients", "file")
    assert data.checksums == {"patients.csv": hashlib.sha256(path.read_bytes()).hexdigest()}
    assert data.X["age"].dtype == np.float64
    assert list(data.X["colour"].cat.categories) == ["red", "blue"]
    assert list(data.X["city"].cat.categories) == ["Oslo", "Bergen"]
    assert data.X["colour"].isna().tolist() == [False, False, True]
    assert data.X["city"].isna().tolist() == [True, False, False]
    assert data.class_counts == {"healthy": 2, "ill": 1} and data.positive == "ill"


def test_from_csv_na_values_and_read_csv_kwargs(tmp_path):
    path = write(tmp_path, "semi.txt", "a;b;c\n1;-;x\n2;k;y\n-;?;x\n")
    data = from_csv(path, target="c", negative="x", na_values=["-"], sep=";", name="s")
    assert data.name == "s"
    assert data.X["a"].isna().tolist() == [False, False, True]
    assert data.X["b"].isna().tolist() == [True, False, False]
    assert list(data.X["b"].cat.categories) == ["k", "?"]  # "?" only missing by default
    headerless = write(tmp_path, "plain.data", "1,a,+\n2,b,-\n")
    data = from_csv(headerless, target=2, negative="-", header=None)
    assert list(data.X.columns) == ["0", "1"] and data.class_counts == {"-": 1, "+": 1}


def test_from_csv_file_errors_name_the_path(tmp_path):
    with pytest.raises(DatasetError, match="path: no such file .*absent.csv"):
        from_csv(tmp_path / "absent.csv", target="c")
    with pytest.raises(DatasetError, match="is not a regular file"):
        from_csv(tmp_path, target="c")
    empty = write(tmp_path, "empty.csv", "")
    with pytest.raises(DatasetError, match=f"{empty}: the file is empty"):
        from_csv(empty, target="c")
    header_only = write(tmp_path, "header.csv", "a,c\n")
    with pytest.raises(DatasetError, match=f"{header_only} has no rows"):
        from_csv(header_only, target="c")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a,c\n1,x\n2,y,7,8\n3,x\n", "Expected 2 fields in line 3, saw 4"),
        ('a,c\n1,x\n2,"y\n', "EOF inside string"),
    ],
)
def test_from_csv_corrupt_file_names_the_path(tmp_path, text, message):
    path = write(tmp_path, "bad.csv", text)
    with pytest.raises(DatasetError, match=f"{path}: not a readable CSV file .*{message}"):
        from_csv(path, target="c", negative="x")


def test_from_csv_binary_and_truncated_files(tmp_path):
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"a,c\n\xff\xfe\x00,x\n")
    with pytest.raises(DatasetError, match=f"{binary}: not a readable CSV file"):
        from_csv(binary, target="c")
    truncated = write(tmp_path, "cut.csv", "a,b,c\n1,2,x\n3,4,y\n5,")  # the class field is lost
    with pytest.raises(DatasetError, match="1 of 3 instances have no class label"):
        from_csv(truncated, target="c", negative="x")


@pytest.mark.parametrize(
    ("text", "kwargs", "repeated"),
    [
        ("a,b,outcome,outcome\n1,2,x,x\n3,4,y,y\n", {}, "'outcome'"),  # a copy of the target
        ("a,b,a,b,c,outcome\n1,2,1,2,3,x\n3,4,3,4,5,y\n", {}, "'a', 'b'"),
        ("a;a;outcome\n1;2;x\n3;4;y\n", {"sep": ";"}, "'a'"),
        ("# made by hand\nk,k,outcome\n1,2,x\n3,4,y\n", {"comment": "#"}, "'k'"),
        ("junk line\nk,k,outcome\n1,2,x\n3,4,y\n", {"skiprows": 1}, "'k'"),
        ("title,row\nk,k,outcome\n1,2,x\n3,4,y\n", {"header": 1}, "'k'"),
    ],
)
def test_from_csv_repeated_column_names_are_refused(tmp_path, text, kwargs, repeated):
    """Issue 18, item 3.3: pandas renames a repeated name (a, a.1): a copy of the target
    would become a feature."""
    path = write(tmp_path, "dup.csv", text)
    with pytest.raises(ValueError, match=f"{path}: .*repeated: \\[{repeated}\\]"):
        from_csv(path, target="outcome", negative="x", **kwargs)


def test_from_csv_names_like_pandas_renamed_ones_are_fine(tmp_path):
    path = write(tmp_path, "dots.csv", "a,a.1,outcome\n1,2,x\n3,4,y\n")
    data = from_csv(path, target="outcome", negative="x")
    assert list(data.X.columns) == ["a", "a.1"]
    headerless = write(tmp_path, "plain.data", "1,1,+\n2,2,-\n")  # the same values: no header
    assert from_csv(headerless, target=2, negative="-", header=None).X.shape == (2, 2)


def test_from_csv_rejects_iterator_kwargs(tmp_path):
    path = write(tmp_path, "a.csv", "a,c\n1,x\n2,y\n")
    with pytest.raises(DatasetError, match="read_csv_kwargs must make pandas.read_csv return"):
        from_csv(path, target="c", chunksize=1)


# --------------------------------------------------------------------------- from_arff


def test_from_arff_declared_order_types_missing_and_checksum(tmp_path):
    path = write(tmp_path, "toy.arff", ARFF_TOY)
    data = from_arff(path)
    assert (data.name, data.source) == ("toy", "file")
    assert data.checksums == {"toy.arff": hashlib.sha256(path.read_bytes()).hexdigest()}
    assert list(data.X.columns) == ["size", "weight", "count", "note"]
    assert list(data.X["size"].cat.categories) == ["small", "medium", "large"]  # medium unused
    assert data.X["size"].tolist() == ["large", "small", "small"]
    assert data.X["weight"].dtype == np.float64 and data.X["count"].dtype == np.float64
    assert data.X["weight"].isna().tolist() == [False, True, False]
    assert data.X["count"].tolist()[:2] == [3.0, 1.0] and np.isnan(data.X["count"].iloc[2])
    assert list(data.X["note"].cat.categories) == ["b", "a"]  # string: first appearance
    assert data.X["note"].isna().tolist() == [False, False, True]
    assert (data.negative, data.positive) == ("ok", "faulty")  # first declared = negative
    assert data.y.tolist() == ARFF_CLASSES and data.y.name == "class"


def test_from_arff_explicit_orientation_and_target(tmp_path):
    path = write(tmp_path, "toy.arff", ARFF_TOY)
    data = from_arff(path, negative="faulty", name="t", title="Toy")
    assert (data.negative, data.positive, data.name, data.title) == ("faulty", "ok", "t", "Toy")
    assert data.y_binary.tolist() == [0, 1, 1]
    by_size = from_arff(path, target="size", negative="small", positive="large")
    assert "size" not in by_size.X.columns and "class" in by_size.X.columns
    assert list(by_size.X["class"].cat.categories) == ["ok", "faulty"]
    assert by_size.class_counts == {"small": 2, "large": 1}


def test_from_arff_declared_class_value_without_instances(tmp_path):
    path = arff_with_class(tmp_path, "{neg,pos}", ["pos", "pos"])
    with pytest.warns(UserWarning, match="class 'neg' is declared but has no instances") as rec:
        data = from_arff(path)
    assert rec[0].filename == __file__  # the warning points at the caller
    assert (data.negative, data.positive) == ("neg", "pos")
    assert data.class_counts == {"neg": 0, "pos": 2}


def test_from_arff_more_than_two_declared_class_values(tmp_path):
    path = arff_with_class(tmp_path, "{a,b,c}", ["a", "c", "a"])
    with pytest.raises(DatasetError, match=r"declares 3 values \['a', 'b', 'c'\]: pass both"):
        from_arff(path)
    with pytest.raises(DatasetError, match="pass both negative and positive"):
        from_arff(path, negative="a")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        data = from_arff(path, negative="c", positive="a")
    assert data.class_counts == {"c": 1, "a": 2}
    with pytest.raises(DatasetError, match=r"values \['c'\] occur besides negative='a'"):
        from_arff(path, negative="a", positive="b")
    with pytest.raises(DatasetError, match=r"positive='d' is not among declared .*\['a', 'b'"):
        from_arff(path, negative="a", positive="d")


def test_from_arff_numeric_class_is_inferred_like_a_frame(tmp_path):
    path = arff_with_class(tmp_path, "numeric", ["1", "0", "1"])
    data = from_arff(path)
    assert (data.negative, data.positive, data.class_counts) == ("0", "1", {"0": 1, "1": 2})
    other = arff_with_class(tmp_path, "numeric", ["2", "5", "5"])
    with pytest.raises(DatasetError, match=r"labels \['2', '5'\].*pass negative="):
        from_arff(other)


def test_from_arff_missing_or_single_class_labels(tmp_path):
    path = arff_with_class(tmp_path, "string", ["a", "?", "b"])
    with pytest.raises(DatasetError, match="'class': 1 of 3 instances have no class label"):
        from_arff(path)
    path = arff_with_class(tmp_path, "string", ["a", "a"])
    with pytest.raises(DatasetError, match="only the class 'a' occurs; both classes"):
        from_arff(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,x\n2\n", "Bad @DATA"),
        ("@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,w\n", "w not found"),
        ("@relation r\n@attribute a numeric\n@attri", "Invalid layout"),
    ],
)
def test_from_arff_corrupt_file_names_path_and_liac_message(tmp_path, text, message):
    path = write(tmp_path, "bad.arff", text)
    with pytest.raises(DatasetError, match=f"{path}: not a valid ARFF file .*{message}"):
        from_arff(path)


def test_from_arff_other_errors(tmp_path):
    with pytest.raises(DatasetError, match="path: no such file"):
        from_arff(tmp_path / "absent.arff")
    dated = write(
        tmp_path,
        "dated.arff",
        "@relation r\n@attribute 'day of visit' date 'yyyy-MM-dd'\n@attribute c {x,y}\n"
        "@data\n'2020-01-01',x\n",
    )
    with pytest.raises(DatasetError, match="date attributes are not supported .day of visit."):
        from_arff(dated)
    empty = write(tmp_path, "empty.arff", "")
    with pytest.raises(DatasetError, match=f"{empty}: the file is empty"):
        from_arff(empty)
    toy = write(tmp_path, "toy.arff", ARFF_TOY)
    with pytest.raises(DatasetError, match=r"target 'label' is not an attribute of .*'size'"):
        from_arff(toy, target="label")
    no_rows = write(tmp_path, "no_rows.arff", ARFF_TOY.split("@data")[0] + "@data\n")
    with pytest.raises(DatasetError, match="no_rows.arff has no rows"):
        from_arff(no_rows)


# --------------------------------------------------------------------------- from_arrays


def test_from_arrays_numeric():
    X = np.array([[1, 2], [3, 4], [5, 6]])
    data = from_arrays(X, np.array([1, 0, 1]), name="arr")
    assert (data.name, data.source, data.checksums) == ("arr", "frame", {})
    assert list(data.X.columns) == ["x0", "x1"] and (data.X.dtypes == np.float64).all()
    assert data.X.to_numpy().tolist() == X.astype(float).tolist()
    assert (data.negative, data.positive, data.y.name) == ("0", "1", "class")
    named = from_arrays([[0.5, np.nan]] * 2, ["a", "b"], negative="b", feature_names=["u", "v"])
    assert list(named.X.columns) == ["u", "v"] and named.X["v"].isna().all()
    flags = from_arrays(np.array([[True], [False]]), [0, 1])
    assert flags.X["x0"].tolist() == [1.0, 0.0]


def test_from_arrays_object_columns_are_inferred():
    X = np.array([[1.5, "red"], [2, "blue"], [None, "red"]], dtype=object)
    data = from_arrays(X, ["n", "p", "n"], negative="n")
    assert data.X["x0"].dtype == np.float64 and data.X["x0"].isna().tolist() == [False] * 2 + [True]
    assert list(data.X["x1"].cat.categories) == ["red", "blue"]
    text = from_arrays(np.array([["a", "b"], ["c", "b"]]), [0, 1])
    assert text.nominal_columns == ["x0", "x1"]


@pytest.mark.parametrize(
    ("X", "y", "kwargs", "message"),
    [
        (np.arange(3), [0, 1, 0], {}, r"X must be 2-D .*1-D array of shape \(3,\).*reshape"),
        (np.zeros((2, 2, 2)), [0, 1], {}, r"X must be 2-D .*shape \(2, 2, 2\)"),
        ([[1, 2], [3]], [0, 1], {}, "X must be a 2-D array-like"),
        (np.zeros((3, 2)), np.zeros((3, 1)), {}, r"y must be 1-D .*\(3, 1\).*ravel"),
        (np.zeros((3, 2)), [0, 1], {}, "X and y must have the same length: X has 3 rows, y has 2"),
        (np.zeros((3, 1)), [0, np.nan, 1], {}, "y: 1 of 3 instances have no class label"),
        (
            np.zeros((2, 2)),
            [0, 1],
            {"feature_names": ["a"]},
            "feature_names has 1 names but X has 2",
        ),
        (np.zeros((2, 2)), [0, 1], {"feature_names": ["a", "a"]}, "feature_names must be unique"),
        (np.zeros((0, 2)), [], {}, "X has no rows"),
        (np.zeros((2, 1)), ["a", "b"], {}, r"y: cannot tell .*\['a', 'b'\].*pass negative="),
    ],
)
def test_from_arrays_errors(X, y, kwargs, message):
    with pytest.raises(DatasetError, match=message):
        from_arrays(X, y, **kwargs)


# --------------------------------------------------------------------------- mirrored data


def test_from_arff_on_messidor_equals_the_registry(mirror_dir):
    data = from_arff(mirror_dir / "messidor" / "messidor_features.arff")
    registered = load_dataset("messidor", mirror=mirror_dir)
    pd.testing.assert_frame_equal(data.X, registered.X)
    pd.testing.assert_series_equal(data.y, registered.y, check_names=False)
    assert data.y.name == "19"  # the ARFF's (numeric) class attribute
    assert (data.negative, data.positive) == (registered.negative, registered.positive)
    assert data.checksums["messidor_features.arff"] == next(iter(registered.checksums.values()))


def test_from_csv_on_crx_equals_the_registry(mirror_dir):
    names = [f"A{i}" for i in range(1, 17)]
    path = mirror_dir / "credit_approval" / "crx.data"
    data = from_csv(path, target="A16", negative="-", positive="+", header=None, names=names)
    registered = load_dataset("credit_approval", mirror=mirror_dir)
    assert data.class_counts == registered.class_counts == {"-": 383, "+": 307}
    pd.testing.assert_frame_equal(data.X, registered.X)  # first appearance, "?" -> NaN
    by_position = from_csv(path, target=15, negative="-", header=None)
    assert by_position.positive == "+" and by_position.class_counts == data.class_counts
