"""The CST explorer: move the range of interest, watch CST and the robust-or-optimal choice.

Al-Saffar (2018, sec. 5.1) picks a classifier for a cost-ratio range [r1, r2] in two steps: a
classifier whose MTMCS curve is lowest at every ratio of the range is *robust*; when the curves
cross, the lowest CST = MTMCR (1 + cost sensitivity / 100) is *optimal* (sec. 4.2.2.3, 5.7).
:class:`CstExplorer` lets a reader move the range, the dataset and the classifiers compared, and
shows the MTMCS chart with the range shaded, each classifier's MTMCR beside its CST, the per-ratio
MTMCS and the choice.

Data flow: the curves are computed once, at construction
(:func:`~costlab.widgets._cst.model.curves_by_dataset`); a control change builds a
:class:`CstState` and calls :func:`~costlab.widgets._cst.model.range_choice` on the held curves
(:func:`costlab.metrics.select_classifier`), then :class:`~costlab.widgets._cst.view.CstOutputs`
draws it. No callback computes a curve, fits or cross-validates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as widgets

from costlab.validation import Options, check_param
from costlab.widgets._cst import controls
from costlab.widgets._cst.model import curves_by_dataset, range_choice, ratio_grid
from costlab.widgets._cst.view import CstOutputs, range_text
from costlab.widgets._kit import controls as kit
from costlab.widgets._kit.charts import charts_option
from costlab.widgets._kit.controller import Explorer
from costlab.widgets._kit.mtmcs import DECIMALS, snap_to_grid

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = ["CstExplorer", "CstState", "cst_explorer"]


@dataclass(frozen=True)
class CstState:
    """The values of the CST explorer's controls: everything its outputs depend on."""

    dataset: str
    classifiers: tuple
    r1: float
    r2: float


class CstExplorer(Explorer):
    """Interactive CST and robust-or-optimal choice over a movable cost-ratio range.

    Parameters
    ----------
    source : mapping or results
        MTMCS curves ``{classifier: DataFrame}`` or ``{dataset: {classifier: DataFrame}}``
        (:func:`costlab.metrics.mtmcs_curve`, on one shared FPcost grid per dataset), or any
        results :func:`costlab.evaluation.experiment.as_run` takes (an ``ExperimentRun``,
        CVResults, ``{classifier: (y_true, y_score)}``): their curves are computed once, here.
    dataset : str, optional
        The dataset shown first (default: the first).
    classifiers : sequence of str, optional
        Initially compared classifiers (default: all of the dataset's).
    cost_range : tuple of float
        ``(r1, r2)`` as normalised FPcost, moved to the nearest ratios of the grid.
    presets : mapping, optional
        Name -> ``{"dataset": ..., "classifiers": ..., "cost_range": (r1, r2)}`` (each key
        optional): a "Start from" menu that sets those controls at once. A preset naming its
        dataset must name classifiers held there; one without a dataset applies to the
        dataset shown and selects those of its classifiers held there (it must name at least
        one held on some dataset). Anything else is a ValueError naming the preset.
    labels : mapping, optional
        Classifier name -> name shown.
    titles : mapping, optional
        Dataset name -> title shown.
    decimals : int or None
        Round each MTMCS before summing, as the thesis's tables (2).
    grid_step, search, step, score_of
        How curves are computed from results (:func:`costlab.widgets.compute_curves`); the
        slider steps through the grid's ratios.

    Attributes
    ----------
    dataset, classifiers, cost_range, preset : Widget
        The controls (``cost_range.value`` is ``(r1, r2)``).
    range_label : ipywidgets.Label
        The range as cost ratios, e.g. "[0.40/0.60, 0.60/0.40]".
    header, message, table, per_ratio : ipywidgets.HTML
    mtmcs_chart, bars_chart : BrowserChart or ChartImage
    curves_ : dict of str -> dict of str -> DataFrame
        The held curves per dataset.
    choice_ : RangeChoice or None
        What is shown; ``choice_.selection`` is the robust or optimal classifier.
    error_ : Exception or None
    """

    def __init__(
        self,
        source: Any,
        *,
        dataset: Any = None,
        classifiers: Any = None,
        cost_range: tuple[float, float] = (0.3, 0.7),
        presets: Any = None,
        labels: Mapping[Any, str] | None = None,
        titles: Mapping[str, str] | None = None,
        decimals: int = DECIMALS,
        grid_step: float = 0.05,
        search: str = "optimized",
        step: float = 1e-5,
        score_of: str = "positive",
    ) -> None:
        super().__init__()
        self.curves_ = curves_by_dataset(
            source, grid_step=grid_step, search=search, step=step, score_of=score_of
        )
        self._grids = {d: ratio_grid(c) for d, c in self.curves_.items()}
        self._labels, self._titles = dict(labels or {}), dict(titles or {})
        self._presets = _checked_presets(presets, self.curves_)
        self._decimals = decimals
        self.choice_, self.error_ = None, None
        names = list(self.curves_)
        dataset = names[0] if dataset is None else dataset
        check_param("dataset", dataset, Options(names))
        offered = list(self.curves_[dataset])
        chosen = offered if classifiers is None else list(classifiers)
        unknown = [c for c in chosen if c not in offered]
        if unknown:
            raise ValueError(f"classifiers {unknown} have no curve on {dataset!r}: {offered}.")
        self._build(dataset, chosen, cost_range)
        self.update()

    # -- construction ---------------------------------------------------------------------------

    def _build(self, dataset, chosen, cost_range):
        grid = self._grids[dataset]
        titles = [(self._title(d), d) for d in self.curves_]
        self.dataset = kit.dataset_dropdown(titles, dataset)
        self.dataset.disabled = len(titles) == 1
        self.classifiers = kit.classifier_select(self._options(dataset), chosen)
        self.cost_range = controls.ratio_range_slider(
            grid, snap_to_grid(grid, *cost_range), self._step(dataset)
        )
        self.range_label = kit.range_readout()
        self.preset = controls.preset_dropdown(list(self._presets))
        self.preset.layout.display = None if self._presets else "none"
        self._outputs = out = CstOutputs()
        for name in ("header", "message", "table", "per_ratio", "mtmcs_chart", "bars_chart"):
            setattr(self, name, getattr(out, name))
        left = widgets.VBox(
            [self.preset, self.dataset, self.classifiers, self.cost_range, self.range_label],
            layout=widgets.Layout(width="350px", flex="0 0 350px"),
        )
        self.children = [self.header, widgets.HBox([left, out.column()])]
        self.layout.padding = "4px 8px"
        self.add_class("costlab-cst-explorer")
        self.dataset.observe(self._on_dataset, names="value")
        self.classifiers.observe(self._on_change, names="value")
        self.cost_range.observe(self._on_change, names="value")
        self.preset.observe(self._on_preset, names="value")

    def _title(self, dataset):
        return str(self._titles.get(dataset, dataset))

    def _options(self, dataset):
        return [(str(self._labels.get(c, c)), c) for c in self.curves_[dataset]]

    def _step(self, dataset):
        grid = self._grids[dataset]
        return float(grid[1] - grid[0]) if grid.size > 1 else 0.05

    # -- callbacks: small, no maths -------------------------------------------------------------

    def _on_change(self, change):
        """Range or classifiers: re-read the held curves."""
        self._leave_preset()
        self.update()

    def _on_dataset(self, change):
        """Another dataset: its classifiers and its grid, keeping what it shares."""
        if self._quiet:  # set by a preset, which updates once at its end
            return
        with self._quietly():
            self._show_dataset(change["new"], self.classifiers.value, self.cost_range.value)
            self.preset.value = ""
        self.update()

    def _leave_preset(self):
        """A control moved by hand: the menu no longer names what is shown."""
        if not self._quiet and self.preset.value:
            with self._quietly():
                self.preset.value = ""

    def _on_preset(self, change):
        """A preset sets the dataset, classifiers and range at once, then one update."""
        if not change["new"] or self._quiet:
            return
        preset = self._presets[change["new"]]
        with self._quietly():
            dataset = preset.get("dataset", self.dataset.value)
            classifiers = preset.get("classifiers") or list(self.curves_[dataset])
            cost_range = preset.get("cost_range", self.cost_range.value)
            self._show_dataset(dataset, classifiers, cost_range)
        self.update()

    def _show_dataset(self, dataset, classifiers, cost_range):
        offered = list(self.curves_[dataset])
        kept = [c for c in classifiers if c in offered] or offered
        grid = self._grids[dataset]
        self.dataset.value = dataset
        self.classifiers.options = self._options(dataset)
        self.classifiers.value = tuple(kept)
        value = snap_to_grid(grid, *cost_range)
        options = controls.ratio_options(grid, self._step(dataset))
        if list(self.cost_range.options) != options:
            self.cost_range.options = options
        self.cost_range.value = value

    # -- the controller -------------------------------------------------------------------------

    def state(self) -> CstState:
        """The controls' current values as a :class:`CstState`."""
        r1, r2 = self.cost_range.value
        return CstState(
            dataset=self.dataset.value,
            classifiers=kit.selected(self.classifiers),
            r1=float(r1),
            r2=float(r2),
        )

    def _sync_controls(self, state):
        self.range_label.value = range_text(state.r1, state.r2, self._step(state.dataset))

    def _refresh(self, state):
        """The outputs of ``state``: sums over the held curves only."""
        try:
            if not state.classifiers:
                raise ValueError("Select at least one classifier (Ctrl/Shift-click for several).")
            curves = {c: self.curves_[state.dataset][c] for c in state.classifiers}
            choice = range_choice(curves, state.r1, state.r2, decimals=self._decimals)
        except Exception as error:  # the UI boundary: show it, never a traceback
            self.choice_, self.error_ = None, error
            self._outputs.show_error(error)
            return
        self.choice_, self.error_ = choice, None
        self._outputs.render(
            self._title(state.dataset), curves, choice, self._labels, self._step(state.dataset)
        )


def _checked_presets(presets, curves):
    """The presets, else a ValueError naming the preset: each names known keys and a held
    dataset; a preset naming its dataset names only classifiers held there, and one without a
    dataset (applied to the dataset shown) at least one classifier held on some dataset."""
    presets = dict(presets or {})
    for name, preset in presets.items():
        unknown = set(preset) - {"dataset", "classifiers", "cost_range"}
        if unknown or preset.get("dataset", next(iter(curves))) not in curves:
            raise ValueError(
                f"presets[{name!r}] must map 'dataset' (one of {list(curves)}), 'classifiers' "
                f"and 'cost_range' (each optional); got {preset!r}."
            )
        _check_preset_classifiers(name, preset, curves)
    return presets


def _check_preset_classifiers(name, preset, curves):
    named = list(preset.get("classifiers") or ())
    if "dataset" in preset:
        where, known = repr(preset["dataset"]), list(curves[preset["dataset"]])
        missing = [c for c in named if c not in known]
    else:  # each must be held on some dataset (applied where the shown dataset holds it)
        where = "any dataset"
        known = list(dict.fromkeys(c for held in curves.values() for c in held))
        missing = [c for c in named if c not in known]
    if missing:
        raise ValueError(
            f"presets[{name!r}] names classifiers {missing} that have no curve on {where}; "
            f"known classifiers: {known}."
        )


def cst_explorer(source: Any, *, charts: str | None = None, **options: Any) -> CstExplorer:
    """Build a :class:`CstExplorer` on curves or results; ``options`` are its parameters.

    ``charts="browser"`` draws the charts in the browser from their numbers (plotly, the
    default); ``charts="png"`` sends matplotlib PNGs instead; None keeps the choice of an
    enclosing :func:`~costlab.widgets.charts_option` block.

    >>> from costlab.widgets import cst_explorer  # doctest: +SKIP
    >>> cst_explorer({"LR": (y, s_lr), "NB": (y, s_nb)}, cost_range=(0.4, 0.6))  # doctest: +SKIP

    Examples
    --------
    Each classifier's labels and positive-class scores (here of eight instances); in a notebook
    the explorer shows itself (building it draws its charts, a few seconds, so not run here):

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.widgets import cst_explorer
    >>> cst_explorer({"LR": (y, scores["LR"]), "NB": (y, scores["NB"])})  # doctest: +SKIP
    """
    with charts_option(charts):
        return CstExplorer(source, **options)
