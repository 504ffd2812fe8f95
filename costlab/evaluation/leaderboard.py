"""Cost-range leaderboards: many results on the same instances ranked, with bands and tests.

:func:`leaderboard` ranks :class:`CVResult`\\ s of one data set (the published runs of an OpenML
task read by :func:`costlab.evaluation.published_runs`, one's own cross-validations, or both)
over a cost range, without refitting anything: the maths is
:func:`costlab.metrics.rank_over_cost_range` (exact MTMCS curves, MTMCR, cost sensitivity, CST,
H and the share of the cost-curve envelope, each with a paired bootstrap band, and every result
compared with the leader by a Holm-adjusted paired bootstrap test).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from costlab._tables import write_table
from costlab.evaluation._result import CVResult
from costlab.evaluation.experiment import ExperimentRun
from costlab.metrics import cost_ratio_grid, format_cost_ratio, rank_over_cost_range
from costlab.metrics.checks import check_cost_range

if TYPE_CHECKING:
    import os

__all__ = ["Leaderboard", "leaderboard"]

#: The columns of :meth:`Leaderboard.summary`: each measure with its band, shown as text.
_SHOWN = {
    "mean_mtmcs": "mean MTMCS (%)",
    "mtmcr": "MTMCR",
    "cst": "CST",
    "h": "H",
    "envelope_share": "on envelope",
}


@dataclass(frozen=True)
class Leaderboard:
    """A ranking of results over a cost range (:func:`leaderboard`).

    Attributes
    ----------
    table : pandas.DataFrame
        One row per result, best first (:func:`costlab.metrics.rank_over_cost_range`'s
        columns): each measure with its ``_low``/``_high`` band, the paired ``difference`` to
        the leader with its interval, ``p_value``, ``p_holm`` and ``indistinguishable``.
    measure : str
        The ranking measure.
    cost_range : tuple of float
        ``(r1, r2)`` as normalised FPcosts (FNcost = 1 - FPcost).
    fp_costs : ndarray
        The ratios of the range the curves are read at.
    curves : dict
        Result name -> its MTMCS (%) at ``fp_costs``.
    confidence, alpha : float
    n_resamples : int
    dataset : str
    """

    table: pd.DataFrame
    measure: str
    cost_range: tuple
    fp_costs: np.ndarray
    curves: dict
    confidence: float
    alpha: float
    n_resamples: int
    dataset: str

    @property
    def leader(self) -> str:
        """The best result by the ranking measure."""
        return str(self.table["classifier"].iloc[0])

    def summary(self, digits: int = 2) -> pd.DataFrame:
        """The table as a paper shows it: each measure as ``estimate [low, high]``, the
        Holm-adjusted p-value against the leader, and whether it is distinguishable."""
        t = self.table
        out = pd.DataFrame({"rank": t["rank"], "classifier": t["classifier"]})
        for column, title in _SHOWN.items():
            places = 3 if column in ("h", "envelope_share") else digits
            out[title] = [
                f"{e:.{places}f} [{lo:.{places}f}, {hi:.{places}f}]"
                for e, lo, hi in zip(
                    t[column], t[f"{column}_low"], t[f"{column}_high"], strict=True
                )
            ]
        out["p (Holm)"] = [f"{p:.3f}" for p in t["p_holm"]]
        out["vs leader"] = np.where(t["indistinguishable"], "tied", "worse")
        out.loc[0, "vs leader"] = "leader"
        return out

    def write(self, outdir: str | os.PathLike[str], stem: str = "leaderboard") -> list:
        """Write the table as CSV (every column, unrounded), Markdown and LaTeX."""
        r1, r2 = self.cost_range
        caption = (
            f"{self.dataset}: results ranked by {self.measure} over FPcost/FNcost "
            f"{format_cost_ratio(r1)} to {format_cost_ratio(r2)}, "
            f"{self.confidence:.0%} paired bootstrap bands ({self.n_resamples} resamples), "
            f"Holm-adjusted paired tests against the leader at alpha = {self.alpha}."
        )
        return write_table(
            self.table, stem, outdir, caption=caption, display=lambda _: self.summary()
        )

    def __repr__(self):
        r1, r2 = self.cost_range
        tied = int(self.table["indistinguishable"].sum()) - 1
        return (
            f"Leaderboard({len(self.table)} results on {self.dataset!r}, {self.measure} over "
            f"[{r1:g}, {r2:g}]: leader {self.leader!r}, {tied} indistinguishable from it)"
        )

    def _repr_html_(self):
        return f"<p><b>{self!r}</b></p>" + self.summary().to_html(index=False)


def leaderboard(
    results: Any,
    *,
    cost_range: tuple = (0.05, 0.95),
    measure: str = "mtmcr",
    fp_costs: Any = None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    alpha: float = 0.05,
    random_state: Any = 0,
    repeat: int = 0,
) -> Leaderboard:
    """Rank results of one data set over a cost range, with paired bands and tests.

    Parameters
    ----------
    results : list of CVResult, mapping name -> CVResult, or ExperimentRun
        At least two results on the same instances (the same labels in the same order):
        published runs of a task (:func:`costlab.evaluation.published_runs`), one's own
        ``cross_val_proba(task, model)``, or an ExperimentRun of one data set.
    cost_range : (float, float)
        ``(r1, r2)``: normalised FPcosts, ``0 < r1 <= r2 < 1``.
    measure : str
        Ranking measure: ``"mtmcr"`` (MTMCS summed over the range, Al-Saffar 2018),
        ``"mean_mtmcs"`` (the same order), ``"cst"``, ``"cost_sensitivity"``, ``"h"`` or
        ``"envelope_share"``.
    fp_costs : array-like, optional
        The range's ratios; default the thesis's grid (0.05 steps) within ``cost_range``.
    n_resamples, confidence, alpha, random_state
        As :func:`costlab.metrics.rank_over_cost_range`.
    repeat : int
        Which repetition's out-of-fold scores are ranked (OpenML's 10-fold tasks have one).

    Returns
    -------
    Leaderboard

    Raises
    ------
    ValueError
        Fewer than two results, results on different instances (named), a bad range or
        measure.

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab.datasets import twonorm
    >>> from costlab.evaluation import cross_val_proba
    >>> data = twonorm(300, random_state=0)
    >>> runs = [cross_val_proba(data, m, cache=False, progress=False)
    ...         for m in (LogisticRegression(), GaussianNB())]
    >>> board = leaderboard(runs, cost_range=(0.2, 0.8), n_resamples=200)
    >>> board.table["classifier"].tolist()
    ['GaussianNB', 'LogisticRegression']
    >>> bool(board.table["indistinguishable"].iloc[1])  # twonorm suits both: tied
    True
    """
    named = _named(results)
    r1, r2 = _check_range(cost_range)
    fp = _grid(fp_costs, r1, r2)
    first = next(iter(named.values()))
    scores = {name: _scores(r, repeat, name) for name, r in named.items()}
    table = rank_over_cost_range(
        first.y_true,
        scores,
        fp_costs=fp,
        measure=measure,
        n_resamples=n_resamples,
        confidence=confidence,
        alpha=alpha,
        random_state=random_state,
        pos_label=1,
    )
    return Leaderboard(
        table=table,
        measure=measure,
        cost_range=(r1, r2),
        fp_costs=fp,
        curves=dict(table.attrs["curves"]),
        confidence=float(confidence),
        alpha=float(alpha),
        n_resamples=int(n_resamples),
        dataset=first.dataset,
    )


def _named(results):
    if isinstance(results, ExperimentRun):
        datasets = {d for d, _ in results.results}
        if len(datasets) > 1:
            raise ValueError(
                f"results hold several data sets {sorted(datasets)}; rank one data set at a time."
            )
        results = {c: r for (_, c), r in results.results.items()}
    if isinstance(results, CVResult):
        results = [results]
    items = list(results.items()) if hasattr(results, "items") else [(None, r) for r in results]
    bad = [type(r).__name__ for _, r in items if not isinstance(r, CVResult)]
    if bad:
        raise TypeError(f"results must be CVResults, got {bad[0]}.")
    if len(items) < 2:
        raise ValueError(f"results must hold at least two results to rank, got {len(items)}.")
    named = {}
    for key, result in items:
        name = str(result.classifier if key is None else key)
        base, k = name, 2
        while name in named:  # two results of one name (e.g. two runs of one flow)
            name, k = f"{base} ({k})", k + 1
        named[name] = result
    reference = next(iter(named.values()))
    other = [
        n
        for n, r in named.items()
        if r.y_true.shape != reference.y_true.shape
        or not np.array_equal(r.y_true, reference.y_true)
    ]
    if other:
        raise ValueError(
            f"results must be on the same instances (same labels, same order); {other} differ "
            f"from {next(iter(named))!r} (data set {reference.dataset!r})."
        )
    return named


def _check_range(cost_range):
    """``(r1, r2)`` of a pair, checked as every cost range of costlab is."""
    try:
        r1, r2 = cost_range
    except (TypeError, ValueError):
        raise ValueError(f"cost_range must be a pair (r1, r2), got {cost_range!r}.") from None
    return check_cost_range(r1, r2)


def _grid(fp_costs, r1, r2):
    grid = cost_ratio_grid() if fp_costs is None else np.asarray(fp_costs, dtype=np.float64)
    inside = grid[(grid >= r1 - 1e-12) & (grid <= r2 + 1e-12)]
    if inside.size == 0:
        raise ValueError(f"no cost ratio of the grid lies in cost_range ({r1}, {r2}).")
    return inside


def _scores(result, repeat, name):
    if not 0 <= repeat < result.n_repeats:
        raise ValueError(
            f"repeat={repeat} is not a repetition of {name!r}, which has {result.n_repeats}."
        )
    return result.scores(repeat)
