"""Fetching for real: a local HTTP server, failure modes, atomic cache (OpenML: test_openml.py)."""

import hashlib
import socket
from pathlib import Path

import pandas as pd
import pytest

from costlab.datasets import (
    ChecksumError,
    DatasetError,
    _fetch,
    load_dataset,
)

GERMAN = "german_credit/german.data"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    """No mirror, cache or OpenML server leaks in from the environment."""
    for name in ("COSTLAB_MIRROR", "COSTLAB_DATA_HOME", "COSTLAB_OPENML_SERVER"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("name", ["german_credit", "credit_approval", "messidor", "spectf"])
def test_url_mirror_equals_directory_mirror(name, mirror_copy, serve, tmp_path):
    server = serve(mirror_copy)
    by_url = load_dataset(name, data_home=tmp_path / "cache", mirror=server.url + "/")
    by_dir = load_dataset(name, data_home=tmp_path / "unused", mirror=mirror_copy)
    assert (by_url.source, by_dir.source) == ("url", "mirror")
    pd.testing.assert_frame_equal(by_url.X, by_dir.X)
    pd.testing.assert_series_equal(by_url.y, by_dir.y)
    assert by_url.checksums == by_dir.checksums
    assert not (tmp_path / "unused").exists()  # a directory mirror is read in place


def test_cached_files_are_reused_without_network(mirror_copy, serve, dead_url, tmp_path):
    home = tmp_path / "cache"
    first = load_dataset("spectf", data_home=home, mirror=serve(mirror_copy).url)
    again = load_dataset("spectf", data_home=home, mirror=dead_url)  # cache hit: no request
    no_mirror = load_dataset("spectf", data_home=home)  # cache hit: UCI never contacted
    pd.testing.assert_frame_equal(first.X, again.X)
    assert again.source == no_mirror.source == "url"
    assert {p.name for p in (home / "spectf").iterdir()} == {
        "SPECTF.test",
        "SPECTF.train",
        _fetch.SOURCES_FILE,
    }


def _assert_fails_then_recovers(bad_url, good_url, home, snapshot, match, error=DatasetError):
    before = snapshot(home)
    with pytest.raises(error, match=match) as info:
        load_dataset("german_credit", data_home=home, mirror=bad_url)
    assert bad_url.split("//")[1] in str(info.value)  # the message names the URL
    assert snapshot(home) == before  # no file, no temp leftovers, no new directory
    assert load_dataset("german_credit", data_home=home, mirror=good_url).n_instances == 1000
    assert "german_credit/german.data" in snapshot(home)


def test_truncated_body(mirror_copy, serve, tmp_path, snapshot):
    bad = serve(mirror_copy)
    bad.truncate[GERMAN] = 5000
    good = serve(mirror_copy)
    _assert_fails_then_recovers(bad.url, good.url, tmp_path / "cache", snapshot, "truncated body")
    assert GERMAN in bad.requests


def test_wrong_checksum_of_altered_file(mirror_copy, serve, tmp_path, snapshot):
    bad = serve(mirror_copy)
    data = (mirror_copy / GERMAN).read_bytes()
    bad.routes[GERMAN] = data.replace(b"A11", b"A12", 1)  # same length, one code changed
    home = tmp_path / "cache"
    (home / "other").mkdir(parents=True)  # an existing cache must stay as it is, too
    (home / "other" / "keep.txt").write_text("x")
    good = serve(mirror_copy)
    _assert_fails_then_recovers(bad.url, good.url, home, snapshot, "checksum", ChecksumError)


def test_dead_server(mirror_copy, serve, dead_url, tmp_path, snapshot):
    good = serve(mirror_copy)
    _assert_fails_then_recovers(dead_url, good.url, tmp_path / "cache", snapshot, "reach")


def test_http_404(serve, tmp_path, snapshot, mirror_copy):
    empty = serve(tmp_path / "nothing-here")
    good = serve(mirror_copy)
    _assert_fails_then_recovers(empty.url, good.url, tmp_path / "cache", snapshot, "HTTP 404")


def test_silent_server_times_out(monkeypatch, mirror_copy, serve, tmp_path, snapshot):
    monkeypatch.setattr(_fetch, "TIMEOUT", 0.5)
    with socket.socket() as silent:  # accepts connections, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        good = serve(mirror_copy)
        _assert_fails_then_recovers(url, good.url, tmp_path / "cache", snapshot, "timed out")


def test_corrupted_cached_file_is_detected(mirror_copy, serve, tmp_path):
    home = tmp_path / "cache"
    server = serve(mirror_copy)
    load_dataset("german_credit", data_home=home, mirror=server.url)
    cached = home / GERMAN
    cached.write_bytes(cached.read_bytes()[:-10])
    for mirror in (server.url, None):  # with or without a mirror: never silently replaced
        with pytest.raises(ChecksumError, match="corrupted: delete it") as info:
            load_dataset("german_credit", data_home=home, mirror=mirror)
        assert str(cached) in str(info.value)
    cached.unlink()
    assert load_dataset("german_credit", data_home=home, mirror=server.url).n_instances == 1000


def test_directory_mirror_errors(mirror_copy, tmp_path):
    (mirror_copy / "spectf" / "SPECTF.train").unlink()
    with pytest.raises(DatasetError, match="has no file spectf/SPECTF.train"):
        load_dataset("spectf", data_home=tmp_path, mirror=mirror_copy)
    (mirror_copy / GERMAN).write_bytes(b"A11 6\n")
    with pytest.raises(ChecksumError, match="german.data"):
        load_dataset("german_credit", data_home=tmp_path, mirror=mirror_copy)
    with pytest.raises(DatasetError, match="neither an existing directory nor an http"):
        load_dataset("german_credit", data_home=tmp_path, mirror=tmp_path / "missing")


def test_mirror_from_environment(monkeypatch, mirror_copy, serve, tmp_path):
    monkeypatch.setenv("COSTLAB_MIRROR", serve(mirror_copy).url)
    monkeypatch.setenv("COSTLAB_DATA_HOME", str(tmp_path / "env-home"))
    assert load_dataset("messidor").source == "url"
    assert (tmp_path / "env-home" / "messidor" / "messidor_features.arff").is_file()


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A fake source checkout ``tmp_path/repo`` (with ``notebooks/``) the package sits in."""
    repo = tmp_path / "repo"
    (repo / "notebooks").mkdir(parents=True)
    (repo / "pyproject.toml").write_text("")
    monkeypatch.setattr(_fetch, "source_checkout", lambda: repo)
    return repo


def test_relative_mirror_from_a_notebook_kernel(checkout, tmp_path, monkeypatch):
    # a notebook's kernel runs in notebooks/: ../shared/data is found from the checkout
    (tmp_path / "shared" / "data").mkdir(parents=True)
    monkeypatch.chdir(checkout / "notebooks")
    monkeypatch.setenv("COSTLAB_MIRROR", "../shared/data")
    assert _fetch.resolve_mirror() == tmp_path / "shared" / "data"
    assert _fetch.resolve_mirror("../shared/data") == tmp_path / "shared" / "data"
    monkeypatch.chdir(checkout)  # reproduce.py's usual place: the same directory
    assert _fetch.resolve_mirror() == tmp_path / "shared" / "data"


def test_relative_mirror_prefers_the_current_directory(checkout, tmp_path, monkeypatch):
    (tmp_path / "shared" / "data").mkdir(parents=True)
    (checkout / "shared" / "data").mkdir(parents=True)  # ../shared/data seen from notebooks/
    monkeypatch.chdir(checkout / "notebooks")
    monkeypatch.setenv("COSTLAB_MIRROR", "../shared/data")
    resolved = _fetch.resolve_mirror()
    assert resolved == checkout / "shared" / "data" and resolved.is_absolute()


def test_relative_mirror_found_nowhere_names_both_places(checkout, tmp_path, monkeypatch):
    monkeypatch.chdir(checkout / "notebooks")
    monkeypatch.setenv("COSTLAB_MIRROR", "../shared/data")
    with pytest.raises(DatasetError, match="neither an existing directory nor an http") as err:
        _fetch.resolve_mirror()
    message = str(err.value)
    assert str(checkout / "shared" / "data") in message  # from the current directory
    assert str(tmp_path / "shared" / "data") in message  # from the checkout


def test_relative_mirror_outside_a_checkout_is_the_current_directory(tmp_path, monkeypatch):
    monkeypatch.setattr(_fetch, "source_checkout", lambda: None)
    (tmp_path / "mirror").mkdir()
    monkeypatch.chdir(tmp_path)
    assert _fetch.resolve_mirror("mirror") == tmp_path / "mirror"
    with pytest.raises(DatasetError, match="elsewhere"):
        _fetch.resolve_mirror("elsewhere")


def test_resolve_data_home(monkeypatch, tmp_path):
    import costlab

    assert _fetch.resolve_data_home(tmp_path) == tmp_path
    monkeypatch.setenv("COSTLAB_DATA_HOME", str(tmp_path / "x"))
    assert _fetch.resolve_data_home() == tmp_path / "x"
    monkeypatch.delenv("COSTLAB_DATA_HOME")
    checkout = Path(costlab.__file__).resolve().parents[1]
    in_checkout = (checkout / "data").is_dir() and (checkout / "pyproject.toml").is_file()
    expected = checkout / "data" if in_checkout else _fetch.Path.home() / ".cache" / "costlab"
    assert _fetch.resolve_data_home() == expected


def test_download_reports_short_body_and_leaves_nothing(serve, tmp_path, snapshot):
    server = serve()
    server.routes["f.bin"] = b"0123456789" * 100
    server.truncate["f.bin"] = 10
    digest = hashlib.sha256(server.routes["f.bin"]).hexdigest()
    with pytest.raises(DatasetError, match=r"10 bytes received, Content-Length announced 1000"):
        _fetch.download(f"{server.url}/f.bin", tmp_path / "a" / "b" / "f.bin", checksum=digest)
    assert snapshot(tmp_path) == set()
    server.truncate.clear()
    path = _fetch.download(f"{server.url}/f.bin", tmp_path / "a" / "b" / "f.bin", checksum=digest)
    assert path.read_bytes() == server.routes["f.bin"]
    assert snapshot(tmp_path) == {"a", "a/b", "a/b/f.bin"}


def test_downloaded_files_get_the_mode_open_gives(serve, tmp_path):
    import os
    import stat

    server = serve()
    server.routes["f.bin"] = b"data"
    digest = hashlib.sha256(b"data").hexdigest()
    previous = os.umask(0o022)
    try:
        path = _fetch.download(f"{server.url}/f.bin", tmp_path / "f.bin", checksum=digest)
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # not mkstemp's 0o600
