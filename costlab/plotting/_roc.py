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

from collections.abc import Mapping

import numpy as np

from costlab.metrics import roc_auc, roc_points
from costlab.plotting._base import (
    CurveDisplayMixin,
    _check_axis_labels,
    _check_frames,
    _check_labels,
    _finish,
    _per_classifier,
    _unit_axis,
    classifier_styles,
    display_name,
)
from costlab.plotting._scores import named_scores

__all__ = ["ROCDisplay", "ROCThresholdDisplay"]

_SQUARE, _SMALL = (6.5, 6.0), (5.5, 4.5)


class ROCDisplay(CurveDisplayMixin):
    """ROC graph, one curve per classifier (Al-Saffar 2018, sec. 2.2, Figure 13).

    Parameters
    ----------
    rocs : Mapping[str, DataFrame]
        Classifier name -> ROC curve with columns ``fpr`` and ``tpr``
        (:func:`costlab.metrics.roc_points`).
    aucs : Mapping[str, float]
        Classifier name -> AUC (:func:`costlab.metrics.roc_auc`), shown to 4 decimals in
        the legend as Weka and the thesis report it. Needs every name of ``rocs``.
    title : str, optional
    axis_labels : tuple of str, optional
        ``(xlabel, ylabel)``; a study passes its paper's wording (e.g. thresholds on
        P(class 1) for the thesis's figures). Default: thresholds on P(positive).

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    chance_line_ : Line2D
    ax_ : Axes
    figure_ : Figure
    """

    def __init__(self, rocs, aucs, *, title=None, labels=None, axis_labels=None):
        self.rocs = _check_frames(rocs, ("fpr", "tpr"), "rocs")
        self.aucs = _check_aucs(aucs, self.rocs)
        self.title = title
        self.labels = _check_labels(labels)
        self.axis_labels = _check_axis_labels(
            axis_labels,
            ("False positive rate (negatives called positive)", "True positive rate"),
        )

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Compute each classifier's ROC curve and AUC and plot them.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            True labels, two classes.
        y_score : array-like of shape (n,) or Mapping[str, array-like]
            The positive class's score (``predict_proba(X)[:, 1]``) of one classifier, or
            ``{name: scores}`` for several classifiers scored on the same ``y_true``.
        name : str, optional
            Legend name of a single array of scores (default ``"Classifier"``); must be None
            when ``y_score`` is a mapping.
        pos_label, sample_weight : optional
            Passed to :func:`costlab.metrics.roc_points` and :func:`costlab.metrics.roc_auc`.
        title, labels
            As in the constructor.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`plot` (line styles).

        Returns
        -------
        ROCDisplay
            Already plotted.

        Examples
        --------
        >>> display = ROCDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])
        >>> display.aucs
        {'Classifier': 0.75}
        """
        scores = named_scores(y_score, name, y_true)
        rocs = _per_classifier(
            roc_points, y_true, scores, pos_label=pos_label, sample_weight=sample_weight
        )
        aucs = _per_classifier(
            roc_auc, y_true, scores, pos_label=pos_label, sample_weight=sample_weight
        )
        return cls(rocs, aucs, title=title, labels=labels).plot(ax=ax, **kwargs)

    def plot(self, ax=None, **kwargs):
        """Draw the ROC graph on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = self._axes(ax, _SQUARE)
        styles = classifier_styles(self.rocs)
        self.chance_line_ = ax.plot(
            [0, 1], [0, 1], linestyle="--", color="0.6", linewidth=1, label="Chance (AUC = 0.5)"
        )[0]
        self.lines_ = {}
        for name, roc in self.rocs.items():
            label = f"{display_name(name, self.labels)} (AUC = {self.aucs[name]:.4f})"
            style = {"color": styles[name]["color"], "linewidth": 2, "label": label} | kwargs
            self.lines_[name] = ax.plot(roc["fpr"].to_numpy(), roc["tpr"].to_numpy(), **style)[0]
        _unit_axis(ax.set_xlim, ax.xaxis, step=0.2)
        _unit_axis(ax.set_ylim, ax.yaxis, step=0.2)
        ax.set_aspect("equal")
        ax.set_xlabel(self.axis_labels[0])
        ax.set_ylabel(self.axis_labels[1])
        _finish(ax, self.title, legend="lower right")
        return self._plotted(ax, fig)


class ROCThresholdDisplay(CurveDisplayMixin):
    """Classification thresholds along the ROC graph (thesis Figures 14, 19, 24, 29).

    The threshold on the score at each ROC point, plotted against its false positive rate
    (Weka's threshold curve with X = false positive rate, Y = threshold).

    Parameters
    ----------
    rocs : Mapping[str, DataFrame]
        Classifier name -> ROC curve with columns ``fpr`` and ``threshold``.
    title : str, optional
    axis_labels : tuple of str, optional
        ``(xlabel, ylabel)``; a study passes its paper's wording (e.g. thresholds on
        P(class 1) for the thesis's figures). Default: thresholds on P(positive).

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    ax_ : Axes
    figure_ : Figure
    """

    def __init__(self, rocs, *, title=None, labels=None, axis_labels=None):
        self.rocs = _check_frames(rocs, ("fpr", "threshold"), "rocs")
        self.title = title
        self.labels = _check_labels(labels)
        self.axis_labels = _check_axis_labels(
            axis_labels,
            ("False positive rate (negatives called positive)", "Threshold on P(positive)"),
        )

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Compute each classifier's ROC curve and plot its thresholds by FPR.

        Parameters
        ----------
        y_true : array-like of shape (n,)
            True labels, two classes.
        y_score : array-like of shape (n,) or Mapping[str, array-like]
            The positive class's score (``predict_proba(X)[:, 1]``) of one classifier, or
            ``{name: scores}`` for several classifiers scored on the same ``y_true``.
        name : str, optional
            Legend name of a single array of scores (default ``"Classifier"``); must be None
            when ``y_score`` is a mapping.
        pos_label, sample_weight : optional
            Passed to :func:`costlab.metrics.roc_points`.
        title, labels
            As in the constructor.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`plot` (line styles).

        Returns
        -------
        ROCThresholdDisplay
            Already plotted.

        Examples
        --------
        >>> y, p = [0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3]
        >>> display = ROCThresholdDisplay.from_predictions(y, p)
        >>> display.lines_["Classifier"].get_ydata().tolist()
        [1.0, 0.6, 0.4, 0.3, 0.1]
        """
        scores = named_scores(y_score, name, y_true)
        rocs = _per_classifier(
            roc_points, y_true, scores, pos_label=pos_label, sample_weight=sample_weight
        )
        return cls(rocs, title=title, labels=labels).plot(ax=ax, **kwargs)

    def plot(self, ax=None, **kwargs):
        """Draw the chart on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = self._axes(ax, _SMALL)
        styles = classifier_styles(self.rocs)
        self.lines_ = {}
        for name, roc in self.rocs.items():
            style = {
                "color": styles[name]["color"],
                "linewidth": 2,
                "label": display_name(name, self.labels),
            }
            x, y = roc["fpr"].to_numpy(), roc["threshold"].to_numpy()
            self.lines_[name] = ax.plot(x, y, **(style | kwargs))[0]
        values = np.concatenate([r["threshold"].to_numpy() for r in self.rocs.values()])
        _unit_axis(ax.set_xlim, ax.xaxis, step=0.2)
        _unit_axis(ax.set_ylim, ax.yaxis, values)
        ax.set_xlabel(self.axis_labels[0])
        ax.set_ylabel(self.axis_labels[1])
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
