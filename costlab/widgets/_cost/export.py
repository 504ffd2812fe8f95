"""The explorer's export: the current choice as plain data, as JSON, or as a fitted estimator.

Functions of what the explorer shows (its state, results, selection and the uncertainty
panel's resamples); :class:`costlab.widgets.CostExplorer`'s ``export``, ``export_json`` and
``export_estimator`` call them.
"""

from __future__ import annotations

import json

from costlab.widgets._cost.model import classifier_params

__all__ = ["choice_data", "choice_estimator", "choice_json"]


def choice_data(state, selection, results, envelope, boot=None):
    """The current choice as plain data.

    Parameters
    ----------
    state : ExplorerState
    selection : costlab.metrics.mtmcs.measures.Selection or None
    results : dict of str -> CVResult
        The results shown.
    envelope : callable
        Classifier name -> its cost envelope (:func:`costlab.metrics.cost_envelope`).
    boot : PairedBootstrap or None
        The uncertainty panel's resamples, if any.

    Returns
    -------
    dict
        Dataset, engine, range, search, costs (the explorer's choice), selection and, per
        classifier, MTMCR, cost
        sensitivity, CST and the ROC-hull operating points of its out-of-fold probabilities
        (each threshold on P(class 2) and the FPcost range where it is optimal); with
        ``boot``, the selection frequencies too.
    """
    if selection is None:
        raise ValueError("nothing to export: the explorer shows an error or no results.")
    summary = selection.summary.set_index("classifier")
    classifiers = {}
    for name in results:
        points = envelope(name).operating_points()  # equal priors: FPcost = 1 - PCF(+)
        classifiers[name] = {
            "mtmcr": float(summary.loc[name, "mtmcr"]),
            "cost_sensitivity": float(summary.loc[name, "cost_sensitivity"]),
            "cst": float(summary.loc[name, "cst"]),
            "operating_points": [
                {
                    # the envelope is over the positive class's score
                    "positive_from_score": float(row.threshold),
                    "fpr": float(row.fpr),
                    "tpr": float(row.tpr),
                    "fp_cost_from": float(row.fp_cost_from),
                    "fp_cost_to": float(row.fp_cost_to),
                }
                for row in points.itertuples()
            ],
        }
    out = {
        "dataset": state.dataset,
        "engine": state.engine,
        "cost_range": [state.r1, state.r2],
        "search": state.search,
        "costs": state.costs,
        "selection": {"kind": selection.kind, "classifier": selection.classifier},
        "classifiers": classifiers,
    }
    if boot is not None:
        freq = boot.selection_frequency(state.r1, state.r2)
        chosen = freq["chosen"].astype(float)
        out["selection_frequency"] = dict(zip(freq["classifier"], chosen, strict=True))
    return out


def choice_json(data, path=None):
    """``data`` as JSON text; written atomically to ``path`` if given."""
    text = json.dumps(data, indent=2)
    if path is not None:
        from costlab._io import write_text_atomic

        write_text_atomic(path, text)
    return text


def choice_estimator(state, name, selection, models, data, seed, *, cv=10):
    """A :class:`costlab.classifiers.CostRangeThresholdClassifier` for the state's range.

    Parameters
    ----------
    state : ExplorerState
    name : str or None
        The classifier to refit.
    selection : costlab.metrics.mtmcs.measures.Selection or None
        The current selection: its kind says the criterion ("cst" when optimal, else "mtmcr").
    models : dict
        Classifiers the explorer may fit.
    data : Dataset or None
        The state's dataset, with features.
    seed : int
        Seed of the model and of the threshold's cross-validation.
    cv : int
        Folds of the threshold's cross-validation.

    Returns
    -------
    CostRangeThresholdClassifier
        Fitted on the whole dataset.
    """
    from costlab.classifiers import CostRangeThresholdClassifier
    from costlab.evaluation import build_model

    if name not in models or data is None:
        raise ValueError(
            f"cannot refit {name!r} on {state.dataset}: pass models= with it and a dataset "
            "with features."
        )
    model = build_model(models[name], seed, classifier_params(name, state.k))
    criterion = "cst" if selection.kind == "optimal" else "mtmcr"
    return CostRangeThresholdClassifier(
        model, cost_range=(state.r1, state.r2), criterion=criterion, cv=cv, random_state=seed
    ).fit(data.X, data.y_binary)
