"""What the Landgrebe et al. notebook calls: one object holding the recomputed study."""

from __future__ import annotations

import os

from costlab.studies._skeleton import ReproductionView
from costlab.studies.landgrebe.experiments import run_table2
from costlab.studies.landgrebe.figures import FIGURE_MAKERS
from costlab.studies.landgrebe.report import Reproduction, tables_of

__all__ = ["PriorsView"]


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

    def __init__(self, quick=False, progress=True, n_jobs=-1):
        quick = quick or os.environ.get("COSTLAB_QUICK") == "1"
        run = run_table2(quick=quick, progress=progress, n_jobs=n_jobs)
        self.rep = Reproduction(run, tables_of(run))
