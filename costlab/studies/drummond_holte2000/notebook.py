"""What the Drummond & Holte notebook calls: one object holding the recomputed study."""

from __future__ import annotations

from costlab.studies._skeleton import ReproductionView
from costlab.studies.drummond_holte2000.experiments import load_study
from costlab.studies.drummond_holte2000.figures import FIGURE_MAKERS
from costlab.studies.drummond_holte2000.report import Reproduction, tables_of
from costlab.studies.drummond_holte2000.sonar import sonar_selection

__all__ = ["CostCurvesView"]


class CostCurvesView(ReproductionView):
    """The paper's figures and tables, recomputed (cross-validation cached on disk).

    ``table(name)``: one table (tidy), e.g. ``"tec"``, ``"criteria"``, ``"sonar"``,
    ``"claims"``; ``figure(name)``: one figure, e.g. ``"figure_17_18"`` (see
    :data:`.figures.FIGURE_MAKERS`).

    Parameters
    ----------
    quick : bool
        Fewer trees in the Random Forest (a smoke run).
    """

    _FIGURES = FIGURE_MAKERS

    def __init__(self, quick=False, progress=True):
        study = load_study(quick=quick, progress=progress)
        selection = sonar_selection(study.sonar)
        self.rep = Reproduction(run=study, tables=tables_of(study, selection), sonar=selection)
