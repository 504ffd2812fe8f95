"""Small factories for the scenario explorer's controls: one function per widget, no behaviour.

Sliders use ``continuous_update=False``: the outputs change once, when the handle is released
(or a key press ends), never on every pixel of a drag. Each control carries a CSS class
(``costlab-scn-<name>``) for the browser test and for styling.
"""

from __future__ import annotations

import ipywidgets as widgets

from costlab.widgets._kit import controls as _controls
from costlab.widgets._kit.controls import released, styled
from costlab.widgets._scenario.model import CUSTOM, FAMILIES

__all__ = [
    "axis_dropdown",
    "beta_slider",
    "classifier_dropdown",
    "family_dropdown",
    "mean_slider",
    "point_slider",
    "preset_dropdown",
    "round_player",
    "round_slider",
    "top_slider",
    "window_slider",
]

_STYLE = {"description_width": "96px"}
_FAMILY_LABELS = {
    "beta": "Beta(a, b), truncatable",
    "exponential": "truncated exponential",
    "point mass": "point mass (c known)",
}


def classifier_dropdown(options, value):
    """The classifier whose risks are shown; ``options`` a list of (label, name)."""
    return styled(
        widgets.Dropdown,
        "costlab-scn-classifier",
        style=_STYLE,
        options=options,
        value=value,
        description="Classifier",
    )


def preset_dropdown(names, value=CUSTOM):
    """Johnson et al.'s (2015, Fig. 1) densities by name, and "custom" for a hand-set one."""
    return styled(
        widgets.Dropdown,
        "costlab-scn-preset",
        style=_STYLE,
        options=[*names, CUSTOM],
        value=value,
        description="Preset",
    )


def family_dropdown(value="beta"):
    """The density family: Beta(a, b) (truncatable), truncated exponential, point mass."""
    return styled(
        widgets.Dropdown,
        "costlab-scn-family",
        style=_STYLE,
        options=[(_FAMILY_LABELS[f], f) for f in FAMILIES],
        value=value,
        description="u(c)",
    )


def axis_dropdown(value="pcf"):
    """The scenario curves' x axis: PCF(+) (the paper's pc_1) or the cost ratio c (as u(c))."""
    return styled(
        widgets.Dropdown,
        "costlab-scn-axis",
        style=_STYLE,
        options=[("PCF(+), the paper's pc1", "pcf"), ("cost ratio c, as u(c)", "c")],
        value=value,
        description="curves over",
    )


def beta_slider(name, value):
    """A Beta parameter ``a`` or ``b`` on a log scale from 0.1 to 1000 (the "class ratio"
    preset's b = 1 + pi0 / pi1 reaches 1000 at pi1 = 0.001)."""
    return released(
        widgets.FloatLogSlider,
        f"costlab-scn-beta-{name}",
        style=_STYLE,
        value=value,
        base=10,
        min=-1,
        max=3,
        step=0.01,
        description=name,
        readout_format=".3g",
    )


def window_slider(value=(0.0, 1.0)):
    """The Beta density's truncation window [low, high] (renormalised inside it)."""
    return _controls.window_slider("costlab-scn-window", "truncate to", value, style=_STYLE)


def mean_slider(value=0.5):
    """The truncated exponential's mean E[c] (Johnson et al.'s family 4 sets it to pi1)."""
    return released(
        widgets.FloatSlider,
        "costlab-scn-mean",
        style=_STYLE,
        value=value,
        min=0.02,
        max=0.98,
        step=0.01,
        description="E[c]",
        readout_format=".3f",
    )


def point_slider(value=0.5):
    """The point mass's cost ratio c (0 and 1 excluded: no trivial loss to normalise by)."""
    return released(
        widgets.FloatSlider,
        "costlab-scn-point",
        style=_STYLE,
        value=value,
        min=0.01,
        max=0.99,
        step=0.01,
        description="c",
        readout_format=".2f",
    )


def top_slider(value=10):
    """How many of the riskiest instances the table lists."""
    return released(
        widgets.IntSlider,
        "costlab-scn-top",
        style=_STYLE,
        value=value,
        min=1,
        max=50,
        description="top instances",
    )


def round_slider(value, n_rounds):
    """The boosting round of the iteration chart, 1 to ``n_rounds``."""
    return released(
        widgets.IntSlider,
        "costlab-scn-round",
        style=_STYLE,
        value=value,
        min=1,
        max=max(n_rounds, 1),
        description="round",
    )


def round_player(slider):
    """A play button that steps ``slider`` through the rounds (linked in the browser)."""
    play = widgets.Play(
        value=slider.value, min=slider.min, max=slider.max, step=1, interval=900, repeat=False
    )
    widgets.jslink((play, "value"), (slider, "value"))
    play.add_class("costlab-scn-play")
    return play
