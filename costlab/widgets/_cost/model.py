"""The explorer's computations: pure functions of cross-validation results and control values.

Nothing here touches a widget, a file or matplotlib. The controller
(:class:`costlab.widgets.CostExplorer`) calls these from its callbacks, and the tests call them
directly. The maths is :mod:`costlab.metrics`'s; this module only wires
it to the explorer's controls and renders the table.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import warnings
from typing import TYPE_CHECKING

from costlab.metrics import select_classifier
from costlab.validation import Options, check_param
from costlab.widgets._kit.mtmcs import DECIMALS, compute_curves, explorer_grid, snap_to_grid

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "GRID_STEPS",
    "SEARCHES",
    "SEARCH_STEPS",
    "classifier_params",
    "compute_curves",
    "explorer_grid",
    "search_caption_html",
    "snap_range",
    "snap_to_grid",
    "summarise",
    "weka_status",
]

#: Spacing of the cost-ratio grid offered by the explorer (the thesis's charts: 0.05).
GRID_STEPS = (0.05, 0.025, 0.01)
#: Threshold searches (:func:`costlab.metrics.mtmcs_curve`); the thesis's is "optimized".
SEARCHES = ("optimized", "thorough", "exact")
#: Threshold steps of the grid searches (the thesis's: 1e-5).
SEARCH_STEPS = (1e-5, 1e-4, 1e-3, 1e-2)


def classifier_params(classifier: Any, k: int = 1) -> dict[str, Any]:
    """Parameters a classifier is cross-validated with: IBk's ``k`` when it is not Weka's 1.

    Leaving the default out keeps the cache key of ``reproduce.py``'s runs, so the explorer
    reuses their cross-validation.

    >>> classifier_params("IBk", 3), classifier_params("IBk", 1), classifier_params("NaiveBayes", 3)
    ({'k': 3}, {}, {})
    """
    return {"k": int(k)} if classifier == "IBk" and int(k) != 1 else {}


def summarise(
    results: Any,
    r1: float,
    r2: float,
    fp_step: float = 0.05,
    search: str = "optimized",
    step: float = 1e-5,
    decimals: int = DECIMALS,
    *,
    score_of: str = "positive",
) -> Any:
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
