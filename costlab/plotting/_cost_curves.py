"""Cost curves and ROC convex hulls as Displays (Drummond & Holte 2000, Figs. 3-9).

:class:`CostCurveDisplay` draws each classifier's cost lines faint (one per hull vertex: NE[C] =
(1 - TP - FP) PCF(+) + FP, D&H eq. 8), its lower envelope bold, the two trivial classifiers, and
the region where a classifier beats both shaded (D&H Fig. 7). :class:`ROCHullDisplay` draws the
ROC convex hull and, for a chosen PCF(+), the iso-cost line touching it at the optimal vertex
(slope S = (1 - PCF(+)) / PCF(+), D&H eqs. 1 and 9). :class:`CostSpaceDualityDisplay` puts the
two side by side, as the paper shows the duality. Nothing here computes a measure beyond
evaluating the envelope it is given.
"""

from __future__ import annotations

from collections.abc import Mapping

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FixedLocator

from costlab.metrics.cost_space import CostEnvelope, cost_envelope, probability_cost
from costlab.metrics.hull import RocHull
from costlab.plotting._displays import _check_labels, classifier_styles, display_name
from costlab.plotting._scores import estimator_scores, named_scores

__all__ = ["CostCurveDisplay", "CostSpaceDualityDisplay", "ROCHullDisplay"]

_TRIVIAL = "0.45"
_SHADE = "#56B4E9"
_X_AXES = ("pcf", "thesis")


class CostCurveDisplay:
    """Cost curves: each classifier's lower envelope over PCF(+) (D&H sec. 2.2, Figs. 4-9).

    Parameters
    ----------
    envelopes : Mapping[str, CostEnvelope]
        Classifier name -> lower envelope (:func:`costlab.metrics.cost_envelope`).
    labels : Mapping[str, str], optional
        Legend label per name.
    title : str, optional
    show_lines : bool
        Draw every hull vertex's cost line faintly beneath the envelope.
    show_trivial : bool
        Draw the trivial classifiers: always negative (NE = PCF(+)) and always positive
        (NE = 1 - PCF(+)), and shade the triangle below both, where a classifier is useful.
    x_axis : {"pcf", "thesis"}
        ``"thesis"`` also labels the x axis with the thesis's cost ratio FPcost/FNcost: with
        equal priors PCF(+) = FNcost, so x is the ratio (1 - x)/x and 100 x the envelope is the
        exact MTMCS chart.
    true_costs : tuple of float, optional
        ``(fn_cost, fp_cost)``: add a top axis with the prior p(+) that gives each PCF(+) for
        these costs (D&H eq. 6).

    Attributes
    ----------
    lines_ : dict of str -> Line2D
        The envelopes.
    cost_lines_ : dict of str -> list of Line2D
    trivial_lines_ : list of Line2D
    operating_ranges_ : dict of str -> (float, float)
        PCF(+) interval where each envelope is strictly below both trivial classifiers.
    ax_, figure_
    """

    def __init__(
        self,
        envelopes,
        *,
        labels=None,
        title=None,
        show_lines=True,
        show_trivial=True,
        x_axis="pcf",
        true_costs=None,
    ):
        self.envelopes = _check_mapping(envelopes, CostEnvelope, "envelopes")
        self.labels = _check_labels(labels)
        self.title, self.show_lines, self.show_trivial = title, show_lines, show_trivial
        if x_axis not in _X_AXES:
            raise ValueError(f"x_axis must be one of {_X_AXES}, got {x_axis!r}.")
        self.x_axis, self.true_costs = x_axis, true_costs

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        higher_is_positive=True,
        ax=None,
        **kwargs,
    ):
        """Envelopes of one array of scores (or ``{name: scores}``), plotted.

        ``y_score`` is higher for the positive class, or, with ``higher_is_positive=False``,
        for the negative class (the thesis's P(class 1)).
        """
        envelopes = _envelopes(y_true, y_score, name, pos_label, higher_is_positive)
        return cls(envelopes, **kwargs).plot(ax=ax)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, name=None, pos_label=None, ax=None, **kwargs):
        """Envelopes of fitted classifiers' ``predict_proba`` on ``X`` (one or a mapping)."""
        scores, positive = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        return cls.from_predictions(
            y, scores, pos_label=positive, higher_is_positive=False, ax=ax, **kwargs
        )

    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure if None); ``kwargs`` style the envelopes."""
        fig, ax = _axes(ax, (7.5, 5.2))
        x = np.linspace(0.0, 1.0, 2)
        styles = classifier_styles(self.envelopes)
        self.trivial_lines_, self.cost_lines_, self.lines_ = [], {}, {}
        self.operating_ranges_ = {}
        if self.show_trivial:
            ax.fill_between(
                [0, 0.5, 1],
                [0, 0.5, 0],
                color=_SHADE,
                alpha=0.12,
                linewidth=0,
                label="useful region (below both trivial classifiers)",
            )
            self.trivial_lines_ = [
                ax.plot(x, x, color=_TRIVIAL, linewidth=1, label="always negative")[0],
                ax.plot(
                    x, 1 - x, color=_TRIVIAL, linewidth=1, linestyle="--", label="always positive"
                )[0],
            ]
        for name, env in self.envelopes.items():
            colour = styles[name]["color"]
            if self.show_lines:
                seg = env.segments()
                self.cost_lines_[name] = [
                    ax.plot(x, s * x + c, color=colour, alpha=0.18, linewidth=0.8)[0]
                    for s, c in zip(seg["slope"], seg["intercept"], strict=True)
                ]
            px, py = env.curve()
            style = {"color": colour, "linewidth": 2.4, "label": display_name(name, self.labels)}
            self.lines_[name] = ax.plot(px, py, **(style | kwargs))[0]
            self.operating_ranges_[name] = _operating_range(env)
            low, high = self.operating_ranges_[name]
            if high > low:
                ax.plot(
                    [low, high],
                    [0, 0],
                    color=colour,
                    linewidth=5,
                    solid_capstyle="butt",
                    alpha=0.7,
                    clip_on=False,
                )
        top = max(0.5, *(float(e(np.linspace(0, 1, 201)).max()) for e in self.envelopes.values()))
        ax.set(xlim=(0, 1), ylim=(0, min(1.0, top * 1.05)))
        ax.set_xlabel("Probability cost PCF(+)")
        ax.set_ylabel("Normalised expected cost NE[C]")
        if self.x_axis == "thesis":
            _thesis_axis(ax)
        if self.true_costs is not None:
            _prior_axis(ax, *self.true_costs)
        ax.grid(alpha=0.3)
        ax.legend(loc="upper right", fontsize=9, framealpha=0.9)
        if self.title:
            ax.set_title(self.title, loc="left")
        self.ax_, self.figure_ = ax, fig
        return self


class ROCHullDisplay:
    """ROC convex hulls, and the iso-cost line of a PCF(+) (D&H sec. 2.1, Figs. 3, 5, 11).

    Parameters
    ----------
    hulls : Mapping[str, RocHull]
    rocs : Mapping[str, (fpr, tpr)], optional
        Full ROC curves to draw faintly beneath the hulls.
    pcf : float, optional
        Draw the iso-performance line for this PCF(+): slope (1 - PCF(+)) / PCF(+) in ROC
        space (D&H eqs. 1 and 9), through each hull's optimal vertex.
    labels, title

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    iso_lines_ : dict of str -> Line2D
    optimal_ : dict of str -> int
        Index of the hull vertex optimal at ``pcf``.
    ax_, figure_
    """

    def __init__(self, hulls, *, rocs=None, pcf=None, labels=None, title=None):
        self.hulls = _check_mapping(hulls, RocHull, "hulls")
        self.rocs = dict(rocs or {})
        if pcf is not None and not 0.0 < float(pcf) <= 1.0:
            raise ValueError(f"pcf must lie in (0, 1] for an iso-cost line, got {pcf!r}.")
        self.pcf, self.labels, self.title = pcf, _check_labels(labels), title

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        higher_is_positive=True,
        ax=None,
        **kwargs,
    ):
        """Hulls of one array of scores (or ``{name: scores}``), plotted."""
        envelopes = _envelopes(y_true, y_score, name, pos_label, higher_is_positive)
        hulls = {key: env.hull for key, env in envelopes.items()}
        return cls(hulls, **kwargs).plot(ax=ax)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, name=None, pos_label=None, ax=None, **kwargs):
        """Hulls of fitted classifiers' ``predict_proba`` on ``X``."""
        scores, positive = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        return cls.from_predictions(
            y, scores, pos_label=positive, higher_is_positive=False, ax=ax, **kwargs
        )

    def plot(self, ax=None, **kwargs):
        """Draw on ``ax`` (a new figure if None); ``kwargs`` style the hulls."""
        fig, ax = _axes(ax, (5.8, 5.6))
        styles = classifier_styles(self.hulls)
        ax.plot([0, 1], [0, 1], linestyle=":", color=_TRIVIAL, linewidth=1, label="chance")
        self.lines_, self.iso_lines_, self.optimal_ = {}, {}, {}
        for name, hull in self.hulls.items():
            colour = styles[name]["color"]
            if name in self.rocs:
                fpr, tpr = self.rocs[name]
                ax.plot(fpr, tpr, color=colour, alpha=0.3, linewidth=1)
            style = {
                "color": colour,
                "marker": styles[name]["marker"],
                "markersize": 4,
                "linewidth": 2.2,
                "label": f"{display_name(name, self.labels)} hull",
            }
            self.lines_[name] = ax.plot(hull.fpr, hull.tpr, **(style | kwargs))[0]
            if self.pcf is not None:
                self._iso_line(ax, name, hull, colour)
        ax.set(xlim=(0, 1), ylim=(0, 1.005), aspect="equal")
        ax.set_xlabel("False positive rate")
        ax.set_ylabel("True positive rate")
        ax.grid(alpha=0.3)
        ax.legend(loc="lower right", fontsize=9, framealpha=0.9)
        if self.title:
            ax.set_title(self.title, loc="left")
        self.ax_, self.figure_ = ax, fig
        return self

    def _iso_line(self, ax, name, hull, colour):
        i = int(CostEnvelope.from_hull(hull).vertex_at(self.pcf)[0])
        self.optimal_[name] = i
        slope = (1.0 - self.pcf) / self.pcf
        x = np.array([0.0, 1.0])
        y = hull.tpr[i] + slope * (x - hull.fpr[i])
        self.iso_lines_[name] = ax.plot(
            x,
            y,
            color=colour,
            linestyle="--",
            linewidth=1.2,
            label=f"iso-cost line, PCF(+) = {self.pcf:g}",
        )[0]
        ax.plot([hull.fpr[i]], [hull.tpr[i]], "o", color=colour, markersize=9, mfc="none")


class CostSpaceDualityDisplay:
    """A ROC hull and its cost curve side by side (D&H sec. 2.2: the point/line duality).

    With ``pcf``, the iso-cost line in ROC space and a vertical line at that PCF(+) in cost
    space mark the same operating point.

    Attributes
    ----------
    roc_, cost_ : ROCHullDisplay, CostCurveDisplay
    figure_
    """

    def __init__(self, envelopes, *, pcf=None, labels=None, title=None, **cost_kwargs):
        self.envelopes = _check_mapping(envelopes, CostEnvelope, "envelopes")
        self.pcf, self.labels, self.title, self.cost_kwargs = pcf, labels, title, cost_kwargs

    @classmethod
    def from_predictions(
        cls, y_true, y_score, *, name=None, pos_label=None, higher_is_positive=True, **kwargs
    ):
        """Envelopes of one array of scores (or ``{name: scores}``), plotted."""
        envelopes = _envelopes(y_true, y_score, name, pos_label, higher_is_positive)
        return cls(envelopes, **kwargs).plot()

    @classmethod
    def from_estimator(cls, estimator, X, y, *, name=None, pos_label=None, **kwargs):
        """Envelopes of fitted classifiers' ``predict_proba`` on ``X``."""
        scores, positive = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        return cls.from_predictions(
            y, scores, pos_label=positive, higher_is_positive=False, **kwargs
        )

    def plot(self):
        """Draw both panels in a new figure."""
        fig, (left, right) = plt.subplots(1, 2, figsize=(12.5, 5.4), layout="constrained")
        hulls = {name: env.hull for name, env in self.envelopes.items()}
        self.roc_ = ROCHullDisplay(hulls, pcf=self.pcf, labels=self.labels, title="ROC space").plot(
            ax=left
        )
        self.cost_ = CostCurveDisplay(
            self.envelopes, labels=self.labels, title="Cost space", **self.cost_kwargs
        ).plot(ax=right)
        if self.pcf is not None:
            right.axvline(self.pcf, color="0.2", linestyle="--", linewidth=1.2)
        if self.title:
            fig.suptitle(self.title)
        self.figure_ = fig
        return self


def _envelopes(y_true, y_score, name, pos_label, higher_is_positive):
    """``{name: CostEnvelope}`` from one array of scores or a mapping of them."""
    return {
        key: cost_envelope(y_true, s, pos_label=pos_label, higher_is_positive=higher_is_positive)
        for key, s in named_scores(y_score, name, y_true).items()
    }


def _operating_range(env):
    """Where the envelope is strictly below both trivial classifiers (exact per segment)."""
    x, y = env.curve()
    mids = (x[:-1] + x[1:]) / 2
    below = env(mids) < np.minimum(mids, 1 - mids) - 1e-12
    if not below.any():
        return (0.0, 0.0)
    first, last = np.flatnonzero(below)[[0, -1]]
    return (_cross(x, y, first, first + 1, rising=True), _cross(x, y, last, last + 1, rising=False))


def _cross(x, y, i, j, rising):
    """PCF(+) between breakpoints i and j where the envelope meets the trivial cost line."""
    # envelope y = a + b t on [x_i, x_j]; trivial: t (rising side) or 1 - t
    b = (y[j] - y[i]) / (x[j] - x[i]) if x[j] > x[i] else 0.0
    a = y[i] - b * x[i]
    t = a / (1.0 - b) if rising else (1.0 - a) / (1.0 + b)
    return float(np.clip(t, x[i], x[j]))


def _thesis_axis(ax):
    """Second x axis labelled with the thesis's FPcost/FNcost (PCF(+) = FNcost, equal priors)."""
    top = ax.secondary_xaxis("top")
    ticks = np.round(np.arange(0.1, 1.0, 0.2), 2)
    top.xaxis.set_major_locator(FixedLocator(ticks))
    top.set_xticklabels([f"{1 - t:.2f}/{t:.2f}" for t in ticks], fontsize=8)
    top.set_xlabel("FPcost/FNcost (thesis; equal priors: PCF(+) = FNcost)", fontsize=9)


def _prior_axis(ax, fn_cost, fp_cost):
    """Top axis: the prior p(+) that gives each PCF(+) for fixed costs (D&H eq. 6 inverted)."""
    probability_cost(0.5, fn_cost, fp_cost)  # validates the costs

    def to_prior(x):
        x = np.clip(np.asarray(x, dtype=float), 1e-12, 1 - 1e-12)
        return x * fp_cost / (x * fp_cost + (1 - x) * fn_cost)

    def to_pcf(p):
        p = np.clip(np.asarray(p, dtype=float), 1e-12, 1 - 1e-12)
        return p * fn_cost / (p * fn_cost + (1 - p) * fp_cost)

    top = ax.secondary_xaxis("top", functions=(to_prior, to_pcf))
    top.set_xlabel(f"p(+) with C(-|+) = {fn_cost:g}, C(+|-) = {fp_cost:g}", fontsize=9)


def _check_mapping(value, kind, name):
    if not isinstance(value, Mapping) or not value:
        raise ValueError(
            f"{name} must be a non-empty mapping of classifier name -> "
            f"{kind.__name__}, got {type(value).__name__}."
        )
    bad = [k for k, v in value.items() if not isinstance(v, kind)]
    if bad:
        raise TypeError(f"{name}[{bad[0]!r}] must be a {kind.__name__}.")
    return dict(value)


def _axes(ax, figsize):
    if ax is None:
        fig, ax = plt.subplots(figsize=figsize, layout="constrained")
        return fig, ax
    return ax.figure, ax
