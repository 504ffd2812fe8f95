"""The explorer's computations: pure functions of cross-validation results and control values.

Nothing here touches a widget, a file or matplotlib. The controller
(:class:`costlab.widgets.CostExplorer`) calls these from its callbacks, and the tests call them
directly. The maths is :mod:`costlab.metrics`'s; this module only wires
it to the explorer's controls and renders the table.
"""

from __future__ import annotations

import html
import importlib.util
import os
import shutil
import warnings
from collections.abc import Mapping

import numpy as np

from costlab.metrics import cost_ratio_grid, format_cost_ratio, select_classifier
from costlab.validation import Options, check_param

__all__ = [
    "FP_RANGE",
    "GRID_STEPS",
    "SEARCHES",
    "SEARCH_STEPS",
    "classifier_params",
    "compute_curves",
    "explorer_grid",
    "range_label",
    "ratio_decimals",
    "search_caption_html",
    "snap_range",
    "snap_to_grid",
    "summarise",
    "summary_html",
    "weka_status",
]

#: Bounds of the cost-ratio axis as normalised FPcost, 0.05/0.95 to 0.95/0.05 (Al-Saffar 2018,
#: sec. 5.6).
FP_RANGE = (0.05, 0.95)
#: Spacing of the cost-ratio grid offered by the explorer (the thesis's charts: 0.05).
GRID_STEPS = (0.05, 0.025, 0.01)
#: Threshold searches (:func:`costlab.metrics.mtmcs_curve`); the thesis's is "optimized".
SEARCHES = ("optimized", "thorough", "exact")
#: Threshold steps of the grid searches (the thesis's: 1e-5).
SEARCH_STEPS = (1e-5, 1e-4, 1e-3, 1e-2)
#: The table rounds each per-ratio MTMCS to 2 decimals before summing, as the thesis's tables.
DECIMALS = 2
_TOL = 1e-9


def classifier_params(classifier, k=1):
    """Parameters a classifier is cross-validated with: IBk's ``k`` when it is not Weka's 1.

    Leaving the default out keeps the cache key of ``reproduce.py``'s runs, so the explorer
    reuses their cross-validation.

    >>> classifier_params("IBk", 3), classifier_params("IBk", 1), classifier_params("NaiveBayes", 3)
    ({'k': 3}, {}, {})
    """
    return {"k": int(k)} if classifier == "IBk" and int(k) != 1 else {}


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


def summarise(
    results,
    r1,
    r2,
    fp_step=0.05,
    search="optimized",
    step=1e-5,
    decimals=DECIMALS,
    *,
    score_of="positive",
):
    """Curves, range summary and recommendation for one setting of the explorer's controls.

    Parameters
    ----------
    results : Mapping[str, CVResult]
        Classifier name -> cross-validation result.
    r1, r2 : float
        The cost-ratio range [r1/(1 - r1), r2/(1 - r2)] as normalised FPcost.
    fp_step, search, step, score_of
        See :func:`compute_curves`.
    decimals : int or None
        Round each MTMCS before summing (see :func:`costlab.metrics.mtmcr`).

    Returns
    -------
    curves : dict of str -> DataFrame
    summary : DataFrame
        :func:`costlab.metrics.range_summary` over [r1, r2]:
        ``classifier, n_ratios, mtmcr, cost_sensitivity, cst``.
    selection : costlab.metrics.mtmcs.measures.Selection
        The robust or optimal classifier of the range (Al-Saffar 2018, sec. 5.1).
    """
    curves = compute_curves(results, fp_step, search, step, score_of=score_of)
    selection = select_classifier(curves, r1, r2, decimals=decimals)
    return curves, selection.summary, selection


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


def snap_range(r1, r2, fp_step):
    """Deprecated: ``snap_to_grid(explorer_grid(fp_step), r1, r2)``; removed in the next
    release."""
    warnings.warn(
        "costlab.widgets.snap_range is deprecated and will be removed in the next release; "
        "use costlab.widgets.snap_to_grid(grid, r1, r2) with the explorer's grid, "
        "grid = costlab.metrics.cost_ratio_grid(0.05, 0.95, fp_step).",
        DeprecationWarning,
        stacklevel=2,
    )
    return snap_to_grid(explorer_grid(fp_step), r1, r2)


def weka_status():
    """``(available, reason)`` of the Weka engine, without starting Java.

    Available means: python-weka-wrapper3 and JPype are installed, the bundled ``weka.jar`` is
    there and a Java runtime is on ``PATH`` or in ``JAVA_HOME``. The JVM itself starts only
    when the Weka engine first cross-validates (:func:`costlab.evaluation.weka.start_jvm`).
    """
    from costlab.evaluation.weka import INSTALL_HINT, WekaUnavailableError, weka_jar

    for module in ("jpype", "weka"):
        if importlib.util.find_spec(module) is None:
            return False, f"{INSTALL_HINT}; `{module}` is not installed"
    try:
        weka_jar()
    except WekaUnavailableError as error:
        return False, str(error)
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return False, f"{INSTALL_HINT}; no `java` on PATH and JAVA_HOME is unset"
    return True, "Weka 3.9 through python-weka-wrapper3"


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


_SEARCH_NAMES = {
    "optimized": "the thesis's optimized search (Al-Saffar 2018, sec. 4.3.2",
    "thorough": "the thesis's thorough search (Al-Saffar 2018, sec. 4.3.1",
    "exact": "the exact search (every cut of the scores: the minimum MTMCS",
}
_SEARCH_GAPS = {
    "optimized": "It looks only on one side of t0 = FNcost",
    "thorough": "It tries only the thresholds of its grid",
}


def search_caption_html(search, search_step=1e-5, fp_step=0.05, *, compare=True):
    """Which threshold search produced an MTMCR, as a caption above a table.

    The range table sums the MTMCS of the search chosen in the explorer; the uncertainty
    panel ("How sure?") always uses the exact search. A grid search is not the minimum
    (the optimized one searches one side of t0 = FNcost only), so the two can show different
    MTMCR for the same classifier; ``compare`` adds the sentence that says so.

    Hook: ``<div class="costlab-search-caption" data-search=... data-step=... data-grid=...>``
    (``data-step`` only for the grid searches).

    >>> "exact search" in search_caption_html("exact")
    True
    """
    check_param("search", search, Options(_SEARCH_NAMES))
    grid = f"ratio grid {fp_step:g}"
    if search == "exact":
        what, step = f"MTMCR by {_SEARCH_NAMES[search]}; {grid}).", ""
    else:
        what = f"MTMCR by {_SEARCH_NAMES[search]}; threshold step {search_step:g}; {grid})."
        step = f' data-step="{search_step:g}"'
    why = ""
    if compare and search != "exact":
        why = (
            f" {_SEARCH_GAPS[search]}, so it can miss the minimum: “How sure?” below uses "
            "the exact search and can show a lower MTMCR for the same classifier."
        )
    elif compare:
        why = " The range table above sums the MTMCS of the search chosen on the left."
    return (
        f'<div class="costlab-search-caption" data-search="{search}"{step} '
        f'data-grid="{fp_step:g}" style="color:#333;font-size:12px;line-height:1.45;'
        f'margin:4px 0;padding:4px 8px;background:#f4f6f8;border-left:3px solid #8aa4bf">'
        f"{what}{why}</div>"
    )
