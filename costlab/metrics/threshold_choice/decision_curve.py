"""Decision curves: net benefit against the threshold probability (Vickers & Elkin 2006).

Source: A. J. Vickers and E. B. Elkin, *Decision Curve Analysis: A Novel Method for Evaluating
Prediction Models*, Medical Decision Making 26 (2006) 565-574. A patient is treated when the
model's P(+) reaches the threshold probability p_t, the probability at which the harm of a
needless treatment and the benefit of a needed one balance: :math:`p_t / (1 - p_t)` is the
harm-to-benefit ratio. Per instance,

.. math:: NB(p_t) = \\frac{TP}{n} - \\frac{FP}{n}\\,\\frac{p_t}{1 - p_t}

with references *treat none* (NB = 0) and *treat all*
(:math:`NB = \\pi - (1 - \\pi)\\, p_t / (1 - p_t)`, :math:`\\pi` the prevalence); the
standardised net benefit :math:`sNB = NB / \\pi` (Kerr et al. 2016) reads as a fraction of the
largest achievable benefit.

The same engine as the cost curves. With the cost proportion :math:`c = p_t` (a false positive
costs :math:`p_t`, a false negative :math:`1 - p_t`), the expected cost per instance is
:math:`EC = (1 - p_t)\\pi(1 - TPR) + p_t(1 - \\pi)FPR`, and multiplying NB by :math:`1 - p_t`
gives

.. math:: NB(p_t) = \\pi - \\frac{EC(p_t)}{1 - p_t} = \\pi - \\frac{Q_c(p_t)}{2(1 - p_t)}

where :math:`Q_c` is the score-driven Brier curve of Hernández-Orallo, Flach & Ferri
(:func:`costlab.metrics.brier_curve`; Millard & Flach 2025 note the same link). So a decision
curve is the Brier curve seen as a benefit, and its *optimal* version (the best threshold at
each p_t, i.e. the model recalibrated on its ROC convex hull) is D&H's lower envelope: the upper
bound on what recalibration alone can add.

Net benefit jumps at each distinct score and between scores is a function of
:math:`p_t / (1 - p_t)`; :class:`DecisionCurve` evaluates it exactly at any p_t.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics._validation import (
    check_bool,
    check_class_weights,
    check_labels_scores,
    check_probability_scores,
    check_sample_weight,
    check_threshold_probabilities,
)
from costlab.metrics.threshold_choice.methods import ThresholdChoiceCurve, threshold_choice_curve
from costlab.validation import Interval, Options, check_param

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

_PREVALENCE = Interval(numbers.Real, 0.0, 1.0, closed="neither")

__all__ = [
    "DecisionCurve",
    "decision_curve",
    "net_benefit",
    "net_benefit_difference",
    "treat_all_net_benefit",
]

_DC_METHODS = ("score-driven", "optimal")


@dataclass(frozen=True)
class DecisionCurve:
    """Exact net benefit of one model over the threshold probability p_t in [0, 1).

    Attributes
    ----------
    loss : ThresholdChoiceCurve
        The cost-space loss curve it is read from (score-driven: threshold p_t on the model's
        P(+); optimal: the best threshold at each p_t).
    """

    loss: ThresholdChoiceCurve

    @property
    def prevalence(self) -> float:
        """:math:`\\pi`, the fraction of positives."""
        return self.loss.prevalence

    @property
    def method(self) -> str:
        return self.loss.method

    @property
    def knots(self) -> np.ndarray:
        """The p_t where the net benefit may jump (the distinct scores, or hull breakpoints)."""
        return self.loss.knots

    def __call__(self, p_t: ArrayLike, *, standardized: bool = False) -> Any:
        """NB at each p_t (sNB = NB / prevalence with ``standardized=True``)."""
        check_bool(standardized, "standardized")
        p = check_threshold_probabilities(p_t)
        fpr, tpr = self.loss.rates(p)
        pi = self.prevalence
        nb = pi * tpr - (1.0 - pi) * fpr * (np.atleast_1d(p) / (1.0 - np.atleast_1d(p)))
        if standardized:
            nb = nb / pi
        return float(nb[0]) if np.ndim(p) == 0 else nb

    def treat_all(self, p_t: ArrayLike, *, standardized: bool = False) -> Any:
        """NB of treating everyone at each p_t."""
        return treat_all_net_benefit(self.prevalence, p_t, standardized=standardized)

    def curve(
        self, *, p_max: float = 0.99, points: Any = 400, standardized: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """A polyline (p_t, NB) on [0, p_max]: ``points`` evenly spaced p_t plus both sides of
        every jump, so the steps are drawn where they are."""
        p_max = float(check_threshold_probabilities(p_max))
        grid = np.linspace(0.0, p_max, int(points))
        knots = self.knots[(self.knots > 0) & (self.knots < p_max)]
        eps = 1e-9
        x = np.unique(np.concatenate((grid, knots, np.clip(knots + eps, 0, p_max))))
        return x, self(x, standardized=standardized)


def decision_curve(
    y_true: ArrayLike,
    y_score: Any,
    *,
    method: str = "score-driven",
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> DecisionCurve:
    """The decision curve of a model whose ``y_score`` estimates P(+).

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        Predicted probability of the positive class (``method="score-driven"``: the model's
        own threshold p_t); any scores higher for the positive class for ``"optimal"``.
    method : {"score-driven", "optimal"}
        ``"optimal"`` is the upper-envelope decision curve: the best threshold at each p_t.
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0): TP, FP and n become sums of weights.

    Returns
    -------
    DecisionCurve

    Examples
    --------
    >>> dc = decision_curve([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8])
    >>> dc(0.5)   # TP = 1, FP = 1 of 4, weight 1: 1/4 - 1/4
    0.0
    >>> round(dc(0.2), 12)  # TP = 2, FP = 1: 2/4 - 1/4 * 0.25
    0.4375
    """
    check_param("method", method, Options(_DC_METHODS))
    return DecisionCurve(
        threshold_choice_curve(
            y_true,
            y_score,
            method=method,
            space="cost",
            pos_label=pos_label,
            sample_weight=sample_weight,
        )
    )


def net_benefit(
    y_true: ArrayLike,
    y_score: Any,
    p_t: ArrayLike,
    *,
    standardized: bool = False,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
) -> Any:
    """Net benefit of treating when ``y_score >= p_t``, at each p_t (by counting).

    .. math:: NB(p_t) = \\frac{TP(p_t)}{n} - \\frac{FP(p_t)}{n}\\,\\frac{p_t}{1 - p_t}

    ``y_score`` must be P(+) in [0, 1] (values within 1e-12 of it are clipped), as for the
    score-driven :func:`decision_curve`: the rule compares the score with a probability. With
    ``sample_weight``, TP, FP and n are sums of weights.

    Examples
    --------
    >>> net_benefit([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8], [0.2, 0.5]).tolist()
    [0.4375, 0.0]
    """
    check_bool(standardized, "standardized")
    is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label, name="y_score")
    scores = check_probability_scores(
        scores,
        rule="net benefit (treat when the score reaches the threshold probability p_t)",
        instead="Use decision_curve(..., method='optimal') for other scores.",
    )
    p = np.atleast_1d(check_threshold_probabilities(p_t))
    weight = check_sample_weight(sample_weight, scores.shape[0])
    check_class_weights(is_pos, weight)
    w = np.ones(scores.shape[0]) if weight is None else weight
    tp, n_pos = _weight_at_or_above(scores[is_pos], w[is_pos], p)
    fp, n_neg = _weight_at_or_above(scores[~is_pos], w[~is_pos], p)
    n = n_pos + n_neg
    nb = tp / n - fp / n * p / (1.0 - p)
    if standardized:
        nb = nb / (n_pos / n)
    return float(nb[0]) if np.ndim(p_t) == 0 else nb


def _weight_at_or_above(scores, weight, p):
    """Total weight of the scores >= each p, and the total weight (by counting)."""
    order = np.argsort(scores, kind="stable")
    above = np.concatenate((np.cumsum(weight[order][::-1])[::-1], [0.0]))
    return above[np.searchsorted(scores[order], p, side="left")], float(weight.sum())


def treat_all_net_benefit(prevalence: float, p_t: ArrayLike, *, standardized: bool = False) -> Any:
    """NB of treating everyone: :math:`\\pi - (1 - \\pi)\\, p_t / (1 - p_t)`."""
    pi = float(check_param("prevalence", prevalence, _PREVALENCE))
    check_bool(standardized, "standardized")
    p = check_threshold_probabilities(p_t)
    nb = pi - (1.0 - pi) * np.asarray(p) / (1.0 - np.asarray(p))
    if standardized:
        nb = nb / pi
    return float(nb) if np.ndim(p) == 0 else nb


def net_benefit_difference(
    curve_a: Any, curve_b: Any, p_t: ArrayLike, *, standardized: bool = False
) -> Any:
    """NB(a) - NB(b) at each p_t, exact (the two curves' own jumps included)."""
    for name, c in (("curve_a", curve_a), ("curve_b", curve_b)):
        if not isinstance(c, DecisionCurve):
            raise TypeError(f"{name} must be a DecisionCurve, got {type(c).__name__}.")
    if not np.isclose(curve_a.prevalence, curve_b.prevalence, rtol=0, atol=1e-12):
        raise ValueError(
            "curve_a and curve_b must be computed on the same instances (their prevalences "
            f"differ: {curve_a.prevalence:g} and {curve_b.prevalence:g})."
        )
    return curve_a(p_t, standardized=standardized) - curve_b(p_t, standardized=standardized)
