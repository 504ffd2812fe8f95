"""The controls every explorer builds on: one small factory per widget, no behaviour.

A styled control of the panels' width and label style, a slider that follows a drag or reports
once, and the dataset, classifier and range-readout controls more than one explorer offers.

Sliders follow a drag (``continuous_update=True``) where a move is cheap, as every explorer's
is once its first computation is done: the charts are drawn in the browser from a few hundred
numbers. While the kernel is busy with one move, the browser keeps only the slider's latest
value and sends it when the kernel is free (ipywidgets buffers a model's updates while one is
pending), so a fast drag never queues stale moves. A slider whose move refits or grows with
the data (IBk's k, the prior-shift widget's prior) and a logarithmic slider (:func:`log_slider`)
report once, when the handle is released.
"""

from __future__ import annotations

import ipywidgets as widgets

__all__ = [
    "LABEL_STYLE",
    "classifier_select",
    "dataset_dropdown",
    "dropdown",
    "log_slider",
    "range_readout",
    "following",
    "released",
    "selected",
    "slider",
    "styled",
    "window_slider",
]

#: The panels' label width.
LABEL_STYLE = {"description_width": "118px"}
_WIDTH = "330px"


def styled(control, css_class=None, *, style=None, width=_WIDTH, **options):
    """``control(**options)`` (an ipywidgets class), ``width`` wide with the panels' label
    ``style`` (default ``{"description_width": "118px"}``), tagged with ``css_class`` (when
    given) for the browser tests and styling."""
    widget = control(
        style=LABEL_STYLE if style is None else style, layout=widgets.Layout(width=width), **options
    )
    if css_class is not None:
        widget.add_class(css_class)
    return widget


def following(control, css_class=None, **kwargs):
    """:func:`styled` with ``continuous_update=True``: the control reports its value while the
    handle moves (the latest one whenever the kernel is free)."""
    return styled(control, css_class, continuous_update=True, **kwargs)


def released(control, css_class=None, **kwargs):
    """:func:`styled` with ``continuous_update=False``: the control reports its value when the
    handle is released (or a key press ends), never on every pixel of a drag."""
    return styled(control, css_class, continuous_update=False, **kwargs)


def slider(
    css_class,
    description,
    value,
    bounds,
    step=1,
    readout_format=None,
    *,
    control=widgets.FloatSlider,
    follow=True,
    **kwargs,
):
    """A slider from ``bounds[0]`` to ``bounds[1]`` in steps of ``step`` that follows a drag
    (:func:`following`), or reports once when released (``follow=False``, :func:`released`).

    ``control`` is the ipywidgets class (a ``FloatSlider`` unless told: an ``IntSlider``, a
    ``FloatRangeSlider``, ...); ``readout_format`` (e.g. ``".2f"``) is its default when None;
    ``kwargs`` go to :func:`styled` (e.g. ``style``, ``readout``).
    """
    if readout_format is not None:
        kwargs["readout_format"] = readout_format
    return (following if follow else released)(
        control,
        css_class,
        value=value,
        min=bounds[0],
        max=bounds[1],
        step=step,
        description=description,
        **kwargs,
    )


def log_slider(css_class, description, value, exponents, step, readout_format=".3g", **kwargs):
    """A slider on a logarithmic scale, from ``10 ** exponents[0]`` to
    ``10 ** exponents[1]``, ``step`` a step of the exponent (:func:`slider`'s other arguments).

    It reports once, when released (``follow=False`` unless told): the browser rounds a value
    the kernel sets to the slider's step in the exponent, and a slider that follows a drag
    sends that rounded value back (a preset's Beta(2, 2) became Beta(1.99526, 1.99526)).
    """
    kwargs.setdefault("follow", False)
    return slider(
        css_class,
        description,
        value,
        exponents,
        step,
        readout_format,
        control=widgets.FloatLogSlider,
        base=10,
        **kwargs,
    )


def window_slider(css_class, description, value=(0.0, 1.0), **kwargs):
    """A range slider over [0, 1] in steps of 0.01: the window a density of costs is
    truncated to (and renormalised on)."""
    control = widgets.FloatRangeSlider
    return slider(css_class, description, value, (0.0, 1.0), 0.01, ".2f", control=control, **kwargs)


def selected(select):
    """The values chosen in a ``SelectMultiple``, in the order its options offer them."""
    order = {value: i for i, (_, value) in enumerate(select.options)}
    return tuple(sorted(select.value, key=order.get))


def dropdown(css_class, description, options, value, **kwargs):
    """A :func:`styled` dropdown of ``options`` (values, or (label, value) pairs)."""
    return styled(
        widgets.Dropdown, css_class, options=options, value=value, description=description, **kwargs
    )


def dataset_dropdown(options, value):
    """The run's datasets: ``options`` is a list of (title, name)."""
    return dropdown(None, "Dataset", options, value)


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
