"""The controls every explorer builds on: one small factory per widget, no behaviour.

A styled control of the panels' width and label style, a released one (sliders report once),
and the dataset, classifier and range-readout controls more than one explorer offers.

Sliders use ``continuous_update=False``: the model changes once, when the handle is released
(or a key press ends), never on every pixel of a drag.
"""

from __future__ import annotations

import ipywidgets as widgets

__all__ = [
    "classifier_select",
    "dataset_dropdown",
    "range_readout",
    "released",
    "styled",
    "window_slider",
]

_STYLE = {"description_width": "118px"}
_WIDTH = "330px"


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


def classifier_select(options, value):
    """The dataset's classifiers, ``options`` a list of (label, name); Ctrl/Shift-click."""
    return styled(
        widgets.SelectMultiple,
        options=options,
        value=tuple(value),
        rows=min(max(len(options), 2), 8),
        description="Classifiers",
    )


def range_readout(text=""):
    """The Label beside the range slider, e.g. '0.30/0.70 – 0.70/0.30'."""
    label = widgets.Label(value=text, layout=widgets.Layout(margin="0 0 0 124px"))
    label.add_class("costlab-range-label")
    return label
