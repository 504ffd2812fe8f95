"""What the Landgrebe et al. notebook calls: one object holding the recomputed study."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from costlab.evaluation import ExperimentRun
from costlab.studies._skeleton import ReproductionView
from costlab.studies.landgrebe2004.experiments import run_table2
from costlab.studies.landgrebe2004.figures import FIGURE_MAKERS
from costlab.studies.landgrebe2004.published import PRIORS, PROTOCOL, TABLE_2
from costlab.studies.landgrebe2004.report import Reproduction, tables_of
from costlab.widgets import prior_shift_widget

if TYPE_CHECKING:
    from typing import Any

    from costlab.widgets import PriorShiftWidget

__all__ = ["PriorsView", "printed_posfrac"]


class PriorsView(ReproductionView):
    """Table 2, the purity, the claims and the figures (cross-validation cached on disk).

    ``table(name)``: ``"table_2"``, ``"table_2_cells"``, ``"purity"`` or ``"claims"``;
    ``figure(name)``: one of :data:`.figures.FIGURE_MAKERS`, ``"figure_03_roc_posfrac"``,
    ``"figure_04_priors"``, ``"figure_05_problems"``, ``"table_2"``.

    Parameters
    ----------
    quick : bool
        Smoke run: 200 per class, 5 folds. The environment variable ``COSTLAB_QUICK=1``
        forces it (the test suite sets it, so that the notebook runs in CI in seconds).
    """

    _FIGURES = FIGURE_MAKERS

    def __init__(self, quick: bool = False, progress: Any = True, n_jobs: int = -1) -> None:
        quick = quick or os.environ.get("COSTLAB_QUICK") == "1"
        run = run_table2(quick=quick, progress=progress, n_jobs=n_jobs)
        self.rep = Reproduction(run, tables_of(run))

    def prior_widget(self, **options: Any) -> PriorShiftWidget:
        """The prior widget on the recomputed study: Figs. 3-4 and the chosen classifier's
        Table 2 row, redrawn as P(C_t), the operating condition, the problem or the classifier
        moves (:func:`costlab.widgets.prior_shift_widget`; no cross-validation in its
        callbacks). It opens as Fig. 3 does (Highleyman, LDC, P(C_t) = 0.1, TPr = 80 %) with
        Table 2's printed POSfrac beside ours; ``options`` override its keyword parameters."""
        run = ExperimentRun(datasets={}, results=dict(self.rep.run.results))
        defaults: dict[str, Any] = {
            "dataset": "Highleyman" if ("Highleyman", "LDC") in run.results else None,
            "classifier": "LDC",
            "prior": 0.1,
            "condition": "tpr",
            "value": PROTOCOL["tpr"],
            "reference_priors": PRIORS,
            "reference": printed_posfrac(),
            "reference_condition": {"tpr": PROTOCOL["tpr"]},
        }
        return prior_shift_widget(run, **(defaults | options))


def printed_posfrac() -> dict[tuple[str, str], dict[float, tuple[float, float]]]:
    """Table 2's printed POSfrac as fractions: ``{(experiment, classifier): {prior: (mean,
    std)}}`` (Landgrebe et al. 2004, Table 2, printed in percent)."""
    cells: dict[tuple[str, str], dict[float, tuple[float, float]]] = {}
    for (experiment, prior), row in TABLE_2.items():
        for classifier, (mean, std) in row.items():
            cells.setdefault((experiment, classifier), {})[prior] = (mean / 100, std / 100)
    return cells
