"""What the Drummond & Holte notebook calls: one object holding the recomputed study."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from costlab.studies._skeleton import ReproductionView
from costlab.studies.drummond_holte2000.experiments import load_study
from costlab.studies.drummond_holte2000.figures import FIGURE_MAKERS
from costlab.studies.drummond_holte2000.published import GERMAN_CREDIT_COSTS
from costlab.studies.drummond_holte2000.report import LABELS, Reproduction, tables_of
from costlab.studies.drummond_holte2000.sonar import sonar_selection
from costlab.widgets import cost_space_explorer

if TYPE_CHECKING:
    from typing import Any

    from costlab.widgets import CostSpaceExplorer

__all__ = ["CostCurvesView"]


class CostCurvesView(ReproductionView):
    """The paper's figures and tables, recomputed (cross-validation cached on disk).

    ``table(name)``: one table (tidy), e.g. ``"tec"``, ``"criteria"``, ``"sonar"``,
    ``"claims"``; ``figure(name)``: one figure, e.g. ``"figure_17_18"`` (see
    :data:`.figures.FIGURE_MAKERS`).

    Parameters
    ----------
    quick : bool
        Fewer trees in the Random Forest (a smoke run). The environment variable
        ``COSTLAB_QUICK=1`` forces it, as for the other studies' notebooks (the test suite sets
        it; the widget's browser test serves the notebook with it).
    """

    _FIGURES = FIGURE_MAKERS

    def __init__(self, quick: bool = False, progress: Any = True) -> None:
        quick = quick or os.environ.get("COSTLAB_QUICK") == "1"
        study = load_study(quick=quick, progress=progress)
        selection = sonar_selection(study.sonar)
        self.rep = Reproduction(run=study, tables=tables_of(study, selection), sonar=selection)

    def cost_space_explorer(self, **options: Any) -> CostSpaceExplorer:
        """The German Credit classifiers in an interactive cost space (the notebook's last cell).

        :func:`costlab.widgets.cost_space_explorer` on the out-of-fold scores of the figures'
        classifiers (positive class: bad credit): ROC hulls beside lower envelopes at a PCF(+)
        set directly or from p(+) and the two error costs, the winner there, and the total
        expected cost under a density of PCF(+) (D&H sec. 2.2, eqs. 6-11). It starts at the
        dataset's own costs (:data:`.published.GERMAN_CREDIT_COSTS`) and the share of bad
        credit in the data; ``options`` override any of the widget's parameters.
        """
        study = self.rep.study
        results = {c: (study.result(c).y_true, study.result(c).scores()) for c in study.envelopes}
        y_true = next(iter(results.values()))[0]
        settings = {
            "pos_label": 1,
            "labels": LABELS,
            "title": "German Credit (positive class: bad credit), out-of-fold scores",
            "mode": "parts",
            "p_pos": round(float((y_true == 1).mean()), 2),
            **GERMAN_CREDIT_COSTS,
        }
        return cost_space_explorer(results, **{**settings, **options})
