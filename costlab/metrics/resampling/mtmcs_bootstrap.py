"""How sure is a cost curve? Bootstrap bands of MTMCS curves and intervals of range measures.

The thesis picks "the optimal classifier" for a cost range from one 10-fold run (Al-Saffar 2018,
5.1); whether that choice survives another sample is never asked. This module resamples it by
**the stratified bootstrap over instances**: B resamples drawn with replacement within each
class (so every resample keeps both classes and the class sizes), seeded; on each, the exact
MTMCS curve, i.e. the equal-prior cost-curve envelope
:math:`MTMCS(r) = 100\\, NE[C](PCF(+) = 1 - r)` (Drummond & Holte's lower envelope; the thesis's
exact search), and the range measures MTMCR, cost sensitivity and CST (thesis 4.2.2);
percentile intervals per cost ratio and per measure, and the replicates themselves. One
classifier (:func:`bootstrap_mtmcs`) or several on the same resamples (:func:`paired_bootstrap`,
with the thesis's selection rule on every resample). Its neighbours: scalar statistics (AUC, H)
in :mod:`~costlab.metrics.resampling.scalar_bootstrap`, the optimal thresholds in
:mod:`~costlab.metrics.resampling.threshold_bootstrap`, the spread over repeated
cross-validation in :mod:`~costlab.metrics.resampling.repeated_cv`.

How a resample is computed. Every curve here needs only the class counts along one sorted
order of the scores, so each classifier's scores are sorted once
(:func:`costlab.metrics.engine._counts.sort_sample`), and a resample is a *weighting of the rows
along that order*: how many times each row is drawn (the draws of ``rng.integers`` within each
class, tallied into a count per row as ``np.bincount`` would; the same calls on the generator,
so the same resamples, as picking the rows with ``rng.choice``), from which one linear pass reads
the resample's class counts at every score it holds
(:meth:`~costlab.metrics.engine._counts.SortedSample.counts`). A row drawn 0 times is absent
(its score is no threshold of that resample unless a tied row is drawn), so each resample's
curve is the curve of the resampled rows, with no sort per resample: O(n) per resample and
classifier, after one sort per classifier.

Everything is seeded (``random_state``) and deterministic. The bands are pointwise (each cost
ratio's own interval), not simultaneous. The exact MTMCS is a minimum over thresholds searched
on the same sample, so it is optimistic, and so is each resample's: the percentile band shows
the sampling spread of that statistic; it does not correct its optimism (cross-validated
scores, as the thesis uses, remove most of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from costlab._deprecation import forward
from costlab.metrics._validation import (
    check_class_weights,
    check_cost_range,
    check_fp_costs,
    check_labels_scores,
    check_resampling,
    check_sample_weight,
)
from costlab.metrics.engine._counts import checked_counts
from costlab.metrics.mtmcs.measures import _TOL as _SELECTION_TOL
from costlab.metrics.mtmcs.measures import cost_ratio_grid, cost_sensitivity, cst, mtmcr
from costlab.metrics.resampling._draws import (
    _difference_frame,
    _interval,
    _percentile_interval,
    _replicates,
    _weighted_models,
    _weighted_rows,
)
from costlab.metrics.resampling._exact_mtmcs import _mtmcs, _mtmcs_of_counts

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = [
    "BootstrapCurves",
    "PairedBootstrap",
    "paired_bootstrap",
    "selection_rule",
    "bootstrap_mtmcs",
    "mtmcs_of_scores",
]

#: Names that left this module (one release): the corrected t-test for the comparison family (a
#: paired test over numbers, not a resampling); the scalar interval, the threshold bootstrap
#: and the repeated-CV band for modules of their own in this family.
_MOVED = {
    "corrected_resampled_ttest": "costlab.metrics.comparison",
    "bootstrap_interval": "costlab.metrics.resampling.scalar_bootstrap",
    "bootstrap_thresholds": "costlab.metrics.resampling.threshold_bootstrap",
    "cv_band": "costlab.metrics.resampling.repeated_cv",
}
_FORWARDS = {name: forward(__name__, home, names={name}) for name, home in _MOVED.items()}


def __getattr__(name):
    if name in _FORWARDS:
        return _FORWARDS[name](name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def mtmcs_of_scores(
    is_pos: ArrayLike, scores: Any, fp_costs: ArrayLike, sample_weight: ArrayLike | None = None
) -> np.ndarray:
    """Exact MTMCS (%) at normalised FPcosts: 100 x the equal-prior envelope at 1 - FPcost.

    Parameters
    ----------
    is_pos : array-like of bool, shape (n,)
        True for the positive class (``y_true == pos_label``); 0/1 integers are read as
        False/True. Both classes must be present. Labels such as {1, 2} are refused: pass
        ``y_true == 2``.
    scores : array-like of shape (n,)
        Finite scores, higher for the positive class.
    fp_costs : float or array-like
        Normalised FPcosts in (0, 1).
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0, each class with a positive total).

    Returns
    -------
    ndarray
        MTMCS (%) at each FPcost.

    Examples
    --------
    >>> mtmcs_of_scores([False, False, True, True], [0.1, 0.4, 0.6, 0.3], [0.5]).tolist()
    [25.0]
    """
    is_pos = _check_is_pos(is_pos)
    s = np.asarray(scores)
    if s.ndim != 1 or s.shape[0] != is_pos.shape[0]:
        raise ValueError(
            f"scores must be 1-dimensional with one score per row of is_pos ({is_pos.shape[0]}), "
            f"got shape {s.shape}."
        )
    _, s = check_labels_scores(is_pos, s, pos_label=True, name="scores")
    w = check_sample_weight(sample_weight, s.shape[0])
    check_class_weights(is_pos, w)
    return _mtmcs(is_pos, s, check_fp_costs(fp_costs), w)


def _check_is_pos(is_pos: ArrayLike) -> np.ndarray:
    """``is_pos`` as a 1-D bool array holding both classes; 0/1 numbers accepted."""
    arr = np.asarray(is_pos)
    if arr.ndim != 1:
        raise ValueError(f"is_pos must be 1-dimensional, got shape {arr.shape}.")
    if arr.dtype != bool:
        numeric = arr.dtype.kind in "iuf"
        if not numeric or not set(np.unique(arr).tolist()) <= {0, 1}:
            got = f"values {np.unique(arr).tolist()[:5]}" if numeric else f"dtype {arr.dtype}"
            raise ValueError(
                "is_pos must be a boolean array (True for the positive class) or of 0 and 1, "
                f"got {got}. For labels such as {{1, 2}} pass y_true == pos_label."
            )
        arr = arr.astype(bool)
    if arr.all() or not arr.any():
        raise ValueError(
            f"is_pos must hold both classes (True and False), got {arr.size} "
            f"{'True' if arr.any() else 'False'} value(s) only."
        )
    return arr


@dataclass(frozen=True)
class BootstrapCurves:
    """Bootstrap replicates of a classifier's MTMCS curve.

    Attributes
    ----------
    fp_costs : ndarray, shape (K,)
    estimate : ndarray, shape (K,)
        MTMCS of the original sample.
    replicates : ndarray, shape (B, K)
        MTMCS of each resample.
    confidence : float
    """

    fp_costs: np.ndarray
    estimate: np.ndarray
    replicates: np.ndarray
    confidence: float

    def band(self, method: str = "percentile") -> pd.DataFrame:
        """Tidy band: ``fp_cost, mtmcs, low, high, std`` (pointwise).

        ``method="percentile"`` (the resamples' quantiles) or ``"basic"`` (reflected about the
        estimate). MTMCS is the in-sample minimum of a cost, optimistic on its own sample and
        more so on a resample: the percentile band then covers the population's MTMCS less
        often than its confidence says, the basic one closer to it (measured in the user
        guide, "How sure are the thesis's numbers?")."""
        low, high = _interval(self.estimate, self.replicates, self.confidence, method, axis=0)
        return pd.DataFrame(
            {
                "fp_cost": self.fp_costs,
                "mtmcs": self.estimate,
                "low": low,
                "high": high,
                "std": self.replicates.std(axis=0, ddof=1),
            }
        )

    def envelope_band(self) -> pd.DataFrame:
        """The same band on Drummond & Holte's axes: ``pcf, ne, low, high`` with
        PCF(+) = 1 - FPcost (equal priors) and NE[C] = MTMCS / 100, sorted by PCF(+). The
        cost curve's envelope is prior-free on these axes: to read it for a prior p and costs,
        take PCF(+) = p C(-|+) / (p C(-|+) + (1 - p) C(+|-)) (D&H eq. 6)."""
        band = self.band()
        out = pd.DataFrame(
            {
                "pcf": 1.0 - band["fp_cost"],
                "ne": band["mtmcs"] / 100.0,
                "low": band["low"] / 100.0,
                "high": band["high"] / 100.0,
            }
        )
        return out.sort_values("pcf", ignore_index=True)

    def range_measures(
        self, r1: float, r2: float, decimals: int | None = None, method: str = "percentile"
    ) -> pd.DataFrame:
        """MTMCR, cost sensitivity and CST over the grid ratios in [r1, r2], each with its
        estimate and interval (thesis 4.2.2 on every resample; ``method`` as in
        :meth:`band`)."""
        r1, r2 = check_cost_range(r1, r2)
        inside = (self.fp_costs >= r1 - 1e-12) & (self.fp_costs <= r2 + 1e-12)
        if not inside.any():
            raise ValueError(f"no cost ratio of the curve lies in [{r1}, {r2}].")
        rows = []
        for name, measure in (
            ("mtmcr", mtmcr),
            ("cost_sensitivity", cost_sensitivity),
            ("cst", cst),
        ):
            values = np.array([measure(rep[inside], decimals) for rep in self.replicates])
            estimate = measure(self.estimate[inside], decimals)
            low, high = _interval(estimate, values, self.confidence, method)
            rows.append(
                {
                    "measure": name,
                    "estimate": estimate,
                    "low": low,
                    "high": high,
                    "std": values.std(ddof=1),
                }
            )
        return pd.DataFrame(rows)


def bootstrap_mtmcs(
    y_true: ArrayLike,
    y_score: Any,
    *,
    fp_costs: ArrayLike | None = None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    random_state: Any = 0,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> BootstrapCurves:
    """Stratified bootstrap of the exact MTMCS curve (see the module docstring).

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        Higher means more likely positive (class 2).
    fp_costs : array-like, optional
        Normalised FPcosts in (0, 1); default the thesis's grid 0.05, ..., 0.95.
    n_resamples : int >= 2
    confidence : float in (0, 1)
    random_state : None, int or numpy.random.Generator
        Seed of ``numpy.random.default_rng``.
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0); a resampled row keeps its weight.

    Returns
    -------
    BootstrapCurves

    Notes
    -----
    The scores are sorted once; each resample is a weighting of the rows along that order (how
    many times each row is drawn, within its class) and its curve is read from the weighted
    cumulative class counts in one O(n) pass, equal to the curve of the resampled rows (see
    the module docstring).

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.metrics import bootstrap_mtmcs
    >>> boot = bootstrap_mtmcs(y, scores["LR"], n_resamples=50)
    >>> boot.estimate.shape, boot.replicates.shape
    ((19,), (50, 19))
    """
    is_pos, scores, w, _ = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    w, is_pos, scores = _weighted_rows(w, is_pos, scores)
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    check_resampling(n_resamples, confidence)
    estimate, replicates = _mtmcs_replicates(is_pos, [scores], w, fp, n_resamples, random_state)
    return BootstrapCurves(fp, estimate[0], replicates[:, 0], float(confidence))


@dataclass(frozen=True)
class PairedBootstrap:
    """MTMCS curves of several classifiers on the *same* stratified resamples.

    Attributes
    ----------
    fp_costs : ndarray, shape (K,)
    names : list of str
    estimate : ndarray, shape (C, K)
        Each classifier's MTMCS on the original sample.
    replicates : ndarray, shape (B, C, K)
    confidence : float
    """

    fp_costs: np.ndarray
    names: list
    estimate: np.ndarray
    replicates: np.ndarray
    confidence: float

    def _index(self, name):
        if name not in self.names:
            raise ValueError(f"unknown classifier {name!r}; choose from {self.names}.")
        return self.names.index(name)

    def curves(self, name: str) -> BootstrapCurves:
        """One classifier's replicates as :class:`BootstrapCurves` (its bands and range
        measures)."""
        k = self._index(name)
        return BootstrapCurves(
            self.fp_costs, self.estimate[k], self.replicates[:, k], self.confidence
        )

    def _inside(self, r1, r2):
        """The ratios in [r1, r2] (None: the grid's own end), validated as
        :func:`costlab.metrics.select_classifier` validates them."""
        r1 = float(self.fp_costs.min()) if r1 is None else r1
        r2 = float(self.fp_costs.max()) if r2 is None else r2
        r1, r2 = check_cost_range(r1, r2)
        inside = (self.fp_costs >= r1 - 1e-12) & (self.fp_costs <= r2 + 1e-12)
        if not inside.any():
            raise ValueError(f"no cost ratio of the curves lies in [{r1}, {r2}].")
        return inside

    def difference(self, a: Any, b: Any) -> pd.DataFrame:
        """Pointwise MTMCS(a) - MTMCS(b) with its paired percentile interval (the two curves of
        each resample are computed on the same instances)."""
        frame, diff = _difference_frame(self, "fp_cost", self.fp_costs, a, b)
        frame["p_a_lower"] = (diff < 0).mean(axis=0)
        return frame

    def range_difference(
        self,
        a: Any,
        b: Any,
        r1: float | None = None,
        r2: float | None = None,
        decimals: int | None = None,
    ) -> dict[str, float]:
        """MTMCR(a) - MTMCR(b) over [r1, r2] with its paired percentile interval."""
        inside = self._inside(r1, r2)
        i, j = self._index(a), self._index(b)
        rep = np.array(
            [mtmcr(r[i, inside], decimals) - mtmcr(r[j, inside], decimals) for r in self.replicates]
        )
        low, high = _percentile_interval(rep, self.confidence)
        estimate = mtmcr(self.estimate[i, inside], decimals) - mtmcr(
            self.estimate[j, inside], decimals
        )
        return {"difference": estimate, "low": low, "high": high, "p_a_lower": (rep < 0).mean()}

    def selection_frequency(
        self, r1: float | None = None, r2: float | None = None, decimals: int | None = None
    ) -> pd.DataFrame:
        """How often the thesis's selection rule (5.1: the robust classifier if one curve
        dominates over [r1, r2], else the smallest CST) picks each classifier across the
        resamples: ``classifier, chosen (fraction), robust (fraction of those robust)``, and
        the rule's choice on the original sample as ``attrs["selected"]``."""
        inside = self._inside(r1, r2)
        picks: Any = []
        kinds: Any = []
        for rep in self.replicates:
            kind, best = selection_rule(rep[:, inside], decimals)
            picks.append(best)
            kinds.append(kind == "robust")
        picks, kinds = np.array(picks), np.array(kinds)
        rows = []
        for k, name in enumerate(self.names):
            chosen = picks == k
            rows.append(
                {
                    "classifier": name,
                    "chosen": chosen.mean(),
                    "robust": kinds[chosen].mean() if chosen.any() else np.nan,
                }
            )
        out = pd.DataFrame(rows)
        kind, best = selection_rule(self.estimate[:, inside], decimals)
        out.attrs["selected"] = (kind, self.names[best])
        return out


def selection_rule(table: pd.DataFrame, decimals: int | None = None) -> tuple[str, Any]:
    """The thesis's rule (5.1) on a (classifiers x ratios) MTMCS table: ``(kind, index)``.

    The same decision as :func:`costlab.metrics.select_classifier` (tested equal), on arrays.
    """
    table = np.asarray(table, dtype=np.float64)
    if decimals is not None:
        table = np.round(table, decimals)
    mtmcrs = table.sum(axis=1)
    sensitivity = table.max(axis=1) - table.min(axis=1)
    dominant = np.flatnonzero(np.all(table <= table.min(axis=0) + _SELECTION_TOL, axis=1))
    if dominant.size:
        return "robust", int(dominant[np.argmin(mtmcrs[dominant])])
    return "optimal", int(np.argmin(mtmcrs * (1.0 + sensitivity / 100.0)))


def paired_bootstrap(
    y_true: ArrayLike,
    scores: Any,
    *,
    fp_costs: ArrayLike | None = None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    random_state: Any = 0,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> PairedBootstrap:
    """Stratified bootstrap of several classifiers' MTMCS curves on the same resamples.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    scores : mapping name -> array-like of shape (n,)
        Scores higher for the positive class, all on the same instances.
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0); a resampled row keeps its weight.

    Returns
    -------
    PairedBootstrap

    Notes
    -----
    Each classifier's scores are sorted once; a resample is one weighting of the rows (drawn
    once, within each class) read along every classifier's own sorted order, so the curves of
    a resample are those of the same resampled rows (see the module docstring).

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.metrics import paired_bootstrap
    >>> paired = paired_bootstrap(y, scores, n_resamples=50)
    >>> paired.names, paired.replicates.shape
    (['LR', 'NB'], (50, 2, 19))
    """
    if not isinstance(scores, dict) or len(scores) < 1:
        raise ValueError("scores must be a non-empty mapping of classifier name -> scores.")
    checked = {}
    for name, s in scores.items():
        is_pos, checked[name] = check_labels_scores(
            y_true, s, pos_label=pos_label, name=f"scores[{name!r}]"
        )
    w, is_pos, checked = _weighted_models(is_pos, checked, sample_weight)
    names = list(checked)
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    check_resampling(n_resamples, confidence)
    scores = [checked[n] for n in names]
    estimate, replicates = _mtmcs_replicates(is_pos, scores, w, fp, n_resamples, random_state)
    return PairedBootstrap(fp, names, estimate, replicates, float(confidence))


def _mtmcs_replicates(is_pos, scores, w, fp, n_resamples, random_state):
    """Exact MTMCS curves of each model on the sample and on every stratified resample:
    ``(estimate, replicates)`` of shapes (C, K) and (B, C, K)."""
    estimate, replicates = _replicates(
        lambda counts: _mtmcs_of_counts(counts, fp), is_pos, scores, w, n_resamples, random_state
    )
    return np.array(estimate, dtype=np.float64), np.array(replicates, dtype=np.float64)
