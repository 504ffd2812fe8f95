"""Critical-difference diagram of average ranks (Demšar 2006, Fig. 2; Bonferroni-Dunn style)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.plotting._base import DisplayMixin, _check_labels, classifier_styles, display_name

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from typing_extensions import Self

__all__ = ["CriticalDifferenceDisplay"]


class CriticalDifferenceDisplay(DisplayMixin):
    """Average ranks on a line, the control classifier's critical-difference interval shaded.

    Classifiers outside the interval differ significantly from the control (Bonferroni-Dunn,
    :func:`costlab.metrics.compare_classifiers`).

    Parameters
    ----------
    ranks : Mapping or Series
        Classifier -> average rank (1 = best).
    cd : float
        Critical difference.
    control : str, optional
        Default: the best-ranked classifier.
    labels, title

    Attributes
    ----------
    markers_ : dict of str -> Line2D
    interval_ : Rectangle
        The shaded [rank(control) - CD, rank(control) + CD].
    ax_, figure_
    """

    def __init__(
        self,
        ranks: Any,
        cd: float,
        *,
        control: str | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
    ) -> None:
        self.ranks = pd.Series(ranks, dtype=float)
        if self.ranks.empty or not np.all(np.isfinite(self.ranks)):
            raise ValueError("ranks must be a non-empty mapping of classifier -> finite rank.")
        if not np.isfinite(cd) or cd <= 0:
            raise ValueError(f"cd must be a positive critical difference, got {cd!r}.")
        self.cd = float(cd)
        self.control = self.ranks.idxmin() if control is None else control
        if self.control not in self.ranks.index:
            raise ValueError(f"control must be one of {list(self.ranks.index)}.")
        self.labels, self.title = _check_labels(labels), title

    def plot(self, ax: Any = None) -> Self:
        """Draw on ``ax`` (a new figure if None)."""
        fig, ax = self._axes(ax, (7.0, 2.2 + 0.25 * len(self.ranks)))
        k = max(len(self.ranks), 2)
        centre = self.ranks[self.control]
        self.interval_ = ax.axvspan(
            centre - self.cd,
            centre + self.cd,
            color="#56B4E9",
            alpha=0.25,
            label=f"CD = {self.cd:.3f} around {self.control}",
        )
        styles = classifier_styles(self.ranks.index)
        self.markers_ = {}
        for i, (name, rank) in enumerate(self.ranks.sort_values().items()):
            y = -(i + 1)
            colour = styles[name]["color"]
            self.markers_[name] = ax.plot([rank], [0], "o", color=colour, markersize=9)[0]
            ax.plot([rank, rank], [0, y], color=colour, linewidth=1)
            ax.text(
                rank + 0.02,
                y,
                f"{display_name(name, self.labels)} ({rank:.2f})",
                va="center",
                fontsize=10,
            )
        ax.set_xlim(0.8, k + 0.4)
        ax.set_ylim(-(len(self.ranks) + 0.8), 0.8)
        ax.set_yticks([])
        ax.set_xlabel("Average rank (1 = best)")
        ax.axhline(0, color="0.3", linewidth=1)
        ax.legend(loc="upper right", fontsize=9)
        for side in ("left", "right", "top"):
            ax.spines[side].set_visible(False)
        if self.title:
            ax.set_title(self.title, loc="left")
        return self._plotted(ax, fig)
