"""The explorer's outputs: header, messages, the range table, the charts and the two panels.

:class:`ExplorerOutputs` owns the output widgets and turns what the session computed (results,
curves, the selection) into HTML and PNG charts. It redraws a chart only when what the chart
shows changed: a range move redraws the MTMCS and cost-space charts, never the threshold chart,
and only new results redraw the prior panel. Nothing here computes a curve or cross-validates.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from costlab.plotting import CostCurveDisplay, MTMCSDisplay, ThresholdDisplay, classifier_styles
from costlab.widgets._cost.model import search_caption_html
from costlab.widgets._cost.stability import StabilityPanel
from costlab.widgets._kit.charts import make_chart
from costlab.widgets._kit.messages import note_html, show_error
from costlab.widgets._kit.mtmcs import summary_html
from costlab.widgets._prior_shift.panel import PriorPanel

__all__ = ["CostSpaceView", "ExplorerOutputs", "ExplorerView", "header_html", "status_html"]


class ExplorerOutputs:
    """The explorer's output widgets and how they are drawn.

    Attributes
    ----------
    header, status, message, table : ipywidgets.HTML
    mtmcs_chart, cost_chart, threshold_chart : BrowserChart or ChartImage
    priors : PriorPanel
    stability : StabilityPanel
    """

    def __init__(self):
        self.header = widgets.HTML()
        self.status = widgets.HTML(layout=widgets.Layout(width="330px"))
        self.message = widgets.HTML()
        self.message.add_class("costlab-message-box")
        self.table = widgets.HTML()
        self.table.add_class("costlab-table")
        self.mtmcs_chart = make_chart(css_class="costlab-mtmcs-chart")
        self.cost_chart = make_chart(figsize=(8.2, 4.2), css_class="costlab-cost-chart")
        self.threshold_chart = make_chart(css_class="costlab-threshold-chart")
        self.priors = PriorPanel()
        self.stability = StabilityPanel()
        self._drawn = {}

    def column(self):
        """The right-hand column: message, charts, table and the two panels."""
        return widgets.VBox(
            [
                self.message,
                self.mtmcs_chart.widget,
                self.cost_chart.widget,
                self.table,
                self.threshold_chart.widget,
                self.stability,
                self.priors,
            ],
            layout=widgets.Layout(flex="1 1 auto", min_width="0", max_width="780px"),
        )

    def render(self, state, view):
        """Show a computed view of ``state`` (see :class:`ExplorerView`)."""
        self.message.value = note_html(view.note) if view.note else ""
        first = next(iter(view.results.values()))
        self.header.value = header_html(view.title, first)
        caption = search_caption_html(state.search, state.search_step, state.grid_step)
        self.table.value = caption + summary_html(
            view.selection, state.r1, state.r2, state.grid_step, labels=view.labels
        )
        self.status.value = status_html(view.results)
        self._draw_charts(state, view)
        self.stability.show(view.results, state.r1, state.r2, view.labels)
        if self._drawn.get("priors") != view.keys:  # only new results change the prior view
            self.priors.show(view.results, view.labels)
            self._drawn["priors"] = view.keys

    def _draw_charts(self, state, view):
        """Redraw a chart only when what it shows changed (a range move: the MTMCS chart)."""
        curves, labels = view.curves, view.labels
        curves_key = (view.keys, *view.curve_options)
        subtitle = search_text(state.search, state.search_step)
        style = {"markersize": 3.5, "linewidth": 1.4} if state.grid_step < 0.05 else {}
        shown = (curves_key, state.r1, state.r2)
        if self._drawn.get("mtmcs") != shown:
            title = f"MTMCS chart, range of interest shaded ({subtitle})"
            display = MTMCSDisplay(
                curves, highlight=(state.r1, state.r2), title=title, labels=labels
            )
            self.mtmcs_chart.draw(display, **style)
            self._drawn["mtmcs"] = shown
        if self._drawn.get("cost") != shown:
            envelopes = {c: view.envelope(c) for c in curves}
            self.cost_chart.draw(CostSpaceView(envelopes, curves, (state.r1, state.r2), labels))
            self._drawn["cost"] = shown
        if self._drawn.get("threshold") != curves_key:
            title = f"Optimal thresholds ({subtitle})"
            self.threshold_chart.draw(ThresholdDisplay(curves, title=title, labels=labels), **style)
            self._drawn["threshold"] = curves_key

    def show_error(self, error):
        """Show ``error`` instead of the table and charts."""
        charts = (self.mtmcs_chart, self.cost_chart, self.threshold_chart)
        show_error(self.message, error, tables=(self.table, self.status), charts=charts)
        self.priors.show({})
        self.stability.show({}, 0.3, 0.7)
        self._drawn.clear()


class ExplorerView:
    """What one update computed, as the outputs need it.

    Parameters
    ----------
    title : str
        The dataset's title.
    results : dict of str -> CVResult
    curves : dict of str -> DataFrame
    selection : costlab.metrics.mtmcs.measures.Selection
    labels : dict
        Classifier name -> name shown.
    keys : tuple
        One cross-validation key per classifier (what the results are).
    curve_options : tuple
        What the curves depend on besides the results (grid, search, step).
    envelope : callable
        Classifier name -> its cost envelope (called only when the cost chart is redrawn).
    note : str
        A note shown above the charts ("" for none).
    """

    def __init__(
        self, title, results, curves, selection, labels, keys, curve_options, envelope, note
    ):
        self.title, self.results, self.curves, self.selection = title, results, curves, selection
        self.labels, self.keys, self.curve_options = labels, keys, curve_options
        self.envelope, self.note = envelope, note


class CostSpaceView:
    """The explorer's cost-space chart: a :class:`CostCurveDisplay` with the MTMCS points."""

    def __init__(self, envelopes, curves, fp_range, labels):
        self.envelopes, self.curves = envelopes, curves
        self.fp_range, self.labels = fp_range, labels

    def plot(self, ax=None):
        title = "The same classifiers in cost space: lower envelopes (dots: MTMCS / 100)"
        display = CostCurveDisplay(
            self.envelopes, labels=self.labels, title=title, show_lines=False, x_axis="thesis"
        ).plot(ax=ax)
        styles = classifier_styles(self.envelopes)
        for name, curve in self.curves.items():
            display.ax_.plot(
                curve["fn_cost"],
                curve["mtmcs"] / 100.0,
                linestyle="none",
                marker="o",
                markersize=3.5,
                color=styles[name]["color"],
                zorder=4,
            )
        r1, r2 = self.fp_range
        display.ax_.axvspan(1 - r2, 1 - r1, color="#E41A1C", alpha=0.08, zorder=0)
        return display


def search_text(search, search_step):
    """The search in a chart's title, e.g. ``"optimized search, step 1e-05"``."""
    if search == "exact":
        return "exact search"
    return f"{search} search, step {search_step:g}"


def header_html(title, result):
    """Dataset title, size and classes (class 1 is the negative class)."""
    classes = ", ".join(
        f"{int((result.y_true == i).sum())} in class {i + 1} ({html.escape(str(label))})"
        for i, label in enumerate(result.labels)
    )
    how = (
        "given predictions"
        if result.engine == "given"
        else f"{html.escape(result.engine)} engine, {result.n_folds}-fold CV"
    )
    return (
        f'<div class="costlab-header"><b style="font-size:16px">Cost explorer: '
        f"{html.escape(title)}</b>"
        f'<span style="color:#555"> &nbsp;{result.y_true.size} instances: {classes} · '
        f"{how}</span></div>"
    )


def status_html(results):
    """How many results are held and the seconds their cross-validation took."""
    computed = sum(r.seconds for r in results.values())
    return (
        f'<span style="color:#555;font-size:12px">{len(results)} classifier(s) held in memory '
        f"(cross-validation: {computed:.1f} s)</span>"
    )
