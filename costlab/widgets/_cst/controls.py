"""The CST explorer's controls: one small factory per widget, no behaviour.

The dataset and classifier controls and the range's readout are the kit's
(:mod:`costlab.widgets._kit.controls`); the range slider steps through the curves' own ratios.
"""

from __future__ import annotations

import ipywidgets as widgets

from costlab.metrics import format_cost_ratio
from costlab.widgets._kit.controls import dropdown, following
from costlab.widgets._kit.mtmcs import ratio_decimals

__all__ = [
    "preset_dropdown",
    "ratio_options",
    "ratio_range_slider",
]


def ratio_options(grid, fp_step=0.05):
    """The slider's options: (cost ratio as the thesis writes it, FPcost) per grid point."""
    decimals = ratio_decimals(fp_step)
    return [(format_cost_ratio(fp, decimals), float(fp)) for fp in grid]


def ratio_range_slider(grid, value, fp_step=0.05):
    """The range [r1, r2] as a slider over the curves' cost ratios (FPcost values); its
    readout is a separate Label (:func:`costlab.widgets._kit.controls.range_readout`)."""
    return following(
        widgets.SelectionRangeSlider,
        "costlab-range",
        options=ratio_options(grid, fp_step),
        value=value,
        description="Range of interest",
        readout=False,
    )


def preset_dropdown(names):
    """Ranges and classifiers worth a look (e.g. a paper's examples); "" keeps the controls."""
    options = [("(your own choice)", ""), *[(n, n) for n in names]]
    return dropdown(None, "Start from", options, "")
