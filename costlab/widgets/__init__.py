"""Interactive widgets: the cost explorer (issue 4).

:class:`CostExplorer` (built by :func:`cost_explorer`) lets a reader pick a dataset, an engine,
classifiers and a range of cost ratios and see the MTMCS chart with the range shaded, the
optimal thresholds, and MTMCR, cost sensitivity and CST over the range with the recommended
classifier (Al-Saffar 2018, sec. 4.2.2 and 5.1). It is an ``ipywidgets.VBox``: the last
expression of a cell displays it, in JupyterLab and in Voila.

:class:`CstExplorer` (built by :func:`cst_explorer`) moves the range of interest over MTMCS
curves already computed and shows MTMCR, cost sensitivity and CST, the per-ratio MTMCS and the
robust-or-optimal choice (Al-Saffar 2018, sec. 5.1 and 5.7); its computation is
:func:`range_choice`.

The computations are the pure functions re-exported here (:func:`summarise`,
:func:`compute_curves`, :func:`summary_html`, ...), which the explorer's callbacks call and the
tests call directly.

Examples
--------
>>> from costlab.widgets import cost_explorer  # doctest: +SKIP
>>> explorer = cost_explorer(dataset="spectf")  # doctest: +SKIP
>>> explorer.cost_range.value = (0.40, 0.60)  # doctest: +SKIP
>>> explorer.selection_.classifier  # doctest: +SKIP
"""

from costlab.widgets._cst import CstExplorer, CstState, cst_explorer
from costlab.widgets._cst_model import RangeChoice, range_choice
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

__all__ = [
    "CostExplorer",
    "CstExplorer",
    "CstState",
    "ExplorerState",
    "RangeChoice",
    "classifier_params",
    "compute_curves",
    "cost_explorer",
    "cst_explorer",
    "range_choice",
    "range_label",
    "snap_range",
    "summarise",
    "summary_html",
    "weka_status",
]
