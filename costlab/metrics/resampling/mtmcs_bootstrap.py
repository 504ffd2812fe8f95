"""How sure is a cost curve? Bootstrap and repeated-CV bands, and intervals of range measures.

The thesis picks "the optimal classifier" for a cost range from one 10-fold run (Al-Saffar 2018,
5.1); whether that choice survives another sample is never asked. This module resamples:

* **the stratified bootstrap over instances** (:func:`bootstrap_mtmcs`): B resamples drawn with
  replacement within each class (so every resample keeps both classes and the class sizes),
  seeded; on each, the exact MTMCS curve, i.e. the equal-prior cost-curve envelope
  :math:`MTMCS(r) = 100\\, NE[C](PCF(+) = 1 - r)` (Drummond & Holte's lower envelope; the thesis's
  exact search), and the range measures MTMCR, cost sensitivity and CST (thesis 4.2.2);
  percentile intervals per cost ratio and per measure, and the replicates themselves;
* **scalar statistics** (AUC, H) in :func:`bootstrap_interval`: stratified too (the two
  classes' scores are ``scipy.stats.bootstrap``'s two independent samples), percentile, basic
  or BCa;
* **repeated cross-validation** (:func:`cv_band`): the spread of the curve across the R
  repetitions (each repetition's pooled out-of-fold scores) and across the folds.

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

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from costlab._deprecation import forward
from costlab.metrics._validation import (
    check_class_weights,
    check_cost_range,
    check_fp_costs,
    check_labels_scores,
    check_random_state,
    check_resampling,
    check_sample_weight,
)
from costlab.metrics.engine._counts import checked_counts, class_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.mtmcs.measures import _TOL as _SELECTION_TOL
from costlab.metrics.mtmcs.measures import cost_ratio_grid, cost_sensitivity, cst, mtmcr
from costlab.metrics.resampling._draws import (  # noqa: F401
    _difference_frame,
    _Draws,
    _paired_difference,
    _percentile_interval,
    _percentile_levels,
    _resampled_counts,
    _weighted_models,
    _weighted_rows,
    stratified_resample,
)

__all__ = [
    "BootstrapCurves",
    "PairedBootstrap",
    "paired_bootstrap",
    "selection_rule",
    "bootstrap_interval",
    "bootstrap_thresholds",
    "bootstrap_mtmcs",
    "cv_band",
    "mtmcs_of_scores",
]

# moved to the comparison family (a paired test over numbers, not a resampling); one release
__getattr__ = forward(__name__, "costlab.metrics.comparison", names={"corrected_resampled_ttest"})


def mtmcs_of_scores(is_pos, scores, fp_costs, sample_weight=None):
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


def _check_is_pos(is_pos):
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


def _mtmcs(is_pos, scores, fp_costs, sample_weight=None):
    """:func:`mtmcs_of_scores` on validated arrays."""
    return _mtmcs_of_counts(class_counts(is_pos, scores, sample_weight), fp_costs)


def _mtmcs_of_counts(counts, fp_costs):
    """Exact MTMCS (%) from :class:`~costlab.metrics.engine._counts.ClassCounts`."""
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    return 100.0 * envelope(1.0 - np.asarray(fp_costs, dtype=np.float64))


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

    def band(self):
        """Tidy band: ``fp_cost, mtmcs, low, high, std`` (percentile, pointwise)."""
        low, high = _percentile_interval(self.replicates, self.confidence, axis=0)
        return pd.DataFrame(
            {
                "fp_cost": self.fp_costs,
                "mtmcs": self.estimate,
                "low": low,
                "high": high,
                "std": self.replicates.std(axis=0, ddof=1),
            }
        )

    def envelope_band(self):
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

    def range_measures(self, r1, r2, decimals=None):
        """MTMCR, cost sensitivity and CST over the grid ratios in [r1, r2], each with its
        estimate and percentile interval (thesis 4.2.2 on every resample)."""
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
            low, high = _percentile_interval(values, self.confidence)
            rows.append(
                {
                    "measure": name,
                    "estimate": measure(self.estimate[inside], decimals),
                    "low": low,
                    "high": high,
                    "std": values.std(ddof=1),
                }
            )
        return pd.DataFrame(rows)


def bootstrap_mtmcs(
    y_true,
    y_score,
    *,
    fp_costs=None,
    n_resamples=1000,
    confidence=0.95,
    random_state=0,
    pos_label=None,
    sample_weight=None,
):
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
    """
    is_pos, scores, w, _ = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    w, is_pos, scores = _weighted_rows(w, is_pos, scores)
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    check_resampling(n_resamples, confidence)
    replicates = np.empty((n_resamples, fp.size))
    resamples = _resampled_counts(is_pos, [scores], w, n_resamples, random_state)
    for b, (counts,) in enumerate(resamples):
        replicates[b] = _mtmcs_of_counts(counts, fp)
    estimate = _mtmcs(is_pos, scores, fp, w)
    return BootstrapCurves(fp, estimate, replicates, float(confidence))


_INTERVAL_METHODS = ("percentile", "basic", "BCa")


def bootstrap_interval(
    y_true,
    y_score,
    statistic,
    *,
    n_resamples=1000,
    confidence=0.95,
    method="BCa",
    random_state=0,
    pos_label=None,
):
    """Interval of a scalar statistic of (labels, scores) by a stratified bootstrap.

    Each resample draws, with replacement, as many positives as the sample holds from its
    positives and as many negatives from its negatives (as every bootstrap of this module), so
    each resample keeps both classes and their sizes: a statistic needing both classes (AUC, H)
    is defined on every resample however rare a class. The two classes' scores are the two
    independent samples of ``scipy.stats.bootstrap`` (``paired=False``), which draws them and
    computes the interval (``method``: its "percentile", "basic" or "BCa"; BCa's acceleration
    from its jackknife, leaving out one instance of either class at a time).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of two classes, each with at least 2 instances.
    y_score : array-like of shape (n,)
        Finite scores (as ``statistic`` reads them).
    statistic : callable
        ``statistic(y_true, y_score) -> float``, e.g. :func:`costlab.metrics.h_measure` or
        scikit-learn's ``roc_auc_score``. It is called with the resample's labels (the labels
        of ``y_true``), positives first, and must not depend on the order of the rows.
    n_resamples : int >= 2, default 1000
    confidence : float in (0, 1), default 0.95
    method : {"percentile", "basic", "BCa"}, default "BCa"
    random_state : None, int or numpy.random.Generator, default 0
    pos_label : scalar, optional
        The positive class's label (inferred for {0, 1}, {-1, 1}, {1, 2}); it only decides
        which class is which stratum.

    Returns
    -------
    scipy.stats._result_classes.BootstrapResult
        ``.confidence_interval.low``, ``.high``, ``.standard_error`` and
        ``.bootstrap_distribution``.

    Raises
    ------
    ValueError
        On bad input, or when ``statistic`` is not a finite number on the sample or on some
        resample, or the interval is not finite (a degenerate bootstrap distribution).
    """
    if not callable(statistic):
        raise TypeError(
            "statistic must be a callable statistic(y_true, y_score) -> float, got "
            f"{type(statistic).__name__}."
        )
    if method not in _INTERVAL_METHODS:
        raise ValueError(f"method must be one of {_INTERVAL_METHODS}, got {method!r}.")
    check_resampling(n_resamples, confidence)
    rng = check_random_state(random_state)
    is_pos, s = check_labels_scores(y_true, y_score, pos_label=pos_label)
    y = np.asarray(y_true)
    for label, mask in (("positive", is_pos), ("negative", ~is_pos)):
        if np.count_nonzero(mask) < 2:
            raise ValueError(
                f"y_true holds {np.count_nonzero(mask)} {label} instance(s); the stratified "
                "bootstrap resamples within each class and needs at least 2 of each."
            )
    pos_value, neg_value = y[is_pos][0], y[~is_pos][0]

    def on(pos_scores, neg_scores, where="a resample"):
        labels = np.repeat([pos_value, neg_value], [pos_scores.size, neg_scores.size])
        scores = np.concatenate((pos_scores, neg_scores))
        return _finite_statistic(statistic(labels, scores), where)

    on(s[is_pos], s[~is_pos], "the sample")
    result = stats.bootstrap(
        (s[is_pos], s[~is_pos]),
        on,
        paired=False,
        vectorized=False,
        n_resamples=n_resamples,
        confidence_level=confidence,
        method=method,
        random_state=rng,
    )
    ci = result.confidence_interval
    if not (np.isfinite(ci.low) and np.isfinite(ci.high)):
        raise ValueError(
            f"the {method} interval is not finite ({ci.low}, {ci.high}): the statistic's "
            "bootstrap distribution is degenerate (e.g. the same value on every resample)."
            + (" Use method='percentile'." if method != "percentile" else "")
        )
    return result


def _finite_statistic(value, where="a resample"):
    """``value`` as a float; raise unless it is a finite number."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ValueError(
            f"statistic must return a number, got {type(value).__name__} on {where}."
        ) from None
    if not np.isfinite(value):
        raise ValueError(
            f"statistic returned {value} on {where}; it must be finite on every stratified "
            "resample (both classes, the class sizes of y_true)."
        )
    return value


def cv_band(y_true, y_score, fold, *, fp_costs=None, confidence=0.95, pos_label=None):
    """Repeat-wise and fold-wise spread of the MTMCS curve of repeated cross-validation.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Labels of two classes (a :class:`costlab.evaluation.CVResult`'s ``y_true``).
    y_score : array-like of shape (R, n)
        Out-of-fold scores of the positive class of each repetition (a CVResult's
        ``y_score``).
    fold : array-like of shape (R, n)
        The fold of each instance in each repetition.
    fp_costs : array-like, optional
        Normalised FPcosts in (0, 1); default the thesis's grid 0.05, ..., 0.95.
    confidence : float in (0, 1), default 0.95
        Coverage of the percentile intervals.
    pos_label : scalar, optional
        The positive class's label, inferred as everywhere else when None ({0, 1} and
        {-1, 1}: 1; {1, 2}: 2).

    Returns
    -------
    DataFrame
        ``fp_cost``, ``mtmcs`` (mean over repetitions), ``repeat_low``, ``repeat_high``
        (percentiles over the R repetitions' pooled curves), ``fold_low``, ``fold_high`` (over
        the R x k folds' own curves), ``repeat_std`` and ``fold_std``. A fold holding one class
        only has no curve and is left out of the fold-wise spread, with a warning.

    Raises
    ------
    ValueError
        If no fold holds both classes (each fold's curve needs both).
    """
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    if not 0.0 < float(confidence) < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence!r}.")
    p = np.atleast_2d(np.asarray(y_score, dtype=np.float64))
    folds = np.atleast_2d(np.asarray(fold))
    if p.shape != folds.shape:
        raise ValueError(f"y_score and fold must have one shape, got {p.shape}, {folds.shape}.")
    for row in p:
        is_pos, _ = check_labels_scores(y_true, row, pos_label=pos_label)
    repeat_curves = np.array([_mtmcs(is_pos, row, fp) for row in p])
    fold_curves, one_class = [], []
    for r, (row, ids) in enumerate(zip(p, folds, strict=True)):
        for k in np.unique(ids):
            mask = ids == k
            if is_pos[mask].any() and (~is_pos[mask]).any():
                fold_curves.append(_mtmcs(is_pos[mask], row[mask], fp))
            else:
                one_class.append(f"repetition {r} fold {k.item()!r}")
    _check_folds(one_class, len(fold_curves))
    fold_curves = np.array(fold_curves)
    r_low, r_high = _percentile_interval(repeat_curves, confidence, axis=0)
    f_low, f_high = _percentile_interval(fold_curves, confidence, axis=0)
    return pd.DataFrame(
        {
            "fp_cost": fp,
            "mtmcs": repeat_curves.mean(axis=0),
            "repeat_low": r_low,
            "repeat_high": r_high,
            "fold_low": f_low,
            "fold_high": f_high,
            "repeat_std": repeat_curves.std(axis=0, ddof=1) if len(p) > 1 else np.nan,
            "fold_std": fold_curves.std(axis=0, ddof=1) if len(fold_curves) > 1 else np.nan,
        }
    )


def _check_folds(one_class, n_two_class):
    """Raise if no fold holds both classes; warn naming the folds of one class left out."""
    shown = ", ".join(one_class[:5]) + (
        f" and {len(one_class) - 5} more" if len(one_class) > 5 else ""
    )
    if n_two_class == 0:
        raise ValueError(
            f"no fold holds both classes ({shown}): each fold needs a positive and a negative "
            "instance for its MTMCS curve. Use fewer folds or stratified ones."
        )
    if one_class:
        warnings.warn(
            f"{len(one_class)} fold(s) hold one class only ({shown}) and are left out of the "
            "fold-wise spread: each fold needs both classes for its MTMCS curve.",
            UserWarning,
            stacklevel=3,
        )


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

    def curves(self, name):
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

    def difference(self, a, b):
        """Pointwise MTMCS(a) - MTMCS(b) with its paired percentile interval (the two curves of
        each resample are computed on the same instances)."""
        frame, diff = _difference_frame(self, "fp_cost", self.fp_costs, a, b)
        frame["p_a_lower"] = (diff < 0).mean(axis=0)
        return frame

    def range_difference(self, a, b, r1=None, r2=None, decimals=None):
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

    def selection_frequency(self, r1=None, r2=None, decimals=None):
        """How often the thesis's selection rule (5.1: the robust classifier if one curve
        dominates over [r1, r2], else the smallest CST) picks each classifier across the
        resamples: ``classifier, chosen (fraction), robust (fraction of those robust)``, and
        the rule's choice on the original sample as ``attrs["selected"]``."""
        inside = self._inside(r1, r2)
        picks, kinds = [], []
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


def selection_rule(table, decimals=None):
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
    y_true,
    scores,
    *,
    fp_costs=None,
    n_resamples=1000,
    confidence=0.95,
    random_state=0,
    pos_label=None,
    sample_weight=None,
):
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
    replicates = np.empty((n_resamples, len(names), fp.size))
    resamples = _resampled_counts(is_pos, checked.values(), w, n_resamples, random_state)
    for b, per_model in enumerate(resamples):
        for c, counts in enumerate(per_model):  # each curve read before the next's counts
            replicates[b, c] = _mtmcs_of_counts(counts, fp)
    estimate = np.array([_mtmcs(is_pos, checked[n], fp, w) for n in names])
    return PairedBootstrap(fp, names, estimate, replicates, float(confidence))


def bootstrap_thresholds(
    y_true,
    y_score,
    *,
    fp_costs=None,
    fpr_grid=None,
    n_resamples=1000,
    confidence=0.95,
    random_state=0,
    pos_label=None,
    sample_weight=None,
):
    """Spread of the cost-optimal threshold and of the ROC curve across stratified resamples.

    For each normalised FPcost r the threshold of the ROC-hull vertex optimal at r (equal
    priors: PCF(+) = 1 - r), as :class:`costlab.classifiers.CostRangeThresholdClassifier` and the
    exact MTMCS search choose it; and the ROC curve's TPR at each FPR of ``fpr_grid`` (the
    highest TPR of a ROC point with FPR at most that value, i.e. vertical averaging of step
    curves). scikit-learn's ``TunedThresholdClassifierCV`` reports one threshold and no spread.

    Returns
    -------
    (thresholds, roc) : tuple of DataFrame
        ``fp_cost, threshold, low, high, iqr`` (scores >= threshold are positive) and
        ``fpr, tpr, low, high``, with percentile intervals. ``sample_weight`` (finite, >= 0)
        weighs the instances; a resampled row keeps its weight.

    Notes
    -----
    The scores are sorted once; a resample is a weighting of the rows along that order, and a
    score none of whose rows is drawn is no threshold of that resample (see the module
    docstring).
    """
    is_pos, scores, w, _ = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    w, is_pos, scores = _weighted_rows(w, is_pos, scores)
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    fg = np.linspace(0.0, 1.0, 101) if fpr_grid is None else np.asarray(fpr_grid, float)
    check_resampling(n_resamples, confidence)

    def one(counts):
        hull = hull_from_counts(counts)
        envelope = CostEnvelope.from_hull(hull)
        thresholds = hull.thresholds[envelope.vertex_at(1.0 - fp)]
        n_neg, n_pos = counts.n_neg, counts.n_pos
        # ROC points from the top score down: FP and TP called positive at each cut
        fpr = np.r_[0.0, (n_neg - np.r_[0, counts.neg_le[:-1]])[::-1] / n_neg]
        tpr = np.r_[0.0, (n_pos - np.r_[0, counts.pos_le[:-1]])[::-1] / n_pos]
        tpr_at = tpr[np.searchsorted(fpr, fg, side="right") - 1]
        return thresholds, np.maximum.accumulate(tpr_at)

    t_rep = np.empty((n_resamples, fp.size))
    r_rep = np.empty((n_resamples, fg.size))
    resamples = _resampled_counts(is_pos, [scores], w, n_resamples, random_state)
    for b, (counts,) in enumerate(resamples):
        t_rep[b], r_rep[b] = one(counts)
    t_est, r_est = one(class_counts(is_pos, scores, w))
    finite = np.where(np.isfinite(t_rep), t_rep, np.nan)
    t_low, t_high = np.nanquantile(finite, _percentile_levels(confidence), axis=0)
    q1, q3 = np.nanquantile(finite, [0.25, 0.75], axis=0)
    r_low, r_high = _percentile_interval(r_rep, confidence, axis=0)
    thresholds = pd.DataFrame(
        {"fp_cost": fp, "threshold": t_est, "low": t_low, "high": t_high, "iqr": q3 - q1}
    )
    roc = pd.DataFrame({"fpr": fg, "tpr": r_est, "low": r_low, "high": r_high})
    return thresholds, roc
