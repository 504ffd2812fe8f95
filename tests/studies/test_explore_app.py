"""``costlab explore``: the command's dispatch and errors, and the app's widgets (no browser).

The command is tested with Voila replaced by a stand-in that records how it would be started;
the app's builder (:func:`costlab.studies.explore.app`) is called directly, over a CSV and over
results folders (a small run of Landgrebe et al.'s study stands in for the real one).
"""

import importlib
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

from costlab.studies import STUDIES, explore
from costlab.studies._explore_views import EXPLORERS, CsvView, csv_scores, ran_quick
from costlab.studies._outdir import MARKER
from costlab.studies.command import main
from costlab.widgets import CostExplorer, CstExplorer, PriorShiftWidget

ROOT = Path(__file__).resolve().parents[2]
CSV = "y,lr,nb,note\nyes,0.1,0.2,a\nno,0.9,0.4,b\nyes,0.3,0.8,c\nno,0.2,0.1,a\nyes,0.7,0.6,b\n"


def results_folder(root, *studies, quick=True):
    """A folder as ``reproduce.py --out`` leaves it: one marked sub-folder per study."""
    for study in studies:
        (root / study).mkdir(parents=True)
        (root / study / MARKER).write_text(json.dumps({"study": study}))
        summary = "QUICK MODE: 200 per class, 5 folds\n" if quick else "Protocol: the paper's\n"
        (root / study / "summary.md").write_text(f"# {study}\n\n{summary}")
    return root


@pytest.fixture
def csv_file(tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(CSV)
    return path


@pytest.fixture
def voila(monkeypatch):
    """Voila replaced: ``calls`` records each command and its environment, returns 0."""
    calls = []

    def call(command, env, cwd):
        calls.append((command, env, cwd))
        return 0

    monkeypatch.setattr(explore.subprocess, "call", call)
    return calls


# -- the command ---------------------------------------------------------------------------------


def test_costlab_lists_explore(capsys):
    assert main(["--help"]) == 0
    assert "explore" in capsys.readouterr().out


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("nope.csv", None, "does not exist"),
        ("s.csv", "a,b\n1,0.1\n2,0.2\n3,0.3\n", "no usable label column"),
        ("s.txt", "y,s\n0,0.1\n", "neither a folder nor a .csv file"),
    ],
)
def test_a_target_it_cannot_serve_exits_2_and_says_why(
    tmp_path, voila, capsys, name, content, message
):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    assert main(["explore", str(path)]) == 2
    assert message in capsys.readouterr().err
    assert voila == []


def test_a_folder_without_results_exits_2(tmp_path, voila, capsys):
    assert main(["explore", str(tmp_path)]) == 2
    assert "holds no study results" in capsys.readouterr().err
    assert voila == []


def test_a_bad_option_exits_2(csv_file, voila):
    with pytest.raises(SystemExit) as exc:
        main(["explore", str(csv_file), "--port", "many"])
    assert exc.value.code == 2 and voila == []


def test_a_target_is_served_by_voila_with_the_app_notebook(csv_file, voila, capsys, monkeypatch):
    monkeypatch.chdir(csv_file.parent)
    assert main(["explore", csv_file.name, "--port", "9123", "--no-browser"]) == 0
    ((command, env, cwd),) = voila
    assert command[:4] == [sys.executable, "-m", "voila", str(explore.APP)]
    assert "--port=9123" in command and "--no-browser" in command
    assert "--Voila.ip=127.0.0.1" in command
    assert env[explore.TARGET_VARIABLE] == str(csv_file.resolve())  # absolute: another cwd
    assert "http://127.0.0.1:9123/" in capsys.readouterr().out
    main(["explore", str(csv_file)])
    assert "--no-browser" not in voila[1][0]


def test_without_voila_the_command_says_how_to_install_it(csv_file, voila, capsys, monkeypatch):
    monkeypatch.setattr(explore.importlib.util, "find_spec", lambda name: None)
    assert main(["explore", str(csv_file)]) == 1
    assert "pip install 'costlab[app]'" in capsys.readouterr().err
    assert voila == []


def test_without_the_app_notebook_the_command_says_so(csv_file, voila, capsys, monkeypatch):
    monkeypatch.setattr(explore, "APP", csv_file.parent / "missing.ipynb")
    assert main(["explore", str(csv_file)]) == 1
    assert "missing.ipynb is not installed" in capsys.readouterr().err
    assert voila == []


def test_python_m_costlab_explore_checks_the_target(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "costlab", "explore", str(tmp_path / "nope.csv")],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "does not exist" in done.stderr


def test_the_app_notebook_calls_the_builder():
    notebook = json.loads(explore.APP.read_text(encoding="utf-8"))
    code = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert code == ["from costlab.studies.explore import app\n\napp()"]


# -- the CSV, read by the library's reader ---------------------------------------------------------


def test_a_csv_offers_its_label_columns_with_their_labels(csv_file):
    target = explore.resolve_target(csv_file)
    assert target.labels == {"y": ("no", "yes")}
    assert target.numeric_columns == ("lr", "nb")


def test_a_label_column_with_a_missing_label_is_refused_with_the_readers_message(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("y,s\nyes,0.1\nno,0.9\n?,0.3\nyes,0.5\n")
    with pytest.raises(explore.ExploreError, match="'y': .*no class label"):
        explore.resolve_target(path)


def test_a_repeated_column_name_is_refused(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("y,s,s\nyes,0.1,0.2\nno,0.9,0.3\n")
    with pytest.raises(explore.ExploreError, match="repeat"):
        explore.resolve_target(path)


def test_csv_scores_are_the_chosen_columns_against_the_positive_label(csv_file):
    scores = csv_scores(csv_file, "y", "yes", ["nb"])
    (y, s), *others = scores.values()
    assert list(scores) == ["nb"] and not others
    assert y.tolist() == [1, 0, 1, 0, 1] and s.tolist() == [0.2, 0.4, 0.8, 0.1, 0.6]
    assert csv_scores(csv_file, "y", "no", ["nb"])["nb"][0].tolist() == [0, 1, 0, 1, 0]


@pytest.mark.parametrize(
    "columns, message",
    [([], "choose at least one score column"), (["note"], "'note' is not numeric")],
)
def test_csv_scores_refuse_what_is_not_a_score(csv_file, columns, message):
    with pytest.raises(ValueError, match=message):
        csv_scores(csv_file, "y", "yes", columns)


def test_csv_scores_refuse_missing_scores(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("y,s\nyes,0.1\nno,?\nyes,0.3\n")
    with pytest.raises(ValueError, match="'s' has 1 missing values"):
        csv_scores(path, "y", "yes", ["s"])


# -- the app's widgets -----------------------------------------------------------------------------


def test_the_csv_app_chooses_columns_then_shows_the_cost_and_cst_explorers(csv_file):
    view = explore.app(csv_file)
    assert isinstance(view, CsvView)
    assert view.label.options == ("y",) and view.positive.value == "yes"
    assert view.scores.options == ("lr", "nb") and view.scores.value == ("lr", "nb")
    view.positive.value, view.scores.value = "no", ("nb",)
    view.explore.click()
    assert view.message.value == ""
    cost, cst = view.explorers.children
    assert isinstance(cost, CostExplorer) and isinstance(cst, CstExplorer)
    assert list(cst.curves_["data"]) == ["nb"]


def test_the_csv_app_says_why_it_shows_nothing(csv_file):
    view = explore.app(csv_file)
    view.scores.value = ()
    view.explore.click()
    assert "choose at least one score column" in view.message.value
    assert view.explorers is None


def test_the_csv_app_takes_scores_that_are_not_probabilities(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("y,margin\nill,2.5\nok,-1.5\nill,0.3\nok,-0.2\nill,-0.7\nok,1.1\n")
    view = explore.app(path)
    view.explore.click()
    assert view.message.value == ""
    cost, cst = view.explorers.children
    assert cst.choice_ is not None and cost.error_ is None


def test_the_csv_app_shows_any_failure_of_an_explorer(csv_file, monkeypatch):
    from costlab.studies import _explore_views

    def broken(results, **options):
        raise RuntimeError("no chart today")

    monkeypatch.setattr(_explore_views, "cost_explorer", broken)
    view = explore.app(csv_file)
    view.explore.click()
    assert "RuntimeError: no chart today" in view.message.value and view.explorers is None


def test_the_app_reads_its_target_from_the_environment(csv_file, monkeypatch):
    monkeypatch.setenv(explore.TARGET_VARIABLE, str(csv_file))
    assert isinstance(explore.app(), CsvView)
    monkeypatch.delenv(explore.TARGET_VARIABLE)
    with pytest.raises(explore.ExploreError, match="no target"):
        explore.app()


def test_a_quick_run_is_read_from_the_summary(tmp_path):
    results_folder(tmp_path / "q", "landgrebe2004")
    results_folder(tmp_path / "f", "landgrebe2004", quick=False)
    assert ran_quick(tmp_path / "q" / "landgrebe2004")
    assert not ran_quick(tmp_path / "f" / "landgrebe2004")
    assert not ran_quick(tmp_path)  # no summary


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    """A small run of Landgrebe et al.'s study (two problems, 60 per class, 3 folds)."""
    from costlab.studies.landgrebe2004.experiments import run_table2

    return run_table2(
        experiments=["Highleyman", "Lithuanian"],
        n_per_class=60,
        n_folds=3,
        progress=False,
        cache_dir=tmp_path_factory.mktemp("cv"),
    )


@pytest.fixture
def small_landgrebe(small_run, monkeypatch):
    """The study's runs replaced by the small run; records whether each was asked quick."""
    from costlab.studies.landgrebe2004 import notebook

    calls = []
    monkeypatch.delenv("COSTLAB_QUICK", raising=False)
    monkeypatch.setattr(notebook, "run_table2", lambda **kw: calls.append(kw["quick"]) or small_run)
    return calls


@pytest.mark.slow
@pytest.mark.parametrize("quick", [True, False])
def test_a_results_folder_shows_the_studys_explorer(tmp_path, small_landgrebe, quick):
    folder = results_folder(tmp_path, "landgrebe2004", quick=quick)
    view = explore.app(folder)
    note, widget = view.children
    assert isinstance(widget, PriorShiftWidget)
    assert small_landgrebe == [quick]
    assert "landgrebe2004" in note.value and "recomputes" in note.value
    assert ("quick" in note.value) is quick


@pytest.mark.parametrize("study", list(STUDIES))
def test_every_study_has_its_notebooks_explorer_in_the_app(study):
    module, name, method, _ = EXPLORERS[study]
    make = getattr(importlib.import_module(module), name)
    if method is None:
        inspect.signature(make).bind("spectf")
    else:
        inspect.signature(make).bind(quick=True, progress=False)
        assert callable(getattr(make, method))
    assert set(EXPLORERS) == set(STUDIES)


def test_several_studies_are_tabs_built_when_opened(tmp_path, monkeypatch):
    from costlab.studies import _explore_views

    built = []

    def fake(study, quick):
        built.append(study)
        return _explore_views.widgets.HTML(f"explorer of {study}")

    monkeypatch.setattr(_explore_views, "study_explorer", fake)
    folder = results_folder(tmp_path, "johnson2015", "landgrebe2004")
    tab = explore.app(folder)
    assert tab.titles == ("johnson2015", "landgrebe2004")
    assert built == ["johnson2015"]
    tab.selected_index = 1
    assert built == ["johnson2015", "landgrebe2004"]
    tab.selected_index = 0
    assert built == ["johnson2015", "landgrebe2004"]  # built once
    assert tab.children[1].children[0].children[1].value == "explorer of landgrebe2004"
