"""Interactive widgets: the cost explorer (issue 4) and the scenario explorer (issue 22).

:class:`CostExplorer` (built by :func:`cost_explorer`) lets a reader pick a dataset, an engine,
classifiers and a range of cost ratios and see the MTMCS chart with the range shaded, the
optimal thresholds, and MTMCR, cost sensitivity and CST over the range with the recommended
classifier (Al-Saffar 2018, sec. 4.2.2 and 5.1). It is an ``ipywidgets.VBox``: the last
expression of a cell displays it, in JupyterLab and in Voila.

The computations are the pure functions re-exported here (:func:`summarise`,
:func:`compute_curves`, :func:`summary_html`, ...), which the explorer's callbacks call and the
tests call directly.

:class:`ScenarioExplorer` (built by :func:`scenario_explorer`) lets a reader pick a belief u(c)
about the cost ratio and see the scenario curves, H, the risk of each ROC-hull classifier and
the riskiest instances, and step through boosting rounds (Johnson, Raeder & Chawla 2015).

Examples
--------
>>> from costlab.widgets import cost_explorer  # doctest: +SKIP
>>> explorer = cost_explorer(dataset="spectf")  # doctest: +SKIP
>>> explorer.cost_range.value = (0.40, 0.60)  # doctest: +SKIP
>>> explorer.selection_.classifier  # doctest: +SKIP
"""

from costlab.widgets._explorer import CostExplorer, ExplorerState, cost_explorer
from costlab.widgets._model import (
    classifier_params,
    compute_curves,
    range_label,
    snap_range,
    summarise,
    summary_html,
    weka_status,
)
from costlab.widgets._scenario_explorer import ScenarioExplorer, scenario_explorer
from costlab.widgets._scenario_model import ScenarioState

__all__ = [
    "CostExplorer",
    "ExplorerState",
    "ScenarioExplorer",
    "ScenarioState",
    "classifier_params",
    "compute_curves",
    "cost_explorer",
    "range_label",
    "scenario_explorer",
    "snap_range",
    "summarise",
    "summary_html",
    "weka_status",
]
