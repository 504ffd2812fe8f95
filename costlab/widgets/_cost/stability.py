"""The explorer's uncertainty panel: bootstrap bands and how stable the selection is.

On request (a button: the bootstrap takes seconds) the held out-of-fold probabilities of the
selected classifiers are resampled together (:func:`costlab.metrics.paired_bootstrap`:
stratified, seeded), and the panel shows each classifier's MTMCS curve with its band
(:class:`costlab.plotting.MTMCSBandDisplay`) and a table: how often the thesis's selection rule
(Al-Saffar 2018, sec. 5.1) picks each classifier over the current range, and its MTMCR with a
percentile interval. Moving the range re-reads the stored resamples; only the button
resamples. Its MTMCS is the exact minimum over the 0.05 ratio grid, which a caption says: the
explorer's range table may use a grid search, whose MTMCR can be higher for the same
classifier.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from costlab.metrics import mtmcr, paired_bootstrap
from costlab.plotting import MTMCSBandDisplay
from costlab.widgets._cost.model import search_caption_html
from costlab.widgets._kit.charts import make_chart

__all__ = ["StabilityPanel", "stability_table_html"]

_GRID_STEP = 0.05  # the ratio grid of :func:`paired_bootstrap` (its default fp_costs)


_TABLE_CSS = """<style>
.costlab-stability{border-collapse:collapse;font-size:13px;margin:4px 0 6px 0}
.costlab-stability caption{caption-side:top;text-align:left;padding:2px 0 6px 0;color:#333}
.costlab-stability th,.costlab-stability td{padding:3px 10px;white-space:nowrap;
border-bottom:1px solid #ddd}
.costlab-stability thead th{border-bottom:2px solid #888;text-align:right}
.costlab-stability th:first-child,.costlab-stability td:first-child{text-align:left}
.costlab-stability td{text-align:right;font-variant-numeric:tabular-nums}
</style>"""


def stability_table_html(boot, r1, r2, labels=None):
    """Selection frequency and MTMCR interval per classifier over [r1, r2].

    Hooks: ``<table class="costlab-stability" data-r1 data-r2 data-n-resamples>``, one
    ``<tr class="classifier" data-classifier>`` per classifier with ``<td class="chosen">``
    and ``<td class="mtmcr">`` (``data-low``, ``data-high``).
    """
    labels = labels or {}
    freq = boot.selection_frequency(r1, r2).set_index("classifier")
    inside = (boot.fp_costs >= r1 - 1e-9) & (boot.fp_costs <= r2 + 1e-9)
    alpha = 1.0 - boot.confidence
    rows = []
    for k, name in enumerate(boot.names):
        values = np.array([mtmcr(rep[k, inside]) for rep in boot.replicates])
        low, high = np.quantile(values, [alpha / 2, 1 - alpha / 2])
        chosen = float(freq.loc[name, "chosen"])
        rows.append(
            f'<tr class="classifier" data-classifier="{html.escape(name)}">'
            f"<td>{html.escape(str(labels.get(name, name)))}</td>"
            f'<td class="chosen" data-value="{chosen!r}">{100 * chosen:.0f} %</td>'
            f'<td class="mtmcr" data-value="{mtmcr(boot.estimate[k, inside])!r}" '
            f'data-low="{low!r}" data-high="{high!r}">{mtmcr(boot.estimate[k, inside]):.2f} '
            f"[{low:.2f}, {high:.2f}]</td></tr>"
        )
    kind, selected = freq.attrs["selected"]
    return (
        f'{_TABLE_CSS}<table class="costlab-stability" data-r1="{r1:.6g}" data-r2="{r2:.6g}" '
        f'data-n-resamples="{len(boot.replicates)}"><caption>Across {len(boot.replicates)} '
        f"bootstrap resamples ({100 * boot.confidence:g} % intervals); on the data: "
        f"{html.escape(kind)} {html.escape(str(labels.get(selected, selected)))}</caption>"
        "<thead><tr><th>Classifier</th><th>chosen in</th><th>MTMCR [interval]</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


class StabilityPanel(widgets.VBox):
    """A resample button, the stability table and the band chart.

    Attributes
    ----------
    run_button : ipywidgets.Button
    caption : ipywidgets.HTML
        Which search its MTMCR comes from (the exact one), shown before any resample.
    n_resamples : ipywidgets.BoundedIntText
    table : ipywidgets.HTML
    chart : BrowserChart or ChartImage
    boot_ : PairedBootstrap or None
        The last resamples (for the results shown when the button was pressed).
    """

    def __init__(self, n_resamples=200, random_state=0):
        super().__init__()
        self.random_state = random_state
        self.n_resamples = widgets.BoundedIntText(
            value=n_resamples,
            min=20,
            max=5000,
            description="Resamples",
            layout=widgets.Layout(width="200px"),
        )
        self.run_button = widgets.Button(description="Bootstrap", icon="refresh")
        self.table = widgets.HTML()
        self.table.add_class("costlab-stability-table")
        self.chart = make_chart(figsize=(8.2, 3.8), css_class="costlab-band-chart")
        self.run_button.on_click(lambda _: self.resample())
        self.caption = widgets.HTML(search_caption_html("exact", fp_step=_GRID_STEP))
        self.children = [
            widgets.HTML("<b>How sure?</b> Bootstrap the held out-of-fold probabilities"),
            self.caption,
            widgets.HBox([self.n_resamples, self.run_button]),
            self.table,
            self.chart.widget,
        ]
        self.boot_, self._results, self._range, self._labels = None, {}, (0.3, 0.7), {}
        self.add_class("costlab-stability-panel")

    def show(self, results, r1, r2, labels=None):
        """Called by the explorer after each update: new results clear the resamples."""
        key = tuple((name, id(result)) for name, result in results.items())
        if key != getattr(self, "_key", None):
            self.boot_, self._key = None, key
            self.table.value = ""
            self.chart.clear()
        self._results, self._range, self._labels = dict(results), (r1, r2), dict(labels or {})
        if self.boot_ is not None:
            self.table.value = stability_table_html(self.boot_, r1, r2, self._labels)

    def resample(self):
        """Bootstrap the held results (the only slow step of this panel)."""
        if not self._results:
            return
        first = next(iter(self._results.values()))
        self.boot_ = paired_bootstrap(
            first.y_true,
            {name: r.scores() for name, r in self._results.items()},
            n_resamples=int(self.n_resamples.value),
            random_state=self.random_state,
            pos_label=1,
            sample_weight=first.sample_weight,  # the results' costs (the same instances)
        )
        self.table.value = stability_table_html(self.boot_, *self._range, self._labels)
        self.chart.draw(_BandView(self.boot_, self._labels))


class _BandView:
    """Adapter: ChartImage draws ``plot(ax=...)``; the legend uses the explorer's labels."""

    def __init__(self, boot, labels=None):
        self.boot, self.labels = boot, dict(labels or {})

    def plot(self, ax=None):
        display = MTMCSBandDisplay.from_bootstrap(self.boot, ax=ax)
        if self.labels:
            for name, line in display.lines_.items():
                line.set_label(str(self.labels.get(name, name)))
            display.ax_.legend(loc="best", frameon=True, framealpha=0.9, edgecolor="0.85")
        return display
