"""The deployment prior, estimated from unlabelled scores, with a bootstrap interval.

A classifier meets at deployment a class prior nobody told it. Three estimators of
:math:`\\pi' = P'(+)`, the positive class's prior in a batch of unlabelled instances, from the
classifier's scores on that batch:

* **EM** (:func:`em_prior`; Saerens, Latinne & Decaestecker 2002, their EM update).
  The scores are the posteriors :math:`p_i = P(+ \\mid x_i)` of a classifier calibrated at the
  training prior :math:`\\pi`. Under a pure prior shift (the class-conditional densities stay),
  the posteriors at prior :math:`\\pi'` are

  .. math:: p_i' = \\frac{(\\pi'/\\pi)\\, p_i}{(\\pi'/\\pi)\\, p_i + ((1-\\pi')/(1-\\pi))(1-p_i)}

  and the EM step sets :math:`\\pi' \\leftarrow \\frac1n \\sum_i p_i'`, from
  :math:`\\pi' = \\pi`. The log-likelihood of the batch,
  :math:`\\sum_i \\log(\\pi' a_i + (1-\\pi') b_i)` with :math:`a_i = p_i/\\pi`,
  :math:`b_i = (1-p_i)/(1-\\pi)`, is concave in :math:`\\pi'`, so the iteration's limit is its
  unique maximum in [0, 1]; that limit is computed directly, by Newton's method on the
  likelihood's derivative inside a bracket (tested against the EM iteration and a direct
  maximisation), because near a prior of 0 the EM steps shrink so slowly that thousands
  are needed.
* **Black-box shift estimation** (:func:`bbse_prior`; Lipton, Wang & Smola 2018, BBSE,
  with the soft confusion matrix). On labelled data from the training distribution,
  :math:`\\hat C_{jk} = \\hat P(\\hat y = j, y = k)` with the probabilities as soft
  predictions; on the batch, :math:`\\hat\\mu_j = \\hat P'(\\hat y = j)`. Then
  :math:`\\hat w = \\hat C^{-1} \\hat\\mu` and :math:`\\pi' = \\hat w_+ \\hat P(+)`. With two
  classes this is :math:`(\\bar s' - \\bar s_-)/(\\bar s_+ - \\bar s_-)`, the mean score of the
  batch placed between the mean scores of the labelled negatives and positives.
* **Adjusted classify and count** (:func:`acc_prior`; Forman 2008): the fraction
  :math:`q` of the batch scored at or above ``threshold``, corrected by the rates measured on
  labelled data, :math:`\\pi' = (q - FPR)/(TPR - FPR)`. Lipton et al.'s BBSE with hard
  predictions is this estimator.

The last two need labelled data (``y_true``, ``y_score``) but no calibration; EM needs
calibrated probabilities but no labels beyond the training prior. All three are clipped to
[0, 1]; where an estimate of exactly 0 or 1 must be read as a prior (a cost, a threshold),
:func:`clip_prior` moves it just inside (0, 1), the one place that does.

:func:`estimate_prior` runs one of them and adds a percentile bootstrap interval: B resamples of
the batch (with replacement) and, where the estimator reads labelled data, of each class of the
labelled data apart (the class sizes, hence :math:`\\hat P(+)`, kept). Every replicate has its
own resample of each of them, whatever their sizes. EM's resamples of the batch are multinomial
counts over its rows; BBSE and ACC need only each resample's mean. Both are drawn in
memory-bounded blocks, seeded (one stream each for the batch and the two classes), and do not
depend on how the work is blocked.

References: M. Saerens, P. Latinne and C. Decaestecker, *Adjusting the outputs of a classifier
to new a priori probabilities: a simple procedure*, Neural Computation 14(1), 2002;
Z. C. Lipton, Y.-X. Wang and A. J. Smola, *Detecting and correcting for label shift with black
box predictors*, ICML 2018; G. Forman, *Quantifying counts and costs via classification*, Data
Mining and Knowledge Discovery 17(2), 2008.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from costlab.metrics._validation import (
    check_labels_scores,
    check_open_unit,
    check_probability_scores,
    check_random_state,
    check_resampling,
)

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = [
    "PRIOR_METHODS",
    "PriorEstimate",
    "acc_prior",
    "bbse_prior",
    "clip_prior",
    "em_prior",
    "estimate_prior",
]

PRIOR_METHODS = ("em", "bbse", "acc")
"""Names of the estimators :func:`estimate_prior` runs."""

_MARGIN = 1e-12  # how far inside (0, 1) clip_prior moves a prior of exactly 0 or 1
_CHUNK = 4_000_000  # cells (resamples x rows) of one block of EM's bootstrap counts


@dataclass(frozen=True)
class PriorEstimate:
    """A deployment prior estimated from unlabelled scores, with its bootstrap interval.

    Attributes
    ----------
    prior : float
        The estimate of :math:`P'(+)` on the unlabelled batch.
    low, high : float
        Percentile bootstrap interval at ``confidence``.
    confidence : float
        The interval's nominal coverage.
    method : str
        ``"em"``, ``"bbse"`` or ``"acc"``.
    replicates : ndarray of shape (n_resamples,)
        The estimate on each bootstrap resample.
    n_unlabelled : int
        Size of the unlabelled batch.
    """

    prior: float
    low: float
    high: float
    confidence: float
    method: str
    replicates: np.ndarray = field(repr=False)
    n_unlabelled: int

    @property
    def interval(self) -> tuple[float, float]:
        """``(low, high)``."""
        return self.low, self.high

    def __str__(self) -> str:
        return (
            f"P'(+) = {self.prior:.4g} ({self.method}; {100 * self.confidence:g}% interval "
            f"{self.low:.4g} to {self.high:.4g}, {self.n_unlabelled} unlabelled instances)"
        )


# ------------------------------------------------------------------ validation


def clip_prior(prior: Any) -> Any:
    """A prior (or an array of them) moved just inside (0, 1), for reading a measure at it.

    .. math:: \\min(\\max(\\pi', \\varepsilon), 1 - \\varepsilon), \\quad
              \\varepsilon = 10^{-12}

    An estimate can be exactly 0 or 1 (every estimator here is clipped to [0, 1]), which leaves
    one class without weight: PCF(+) and the costs and thresholds read at that prior need it
    strictly inside (0, 1). Priors already inside [1e-12, 1 - 1e-12] are returned unchanged.

    Parameters
    ----------
    prior : float or array-like
        Priors in [0, 1].

    Returns
    -------
    float or ndarray
        A float for a scalar, an array otherwise.

    Examples
    --------
    >>> clip_prior(0.0), clip_prior(0.25), clip_prior(1.0)
    (1e-12, 0.25, 0.999999999999)
    """
    value = np.clip(np.asarray(prior, dtype=np.float64), _MARGIN, 1.0 - _MARGIN)
    return float(value) if value.ndim == 0 else value


def _unlabelled(y_score_unlabelled, *, probabilities):
    s = np.asarray(y_score_unlabelled)
    if s.ndim != 1:
        raise ValueError(f"y_score_unlabelled must be 1-dimensional, got shape {s.shape}.")
    if s.size == 0:
        raise ValueError(
            "y_score_unlabelled is empty: the deployment prior is estimated from the scores of "
            "at least one unlabelled instance."
        )
    if not np.issubdtype(s.dtype, np.number) or np.issubdtype(s.dtype, np.complexfloating):
        raise ValueError(f"y_score_unlabelled must be real numbers, got dtype {s.dtype}.")
    s = np.asarray(s, dtype=np.float64)
    if not np.all(np.isfinite(s)):
        raise ValueError("y_score_unlabelled contains NaN or infinite values.")
    if probabilities:
        s = _probabilities(s, "y_score_unlabelled")
    return s


def _probabilities(s, name):
    """The library's check of positive-class probabilities (clipped within 1e-12 of [0, 1])."""
    return check_probability_scores(
        s,
        rule="this prior estimator",
        instead="Pass predict_proba(X)[:, 1], or use method='acc' for other scores.",
        name=name,
    )


def _labelled(y_true, y_score, pos_label, *, probabilities):
    if y_true is None or y_score is None:
        raise ValueError(
            "y_true and y_score (labelled data from the training distribution, e.g. a "
            "validation set's labels and scores) are required by this estimator."
        )
    is_pos, s = check_labels_scores(y_true, y_score, pos_label=pos_label)
    if probabilities:
        s = _probabilities(s, "y_score")
    return is_pos, s


# ------------------------------------------------------------------ the estimators


@njit(cache=True)
def _likelihood_slope(s, counts, train_prior, prior):  # pragma: no cover - compiled
    """(g, g') at ``prior``: the log-likelihood's first and second derivatives, weighted by
    ``counts``; g = +inf / -inf where a row makes it infinite (see :func:`_em`)."""
    g, slope = 0.0, 0.0
    for i in range(s.size):
        if counts[i] == 0.0:
            continue
        a = s[i] / train_prior
        b = (1.0 - s[i]) / (1.0 - train_prior)
        den = prior * a + (1.0 - prior) * b
        diff = a - b
        if den <= 0.0:
            if diff > 0.0:
                return np.inf, 0.0
            if diff < 0.0:
                return -np.inf, 0.0
            continue
        ratio = diff / den
        g += counts[i] * ratio
        slope -= counts[i] * ratio * ratio
    return g, slope


@njit(cache=True)
def _em(s, weights, train_prior, tol=1e-12, max_iter=200):  # pragma: no cover - compiled
    """The EM's limit over rows of ``s`` weighted by each row of ``weights`` (resamples x
    rows).

    The limit is the root in [0, 1] of the log-likelihood's derivative
    :math:`g(\\pi') = \\sum_i w_i (a_i - b_i) / (\\pi' a_i + (1 - \\pi') b_i)`, which
    decreases in :math:`\\pi'` (the likelihood is concave): 0 if :math:`g(0) \\le 0`, 1 if
    :math:`g(1) \\ge 0`. Newton's method, kept inside a shrinking bracket (a bisection step
    whenever Newton would leave it), finds it in a few steps where the EM iteration itself
    needs thousands near a prior of 0.
    """
    out = np.empty(weights.shape[0])
    for r in range(weights.shape[0]):
        w = weights[r]
        if _likelihood_slope(s, w, train_prior, 0.0)[0] <= 0.0:
            out[r] = 0.0
            continue
        if _likelihood_slope(s, w, train_prior, 1.0)[0] >= 0.0:
            out[r] = 1.0
            continue
        lo, hi, x = 0.0, 1.0, train_prior
        for _ in range(max_iter):
            g, slope = _likelihood_slope(s, w, train_prior, x)
            if g > 0.0:
                lo = x
            else:
                hi = x
            new = x - g / slope if slope < 0.0 else 0.5 * (lo + hi)
            if not lo < new < hi:
                new = 0.5 * (lo + hi)
            done = abs(new - x) < tol
            x = new
            if done:
                break
        out[r] = x
    return out


def em_prior(
    y_score_unlabelled: ArrayLike, train_prior: float, *, tol: float = 1e-12, max_iter: int = 200
) -> float:
    """The deployment prior by the EM of Saerens, Latinne & Decaestecker (2002).

    Parameters
    ----------
    y_score_unlabelled : array-like of shape (n,)
        Probabilities of the positive class on the unlabelled batch, from a classifier
        calibrated at ``train_prior``.
    train_prior : float in (0, 1)
        The positive class's prior where the classifier was trained (calibrated).
    tol : float, default=1e-12
        Stop when a step moves the prior by less than this.
    max_iter : int, default=200
        At most this many Newton or bisection steps (see the module's notes).

    Returns
    -------
    float
        The estimate of :math:`P'(+)`.

    Examples
    --------
    >>> round(em_prior([0.9, 0.8, 0.1, 0.2, 0.1], 0.5), 3)
    0.347
    """
    s = _unlabelled(y_score_unlabelled, probabilities=True)
    train_prior = float(check_open_unit(train_prior, "train_prior"))
    return float(np.clip(_em(s, np.ones((1, s.size)), train_prior, tol, max_iter)[0], 0.0, 1.0))


def _bbse(mean_unlabelled, mean_pos, mean_neg, p_pos):
    """Solve :math:`\\hat C w = \\hat\\mu` (two classes) and return :math:`w_+ P(+)`, per
    resample (the systems solved together); NaN where the confusion matrix is singular."""
    mean_unlabelled, mean_pos, mean_neg = np.broadcast_arrays(
        np.asarray(mean_unlabelled, float), np.asarray(mean_pos, float), np.asarray(mean_neg, float)
    )
    c = np.empty(mean_pos.shape + (2, 2))
    c[..., 0, 0] = (1.0 - mean_neg) * (1.0 - p_pos)
    c[..., 0, 1] = (1.0 - mean_pos) * p_pos
    c[..., 1, 0] = mean_neg * (1.0 - p_pos)
    c[..., 1, 1] = mean_pos * p_pos
    mu = np.stack((1.0 - mean_unlabelled, mean_unlabelled), axis=-1)[..., None]
    singular = np.abs(np.linalg.det(c)) < 1e-15
    c[singular] = np.eye(2)  # solved, then discarded
    w = np.linalg.solve(c, mu)[..., 1, 0]
    out = np.where(singular, np.nan, w * p_pos)
    return np.clip(out, 0.0, 1.0)


def _no_information(name):
    return ValueError(
        f"{name} carries no information about y_true on the labelled data (the positives' "
        "and negatives' scores give the same rates), so no prior can be recovered from it."
    )


def bbse_prior(
    y_true: ArrayLike, y_score: Any, y_score_unlabelled: ArrayLike, *, pos_label: Any = None
) -> float:
    """The deployment prior by black-box shift estimation (Lipton, Wang & Smola 2018).

    Soft confusion matrix: the labelled scores are the classifier's probabilities of the
    positive class, used as soft predictions.

    Parameters
    ----------
    y_true, y_score : array-like of shape (m,)
        Labels and probabilities of the positive class on labelled data from the training
        distribution (a validation set).
    y_score_unlabelled : array-like of shape (n,)
        Probabilities of the positive class on the unlabelled batch.
    pos_label : scalar, optional
        The positive class's label (inferred for {0, 1}, {-1, 1}, {1, 2}).

    Returns
    -------
    float
        The estimate of :math:`P'(+)`, clipped to [0, 1].

    Examples
    --------
    >>> round(bbse_prior([0, 0, 1, 1], [0.2, 0.4, 0.6, 0.8], [0.7, 0.7, 0.3]), 3)
    0.667
    """
    is_pos, s = _labelled(y_true, y_score, pos_label, probabilities=True)
    u = _unlabelled(y_score_unlabelled, probabilities=True)
    mean_pos, mean_neg = s[is_pos].mean(), s[~is_pos].mean()
    out = _bbse(u.mean(), mean_pos, mean_neg, is_pos.mean())
    if np.isnan(out):
        raise _no_information("y_score")
    return float(out)


def _acc(q, tpr, fpr):
    q, tpr, fpr = np.broadcast_arrays(
        np.asarray(q, float), np.asarray(tpr, float), np.asarray(fpr, float)
    )
    gap = tpr - fpr
    out = np.divide(q - fpr, gap, out=np.full(gap.shape, np.nan), where=gap > 0)
    return np.clip(out, 0.0, 1.0)


def acc_prior(
    y_true: ArrayLike,
    y_score: Any,
    y_score_unlabelled: ArrayLike,
    *,
    threshold: float = 0.5,
    pos_label: Any = None,
) -> float:
    """The deployment prior by adjusted classify and count (Forman 2008).

    Parameters
    ----------
    y_true, y_score : array-like of shape (m,)
        Labels and scores on labelled data from the training distribution.
    y_score_unlabelled : array-like of shape (n,)
        Scores on the unlabelled batch (any real scores, same scale as ``y_score``).
    threshold : float, default=0.5
        An instance counts as positive when its score is at least this.
    pos_label : scalar, optional
        The positive class's label (inferred for {0, 1}, {-1, 1}, {1, 2}).

    Returns
    -------
    float
        :math:`(q - FPR)/(TPR - FPR)` clipped to [0, 1].

    Examples
    --------
    >>> round(acc_prior([0, 0, 0, 1, 1], [0.1, 0.2, 0.7, 0.8, 0.9], [0.9, 0.8, 0.1, 0.6]), 3)
    0.625
    """
    is_pos, s = _labelled(y_true, y_score, pos_label, probabilities=False)
    u = _unlabelled(y_score_unlabelled, probabilities=False)
    threshold = _check_threshold(threshold)
    tpr = np.mean(s[is_pos] >= threshold)
    fpr = np.mean(s[~is_pos] >= threshold)
    out = _acc(np.mean(u >= threshold), tpr, fpr)
    if np.isnan(out):
        raise _no_information(f"y_score at threshold {threshold:g}")
    return float(out)


def _check_threshold(threshold):
    if (
        isinstance(threshold, (bool, np.bool_))
        or not isinstance(threshold, (int, float, np.integer, np.floating))
        or not np.isfinite(threshold)
    ):
        raise ValueError(f"threshold must be a finite number, got {threshold!r}.")
    return float(threshold)


# ------------------------------------------------------------------ with a bootstrap interval


def _count_blocks(rng, n, n_resamples):
    """Bootstrap resamples of ``n`` rows as counts per row (resamples x rows), in blocks of at
    most ``_CHUNK`` cells; the draws are the same however the blocks fall."""
    per_block = max(1, _CHUNK // max(n, 1))
    done = 0
    while done < n_resamples:
        size = min(per_block, n_resamples - done)
        # one call per resample: the generator's stream then does not depend on the blocks
        rows = np.stack([rng.integers(0, n, size=n) for _ in range(size)])
        rows += n * np.arange(size)[:, None]
        yield np.bincount(rows.ravel(), minlength=size * n).reshape(size, n).astype(np.float64)
        done += size


def _resampled_means(rng, values, n_resamples):
    """The mean of ``values`` on each of ``n_resamples`` bootstrap resamples of its rows.

    Each resample is its own draw of ``values.size`` rows (one call on ``rng`` per resample,
    the calls :func:`_count_blocks` makes), so every replicate has its own resample whatever
    the sizes of the batch and the classes; the draws are taken in blocks of at most
    ``_CHUNK`` rows, which change nothing but the memory.
    """
    n = values.size
    per_block = max(1, _CHUNK // n)
    means = np.empty(n_resamples)
    for start in range(0, n_resamples, per_block):
        stop = min(start + per_block, n_resamples)
        rows = np.stack([rng.integers(0, n, size=n) for _ in range(start, stop)])
        means[start:stop] = values[rows].sum(axis=1) / n
    return means


def estimate_prior(
    y_score_unlabelled: ArrayLike,
    *,
    method: str = "em",
    y_true: ArrayLike | None = None,
    y_score: Any = None,
    pos_label: Any = None,
    train_prior: float | None = None,
    threshold: float = 0.5,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    random_state: Any = 0,
) -> PriorEstimate:
    """Estimate the deployment prior :math:`P'(+)` of an unlabelled batch, with an interval.

    Parameters
    ----------
    y_score_unlabelled : array-like of shape (n,)
        The classifier's scores (``predict_proba(X)[:, 1]``) on the unlabelled batch.
    method : {"em", "bbse", "acc"}, default="em"
        :func:`em_prior` (calibrated probabilities; the training prior), :func:`bbse_prior`
        (probabilities; labelled data) or :func:`acc_prior` (any scores; labelled data).
    y_true, y_score : array-like of shape (m,), optional
        Labelled data from the training distribution: required by ``"bbse"`` and ``"acc"``;
        for ``"em"``, ``y_true`` gives the training prior when ``train_prior`` is None.
    pos_label : scalar, optional
        The positive class's label in ``y_true``.
    train_prior : float in (0, 1), optional
        For ``"em"``: the prior at which the scores are calibrated.
    threshold : float, default=0.5
        For ``"acc"``: scores at or above it count as positive.
    n_resamples : int, default=1000
        Bootstrap resamples for the interval (>= 2).
    confidence : float, default=0.95
        Coverage of the percentile interval.
    random_state : int, Generator or None, default=0
        Seeds the resampling.

    Returns
    -------
    PriorEstimate
        The estimate, its interval and the bootstrap replicates.

    Examples
    --------
    >>> est = estimate_prior([0.9, 0.8, 0.1, 0.2, 0.1], train_prior=0.5, n_resamples=200)
    >>> round(est.prior, 3), est.low <= est.prior <= est.high
    (0.347, True)
    """
    if method not in PRIOR_METHODS:
        raise ValueError(f"method must be one of {PRIOR_METHODS}, got {method!r}.")
    check_resampling(n_resamples, confidence)
    # one stream each for the batch and the labelled classes: the draws do not depend on how
    # the resamples are blocked
    rngs = check_random_state(random_state).spawn(3)
    u = _unlabelled(y_score_unlabelled, probabilities=method in ("em", "bbse"))
    if method == "em":
        pi = _em_train_prior(train_prior, y_true, pos_label)
        point = em_prior(u, pi)
        replicates = np.concatenate(
            [_em(u, counts, pi) for counts in _count_blocks(rngs[0], u.size, n_resamples)]
        )
    else:
        labelled = _labelled(y_true, y_score, pos_label, probabilities=method == "bbse")
        point, replicates = _adjusted_count(method, u, labelled, threshold, rngs, n_resamples)
    low, high = _percentile_interval(replicates, confidence)
    return PriorEstimate(
        prior=float(point),
        low=float(low),
        high=float(high),
        confidence=float(confidence),
        method=method,
        replicates=replicates,
        n_unlabelled=int(u.size),
    )


def _em_train_prior(train_prior, y_true, pos_label):
    """The prior at which EM reads the scores as calibrated: ``train_prior``, else the positive
    share of ``y_true``."""
    if train_prior is None:
        if y_true is None:
            raise ValueError(
                "method='em' needs train_prior (the prior at which the scores are "
                "calibrated) or y_true (labels of the training distribution) to read it from."
            )
        is_pos, _ = check_labels_scores(y_true, np.zeros(len(y_true)), pos_label=pos_label)
        train_prior = float(is_pos.mean())
    return float(check_open_unit(train_prior, "train_prior"))


def _adjusted_count(method, u, labelled, threshold, rngs, n_resamples):
    """BBSE (mean probabilities) or ACC (rates at ``threshold``) on the unlabelled scores ``u``
    and the labelled ``(is_pos, scores)``: ``(point, replicates)``, each of the three means
    resampled from its own stream of ``rngs``."""
    is_pos, s = labelled
    if method == "bbse":
        values_u, values = u, s
    else:
        threshold = _check_threshold(threshold)
        values_u, values = (u >= threshold).astype(float), (s >= threshold).astype(float)
    pos, neg = values[is_pos], values[~is_pos]

    def adjust(mean_u, mean_pos, mean_neg):
        if method == "bbse":
            return _bbse(mean_u, mean_pos, mean_neg, float(is_pos.mean()))
        return _acc(mean_u, mean_pos, mean_neg)

    point = adjust(values_u.mean(), pos.mean(), neg.mean())
    if np.isnan(point):
        raise _no_information(
            "y_score" if method == "bbse" else f"y_score at threshold {threshold:g}"
        )
    means = [
        _resampled_means(rng, values, n_resamples)
        for rng, values in zip(rngs, (values_u, pos, neg), strict=True)
    ]
    return point, adjust(*means)


def _percentile_interval(replicates, confidence):
    """The percentile interval of the finite replicates (NaN, NaN if there are none)."""
    finite = replicates[np.isfinite(replicates)]
    alpha = 1.0 - float(confidence)
    if not finite.size:
        return np.nan, np.nan
    return np.quantile(finite, [alpha / 2, 1 - alpha / 2])
