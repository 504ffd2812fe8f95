"""The four 2-D two-class problems of Landgrebe et al. (2004), as :class:`Dataset`.

T. Landgrebe, P. Paclik, D. M. J. Tax, S. Verzakov and R. P. W. Duin, "Cost-based classifier
evaluation for imbalanced problems" (2004), section 4: 1500 examples per class of
*TwoGaussians*, *Highleyman*, *Multimodal* and *Lithuanian*, "all computed under the prtools
library" (Duin, PRTools). The paper prints no parameters; where they come from:

- **two_gaussians**: "two overlapping homogenous Gaussian classes with equal covariance
  matrices" with a Bayes error "around 15.3 %". Laid out as PRTools' ``gendats`` (identity
  covariances, means 0 and (d, 0)) with d solved from the Bayes error, Phi(-d/2) = 0.153:
  d = -2 Phi^{-1}(0.153) = 2.0473. (``gendats``' own default d = 2 gives Phi(-1) = 15.87 %.)
- **highleyman**: PRTools ``gendath``: class 1 ~ N((1, 1), diag(1, 0.25)),
  class 2 ~ N((2, 0), diag(0.01, 4)). Bayes error 5.547 % (one-dimensional quadrature).
- **lithuanian**: PRTools ``gendatl`` (Raudys's definition): angle u ~ U(-pi/3, pi/3), class 1
  at radius 10, class 2 at radius 6.2, i.e. r (cos u, sin u), plus N(0, s^2 I) noise with
  s = 1. Bayes error 2.918 % (grid integration, s = 1).
- **multimodal**: Landgrebe et al. say only "two modes corresponding to the first class, and three
  to the second"; the modes are ours (Fig. 5 is not readable in our copy): equal-weight N(m, I)
  modes, class 1 at (-3, 0) and (3, 0), class 2 at (-6, 0), (0, -2) and (6, 0). Bayes error
  8.31 % (grid integration). Chosen so the paper's ranking shows: at a true-positive rate of
  80 % (equal training priors) a linear discriminant lets through about 57 % of class 2, a
  quadratic one about 20 %, a two/three-component Gaussian mixture about 3 % (the Bayes rule:
  3.1 %); Landgrebe et al.'s Table 2 (P(C_t) = 0.001) has 58.0 %, 20.5 %, 2.4 % (MOGC), 1.9 %
  (Parzen).

PRTools read in github.com/bobduin/PRTools (PRTools 5.4.2, 26-Nov-2018, commit b830c18):
``gendath.m`` ($Id v1.5 2009/01/27), ``gendatl.m`` ($Id v1.3 2007/06/19), ``gendats.m`` ($Id v1.3
2009/01/27). The paper used PRTools 3/4; an older ``gendatl(na, nb, s)`` seen in the code index
(repository not identified) has the same radii, arc and noise but reuses one set of angles for
both classes (the same distribution per class; rows paired across classes). Here the two classes
are independent, as in 5.4.2.

**Target class.** Landgrebe et al.'s target C_t (the positive class) is PRTools' class 1 in all four
problems; labels ``"target"`` (positive) and ``"non-target"`` (negative). For Highleyman this
orientation is the one Table 2 implies: the Bayes rule reaches 80 % of class 1 with 0.0011 %
of class 2 (QDC's printed POSfrac 40.00 %, 8.00 %, 0.08 % means a false-positive rate of 0),
whereas 80 % of class 2 costs 2.3 % of class 1. For Lithuanian (0.16 %) and TwoGaussians (11.4 %)
it makes no difference; for Multimodal the text fixes it ("two modes corresponding to the first
class"). TwoGaussians' Bayes 11.4 % fits Table 2 (Parzen: FPr 11.2 %, LDC 12.2 %, from POSfrac at
P(C_t) = 0.5) better than ``gendats``' d = 2 would (Bayes 12.3 %).

**Sizes and randomness.** Exactly `n_per_class` instances per class (Landgrebe et al.: 1500), at
random row positions. Everything is drawn from ``numpy.random.default_rng(random_state)`` in this
order: the target positions (a permutation), then the generator's own draws in the order its
docstring gives. Features ``x1``, ``x2`` (float64); ``source="synthetic"``.
"""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING

import numpy as np

from costlab._docstrings import filler
from costlab.validation import Interval

from ._errors import DatasetError, check_data_param
from ._synthetic import generated_dataset

if TYPE_CHECKING:
    from typing import Any

    from costlab.datasets import Dataset

__all__ = [
    "HIGHLEYMAN_COVARIANCES",
    "HIGHLEYMAN_MEANS",
    "LITHUANIAN_ARC",
    "LITHUANIAN_RADII",
    "MULTIMODAL_NON_TARGET_MODES",
    "MULTIMODAL_TARGET_MODES",
    "N_PER_CLASS",
    "NON_TARGET",
    "TARGET",
    "TWO_GAUSSIANS_BAYES_ERROR",
    "TWO_GAUSSIANS_DISTANCE",
    "highleyman",
    "lithuanian",
    "multimodal",
    "two_gaussians",
    "two_gaussians_bayes_error",
]

#: Examples per class in Landgrebe et al.'s experiments (section 4).
N_PER_CLASS = 1500
#: Labels: Landgrebe et al.'s target class C_t (positive, PRTools' class 1) and the non-target one.
TARGET, NON_TARGET = "target", "non-target"
#: TwoGaussians' Bayes error as Landgrebe et al. state it ("around 15.3 %").
TWO_GAUSSIANS_BAYES_ERROR = 0.153
#: Distance between the TwoGaussians means: -2 Phi^{-1}(0.153), so Phi(-d/2) = 15.3 %.
TWO_GAUSSIANS_DISTANCE = 2.0473026231121763
#: gendath's class means (target, non-target).
HIGHLEYMAN_MEANS = ((1.0, 1.0), (2.0, 0.0))
#: gendath's class covariance matrices (target, non-target), both diagonal.
HIGHLEYMAN_COVARIANCES = (((1.0, 0.0), (0.0, 0.25)), ((0.01, 0.0), (0.0, 4.0)))
#: gendatl's arc radii (target, non-target).
LITHUANIAN_RADII = (10.0, 6.2)
#: gendatl's arc: angles uniform on (-LITHUANIAN_ARC / 2, LITHUANIAN_ARC / 2) = (-pi/3, pi/3).
LITHUANIAN_ARC = 2 * math.pi / 3
#: Multimodal's target modes (identity covariance, equal weights); our choice.
MULTIMODAL_TARGET_MODES = ((-3.0, 0.0), (3.0, 0.0))
#: Multimodal's non-target modes (identity covariance, equal weights); our choice.
MULTIMODAL_NON_TARGET_MODES = ((-6.0, 0.0), (0.0, -2.0), (6.0, 0.0))

_FEATURE_NAMES = ("x1", "x2")
#: Fills the generators' shared ``%(sample)s`` parameters (:mod:`costlab._docstrings`).
_sample_doc = filler(
    {
        "sample": """\
n_per_class : int, default 1500
    Instances of each class (at least 1).
random_state : int, numpy Generator or None, default 0
    Seed of ``numpy.random.default_rng``."""
    }
)

#: Each problem's title, also its registry entry's (:mod:`._catalogue`).
_TITLES = {
    "two_gaussians": "TwoGaussians (Landgrebe et al. 2004)",
    "highleyman": "Highleyman (PRTools gendath)",
    "lithuanian": "Lithuanian (PRTools gendatl)",
    "multimodal": "Multimodal (Landgrebe et al. 2004; our modes)",
}


@_sample_doc
def two_gaussians(
    n_per_class: int = N_PER_CLASS,
    *,
    random_state: Any = 0,
    distance: float = TWO_GAUSSIANS_DISTANCE,
) -> Dataset:
    """Draw TwoGaussians: N(0, I) targets and N((d, 0), I) non-targets, Bayes error 15.3 %.

    .. math:: x \\mid t \\sim N(0, I_2), \\quad x \\mid n \\sim N((d, 0), I_2), \\quad
              \\text{Bayes error} = \\Phi(-d/2), \\quad d = -2\\,\\Phi^{-1}(0.153) = 2.0473

    Landgrebe et al. 2004, section 4 ("equal covariance matrices", Bayes error "around 15.3 %"), in
    the layout of PRTools' ``gendats``. The Bayes rule is ``x1 < d/2`` -> target. Draws: the
    positions, then N(0, I) noise for every row.

    Parameters
    ----------
    %(sample)s
    distance : float, default :data:`TWO_GAUSSIANS_DISTANCE`
        Distance d >= 0 between the class means (along ``x1``).

    Returns
    -------
    Dataset
        ``name="two_gaussians"``, features ``x1``, ``x2``, labels ``"non-target"`` (negative)
        and ``"target"`` (positive), ``source="synthetic"``.

    Examples
    --------
    >>> data = two_gaussians(4, random_state=1)
    >>> data.X.shape, data.class_counts
    ((8, 2), {'non-target': 4, 'target': 4})
    >>> round(two_gaussians_bayes_error(), 4)
    0.153
    """
    d = _nonnegative(distance, "distance")
    rng, is_target = _start(n_per_class, random_state)
    X = np.where(is_target[:, None], 0.0, [d, 0.0]) + rng.standard_normal((is_target.size, 2))
    return _dataset("two_gaussians", X, is_target)


def two_gaussians_bayes_error(distance: float = TWO_GAUSSIANS_DISTANCE) -> float:
    """Bayes error of two equal-prior Gaussians N(a, I) and N(b, I) with ``|a - b|`` = `distance`.

    .. math:: \\varepsilon^* = \\Phi(-d/2) = \\tfrac12 \\operatorname{erfc}(d / (2\\sqrt2))

    Parameters
    ----------
    distance : float, default :data:`TWO_GAUSSIANS_DISTANCE`
        Distance d >= 0 between the means (Mahalanobis distance for a shared covariance).

    Returns
    -------
    float
        In [0, 0.5]; 0.5 at d = 0.

    Examples
    --------
    >>> two_gaussians_bayes_error(0.0)
    0.5
    >>> round(two_gaussians_bayes_error(2.0), 4)     # Phi(-1), PRTools gendats' default d = 2
    0.1587
    """
    d = _nonnegative(distance, "distance")
    return 0.5 * math.erfc(d / (2 * math.sqrt(2)))


@_sample_doc
def highleyman(n_per_class: int = N_PER_CLASS, *, random_state: Any = 0) -> Dataset:
    """Draw the Highleyman classes as PRTools' ``gendath`` defines them.

    .. math:: x \\mid t \\sim N\\big((1, 1), \\operatorname{diag}(1, 0.25)\\big), \\quad
              x \\mid n \\sim N\\big((2, 0), \\operatorname{diag}(0.01, 4)\\big)

    Bayes error 5.547 % (equal priors). Draws: the positions, then N(0, I) noise for every row,
    scaled by each class's standard deviations.

    Parameters
    ----------
    %(sample)s

    Returns
    -------
    Dataset
        As :func:`two_gaussians`, ``name="highleyman"``; the target is ``gendath``'s class 1.

    Examples
    --------
    >>> data = highleyman(2000, random_state=1)
    >>> X = data.X[data.y == "non-target"].to_numpy()
    >>> bool(abs(X[:, 0].std() - 0.1) < 0.01)      # non-target x1 has sd sqrt(0.01)
    True
    """
    rng, is_target = _start(n_per_class, random_state)
    (mean_t, mean_n), (cov_t, cov_n) = np.array(HIGHLEYMAN_MEANS), np.array(HIGHLEYMAN_COVARIANCES)
    sd_t, sd_n = np.sqrt(np.diag(cov_t)), np.sqrt(np.diag(cov_n))
    noise = rng.standard_normal((is_target.size, 2))
    X = np.where(is_target[:, None], mean_t + sd_t * noise, mean_n + sd_n * noise)
    return _dataset("highleyman", X, is_target)


@_sample_doc
def lithuanian(
    n_per_class: int = N_PER_CLASS, *, random_state: Any = 0, noise: float = 1.0
) -> Dataset:
    """Draw the Lithuanian classes as PRTools' ``gendatl`` defines them (after Raudys).

    Two concentric arcs ("sausages") of 120 degrees about the ``x1`` axis, blurred by Gaussian
    noise:

    .. math:: x = r_k (\\cos u, \\sin u) + s\\,z, \\quad u \\sim U(-\\pi/3, \\pi/3), \\quad
              z \\sim N(0, I_2), \\quad r_t = 10, \\; r_n = 6.2

    Bayes error 2.918 % at s = 1. Draws: the positions, then u (uniform) for every row, then
    z for every row.

    Parameters
    ----------
    %(sample)s
    noise : float, default 1.0
        Standard deviation s >= 0 of the noise (``gendatl``'s S, default 1); 0 puts every point
        on its arc.

    Returns
    -------
    Dataset
        As :func:`two_gaussians`, ``name="lithuanian"``; the target is ``gendatl``'s class 1,
        the outer arc.

    Examples
    --------
    >>> data = lithuanian(3, random_state=1, noise=0.0)
    >>> radius = np.hypot(data.X["x1"], data.X["x2"]).round(9)
    >>> sorted(set(radius[data.y == "target"])), sorted(set(radius[data.y == "non-target"]))
    ([10.0], [6.2])
    """
    s = _nonnegative(noise, "noise")
    rng, is_target = _start(n_per_class, random_state)
    u = LITHUANIAN_ARC * (rng.random(is_target.size) - 0.5)
    radius = np.where(is_target, *LITHUANIAN_RADII)
    arc = radius[:, None] * np.column_stack([np.cos(u), np.sin(u)])
    X = arc + s * rng.standard_normal((is_target.size, 2))
    return _dataset("lithuanian", X, is_target)


@_sample_doc
def multimodal(n_per_class: int = N_PER_CLASS, *, random_state: Any = 0) -> Dataset:
    """Draw Multimodal: two target modes and three non-target modes (our parameters).

    .. math:: x \\mid t \\sim \\tfrac12 \\sum_{m \\in M_t} N(m, I_2), \\quad
              x \\mid n \\sim \\tfrac13 \\sum_{m \\in M_n} N(m, I_2),

    with :math:`M_t = \\{(-3, 0), (3, 0)\\}` and :math:`M_n = \\{(-6, 0), (0, -2), (6, 0)\\}`:
    the target modes sit between the non-target ones, so a linear boundary fails and a
    quadratic one only half succeeds. Bayes error 8.31 %. Landgrebe et al. fix only the number of
    modes per class; see the module notes. Draws: the positions, then a target mode for every
    row (fair, 2 modes), then a non-target mode for every row (fair, 3 modes), each row keeping
    its own class's, then N(0, I) noise for every row.

    Parameters
    ----------
    %(sample)s

    Returns
    -------
    Dataset
        As :func:`two_gaussians`, ``name="multimodal"``.

    Examples
    --------
    >>> data = multimodal(3000, random_state=1)
    >>> x1 = data.X["x1"][data.y == "target"]
    >>> bool(abs((x1 > 0).mean() - 0.5) < 0.03)     # half the targets in each mode
    True
    """
    rng, is_target = _start(n_per_class, random_state)
    modes_t, modes_n = np.array(MULTIMODAL_TARGET_MODES), np.array(MULTIMODAL_NON_TARGET_MODES)
    size = is_target.size
    mode_t = rng.integers(len(modes_t), size=size)
    mode_n = rng.integers(len(modes_n), size=size)
    centres = np.where(is_target[:, None], modes_t[mode_t], modes_n[mode_n])
    X = centres + rng.standard_normal((size, 2))
    return _dataset("multimodal", X, is_target)


def _start(n_per_class, random_state):
    """Validate the size and seed; return the generator and the target indicator."""
    check_data_param("n_per_class", n_per_class, Interval(numbers.Integral, 1, None, closed="left"))
    try:
        rng = np.random.default_rng(random_state)
    except (TypeError, ValueError) as exc:
        raise DatasetError(
            "random_state must be None, a non-negative integer, a numpy SeedSequence or "
            f"Generator, got {random_state!r}"
        ) from exc
    n = int(n_per_class)
    is_target = np.zeros(2 * n, dtype=bool)
    is_target[rng.permutation(2 * n)[:n]] = True
    return rng, is_target


def _nonnegative(value, name):
    """Return `value` as a float, or raise naming `name` unless it is finite and >= 0."""
    return float(check_data_param(name, value, Interval(numbers.Real, 0, math.inf, closed="left")))


def _dataset(name, X, is_target):
    """Wrap a sample as a Dataset labelled "non-target"/"target" with source "synthetic"."""
    return generated_dataset(
        X,
        is_target,
        (NON_TARGET, TARGET),
        feature_names=_FEATURE_NAMES,
        name=name,
        title=_TITLES[name],
    )
