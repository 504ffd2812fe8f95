"""Interactive widgets: the cost and CST explorers, the cost-space explorer, the prior widget
and the scenario explorer.

:class:`CostExplorer` (built by :func:`cost_explorer`) lets a reader pick a dataset, an engine,
classifiers and a range of cost ratios and see the MTMCS chart with the range shaded, the
optimal thresholds, and MTMCR, cost sensitivity and CST over the range with the recommended
classifier (Al-Saffar 2018, sec. 4.2.2 and 5.1). It is an ``ipywidgets.VBox``: the last
expression of a cell displays it, in JupyterLab and in Voila.

:class:`PriorShiftWidget` (built by :func:`prior_shift_widget`) moves the true target prior
P(C_t) on a logarithmic slider and the operating condition (TPr, POSfrac or purity fixed) and
redraws Landgrebe et al.'s (2004) Figs. 3-4 and the chosen classifier's Table 2 row from held
out-of-fold scores (:func:`compute_prior_view`, :func:`operating_row`).
:class:`CostSpaceExplorer` (built by :func:`cost_space_explorer`) puts any classifiers' ROC
convex hulls beside their cost curves at a PCF(+) set directly or from p(+) and the two error
costs, names the winner there, and weights the envelopes by a density of PCF(+) for the total
expected cost (Drummond & Holte 2000, sec. 2.2, eqs. 6-11); :func:`cost_space_view` is its
pure core.
:class:`CstExplorer` (built by :func:`cst_explorer`) moves the range of interest over MTMCS
curves already computed and shows MTMCR, cost sensitivity and CST, the per-ratio MTMCS and the
robust-or-optimal choice (Al-Saffar 2018, sec. 5.1 and 5.7); its computation is
:func:`range_choice`.
:class:`ScenarioExplorer` (built by :func:`scenario_explorer`) lets a reader pick a belief u(c)
about the cost ratio and see the scenario curves, H, the risk of each ROC-hull classifier and
the riskiest instances, and step through boosting rounds (Johnson, Raeder & Chawla 2015).

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

from costlab._deprecation import unexported
from costlab.widgets._cost.controller import CostExplorer, cost_explorer
from costlab.widgets._cost.model import classifier_params, summarise
from costlab.widgets._cost.session import ExplorerState
from costlab.widgets._cost_space.controller import CostSpaceExplorer, cost_space_explorer
from costlab.widgets._cost_space.model import CostSpaceState
from costlab.widgets._cst.controller import CstExplorer, CstState, cst_explorer
from costlab.widgets._cst.model import RangeChoice, range_choice
from costlab.widgets._kit.charts import charts_option
from costlab.widgets._prior_shift.controller import PriorShiftWidget, prior_shift_widget
from costlab.widgets._prior_shift.model import PriorShiftState
from costlab.widgets._scenario.controller import ScenarioExplorer, scenario_explorer
from costlab.widgets._scenario.model import ScenarioState

__all__ = [
    "CostExplorer",
    "CostSpaceExplorer",
    "CostSpaceState",
    "CstExplorer",
    "CstState",
    "ExplorerState",
    "PriorShiftState",
    "PriorShiftWidget",
    "RangeChoice",
    "ScenarioExplorer",
    "ScenarioState",
    "charts_option",
    "classifier_params",
    "cost_explorer",
    "cost_space_explorer",
    "cst_explorer",
    "prior_shift_widget",
    "range_choice",
    "scenario_explorer",
    "summarise",
]

# Internals the face exported until costlab 0.2: still found here for one release, with a
# DeprecationWarning (they have no public replacement).
__getattr__ = unexported(
    __name__,
    {
        "compute_curves": "costlab.widgets._kit.mtmcs",
        "range_label": "costlab.widgets._kit.mtmcs",
        "snap_range": "costlab.widgets._cost.model",
        "snap_to_grid": "costlab.widgets._kit.mtmcs",
        "summary_html": "costlab.widgets._kit.mtmcs",
        "weka_status": "costlab.widgets._cost.model",
        "compute_prior_view": "costlab.widgets._prior_shift.model",
        "operating_row": "costlab.widgets._prior_shift.model",
        "operating_row_html": "costlab.widgets._prior_shift.view",
        "cost_space_view": "costlab.widgets._cost_space.model",
    },
)
