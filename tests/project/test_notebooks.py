"""The notebooks stay thin: prose, one parameters cell, short calls into the package.

That they run top to bottom, printing their committed outputs, is tested by the notebooks' own
tests (``notebooks/conftest.py``; what is committed: ``test_notebook_outputs.py``).
"""

import ast
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
EXPERIMENTS = ["01_german_credit", "02_credit_approval", "03_messidor", "04_spectf"]


def _code_cells(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if c["cell_type"] == "code"]


def test_the_issue_s_notebooks_exist():
    names = {p.stem for p in NOTEBOOKS}
    wanted = {"00_start_here", *EXPERIMENTS, "05_summary_tables", "06_cost_sensitivity_cst"}
    assert wanted <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_thin(path):
    for cell in _code_cells(path):
        source = "".join(cell["source"])
        tree = ast.parse(source)
        for node in ast.walk(tree):
            assert not isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Lambda)), source
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert "/" not in node.value and "\\" not in node.value, f"path in {source!r}"
        assert "sklearn" not in source.replace('"sklearn"', ""), "no estimators in notebooks"
        assert len(source.splitlines()) <= 5, source


@pytest.mark.parametrize("stem", [*EXPERIMENTS, "05_summary_tables", "06_cost_sensitivity_cst"])
def test_one_parameters_cell(stem):
    path = next(p for p in NOTEBOOKS if p.stem == stem)
    tagged = [c for c in _code_cells(path) if "parameters" in c["metadata"].get("tags", [])]
    assert len(tagged) == 1
