"""The cost-space explorer's outputs: the duality chart, the TEC chart and their tables as HTML.

Nothing here computes a curve: the charts are costlab Displays
(:class:`~costlab.plotting.CostSpaceDualityDisplay`, :class:`~costlab.plotting.CostCurveDisplay`)
drawn from the held envelopes, restyled to single out the winner, and the density is
:func:`costlab.metrics.pcf_density`'s. Each chart is a view with ``plot(ax)`` drawn by a
:class:`~costlab.widgets._kit.charts.ChartImage`, as the cost explorer's charts are.
"""

from __future__ import annotations

import html
import math

import numpy as np

from costlab.metrics import pcf_density
from costlab.plotting import CostCurveDisplay, CostSpaceDualityDisplay, classifier_styles
from costlab.widgets._kit.table_style import table_style

__all__ = [
    "DualityChart",
    "TecChart",
    "header_html",
    "operating_html",
    "readout_html",
    "tec_html",
    "winner_text",
]

_WINNER = "#111111"
_DENSITY_COLOUR = "0.35"
_DENSITY_GRID = np.linspace(0.0, 1.0, 801)[1:-1]  # p may be infinite at 0 and 1
_CSS = table_style(
    "costlab-cs",
    ".costlab-cs tr.joint th{font-style:italic}",
    # long headers ("vertex optimal for PCF(+) in") wrap, so that the operating table fits the
    # explorer's right-hand column (at most 1010 px): its last column was cut at 1,370 px
    ".costlab-cs thead th{white-space:normal}",
    ".costlab-winner{margin:2px 0 4px 0;font-size:13px}",
)


def _label(name, labels):
    return str(labels.get(name, name)) if labels else str(name)


def _names(names, labels):
    return ", ".join(_label(n, labels) for n in names)


# ---------------------------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------------------------


def header_html(title, names):
    """The explorer's title line."""
    what = f"{len(names)} classifier{'s' if len(names) != 1 else ''}"
    return (
        f'<div class="costlab-header"><b style="font-size:16px">Cost space: '
        f"{html.escape(str(title))}</b>"
        f'<span style="color:#555"> &nbsp;{what} · ROC space and cost space side by side '
        "(Drummond &amp; Holte 2000)</span></div>"
    )


def readout_html(view):
    """PCF(+) and where it comes from: the slider, or eq. 6 of p(+) and the two costs.

    Hook: ``<div class="costlab-pcf-readout" data-pcf=... data-mode=...>``.
    """
    state, pcf = view.state, view.pcf
    if state.mode == "parts":
        p, fn, fp = state.p_pos, state.fn_cost, state.fp_cost
        how = (
            f"PCF(+) = p(+)C(-|+) / (p(+)C(-|+) + p(-)C(+|-))<br>"
            f"&nbsp;= {p:.2f}×{fn:.3g} / ({p:.2f}×{fn:.3g} + {1 - p:.2f}×{fp:.3g}) (eq. 6)"
        )
    else:
        how = "set directly (p(+) and the costs folded into one number, eq. 6)"
    return (
        f'<div class="costlab-pcf-readout" data-pcf="{pcf!r}" data-mode="{state.mode}" '
        'style="font-size:12.5px;line-height:1.5;margin:4px 0 0 6px;color:#222">'
        f"<b>PCF(+) = {pcf:.3f}</b><br>{how}<br>"
        f"iso-cost slope in ROC space (1 - PCF(+)) / PCF(+) = {view.slope:.3g} (eqs. 1, 9)</div>"
    )


def winner_text(view, labels=None):
    """The winner in words (plain text, for the chart's title and the paragraph)."""
    w = view.winner
    if w.trivial:
        return (
            f"every classifier is best replaced by the trivial classifier '{w.trivial}' "
            f"(NE[C] = {w.ne_cost:.3f})"
        )
    verb = "tie" if w.tied else "wins"
    return f"{_names(w.classifiers, labels)} {verb} with NE[C] = {w.ne_cost:.3f}"


def operating_html(view, labels=None):
    """Each classifier at the operating PCF(+): NE[C], the optimal vertex, and the winner.

    Hooks: ``<table class="costlab-cs costlab-operating" data-pcf=...>``; one
    ``<tr class="classifier" data-classifier=...>`` per classifier (``chosen`` for the
    winners) with ``<td class="ne">``, ``"excess"``, ``"fpr"``, ``"tpr"``, ``"threshold"``,
    ``"cost"`` (unrounded ``data-value``); ``<p class="costlab-winner" data-classifier=...
    data-trivial=...>``.
    """
    op, w = view.operating, view.winner
    parts = view.state.mode == "parts"
    head = "<th>NE[C]</th><th>above best</th><th>FP</th><th>TP</th><th>threshold</th>"
    head += "<th>vertex optimal for PCF(+) in</th><th>operating range</th>"
    head += "<th>E[C] per instance</th>" if parts else ""
    rows = []
    for row in op.itertuples():
        cells = [
            _cell("ne", row.ne_cost, ".4f"),
            _cell("excess", row.excess, ".4f"),
            _cell("fpr", row.fpr, ".3f"),
            _cell("tpr", row.tpr, ".3f"),
            _cell("threshold", row.threshold, ".4g"),
            f"<td>[{row.vertex_from:.3f}, {row.vertex_to:.3f}]</td>",
            "<td>none</td>"
            if math.isnan(row.range_from)
            else f"<td>[{row.range_from:.3f}, {row.range_to:.3f}]</td>",
        ]
        if parts:
            cells.append(_cell("cost", row.expected_cost, ".4g"))
        css = "classifier chosen" if row.classifier in w.classifiers else "classifier"
        rows.append(
            f'<tr class="{css}" data-classifier="{html.escape(str(row.classifier))}">'
            f'<th scope="row">{html.escape(_label(row.classifier, labels))}</th>'
            f"{''.join(cells)}</tr>"
        )
    caption = f"At PCF(+) = {view.pcf:.3f}: each classifier's optimal ROC-hull vertex (eq. 7)"
    return (
        f'{_CSS}<table class="costlab-cs costlab-operating" data-pcf="{view.pcf!r}">'
        f"<caption>{caption}</caption><thead><tr><th>Classifier</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{_winner_paragraph(view, labels)}"
    )


def _winner_paragraph(view, labels):
    w = view.winner
    names = html.escape(",".join(str(c) for c in w.classifiers))
    where = f"on PCF(+) in [{w.pcf_from:.3f}, {w.pcf_to:.3f}]"
    text = html.escape(winner_text(view, labels))
    return (
        f'<p class="costlab-winner" data-classifier="{names}" '
        f'data-trivial="{html.escape(w.trivial or "")}"><b>{text}</b> {where} '
        "(the lower envelope at this PCF(+); D&amp;H sec. 2.2).</p>"
    )


def tec_html(view, labels=None):
    """Total expected cost per classifier under the chosen density (D&H eq. 11).

    Hooks: ``<table class="costlab-cs costlab-tec" data-density=...>``; one
    ``<tr class="classifier" data-classifier=...>`` per classifier (``chosen`` for the lowest)
    and ``<tr class="joint">`` for all of them together, with ``<td class="tec">`` and
    ``<td class="excess">`` (unrounded ``data-value``).
    """
    table = view.tec
    single = table[table["classifier"].notna()]
    best = single.loc[single["tec"].idxmin(), "classifier"]
    rows = []
    for row in table.itertuples():
        cells = _cell("tec", row.tec, ".4f") + _cell("excess", row.excess, "+.4f")
        if row.classifier is None:
            rows.append(
                '<tr class="joint"><th scope="row">all together (joint lower envelope)</th>'
                f"{cells}</tr>"
            )
            continue
        css = "classifier chosen" if row.classifier == best else "classifier"
        rows.append(
            f'<tr class="{css}" data-classifier="{html.escape(str(row.classifier))}">'
            f'<th scope="row">{html.escape(_label(row.classifier, labels))}</th>{cells}</tr>'
        )
    density = html.escape(view.density)
    return (
        f'{_CSS}<table class="costlab-cs costlab-tec" data-density="{density}">'
        f"<caption>TEC = ∫ NE[C](x) p(x) dx with p = {density} (eq. 11)</caption>"
        "<thead><tr><th>Classifier</th><th>TEC</th><th>minus best</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="costlab-winner costlab-tec-best" data-classifier="{html.escape(str(best))}">'
        f"<b>Lowest total expected cost: {html.escape(_label(best, labels))}</b> "
        "(the area under its lower envelope, weighted by p).</p>"
    )


def _cell(css, value, fmt):
    value = float(value)
    text = "—" if not math.isfinite(value) else format(value, fmt)
    return f'<td class="{css}" data-value="{value!r}">{text}</td>'


# ---------------------------------------------------------------------------------------------
# Charts
# ---------------------------------------------------------------------------------------------


class DualityChart:
    """ROC space beside cost space at the operating PCF(+), the winner singled out.

    A :class:`~costlab.plotting.CostSpaceDualityDisplay`: each hull's iso-cost line through its
    optimal vertex and each envelope's point at PCF(+) (the same choice, D&H eq. 9); the
    winners' iso-cost line, vertex and point are drawn bold with a star.
    """

    def __init__(self, envelopes, rocs, view, labels=None):
        self.envelopes, self.rocs, self.view, self.labels = envelopes, rocs, view, labels

    def plot(self, ax):
        fig = ax.figure
        ax.remove()
        roc_ax, cost_ax = fig.subplots(1, 2, width_ratios=(1, 1.45))
        self.display_ = CostSpaceDualityDisplay(
            self.envelopes,
            rocs={k: v for k, v in self.rocs.items() if k in self.envelopes} or None,
            pcf=self.view.pcf,
            labels=self.labels,
            show_lines=False,
            true_costs=self.view.true_costs,
        ).plot(ax=(roc_ax, cost_ax))
        self._highlight()
        self._legend_below(fig)
        fig.suptitle(
            f"At PCF(+) = {self.view.pcf:.3f}: {winner_text(self.view, self.labels)}",
            fontsize=12.5,
            x=0.01,
            ha="left",
        )
        self.ax_, self.figure_ = cost_ax, fig
        return self

    def _legend_below(self, fig):
        """The Display's legend moved under both panels, so that ROC space keeps its width."""
        legend = self.display_.legend_
        handles, texts = legend.legend_handles, [t.get_text() for t in legend.get_texts()]
        legend.remove()
        self.display_.legend_ = fig.legend(
            handles, texts, loc="outside lower center", ncol=4, frameon=False, fontsize=9.5
        )

    def _highlight(self):
        """Bold iso-cost line and a star on the winners' vertex (ROC) and point (cost)."""
        w, d = self.view.winner, self.display_
        op = self.view.operating.set_index("classifier")
        styles = classifier_styles(self.envelopes)
        roc_ax, cost_ax = d.axes_
        self.stars_ = []
        for name in w.classifiers:
            colour = _WINNER if w.trivial else styles[name]["color"]
            d.roc_.iso_lines_[name].set(linewidth=2.6, linestyle="-", zorder=4)
            d.cost_.optimal_lines_[name].set(linewidth=2.2)
            fpr, tpr = op.loc[name, "fpr"], op.loc[name, "tpr"]
            for axis, xy in ((roc_ax, (fpr, tpr)), (cost_ax, (self.view.pcf, w.ne_cost))):
                self.stars_ += axis.plot(
                    *xy,
                    marker="*",
                    markersize=19,
                    color=colour,
                    markeredgecolor="white",
                    linestyle="none",
                    zorder=7,
                    clip_on=False,
                )


class TecChart:
    """The envelopes over PCF(+) with the density p weighting them (D&H eq. 11).

    A :class:`~costlab.plotting.CostCurveDisplay` of the chosen classifiers, their joint lower
    envelope dotted (all of them together), and p(PCF(+)) shaded on a right-hand axis.
    """

    def __init__(self, envelopes, joint, view, labels=None):
        self.envelopes, self.joint, self.view, self.labels = envelopes, joint, view, labels

    def plot(self, ax):
        title = f"Total expected cost: envelopes weighted by p(PCF(+)) = {self.view.density}"
        display = CostCurveDisplay(
            self.envelopes,
            labels=self.labels,
            title=title,
            show_lines=False,
            shade_operating_range=False,
        ).plot(ax=ax, legend=False)
        handles = list(display.lines_.values())
        if len(self.envelopes) > 1:
            x, y = self.joint.envelope.curve()
            handles += ax.plot(
                x, y, color="black", linestyle=":", linewidth=2.0, zorder=5, label="all together"
            )
        handles.append(self._draw_density(ax))
        ax.legend(
            handles=handles,
            loc="upper left",
            bbox_to_anchor=(1.1, 1.0),
            frameon=False,
            fontsize=9.5,
        )
        self.display_, self.ax_, self.figure_ = display, ax, ax.figure
        return self

    def _draw_density(self, ax):
        x = np.union1d(_DENSITY_GRID, [self.view.state.low, self.view.state.high])
        x = x[(x > 0.0) & (x < 1.0)]
        p = pcf_density(self.view.spec, x)
        twin = ax.twinx()
        twin.fill_between(x, 0.0, p, color=_DENSITY_COLOUR, alpha=0.09, linewidth=0, zorder=0)
        (line,) = twin.plot(x, p, color=_DENSITY_COLOUR, linewidth=1.2, label="p(PCF(+))")
        central = p[(x >= 0.03) & (x <= 0.97)]
        top = float(np.max(central[np.isfinite(central)], initial=1.0))
        twin.set_ylim(0.0, 1.15 * max(top, 1.0))
        twin.set_ylabel("density p(PCF(+))", color=_DENSITY_COLOUR)
        twin.tick_params(labelsize=9, colors=_DENSITY_COLOUR)
        for side in ("top", "left"):
            twin.spines[side].set_visible(False)
        ax.set_zorder(twin.get_zorder() + 1)  # the curves above the shading
        ax.patch.set_visible(False)
        self.density_line_, self.density_axis_ = line, twin
        return line
