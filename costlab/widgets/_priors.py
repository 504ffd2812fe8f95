"""The explorer's prior panel: POSfrac and purity at an operating condition as P(target) moves.

Landgrebe et al. (2004): TPr and FPr do not depend on the class prior, but the
fraction of cases flagged (POSfrac = P(C_t) TPr + P(C_n) FPr, eq. 5) and their purity
(eq. 6) do. The panel shows, for the classifiers the explorer holds, both measures at one
operating condition (TPr, POSfrac or purity fixed) for a true target prior chosen on a
logarithmic slider from 1e-4 to 0.99, as a table and as a sweep over all priors
(:class:`costlab.plotting.PriorSweepDisplay`). The target class is the positive class (the
thesis's class 2). Moving a control recomputes from the held out-of-fold scores only.
"""

from __future__ import annotations

import html
import math
import warnings

import ipywidgets as widgets
import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from costlab.metrics import operating_point
from costlab.plotting import PriorSweepDisplay
from costlab.plotting._prior_shift import SWEEP_PRIORS
from costlab.widgets._charts import ChartImage

__all__ = ["PRIOR_RANGE", "PriorPanel", "prior_points", "prior_table_html"]

#: The slider's range of P(target): 1e-4 to 0.99 (log scale).
PRIOR_RANGE = (1e-4, 0.99)
_CONDITIONS = [
    ("TPr fixed at", "tpr"),
    ("POSfrac fixed at", "posfrac"),
    ("Purity fixed at", "purity"),
]
_STYLE = {"description_width": "118px"}
_LAYOUT = {"width": "330px"}


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


def prior_table_html(points, prior, labels=None):
    """The table at one prior: TPr, FPr, POSfrac and purity per classifier.

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
        f'<table class="costlab-priors" data-prior="{prior!r}"><caption>At P(target) = '
        f"{prior:.3g}</caption><thead><tr><th>Classifier</th><th>TPr</th><th>FPr</th>"
        f"<th>POSfrac</th><th>Purity</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


class PriorPanel(widgets.VBox):
    """Controls, table and sweep chart of the prior view (see the module docstring).

    Attributes
    ----------
    prior : ipywidgets.FloatLogSlider
        P(target), 1e-4 to 0.99.
    condition : ipywidgets.Dropdown
        ``"tpr"``, ``"posfrac"`` or ``"purity"``.
    value : ipywidgets.FloatSlider
        The condition's value, 0.01 to 1.
    measure : ipywidgets.ToggleButtons
        What the chart sweeps: ``"posfrac"`` or ``"purity"``.
    table : ipywidgets.HTML
    chart : ChartImage
    points_ : dict of str -> DataFrame
        The last operating points (:func:`prior_points`).
    """

    def __init__(self, *, prior=0.01, condition="tpr", value=0.8, measure="posfrac"):
        super().__init__()
        self.prior = widgets.FloatLogSlider(
            value=prior,
            base=10,
            min=math.log10(PRIOR_RANGE[0]),
            max=math.log10(PRIOR_RANGE[1]),
            step=0.05,
            description="P(target)",
            readout_format=".2g",
            continuous_update=False,
            style=_STYLE,
            layout=widgets.Layout(**_LAYOUT),
        )
        self.condition = widgets.Dropdown(
            options=_CONDITIONS,
            value=condition,
            description="Operating point",
            style=_STYLE,
            layout=widgets.Layout(**_LAYOUT),
        )
        self.value = widgets.FloatSlider(
            value=value,
            min=0.01,
            max=1.0,
            step=0.01,
            description="… at",
            continuous_update=False,
            style=_STYLE,
            layout=widgets.Layout(**_LAYOUT),
        )
        self.measure = widgets.ToggleButtons(
            options=[("POSfrac", "posfrac"), ("Purity", "purity")],
            value=measure,
            style={"button_width": "100px"},
        )
        self.table = widgets.HTML()
        self.table.add_class("costlab-prior-table")
        self.chart = ChartImage(figsize=(8.2, 3.8), css_class="costlab-prior-chart")
        self._results, self._labels, self.points_ = {}, {}, {}
        for control in (self.prior, self.condition, self.value, self.measure):
            control.observe(lambda change: self.refresh(), names="value")
        controls = widgets.VBox([self.prior, self.condition, self.value, self.measure])
        self.children = [
            widgets.HTML("<b>Under another class prior</b> (Landgrebe et al. 2004)"),
            widgets.HBox([controls, self.table]),
            self.chart.image,
        ]
        self.add_class("costlab-priors-panel")

    def show(self, results, labels=None):
        """Show these held results (called by the explorer after each update)."""
        self._results, self._labels = dict(results), dict(labels or {})
        self.refresh()

    def refresh(self):
        """Recompute from the held results and redraw (no cross-validation)."""
        if not self._results:
            self.table.value, self.points_ = "", {}
            self.chart.clear()
            return
        prior = float(self.prior.value)
        condition, value = self.condition.value, float(self.value.value)
        self.points_ = prior_points(self._results, prior, condition, value)
        self.table.value = prior_table_html(self.points_, prior, self._labels)
        self.chart.draw(
            PriorSweepDisplay(
                self.points_,
                condition={condition: value},
                measure=self.measure.value,
                prior=prior,
                labels=self._labels,
            )
        )
