"""What the Johnson et al. notebook calls: one object holding the recomputed study."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

from costlab.studies._skeleton import ReproductionView
from costlab.studies.johnson2015.experiments import DEFAULT_READING, reading_words, run_table2
from costlab.studies.johnson2015.figures import (
    FIGURE_MAKERS,
    figure_02,
    figure_2_dataset,
    figure_2_scores,
)
from costlab.studies.johnson2015.published import MODELS
from costlab.studies.johnson2015.report import Reproduction, tables_of
from costlab.widgets import scenario_explorer

if TYPE_CHECKING:
    from typing import Any

    from typing_extensions import Self

    from costlab.widgets import ScenarioExplorer

__all__ = ["ScenariosView"]


class ScenariosView(ReproductionView):
    """Table 2, its ranks, the figures (cross-validation cached on disk) and the scenario
    explorer on the paper's data.

    ``table(name)``: ``"table_2"``, ``"ranks"``, ``"claims"``, ``"readings"`` (and
    ``"reading_aucs"`` when every reading ran); ``figure(name)``: one of
    :data:`.figures.FIGURE_MAKERS`, ``"figure_01_scenario_curves"``, ``"figure_02_iterations"``,
    ``"table_2"``, ``"ranks"``, ``"readings"``.

    Parameters
    ----------
    repeats : int
        Repetitions of 10-fold CV (default 10; the paper 100).
    quick : bool
        Smoke run: 5 datasets, 10 rounds, 1 repetition. The environment variable
        ``COSTLAB_QUICK=1`` forces it (the test suite sets it, so that the notebook runs in CI
        in seconds rather than the full study's hour).
    readings : {"default", "all"}
        RiskBoost under the default reading of Algorithm 1, or under all eight (about eight
        times RiskBoost's time).
    """

    _FIGURES = FIGURE_MAKERS

    def __init__(
        self,
        repeats: int = 10,
        quick: bool = False,
        progress: Any = True,
        n_jobs: int = -1,
        readings: str = "default",
    ) -> None:
        quick = quick or os.environ.get("COSTLAB_QUICK") == "1"
        run = run_table2(
            repeats=repeats, quick=quick, progress=progress, n_jobs=n_jobs, which=readings
        )
        self.rep = Reproduction(run, tables_of(run))
        self._figure_2 = None

    @classmethod
    def from_reproduction(cls, rep: Any) -> Self:
        """The view of a study already computed (a :class:`.report.Reproduction`)."""
        view = cls.__new__(cls)
        view.rep, view._figure_2 = rep, None
        return view

    def figure(self, name: str) -> Any:
        """One of :data:`.figures.FIGURE_MAKERS`: ``"figure_01_scenario_curves"``,
        ``"figure_02_iterations"``, ``"table_2"``, ``"ranks"``."""
        if name == "figure_02_iterations":
            return figure_02(self.rep, self._figure_2_scores())
        return FIGURE_MAKERS[name](self.rep)

    def _figure_2_scores(self):
        """Fig. 2's boosted ensembles, fitted once for the figure and the explorer."""
        if self._figure_2 is None:
            self._figure_2 = figure_2_scores(self.rep)
        return self._figure_2

    def scenario_explorer(self, **options: Any) -> ScenarioExplorer:
        """The scenario explorer (:func:`costlab.widgets.scenario_explorer`) on Fig. 2's data.

        Its classifiers are AdaBoost.M1 and RiskBoost's out-of-fold scores of the first
        repetition of 10-fold CV (as Fig. 1); its boosting rounds are Fig. 2's, both ensembles
        fitted on two thirds of the same dataset (pima; the paper's ncaaf is not public) and
        scored on the held-out third. ``options`` go to the explorer (e.g.
        ``density=("beta", 2, 5)``).
        """
        run = self.rep.run
        dataset, y_test, staged = self._figure_2_scores()
        key = figure_2_dataset(run)
        results = {model: run.results[(key, model)] for model in MODELS}
        y_true = results[MODELS[0]].y_true
        if not all(np.array_equal(r.y_true, y_true) for r in results.values()):
            raise ValueError(f"the models' out-of-fold rows of {key} are not in the same order.")
        title = (
            f"{dataset}: AdaBoost.M1 and RiskBoost, out-of-fold scores (CV repetition 1); "
            f"boosting rounds on a held-out third ({y_test.size} rows); RiskBoost under the "
            f"default reading of Algorithm 1 ({reading_words(DEFAULT_READING)})"
        )
        return scenario_explorer(
            y_true,
            {model: r.scores(0) for model, r in results.items()},
            staged_scores=staged,
            staged_y_true=y_test,
            pos_label=1,
            title=title,
            **options,
        )
