"""What the two MTMCS explorers share: the cost-ratio grid, the curves and the range table.

The cost explorer (:class:`costlab.widgets.CostExplorer`) and the CST explorer
(:class:`costlab.widgets.CstExplorer`) both read MTMCS curves over a grid of cost ratios and
show the same table of MTMCR, cost sensitivity and CST with the robust-or-optimal choice
(Al-Saffar 2018, sec. 5.1). Pure functions: nothing here touches a widget or matplotlib; the
maths is :mod:`costlab.metrics`'s.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import numpy as np

from costlab.metrics import cost_ratio_grid, format_cost_ratio

__all__ = [
    "DECIMALS",
    "FP_RANGE",
    "compute_curves",
    "explorer_grid",
    "range_label",
    "ratio_decimals",
    "snap_to_grid",
    "summary_html",
]


#: Bounds of the cost-ratio axis as normalised FPcost, 0.05/0.95 to 0.95/0.05 (Al-Saffar 2018,
#: sec. 5.6).
FP_RANGE = (0.05, 0.95)


#: The table rounds each per-ratio MTMCS to 2 decimals before summing, as the thesis's tables.
DECIMALS = 2


_TOL = 1e-9


def compute_curves(results, fp_step=0.05, search="optimized", step=1e-5, *, score_of="positive"):
    """MTMCS curve of every cross-validation result over the whole cost-ratio axis.

    Parameters
    ----------
    results : Mapping[str, CVResult]
        Classifier name -> out-of-fold probabilities (:func:`costlab.evaluation.cross_val_proba`).
    fp_step : float
        Spacing of the cost-ratio grid 0.05, 0.05 + fp_step, ..., 0.95.
    search, step
        Threshold search and its step (:func:`costlab.metrics.mtmcs_curve`).
    score_of : {"positive", "negative"}
        Threshold the positive class's probability, or the negative class's as the thesis did
        (:meth:`costlab.evaluation.CVResult.mtmcs_curve`).

    Returns
    -------
    dict of str -> DataFrame
        Classifier -> curve (``fp_cost, fn_cost, mtmcs, threshold, fp_rate, fn_rate``), each
        result's :meth:`~costlab.evaluation.CVResult.mtmcs_curve`, as in the tables of
        ``reproduce.py`` (:func:`costlab.evaluation.mtmcs_curves`).
    """
    if not isinstance(results, Mapping) or not results:
        raise ValueError("select at least one classifier.")
    grid = explorer_grid(fp_step)
    options = {"search": search, "step": step, "fp_costs": grid, "score_of": score_of}
    return {name: result.mtmcs_curve(**options) for name, result in results.items()}


def ratio_decimals(fp_step):
    """Decimals needed to write the ratios of a grid: 2 for 0.05 and 0.01, 3 for 0.025."""
    for decimals in range(2, 6):
        if abs(round(fp_step, decimals) - fp_step) < _TOL:
            return decimals
    return 6


def range_label(r1, r2, fp_step=0.05):
    """The range as the thesis writes cost ratios, e.g. ``'0.30/0.70 – 0.70/0.30'``.

    >>> range_label(0.3, 0.7)
    '0.30/0.70 – 0.70/0.30'
    """
    decimals = ratio_decimals(fp_step)
    return f"{format_cost_ratio(r1, decimals)} – {format_cost_ratio(r2, decimals)}"


def explorer_grid(fp_step=0.05):
    """The explorer's cost-ratio axis: normalised FPcost over :data:`FP_RANGE`, spacing
    ``fp_step``.

    >>> explorer_grid(0.3).tolist()
    [0.05, 0.35, 0.65, 0.95]
    """
    return cost_ratio_grid(*FP_RANGE, fp_step)


def snap_to_grid(grid, r1, r2):
    """``(r1, r2)`` moved to the nearest points of ``grid``, in ascending order.

    >>> snap_to_grid([0.1, 0.2, 0.3], 0.27, 0.12)
    (0.1, 0.3)
    >>> snap_to_grid(explorer_grid(0.05), 0.33, 0.71)
    (0.35, 0.7)
    """
    grid = np.asarray(grid, dtype=float)
    a, b = (float(grid[np.argmin(np.abs(grid - r))]) for r in (r1, r2))
    return (a, b) if a <= b else (b, a)


_TABLE_CSS = """<style>
.costlab-cst{border-collapse:collapse;font-size:13px;margin:4px 0 6px 0;min-width:440px}
.costlab-cst caption{caption-side:top;text-align:left;padding:2px 0 6px 0;color:#333}
.costlab-cst th,.costlab-cst td{padding:3px 12px;border-bottom:1px solid #ddd}
.costlab-cst thead th{border-bottom:2px solid #888;text-align:right}
.costlab-cst thead th:first-child,.costlab-cst tbody th{text-align:left;font-weight:normal}
.costlab-cst td{text-align:right;font-variant-numeric:tabular-nums}
.costlab-cst tr.chosen{background:#eaf3fb;font-weight:bold}
.costlab-selection{margin:2px 0 4px 0;font-size:13px}
</style>"""


def summary_html(selection, r1, r2, fp_step=0.05, labels=None):
    """The live table: MTMCR, cost sensitivity and CST per classifier, and the recommendation.

    Stable hooks for scripts and browser tests: ``<table class="costlab-cst">`` with
    ``data-r1``, ``data-r2`` and ``data-n-ratios``; one ``<tr class="classifier">`` per
    classifier (``data-classifier``) holding ``<td class="mtmcr">``, ``<td class="sensitivity">``
    and ``<td class="cst">``, each with the unrounded value in ``data-value``; and
    ``<p class="costlab-selection">`` with ``data-kind`` and ``data-classifier``. ``labels``
    maps classifier names to the names shown (default: the names).
    """
    labels = labels or {}
    summary = selection.summary
    n_ratios = int(summary["n_ratios"].iloc[0])
    decimals = ratio_decimals(fp_step)
    caption = (
        f"{n_ratios} cost ratio{'s' if n_ratios != 1 else ''} in "
        f"[{format_cost_ratio(r1, decimals)}, {format_cost_ratio(r2, decimals)}]"
    )
    rows = [
        _table_row(row, row.classifier == selection.classifier, labels)
        for row in summary.itertuples()
    ]
    return (
        f'{_TABLE_CSS}<table class="costlab-cst" data-r1="{r1:.6g}" data-r2="{r2:.6g}" '
        f'data-n-ratios="{n_ratios}"><caption class="range">{caption}</caption>'
        "<thead><tr><th>Classifier</th><th>MTMCR</th><th>Cost sensitivity</th><th>CST</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>{_selection_html(selection, labels)}"
    )


def _table_row(row, chosen, labels):
    cells = "".join(
        f'<td class="{css}" data-value="{value!r}">{value:.2f}</td>'
        for css, value in (
            ("mtmcr", float(row.mtmcr)),
            ("sensitivity", float(row.cost_sensitivity)),
            ("cst", float(row.cst)),
        )
    )
    name = html.escape(str(labels.get(row.classifier, row.classifier)))
    css = "classifier chosen" if chosen else "classifier"
    return (
        f'<tr class="{css}" data-classifier="{html.escape(row.classifier)}">'
        f'<th scope="row" class="name">{name}</th>{cells}</tr>'
    )


def _selection_html(selection, labels):
    """Robust when one curve dominates, else the lowest CST (Al-Saffar 2018, sec. 5.1)."""
    name = html.escape(str(labels.get(selection.classifier, selection.classifier)))
    if selection.kind == "robust":
        why = "its MTMCS is the lowest at every cost ratio of the range"
    else:
        best = selection.summary.set_index("classifier").loc[selection.classifier, "cst"]
        why = f"the curves cross in the range; it has the lowest CST ({best:.2f})"
    return (
        f'<p class="costlab-selection" data-kind="{selection.kind}" '
        f'data-classifier="{html.escape(selection.classifier)}">'
        f"<b>{selection.kind.capitalize()} classifier: {name}</b> — {why} "
        "(Al-Saffar 2018, sec. 5.1).</p>"
    )
