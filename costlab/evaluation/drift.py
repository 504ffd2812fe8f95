"""A deployment replayed from held-out data: batches whose class prior drifts, fed to a monitor.

:func:`replay_deployment` draws, for each prior of a schedule, one labelled batch and one
unlabelled batch from held-out data (with replacement within each class, so any prior can be
reached), feeds them to a :class:`~costlab.classifiers.DeploymentMonitor`, and returns the
monitor's history beside the true prior of each step: a drift simulated on real data, to see
when the alarm fires.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.validation import Interval, check_param

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["replay_deployment"]

#: A batch size: an integer >= 1.
_SIZE = Interval(numbers.Integral, 1, None, closed="left")


def replay_deployment(
    monitor: Any,
    X: Any,
    y: ArrayLike,
    priors: ArrayLike,
    *,
    labelled_size: int = 100,
    unlabelled_size: int = 200,
    random_state: Any = 0,
) -> pd.DataFrame:
    """Replay a deployment whose prior follows ``priors``, one step per prior.

    Parameters
    ----------
    monitor : DeploymentMonitor
        Fed in place: per step, ``update`` with a labelled batch then ``observe`` with an
        unlabelled one.
    X : array-like or DataFrame of shape (n, d)
        Held-out data, not used to fit or calibrate the monitored model.
    y : array-like of shape (n,)
        Its labels, of the model's two classes.
    priors : array-like of floats in [0, 1]
        The share of ``model.classes_[1]`` at each step.
    labelled_size, unlabelled_size : int >= 1
        The sizes of each step's two batches (a labelled batch holds at least one example of
        each class, as the monitor requires).
    random_state : int or numpy Generator

    Returns
    -------
    DataFrame
        The monitor's ``history_`` with the columns ``step`` and ``true_prior``.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab.classifiers import CostRangeThresholdClassifier, DeploymentMonitor
    >>> rng = np.random.default_rng(0)
    >>> y = (rng.random(4000) < 0.3).astype(int)
    >>> X = rng.normal(size=(4000, 2)) + 2 * y[:, None]
    >>> model = CostRangeThresholdClassifier(GaussianNB(), cv=3, prior=0.3).fit(X[:2000], y[:2000])
    >>> monitor = DeploymentMonitor(model, alpha=0.1)
    >>> history = replay_deployment(monitor, X[2000:], y[2000:], [0.3, 0.3, 0.8, 0.8])
    >>> history.groupby("step")["alarm"].any().tolist()
    [False, False, True, True]
    """
    y = np.asarray(y).ravel()
    schedule = np.asarray(priors, dtype=np.float64).ravel()
    if (
        schedule.size == 0
        or np.any(~np.isfinite(schedule))
        or np.any((schedule < 0) | (schedule > 1))
    ):
        raise ValueError("priors must hold at least one share of positives, each in [0, 1].")
    for name, value in (("labelled_size", labelled_size), ("unlabelled_size", unlabelled_size)):
        check_param(name, value, _SIZE)
    positive = monitor.model.classes_[1]
    pools = [np.flatnonzero(y != positive), np.flatnonzero(y == positive)]
    if min(pool.size for pool in pools) == 0:
        raise ValueError("y must hold both of the model's classes.")
    rng = np.random.default_rng(random_state)
    take = X.iloc.__getitem__ if hasattr(X, "iloc") else np.asarray(X).__getitem__
    steps = []
    for step, prior in enumerate(schedule, start=1):
        for size, labelled in ((labelled_size, True), (unlabelled_size, False)):
            n_pos = rng.binomial(size, prior)
            if labelled:  # both classes, as a labelled batch must hold
                n_pos = int(np.clip(n_pos, 1, size - 1)) if size > 1 else n_pos
            rows = np.concatenate([rng.choice(pools[1], n_pos), rng.choice(pools[0], size - n_pos)])
            rows = rng.permutation(rows)
            if labelled:
                monitor.update(take(rows), y[rows])
            else:
                monitor.observe(take(rows))
            steps.append((step, prior))
    history = monitor.history_.iloc[-len(steps) :].copy()
    history.insert(0, "true_prior", [p for _, p in steps])
    history.insert(0, "step", [s for s, _ in steps])
    return history.reset_index(drop=True)
