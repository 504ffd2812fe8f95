"""The layers: import-linter contracts in pyproject.toml, run here so the test command enforces
them; and checks that they catch a violation (of a package, of a metrics family, inside a
function body, by a package or family they do not place)."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _lint_imports(cwd):
    """Run import-linter on the `costlab` importable from ``cwd`` with its pyproject.toml."""
    script = "import sys; from importlinter.cli import lint_imports_command; lint_imports_command()"
    env = {"PYTHONPATH": str(cwd), "PATH": str(Path(sys.executable).parent)}
    return subprocess.run(
        [sys.executable, "-c", script], cwd=cwd, env=env, capture_output=True, text=True
    )


def test_import_contracts_are_kept():
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "costlab layers KEPT" in done.stdout
    assert "metrics layers KEPT" in done.stdout
    assert "widgets rooms KEPT" in done.stdout
    assert "3 kept, 0 broken" in done.stdout


def _lint_with(tmp_path, module, code):
    """import-linter's report on a copy of costlab where ``module`` (a path) ends with ``code``."""
    shutil.copytree(
        ROOT / "costlab", tmp_path / "costlab", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "costlab" / module
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((target.read_text() if target.exists() else "") + code)
    done = _lint_imports(tmp_path)
    assert done.returncode != 0, done.stdout
    return done.stdout


def test_a_library_module_importing_a_study_breaks_a_contract(tmp_path):
    out = _lint_with(
        tmp_path, "metrics/mtmcs/measures.py", "\nimport costlab.studies.alsaffar2018.published\n"
    )
    assert "costlab layers BROKEN" in out
    assert "costlab.metrics is not allowed to import costlab.studies" in out


def test_the_validation_vocabulary_importing_costlab_breaks_a_contract(tmp_path):
    out = _lint_with(tmp_path, "validation.py", "\nimport costlab.metrics\n")
    assert "costlab.validation is not allowed to import costlab.metrics" in out


def test_plotting_loading_a_dataset_breaks_a_contract(tmp_path):
    """plotting and datasets share a layer: neither imports the other."""
    out = _lint_with(tmp_path, "plotting/_save.py", "\nimport costlab.datasets\n")
    assert "costlab.plotting is not allowed to import costlab.datasets" in out


def test_the_engine_importing_a_family_inside_a_function_breaks_a_contract(tmp_path):
    """The cycle of issue 32: an import in a method body is an import all the same."""
    code = (
        "\n\ndef _planted():\n"
        "    from costlab.metrics.cost_space.cost_lines import trivial_cost\n\n"
        "    return trivial_cost\n"
    )
    out = _lint_with(tmp_path, "metrics/engine/envelope.py", code)
    assert "metrics layers BROKEN" in out
    assert "costlab.metrics.engine is not allowed to import costlab.metrics.cost_space" in out


def test_two_families_on_one_layer_importing_each_other_breaks_a_contract(tmp_path):
    out = _lint_with(tmp_path, "metrics/mtmcs/measures.py", "\nimport costlab.metrics.comparison\n")
    assert "costlab.metrics.mtmcs is not allowed to import costlab.metrics.comparison" in out


def test_a_family_the_contract_does_not_place_breaks_it(tmp_path):
    """The contracts are exhaustive: a new family (or package) needs its layer written down."""
    out = _lint_with(tmp_path, "metrics/newfamily/__init__.py", '"""A family of its own."""\n')
    assert "metrics layers BROKEN" in out
    assert "costlab.metrics.newfamily" in out


def test_the_widgets_kit_importing_an_explorer_breaks_a_contract(tmp_path):
    """The kit is the widgets' bottom layer: it serves the explorers' rooms, never imports one."""
    out = _lint_with(tmp_path, "widgets/_kit/charts.py", "\nimport costlab.widgets._cst.model\n")
    assert "widgets rooms BROKEN" in out
    assert "costlab.widgets._kit is not allowed to import costlab.widgets._cst" in out


def test_two_explorer_rooms_importing_each_other_breaks_a_contract(tmp_path):
    planted = "\nimport costlab.widgets._scenario.model\n"
    out = _lint_with(tmp_path, "widgets/_cst/model.py", planted)
    assert "widgets rooms BROKEN" in out
    assert "costlab.widgets._cst is not allowed to import costlab.widgets._scenario" in out


def test_the_package_root_imports_no_study():
    """import-linter's contracts cannot name the root package itself; check its imports here."""
    tree = ast.parse((ROOT / "costlab" / "__init__.py").read_text())
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert imported and not [m for m in imported if m and m.startswith("costlab.studies")]
