"""``costlab explore``'s command line and target checks (fast, no server)."""

import json

import pytest

from costlab.studies._outdir import MARKER
from costlab.studies.explore import ExploreError, parse_args, resolve_target


def test_options():
    args = parse_args(["scores.csv", "--port", "9000", "--no-browser"])
    assert (args.target, args.port, args.no_browser) == ("scores.csv", 9000, True)
    assert parse_args(["x"]).no_browser is False


def test_missing_path(tmp_path):
    with pytest.raises(ExploreError, match="does not exist"):
        resolve_target(tmp_path / "nope.csv")


def test_csv_label_columns(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("y,lr,nb\nyes,0.1,0.2\nno,0.9,0.4\nyes,0.3,0.8\n")
    assert resolve_target(path).label_columns == ("y",)


def test_csv_without_label_column(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("a,b\n1,0.1\n2,0.2\n3,0.3\n")
    with pytest.raises(ExploreError, match="no usable label column"):
        resolve_target(path)


def test_folder_with_studies(tmp_path):
    (tmp_path / "landgrebe2004").mkdir()
    (tmp_path / "landgrebe2004" / MARKER).write_text(json.dumps({"study": "landgrebe2004"}))
    assert list(resolve_target(tmp_path).studies) == ["landgrebe2004"]
    assert list(resolve_target(tmp_path / "landgrebe2004").studies) == ["landgrebe2004"]


def test_folder_without_studies(tmp_path):
    with pytest.raises(ExploreError, match="holds no study results"):
        resolve_target(tmp_path)
