"""ROC graphs as Displays: the ROC curves with their AUC, and the thresholds along them
(Al-Saffar 2018, sec. 2.2; thesis Figures 13, 18, 23, 28 and 14, 19, 24, 29).

Both draw :func:`costlab.metrics.roc_points`, the every-point ROC curve of the positive class's
scores (a study passes curves of its own orientation with its axis labels); the AUC is
:func:`costlab.metrics.roc_auc`.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> display = ROCDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3], name="toy")
>>> display.lines_["toy"].get_label()
'toy (AUC = 0.7500)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from costlab.metrics import roc_auc, roc_points
from costlab.plotting._base import (
    CurveDisplayMixin,
    _check_axis_labels,
    _check_frames,
    _check_labels,
    _classifier_lines,
    _finish,
    _per_classifier,
    _shared_doc,
    _threshold_axis,
    _unit_axis,
    display_name,
)
from costlab.plotting._scores import named_scores

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["ROCDisplay", "ROCThresholdDisplay"]

_SQUARE, _SMALL = (6.5, 6.0), (5.5, 4.5)


class _RocChart(CurveDisplayMixin):
    """What both ROC graphs share: each classifier's ROC curve, from ``from_predictions``.

    ``_metrics`` are the functions of ``(y_true, scores)`` whose per-classifier results are the
    constructor's positional arguments (the ROC curves, then for :class:`ROCDisplay` the AUCs).
    """

    _metrics: tuple[Callable[..., Any], ...] = (roc_points,)

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        name: str | None = None,
        pos_label: Any = None,
        sample_weight: ArrayLike | None = None,
        title: str | None = None,
        labels: Mapping[Any, str] | None = None,
        ax: Any = None,
        **kwargs: Any,
    ) -> Self:
        """Compute each classifier's ROC curve (and AUC) from its scores and plot the graph.

        Parameters
        ----------
        %(scores)s
        pos_label, sample_weight : optional
            Passed to :func:`costlab.metrics.roc_points` (and :func:`costlab.metrics.roc_auc`
            for :class:`ROCDisplay`).
        title, labels
            As in the constructor.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`plot` (line styles).

        Returns
        -------
        ROCDisplay or ROCThresholdDisplay
            Already plotted.

        Examples
        --------
        >>> y, p = [0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3]
        >>> ROCDisplay.from_predictions(y, p).aucs
        {'Classifier': 0.75}
        >>> display = ROCThresholdDisplay.from_predictions(y, p)
        >>> display.lines_["Classifier"].get_ydata().tolist()  # (0, 0) lies above every score
        [inf, 0.6, 0.4, 0.3, 0.1]
        """
        scores = named_scores(y_score, name, y_true)
        curves = [
            _per_classifier(
                metric, y_true, scores, pos_label=pos_label, sample_weight=sample_weight
            )
            for metric in cls._metrics
        ]
        return cls._construct_and_plot(*curves, ax=ax, kwargs=kwargs, title=title, labels=labels)


@_shared_doc
class ROCDisplay(_RocChart):
    """ROC graph, one curve per classifier (Al-Saffar 2018, section 2.2, Figure 13).

    Parameters
    ----------
    rocs : Mapping[str, DataFrame]
        Classifier name -> ROC curve with columns ``fpr`` and ``tpr``
        (:func:`costlab.metrics.roc_points`).
    aucs : Mapping[str, float]
        Classifier name -> AUC (:func:`costlab.metrics.roc_auc`), shown to 4 decimals in
        the legend as Weka and the thesis report it. Needs every name of ``rocs``.
    title : str, optional
    %(axis_labels)s

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    chance_line_ : Line2D
    ax_ : Axes
    figure_ : Figure
    """

    _metrics = (roc_points, roc_auc)

    def __init__(
        self,
        rocs: Any,
        aucs: Mapping[str, float],
        *,
        title: str | None = None,
        labels: Mapping[Any, str] | None = None,
        axis_labels: tuple[str, str] | None = None,
    ) -> None:
        self.rocs = _check_frames(rocs, ("fpr", "tpr"), "rocs")
        self.aucs = _check_aucs(aucs, self.rocs)
        self.title = title
        self.labels = _check_labels(labels)
        self.axis_labels = _check_axis_labels(
            axis_labels,
            ("False positive rate (negatives called positive)", "True positive rate"),
        )

    def plot(self, ax: Any = None, **kwargs: Any) -> Self:
        """Draw the ROC graph on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = self._axes(ax, _SQUARE)
        self.chance_line_ = ax.plot(
            [0, 1], [0, 1], linestyle="--", color="0.6", linewidth=1, label="Chance (AUC = 0.5)"
        )[0]
        legend = {
            name: f"{display_name(name, self.labels)} (AUC = {auc:.4f})"
            for name, auc in self.aucs.items()
        }
        self.lines_ = _classifier_lines(
            ax, self.rocs, ("fpr", "tpr"), kwargs, labels=legend, linewidth=2
        )
        _unit_axis(ax.set_xlim, ax.xaxis, step=0.2)
        _unit_axis(ax.set_ylim, ax.yaxis, step=0.2)
        ax.set_aspect("equal")
        ax.set_xlabel(self.axis_labels[0])
        ax.set_ylabel(self.axis_labels[1])
        _finish(ax, self.title, legend="lower right")
        return self._plotted(ax, fig)


@_shared_doc
class ROCThresholdDisplay(_RocChart):
    """Classification thresholds along the ROC graph (thesis Figures 14, 19, 24, 29).

    The threshold on the score at each ROC point, plotted against its false positive rate
    (Weka's threshold curve with X = false positive rate, Y = threshold).

    Parameters
    ----------
    rocs : Mapping[str, DataFrame]
        Classifier name -> ROC curve with columns ``fpr`` and ``threshold``.
    title : str, optional
    %(axis_labels)s

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    ax_ : Axes
    figure_ : Figure
    """

    def __init__(
        self,
        rocs: Any,
        *,
        title: str | None = None,
        labels: Mapping[Any, str] | None = None,
        axis_labels: tuple[str, str] | None = None,
    ) -> None:
        self.rocs = _check_frames(rocs, ("fpr", "threshold"), "rocs")
        self.title = title
        self.labels = _check_labels(labels)
        self.axis_labels = _check_axis_labels(
            axis_labels,
            ("False positive rate (negatives called positive)", "Threshold on P(positive)"),
        )

    def plot(self, ax: Any = None, **kwargs: Any) -> Self:
        """Draw the chart on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = self._axes(ax, _SMALL)
        self.lines_ = _classifier_lines(
            ax, self.rocs, ("fpr", "threshold"), kwargs, labels=self.labels, linewidth=2
        )
        _unit_axis(ax.set_xlim, ax.xaxis, step=0.2)
        _threshold_axis(ax, self.rocs, self.axis_labels[1])
        ax.set_xlabel(self.axis_labels[0])
        _finish(ax, self.title, legend="best")
        return self._plotted(ax, fig)


def _check_aucs(aucs, rocs):
    """A mapping with a real AUC for every classifier of ``rocs``."""
    if not isinstance(aucs, Mapping):
        raise TypeError(f"aucs must be a mapping of classifier name -> AUC, got {type(aucs)}.")
    missing = [key for key in rocs if key not in aucs]
    if missing:
        raise ValueError(f"aucs lacks the AUC of {missing}; it needs one per key of rocs.")
    return {key: float(aucs[key]) for key in rocs}
