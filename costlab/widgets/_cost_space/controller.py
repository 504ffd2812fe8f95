"""The cost-space explorer's controller: builds the controls, wires them, and runs one update.

Drummond & Holte (2000) live: pick PCF(+) (or p(+) and the two error costs, eq. 6) and watch
each classifier's point move along its lower envelope in cost space while the iso-cost line of
the same PCF(+) rolls around its ROC convex hull beside it (the point/line duality, eqs. 8-9);
the winner at that PCF(+) is singled out, with its normalised expected cost. Below, the total
expected cost (eq. 11) weights the envelopes by a distribution of PCF(+) picked from a uniform
or a Beta(a, b), both truncatable to a range of PCF(+).

Data flow: controls -> :class:`CostSpaceState` -> :func:`cost_space_view` (pure; over the
envelopes computed once by :class:`CostSpaceData`, with memoised winning ranges, joint envelope
and TEC) -> the outputs (:mod:`.view`). Nothing is fitted, and no envelope is
recomputed after construction; a PCF(+) move redraws only the duality chart, a density change
only the TEC chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from costlab.widgets._cost_space import controls
from costlab.widgets._cost_space import view as outputs
from costlab.widgets._cost_space.model import (
    PCF_RANGE,
    CostSpaceData,
    CostSpaceState,
    cost_space_view,
)
from costlab.widgets._kit import controls as kit
from costlab.widgets._kit.charts import charts_option, make_chart
from costlab.widgets._kit.controller import Explorer
from costlab.widgets._kit.messages import show_error

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


__all__ = ["CostSpaceExplorer", "cost_space_explorer"]

_PARTS = ("fn_cost", "fp_cost", "p_pos")
_DENSITY = ("density", "a", "b", "window")


class CostSpaceExplorer(Explorer):
    """ROC space and cost space side by side at a chosen PCF(+), and the total expected cost.

    Drummond & Holte (2000, sec. 2.2): each classifier's ROC convex hull and, beside it, its
    lower envelope of cost lines over the probability cost PCF(+) (eq. 6). At the chosen
    PCF(+) a marker sits on each envelope and the iso-cost line of slope
    (1 - PCF(+)) / PCF(+) touches each hull at the vertex optimal there (eqs. 1, 8, 9); the
    classifier with the lowest normalised expected cost (eq. 7) is starred in both spaces and
    named. A table lists every classifier's NE[C], optimal vertex and operating range, and, when
    PCF(+) is set from p(+) and the costs, the expected cost per instance in the costs' units.
    The TEC panel integrates each envelope against a density of PCF(+) (eq. 11). Display it in
    Jupyter or Voila; drive it from code by setting the controls' ``.value``.

    Parameters
    ----------
    results : Mapping[str, object]
        Classifier name -> ``(y_true, y_score)`` (``y_score`` the positive class's score,
        e.g. ``predict_proba(X_test)[:, 1]``), a :class:`~costlab.metrics.CostEnvelope` or
        :class:`~costlab.metrics.RocHull`, or ROC points of hard classifiers as rates
        (``{"fpr": [...], "tpr": [...]}`` or a DataFrame with those columns).
    pos_label : scalar, optional
        The positive class of the ``(y_true, y_score)`` pairs (inferred for {0, 1}, {-1, 1}
        and {1, 2}).
    classifiers : sequence of str, optional
        Initially selected classifiers (default: all).
    labels : mapping, optional
        Classifier name -> name shown.
    title : str
        The header's title (e.g. the dataset).
    mode : {"pcf", "parts"}
        Set PCF(+) directly or from ``p_pos``, ``fn_cost`` and ``fp_cost``.
    pcf : float
        PCF(+) in [0.01, 0.99].
    fn_cost, fp_cost : float
        ``C(-|+)`` and ``C(+|-)``, in [0.01, 100].
    p_pos : float
        p(+), in [0.01, 0.99].
    density : {"uniform", "beta"}
        The family of p(PCF(+)) of the total expected cost.
    a, b : float
        The Beta's shapes, in [0.2, 20].
    pcf_range : (float, float)
        The range of PCF(+) the density is truncated to (default the whole [0, 1]).

    Attributes
    ----------
    classifiers, mode, pcf, fn_cost, fp_cost, p_pos, density, a, b, window : Widget
        The controls (``window`` is the truncation range).
    readout, table, tec_table, message, header : ipywidgets.HTML
        PCF(+) and its source; the operating table with the winner; the TEC table; errors.
    duality_chart, tec_chart : BrowserChart or ChartImage
        ROC and cost space at PCF(+); the envelopes with the density. ``.display_`` is the
        view last drawn (:class:`~costlab.widgets._cost_space.view.DualityChart`,
        :class:`~costlab.widgets._cost_space.view.TecChart`).
    data_ : CostSpaceData
        The envelopes and ROC curves, computed once.
    view_ : CostSpaceView or None
        What the last update computed: ``pcf``, ``operating``, ``winner``, ``tec``.
    error_ : Exception or None
        The error shown in ``message``, if any.
    """

    def __init__(
        self,
        results: Any,
        *,
        pos_label: Any = None,
        classifiers: Any = None,
        labels: Mapping[Any, str] | None = None,
        title: str = "your classifiers",
        mode: str = "pcf",
        pcf: float = 0.5,
        fn_cost: Any = 1.0,
        fp_cost: Any = 1.0,
        p_pos: float = 0.5,
        density: Any = "uniform",
        a: Any = 2.0,
        b: Any = 2.0,
        pcf_range: tuple[float, float] = (0.0, 1.0),
    ) -> None:
        super().__init__()
        self.data_ = CostSpaceData(results, pos_label=pos_label)
        self._labels: dict[Any, str] = dict(labels or {})
        self._drawn: dict[str, Any] = {}
        self.view_, self.error_ = None, None
        chosen = self.data_.names if classifiers is None else tuple(classifiers)
        initial = CostSpaceState(
            chosen, mode, pcf, fn_cost, fp_cost, p_pos, density, a, b, *pcf_range
        )
        cost_space_view(self.data_, initial)  # bad arguments fail here, naming the parameter
        self._build_controls(initial)
        self._build_outputs(title)
        self._observe()
        self.update()

    # -- construction ---------------------------------------------------------------------------

    def _build_controls(self, s):
        options = [(str(self._labels.get(c, c)), c) for c in self.data_.names]
        self.classifiers = kit.classifier_select(options, s.classifiers)
        self.mode = controls.mode_toggle(s.mode)
        self.pcf = controls.pcf_slider(min(max(s.pcf, PCF_RANGE[0]), PCF_RANGE[1]))
        self.fn_cost = controls.cost_slider(s.fn_cost, "C(-|+) (FN cost)", "costlab-fn-cost")
        self.fp_cost = controls.cost_slider(s.fp_cost, "C(+|-) (FP cost)", "costlab-fp-cost")
        self.p_pos = controls.prior_slider(s.p_pos)
        self.density = controls.density_dropdown(s.density)
        self.a = controls.shape_slider(s.a, "a")
        self.b = controls.shape_slider(s.b, "b")
        self.window = controls.window_slider((s.low, s.high))

    def _build_outputs(self, title):
        self.header = widgets.HTML(outputs.header_html(title, self.data_.names))
        self.message = widgets.HTML()
        self.readout = widgets.HTML(layout=widgets.Layout(width="330px"))
        self.table = widgets.HTML()
        self.table.add_class("costlab-table")
        self.tec_table = widgets.HTML()
        # PCF(+) ticks every 0.1 are few enough: no thinning (which would widen the axis)
        self.duality_chart = make_chart(
            figsize=(12.6, 5.8), dpi=80, css_class="costlab-duality-chart", max_xticks=99
        )
        self.tec_chart = make_chart(
            figsize=(12.0, 4.4), dpi=80, css_class="costlab-tec-chart", max_xticks=99
        )
        left = (self.classifiers, self.mode, self.pcf, self.fn_cost, self.fp_cost, self.p_pos)
        column = widgets.Layout(width="350px", flex="0 0 350px")
        right = widgets.Layout(flex="1 1 auto", min_width="0", max_width="1010px")
        top = widgets.HBox(
            [
                widgets.VBox([*left, self.readout], layout=column),
                widgets.VBox([self.message, self.duality_chart.widget, self.table], layout=right),
            ]
        )
        tec_controls = widgets.VBox([self.density, self.a, self.b, self.window], layout=column)
        tec = widgets.HBox(
            [tec_controls, widgets.VBox([self.tec_chart.widget, self.tec_table], layout=right)]
        )
        heading = widgets.HTML(
            "<b>Total expected cost</b> when PCF(+) is uncertain: the area under each lower "
            "envelope weighted by a density of PCF(+) (Drummond &amp; Holte 2000, eq. 11)"
        )
        self.children = [self.header, top, heading, tec]
        self.layout.padding = "4px 8px"
        self.add_class("costlab-cost-space")

    def _observe(self):
        controls_ = (self.classifiers, self.mode, self.pcf, *(getattr(self, n) for n in _PARTS))
        for control in (*controls_, *(getattr(self, n) for n in _DENSITY)):
            control.observe(self._on_change, names="value")

    # -- callbacks: small, no maths -------------------------------------------------------------

    def _on_change(self, change):
        """Any control: recompute the view from the held envelopes and redraw what changed."""
        self.update()

    # -- the controller ---------------------------------------------------------------------------

    def state(self) -> CostSpaceState:
        """The controls' current values as a :class:`CostSpaceState`."""
        low, high = self.window.value
        return CostSpaceState(
            classifiers=kit.selected(self.classifiers),
            mode=self.mode.value,
            pcf=float(self.pcf.value),
            fn_cost=float(self.fn_cost.value),
            fp_cost=float(self.fp_cost.value),
            p_pos=float(self.p_pos.value),
            density=self.density.value,
            a=float(self.a.value),
            b=float(self.b.value),
            low=float(low),
            high=float(high),
        )

    def _refresh(self, state):
        """The outputs of ``state`` (no fitting, no envelope rebuilt)."""
        try:
            view = cost_space_view(self.data_, state)
        except (ValueError, TypeError) as error:  # the UI boundary: show it, never a traceback
            self._show_error(error)
            return
        self.view_, self.error_ = view, None
        self._render(view)

    def _sync_controls(self, state):
        """Enable the controls of the mode and the density; in "parts" mode the PCF(+) slider
        shows the PCF(+) of the parts (without triggering an update)."""
        parts = state.mode == "parts"
        self.pcf.disabled = parts
        for name in _PARTS:
            getattr(self, name).disabled = not parts
        self.a.disabled = self.b.disabled = state.density != "beta"

    def _render(self, view):
        names, labels = view.state.classifiers, self._labels
        if view.state.mode == "parts":
            with self._quietly():
                self.pcf.value = min(max(view.pcf, PCF_RANGE[0]), PCF_RANGE[1])
        self.message.value = ""
        envelopes = self.data_.subset(names)
        duality_key = (names, view.pcf, view.true_costs)
        if self._drawn.get("duality") != duality_key:
            self.duality_chart.draw(outputs.DualityChart(envelopes, self.data_.rocs, view, labels))
            self._drawn["duality"] = duality_key
        tec_key = (names, view.spec)
        if self._drawn.get("tec") != tec_key:
            joint = self.data_.joint(names)
            self.tec_chart.draw(outputs.TecChart(envelopes, joint, view, labels))
            self._drawn["tec"] = tec_key
        # the tables last: a browser that sees them new also has the charts drawn before them
        self.readout.value = outputs.readout_html(view)
        self.table.value = outputs.operating_html(view, labels)
        self.tec_table.value = outputs.tec_html(view, labels)

    def _show_error(self, error):
        self.error_, self.view_ = error, None
        tables, charts = (
            (self.table, self.tec_table, self.readout),
            (self.duality_chart, self.tec_chart),
        )
        show_error(self.message, error, tables=tables, charts=charts)
        self._drawn.clear()


def cost_space_explorer(
    results: Any, *, charts: str | None = None, **options: Any
) -> CostSpaceExplorer:
    """Build a :class:`CostSpaceExplorer` on ``results``; ``options`` are its keyword parameters.

    ``charts="browser"`` draws the charts in the browser from their numbers (plotly, the
    default); ``charts="png"`` sends matplotlib PNGs instead; None keeps the choice of an
    enclosing :func:`~costlab.widgets.charts_option` block.

    >>> from costlab.widgets import cost_space_explorer  # doctest: +SKIP
    >>> cost_space_explorer({"LR": (y_test, y_score), "tree": {"fpr": [0.2], "tpr": [0.7]}})
    ... # doctest: +SKIP

    Examples
    --------
    Each classifier's labels and positive-class scores (here of eight instances); in a notebook
    the explorer shows itself (building it draws its charts, a few seconds, so not run here):

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.widgets import cost_space_explorer
    >>> cost_space_explorer({"LR": (y, scores["LR"])})  # doctest: +SKIP
    """
    with charts_option(charts):
        return CostSpaceExplorer(results, **options)
