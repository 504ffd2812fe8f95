"""A leaderboard over a cost range as a forest plot: each result's measure with its band."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics import RANKING_MEASURES
from costlab.plotting._base import DisplayMixin

if TYPE_CHECKING:
    from typing import Any

    import pandas as pd
    from typing_extensions import Self

__all__ = ["LeaderboardDisplay"]

#: How each ranking measure is named on the axis.
_AXIS = {
    "mtmcr": "MTMCR over the range (sum of MTMCS, %)",
    "mean_mtmcs": "mean MTMCS over the range (%)",
    "cost_sensitivity": "cost sensitivity (%)",
    "cst": "CST",
    "h": "H measure",
    "envelope_share": "share of the range on the cost-curve envelope",
}
_LEADER, _TIED, _WORSE = "#0072B2", "#56B4E9", "#999999"


class LeaderboardDisplay(DisplayMixin):
    """Each result's ranking measure with its bootstrap band, best at the top.

    The leader is drawn in dark blue; results indistinguishable from it (Holm-adjusted paired
    test, :func:`costlab.metrics.rank_over_cost_range`) in light blue, the others in grey; the
    leader's band is shaded across the plot.

    Parameters
    ----------
    table : DataFrame
        A ranking table (:attr:`costlab.evaluation.Leaderboard.table` or
        :func:`costlab.metrics.rank_over_cost_range`).
    measure : str
        The column drawn (one of :data:`costlab.metrics.RANKING_MEASURES`).
    title : str, optional

    Attributes
    ----------
    points_ : dict of str -> Line2D
    band_ : Polygon
        The leader's band.
    ax_, figure_

    Examples
    --------
    >>> import numpy as np
    >>> from costlab.metrics import rank_over_cost_range
    >>> y = np.repeat([0, 1], 40)
    >>> rng = np.random.default_rng(1)
    >>> scores = {"A": y + rng.normal(0, 1, 80), "B": y + rng.normal(0, 2, 80)}
    >>> table = rank_over_cost_range(y, scores, fp_costs=[0.3, 0.5], n_resamples=100)
    >>> LeaderboardDisplay(table, measure="mtmcr").plot().points_["A"].get_color()
    '#0072B2'
    """

    def __init__(self, table: pd.DataFrame, *, measure: str = "mtmcr", title: str | None = None):
        if measure not in RANKING_MEASURES:
            raise ValueError(f"measure must be one of {sorted(RANKING_MEASURES)}, got {measure!r}.")
        missing = {"classifier", "indistinguishable", measure} - set(table.columns)
        if missing:
            raise ValueError(f"table lacks the columns {sorted(missing)} of a ranking table.")
        self.table, self.measure, self.title = table, measure, title

    @classmethod
    def from_leaderboard(cls, board: Any, *, ax: Any = None, title: str | None = None) -> Self:
        """Draw a :class:`costlab.evaluation.Leaderboard` (its table and ranking measure)."""
        r1, r2 = board.cost_range
        title = title or f"{board.dataset}: {board.measure} over FPcost in [{r1:g}, {r2:g}]"
        return cls(board.table, measure=board.measure, title=title).plot(ax=ax)

    def plot(self, ax: Any = None) -> Self:
        """Draw on ``ax`` (a new figure if None)."""
        t, m = self.table, self.measure
        fig, ax = self._axes(ax, (7.0, 1.2 + 0.32 * len(t)))
        y = -np.arange(len(t), dtype=float)
        low, high = t[f"{m}_low"].to_numpy(), t[f"{m}_high"].to_numpy()
        self.band_ = ax.axvspan(low[0], high[0], color=_TIED, alpha=0.18, lw=0)
        self.points_ = {}
        for i, row in enumerate(t.itertuples(index=False)):
            colour = _LEADER if i == 0 else (_TIED if row.indistinguishable else _WORSE)
            ax.plot([low[i], high[i]], [y[i], y[i]], color=colour, lw=2.2)
            (self.points_[str(row.classifier)],) = ax.plot(
                getattr(row, m), y[i], "o", color=colour, ms=6
            )
        ax.set_yticks(y, [str(c) for c in t["classifier"]])
        ax.set_ylim(y[-1] - 0.7, 0.7)
        ax.set_xlabel(_AXIS[m] + ("  (lower is better)" if RANKING_MEASURES[m] else ""))
        ax.grid(axis="x", alpha=0.3)
        handles = [
            ax.plot([], [], "o-", color=c, label=label)[0]
            for c, label in ((_LEADER, "leader"), (_TIED, "tied with it"), (_WORSE, "worse"))
        ]
        ax.legend(handles=handles, loc="lower right", fontsize="small", frameon=False)
        if self.title:
            ax.set_title(self.title)
        return self._plotted(ax, fig)
