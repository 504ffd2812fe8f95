"""What the prior-shift widget and the prior panel show, as HTML: pure formatting, no maths.

The chosen classifier's row of Landgrebe et al.'s (2004) Table 2, one sentence on its operating
point, and every classifier at one prior; each table carries stable hooks (classes and
``data-*`` attributes holding unrounded values) for scripts and the browser tests.
"""

from __future__ import annotations

import html
import math

import numpy as np

from costlab.metrics import positive_fraction
from costlab.widgets._prior_shift.model import CONDITIONS, MEASURES

__all__ = ["operating_row_html", "operating_summary_html", "prior_table_html"]


#: The table's cells never wrap ("80.00 %" on one line); the panel wraps the table under the
#: controls when the column is too narrow for both side by side.
_TABLE_CSS = """<style>
.costlab-priors{border-collapse:collapse;font-size:13px;margin:0 0 4px 0}
.costlab-priors caption{caption-side:top;text-align:left;padding:2px 0 4px 0;color:#333}
.costlab-priors th,.costlab-priors td{padding:3px 8px;white-space:nowrap;
border-bottom:1px solid #ddd}
.costlab-priors thead th{border-bottom:2px solid #888;text-align:right}
.costlab-priors th:first-child,.costlab-priors td:first-child{text-align:left;font-weight:normal}
.costlab-priors td{text-align:right;font-variant-numeric:tabular-nums}
</style>"""


def prior_table_html(points, prior, labels=None, *, prior_name="P(target)"):
    """The table at one prior: TPr, FPr, POSfrac and purity per classifier.

    ``prior_name`` is what the caption calls the prior: the name on the widget's slider (the prior
    widget's "P(C_t)", after Landgrebe et al. 2004; the cost explorer's panel's "P(target)").

    Stable hooks: ``<table class="costlab-priors" data-prior=...>``, one
    ``<tr class="classifier" data-classifier=...>`` per classifier with ``<td class="tpr">``,
    ``"fpr"``, ``"posfrac"``, ``"purity"`` (unrounded ``data-value``; "—" where undefined).
    """
    labels = labels or {}
    rows = []
    for name, table in points.items():
        row = table.loc[np.isclose(table["prior"], prior)].iloc[0]
        cells = "".join(
            f'<td class="{col}" data-value="{float(row[col])!r}">'
            + ("—" if not math.isfinite(row[col]) else f"{100 * row[col]:.2f} %")
            + "</td>"
            for col in ("tpr", "fpr", "posfrac", "purity")
        )
        label = html.escape(str(labels.get(name, name)))
        rows.append(
            f'<tr class="classifier" data-classifier="{html.escape(name)}">'
            f"<td>{label}</td>{cells}</tr>"
        )
    return (
        f'{_TABLE_CSS}<table class="costlab-priors" data-prior="{prior!r}"><caption>At '
        f"{html.escape(prior_name)} = {prior:.3g}</caption><thead><tr><th>Classifier</th>"
        f"<th>TPr</th><th>FPr</th><th>POSfrac</th><th>Purity</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


_HEADS = {"tpr": "TPr", "fpr": "FPr", "posfrac": "POSfrac", "purity": "Purity"}


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
    heads = [f"<th>{_HEADS[m]}</th>" for m in MEASURES]
    heads.append("<th>POSfrac, pooled</th>" if folds else "")
    heads.append("<th>printed POSfrac</th>" if reference is not None else "")
    lines = []
    for record in row.sort_values("prior", ascending=False).to_dict("records"):
        chosen = math.isclose(record["prior"], state.prior, rel_tol=1e-9)
        if folds:
            cells = [_cell(m, record[f"{m}_mean"], record[f"{m}_std"]) for m in MEASURES]
            cells.append(_cell("pooled-posfrac", record["posfrac"]))
        else:
            cells = [_cell(m, record[m]) for m in MEASURES]
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
