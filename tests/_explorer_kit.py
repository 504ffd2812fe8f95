"""What the widgets' headless tests share, in ``tests/widgets/`` and ``tests/studies/``.

Fixtures: ``env`` (the data mirror and one cross-validation cache), ``probabilities`` (the
out-of-fold probabilities the explorer should show, computed here), ``spy`` (every
cross-validation the explorer asks for). Helpers read the explorer's HTML table and recompute
what it should hold from :mod:`costlab.metrics`, read the prior-shift widget's Table 2 row
(:func:`prior_row`), and count the calls of a function (:func:`count_calls`).
"""

import re

import numpy as np
import pytest

import costlab.evaluation.experiment
from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba
from costlab.metrics import cost_ratio_grid, mtmcs_curve, range_summary, select_classifier
from costlab.widgets import classifier_params


@pytest.fixture(scope="module")
def env(mirror_dir, tmp_path_factory):
    """Where the explorers read data and keep cross-validation (one cache for the session)."""
    root = tmp_path_factory.getbasetemp() / "widgets"  # one cache for every module using it
    root.mkdir(exist_ok=True)
    return {"mirror": mirror_dir, "data_home": root / "data", "cache_dir": root / "cv"}


@pytest.fixture(scope="module")
def probabilities(env):
    """Function: (dataset, classifier, k=1) -> CVResult, from the module's cache."""
    loaded = {}

    def get(dataset, classifier, k=1):
        if dataset not in loaded:
            loaded[dataset] = load_dataset(
                dataset, mirror=env["mirror"], data_home=env["data_home"]
            )
        return cross_val_proba(
            loaded[dataset],
            classifier,
            cache_dir=env["cache_dir"],
            progress=False,
            **classifier_params(classifier, k),
        )

    return get


@pytest.fixture
def spy(monkeypatch):
    """Record every cross-validation the explorer asks for: (dataset, classifier, params)."""
    calls = []
    original = costlab.evaluation.experiment.cross_val_proba

    def recording(dataset, classifier, **kwargs):
        params = {k: v for k, v in kwargs.items() if k == "k"}
        calls.append((dataset.name, classifier, params))
        return original(dataset, classifier, **kwargs)

    monkeypatch.setattr(costlab.evaluation.experiment, "cross_val_proba", recording)
    return calls


def expected_curves(probabilities, dataset, classifiers, **options):
    """MTMCS curves computed here, straight from mtmcs_curve on the cached probabilities.

    ``options``: ``grid_step`` (0.05), ``search`` ("optimized"), ``step`` (1e-5), ``k`` (1).
    """
    grid = cost_ratio_grid(0.05, 0.95, options.get("grid_step", 0.05))
    search, step = options.get("search", "optimized"), options.get("step", 1e-5)
    curves = {}
    for name in classifiers:
        result = probabilities(dataset, name, options.get("k", 1))
        curves[name] = mtmcs_curve(
            result.y_true,
            result.proba[0, :, 0],  # the thesis explorer thresholds P(class 1)
            pos_label=1,
            fp_costs=grid,
            search=search,
            step=step,
            score_of="negative",
        )
    return curves


def table_values(explorer, column="cst"):
    """Classifier -> the unrounded value of one column of the explorer's HTML table."""
    row = r'<tr class="classifier[^"]*" data-classifier="([^"]+)">(.*?)</tr>'
    rows = re.findall(row, explorer.table.value)
    values = {}
    for name, cells in rows:
        match = re.search(rf'<td class="{column}" data-value="([^"]+)">([^<]+)</td>', cells)
        values[name] = float(match.group(1))
        assert match.group(2) == f"{values[name]:.2f}"  # the shown text is the value, rounded
    return values


def table_attribute(explorer, name):
    match = re.search(rf'<table class="costlab-cst"[^>]* {name}="([^"]+)"', explorer.table.value)
    return match.group(1)


def band_extent(display):
    """(x0, x1) of the shaded range of an MTMCSDisplay (Rectangle or, before mpl 3.9, Polygon)."""
    band = display.highlight_
    if hasattr(band, "get_width"):
        return band.get_x(), band.get_x() + band.get_width()
    xs = np.asarray(band.get_xy())[:, 0]
    return xs.min(), xs.max()


def assert_table_matches(explorer, curves, r1, r2):
    """The table's MTMCR, sensitivity and CST equal range_summary's; the choice select's."""
    summary = range_summary(curves, r1, r2, decimals=2).set_index("classifier")
    columns = {"mtmcr": "mtmcr", "sensitivity": "cost_sensitivity", "cst": "cst"}
    for column, measure in columns.items():
        shown = table_values(explorer, column)
        assert list(shown) == list(curves)
        for name, value in shown.items():
            assert value == pytest.approx(summary.loc[name, measure], rel=1e-12, abs=1e-12)
    assert table_attribute(explorer, "data-n-ratios") == str(int(summary["n_ratios"].iloc[0]))
    chosen = select_classifier(curves, r1, r2, decimals=2)
    assert (explorer.selection_.kind, explorer.selection_.classifier) == (
        chosen.kind,
        chosen.classifier,
    )
    assert f'data-classifier="{chosen.classifier}"' in explorer.table.value.split("<p")[-1]


def prior_row(widget):
    """{prior: {column: value}} of the Table 2 row as the widget shows it (unrounded)."""
    rows = re.findall(r'<tr class="prior" data-prior="([^"]+)"[^>]*>(.*?)</tr>', widget.table.value)
    cell = r'<td class="([^"]+)" data-value="([^"]+)"(?: data-std="([^"]+)")?>'
    out = {}
    for prior, cells in rows:
        found = re.findall(cell, cells)
        out[float(prior)] = {c: float(v) for c, v, _ in found}
        out[float(prior)] |= {f"{c}_std": float(s) for c, _, s in found if s}
    return out


def prior_row_attr(widget, name):
    table = r'<table class="[^"]*costlab-prior-row"[^>]*'
    return re.search(rf'{table} {name}="([^"]*)"', widget.table.value).group(1)


def count_calls(monkeypatch, owner, name):
    """Count the calls of ``owner.name`` (still calling it); returns the live list of counts."""
    calls = [0]
    original = getattr(owner, name)

    def counting(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def drawn(chart):
    """True when ``chart`` shows a drawing: its widget is visible and holds traces (a browser
    chart) or a PNG (``charts="png"``)."""
    if chart.widget.layout.display == "none":
        return False
    if hasattr(chart, "plot"):
        return len(chart.plot.traces) > 0
    return bytes(chart.image.value).startswith(b"\x89PNG")
