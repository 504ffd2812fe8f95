"""The scenario explorer: pick a belief u(c) about the cost ratio and watch H, the scenario
curves, the risks and the boosting rounds follow (Johnson, Raeder & Chawla 2015).

Data flow: the scores given are sorted once, when the explorer is built
(:func:`~costlab.widgets._scenario.model.prepare_scenarios`: every classifier's and every
boosting round's); controls -> :class:`ScenarioState` -> u(c)
(:func:`~costlab.widgets._scenario.model.density_of`) -> the pure readings of
:mod:`costlab.widgets._scenario.model`, memoised per density -> tables and
charts (:mod:`~costlab.widgets._scenario.view`).
A callback never fits, cross-validates or sorts scores: it reads the sorted scores under the
new u(c) and redraws only the outputs whose inputs changed (the round slider redraws the
iteration chart only, the top-k slider the instance table only).
"""

from __future__ import annotations

import html
import numbers
from typing import TYPE_CHECKING

import ipywidgets as widgets

from costlab.validation import Interval, Options, check_param
from costlab.widgets._kit.charts import charts_option, draw_figure, make_chart
from costlab.widgets._kit.controller import Explorer
from costlab.widgets._kit.messages import show_error
from costlab.widgets._scenario import controls
from costlab.widgets._scenario.model import (
    CUSTOM,
    ScenarioState,
    density_of,
    iteration_view,
    matching_preset,
    mean_bounds,
    prepare_scenarios,
    presets,
    risk_view,
    round_losses,
    scenario_curves_under,
    state_for_density,
)
from costlab.widgets._scenario.view import (
    CurvesView,
    DensityView,
    IterationView,
    RiskView,
    h_table_html,
    instances_html,
    riskiest_html,
    rounds_html,
)

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["ScenarioExplorer", "scenario_explorer"]

_MAX_MEMO = 256
_DENSITY_CONTROLS = ("a", "b", "window", "mean", "point")


class ScenarioExplorer(Explorer):
    """Interactive scenario curves, H, classifier and instance risk under a chosen u(c).

    Johnson, Raeder & Chawla (2015) weight a classifier's loss over the cost ratio
    c = c0 / (c0 + c1) by a belief u(c): its area is 1 - H under u (eq. 6; Hand 2009), drawn
    over the scenarios it is a scenario curve (Fig. 1), the part each ROC-hull classifier is
    charged is its risk (eq. 10) and an instance's risk sums those of the hull classifiers that
    misclassify it (Definition 2). Pick u(c) (a Beta(a, b), optionally truncated, a truncated
    exponential by its mean, a point mass, or one of the paper's Fig. 1 presets) and everything
    is redrawn; with boosting rounds' scores, a slider steps through Fig. 2.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,) or Mapping[str, array-like]
        The positive class's scores (higher = more positive): one classifier or ``{name:
        scores}``, e.g. out-of-fold ``predict_proba(X)[:, 1]``.
    staged_scores : Mapping[str, sequence of array-like], optional
        Boosted ensembles' scores after rounds 1, 2, ...
        (``[p[:, 1] for p in model.staged_predict_proba(X_test)]``), for Fig. 2.
    staged_y_true : array-like, optional
        The labels of the staged scores' rows (default ``y_true``).
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional
    density : CostDensity, ("beta", a, b) or float, optional
        The first u(c): a Beta (truncated or not), a truncated exponential or a point mass;
        default Hand's Beta(2, 2).
    classifier : str, optional
        The classifier whose risks are shown first (default: the first).
    top : int
        Riskiest instances listed (1 to 50).
    iteration : int, optional
        The boosting round shown first (default: the last).
    labels : mapping, optional
        Classifier or ensemble name -> name shown.
    title : str, optional
        What the data is, for the header.

    Attributes
    ----------
    classifier, preset, family, a, b, window, mean, point, axis, top, round : Widget
        The controls (``round`` and ``play`` exist only with ``staged_scores``).
    density_chart, curves_chart, risk_chart, iteration_chart : BrowserChart or ChartImage
    h_table, riskiest, instances, rounds_table, message : ipywidgets.HTML
    data_ : ScenarioData
        The sorted scores.
    state_ : ScenarioState
    density_ : CostDensity
    curves_, h_ : dict
        Each classifier's scenario curve and H under ``density_``.
    risks_ : DataFrame
        The selected classifier's hull risks; ``riskiest_`` the row of the greatest.
    instances_ : DataFrame
        Its ``top`` riskiest instances, indexed by row.
    iterations_, losses_ : dict
        Fig. 2: the rounds drawn and their curves, and 1 - H after every round, per ensemble.
    error_ : Exception or None
    """

    def __init__(
        self,
        y_true: ArrayLike,
        y_score: Any,
        *,
        staged_scores: Any = None,
        staged_y_true: ArrayLike | None = None,
        pos_label: Any = None,
        sample_weight: ArrayLike | None = None,
        density: Any = None,
        classifier: Any = None,
        top: int = 10,
        iteration: int | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__()
        self.data_ = prepare_scenarios(
            y_true,
            y_score,
            staged_scores=staged_scores,
            staged_y_true=staged_y_true,
            pos_label=pos_label,
            sample_weight=sample_weight,
        )
        names = list(self.data_.hulls)
        classifier = names[0] if classifier is None else classifier
        check_param("classifier", classifier, Options(names))
        n_rounds = self.data_.n_rounds
        iteration = max(n_rounds, 1) if iteration is None else iteration
        last = n_rounds if n_rounds else None  # a model without rounds: any round number
        check_param("iteration", iteration, Interval(numbers.Integral, 1, last, closed="both"))
        check_param("top", top, Interval(numbers.Integral, 1, 50, closed="both"))
        initial = ScenarioState(classifier=classifier, top=int(top), round=int(iteration))
        initial = state_for_density(initial, density)
        self._labels, self._title = dict(labels or {}), title
        self._memo: dict[Any, Any] = {}
        self._drawn: dict[Any, Any] = {}
        self.error_ = None
        self._build_controls(initial)
        self._build_outputs()
        self._observe()
        self.update()

    # -- construction ---------------------------------------------------------------------------

    def _build_controls(self, s):
        names = list(self.data_.hulls)
        self._presets = presets(self.data_.hulls[s.classifier].pi1)
        options = [(str(self._labels.get(n, n)), n) for n in names]
        self.classifier = controls.classifier_dropdown(options, s.classifier)
        self.preset = controls.preset_dropdown(
            list(self._presets), matching_preset(s, self._presets)
        )
        self.family = controls.family_dropdown(s.family)
        self.a, self.b = controls.beta_slider("a", s.a), controls.beta_slider("b", s.b)
        self.window = controls.window_slider((s.low, s.high))
        bounds = mean_bounds(self._presets, s.mean, controls.MEAN_RANGE)
        self.mean = controls.mean_slider(s.mean, bounds)
        self.point = controls.point_slider(s.at)
        self.top = controls.top_slider(s.top)
        self.axis = controls.axis_dropdown(s.axis)
        if self.data_.n_rounds:
            self.round = controls.round_slider(s.round, self.data_.n_rounds)
            self.play = controls.round_player(self.round)

    def _build_outputs(self):
        self.header, self.message = widgets.HTML(), widgets.HTML()
        self.h_table, self.riskiest, self.instances = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.density_chart = make_chart(figsize=(8.2, 2.6), css_class="costlab-density-chart")
        self.curves_chart = make_chart(figsize=(8.2, 4.2), css_class="costlab-scenario-chart")
        self.risk_chart = make_chart(figsize=(8.2, 3.2), css_class="costlab-risk-chart")
        inputs = [self.classifier, self.preset, self.family, self.a, self.b, self.window]
        inputs += [self.mean, self.point, self.axis, self.top]
        left = widgets.VBox(inputs, layout=widgets.Layout(width="350px", flex="0 0 350px"))
        column = [self.message, self.density_chart.widget, self.h_table, self.riskiest]
        column += [self.curves_chart.widget, self.risk_chart.widget, self.instances]
        self.rounds_table = widgets.HTML()
        self.iteration_chart = make_chart(figsize=(8.2, 6.2), css_class="costlab-iteration-chart")
        if self.data_.n_rounds:
            heading = widgets.HTML(
                "<b>Boosting rounds</b> (Johnson et al. 2015, Fig. 2): each ensemble's scenario "
                "curves under u(c) up to the round, peaks marked (the riskiest scenario)"
            )
            column += [heading, widgets.HBox([self.round, self.play]), self.iteration_chart.widget]
            column += [self.rounds_table]
        right = widgets.VBox(
            column, layout=widgets.Layout(flex="1 1 auto", min_width="0", max_width="780px")
        )
        self.children = [self.header, widgets.HBox([left, right])]
        self.layout.padding = "4px 8px"
        self.add_class("costlab-scenario-explorer")

    def _observe(self):
        density_controls = (getattr(self, n) for n in _DENSITY_CONTROLS)
        for control in (self.family, *density_controls, self.axis, self.top):
            control.observe(self._on_change, names="value")
        self.classifier.observe(self._on_classifier, names="value")
        self.preset.observe(self._on_preset, names="value")
        if self.data_.n_rounds:
            self.round.observe(self._on_change, names="value")

    # -- callbacks: small, no maths --------------------------------------------------------------

    def _on_change(self, change):
        """Any density control, the top-k or the round: re-read the sorted scores."""
        self.update()

    def _on_preset(self, change):
        """A preset sets the density controls (one update for all of them)."""
        if change["new"] == CUSTOM or self._quiet:
            return
        self._set_density(state_for_density(self.state(), self._presets[change["new"]]))
        self.update()

    def _on_classifier(self, change):
        """Another classifier: its prior sets the presets (the density is kept)."""
        self._presets = presets(self.data_.hulls[change["new"]].pi1)
        low, high = mean_bounds(self._presets, self.mean.value, (self.mean.min, self.mean.max))
        self.mean.min, self.mean.max = low, high  # the slider reaches this prior's presets
        self.update()

    def _set_density(self, s):
        with self._quietly():
            self.family.value = s.family
            self.a.value, self.b.value = s.a, s.b
            self.window.value = (s.low, s.high)
            self.mean.value, self.point.value = s.mean, s.at

    # -- the controller ---------------------------------------------------------------------------

    def state(self) -> ScenarioState:
        """The controls' current values as a :class:`ScenarioState`."""
        low, high = self.window.value
        return ScenarioState(
            family=self.family.value,
            axis=self.axis.value,
            a=float(self.a.value),
            b=float(self.b.value),
            low=float(low),
            high=float(high),
            mean=float(self.mean.value),
            at=float(self.point.value),
            classifier=self.classifier.value,
            top=int(self.top.value),
            round=int(self.round.value) if self.data_.n_rounds else 1,
        )

    def _refresh(self, state):
        """The outputs of ``state`` (redraws only what changed)."""
        self.state_ = state
        try:
            density = density_of(state)
            curves, h = self._read(
                ("curves", density, state.axis), scenario_curves_under, density, state.axis
            )
            risk = self._read(
                ("risk", state.classifier, density), risk_view, state.classifier, density
            )
            staged = self._staged(state, density)
        except Exception as error:  # the UI boundary: show it, never a traceback
            self._show_error(error)
            return
        self.density_, self.curves_, self.h_, self.error_ = density, curves, h, None
        self.risks_, self.riskiest_, ranked = risk
        self.instances_ = ranked.head(state.top)
        self.iterations_, self.losses_ = staged
        self.message.value = ""
        self._render(state, density, ranked)

    def _read(self, key, function, *args):
        """``function(self.data_, *args)``, memoised under ``key``."""
        if key not in self._memo:
            if len(self._memo) >= _MAX_MEMO:
                self._memo.clear()
            self._memo[key] = function(self.data_, *args)
        return self._memo[key]

    def _staged(self, state, density):
        if not self.data_.n_rounds:
            return {}, {}
        key = ("rounds", density, state.round, state.axis)
        rounds = self._read(key, iteration_view, density, state.round, state.axis)
        return rounds, self._read(("losses", density), round_losses, density)

    def _sync_controls(self, state):
        """Show the family's parameters only; name the preset the density matches."""
        shown = {"beta": ("a", "b", "window"), "exponential": ("mean",), "point mass": ("point",)}
        for name in _DENSITY_CONTROLS:
            visible = name in shown[state.family]
            getattr(self, name).layout.display = None if visible else "none"
        with self._quietly():
            self.preset.value = matching_preset(state, self._presets)

    def _render(self, state, density, ranked):
        name = self._labels.get(state.classifier, state.classifier)
        self.header.value = self._header_html(state)
        self.h_table.value = h_table_html(
            self.h_, self.data_.hand_h, density, state.classifier, self._labels
        )
        n_wrong = int(ranked["riskiest"].sum())
        self.riskiest.value = riskiest_html(self.risks_, self.riskiest_, n_wrong, name)
        self.instances.value = instances_html(ranked, state.top, name)
        self._redraw("density", density, self.density_chart, lambda: DensityView(density))
        shown = (density, state.classifier, state.axis)
        self._redraw("curves", shown, self.curves_chart, self._curves_view)
        risk = RiskView(self.risks_, self.riskiest_, name, density.name)
        self._redraw("risk", (density, state.classifier), self.risk_chart, lambda: risk)
        if self.data_.n_rounds:
            self.rounds_table.value = rounds_html(self.losses_, state.round, self._labels)
            view = IterationView(self.iterations_, self.losses_, state.round, self._labels)
            if self._drawn.get("iterations") != (density, state.round, state.axis):
                draw_figure(self.iteration_chart, view)
                self._drawn["iterations"] = (density, state.round, state.axis)

    def _redraw(self, name, key, chart, view):
        """Redraw ``chart`` with ``view()`` unless it already shows ``key``."""
        if self._drawn.get(name) != key:
            chart.draw(view())
            self._drawn[name] = key

    def _curves_view(self):
        row = self.risks_.iloc[self.riskiest_]
        share = row["normalized_risk"] / self.risks_["normalized_risk"].sum()
        ends = ("pcf_from", "pcf_to") if self.state_.axis == "pcf" else ("c_from", "c_to")
        interval = (row[ends[0]], row[ends[1]])
        return CurvesView(self.curves_, self.state_.classifier, interval, share, self._labels)

    def _header_html(self, state):
        hull = self.data_.hulls[state.classifier]
        what = f": {html.escape(str(self._title))}" if self._title else ""
        return (
            f'<div class="costlab-header"><b style="font-size:16px">Scenario explorer{what}</b>'
            f'<span style="color:#555"> &nbsp;{hull.scores.size} instances, '
            f"{hull.pi1:.1%} positive · {len(self.data_.hulls)} classifier(s)"
            + (f" · {len(self.data_.staged)} boosted ensemble(s)" if self.data_.staged else "")
            + "</span></div>"
        )

    def _show_error(self, error):
        self.error_ = error
        charts = (self.density_chart, self.curves_chart, self.risk_chart, self.iteration_chart)
        tables = (self.h_table, self.riskiest, self.instances, self.rounds_table)
        show_error(self.message, error, tables=tables, charts=charts)
        self._drawn.clear()


def scenario_explorer(
    y_true: ArrayLike, y_score: Any, *, charts: str | None = None, **options: Any
) -> ScenarioExplorer:
    """Build a :class:`ScenarioExplorer` on ``(y_true, y_score)``; ``options`` are its keyword
    parameters.

    ``charts="browser"`` draws the charts in the browser from their numbers (plotly, the
    default); ``charts="png"`` sends matplotlib PNGs instead; None keeps the choice of an
    enclosing :func:`~costlab.widgets.charts_option` block.

    >>> from costlab.widgets import scenario_explorer  # doctest: +SKIP
    >>> scenario_explorer(y_test, {"LR": p_lr}, density=("beta", 2, 5))  # doctest: +SKIP

    Examples
    --------
    Each classifier's labels and positive-class scores (here of eight instances); in a notebook
    the explorer shows itself (building it draws its charts, a few seconds, so not run here):

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.widgets import scenario_explorer
    >>> scenario_explorer(y, scores)  # doctest: +SKIP
    """
    with charts_option(charts):
        return ScenarioExplorer(y_true, y_score, **options)
