"""The CST explorer's computations: pure functions of MTMCS curves and a cost-ratio range.

Nothing here touches a widget or matplotlib. The curves are computed once, when the widget is
built (:func:`curves_by_dataset`); everything a control change needs afterwards is
:func:`range_choice`, which only reads the held curves over [r1, r2] and calls
:func:`costlab.metrics.select_classifier` (MTMCR, cost sensitivity, CST and the robust-or-optimal
rule of Al-Saffar 2018, sec. 5.1), and the HTML of the tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.evaluation.experiment import as_run
from costlab.metrics import curve_in_range, select_classifier
from costlab.widgets._kit.mtmcs import DECIMALS, compute_curves

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "RangeChoice",
    "curves_by_dataset",
    "range_choice",
    "ratio_grid",
]

_TOL = 1e-9


def curves_by_dataset(
    source, *, grid_step=0.05, search="optimized", step=1e-5, score_of="positive"
):
    """``{dataset: {classifier: MTMCS curve}}`` from curves or from any results.

    Parameters
    ----------
    source : mapping or results
        MTMCS curves ``{classifier: DataFrame}`` (one dataset, called ``"data"``) or
        ``{dataset: {classifier: DataFrame}}``, each with columns ``fp_cost`` and ``mtmcs``
        (:func:`costlab.metrics.mtmcs_curve`); or anything
        :func:`costlab.evaluation.experiment.as_run` takes (an ``ExperimentRun``, CVResults,
        ``{classifier: (y_true, y_score)}``), whose curves are computed here, once.
    grid_step, search, step, score_of
        How curves are computed from results (:func:`costlab.widgets.compute_curves`); ignored
        for curves.

    Returns
    -------
    dict of str -> dict of str -> DataFrame
    """
    if isinstance(source, Mapping) and source:
        values = list(source.values())
        if all(isinstance(v, pd.DataFrame) for v in values):
            return {"data": _checked("curves", source)}
        if all(isinstance(v, Mapping) for v in values) and all(
            isinstance(c, pd.DataFrame) for v in values for c in v.values()
        ):
            return {str(d): _checked(f"curves[{d!r}]", v) for d, v in source.items()}
    run = as_run(source)
    grouped = {}
    for (dataset, classifier), result in run.results.items():
        grouped.setdefault(dataset, {})[classifier] = result
    return {
        dataset: compute_curves(results, grid_step, search, step, score_of=score_of)
        for dataset, results in grouped.items()
    }


def _checked(name, curves):
    if not curves:
        raise ValueError(f"{name} is empty: give at least one classifier's MTMCS curve.")
    for classifier, curve in curves.items():
        missing = {"fp_cost", "mtmcs"} - set(curve.columns)
        if missing:
            raise ValueError(
                f"{name}[{classifier!r}] lacks the columns {sorted(missing)}: give MTMCS curves "
                "(costlab.metrics.mtmcs_curve)."
            )
    ratio_grid(curves, name=name)
    return dict(curves)


def ratio_grid(curves, *, name="curves"):
    """The normalised FPcost grid the curves share, ascending.

    Raises ``ValueError`` naming two classifiers whose grids differ: CST sums a curve over
    its grid, so curves on different grids cannot be compared ratio by ratio.
    """
    grids = {c: np.sort(curve["fp_cost"].to_numpy(dtype=float)) for c, curve in curves.items()}
    (first, grid), *others = grids.items()
    for other, values in others:
        if values.shape != grid.shape or not np.allclose(values, grid, rtol=0.0, atol=_TOL):
            raise ValueError(
                f"{name}: the curves of {first!r} and {other!r} have different fp_cost grids; "
                "compute every classifier's curve on the same fp_costs."
            )
    return grid


@dataclass(frozen=True)
class RangeChoice:
    """What the CST explorer shows for one range: the choice and the numbers behind it.

    Attributes
    ----------
    r1, r2 : float
        The range as normalised FPcost.
    selection : costlab.metrics.mtmcs.measures.Selection
        The robust or optimal classifier and the range summary (MTMCR, cost sensitivity,
        CST) it was made from (Al-Saffar 2018, sec. 5.1).
    per_ratio : DataFrame
        MTMCS of each classifier (rows) at each cost ratio of the range (columns: FPcost).
    lowest_mtmcr : str
        The classifier with the lowest MTMCR: what the MTMCR alone would pick.
    decimals : int or None
        The per-ratio rounding of the sums (2: the thesis's tables).
    """

    r1: float
    r2: float
    selection: object
    per_ratio: pd.DataFrame
    lowest_mtmcr: str
    decimals: int | None


def range_choice(curves: Any, r1: float, r2: float, decimals: int = DECIMALS) -> RangeChoice:
    """The robust-or-optimal choice over [r1, r2] and the per-ratio MTMCS behind it.

    Parameters
    ----------
    curves : Mapping[str, DataFrame]
        Classifier -> MTMCS curve, on a shared grid.
    r1, r2 : float
        The range as normalised FPcost.
    decimals : int or None
        Round each MTMCS before summing, as the thesis's tables (see
        :func:`costlab.metrics.mtmcr`).

    Returns
    -------
    RangeChoice
    """
    selection = select_classifier(curves, r1, r2, decimals=decimals)
    rows = {}
    for classifier, curve in curves.items():
        inside = curve_in_range(curve, r1, r2).sort_values("fp_cost", kind="stable")
        rows[classifier] = pd.Series(inside["mtmcs"].to_numpy(), index=inside["fp_cost"].to_numpy())
    per_ratio = pd.DataFrame(rows).T
    summary = selection.summary
    lowest = str(summary["classifier"].iloc[int(np.argmin(summary["mtmcr"].to_numpy()))])
    return RangeChoice(float(r1), float(r2), selection, per_ratio, lowest, decimals)
