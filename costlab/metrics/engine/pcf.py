"""PCF(+), the x axis of a cost curve, and its conversions: the one home of D&H eq. 6.

Source: C. Drummond and R. C. Holte, *Explicitly Representing Expected Cost: An Alternative to
ROC Representation*, KDD 2000 (cited "D&H" with the equation number). The probability-cost
function folds the positive class's prior p(+) and the two misclassification costs into one
number (D&H eq. 6)

.. math:: PCF(+) = \\frac{p(+) C(-|+)}{p(+) C(-|+) + (1 - p(+)) C(+|-)}

Every conversion between PCF(+), a prior and a cost proportion in costlab is this one formula,
:func:`_pcf`:

- :func:`probability_cost`: PCF(+) from p(+) and the costs;
- :func:`prior_from_probability_cost`: the prior p(+) from PCF(+) and the costs (eq. 6 solved for
  p(+), which is eq. 6 with the two costs swapped);
- :func:`pcf_cost_proportion`: with normalised costs ``C(+|-) = c`` and ``C(-|+) = 1 - c``
  (the thesis's FPcost r = c, Hand's and Johnson et al.'s cost ratio c), PCF(+) from c and,
  the map being its own inverse, c from PCF(+).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics._validation import check_bool, check_open_unit, check_positive_costs

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["pcf_cost_proportion", "prior_from_probability_cost", "probability_cost"]


def _pcf(p, c_fn, c_fp):
    """D&H eq. 6, unchecked: :math:`p C(-|+) / (p C(-|+) + (1 - p) C(+|-))`, elementwise."""
    return p * c_fn / (p * c_fn + (1.0 - p) * c_fp)


def probability_cost(p_pos: ArrayLike, fn_cost: Any, fp_cost: Any) -> Any:
    """PCF(+) from the positive class's prior and the two misclassification costs.

    .. math:: PCF(+) = \\frac{p(+) C(-|+)}{p(+) C(-|+) + (1 - p(+)) C(+|-)}

    (D&H eq. 6; the lecture notes on cost curves call it PC(+) with :math:`\\pi_+`,
    :math:`cost_{FN}`, :math:`cost_{FP}`). With equal costs it is p(+); with equal priors it is
    the normalised FNcost of the thesis.

    Parameters
    ----------
    p_pos : float or array-like
        p(+), the prior of the positive class, in (0, 1).
    fn_cost, fp_cost : float or array-like
        ``C(-|+)``, the cost of a false negative, and ``C(+|-)``, of a false positive; both > 0.

    Examples
    --------
    >>> probability_cost(0.5, fn_cost=4, fp_cost=1)
    0.8
    >>> probability_cost(0.1, fn_cost=1, fp_cost=1)
    0.1
    """
    p = check_open_unit(p_pos, "p_pos")
    c_fn = check_positive_costs(fn_cost, "fn_cost")
    c_fp = check_positive_costs(fp_cost, "fp_cost")
    value = _pcf(p, c_fn, c_fp)
    return float(value) if np.ndim(value) == 0 else value


def prior_from_probability_cost(
    pcf: ArrayLike, fn_cost: Any, fp_cost: Any, *, clip: bool = False
) -> Any:
    """The target prior P(C_t) that gives probability cost ``pcf`` with the given costs.

    The inverse of D&H eq. 6, :math:`PCF(+) = p C(-|+) / (p C(-|+) + (1 - p) C(+|-))`:

    .. math:: p = \\frac{PCF(+) \\, C(+|-)}{PCF(+) \\, C(+|-) + (1 - PCF(+)) \\, C(-|+)}

    so that a point of a cost curve can be read as a prior of a POSfrac curve and back.

    Parameters
    ----------
    pcf : float or array-like
        PCF(+), strictly between 0 and 1.
    fn_cost, fp_cost : float or array-like
        ``C(-|+)`` and ``C(+|-)``, both > 0.
    clip : bool, default False
        Clip ``pcf`` to [0, 1] instead of checking it (0 and 1 give priors 0 and 1), as an
        axis transform needs (the prior axis of :class:`~costlab.plotting.CostCurveDisplay`).

    Examples
    --------
    >>> prior_from_probability_cost(0.5, fn_cost=9, fp_cost=1)  # 1 target in 10 at 9:1 costs
    0.1
    >>> prior_from_probability_cost([-0.1, 0.2, 1.0], fn_cost=4, fp_cost=1, clip=True).tolist()
    [0.0, 0.058823529411764705, 1.0]
    """
    if check_bool(clip, "clip"):
        x = np.clip(np.asarray(pcf, dtype=np.float64), 0.0, 1.0)
    else:
        x = check_open_unit(pcf, "pcf")
    c_fn = check_positive_costs(fn_cost, "fn_cost")
    c_fp = check_positive_costs(fp_cost, "fp_cost")
    value = _pcf(x, c_fp, c_fn)  # eq. 6 with the two costs swapped
    return float(value) if np.ndim(value) == 0 else value


def pcf_cost_proportion(x: ArrayLike, p_pos: ArrayLike) -> Any:
    """PCF(+) of the cost proportion ``x`` at prior ``p_pos``, and the cost proportion of PCF(+).

    With normalised costs ``C(+|-) = c`` (the thesis's FPcost r) and ``C(-|+) = 1 - c``, D&H
    eq. 6 is

    .. math:: PCF(+) = \\frac{p (1 - c)}{p (1 - c) + (1 - p) c}

    and solving it for c gives the same map, :math:`c = p (1 - PCF) / (p (1 - PCF) + (1 - p) PCF)`:
    one function converts both ways (Johnson, Raeder & Chawla 2015, sec. 2.3, write it as
    :math:`c(x) = \\pi_1 (1 - x) / (\\pi_1 (1 - x) + \\pi_0 x)`). Unchecked: ``x`` in [0, 1] and
    ``p_pos`` in (0, 1) are the caller's business (the ends 0 and 1 map to 1 and 0).

    Parameters
    ----------
    x : float or array-like
        A cost proportion c, or PCF(+).
    p_pos : float or array-like
        p(+), the positive class's prior (Johnson et al.'s :math:`\\pi_1`).

    Examples
    --------
    With equal priors PCF(+) = FNcost = 1 - FPcost:

    >>> pcf_cost_proportion(0.25, 0.5)
    0.75
    >>> round(pcf_cost_proportion(pcf_cost_proportion(0.3, 0.1), 0.1), 12)
    0.3
    """
    value = _cost_proportion_pcf(x, p_pos)
    return float(value) if np.ndim(value) == 0 else value


def _cost_proportion_pcf(x, p_pos):
    """:func:`pcf_cost_proportion` as numpy returns it (a numpy scalar for a scalar ``x``)."""
    x = np.asarray(x, dtype=np.float64)
    return _pcf(p_pos, 1.0 - x, x)
