"""ROC convex hulls and iso-cost lines as a Display (Drummond & Holte 2000, sec. 2.1, Figs. 3, 5).

ROC space, the dual of :mod:`._cost_curves`'s cost space: each classifier's ROC points faint,
its convex hull (:func:`costlab.metrics.roc_convex_hull`) bold, and the iso-cost line of a
PCF(+) touching the hull at its optimal vertex, slope S = (1 - PCF(+)) / PCF(+) (D&H eq. 1 with
eqs. 6 and 9: PCF(+) = 1 / (1 + S); :func:`costlab.metrics.cost_point_to_roc_line`).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> display = ROCHullDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], pcf=0.5)
>>> display.optimal_vertices
{'Classifier': 1}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.ticker import MultipleLocator

from costlab.metrics import (
    CostEnvelope,
    RocHull,
    cost_point_to_roc_line,
    normalized_expected_cost,
)
from costlab.plotting._base import _check_labels, _classifier_lines, classifier_styles
from costlab.plotting._cost_space import (
    PCF_COLOUR,
    TRIVIAL_COLOUR,
    CostSpaceDisplayMixin,
    check_curves,
    check_pcf,
    check_rocs,
)

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["ROCHullDisplay"]

_ROC_SIZE = (6.6, 6.0)
_MAX_MARKED_POINTS = 25  # ROC curves with more points are drawn without markers


class ROCHullDisplay(CostSpaceDisplayMixin):
    """ROC convex hulls and the iso-cost line of a PCF(+) (D&H section 2.1, Figures 3 and 5).

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

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import ROCHullDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = ROCHullDisplay.from_predictions(y, scores, ax=ax)
    >>> display.ax_ is ax
    True
    >>> plt.close(fig)
    """

    def __init__(
        self,
        hulls: Any,
        *,
        rocs: Any = None,
        pcf: ArrayLike | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
    ) -> None:
        self.hulls = {
            name: getattr(h, "hull", h)
            for name, h in check_curves(hulls, "hulls", (RocHull, CostEnvelope)).items()
        }
        self.rocs = check_rocs(rocs, self.hulls)
        self.pcf = check_pcf(pcf)
        self.labels = _check_labels(labels)
        self.title = title
        self.optimal_vertices = {}
        if self.pcf is not None:
            self.optimal_vertices = {
                name: int(CostEnvelope.from_hull(hull).vertex_at(self.pcf)[0])
                for name, hull in self.hulls.items()
            }

    def plot(self, ax: Any = None, *, legend: bool = True, **kwargs: Any) -> Self:
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
        fig, ax = self._axes(ax, _ROC_SIZE)
        styles = classifier_styles(self.hulls)
        self.chance_line_ = ax.plot(
            [0, 1],
            [0, 1],
            linestyle=":",
            color=TRIVIAL_COLOUR,
            linewidth=1.1,
            label="chance (random classifiers)",
            zorder=1,
        )[0]
        self.roc_lines_ = self._draw_rocs(ax, styles)
        self.lines_ = self._draw_hulls(ax, kwargs)
        self.iso_lines_, self.optimal_points_, self.annotations_ = self._draw_iso_cost(ax, styles)
        _roc_axes(ax)
        guides = [*self._guides(), *self._iso_guides()]
        return self._finish_panel(ax, fig, legend=legend, guides=guides, outside=False)

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

    def _draw_hulls(self, ax, kwargs):
        return _classifier_lines(
            ax,
            self.hulls,
            lambda hull: (hull.fpr, hull.tpr),
            kwargs,
            labels=self.labels,
            marker=True,
            markersize=5,
            linewidth=2.4,
            zorder=4,
            clip_on=False,
        )

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
            cost = normalized_expected_cost(f, t, self.pcf)  # D&H eq. 7
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
        slope = cost_point_to_roc_line(self.pcf, 0.0)[0]  # (1 - PCF(+)) / PCF(+), any cost
        text = f"iso-cost line, PCF(+) = {self.pcf:.2f} (slope {slope:.2f})"
        return [Line2D([], [], color=PCF_COLOUR, linestyle="--", label=text)]


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
    slope, _ = cost_point_to_roc_line(pcf, normalized_expected_cost(fpr, tpr, pcf))
    x = np.array([max(0.0, fpr - tpr / slope), min(1.0, fpr + (1.0 - tpr) / slope)])
    return x, tpr + slope * (x - fpr)


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------


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
