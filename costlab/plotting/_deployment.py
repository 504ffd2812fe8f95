"""What a classifier costs at the deployment prior, estimated, against the training prior.

The lower envelope of the cost curves over the normalised FPcost r (FNcost 1 - r), read at the
prior the classifier was trained (and its thresholds chosen) at, and at the deployment prior
estimated from unlabelled scores, with the band that the estimate's uncertainty puts on it
(:func:`costlab.metrics.costs_at_prior`). At r = 1/2 and a rare positive class the envelope
falls towards the prior itself: at deployment, most of the cost is false positives.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from costlab.metrics import estimate_prior
>>> y, s = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.3, 0.9]
>>> est = estimate_prior([0.1, 0.2, 0.1, 0.7], train_prior=0.5, n_resamples=50)
>>> display = DeploymentCostDisplay.from_predictions(y, s, estimate=est)
>>> sorted(display.lines_)
['deployment', 'training']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics import PriorEstimate, costs_at_prior
from costlab.metrics.checks import check_labels_scores, check_sample_weight
from costlab.plotting._base import COLOURS, CurveDisplayMixin, _shared_doc

if TYPE_CHECKING:
    from typing import Any

    import pandas as pd
    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["DeploymentCostDisplay"]

_GRID = np.round(np.linspace(0.01, 0.99, 99), 2)


class DeploymentCostDisplay(CurveDisplayMixin):
    """The cost-curve envelope at the training prior and at an estimated deployment prior.

    Parameters
    ----------
    training, deployment : DataFrame
        :func:`costlab.metrics.costs_at_prior` at the training prior and at the estimate.
    train_prior : float
    estimate : PriorEstimate
    name : str, optional
        The classifier's name (title).

    Attributes
    ----------
    lines_ : dict of str -> Line2D
        ``"training"`` and ``"deployment"``.
    band_ : PolyCollection
        The deployment cost's band.
    ax_, figure_

    Examples
    --------
    >>> from costlab.datasets import twonorm
    >>> from costlab.evaluation import deployment_shift
    >>> from costlab.plotting import DeploymentCostDisplay
    >>> report = deployment_shift(twonorm(2_000, random_state=0), deployment_prior=0.1,
    ...                           train_per_class=100, n_resamples=20)
    >>> display = DeploymentCostDisplay.from_predictions(
    ...     report.oof_is_pos, report.oof_scores, estimate=report.prior_estimates["em"])
    >>> display.figure_ is not None
    True
    >>> import matplotlib.pyplot as plt
    >>> plt.close(display.figure_)
    """

    _one_estimator = "only"

    def __init__(
        self,
        training: pd.DataFrame,
        deployment: pd.DataFrame,
        *,
        train_prior: float,
        estimate: Any,
        name: str | None = None,
    ) -> None:
        self.training, self.deployment = training, deployment
        self.train_prior, self.estimate, self.name = float(train_prior), estimate, name

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        estimate: Any,
        fp_costs: ArrayLike | None = None,
        name: str | None = None,
        pos_label: Any = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
    ) -> Self:
        """Read the envelope of labelled scores at their own prior and at ``estimate``.

        Parameters
        ----------
        y_true, y_score : array-like of shape (n,)
            Labelled data from the training distribution (out-of-fold scores, say).
        estimate : PriorEstimate
            The deployment prior (:func:`costlab.metrics.estimate_prior`).
        fp_costs : array-like, optional
            Normalised FPcosts (default 0.01 to 0.99).
        name, pos_label, ax : optional
        %(sample_weight)s
            The training prior is then the weighted share of positives.
        """
        if not isinstance(estimate, PriorEstimate):
            raise TypeError(
                "estimate must be a PriorEstimate (costlab.metrics.estimate_prior), got "
                f"{type(estimate).__name__}."
            )
        is_pos, scores = check_labels_scores(y_true, y_score, pos_label=pos_label)
        r = _GRID if fp_costs is None else np.asarray(fp_costs, dtype=float)
        train_prior = float(
            np.average(is_pos, weights=check_sample_weight(sample_weight, is_pos.size))
        )
        weighted = {"pos_label": True, "sample_weight": sample_weight}
        training = costs_at_prior(is_pos, scores, train_prior, r, **weighted)
        deployment = costs_at_prior(is_pos, scores, estimate, r, **weighted)
        display = cls(training, deployment, train_prior=train_prior, estimate=estimate, name=name)
        return display.plot(ax=ax)

    def plot(self, ax: Any = None) -> Self:
        """Draw both envelopes and the band on ``ax`` (a new figure if None); returns self."""
        fig, ax = self._axes(ax, (7.6, 4.4))
        est = self.estimate
        r = self.deployment["fp_cost"]
        self.band_ = ax.fill_between(
            r, self.deployment["cost_low"], self.deployment["cost_high"], color=COLOURS[1],
            alpha=0.22, linewidth=0,
            label=f"{100 * est.confidence:g}% band of the prior's estimate",
        )  # fmt: skip
        self.lines_ = {
            "training": ax.plot(
                self.training["fp_cost"], self.training["cost"], color="0.35", linestyle="--",
                label=f"at the training prior P(+) = {self.train_prior:.3g}",
            )[0],
            "deployment": ax.plot(
                r, self.deployment["cost"], color=COLOURS[1], linewidth=2.0,
                label=f"at the estimated deployment prior P'(+) = {est.prior:.3g} "
                f"({est.low:.3g} to {est.high:.3g}, {est.method})",
            )[0],
        }  # fmt: skip
        ax.set_xlabel("normalised FPcost r (FNcost 1 - r)")
        ax.set_ylabel("expected cost of the best threshold (% of the worst)")
        title = "What the classifier costs where it is deployed"
        ax.set_title(title if self.name is None else f"{self.name}: {title.lower()}")
        ax.set_xlim(0, 1)
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), frameon=False)
        return self._plotted(ax, fig)
