"""``reproduce.py`` and the studies' command lines: options are checked before anything runs.

No test here starts a real run: each study's ``reproduce`` (the heavy part) is replaced by a
stand-in that records the call and stops.
"""

import importlib
import os
import runpy
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

from costlab.studies import STUDIES

ROOT = Path(__file__).resolve().parents[2]


class Started(Exception):
    """Raised by the stand-in of a study's ``reproduce``: the run would have started."""


@pytest.fixture(scope="module")
def reproduce_main():
    return runpy.run_path(str(ROOT / "reproduce.py"))["main"]


@pytest.fixture
def started(monkeypatch, tmp_path):
    """Names of the studies whose run started (their ``reproduce`` raises :class:`Started`).

    The current directory is ``tmp_path``: the default ``--out results`` is created there."""
    monkeypatch.chdir(tmp_path)
    names = []
    for name, module in STUDIES.items():

        def fake(*args, _name=name, **kwargs):
            names.append(_name)
            raise Started(_name)

        monkeypatch.setattr(importlib.import_module(module), "reproduce", fake)
    return names


@pytest.fixture
def recorded(monkeypatch, tmp_path):
    """``{study: options}`` of the studies run (their ``run`` records the options, returns 0);
    the current directory is ``tmp_path``."""
    monkeypatch.chdir(tmp_path)
    runs = {}
    for name, module in STUDIES.items():

        def fake(args, _name=name):
            runs[_name] = args
            return 0

        monkeypatch.setattr(importlib.import_module(module), "run", fake)
    return runs


def exit_code(main, argv):
    """``main(argv)``'s exit code, whether returned or raised (argparse's SystemExit)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.mark.parametrize("study", list(STUDIES))
def test_a_study_rejects_a_misspelt_option(reproduce_main, started, study, capsys):
    assert exit_code(reproduce_main, [study, "--quik"]) == 2
    assert started == []
    err = capsys.readouterr().err
    assert "unrecognized arguments: --quik" in err


def test_a_misspelt_option_with_a_value_is_rejected(reproduce_main, started, capsys):
    assert exit_code(reproduce_main, ["johnson2015", "--repets", "100"]) == 2
    assert started == []
    assert "--repets" in capsys.readouterr().err


@pytest.mark.parametrize("study", list(STUDIES))
def test_the_study_parsers_reject_unknown_options(study, capsys):
    module = importlib.import_module(STUDIES[study])
    with pytest.raises(SystemExit) as exc:
        module.parse_args(["--quick", "--no-such-option"])
    assert exc.value.code == 2
    assert "--no-such-option" in capsys.readouterr().err


def test_a_broadcast_option_no_study_knows_is_rejected_before_any_run(
    reproduce_main, started, capsys
):
    assert exit_code(reproduce_main, ["--quick", "--quik"]) == 2
    assert started == []
    err = capsys.readouterr().err
    assert "--quik" in err and "no study" in err


def test_a_broadcast_option_goes_to_the_studies_that_know_it(reproduce_main, recorded, capsys):
    code = exit_code(reproduce_main, ["--quick", "--repeats", "3", "--out", "elsewhere"])
    assert code == 0
    assert list(recorded) == list(STUDIES)
    assert all(args.quick and args.out == "elsewhere" for args in recorded.values())
    assert recorded["alsaffar2018"].repeats == 3
    assert recorded["johnson2015"].repeats == 3
    assert not hasattr(recorded["landgrebe2004"], "repeats")
    out = capsys.readouterr().out
    assert "--repeats only for alsaffar2018, johnson2015" in out


def test_a_bad_broadcast_value_stops_every_study_before_any_run(reproduce_main, recorded, capsys):
    # the second-listed study that knows --repeats refuses 0: nothing runs, not even the first
    assert exit_code(reproduce_main, ["--repeats", "0"]) == 2
    assert recorded == {}
    assert "positive integer" in capsys.readouterr().err


def test_the_study_name_comes_first(reproduce_main, started, capsys):
    assert exit_code(reproduce_main, ["--quick", "alsaffar2018"]) == 2
    assert started == []
    err = capsys.readouterr().err
    assert "study name comes first" in err
    assert "reproduce.py alsaffar2018 --quick" in err


def test_an_option_value_may_look_like_a_study_name(reproduce_main, recorded):
    assert exit_code(reproduce_main, ["--out", "landgrebe2004"]) == 0
    assert all(args.out == "landgrebe2004" for args in recorded.values())


def test_one_study_at_a_time(reproduce_main, started, capsys):
    assert exit_code(reproduce_main, ["landgrebe2004", "johnson2015"]) == 2
    assert started == []
    assert "one study" in capsys.readouterr().err


def test_an_unknown_study_is_named(reproduce_main, started, capsys):
    assert exit_code(reproduce_main, ["landgrebee", "--quick"]) == 2
    assert started == []
    assert "'landgrebee'" in capsys.readouterr().err


def test_an_option_value_may_look_like_a_study_name_after_a_study(reproduce_main, recorded):
    assert exit_code(reproduce_main, ["johnson2015", "--out", "landgrebe2004"]) == 0
    assert recorded["johnson2015"].out == "landgrebe2004"


def test_help_without_a_study_shows_every_study(reproduce_main, recorded, capsys):
    assert exit_code(reproduce_main, ["--quick", "--help"]) == 0
    assert recorded == {}
    out = capsys.readouterr().out
    assert all(f"reproduce.py {name}" in out for name in STUDIES)


# --- a --quick run says so, first and in its final summary line ----------------------------

#: A reduced setting each study's quick run must name.
REDUCED = {
    "alsaffar2018": "20 trees",
    "drummond_holte2000": "20 trees",
    "johnson2015": "10 boosting rounds",
    "landgrebe2004": "200 instances per class",
}


@pytest.fixture
def instant(monkeypatch):
    """Each study's ``reproduce`` returns at once an empty report its CLI can print."""
    claims = pd.DataFrame(
        {
            "source": ["sec. 1"],
            "paper": ["a claim"],
            "ours": ["ours"],
            "note": [""],
            "holds": [True],
        }
    )
    for name, module in STUDIES.items():

        def fake(*args, _name=name, **kwargs):
            if _name == "alsaffar2018":  # reproduce(out, options)
                return SimpleNamespace(options=args[1], values={}, selections={})
            return SimpleNamespace(tables={"claims": claims})

        monkeypatch.setattr(importlib.import_module(module), "reproduce", fake)


def _lines(text):
    return [line for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("study", list(STUDIES))
def test_a_quick_run_says_it_is_one_first_and_last(
    reproduce_main, instant, study, tmp_path, capsys
):
    assert exit_code(reproduce_main, [study, "--quick", "--out", str(tmp_path)]) == 0
    lines = _lines(capsys.readouterr().out)
    for line in (lines[0], lines[-1]):
        assert "QUICK SMOKE RUN" in line
        assert "not the paper's protocol" in line
        assert REDUCED[study] in line


@pytest.mark.parametrize("study", list(STUDIES))
def test_a_full_run_does_not_say_quick(reproduce_main, instant, study, tmp_path, capsys):
    assert exit_code(reproduce_main, [study, "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "QUICK" not in out and _lines(out)


def test_quick_settings_follow_the_options():
    from costlab.studies.alsaffar2018.report import ReproduceOptions

    settings = ReproduceOptions(quick=True, step=1e-4).quick_settings()
    assert "threshold step 0.001 (full run: 0.0001)" in settings
    assert "50 bootstrap resamples (full run: 500)" in settings


# --- the output folder: <out>/<study>/, checked before anything runs -----------------------


@pytest.fixture
def into(monkeypatch):
    """``{study: folder}`` each study's ``reproduce`` was given (it records and returns at
    once an empty report its CLI can print)."""
    folders = {}
    claims = pd.DataFrame({"source": ["s"], "paper": ["p"], "ours": ["o"], "holds": [True]})
    for name, module in STUDIES.items():

        def fake(out, *args, _name=name, **kwargs):
            folders[_name] = Path(out)
            if _name == "alsaffar2018":
                return SimpleNamespace(options=args[0], values={}, selections={})
            return SimpleNamespace(tables={"claims": claims})

        monkeypatch.setattr(importlib.import_module(module), "reproduce", fake)
    return folders


def test_every_study_writes_into_its_own_folder_which_it_marks(reproduce_main, into, tmp_path):
    """The thesis's study wrote straight into --out (results/summary.md...), so that
    ``alsaffar2018 --out results/landgrebe2004`` replaced Landgrebe et al.'s summary."""
    from costlab.studies._outdir import study_of

    assert exit_code(reproduce_main, ["--out", str(tmp_path)]) == 0
    assert into["alsaffar2018"] == tmp_path / "alsaffar2018"  # the thesis writes there itself
    assert {into[name] for name in STUDIES if name != "alsaffar2018"} == {tmp_path}
    for name in STUDIES:  # the others join <out>/<study> in their reproduce
        assert study_of(tmp_path / name) == name


def test_another_studys_folder_is_refused_before_the_run(reproduce_main, started, tmp_path, capsys):
    landgrebe2004 = tmp_path / "results" / "landgrebe2004"
    with pytest.raises(Started):
        reproduce_main(["landgrebe2004", "--out", str(tmp_path / "results")])
    (landgrebe2004 / "summary.md").write_text("Landgrebe et al.'s summary\n")
    for argv in (["alsaffar2018"], []):  # one study, or every study
        assert exit_code(reproduce_main, [*argv, "--out", str(landgrebe2004)]) == 2
        err = capsys.readouterr().err
        assert f"--out {landgrebe2004}" in err and "'landgrebe2004'" in err
        assert f"--out {landgrebe2004.parent}" in err  # what to give instead
    assert started == ["landgrebe2004"]
    assert (landgrebe2004 / "summary.md").read_text() == "Landgrebe et al.'s summary\n"
    assert not (landgrebe2004 / "alsaffar2018").exists()


def test_a_study_folder_marked_as_another_studys_is_refused(
    reproduce_main, started, tmp_path, capsys
):
    from costlab.studies._outdir import MARKER

    (tmp_path / "johnson2015").mkdir()
    (tmp_path / "johnson2015" / MARKER).write_text('{"study": "landgrebe2004"}\n')
    assert exit_code(reproduce_main, ["johnson2015", "--out", str(tmp_path)]) == 2
    assert "holds the results of study 'landgrebe2004'" in capsys.readouterr().err
    assert started == []


@pytest.mark.parametrize("argv", [["alsaffar2018"], ["landgrebe2004"], []])
@pytest.mark.parametrize("where", ["file", "under_a_file"])
def test_an_out_that_is_a_file_stops_before_any_run(
    reproduce_main, started, tmp_path, capsys, argv, where
):
    path = tmp_path / "a_file"
    path.write_text("not a folder\n")
    out = path if where == "file" else path / "results"
    assert exit_code(reproduce_main, [*argv, "--quick", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"--out {out}" in err and ("is a file" in err or "cannot create" in err)
    assert started == []
    assert path.read_text() == "not a folder\n"


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in read-only folders"
)
def test_an_unwritable_out_stops_before_any_run(reproduce_main, started, tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert exit_code(reproduce_main, ["alsaffar2018", "--out", str(locked)]) == 2
    finally:
        locked.chmod(0o700)
    err = capsys.readouterr().err
    assert f"--out {locked}" in err and "cannot create or write" in err
    assert started == []


def test_a_read_only_study_folder_is_found_by_a_temporary_file(tmp_path, monkeypatch):
    """Creating the folder is not enough: a file must be creatable in it (even as root, a
    failing create is reported, naming --out)."""
    from costlab.studies import _outdir

    def refuse(dest, suffix=".part"):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(_outdir, "create_temp", refuse)
    with pytest.raises(_outdir.OutputFolderError, match="--out .*cannot create or write"):
        _outdir.prepare_study_folder(tmp_path, "landgrebe2004")
    assert list((tmp_path / "landgrebe2004").iterdir()) == []


def test_the_installed_command_line_is_reproduce_py(reproduce_main, tmp_path):
    """``python -m costlab.studies`` (and the ``costlab-reproduce`` script, the same ``main``)
    takes reproduce.py's command line from any directory."""
    import subprocess
    import sys

    from costlab.studies import _reproduce

    assert reproduce_main is _reproduce.main
    done = subprocess.run(
        [sys.executable, "-m", "costlab.studies", "landgrebe2004", "--quick", "--out", "a", "b"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "unrecognized arguments: b" in done.stderr
    assert not (tmp_path / "a").exists()  # refused before the output folder was made


def test_costlab_reproduce_is_reproduce_py(recorded):
    """``costlab reproduce ARGS`` hands ARGS to reproduce.py's command line unchanged."""
    from costlab.studies.command import main

    assert main(["reproduce", "landgrebe2004", "--quick", "--out", "here"]) == 0
    assert list(recorded) == ["landgrebe2004"]
    assert recorded["landgrebe2004"].quick and recorded["landgrebe2004"].out == "here"


def test_costlab_list_names_every_study_and_its_paper(capsys):
    from costlab.studies import PAPERS
    from costlab.studies.command import main

    assert set(PAPERS) == set(STUDIES)
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(STUDIES)
    assert all(PAPERS[line.split()[0]] in line for line in lines)


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "commands:"),
        (["bogus"], "unknown command 'bogus'; choose one of reproduce, list"),
        (["list", "--quick"], "costlab list: error: takes no options"),
    ],
)
def test_a_bad_costlab_command_line_exits_2_and_says_why(argv, message, capsys):
    from costlab.studies.command import main

    assert main(argv) == 2
    out = capsys.readouterr()
    assert message in out.out + out.err


def test_costlab_help_lists_the_commands_and_the_studies(capsys):
    from costlab.studies.command import main

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "reproduce" in out and "list" in out and all(name in out for name in STUDIES)


def test_python_m_costlab_is_the_costlab_command(tmp_path):
    """``python -m costlab`` runs the ``costlab`` command from any directory (the console
    script ``costlab`` of the installed package is the same ``main``)."""
    import subprocess
    import sys
    from importlib.metadata import entry_points

    (script,) = entry_points(group="console_scripts", name="costlab")
    assert script.value == "costlab.studies.command:main"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = [sys.executable, "-m", "costlab"]
    done = subprocess.run([*run, "list"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0 and "landgrebe2004" in done.stdout
    done = subprocess.run(
        [*run, "reproduce", "landgrebe2004", "--quick", "--out", "a", "b"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "unrecognized arguments: b" in done.stderr
    assert not (tmp_path / "a").exists()


def test_the_old_name_of_a_renamed_study_still_runs_it_for_one_release(recorded, capsys):
    """Issue 33, item 7: Landgrebe et al.'s study carries its year as the others do."""
    from costlab.studies.command import main

    assert main(["reproduce", "landgrebe", "--quick"]) == 0
    assert list(recorded) == ["landgrebe2004"]
    assert "'landgrebe' is now 'landgrebe2004'" in capsys.readouterr().err
