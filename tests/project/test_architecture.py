"""The two floors: import-linter contracts in pyproject.toml, run here so the test
command enforces them; and a check that they would catch a violation."""

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
    assert "5 kept, 0 broken" in done.stdout


def test_a_library_module_importing_a_study_breaks_a_contract(tmp_path):
    shutil.copytree(
        ROOT / "costlab", tmp_path / "costlab", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    costs = tmp_path / "costlab" / "metrics" / "thesis" / "measures.py"
    costs.write_text(costs.read_text() + "\nimport costlab.studies.alsaffar2018.published\n")
    done = _lint_imports(tmp_path)
    assert done.returncode != 0
    assert "metrics is pure maths: it imports no costlab but validation BROKEN" in done.stdout
    assert "nothing outside studies imports a study BROKEN" in done.stdout


def test_the_validation_vocabulary_importing_costlab_breaks_a_contract(tmp_path):
    shutil.copytree(
        ROOT / "costlab", tmp_path / "costlab", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    vocabulary = tmp_path / "costlab" / "validation.py"
    vocabulary.write_text(vocabulary.read_text() + "\nimport costlab.metrics\n")
    done = _lint_imports(tmp_path)
    assert done.returncode != 0
    assert "validation is the bottom layer: it imports no costlab BROKEN" in done.stdout


def test_the_package_root_imports_no_study():
    """import-linter's contracts cannot name the root package itself; check its imports here."""
    tree = ast.parse((ROOT / "costlab" / "__init__.py").read_text())
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert imported and not [m for m in imported if m and m.startswith("costlab.studies")]
