"""The thesis's widgets: the library's explorers on the thesis's datasets, classifiers and search.

The same :func:`costlab.widgets.cost_explorer` and :func:`costlab.widgets.cst_explorer` a user
calls on their own results, given the thesis's datasets, its four classifiers, its spelling of
their names, Table 6's titles and its settings (:data:`THESIS_MODE`): the cost-ratio grid of its
charts, its one-sided optimized threshold search at step 1e-5, on P(class 1).

- :func:`thesis_explorer` cross-validates what is shown (disk-cached): notebook 07.
- :func:`experiment_explorer` explores results already cross-validated (an experiment's run),
  without a second cross-validation: notebooks 01-04.
- :func:`thesis_cst_explorer` moves the range of interest over the curves already computed and
  shows CST and the robust-or-optimal choice (sec. 5.1), starting from the examples of sec. 5.7
  and the ranges of Tables 7-10: notebook 06.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from costlab.datasets import load_dataset
from costlab.evaluation import ExperimentRun
from costlab.evaluation.experiment import curves_for
from costlab.metrics import format_cost_ratio
from costlab.studies.alsaffar2018.orientation import SCORE_OF
from costlab.studies.alsaffar2018.published import (
    CLASSIFIERS,
    CST_EXAMPLES,
    DATASETS,
    DISPLAY_NAMES,
    RANGE_TABLES,
    RANGES,
    TABLE_6,
)
from costlab.widgets import cost_explorer, cst_explorer

if TYPE_CHECKING:
    import os
    from collections.abc import Sequence
    from typing import Any

    import pandas as pd

    from costlab.widgets import CostExplorer, CstExplorer

__all__ = [
    "THESIS_MODE",
    "cst_presets",
    "experiment_explorer",
    "thesis_cst_explorer",
    "thesis_explorer",
    "thesis_range",
]

#: The thesis's settings of the explorer ("thesis mode"): the cost-ratio grid of its MTMCS charts
#: (0.05/0.95, 0.10/0.90, ..., 0.95/0.05; sec. 5.6), its one-sided optimized threshold search at
#: step 1e-5 (sec. 4.3.2), thresholding P(class 1) with the rules of sec. 4.5.
THESIS_MODE = {"grid_step": 0.05, "search": "optimized", "search_step": 1e-5, "score_of": SCORE_OF}


def thesis_range(cost_range: Any) -> tuple[float, float]:
    """``(r1, r2)`` of a range given as a Table 7-10 name ("whole", "left", "right", "middle")
    (:data:`~costlab.studies.alsaffar2018.published.RANGES`) or as a pair of normalised FPcost.

    >>> thesis_range("left"), thesis_range((0.4, 0.6))
    ((0.05, 0.45), (0.4, 0.6))
    """
    if isinstance(cost_range, str):
        if cost_range not in RANGES:
            raise ValueError(
                f"cost_range must be one of {list(RANGES)} or (r1, r2), got {cost_range!r}."
            )
        return RANGES[cost_range]
    return tuple(cost_range)


def _titles():
    return {name: TABLE_6[name]["title"] for name in DATASETS}


def thesis_explorer(
    dataset: str = "german_credit",
    *,
    mirror: str | os.PathLike[str] | None = None,
    data_home: str | os.PathLike[str] | None = None,
    **options: Any,
) -> CostExplorer:
    """The cost explorer on the thesis's experiments (sections 5.2-5.7).

    Parameters
    ----------
    dataset : str
        The experiment shown first, one of :data:`.DATASETS`.
    mirror, data_home
        Where the datasets are read (:func:`costlab.datasets.load_dataset`).
    **options
        Passed to :class:`costlab.widgets.CostExplorer` (``engine``, ``classifiers``,
        ``cost_range``, ``search``, ``k``, ``cache_dir``, ...); the thesis's settings
        (:data:`THESIS_MODE`) unless given.

    Examples
    --------
    >>> thesis_explorer("spectf", cost_range=(0.4, 0.6))  # doctest: +SKIP
    """
    datasets = {name: load_dataset(name, mirror=mirror, data_home=data_home) for name in DATASETS}
    return cost_explorer(
        ExperimentRun(datasets=datasets),
        models=CLASSIFIERS,
        dataset=dataset,
        labels=DISPLAY_NAMES,
        titles=_titles(),
        **{**THESIS_MODE, **options},
    )


def experiment_explorer(
    run: ExperimentRun,
    *,
    dataset: str | None = None,
    search: str = "optimized",
    step: float = 1e-5,
    cost_range: Any = (0.3, 0.7),
    **options: Any,
) -> CostExplorer:
    """The cost explorer in thesis mode on results already cross-validated.

    The explorer holds ``run``'s out-of-fold probabilities and never cross-validates (no
    ``models``): its engine and k are the run's. Its MTMCS curves are those of the thesis's
    grid, search and step (:data:`THESIS_MODE`; ``search`` and ``step`` as the experiment's),
    so over a range of Tables 7-10 its MTMCR column is that table's row
    (:func:`costlab.studies.alsaffar2018.tables.range_values`), and over any other range the
    same row for that range.

    Parameters
    ----------
    run : ExperimentRun
        The experiment's results (e.g. ``ExperimentView.run``).
    dataset : str, optional
        The dataset shown first (default: the run's first).
    search, step
        Threshold search and its step (the thesis's: "optimized" at 1e-5).
    cost_range : str or tuple of float
        A Table 7-10 range name or ``(r1, r2)`` (:func:`thesis_range`).
    **options
        Passed to :class:`costlab.widgets.CostExplorer`.
    """
    settings = {**THESIS_MODE, "search": search, "search_step": step}
    return cost_explorer(
        run,
        dataset=dataset,
        labels=DISPLAY_NAMES,
        titles={d: t for d, t in _titles().items() if d in run.dataset_names()},
        cost_range=thesis_range(cost_range),
        **{**settings, **options},
    )


def cst_presets(
    datasets: Sequence[str] = DATASETS, classifiers: Sequence[str] = CLASSIFIERS
) -> dict[str, Any]:
    """The "Start from" menu of :func:`thesis_cst_explorer`: the worked examples of sec. 5.7
    (Figures 30-32: dataset, the two classifiers, the range) and the ranges of Tables 7-10 (all
    four classifiers, the dataset shown), restricted to the ``datasets`` and ``classifiers`` a
    run holds (a worked example needs both its classifiers)."""
    presets = {}
    for example in CST_EXAMPLES:
        if example.dataset not in datasets or not set(example.mtmcs) <= set(classifiers):
            continue
        names = " vs ".join(DISPLAY_NAMES.get(c, c) for c in example.mtmcs)
        r1, r2 = example.fp_range
        label = f"Fig. {example.figure}: {TABLE_6[example.dataset]['title']}, {names}"
        presets[f"{label} [{format_cost_ratio(r1)}, {format_cost_ratio(r2)}]"] = {
            "dataset": example.dataset,
            "classifiers": tuple(example.mtmcs),
            "cost_range": example.fp_range,
        }
    for name, number in RANGE_TABLES.items():
        r1, r2 = RANGES[name]
        low, high = format_cost_ratio(r1), format_cost_ratio(r2)
        span = low if r1 == r2 else f"[{low}, {high}]"
        held = tuple(c for c in CLASSIFIERS if c in classifiers)
        which = "all four" if len(held) == len(CLASSIFIERS) else "the classifiers run"
        presets[f"Table {number}: {name} {span}, {which}"] = {
            "classifiers": held,
            "cost_range": (r1, r2),
        }
    return presets


def thesis_cst_explorer(
    curves: pd.DataFrame, *, search: str = "optimized", example: int | None = 30, **options: Any
) -> CstExplorer:
    """The CST explorer on the thesis's curves, starting from a worked example of sec. 5.7.

    Parameters
    ----------
    curves : DataFrame
        Tidy MTMCS curves of the thesis's experiments
        (:func:`costlab.evaluation.experiment.mtmcs_curves`, e.g. ``StudyView.curves``); nothing
        is recomputed.
    search : str
        Which search's curves are explored (the thesis's: "optimized").
    example : int or None
        The figure of sec. 5.7 to start from (30, 31 or 32), or None for all classifiers of
        the first dataset over [0.30/0.70, 0.70/0.30].
    **options
        Passed to :class:`costlab.widgets.CstExplorer`.
    """
    datasets = list(dict.fromkeys(curves["dataset"]))
    held = {d: curves_for(curves, d, search) for d in datasets}
    presets = cst_presets(datasets, list(dict.fromkeys(curves["classifier"])))
    start = {}
    if example is not None:
        chosen = [e for e in CST_EXAMPLES if e.figure == example and e.dataset in datasets]
        if not chosen:
            raise ValueError(
                f"example must be 30, 31 or 32 (a figure of sec. 5.7 on {datasets}) or None, "
                f"got {example!r}."
            )
        e = chosen[0]
        start = {"dataset": e.dataset, "classifiers": tuple(e.mtmcs), "cost_range": e.fp_range}
    titles = {d: TABLE_6.get(d, {}).get("title", d) for d in datasets}
    return cst_explorer(
        held, presets=presets, labels=DISPLAY_NAMES, titles=titles, **{**start, **options}
    )
