"""Threshold-choice methods and Brier curves: the loss a scoring classifier incurs at each cost
proportion when its threshold is chosen by a rule (Hernández-Orallo, Flach & Ferri).

Sources: J. Hernández-Orallo, P. Flach and C. Ferri, *Brier Curves: a New Cost-Based
Visualisation of Classifier Performance*, ICML 2011 ("HFF 2011"); *A Unified View of Performance
Metrics: Translating Threshold Choice into Expected Classification Loss*, JMLR 13 (2012)
2813-2869 ("HFF 2012"); *ROC curves in cost space*, Machine Learning 93 (2013) 71-91
("HFF 2013").

A cost curve of D&H plots the loss of the *best* threshold at each operating
condition. In deployment the threshold is chosen by a rule, and the rule decides the loss. With
the cost proportion

.. math:: c = \\frac{C(+|-)}{C(+|-) + C(-|+)}

(the share of a false positive in the two costs: the thesis's normalised FPcost, and the
threshold probability p_t of a decision curve), prevalence :math:`\\pi = p(+)`, and a threshold
rule giving the rates FPR(c), TPR(c), the loss in **cost space** is (HFF 2012's loss with their
normalisation b = 2)

.. math:: Q_c(c) = 2\\{c (1 - \\pi) FPR(c) + (1 - c) \\pi (1 - TPR(c))\\}

and in **skew space**, where priors and costs are folded into the skew
:math:`z = c(1-\\pi) / (c(1-\\pi) + (1-c)\\pi)` (= 1 - PCF(+) of D&H eq. 6),

.. math:: Q_z(z) = z\\, FPR(z) + (1 - z)(1 - TPR(z))

(D&H's NE[C] at PCF(+) = 1 - z). The three rules of HFF, each with its expected loss under a
uniform operating condition:

* **score-driven** (HFF 2011; HFF 2012): the threshold is the operating condition itself,
  positive iff :math:`s \\ge c` - the Bayes rule for calibrated probabilities. The curve is the
  *Brier curve*; its area is the Brier score in cost space (HFF 2011: :math:`\\int_0^1
  Q_c\\,dc = BS`) and the mean of the per-class Brier scores in skew space;
* **rate-driven** (HFF 2013): the threshold predicts the fraction :math:`1 - c` of instances
  positive (ties split in proportion); the area is linear in the AUC,
  :math:`\\pi(1-\\pi)(1 - 2\\,AUC) + 1/3` in cost space and :math:`(1 - 2\\,AUC)/4 + 1/3` in skew
  space (HFF 2013; HFF 2012);
* **optimal** ("test-optimal", HFF 2012): the threshold minimising the loss on the same
  data; in skew space this is D&H's lower envelope, whose area is the total expected cost, and in
  cost space its area is the refinement loss of the convex-hull (PAV) calibrated scores.

Orientation. As we read them, HFF number the classes the other way round (their class 0 is the
positive class and scores estimate the probability of class 1), so their c is the share of the
cost of a *false negative*. Here scores are higher for the positive class, as everywhere in
costlab, and c is the share of a false positive, so that c is the threshold on P(+): HFF's
curves are the mirror images (c -> 1 - c) of these, with the same areas.

Every curve is exact: its loss is a polynomial of degree at most 2 between consecutive knots (the
distinct scores, the hull's breakpoints or the ROC points), evaluated and integrated
piecewise; nothing is sampled on a grid. (Section and theorem numbers of the three papers are
not quoted: they were not at hand to check. Every identity above is tested against an
independent implementation in ``tests/metrics/threshold_choice/test_decision_brier.py``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics._validation import (
    check_class_weights,
    check_labels_scores,
    check_probability_scores,
    check_sample_weight,
    check_unit_interval,
)
from costlab.metrics.engine._counts import class_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.engine.pcf import pcf_cost_proportion
from costlab.validation import Options, check_param

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "METHODS",
    "SPACES",
    "ThresholdChoiceCurve",
    "brier_curve",
    "threshold_choice_curve",
    "threshold_choice_curves",
]

METHODS = ("score-driven", "rate-driven", "optimal")
SPACES = ("cost", "skew")
_PROBABILITY_TOL = 1e-12


@dataclass(frozen=True)
class ThresholdChoiceCurve:
    """Exact loss of a threshold-choice method over the operating condition x in [0, 1].

    Between ``knots[j]`` and ``knots[j + 1]`` the rates move linearly from ``fpr[j, 0]``,
    ``tpr[j, 0]`` to ``fpr[j, 1]``, ``tpr[j, 1]`` (constant for the score-driven and optimal
    methods, linear in x for the rate-driven one), so the loss is a quadratic in x on each piece.
    Piece j covers (knots[j], knots[j + 1]] (the first includes 0): at a score equal to x the
    score-driven rule calls the instance positive.

    Attributes
    ----------
    method : {"score-driven", "rate-driven", "optimal"}
    space : {"cost", "skew"}
        x is the cost proportion c (cost space) or the skew z (skew space).
    prevalence : float
        :math:`\\pi`, the fraction of positives.
    knots : ndarray, shape (m + 1,)
        0 = knots[0] < ... < knots[m] = 1.
    fpr, tpr : ndarray, shape (m, 2)
        The rates at each piece's two ends (for the score-driven method, constant on a piece,
        a read-only view showing one array twice).
    thresholds : ndarray, shape (m,)
        Scores >= threshold are called positive on the piece (for the rate-driven method, the
        score of the tie group that is split).
    """

    method: str
    space: str
    prevalence: float
    knots: np.ndarray
    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray

    # -- evaluation -------------------------------------------------------------------------
    def _weights(self, x):
        """(w_neg, w_pos): Q = w_neg FPR + w_pos (1 - TPR)."""
        if self.space == "cost":
            return 2.0 * x * (1.0 - self.prevalence), 2.0 * (1.0 - x) * self.prevalence
        return x, 1.0 - x

    def _piece(self, x):
        j = np.searchsorted(self.knots, x, side="left") - 1
        return np.clip(j, 0, self.knots.size - 2)

    def _rates_on(self, j, x):
        a, b = self.knots[j], self.knots[j + 1]
        t = (x - a) / (b - a)
        fpr = self.fpr[j, 0] + t * (self.fpr[j, 1] - self.fpr[j, 0])
        tpr = self.tpr[j, 0] + t * (self.tpr[j, 1] - self.tpr[j, 0])
        return fpr, tpr

    def _loss_on(self, j, x):
        fpr, tpr = self._rates_on(j, x)
        w_neg, w_pos = self._weights(x)
        return w_neg * fpr + w_pos * (1.0 - tpr)

    def rates(self, x: ArrayLike) -> tuple[Any, Any]:
        """(FPR, TPR) the method operates at for each x (arrays). At x = 0 the score-driven
        rule calls every probability positive (s >= 0)."""
        flat = np.atleast_1d(check_unit_interval(x, "x"))
        fpr, tpr = self._rates_on(self._piece(flat), flat)
        if self.method == "score-driven":
            fpr, tpr = np.where(flat == 0.0, 1.0, fpr), np.where(flat == 0.0, 1.0, tpr)
        return fpr, tpr

    def __call__(self, x: ArrayLike) -> Any:
        """The loss Q at x (a float for a float, an array for an array)."""
        x = check_unit_interval(x, "x")
        flat = np.atleast_1d(x)
        fpr, tpr = self.rates(flat)
        w_neg, w_pos = self._weights(flat)
        value = w_neg * fpr + w_pos * (1.0 - tpr)
        return float(value[0]) if np.ndim(x) == 0 else value

    def area(self, low: Any = 0.0, high: Any = 1.0) -> float:
        """Exact integral of the loss over [low, high] (Simpson's rule per piece, exact for
        quadratics). Over [0, 1] it is the expected loss for a uniform operating condition."""
        low, high = check_unit_interval(low, "low"), check_unit_interval(high, "high")
        if low > high:
            raise ValueError(f"low must not exceed high, got low={low!r} > high={high!r}.")
        a = np.clip(self.knots[:-1], low, high)
        b = np.clip(self.knots[1:], low, high)
        j = np.arange(a.size)
        keep = b > a
        j, a, b = j[keep], a[keep], b[keep]
        mid = 0.5 * (a + b)
        total = self._loss_on(j, a) + 4.0 * self._loss_on(j, mid) + self._loss_on(j, b)
        return float(np.sum((b - a) / 6.0 * total))

    def expected_loss(self, low: Any = 0.0, high: Any = 1.0) -> float:
        """Mean loss over [low, high] (uniform operating condition on the range)."""
        if not low < high:
            raise ValueError(f"low must be below high for a mean, got [{low!r}, {high!r}].")
        return self.area(low, high) / (high - low)

    def curve(self, points_per_piece: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """A polyline (x, loss) through every piece; jumps appear as vertical steps.

        Linear pieces need their two ends; quadratic (rate-driven) pieces get
        ``points_per_piece`` points (default: enough for about 2,000 points in all).
        """
        m = self.knots.size - 1
        if points_per_piece is None:
            points_per_piece = 2 if self.method != "rate-driven" else max(2, 2000 // m)
        t = np.linspace(0.0, 1.0, int(points_per_piece))
        a, b = self.knots[:-1, None], self.knots[1:, None]
        x = a + t[None, :] * (b - a)
        j = np.repeat(np.arange(m), t.size).reshape(m, t.size)
        y = self._loss_on(j, x)
        return x.ravel(), y.ravel()

    def segments(self) -> pd.DataFrame:
        """Tidy table: one row per piece, ``x_from, x_to, fpr_from, fpr_to, tpr_from, tpr_to,
        threshold, loss_from, loss_to``."""
        j = np.arange(self.knots.size - 1)
        return pd.DataFrame(
            {
                "x_from": self.knots[:-1],
                "x_to": self.knots[1:],
                "fpr_from": self.fpr[:, 0],
                "fpr_to": self.fpr[:, 1],
                "tpr_from": self.tpr[:, 0],
                "tpr_to": self.tpr[:, 1],
                "threshold": self.thresholds,
                "loss_from": self._loss_on(j, self.knots[:-1]),
                "loss_to": self._loss_on(j, self.knots[1:]),
            }
        )

    def trivial_losses(self, x: ArrayLike) -> tuple[Any, Any]:
        """(all positive, all negative): the losses of the two trivial classifiers at x."""
        x = np.asarray(check_unit_interval(x, "x"), dtype=np.float64)
        return self._weights(x)  # FPR = TPR = 1 costs w_neg; FPR = TPR = 0 costs w_pos

    def trivial(self, x: ArrayLike) -> Any:
        """Loss of the better of the two trivial classifiers (all negative, all positive)."""
        return np.minimum(*self.trivial_losses(x))


def threshold_choice_curve(
    y_true: ArrayLike,
    y_score: Any,
    *,
    method: str = "score-driven",
    space: str = "cost",
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> ThresholdChoiceCurve:
    """The exact loss curve of one threshold-choice method (see the module docstring).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two classes.
    y_score : array-like of shape (n,)
        Higher for the positive class; for ``method="score-driven"`` an estimate of P(+) in
        [0, 1], since the rule uses it as the threshold.
    method : {"score-driven", "rate-driven", "optimal"}
    space : {"cost", "skew"}
        The x axis: the cost proportion c (loss Q_c, with the prevalence) or the skew z (loss
        Q_z = NE[C], prevalence folded in).
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0): counts become sums of weights, the prevalence the
        positives' share of the total weight; an integer weight k counts an instance k times.

    Returns
    -------
    ThresholdChoiceCurve

    Examples
    --------
    >>> curve = threshold_choice_curve([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8])
    >>> curve.knots.tolist()
    [0.0, 0.1, 0.4, 0.6, 0.8, 1.0]
    >>> round(curve.area(), 12)   # the Brier score: (0.01 + 0.36 + 0.36 + 0.04) / 4
    0.1925
    """
    check_param("method", method, Options(METHODS))
    check_param("space", space, Options(SPACES))
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label, name="y_score")
    weight = _weights(is_pos, sample_weight)
    if method == "score-driven":
        scores = _check_probability_scores(scores)
    counts = class_counts(is_pos, scores, weight)
    return _curve_from_counts(counts, method, space)


def _weights(is_pos, sample_weight):
    weight = check_sample_weight(sample_weight, is_pos.shape[0])
    check_class_weights(is_pos, weight)
    return weight


def brier_curve(
    y_true: ArrayLike,
    y_score: Any,
    *,
    space: str = "cost",
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> ThresholdChoiceCurve:
    """The Brier curve (HFF 2011): the score-driven loss, whose area is the Brier score.

    .. math:: Q_c(c) = 2\\{c(1-\\pi)\\,P(s \\ge c \\mid -) + (1-c)\\,\\pi\\,P(s < c \\mid +)\\},
              \\qquad \\int_0^1 Q_c(c)\\,dc = BS = \\frac{1}{n}\\sum_i (s_i - y_i)^2

    See :func:`threshold_choice_curve` for the parameters.

    Examples
    --------
    >>> brier_curve([0, 1], [0.25, 0.5]).area()
    0.15625
    """
    return threshold_choice_curve(
        y_true,
        y_score,
        method="score-driven",
        space=space,
        pos_label=pos_label,
        sample_weight=sample_weight,
    )


def threshold_choice_curves(
    y_true: ArrayLike,
    y_score: Any,
    *,
    space: str = "cost",
    pos_label: Any = None,
    methods: Any = None,
    sample_weight: ArrayLike | None = None,
) -> dict[str, ThresholdChoiceCurve]:
    """``{method: ThresholdChoiceCurve}`` for several methods from one sort.

    ``methods`` defaults to all three when the scores lie in [0, 1], else to the rate-driven and
    optimal ones (the score-driven rule needs probabilities).

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.metrics import threshold_choice_curves
    >>> curves = threshold_choice_curves(y, scores["LR"])
    >>> sorted(curves)
    ['optimal', 'rate-driven', 'score-driven']
    """
    check_param("space", space, Options(SPACES))
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label, name="y_score")
    weight = _weights(is_pos, sample_weight)
    in_unit = bool(np.all((scores >= -_PROBABILITY_TOL) & (scores <= 1 + _PROBABILITY_TOL)))
    if methods is None:
        methods = METHODS if in_unit else ("rate-driven", "optimal")
    methods = tuple(methods)
    for method in methods:
        if method not in METHODS:
            raise ValueError(f"methods must be drawn from {METHODS}, got {method!r}.")
    if "score-driven" in methods:
        scores = _check_probability_scores(scores)
    counts = class_counts(is_pos, scores, weight)
    return {method: _curve_from_counts(counts, method, space) for method in methods}


# -- construction -------------------------------------------------------------------------


def _curve_from_counts(counts, method, space):
    build = {"score-driven": _score_driven, "rate-driven": _rate_driven, "optimal": _optimal}
    n_neg, n_pos = counts.n_neg, counts.n_pos
    knots, fpr, tpr, thresholds = build[method](counts, space)
    return ThresholdChoiceCurve(method, space, n_pos / (n_neg + n_pos), knots, fpr, tpr, thresholds)


def _rates_called_positive(counts, lo, hi):
    """(FPR, TPR) when the distinct scores from index g up are positive, for g = lo, ..., hi
    (g = m: none), each as both columns of an (m, 2) read-only view of one array (the rates
    are constant on a piece): slices of the cumulative counts, no gather, two arrays."""

    def rate(le, total):
        out = np.empty(hi - lo + 1)
        if lo > 0:  # total - le[g - 1], in float64 (exact: counts below 2**53)
            np.subtract(total, le[lo - 1 : hi], out=out, dtype=np.float64)
        else:  # g = 0 calls everything positive
            out[0] = total
            np.subtract(total, le[:hi], out=out[1:], dtype=np.float64)
        out /= total
        return np.broadcast_to(out[:, None], (out.size, 2))

    return rate(counts.neg_le, counts.n_neg), rate(counts.pos_le, counts.n_pos)


def _score_driven(counts, space):
    """Positive iff s >= x (cost space) or s >= x as well in skew space: the threshold is the
    operating condition (HFF 2011). Constant rates between distinct scores."""
    values = counts.values  # distinct and increasing: the inner knots need no second sort
    lo = int(np.searchsorted(values, 0.0, side="right"))
    hi = int(np.searchsorted(values, 1.0, side="left"))
    knots = np.concatenate(([0.0], values[lo:hi], [1.0]))
    # piece j's first distinct score >= x is g = lo + j, for j = 0, ..., hi - lo
    fpr, tpr = _rates_called_positive(counts, lo, hi)
    if hi < values.size:
        thresholds = values[lo : hi + 1].copy()
    else:  # the last piece calls nothing positive
        thresholds = np.concatenate((values[lo:], [np.inf]))
    return knots, fpr, tpr, thresholds


def _rate_driven(counts, space):
    """The fraction 1 - x of instances called positive, top scores first, ties split in
    proportion (HFF 2013): the ROC curve walked at the speed of the positive rate."""
    n_neg, n_pos = counts.n_neg, counts.n_pos
    # ROC points from the top score down (cut k: the k highest distinct scores positive)
    fp = np.r_[0, (n_neg - np.r_[0, counts.neg_le[:-1]])[::-1]]
    tp = np.r_[0, (n_pos - np.r_[0, counts.pos_le[:-1]])[::-1]]
    fpr, tpr = fp / n_neg, tp / n_pos
    if space == "cost":
        rate = (fp + tp) / (n_neg + n_pos)
    else:
        rate = 0.5 * (fpr + tpr)
    rate[-1] = 1.0  # exact end
    x = 1.0 - rate  # decreasing from 1 to 0
    knots = x[::-1]
    fpr_r, tpr_r = fpr[::-1], tpr[::-1]
    split = counts.values  # the tie group entered on each piece, lowest score first
    return (
        knots,
        np.column_stack((fpr_r[:-1], fpr_r[1:])),
        np.column_stack((tpr_r[:-1], tpr_r[1:])),
        split.astype(np.float64),
    )


def _optimal(counts, space):
    """The hull vertex with the least loss at each x: D&H's lower envelope, mapped to x."""
    hull = hull_from_counts(counts)
    envelope = CostEnvelope.from_hull(hull)
    pcf = envelope.breakpoints  # vertex i optimal on PCF(+) in [pcf[i], pcf[i + 1]]
    if space == "cost":
        pi = counts.n_pos / (counts.n_neg + counts.n_pos)
        x = pcf_cost_proportion(pcf, pi)  # D&H eq. 6 maps PCF(+) to the cost proportion c
    else:
        x = 1.0 - pcf
    x[0], x[-1] = 1.0, 0.0
    # vertex i covers x in [x[i + 1], x[i]]; x runs 1 -> 0 as i grows, so reverse
    knots = x[::-1]
    fpr, tpr, thr = hull.fpr[::-1], hull.tpr[::-1], hull.thresholds[::-1]
    keep = np.diff(knots) > 0
    knots = np.concatenate((knots[:1], knots[1:][keep]))
    fpr, tpr, thr = fpr[keep], tpr[keep], thr[keep]
    return knots, np.column_stack((fpr, fpr)), np.column_stack((tpr, tpr)), thr


def _check_probability_scores(scores):
    return check_probability_scores(
        scores,
        rule="the score-driven threshold choice (the score is compared with the cost proportion)",
        instead="Use method='rate-driven' or 'optimal' for other scores.",
    )
