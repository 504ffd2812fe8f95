"""The prior controls: one small factory per widget, no behaviour.

The prior-shift widget (:class:`costlab.widgets.PriorShiftWidget`) and the cost explorer's
prior panel (:class:`~costlab.widgets._prior_shift.panel.PriorPanel`) both move P(target) on a
logarithmic slider from 1e-4 to 0.99 and fix an operating condition (TPr, POSfrac or purity)
at a value (Landgrebe et al. 2004).
"""

from __future__ import annotations

import math

from costlab.widgets._kit.controls import dropdown, log_slider, slider
from costlab.widgets._prior_shift.model import PRIOR_RANGE

__all__ = [
    "condition_dropdown",
    "condition_value_slider",
    "operating_controls",
    "prior_slider",
]


_CONDITIONS = [
    ("TPr fixed at", "tpr"),
    ("POSfrac fixed at", "posfrac"),
    ("Purity fixed at", "purity"),
]


def prior_slider(value=0.01, *, description="P(target)"):
    """P(target) on a logarithmic slider over :data:`PRIOR_RANGE` (steps of 10**0.05)."""
    exponents = (math.log10(PRIOR_RANGE[0]), math.log10(PRIOR_RANGE[1]))
    return log_slider(None, description, value, exponents, 0.05, ".2g", follow=False)


def condition_dropdown(value="tpr"):
    """The operating condition: TPr, POSfrac or purity fixed (``"tpr"``, ``"posfrac"``,
    ``"purity"``)."""
    return dropdown(None, "Operating point", _CONDITIONS, value)


def condition_value_slider(value=0.8):
    """The value the operating condition fixes, 0.01 to 1."""
    return slider(None, "… at", value, (0.01, 1.0), 0.01, follow=False)


def operating_controls(prior, condition, value, *, description="P(target)"):
    """``(prior slider, condition dropdown, value slider)``: at which true target prior, and
    where on its ROC curve (the condition and its value), a classifier is read."""
    return (
        prior_slider(prior, description=description),
        condition_dropdown(condition),
        condition_value_slider(value),
    )
