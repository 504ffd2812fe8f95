"""The README's ten-line example runs as printed (on a CSV written from bundled data)."""

import re
from pathlib import Path

import matplotlib.pyplot as plt

from costlab.datasets import breast_cancer

README = Path(__file__).resolve().parents[1] / "README.md"


def _snippet(heading):
    text = README.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_ten_line_example_runs(tmp_path, monkeypatch):
    frame = breast_cancer().X.assign(
        outcome=breast_cancer().y.map({"benign": "healthy", "malignant": "ill"}).astype(str)
    )
    frame.to_csv(tmp_path / "patients.csv", index=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    namespace = {}
    exec(compile(_snippet("## Your own classifier in ten lines"), "README.md", "exec"), namespace)
    run, curves = namespace["run"], namespace["curves"]
    assert set(curves) == {"LR", "GB"} and len(run.results) == 2
    summary = namespace["select_classifier"](curves, 0.3, 0.7).summary
    assert list(summary["classifier"]) == ["LR", "GB"] and (summary["cst"] > 0).all()
    plt.close("all")
