"""Small factories for the explorer's controls: one function per widget, no behaviour.

Also :class:`FoldProgress`, the tqdm-like adapter through which cross-validation advances
the progress bar.

Sliders use ``continuous_update=False``: the model changes once, when the handle is released
(or a key press ends), never on every pixel of a drag.
"""

from __future__ import annotations

import ipywidgets as widgets

from costlab.widgets._model import FP_RANGE, GRID_STEPS, SEARCH_STEPS, SEARCHES

__all__ = [
    "FoldProgress",
    "classifier_select",
    "dataset_dropdown",
    "engine_dropdown",
    "fold_progress",
    "grid_step_dropdown",
    "k_slider",
    "range_readout",
    "range_slider",
    "search_dropdown",
    "search_step_dropdown",
]

_STYLE = {"description_width": "118px"}
_WIDTH = "330px"
_SEARCH_LABELS = {
    "optimized": "optimized (Al-Saffar 2018)",
    "thorough": "thorough (Al-Saffar 2018)",
    "exact": "exact minimum",
}


def styled(control, css_class=None, *, style=None, width=_WIDTH, **options):
    """``control(**options)`` (an ipywidgets class), ``width`` wide with the panels' label
    ``style`` (default ``{"description_width": "118px"}``), tagged with ``css_class`` (when
    given) for the browser tests and styling."""
    widget = control(
        style=_STYLE if style is None else style, layout=widgets.Layout(width=width), **options
    )
    if css_class is not None:
        widget.add_class(css_class)
    return widget


def released(control, css_class=None, **kwargs):
    """:func:`styled` with ``continuous_update=False``: the control reports its value when the
    handle is released (or a key press ends), never on every pixel of a drag."""
    return styled(control, css_class, continuous_update=False, **kwargs)


def window_slider(css_class, description, value=(0.0, 1.0), **kwargs):
    """A released range slider over [0, 1] in steps of 0.01: the window a density of costs is
    truncated to (and renormalised on)."""
    return released(
        widgets.FloatRangeSlider,
        css_class,
        value=value,
        min=0.0,
        max=1.0,
        step=0.01,
        description=description,
        readout_format=".2f",
        **kwargs,
    )


def dataset_dropdown(options, value):
    """The run's datasets: ``options`` is a list of (title, name)."""
    return styled(widgets.Dropdown, options=options, value=value, description="Dataset")


def engine_dropdown(value="sklearn", *, weka=False, weka_reason="", refit=True):
    """The engines: "sklearn", and "weka" only when it can run (see ``weka_status``).

    Without ``refit`` (results given, nothing to cross-validate) it only shows the results'
    engine, disabled.
    """
    if not refit:
        return styled(
            widgets.Dropdown,
            options=[(f"as given ({value})", value)],
            value=value,
            description="Engine",
            disabled=True,
            tooltip="the results were given: the explorer does not cross-validate them",
        )
    options = [("scikit-learn", "sklearn")]
    if weka:
        options.append(("Weka 3.9 (Java)", "weka"))
    tooltip = "" if weka else f"Weka engine unavailable: {weka_reason}"
    return styled(
        widgets.Dropdown, options=options, value=value, description="Engine", tooltip=tooltip
    )


def classifier_select(options, value):
    """The dataset's classifiers, ``options`` a list of (label, name); Ctrl/Shift-click."""
    return styled(
        widgets.SelectMultiple,
        options=options,
        value=tuple(value),
        rows=min(max(len(options), 2), 8),
        description="Classifiers",
    )


def range_slider(value=(0.3, 0.7), step=0.05):
    """The cost-ratio range [r1, r2] as normalised FPcost; the readout is a separate Label."""
    return released(
        widgets.FloatRangeSlider,
        "costlab-range",
        value=value,
        min=FP_RANGE[0],
        max=FP_RANGE[1],
        step=step,
        description="FPcost range",
        readout=False,
    )


def range_readout(text=""):
    """The Label beside the range slider, e.g. '0.30/0.70 – 0.70/0.30'."""
    label = widgets.Label(value=text, layout=widgets.Layout(margin="0 0 0 124px"))
    label.add_class("costlab-range-label")
    return label


def grid_step_dropdown(value=0.05):
    """Spacing of the cost-ratio grid of the MTMCS chart (the thesis's: 0.05)."""
    options = [(f"{s:g}", s) for s in GRID_STEPS]
    return styled(widgets.Dropdown, options=options, value=value, description="Ratio grid step")


def search_dropdown(value="optimized"):
    """Threshold search: the thesis's one-sided grid, its full grid, or the exact minimum."""
    options = [(_SEARCH_LABELS[s], s) for s in SEARCHES]
    return styled(widgets.Dropdown, options=options, value=value, description="Threshold search")


def search_step_dropdown(value=1e-5):
    """Threshold step of the grid searches (the thesis's: 1e-5; ignored by "exact")."""
    options = [(f"{s:g}", s) for s in SEARCH_STEPS]
    return styled(widgets.Dropdown, options=options, value=value, description="Threshold step")


def k_slider(value=1):
    """IBk's number of neighbours (Weka's default 1); changing it re-runs IBk only."""
    return released(widgets.IntSlider, value=value, min=1, max=15, step=1, description="IBk's k")


def fold_progress():
    """The cross-validation progress bar, advanced once per fold."""
    return styled(widgets.IntProgress, value=0, min=0, max=1, description="CV folds")


class FoldProgress:
    """A tqdm-like bar for :func:`.cross_val_proba`: advances an ``IntProgress``."""

    def __init__(self, widget, total):
        self.widget = widget
        widget.max, widget.value, widget.bar_style = max(total, 1), 0, "info"

    def update(self, n=1):
        self.widget.value = min(self.widget.value + n, self.widget.max)

    def close(self):
        self.widget.bar_style = "success" if self.widget.value >= self.widget.max else "warning"
