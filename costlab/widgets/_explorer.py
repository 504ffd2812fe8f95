"""The cost explorer: controls, a controller with small callbacks, and its outputs.

It explores any results: an :class:`~costlab.evaluation.ExperimentRun`, a list of
:class:`~costlab.evaluation.CVResult`, or a mapping ``{name: (y_true, p_class1)}`` of
predictions made elsewhere (:func:`costlab.evaluation.experiment.as_run`). Given ``models``
(registered classifier names or scikit-learn estimators) and datasets with features, it also
cross-validates on demand: for another dataset, engine or IBk's k.

Data flow: dataset, engine, classifiers, k -> held results, or cross-validation
(:func:`costlab.evaluation.experiment.run_experiments`, disk-cached) -> CVResults held here ->
:func:`costlab.widgets.compute_curves` (memoised per classifier, grid and search) ->
:func:`costlab.metrics.select_classifier` over [r1, r2] -> table, MTMCS chart and threshold chart.

Only a change of dataset, engine, classifiers or IBk's k can need cross-validation, and only for
results not yet held (a cost-range, grid or search change never refits anything). A range move
only sums the held curves and redraws the MTMCS chart.
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass

import ipywidgets as widgets

from costlab.evaluation import experiment
from costlab.evaluation.experiment import as_run
from costlab.metrics._validation import check_score_of
from costlab.metrics.cost_space import cost_envelope
from costlab.metrics.costs import select_classifier
from costlab.plotting import CostCurveDisplay, MTMCSDisplay, ThresholdDisplay, classifier_styles
from costlab.widgets import _controls as controls
from costlab.widgets._charts import ChartImage
from costlab.widgets._model import (
    DECIMALS,
    classifier_params,
    compute_curves,
    range_label,
    snap_range,
    summary_html,
    weka_status,
)
from costlab.widgets._priors import PriorPanel
from costlab.widgets._stability import StabilityPanel

__all__ = ["CostExplorer", "ExplorerState", "cost_explorer"]

_MAX_MEMO = 512  # memoised curves (a curve is ~20-90 rows)


@dataclass(frozen=True)
class ExplorerState:
    """The values of the explorer's controls: everything its outputs depend on."""

    dataset: str
    engine: str
    classifiers: tuple
    r1: float
    r2: float
    grid_step: float
    search: str
    search_step: float
    k: int


class CostExplorer(widgets.VBox):
    """Interactive MTMCS chart, optimal thresholds and CST table over a cost-ratio range.

    Pick a dataset, classifiers and a range [r1, r2] of cost ratios FPcost/FNcost; the explorer
    shows each classifier's MTMCS chart with the range shaded, the optimal thresholds, and a
    table of MTMCR, cost sensitivity and CST over the range with the robust or optimal
    classifier (Al-Saffar 2018, 4.2.2 and 5.1). Display it in Jupyter or Voila; drive it from
    code by setting the controls' ``.value``.

    Parameters
    ----------
    run : ExperimentRun, list of CVResult, or mapping
        The results to explore (:func:`costlab.evaluation.experiment.as_run`): e.g.
        ``run_experiments(...)``, ``[cross_val_proba(...), ...]`` or
        ``{"LR": (y_test, y_score), ...}`` with ``y_score`` the positive class's score
        (``predict_proba(X_test)[:, 1]``). An ``ExperimentRun`` may hold datasets without
        results when ``models`` says what to cross-validate on them.
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
    n_folds, seed, folds, n_jobs, cache_dir
        Cross-validation protocol and cache (:func:`costlab.evaluation.cross_val_proba`).

    Attributes
    ----------
    dataset, engine, classifiers, cost_range, grid_step, search, search_step, k : Widget
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
    mtmcs_chart, cost_chart, threshold_chart : ChartImage
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
        run,
        *,
        models=None,
        dataset=None,
        classifiers=None,
        labels=None,
        titles=None,
        engine="sklearn",
        cost_range=(0.3, 0.7),
        grid_step=0.05,
        search="optimized",
        search_step=1e-5,
        score_of="positive",
        k=1,
        n_folds=10,
        seed=1,
        folds="weka",
        n_jobs=None,
        cache_dir=None,
    ):
        super().__init__()
        self.run_ = as_run(run)
        self._models = _models(models)
        self._labels, self._titles = dict(labels or {}), dict(titles or {})
        self._cv_options = {"n_folds": n_folds, "seed": seed, "folds": folds, "n_jobs": n_jobs}
        self._cache_dir = cache_dir
        self._score_of = check_score_of(score_of)
        self._cv, self._memo, self._drawn = {}, {}, {}
        for (name, clf), result in self.run_.results.items():
            self._cv[(name, result.engine, clf, tuple(sorted(result.params.items())))] = result
        self._quiet = False
        self.results_, self.curves_, self.selection_, self.error_ = {}, {}, None, None
        self.timings_ = {}
        names = self.run_.dataset_names()
        if not names:
            raise ValueError("run holds no dataset: give results or datasets with models.")
        dataset = names[0] if dataset is None else dataset
        if dataset not in names:
            raise ValueError(f"dataset must be one of {names}, got {dataset!r}.")
        chosen = self._options(dataset) if classifiers is None else list(classifiers)
        unknown = [c for c in chosen if c not in self._options(dataset)]
        if unknown:
            raise ValueError(
                f"classifiers {unknown} are neither held for {dataset!r} nor among models; "
                f"choose from {self._options(dataset)}."
            )
        r1, r2 = snap_range(*cost_range, grid_step)
        initial = ExplorerState(
            dataset, engine, tuple(chosen), r1, r2, grid_step, search, search_step, k
        )
        self._build_controls(initial)
        self._build_outputs()
        self._observe()
        self.update()

    def _refits(self, dataset):
        """True when the explorer can cross-validate on ``dataset`` (features and models)."""
        return bool(self._models) and self.run_.datasets.get(dataset) is not None

    def _options(self, dataset):
        """Classifier names offered for a dataset: held results, then models it can fit."""
        held = self.run_.classifiers(dataset)
        fit = list(self._models) if self._refits(dataset) else []
        return list(dict.fromkeys([*held, *fit]))

    # -- construction ---------------------------------------------------------------------------

    def _build_controls(self, initial):
        weka_ok, weka_reason = weka_status()
        engine, self._note = initial.engine, ""
        if engine == "weka" and not weka_ok:
            engine, self._note = (
                "sklearn",
                f"Weka engine unavailable ({weka_reason}); using sklearn.",
            )
        refit = any(self._refits(d) for d in self.run_.dataset_names())
        if not refit:
            engine = next(iter(self.run_.results.values())).engine
        titles = [(self._title(d), d) for d in self.run_.dataset_names()]
        self.dataset = controls.dataset_dropdown(titles, initial.dataset)
        self.engine = controls.engine_dropdown(
            engine, weka=weka_ok, weka_reason=weka_reason, refit=refit
        )
        options = [(self._label(c), c) for c in self._options(initial.dataset)]
        self.classifiers = controls.classifier_select(options, initial.classifiers)
        self.cost_range = controls.range_slider((initial.r1, initial.r2), initial.grid_step)
        self.range_label = controls.range_readout()
        self.grid_step = controls.grid_step_dropdown(initial.grid_step)
        self.search = controls.search_dropdown(initial.search)
        self.search_step = controls.search_step_dropdown(initial.search_step)
        self.k = controls.k_slider(initial.k)

    def _label(self, classifier):
        return str(self._labels.get(classifier, classifier))

    def _title(self, dataset):
        data = self.run_.datasets.get(dataset)
        return str(self._titles.get(dataset, data.title if data is not None else dataset))

    def _build_outputs(self):
        self.header = widgets.HTML()
        self.progress = controls.fold_progress()
        self.status = widgets.HTML(layout=widgets.Layout(width="330px"))
        self.message = widgets.HTML()
        self.message.add_class("costlab-message-box")
        self.table = widgets.HTML()
        self.table.add_class("costlab-table")
        self.mtmcs_chart = ChartImage(css_class="costlab-mtmcs-chart")
        self.cost_chart = ChartImage(figsize=(8.2, 4.2), css_class="costlab-cost-chart")
        self.threshold_chart = ChartImage(css_class="costlab-threshold-chart")
        self.priors = PriorPanel()
        self.stability = StabilityPanel()
        inputs = (self.dataset, self.engine, self.classifiers, self.cost_range, self.range_label)
        inputs += (self.grid_step, self.search, self.search_step, self.k)
        left = widgets.VBox(
            [*inputs, self.progress, self.status],
            layout=widgets.Layout(width="350px", flex="0 0 350px"),
        )
        right = widgets.VBox(
            [
                self.message,
                self.mtmcs_chart.image,
                self.cost_chart.image,
                self.table,
                self.threshold_chart.image,
                self.stability,
                self.priors,
            ],
            layout=widgets.Layout(flex="1 1 auto", min_width="0", max_width="780px"),
        )
        self.children = [self.header, widgets.HBox([left, right])]
        self.layout.padding = "4px 8px"
        self.add_class("costlab-explorer")

    def _observe(self):
        self.dataset.observe(self._on_dataset, names="value")
        for control in (self.engine, self.classifiers, self.k):
            control.observe(self._on_model_change, names="value")
        for control in (self.cost_range, self.search, self.search_step):
            control.observe(self._on_view_change, names="value")
        self.grid_step.observe(self._on_grid_step, names="value")

    # -- callbacks: small, no maths --------------------------------------------------------------

    def _on_model_change(self, change):
        """Engine, classifiers or k: may cross-validate results not yet held."""
        self.update()

    def _on_dataset(self, change):
        """Another dataset: offer its classifiers, keep those selected that it has."""
        options = self._options(change["new"])
        kept = [c for c in self.classifiers.value if c in options] or options
        self._quiet = True
        try:
            self.classifiers.options = [(self._label(c), c) for c in options]
            self.classifiers.value = tuple(kept)
        finally:
            self._quiet = False
        self.update()

    def _on_view_change(self, change):
        """Range, search or its step: recomputes curves/sums from the held results only."""
        self.update()

    def _on_grid_step(self, change):
        """Grid spacing: the slider steps by it and the range moves onto the new grid."""
        self._quiet = True
        try:
            self.cost_range.step = change["new"]
            self.cost_range.value = snap_range(*self.cost_range.value, change["new"])
        finally:
            self._quiet = False
        self.update()

    # -- the controller ---------------------------------------------------------------------------

    def state(self):
        """The controls' current values as an :class:`ExplorerState`."""
        order = {name: i for i, (_, name) in enumerate(self.classifiers.options)}
        r1, r2 = self.cost_range.value
        return ExplorerState(
            dataset=self.dataset.value,
            engine=self.engine.value,
            classifiers=tuple(sorted(self.classifiers.value, key=order.get)),
            r1=float(r1),
            r2=float(r2),
            grid_step=float(self.grid_step.value),
            search=self.search.value,
            search_step=float(self.search_step.value),
            k=int(self.k.value),
        )

    def update(self):
        """Bring every output up to date with the controls (cheap when nothing slow changed)."""
        if self._quiet:
            return
        state = self.state()
        self._sync_controls(state)
        clock = _Clock()
        try:
            if not state.classifiers:
                raise ValueError("Select at least one classifier (Ctrl/Shift-click for several).")
            results = self._cross_validate(state)
            clock.lap("cv")
            curves = self._curves(state, results)
            clock.lap("curves")
            selection = select_classifier(curves, state.r1, state.r2, decimals=DECIMALS)
            clock.lap("summary")
        except Exception as error:  # the UI boundary: show it, never a traceback
            self._show_error(error)
            return
        self.results_, self.curves_, self.selection_, self.error_ = results, curves, selection, None
        self._render(state, curves, selection)
        clock.lap("render")
        self.timings_ = clock.laps

    def _sync_controls(self, state):
        self.range_label.value = range_label(state.r1, state.r2, state.grid_step)
        self.search_step.disabled = state.search == "exact"
        self.k.disabled = not (self._refits(state.dataset) and "IBk" in self._models)
        self.k.disabled |= "IBk" not in state.classifiers

    def _cv_key(self, state, classifier):
        params = classifier_params(classifier, state.k)
        return (state.dataset, state.engine, classifier, tuple(sorted(params.items())))

    def _cross_validate(self, state):
        """The CVResults of the state's classifiers; cross-validates only those not held."""
        missing = [c for c in state.classifiers if self._held(state, c) is None]
        fit = [c for c in missing if c in self._models and self._refits(state.dataset)]
        if set(missing) - set(fit):
            raise ValueError(
                f"no results for {sorted(set(missing) - set(fit))} on {state.dataset}, and "
                "nothing to cross-validate them with (pass models=)."
            )
        if fit:
            run = self._run_cv(state, fit)
            for classifier in fit:
                self._cv[self._cv_key(state, classifier)] = run.results[(state.dataset, classifier)]
        return {c: self._held(state, c) for c in state.classifiers}

    def _held(self, state, classifier):
        """The held result for the state: this engine and k, or, for results the explorer
        cannot refit, the one it was given."""
        result = self._cv.get(self._cv_key(state, classifier))
        if result is None and not (classifier in self._models and self._refits(state.dataset)):
            result = self.run_.results.get((state.dataset, classifier))
        return result

    def _run_cv(self, state, classifiers):
        n_folds = self._cv_options["n_folds"]
        bar = _FoldProgress(self.progress, len(classifiers) * n_folds)
        self.status.value = html.escape(
            f"Cross-validating {len(classifiers)} classifier(s) on {state.dataset}…"
        )
        try:
            return experiment.run_experiments(
                {state.dataset: self.run_.datasets[state.dataset]},
                {c: self._models[c] for c in classifiers},
                engine=state.engine,
                classifier_params={c: classifier_params(c, state.k) for c in classifiers},
                progress=bar,
                cache_dir=self._cache_dir,
                **self._cv_options,
            )
        finally:
            bar.close()

    def _curves(self, state, results):
        """Curves of the held results, memoised per (result, grid, search, step)."""
        curves = {}
        for classifier, result in results.items():
            key = (self._cv_key(state, classifier), *_curve_options(state))
            if key not in self._memo:
                if len(self._memo) >= _MAX_MEMO:
                    self._memo.clear()
                single = {classifier: result}
                grid_step, search, step = state.grid_step, state.search, state.search_step
                self._memo[key] = compute_curves(
                    single, grid_step, search, step, score_of=self._score_of
                )[classifier]
            curves[classifier] = self._memo[key]
        return curves

    # -- outputs ----------------------------------------------------------------------------------

    def _render(self, state, curves, selection):
        self.message.value = _note_html(self._note) if self._note else ""
        first = next(iter(self.results_.values()))
        self.header.value = _header_html(self._title(state.dataset), first)
        self.table.value = summary_html(
            selection, state.r1, state.r2, state.grid_step, labels=self._labels
        )
        self.status.value = _status_html(state, self.results_)
        self._draw_charts(state, curves)
        self.stability.show(self.results_, state.r1, state.r2, self._labels)
        held = tuple(self._cv_key(state, c) for c in self.results_)
        if self._drawn.get("priors") != held:  # only new results change the prior view
            self.priors.show(self.results_, self._labels)
            self._drawn["priors"] = held

    def _draw_charts(self, state, curves):
        """Redraw a chart only when what it shows changed (a range move: the MTMCS chart)."""
        curves_key = (tuple(self._cv_key(state, c) for c in curves), *_curve_options(state))
        subtitle = _search_text(state)
        style = {"markersize": 3.5, "linewidth": 1.4} if state.grid_step < 0.05 else {}
        if self._drawn.get("mtmcs") != (curves_key, state.r1, state.r2):
            title = f"MTMCS chart, range of interest shaded ({subtitle})"
            display = MTMCSDisplay(
                curves, highlight=(state.r1, state.r2), title=title, labels=self._labels
            )
            self.mtmcs_chart.draw(display, **style)
            self._drawn["mtmcs"] = (curves_key, state.r1, state.r2)
        if self._drawn.get("cost") != (curves_key, state.r1, state.r2):
            envelopes = {c: self._envelope(state, c) for c in curves}
            view = _CostSpaceView(envelopes, curves, (state.r1, state.r2), self._labels)
            self.cost_chart.draw(view)
            self._drawn["cost"] = (curves_key, state.r1, state.r2)
        if self._drawn.get("threshold") != curves_key:
            title = f"Optimal thresholds ({subtitle})"
            thresholds = ThresholdDisplay(curves, title=title, labels=self._labels)
            self.threshold_chart.draw(thresholds, **style)
            self._drawn["threshold"] = curves_key

    def _show_error(self, error):
        self.error_ = error
        self.results_, self.curves_, self.selection_ = {}, {}, None
        self.message.value = _error_html(error)
        self.table.value = ""
        self.status.value = ""
        self.mtmcs_chart.clear()
        self.cost_chart.clear()
        self.threshold_chart.clear()
        self.priors.show({})
        self.stability.show({}, 0.3, 0.7)
        self._drawn.clear()

    # -- export -----------------------------------------------------------------------------

    def export(self):
        """The current choice as plain data: dataset, range, selection and, per classifier,
        MTMCR, cost sensitivity, CST and the ROC-hull operating points of its out-of-fold
        probabilities (each threshold on P(class 2) and the FPcost range where it is optimal).
        With the uncertainty panel's resamples, the selection frequencies too."""
        if self.selection_ is None:
            raise ValueError("nothing to export: the explorer shows an error or no results.")
        state = self.state()
        summary = self.selection_.summary.set_index("classifier")
        classifiers = {}
        for name in self.results_:
            envelope = self._envelope(state, name)
            hull = envelope.hull
            edges = envelope.breakpoints  # PCF(+) = FNcost with equal priors
            classifiers[name] = {
                "mtmcr": float(summary.loc[name, "mtmcr"]),
                "cost_sensitivity": float(summary.loc[name, "cost_sensitivity"]),
                "cst": float(summary.loc[name, "cst"]),
                "operating_points": [
                    {
                        # the envelope is over the positive class's score
                        "positive_from_score": float(t),
                        "fpr": float(f),
                        "tpr": float(tp),
                        "fp_cost_from": float(1.0 - hi),
                        "fp_cost_to": float(1.0 - lo),
                    }
                    for t, f, tp, lo, hi in zip(
                        hull.thresholds, hull.fpr, hull.tpr, edges[:-1], edges[1:], strict=True
                    )
                ],
            }
        out = {
            "dataset": state.dataset,
            "engine": state.engine,
            "cost_range": [state.r1, state.r2],
            "search": state.search,
            "selection": {"kind": self.selection_.kind, "classifier": self.selection_.classifier},
            "classifiers": classifiers,
        }
        if self.stability.boot_ is not None:
            freq = self.stability.boot_.selection_frequency(state.r1, state.r2)
            chosen = freq["chosen"].astype(float)
            out["selection_frequency"] = dict(zip(freq["classifier"], chosen, strict=True))
        return out

    def export_json(self, path=None):
        """:meth:`export` as JSON text; written atomically to ``path`` if given."""
        import json

        text = json.dumps(self.export(), indent=2)
        if path is not None:
            from costlab._io import write_text_atomic

            write_text_atomic(path, text)
        return text

    def export_estimator(self, classifier=None, *, cv=10):
        """The chosen (or named) classifier as a fitted
        :class:`costlab.classifiers.CostRangeThresholdClassifier` for the current range, fitted
        on the dataset (needs ``models=`` and the dataset's features)."""
        from costlab.classifiers import CostRangeThresholdClassifier
        from costlab.evaluation._models import build_model

        state = self.state()
        name = classifier or (self.selection_.classifier if self.selection_ else None)
        data = self.run_.datasets.get(state.dataset)
        if name not in self._models or data is None:
            raise ValueError(
                f"cannot refit {name!r} on {state.dataset}: pass models= with it and a dataset "
                "with features."
            )
        seed = self._cv_options["seed"]
        model = build_model(self._models[name], seed, classifier_params(name, state.k))
        criterion = "cst" if self.selection_.kind == "optimal" else "mtmcr"
        return CostRangeThresholdClassifier(
            model, cost_range=(state.r1, state.r2), criterion=criterion, cv=cv, random_state=seed
        ).fit(data.X, data.y_binary)

    def _envelope(self, state, classifier):
        """The cost-curve envelope of a held result (memoised with the curves)."""
        key = ("envelope", self._cv_key(state, classifier))
        if key not in self._memo:
            result = self.results_[classifier]
            self._memo[key] = cost_envelope(result.y_true, result.scores(), pos_label=1)
        return self._memo[key]


class _CostSpaceView:
    """The explorer's cost-space chart: a :class:`CostCurveDisplay` with the MTMCS points."""

    def __init__(self, envelopes, curves, fp_range, labels):
        self.envelopes, self.curves, self.fp_range, self.labels = (
            envelopes,
            curves,
            fp_range,
            labels,
        )

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


def cost_explorer(run, **options):
    """Build a :class:`CostExplorer` on ``run``; ``options`` are its keyword parameters.

    >>> from costlab.widgets import cost_explorer  # doctest: +SKIP
    >>> cost_explorer({"LR": (y_test, y_score)}, cost_range=(0.4, 0.6))  # doctest: +SKIP
    """
    return CostExplorer(run, **options)


def _models(models):
    """Name -> registered name or estimator, from a sequence or a mapping (None: none)."""
    if models is None:
        return {}
    return experiment.named_classifiers(models)


# -- helpers ---------------------------------------------------------------------------------


class _Clock:
    """Seconds per stage of one update."""

    def __init__(self):
        self.start = self.last = time.perf_counter()
        self.laps = {}

    def lap(self, name):
        now = time.perf_counter()
        self.laps[name] = now - self.last
        self.laps["total"] = now - self.start
        self.last = now


class _FoldProgress:
    """A tqdm-like bar for :func:`.cross_val_proba`: advances an ``IntProgress``."""

    def __init__(self, widget, total):
        self.widget = widget
        widget.max, widget.value, widget.bar_style = max(total, 1), 0, "info"

    def update(self, n=1):
        self.widget.value = min(self.widget.value + n, self.widget.max)

    def close(self):
        self.widget.bar_style = "success" if self.widget.value >= self.widget.max else "warning"


def _curve_options(state):
    """What a curve depends on besides its result: grid, search and (grid searches) step."""
    step = None if state.search == "exact" else state.search_step
    return state.grid_step, state.search, step


def _search_text(state):
    if state.search == "exact":
        return "exact search"
    return f"{state.search} search, step {state.search_step:g}"


def _header_html(title, result):
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


def _status_html(state, results):
    computed = sum(r.seconds for r in results.values())
    return (
        f'<span style="color:#555;font-size:12px">{len(results)} classifier(s) held in memory '
        f"(cross-validation: {computed:.1f} s)</span>"
    )


def _error_html(error):
    text = html.escape(str(error) or type(error).__name__)
    kind = "" if isinstance(error, ValueError) else f"{html.escape(type(error).__name__)}: "
    return (
        '<div class="costlab-message costlab-error" style="color:#a40000;background:#fdecea;'
        f'border-left:4px solid #c00;padding:6px 10px;margin:4px 0">{kind}{text}</div>'
    )


def _note_html(text):
    return (
        '<div class="costlab-message costlab-note" style="color:#5a4400;background:#fff6d8;'
        f'border-left:4px solid #e0a800;padding:6px 10px;margin:4px 0">{html.escape(text)}</div>'
    )
