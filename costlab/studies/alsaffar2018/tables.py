"""Tables 6-16 of the thesis recomputed from our runs, beside the published values.

Each builder returns tidy DataFrames (numbers unrounded); :func:`costlab._tables.write_table`
with :func:`thesis_display` rounds and renders CSV, Markdown and LaTeX only at output.
Published values come from :mod:`costlab.studies.alsaffar2018.published`, where each carries
its table and page.
"""

from __future__ import annotations

import warnings
from functools import partial

import numpy as np
import pandas as pd

from costlab import _tables
from costlab.evaluation.experiment import curves_for
from costlab.metrics import (
    bootstrap_brier_curves,
    curve_in_range,
    format_cost_ratio,
    mtmcr,
    paired_bootstrap,
    range_summary,
    threshold_choice_curves,
)
from costlab.studies.alsaffar2018.orientation import p_class1
from costlab.studies.alsaffar2018.published import (
    DISPLAY_NAMES,
    EXPERIMENTS,
    PUBLISHED_BEST_AUC,
    PUBLISHED_SELECTION,
    RANGES,
    TABLE_6,
)

__all__ = [
    "table_6",
    "range_values",
    "selection_stability",
    "selection_table",
    "threshold_choice_table",
    "cst_example_tables",
    "thesis_display",
]


def table_6(datasets):
    """Table 6: instances and class distribution of each dataset, ours beside the thesis's.

    Parameters
    ----------
    datasets : Mapping[str, Dataset]
    """
    rows = []
    for name, data in datasets.items():
        counts = data.class_counts
        published = TABLE_6.get(name, {})
        rows.append(
            {
                "exp": EXPERIMENTS.get(name),
                "dataset": data.title,
                "instances": data.n_instances,
                "instances_thesis": published.get("instances"),
                "class_1": f"{data.negative} ({counts[data.negative]})",
                "class_2": f"{data.positive} ({counts[data.positive]})",
                "minority_share": min(counts.values()) / data.n_instances,
                "distribution_thesis": published.get("distribution"),
            }
        )
    return pd.DataFrame(rows)


def range_values(curves, aucs, range_name, *, searches=("optimized", "exact"), decimals=2):
    """MTMCR (or MTMCS at the middle point) and AUC of every classifier, ours and the thesis's.

    Parameters
    ----------
    curves : DataFrame
        Tidy curves from :func:`costlab.evaluation.experiment.mtmcs_curves`.
    aucs : DataFrame
        From :func:`costlab.evaluation.experiment.auc_table`.
    range_name : {"whole", "left", "right", "middle"}
        Table 7, 8, 9 or 10 (:data:`~costlab.studies.alsaffar2018.published.RANGES`).
    decimals : int
        Per-ratio rounding before summing, as the thesis's published sums
        (docs/facts/class-orientation.md).

    Returns
    -------
    DataFrame
        ``exp, dataset, classifier, thesis_mtmcr, <search>_mtmcr..., difference, thesis_auc,
        auc, auc_difference``; ``difference`` is first search minus the thesis.
    """
    r1, r2 = RANGES[range_name]
    rows = []
    for dataset in dict.fromkeys(curves["dataset"]):
        published = PUBLISHED_SELECTION.get(range_name, {}).get(dataset)
        for clf in dict.fromkeys(curves.loc[curves["dataset"] == dataset, "classifier"]):
            row = {"exp": EXPERIMENTS.get(dataset), "dataset": dataset, "classifier": clf}
            row["thesis_mtmcr"] = published.mtmcs_candidates.get(clf) if published else None
            for search in searches:
                curve = curves_for(curves, dataset, search, [clf])[clf]
                values = curve_in_range(curve, r1, r2)["mtmcs"]
                row[f"{search}_mtmcr"] = mtmcr(values, decimals=decimals)
            row["difference"] = _diff(row[f"{searches[0]}_mtmcr"], row["thesis_mtmcr"])
            auc = aucs[(aucs["dataset"] == dataset) & (aucs["classifier"] == clf)]["auc"]
            row["thesis_auc"] = published.roc_candidates.get(clf) if published else None
            row["auc"] = float(auc.iloc[0]) if len(auc) else np.nan
            row["auc_difference"] = _diff(row["auc"], row["thesis_auc"])
            rows.append(row)
    return pd.DataFrame(rows)


def _diff(ours, theirs):
    return np.nan if theirs is None or ours is None else ours - theirs


def results_by_dataset(results):
    """``{dataset: {classifier: CVResult}}`` from ``{(dataset, classifier): CVResult}``, in
    the runs' order."""
    grouped = {}
    for (dataset, clf), result in results.items():
        grouped.setdefault(dataset, {})[clf] = result
    return grouped


def selection_stability(results, range_name, *, n_resamples=500, random_state=0):
    """How often each classifier has the lowest MTMCR of the range across bootstrap resamples.

    The thesis's MTMCS-chart choice (the lowest MTMCR over the range; MTMCS at 0.50/0.50 for
    Table 10) is made once, on one 10-fold run. Here the out-of-fold probabilities of every
    classifier are resampled together (stratified, seeded:
    :func:`costlab.metrics.paired_bootstrap`) and the choice is made again on each resample,
    with the exact MTMCS rounded to 2 decimals before summing as the thesis's sums.

    Parameters
    ----------
    results : mapping (dataset, classifier) -> CVResult
    range_name : {"whole", "left", "right", "middle"}

    Returns
    -------
    dict
        dataset -> {classifier: fraction of resamples in which it has the lowest MTMCR}.
    """
    r1, r2 = RANGES[range_name]
    out = {}
    for dataset, by_clf in results_by_dataset(results).items():
        first = next(iter(by_clf.values()))
        boot = paired_bootstrap(
            first.y_true,
            {c: -p_class1(r) for c, r in by_clf.items()},  # higher = class 2 (positive)
            n_resamples=n_resamples,
            random_state=random_state,
            pos_label=1,
        )
        inside = (boot.fp_costs >= r1 - 1e-9) & (boot.fp_costs <= r2 + 1e-9)
        sums = np.round(boot.replicates[:, :, inside], 2).sum(axis=2)  # (B, classifiers)
        lowest = np.argmin(sums, axis=1)
        out[dataset] = {c: float(np.mean(lowest == k)) for k, c in enumerate(boot.names)}
    return out


def threshold_choice_table(results, *, n_resamples=500, random_state=0):
    """Not in the thesis: each classifier's expected loss under the three threshold-choice
    methods of Hernandez-Orallo, Flach & Ferri (JMLR 2012), on the out-of-fold P(class 2).

    The thesis's exact MTMCS takes the best threshold at each cost ratio (the *optimal*
    method); deployed with its own probabilities as thresholds (the *score-driven* method, the
    Bayes rule for calibrated probabilities) a classifier loses its Brier score instead, and with
    the threshold set by the rate of positives (*rate-driven*) a loss linear in its AUC. All
    three are areas of exact curves over a uniform cost proportion, with this dataset's priors
    (cost space); the gap between the Brier score and the optimal loss is what poor calibration
    costs.

    Returns
    -------
    DataFrame
        ``dataset, classifier, brier, brier_low, brier_high`` (95 % stratified bootstrap
        interval of the Brier score), ``optimal, rate_driven, calibration_gap``.
    """
    rows = []
    for dataset, by_clf in results_by_dataset(results).items():
        y = next(iter(by_clf.values())).y_true
        positive = {c: 1.0 - p_class1(r) for c, r in by_clf.items()}  # P(class 2)
        areas = bootstrap_brier_curves(
            y,
            positive,
            x=[0.5],
            n_resamples=n_resamples,
            random_state=random_state,
            pos_label=1,
        ).area_intervals()
        for k, (clf, p) in enumerate(positive.items()):
            curves = threshold_choice_curves(y, p, pos_label=1)
            brier, optimal = curves["score-driven"].area(), curves["optimal"].area()
            rows.append(
                {
                    "dataset": dataset,
                    "classifier": clf,
                    "brier": brier,
                    "brier_low": float(areas["low"].iloc[k]),
                    "brier_high": float(areas["high"].iloc[k]),
                    "optimal": optimal,
                    "rate_driven": curves["rate-driven"].area(),
                    "calibration_gap": brier - optimal,
                }
            )
    return pd.DataFrame(rows)


def selection_table(values, range_name, *, search="optimized", stability=None):
    """Final classifier selection of Tables 7-10: the thesis's and ours, and whether they agree.

    Our MTMCS-chart choice is the classifier with the lowest MTMCR (MTMCS at 0.50/0.50 for
    Table 10) under ``search``; our ROC choice is the largest AUC. With ``stability``
    (:func:`selection_stability`), two columns say how often the thesis's and our choice have
    the lowest MTMCR across bootstrap resamples of the out-of-fold probabilities.

    Returns
    -------
    DataFrame
        One row per dataset: thesis and our MTMCS-chart choice and whether they match, the same
        for the AUC ranking, and the "Same Result" column (MTMCS choice == ROC choice) for both.
    """
    rows = []
    for dataset, sub in values.groupby("dataset", sort=False):
        published = PUBLISHED_SELECTION.get(range_name, {}).get(dataset)
        ours_mtmcs = sub.loc[sub[f"{search}_mtmcr"].idxmin(), "classifier"]
        ours_auc = sub.loc[sub["auc"].idxmax(), "classifier"]
        row = {
            "exp": EXPERIMENTS.get(dataset),
            "dataset": dataset,
            "thesis_mtmcs_choice": published.mtmcs_choice if published else None,
            "mtmcs_choice": ours_mtmcs,
            "mtmcs_match": bool(published and published.mtmcs_choice == ours_mtmcs),
            "thesis_best_auc": PUBLISHED_BEST_AUC.get(dataset),
            "best_auc": ours_auc,
            "auc_match": PUBLISHED_BEST_AUC.get(dataset) == ours_auc,
            "thesis_roc_choice": published.roc_choice if published else None,
            "thesis_same_result": published.same if published else None,
            "same_result": ours_mtmcs == ours_auc,
        }
        if stability is not None and dataset in stability:
            shares = stability[dataset]
            # the resamples use the exact search: its choice on the original sample, for scale
            if "exact_mtmcr" in sub:
                row["exact_choice"] = sub.loc[sub["exact_mtmcr"].idxmin(), "classifier"]
            thesis_choice = row["thesis_mtmcs_choice"]
            row["thesis_choice_stability"] = shares.get(thesis_choice, np.nan)
            row["mtmcs_choice_stability"] = shares.get(ours_mtmcs, np.nan)
        rows.append(row)
    return pd.DataFrame(rows)


def cst_example_tables(curves, example, *, search="optimized"):
    """Tables 11/13/15 (per-ratio MTMCS) and 12/14/16 (MTMCR, sensitivity, CST) for one example.

    Parameters
    ----------
    curves : DataFrame
        Tidy curves.
    example : costlab.studies.alsaffar2018.published.CstExample
        One of :data:`~costlab.studies.alsaffar2018.published.CST_EXAMPLES`.

    Returns
    -------
    per_ratio : DataFrame
        ``classifier, cost_ratio, mtmcs_thesis, mtmcs, difference``.
    summary : DataFrame
        ``classifier, {mtmcr,cost_sensitivity,cst}_thesis, mtmcr, cost_sensitivity, cst,
        chosen_thesis, chosen``; our choice is the lowest CST.
    """
    r1, r2 = example.fp_range
    mine = curves_for(curves, example.dataset, search, list(example.mtmcs))
    rows = []
    for clf, printed in example.mtmcs.items():
        values = curve_in_range(mine[clf], r1, r2)
        for fp_cost, ours, theirs in zip(values["fp_cost"], values["mtmcs"], printed, strict=True):
            rows.append(
                {
                    "classifier": clf,
                    "cost_ratio": format_cost_ratio(fp_cost),
                    "mtmcs_thesis": theirs,
                    "mtmcs": ours,
                    "difference": ours - theirs,
                }
            )
    summary = range_summary(mine, r1, r2).drop(columns="n_ratios")
    for measure, printed in (
        ("mtmcr", example.mtmcr),
        ("cost_sensitivity", example.sensitivity),
        ("cst", example.cst),
    ):
        summary[f"{measure}_thesis"] = summary["classifier"].map(printed)
    summary["chosen_thesis"] = summary["classifier"] == example.chosen
    summary["chosen"] = summary["cst"] == summary["cst"].min()
    return pd.DataFrame(rows), summary


_PRETTY = {
    "exp": "Exp.",
    "dataset": "Dataset",
    "classifier": "Classifier",
}


def thesis_display(df, digits=2):
    """A table as the thesis shows it: classifiers by its names, AUCs (and the minority share)
    to 4 decimals, other numbers to ``digits``, booleans yes/no, its column titles.

    The ``display`` of :func:`costlab._tables.write_table` for this study's tables.
    """
    out = df.copy()
    for column in out.columns:
        if (
            column == "classifier"
            or column.endswith("choice")
            or column in ("best_auc", "thesis_best_auc")
        ):
            out[column] = out[column].map(lambda v: DISPLAY_NAMES.get(v, v))
        if pd.api.types.is_float_dtype(out[column]):
            places = 4 if "auc" in column or column == "minority_share" else digits
            out[column] = out[column].map(lambda v, p=places: "" if pd.isna(v) else f"{v:.{p}f}")
        if pd.api.types.is_bool_dtype(out[column]):
            out[column] = out[column].map({True: "yes", False: "no"})
    return out.rename(columns=_PRETTY)


def __getattr__(name):
    """``write_table``, deprecated: :func:`costlab._tables.write_table` with
    ``display=thesis_display`` writes this study's tables."""
    if name == "write_table":
        warnings.warn(
            "costlab.studies.alsaffar2018.tables.write_table is deprecated and will be removed "
            "in the next release; use costlab._tables.write_table(frames, stem, outdir, "
            "caption=..., display=thesis_display) (one write_table for every table).",
            DeprecationWarning,
            stacklevel=2,
        )
        return _write_table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _write_table(frames, stem, outdir, *, caption, digits=2):
    """The deprecated ``write_table``'s signature over :func:`costlab._tables.write_table`."""
    display = partial(thesis_display, digits=digits)
    _tables.write_table(frames, stem, outdir, caption=caption, display=display)
