"""The thesis's cost explorer: the library's explorer on the thesis's datasets and classifiers.

The same :func:`costlab.widgets.cost_explorer` a user calls on their own results, given the
thesis's four datasets (no results yet: it cross-validates what is shown, disk-cached), its four
classifiers as the models it may fit, its spelling of their names and Table 6's titles.
"""

from __future__ import annotations

from costlab.datasets import load_dataset
from costlab.evaluation import ExperimentRun
from costlab.studies.alsaffar2018.orientation import SCORE_OF
from costlab.studies.alsaffar2018.published import CLASSIFIERS, DATASETS, DISPLAY_NAMES, TABLE_6
from costlab.widgets import cost_explorer

__all__ = ["thesis_explorer"]


def thesis_explorer(dataset="german_credit", *, mirror=None, data_home=None, **options):
    """The cost explorer on the thesis's experiments (sections 5.2-5.7).

    Parameters
    ----------
    dataset : str
        The experiment shown first, one of :data:`.DATASETS`.
    mirror, data_home
        Where the datasets are read (:func:`costlab.datasets.load_dataset`).
    **options
        Passed to :class:`costlab.widgets.CostExplorer` (``engine``, ``classifiers``,
        ``cost_range``, ``search``, ``k``, ``cache_dir``, ...).

    Examples
    --------
    >>> thesis_explorer("spectf", cost_range=(0.4, 0.6))  # doctest: +SKIP
    """
    datasets = {name: load_dataset(name, mirror=mirror, data_home=data_home) for name in DATASETS}
    titles = {name: TABLE_6[name]["title"] for name in DATASETS}
    return cost_explorer(
        ExperimentRun(datasets=datasets),
        models=CLASSIFIERS,
        dataset=dataset,
        labels=DISPLAY_NAMES,
        titles=titles,
        **{"score_of": SCORE_OF, **options},
    )
