"""The prior controls: one small factory per widget, no behaviour.

The prior-shift widget (:class:`costlab.widgets.PriorShiftWidget`) and the cost explorer's
prior panel (:class:`~costlab.widgets._prior_shift.panel.PriorPanel`) both move P(target) on a
logarithmic slider from 1e-4 to 0.99 and fix an operating condition (TPr, POSfrac or purity)
at a value (Landgrebe et al. 2004).
"""

from __future__ import annotations

import math

import ipywidgets as widgets

from costlab.widgets._kit.controls import released, styled
from costlab.widgets._prior_shift.model import PRIOR_RANGE

__all__ = [
    "condition_dropdown",
    "condition_value_slider",
    "dropdown",
    "prior_slider",
]


_CONDITIONS = [
    ("TPr fixed at", "tpr"),
    ("POSfrac fixed at", "posfrac"),
    ("Purity fixed at", "purity"),
]


def prior_slider(value=0.01, *, description="P(target)"):
    """P(target) on a logarithmic slider over :data:`PRIOR_RANGE` (steps of 10**0.05)."""
    return released(
        widgets.FloatLogSlider,
        value=value,
        base=10,
        min=math.log10(PRIOR_RANGE[0]),
        max=math.log10(PRIOR_RANGE[1]),
        step=0.05,
        description=description,
        readout_format=".2g",
    )


def condition_dropdown(value="tpr"):
    """The operating condition: TPr, POSfrac or purity fixed (``"tpr"``, ``"posfrac"``,
    ``"purity"``)."""
    return styled(widgets.Dropdown, options=_CONDITIONS, value=value, description="Operating point")


def condition_value_slider(value=0.8):
    """The value the operating condition fixes, 0.01 to 1."""
    return released(
        widgets.FloatSlider, value=value, min=0.01, max=1.0, step=0.01, description="… at"
    )


def dropdown(description, options, value):
    return styled(widgets.Dropdown, options=options, value=value, description=description)
