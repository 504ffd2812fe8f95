"""The CST explorer's controls: one small factory per widget, no behaviour.

The dataset, classifier and range-readout factories are the kit's
(:mod:`costlab.widgets._kit.controls`), named here so that the controller takes every control
from this one module.
"""

from __future__ import annotations

import ipywidgets as widgets

from costlab.metrics import format_cost_ratio
from costlab.widgets._kit.controls import (
    classifier_select,
    dataset_dropdown,
    range_readout,
    released,
    styled,
)
from costlab.widgets._kit.mtmcs import ratio_decimals

__all__ = [
    "classifier_select",
    "dataset_dropdown",
    "preset_dropdown",
    "range_readout",
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
    return released(
        widgets.SelectionRangeSlider,
        "costlab-range",
        options=ratio_options(grid, fp_step),
        value=value,
        description="Range of interest",
        readout=False,
    )


def preset_dropdown(names):
    """Ranges and classifiers worth a look (e.g. a paper's examples); "" keeps the controls."""
    return styled(
        widgets.Dropdown,
        options=[("(your own choice)", ""), *[(n, n) for n in names]],
        value="",
        description="Start from",
    )
