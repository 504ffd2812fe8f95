"""costlab._io: atomic writes leave files with the permissions ``open(path, "w")`` would."""

import os
import stat

import pytest

from costlab._io import write_atomic, write_text_atomic


@pytest.fixture(params=[0o022, 0o027, 0o002])
def umask(request):
    """A known umask for the test, the previous one restored after it."""
    previous = os.umask(request.param)
    yield request.param
    os.umask(previous)


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_written_files_have_the_mode_open_gives(tmp_path, umask):
    write_atomic(tmp_path / "manifest.json", b"{}")
    write_text_atomic(tmp_path / "summary.md", "# summary\n")
    with open(tmp_path / "reference.txt", "w"):
        pass
    assert mode(tmp_path / "reference.txt") == 0o666 & ~umask
    assert mode(tmp_path / "manifest.json") == 0o666 & ~umask
    assert mode(tmp_path / "summary.md") == 0o666 & ~umask
    assert not list(tmp_path.glob(".*.part"))


def test_a_rewritten_file_gets_the_mode_too(tmp_path, umask):
    path = tmp_path / "table.csv"
    path.write_text("old")
    path.chmod(0o600)
    write_text_atomic(path, "new")
    assert path.read_text() == "new"
    assert mode(path) == 0o666 & ~umask


def test_a_failed_write_leaves_nothing(tmp_path):
    with pytest.raises(TypeError):
        write_atomic(tmp_path / "table.csv", "not bytes")
    assert list(tmp_path.iterdir()) == []
