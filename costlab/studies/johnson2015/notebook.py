"""What the Johnson et al. notebook calls: one object holding the recomputed study."""

from __future__ import annotations

import os

from costlab.studies._skeleton import ReproductionView
from costlab.studies.johnson2015.experiments import run_table2
from costlab.studies.johnson2015.figures import FIGURE_MAKERS
from costlab.studies.johnson2015.report import Reproduction, tables_of

__all__ = ["ScenariosView"]


class ScenariosView(ReproductionView):
    """Table 2, its ranks and the figures (cross-validation cached on disk).

    ``table(name)``: ``"table_2"``, ``"ranks"`` or ``"claims"``; ``figure(name)``: one of
    :data:`.figures.FIGURE_MAKERS`, ``"figure_01_scenario_curves"``, ``"figure_02_iterations"``,
    ``"table_2"``, ``"ranks"``.

    Parameters
    ----------
    repeats : int
        Repetitions of 10-fold CV (default 10; the paper 100).
    quick : bool
        Smoke run: 5 datasets, 10 rounds, 1 repetition. The environment variable
        ``COSTLAB_QUICK=1`` forces it (the test suite sets it, so that the notebook runs in CI
        in seconds rather than the full study's hour).
    """

    _FIGURES = FIGURE_MAKERS

    def __init__(self, repeats=10, quick=False, progress=True, n_jobs=-1):
        quick = quick or os.environ.get("COSTLAB_QUICK") == "1"
        run = run_table2(repeats=repeats, quick=quick, progress=progress, n_jobs=n_jobs)
        self.rep = Reproduction(run, tables_of(run))
