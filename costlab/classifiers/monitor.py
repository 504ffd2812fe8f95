"""An alarm for a deployed cost-range threshold: labelled feedback and unlabelled batches.

A threshold chosen (or certified) for a cost range stays good while deployment looks like the
data it was chosen on. :class:`DeploymentMonitor` watches a fitted
:class:`~costlab.classifiers.CostRangeThresholdClassifier` through two channels, and its
false-alarm rate over the whole stream, however long and however often it is looked at, is at
most ``delta`` when nothing changes:

* **labelled batches** (``update(X, y)``): each example's normalised cost at the deployed
  threshold, ``1 - r`` for a miss and ``r`` for a false alarm, at both ends of the range.
  For each end, a test martingale against "the expected cost is at most alpha",

  .. math:: K_t = \\prod_{j \\le t} (1 + \\lambda_j (L_j - \\alpha)),

  with the predictable plug-in bets of Waudby-Smith & Ramdas (2024, "PrPl"), one per batch and
  set before it is seen: :math:`\\lambda = \\min(1 / (2 \\alpha), \\sqrt{2 \\log(4 / \\delta) /
  (\\hat\\sigma^2\\, t \\log(1 + t))})`, :math:`\\hat\\sigma^2` the running variance of the
  earlier batches' losses and t the count after the batch. The alarm fires when
  :math:`K_t \\ge 4 / \\delta`: by Ville's inequality, with probability at most delta / 4 at
  each end, at any time (a time-uniform test, so looking after every batch keeps the error
  rate);
* **unlabelled batches** (``observe(X)``): the deployment prior by adjusted classify and count
  (Forman 2008) at the out-of-fold hull vertex that best separates the classes, its interval
  from the exact (Clopper-Pearson) interval of the batch's share of predicted positives at level
  ``delta / (2 k (k + 1))`` for the k-th batch (the levels sum to delta / 2). The alarm fires
  when at every prior in the interval the model would deploy another hull vertex: by its own
  ``criterion`` (as :meth:`~costlab.classifiers.CostRangeThresholdClassifier.adapt_prior` would
  move it), or, for a model fitted with ``guarantee``, by the worst normalised cost over the
  range from the out-of-fold rates.

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
from scipy.stats import beta as beta_distribution
from sklearn.utils.validation import check_is_fitted

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["DeploymentMonitor"]

#: The coarse grid of priors on which the deployed vertex's region is read, and the bisection
#: steps that refine its edges (to 0.05 / 2**12).
_PRIORS = np.linspace(0.001, 0.999, 21)
_BISECTIONS = 12


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
    optimal_priors_ : (float, float) or None
        The priors at which the model would deploy the deployed vertex (see the module
        docstring); None when at none, and then the prior channel never fires (a warning says
        so).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab.classifiers import CostRangeThresholdClassifier
    >>> rng = np.random.default_rng(0)
    >>> y = (rng.random(3000) < 0.3).astype(int)
    >>> X = rng.normal(size=(3000, 2)) + 2 * y[:, None]
    >>> model = CostRangeThresholdClassifier(GaussianNB(), cv=3, random_state=0).fit(X, y)
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
        self.alpha = _open_unit(alpha, "alpha")
        self.delta = _open_unit(delta, "delta")
        self.r1, self.r2 = (float(r) for r in model.cost_range)
        self._sums = np.zeros((2, 3))  # per end: count, sum of losses, sum of squared deviations
        self._log_capital = np.zeros(2)
        self._unlabelled = 0
        self._rows: list[dict] = []
        self.alarm_: str | None = None
        self._vertex_rates()
        reference = model.train_prior_ if model.prior_ is None else model.prior_
        if self.optimal_priors_ is not None and not (
            self.optimal_priors_[0] - 1e-3 <= reference <= self.optimal_priors_[1] + 1e-3
        ):
            warnings.warn(
                f"the model would deploy this vertex for priors in "
                f"[{self.optimal_priors_[0]:.3f}, {self.optimal_priors_[1]:.3f}], not at the "
                f"model's prior {reference:.3f} (the thesis's criterion weighs the classes "
                "equally): the prior channel will fire on unshifted data. Fit the model with "
                "prior= or guarantee= to deploy the vertex that is cheapest at its prior.",
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
        for end in range(2):
            self._bet(end, losses[end])
        fired = bool(self._log_capital.max() >= math.log(4 / self.delta))
        if fired and self.alarm_ is None:
            self.alarm_ = (
                f"batch {len(self._rows) + 1}: the deployed threshold's expected cost exceeds "
                f"alpha={self.alpha:g} over the range (test martingale above 4 / delta)."
            )
        self._record("labelled", y.size, cost=float(losses.mean(axis=1).max()), alarm=fired)
        return self

    def _bet(self, end, losses):
        """Grow the capital of one end over a batch's losses with one bet, set before the batch
        is seen (predictable): the plug-in bet for the count reached after the batch."""
        count, total, squares = self._sums[end]
        t = count + losses.size
        variance = (0.25 + squares) / (count + 1)
        lam = min(
            0.5 / self.alpha,
            math.sqrt(2 * math.log(4 / self.delta) / (variance * t * math.log1p(t))),
        )
        self._log_capital[end] += float(np.sum(np.log1p(lam * (losses - self.alpha))))
        steps = count + np.arange(1, losses.size + 1)
        means = (0.5 + total + np.cumsum(losses)) / (steps + 1)
        self._sums[end] = t, total + losses.sum(), squares + float(np.sum((losses - means) ** 2))

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
        if self.optimal_priors_ is not None:
            lo, hi = self.optimal_priors_
            fired = high < lo or low > hi
        if fired and self.alarm_ is None:
            self.alarm_ = (
                f"batch {len(self._rows) + 1}: the deployment prior is in [{low:.3f}, {high:.3f}], "
                f"where the model would no longer deploy its vertex (it would for "
                f"priors in [{self.optimal_priors_[0]:.3f}, {self.optimal_priors_[1]:.3f}])."
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
        self.optimal_priors_ = self._region(deployed)
        if self.optimal_priors_ is None:
            warnings.warn(
                "the model would deploy its vertex at no prior: the prior channel cannot fire.",
                UserWarning,
                stacklevel=3,
            )

    def _region(self, deployed):
        """The priors at which ``deployed`` is the vertex chosen: read on a coarse grid (the
        choice moves monotonically with the prior), its two edges refined by bisection."""
        priors = np.union1d(_PRIORS, [self._reference_prior()])
        inside = np.flatnonzero(self._cheapest(priors) == deployed)
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
            if self._cheapest(np.array([middle]))[0] == deployed:
                inside = middle
            else:
                outside = middle
        return inside

    def _reference_prior(self):
        """The prior the deployed vertex was chosen for: the model's, else the training share."""
        return self.model.train_prior_ if self.model.prior_ is None else self.model.prior_

    def _cheapest(self, priors):
        """The hull vertex the model would deploy at each prior: with a guarantee, the lowest
        worst normalised cost over the range (what the guarantee bounds); otherwise the
        model's own ``criterion``, as :meth:`CostRangeThresholdClassifier.adapt_prior` moves it."""
        hull = self.model.hull_
        if self.model.guarantee_ is not None:
            p = priors[None, :]
            tpr, fpr = hull.tpr[:, None], hull.fpr[:, None]
            worst = np.maximum.reduce(
                [(1 - r) * p * (1 - tpr) + r * (1 - p) * fpr for r in (self.r1, self.r2)]
            )
            return np.argmin(worst, axis=0)
        probe = copy.copy(self.model)  # the model itself is not moved
        chosen = []
        for prior in priors:
            probe._set_prior(float(prior))
            chosen.append(int(np.flatnonzero(hull.thresholds == probe.decision_threshold_)[0]))
        return np.asarray(chosen)

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


def _open_unit(value, name):
    if not isinstance(value, numbers.Real) or not 0.0 < float(value) < 1.0:
        raise ValueError(f"{name} must be a number strictly between 0 and 1, got {value!r}.")
    return float(value)
