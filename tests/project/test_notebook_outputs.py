"""The notebooks are committed with their outputs, and a drift from the code fails a test.

The notebooks themselves run as tests (``notebooks/conftest.py``, ``tests/_notebook_outputs.py``);
these tests check what is committed and that the comparison catches a drift, says where, and
says how to refresh.
"""

import base64
import importlib.util
import re

import nbformat
import pytest
from _notebook_outputs import REPO, check, drift, exact, follows_protocol, kinds, script

NOTEBOOKS = sorted((script.NOTEBOOKS).glob("*.ipynb"))
_PROGRESS = re.compile(r"\d+/\d+ \[")


def _load(name):
    spec = importlib.util.spec_from_file_location(name, REPO / "docs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reproduced = _load("_reproduced")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_notebook_is_committed_executed_with_its_protocol(path):
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), f"{path.name}: not executed"
    assert any(c.outputs for c in code), f"{path.name}: no output"
    assert nb.metadata["costlab"]["protocol"] in {"full", "quick"}
    assert "widgets" not in nb.metadata, f"{path.name}: widget state committed"
    for cell in code:
        assert not [o for o in cell.outputs if o.get("name") == "stderr"], path.name
        for out in cell.outputs:
            plain = "".join(out.get("data", {}).get("text/plain", ""))
            assert not _PROGRESS.search(plain), f"{path.name}: a progress bar committed"
            png = out.get("data", {}).get("image/png")
            if png:  # a palette PNG (colour type 3), as shrink_figures writes it
                assert base64.b64decode(png)[25] == 3, f"{path.name}: a figure not shrunk"


def test_the_paper_pages_flag_outputs_of_the_quick_protocol(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A study"), nbformat.v4.new_code_cell("x")]
    figure = {"output_type": "display_data", "metadata": {}, "data": {"image/png": "AA=="}}
    nb.cells[1].outputs = [nbformat.from_dict(figure)]
    files = {}
    for protocol, flagged in (("full", False), ("quick", True)):
        nb.metadata["costlab"] = {"protocol": protocol}
        text = reproduced.notebook_section(tmp_path / "99_x.ipynb", nb, tmp_path / "s", files)
        assert ("quick protocol" in text) == flagged
        assert text.startswith("### A study") and "```{image}" in text


def test_only_the_study_notebooks_follow_the_protocol():
    follow = {p.stem for p in NOTEBOOKS if follows_protocol(nbformat.read(p, as_version=4))}
    assert follow == {"20_drummond_holte2000", "30_johnson2015", "40_landgrebe2004"}


def _notebook(*outputs):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# t"), nbformat.v4.new_code_cell("x")]
    nb.cells[1].outputs = [nbformat.from_dict(o) for o in outputs]
    return nb


_TABLE = {"output_type": "execute_result", "execution_count": 1, "metadata": {}}


def test_a_changed_number_drifts_exactly_but_not_by_kind():
    old = _notebook(_TABLE | {"data": {"text/plain": "0.25", "text/html": "<td>0.25</td>"}})
    new = _notebook(_TABLE | {"data": {"text/plain": "0.26", "text/html": "<td>0.26</td>"}})
    [message] = drift(old, new, "nb", exact)
    assert message.startswith("nb, code cell 1 ('x')") and "0.25" in message
    assert drift(old, new, "nb", kinds) == []
    assert drift(old, old, "nb", exact) == []


def test_a_missing_figure_drifts_by_kind():
    figure = {"output_type": "display_data", "metadata": {}, "data": {"image/png": "AA=="}}
    assert drift(_notebook(figure), _notebook(), "nb", kinds)


def test_addresses_and_widget_ids_are_masked():
    a = _TABLE | {"data": {"text/plain": "<Figure at 0x7f3a2b1c0d90>"}}
    b = _TABLE | {"data": {"text/plain": "<Figure at 0x7f0000000000>"}}
    assert drift(_notebook(a), _notebook(b), "nb", exact) == []


def test_a_notebook_whose_output_drifted_fails_saying_how_to_refresh(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.metadata["costlab"] = {"protocol": "full"}
    nb.cells = [nbformat.v4.new_code_cell("print(1 + 1)")]
    stream = {"output_type": "stream", "name": "stdout", "text": "3\n"}
    nb.cells[0].outputs = [nbformat.from_dict(stream)]
    path = tmp_path / "99_planted.ipynb"
    nbformat.write(nb, path)
    with pytest.raises(AssertionError) as failure:
        check(path, quick=True, timeout=60)
    message = str(failure.value)
    assert "99_planted.ipynb drifted" in message and "code cell 1 ('print(1 + 1)')" in message
    assert "refresh them with: python docs/_execute_notebooks.py 99_planted" in message
    nb.cells[0].outputs[0].text = "2\n"
    nbformat.write(nb, path)
    check(path, quick=True, timeout=60)
