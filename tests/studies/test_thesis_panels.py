"""The panels of the thesis's cost explorer, driven headless: the prior panel (Landgrebe et
al. 2004), the stability panel and the export, and what a user sees (charts hidden until drawn,
which search made each MTMCR, room for the controls).

As in ``test_thesis_explorer.py``, every number shown is checked against :mod:`costlab.metrics`
computed here, and cross-validation is spied on to prove that no panel refits anything.
"""

import re

import numpy as np
import pytest
from _explorer_kit import drawn, env, probabilities, spy, table_values  # noqa: F401

from costlab.studies.alsaffar2018.explorer import thesis_explorer

pytestmark = pytest.mark.slow


# -- the prior panel (Landgrebe et al. 2004) --------------------------------------------------


def prior_values(explorer, column):
    """Classifier -> unrounded value of one column of the prior table."""
    row = r'<tr class="classifier" data-classifier="([^"]+)">(.*?)</tr>'
    values = {}
    for name, cells in re.findall(row, explorer.priors.table.value):
        match = re.search(rf'<td class="{column}" data-value="([^"]+)">', cells)
        values[name] = float(match.group(1))
    return values


def test_prior_panel_shows_operating_points_of_the_held_scores(env, spy, probabilities):
    from costlab.metrics import operating_point

    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    panel = explorer.priors
    assert panel.prior.min == pytest.approx(-4) and panel.prior.base == 10  # down to 1e-4
    assert panel.prior.continuous_update is False
    spy.clear()
    for prior, condition, value in [
        (0.001, "tpr", 0.8),
        (0.1, "posfrac", 0.2),
        (0.3, "purity", 0.5),
    ]:
        panel.prior.value, panel.condition.value, panel.value.value = prior, condition, value
        prior = float(panel.prior.value)  # the slider's own rounding
        shown = {c: prior_values(explorer, c) for c in ("tpr", "fpr", "posfrac", "purity")}
        for name in ("NaiveBayes", "AdaBoostM1"):
            result = probabilities("spectf", name)
            expected = operating_point(
                result.y_true == 1,
                result.scores(),
                [prior],
                pos_label=True,
                **{condition: value},
            ).iloc[0]
            for column, values in shown.items():
                assert values[name] == pytest.approx(expected[column], rel=1e-12, nan_ok=True)
        # POSfrac = P TPr + (1 - P) FPr (Landgrebe et al. 2004, eq. 5), as shown
        for name in shown["tpr"]:
            assert shown["posfrac"][name] == pytest.approx(
                prior * shown["tpr"][name] + (1 - prior) * shown["fpr"][name]
            )
        sweep = panel.chart.display_
        assert set(sweep.lines_) == {"NaiveBayes", "AdaBoostM1"}
        assert sweep.ax_.get_xscale() == "log"
    assert spy == []  # the prior never refits anything
    panel.measure.value = "purity"
    assert panel.chart.display_.measure == "purity"


def test_prior_panel_follows_the_selection_and_unreachable_purity(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    explorer.classifiers.value = ("NaiveBayes",)
    assert set(prior_values(explorer, "tpr")) == {"NaiveBayes"}
    explorer.priors.condition.value, explorer.priors.value.value = "purity", 1.0
    explorer.priors.prior.value = 1e-4
    assert explorer.error_ is None
    assert "—" in explorer.priors.table.value  # no threshold reaches purity 1 at 1e-4


# -- uncertainty and export (issue 12, item 5) ------------------------------------------------


def test_stability_panel_and_export(env, spy, tmp_path):
    import json

    from costlab.metrics import paired_bootstrap

    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    panel = explorer.stability
    assert panel.boot_ is None and panel.table.value == ""  # resampling waits for the button
    panel.n_resamples.value = 40
    spy.clear()
    panel.run_button.click()
    assert spy == []  # resampling never refits
    expected = paired_bootstrap(
        explorer.results_["NaiveBayes"].y_true,
        {n: r.scores() for n, r in explorer.results_.items()},
        n_resamples=40,
        random_state=0,
        pos_label=1,
    )
    np.testing.assert_array_equal(panel.boot_.replicates, expected.replicates)
    freq = expected.selection_frequency(*explorer.cost_range.value)
    shown = dict(
        re.findall(
            r'data-classifier="([^"]+)">.*?class="chosen" data-value="([^"]+)"', panel.table.value
        )
    )
    for name, value in zip(freq["classifier"], freq["chosen"], strict=True):
        assert float(shown[name]) == pytest.approx(value)
    explorer.cost_range.value = (0.1, 0.3)  # a range move re-reads the stored resamples
    assert 'data-r1="0.1"' in panel.table.value and panel.boot_ is not None

    exported = json.loads(explorer.export_json(tmp_path / "choice.json"))
    assert exported == json.loads((tmp_path / "choice.json").read_text())
    assert exported["selection"]["classifier"] == explorer.selection_.classifier
    assert exported["cost_range"] == [0.1, 0.3]
    assert set(exported["selection_frequency"]) == {"NaiveBayes", "AdaBoostM1"}
    points = exported["classifiers"]["NaiveBayes"]["operating_points"]
    assert points[0]["fp_cost_to"] == pytest.approx(1.0) and points[-1]["fp_cost_from"] == 0.0

    model = explorer.export_estimator()
    assert model.cost_range == (0.1, 0.3)
    assert set(model.classes_) == {0, 1}


# -- as a user sees it (issue 20, item 4) ------------------------------------------------------


def search_caption(html_text):
    """(attributes, text) of the search caption in some HTML."""
    match = re.search(r'<div class="costlab-search-caption"([^>]*)>(.*?)</div>', html_text)
    return match.group(1), match.group(2)


def test_charts_are_hidden_until_they_have_an_image(env):
    """A chart with nothing drawn (no traces, or an Image without a PNG, which shows a
    broken-image icon) stays hidden until drawn."""
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    band = explorer.stability.chart
    assert not drawn(band) and band.widget.layout.display == "none"  # before Bootstrap
    charts = (explorer.mtmcs_chart, explorer.cost_chart, explorer.threshold_chart)
    for chart in (*charts, explorer.priors.chart):
        assert drawn(chart)
    explorer.stability.n_resamples.value = 20
    explorer.stability.run_button.click()
    assert drawn(band)
    explorer.classifiers.value = ()  # an error clears every chart: hidden again
    for chart in (*charts, explorer.priors.chart, explorer.stability.chart):
        assert not drawn(chart) and chart.widget.layout.display == "none"
    explorer.classifiers.value = ("NaiveBayes",)
    assert explorer.mtmcs_chart.widget.layout.display is None
    assert band.widget.layout.display == "none"  # new results: resample again to see the bands


def test_both_mtmcr_say_which_search_made_them(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    attributes, text = search_caption(explorer.table.value)
    assert 'data-search="optimized"' in attributes and 'data-step="1e-05"' in attributes
    assert "MTMCR by the thesis's optimized search (Al-Saffar 2018, sec. 4.3.2" in text
    assert "one side of t0 = FNcost" in text and "uses the exact search" in text
    attributes, text = search_caption(explorer.stability.caption.value)
    assert 'data-search="exact"' in attributes and 'data-grid="0.05"' in attributes
    assert text.startswith("MTMCR by the exact search")

    # the two MTMCR the captions tell apart: the one-sided search's is never below the
    # exact minimum (up to the table's rounding of each of the 9 MTMCS to 2 decimals) ...
    explorer.stability.n_resamples.value = 20
    explorer.stability.run_button.click()
    exact = dict(
        re.findall(
            r'data-classifier="([^"]+)">.*?class="mtmcr" data-value="([^"]+)"',
            explorer.stability.table.value,
        )
    )
    optimized = table_values(explorer, "mtmcr")
    for name, value in optimized.items():
        assert value >= float(exact[name]) - 9 * 0.005
    # ... and with the exact search both tables agree
    explorer.search.value = "exact"
    attributes, text = search_caption(explorer.table.value)
    assert 'data-search="exact"' in attributes and "data-step" not in attributes
    assert "can miss the minimum" not in text
    for name, value in table_values(explorer, "mtmcr").items():
        assert value == pytest.approx(float(exact[name]), abs=9 * 0.005)
    explorer.search.value, explorer.search_step.value = "thorough", 1e-3
    explorer.grid_step.value = 0.025
    attributes, text = search_caption(explorer.table.value)
    assert 'data-search="thorough"' in attributes and 'data-grid="0.025"' in attributes
    assert "thorough search (Al-Saffar 2018, sec. 4.3.1; threshold step 0.001" in text


def test_prior_panel_gives_its_controls_and_cells_room(env):
    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes",), **env)
    panel = explorer.priors
    row = panel.children[1]
    controls, table = row.children
    assert row.layout.flex_flow == "row wrap"  # the table goes under the controls if narrow
    assert controls.layout.flex == "0 0 340px"  # the controls never shrink: readouts stay
    assert table is panel.table
    assert "white-space:nowrap" in panel.table.value  # "80.00 %" on one line


# -- the prior panel estimates P(target) from unlabelled scores (deployment under prior shift) --


def test_prior_panel_estimates_the_prior_from_unlabelled_scores(env, spy, probabilities):
    import datetime

    from costlab.metrics import estimate_prior

    UPLOADED = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)

    explorer = thesis_explorer("spectf", classifiers=("NaiveBayes", "AdaBoostM1"), **env)
    panel = explorer.priors
    assert [value for _, value in panel.scores_of.options] == ["NaiveBayes", "AdaBoostM1"]
    held = probabilities("spectf", "NaiveBayes")
    # a deployment batch: every negative and a tenth of the positives of the held scores
    target = np.flatnonzero(held.y_true == 1)
    batch = np.r_[held.scores()[held.y_true != 1], held.scores()[target[::10]]]
    spy.clear()
    est = panel.estimate_from_scores(batch, classifier="NaiveBayes")
    expected = estimate_prior(
        batch, method="em", y_true=held.y_true == 1, y_score=held.scores(), pos_label=True,
        n_resamples=500, random_state=0,
    )  # fmt: skip
    assert est.prior == pytest.approx(expected.prior) and est.low == pytest.approx(expected.low)
    assert panel.prior.value == pytest.approx(est.prior, rel=0.15)  # the slider's own grid
    assert f'data-prior="{est.prior!r}"' in panel.estimate_text.value
    assert "interval" in panel.estimate_text.value
    panel.method.value = "acc"  # re-estimates from the held batch
    assert panel.estimate_.method == "acc"
    assert 'data-method="acc"' in panel.estimate_text.value
    # the same through the upload control
    text = "score\n" + "\n".join(f"{v!r}" for v in batch)
    panel.upload.value = (
        {"name": "batch.csv", "type": "text/csv", "size": len(text), "last_modified": UPLOADED,
         "content": memoryview(text.encode())},
    )  # fmt: skip
    assert panel.estimate_.prior == pytest.approx(
        estimate_prior(
            batch, method="acc", y_true=held.y_true == 1, y_score=held.scores(),
            pos_label=True, n_resamples=500, random_state=0,
        ).prior
    )  # fmt: skip
    panel.upload.value = (
        {"name": "bad.csv", "type": "text/csv", "size": 5, "last_modified": UPLOADED,
         "content": memoryview(b"0.1\nx\n")},
    )  # fmt: skip
    assert "one finite number per line" in panel.estimate_text.value
    assert spy == []  # estimating never refits anything
