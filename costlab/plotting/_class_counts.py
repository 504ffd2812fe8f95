"""The instances per class as a Display (Al-Saffar 2018, thesis Figures 10, 15, 20, 25).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> display = ClassDistributionDisplay({"good": 700, "bad": 300}).plot()
>>> [t.get_text() for t in display.bar_labels_]
['700  (70.0%)', '300  (30.0%)']
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from costlab.plotting._base import DisplayMixin, _finish

if TYPE_CHECKING:
    from typing import Any

    from typing_extensions import Self

__all__ = ["ClassDistributionDisplay"]

_CLASS_COLOURS = ("#56B4E9", "#E69F00")
_SMALL = (5.5, 4.5)


class ClassDistributionDisplay(DisplayMixin):
    """Bar chart of the number of instances per class (thesis Figures 10, 15, 20, 25).

    Parameters
    ----------
    counts : Mapping[str, int]
        Class label -> number of instances, class 1 (the negative class) first, e.g.
        ``{"good": 700, "bad": 300}``.
    title : str, optional

    Attributes
    ----------
    bars_ : BarContainer
    bar_labels_ : list of Text
        The count and percentage written on each bar.
    ax_ : Axes
    figure_ : Figure
    """

    def __init__(self, counts: Mapping[str, int], *, title: str | None = None) -> None:
        self.counts = _check_counts(counts)
        self.title = title

    def plot(self, ax: Any = None, **kwargs: Any) -> Self:
        """Draw the bars on ``ax`` (a new figure if None); ``kwargs`` go to :meth:`Axes.bar`."""
        fig, ax = self._axes(ax, _SMALL)
        labels = [f"{label} (class {i})" for i, label in enumerate(self.counts, start=1)]
        heights = np.array(list(self.counts.values()))
        colours = [_CLASS_COLOURS[i % len(_CLASS_COLOURS)] for i in range(heights.size)]
        style = {"color": colours, "width": 0.6, "edgecolor": "white"} | kwargs
        self.bars_ = ax.bar(labels, heights, **style)
        texts = [f"{n:,}  ({100 * n / heights.sum():.1f}%)" for n in heights]
        self.bar_labels_ = ax.bar_label(self.bars_, labels=texts, padding=3, fontsize=10)
        ax.set_ylim(0, heights.max() * 1.12)
        ax.set_ylabel("Number of instances")
        ax.set_xlabel(f"Class ({heights.sum():,} instances)")
        _finish(ax, self.title, legend=None, xgrid=False)
        return self._plotted(ax, fig)


def _check_counts(counts):
    """A non-empty mapping of class label -> non-negative integer count, not all zero."""
    if not isinstance(counts, Mapping) or not counts:
        raise ValueError("counts must be a non-empty mapping of class label -> instance count.")
    for label, n in counts.items():
        if (
            isinstance(n, bool)
            or not isinstance(n, numbers.Real)
            or not float(n).is_integer()
            or n < 0
        ):
            raise ValueError(f"counts[{label!r}] must be a non-negative integer, got {n!r}.")
    if sum(counts.values()) == 0:
        raise ValueError("counts are all zero; there is nothing to draw.")
    return {label: int(n) for label, n in counts.items()}
