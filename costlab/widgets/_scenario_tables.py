"""The scenario explorer's tables as HTML: H per classifier, the riskiest instances, the rounds.

Pure functions of what :mod:`costlab.widgets._scenario_model` computed; each table carries
stable hooks (classes and ``data-*`` attributes holding unrounded values) for scripts and the
browser test.
"""

from __future__ import annotations

import html

import numpy as np

from costlab.widgets._table_style import table_style

__all__ = ["h_table_html", "instances_html", "riskiest_html", "rounds_html"]

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
