"""The cost explorer's controller: builds the controls, wires them, and runs one update.

It explores any results: an :class:`~costlab.evaluation.ExperimentRun`, a list of
:class:`~costlab.evaluation.CVResult`, or a mapping ``{name: (y_true, p_class1)}`` of
predictions made elsewhere (:func:`costlab.evaluation.experiment.as_run`). Given ``models``
(registered classifier names or scikit-learn estimators) and datasets with features, it also
cross-validates on demand: for another dataset, engine or IBk's k.

Data flow: controls -> :class:`ExplorerState` -> the session's results (held, or
cross-validated by :func:`costlab.evaluation.experiment.run_experiments`, disk-cached) and
memoised curves (:mod:`costlab.widgets._cost.session`) -> :func:`costlab.metrics.select_classifier`
over [r1, r2] -> the outputs (:mod:`costlab.widgets._cost.view`). The callbacks are small and do
no maths; a cost-range, grid or search change never refits anything, and a range move only
sums the held curves and redraws the MTMCS chart. The widget factories are in
:mod:`costlab.widgets._cost.controls`, the export in :mod:`costlab.widgets._cost.export`.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as widgets

from costlab.metrics import select_classifier
from costlab.validation import Options, check_param
from costlab.widgets._cost import controls
from costlab.widgets._cost.export import choice_data, choice_estimator, choice_json
from costlab.widgets._cost.model import weka_status
from costlab.widgets._cost.session import (
    COSTS_BY_CLASS,
    COSTS_OWN,
    Clock,
    ExplorerSession,
    ExplorerState,
    curve_options,
)
from costlab.widgets._cost.view import ExplorerOutputs, ExplorerView
from costlab.widgets._kit import controls as kit
from costlab.widgets._kit.charts import charts_option
from costlab.widgets._kit.controller import Explorer
from costlab.widgets._kit.mtmcs import DECIMALS, explorer_grid, range_label, snap_to_grid

if TYPE_CHECKING:
    import os
    from collections.abc import Mapping
    from typing import Any

__all__ = ["CostExplorer", "ExplorerState", "cost_explorer"]


class CostExplorer(Explorer):
    """Interactive MTMCS chart, optimal thresholds and CST table over a cost-ratio range.

    Pick a dataset, classifiers and a range [r1, r2] of cost ratios FPcost/FNcost; the explorer
    shows each classifier's MTMCS chart with the range shaded, the optimal thresholds, and a
    table of MTMCR, cost sensitivity and CST over the range with the robust or optimal
    classifier (Al-Saffar 2018, sec. 4.2.2 and 5.1). Display it in Jupyter or Voila; drive it from
    code by setting the controls' ``.value``.

    Parameters
    ----------
    run : ExperimentRun, list of CVResult, or mapping
        The results to explore (:func:`costlab.evaluation.experiment.as_run`): e.g.
        ``run_experiments(...)``, ``[cross_val_proba(...), ...]`` or
        ``{"LR": (y_test, y_score), ...}`` with ``y_score`` the positive class's score
        (``predict_proba(X_test)[:, 1]``). An ``ExperimentRun`` may hold datasets without
        results when ``models`` says what to cross-validate on them.
    pos_label : scalar, optional
        The positive class of ``{"LR": (y_test, y_score)}`` pairs whose labels are not
        {0, 1}, {-1, 1} or {1, 2} (e.g. ``"ill"`` for healthy/ill), as the other explorers
        and scikit-learn take it.
    models : sequence or mapping, optional
        Classifiers the explorer may cross-validate on the run's datasets (registered names
        or estimators; a mapping names them). Without it, only the held results are shown,
        and the engine and k controls are disabled.
    dataset : str, optional
        The dataset shown first (default: the run's first).
    classifiers : sequence of str, optional
        Initially selected classifiers (default: all of the dataset's).
    labels : mapping, optional
        Classifier name -> name shown in the table and the legends.
    titles : mapping, optional
        Dataset name -> title (default: the Dataset's ``title``, else its name).
    engine : {"sklearn", "weka"}
        Engine of the cross-validations the explorer runs; "weka" is offered only when it can
        run (:func:`weka_status`) and only registered names run on it.
    cost_range : tuple of float
        ``(r1, r2)``: the range as normalised FPcost in [0.05, 0.95].
    grid_step : float
        Spacing of the cost-ratio grid: 0.05 (the thesis's), 0.025 or 0.01.
    search : {"optimized", "thorough", "exact"}
        Threshold search (:func:`costlab.metrics.mtmcs_curve`).
    search_step : float
        Threshold step of the grid searches: 1e-5 (the thesis's), 1e-4, 1e-3 or 1e-2.
    score_of : {"positive", "negative"}
        Which class's probability the threshold searches threshold (see
        :func:`costlab.metrics.mtmcs_curve`): the positive class's (default), or the negative
        class's with the rules of Al-Saffar (2018, sec. 4.5), as the thesis did.
    k : int
        IBk's number of neighbours, 1 to 15 (when IBk is among ``models``).
    costs : str, optional
        How instances are priced: ``"own"``, the results' own per-instance cost model (their
        dataset's, :meth:`costlab.datasets.Dataset.with_costs`; the default when there is
        one), ``"class"``, the thesis's class-level costs (the default otherwise), or
        ``"column:<name>"``, a numeric column of the data as each instance's error cost (a
        false positive and a false negative on it cost the column's value, scaled by the cost
        ratio). Every curve, the envelope, the table and the bands read it
        (:attr:`costlab.evaluation.CVResult.costs`); nothing is refitted.
    n_folds, seed, folds, n_jobs, cache_dir
        Cross-validation protocol and cache (:func:`costlab.evaluation.cross_val_proba`).

    Attributes
    ----------
    dataset, engine, classifiers, costs, cost_range, grid_step, search, search_step, k : Widget
        The controls.
    range_label : ipywidgets.Label
        The range written as cost ratios, e.g. "0.30/0.70 – 0.70/0.30".
    table, message : ipywidgets.HTML
        The CST table with the recommendation, and error messages.
    progress : ipywidgets.IntProgress
        Advanced once per cross-validation fold.
    stability : StabilityPanel
        Bootstrap bands of the selected classifiers' MTMCS curves and how often the thesis's
        selection rule picks each over the range (a button resamples; a range move re-reads).
    priors : PriorPanel
        The same classifiers under another class prior (Landgrebe et al. 2004): POSfrac and
        purity at a fixed TPr, POSfrac or purity as P(target) moves on a logarithmic slider
        from 1e-4 to 0.99 (``priors.prior``, ``priors.condition``, ``priors.value``), as a
        table and a sweep chart; recomputed from the held scores only.
    mtmcs_chart, cost_chart, threshold_chart : BrowserChart or ChartImage
        The charts; ``.display_`` is the Display last drawn. ``cost_chart`` is the same
        classifiers in cost space (Drummond & Holte's lower envelopes over PCF(+), with the
        thesis's FPcost/FNcost on the top axis): with equal priors PCF(+) = FNcost, and the
        MTMCS points (divided by 100) are drawn on it, so a reader sees they are one curve.
    results_ : dict of str -> CVResult
        The results shown.
    curves_ : dict of str -> DataFrame
        Their MTMCS curves.
    selection_ : costlab.metrics.Selection or None
        The recommendation; ``selection_.summary`` is the table's frame.
    error_ : Exception or None
        The error shown in ``message``, if any.
    timings_ : dict of str -> float
        Seconds spent by the last update in ``cv``, ``curves``, ``summary``, ``render`` and
        ``total``.
    """

    def __init__(
        self,
        run: Any,
        *,
        pos_label: Any = None,
        models: Any = None,
        dataset: Any = None,
        classifiers: Any = None,
        labels: Mapping[Any, str] | None = None,
        titles: Mapping[str, str] | None = None,
        engine: Any = "sklearn",
        cost_range: tuple[float, float] = (0.3, 0.7),
        grid_step: float = 0.05,
        search: str = "optimized",
        search_step: float = 1e-5,
        score_of: str = "positive",
        k: int = 1,
        costs: str | None = None,
        n_folds: int = 10,
        seed: int = 1,
        folds: Any = "weka",
        n_jobs: int | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        super().__init__()
        self._session = ExplorerSession(
            run,
            models,
            cv_options={"n_folds": n_folds, "seed": seed, "folds": folds, "n_jobs": n_jobs},
            cache_dir=cache_dir,
            score_of=score_of,
            pos_label=pos_label,
        )
        self.run_ = self._session.run_
        self._labels, self._titles = dict(labels or {}), dict(titles or {})
        self.results_: dict[str, Any] = {}
        self.curves_: dict[str, Any] = {}
        self.selection_, self.error_ = None, None
        self.timings_: dict[str, float] = {}
        names = self.run_.dataset_names()
        if not names:
            raise ValueError("run holds no dataset: give results or datasets with models.")
        dataset = names[0] if dataset is None else dataset
        check_param("dataset", dataset, Options(names))
        offered = self._session.options(dataset)
        chosen = offered if classifiers is None else list(classifiers)
        unknown = [c for c in chosen if c not in offered]
        if unknown:
            raise ValueError(
                f"classifiers {unknown} are neither held for {dataset!r} nor among models; "
                f"choose from {offered}."
            )
        r1, r2 = snap_to_grid(explorer_grid(grid_step), *cost_range)
        choices = [value for _, value in self._session.cost_choices(dataset)]
        if costs is None:
            costs = COSTS_OWN if COSTS_OWN in choices else COSTS_BY_CLASS
        check_param("costs", costs, Options(choices))
        initial = ExplorerState(
            dataset, engine, tuple(chosen), r1, r2, grid_step, search, search_step, k, costs
        )
        self._build_controls(initial)
        self._build_outputs()
        self._observe()
        self.update()

    # -- construction ---------------------------------------------------------------------------

    def _build_controls(self, initial):
        weka_ok, weka_reason = weka_status()
        engine, self._note = initial.engine, ""
        if engine == "weka" and not weka_ok:
            engine, self._note = (
                "sklearn",
                f"Weka engine unavailable ({weka_reason}); using sklearn.",
            )
        refit = any(self._session.refits(d) for d in self.run_.dataset_names())
        if not refit:
            engine = next(iter(self.run_.results.values())).engine
        titles = [(self._title(d), d) for d in self.run_.dataset_names()]
        self.dataset = kit.dataset_dropdown(titles, initial.dataset)
        self.engine = controls.engine_dropdown(
            engine, weka=weka_ok, weka_reason=weka_reason, refit=refit
        )
        options = [(self._label(c), c) for c in self._session.options(initial.dataset)]
        self.classifiers = kit.classifier_select(options, initial.classifiers)
        choices = self._session.cost_choices(initial.dataset)
        self.costs = kit.dropdown("costlab-costs", "Costs", choices, initial.costs)
        self.cost_range = controls.range_slider((initial.r1, initial.r2), initial.grid_step)
        self.range_label = kit.range_readout()
        self.grid_step = controls.grid_step_dropdown(initial.grid_step)
        self.search = controls.search_dropdown(initial.search)
        self.search_step = controls.search_step_dropdown(initial.search_step)
        self.k = controls.k_slider(initial.k)
        self.progress = controls.fold_progress()

    def _label(self, classifier):
        return str(self._labels.get(classifier, classifier))

    def _title(self, dataset):
        data = self.run_.datasets.get(dataset)
        return str(self._titles.get(dataset, data.title if data is not None else dataset))

    def _build_outputs(self):
        self._outputs = out = ExplorerOutputs()
        shown = ("header", "status", "message", "table", "priors", "stability")
        for name in (*shown, "mtmcs_chart", "cost_chart", "threshold_chart"):
            setattr(self, name, getattr(out, name))
        inputs = (self.dataset, self.engine, self.classifiers, self.costs, self.cost_range)
        inputs += (self.range_label,)
        inputs += (self.grid_step, self.search, self.search_step, self.k)
        left = widgets.VBox(
            [*inputs, self.progress, self.status],
            layout=widgets.Layout(width="350px", flex="0 0 350px"),
        )
        self.children = [self.header, widgets.HBox([left, out.column()])]
        self.layout.padding = "4px 8px"
        self.add_class("costlab-explorer")

    def _observe(self):
        self.dataset.observe(self._on_dataset, names="value")
        for control in (self.engine, self.classifiers, self.k):
            control.observe(self._on_model_change, names="value")
        for control in (self.cost_range, self.search, self.search_step, self.costs):
            control.observe(self._on_view_change, names="value")
        self.grid_step.observe(self._on_grid_step, names="value")

    # -- callbacks: small, no maths --------------------------------------------------------------

    def _on_model_change(self, change):
        """Engine, classifiers or k: may cross-validate results not yet held."""
        self.update()

    def _on_dataset(self, change):
        """Another dataset: offer its classifiers, keep those selected that it has."""
        options = self._session.options(change["new"])
        kept = [c for c in self.classifiers.value if c in options] or options
        choices = self._session.cost_choices(change["new"])
        values = [value for _, value in choices]
        costs = self.costs.value if self.costs.value in values else values[0]
        with self._quietly():
            self.classifiers.options = [(self._label(c), c) for c in options]
            self.classifiers.value = tuple(kept)
            self.costs.options = choices
            self.costs.value = costs
        self.update()

    def _on_view_change(self, change):
        """Range, search, its step or the costs: recomputes curves/sums from the held results
        only."""
        self.update()

    def _on_grid_step(self, change):
        """Grid spacing: the slider steps by it and the range moves onto the new grid."""
        with self._quietly():
            self.cost_range.step = change["new"]
            grid = explorer_grid(change["new"])
            self.cost_range.value = snap_to_grid(grid, *self.cost_range.value)
        self.update()

    # -- the controller ---------------------------------------------------------------------------

    def state(self) -> ExplorerState:
        """The controls' current values as an :class:`ExplorerState`."""
        r1, r2 = self.cost_range.value
        return ExplorerState(
            dataset=self.dataset.value,
            engine=self.engine.value,
            classifiers=kit.selected(self.classifiers),
            r1=float(r1),
            r2=float(r2),
            grid_step=float(self.grid_step.value),
            search=self.search.value,
            search_step=float(self.search_step.value),
            k=int(self.k.value),
            costs=str(self.costs.value),
        )

    def _refresh(self, state):
        """The outputs of ``state`` (cheap when nothing slow changed)."""
        clock = Clock()
        try:
            if not state.classifiers:
                raise ValueError("Select at least one classifier (Ctrl/Shift-click for several).")
            results = self._session.priced(state, self._results(state))
            clock.lap("cv")
            curves = self._session.curves(state, results)
            clock.lap("curves")
            selection = select_classifier(curves, state.r1, state.r2, decimals=DECIMALS)
            clock.lap("summary")
        except Exception as error:  # the UI boundary: show it, never a traceback
            self._show_error(error)
            return
        self.results_, self.curves_, self.selection_, self.error_ = results, curves, selection, None
        self._outputs.render(state, self._view(state, results, curves, selection))
        clock.lap("render")
        self.timings_ = clock.laps

    def _sync_controls(self, state):
        self.range_label.value = range_label(state.r1, state.r2, state.grid_step)
        self.search_step.disabled = state.search == "exact"
        models = self._session.models
        self.k.disabled = not (self._session.refits(state.dataset) and "IBk" in models)
        self.k.disabled |= "IBk" not in state.classifiers

    def _results(self, state):
        """The session's results for the state, with a progress bar when it cross-validates."""
        fit = self._session.to_fit(state)
        if not fit:
            return self._session.results(state)
        n_folds = self._session.cv_options["n_folds"]
        bar = controls.FoldProgress(self.progress, len(fit) * n_folds)
        self.status.value = html.escape(
            f"Cross-validating {len(fit)} classifier(s) on {state.dataset}…"
        )
        try:
            return self._session.results(state, progress=bar)
        finally:
            bar.close()

    def _view(self, state, results, curves, selection):
        keys = tuple(self._session.cv_key(state, c) for c in results)
        return ExplorerView(
            title=self._title(state.dataset),
            results=results,
            curves=curves,
            selection=selection,
            labels=self._labels,
            keys=keys,
            curve_options=curve_options(state),
            envelope=lambda c: self._envelope(state, c),
            note=self._note,
        )

    def _show_error(self, error):
        self.error_ = error
        self.results_, self.curves_, self.selection_ = {}, {}, None
        self._outputs.show_error(error)

    def _envelope(self, state, classifier):
        return self._session.envelope(state, classifier, self.results_[classifier])

    # -- export -----------------------------------------------------------------------------

    def export(self) -> dict[str, Any]:
        """The current choice as plain data: dataset, range, selection and, per classifier,
        MTMCR, cost sensitivity, CST and the ROC-hull operating points of its out-of-fold
        probabilities (each threshold on P(class 2) and the FPcost range where it is optimal).
        With the uncertainty panel's resamples, the selection frequencies too."""
        state = self.state()
        return choice_data(
            state,
            self.selection_,
            self.results_,
            lambda c: self._envelope(state, c),
            self.stability.boot_,
        )

    def export_json(self, path: str | os.PathLike[str] | None = None) -> str:
        """:meth:`export` as JSON text; written atomically to ``path`` if given."""
        return choice_json(self.export(), path)

    def export_estimator(self, classifier: Any = None, *, cv: Any = 10) -> Any:
        """The chosen (or named) classifier as a fitted
        :class:`costlab.classifiers.CostRangeThresholdClassifier` for the current range, fitted
        on the dataset (needs ``models=`` and the dataset's features)."""
        state = self.state()
        name = classifier or (self.selection_.classifier if self.selection_ else None)
        return choice_estimator(
            state,
            name,
            self.selection_,
            self._session.models,
            self.run_.datasets.get(state.dataset),
            self._session.cv_options["seed"],
            cv=cv,
        )


def cost_explorer(run: Any, *, charts: str | None = None, **options: Any) -> CostExplorer:
    """Build a :class:`CostExplorer` on ``run``; ``options`` are its keyword parameters.

    ``charts="browser"`` draws the charts in the browser from their numbers (plotly, the
    default); ``charts="png"`` sends matplotlib PNGs instead; None keeps the choice of an
    enclosing :func:`~costlab.widgets.charts_option` block.

    >>> from costlab.widgets import cost_explorer  # doctest: +SKIP
    >>> cost_explorer({"LR": (y_test, y_score)}, cost_range=(0.4, 0.6))  # doctest: +SKIP

    Examples
    --------
    Each classifier's labels and positive-class scores (here of eight instances); in a notebook
    the explorer shows itself (building it draws its charts, a few seconds, so not run here):

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.widgets import cost_explorer
    >>> cost_explorer({"LR": (y, scores["LR"]), "NB": (y, scores["NB"])})  # doctest: +SKIP
    """
    with charts_option(charts):
        return CostExplorer(run, **options)
