"""Breiman's (1996) synthetic benchmarks twonorm, threenorm and ringnorm, as :class:`Dataset`.

Definitions from L. Breiman, "Bias, variance, and arcing classifiers", Technical Report 460,
Statistics Department, University of California, Berkeley (1996), checked against R's mlbench
(``mlbench.twonorm``, ``mlbench.threenorm``, ``mlbench.ringnorm``, mlbench-class.R). All three
are 20-dimensional with two classes, ``"1"`` (negative, Breiman's class 1) and ``"2"`` (positive):

- **twonorm**: class 1 ~ N(a, I), class 2 ~ N(-a, I), a_i = 2/sqrt(20).
  The Bayes rule is linear (``sum(x) > 0`` -> class 1); Bayes error Phi(-2) = 2.28 %.
- **threenorm**: class 1 ~ equal mixture of N(a, I) and N(-a, I), class 2 ~ N(b, I), with
  a_i = 2/sqrt(20) and b = (a_1, -a_2, a_3, -a_4, ...). Bayes error 10.46 % by numerical
  integration (Breiman: 10.5 %).
- **ringnorm**: class 1 ~ N(0, 4I), class 2 ~ N(a, I), a_i = 1/sqrt(20) (mlbench's value).
  Bayes error 1.50 % by numerical integration; Breiman reports 1.3 %.

.. note:: **Two ringnorms.** Delve's generator of the 7400-instance ringnorm
   (``ringnorm/Source/gen`` by M. Revow, read in the copy of Delve's ringnorm folder in
   github.com/covartech/PRT, ``dataGen/dataStorage/ringnorm``; OpenML data set 1496 names Delve
   as its origin) uses a_i = 2/sqrt(20), Bayes error 1.24 %, closer to Breiman's 1.3 %, and
   draws each class with probability 1/2. ``ringnorm(a=2 / np.sqrt(20))`` draws from that
   distribution.

**Sizes and balance.** ``n`` defaults to 7400, the size of the commonly used Delve/UCI/KEEL
versions (Breiman himself used 300 training and 3000 test instances). As in mlbench, exactly
``n // 2`` instances are of class 2 and ``n - n // 2`` of class 1, at random positions; Delve
instead draws each instance's class with probability 1/2, so its class counts vary (its ringnorm
has 3664/3736).

**Randomness.** Everything is drawn from ``numpy.random.default_rng(random_state)``, in this order:
the class-2 positions (a permutation), the N(0, I) noise, then (threenorm only) the mixture
component of every row. The same `n` and `random_state` give the same Dataset on every platform
with the same NumPy bit generator (PCG64).
"""

from __future__ import annotations

import dataclasses
import numbers
from typing import TYPE_CHECKING

import numpy as np

from costlab._docstrings import filler
from costlab.validation import Interval

from ._errors import check_data_param
from ._own import from_arrays

if TYPE_CHECKING:
    from typing import Any

    from costlab.datasets import Dataset

__all__ = ["N_FEATURES", "RINGNORM_A", "ringnorm", "threenorm", "twonorm"]

#: Dimension of Breiman's three problems.
N_FEATURES = 20
#: ringnorm's class-2 mean coordinate as in mlbench (Delve's generator uses 2/sqrt(20)).
RINGNORM_A = 1 / np.sqrt(N_FEATURES)
_FEATURE_NAMES = tuple(f"x{j}" for j in range(1, N_FEATURES + 1))
#: Each problem's title, also its registry entry's (:mod:`._catalogue`).
_TITLES = {
    "twonorm": "Twonorm (Breiman 1996)",
    "threenorm": "Threenorm (Breiman 1996)",
    "ringnorm": "Ringnorm (Breiman 1996)",
}
#: Fills the generators' shared ``%(sample)s`` parameters (:mod:`costlab._docstrings`).
_sample_doc = filler(
    {
        "sample": """\
n : int, default 7400
    Number of instances (at least 2); ``n // 2`` are of class 2.
random_state : int, optional
    Seed of ``numpy.random.default_rng``; default 0."""
    }
)


@_sample_doc
def twonorm(n: int = 7400, *, random_state: Any = 0) -> Dataset:
    """Draw Breiman's twonorm: class 1 ~ N(a, I), class 2 ~ N(-a, I), a_i = 2/sqrt(20).

    .. math:: x \\mid 1 \\sim N(a, I_{20}), \\quad x \\mid 2 \\sim N(-a, I_{20}),
              \\quad a = \\tfrac{2}{\\sqrt{20}} (1, \\dots, 1)

    Parameters
    ----------
    %(sample)s

    Returns
    -------
    Dataset
        ``name="twonorm"``, features ``x1``..``x20`` (float64), labels ``"1"`` (negative) and
        ``"2"`` (positive), ``source="synthetic"``.

    Examples
    --------
    >>> data = twonorm(10, random_state=1)
    >>> data.X.shape, data.class_counts
    ((10, 20), {'1': 5, '2': 5})
    """
    rng, is2 = _start(n, random_state)
    a = np.full(N_FEATURES, 2 / np.sqrt(N_FEATURES))
    X = np.where(is2[:, None], -a, a) + rng.standard_normal((n, N_FEATURES))
    return _dataset("twonorm", X, is2)


@_sample_doc
def threenorm(n: int = 7400, *, random_state: Any = 0) -> Dataset:
    """Draw Breiman's threenorm: class 1 a mixture of N(a, I) and N(-a, I), class 2 N(b, I).

    .. math:: x \\mid 1 \\sim \\tfrac12 N(a, I) + \\tfrac12 N(-a, I), \\quad
              x \\mid 2 \\sim N(b, I), \\quad a = \\tfrac{2}{\\sqrt{20}}(1, \\dots, 1), \\;
              b = \\tfrac{2}{\\sqrt{20}}(1, -1, 1, -1, \\dots)

    Parameters
    ----------
    %(sample)s

    Returns
    -------
    Dataset
        As :func:`twonorm`, ``name="threenorm"``. Each class-1 row's mixture component is a
        fair coin flip.

    Examples
    --------
    >>> threenorm(7, random_state=1).class_counts
    {'1': 4, '2': 3}
    """
    rng, is2 = _start(n, random_state)
    a = np.full(N_FEATURES, 2 / np.sqrt(N_FEATURES))
    b = a * np.resize([1.0, -1.0], N_FEATURES)
    noise = rng.standard_normal((n, N_FEATURES))
    plus = rng.random(n) < 0.5
    means = np.where(is2[:, None], b, np.where(plus[:, None], a, -a))
    return _dataset("threenorm", means + noise, is2)


@_sample_doc
def ringnorm(n: int = 7400, *, random_state: Any = 0, a: Any = RINGNORM_A) -> Dataset:
    """Draw Breiman's ringnorm: class 1 ~ N(0, 4I), class 2 ~ N(a, I), a_i = 1/sqrt(20).

    .. math:: x \\mid 1 \\sim N(0, 4 I_{20}), \\quad x \\mid 2 \\sim N(a, I_{20}),
              \\quad a = \\tfrac{1}{\\sqrt{20}} (1, \\dots, 1)

    Parameters
    ----------
    %(sample)s
    a : float, default :data:`RINGNORM_A` = 1/sqrt(20)
        Every coordinate of the class-2 mean. mlbench uses 1/sqrt(20); Delve's 7400-instance
        ringnorm uses 2/sqrt(20) (see the module notes).

    Returns
    -------
    Dataset
        As :func:`twonorm`, ``name="ringnorm"``.

    Examples
    --------
    >>> data = ringnorm(1000, random_state=1)
    >>> bool(data.X[data.y == "1"].to_numpy().std() > 1.8)   # class 1 has sd 2
    True
    """
    rng, is2 = _start(n, random_state)
    noise = rng.standard_normal((n, N_FEATURES))
    X = np.where(is2[:, None], float(a) + noise, 2.0 * noise)
    return _dataset("ringnorm", X, is2)


_AT_LEAST_TWO = Interval(numbers.Integral, 2, None, closed="left")


def _start(n, random_state):
    """Validate `n`; return the generator and the class-2 indicator (exactly n // 2 rows)."""
    check_data_param("n", n, _AT_LEAST_TWO, note="both classes present")
    rng = np.random.default_rng(random_state)
    is2 = np.zeros(int(n), dtype=bool)
    is2[rng.permutation(int(n))[: int(n) // 2]] = True
    return rng, is2


def _dataset(name, X, is2):
    """Wrap a generated sample as a Dataset with labels "1"/"2" and source "synthetic"."""
    return generated_dataset(
        X, is2, ("1", "2"), feature_names=_FEATURE_NAMES, name=name, title=_TITLES[name]
    )


def generated_dataset(X, is_positive, labels, *, feature_names, name, title):
    """Wrap a generated sample as a :class:`Dataset` with source ``"synthetic"``.

    Parameters
    ----------
    X : ndarray of shape (n, n_features)
    is_positive : ndarray of bool, shape (n,)
        Which rows are of the positive class.
    labels : (str, str)
        The negative and the positive class's labels.
    feature_names : sequence of str
    name, title : str
        The Dataset's.

    Returns
    -------
    Dataset
    """
    negative, positive = labels
    data = from_arrays(
        X,
        np.where(is_positive, positive, negative).astype(object),
        negative=negative,
        positive=positive,
        feature_names=feature_names,
        name=name,
        title=title,
    )
    return dataclasses.replace(data, source="synthetic")
