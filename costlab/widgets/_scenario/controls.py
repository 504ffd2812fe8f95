"""Small factories for the scenario explorer's controls: one function per widget, no behaviour.

Sliders follow a drag (:func:`costlab.widgets._kit.controls.following`): every move is cheap.
Each control carries a CSS class
(``costlab-scn-<name>``) for the browser test and for styling.
"""

from __future__ import annotations

import ipywidgets as widgets

from costlab.widgets._kit import controls as kit
from costlab.widgets._kit.controls import dropdown, log_slider, slider
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
#: The E[c] slider's usual range; the explorer widens it to reach a preset's mean beyond it.
MEAN_RANGE = (0.02, 0.98)
_INTEGER = {"control": widgets.IntSlider, "style": _STYLE}
_FAMILY_LABELS = {
    "beta": "Beta(a, b), truncatable",
    "exponential": "truncated exponential",
    "point mass": "point mass (c known)",
}


def classifier_dropdown(options, value):
    """The classifier whose risks are shown; ``options`` a list of (label, name)."""
    return dropdown("costlab-scn-classifier", "Classifier", options, value, style=_STYLE)


def preset_dropdown(names, value=CUSTOM):
    """Johnson et al.'s (2015, Fig. 1) densities by name, and "custom" for a hand-set one."""
    return dropdown("costlab-scn-preset", "Preset", [*names, CUSTOM], value, style=_STYLE)


def family_dropdown(value="beta"):
    """The density family: Beta(a, b) (truncatable), truncated exponential, point mass."""
    options = [(_FAMILY_LABELS[f], f) for f in FAMILIES]
    return dropdown("costlab-scn-family", "u(c)", options, value, style=_STYLE)


def axis_dropdown(value="pcf"):
    """The scenario curves' x axis: PCF(+) (the paper's pc_1) or the cost ratio c (as u(c))."""
    options = [("PCF(+), the paper's pc1", "pcf"), ("cost ratio c, as u(c)", "c")]
    return dropdown("costlab-scn-axis", "curves over", options, value, style=_STYLE)


def beta_slider(name, value):
    """A Beta parameter ``a`` or ``b`` on a log scale from 0.1 to 1000 (the "class ratio"
    preset's b = 1 + pi0 / pi1 reaches 1000 at pi1 = 0.001)."""
    return log_slider(f"costlab-scn-beta-{name}", name, value, (-1, 3), 0.01, style=_STYLE)


def window_slider(value=(0.0, 1.0)):
    """The Beta density's truncation window [low, high] (renormalised inside it)."""
    return kit.window_slider("costlab-scn-window", "truncate to", value, style=_STYLE)


def mean_slider(value=0.5, bounds=MEAN_RANGE):
    """The truncated exponential's mean E[c] (Johnson et al.'s family 4 sets it to pi1), over
    ``bounds`` (default :data:`MEAN_RANGE`)."""
    return slider("costlab-scn-mean", "E[c]", value, bounds, 0.01, ".3f", style=_STYLE)


def point_slider(value=0.5):
    """The point mass's cost ratio c (0 and 1 excluded: no trivial loss to normalise by)."""
    return slider("costlab-scn-point", "c", value, (0.01, 0.99), 0.01, ".2f", style=_STYLE)


def top_slider(value=10):
    """How many of the riskiest instances the table lists."""
    return slider("costlab-scn-top", "top instances", value, (1, 50), **_INTEGER)


def round_slider(value, n_rounds):
    """The boosting round of the iteration chart, 1 to ``n_rounds``."""
    return slider("costlab-scn-round", "round", value, (1, max(n_rounds, 1)), **_INTEGER)


def round_player(slider):
    """A play button that steps ``slider`` through the rounds (linked in the browser)."""
    play = widgets.Play(
        value=slider.value, min=slider.min, max=slider.max, step=1, interval=900, repeat=False
    )
    widgets.jslink((play, "value"), (slider, "value"))
    play.add_class("costlab-scn-play")
    return play
