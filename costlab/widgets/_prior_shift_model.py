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
import html
import math
import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.exceptions import UndefinedMetricWarning

from costlab.metrics import (
    fold_operating_points,
    positive_fraction,
    prior_operating_curves,
    summarize_folds,
)
from costlab.plotting import PriorShiftDisplay
from costlab.widgets._priors import _TABLE_CSS, prior_points

__all__ = [
    "CONDITIONS",
    "PanelsView",
    "PriorShiftState",
    "PriorShiftView",
    "comparison_priors",
    "compute_prior_view",
    "operating_row",
    "operating_row_html",
    "operating_summary_html",
    "snap_prior",
]

#: The operating conditions and how the text names them.
CONDITIONS = {"tpr": "TPr", "posfrac": "POSfrac", "purity": "purity"}
_MEASURES = ("tpr", "fpr", "posfrac", "purity")
_HEADS = {"tpr": "TPr", "fpr": "FPr", "posfrac": "POSfrac", "purity": "Purity"}


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
    def operating_point(self):
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
        row = curves.at(**{condition: value})[["prior", *_MEASURES]]
        folds = result.fold[0]
        if result.n_folds > 1 and np.all(folds >= 0):
            points = fold_operating_points(
                target, score, list(priors), folds=folds, pos_label=True, **{condition: value}
            )
            summary = summarize_folds(points)
        else:
            summary = None
    for measure in _MEASURES:
        row[f"{measure}_mean"], row[f"{measure}_std"] = np.nan, np.nan
    row["n_folds"] = 0
    if summary is not None:
        for k, prior in enumerate(row["prior"]):
            cells = summary[summary["prior"] == prior].set_index("measure")
            for measure in _MEASURES:
                row.loc[k, f"{measure}_mean"] = cells.loc[measure, "mean"]
                row.loc[k, f"{measure}_std"] = cells.loc[measure, "std"]
            row.loc[k, "n_folds"] = int(cells.loc["posfrac", "n_folds"])
    return row


def _percent(value, std=None):
    if value is None or not math.isfinite(value):
        return "—"
    text = f"{100 * value:.2f}"
    if std is not None and math.isfinite(std):
        text += f" ± {100 * std:.2f}"
    return text + " %"


def _cell(css, value, std=None):
    std_attr = "" if std is None else f' data-std="{float(std)!r}"'
    return f'<td class="{css}" data-value="{float(value)!r}"{std_attr}>{_percent(value, std)}</td>'


def operating_row_html(row, state, *, label=None, title=None, reference=None):
    """The chosen classifier's Table 2 row as an HTML table: one line per prior.

    Parameters
    ----------
    row : DataFrame
        From :func:`operating_row`.
    state : PriorShiftState
    label, title : str, optional
        The classifier's and the dataset's names as shown.
    reference : dict of float -> (float, float), optional
        Published POSfrac (mean, std) per prior, as fractions, shown in a last column.

    Stable hooks: ``<table class="costlab-priors costlab-prior-row" data-dataset
    data-classifier data-condition data-value data-n-folds>``, one ``<tr class="prior"
    data-prior>`` per prior (``data-chosen="true"`` on the chosen one) with ``<td class="tpr">``,
    ``"fpr"``, ``"posfrac"``, ``"purity"`` (``data-value`` the fold mean, or the pooled value
    without folds; ``data-std``), ``"pooled-posfrac"`` and ``"printed"``.
    """
    folds = int(row["n_folds"].max()) if len(row) else 0
    heads = [f"<th>{_HEADS[m]}</th>" for m in _MEASURES]
    heads.append("<th>POSfrac, pooled</th>" if folds else "")
    heads.append("<th>printed POSfrac</th>" if reference is not None else "")
    lines = []
    for record in row.sort_values("prior", ascending=False).to_dict("records"):
        chosen = math.isclose(record["prior"], state.prior, rel_tol=1e-9)
        if folds:
            cells = [_cell(m, record[f"{m}_mean"], record[f"{m}_std"]) for m in _MEASURES]
            cells.append(_cell("pooled-posfrac", record["posfrac"]))
        else:
            cells = [_cell(m, record[m]) for m in _MEASURES]
        if reference is not None:
            printed = [v for p, v in reference.items() if math.isclose(p, record["prior"])]
            mean, std = printed[0] if printed else (math.nan, math.nan)
            cells.append(_cell("printed", mean, std))
        mark = ' data-chosen="true" style="font-weight:bold"' if chosen else ""
        lines.append(
            f'<tr class="prior" data-prior="{record["prior"]!r}"{mark}>'
            f"<td>{record['prior']:.3g}</td>{''.join(cells)}</tr>"
        )
    name = html.escape(str(label or state.classifier))
    where = html.escape(str(title or state.dataset))
    spread = f"mean ± std over {folds} folds" if folds else "all scores at once"
    caption = (
        f"Table 2 row (Landgrebe et al. 2004): {name} on {where}, "
        f"{CONDITIONS[state.condition]} fixed at {100 * state.value:g} % ({spread})"
    )
    return (
        f'{_TABLE_CSS}<table class="costlab-priors costlab-prior-row" '
        f'data-dataset="{html.escape(state.dataset)}" '
        f'data-classifier="{html.escape(state.classifier)}" data-condition="{state.condition}" '
        f'data-value="{state.value!r}" data-n-folds="{folds}"><caption>{caption}</caption>'
        f"<thead><tr><th>P(C_t)</th>{''.join(heads)}</tr></thead>"
        f"<tbody>{''.join(lines)}</tbody></table>"
    )


def operating_summary_html(row, state, *, label=None):
    """One sentence on the chosen prior's pooled operating point and a perfect classifier's.

    A perfect classifier at the same TPr flags no non-target: POSfrac = P(C_t) TPr
    (:func:`costlab.metrics.positive_fraction` with FPr = 0), the floor the paper measures the
    rise of POSfrac against (Landgrebe et al. 2004, sec. 3).
    """
    chosen = row[row["prior"] == state.prior].iloc[0]
    name = html.escape(str(label or state.classifier))
    what = f"{CONDITIONS[state.condition]} fixed at {100 * state.value:g} %"
    where = f"At P(C_t) = {state.prior:.3g} with {what}"
    if not math.isfinite(chosen["posfrac"]):
        text = f"{where}, no threshold of {name} meets the condition."
    else:
        floor = positive_fraction(chosen["tpr"], 0.0, state.prior)
        text = (
            f"{where}, {name} flags <b>{_percent(chosen['posfrac'])}</b> of all cases, of which "
            f"{_percent(chosen['purity'])} are targets (TPr {_percent(chosen['tpr'])}); a perfect "
            f"classifier at that TPr would flag {_percent(floor)}."
        )
    return (
        f'<p class="costlab-prior-summary" data-prior="{state.prior!r}" '
        f'data-posfrac="{float(chosen["posfrac"])!r}">{text}</p>'
    )


class PanelsView:
    """A multi-panel :class:`~costlab.plotting.PriorShiftDisplay` on a one-Axes chart.

    :class:`costlab.widgets._charts.ChartImage` hands a Display one Axes; this view replaces it
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
