"""Cost curves and ROC convex hulls as Displays: the two dual pictures of Drummond & Holte (2000).

Drummond & Holte ("D&H", seed 001) show that a classifier's ROC point (FP, TP) is, in cost space,
the straight *cost line* (D&H eq. 8)

.. math:: NE[C] = (1 - TP - FP) \\cdot PCF(+) + FP

over the probability cost PCF(+) in [0, 1] (eq. 6), and that the upper convex hull of the ROC
points is the lower envelope of their cost lines. Each Display takes what
:mod:`costlab.metrics` computed (:class:`~costlab.metrics.CostEnvelope`,
:class:`~costlab.metrics.RocHull`) and only draws it:

=================================  ============================================================
Display                            What it draws
=================================  ============================================================
:class:`CostCurveDisplay`          cost space (D&H Figs. 4, 6-9): each classifier's cost lines
                                   faint, its lower envelope bold, the two trivial classifiers
                                   (always negative NE = PCF(+), always positive NE = 1 - PCF(+))
                                   and the operating range where the envelope beats both
:class:`ROCHullDisplay`            ROC space (D&H Figs. 3, 5): the ROC points faint, the convex
                                   hull bold, and the iso-cost line of a PCF(+) touching the hull
                                   at its optimal vertex, slope S = (1 - PCF(+)) / PCF(+)
                                   (D&H eq. 1 with eqs. 6 and 9: PCF(+) = 1 / (1 + S))
:class:`CostSpaceDualityDisplay`   both side by side, one PCF(+) marked in each: the iso-cost
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

import numbers
from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MultipleLocator
from sklearn.metrics import roc_curve

from costlab.metrics import (
    CostEnvelope,
    RocHull,
    cost_envelope,
    format_cost_ratio,
    operating_range,
    prior_from_probability_cost,
    probability_cost,
    trivial_cost,
)
from costlab.metrics._validation import check_bool, check_labels_scores, check_positive_cost
from costlab.plotting._displays import (
    _axes,
    _check_labels,
    _finish,
    classifier_styles,
    display_name,
)
from costlab.plotting._scores import estimator_scores, named_scores

__all__ = ["CostCurveDisplay", "CostSpaceDualityDisplay", "ROCHullDisplay"]

_X_AXES = ("pcf", "thesis")
_TRIVIAL_COLOUR = "0.45"
_REGION_COLOUR = "0.55"  # the useful region below both trivial classifiers (D&H Fig. 7)
_PCF_COLOUR = "0.15"
_COST_SIZE, _ROC_SIZE, _DUAL_SIZE = (8.2, 5.0), (6.6, 6.0), (14.0, 6.0)
_Y_TOP = 0.55  # the trivial classifiers peak at NE[C] = 0.5 (PCF(+) = 0.5)
_THESIS_FP_COSTS = (0.1, 0.3, 0.5, 0.7, 0.9)  # labelled; minor ticks every 0.1 between
#: Priors offered as ticks of the p(+) axis, roundest first; kept if not crowding the others.
_PRIOR_TICKS = (0.5, 0.1, 0.9, 0.01, 0.99, 0.2, 0.8, 0.05, 0.95, 0.3, 0.7, 0.001, 0.999)
_PRIOR_TICKS += (0.4, 0.6, 0.02, 0.98, 0.005, 0.995)
_MIN_TICK_GAP = 0.075  # in PCF(+), between two ticks of the p(+) axis
_MAX_MARKED_POINTS = 25  # ROC curves with more points are drawn without markers


# ---------------------------------------------------------------------------------------------
# Cost space
# ---------------------------------------------------------------------------------------------


class CostCurveDisplay:
    """Cost curves: cost lines, lower envelopes and operating ranges (D&H sec. 2.2, Figs. 4-9).

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
        Fixed misclassification costs ``C(-|+)``, ``C(+|-)`` > 0: a top axis shows the prior
        p(+) that gives each PCF(+) with these costs (D&H eq. 6, seed 004 "PC(+)"). Not with
        ``x_axis="thesis"``, whose priors are equal.

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
    """

    def __init__(
        self,
        envelopes,
        *,
        rocs=None,
        pcf=None,
        labels=None,
        title=None,
        show_lines=True,
        show_trivial=True,
        shade_operating_range=True,
        x_axis="pcf",
        true_costs=None,
    ):
        self.envelopes = _check_curves(envelopes, "envelopes", CostEnvelope)
        self.rocs = _check_rocs(rocs, self.envelopes)
        self.pcf = _check_pcf(pcf)
        self.labels = _check_labels(labels)
        self.title = title
        self.show_lines, self.show_trivial = bool(show_lines), bool(show_trivial)
        self.shade_operating_range = bool(shade_operating_range)
        self.x_axis = _check_x_axis(x_axis, true_costs)
        self.true_costs = _check_true_costs(true_costs)
        self.operating_ranges = {
            name: envelope_operating_range(env) for name, env in self.envelopes.items()
        }

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        higher_is_positive=True,
        all_points=False,
        pcf=None,
        labels=None,
        title=None,
        show_lines=True,
        show_trivial=True,
        shade_operating_range=True,
        x_axis="pcf",
        true_costs=None,
        ax=None,
        **kwargs,
    ):
        """Compute each classifier's lower envelope from its scores and plot the cost curves.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            True labels, two classes.
        y_score : array-like of shape (n,) or Mapping[str, array-like]
            Scores of one classifier, higher for the positive class, or ``{name: scores}`` for
            several classifiers scored on the same ``y_true``.
        name : str, optional
            Legend name of a single array of scores (default ``"Classifier"``); must be None
            when ``y_score`` is a mapping.
        pos_label : scalar, optional
            The positive class; inferred for labels {0, 1}, {-1, 1} and {1, 2}.
        higher_is_positive : bool
            False for scores that are higher for the *negative* class (the thesis's
            P(class 1)).
        all_points : bool
            Draw a cost line for every ROC point, not only for the hull's vertices.
        pcf, labels, title, show_lines, show_trivial, shade_operating_range, x_axis, true_costs
            As in the constructor.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`plot` (the envelopes' line style).

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
        scores = named_scores(y_score, name, y_true, param="y_score")
        envelopes = _envelopes(y_true, scores, pos_label, higher_is_positive)
        rocs = _full_rocs(y_true, scores, pos_label, higher_is_positive) if all_points else None
        display = cls(
            envelopes,
            rocs=rocs,
            pcf=pcf,
            labels=labels,
            title=title,
            show_lines=show_lines,
            show_trivial=show_trivial,
            shade_operating_range=shade_operating_range,
            x_axis=x_axis,
            true_costs=true_costs,
        )
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, name=None, pos_label=None, ax=None, **kwargs):
        """Score ``X`` with fitted classifiers and plot their cost curves.

        Parameters
        ----------
        estimator : fitted classifier or Mapping[str, fitted classifier]
            Binary classifier(s) with ``predict_proba``; the score is the column of
            ``pos_label``.
        X : array-like of shape (n, n_features)
        y : array-like of shape (n,)
        name : str, optional
            Legend name of a single estimator (default its class name, for a Pipeline its last
            step's); must be None when ``estimator`` is a mapping.
        pos_label : scalar, optional
            The positive class; inferred for labels {0, 1}, {-1, 1} and {1, 2}.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`from_predictions` (display options and line style).

        Returns
        -------
        CostCurveDisplay
            Already plotted.
        """
        scores, positive = _positive_scores(estimator, X, y, name, pos_label)
        return cls.from_predictions(
            y, scores, pos_label=positive, higher_is_positive=True, ax=ax, **kwargs
        )

    def plot(self, ax=None, *, legend=True, **kwargs):
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
        fig, ax = _axes(ax, _COST_SIZE)
        styles = classifier_styles(self.envelopes)
        self.trivial_lines_ = (
            _draw_trivial(ax, self.x_axis == "thesis") if self.show_trivial else []
        )
        self.shading_ = self._shade(ax, styles) if self.shade_operating_range else None
        self.cost_lines_ = self._draw_cost_lines(ax, styles) if self.show_lines else {}
        self.lines_ = self._draw_envelopes(ax, styles, kwargs)
        self.operating_range_ = self._mark_operating_ranges(ax, styles)
        self.pcf_line_, self.pcf_points_, self.optimal_lines_ = self._mark_pcf(ax, styles)
        self._cost_axes(ax)
        _finish(ax, self.title, legend=None)
        if legend:
            handles = [*self.lines_.values(), *self._guides(), *self._pcf_guides()]
            _legend(ax, handles, outside=True)
        self.ax_, self.figure_ = ax, fig
        return self

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

    def _draw_envelopes(self, ax, styles, kwargs):
        lines = {}
        for name, env in self.envelopes.items():
            style = {
                "color": styles[name]["color"],
                "linewidth": 2.6,
                "label": display_name(name, self.labels),
                "solid_joinstyle": "round",
                "zorder": 4,
            }
            x, y = env.curve()
            lines[name] = ax.plot(x, y, **(style | kwargs))[0]
        return lines

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
        line = ax.axvline(x, color=_PCF_COLOUR, linestyle="--", linewidth=1.1, zorder=3)
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
            self.secondary_axes_ = _thesis_axes(ax)
        elif self.true_costs is not None:
            self.secondary_axes_ = [_prior_axis(ax, *self.true_costs)]

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
                Line2D([], [], color=_TRIVIAL_COLOUR, linewidth=1.1, label="trivial classifiers")
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
            Line2D([], [], color=_PCF_COLOUR, linestyle="--", linewidth=1.1, label=text),
            Line2D(
                [],
                [],
                color="0.5",
                linestyle=(0, (5, 2)),
                linewidth=1.3,
                label="cost line optimal there",
            ),
        ]


def envelope_operating_range(envelope):
    """PCF(+) interval where a lower envelope is strictly below both trivial classifiers.

    Hull vertex i is optimal on [b_i, b_{i+1}] (the envelope's breakpoints) and beats both
    trivial classifiers on its own :func:`~costlab.metrics.operating_range`,
    FP / (FP + TP) < PCF(+) < (1 - FP) / ((1 - FP) + (1 - TP)) (D&H 2.1-2.2); the envelope's range
    runs from the first such intersection to the last.

    Returns
    -------
    (low, high) : tuple of float, or None
        None when no vertex is above the ROC diagonal.

    Examples
    --------
    D&H Figure 4's classifier B alone (FP = 0.3, TP = 0.7), operating on [0.3, 0.7]:

    >>> from costlab.metrics import hull_of_points
    >>> env = CostEnvelope.from_hull(hull_of_points([3], [7], n_neg=10, n_pos=10))
    >>> tuple(round(v, 12) for v in envelope_operating_range(env))
    (0.3, 0.7)
    """
    b = envelope.breakpoints
    pieces = []
    for i, (f, t) in enumerate(zip(envelope.hull.fpr, envelope.hull.tpr, strict=True)):
        bounds = operating_range(f, t)
        if bounds is not None and max(bounds[0], b[i]) < min(bounds[1], b[i + 1]):
            pieces.append((max(bounds[0], b[i]), min(bounds[1], b[i + 1])))
    if not pieces:
        return None
    return float(pieces[0][0]), float(pieces[-1][1])


# ---------------------------------------------------------------------------------------------
# ROC space
# ---------------------------------------------------------------------------------------------


class ROCHullDisplay:
    """ROC convex hulls and the iso-cost line of a PCF(+) (D&H sec. 2.1, Figs. 3 and 5).

    A line of slope S in ROC space joins classifiers of equal expected cost at
    PCF(+) = 1 / (1 + S) (D&H eqs. 1 and 9), so the iso-cost line of a PCF(+) has slope

    .. math:: S = \\frac{1 - PCF(+)}{PCF(+)} = \\frac{p(-) C(+|-)}{p(+) C(-|+)}

    and the hull vertex it touches, with no vertex above it, is the classifier optimal there.

    Parameters
    ----------
    hulls : Mapping[str, RocHull or CostEnvelope]
        Classifier name -> ROC convex hull (:func:`costlab.metrics.roc_convex_hull`; an
        envelope stands for its hull).
    rocs : Mapping[str, DataFrame or (fpr, tpr)], optional
        The full ROC curves of some classifiers, drawn faintly beneath their hulls.
    pcf : float, optional
        A PCF(+) in (0, 1): draw its iso-cost line through each hull's optimal vertex.
    labels : Mapping[str, str], optional
    title : str, optional

    Attributes
    ----------
    optimal_vertices : dict of str -> int
        Index of each hull's vertex optimal at ``pcf`` (empty without ``pcf``; the lower-FP one
        where two tie, as :meth:`CostEnvelope.vertex_at`).
    lines_ : dict of str -> Line2D
        The hulls; their data are ``hull.fpr`` and ``hull.tpr`` exactly.
    roc_lines_ : dict of str -> Line2D
        The faint ROC curves.
    chance_line_ : Line2D
        The diagonal of random classifiers.
    iso_lines_ : dict of str -> Line2D
        The iso-cost lines, clipped to the unit square.
    optimal_points_ : dict of str -> Line2D
        The ring around each optimal vertex.
    annotations_ : dict of str -> Annotation
        Each optimal vertex's NE[C] at ``pcf``.
    ax_ : Axes
    figure_ : Figure
    """

    def __init__(self, hulls, *, rocs=None, pcf=None, labels=None, title=None):
        self.hulls = {
            name: getattr(h, "hull", h)
            for name, h in _check_curves(hulls, "hulls", (RocHull, CostEnvelope)).items()
        }
        self.rocs = _check_rocs(rocs, self.hulls)
        self.pcf = _check_pcf(pcf)
        self.labels = _check_labels(labels)
        self.title = title
        self.optimal_vertices = {}
        if self.pcf is not None:
            self.optimal_vertices = {
                name: int(CostEnvelope.from_hull(hull).vertex_at(self.pcf)[0])
                for name, hull in self.hulls.items()
            }

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        higher_is_positive=True,
        show_roc=True,
        pcf=None,
        labels=None,
        title=None,
        ax=None,
        **kwargs,
    ):
        """Compute each classifier's ROC curve and convex hull from its scores and plot them.

        Parameters
        ----------
        y_true, y_score, name, pos_label, higher_is_positive
            As in :meth:`CostCurveDisplay.from_predictions`.
        show_roc : bool
            Draw the full ROC curves faintly beneath the hulls.
        pcf, labels, title
            As in the constructor.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`plot` (the hulls' line style).

        Returns
        -------
        ROCHullDisplay
            Already plotted.

        Examples
        --------
        >>> display = ROCHullDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> display.lines_["Classifier"].get_ydata().tolist()
        [0.0, 0.5, 1.0, 1.0]
        """
        scores = named_scores(y_score, name, y_true, param="y_score")
        envelopes = _envelopes(y_true, scores, pos_label, higher_is_positive)
        rocs = _full_rocs(y_true, scores, pos_label, higher_is_positive) if show_roc else None
        display = cls(envelopes, rocs=rocs, pcf=pcf, labels=labels, title=title)
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, name=None, pos_label=None, ax=None, **kwargs):
        """Score ``X`` with fitted classifiers and plot their ROC hulls.

        Parameters are those of :meth:`CostCurveDisplay.from_estimator`; ``**kwargs`` go to
        :meth:`from_predictions`.
        """
        scores, positive = _positive_scores(estimator, X, y, name, pos_label)
        return cls.from_predictions(
            y, scores, pos_label=positive, higher_is_positive=True, ax=ax, **kwargs
        )

    def plot(self, ax=None, *, legend=True, **kwargs):
        """Draw the hulls on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : Axes, optional
        legend : bool
        **kwargs
            Passed to :meth:`Axes.plot` for every hull (override its style).

        Returns
        -------
        self
        """
        fig, ax = _axes(ax, _ROC_SIZE)
        styles = classifier_styles(self.hulls)
        self.chance_line_ = ax.plot(
            [0, 1],
            [0, 1],
            linestyle=":",
            color=_TRIVIAL_COLOUR,
            linewidth=1.1,
            label="chance (random classifiers)",
            zorder=1,
        )[0]
        self.roc_lines_ = self._draw_rocs(ax, styles)
        self.lines_ = self._draw_hulls(ax, styles, kwargs)
        self.iso_lines_, self.optimal_points_, self.annotations_ = self._draw_iso_cost(ax, styles)
        _roc_axes(ax)
        _finish(ax, self.title, legend=None)
        if legend:
            handles = [*self.lines_.values(), *self._guides(), *self._iso_guides()]
            _legend(ax, handles, outside=False)
        self.ax_, self.figure_ = ax, fig
        return self

    def _draw_rocs(self, ax, styles):
        lines = {}
        for name, (fpr, tpr) in self.rocs.items():
            marked = fpr.size <= _MAX_MARKED_POINTS
            lines[name] = ax.plot(
                fpr,
                tpr,
                color=styles[name]["color"],
                alpha=0.45,
                linewidth=1.0,
                marker="o" if marked else None,
                markersize=2.5,
                zorder=2,
            )[0]
        return lines

    def _draw_hulls(self, ax, styles, kwargs):
        lines = {}
        for name, hull in self.hulls.items():
            style = {
                "color": styles[name]["color"],
                "marker": styles[name]["marker"],
                "markersize": 5,
                "linewidth": 2.4,
                "label": display_name(name, self.labels),
                "zorder": 4,
                "clip_on": False,
            }
            lines[name] = ax.plot(hull.fpr, hull.tpr, **(style | kwargs))[0]
        return lines

    def _draw_iso_cost(self, ax, styles):
        """Each hull's iso-cost line through its optimal vertex, the vertex ringed and its NE."""
        lines, rings, notes = {}, {}, {}
        for k, (name, i) in enumerate(self.optimal_vertices.items()):
            hull, colour = self.hulls[name], styles[name]["color"]
            f, t = float(hull.fpr[i]), float(hull.tpr[i])
            x, y = iso_cost_segment(f, t, self.pcf)
            lines[name] = ax.plot(x, y, color=colour, linestyle="--", linewidth=1.3, zorder=3)[0]
            rings[name] = ax.plot(
                [f],
                [t],
                marker="o",
                markersize=13,
                markerfacecolor="none",
                markeredgewidth=1.8,
                color=colour,
                linestyle="none",
                zorder=5,
                clip_on=False,
            )[0]
            cost = (1.0 - t) * self.pcf + f * (1.0 - self.pcf)  # D&H eq. 7
            notes[name] = _note(ax, (f, t), f"NE[C] = {cost:.3f}", colour, k)
        return lines, rings, notes

    def _guides(self):
        """Legend entries of the faint ROC curves and the chance diagonal."""
        handles = []
        if self.roc_lines_:
            handles.append(Line2D([], [], color="0.5", alpha=0.6, linewidth=1.0, label="ROC curve"))
        return [*handles, self.chance_line_]

    def _iso_guides(self):
        if not self.iso_lines_:
            return []
        slope = (1.0 - self.pcf) / self.pcf
        text = f"iso-cost line, PCF(+) = {self.pcf:.2f} (slope {slope:.2f})"
        return [Line2D([], [], color=_PCF_COLOUR, linestyle="--", label=text)]


def iso_cost_segment(fpr, tpr, pcf):
    """The iso-cost line of ``pcf`` through the ROC point (fpr, tpr), clipped to [0, 1]^2.

    .. math:: TP = tpr + S (FP - fpr), \\quad S = \\frac{1 - PCF(+)}{PCF(+)}

    Returns
    -------
    (x, y) : two arrays of length 2
        Where the line enters and leaves the unit square.

    Examples
    --------
    >>> x, y = iso_cost_segment(0.25, 0.75, 0.5)  # slope 1
    >>> x.tolist(), y.tolist()
    ([0.0, 0.5], [0.5, 1.0])
    """
    slope = (1.0 - pcf) / pcf
    x = np.array([max(0.0, fpr - tpr / slope), min(1.0, fpr + (1.0 - tpr) / slope)])
    return x, tpr + slope * (x - fpr)


# ---------------------------------------------------------------------------------------------
# Both
# ---------------------------------------------------------------------------------------------


class CostSpaceDualityDisplay:
    """A ROC hull and its cost curve side by side: D&H's point/line duality (sec. 2.2).

    A ROC point is a cost line and the hull is the lower envelope (left: ROC space; right: cost
    space). With ``pcf``, the iso-cost line in ROC space and the vertical line at PCF(+) in cost
    space mark the same choice: the line is the point (PCF(+), NE[C]) of D&H eq. 9, and the
    optimal vertex is the dashed cost line through it.

    Parameters
    ----------
    envelopes : Mapping[str, CostEnvelope]
    rocs : Mapping[str, DataFrame or (fpr, tpr)], optional
        Full ROC curves to draw faintly in ROC space.
    pcf : float, optional
        A PCF(+) in (0, 1) to mark in both panels.
    labels, title
        Legend labels per classifier, and the figure's title.
    show_lines, show_trivial, shade_operating_range, x_axis, true_costs
        As in :class:`CostCurveDisplay`.

    Attributes
    ----------
    roc_ : ROCHullDisplay
    cost_ : CostCurveDisplay
        The two panels' Displays, plotted (their ``lines_``, ``ax_`` and other artists).
    lines_ : dict of str -> Line2D
        The envelopes (``cost_.lines_``).
    axes_ : ndarray of Axes, shape (2,)
        ROC space, cost space.
    legend_ : Legend
        One legend for both panels.
    figure_ : Figure
    """

    def __init__(
        self,
        envelopes,
        *,
        rocs=None,
        pcf=None,
        labels=None,
        title=None,
        show_lines=True,
        show_trivial=True,
        shade_operating_range=True,
        x_axis="pcf",
        true_costs=None,
    ):
        self.envelopes = _check_curves(envelopes, "envelopes", CostEnvelope)
        self.title = title
        self._roc = ROCHullDisplay(
            self.envelopes, rocs=rocs, pcf=pcf, labels=labels, title="ROC space: points"
        )
        self._cost = CostCurveDisplay(
            self.envelopes,
            pcf=pcf,
            labels=labels,
            title="Cost space: lines",
            show_lines=show_lines,
            show_trivial=show_trivial,
            shade_operating_range=shade_operating_range,
            x_axis=x_axis,
            true_costs=true_costs,
        )
        self.pcf, self.labels = self._cost.pcf, self._cost.labels

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        higher_is_positive=True,
        show_roc=True,
        pcf=None,
        labels=None,
        title=None,
        ax=None,
        **kwargs,
    ):
        """Compute each classifier's hull and envelope from its scores and plot both panels.

        Parameters
        ----------
        y_true, y_score, name, pos_label, higher_is_positive
            As in :meth:`CostCurveDisplay.from_predictions`.
        show_roc : bool
            Draw the full ROC curves faintly beneath the hulls.
        pcf, labels, title
            As in the constructor.
        ax : pair of Axes, optional
            (ROC axes, cost axes); a new figure if None.
        **kwargs
            Cost-panel options of the constructor (``show_lines``, ``x_axis``, ...), and line
            styles passed to :meth:`plot`.

        Returns
        -------
        CostSpaceDualityDisplay
            Already plotted.
        """
        scores = named_scores(y_score, name, y_true, param="y_score")
        envelopes = _envelopes(y_true, scores, pos_label, higher_is_positive)
        rocs = _full_rocs(y_true, scores, pos_label, higher_is_positive) if show_roc else None
        options = {key: kwargs.pop(key) for key in _COST_OPTIONS if key in kwargs}
        display = cls(envelopes, rocs=rocs, pcf=pcf, labels=labels, title=title, **options)
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, name=None, pos_label=None, ax=None, **kwargs):
        """Score ``X`` with fitted classifiers and plot their hulls and cost curves.

        Parameters are those of :meth:`CostCurveDisplay.from_estimator`; ``**kwargs`` go to
        :meth:`from_predictions`.
        """
        scores, positive = _positive_scores(estimator, X, y, name, pos_label)
        return cls.from_predictions(
            y, scores, pos_label=positive, higher_is_positive=True, ax=ax, **kwargs
        )

    def plot(self, ax=None, **kwargs):
        """Draw ROC space on the left and cost space on the right.

        Parameters
        ----------
        ax : pair of Axes, optional
            Where to draw (ROC, cost); a new figure with both if None.
        **kwargs
            Passed to :meth:`Axes.plot` for every hull and envelope.

        Returns
        -------
        self
        """
        fig, axes = _pair_of_axes(ax)
        self.roc_ = self._roc.plot(ax=axes[0], legend=False, **kwargs)
        self.cost_ = self._cost.plot(ax=axes[1], legend=False, **kwargs)
        handles = self._legend_handles()
        if ax is None:
            n = len(handles)
            self.legend_ = fig.legend(
                handles=handles,
                loc="outside lower center",
                ncol=min(n, 5),
                frameon=False,
                fontsize=10,
            )
        else:
            self.legend_ = _legend(axes[1], handles, outside=True)
        if self.title is not None:
            fig.suptitle(self.title, fontsize=14, x=0.01, ha="left")
        self.axes_, self.figure_, self.lines_ = np.array(axes), fig, self.cost_.lines_
        return self

    def _legend_handles(self):
        """One entry per classifier (hull and envelope alike), then each panel's guides."""
        styles = classifier_styles(self.envelopes)
        handles = [
            Line2D(
                [],
                [],
                color=styles[name]["color"],
                marker=styles[name]["marker"],
                linewidth=2.4,
                markersize=5,
                label=display_name(name, self.labels),
            )
            for name in self.envelopes
        ]
        text = None
        if self.pcf is not None:
            text = f"PCF(+) = {self.pcf:.2f}: iso-cost line (ROC), vertical line (cost)"
        return handles + self.roc_._guides() + self.cost_._guides() + self.cost_._pcf_guides(text)


_COST_OPTIONS = ("show_lines", "show_trivial", "shade_operating_range", "x_axis", "true_costs")


# ---------------------------------------------------------------------------------------------
# The constructors' curves (from_predictions, from_estimator)
# ---------------------------------------------------------------------------------------------


def _envelopes(y_true, scores, pos_label, higher_is_positive):
    """``{name: CostEnvelope}`` for each classifier's scores (D&H sec. 2.2.1)."""
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    return {
        key: cost_envelope(y_true, s, pos_label=pos_label, higher_is_positive=higher_is_positive)
        for key, s in scores.items()
    }


def _full_rocs(y_true, scores, pos_label, higher_is_positive):
    """``{name: (fpr, tpr)}``: every corner of each classifier's ROC curve (scikit-learn's)."""
    higher_is_positive = check_bool(higher_is_positive, "higher_is_positive")
    rocs = {}
    for key, s in scores.items():
        is_pos, s = check_labels_scores(y_true, s, pos_label=pos_label, name="y_score")
        fpr, tpr, _ = roc_curve(is_pos.astype(np.int8), s if higher_is_positive else -s)
        rocs[key] = (fpr, tpr)
    return rocs


def _positive_scores(estimator, X, y, name, pos_label):
    """``({name: P(pos_label)}, pos_label)``: the ``predict_proba`` column of the positive class."""
    return estimator_scores(estimator, X, y, name=name, pos_label=pos_label)


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------


def _draw_trivial(ax, reversed_x):
    """Always negative (NE = PCF(+)) and always positive (NE = 1 - PCF(+)), labelled in place."""
    x = np.array([0.0, 1.0])
    style = {"color": _TRIVIAL_COLOUR, "linewidth": 1.1, "zorder": 2}
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
            color=_TRIVIAL_COLOUR,
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


def _note(ax, xy, text, colour, k):
    """A small label beside an optimal vertex; several classifiers' labels are staggered."""
    return ax.annotate(
        text,
        xy,
        xytext=(14, -16 - 13 * k),
        textcoords="offset points",
        fontsize=8.5,
        color=colour,
        fontweight="bold",
        zorder=6,
        bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.8},
    )


def _roc_axes(ax):
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.xaxis.set_major_locator(MultipleLocator(0.2))
    ax.yaxis.set_major_locator(MultipleLocator(0.2))
    ax.set_xlabel("False positive rate FP")
    ax.set_ylabel("True positive rate TP")


def _thesis_axes(ax):
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


def _prior_axis(ax, fn_cost, fp_cost):
    """Top axis: the prior p(+) giving each PCF(+) for fixed costs (D&H eq. 6 inverted)."""
    top = ax.secondary_xaxis(
        "top",
        functions=(
            lambda x: prior_from_probability_cost(x, fn_cost, fp_cost, clip=True),
            # eq. 6 itself: the inverse with the costs swapped
            lambda p: prior_from_probability_cost(p, fp_cost, fn_cost, clip=True),
        ),
    )
    priors = _prior_ticks(fn_cost, fp_cost)
    top.set_xticks(priors, [f"{p:g}" for p in priors])
    top.tick_params(labelsize=8.5, colors="0.25")
    top.set_xlabel(f"Prior p(+) when C(-|+) = {fn_cost:g} and C(+|-) = {fp_cost:g}")
    return top


def _prior_ticks(fn_cost, fp_cost):
    """Round priors, roundest first, whose PCF(+) positions are not crowded; with 0 and 1."""
    chosen, positions = [0.0, 1.0], [0.0, 1.0]
    for p in _PRIOR_TICKS:
        x = probability_cost(p, fn_cost, fp_cost)
        if min(abs(x - other) for other in positions) >= _MIN_TICK_GAP:
            chosen.append(p)
            positions.append(x)
    return sorted(chosen)


def _legend(ax, handles, *, outside):
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


def _pair_of_axes(ax):
    """``(figure, (roc_ax, cost_ax))``: the given pair, or a new figure with both."""
    if ax is None:
        fig, axes = plt.subplots(
            1, 2, figsize=_DUAL_SIZE, layout="constrained", width_ratios=(1, 1.35)
        )
        return fig, tuple(axes)
    if isinstance(ax, (str, bytes)) or not isinstance(ax, Sequence | np.ndarray) or len(ax) != 2:
        raise ValueError(
            f"ax must be None or a pair of Axes (ROC space, cost space), got {type(ax).__name__}."
        )
    return ax[0].figure, (ax[0], ax[1])


# ---------------------------------------------------------------------------------------------
# Validation (at the Displays' boundary)
# ---------------------------------------------------------------------------------------------


def _check_curves(curves, param, kinds):
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


def _check_rocs(rocs, curves):
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


def _check_pcf(pcf):
    """None, or a PCF(+) strictly inside (0, 1) (an iso-cost line needs a finite slope)."""
    if pcf is None:
        return None
    if isinstance(pcf, bool) or not isinstance(pcf, numbers.Real) or not 0.0 < pcf < 1.0:
        raise ValueError(
            f"pcf must lie in (0, 1): a PCF(+) with a finite iso-cost slope (1 - pcf) / pcf, "
            f"got {pcf!r}."
        )
    return float(pcf)


def _check_x_axis(x_axis, true_costs):
    if x_axis not in _X_AXES:
        raise ValueError(f"x_axis must be one of {_X_AXES}, got {x_axis!r}.")
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
