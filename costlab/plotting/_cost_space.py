"""What Drummond & Holte's (2000) cost-space Displays share: their curves, legend and checks.

:class:`~costlab.plotting.CostCurveDisplay` (:mod:`._cost_curves`),
:class:`~costlab.plotting.ROCHullDisplay` (:mod:`._roc_hull`) and
:class:`~costlab.plotting.CostSpaceDualityDisplay` (:mod:`._duality`) build their curves here from
scores: each classifier's :class:`~costlab.metrics.CostEnvelope`
(:func:`costlab.metrics.cost_envelope`) and, to draw faintly, its full ROC curve; and the cost
curves' secondary axes: the thesis's cost ratios, or the prior p(+) at fixed costs.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics import (
    cost_envelope,
    format_cost_ratio,
    prior_from_probability_cost,
    probability_cost,
    roc_points,
)
from costlab.metrics.checks import check_bool, check_labels_scores
from costlab.plotting._base import CurveDisplayMixin, _finish
from costlab.plotting._scores import named_scores

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

TRIVIAL_COLOUR = "0.45"
PCF_COLOUR = "0.15"
_THESIS_FP_COSTS = (0.1, 0.3, 0.5, 0.7, 0.9)  # labelled; minor ticks every 0.1 between
#: Priors offered as ticks of the p(+) axis, roundest first; kept if not crowding the others.
_PRIOR_TICKS: tuple[float, ...] = (
    0.5,
    0.1,
    0.9,
    0.01,
    0.99,
    0.2,
    0.8,
    0.05,
    0.95,
    0.3,
    0.7,
    0.001,
    0.999,
)
_PRIOR_TICKS += (0.4, 0.6, 0.02, 0.98, 0.005, 0.995)
_MIN_TICK_GAP = 0.075  # in PCF(+), between two ticks of the p(+) axis

# ---------------------------------------------------------------------------------------------
# The constructors' curves (from_predictions, from_estimator)
# ---------------------------------------------------------------------------------------------


class CostSpaceDisplayMixin(CurveDisplayMixin):
    """The cost-space Displays' ``from_predictions``: envelopes (and full ROC curves) of scores.

    :class:`~costlab.plotting.ROCHullDisplay` and
    :class:`~costlab.plotting.CostSpaceDualityDisplay` use it as it is;
    :class:`~costlab.plotting.CostCurveDisplay` names its own (``all_points`` for ``show_roc``).
    Scores may come in either orientation, so ``from_estimator`` passes
    ``higher_is_positive=True``.
    """

    _estimator_kwargs = {"higher_is_positive": True}

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        name: str | None = None,
        pos_label: Any = None,
        higher_is_positive: bool = True,
        show_roc: bool = True,
        pcf: ArrayLike | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
        **kwargs: Any,
    ) -> Self:
        """Compute each classifier's ROC curve and convex hull from its scores and plot them.

        Parameters
        ----------
        y_true, y_score, name, pos_label, higher_is_positive, sample_weight
            As in :meth:`CostCurveDisplay.from_predictions`.
        show_roc : bool
            Draw the full ROC curves faintly beneath the hulls.
        pcf, labels, title
            As in the constructor.
        ax : Axes or pair of Axes, optional
            Where to draw (for :class:`CostSpaceDualityDisplay`, the ROC and the cost axes); a
            new figure if None.
        **kwargs
            The constructor's options named in the Display's ``_options`` (for
            :class:`CostSpaceDualityDisplay`, the cost panel's ``show_lines``, ``x_axis``, ...),
            then line styles passed to :meth:`plot`.

        Returns
        -------
        ROCHullDisplay or CostSpaceDualityDisplay
            Already plotted.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from costlab.plotting import ROCHullDisplay
        >>> display = ROCHullDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> display.lines_["Classifier"].get_ydata().tolist()
        [0.0, 0.5, 1.0, 1.0]
        """
        envelopes, rocs = scored_envelopes(
            y_true, y_score, name, pos_label, higher_is_positive, with_rocs=show_roc,
            sample_weight=sample_weight,
        )  # fmt: skip
        return cls._construct_and_plot(
            envelopes, ax=ax, kwargs=kwargs, rocs=rocs, pcf=pcf, labels=labels, title=title
        )

    def _finish_panel(self, ax, fig, *, legend, guides, outside):
        """The costlab look, the legend (if ``legend``) of ``lines_`` and ``guides``, ``self``."""
        _finish(ax, self.title, legend=None)
        if legend:
            add_legend(ax, [*self.lines_.values(), *guides], outside=outside)
        return self._plotted(ax, fig)


def scored_envelopes(
    y_true, y_score, name, pos_label, higher_is_positive, *, with_rocs, sample_weight=None
):
    """``(envelopes, rocs)`` of one array of scores or ``{name: scores}``.

    Parameters
    ----------
    y_true, y_score, name, pos_label, higher_is_positive
        As in :meth:`CostCurveDisplay.from_predictions`.
    with_rocs : bool
        Also compute every classifier's full ROC curve.
    sample_weight : array-like of shape (n,), optional
        Instance weights of both (e.g. a cost model's regret weights).

    Returns
    -------
    envelopes : dict of str -> CostEnvelope
        As :func:`envelopes_of`.
    rocs : dict of str -> (fpr, tpr), or None
        As :func:`full_rocs`, None unless ``with_rocs``.
    """
    scores = named_scores(y_score, name, y_true, param="y_score")
    envelopes = envelopes_of(y_true, scores, pos_label, higher_is_positive, sample_weight)
    rocs = (
        full_rocs(y_true, scores, pos_label, higher_is_positive, sample_weight)
        if with_rocs
        else None
    )
    return envelopes, rocs


def envelopes_of(y_true, scores, pos_label, higher_is_positive, sample_weight=None):
    """``{name: CostEnvelope}`` for each classifier's scores (D&H sec. 2.2.1)."""
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    return {
        key: cost_envelope(
            y_true,
            s,
            pos_label=pos_label,
            higher_is_positive=higher_is_positive,
            sample_weight=sample_weight,
        )  # fmt: skip
        for key, s in scores.items()
    }


def full_rocs(y_true, scores, pos_label, higher_is_positive, sample_weight=None):
    """``{name: (fpr, tpr)}``: every corner of each classifier's ROC curve
    (:func:`costlab.metrics.roc_points` with ``drop_intermediate=True``)."""
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    rocs = {}
    for key, s in scores.items():
        is_pos, s = check_labels_scores(y_true, s, pos_label=pos_label, name="y_score")
        roc = roc_points(
            is_pos, s if higher_is_positive else -s, pos_label=True, drop_intermediate=True,
            sample_weight=sample_weight,
        )  # fmt: skip
        rocs[key] = (roc["fpr"].to_numpy(), roc["tpr"].to_numpy())
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
# The secondary axes: the thesis's cost ratios, or the prior p(+) at fixed costs
# ---------------------------------------------------------------------------------------------


def thesis_axes(ax):
    """Top axis in the thesis's cost ratios FPcost/FNcost; right axis MTMCS (%) = 100 NE[C]."""
    top = ax.secondary_xaxis("top")
    top.set_xticks(
        [1.0 - fp for fp in _THESIS_FP_COSTS], [format_cost_ratio(fp) for fp in _THESIS_FP_COSTS]
    )
    top.set_xticks(np.round(np.arange(0.1, 0.95, 0.1), 2), minor=True)
    top.tick_params(labelsize=8.5, colors="0.25")
    top.set_xlabel("Cost ratio FPcost/FNcost (thesis; equal priors: PCF(+) = FNcost)")
    right = ax.secondary_yaxis("right", functions=(lambda y: 100.0 * y, lambda m: m / 100.0))
    right.set_ylabel("MTMCS (%) = 100 NE[C]")
    right.tick_params(labelsize=9.5, colors="0.25")
    return [top, right]


def prior_axis(ax, fn_cost, fp_cost):
    """Top axis: the prior p(+) giving each PCF(+) for fixed costs (D&H eq. 6 inverted)."""
    top = ax.secondary_xaxis(
        "top",
        functions=(
            _unit_map(prior_from_probability_cost, fn_cost, fp_cost),
            _unit_map(probability_cost, fn_cost, fp_cost),
        ),
    )
    priors = _prior_ticks(fn_cost, fp_cost)
    top.set_xticks(priors, [f"{p:g}" for p in priors])
    top.tick_params(labelsize=8.5, colors="0.25")
    top.set_xlabel(f"Prior p(+) when C(-|+) = {fn_cost:g} and C(+|-) = {fp_cost:g}")
    return top


def _unit_map(convert, fn_cost, fp_cost):
    """A secondary axis's map of [0, 1] by ``convert(values, fn_cost, fp_cost)``, a function of
    (0, 1) from :mod:`costlab.metrics`: values are clipped into [0, 1], whose ends map to
    themselves (p(+) = 0 is PCF(+) = 0, p(+) = 1 is PCF(+) = 1, whatever the costs).

    >>> to_prior = _unit_map(prior_from_probability_cost, 4, 1)
    >>> to_prior(np.array([-0.1, 0.0, 0.8, 1.0])).round(12).tolist()
    [0.0, 0.0, 0.5, 1.0]
    """

    def apply(values):
        x = np.clip(np.asarray(values, dtype=float), 0.0, 1.0)
        out = np.atleast_1d(x).copy()
        inner = (out > 0.0) & (out < 1.0)
        out[inner] = convert(out[inner], fn_cost, fp_cost)
        return float(out[0]) if x.ndim == 0 else out

    return apply


def _prior_ticks(fn_cost, fp_cost):
    """Round priors, roundest first, whose PCF(+) positions are not crowded; with 0 and 1."""
    chosen, positions = [0.0, 1.0], [0.0, 1.0]
    for p in _PRIOR_TICKS:
        x = probability_cost(p, fn_cost, fp_cost)
        if min(abs(x - other) for other in positions) >= _MIN_TICK_GAP:
            chosen.append(p)
            positions.append(x)
    return sorted(chosen)


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
