"""The thesis's MTMCS and threshold charts as Displays (Al-Saffar 2018, sec. 4.2 and 4.4).

Each Display takes MTMCS curves computed by :func:`costlab.metrics.mtmcs_curve`, validates them
once, and draws them with ``plot(ax=None, **kwargs) -> self``, storing the artists as ``ax_``,
``figure_`` and ``lines_`` (classifier -> ``Line2D``). Calling ``plot`` again restyles without
recomputing anything.

As in scikit-learn, both also build themselves, already plotted, from scores or fitted
classifiers: ``from_predictions(y_true, y_score, ...)`` and ``from_estimator(estimator, X, y,
...)`` (:class:`~costlab.plotting._base.CurveDisplayMixin`) compute the curves with
:mod:`costlab.metrics` and call the constructor. ``y_score`` is the positive class's score, as
scikit-learn's ``predict_proba(X)[:, 1]``; either one array or ``{name: array}`` for several
classifiers, and likewise one estimator or ``{name: estimator}``. A study that plots the thesis's
own orientation (thresholds on P(class 1)) computes its curves with ``score_of="negative"`` and
passes them, with its axis labels, to the constructors.

==============================  ===============================================================
Display                         Thesis figures
==============================  ===============================================================
:class:`MTMCSDisplay`           7, 11, 16, 21, 26: MTMCS (%) by cost ratio FPcost/FNcost;
                                30-32 with ``highlight=(r1, r2)`` and ``plot(annotate=True)``
:class:`ThresholdDisplay`       9, 12, 17, 22, 27: optimal threshold by cost ratio
==============================  ===============================================================

The thesis's other figures are :class:`~costlab.plotting.ROCDisplay` and
:class:`~costlab.plotting.ROCThresholdDisplay` (:mod:`._roc`) and
:class:`~costlab.plotting.ClassDistributionDisplay` (:mod:`._class_counts`). Every classifier
keeps its colour and marker in every figure (:func:`~costlab.plotting.classifier_styles`).
Legends show each classifier's name, or the label given for it in ``labels=`` (a study passes
its paper's spelling).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from costlab.metrics import mtmcs_curve
>>> curve = mtmcs_curve([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])
>>> labels = {"NaiveBayes": "Naïve Bayes"}
>>> display = MTMCSDisplay({"NaiveBayes": curve}, highlight=(0.4, 0.6), labels=labels)
>>> display.plot(annotate=True).lines_["NaiveBayes"].get_label()
'Naïve Bayes'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics import format_cost_ratio, mtmcs_curve
from costlab.metrics.checks import check_cost_range
from costlab.plotting._base import (
    CurveDisplayMixin,
    _check_axis_labels,
    _check_frames,
    _check_labels,
    _classifier_lines,
    _finish,
    _per_classifier,
    _shared_doc,
    _threshold_axis,
)
from costlab.plotting._scores import named_scores

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["MTMCSDisplay", "ThresholdDisplay"]

_BAND_COLOUR = "#E41A1C"  # the thesis's red range-of-interest band (Figures 30-32)
_WIDE = (9.0, 5.0)
_TOL = 1e-9  # as in costlab.metrics.mtmcs.measures: grid values are rounded to 10 decimals
_ANNOTATION_FORMAT = "{:.1f}"
_MAX_COST_TICKS = 25


class _CostRatioChart(CurveDisplayMixin):
    """What both charts share: each classifier's MTMCS curve, drawn by cost ratio.

    Their ``from_predictions`` computes the curves with :func:`costlab.metrics.mtmcs_curve`;
    a subclass names its other constructor options in ``_options``.
    """

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        name: str | None = None,
        pos_label: Any = None,
        sample_weight: ArrayLike | None = None,
        fp_costs: ArrayLike | None = None,
        search: str = "exact",
        step: float = 1e-5,
        title: str | None = None,
        labels: Mapping[Any, str] | None = None,
        ax: Any = None,
        **kwargs: Any,
    ) -> Self:
        """Compute each classifier's MTMCS curve from its scores and plot the chart.

        Parameters
        ----------
        %(scores)s
        pos_label, sample_weight, fp_costs, search, step
            Passed to :func:`costlab.metrics.mtmcs_curve`.
        title, labels
            As in the constructor.
        ax : Axes, optional
        **kwargs
            :class:`MTMCSDisplay`'s ``highlight`` goes to the constructor; the rest to
            :meth:`plot` (e.g. ``annotate=True``, or line styles).

        Returns
        -------
        MTMCSDisplay or ThresholdDisplay
            Already plotted.

        Examples
        --------
        >>> y, p = [0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3]
        >>> display = MTMCSDisplay.from_predictions(y, p, fp_costs=[0.5])
        >>> display.lines_["Classifier"].get_ydata().tolist()
        [25.0]
        >>> display = ThresholdDisplay.from_predictions(y, p, fp_costs=[0.5])
        >>> display.lines_["Classifier"].get_ydata().tolist()
        [0.5]
        """
        curves = _per_classifier(
            mtmcs_curve,
            y_true,
            named_scores(y_score, name, y_true),
            pos_label=pos_label,
            sample_weight=sample_weight,
            fp_costs=fp_costs,
            search=search,
            step=step,
        )
        return cls._construct_and_plot(curves, ax=ax, kwargs=kwargs, title=title, labels=labels)


class MTMCSDisplay(_CostRatioChart):
    """MTMCS chart: each classifier's MTMCS (%) at every cost ratio (thesis 4.2.1, Figure 7).

    Parameters
    ----------
    curves : Mapping[str, DataFrame]
        Classifier name -> MTMCS curve with columns ``fp_cost`` and ``mtmcs``
        (:func:`costlab.metrics.mtmcs_curve`). Drawn in the mapping's order.
    highlight : tuple of float, optional
        ``(r1, r2)``: the cost-ratio range of interest as normalised FPcost values, shaded red
        as in Figures 30-32, e.g. ``(0.40, 0.60)`` for [0.40/0.60, 0.60/0.40].
    title : str, optional
        Axes title.

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    highlight_ : Rectangle or None
        The shaded range of interest.
    annotations_ : dict of str -> list of Annotation
        The MTMCS values written by ``plot(annotate=True)``.
    ax_ : Axes
    figure_ : Figure

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import MTMCSDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = MTMCSDisplay.from_predictions(y, scores, highlight=(0.3, 0.7), ax=ax)
    >>> sorted(display.lines_)
    ['LR', 'NB']
    >>> plt.close(fig)

    From fitted models, as scikit-learn's Displays (the positive class is ``classes_[1]``):

    >>> from sklearn.datasets import make_classification
    >>> from sklearn.naive_bayes import GaussianNB
    >>> X, y = make_classification(n_samples=100, random_state=0)
    >>> model = GaussianNB().fit(X, y)
    >>> display = MTMCSDisplay.from_estimator(model, X, y, name="NB")
    >>> display.curves["NB"]["mtmcs"].size
    19
    >>> plt.close(display.figure_)
    """

    _options = ("highlight",)

    def __init__(
        self,
        curves: Any,
        *,
        highlight: tuple[float, ...] | None = None,
        title: str | None = None,
        labels: Mapping[Any, str] | None = None,
    ) -> None:
        self.curves = _check_curves(curves, "mtmcs")
        self.highlight = _check_highlight(highlight)
        self.title = title
        self.labels = _check_labels(labels)

    def plot(self, ax: Any = None, *, annotate: bool = False, **kwargs: Any) -> Self:
        """Draw the chart on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : Axes, optional
        annotate : bool
            Write the MTMCS value at each point inside the highlighted range (every point if
            there is no ``highlight``), as in Figures 30-32.
        **kwargs
            Passed to :meth:`Axes.plot` for every classifier's line (override the style).

        Returns
        -------
        self
        """
        fig, ax = self._axes(ax, _WIDE)
        self.highlight_ = _shade_range(ax, self.highlight)
        self.lines_ = _plot_cost_curves(ax, self.curves, "mtmcs", kwargs, self.labels)
        top = max(float(c["mtmcs"].max()) for c in self.curves.values())
        ax.set_ylim(0, top * (1.18 if annotate else 1.08) if top > 0 else 1)
        self.annotations_ = {}
        if annotate:
            self.annotations_ = _annotate_values(ax, self.curves, self.lines_, self.highlight)
        ax.set_ylabel("MTMCS (%)")
        _finish(ax, self.title, legend="outside")
        return self._plotted(ax, fig)


@_shared_doc
class ThresholdDisplay(_CostRatioChart):
    """Optimal classification thresholds chart (thesis 4.4, Figure 9).

    The threshold on the score that attains each classifier's MTMCS at each cost ratio.

    Parameters
    ----------
    curves : Mapping[str, DataFrame]
        Classifier name -> MTMCS curve with columns ``fp_cost`` and ``threshold``.
    title : str, optional
    %(axis_labels)s

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    ax_ : Axes
    figure_ : Figure

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import ThresholdDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = ThresholdDisplay.from_predictions(y, scores, ax=ax)
    >>> sorted(display.lines_)
    ['LR', 'NB']
    >>> plt.close(fig)
    """

    def __init__(
        self,
        curves: Any,
        *,
        title: str | None = None,
        labels: Mapping[Any, str] | None = None,
        axis_labels: tuple[str, str] | None = None,
    ) -> None:
        self.curves = _check_curves(curves, "threshold")
        self.title = title
        self.labels = _check_labels(labels)
        self.axis_labels = _check_axis_labels(
            axis_labels,
            ("Cost ratio FPcost/FNcost (normalised)", "Optimal threshold on P(positive)"),
        )

    def plot(self, ax: Any = None, **kwargs: Any) -> Self:
        """Draw the chart on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = self._axes(ax, _WIDE)
        self.lines_ = _plot_cost_curves(ax, self.curves, "threshold", kwargs, self.labels)
        _threshold_axis(ax, self.curves, self.axis_labels[1])
        _finish(ax, self.title, legend="outside")
        return self._plotted(ax, fig)


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------


def _plot_cost_curves(ax, curves, column, kwargs, labels=None):
    """One line with markers per classifier: ``column`` against ``fp_cost``; x axis labelled."""
    lines = _classifier_lines(
        ax,
        curves,
        ("fp_cost", column),
        kwargs,
        labels=labels,
        marker=True,
        markersize=6,
        linewidth=1.8,
        clip_on=False,
        zorder=3,
    )
    _cost_ratio_axis(ax, np.concatenate([c["fp_cost"].to_numpy() for c in curves.values()]))
    return lines


def _cost_ratio_axis(ax, fp_costs):
    """x ticks at the cost ratios written FPcost/FNcost, thinned to at most 25 labels."""
    ticks = np.unique(np.round(fp_costs, 10))
    ticks = ticks[:: int(np.ceil(ticks.size / _MAX_COST_TICKS))]
    ax.set_xticks(ticks, [format_cost_ratio(t) for t in ticks])
    ax.tick_params(axis="x", labelrotation=45)
    for label in ax.get_xticklabels():
        label.set_horizontalalignment("right")
        label.set_rotation_mode("anchor")
    spacing = np.min(np.diff(ticks)) if ticks.size > 1 else 0.05
    ax.set_xlim(ticks[0] - spacing / 2, ticks[-1] + spacing / 2)
    ax.set_xlabel("Cost ratio FPcost/FNcost (normalised)")


def _shade_range(ax, highlight):
    """The red band over [r1, r2] with thin edges (Figures 30-32); None without a range."""
    if highlight is None:
        return None
    r1, r2 = highlight
    label = "Range of interest" if r2 > r1 else "Cost ratio of interest"
    band = ax.axvspan(
        r1, r2, facecolor=_BAND_COLOUR, alpha=0.13, linewidth=0, zorder=0, label=label
    )
    for x in (r1, r2):
        ax.axvline(x, color=_BAND_COLOUR, linewidth=1, alpha=0.7, zorder=1)
    return band


def _annotate_values(ax, curves, lines, highlight):
    """Write each MTMCS inside [r1, r2]: the higher values at a cost ratio above, lower below."""
    r1, r2 = highlight if highlight is not None else (-np.inf, np.inf)
    table = pd.DataFrame({name: c.set_index("fp_cost")["mtmcs"] for name, c in curves.items()})
    ranks = table.rank(axis=1, method="first", ascending=False)
    annotations = {name: [] for name in curves}
    for name, curve in curves.items():
        for x, y in zip(curve["fp_cost"], curve["mtmcs"], strict=True):
            if r1 - _TOL <= x <= r2 + _TOL:
                above = len(curves) == 1 or ranks.loc[x, name] <= table.loc[x].count() / 2
                text = _write_value(ax, x, y, lines[name].get_color(), above)
                annotations[name].append(text)
    return annotations


def _write_value(ax, x, y, colour, above):
    """One MTMCS label just above or below its marker, on a faint white box."""
    return ax.annotate(
        _ANNOTATION_FORMAT.format(y),
        (x, y),
        xytext=(0, 8 if above else -9),
        textcoords="offset points",
        ha="center",
        va="bottom" if above else "top",
        fontsize=8,
        fontweight="bold",
        color=colour,
        zorder=4,
        bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.7},
    )


# ---------------------------------------------------------------------------------------------
# Validation (at the Display's boundary; the data come from costlab's own functions)
# ---------------------------------------------------------------------------------------------


def _check_curves(curves, column):
    """MTMCS curves with ``fp_cost`` and ``column``, each a cost ratio at most once."""
    curves = _check_frames(curves, ("fp_cost", column), "curves")
    for key, curve in curves.items():
        if curve["fp_cost"].duplicated().any():
            raise ValueError(f"curves[{key!r}] has repeated fp_cost values; one row per ratio.")
    return curves


def _check_highlight(highlight):
    """None, or ``(r1, r2)`` as validated normalised FPcost bounds."""
    if highlight is None:
        return None
    if isinstance(highlight, str) or np.ndim(highlight) != 1 or len(highlight) != 2:
        raise ValueError(f"highlight must be None or a pair (r1, r2), got {highlight!r}.")
    return check_cost_range(*highlight)
