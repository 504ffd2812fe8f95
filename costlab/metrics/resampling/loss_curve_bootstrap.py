"""Bootstrap bands of decision curves and of threshold-choice (Brier) curves, paired across
models.

Every model is evaluated on the same resamples, so differences between two models get paired
intervals and "how often is A above B" is read off directly. The resampling is over instances
and seeded; ``stratified=True`` (the default, as in :func:`costlab.metrics.bootstrap_mtmcs`)
keeps both class sizes, which suits a case-control sample or a fixed evaluation set;
``stratified=False`` also lets the prevalence vary, as it would in a new cohort, which widens
net-benefit bands (NB scales with the prevalence). Bands are pointwise percentile intervals at
each x of the grid; each replicate's value at x is exact
(:mod:`costlab.metrics.threshold_choice.decision_curve`,
:mod:`costlab.metrics.threshold_choice.methods`), and areas are exact integrals per replicate.

Each model's scores are sorted once; a resample is a weighting of the rows along that order
(how many times each row is drawn, tallied from ``rng.integers``), and its curve is built from
the weighted cumulative class counts in one O(n) pass, with no sort per resample. A row drawn 0
times is absent, so each replicate is the curve of the resampled rows
(:mod:`costlab.metrics.resampling.mtmcs_bootstrap` says more).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import (
    check_bool,
    check_labels_scores,
    check_resampling,
    check_threshold_probabilities,
)
from costlab.metrics.resampling._draws import (
    _difference_frame,
    _paired_difference,
    _percentile_interval,
    _replicates,
    _weighted_models,
)
from costlab.metrics.threshold_choice.decision_curve import DecisionCurve
from costlab.metrics.threshold_choice.methods import (
    METHODS,
    SPACES,
    _check_probability_scores,
    _curve_from_counts,
)
from costlab.validation import Options, check_param

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["CurveBands", "bootstrap_brier_curves", "bootstrap_decision_curves"]


@dataclass(frozen=True)
class CurveBands:
    """Bootstrap replicates of several models' curves on one grid (paired resamples).

    Attributes
    ----------
    x : ndarray, shape (K,)
        The grid (p_t for decision curves, c or z for loss curves).
    names : list of str
    estimate : ndarray, shape (C, K)
        Each model's curve on the original sample.
    replicates : ndarray, shape (B, C, K)
    area_estimate, area_replicates : ndarray, shape (C,) and (B, C), or None
        The exact area under each loss curve (expected loss for a uniform operating condition).
    confidence : float
    quantity : str
        What the curve measures (``"net benefit"``, ``"standardized net benefit"``, ``"loss"``).
    """

    x: np.ndarray
    names: list
    estimate: np.ndarray
    replicates: np.ndarray
    area_estimate: np.ndarray | None
    area_replicates: np.ndarray | None
    confidence: float
    quantity: str

    def _index(self, name):
        if name not in self.names:
            raise ValueError(f"unknown model {name!r}; the models are {self.names}.")
        return self.names.index(name)

    def band(self, name: str | None = None) -> pd.DataFrame:
        """Tidy band of one model: ``x, value, low, high, std``."""
        k = self._index(self.names[0] if name is None else name)
        reps = self.replicates[:, k]
        low, high = _percentile_interval(reps, self.confidence, axis=0)
        return pd.DataFrame(
            {
                "x": self.x,
                "value": self.estimate[k],
                "low": low,
                "high": high,
                "std": reps.std(axis=0, ddof=1),
            }
        )

    def bands(self) -> dict[str, pd.DataFrame]:
        """``{name: band}`` for every model."""
        return {name: self.band(name) for name in self.names}

    def difference(self, a: Any, b: Any) -> pd.DataFrame:
        """Paired difference a - b at each x: ``x, difference, low, high, p_above`` where
        ``p_above`` is the fraction of resamples in which a's value exceeds b's."""
        frame, d = _difference_frame(self, "x", self.x, a, b)
        frame["p_above"] = (d > 0).mean(axis=0)
        return frame

    def area_intervals(self) -> pd.DataFrame:
        """Each model's area (expected loss) with its percentile interval."""
        if self.area_replicates is None:
            raise ValueError(f"these {self.quantity} curves carry no areas.")
        low, high = _percentile_interval(self.area_replicates, self.confidence, axis=0)
        return pd.DataFrame(
            {
                "model": self.names,
                "area": self.area_estimate,
                "low": low,
                "high": high,
                "std": self.area_replicates.std(axis=0, ddof=1),
            }
        )

    def area_difference(self, a: Any, b: Any) -> dict[str, float]:
        """Paired interval of area(a) - area(b), and the fraction of resamples where a's area
        is smaller (a has the lower expected loss)."""
        if self.area_replicates is None:
            raise ValueError(f"these {self.quantity} curves carry no areas.")
        difference, d, low, high = _paired_difference(
            self.area_estimate,
            self.area_replicates,
            self._index(a),
            self._index(b),
            self.confidence,
        )
        return {
            "difference": float(difference),
            "low": float(low),
            "high": float(high),
            "p_lower": float((d < 0).mean()),
        }


def bootstrap_decision_curves(
    y_true: ArrayLike,
    scores: Any,
    *,
    p_t: ArrayLike | None = None,
    method: str = "score-driven",
    standardized: bool = False,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    stratified: bool = True,
    random_state: Any = 0,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> CurveBands:
    """Bootstrap bands of decision curves (net benefit at each p_t), paired across models.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    scores : array-like of shape (n,) or Mapping[str, array-like]
        P(+) of one model, or ``{name: P(+)}`` of several on the same instances.
    p_t : array-like, optional
        Threshold probabilities in [0, 1); default 0, 0.01, ..., 0.99.
    method : {"score-driven", "optimal"}
    standardized : bool
        Standardised net benefit NB / prevalence (each resample's own prevalence).
    n_resamples : int >= 2
    confidence : float in (0, 1)
    stratified : bool
        Resample within each class (class sizes kept) or over all instances.
    random_state : None, int or numpy.random.Generator
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0); a resampled row keeps its weight.

    Returns
    -------
    CurveBands

    Notes
    -----
    Each model's scores are sorted once; a resample is one weighting of the rows (how many
    times each is drawn) read along every model's sorted order, so a replicate is the curve of
    the resampled rows at O(n) per resample and model (see the module docstring).

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.metrics import bootstrap_decision_curves
    >>> bands = bootstrap_decision_curves(y, scores, p_t=[0.1, 0.2], n_resamples=50)
    >>> bands.names, bands.replicates.shape
    (['LR', 'NB'], (50, 2, 2))
    """
    check_param("method", method, Options(("score-driven", "optimal")))
    check_bool(standardized, "standardized")
    grid = (
        np.linspace(0.0, 0.99, 100)
        if p_t is None
        else np.atleast_1d(check_threshold_probabilities(p_t))
    )

    def evaluate(counts):
        curve = DecisionCurve(_curve_from_counts(counts, method, "cost"))
        return curve(grid, standardized=standardized), None

    quantity = "standardized net benefit" if standardized else "net benefit"
    return _bootstrap(
        y_true, scores, grid, evaluate, method, n_resamples, confidence, stratified,
        random_state, pos_label, quantity, sample_weight,
    )  # fmt: skip


def bootstrap_brier_curves(
    y_true: ArrayLike,
    scores: Any,
    *,
    method: str = "score-driven",
    space: str = "cost",
    x: ArrayLike | None = None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    stratified: bool = True,
    random_state: Any = 0,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> CurveBands:
    """Bootstrap bands of threshold-choice loss curves and intervals of their areas.

    ``method="score-driven"`` gives Brier curves (area: the Brier score in cost space);
    ``"rate-driven"`` and ``"optimal"`` the other methods of Hernández-Orallo, Flach & Ferri.
    ``x`` is the grid of cost proportions (or skews), default 0, 0.01, ..., 1; the other
    parameters are those of :func:`bootstrap_decision_curves`.

    Returns
    -------
    CurveBands
        With ``area_estimate`` and ``area_replicates``.

    Notes
    -----
    As in :func:`bootstrap_decision_curves`, each model's scores are sorted once and a resample
    is a weighting of the rows along that order; each replicate's curve and area are those of
    the resampled rows.
    """
    check_param("method", method, Options(METHODS))
    check_param("space", space, Options(SPACES))
    grid = np.linspace(0.0, 1.0, 101) if x is None else np.atleast_1d(np.asarray(x, float))
    if grid.size == 0 or not np.all(np.isfinite(grid)) or grid.min() < 0 or grid.max() > 1:
        raise ValueError("x must be a non-empty grid of operating conditions in [0, 1].")

    def evaluate(counts):
        curve = _curve_from_counts(counts, method, space)
        return curve(grid), curve.area()

    return _bootstrap(
        y_true, scores, grid, evaluate, method, n_resamples, confidence, stratified,
        random_state, pos_label, "loss", sample_weight,
    )  # fmt: skip


def _bootstrap(
    y_true, scores, grid, evaluate, method, n_resamples, confidence, stratified, random_state,
    pos_label, quantity, sample_weight=None,
):  # fmt: skip
    check_bool(stratified, "stratified")
    if isinstance(scores, Mapping):
        if not scores:
            raise ValueError("scores must be a non-empty mapping of model name -> scores.")
        named = dict(scores)
    else:
        named = {"Classifier": scores}
    checked = {}
    for name, s in named.items():
        label = f"scores[{name!r}]" if isinstance(scores, Mapping) else "scores"
        is_pos, s = check_labels_scores(y_true, s, pos_label=pos_label, name=label)
        checked[name] = _check_probability_scores(s) if method == "score-driven" else s
    w, is_pos, checked = _weighted_models(is_pos, checked, sample_weight)
    check_resampling(n_resamples, confidence)
    names = list(checked)
    est, reps = _replicates(
        evaluate, is_pos, list(checked.values()), w, n_resamples, random_state,
        stratified=stratified,
    )  # fmt: skip
    values = np.array([[v for v, _ in per_model] for per_model in reps], dtype=np.float64)
    areas = np.array(
        [[np.nan if a is None else a for _, a in per_model] for per_model in reps],
        dtype=np.float64,
    )
    has_area = est[0][1] is not None
    return CurveBands(
        grid,
        names,
        np.array([e[0] for e in est]),
        values,
        np.array([e[1] for e in est]) if has_area else None,
        areas if has_area else None,
        float(confidence),
        quantity,
    )
