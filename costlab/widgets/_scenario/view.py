"""The scenario explorer's outputs: its charts and its tables, drawn from what the metrics
returned; no maths.

Each chart view has ``plot(ax=None)`` returning an object with ``ax_`` (what
:class:`costlab.widgets._kit.charts.ChartImage` draws), except :class:`IterationView`, which
fills a whole figure (:func:`~costlab.widgets._kit.charts.draw_figure`): one panel per boosted
ensemble and the loss by round.
Scenario curves are :class:`costlab.plotting.ScenarioCurveDisplay`'s (Johnson, Raeder & Chawla
2015, Figs. 1-2); the density and the risk bars are plain matplotlib over the numbers
:mod:`costlab.widgets._scenario.model` computed. The tables (H per classifier, the riskiest
instances, the rounds) are HTML with stable hooks (classes and ``data-*`` attributes holding
unrounded values) for scripts and the browser test.
"""

from __future__ import annotations

import html
from types import SimpleNamespace

import numpy as np
from matplotlib.ticker import MaxNLocator

from costlab.plotting import ScenarioCurveDisplay, classifier_styles
from costlab.widgets._kit.table_style import table_style

__all__ = [
    "CurvesView",
    "DensityView",
    "IterationView",
    "RiskView",
    "h_table_html",
    "instances_html",
    "riskiest_html",
    "rounds_html",
]

_C_LABEL = "cost ratio $c = c_0 / (c_0 + c_1)$   ($c_0$: cost of a false positive)"
_RISKIEST = "#D55E00"
_OTHERS = "#0072B2"
_GRID = np.linspace(0.0025, 0.9975, 400)


class DensityView:
    """The belief u(c): its density over the cost ratio, point masses as stems, and E[c]."""

    def __init__(self, density):
        self.density = density

    def plot(self, ax=None):
        u = self.density
        if u.atoms:
            at = np.array(u.atoms)
            ax.vlines(at[:, 0], 0.0, at[:, 1], color=_OTHERS, linewidth=3)
            ax.plot(at[:, 0], at[:, 1], "o", color=_OTHERS, label=f"point mass: {u.name}")
            ax.set_ylim(0.0, 1.15)
            ax.set_ylabel("probability")
        else:
            x = np.unique(np.concatenate((_GRID, _window(u))))
            y = u.pdf(x)
            ax.fill_between(x, 0.0, y, color=_OTHERS, alpha=0.18, linewidth=0)
            ax.plot(x, y, color=_OTHERS, linewidth=2, label=f"u(c) = {u.name}")
            ax.set_ylim(0.0, 1.08 * float(np.max(y)) if np.max(y) > 0 else 1.0)
            ax.set_ylabel("density u(c)")
        mean = u.mean()
        ax.axvline(mean, color="0.3", linestyle="--", linewidth=1.2, label=f"E[c] = {mean:.3f}")
        ax.set_xlim(0.0, 1.0)
        ax.set_xlabel(_C_LABEL)
        ax.set_title("Your belief about the cost ratio, u(c)", loc="left")
        ax.legend(loc="upper right", frameon=True, framealpha=0.9, edgecolor="0.85", fontsize=9)
        ax.grid(alpha=0.25)
        return SimpleNamespace(ax_=ax)


def _window(u):
    """The ends of a truncated Beta window, just inside (so the drawn edges are vertical)."""
    low, high = getattr(u, "low", 0.0), getattr(u, "high", 1.0)
    eps = 1e-6
    return np.array([x for x in (low, low + eps, high - eps, high) if 0.0 < x < 1.0])


class CurvesView:
    """The classifiers' scenario curves under u(c), the area of one's riskiest classifier
    shaded (that area is its risk: Johnson et al. 2015, eq. 10 over the interval where
    the classifier is optimal).

    Parameters
    ----------
    curves : dict of str -> ScenarioCurve
    selected : str
        The classifier whose riskiest hull classifier is shaded.
    interval : (float, float)
        That hull classifier's interval on the curves' axis (PCF(+) or c).
    share : float
        Its risk as a share of 1 - H.
    labels : dict
    """

    def __init__(self, curves, selected, interval, share, labels=None):
        self.curves, self.selected, self.interval = curves, selected, interval
        self.share, self.labels = share, dict(labels or {})

    def plot(self, ax=None):
        name = self.labels.get(self.selected, self.selected)
        density = next(iter(self.curves.values())).name
        title = f"Scenario curves under u(c) = {density} (area = 1 - H)"
        display = ScenarioCurveDisplay(self.curves, labels=self.labels, title=title)
        display.plot(ax=ax)
        line = display.lines_.get(self.selected)
        colour = line.get_color() if line is not None else _RISKIEST
        lo, hi = self.interval
        label = f"riskiest classifier of {name}: {self.share:.0%} of its 1 - H"
        curve = self.curves[self.selected]
        if curve.density is not None and curve.density.atoms:
            display.ax_.axvspan(lo, hi, color=colour, alpha=0.15, label=label, zorder=0)
        else:
            x = np.linspace(lo, hi, 200)
            y = curve(x)
            display.ax_.fill_between(x, 0.0, y, color=colour, alpha=0.3, label=label)
        display.ax_.legend(frameon=True, framealpha=0.92, edgecolor="0.85", fontsize=9)
        return display


class RiskView:
    """The risk of each ROC-hull classifier (Johnson et al. 2015, eq. 10), the riskiest
    highlighted.

    Parameters
    ----------
    risks : DataFrame
        :func:`costlab.metrics.classifier_risk`'s table.
    riskiest : int
        Row of the riskiest hull classifier.
    name : str
        The classifier's name.
    density : str
        The density's name.
    """

    def __init__(self, risks, riskiest, name, density):
        self.risks, self.riskiest, self.name, self.density = risks, riskiest, name, density

    def plot(self, ax=None):
        share = self.risks["normalized_risk"].to_numpy()
        k = self.riskiest
        colours = [_RISKIEST if i == k else _OTHERS for i in range(share.size)]
        ax.bar(np.arange(share.size), share, color=colours, alpha=0.85, width=0.8)
        row = self.risks.iloc[k]
        ax.annotate(
            f"riskiest: scores $\\geq$ {row['threshold']:.4g}\n"
            f"FPR {row['fpr']:.2f}, TPR {row['tpr']:.2f}, c in [{row['c_from']:.2f}, "
            f"{row['c_to']:.2f}]",
            xy=(k, share[k]),
            xytext=(0.98, 0.95),
            textcoords="axes fraction",
            ha="right",
            va="top",
            fontsize=9,
            color=_RISKIEST,
            arrowprops={"arrowstyle": "->", "color": _RISKIEST, "linewidth": 1},
        )
        ticks = MaxNLocator(integer=True, nbins=8).tick_values(0, share.size - 1)
        ax.set_xticks(ticks[(ticks >= 0) & (ticks <= share.size - 1)])
        ax.set_xlim(-0.8, share.size - 0.2)
        ax.set_ylim(0.0, 1.35 * float(np.nanmax(share)) if np.nanmax(share) > 0 else 1.0)
        ax.set_xlabel(
            "ROC-hull classifier (0 calls everything negative, the last everything positive)"
        )
        ax.set_ylabel("risk / trivial loss")
        ax.set_title(
            f"Risk of each hull classifier of {self.name} under {self.density}: "
            f"the bars sum to 1 - H = {np.nansum(share):.3f}",
            loc="left",
            fontsize=10.5,
        )
        ax.grid(axis="y", alpha=0.25)
        return SimpleNamespace(ax_=ax)


class IterationView:
    """Johnson et al.'s (2015) Fig. 2 at one round: each ensemble's scenario curves up to it,
    peaks marked, and 1 - H after every round with the round marked.

    Parameters
    ----------
    iterations : dict of str -> (rounds, curves)
        From :func:`costlab.widgets._scenario.model.iteration_view`.
    losses : dict of str -> ndarray
        1 - H after each round (:func:`~costlab.widgets._scenario.model.round_losses`).
    round_ : int
        The round selected.
    labels : dict
    """

    def __init__(self, iterations, losses, round_, labels=None):
        self.iterations, self.losses, self.round = iterations, losses, int(round_)
        self.labels = dict(labels or {})

    def plot_figure(self, figure):
        names = list(self.iterations)
        mosaic = [names, ["loss"] * len(names)]
        axes = figure.subplot_mosaic(mosaic, height_ratios=[1.5, 1.0])
        top = 0.0
        for name in names:
            rounds, curves = self.iterations[name]
            label = self.labels.get(name, name)
            shown = dict(zip((f"round {k}" for k in rounds), curves, strict=True))
            title = f"{label}: rounds 1-{rounds[-1]}"
            ScenarioCurveDisplay(shown, iterations=rounds, title=title).plot(ax=axes[name])
            axes[name].get_legend().set_loc("lower center")  # the peaks are at the top
            top = max(top, axes[name].get_ylim()[1])
        for name in names:
            axes[name].set_ylim(0.0, top)
            axes[name].title.set_fontsize(10.5)
        self._plot_losses(axes["loss"], names)
        return SimpleNamespace(ax_=axes["loss"], axes_=axes)

    def _plot_losses(self, ax, names):
        styles = classifier_styles(names)
        for name in names:
            loss = self.losses[name]
            rounds = np.arange(1, loss.size + 1)
            colour = styles[name]["color"]
            ax.plot(rounds, loss, color=colour, linewidth=1.6, label=self.labels.get(name, name))
            k = min(self.round, loss.size)
            ax.plot(k, loss[k - 1], "o", color=colour, markersize=6)
        ax.axvline(self.round, color="0.4", linestyle=":", linewidth=1)
        ax.set_xlabel("boosting round")
        ax.set_ylabel("1 - H under u(c)")
        ax.set_title("Loss after each round (lower is better)", loc="left", fontsize=10.5)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.legend(frameon=True, framealpha=0.9, edgecolor="0.85", fontsize=9)
        ax.grid(alpha=0.25)


_CSS = table_style(
    "costlab-scn",
    ".costlab-scn tr.riskiest td.wrong{color:#b34700;font-weight:bold}",
    min_width="540px",
)


def _name(labels, key):
    return html.escape(str((labels or {}).get(key, key)))


def _cell(css, value, text):
    return f'<td class="{css}" data-value="{float(value)!r}">{text}</td>'


def h_table_html(h, hand_h, density, selected, labels=None):
    """H under the chosen u(c) and under Hand's Beta(2, 2), per classifier.

    Hooks: ``<table class="costlab-scenario-h" data-density>``, one
    ``<tr class="classifier" data-classifier>`` per classifier with ``<td class="h">``,
    ``<td class="loss">`` (1 - H) and ``<td class="hand">``, each with ``data-value``.
    """
    rows = []
    for key, value in h.items():
        css = "classifier chosen" if key == selected else "classifier"
        rows.append(
            f'<tr class="{css}" data-classifier="{html.escape(key)}">'
            f'<th scope="row">{_name(labels, key)}</th>'
            + _cell("h", value, f"{value:.4f}")
            + _cell("loss", 1.0 - value, f"{1.0 - value:.4f}")
            + _cell("hand", hand_h[key], f"{hand_h[key]:.4f}")
            + "</tr>"
        )
    name = html.escape(density.name)
    return (
        f'{_CSS}<table class="costlab-scn costlab-scenario-h" data-density="{name}">'
        f"<caption>H under u(c) = {name}: 1 minus the loss averaged over your belief, "
        "relative to the better trivial classifier (Hand 2009; Johnson et al. 2015, eq. 6)"
        "</caption><thead><tr><th>Classifier</th><th>H under u(c)</th><th>1 - H (area)</th>"
        f"<th>H, Beta(2, 2)</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def riskiest_html(risks, riskiest, n_wrong, name):
    """One sentence on the riskiest hull classifier (the one RiskBoost boosts).

    Hook: ``<p class="costlab-riskiest" data-vertex data-threshold data-share>``.
    """
    row = risks.iloc[riskiest]
    share = float(row["normalized_risk"] / np.nansum(risks["normalized_risk"]))
    return (
        f'<p class="costlab-riskiest" data-vertex="{riskiest}" '
        f'data-threshold="{float(row["threshold"])!r}" data-share="{share!r}" '
        'style="font-size:13px;margin:2px 0 6px 0">'
        f"<b>Riskiest classifier of {html.escape(str(name))}</b>: scores &ge; "
        f"{row['threshold']:.4g} called positive (FPR {row['fpr']:.3f}, TPR {row['tpr']:.3f}), "
        f"optimal for c in [{row['c_from']:.3f}, {row['c_to']:.3f}]; {share:.0%} of the loss "
        f"1 - H. It misclassifies {n_wrong} instance{'s' if n_wrong != 1 else ''}, the ones "
        "RiskBoost would reweight (Johnson et al. 2015, Definition 1, Algorithm 1).</p>"
    )


def instances_html(ranked, top, name):
    """The ``top`` riskiest instances of one classifier (Johnson et al. 2015, Definition 2).

    Hooks: ``<table class="costlab-risky-instances" data-classifier data-top>``, one
    ``<tr class="instance" data-row>`` per instance with ``<td class="risk" data-value>``
    (the risk over the trivial classifier's loss).
    """
    rows = []
    for row, item in ranked.head(int(top)).iterrows():
        css = "instance riskiest" if item["riskiest"] else "instance"
        rows.append(
            f'<tr class="{css}" data-row="{int(row)}"><th scope="row">{int(row)}</th>'
            f"<td>{'positive' if item['positive'] else 'negative'}</td>"
            + _cell("score", item["score"], f"{item['score']:.4g}")
            + _cell("risk", item["normalized_risk"], f"{item['normalized_risk']:.4f}")
            + f"<td>{int(item['n_classifiers'])}</td>"
            + f'<td class="wrong">{"yes" if item["riskiest"] else ""}</td></tr>'
        )
    label = html.escape(str(name))
    return (
        f'{_CSS}<table class="costlab-scn costlab-risky-instances" data-classifier="{label}" '
        f'data-top="{int(top)}"><caption>The {int(top)} riskiest instances of {label}: each '
        "one's risk is the summed risk of the hull classifiers that misclassify it (Johnson et "
        "al. 2015, Definition 2), over the trivial classifier's loss</caption><thead><tr>"
        "<th>Row</th><th>Class</th><th>Score</th><th>Risk</th><th>Misclassified by</th>"
        f"<th>By the riskiest</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def rounds_html(losses, round_, labels=None):
    """1 - H of each ensemble at round 1, at the selected round and at its best round.

    Hooks: ``<table class="costlab-rounds" data-round>``, one ``<tr class="ensemble"
    data-ensemble>`` per ensemble with ``<td class="loss" data-value>`` at the round.
    """
    rows = []
    for key, loss in losses.items():
        k = min(int(round_), loss.size)
        best = int(np.argmin(loss))
        rows.append(
            f'<tr class="ensemble" data-ensemble="{html.escape(key)}">'
            f'<th scope="row">{_name(labels, key)}</th>'
            + _cell("first", loss[0], f"{loss[0]:.4f}")
            + _cell("loss", loss[k - 1], f"{loss[k - 1]:.4f} (round {k})")
            + _cell("best", loss[best], f"{loss[best]:.4f} (round {best + 1})")
            + "</tr>"
        )
    return (
        f'{_CSS}<table class="costlab-scn costlab-rounds" data-round="{int(round_)}">'
        "<caption>1 - H under u(c) of each ensemble after its boosting rounds</caption>"
        "<thead><tr><th>Ensemble</th><th>round 1</th><th>this round</th><th>best</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
    )
