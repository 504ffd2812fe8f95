"""What Drummond & Holte's (2000) cost-space Displays share: their curves, legend and checks.

:class:`~costlab.plotting.CostCurveDisplay` (:mod:`._cost_curves`),
:class:`~costlab.plotting.ROCHullDisplay` (:mod:`._roc_hull`) and
:class:`~costlab.plotting.CostSpaceDualityDisplay` (:mod:`._duality`) build their curves here from
scores: each classifier's :class:`~costlab.metrics.CostEnvelope`
(:func:`costlab.metrics.cost_envelope`) and, to draw faintly, its full ROC curve.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np
import pandas as pd
from sklearn.metrics import roc_curve

from costlab.metrics import cost_envelope
from costlab.metrics._validation import check_bool, check_labels_scores

TRIVIAL_COLOUR = "0.45"
PCF_COLOUR = "0.15"

# ---------------------------------------------------------------------------------------------
# The constructors' curves (from_predictions, from_estimator)
# ---------------------------------------------------------------------------------------------


def envelopes_of(y_true, scores, pos_label, higher_is_positive):
    """``{name: CostEnvelope}`` for each classifier's scores (D&H sec. 2.2.1)."""
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    return {
        key: cost_envelope(y_true, s, pos_label=pos_label, higher_is_positive=higher_is_positive)
        for key, s in scores.items()
    }


def full_rocs(y_true, scores, pos_label, higher_is_positive):
    """``{name: (fpr, tpr)}``: every corner of each classifier's ROC curve (scikit-learn's)."""
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    rocs = {}
    for key, s in scores.items():
        is_pos, s = check_labels_scores(y_true, s, pos_label=pos_label, name="y_score")
        fpr, tpr, _ = roc_curve(is_pos.astype(np.int8), s if higher_is_positive else -s)
        rocs[key] = (fpr, tpr)
    return rocs


def add_legend(ax, handles, *, outside):
    if outside:
        room = 1.14 if any(c for c in ax.child_axes if c.get_ylabel()) else 1.02
        return ax.legend(
            handles=handles,
            loc="upper left",
            bbox_to_anchor=(room, 1.0),
            frameon=False,
            fontsize=9.5,
        )
    return ax.legend(
        handles=handles,
        loc="lower right",
        frameon=True,
        framealpha=0.92,
        edgecolor="0.85",
        fontsize=9,
    )


# ---------------------------------------------------------------------------------------------
# Validation (at the Displays' boundary)
# ---------------------------------------------------------------------------------------------


def check_curves(curves, param, kinds):
    """A non-empty mapping of classifier name -> an instance of ``kinds``."""
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    allowed = " or ".join(k.__name__ for k in kinds)
    if not isinstance(curves, Mapping) or not curves:
        raise ValueError(
            f"{param} must be a non-empty mapping of classifier name -> {allowed}, "
            f"got {type(curves).__name__}."
        )
    for key, value in curves.items():
        if not isinstance(value, kinds):
            raise TypeError(
                f"{param}[{key!r}] must be a {allowed} (see costlab.metrics.cost_envelope and "
                f"roc_convex_hull), got {type(value).__name__}."
            )
    return dict(curves)


def check_rocs(rocs, curves):
    """None, or name -> (fpr, tpr) float arrays of one length in [0, 1], for known names."""
    if rocs is None:
        return {}
    if not isinstance(rocs, Mapping):
        raise TypeError(f"rocs must be a mapping of classifier name -> (fpr, tpr), got {rocs!r}.")
    unknown = [key for key in rocs if key not in curves]
    if unknown:
        raise ValueError(f"rocs has classifier(s) {unknown} that are not among {list(curves)}.")
    return {key: _check_roc(value, key) for key, value in rocs.items()}


def _check_roc(value, key):
    if isinstance(value, pd.DataFrame):
        value = (value["fpr"].to_numpy(), value["tpr"].to_numpy())
    fpr, tpr = (np.asarray(v, dtype=float) for v in value)
    if fpr.ndim != 1 or fpr.shape != tpr.shape or fpr.size == 0:
        raise ValueError(f"rocs[{key!r}] must be two 1-D arrays (fpr, tpr) of one length.")
    if not (np.all((fpr >= 0) & (fpr <= 1)) and np.all((tpr >= 0) & (tpr <= 1))):
        raise ValueError(f"rocs[{key!r}] must hold rates in [0, 1].")
    return fpr, tpr


def check_pcf(pcf):
    """None, or a PCF(+) strictly inside (0, 1) (an iso-cost line needs a finite slope)."""
    if pcf is None:
        return None
    if isinstance(pcf, bool) or not isinstance(pcf, numbers.Real) or not 0.0 < pcf < 1.0:
        raise ValueError(
            f"pcf must lie in (0, 1): a PCF(+) with a finite iso-cost slope (1 - pcf) / pcf, "
            f"got {pcf!r}."
        )
    return float(pcf)
