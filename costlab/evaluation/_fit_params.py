"""Fit parameters through cross-validation: checked once, routed to ``fit``, sliced per fold.

:func:`costlab.evaluation.cross_val_proba` takes ``sample_weight`` and other ``fit_params``
(scikit-learn's ``cross_validate(params=...)``). A value with one entry per instance (an array
of length n) is sliced to each fold's training rows; any other value is passed as it is.

Which parameters reach ``fit`` follows scikit-learn:

- with metadata routing enabled (``sklearn.set_config(enable_metadata_routing=True)``), exactly
  as scikit-learn's own cross-validation routes them (:func:`sklearn.utils.metadata_routing.
  process_routing`): the estimator must request each one (``set_fit_request``) and an
  unrequested one is scikit-learn's error;
- otherwise, a parameter goes to ``fit`` only where the estimator accepts it: its ``fit`` names
  it, or, for a pipeline, its last step's ``fit`` does (then it is passed as
  ``<step>__<name>``; a ``<step>__<name>`` key is passed to the pipeline as it is). An estimator
  that does not accept ``sample_weight`` is fitted without it, with a warning saying so; any
  other parameter it does not accept is an error naming it.
"""

from __future__ import annotations

import inspect
import warnings

import joblib
import numpy as np
import sklearn
from sklearn.utils.metadata_routing import MetadataRouter, MethodMapping, process_routing

from costlab.metrics.checks import check_sample_weight

__all__ = ["check_fit_params", "fit_params_digest", "fold_fit_params", "route_fit_params"]


def check_fit_params(fit_params, sample_weight, dataset):
    """The fit parameters of a cross-validation as ``{name: value}``: ``fit_params`` with
    ``sample_weight`` added; per-instance values as numpy arrays of length n.

    ``sample_weight="costs"`` is the regret weights of the dataset's cost model
    (:meth:`costlab.metrics.CostModel.weights`: cost-proportionate weighting, Zadrozny, Langford
    & Abe 2003).
    """
    if fit_params is None:
        fit_params = {}
    if not isinstance(fit_params, dict) or not all(isinstance(k, str) for k in fit_params):
        raise TypeError(
            "fit_params must be a dict {parameter name: value} of fit parameters, got "
            f"{type(fit_params).__name__}."
        )
    params = dict(fit_params)
    if sample_weight is not None:
        if "sample_weight" in params:
            raise ValueError(
                "sample_weight is given twice, as sample_weight= and in fit_params: give it once."
            )
        params["sample_weight"] = sample_weight
    n = dataset.n_instances
    if isinstance(params.get("sample_weight"), str):
        params["sample_weight"] = _cost_weights(params["sample_weight"], dataset)
    if params.get("sample_weight") is not None:
        w = check_sample_weight(params["sample_weight"], n)
        if not w.sum() > 0:
            raise ValueError("sample_weight sums to 0: at least one instance needs a weight.")
        params["sample_weight"] = w
    return {name: _per_instance(value, n) for name, value in params.items() if value is not None}


def _cost_weights(value, dataset):
    if value != "costs":
        raise ValueError(
            f"sample_weight must be an array of {dataset.n_instances} weights or 'costs' (the "
            f"regret weights of the dataset's cost model), got {value!r}."
        )
    if dataset.costs is None:
        raise ValueError(
            f"sample_weight='costs' needs a dataset with costs, and {dataset.name} has none: "
            "state them with dataset.with_costs(fp=..., fn=...)."
        )
    return dataset.costs.weights(dataset.y_binary)


def _per_instance(value, n):
    """An array of length n as a numpy array (sliced per fold later); anything else as is."""
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__len__"):
        return value
    array = np.asarray(value)
    return array if array.ndim >= 1 and array.shape[0] == n else value


def route_fit_params(model, fit_params, label):
    """``{key: value}`` of the fit parameters that reach ``model.fit`` (module docstring)."""
    if not fit_params:
        return {}
    if sklearn.get_config().get("enable_metadata_routing", False):
        router = MetadataRouter(owner="cross_val_proba").add(
            estimator=model, method_mapping=MethodMapping().add(caller="fit", callee="fit")
        )
        return dict(process_routing(router, "fit", **fit_params).estimator.fit)
    routed = {}
    for name, value in fit_params.items():
        key = _fit_key(model, name)
        if key is not None:
            routed[key] = value
        elif name == "sample_weight":
            warnings.warn(
                f"{label}'s fit takes no sample_weight: it is fitted without the weights (the "
                "weights still weigh every measure of the result that takes sample_weight).",
                UserWarning,
                stacklevel=4,
            )
        else:
            raise ValueError(
                f"fit_params[{name!r}]: {label}'s fit takes no parameter {name!r} (a pipeline "
                "takes '<step>__<parameter>'; with sklearn.set_config("
                "enable_metadata_routing=True) parameters are routed as scikit-learn routes them)."
            )
    return routed


def _fit_key(model, name):
    """The key under which ``model.fit`` takes ``name``, or None."""
    steps = getattr(model, "steps", None)
    if steps is not None:
        if "__" in name:
            return name
        last_name, last = steps[-1]
        inner = _fit_key(last, name)
        return None if inner is None else f"{last_name}__{inner}"
    try:
        parameters = inspect.signature(model.fit).parameters
    except (TypeError, ValueError):
        return None
    return name if name in parameters else None


def fold_fit_params(fit_params, train, n):
    """The fit parameters of one fold: per-instance arrays sliced to the training rows."""
    return {
        key: value[train] if isinstance(value, np.ndarray) and value.shape[:1] == (n,) else value
        for key, value in fit_params.items()
    }


def fit_params_digest(fit_params):
    """``{key: joblib hash of its value}`` (part of the cache key), or None when there are none."""
    if not fit_params:
        return None
    return {key: joblib.hash(value) for key, value in sorted(fit_params.items())}
