"""A ROC hull and its cost curve side by side: Drummond & Holte's (2000) point/line duality.

The left panel is :class:`~costlab.plotting.ROCHullDisplay` (:mod:`._roc_hull`), the right one
:class:`~costlab.plotting.CostCurveDisplay` (:mod:`._cost_curves`), drawn from the same
:class:`~costlab.metrics.CostEnvelope` with one PCF(+) marked in each: the iso-cost line in ROC
space is the point (PCF(+), NE[C]) in cost space (D&H eq. 9).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> display = CostSpaceDualityDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> [ax.get_title(loc="left") for ax in display.axes_]
['ROC space: points', 'Cost space: lines']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.lines import Line2D

from costlab.metrics import CostEnvelope
from costlab.plotting._base import classifier_styles, display_name
from costlab.plotting._cost_curves import CostCurveDisplay
from costlab.plotting._cost_space import CostSpaceDisplayMixin, add_legend, check_curves
from costlab.plotting._roc_hull import ROCHullDisplay

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["CostSpaceDualityDisplay"]

_DUAL_SIZE = (14.0, 6.0)


class CostSpaceDualityDisplay(CostSpaceDisplayMixin):
    """A ROC hull and its cost curve side by side: D&H's point/line duality (section 2.2).

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
    **cost_options
        The cost panel's ``show_lines``, ``show_trivial``, ``shade_operating_range``, ``x_axis``
        and ``true_costs``, as in :class:`CostCurveDisplay`.

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

    _options = CostCurveDisplay._options  # the cost panel's

    def __init__(
        self,
        envelopes: Any,
        *,
        rocs: Any = None,
        pcf: ArrayLike | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
        **cost_options: Any,
    ) -> None:
        self.envelopes = check_curves(envelopes, "envelopes", CostEnvelope)
        self.title = title
        self._roc = ROCHullDisplay(
            self.envelopes, rocs=rocs, pcf=pcf, labels=labels, title="ROC space: points"
        )
        self._cost = CostCurveDisplay(
            self.envelopes, pcf=pcf, labels=labels, title="Cost space: lines", **cost_options
        )
        self.pcf, self.labels = self._cost.pcf, self._cost.labels

    def plot(self, ax: Any = None, **kwargs: Any) -> Self:
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
            self.legend_ = add_legend(axes[1], handles, outside=True)
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


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------


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
