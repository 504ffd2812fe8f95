"""The prior-shift widget (Landgrebe et al. 2004), driven headless by setting its controls.

Every number it shows is recomputed here by an independent path: the ROC curve from
scikit-learn's ``roc_curve``, the operating point by linear interpolation between the ROC points
around the condition, POSfrac and purity by eqs. 5-6 written out, the folds' mean and standard
deviation with numpy. Spies prove that moving a control never fits or cross-validates and that
a redraw costs one sort of the chosen classifier's held scores, one read of each fold, one read
of each classifier, and two PNGs.
"""

import re

import numpy as np
import pytest
from _explorer_kit import count_calls, prior_row, prior_row_attr
from sklearn.metrics import roc_curve

from costlab.evaluation import CVResult
from costlab.widgets import (
    PriorShiftState,
    PriorShiftWidget,
    prior_shift_widget,
)
from costlab.widgets._kit.charts import BrowserChart
from costlab.widgets._prior_shift.model import (
    compute_prior_view,
    operating_row,
)

PAPER_PRIORS = (0.5, 0.1, 0.001)


# -- synthetic results: the user's own scores --------------------------------------------------


def _scores(seed, n=400, separation=1.0):
    """Labels (half targets) and a logistic score of a noisy margin: P(target)-like."""
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    margin = separation * (2 * y - 1) + rng.normal(0.0, 1.2, n)
    return y, 1.0 / (1.0 + np.exp(-margin))


def _folded(name, y, score, n_folds=5, seed=0, dataset="toy"):
    """A CVResult with folds, as cross-validation would return it (stratified fold ids)."""
    rng = np.random.default_rng(seed)
    fold = np.empty(y.size, dtype=int)
    for label in (0, 1):
        idx = np.flatnonzero(y == label)
        fold[rng.permutation(idx)] = np.arange(idx.size) % n_folds
    return CVResult(
        dataset=dataset,
        classifier=name,
        engine="given",
        y_true=y.astype(np.int64),
        proba=np.stack([1.0 - score, score], axis=-1)[None],
        fold=fold[None],
        labels=("non-target", "target"),
        n_folds=n_folds,
        seed=0,
    )


@pytest.fixture(scope="module")
def predictions():
    y, good = _scores(0, separation=2.0)
    _, poor = _scores(1, separation=0.8)
    return y, {"good": good, "poor": poor}


def _point_at(y, score, prior, condition, value):
    """(tpr, fpr) of the operating point, independently: scikit-learn's ROC, every threshold,
    and the first segment reaching the condition, interpolated linearly (Landgrebe eqs. 5-6
    written out for POSfrac and purity)."""
    fpr, tpr, _ = roc_curve(y, score, drop_intermediate=False)
    posfrac = prior * tpr + (1 - prior) * fpr
    if condition == "tpr":
        k = int(np.argmax(tpr >= value))
        w = (value - tpr[k - 1]) / (tpr[k] - tpr[k - 1])
    elif condition == "posfrac":
        k = int(np.argmax(posfrac >= value))
        w = (value - posfrac[k - 1]) / (posfrac[k] - posfrac[k - 1])
    else:  # the last point with purity >= value, then along its segment to where it crosses
        g = (1 - value) * prior * tpr - value * (1 - prior) * fpr  # >= 0 <=> purity >= value
        ok = np.flatnonzero(g[1:] >= 0) + 1
        if ok.size == 0:
            return np.nan, np.nan
        last = ok[-1]
        if last == tpr.size - 1:
            return tpr[last], fpr[last]
        k, w = last + 1, g[last] / (g[last] - g[last + 1])
    return tpr[k - 1] + w * (tpr[k] - tpr[k - 1]), fpr[k - 1] + w * (fpr[k] - fpr[k - 1])


def test_opens_on_predictions_with_the_paper_s_defaults(predictions):
    y, scores = predictions
    widget = prior_shift_widget({n: (y, s) for n, s in scores.items()}, classifier="poor")
    assert isinstance(widget, PriorShiftWidget) and widget.error_ is None, widget.message.value
    assert widget.state_ == PriorShiftState("data", "poor", 0.1, "tpr", 0.8)
    assert widget.dataset.layout.display == "none"  # one dataset: no dropdown
    assert [v for _, v in widget.classifier.options] == ["good", "poor"]
    assert widget.prior.min == pytest.approx(-4) and widget.prior.base == 10
    assert widget.prior.continuous_update is False and widget.value.continuous_update is False
    table = prior_row(widget)
    assert sorted(table, reverse=True) == [0.5, 0.1, 0.001]
    assert prior_row_attr(widget, "data-n-folds") == "0" and "printed" not in widget.table.value
    for prior, cells in table.items():
        tpr, fpr = _point_at(y, scores["poor"], prior, "tpr", 0.8)
        assert cells["tpr"] == pytest.approx(0.8) and cells["fpr"] == pytest.approx(fpr, abs=1e-12)
        assert cells["posfrac"] == pytest.approx(prior * tpr + (1 - prior) * fpr, abs=1e-12)
        assert cells["purity"] == pytest.approx(prior * tpr / (prior * tpr + (1 - prior) * fpr))


def test_moving_the_prior_redraws_figures_3_and_4(predictions):
    y, scores = predictions
    widget = prior_shift_widget({n: (y, s) for n, s in scores.items()})
    before = [(t["x"], t["y"]) for t in widget.figure_3.plot.traces]
    widget.prior.value = 0.01
    assert (
        widget.state_.prior == 0.01
        and [(t["x"], t["y"]) for t in widget.figure_3.plot.traces] != before
    )
    assert 'data-prior="0.01"' in widget.summary.value
    assert set(prior_row(widget)) == {0.5, 0.1, 0.01, 0.001}
    assert re.search(r'data-prior="0.01" data-chosen="true"', widget.table.value)

    fpr, tpr, _ = roc_curve(y, scores["good"], drop_intermediate=False)
    fig3 = widget.figure_3.display_.display
    np.testing.assert_allclose(fig3.lines_[("roc", None)].get_xydata(), np.c_[fpr, tpr])
    np.testing.assert_allclose(
        fig3.lines_[("posfrac", 0.01)].get_xdata(), 0.01 * tpr + 0.99 * fpr, atol=1e-15
    )
    fig4 = widget.figure_4.display_.display
    assert sorted(p for k, p in fig4.lines_ if k == "posfrac") == [0.001, 0.01, 0.1, 0.5]
    widths = {p: fig4.lines_[("posfrac", p)].get_linewidth() for p in (0.01, 0.5)}
    assert widths[0.01] > widths[0.5]  # the chosen prior's curve stands out
    for prior in (0.5, 0.1, 0.01, 0.001):
        x = prior * tpr + (1 - prior) * fpr
        np.testing.assert_allclose(fig4.lines_[("posfrac", prior)].get_xdata(), x, atol=1e-15)
        marker = fig4.markers_[("posfrac", prior)].get_xydata()[0]
        np.testing.assert_allclose(marker, [prior_row(widget)[prior]["posfrac"], 0.8], atol=1e-12)
    legend = [t.get_text() for t in fig4.axes_[0].get_legend().get_texts()]
    assert legend[0] == "$P(C_t)$ = 0.01 (chosen)"


@pytest.mark.parametrize("condition, value", [("posfrac", 0.2), ("purity", 0.6), ("tpr", 0.35)])
def test_each_operating_condition_is_met_where_it_can_be(predictions, condition, value):
    y, scores = predictions
    widget = prior_shift_widget({n: (y, s) for n, s in scores.items()}, classifier="poor")
    widget.condition.value, widget.value.value, widget.prior.value = condition, value, 0.3
    assert widget.state_ == PriorShiftState("data", "poor", 0.3, condition, value)
    assert prior_row_attr(widget, "data-condition") == condition
    for prior, cells in prior_row(widget).items():
        tpr, fpr = _point_at(y, scores["poor"], prior, condition, value)
        if np.isnan(tpr):
            assert np.isnan(cells["posfrac"])
            continue
        assert cells[condition] == pytest.approx(value, abs=1e-9)
        assert cells["tpr"] == pytest.approx(tpr, abs=1e-12)
        assert cells["fpr"] == pytest.approx(fpr, abs=1e-12)


def test_an_unreachable_purity_is_said_not_drawn(predictions):
    y, scores = predictions
    score = scores["poor"].copy()
    score[np.flatnonzero(y == 0)[0]] = 1.0  # a non-target scores highest: purity 1 unreachable
    widget = prior_shift_widget({"poor": (y, score)})
    with _no_warning():
        widget.condition.value, widget.value.value, widget.prior.value = "purity", 1.0, 1e-4
    assert widget.error_ is None
    assert "no threshold of poor meets the condition" in widget.summary.value
    assert "—" in widget.table.value and np.isnan(prior_row(widget)[1e-4]["purity"])
    assert ("purity", 1e-4) not in widget.figure_4.display_.display.markers_


class _no_warning:
    """Fail if a warning escapes (an unreachable purity must not warn in a notebook)."""

    def __enter__(self):
        import warnings

        self._catch = warnings.catch_warnings(record=True)
        self._log = self._catch.__enter__()
        warnings.simplefilter("always")

    def __exit__(self, *exc):
        self._catch.__exit__(*exc)
        assert not self._log, [str(w.message) for w in self._log]


def test_the_table_2_row_is_the_folds_mean_and_std():
    y, score = _scores(2, n=500)
    result = _folded("folded", y, score, n_folds=5)
    widget = prior_shift_widget([result], prior=0.05)
    assert prior_row_attr(widget, "data-n-folds") == "5"
    for prior, cells in prior_row(widget).items():
        values = []
        for fold in range(5):
            mask = result.fold[0] == fold
            tpr, fpr = _point_at(y[mask], score[mask], prior, "tpr", 0.8)
            values.append(prior * tpr + (1 - prior) * fpr)
        assert cells["posfrac"] == pytest.approx(np.mean(values), rel=1e-12)
        assert cells["posfrac_std"] == pytest.approx(np.std(values, ddof=1), rel=1e-12)
        tpr, fpr = _point_at(y, score, prior, "tpr", 0.8)
        assert cells["pooled-posfrac"] == pytest.approx(prior * tpr + (1 - prior) * fpr)
    row = operating_row(result, (0.5, 0.05), "tpr", 0.8)
    assert list(row["prior"]) == [0.5, 0.05] and (row["n_folds"] == 5).all()


def test_published_values_sit_beside_ours_only_at_their_condition(predictions):
    y, scores = predictions
    reference = {("data", "good"): {0.5: (0.46, 0.01), 0.1: (0.19, 0.02), 0.001: (0.12, 0.01)}}
    widget = prior_shift_widget(
        {n: (y, s) for n, s in scores.items()},
        reference=reference,
        reference_condition={"tpr": 0.8},
    )
    table = prior_row(widget)
    assert table[0.1]["printed"] == 0.19 and table[0.1]["printed_std"] == 0.02
    assert "printed POSfrac" in widget.table.value
    widget.prior.value = 0.02  # a prior the reference does not give
    assert np.isnan(prior_row(widget)[0.02]["printed"])
    widget.value.value = 0.7  # another condition: no printed column
    assert "printed" not in widget.table.value
    widget.value.value = 0.8
    widget.classifier.value = "poor"  # no reference for it
    assert "printed" not in widget.table.value


def test_the_column_holds_every_classifier_at_the_chosen_prior(predictions):
    y, scores = predictions
    widget = prior_shift_widget({n: (y, s) for n, s in scores.items()}, labels={"good": "Good"})
    widget.prior.value = 0.02
    assert 'data-prior="0.02"' in widget.column.value
    rows = re.findall(r'data-classifier="([^"]+)">(.*?)</tr>', widget.column.value)
    found = {n: re.search(r'class="posfrac" data-value="([^"]+)"', c).group(1) for n, c in rows}
    for name, score in scores.items():
        tpr, fpr = _point_at(y, score, 0.02, "tpr", 0.8)
        assert float(found[name]) == pytest.approx(0.02 * tpr + 0.98 * fpr, abs=1e-12)
    assert ">Good<" in widget.column.value and "Good on data" in widget.table.value


def test_the_column_names_the_prior_as_the_slider_does(predictions):
    """Issue 34 item 4: the slider says P(C_t), so does the column's caption (not P(target))."""
    y, scores = predictions
    widget = prior_shift_widget({n: (y, s) for n, s in scores.items()})
    widget.prior.value = 0.02
    assert widget.prior.description == "P(C_t)"
    caption = re.search(r"<caption>(.*?)</caption>", widget.column.value).group(1)
    assert caption == "At P(C_t) = 0.02"
    assert "P(target)" not in widget.column.value + widget.table.value + widget.summary.value


def test_a_dataset_change_offers_its_classifiers_and_redraws_once(monkeypatch):
    y, score = _scores(3)
    _, other = _scores(4)
    results = [
        _folded("LDC", y, score, dataset="first"),
        _folded("QDC", y, other, dataset="first"),
        _folded("QDC", y, score, dataset="second"),
        _folded("Parzen", y, other, dataset="second"),
    ]
    widget = prior_shift_widget(results, classifier="LDC", titles={"second": "Second problem"})
    assert widget.dataset.layout.display != "none"
    assert widget.dataset.options == (("first", "first"), ("Second problem", "second"))
    draws = count_calls(monkeypatch, BrowserChart, "draw")
    widget.dataset.value = "second"
    assert [v for _, v in widget.classifier.options] == ["QDC", "Parzen"]
    assert widget.state_ == PriorShiftState("second", "QDC", 0.1, "tpr", 0.8)
    assert draws == [2]  # Fig. 3 and Fig. 4 once each, not once per cascaded change
    assert "Second problem" in widget.table.value
    widget.classifier.value = "Parzen"
    widget.dataset.value = "first"  # Parzen is not held there: the first classifier
    assert widget.state_.classifier == "LDC"


def test_bad_arguments_are_named(predictions):
    y, scores = predictions
    given = {n: (y, s) for n, s in scores.items()}
    for kwargs, match in [
        ({"dataset": "other"}, "dataset must be one of 'data', got 'other'"),
        ({"classifier": "svm"}, "classifier must be one of"),
        ({"condition": "fpr"}, "condition must be one of"),
        ({"prior": 1.0}, "prior must be"),
        ({"prior": 1e-6}, "prior must lie in"),
        ({"value": 0.001}, "value must lie in"),
        ({"value": 1.5}, "value"),
        ({"reference_priors": (0.5, 0.0)}, "reference_priors must be"),
    ]:
        with pytest.raises(ValueError, match=match):
            prior_shift_widget(given, **kwargs)


def test_compute_prior_view_is_pure_and_matches_the_widget(predictions):
    y, scores = predictions
    results = {n: CVResult.from_predictions(y, s, classifier=n) for n, s in scores.items()}
    state = PriorShiftState("data", "good", 0.02, "posfrac", 0.25)
    view = compute_prior_view(results, state, reference_priors=PAPER_PRIORS)
    assert view.priors == (0.02, 0.5, 0.1, 0.001)
    assert view.row["posfrac"].to_numpy() == pytest.approx([0.25] * 4)
    widget = prior_shift_widget({n: (y, s) for n, s in scores.items()}, prior=0.02)
    widget.condition.value, widget.value.value = "posfrac", 0.25
    shown = prior_row(widget)
    for record in view.row.to_dict("records"):
        assert shown[record["prior"]]["tpr"] == pytest.approx(record["tpr"], abs=1e-15)


# -- the spy: the study's widget never fits, and a redraw is a few sorts and two PNGs ----------


def test_read_scores_takes_lines_a_score_column_or_the_first_numeric_one():
    from costlab.widgets._prior_shift.model import read_scores

    assert read_scores(b"0.1\n0.5\n0.9\n").tolist() == [0.1, 0.5, 0.9]
    assert read_scores(b"id,score\na,0.2\nb,0.7\n").tolist() == [0.2, 0.7]
    assert read_scores(b"id,p\n1,0.3\n2,0.4\n").tolist() == [1.0, 2.0]  # first numeric column
    for bad, match in [(b"", "empty"), (b"0.1\nhigh\n", "one finite number per line")]:
        with pytest.raises(ValueError, match=match):
            read_scores(bad)
