"""The cost explorer's controls: one small factory per widget, no behaviour.

Also :class:`FoldProgress`, the tqdm-like adapter through which cross-validation advances
the progress bar. The dataset, classifier and range-readout controls are the kit's
(:mod:`costlab.widgets._kit.controls`).
"""

from __future__ import annotations

import ipywidgets as widgets

from costlab.widgets._cost.model import GRID_STEPS, SEARCH_STEPS, SEARCHES
from costlab.widgets._kit.controls import dropdown, slider, styled
from costlab.widgets._kit.mtmcs import FP_RANGE

__all__ = [
    "FoldProgress",
    "engine_dropdown",
    "fold_progress",
    "grid_step_dropdown",
    "k_slider",
    "range_slider",
    "search_dropdown",
    "search_step_dropdown",
]


_SEARCH_LABELS = {
    "optimized": "optimized (Al-Saffar 2018)",
    "thorough": "thorough (Al-Saffar 2018)",
    "exact": "exact minimum",
}


def engine_dropdown(value="sklearn", *, weka=False, weka_reason="", refit=True):
    """The engines: "sklearn", and "weka" only when it can run (see ``weka_status``).

    Without ``refit`` (results given, nothing to cross-validate) it only shows the results'
    engine, disabled.
    """
    if not refit:
        why = "the results were given: the explorer does not cross-validate them"
        given = [(f"as given ({value})", value)]
        return dropdown(None, "Engine", given, value, disabled=True, tooltip=why)
    options = [("scikit-learn", "sklearn")]
    if weka:
        options.append(("Weka 3.9 (Java)", "weka"))
    tooltip = "" if weka else f"Weka engine unavailable: {weka_reason}"
    return dropdown(None, "Engine", options, value, tooltip=tooltip)


def range_slider(value=(0.3, 0.7), step=0.05):
    """The cost-ratio range [r1, r2] as normalised FPcost; the readout is a separate Label."""
    control = widgets.FloatRangeSlider
    return slider(
        "costlab-range", "FPcost range", value, FP_RANGE, step, control=control, readout=False
    )


def grid_step_dropdown(value=0.05):
    """Spacing of the cost-ratio grid of the MTMCS chart (the thesis's: 0.05)."""
    options = [(f"{s:g}", s) for s in GRID_STEPS]
    return dropdown(None, "Ratio grid step", options, value)


def search_dropdown(value="optimized"):
    """Threshold search: the thesis's one-sided grid, its full grid, or the exact minimum."""
    options = [(_SEARCH_LABELS[s], s) for s in SEARCHES]
    return dropdown(None, "Threshold search", options, value)


def search_step_dropdown(value=1e-5):
    """Threshold step of the grid searches (the thesis's: 1e-5; ignored by "exact")."""
    options = [(f"{s:g}", s) for s in SEARCH_STEPS]
    return dropdown(None, "Threshold step", options, value)


def k_slider(value=1):
    """IBk's number of neighbours (Weka's default 1); changing it re-runs IBk only, so the
    slider reports once, when released."""
    return slider(None, "IBk's k", value, (1, 15), control=widgets.IntSlider, follow=False)


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
