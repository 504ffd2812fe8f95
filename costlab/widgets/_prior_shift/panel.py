"""The explorer's prior panel: POSfrac and purity at an operating condition as P(target) moves.

Landgrebe et al. (2004): TPr and FPr do not depend on the class prior, but the
fraction of cases flagged (POSfrac = P(C_t) TPr + P(C_n) FPr, eq. 5) and their purity
(eq. 6) do. The panel shows, for the classifiers the explorer holds, both measures at one
operating condition (TPr, POSfrac or purity fixed) for a true target prior chosen on a
logarithmic slider from 1e-4 to 0.99, as a table and as a sweep over all priors
(:class:`costlab.plotting.PriorSweepDisplay`). The target class is the positive class (the
thesis's class 2). Moving a control recomputes from the held out-of-fold scores only.

The prior need not be guessed: a file of one classifier's scores on unlabelled deployment
instances (one number per line, or a CSV whose ``score`` column or first numeric column holds
them) estimates it (:func:`costlab.metrics.estimate_prior`: EM from the scores alone, or BBSE /
adjusted classify and count against that classifier's held out-of-fold scores), shows the
estimate with its interval and moves the slider there.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from costlab.metrics import estimate_prior
from costlab.plotting import PriorSweepDisplay
from costlab.widgets._kit.charts import make_chart
from costlab.widgets._kit.controls import styled
from costlab.widgets._prior_shift.controls import operating_controls
from costlab.widgets._prior_shift.model import PRIOR_RANGE, prior_points, read_scores
from costlab.widgets._prior_shift.view import prior_table_html

__all__ = ["PriorPanel"]


class PriorPanel(widgets.VBox):
    """Controls, table and sweep chart of the prior view (see the module docstring).

    Attributes
    ----------
    prior, condition, value : Widget
        P(target) on a log slider, the operating condition and its value
        (:func:`~costlab.widgets._prior_shift.controls.operating_controls`).
    measure : ipywidgets.ToggleButtons
        What the chart sweeps: ``"posfrac"`` or ``"purity"``.
    table : ipywidgets.HTML
    chart : BrowserChart or ChartImage
    points_ : dict of str -> DataFrame
        The last operating points (:func:`prior_points`).
    """

    def __init__(self, *, prior=0.01, condition="tpr", value=0.8, measure="posfrac"):
        super().__init__()
        self.prior, self.condition, self.value = operating_controls(prior, condition, value)
        self.measure = widgets.ToggleButtons(
            options=[("POSfrac", "posfrac"), ("Purity", "purity")],
            value=measure,
            style={"button_width": "100px"},
        )
        self.upload = widgets.FileUpload(
            accept=".csv,.txt", multiple=False, description="Unlabelled scores",
            layout=widgets.Layout(width="220px"),
        )  # fmt: skip
        self.scores_of = styled(widgets.Dropdown, options=[], description="… of")
        self.method = widgets.ToggleButtons(
            options=[("EM", "em"), ("BBSE", "bbse"), ("ACC", "acc")],
            value="em",
            style={"button_width": "64px"},
            tooltips=[
                "Saerens et al. 2002: the scores alone, calibrated at the training prior",
                "Lipton et al. 2018: against the held out-of-fold scores",
                "Forman 2008: adjusted classify and count at 0.5",
            ],
        )
        self.estimate_text = widgets.HTML()
        self.estimate_text.add_class("costlab-prior-estimate")
        self.estimate_, self._unlabelled = None, None
        self.upload.observe(lambda change: self._uploaded(), names="value")
        self.method.observe(lambda change: self._estimate(), names="value")
        self.scores_of.observe(lambda change: self._estimate(), names="value")
        self.table = widgets.HTML()
        self.table.add_class("costlab-prior-table")
        self.chart = make_chart(figsize=(8.2, 3.8), css_class="costlab-prior-chart")
        self._results, self._labels, self.points_ = {}, {}, {}
        for control in (self.prior, self.condition, self.value, self.measure):
            control.observe(lambda change: self.refresh(), names="value")
        controls = widgets.VBox(
            [
                self.prior,
                self.condition,
                self.value,
                self.measure,
                self.upload,
                self.method,
                self.scores_of,
                self.estimate_text,
            ],
            layout=widgets.Layout(flex="0 0 340px", width="340px"),
        )
        controls.add_class("costlab-prior-controls")
        self.table.layout = widgets.Layout(flex="1 0 auto", max_width="100%")
        self.children = [
            widgets.HTML("<b>Under another class prior</b> (Landgrebe et al. 2004)"),
            # side by side when the column is wide enough, else the table under the controls;
            # the controls never shrink, so no readout is cut off
            widgets.Box([controls, self.table], layout=widgets.Layout(flex_flow="row wrap")),
            self.chart.widget,
        ]
        self.add_class("costlab-priors-panel")

    def show(self, results, labels=None):
        """Show these held results (called by the explorer after each update)."""
        self._results, self._labels = dict(results), dict(labels or {})
        names = list(self._results)
        self.scores_of.options = [(self._labels.get(n, n), n) for n in names]
        if names and self.scores_of.value not in names:
            self.scores_of.value = names[0]
        self.refresh()

    def _uploaded(self):
        files = self.upload.value
        if not files:
            return
        item = files[0] if isinstance(files, (tuple, list)) else next(iter(files.values()))
        try:
            scores = read_scores(item["content"])
        except ValueError as err:
            self.estimate_text.value = f'<span class="error">{html.escape(str(err))}</span>'
            return
        self.estimate_from_scores(scores)

    def estimate_from_scores(self, scores, classifier=None, method=None):
        """Estimate P(target) from unlabelled scores of ``classifier`` (default the one
        chosen) and move the slider to it; returns the :class:`PriorEstimate`."""
        self._unlabelled = np.asarray(scores, dtype=np.float64)
        if classifier is not None:
            self.scores_of.value = classifier
        if method is not None and method != self.method.value:
            self.method.value = method  # estimates through its observer
            return self.estimate_
        return self._estimate()

    def _estimate(self):
        """(Re-)estimate from the held unlabelled scores; no cross-validation."""
        name = self.scores_of.value
        if self._unlabelled is None or name not in self._results:
            return None
        result = self._results[name]
        try:
            est = estimate_prior(
                self._unlabelled, method=self.method.value, y_true=result.y_true == 1,
                y_score=result.scores(), pos_label=True, n_resamples=500, random_state=0,
            )  # fmt: skip
        except ValueError as err:
            self.estimate_, self.estimate_text.value = (
                None,
                (f'<span class="error">{html.escape(str(err))}</span>'),
            )
            return None
        self.estimate_ = est
        label = html.escape(str(self._labels.get(name, name)))
        self.estimate_text.value = (
            f'<div class="costlab-estimate" data-prior="{est.prior!r}" data-low="{est.low!r}" '
            f'data-high="{est.high!r}" data-method="{est.method}">Estimated P(target) = '
            f"<b>{est.prior:.3g}</b> ({100 * est.confidence:g}% interval {est.low:.3g} to "
            f"{est.high:.3g}; {est.method.upper()} from {est.n_unlabelled} unlabelled scores of "
            f"{label})</div>"
        )
        self.prior.value = float(np.clip(est.prior, *PRIOR_RANGE))
        return est

    def refresh(self):
        """Recompute from the held results and redraw (no cross-validation)."""
        if not self._results:
            self.table.value, self.points_ = "", {}
            self.chart.clear()
            return
        prior = float(self.prior.value)
        condition, value = self.condition.value, float(self.value.value)
        self.points_ = prior_points(self._results, prior, condition, value)
        self.table.value = prior_table_html(self.points_, prior, self._labels)
        self.chart.draw(
            PriorSweepDisplay(
                self.points_,
                condition={condition: value},
                measure=self.measure.value,
                prior=prior,
                labels=self._labels,
            )
        )
