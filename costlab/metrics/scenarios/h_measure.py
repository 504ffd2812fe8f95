"""Hand's H measure, exactly, from the ROC convex hull (Hand 2009; Johnson et al. 2015, sec. 2.4).

D. J. Hand, *Measuring classifier performance: a coherent alternative to the area under the ROC
curve*, Machine Learning 77 (2009) 103-123. With class priors :math:`\\pi_0, \\pi_1` (class 1 =
the positive class), the cost ratio :math:`c = c_0 / (c_0 + c_1)` (:math:`c_0` the cost of
misclassifying a class-0 instance) and the best threshold for each c, the minimum loss is

.. math:: Q(c) = \\min_t \\{ c \\pi_0 FPR(t) + (1 - c) \\pi_1 (1 - TPR(t)) \\}

attained on the ROC convex hull, and

.. math:: H = 1 - \\frac{\\int_0^1 Q(c) u(c) dc}{\\int_0^1 \\min(c \\pi_0, (1 - c)\\pi_1) u(c) dc}

for a Beta(a, b) density u (the denominator is the loss of the better trivial classifier).
Normalising Q(c) by :math:`c\\pi_0 + (1 - c)\\pi_1` gives Drummond & Holte's cost curve at
:math:`PCF(+) = (1 - c)\\pi_1 / (c \\pi_0 + (1 - c)\\pi_1)`, so Q comes from the same envelope
(:mod:`costlab.metrics.engine.envelope`). On each hull vertex Q is linear in c, so the integrals are
exact sums of regularised incomplete beta functions (``scipy.special.betainc``).

Defaults and deviations, stated:

- **Density.** Default Beta(2, 2), Hand's (2009) choice and the one Johnson et al. (2015,
  sec. 4) use. ``severity_ratio="class_ratio"`` is the R package ``hmeasure``'s default (and its
  PyPI port's): severity ratio SR = :math:`\\pi_1/\\pi_0`, a = 2, b = 1 + (a - 1)/SR (Hand and
  Anagnostopoulos 2014); a number sets SR itself.
- **Below the diagonal.** The hull always contains the trivial classifiers, so a classifier worse
  than random has H = 0, as the PyPI port reports. R's ``hmeasure`` instead flips such scores
  (and warns); ``flip_below_diagonal=True`` does the same.
- **Scores** may be any finite reals (the PyPI port refuses values outside the labels' range,
  e.g. Weka's -3e-18; see the documentation page *Reference tools*,
  docs/facts/reference-tools.md).
- **Johnson et al.'s slips** (see the documentation page *The papers' slips*,
  docs/facts/paper-slips.md): "H = area under the lower envelope" holds only for one density
  (uniform over PCF(+) with balanced classes), not in general; we integrate Q(c) as Hand defines
  it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics.engine._counts import checked_counts, class_counts
from costlab.metrics.engine.envelope import CostEnvelope
from costlab.metrics.engine.hull import hull_from_counts
from costlab.metrics.engine.pcf import pcf_cost_proportion
from costlab.metrics.scenarios.densities import BetaDensity, as_cost_density
from costlab.metrics.scenarios.risk import normalized_loss

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

    from costlab.metrics.scenarios.densities import CostDensity

__all__ = ["HMeasure", "h_measure", "h_measure_report"]


@dataclass(frozen=True)
class HMeasure:
    """H and the measures R's ``hmeasure`` reports beside it.

    Attributes
    ----------
    h : float
        The H measure.
    auc, gini, ks : float
        Area under the ROC curve (ties count half), Gini = 2 AUC - 1, Kolmogorov-Smirnov
        statistic max(TPR - FPR).
    a, b : float
        The Beta density's parameters.
    flipped : bool
        Whether the scores were flipped (``flip_below_diagonal=True`` and AUC < 0.5).
    envelope : CostEnvelope
        The cost curve Q was integrated from.
    pi1 : float
        Prior of class 1 (the positive class).
    density : CostDensity
        The cost density u(c) H was computed with.
    """

    h: float
    auc: float
    gini: float
    ks: float
    a: float
    b: float
    flipped: bool
    envelope: CostEnvelope = field(repr=False)
    pi1: float
    density: object = None

    def minimum_loss(self, c: ArrayLike) -> Any:
        """Q(c), the minimum loss at cost ratio c (the curve H integrates)."""
        c = np.asarray(c, dtype=np.float64)
        if np.any((c < 0) | (c > 1)):
            raise ValueError("c must lie in [0, 1].")
        pi1, pi0 = self.pi1, 1.0 - self.pi1
        weight = c * pi0 + (1.0 - c) * pi1
        return weight * self.envelope(pcf_cost_proportion(c, pi1))


def h_measure(
    y_true: ArrayLike,
    y_score: Any,
    *,
    a: Any = None,
    b: Any = None,
    severity_ratio: Any = None,
    density: Any = None,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    flip_below_diagonal: bool = False,
) -> float:
    """Hand's H measure (see the module docstring for defaults and deviations).

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        The positive class's score, higher = more positive (``predict_proba(X)[:, 1]``).
    a, b : float, optional
        Beta(a, b) cost density; each defaults to 2 (Hand's Beta(2, 2)).
    severity_ratio : None, "class_ratio" or float
        R ``hmeasure``'s parametrisation: a = 2, b = 1 + 1/SR, with SR = pi1/pi0 for
        ``"class_ratio"`` (R's default).
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional
        Instance weights (finite, >= 0): every count becomes a sum of weights; an integer
        weight k counts the instance k times.
    density : CostDensity, ("beta", a, b), float or callable, optional
        Any other cost density u(c) (:mod:`costlab.metrics.scenarios.densities`, e.g. a truncated
        Beta or a point mass). A point mass at c = 0 or 1 gives the limit of point masses
        inside (:func:`costlab.metrics.scenarios.risk.point_mass_loss`): at c = 0, 1 minus the
        lowest FPR that catches every positive; at c = 1, the highest TPR without a false positive.

    The density is given one way: ``a``/``b``, ``severity_ratio`` or ``density``; a
    ValueError names the conflicting arguments when more than one is given.
    flip_below_diagonal : bool
        Flip scores whose AUC is below 0.5, as R does.

    Examples
    --------
    >>> round(h_measure([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.5
    """
    return h_measure_report(
        y_true,
        y_score,
        a=a,
        b=b,
        severity_ratio=severity_ratio,
        density=density,
        pos_label=pos_label,
        sample_weight=sample_weight,
        flip_below_diagonal=flip_below_diagonal,
    ).h


def h_measure_report(
    y_true: ArrayLike,
    y_score: Any,
    *,
    a: Any = None,
    b: Any = None,
    severity_ratio: Any = None,
    density: Any = None,
    pos_label: Any = None,
    sample_weight: ArrayLike | None = None,
    flip_below_diagonal: bool = False,
) -> HMeasure:
    """H with AUC, Gini and KS, the Beta parameters used and the minimum-loss curve.

    Parameters as :func:`h_measure`; returns an :class:`HMeasure`.

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.metrics import h_measure_report
    >>> report = h_measure_report(y, scores["LR"])
    >>> report.h, report.auc, report.density
    (0.75, 0.9375, Beta(2, 2))
    """
    _check_one_density(a=a, b=b, severity_ratio=severity_ratio, density=density)
    is_pos, scores, weight, counts = checked_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    auc, ks = _auc_ks(counts)
    flipped = bool(flip_below_diagonal and auc < 0.5)
    if flipped:
        counts = class_counts(is_pos, -scores, weight)
        auc, ks = _auc_ks(counts)
    pi1 = counts.n_pos / (counts.n_pos + counts.n_neg)
    if density is None:
        a, b = _beta_parameters(a, b, severity_ratio, pi1)
        u: CostDensity = BetaDensity(a, b)
    else:
        u = as_cost_density(density)
        a, b = (u.a, u.b) if isinstance(u, BetaDensity) else (np.nan, np.nan)
    envelope = CostEnvelope.from_hull(hull_from_counts(counts))
    h = 1.0 - normalized_loss(envelope, pi1, u)
    return HMeasure(float(h), auc, 2.0 * auc - 1.0, ks, a, b, flipped, envelope, pi1, u)


def _check_one_density(**given):
    """Raise unless the density is given one way: a/b, severity_ratio or density."""
    named = [key for key, value in given.items() if value is not None]
    ways = {"b": "a"}  # a and b together are one way
    if len({ways.get(key, key) for key in named}) > 1:
        raise ValueError(
            f"conflicting arguments {', '.join(named)}: give the cost density one way, "
            "either a and b (a Beta density), severity_ratio or density."
        )


def _beta_parameters(a, b, severity_ratio, pi1):
    if severity_ratio is None:
        a = 2.0 if a is None else float(a)
        b = 2.0 if b is None else float(b)
    else:
        try:
            sr = pi1 / (1.0 - pi1) if severity_ratio == "class_ratio" else float(severity_ratio)
        except (TypeError, ValueError):
            sr = np.nan
        if not np.isfinite(sr) or sr <= 0:
            raise ValueError(
                f"severity_ratio must be 'class_ratio' or a number > 0, got {severity_ratio!r}."
            )
        a, b = 2.0, 1.0 + 1.0 / sr
    if not (np.isfinite(a) and np.isfinite(b) and a > 0 and b > 0):
        raise ValueError(f"a and b must be > 0 (a Beta density), got a={a!r}, b={b!r}.")
    return a, b


def _auc_ks(counts):
    """AUC (ties half) and KS from the cumulative counts."""
    neg_le, pos_le = counts.neg_le, counts.pos_le
    n_neg, n_pos = counts.n_neg, counts.n_pos
    neg_in = np.diff(neg_le, prepend=0)
    pos_in = np.diff(pos_le, prepend=0)
    # P(score_pos > score_neg) + 1/2 P(equal) = sum over neg groups of (pos above + pos tied/2)
    above = n_pos - pos_le
    auc = float(np.sum(neg_in * (above + 0.5 * pos_in)) / (n_pos * n_neg))
    ks = float(np.max(np.abs(neg_le / n_neg - pos_le / n_pos)))
    return auc, ks
