"""Cost curves as a Display: cost space, one of the two dual pictures of Drummond & Holte (2000).

Drummond & Holte ("D&H") show that a classifier's ROC point (FP, TP) is, in cost space,
the straight *cost line* (D&H eq. 8)

.. math:: NE[C] = (1 - TP - FP) \\cdot PCF(+) + FP

over the probability cost PCF(+) in [0, 1] (eq. 6), and that the upper convex hull of the ROC
points is the lower envelope of their cost lines. Each Display takes what
:mod:`costlab.metrics` computed (:class:`~costlab.metrics.CostEnvelope`,
:class:`~costlab.metrics.RocHull`) and only draws it; the three Displays of the family
share :mod:`._cost_space`:

=================================  ============================================================
Display (module)                   What it draws
=================================  ============================================================
:class:`CostCurveDisplay`          cost space (D&H Figs. 4, 6-9): each classifier's cost lines
                                   faint, its lower envelope bold, the two trivial classifiers
                                   (always negative NE = PCF(+), always positive NE = 1 - PCF(+))
                                   and the operating range where the envelope beats both
:class:`~costlab.plotting.ROCHullDisplay`
(:mod:`._roc_hull`)                ROC space (D&H Figs. 3, 5): the ROC points faint, the convex
                                   hull bold, and the iso-cost line of a PCF(+) touching the hull
                                   at its optimal vertex, slope S = (1 - PCF(+)) / PCF(+)
                                   (D&H eq. 1 with eqs. 6 and 9: PCF(+) = 1 / (1 + S))
:class:`~costlab.plotting.CostSpaceDualityDisplay`
(:mod:`._duality`)                 both side by side, one PCF(+) marked in each: the iso-cost
                                   line in ROC space is the point (PCF(+), NE[C]) in cost space
=================================  ============================================================

As in scikit-learn, ``from_predictions(y_true, y_score, ...)`` and ``from_estimator(estimator, X,
y, ...)`` build each Display already plotted. ``y_score`` is higher for the positive class
(scikit-learn's convention; ``from_estimator`` uses the ``predict_proba`` column of
``pos_label``); pass ``higher_is_positive=False`` for scores of the negative class such as the
thesis's P(class 1). Colours and markers per classifier are :func:`classifier_styles`'s.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> y, score = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
>>> display = CostCurveDisplay.from_predictions(y, score, name="toy")
>>> display.lines_["toy"].get_ydata().tolist()  # the envelope at 0, its breakpoints and 1
[0.0, 0.0, 0.25, 0.0, 0.0]
>>> display.operating_ranges["toy"]
(0.0, 1.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MultipleLocator

from costlab.metrics import (
    CostEnvelope,
    format_cost_ratio,
    trivial_cost,
)
from costlab.metrics.checks import check_positive_cost
from costlab.plotting._base import (
    _check_labels,
    _classifier_lines,
    _shared_doc,
    classifier_styles,
)
from costlab.plotting._cost_space import (
    PCF_COLOUR,
    TRIVIAL_COLOUR,
    CostSpaceDisplayMixin,
    check_curves,
    check_pcf,
    check_rocs,
    prior_axis,
    scored_envelopes,
    thesis_axes,
)
from costlab.validation import Options, check_param

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["CostCurveDisplay"]

_X_AXES = ("pcf", "thesis")
_REGION_COLOUR = "0.55"  # the useful region below both trivial classifiers (D&H Fig. 7)
_COST_SIZE = (8.2, 5.0)
_Y_TOP = 0.55  # the trivial classifiers peak at NE[C] = 0.5 (PCF(+) = 0.5)


class CostCurveDisplay(CostSpaceDisplayMixin):
    """Cost curves: cost lines, lower envelopes and operating ranges (D&H section 2.2, Figures 4-9).

    Each hull vertex (FP, TP) is the cost line from NE[C] = FP at PCF(+) = 0 to 1 - TP at
    PCF(+) = 1 (D&H eq. 10); the envelope is their minimum, and the *operating range* is where it
    is strictly below both trivial classifiers, i.e. below min(PCF(+), 1 - PCF(+)).

    Parameters
    ----------
    envelopes : Mapping[str, CostEnvelope]
        Classifier name -> lower envelope (:func:`costlab.metrics.cost_envelope`), drawn in the
        mapping's order.
    rocs : Mapping[str, DataFrame or (fpr, tpr)], optional
        Every ROC point of some classifiers: their faint cost lines are drawn for all these points
        instead of only the hull's vertices (D&H Fig. 9).
    pcf : float, optional
        A PCF(+) in (0, 1) to mark: a vertical line, each envelope's cost there, and the cost
        line of the vertex that is optimal there.
    labels : Mapping[str, str], optional
        Legend label per classifier name.
    title : str, optional
    show_lines : bool
        Draw the cost lines faintly beneath each envelope (the trivial classifiers' own lines
        are the grey diagonals).
    show_trivial : bool
        Draw the trivial classifiers: always negative (NE = PCF(+)) and always positive
        (NE = 1 - PCF(+)).
    shade_operating_range : bool
        Shade where classifiers beat both trivial classifiers: for one classifier the area
        between its envelope and the trivial classifiers over its operating range; for several,
        the region below both trivial classifiers (D&H Fig. 7). Either way every envelope's
        operating range ends are marked with ticks.
    x_axis : {"pcf", "thesis"}
        ``"thesis"`` reads the chart as the thesis's MTMCS chart: with equal priors
        PCF(+) = FNcost (normalised, FPcost + FNcost = 1), so the point x is the cost ratio
        FPcost/FNcost = (1 - x)/x. The x axis is reversed so that FPcost grows to the right as
        in the thesis, a top axis is labelled with the ratios (``"0.30/0.70"``), and a right
        axis shows MTMCS (%) = 100 NE[C].
    true_costs : (fn_cost, fp_cost), optional
        Fixed misclassification costs ``C(-|+)`` and ``C(+|-)``, both > 0: a top axis shows the
        prior p(+) that gives each PCF(+) with these costs (D&H eq. 6; "PC(+)" in the lecture
        notes on cost curves). Not with ``x_axis="thesis"``, whose priors are equal.

    Attributes
    ----------
    operating_ranges : dict of str -> (float, float) or None
        Each envelope's operating range (None where it never beats both trivial classifiers).
    lines_ : dict of str -> Line2D
        The envelopes; their data are :meth:`CostEnvelope.curve` exactly.
    cost_lines_ : dict of str -> LineCollection
        The faint cost lines (absent for a classifier with none, or ``show_lines=False``).
    trivial_lines_ : list of Line2D
        ``[always negative, always positive]``; empty with ``show_trivial=False``.
    operating_range_ : dict of str -> Line2D
        Ticks at each operating range's two ends (on the trivial classifiers' lines).
    shading_ : PolyCollection or None
        The shaded operating range (one classifier) or useful region (several).
    pcf_line_ : Line2D or None
        The vertical line at ``pcf``.
    pcf_points_ : dict of str -> Line2D
        Each envelope's point at ``pcf``: the dual of the ROC iso-cost line (D&H eq. 9).
    optimal_lines_ : dict of str -> Line2D
        The whole cost line of the hull vertex optimal at ``pcf`` (dashed).
    secondary_axes_ : list of SecondaryAxis
        The thesis or p(+) top axis and the MTMCS right axis, when drawn.
    ax_ : Axes
    figure_ : Figure

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import CostCurveDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = CostCurveDisplay.from_predictions(y, scores, ax=ax)
    >>> display.ax_ is ax
    True
    >>> plt.close(fig)
    """

    #: The constructor's options that ``from_predictions`` passes on from its ``**kwargs``.
    _options = ("show_lines", "show_trivial", "shade_operating_range", "x_axis", "true_costs")

    def __init__(
        self,
        envelopes: Any,
        *,
        rocs: Any = None,
        pcf: ArrayLike | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
        show_lines: bool = True,
        show_trivial: bool = True,
        shade_operating_range: bool = True,
        x_axis: str = "pcf",
        true_costs: tuple[float, float] | None = None,
    ) -> None:
        self.envelopes = check_curves(envelopes, "envelopes", CostEnvelope)
        self.rocs = check_rocs(rocs, self.envelopes)
        self.pcf = check_pcf(pcf)
        self.labels = _check_labels(labels)
        self.title = title
        self.show_lines, self.show_trivial = bool(show_lines), bool(show_trivial)
        self.shade_operating_range = bool(shade_operating_range)
        self.x_axis = _check_x_axis(x_axis, true_costs)
        self.true_costs = _check_true_costs(true_costs)
        self.operating_ranges = {
            name: env.operating_range() for name, env in self.envelopes.items()
        }

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        name: str | None = None,
        pos_label: Any = None,
        higher_is_positive: bool = True,
        all_points: bool = False,
        pcf: ArrayLike | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
        **kwargs: Any,
    ) -> Self:
        """Compute each classifier's lower envelope from its scores and plot the cost curves.

        Parameters
        ----------
        %(y_true)s
        y_score : array-like of shape (n,) or Mapping[str, array-like]
            Scores of one classifier, higher for the positive class, or ``{name: scores}`` for
            several classifiers scored on the same ``y_true``.
        %(name)s
        %(pos_label)s
        higher_is_positive : bool
            False for scores that are higher for the *negative* class (the thesis's
            P(class 1)).
        all_points : bool
            Draw a cost line for every ROC point, not only for the hull's vertices.
        pcf, labels, title
            As in the constructor.
        ax : Axes, optional
        %(sample_weight)s
        **kwargs
            The constructor's ``show_lines``, ``show_trivial``, ``shade_operating_range``,
            ``x_axis`` and ``true_costs``; the rest is passed to :meth:`plot` (``legend``, the
            envelopes' line style).

        Returns
        -------
        CostCurveDisplay
            Already plotted.

        Examples
        --------
        >>> display = CostCurveDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> display.lines_["Classifier"].get_xdata().tolist()
        [0.0, 0.0, 0.5, 1.0, 1.0]
        """
        envelopes, rocs = scored_envelopes(
            y_true, y_score, name, pos_label, higher_is_positive, with_rocs=all_points,
            sample_weight=sample_weight,
        )  # fmt: skip
        return cls._construct_and_plot(
            envelopes, ax=ax, kwargs=kwargs, rocs=rocs, pcf=pcf, labels=labels, title=title
        )

    def plot(self, ax: Any = None, *, legend: bool = True, **kwargs: Any) -> Self:
        """Draw the cost curves on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : Axes, optional
        legend : bool
            Draw the legend (outside the axes, on the right).
        **kwargs
            Passed to :meth:`Axes.plot` for every envelope (override its style).

        Returns
        -------
        self
        """
        fig, ax = self._axes(ax, _COST_SIZE)
        styles = classifier_styles(self.envelopes)
        self.trivial_lines_ = (
            _draw_trivial(ax, self.x_axis == "thesis") if self.show_trivial else []
        )
        self.shading_ = self._shade(ax, styles) if self.shade_operating_range else None
        self.cost_lines_ = self._draw_cost_lines(ax, styles) if self.show_lines else {}
        self.lines_ = self._draw_envelopes(ax, kwargs)
        self.operating_range_ = self._mark_operating_ranges(ax, styles)
        self.pcf_line_, self.pcf_points_, self.optimal_lines_ = self._mark_pcf(ax, styles)
        self._cost_axes(ax)
        guides = [*self._guides(), *self._pcf_guides()]
        return self._finish_panel(ax, fig, legend=legend, guides=guides, outside=True)

    # -- drawing ------------------------------------------------------------------------------

    def _shade(self, ax, styles):
        """The one classifier's gain over the trivial classifiers, or the useful region."""
        if len(self.envelopes) > 1:
            x = np.array([0.0, 0.5, 1.0])
            return ax.fill_between(
                x, 0.0, trivial_cost(x), color=_REGION_COLOUR, alpha=0.1, linewidth=0, zorder=0
            )
        ((name, env),) = self.envelopes.items()
        bounds = self.operating_ranges[name]
        if bounds is None:
            return None
        x = _range_knots(env, *bounds)
        colour = styles[name]["color"]
        return ax.fill_between(
            x, env(x), trivial_cost(x), color=colour, alpha=0.16, linewidth=0, zorder=1
        )

    def _draw_cost_lines(self, ax, styles):
        """One faint LineCollection per classifier: the cost line of each (non-trivial) point."""
        collections = {}
        for name, env in self.envelopes.items():
            fpr, tpr = self.rocs.get(name, (env.hull.fpr, env.hull.tpr))
            segments = _cost_segments(fpr, tpr)
            if len(segments):
                colour = styles[name]["color"]
                alpha = 0.3 if len(self.envelopes) == 1 else 0.2
                lines = LineCollection(segments, colors=colour, linewidths=0.8, alpha=alpha)
                collections[name] = ax.add_collection(lines, autolim=False)
                lines.set_zorder(2)
        return collections

    def _draw_envelopes(self, ax, kwargs):
        return _classifier_lines(
            ax,
            self.envelopes,
            lambda env: env.curve(),
            kwargs,
            labels=self.labels,
            linewidth=2.6,
            solid_joinstyle="round",
            zorder=4,
        )

    def _mark_operating_ranges(self, ax, styles):
        """Ticks where each envelope leaves and rejoins the trivial classifiers."""
        marks = {}
        for name, bounds in self.operating_ranges.items():
            if bounds is None:
                continue
            x = np.asarray(bounds)
            marks[name] = ax.plot(
                x,
                trivial_cost(x),
                linestyle="none",
                marker="|",
                markersize=13,
                markeredgewidth=2.2,
                color=styles[name]["color"],
                zorder=5,
                clip_on=False,
            )[0]
        if len(self.envelopes) == 1 and marks:
            _label_range(ax, *next(iter(self.operating_ranges.values())), self.x_axis)
        return marks

    def _mark_pcf(self, ax, styles):
        """The vertical line at ``pcf``; each envelope's point there and its optimal cost line.

        The point is the dual of the ROC iso-cost line (D&H eq. 9), the dashed line the dual of
        the optimal vertex (eq. 8).
        """
        if self.pcf is None:
            return None, {}, {}
        x = self.pcf
        line = ax.axvline(x, color=PCF_COLOUR, linestyle="--", linewidth=1.1, zorder=3)
        points, optimal = {}, {}
        for name, env in self.envelopes.items():
            colour = styles[name]["color"]
            i = int(env.vertex_at(x)[0])
            f, t = env.hull.fpr[i], env.hull.tpr[i]
            optimal[name] = ax.plot(
                [0, 1], [f, 1 - t], color=colour, linewidth=1.3, linestyle=(0, (5, 2)), zorder=3
            )[0]
            points[name] = ax.plot(
                [x],
                [env(x)],
                marker="o",
                markersize=7.5,
                markerfacecolor="white",
                markeredgewidth=2,
                color=colour,
                linestyle="none",
                zorder=6,
            )[0]
        return line, points, optimal

    def _cost_axes(self, ax):
        top = max(
            [_Y_TOP] + [float(np.max(env.curve()[1])) * 1.05 for env in self.envelopes.values()]
        )
        ax.set_ylim(0, top)
        ax.set_xlim((1, 0) if self.x_axis == "thesis" else (0, 1))
        ax.xaxis.set_major_locator(MultipleLocator(0.1))
        ax.yaxis.set_major_locator(MultipleLocator(0.1))
        ax.set_xlabel("Probability cost PCF(+)")
        ax.set_ylabel("Normalised expected cost NE[C]")
        self.secondary_axes_ = []
        if self.x_axis == "thesis":
            self.secondary_axes_ = thesis_axes(ax)
        elif self.true_costs is not None:
            self.secondary_axes_ = [prior_axis(ax, *self.true_costs)]

    def _guides(self):
        """Legend entries of what is drawn besides the envelopes and ``pcf``."""
        handles, several = [], len(self.envelopes) > 1
        if self.cost_lines_:
            label = (
                "cost lines of all ROC points" if self.rocs else "cost lines of the hull's vertices"
            )
            handles.append(Line2D([], [], color="0.5", alpha=0.5, linewidth=0.8, label=label))
        if self.trivial_lines_:
            handles.append(
                Line2D([], [], color=TRIVIAL_COLOUR, linewidth=1.1, label="trivial classifiers")
            )
        if self.shading_ is not None:
            label = "useful region (below both trivial)" if several else "operating range"
            colour = self.shading_.get_facecolor()[0]
            handles.append(Patch(facecolor=colour, edgecolor="none", label=label))
        if several and self.operating_range_:
            handles.append(
                Line2D(
                    [],
                    [],
                    color="0.3",
                    marker="|",
                    markersize=10,
                    markeredgewidth=2,
                    linestyle="none",
                    label="operating range ends",
                )
            )
        return handles

    def _pcf_guides(self, text=None):
        """Legend entries of ``pcf``: the vertical line (``text``) and the optimal cost lines."""
        if self.pcf_line_ is None:
            return []
        text = text or f"PCF(+) = {self.pcf:.2f}"
        return [
            Line2D([], [], color=PCF_COLOUR, linestyle="--", linewidth=1.1, label=text),
            Line2D(
                [],
                [],
                color="0.5",
                linestyle=(0, (5, 2)),
                linewidth=1.3,
                label="cost line optimal there",
            ),
        ]


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------


def _draw_trivial(ax, reversed_x):
    """Always negative (NE = PCF(+)) and always positive (NE = 1 - PCF(+)), labelled in place."""
    x = np.array([0.0, 1.0])
    style = {"color": TRIVIAL_COLOUR, "linewidth": 1.1, "zorder": 2}
    lines = [ax.plot(x, x, **style)[0], ax.plot(x, 1.0 - x, **style)[0]]
    for at, angle, text in ((0.2, 45, "always negative"), (0.8, -45, "always positive")):
        ax.text(
            at,
            trivial_cost(at) + 0.022,  # just above the line: every envelope is on or below it
            text,
            rotation=angle + (180 if reversed_x else 0),  # upright when x runs from 1 to 0
            rotation_mode="anchor",
            transform_rotates_text=True,
            ha=_text_side(angle, reversed_x),
            va="bottom",
            fontsize=8.5,
            color=TRIVIAL_COLOUR,
            zorder=2,
        )
    return lines


def _text_side(angle, flip):
    """Anchor the label at its end nearer the axes' edge, whichever way x runs."""
    starts_at_anchor = (angle > 0) != flip
    return "left" if starts_at_anchor else "right"


def _range_knots(env, low, high):
    """x values where the envelope or the trivial cost bends inside [low, high], with both ends."""
    inner = np.r_[env.breakpoints, 0.5]
    return np.unique(np.r_[low, inner[(inner > low) & (inner < high)], high])


def _cost_segments(fpr, tpr):
    """Segments (0, FP) -> (1, 1 - TP) of every ROC point except the trivial (0, 0), (1, 1)."""
    fpr, tpr = np.asarray(fpr, dtype=float), np.asarray(tpr, dtype=float)
    keep = ~(((fpr == 0) & (tpr == 0)) | ((fpr == 1) & (tpr == 1)))
    start = np.column_stack([np.zeros(keep.sum()), fpr[keep]])
    end = np.column_stack([np.ones(keep.sum()), 1.0 - tpr[keep]])
    return np.stack([start, end], axis=1)


def _label_range(ax, low, high, x_axis):
    """Dotted drops from a single classifier's range ends to the x axis, and their values."""
    for x in (low, high):
        ax.plot([x, x], [0, trivial_cost(x)], color="0.3", linestyle=":", linewidth=1, zorder=3)
    text = f"operating range {low:.2f} – {high:.2f}"
    if x_axis == "thesis":
        text += f"\n(FPcost/FNcost {format_cost_ratio(1 - high)} – {format_cost_ratio(1 - low)})"
    ax.annotate(
        text,
        ((low + high) / 2, 0),
        xytext=(0, 6),
        textcoords="offset points",
        ha="center",
        va="bottom",
        fontsize=8.5,
        color="0.25",
        zorder=6,
        bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none", "alpha": 0.85},
    )


# ---------------------------------------------------------------------------------------------
# Validation (at the Display's boundary)
# ---------------------------------------------------------------------------------------------


def _check_x_axis(x_axis, true_costs):
    check_param("x_axis", x_axis, Options(set(_X_AXES)))
    if x_axis == "thesis" and true_costs is not None:
        raise ValueError(
            "true_costs cannot be combined with x_axis='thesis': the thesis's axis assumes equal "
            "priors, whereas true_costs varies the prior p(+) at fixed costs."
        )
    return x_axis


def _check_true_costs(true_costs):
    """None, or (fn_cost, fp_cost) as two finite costs > 0."""
    if true_costs is None:
        return None
    if isinstance(true_costs, (str, bytes)) or np.ndim(true_costs) != 1 or len(true_costs) != 2:
        raise ValueError(f"true_costs must be a pair (fn_cost, fp_cost), got {true_costs!r}.")
    fn_cost, fp_cost = true_costs
    return check_positive_cost(fn_cost, "fn_cost"), check_positive_cost(fp_cost, "fp_cost")
