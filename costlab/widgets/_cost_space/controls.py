"""Small factories for the cost-space explorer's controls: one function per widget, no behaviour.

Sliders follow a drag (:func:`costlab.widgets._kit.controls.following`): every move is cheap.
The classifier list is the kit's (:func:`costlab.widgets._kit.controls.classifier_select`), as
in every explorer.
"""

from __future__ import annotations

import math

import ipywidgets as widgets

from costlab.widgets._cost_space.model import LOG_COST_RANGE, PCF_RANGE, PRIOR_RANGE, SHAPE_RANGE
from costlab.widgets._kit import controls as kit
from costlab.widgets._kit.controls import LABEL_STYLE, dropdown, log_slider, slider, styled

__all__ = [
    "cost_slider",
    "density_dropdown",
    "mode_toggle",
    "pcf_slider",
    "prior_slider",
    "shape_slider",
    "window_slider",
]


def mode_toggle(value="pcf"):
    """Set PCF(+) directly, or from its parts p(+), ``C(-|+)`` and ``C(+|-)`` (D&H eq. 6)."""
    return styled(
        widgets.ToggleButtons,
        "costlab-mode",
        style={**LABEL_STYLE, "button_width": "102px"},
        options=[("PCF(+)", "pcf"), ("p(+), costs", "parts")],
        value=value,
        description="Set",
        tooltips=["move PCF(+) itself", "move p(+), C(-|+) and C(+|-); PCF(+) follows (eq. 6)"],
    )


def pcf_slider(value=0.5):
    """PCF(+), the probability cost of D&H eq. 6, from 0.01 to 0.99."""
    return slider("costlab-pcf", "PCF(+)", value, PCF_RANGE, 0.01, ".3f")


def cost_slider(value, description, css_class):
    """A misclassification cost from 0.01 to 100 on a logarithmic slider."""
    return log_slider(css_class, description, value, LOG_COST_RANGE, 0.05)


def prior_slider(value=0.5):
    """p(+), the positive class's prior, from 0.01 to 0.99."""
    return slider("costlab-prior", "p(+)", value, PRIOR_RANGE, 0.01, ".2f")


def density_dropdown(value="uniform"):
    """The family of the distribution of PCF(+) weighting the total expected cost (eq. 11)."""
    options = [("uniform", "uniform"), ("Beta(a, b)", "beta")]
    return dropdown("costlab-density", "p(PCF(+))", options, value)


def shape_slider(value, name):
    """A shape parameter ``name`` ("a" or "b") of the Beta density, 0.2 to 20 (log scale)."""
    exponents = (math.log10(SHAPE_RANGE[0]), math.log10(SHAPE_RANGE[1]))
    return log_slider(None, f"Beta {name}", value, exponents, 0.01)


def window_slider(value=(0.0, 1.0)):
    """The range of PCF(+) the density is truncated to (and renormalised on)."""
    return kit.window_slider("costlab-window", "PCF(+) range", value)
