"""The CST explorer's outputs: the MTMCS chart of the range, MTMCR beside CST, and the tables.

:class:`CstOutputs` owns the output widgets and turns a :class:`~costlab.widgets.RangeChoice`
into HTML and two PNG charts (:class:`~costlab.widgets._kit.charts.ChartImage`): the MTMCS chart
with the range shaded (values written in it when the range is short, as Al-Saffar 2018, Figures
30-32) and :class:`CstBarsView`, each classifier's MTMCR beside its CST. Nothing here computes a
curve or a measure: the numbers are the selection's summary.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from costlab.metrics import format_cost_ratio
from costlab.plotting import MTMCSDisplay, classifier_styles, display_name
from costlab.widgets._kit.charts import make_chart
from costlab.widgets._kit.messages import show_error
from costlab.widgets._kit.mtmcs import ratio_decimals, summary_html

__all__ = [
    "CstBarsView",
    "CstOutputs",
    "drawn_class",
    "mtmcr_note_html",
    "per_ratio_html",
    "range_text",
]

_TOL = 1e-9
#: The MTMCS values are written on the chart when the range has at most this many ratios.
ANNOTATE_UP_TO = 9


class CstBarsView:
    """Each classifier's MTMCR (light) and CST (dark) over the range; the choice outlined.

    CST = MTMCR (1 + cost sensitivity / 100) (Al-Saffar 2018, sec. 4.2.2.3 and 5.7): the gap
    between a classifier's two bars is what its sensitivity costs it. The numbers are read from
    ``selection.summary`` (:func:`costlab.metrics.select_classifier`).

    Parameters
    ----------
    selection : costlab.metrics.mtmcs.measures.Selection
    title : str
    labels : mapping, optional
        Classifier name -> name shown.

    Attributes
    ----------
    bars_ : dict of str -> BarContainer
        ``"mtmcr"`` and ``"cst"``, one bar per classifier in the summary's order.
    chosen_ : str
        The outlined classifier.
    ax_, figure_
    """

    def __init__(self, selection, title, labels=None):
        self.selection, self.title, self.labels = selection, title, labels or {}

    def plot(self, ax):
        summary = self.selection.summary
        names = list(summary["classifier"])
        styles = classifier_styles(names)
        colours = [styles[n]["color"] for n in names]
        x = range(len(names))
        width = 0.38
        chosen = [n == self.selection.classifier for n in names]
        edges = ["black" if c else "white" for c in chosen]
        self.bars_ = {
            "mtmcr": ax.bar(
                [i - width / 2 for i in x],
                summary["mtmcr"],
                width,
                color=colours,
                alpha=0.45,
                edgecolor=edges,
                linewidth=1.6,
                label="MTMCR (sum of MTMCS over the range)",
            ),
            "cst": ax.bar(
                [i + width / 2 for i in x],
                summary["cst"],
                width,
                color=colours,
                edgecolor=edges,
                linewidth=1.6,
                label="CST = MTMCR (1 + sensitivity / 100)",
            ),
        }
        for bars in self.bars_.values():
            ax.bar_label(bars, fmt="%.2f", fontsize=8.5, padding=2)
        ticks = [
            f"{display_name(n, self.labels)}\nsens. {s:.2f}"
            + (f"\n{self.selection.kind} choice" if c else "")
            for n, s, c in zip(names, summary["cost_sensitivity"], chosen, strict=True)
        ]
        ax.set_xticks(list(x), ticks, fontsize=9)
        for label, c in zip(ax.get_xticklabels(), chosen, strict=True):
            label.set_fontweight("bold" if c else "normal")
        top = float(summary["cst"].max())
        ax.set_ylim(0, top * 1.32 if top > 0 else 1)
        ax.set_ylabel("MTMCR and CST (%)")
        ax.set_title(self.title, fontsize=12, loc="left", pad=8)
        ax.grid(True, axis="y", color="0.88", linewidth=0.8)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        legend = ax.legend(loc="upper center", ncols=2, frameon=False, fontsize=9.5)
        for patch, grey in zip(legend.get_patches(), ("0.78", "0.4"), strict=True):
            patch.set_facecolor(grey)
            patch.set_edgecolor("none")
            patch.set_alpha(1.0)
        self.chosen_, self.ax_, self.figure_ = self.selection.classifier, ax, ax.figure
        return self


class CstOutputs:
    """The CST explorer's output widgets and how they are drawn.

    Attributes
    ----------
    header, message, table, per_ratio : ipywidgets.HTML
    mtmcs_chart, bars_chart : BrowserChart or ChartImage
        Each image's CSS classes name the range drawn, e.g. ``costlab-drawn-0_4000-0_6000``
        (set after the image: a hook for browser tests, see :func:`drawn_class`).
    """

    def __init__(self):
        self.header = widgets.HTML()
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.table.add_class("costlab-table")
        self.per_ratio = widgets.HTML(layout=widgets.Layout(overflow="auto"))
        self.mtmcs_chart = make_chart(css_class="costlab-cst-mtmcs-chart")
        self.bars_chart = make_chart(figsize=(8.2, 3.4), css_class="costlab-cst-bars-chart")
        self._drawn = None

    def column(self):
        """The right-hand column: message, the two charts and the tables."""
        return widgets.VBox(
            [
                self.message,
                self.mtmcs_chart.widget,
                self.table,
                self.bars_chart.widget,
                self.per_ratio,
            ],
            layout=widgets.Layout(flex="1 1 auto", min_width="0", max_width="780px"),
        )

    def render(self, title, curves, choice, labels, fp_step):
        """Show ``choice`` (a RangeChoice over ``curves``); redraw the charts only if it moved."""
        self.message.value = ""
        self.header.value = header_html(title)
        self.table.value = summary_html(
            choice.selection, choice.r1, choice.r2, fp_step, labels=labels
        ) + mtmcr_note_html(choice, labels)
        self.per_ratio.value = per_ratio_html(choice, labels, fp_step)
        shown = (title, tuple(curves), choice.r1, choice.r2)
        if self._drawn == shown:
            return
        span = range_text(choice.r1, choice.r2, fp_step)
        titles = (f"MTMCS chart, range of interest {span} shaded", f"MTMCR and CST over {span}")
        display = MTMCSDisplay(
            curves, highlight=(choice.r1, choice.r2), title=titles[0], labels=labels
        )
        annotate = choice.per_ratio.shape[1] <= ANNOTATE_UP_TO
        self.mtmcs_chart.draw(display, annotate=annotate)
        self.bars_chart.draw(CstBarsView(choice.selection, titles[1], labels))
        for chart in (self.mtmcs_chart, self.bars_chart):
            _mark_range(chart.widget, choice.r1, choice.r2)
        self._drawn = shown

    def show_error(self, error):
        """Show ``error`` instead of the tables and charts."""
        charts = (self.mtmcs_chart, self.bars_chart)
        show_error(self.message, error, tables=(self.table, self.per_ratio), charts=charts)
        for chart in charts:
            _mark_range(chart.widget, None, None)
        self._drawn = None


def drawn_class(r1, r2):
    """The CSS class of a chart drawn for [r1, r2].

    >>> drawn_class(0.4, 0.6)
    'costlab-drawn-0_4000-0_6000'
    """
    return f"costlab-drawn-{r1:.4f}-{r2:.4f}".replace(".", "_")


def _mark_range(image, r1, r2):
    for css in [c for c in image._dom_classes if c.startswith("costlab-drawn-")]:
        image.remove_class(css)
    if r1 is not None:
        image.add_class(drawn_class(r1, r2))


def range_text(r1, r2, fp_step=0.05):
    """``'[0.40/0.60, 0.60/0.40]'``, or ``'0.50/0.50'`` for a single ratio."""
    decimals = ratio_decimals(fp_step)
    low, high = format_cost_ratio(r1, decimals), format_cost_ratio(r2, decimals)
    return low if low == high else f"[{low}, {high}]"


def header_html(title):
    """The widget's title line."""
    return (
        '<div class="costlab-header"><b style="font-size:16px">CST and the robust-or-optimal '
        f'choice: {html.escape(title)}</b><span style="color:#555"> &nbsp;Move the range of '
        "interest (Al-Saffar 2018, sec. 5.1 and 5.7)</span></div>"
    )


_PER_RATIO_CSS = """<style>
.costlab-per-ratio{border-collapse:collapse;font-size:12.5px;margin:4px 0 8px 0}
.costlab-per-ratio-caption{margin:8px 0 2px 0;font-size:13px;color:#333}
.costlab-per-ratio th,.costlab-per-ratio td{padding:2px 8px;border-bottom:1px solid #ddd;
white-space:nowrap}
.costlab-per-ratio thead th{border-bottom:2px solid #888;text-align:right;font-weight:normal}
.costlab-per-ratio tbody th{text-align:left;font-weight:normal}
.costlab-per-ratio td{text-align:right;font-variant-numeric:tabular-nums}
.costlab-per-ratio td.lowest{font-weight:bold;background:#eef6ee}
.costlab-mtmcr-choice{margin:2px 0 6px 0;font-size:13px;color:#333}
</style>"""


def per_ratio_html(choice, labels=None, fp_step=0.05):
    """The MTMCS of each classifier at each cost ratio of the range, as the thesis's Tables
    11, 13 and 15; the lowest value at each ratio is bold (class ``lowest``).

    A robust classifier is bold in every column (Al-Saffar 2018, sec. 5.1). Hooks:
    ``<table class="costlab-per-ratio" data-n-ratios=...>``, one ``<tr data-classifier=...>`` per
    classifier and ``<td data-fp-cost=... data-value=...>`` per ratio.
    """
    labels = labels or {}
    shown = choice.per_ratio if choice.decimals is None else choice.per_ratio.round(choice.decimals)
    lowest = shown.min(axis=0)
    places = 2 if choice.decimals is None else max(choice.decimals, 0)
    ratios = ratio_decimals(fp_step)
    head = "".join(f"<th>{format_cost_ratio(fp, ratios)}</th>" for fp in shown.columns)
    body = []
    for classifier, row in shown.iterrows():
        cells = "".join(
            f'<td class="{"lowest" if value <= lowest[fp] + _TOL else "mtmcs"}" '
            f'data-fp-cost="{fp:.6g}" data-value="{value!r}">{value:.{places}f}</td>'
            for fp, value in row.items()
        )
        name = html.escape(str(labels.get(classifier, classifier)))
        body.append(
            f'<tr data-classifier="{html.escape(str(classifier))}"><th>{name}</th>{cells}</tr>'
        )
    caption = "MTMCS (%) at each cost ratio FPcost/FNcost of the range (bold: the lowest)"
    return (
        f'{_PER_RATIO_CSS}<p class="costlab-per-ratio-caption">{caption}</p>'
        f'<table class="costlab-per-ratio" data-n-ratios="{shown.shape[1]}">'
        f"<thead><tr><th>Classifier</th>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def mtmcr_note_html(choice, labels=None):
    """Whether the lowest MTMCR alone picks the same classifier as the rule of sec. 5.1.

    Hook: ``<p class="costlab-mtmcr-choice" data-classifier=... data-agrees="true|false">``.
    """
    labels = labels or {}
    chosen = choice.selection.classifier
    lowest = choice.lowest_mtmcr
    name = html.escape(str(labels.get(lowest, lowest)))
    if lowest == chosen:
        text = f"The lowest MTMCR alone picks the same classifier ({name})."
    else:
        text = (
            f"The lowest MTMCR alone would pick {name}; CST weighs the MTMCR by the cost "
            "sensitivity and picks another (Al-Saffar 2018, sec. 5.7.3: a deceiving MTMCR)."
        )
    return (
        f'<p class="costlab-mtmcr-choice" data-classifier="{html.escape(str(lowest))}" '
        f'data-agrees="{str(lowest == chosen).lower()}">{text}</p>'
    )
