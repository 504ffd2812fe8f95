"""Approximate two-class gains, vectorised (numba): a filter for J48's exact cut search.

The exact gain of a cut (:func:`costlab.classifiers._weka.j48_two_class._gain_binary`) takes six
``x ln x`` through the C library's ``log``, one cut at a time, about 60 cycles a cut. Here
the same sums in the same order are taken with :func:`_xlnx_approx`, a logarithm of
multiplications and additions only, so that the compiler vectorises the loop over cuts
(about 4 ns a cut on long runs of cuts). The split search uses these values only to decide
which cuts cannot win; the cuts that can are evaluated exactly (see
:func:`~costlab.classifiers._weka.j48_two_class._numeric_binary`), so the trees are the same
bit for bit.

**How far from the exact gain.** :func:`_xlnx_approx` is within 6e-12 x + 1e-15 x |ln x|
of ``x * log(x)``: its polynomial is within 5.7e-12 of ``ln`` on the reduced range
(measured on 2 million points), the rest is rounding. The six terms of a gain weigh the
class and bag weights on both sides; the class weights add up to the node's known weight
K, and so do the bag weights, so the entropy sum is off by at most 2 K 6e-12 plus the
rounding (a few ulps of terms of size K |ln K|); the gain divides it by the node's weight
W >= K and by ln 2: at most 1.8e-11 plus ~1e-15 |ln K|. The rounding of the exact sums is
of the same order. :data:`APPROX_ERROR` = 1e-9 is thus a bound with a wide margin;
``tests/classifiers/test_j48_approx.py`` checks both errors (measured: 1.4e-11 at most).

Fast-math flags allow fused multiply-adds and the vectorised loop but no reassociation, so
the weights compared with Weka's 1e-6 threshold (``x < 1e-6`` counts as 0) are the exact
search's to the bit.
"""

from __future__ import annotations

from numba import njit, types
from numba.extending import intrinsic

from .j48_numerics import LN2

__all__ = ["APPROX_ERROR", "approx_gains"]

#: Bound on |approximate gain - exact gain| (see the module docstring).
APPROX_ERROR = 1e-9

#: LLVM fast-math flags of the approximations: fused multiply-adds, no NaN or infinity
#: checks, and no reassociation (sums keep their order).
_FLAGS = {"contract", "arcp", "nnan", "ninf", "nsz"}
_SQRT_HALF_BITS = 0x3FE6A09E667F3BCD  # the IEEE 754 bits of sqrt(1/2)
_LN2 = 0.6931471805599453
_INV_LN2 = 1.0 / LN2


@intrinsic
def _bits(typingctx, x):  # pragma: no cover - compiled
    """The IEEE 754 bits of a float64, as an int64."""

    def codegen(context, builder, signature, args):
        """LLVM IR: the argument's bits reinterpreted as an int64."""
        return builder.bitcast(args[0], context.get_value_type(types.int64))

    return types.int64(types.float64), codegen


@intrinsic
def _float(typingctx, x):  # pragma: no cover - compiled
    """The float64 whose IEEE 754 bits are an int64."""

    def codegen(context, builder, signature, args):
        """LLVM IR: the argument's bits reinterpreted as a float64."""
        return builder.bitcast(args[0], context.get_value_type(types.float64))

    return types.float64(types.int64), codegen


#: ln(1 + f) / f on [sqrt(1/2) - 1, sqrt(2) - 1], degree 12, fitted on Chebyshev nodes
#: (``numpy.polynomial.chebyshev.chebfit``, then the power basis); times f it is within
#: 5.7e-12 of ln(1 + f) there (measured on 2 million points).
_Q = (
    0.9999999999858762, -0.5000000002882415, 0.33333334338479026, -0.24999994197337902,
    0.19999880754784483, -0.16666936658187392, 0.14290995826670183, -0.1249764880710432,
    0.11005071468181235, -0.09921063894936309, 0.10031802534351304, -0.0990810561995171,
    0.053729739597800884,
)  # fmt: skip
_Q0, _Q1, _Q2, _Q3, _Q4, _Q5, _Q6, _Q7, _Q8, _Q9, _Q10, _Q11, _Q12 = _Q


@njit(inline="always", fastmath=_FLAGS, error_model="numpy", cache=True)
def _xlnx_approx(x):  # pragma: no cover - compiled
    """``x ln x``, 0 for ``x < 1e-6`` (Weka's ``lnFunc``), within 6e-12 x + 1e-15 x |ln x|.

    ``x = (1 + f) 2^e`` with ``1 + f`` in [sqrt(1/2), sqrt(2)) (from the bits, no call) and
    ``ln(1 + f) = f q(f)``, ``q`` the polynomial :data:`_Q`: multiplications and additions
    only, which the compiler vectorises (a division would bound the loop's speed).
    """
    xx = x if x > 1e-6 else 1e-6
    e = (_bits(xx) - _SQRT_HALF_BITS) >> 52
    f = _float(_bits(xx) - (e << 52)) - 1.0
    q = _Q12
    q = q * f + _Q11
    q = q * f + _Q10
    q = q * f + _Q9
    q = q * f + _Q8
    q = q * f + _Q7
    q = q * f + _Q6
    q = q * f + _Q5
    q = q * f + _Q4
    q = q * f + _Q3
    q = q * f + _Q2
    q = q * f + _Q1
    q = q * f + _Q0
    return 0.0 if x < 1e-6 else x * (f * q + e * _LN2)


@njit(inline="always", fastmath=_FLAGS, error_model="numpy", cache=True)
def _gain_approx(l0, l1, p0, p1, inv_weight, old_ent):  # pragma: no cover - compiled
    """The gain of a cut with class weights ``l0``, ``l1`` on its left, as
    :func:`~costlab.classifiers._weka.j48_two_class._gain_binary` takes it but with
    :func:`_xlnx_approx` for ``x ln x`` and without a division: its
    ``(1 - (weight - known) / weight) * (old_ent - new_ent) / known`` is
    ``(old_ent - new_ent) / weight``. The exact gain is 0 where its numerator, the gain times
    ``known``, is within 1e-6 of 0; here only where it is so by more than
    ``APPROX_ERROR * known`` (its error bound), so that the approximation is never below the
    exact gain by more than ``APPROX_ERROR`` (it may be above a gain set to 0, which costs
    an exact evaluation at most)."""
    r0, r1 = p0 - l0, p1 - l1
    known = (((0.0 + l0) + l1) + r0) + r1
    cells = ((_xlnx_approx(l0) + _xlnx_approx(l1)) + _xlnx_approx(r0)) + _xlnx_approx(r1)
    bags = _xlnx_approx((0.0 + l0) + l1) + _xlnx_approx((0.0 + r0) + r1)
    gain = (old_ent + (cells - bags) * _INV_LN2) * inv_weight
    return 0.0 if abs(gain * known) < 1e-6 - APPROX_ERROR * known else gain


@njit(fastmath=_FLAGS, error_model="numpy", cache=True)
def approx_gains(left0, left1, first, n_cuts, p0, p1, weight, old_ent, out):  # pragma: no cover
    """Approximate gains of cuts ``first`` to ``first + n_cuts - 1``, whose class weights on
    the left are ``left0[i]``, ``left1[i]``, into ``out[i]``; returns the largest (0 if
    none is positive).

    ``p0``, ``p1``: the node's known weight per class; ``weight``: its total weight;
    ``old_ent``: its class entropy (as :func:`_gain_binary` takes them). The largest is taken
    on the gains' bits as integers, which order non-negative floats as the floats do (a
    float maximum would keep the loop from being vectorised).
    """
    largest = 0
    inv_weight = 1.0 / weight
    # zero-based on slices: an index that may be negative (wrapped around) would keep the
    # loads from being vectorised
    a0, a1, into = left0[first : first + n_cuts], left1[first : first + n_cuts], out[first:]
    for i in range(n_cuts):
        gain = _gain_approx(a0[i], a1[i], p0, p1, inv_weight, old_ent)
        into[i] = gain
        largest = max(largest, _bits(gain))
    return _float(largest)
