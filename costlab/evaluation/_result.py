"""The result of a cross-validation, whatever ran it: :class:`CVResult`.

Every engine (:mod:`costlab.evaluation.cv`) returns one and the on-disk cache
(:mod:`costlab.evaluation._cache`) stores its arrays; :func:`CVResult.from_predictions` wraps
scores computed elsewhere. Import it from :mod:`costlab.evaluation` (or ``costlab``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.metrics.example_costs import CostModel

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["CVResult"]

#: Probabilities may leave [0, 1] by this much (floating-point noise of the models' maths).
_PROBA_TOLERANCE = 1e-12


@dataclass(frozen=True)
class CVResult:
    """Out-of-fold class probabilities of one classifier on one dataset.

    :attr:`y_score` (or :meth:`scores`) is the positive class's probability, as scikit-learn's
    ``predict_proba(X)[:, 1]``: the score every function of :mod:`costlab.metrics` takes.

    Attributes
    ----------
    dataset, classifier, engine : str
        What was run (a registered classifier name or the name given to an estimator) and by
        which engine (``"given"`` for :meth:`from_predictions`).
    y_true : ndarray of int, shape (n,)
        1 for the positive class, 0 for the negative class.
    proba : ndarray of float, shape (n_repeats, n, 2)
        P(negative | x) and P(positive | x), in that order, predicted for each instance by the
        model that did not see it, each as the model returned it (never recomputed as one minus
        the other, which can create or break ties).
    fold : ndarray of int, shape (n_repeats, n)
        The fold in which each instance was held out.
    labels : tuple of str
        ``(negative, positive)`` class labels.
    n_folds, seed : int
        The protocol (0 and -1 for :meth:`from_predictions`: not cross-validated here).
    folds : str
        Fold scheme (``"weka"`` or ``"sklearn"``, see :mod:`costlab.evaluation.folds`).
    params : dict
        Classifier parameters that differ from the defaults.
    seconds : float
        Wall time of the cross-validation when it was computed (not when loaded from cache).
    costs : costlab.metrics.CostModel, optional
        Each instance's costs (the dataset's :attr:`~costlab.datasets.Dataset.costs`, or given
        to :meth:`from_predictions`), row by row with ``y_true``. Every curve of this result
        and every Display's ``from_cv_result`` then weigh each instance by its regret
        (:meth:`costlab.metrics.CostModel.weights`). Not compared by ``==``.
    origin : str
        Where the result came from: ``"computed"``, or from the on-disk cache
        (:func:`costlab.evaluation.cross_val_proba`): ``"cache (proven by key)"`` (a model made
        solely of costlab's code, whose whole source is in the key), ``"cache (verified: fold k
        of repetition r recomputed, identical)"`` or ``"cache (trusted, not verified)"``
        (``cache="trust"``). Not compared by ``==``.

    Examples
    --------
    Cross-validation returns one (see :func:`cross_val_proba`):

    >>> from sklearn.naive_bayes import GaussianNB
    >>> from costlab import cross_val_proba
    >>> from costlab.datasets import twonorm
    >>> result = cross_val_proba(twonorm(100, random_state=0), GaussianNB(), n_folds=5,
    ...                          cache=False)
    >>> result.proba.shape, result.n_folds
    ((1, 100, 2), 5)
    >>> result.scores(0).shape
    (100,)
    """

    dataset: str
    classifier: str
    engine: str
    y_true: np.ndarray
    proba: np.ndarray
    fold: np.ndarray
    labels: tuple
    n_folds: int
    seed: int
    params: dict = field(default_factory=dict)
    seconds: float = 0.0
    folds: str = "weka"
    costs: CostModel | None = field(default=None, compare=False)
    origin: str = field(default="computed", compare=False)

    def __post_init__(self):
        if self.costs is not None:
            if not isinstance(self.costs, CostModel):
                raise TypeError(
                    f"costs must be a CostModel (costlab.metrics.cost_model), got "
                    f"{type(self.costs).__name__}."
                )
            if self.costs.n != self.y_true.shape[0]:
                raise ValueError(
                    f"costs hold {self.costs.n} instances, the result {self.y_true.shape[0]}."
                )

    def with_costs(self, costs: CostModel | None) -> CVResult:
        """This result priced by other per-instance costs (None: the class-level costs).

        Examples
        --------
        >>> from costlab.metrics import cost_model
        >>> r = CVResult.from_predictions([0, 1, 1], [0.2, 0.7, 0.4])
        >>> r.with_costs(cost_model(fp=1.0, fn=[2.0, 5.0, 9.0])).sample_weight.tolist()
        [1.0, 5.0, 9.0]
        """
        return dataclasses.replace(self, costs=costs)

    @property
    def sample_weight(self) -> np.ndarray | None:
        """Each instance's regret under :attr:`costs` (``fn - tp`` for a positive, ``fp - tn``
        for a negative), the ``sample_weight`` every measure reads; None without costs."""
        return None if self.costs is None else self.costs.weights(self.y_true.astype(bool))

    def __repr__(self):
        return (
            f"CVResult(dataset={self.dataset!r}, classifier={self.classifier!r}, "
            f"engine={self.engine!r}, n={self.y_true.shape[0]}, n_repeats={self.n_repeats}, "
            f"n_folds={self.n_folds}, folds={self.folds!r}, seed={self.seed}, "
            f"origin={self.origin!r})"
        )

    def _repr_html_(self):
        """Jupyter shows the result as a one-row table (what its repr says, and the AUC)."""
        from costlab.metrics import roc_auc

        row = {
            "dataset": self.dataset,
            "classifier": self.classifier,
            "engine": self.engine,
            "n": int(self.y_true.shape[0]),
            "n_repeats": self.n_repeats,
            "n_folds": self.n_folds,
            "folds": self.folds,
            "seed": self.seed,
            "auc": roc_auc(self.y_true, self.scores(), pos_label=1),
            "origin": self.origin,
        }
        table = pd.DataFrame([row]).to_html(index=False, float_format="{:.4f}".format)
        return "<p><b>CVResult</b></p>" + table

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        classifier: Any = "Classifier",
        dataset: Any = "data",
        pos_label: Any = None,
        costs: CostModel | None = None,
    ) -> CVResult:
        """Wrap scores computed elsewhere (e.g. on a held-out test set) as a result.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            Labels of two classes; ``pos_label`` names the positive class.
        y_score : array-like of shape (n,) or (n_repeats, n)
            The positive class's score, higher = more positive, e.g.
            ``model.predict_proba(X)[:, 1]``. The negative column of :attr:`proba` is set to
            ``1 - y_score``.
        classifier, dataset : str
            Names shown in tables, figures and the explorer.
        pos_label : scalar, optional
            Inferred as scikit-learn does for labels {0, 1} and {-1, 1}, and for {1, 2}
            (see :func:`costlab.metrics.mtmcs_curve`).
        costs : CostModel, optional
            Each instance's costs (:func:`costlab.metrics.cost_model`), kept as :attr:`costs`.

        Examples
        --------
        >>> r = CVResult.from_predictions(["a", "a", "b", "b"], [.1, .4, .6, .3], pos_label="b")
        >>> r.y_true.tolist(), r.labels, r.n_repeats
        ([0, 0, 1, 1], ('a', 'b'), 1)
        """
        from costlab.metrics.checks import check_labels_scores

        scores = np.asarray(y_score)
        scores = scores[None, :] if scores.ndim == 1 else scores
        if scores.ndim != 2:
            raise ValueError(f"y_score must be 1-D or 2-D, got shape {scores.shape}.")
        for row in scores:
            is_pos, _ = check_labels_scores(y_true, row, pos_label=pos_label, name="y_score")
        scores = scores.astype(np.float64)
        labels = np.asarray(y_true)
        return cls(
            dataset=str(dataset),
            classifier=str(classifier),
            engine="given",
            y_true=is_pos.astype(np.int64),
            proba=np.stack([1.0 - scores, scores], axis=-1),
            fold=np.full(scores.shape, -1),
            labels=(str(labels[~is_pos][0]), str(labels[is_pos][0])),
            n_folds=0,
            seed=-1,
            costs=costs,
        )

    @property
    def n_repeats(self) -> int:
        """Number of repetitions of the k-fold protocol."""
        return self.proba.shape[0]

    @property
    def y_score(self) -> np.ndarray:
        """P(positive | x) of every repetition, shape (n_repeats, n)."""
        return self.proba[..., 1]

    def scores(self, repeat: int = 0) -> np.ndarray:
        """P(positive | x) of repetition ``repeat``, shape (n,): the ``y_score`` of
        :mod:`costlab.metrics`."""
        return self.proba[repeat, :, 1]

    def mtmcs_curve(
        self,
        *,
        search: str = "exact",
        step: float = 1e-5,
        fp_costs: ArrayLike | None = None,
        score_of: str = "positive",
    ) -> pd.DataFrame:
        """The MTMCS curve of this result: :func:`costlab.metrics.mtmcs_curve` of its scores.

        Each repetition's out-of-fold scores, pooled over its folds, give one curve; with
        several repetitions MTMCS, threshold and rates are averaged over them cost ratio by cost
        ratio (the curve of one repetition ``k`` is ``mtmcs_curve(result.y_true,
        result.scores(k))``). With :attr:`costs`, each instance weighs its regret
        (``sample_weight=result.sample_weight``).

        Parameters
        ----------
        search : {"exact", "thorough", "optimized"}
            Threshold search (:func:`costlab.metrics.mtmcs_curve`); the thesis's is
            ``"optimized"``.
        step : float
            Threshold step of the grid searches.
        fp_costs : array-like, optional
            Normalised FPcost grid; default the thesis's 0.05, ..., 0.95.
        score_of : {"positive", "negative"}
            Threshold the positive class's probability (default), or the negative class's as
            the model returned it, with the thesis's rules (Al-Saffar 2018, sec. 4.5), to
            reproduce the thesis's thresholds and one-sided searches digit for digit.

        Returns
        -------
        DataFrame
            ``fp_cost, fn_cost, mtmcs, threshold, fp_rate, fn_rate``, one row per cost ratio.

        Examples
        --------
        >>> r = CVResult.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])
        >>> float(r.mtmcs_curve(fp_costs=[0.5]).loc[0, "mtmcs"])
        25.0
        """
        from costlab.metrics import mtmcs_curve
        from costlab.metrics.checks import check_score_of

        column = 1 if check_score_of(score_of) == "positive" else 0
        per_repeat = [
            mtmcs_curve(
                self.y_true,
                self.proba[r, :, column],
                pos_label=1,
                fp_costs=fp_costs,
                search=search,
                step=step,
                score_of=score_of,
                sample_weight=self.sample_weight,
            )
            for r in range(self.n_repeats)
        ]
        return pd.concat(per_repeat).groupby("fp_cost", as_index=False, sort=True).mean()
