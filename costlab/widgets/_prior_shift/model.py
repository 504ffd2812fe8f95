"""What the prior-shift widget shows, as pure functions of its state (no widgets, no fitting).

Landgrebe et al. (2004) read one classifier's ROC curve at a true target prior P(C_t): POSfrac =
P(C_t) TPr + P(C_n) FPr (their eq. 5) and Purity = TPr / (TPr + P(C_n)/P(C_t) FPr) (eq. 6). Their
Fig. 3 is the ROC curve beside TPr against POSfrac at one prior; Fig. 4 is TPr against POSfrac at
P(C_t) = 0.5, 0.1 and 0.001; Table 2 fixes TPr = 80 % and gives POSfrac at those priors as the
mean and standard deviation over cross-validation folds. Given a :class:`PriorShiftState` (the
dataset, classifier, prior and operating condition chosen), :func:`compute_prior_view` builds both
figures as unplotted Displays and the Table 2 row of the chosen classifier
(:func:`operating_row`), from held out-of-fold scores only. Every number comes from
:mod:`costlab.metrics.prior_shift` (:func:`~costlab.metrics.prior_operating_curves`,
:func:`~costlab.metrics.fold_operating_points`, :func:`~costlab.metrics.summarize_folds`); the
HTML functions only format.
"""

from __future__ import annotations

import dataclasses
import io
import math
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.exceptions import UndefinedMetricWarning

from costlab.metrics import (
    fold_operating_points,
    operating_point,
    prior_operating_curves,
    summarize_folds,
)
from costlab.plotting import SWEEP_PRIORS, PriorShiftDisplay

__all__ = [
    "CONDITIONS",
    "MEASURES",
    "PRIOR_RANGE",
    "PanelsView",
    "PriorShiftState",
    "PriorShiftView",
    "comparison_priors",
    "compute_prior_view",
    "operating_row",
    "prior_points",
    "read_scores",
    "snap_prior",
]

#: The operating conditions and how the text names them.
CONDITIONS = {"tpr": "TPr", "posfrac": "POSfrac", "purity": "purity"}
MEASURES = ("tpr", "fpr", "posfrac", "purity")


@dataclass(frozen=True)
class PriorShiftState:
    """The values of the widget's controls: everything its outputs depend on.

    Attributes
    ----------
    dataset, classifier : str
        The held result shown (``(dataset, classifier)`` of the run).
    prior : float
        The true target prior P(C_t), in (0, 1).
    condition : {"tpr", "posfrac", "purity"}
        What the operating point fixes.
    value : float
        Its value, in (0, 1].
    """

    dataset: str
    classifier: str
    prior: float
    condition: str
    value: float

    @property
    def operating_point(self) -> dict[str, float]:
        """The condition as :meth:`costlab.metrics.PriorOperatingCurves.at` takes it."""
        return {self.condition: self.value}


def snap_prior(value):
    """The slider's P(C_t) to three significant digits, as every table, legend and title shows
    it (the log slider steps by 10**0.05: 10**-1.2 is 0.0630957...).

    >>> snap_prior(10**-1.2), snap_prior(0.5)
    (0.0631, 0.5)
    """
    return float(f"{float(value):.3g}")


def comparison_priors(prior, reference_priors):
    """The chosen prior first, then the reference priors that differ from it.

    >>> comparison_priors(0.1, (0.5, 0.1, 0.001))
    (0.1, 0.5, 0.001)
    """
    others = [float(p) for p in reference_priors if not math.isclose(p, prior, rel_tol=1e-9)]
    return (float(prior), *others)


def operating_row(result, priors, condition, value, *, curves=None):
    """One classifier's operating point at each prior: pooled, and mean and std over folds.

    Table 2 of Landgrebe et al. (2004) reads POSfrac at TPr = 80 % in each of 30 folds and
    prints the mean and standard deviation per prior; its Figs. 3-4 draw one curve. Here both:
    the point on the pooled out-of-fold scores (:func:`costlab.metrics.operating_point`'s
    rule, the figures' markers) and, when the result has folds, the mean and the sample
    standard deviation over them (:func:`costlab.metrics.fold_operating_points`,
    :func:`costlab.metrics.summarize_folds`).

    Parameters
    ----------
    result : CVResult
        Out-of-fold scores (``y_true`` 1 = target; the first repetition is used). Results
        given as predictions (no folds) have no mean or std.
    priors : sequence of float
        True target priors P(C_t), in (0, 1).
    condition : {"tpr", "posfrac", "purity"}
    value : float in (0, 1]
    curves : PriorOperatingCurves, optional
        :func:`costlab.metrics.prior_operating_curves` of the same scores at ``priors``, if
        already computed (the widget draws Fig. 4 from them): not sorted again.

    Returns
    -------
    DataFrame
        One row per prior in the given order: ``prior``; ``tpr, fpr, posfrac, purity`` (pooled);
        ``<measure>_mean`` and ``<measure>_std`` (NaN without folds, or where the condition
        is unreachable in every fold); ``n_folds`` (folds with a point; 0 without folds).
        Unreachable conditions (a purity no threshold attains) give NaN, without a warning.
    """
    target, score = result.y_true == 1, result.scores(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        if curves is None:
            curves = prior_operating_curves(target, score, list(priors), pos_label=True)
        row = curves.at(**{condition: value})[["prior", *MEASURES]]
        folds = result.fold[0]
        if result.n_folds > 1 and np.all(folds >= 0):
            points = fold_operating_points(
                target, score, list(priors), folds=folds, pos_label=True, **{condition: value}
            )
            summary = summarize_folds(points)
        else:
            summary = None
    for measure in MEASURES:
        row[f"{measure}_mean"], row[f"{measure}_std"] = np.nan, np.nan
    row["n_folds"] = 0
    if summary is not None:
        for k, prior in enumerate(row["prior"]):
            cells = summary[summary["prior"] == prior].set_index("measure")
            for measure in MEASURES:
                row.loc[k, f"{measure}_mean"] = cells.loc[measure, "mean"]
                row.loc[k, f"{measure}_std"] = cells.loc[measure, "std"]
            row.loc[k, "n_folds"] = int(cells.loc["posfrac", "n_folds"])
    return row


class PanelsView:
    """A multi-panel :class:`~costlab.plotting.PriorShiftDisplay` on a one-Axes chart.

    :class:`costlab.widgets._kit.charts.ChartImage` hands a Display one Axes; this view replaces it
    by one panel per kind on the same figure, draws the Display there, and can widen the chosen
    prior's curves. ``display`` keeps the Display's artists (``lines_``, ``markers_``).

    Parameters
    ----------
    display : PriorShiftDisplay
        Not yet plotted.
    title : str, optional
        The figure's title.
    chosen : float, optional
        A prior whose curves are drawn wider and labelled "(chosen)".
    """

    def __init__(self, display, *, title=None, chosen=None):
        self.display, self.title, self.chosen = display, title, chosen

    def plot(self, ax=None):
        """Draw on ``ax``'s figure (``ax`` itself is replaced); returns self."""
        fig = ax.figure
        ax.remove()
        axes = np.atleast_1d(fig.subplots(1, len(self.display.kinds)))
        with warnings.catch_warnings():  # an unreachable purity: no marker (the table says so)
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            self.display.plot(ax=axes)
        if self.chosen is not None:
            self._widen_chosen()
        if self.title:
            fig.suptitle(self.title, x=0.01, ha="left", fontsize=12)
        self.ax_, self.axes_, self.figure_ = axes[0], list(axes), fig
        return self

    def _widen_chosen(self):
        for (_, prior), line in self.display.lines_.items():
            if prior is not None and math.isclose(prior, self.chosen, rel_tol=1e-9):
                line.set_linewidth(3.2)
                line.set_label(f"{line.get_label()} (chosen)")
                line.axes.legend(loc="best", fontsize=9.5, framealpha=0.9, edgecolor="0.85")


@dataclass
class PriorShiftView:
    """What one state computed, as the widget shows it.

    Attributes
    ----------
    state : PriorShiftState
    priors : tuple of float
        The chosen prior, then the reference priors (:func:`comparison_priors`).
    row : DataFrame
        :func:`operating_row` of the chosen classifier at ``priors``.
    figure_3, figure_4 : PanelsView
        ROC and TPr vs POSfrac at the chosen prior (Landgrebe et al. 2004, Fig. 3); TPr vs
        POSfrac and vs purity at every prior of ``priors`` (Fig. 4), operating points marked.
    points : dict of str -> DataFrame
        Every classifier of the dataset at the chosen prior (:func:`.prior_points`).
    """

    state: PriorShiftState
    priors: tuple
    row: pd.DataFrame
    figure_3: PanelsView
    figure_4: PanelsView
    points: dict


def compute_prior_view(results, state, *, reference_priors, label=None, title=None):
    """Everything the widget shows for ``state``, from held results only (no fitting).

    The chosen classifier's scores are sorted once (:func:`costlab.metrics.
    prior_operating_curves` at :func:`comparison_priors`): Fig. 4, Fig. 3 (the chosen prior's
    row of the same curves) and the pooled Table 2 row read that one curve; the folds' mean
    and std re-read each fold (:func:`operating_row`), and the column of every classifier at
    the chosen prior reads each classifier's curve once (:func:`.prior_points`).

    Parameters
    ----------
    results : Mapping[str, CVResult]
        The dataset's results by classifier; ``state.classifier`` among them.
    state : PriorShiftState
    reference_priors : sequence of float
        The priors drawn beside the chosen one (the paper's 0.5, 0.1, 0.001).
    label, title : str, optional
        The chosen classifier's and the dataset's names as shown.

    Returns
    -------
    PriorShiftView
    """
    result = results[state.classifier]
    priors = comparison_priors(state.prior, reference_priors)
    target, score = result.y_true == 1, result.scores(0)
    every = prior_operating_curves(target, score, list(priors), pos_label=True)
    row = operating_row(result, priors, state.condition, state.value, curves=every)
    name = str(label or state.classifier)
    on = f" on {title or state.dataset}"
    what = f"{CONDITIONS[state.condition]} fixed at {state.value:g}"
    figure_3 = PanelsView(
        PriorShiftDisplay(
            _first_prior(every),
            kind=("roc", "posfrac"),
            operating_point=state.operating_point,
            name=name,
        ),
        title=f"As Landgrebe et al. (2004) Fig. 3{on}: $P(C_t)$ = {state.prior:.3g}, {what}",
    )
    figure_4 = PanelsView(
        PriorShiftDisplay(
            every, kind=("posfrac", "purity"), operating_point=state.operating_point, name=name
        ),
        title=f"As Fig. 4: the same ROC curve at $P(C_t)$ = "
        f"{', '.join(f'{p:.3g}' for p in priors)}; {what}",
        chosen=state.prior,
    )
    points = prior_points(results, state.prior, state.condition, state.value, priors=())
    return PriorShiftView(state, priors, row, figure_3, figure_4, points)


def _first_prior(curves):
    """The same curves restricted to their first prior (a slice: nothing recomputed)."""
    return dataclasses.replace(
        curves,
        priors=curves.priors[:1],
        posfrac=curves.posfrac[:1],
        purity=curves.purity[:1],
    )


#: The slider's range of P(target): 1e-4 to 0.99 (log scale).
PRIOR_RANGE = (1e-4, 0.99)


def read_scores(content):
    """Scores from the bytes of an uploaded file: one number per line, or a CSV whose
    ``score`` (or ``y_score``, ``proba``) column, else its first numeric column, holds them.

    Raises
    ------
    ValueError
        Naming the file's problem (no numbers, missing or non-finite values).
    """
    text = bytes(content).decode("utf-8-sig", errors="replace")
    if not text.strip():
        raise ValueError("The scores file is empty: one score per line is expected.")
    first_line = text.strip().splitlines()[0]
    sep = next((c for c in (",", ";", "\t") if c in first_line), r"\s+")
    frame = pd.read_csv(io.StringIO(text), header=None, sep=sep, engine="python")
    first = frame.iloc[0].astype(str).str.strip().str.lower()
    if not pd.to_numeric(frame.iloc[0], errors="coerce").notna().any():  # a header row
        frame = frame.iloc[1:].reset_index(drop=True)
        frame.columns = first.tolist()
    numeric = frame.apply(pd.to_numeric, errors="coerce")
    named = [c for c in ("score", "y_score", "proba") if c in numeric.columns]
    usable = [c for c in numeric.columns if numeric[c].notna().all()]
    column = named[0] if named else (usable[0] if usable else None)
    if column is None or numeric[column].isna().any():
        raise ValueError(
            "The scores file must hold one finite number per line (or a 'score' column); "
            "found text or empty cells."
        )
    scores = numeric[column].to_numpy(dtype=np.float64)
    if not np.all(np.isfinite(scores)):
        raise ValueError("The scores file holds NaN or infinite values.")
    return scores


def prior_points(results, prior, condition, value, *, priors=SWEEP_PRIORS):
    """Operating points per classifier over ``priors`` and ``prior``.

    Parameters
    ----------
    results : Mapping[str, CVResult]
        Held out-of-fold results (``y_true`` 1 = target, ``scores()`` = P(class 1)).
    prior : float
        The chosen P(target), in (0, 1).
    condition : {"tpr", "posfrac", "purity"}
    value : float in (0, 1]

    Returns
    -------
    dict of str -> DataFrame
        :func:`costlab.metrics.operating_point` rows per prior (NaN where the condition is
        unreachable, e.g. a purity no threshold attains).
    """
    grid = np.unique(np.r_[priors, prior])
    points = {}
    for name, result in results.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            points[name] = operating_point(
                result.y_true == 1,
                result.scores(),
                grid,
                pos_label=True,
                **{condition: value},
            )
    return points
