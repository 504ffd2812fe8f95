"""An alarm for a deployed cost-range threshold: labelled feedback and unlabelled batches.

A threshold chosen (or certified) for a cost range stays good while deployment looks like the
data it was chosen on. :class:`DeploymentMonitor` watches a fitted
:class:`~costlab.classifiers.CostRangeThresholdClassifier` through two channels, and its
false-alarm rate over the whole stream, however long and however often it is looked at, is at
most ``delta`` when nothing changes:

* **labelled batches** (``update(X, y)``): each example's normalised cost at the deployed
  threshold, ``1 - r`` for a miss and ``r`` for a false alarm, at both ends of the range.
  For each end, test martingales against "the expected cost is at most alpha", one started at
  each labelled batch k,

  .. math:: K^{(k)}_t = \\prod_{k \\le j \\le t} (1 + \\lambda_{j,k} (L_j - \\alpha)),

  with the predictable plug-in bets of Waudby-Smith & Ramdas (2024, "PrPl"), one per batch and
  set before it is seen: :math:`\\lambda = \\min(1 / (2 \\alpha), \\sqrt{2 \\log(4 / \\delta) /
  (\\hat\\sigma^2\\, t \\log(1 + t))})`, :math:`\\hat\\sigma^2` the running variance of all
  earlier losses and t the count since the martingale's start, after the batch. Their mixture
  :math:`M_t = \\sum_k K^{(k)}_t / (k (k + 1))` is itself a test supermartingale (weights
  summing to 1), so the alarm :math:`M_t \\ge 4 / \\delta` fires with probability at most
  delta / 4 at each end, at any time (Ville's inequality: a time-uniform test, so looking after
  every batch keeps the error rate); the martingales started late forget the good costs seen
  before a change, which one martingale from the start would have to win back first (an
  e-detector, Shin, Ramdas & Rinaldo 2024);
* **unlabelled batches** (``observe(X)``): the deployment prior by adjusted classify and count
  (Forman 2008) at the out-of-fold hull vertex that best separates the classes, its interval
  from the exact (Clopper-Pearson) interval of the batch's share of predicted positives at level
  ``delta / (2 k (k + 1))`` for the k-th batch (the levels sum to delta / 2). The alarm fires
  when the deployed vertex serves no prior in the interval: for a model fitted with
  ``guarantee``, its worst normalised cost over the range (from the out-of-fold rates) exceeds
  alpha at every prior in it; otherwise, the model's own ``criterion`` would deploy another
  vertex at every prior in it (as
  :meth:`~costlab.classifiers.CostRangeThresholdClassifier.adapt_prior` would move it).

The prior channel treats the out-of-fold rates as exact: its level holds for a training set
large enough that their error is small against the batch's.
"""

from __future__ import annotations

import copy
import math
import numbers
import warnings
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.special import logsumexp
from scipy.stats import beta as beta_distribution
from sklearn.utils.validation import check_is_fitted

from costlab.validation import Interval, check_param

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["DeploymentMonitor"]

#: The coarse grid of priors on which the deployed vertex's region is read, and the bisection
#: steps that refine its edges (to 0.05 / 2**12).
_PRIORS = np.linspace(0.001, 0.999, 21)
_BISECTIONS = 12
#: alpha and delta: strictly between 0 and 1.
_OPEN_UNIT = Interval(numbers.Real, 0, 1, closed="neither")


class DeploymentMonitor:
    """Raise an alarm when a deployed threshold's cost leaves its level, or the prior leaves
    the region where the threshold is optimal.

    Parameters
    ----------
    model : CostRangeThresholdClassifier
        Fitted, with a deployed threshold (``decision_threshold_`` not None).
    alpha : float in (0, 1)
        The level of the worst normalised cost over ``model.cost_range`` that deployment must
        not exceed (with ``model.guarantee``, its alpha).
    delta : float in (0, 1), default 0.05
        The false-alarm rate over the whole stream without shift.

    Attributes
    ----------
    history_ : DataFrame
        One row per batch: ``batch``, ``kind`` ("labelled" or "unlabelled"), ``n``, the
        labelled batch's worst ``cost``, the running ``log_capital`` (the larger end's), the
        unlabelled batch's ``prior`` with ``prior_low``, ``prior_high``, and ``alarm``.
    alarm_ : str or None
        What fired first, in words; None while no alarm has fired.
    safe_priors_ : (float, float) or None
        The priors at which the deployed vertex still serves (see the module docstring); None
        when at none, and then the prior channel never fires (a warning says so).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab.classifiers import CostRangeThresholdClassifier
    >>> rng = np.random.default_rng(0)
    >>> y = (rng.random(3000) < 0.3).astype(int)
    >>> X = rng.normal(size=(3000, 2)) + 2 * y[:, None]
    >>> model = CostRangeThresholdClassifier(GaussianNB(), cv=3, random_state=0, prior=0.3)
    >>> model = model.fit(X, y)
    >>> monitor = DeploymentMonitor(model, alpha=0.15, delta=0.05)
    >>> monitor.update(X[:200], y[:200]).alarm_ is None
    True
    """

    def __init__(self, model: Any, *, alpha: float, delta: float = 0.05) -> None:
        check_is_fitted(model, "hull_")
        if getattr(model, "decision_threshold_", None) is None:
            raise ValueError(
                "model has no deployed threshold (decision_threshold_ is None): there is "
                "nothing to monitor."
            )
        self.model = model
        self.alpha = float(check_param("alpha", alpha, _OPEN_UNIT))
        self.delta = float(check_param("delta", delta, _OPEN_UNIT))
        self.r1, self.r2 = (float(r) for r in model.cost_range)
        self._sums = np.zeros((2, 3))  # per end: count, sum of losses, sum of squared deviations
        self._starts = np.zeros((2, 0))  # per end, per start batch: log capital
        self._counts = np.zeros(0)  # per start batch: losses seen since
        self._log_capital = np.zeros(2)
        self._unlabelled = 0
        self._rows: list[dict] = []
        self.alarm_: str | None = None
        self._vertex_rates()
        reference = self._reference_prior()
        if self.safe_priors_ is not None and not (
            self.safe_priors_[0] <= reference <= self.safe_priors_[1]
        ):
            why = (
                "its out-of-fold worst cost over the range is above alpha there"
                if model.guarantee_ is not None
                else "the model's criterion prefers another vertex there (the thesis's "
                "criterion weighs the classes equally: fit with prior= to choose at the prior)"
            )
            warnings.warn(
                f"the deployed vertex serves priors in [{self.safe_priors_[0]:.3f}, "
                f"{self.safe_priors_[1]:.3f}], not the model's prior {reference:.3f}: {why}; "
                "the prior channel will fire on unshifted data.",
                UserWarning,
                stacklevel=2,
            )

    # -- labelled feedback ---------------------------------------------------------------------

    def update(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Feed one labelled batch: the deployed threshold's cost on it.

        Parameters
        ----------
        X : array-like of shape (n, d)
        y : array-like of shape (n,)
            Labels of ``model.classes_``, both present.

        Returns
        -------
        self
        """
        y = np.asarray(y).ravel()
        classes = self.model.classes_
        unknown = ~np.isin(y, classes)
        if unknown.any():
            raise ValueError(
                f"y holds labels that are not the model's classes {classes.tolist()}: "
                f"{np.unique(y[unknown]).tolist()}."
            )
        if np.unique(y).size < 2:
            raise ValueError(
                f"a labelled batch must hold both classes; this one ({y.size} examples) holds "
                f"only {np.unique(y).tolist()}: merge it with the next batch."
            )
        decided = self.model.predict(X) == classes[1]
        is_pos = y == classes[1]
        losses = np.stack(
            [np.where(is_pos, (1 - r) * ~decided, r * decided) for r in (self.r1, self.r2)]
        )
        self._bet(losses)
        fired = bool(self._log_capital.max() >= math.log(4 / self.delta))
        if fired and self.alarm_ is None:
            self.alarm_ = (
                f"batch {len(self._rows) + 1}: the deployed threshold's expected cost exceeds "
                f"alpha={self.alpha:g} over the range (test martingale above 4 / delta)."
            )
        self._record("labelled", y.size, cost=float(losses.mean(axis=1).max()), alarm=fired)
        return self

    def _bet(self, losses):
        """Start a martingale at this batch, then grow every one over the batch's losses (shape
        (2, n): the two ends) with bets set before the batch is seen."""
        self._starts = np.concatenate([self._starts, np.zeros((2, 1))], axis=1)
        self._counts = np.append(self._counts, 0.0)
        n = losses.shape[1]
        t = self._counts + n
        for end in range(2):
            sums = self._sums[end]  # a view: updated in place below
            count, total, squares = sums
            variance = (0.25 + squares) / (count + 1)
            lam = np.minimum(
                0.5 / self.alpha,
                np.sqrt(2 * math.log(4 / self.delta) / (variance * t * np.log1p(t))),
            )
            self._starts[end] += np.log1p(lam[:, None] * (losses[end] - self.alpha)).sum(axis=1)
            steps = count + np.arange(1, n + 1)
            means = (0.5 + total + np.cumsum(losses[end])) / (steps + 1)
            sums[:] = (
                count + n,
                total + losses[end].sum(),
                squares + np.sum((losses[end] - means) ** 2),
            )
        self._counts = t
        k = np.arange(1, t.size + 1)
        log_weights = -np.log(k * (k + 1.0))
        self._log_capital = logsumexp(self._starts + log_weights[None, :], axis=1)

    # -- unlabelled batches --------------------------------------------------------------------

    def observe(self, X: ArrayLike) -> Self:
        """Feed one unlabelled batch: the deployment prior's interval, and whether the deployed
        vertex can still be the cheapest over the range.

        Parameters
        ----------
        X : array-like of shape (n, d)

        Returns
        -------
        self
        """
        scores = self.model.predict_proba(X)[:, 1]
        n = scores.size
        if n == 0:
            raise ValueError("X holds no examples.")
        self._unlabelled += 1
        k = self._unlabelled
        level = self.delta / (2 * k * (k + 1))
        q = float(np.mean(scores >= self._count_threshold))
        positives = int(round(q * n))
        q_low = beta_distribution.ppf(level / 2, positives, n - positives + 1) if positives else 0.0
        q_high = (
            beta_distribution.ppf(1 - level / 2, positives + 1, n - positives)
            if positives < n
            else 1.0
        )
        tpr, fpr = self._count_tpr, self._count_fpr
        prior, low, high = (
            float(np.clip((v - fpr) / (tpr - fpr), 0, 1)) for v in (q, q_low, q_high)
        )
        fired = False
        if self.safe_priors_ is not None:
            lo, hi = self.safe_priors_
            fired = high < lo or low > hi
        if fired and self.alarm_ is None:
            self.alarm_ = (
                f"batch {len(self._rows) + 1}: the deployment prior is in [{low:.3f}, {high:.3f}], "
                f"where the deployed vertex no longer serves (it serves "
                f"priors in [{self.safe_priors_[0]:.3f}, {self.safe_priors_[1]:.3f}])."
            )
        self._record("unlabelled", n, prior=prior, prior_low=low, prior_high=high, alarm=fired)
        return self

    def _vertex_rates(self):
        """The hull's rates: the classify-and-count vertex, and where the deployed one is best."""
        hull = self.model.hull_
        tpr, fpr = hull.tpr, hull.fpr
        best = int(np.argmax(tpr - fpr))
        if tpr[best] - fpr[best] <= 0:
            raise ValueError("the model's out-of-fold scores do not separate the classes.")
        self._count_threshold = float(hull.thresholds[best])
        self._count_tpr, self._count_fpr = float(tpr[best]), float(fpr[best])
        deployed = int(np.flatnonzero(hull.thresholds == self.model.decision_threshold_)[0])
        self.safe_priors_ = self._region(deployed)
        if self.safe_priors_ is None:
            warnings.warn(
                "the model would deploy its vertex at no prior: the prior channel cannot fire.",
                UserWarning,
                stacklevel=3,
            )

    def _region(self, deployed):
        """The priors at which ``deployed`` still serves (:meth:`_keeps`): read on a coarse
        grid (one interval: the choice moves monotonically with the prior, and the worst cost
        is convex in it), its two edges refined by bisection."""
        priors = np.union1d(_PRIORS, [self._reference_prior()])
        inside = np.flatnonzero(self._keeps(priors, deployed))
        if not inside.size:
            return None
        lo, hi = float(priors[inside[0]]), float(priors[inside[-1]])
        if inside[0] > 0:
            lo = self._edge(float(priors[inside[0] - 1]), lo, deployed)
        if inside[-1] < priors.size - 1:
            hi = self._edge(float(priors[inside[-1] + 1]), hi, deployed)
        return lo, hi

    def _edge(self, outside, inside, deployed):
        """Bisection between a prior where ``deployed`` is not chosen and one where it is."""
        for _ in range(_BISECTIONS):
            middle = (outside + inside) / 2
            if self._keeps(np.array([middle]), deployed)[0]:
                inside = middle
            else:
                outside = middle
        return inside

    def _reference_prior(self):
        """The prior the deployed vertex was chosen for: the model's, else the training share."""
        return self.model.train_prior_ if self.model.prior_ is None else self.model.prior_

    def _keeps(self, priors, deployed):
        """Whether ``deployed`` still serves at each prior: for a model fitted with a
        guarantee, its worst normalised cost over the range (from the out-of-fold rates) is at
        most alpha; otherwise it is the vertex the model's own ``criterion`` would deploy, as
        :meth:`CostRangeThresholdClassifier.adapt_prior` would move it."""
        hull = self.model.hull_
        if self.model.guarantee_ is not None:
            p = np.asarray(priors, dtype=np.float64)
            miss, alarm = 1 - hull.tpr[deployed], hull.fpr[deployed]
            worst = np.maximum.reduce(
                [(1 - r) * p * miss + r * (1 - p) * alarm for r in (self.r1, self.r2)]
            )
            return worst <= self.alpha
        probe = copy.copy(self.model)  # the model itself is not moved
        chosen = []
        for prior in priors:
            probe._set_prior(float(prior))
            chosen.append(int(np.flatnonzero(hull.thresholds == probe.decision_threshold_)[0]))
        return np.asarray(chosen) == deployed

    # -- the record ----------------------------------------------------------------------------

    def _record(self, kind, n, **values):
        row = {"batch": len(self._rows) + 1, "kind": kind, "n": n, "cost": np.nan,
               "log_capital": float(self._log_capital.max()), "prior": np.nan,
               "prior_low": np.nan, "prior_high": np.nan}  # fmt: skip
        row.update(values)
        self._rows.append(row)

    @property
    def history_(self) -> pd.DataFrame:
        """One row per batch (see the class docstring)."""
        return pd.DataFrame(self._rows)
