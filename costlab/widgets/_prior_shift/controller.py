"""The prior-shift widget: one classifier's ROC read at a true target prior the reader moves.

Landgrebe et al. (2004) show that TPr and FPr do not depend on the class prior while the
fraction of cases a classifier flags (POSfrac, their eq. 5) and the purity of what it flags
(eq. 6) do. :class:`PriorShiftWidget` puts their assumptions on controls: the true target prior
P(C_t) on a logarithmic slider (1e-4 to 0.99), the operating condition (TPr, POSfrac or purity
fixed, and its value), the classifier and, for several datasets, the dataset. Each move redraws
their Fig. 3 (ROC and TPr vs POSfrac at the prior), Fig. 4 (TPr vs POSfrac and purity at the
chosen prior beside the reference priors 0.5, 0.1 and 0.001) and the chosen classifier's row of
their Table 2 (per prior: mean ± std over the folds, the pooled value and, if given, a
published value), with every classifier of the dataset at the chosen prior.

It works on any results: an :class:`~costlab.evaluation.ExperimentRun`, CVResults, or
``{name: (y_true, y_score)}`` predictions (:func:`costlab.evaluation.experiment.as_run`). The
callbacks are small and do no maths: :func:`.compute_prior_view` reads the held out-of-fold
scores (a sort per curve, no fitting or cross-validation) and the figures are redrawn as PNG
(:class:`~costlab.widgets._kit.charts.ChartImage`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import ipywidgets as widgets

from costlab.evaluation.experiment import as_run
from costlab.metrics.checks import check_priors, check_rate_target
from costlab.plotting import DEFAULT_PRIORS
from costlab.validation import Options, check_param
from costlab.widgets._kit.charts import charts_option, make_chart
from costlab.widgets._kit.controller import Explorer
from costlab.widgets._kit.controls import dropdown
from costlab.widgets._kit.messages import show_error
from costlab.widgets._prior_shift.controls import operating_controls
from costlab.widgets._prior_shift.model import (
    CONDITIONS,
    PRIOR_RANGE,
    PriorShiftState,
    compute_prior_view,
    snap_prior,
)
from costlab.widgets._prior_shift.view import (
    operating_row_html,
    operating_summary_html,
    prior_table_html,
)

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

__all__ = ["PriorShiftWidget", "prior_shift_widget"]


class PriorShiftWidget(Explorer):
    """Landgrebe et al. (2004) Figures 3-4 and Table 2's row, live, for any classifier's scores.

    Parameters
    ----------
    results : ExperimentRun, list of CVResult, or mapping
        Held out-of-fold results (:func:`costlab.evaluation.experiment.as_run`), e.g.
        ``{"LR": (y_test, y_score), "RF": (y_test, y_score_rf)}`` with ``y_score`` the target
        (positive) class's score. Results with folds (from cross-validation) give the Table 2
        row as mean ± std over the folds; predictions give the pooled values only.
    dataset, classifier : str, optional
        Shown first (default: the first of the run, and its first classifier).
    prior : float
        The true target prior P(C_t) shown first, in [1e-4, 0.99].
    condition : {"tpr", "posfrac", "purity"}
        What the operating point fixes (the paper fixes TPr).
    value : float
        Its value, in [0.01, 1] (the paper's TPr: 0.8).
    reference_priors : sequence of float
        Priors drawn and tabulated beside the chosen one; default the paper's 0.5, 0.1, 0.001.
    reference : Mapping, optional
        Published POSfrac to show beside ours: ``{(dataset, classifier): {prior: (mean,
        std)}}`` as fractions, valid at ``reference_condition``.
    reference_condition : dict, optional
        The operating condition of ``reference``, e.g. ``{"tpr": 0.8}``; the column is shown
        only while the controls are at it.
    labels, titles : Mapping, optional
        Classifier name -> name shown; dataset name -> name shown.

    Attributes
    ----------
    dataset, classifier : ipywidgets.Dropdown
        The dataset (hidden with one dataset) and the classifier.
    prior : ipywidgets.FloatLogSlider
        P(C_t), 1e-4 to 0.99.
    condition : ipywidgets.Dropdown
        ``"tpr"``, ``"posfrac"`` or ``"purity"``.
    value : ipywidgets.FloatSlider
        The condition's value, 0.01 to 1.
    summary, table, column : ipywidgets.HTML
        A sentence on the chosen operating point; the chosen classifier's Table 2 row; every
        classifier of the dataset at the chosen prior.
    figure_3, figure_4 : BrowserChart or ChartImage
        The charts; ``.display_.display`` is the :class:`~costlab.plotting.PriorShiftDisplay`
        last drawn.
    message : ipywidgets.HTML
        An error, if the last update failed.
    run_ : ExperimentRun
    state_ : PriorShiftState
    view_ : PriorShiftView or None
        What the last update computed (:func:`.compute_prior_view`).
    error_ : Exception or None
    """

    def __init__(
        self,
        results: Any,
        *,
        dataset: Any = None,
        classifier: Any = None,
        prior: Any = 0.1,
        condition: Any = "tpr",
        value: Any = 0.8,
        reference_priors: Sequence[float] = DEFAULT_PRIORS,
        reference: Any = None,
        reference_condition: Any = None,
        labels: Mapping[Any, str] | None = None,
        titles: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.run_ = as_run(results)
        self._labels, self._titles = dict(labels or {}), dict(titles or {})
        self._reference = dict(reference or {})
        self._reference_condition = dict(reference_condition or {})
        self._reference_priors = tuple(check_priors(reference_priors, name="reference_priors"))
        initial = self._initial_state(dataset, classifier, prior, condition, value)
        self.view_, self.error_, self.state_ = None, None, initial
        self._build(initial)
        self._observe()
        self.update()

    # -- construction ---------------------------------------------------------------------------

    def _initial_state(self, dataset, classifier, prior, condition, value):
        names = self.run_.dataset_names()
        dataset = names[0] if dataset is None else dataset
        check_param("dataset", dataset, Options(names))
        offered = self.run_.classifiers(dataset)
        classifier = offered[0] if classifier is None else classifier
        if classifier not in offered:  # names the dataset, which check_param would not
            raise ValueError(
                f"classifier must be one of {offered} (held for {dataset!r}), got {classifier!r}."
            )
        check_param("condition", condition, Options(CONDITIONS))
        prior = float(check_priors(prior, name="prior")[0])
        if not PRIOR_RANGE[0] <= prior <= PRIOR_RANGE[1]:
            raise ValueError(f"prior must lie in {list(PRIOR_RANGE)} (the slider), got {prior}.")
        value = check_rate_target(value, "value")
        if value < 0.01:
            raise ValueError(f"value must lie in [0.01, 1] (the slider), got {value}.")
        return PriorShiftState(dataset, classifier, prior, condition, value)

    def _label(self, classifier):
        return str(self._labels.get(classifier, classifier))

    def _title(self, dataset):
        return str(self._titles.get(dataset, dataset))

    def _build(self, initial):
        datasets = [(self._title(d), d) for d in self.run_.dataset_names()]
        self.dataset = dropdown(None, "Dataset", datasets, initial.dataset)
        if len(datasets) == 1:
            self.dataset.layout.display = "none"
        options = [(self._label(c), c) for c in self.run_.classifiers(initial.dataset)]
        self.classifier = dropdown(None, "Classifier", options, initial.classifier)
        self.prior, self.condition, self.value = operating_controls(
            initial.prior, initial.condition, initial.value, description="P(C_t)"
        )
        self.prior.add_class("costlab-prior-shift-prior")
        self.summary, self.table, self.column, self.message = (widgets.HTML() for _ in range(4))
        self.table.add_class("costlab-prior-row-table")
        self.column.add_class("costlab-prior-column-table")
        self.figure_3 = make_chart(figsize=(9.6, 4.3), css_class="costlab-figure-3-chart")
        self.figure_4 = make_chart(figsize=(9.6, 4.3), css_class="costlab-figure-4-chart")
        column = {"width": "345px", "flex": "0 0 345px"}
        controls = _wrap(
            widgets.VBox([self.dataset, self.classifier], layout=widgets.Layout(**column)),
            widgets.VBox([self.prior, self.condition, self.value], layout=widgets.Layout(**column)),
        )
        self.table.layout.margin = "0 24px 4px 0"
        tables = _wrap(self.table, self.column)
        header = widgets.HTML(
            "<b style='font-size:16px'>Under another class prior</b> "
            "<span style='color:#555'>(Landgrebe et al. 2004: ROC, POSfrac and purity)</span>"
        )
        self.children = [
            header,
            controls,
            self.message,
            self.summary,
            tables,
            self.figure_3.widget,
            self.figure_4.widget,
        ]
        self.layout.padding, self.layout.max_width = "4px 8px", "900px"
        self.add_class("costlab-prior-shift")

    def _observe(self):
        self.dataset.observe(self._on_dataset, names="value")
        for control in (self.classifier, self.prior, self.condition, self.value):
            control.observe(self._on_change, names="value")

    # -- callbacks: small, no maths --------------------------------------------------------------

    def _on_change(self, change):
        """Classifier, prior, condition or value: recompute from the held scores and redraw."""
        self.update()

    def _on_dataset(self, change):
        """Another dataset: offer its classifiers (the chosen one if held), redraw once."""
        offered = self.run_.classifiers(change["new"])
        kept = self.classifier.value if self.classifier.value in offered else offered[0]
        with self._quietly():
            self.classifier.options = [(self._label(c), c) for c in offered]
            self.classifier.value = kept
        self.update()

    # -- the controller -------------------------------------------------------------------------

    def state(self) -> PriorShiftState:
        """The controls' current values as a :class:`PriorShiftState`."""
        return PriorShiftState(
            dataset=self.dataset.value,
            classifier=self.classifier.value,
            prior=snap_prior(self.prior.value),
            condition=self.condition.value,
            value=float(self.value.value),
        )

    def _refresh(self, state):
        """The outputs of ``state``, from the held results only."""
        self.state_ = state
        names = self.run_.classifiers(state.dataset)
        results = {c: self.run_.results[(state.dataset, c)] for c in names}
        try:
            view = compute_prior_view(
                results,
                state,
                reference_priors=self._reference_priors,
                label=self._label(state.classifier),
                title=self._title(state.dataset),
            )
            self._render(state, view)
        except Exception as error:  # the UI boundary: show it, never a traceback
            self._show_error(error)
            return
        self.view_, self.error_ = view, None

    def _render(self, state, view):
        """The figures first, the tables last: a browser showing the new table has already
        been sent the new figures (the messages arrive in order)."""
        self.message.value = ""
        self.figure_3.draw(view.figure_3)
        self.figure_4.draw(view.figure_4)
        label = self._label(state.classifier)
        self.summary.value = operating_summary_html(view.row, state, label=label)
        self.table.value = operating_row_html(
            view.row,
            state,
            label=label,
            title=self._title(state.dataset),
            reference=self._published(state),
        )
        labels = {c: self._label(c) for c in view.points}
        self.column.value = prior_table_html(
            view.points, state.prior, labels, prior_name=self.prior.description
        )

    def _published(self, state):
        """The reference values of the shown result, if the controls are at their condition."""
        cells = self._reference.get((state.dataset, state.classifier))
        if cells is None or list(self._reference_condition) != [state.condition]:
            return None
        if not math.isclose(self._reference_condition[state.condition], state.value):
            return None
        return cells

    def _show_error(self, error):
        self.error_, self.view_ = error, None
        tables, charts = (self.summary, self.table, self.column), (self.figure_3, self.figure_4)
        show_error(self.message, error, tables=tables, charts=charts)


def _wrap(*children):
    """Side by side while the width allows, else one under the other."""
    return widgets.Box(list(children), layout=widgets.Layout(flex_flow="row wrap"))


def prior_shift_widget(
    results: Any, *, charts: str | None = None, **options: Any
) -> PriorShiftWidget:
    """Build a :class:`PriorShiftWidget` on ``results``; ``options`` are its keyword parameters.

    ``charts="browser"`` draws the charts in the browser from their numbers (plotly, the
    default); ``charts="png"`` sends matplotlib PNGs instead; None keeps the choice of an
    enclosing :func:`~costlab.widgets.charts_option` block.

    >>> from costlab.widgets import prior_shift_widget  # doctest: +SKIP
    >>> w = prior_shift_widget({"LR": (y_test, y_score)}, prior=0.01)  # doctest: +SKIP
    >>> w.condition.value, w.value.value = "purity", 0.5  # doctest: +SKIP

    Examples
    --------
    Each classifier's labels and positive-class scores (here of eight instances); in a notebook
    the explorer shows itself (building it draws its charts, a few seconds, so not run here):

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.widgets import prior_shift_widget
    >>> prior_shift_widget({"LR": (y, scores["LR"])})  # doctest: +SKIP
    """
    with charts_option(charts):
        return PriorShiftWidget(results, **options)
