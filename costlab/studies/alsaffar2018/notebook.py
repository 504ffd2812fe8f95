"""What the notebooks call: one object per experiment and one for the whole study.

Notebooks stay thin: a parameters cell, then one- to three-line calls into these
objects. Everything is computed by the same functions ``reproduce.py`` uses, and cross-validation
is served from the on-disk cache after the first run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from costlab import plotting
from costlab.evaluation.experiment import (
    auc_table,
    curves_for,
    mtmcs_curves,
    roc_curves,
    run_experiments,
)
from costlab.studies.alsaffar2018.explorer import experiment_explorer, thesis_cst_explorer
from costlab.studies.alsaffar2018.orientation import AXIS_LABELS, SCORE_OF, p_class1
from costlab.studies.alsaffar2018.published import (
    CLASSIFIERS,
    CST_EXAMPLES,
    DATASETS,
    DISPLAY_NAMES,
    FIGURES,
    RANGES,
)
from costlab.studies.alsaffar2018.statements import Evidence, check_statements
from costlab.studies.alsaffar2018.tables import (
    cst_example_tables,
    range_values,
    results_by_dataset,
    selection_stability,
    selection_table,
    table_6,
    threshold_choice_table,
)

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from costlab.plotting import (
        BrierCurveDisplay,
        ClassDistributionDisplay,
        DecisionCurveDisplay,
        MTMCSDisplay,
        ROCDisplay,
        ROCThresholdDisplay,
        ThresholdDisplay,
    )
    from costlab.widgets import CostExplorer, CstExplorer

__all__ = ["ExperimentView", "StudyView"]

_SEARCHES = ("optimized", "thorough", "exact")


def _pretty(frame):
    """Round for reading (2 decimals, 4 for AUCs) and use the thesis's classifier names."""
    out = frame.copy()
    for column in out.columns:
        if column == "classifier" or column.endswith("choice") or column.endswith("best_auc"):
            out[column] = out[column].map(lambda v: DISPLAY_NAMES.get(v, v))
        elif pd.api.types.is_float_dtype(out[column]):
            out[column] = out[column].round(4 if "auc" in column else 2)
    return out


class StudyView:
    """The four experiments together (thesis 5.6-5.7): Tables 6-16 and Figures 30-32.

    Parameters
    ----------
    datasets, classifiers : sequence of str
        Default: the thesis's four datasets and four classifiers.
    engine : {"sklearn", "weka"}
        Classifier engine.
    search : str
        Threshold search used for the charts and the selections (the thesis's: "optimized").
    step : float
        Threshold step of the grid searches (the thesis's: 1e-5).
    knn_k : int
        IBk's k (Weka's default 1).
    """

    def __init__(
        self,
        datasets: Sequence[str] = DATASETS,
        classifiers: Sequence[str] = CLASSIFIERS,
        *,
        engine: str = "sklearn",
        search: str = "optimized",
        step: float = 1e-5,
        knn_k: int = 1,
        progress: Any = True,
    ) -> None:
        self.search, self.step = search, step
        self.run = run_experiments(
            datasets,
            classifiers,
            engine=engine,
            progress=progress,
            classifier_params={"IBk": {"k": knn_k}} if "IBk" in classifiers else None,
        )
        searches = tuple(dict.fromkeys((search, *_SEARCHES)))
        self.curves = mtmcs_curves(self.run, searches=searches, step=step, score_of=SCORE_OF)
        self.aucs = auc_table(self.run, score_of=SCORE_OF)

    def table_6(self) -> pd.DataFrame:
        """Table 6: the datasets, ours beside the thesis's."""
        return _pretty(table_6(self.run.datasets))

    def range_table(self, range_name: str) -> pd.DataFrame:
        """Tables 7-10: MTMCR per classifier under every search, beside the thesis's values.

        ``range_name`` is "whole" (Table 7), "left" (8), "right" (9) or "middle" (10).
        """
        return _pretty(range_values(self.curves, self.aucs, range_name, searches=_SEARCHES))

    def selection(
        self, range_name: str, search: str | None = None, n_resamples: int = 200
    ) -> pd.DataFrame:
        """Final classifier selection of Tables 7-10: ours beside the thesis's, and how stable
        each choice is across ``n_resamples`` bootstrap resamples of the out-of-fold
        probabilities (``thesis_choice_stability``, ``mtmcs_choice_stability``)."""
        values = range_values(self.curves, self.aucs, range_name, searches=_SEARCHES)
        stability = selection_stability(self.run.results, range_name, n_resamples=n_resamples)
        return _pretty(
            selection_table(values, range_name, search=search or self.search, stability=stability)
        )

    def threshold_choice(self, n_resamples: int = 500) -> pd.DataFrame:
        """Not in the thesis: Brier score (with its bootstrap interval), optimal and rate-driven
        expected loss of each classifier (:func:`threshold_choice_table`)."""
        out = threshold_choice_table(self.run.results, n_resamples=n_resamples)
        out["classifier"] = out["classifier"].map(lambda v: DISPLAY_NAMES.get(v, v))
        return out.round(3)

    def cst_example(self, number: int) -> tuple[pd.DataFrame, pd.DataFrame]:
        """Tables 11-16 (section 5.7): ``number`` is 11, 13 or 15; returns (per ratio, summary)."""
        example = next(e for e in CST_EXAMPLES if e.mtmcs_table == number)
        per_ratio, summary = cst_example_tables(self.curves, example, search=self.search)
        return _pretty(per_ratio), _pretty(summary)

    def cst_figure(self, number: int, ax: Any = None) -> MTMCSDisplay:
        """Figures 30-32: the MTMCS chart of the two classifiers with the range highlighted."""
        example = next(e for e in CST_EXAMPLES if e.figure == number)
        curves = curves_for(self.curves, example.dataset, self.search, list(example.mtmcs))
        title = f"Figure {number}: {self.run.datasets[example.dataset].title}, range of interest"
        display = plotting.MTMCSDisplay(
            curves, highlight=example.fp_range, title=title, labels=DISPLAY_NAMES
        )
        return display.plot(ax=ax, annotate=True)

    def cst_explorer(self, example: int | None = 30, **options: Any) -> CstExplorer:
        """The CST explorer (sec. 5.1 and 5.7) on this study's curves: move the range of
        interest and watch MTMCR, cost sensitivity, CST and the robust-or-optimal choice
        change; it starts from Figure ``example`` (30, 31, 32) and offers the other examples and
        the ranges of Tables 7-10. Nothing is cross-validated or recomputed
        (:func:`~costlab.studies.alsaffar2018.explorer.thesis_cst_explorer`)."""
        return thesis_cst_explorer(self.curves, search=self.search, example=example, **options)


class ExperimentView(StudyView):
    """One experiment of chapter 5 (sections 5.2-5.5): its figures, numbers and statements."""

    def __init__(
        self, dataset: str, classifiers: Sequence[str] = CLASSIFIERS, **kwargs: Any
    ) -> None:
        super().__init__((dataset,), classifiers, **kwargs)
        self.dataset = dataset
        self.data = self.run.datasets[dataset]
        self.figures = FIGURES.get(dataset, {})

    def _title(self, kind, text):
        number = self.figures.get(kind)
        prefix = f"Figure {number}: " if number else ""
        return f"{prefix}{self.data.title}, {text}"

    def class_distribution(self, ax: Any = None) -> ClassDistributionDisplay:
        """Class distribution (Figures 10, 15, 20, 25)."""
        title = self._title("distribution", "class distribution")
        return plotting.ClassDistributionDisplay(self.data.class_counts, title=title).plot(ax=ax)

    def mtmcs_chart(
        self,
        search: str | None = None,
        highlight: tuple[float, float] | None = None,
        ax: Any = None,
    ) -> MTMCSDisplay:
        """The MTMCS chart (Figures 11, 16, 21, 26); ``highlight=(r1, r2)`` shades a range."""
        search = search or self.search
        curves = curves_for(self.curves, self.dataset, search)
        title = self._title("mtmcs", f"MTMCS chart ({search} search)")
        return plotting.MTMCSDisplay(
            curves, highlight=highlight, title=title, labels=DISPLAY_NAMES
        ).plot(ax=ax)

    def threshold_chart(self, search: str | None = None, ax: Any = None) -> ThresholdDisplay:
        """The optimal classification thresholds (Figures 12, 17, 22, 27)."""
        curves = curves_for(self.curves, self.dataset, search or self.search)
        title = self._title("thresholds", "optimal classification thresholds")
        return plotting.ThresholdDisplay(
            curves, title=title, labels=DISPLAY_NAMES, axis_labels=AXIS_LABELS["thresholds"]
        ).plot(ax=ax)

    def _aucs(self):
        sub = self.aucs[self.aucs["dataset"] == self.dataset]
        return dict(zip(sub["classifier"], sub["auc"], strict=True))

    def roc(self, ax: Any = None) -> ROCDisplay:
        """ROC of P(class 1) with the AUCs (Figures 13, 18, 23, 28)."""
        rocs = roc_curves(self.run, self.dataset, score_of=SCORE_OF)
        title = self._title("roc", "ROC")
        return plotting.ROCDisplay(
            rocs, self._aucs(), title=title, labels=DISPLAY_NAMES, axis_labels=AXIS_LABELS["roc"]
        ).plot(ax=ax)

    def roc_thresholds(self, ax: Any = None) -> ROCThresholdDisplay:
        """Thresholds along the ROC curves (Figures 14, 19, 24, 29)."""
        title = self._title("roc_thresholds", "ROC thresholds")
        return plotting.ROCThresholdDisplay(
            roc_curves(self.run, self.dataset, score_of=SCORE_OF),
            title=title,
            labels=DISPLAY_NAMES,
            axis_labels=AXIS_LABELS["roc_thresholds"],
        ).plot(ax=ax)

    def _positive_probabilities(self):
        """(labels, {classifier: out-of-fold P(class 2)}), class 2 the positive class."""
        by_clf = results_by_dataset(self.run.results)[self.dataset]
        first = next(iter(by_clf.values()))
        named = {DISPLAY_NAMES.get(c, c): 1.0 - p_class1(r) for c, r in by_clf.items()}
        return first.y_true, named

    def decision_curves(
        self, *, n_resamples: int = 200, p_max: float = 0.8, ax: Any = None
    ) -> DecisionCurveDisplay:
        """Decision curves of the out-of-fold P(class 2) (Vickers & Elkin 2006; not in the
        thesis): net benefit against the threshold probability, which is the normalised FPcost
        of the MTMCS chart, with treat-all, treat-none and bootstrap bands."""
        y, scores = self._positive_probabilities()
        title = f"{self.data.title}, decision curves (out-of-fold P(class 2))"
        return plotting.DecisionCurveDisplay.from_predictions(
            y, scores, pos_label=1, n_resamples=n_resamples, p_max=p_max, title=title, ax=ax
        )

    def brier_curves(
        self,
        *,
        methods: Sequence[str] = ("score-driven", "optimal"),
        n_resamples: int = 200,
        ax: Any = None,
    ) -> BrierCurveDisplay:
        """Brier curves (score-driven: threshold = FPcost on P(class 2)) and the optimal
        threshold choice (the exact MTMCS, with the true priors) of Hernández-Orallo, Flach &
        Ferri; the legend's areas are each classifier's Brier score and the refinement loss."""
        y, scores = self._positive_probabilities()
        title = f"{self.data.title}, threshold-choice curves (legend: area)"
        return plotting.BrierCurveDisplay.from_predictions(
            y, scores, methods=methods, pos_label=1, n_resamples=n_resamples, title=title, ax=ax
        )

    def explorer(self, cost_range: Any = (0.3, 0.7), **options: Any) -> CostExplorer:
        """The cost explorer in thesis mode on this experiment's cross-validation (none rerun):
        the thesis's classifiers, grid, search and step; ``cost_range`` a Table 7-10 range name
        ("whole", "left", "right", "middle") or ``(r1, r2)``. Over a table's range its MTMCR
        column is that table's row (:meth:`published`); over any other range, the same row for
        that range (:func:`~costlab.studies.alsaffar2018.explorer.experiment_explorer`)."""
        return experiment_explorer(
            self.run,
            dataset=self.dataset,
            search=self.search,
            step=self.step,
            cost_range=cost_range,
            **options,
        )

    def statements(self) -> pd.DataFrame:
        """The thesis's statements about this experiment, each checked against our numbers."""
        evidence = Evidence(
            class_counts=self.data.class_counts,
            curves=curves_for(self.curves, self.dataset, self.search),
            aucs=self._aucs(),
            rocs=roc_curves(self.run, self.dataset, score_of=SCORE_OF),
        )
        return check_statements(self.dataset, evidence)

    def published(self) -> pd.DataFrame:
        """MTMCR over the thesis's four ranges and AUC, ours beside the printed values."""
        frames = [
            range_values(self.curves, self.aucs, name, searches=_SEARCHES).assign(range=name)
            for name in RANGES
        ]
        table = pd.concat(frames, ignore_index=True)
        columns = [
            "range",
            "classifier",
            "thesis_mtmcr",
            *[f"{s}_mtmcr" for s in _SEARCHES],
            "difference",
            "thesis_auc",
            "auc",
        ]
        return _pretty(table[columns])
