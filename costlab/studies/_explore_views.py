"""The widgets ``costlab explore`` shows: each study's explorer, or a CSV's column chooser.

:func:`results_view` is the app over a results folder: one panel per study found, in a Tab when
there are several, each built when its tab is first opened. A folder written by
``reproduce.py --out`` holds tables, figures and a summary, not the out-of-fold scores an
explorer moves over: a panel recomputes them with the study's own notebook view (quick when
the folder's run was quick, cross-validation cached on disk) and says so.

:func:`csv_view` is the app over a CSV of labels and scores: a label column, its positive label
and one or more score columns, then the cost explorer and the CST explorer on those scores.
The file is read by :func:`costlab.datasets.from_csv`, whose errors (missing or more than two
labels, a repeated column name) the app shows instead of explorers.
"""

from __future__ import annotations

import html
import importlib
from typing import TYPE_CHECKING

import ipywidgets as widgets
import numpy as np

from costlab.datasets import DatasetError, from_csv
from costlab.widgets import cost_explorer, cst_explorer

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path

__all__ = [
    "EXPLORERS",
    "CsvView",
    "csv_scores",
    "csv_view",
    "ran_quick",
    "results_view",
    "study_explorer",
    "study_panel",
]

#: Study -> ``(module, view, method, what it shows)``: the explorer the study's notebook ends
#: with, ``view(quick=..., progress=False).method()`` (the thesis's: ``view("spectf")``).
EXPLORERS = {
    "alsaffar2018": (
        "costlab.studies.alsaffar2018.explorer",
        "thesis_explorer",
        None,
        "the cost explorer on the thesis's experiments (notebook 07); it cross-validates the "
        "experiment shown when it is chosen (the thesis's protocol, cached on disk)",
    ),
    "drummond_holte2000": (
        "costlab.studies.drummond_holte2000.notebook",
        "CostCurvesView",
        "cost_space_explorer",
        "the cost-space explorer on German Credit's out-of-fold scores",
    ),
    "johnson2015": (
        "costlab.studies.johnson2015.notebook",
        "ScenariosView",
        "scenario_explorer",
        "the scenario explorer on Fig. 2's data (the first repetition's out-of-fold scores)",
    ),
    "landgrebe2004": (
        "costlab.studies.landgrebe2004.notebook",
        "PriorsView",
        "prior_widget",
        "the prior widget on Table 2's out-of-fold scores",
    ),
}


def ran_quick(folder: Path) -> bool:
    """Whether the run that wrote ``folder`` was a ``--quick`` one (its ``summary.md`` says
    "QUICK MODE", as every study's quick summary does)."""
    try:
        return "QUICK MODE" in (folder / "summary.md").read_text(encoding="utf-8")
    except OSError:
        return False


def study_explorer(study: str, quick: bool) -> widgets.Widget:
    """The explorer ``study``'s notebook ends with, its data recomputed (quick or not)."""
    module, name, method, _ = EXPLORERS[study]
    make = getattr(importlib.import_module(module), name)
    if method is None:
        return make("spectf")
    # the scenario explorer shows the first repetition only: compute no other
    options = {"repeats": 1} if study == "johnson2015" else {}
    return getattr(make(quick=quick, progress=False, **options), method)()


def study_panel(study: str, folder: Path) -> widgets.VBox:
    """One study's panel: what it shows and where its numbers come from, then its explorer."""
    quick = ran_quick(folder)
    how = "quick (as the folder's --quick run)" if quick else "full protocol"
    note = widgets.HTML(
        f"<p class='costlab-explore-note'><b>{html.escape(study)}</b> "
        f"({html.escape(str(folder))}): {EXPLORERS[study][-1]}. The folder holds the run's "
        "tables and figures, not its scores: the explorer recomputes them with the study's "
        f"own code, {how}, reusing the cross-validation cache.</p>"
    )
    return widgets.VBox([note, study_explorer(study, quick)])


def results_view(studies: Mapping[str, Path]) -> widgets.Widget:
    """The app over a results folder: one study's panel, or a Tab of them built when opened."""
    names = list(studies)
    if len(names) == 1:
        return study_panel(names[0], studies[names[0]]).add_class("costlab-explore")
    slots = [widgets.VBox([widgets.HTML("Computing the explorer...")]) for _ in names]
    tab = widgets.Tab(children=slots, titles=names)
    built = set()

    def fill(index):
        if index is not None and index not in built:
            built.add(index)
            slots[index].children = [study_panel(names[index], studies[names[index]])]

    tab.observe(lambda change: fill(change["new"]), names="selected_index")
    fill(0)
    return tab.add_class("costlab-explore")


def csv_scores(
    path: Path, label: str, positive: str, score_columns: Sequence[str]
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """``{score column: (y_true, y_score)}`` of a CSV, read by :func:`costlab.datasets.from_csv`.

    ``y_true`` is 1 where ``label`` is ``positive``, else 0. Raises
    :class:`~costlab.datasets.DatasetError` for what the reader refuses (missing labels, not
    two classes...) and ValueError naming a score column that is not numeric or has missing
    values, or when no score column is chosen.
    """
    if not score_columns:
        raise ValueError("choose at least one score column")
    data = from_csv(path, target=label, positive=positive)
    y = data.y_binary
    results = {}
    for column in score_columns:
        if column not in data.numeric_columns:
            raise ValueError(f"score column {column!r} is not numeric")
        score = data.X[column].to_numpy(dtype=float)
        missing = int(np.isnan(score).sum())
        if missing:
            raise ValueError(f"score column {column!r} has {missing} missing values")
        results[column] = (y, score)
    return results


class CsvView(widgets.VBox):
    """The app over a CSV: choose the label column, its positive label and the score columns,
    then press "Explore" for the cost explorer and the CST explorer on those scores.

    Parameters
    ----------
    path : Path
    labels : mapping
        Label column -> its two labels (negative, positive) as text.
    numeric : sequence of str
        The file's numeric columns (score columns are chosen among them).

    Attributes
    ----------
    label, positive : ipywidgets.Dropdown
    scores : ipywidgets.SelectMultiple
    explore : ipywidgets.Button
    message : ipywidgets.HTML
        Why the last "Explore" showed nothing (the reader's error), else empty.
    explorers : ipywidgets.Tab or None
        The cost explorer and the CST explorer of the last "Explore".
    """

    def __init__(self, path: Path, labels: Mapping[str, Sequence[str]], numeric: Sequence[str]):
        self._path, self._labels, self._numeric = path, dict(labels), list(numeric)
        wide = {"style": {"description_width": "initial"}}
        self.label = widgets.Dropdown(
            options=list(self._labels), description="Label column", **wide
        )
        self.positive = widgets.Dropdown(description="Positive label", **wide)
        self.scores = widgets.SelectMultiple(description="Score columns", **wide)
        self.explore = widgets.Button(description="Explore", button_style="primary")
        self.message = widgets.HTML()
        self.explorers = None
        self._shown = widgets.VBox()
        self.label.observe(lambda _: self._offer(), names="value")
        self.explore.on_click(lambda _: self.show())
        self._offer()
        intro = widgets.HTML(
            f"<p>{html.escape(path.name)}: choose the column of true labels, the label of the "
            "positive class and the columns of scores (higher = more positive), then Explore. The "
            "explorers search every threshold exactly (scores need not be probabilities).</p>"
        )
        controls = [self.label, self.positive, self.scores, self.explore]
        for control, name in zip(controls, ["label", "positive", "scores", "go"], strict=True):
            control.add_class(f"costlab-explore-{name}")
        self.message.add_class("costlab-explore-message")
        super().__init__([intro, *controls, self.message, self._shown])
        self.add_class("costlab-explore")

    def _offer(self):
        negative, positive = self._labels[self.label.value]
        self.positive.options, self.positive.value = [negative, positive], positive
        offered = [c for c in self._numeric if c != self.label.value]
        self.scores.options, self.scores.value = offered, tuple(offered)

    def show(self) -> None:
        """Read the chosen columns and show the explorers, or say why not."""
        try:
            results = csv_scores(
                self._path, self.label.value, self.positive.value, self.scores.value
            )
            # the exact search: any scores (the grid searches need probabilities in [0, 1])
            explorers = [
                cost_explorer(results, search="exact"),
                cst_explorer(results, search="exact"),
            ]
        except Exception as error:  # the app's boundary: the reader sees every failure
            kind = (
                "" if isinstance(error, (DatasetError, ValueError)) else f"{type(error).__name__}: "
            )
            self.message.value = (
                f"<p class='costlab-explore-error'>{html.escape(kind + str(error))}</p>"
            )
            self._shown.children, self.explorers = [], None
            return
        self.message.value = ""
        self.explorers = widgets.Tab(children=explorers, titles=["Cost explorer", "CST explorer"])
        self._shown.children = [self.explorers]


def csv_view(path: Path, labels: Mapping[str, Sequence[str]], numeric: Sequence[str]) -> CsvView:
    """The app over a CSV (:class:`CsvView`)."""
    return CsvView(path, labels, numeric)
