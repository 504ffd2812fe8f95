"""Optimal-threshold searches and the MTMCS curve (Al-Saffar 2018, secs. 4.2, 4.3 and 4.5).

For every normalised cost ratio FPcost/FNcost the threshold that minimises

.. math:: TMC(r) = (FNRate \\cdot FNcost + FPRate \\cdot FPcost) \\cdot 100

is searched; the minimum is MTMCS(r). ``y_score`` is the positive class's score, as
scikit-learn's ``predict_proba(X)[:, 1]``: an instance is called positive when
``y_score >= threshold``. Three searches are offered:

``"exact"``
    The true minimum over all thresholds. Not in the thesis; it is the reference the others are
    measured against. Any finite real scores are accepted. It is the cost-curve lower envelope
    (Drummond & Holte 2000; :mod:`costlab.metrics.engine.envelope`): with equal priors PCF(+) =
    FNcost and NE[C] = FNRate FNcost + FPRate FPcost, so MTMCS(r) = 100 x the envelope at
    PCF(+) = FNcost. One sort (:func:`costlab.metrics.engine._counts.class_counts`), the ROC convex
    hull in linear time, then O(h + m) for m cost ratios and h hull vertices; memory O(n).
``"thorough"``
    The thesis's grid search over [0, 1] with a user-defined step (Al-Saffar 2018, 4.3.1).
``"optimized"``
    The thesis's one-sided search (Al-Saffar 2018, 4.3.2 and the algorithm of 4.5): start at the
    Bayes threshold of calibrated probabilities and step, one way only, towards calling more
    instances of the costlier error's class. On positive-class scores it starts at
    ``t0 = FPcost / (FNcost + FPcost)`` and steps down to 0 if FNcost >= 0.5, else up to 1. The
    thesis used step 1e-5. It is not guaranteed to find the minimum.

The thesis's own orientation (``score_of="negative"``)
    The thesis thresholds P(class 1), the probability of the *negative* class, with the four
    rules of its sec. 4.5 (left side, FNcost >= FPcost: positive iff P(class 1) < t; right side:
    positive iff P(class 1) <= t), and its one-sided search starts at t0 = FNcost and steps up
    to 1 on the left side, down to 0 on the right. ``score_of="negative"`` reads ``y_score`` as
    that probability and applies exactly those rules, so that the thesis's numbers reproduce to
    the digit. Pass the negative class's probability *as the model returned it*: one minus the
    positive class's probability can create or break ties. With ``score_of="positive"`` the
    grid searches are the mirror image (one rule, ``y_score >= t``, on the same grid), which
    finds the same minima up to those ties.

Every search reports a threshold that reproduces its minimum with :func:`costlab.classify`.

The grid searches never materialise their grid: the class counts change only where a threshold
crosses a distinct score, so along each cost ratio's scan only the first grid threshold between
two adjacent distinct scores matters, and its index is found by arithmetic (rounded exactly as
the grid was). After one sort, each cost ratio costs O(m) for m distinct scores at any step in
(0, 1]; step=1e-9 needs no 7.5 GiB grid, and the results equal the materialised grid's to the
bit (``tests/metrics/mtmcs/test_grid_searches.py`` keeps that implementation as the reference). On
positive-class scores the searches run on the negated scores and thresholds (negation is exact
in floating point), where ``y_score >= t`` is ``-y_score <= -t``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import (
    check_class_weights,
    check_fp_costs,
    check_labels_scores,
    check_probabilities,
    check_sample_weight,
    check_score_of,
    check_search,
    check_step,
)
from costlab.metrics.engine._counts import class_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.mtmcs.measures import cost_ratio_grid

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["mtmcs_curve", "CURVE_COLUMNS"]

CURVE_COLUMNS = ("fp_cost", "fn_cost", "mtmcs", "threshold", "fp_rate", "fn_rate")
_GRID_DECIMALS = 10


def mtmcs_curve(
    y_true: ArrayLike,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    fp_costs: ArrayLike | None = None,
    search: str = "exact",
    step: float = 1e-5,
    score_of: str = "positive",
) -> pd.DataFrame:
    """MTMCS and its optimal threshold at each cost ratio: one classifier's cost curve.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels, two classes.
    y_score : array-like of shape (n,)
        The positive class's score, higher = more positive, e.g.
        ``model.predict_proba(X)[:, 1]``. ``search="exact"`` accepts any finite real scores.
        The grid searches need probabilities: values within 1e-12 of [0, 1] (floating-point
        noise such as Weka's -6.9e-18) are clipped to [0, 1] and searched as 0 or 1; any other
        value outside [0, 1] raises ``ValueError``. With ``score_of="negative"``, the negative
        class's score instead (see below).
    pos_label : scalar, optional
        Label of the positive class. Inferred as scikit-learn does for labels {0, 1} and
        {-1, 1} (positive 1), and for {1, 2} (positive 2, the thesis's class 2).
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0): the rates become weighted rates, FNRate = (weight of
        the positives called negative) / (weight of the positives), and so on. An integer weight
        k counts the instance k times. Weights give example-dependent costs too: weight each
        instance by what its error costs (e.g. a fraud's amount) and MTMCS is the cost-weighted
        error (the worked example: docs/user_guide/cost_curves_mtmcs.md, "Weights and
        example-dependent costs").
    fp_costs : array-like, optional
        Normalised FPcost values in (0, 1); FNcost = 1 - FPcost. Default: the thesis's grid
        0.05, 0.10, ..., 0.95 (:func:`costlab.metrics.cost_ratio_grid`).
    search : {"exact", "thorough", "optimized"}
        Threshold search (see the module docstring).
    step : float
        Threshold step of the grid searches, in (0, 1]. Ignored by ``"exact"``.
    score_of : {"positive", "negative"}
        Which class ``y_score`` scores. ``"positive"`` (default, scikit-learn's convention):
        positive iff ``y_score >= threshold``. ``"negative"``: ``y_score`` is the negative
        class's probability, P(class 1) of Al-Saffar (2018), thresholded with the thesis's rules
        of its sec. 4.5 and searched as the thesis did (see the module docstring); use it to
        reproduce the thesis's numbers.

    Returns
    -------
    DataFrame
        One row per cost ratio with columns ``fp_cost, fn_cost, mtmcs, threshold, fp_rate,
        fn_rate``. ``mtmcs`` is in percent; the rates are fractions. ``classify(y_score,
        threshold, fn_cost=fn_cost, score_of=score_of)`` with a row's values reproduces the
        row's rates and MTMCS (see Notes for the thresholds reported).

    Notes
    -----
    ``"exact"`` reports, for a cut between two distinct scores a < b, their midpoint (if a and b
    are adjacent floats, the one the rule needs). For the trivial classifiers it reports 0 or 1
    when the rule allows, else the nearest float beyond the extreme score, so thresholds leave
    [0, 1] only when they must. On positive-class scores: "nothing positive" is 1 if
    ``max(y_score) < 1``, else the next float above it; "everything positive" is
    ``min(0, min(y_score))``. The grid searches report a grid value in [0, 1]; they search the
    scores clipped to [0, 1].

    In the thesis's orientation (``score_of="negative"``) every threshold reproduces its minimum
    under the rule of sec. 4.5 for its cost ratio's side: left side (FNcost >= FPcost), positive
    iff P(class 1) < t; right side, positive iff P(class 1) <= t; the trivial thresholds are:

    ==================  ===================================  ===================================
    positive gets       left side (p < t)                    right side (p <= t)
    ==================  ===================================  ===================================
    nothing             ``min(0, min(p))``                   0 if ``min(p) > 0``, else
                                                             ``nextafter(min(p), -inf)``
    everything          1 if ``max(p) < 1``, else            ``max(1, max(p))``
                        ``nextafter(max(p), +inf)``
    ==================  ===================================  ===================================

    Examples
    --------
    Four instances, two of each class; the positive class's scores rank one pair wrongly:

    >>> curve = mtmcs_curve([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3], fp_costs=[0.5])
    >>> float(curve.loc[0, "mtmcs"]), float(curve.loc[0, "threshold"])
    (25.0, 0.5)

    With scores of exactly 0 and 1 the best classifier at 0.05/0.95 calls everything positive
    (t = 0); at 0.95/0.05 it calls nothing positive, which needs t just above 1:

    >>> curve = mtmcs_curve([0, 0, 1, 1], [1, 0.7, 0.4, 0], fp_costs=[0.05, 0.95])
    >>> curve["mtmcs"].round(6).tolist(), curve["threshold"].tolist()
    ([5.0, 5.0], [0.0, 1.0000000000000002])

    The thesis's orientation: the same classifier scored by P(class 1) (labels {1, 2}, class 2
    positive), as in its worked examples:

    >>> curve = mtmcs_curve([1, 1, 2, 2], [0.9, 0.6, 0.4, 0.7], fp_costs=[0.5],
    ...                     score_of="negative")
    >>> float(curve.loc[0, "mtmcs"]), float(curve.loc[0, "threshold"])
    (25.0, 0.5)
    """
    is_pos, s = check_labels_scores(y_true, y_score, pos_label=pos_label, name="y_score")
    w = check_sample_weight(sample_weight, s.shape[0])
    check_class_weights(is_pos, w)
    negative = check_score_of(score_of) == "negative"
    fp = cost_ratio_grid() if fp_costs is None else check_fp_costs(fp_costs)
    fn = np.round(1.0 - fp, _GRID_DECIMALS)
    search = check_search(search)
    if search != "exact":
        s, step = check_probabilities(s, name="y_score"), check_step(step)
    counts = _counts(is_pos, s if negative else -s, w)
    mtmcs, thr, fpr, fnr = _search(search, counts, fp, fn, step, negative)
    columns = (fp, fn, mtmcs, thr, fpr, fnr)
    return pd.DataFrame(dict(zip(CURVE_COLUMNS, columns, strict=True)))


def _search(search, counts, fp, fn, step, negative):
    """``(mtmcs, threshold, fp_rate, fn_rate)`` at each FPcost by the named search."""
    # the side test of classify (thesis 4.5) on the reported fn_cost; on positive-class scores
    # one rule (y >= t), which is the right side's rule on the negated scores (-y <= -t)
    left = fn >= 1.0 - fn if negative else np.zeros(fp.size, dtype=bool)
    if search == "exact":
        return _exact(counts, fp, left, negative)
    if search == "thorough":
        return _thorough(counts, fp, left, step, negative)
    return _optimized(counts, fp, fn, step, negative)


def _counts(is_pos, p, w):
    """Class counts (weighted sums with ``w``) at the distinct scores ``p``; the cost maths
    needs each class present."""
    counts = class_counts(is_pos, p, w)
    if counts.n_pos <= 0 or counts.n_neg <= 0:  # pragma: no cover - validated before
        raise ValueError("both classes need a positive total weight.")
    return counts


def _tmc_table(fnr, fpr, fp):
    """TMC in percent, shape (len(fp), len(fnr)); costs by rows, candidate thresholds by columns."""
    fp = np.asarray(fp)[:, None]
    return 100.0 * (fnr[None, :] * (1.0 - fp) + fpr[None, :] * fp)


def _exact(counts, fp, left, negative):
    """The minimum over every cut, from the lower envelope of the cost lines.

    ``p`` is low for the positive class (the negative class's probability, or the negated
    positive-class score), so the hull is built with ``higher_is_positive=False``; its vertex
    optimal at PCF(+) = FNcost is the best cut. At a breakpoint, where two vertices cost the
    same, the one calling fewer instances positive is reported.
    """
    hull = hull_from_counts(counts, higher_is_positive=False)
    best = CostEnvelope.from_hull(hull).vertex_at(1.0 - fp)
    n_pos, n_neg = counts.pos_le[-1], counts.neg_le[-1]
    fnr = (n_pos - hull.tp[best]) / n_pos
    fpr = hull.fp[best] / n_neg
    tmc = 100.0 * (fnr * (1.0 - fp) + fpr * fp)
    cuts = hull.cuts[best]
    if negative:
        return tmc, _cut_thresholds(counts.values, cuts, left), fpr, fnr
    return tmc, _positive_cut_thresholds(-counts.values, cuts), fpr, fnr


def _positive_cut_thresholds(values, cuts):
    """Thresholds t on positive-class scores with ``score >= t`` realising each cut.

    ``values`` are the distinct scores, decreasing; cut j calls values[:j] positive, so
    b < t <= a for a = values[j - 1], b = values[j]: their midpoint, or a if they are adjacent
    floats. Nothing positive: 1 if every score is below 1, else the next float above the
    largest; everything positive: ``min(0, min(score))``.
    """
    m = values.size
    a = values[np.clip(cuts - 1, 0, m - 1)]
    b = values[np.clip(cuts, 0, m - 1)]
    mid = a / 2 + b / 2
    inner = np.where((b < mid) & (mid < a), mid, a)
    none = _above(values[0])
    every = min(0.0, values[-1])
    return np.where(cuts == 0, none, np.where(cuts == m, every, inner))


def _cut_thresholds(values, cuts, left):
    """Thresholds realising cuts of the sorted distinct ``values`` under each side's rule.

    Cut j puts values[:j] in class 2. Left side: class 2 iff p < t, so a < t <= b around the
    cut; right side: class 2 iff p <= t, so a <= t < b. The midpoint serves both unless a and b
    are adjacent floats. The trivial cuts use 0 and 1 where the rule allows, else the nearest
    float beyond the extreme score. Computed for the given cuts only.
    """
    m = values.size
    lo = values[np.clip(cuts - 1, 0, m - 1)]
    hi = values[np.clip(cuts, 0, m - 1)]
    mid = lo / 2 + hi / 2  # (lo + hi) / 2 without overflow
    inner = np.where((lo < mid) & (mid < hi), mid, np.where(left, hi, lo))
    first, last = values[0], values[-1]
    none = np.where(left, min(0.0, first), _below(first))
    every = np.where(left, _above(last), max(1.0, last))
    return np.where(cuts == 0, none, np.where(cuts == m, every, inner))


def _above(x):
    """A threshold t > x: 1 if x < 1, else the next float above x."""
    return 1.0 if x < 1.0 else np.nextafter(x, np.inf)


def _below(x):
    """A threshold t < x: 0 if x > 0, else the next float below x."""
    return 0.0 if x > 0.0 else np.nextafter(x, -np.inf)


def _grid_search(counts, fp, left, step, starts, ascending, stops):
    """First minimum of TMC along each cost ratio's grid, without materialising the grid.

    The grid of cost ratio i is g_j = round(start_i +/- step j, 10), j = 0..J_i (the thesis's
    thresholds, rounded as before so that every threshold is reproduced to the bit). The class
    counts under the side's rule change only when g crosses a distinct score, so along a scan
    only the first grid threshold in each interval between adjacent distinct scores matters;
    its index is found by arithmetic (a bounded binary search around start + step j = score,
    for the rounding). A grid with fewer thresholds than distinct scores is scanned directly
    instead (cheaper, and still O(n) memory). Work per cost ratio: O(min(m, grid)) for m
    distinct scores, whatever the step.
    """
    values, neg_le, pos_le = counts.values, counts.neg_le, counts.pos_le
    n_pos, n_neg = pos_le[-1], neg_le[-1]
    out = np.empty((4, fp.size))
    for i, (fp_cost, left_side, start, up, stop) in enumerate(
        zip(fp, left, starts, ascending, stops, strict=True)
    ):
        grid = _Grid(start, stop, step)
        if grid.last < values.size:  # a grid no longer than the scores: scan it, O(n) memory
            threshold = grid.at(np.arange(grid.last + 1))
            q = np.searchsorted(values, threshold, side="left" if left_side else "right")
        else:
            q, threshold = _reached(values, grid, left_side, up)
        tp = np.where(q > 0, pos_le[np.maximum(q - 1, 0)], 0)
        fpc = np.where(q > 0, neg_le[np.maximum(q - 1, 0)], 0)
        fnr, fpr = (n_pos - tp) / n_pos, fpc / n_neg
        tmc = _tmc_table(fnr, fpr, [fp_cost])[0]
        k = int(np.argmin(tmc))
        out[:, i] = tmc[k], threshold[k], fpr[k], fnr[k]
    return out[0], out[1], out[2], out[3]


def _orient(result, negative):
    """Grid searches on negated positive-class scores report negated thresholds: undo it."""
    mtmcs, thr, fpr, fnr = result
    return mtmcs, (thr if negative else 0.0 - thr), fpr, fnr


class _Grid:
    """The thresholds start, start +/- step, ... up to stop, rounded to 10 decimals, by index."""

    def __init__(self, start, stop, step):
        # Below 1e-11 every multiple of 1e-10 between the ends is hit, in order, by the rounded
        # grid, so a step under 1e-12 finds the same first thresholds as 1e-12 (and indices
        # stay finite: 1e-300 would overflow them).
        step = max(step, 1e-12)
        self.start, self.step = start, step
        self.last = int(np.floor(abs(stop - start) / step + 1e-9))  # J, as the thesis's grid
        self.delta = (1.0 if stop >= start else -1.0) * step

    def at(self, j):
        return np.round(self.start + self.delta * np.asarray(j, dtype=np.float64), _GRID_DECIMALS)

    def first(self, passes, bound):
        """Smallest j in 0..J with ``passes(g_j, bound)`` (monotone in j), or J + 1."""
        bound = np.asarray(bound, dtype=np.float64)
        guess = np.ceil((bound - self.start) / self.delta)
        width = int(np.ceil(6e-11 / self.step)) + 2  # rounding moves g by at most 5e-11
        lo = np.clip(guess - width, 0, self.last + 1).astype(np.int64)
        hi = np.clip(guess + width, 0, self.last + 1).astype(np.int64)
        lo = np.where((lo > 0) & passes(self.at(lo), bound), 0, lo)  # the window missed: widen
        hi = np.where((hi <= self.last) & ~passes(self.at(hi), bound), self.last + 1, hi)
        while np.any(lo < hi):
            mid = (lo + hi) // 2
            ok = (mid > self.last) | passes(self.at(np.minimum(mid, self.last)), bound)
            hi, lo = np.where(ok, mid, hi), np.where(ok, lo, mid + 1)
        return lo


def _reached(values, grid, left_side, ascending):
    """Distinct-score counts q met along the scan, in scan order, and their first thresholds.

    q is the number of distinct scores in class 2: those < g (left side) or <= g (right side).
    """
    lower = np.r_[-np.inf, values]  # q is reached by g in (lower[q], upper[q]] or [.., ..)
    upper = np.r_[values, np.inf]
    if ascending:  # enter an interval through its lower end
        enter = np.greater if left_side else np.greater_equal
        stay = np.less_equal if left_side else np.less
        j = grid.first(enter, lower)
        inside = (j <= grid.last) & stay(grid.at(np.minimum(j, grid.last)), upper)
    else:  # enter through its upper end
        enter = np.less_equal if left_side else np.less
        stay = np.greater if left_side else np.greater_equal
        j = grid.first(enter, upper)
        inside = (j <= grid.last) & stay(grid.at(np.minimum(j, grid.last)), lower)
    q = np.flatnonzero(inside)
    order = np.argsort(j[q], kind="stable")
    q = q[order]
    return q, grid.at(j[q])


def _thorough(counts, fp, left, step, negative):
    """Thesis 4.3.1: every threshold 0, step, 2 step, ..., 1, scanned upwards (on the negated
    positive-class scores: 0, -step, ..., -1)."""
    k = fp.size
    if negative:
        return _grid_search(counts, fp, left, step, [0.0] * k, [True] * k, [1.0] * k)
    result = _grid_search(counts, fp, left, step, [0.0] * k, [False] * k, [-1.0] * k)
    return _orient(result, negative)


def _optimized(counts, fp, fn, step, negative):
    """Thesis 4.3.2 / 4.5, one-sided from the Bayes threshold.

    On P(class 1): from t0 = FNcost up to 1 if FNcost >= 0.5, else down to 0 (the thesis). On
    positive-class scores, mirrored: from FPcost down to 0 if FNcost >= 0.5, else up to 1; on
    the negated scores that is from -FPcost up to 0, else down to -1.
    """
    left = fn >= 1.0 - fn
    starts = []
    for fp_cost in fp:
        fn_cost = round(1.0 - fp_cost, _GRID_DECIMALS)
        starts.append((fn_cost if negative else fp_cost) / (fn_cost + fp_cost))
    if negative:
        stops = [1.0 if up else 0.0 for up in left]
        return _grid_search(counts, fp, left, step, starts, list(left), stops)
    starts = [-t for t in starts]
    stops = [0.0 if up else -1.0 for up in left]
    rule = np.zeros(fp.size, dtype=bool)  # -y <= -t, the right side's rule
    result = _grid_search(counts, fp, rule, step, starts, list(left), stops)
    return _orient(result, negative)
