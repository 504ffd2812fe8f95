"""The thesis's figures as scikit-learn style Displays (thesis 4.2, 4.4 and 5.2-5.7).

Each Display takes results that were computed elsewhere (MTMCS curves from
:func:`costlab.metrics.mtmcs_curve`, ROC curves from :func:`costlab.metrics.roc_points`, class
counts), validates them once, and draws them with ``plot(ax=None, **kwargs) -> self``, storing
the artists as ``ax_``, ``figure_`` and ``lines_`` (classifier -> ``Line2D``). Calling ``plot``
again restyles without recomputing anything. The only I/O is :func:`save_figure`.

As in scikit-learn, the four curve Displays also build themselves, already plotted, from scores
or fitted classifiers: ``from_predictions(y_true, y_score, ...)`` and ``from_estimator(estimator,
X, y, ...)`` compute the curves with :mod:`costlab.metrics` (the only place a measure is computed)
and call the constructor. ``y_score`` is the positive class's score, as scikit-learn's
``predict_proba(X)[:, 1]``; either one array or ``{name: array}`` for several classifiers, and
likewise one estimator or ``{name: estimator}``. A study that plots the thesis's own orientation
(thresholds on P(class 1), the ROC of class 1) computes its curves with ``score_of="negative"``
and passes them, with its axis labels, to the constructors.

==============================  ===============================================================
Display                         Thesis figures
==============================  ===============================================================
:class:`ClassDistributionDisplay`  10, 15, 20, 25: instances per class
:class:`MTMCSDisplay`           7, 11, 16, 21, 26: MTMCS (%) by cost ratio FPcost/FNcost;
                                30-32 with ``highlight=(r1, r2)`` and ``plot(annotate=True)``
:class:`ThresholdDisplay`       9, 12, 17, 22, 27: optimal threshold by cost ratio
:class:`ROCDisplay`             13, 18, 23, 28: ROC with the AUC in the legend
:class:`ROCThresholdDisplay`    14, 19, 24, 29: threshold by false positive rate
==============================  ===============================================================

Every classifier keeps its colour and marker in every figure (:func:`classifier_styles`): the
colours are the colour-blind-safe palette of Okabe & Ito (2008). Legends show each classifier's
name, or the label given for it in ``labels=`` (a study passes its paper's spelling).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from costlab.metrics import mtmcs_curve
>>> curve = mtmcs_curve([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3])
>>> labels = {"NaiveBayes": "Naïve Bayes"}
>>> display = MTMCSDisplay({"NaiveBayes": curve}, highlight=(0.4, 0.6), labels=labels)
>>> display.plot(annotate=True).lines_["NaiveBayes"].get_label()
'Naïve Bayes'
"""

from __future__ import annotations

import contextlib
import numbers
import os
import zlib
from collections.abc import Mapping
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import MultipleLocator

from costlab._io import create_temp
from costlab.metrics import format_cost_ratio, mtmcs_curve, roc_auc, roc_points
from costlab.metrics._validation import check_cost_range
from costlab.plotting._scores import estimator_scores, named_scores

__all__ = [
    "MTMCSDisplay",
    "ThresholdDisplay",
    "ROCDisplay",
    "ROCThresholdDisplay",
    "ClassDistributionDisplay",
    "classifier_styles",
    "display_name",
    "save_figure",
]

# Okabe & Ito (2008) colour-blind-safe palette, without yellow (too pale on white).
_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "p", "h", "<", ">", "*", "d", "8")
#: Fixed style slots of the thesis's classifiers; other names hash onto slots 4-6 first.
_KNOWN_SLOTS = {"RandomForest": 0, "NaiveBayes": 1, "AdaBoostM1": 2, "IBk": 3}
_BAND_COLOUR = "#E41A1C"  # the thesis's red range-of-interest band (Figures 30-32)
_CLASS_COLOURS = ("#56B4E9", "#E69F00")
_WIDE, _SQUARE, _SMALL = (9.0, 5.0), (6.5, 6.0), (5.5, 4.5)
_TOL = 1e-9  # as in costlab.metrics.thesis.measures: grid values are rounded to 10 decimals
_ANNOTATION_FORMAT = "{:.1f}"
_MAX_COST_TICKS = 25


# ---------------------------------------------------------------------------------------------
# Displays
# ---------------------------------------------------------------------------------------------


class MTMCSDisplay:
    """MTMCS chart: each classifier's MTMCS (%) at every cost ratio (thesis 4.2.1, Figure 7).

    Parameters
    ----------
    curves : Mapping[str, DataFrame]
        Classifier name -> MTMCS curve with columns ``fp_cost`` and ``mtmcs``
        (:func:`costlab.metrics.mtmcs_curve`). Drawn in the mapping's order.
    highlight : tuple of float, optional
        ``(r1, r2)``: the cost-ratio range of interest as normalised FPcost values, shaded red
        as in Figures 30-32, e.g. ``(0.40, 0.60)`` for [0.40/0.60, 0.60/0.40].
    title : str, optional
        Axes title.

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    highlight_ : Rectangle or None
        The shaded range of interest.
    annotations_ : dict of str -> list of Annotation
        The MTMCS values written by ``plot(annotate=True)``.
    ax_ : Axes
    figure_ : Figure
    """

    def __init__(self, curves, *, highlight=None, title=None, labels=None):
        self.curves = _check_curves(curves, "mtmcs")
        self.highlight = _check_highlight(highlight)
        self.title = title
        self.labels = _check_labels(labels)

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        fp_costs=None,
        search="exact",
        step=1e-5,
        highlight=None,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Compute each classifier's MTMCS curve from its scores and plot the chart.

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
        pos_label, sample_weight, fp_costs, search, step
            Passed to :func:`costlab.metrics.mtmcs_curve`.
        highlight, title, labels
            As in the constructor.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`plot` (e.g. ``annotate=True``, or line styles).

        Returns
        -------
        MTMCSDisplay
            Already plotted.

        Examples
        --------
        >>> y, p = [0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3]
        >>> display = MTMCSDisplay.from_predictions(y, p, fp_costs=[0.5])
        >>> display.lines_["Classifier"].get_ydata().tolist()
        [25.0]
        """
        curves = _per_classifier(
            mtmcs_curve,
            y_true,
            named_scores(y_score, name, y_true),
            pos_label=pos_label,
            sample_weight=sample_weight,
            fp_costs=fp_costs,
            search=search,
            step=step,
        )
        display = cls(curves, highlight=highlight, title=title, labels=labels)
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        fp_costs=None,
        search="exact",
        step=1e-5,
        highlight=None,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Score ``X`` with fitted classifiers' P(positive) and plot their MTMCS chart.

        Parameters
        ----------
        estimator : fitted classifier or Mapping[str, fitted classifier]
            Binary classifier(s) with ``predict_proba``; the score is the column of
            ``pos_label`` among ``classes_``.
        X : array-like of shape (n, n_features)
        y : array-like of shape (n,)
        name : str, optional
            Legend name of a single estimator (default its class name, for a Pipeline its last
            step's); must be None when ``estimator`` is a mapping.
        pos_label : scalar, optional
            The positive class; inferred for labels {0, 1}, {-1, 1}, {1, 2}.
        sample_weight : array-like of shape (n,), optional
            Instance weights, passed to the metric.
        fp_costs, search, step, highlight, title, labels, ax, **kwargs
            As in :meth:`from_predictions`.

        Returns
        -------
        MTMCSDisplay
            Already plotted.

        Examples
        --------
        >>> from sklearn.linear_model import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
        >>> clf = LogisticRegression().fit(X, y)
        >>> display = MTMCSDisplay.from_estimator(clf, X, y, fp_costs=[0.5])
        >>> display.lines_["LogisticRegression"].get_ydata().tolist()
        [0.0]
        """
        scores, pos_label = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        return cls.from_predictions(
            y,
            scores,
            pos_label=pos_label,
            sample_weight=sample_weight,
            fp_costs=fp_costs,
            search=search,
            step=step,
            highlight=highlight,
            title=title,
            labels=labels,
            ax=ax,
            **kwargs,
        )

    def plot(self, ax=None, *, annotate=False, **kwargs):
        """Draw the chart on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : Axes, optional
        annotate : bool
            Write the MTMCS value at each point inside the highlighted range (every point if
            there is no ``highlight``), as in Figures 30-32.
        **kwargs
            Passed to :meth:`Axes.plot` for every classifier's line (override the style).

        Returns
        -------
        self
        """
        fig, ax = _axes(ax, _WIDE)
        self.highlight_ = _shade_range(ax, self.highlight)
        self.lines_ = _plot_cost_curves(ax, self.curves, "mtmcs", kwargs, self.labels)
        top = max(float(c["mtmcs"].max()) for c in self.curves.values())
        ax.set_ylim(0, top * (1.18 if annotate else 1.08) if top > 0 else 1)
        self.annotations_ = {}
        if annotate:
            self.annotations_ = _annotate_values(ax, self.curves, self.lines_, self.highlight)
        ax.set_ylabel("MTMCS (%)")
        _finish(ax, self.title, legend="outside")
        self.ax_, self.figure_ = ax, fig
        return self


class ThresholdDisplay:
    """Optimal classification thresholds chart (thesis 4.4, Figure 9).

    The threshold on the score that attains each classifier's MTMCS at each cost ratio.

    Parameters
    ----------
    curves : Mapping[str, DataFrame]
        Classifier name -> MTMCS curve with columns ``fp_cost`` and ``threshold``.
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

    def __init__(self, curves, *, title=None, labels=None, axis_labels=None):
        self.curves = _check_curves(curves, "threshold")
        self.title = title
        self.labels = _check_labels(labels)
        self.axis_labels = _check_axis_labels(
            axis_labels,
            ("Cost ratio FPcost/FNcost (normalised)", "Optimal threshold on P(positive)"),
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
        fp_costs=None,
        search="exact",
        step=1e-5,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Compute each classifier's optimal thresholds from its scores and plot them.

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
        pos_label, sample_weight, fp_costs, search, step
            Passed to :func:`costlab.metrics.mtmcs_curve`.
        title, labels
            As in the constructor.
        ax : Axes, optional
        **kwargs
            Passed to :meth:`plot` (line styles).

        Returns
        -------
        ThresholdDisplay
            Already plotted.

        Examples
        --------
        >>> y, p = [0, 0, 1, 1], [0.1, 0.4, 0.6, 0.3]
        >>> display = ThresholdDisplay.from_predictions(y, p, fp_costs=[0.5])
        >>> display.lines_["Classifier"].get_ydata().tolist()
        [0.5]
        """
        curves = _per_classifier(
            mtmcs_curve,
            y_true,
            named_scores(y_score, name, y_true),
            pos_label=pos_label,
            sample_weight=sample_weight,
            fp_costs=fp_costs,
            search=search,
            step=step,
        )
        return cls(curves, title=title, labels=labels).plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        fp_costs=None,
        search="exact",
        step=1e-5,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Score ``X`` with fitted classifiers' P(positive) and plot their optimal thresholds.

        Parameters
        ----------
        estimator : fitted classifier or Mapping[str, fitted classifier]
            Binary classifier(s) with ``predict_proba``; the score is the column of
            ``pos_label`` among ``classes_``.
        X : array-like of shape (n, n_features)
        y : array-like of shape (n,)
        name : str, optional
            Legend name of a single estimator (default its class name, for a Pipeline its last
            step's); must be None when ``estimator`` is a mapping.
        pos_label : scalar, optional
            The positive class; inferred for labels {0, 1}, {-1, 1}, {1, 2}.
        sample_weight : array-like of shape (n,), optional
            Instance weights, passed to the metric.
        fp_costs, search, step, title, labels, ax, **kwargs
            As in :meth:`from_predictions`.

        Returns
        -------
        ThresholdDisplay
            Already plotted.

        Examples
        --------
        >>> from sklearn.linear_model import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
        >>> clf = LogisticRegression().fit(X, y)
        >>> display = ThresholdDisplay.from_estimator(clf, X, y, fp_costs=[0.5])
        >>> list(display.lines_)
        ['LogisticRegression']
        """
        scores, pos_label = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        return cls.from_predictions(
            y,
            scores,
            pos_label=pos_label,
            sample_weight=sample_weight,
            fp_costs=fp_costs,
            search=search,
            step=step,
            title=title,
            labels=labels,
            ax=ax,
            **kwargs,
        )

    def plot(self, ax=None, **kwargs):
        """Draw the chart on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = _axes(ax, _WIDE)
        self.lines_ = _plot_cost_curves(ax, self.curves, "threshold", kwargs, self.labels)
        values = np.concatenate([c["threshold"].to_numpy() for c in self.curves.values()])
        _unit_axis(ax.set_ylim, ax.yaxis, values)
        ax.set_ylabel(self.axis_labels[1])
        _finish(ax, self.title, legend="outside")
        self.ax_, self.figure_ = ax, fig
        return self


class ROCDisplay:
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

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Score ``X`` with fitted classifiers' P(positive) and plot their ROC curves.

        Parameters
        ----------
        estimator : fitted classifier or Mapping[str, fitted classifier]
            Binary classifier(s) with ``predict_proba``; the score is the column of
            ``pos_label`` among ``classes_``.
        X : array-like of shape (n, n_features)
        y : array-like of shape (n,)
        name : str, optional
            Legend name of a single estimator (default its class name, for a Pipeline its last
            step's); must be None when ``estimator`` is a mapping.
        pos_label : scalar, optional
            The positive class; inferred for labels {0, 1}, {-1, 1}, {1, 2}.
        sample_weight : array-like of shape (n,), optional
            Instance weights, passed to the metric.
        title, labels, ax, **kwargs
            As in :meth:`from_predictions`.

        Returns
        -------
        ROCDisplay
            Already plotted.

        Examples
        --------
        >>> from sklearn.linear_model import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
        >>> clf = LogisticRegression().fit(X, y)
        >>> ROCDisplay.from_estimator(clf, X, y).aucs
        {'LogisticRegression': 1.0}
        """
        scores, pos_label = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        return cls.from_predictions(
            y,
            scores,
            pos_label=pos_label,
            sample_weight=sample_weight,
            title=title,
            labels=labels,
            ax=ax,
            **kwargs,
        )

    def plot(self, ax=None, **kwargs):
        """Draw the ROC graph on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = _axes(ax, _SQUARE)
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
        self.ax_, self.figure_ = ax, fig
        return self


class ROCThresholdDisplay:
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
        [1.0, 0.9, 0.7, 0.6, 0.4]
        """
        scores = named_scores(y_score, name, y_true)
        rocs = _per_classifier(
            roc_points, y_true, scores, pos_label=pos_label, sample_weight=sample_weight
        )
        return cls(rocs, title=title, labels=labels).plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        title=None,
        labels=None,
        ax=None,
        **kwargs,
    ):
        """Score ``X`` with fitted classifiers' P(positive) and plot their ROC thresholds.

        Parameters
        ----------
        estimator : fitted classifier or Mapping[str, fitted classifier]
            Binary classifier(s) with ``predict_proba``; the score is the column of
            ``pos_label`` among ``classes_``.
        X : array-like of shape (n, n_features)
        y : array-like of shape (n,)
        name : str, optional
            Legend name of a single estimator (default its class name, for a Pipeline its last
            step's); must be None when ``estimator`` is a mapping.
        pos_label : scalar, optional
            The positive class; inferred for labels {0, 1}, {-1, 1}, {1, 2}.
        sample_weight : array-like of shape (n,), optional
            Instance weights, passed to the metric.
        title, labels, ax, **kwargs
            As in :meth:`from_predictions`.

        Returns
        -------
        ROCThresholdDisplay
            Already plotted.

        Examples
        --------
        >>> from sklearn.linear_model import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
        >>> clf = LogisticRegression().fit(X, y)
        >>> list(ROCThresholdDisplay.from_estimator(clf, X, y, name="LR").lines_)
        ['LR']
        """
        scores, pos_label = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        return cls.from_predictions(
            y,
            scores,
            pos_label=pos_label,
            sample_weight=sample_weight,
            title=title,
            labels=labels,
            ax=ax,
            **kwargs,
        )

    def plot(self, ax=None, **kwargs):
        """Draw the chart on ``ax`` (a new figure if None); ``kwargs`` go to every line."""
        fig, ax = _axes(ax, _SMALL)
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
        self.ax_, self.figure_ = ax, fig
        return self


class ClassDistributionDisplay:
    """Bar chart of the number of instances per class (thesis Figures 10, 15, 20, 25).

    Parameters
    ----------
    counts : Mapping[str, int]
        Class label -> number of instances, class 1 (the negative class) first, e.g.
        ``{"good": 700, "bad": 300}``.
    title : str, optional

    Attributes
    ----------
    bars_ : BarContainer
    bar_labels_ : list of Text
        The count and percentage written on each bar.
    ax_ : Axes
    figure_ : Figure
    """

    def __init__(self, counts, *, title=None):
        self.counts = _check_counts(counts)
        self.title = title

    def plot(self, ax=None, **kwargs):
        """Draw the bars on ``ax`` (a new figure if None); ``kwargs`` go to :meth:`Axes.bar`."""
        fig, ax = _axes(ax, _SMALL)
        labels = [f"{label} (class {i})" for i, label in enumerate(self.counts, start=1)]
        heights = np.array(list(self.counts.values()))
        colours = [_CLASS_COLOURS[i % len(_CLASS_COLOURS)] for i in range(heights.size)]
        style = {"color": colours, "width": 0.6, "edgecolor": "white"} | kwargs
        self.bars_ = ax.bar(labels, heights, **style)
        texts = [f"{n:,}  ({100 * n / heights.sum():.1f}%)" for n in heights]
        self.bar_labels_ = ax.bar_label(self.bars_, labels=texts, padding=3, fontsize=10)
        ax.set_ylim(0, heights.max() * 1.12)
        ax.set_ylabel("Number of instances")
        ax.set_xlabel(f"Class ({heights.sum():,} instances)")
        _finish(ax, self.title, legend=None, xgrid=False)
        self.ax_, self.figure_ = ax, fig
        return self


# ---------------------------------------------------------------------------------------------
# Styles and saving
# ---------------------------------------------------------------------------------------------


def display_name(name, labels=None):
    """How a classifier is labelled: ``labels[name]`` if given there, else ``str(name)``.

    >>> display_name("NaiveBayes", {"NaiveBayes": "Naïve Bayes"}), display_name("LR")
    ('Naïve Bayes', 'LR')
    """
    return (labels or {}).get(name, str(name))


def classifier_styles(names):
    """A colour and a marker for each classifier name, the same in every figure.

    The thesis's four classifiers always get the same style (Random Forest blue circles, Naive
    Bayes vermillion squares, Adaboost green triangles, IBK purple diamonds). Other names start
    from a slot chosen by a stable hash of the name, so they keep their style across figures
    unless two of them collide in the same figure.

    Parameters
    ----------
    names : iterable of str

    Returns
    -------
    dict of str -> dict
        ``{"color": ..., "marker": ...}`` per name, in the order given.

    Examples
    --------
    >>> classifier_styles(["NaiveBayes"])
    {'NaiveBayes': {'color': '#D55E00', 'marker': 's'}}
    """
    names = list(names)
    slots = {name: _KNOWN_SLOTS[name] for name in names if name in _KNOWN_SLOTS}
    taken = set(slots.values())
    for name in names:
        if name not in slots:
            slots[name] = _free_slot(name, taken)
            taken.add(slots[name])
    return {
        name: {
            "color": _COLOURS[slots[name] % len(_COLOURS)],
            "marker": _MARKERS[slots[name] % len(_MARKERS)],
        }
        for name in names
    }


def _free_slot(name, taken):
    """First free style slot for a name outside the thesis's four: 4-6, then 0-3, then more."""
    start = zlib.crc32(str(name).encode("utf-8")) % 3
    preferred = [4 + (start + k) % 3 for k in range(3)] + [0, 1, 2, 3]
    order = preferred + list(range(len(_COLOURS), len(_MARKERS)))
    free = [slot for slot in order if slot not in taken]
    return free[0] if free else len(taken) % len(_MARKERS)


def save_figure(display_or_figure, path):
    """Save a figure as PNG (150 dpi, tight bounding box) atomically, then close it.

    The PNG is written to a temporary file in the target directory and moved into place with
    :func:`os.replace`, so ``path`` is either the old file or the complete new one.

    Parameters
    ----------
    display_or_figure : Display or Figure
        A Display (plotted first if ``plot`` has not been called) or a matplotlib Figure.
    path : str or Path
        Target file; missing parent directories are created.

    Returns
    -------
    Path
        ``path``.
    """
    fig = _root_figure(display_or_figure)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = create_temp(path, suffix=".tmp")  # the mode open() gives (0o666 less the umask)
    try:
        with os.fdopen(fd, "wb") as handle:
            fig.savefig(handle, format="png", dpi=150, bbox_inches="tight")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    finally:
        plt.close(fig)
    return path


def _root_figure(obj):
    """The top-level Figure of a Figure, SubFigure or Display (plotting the Display if needed)."""
    if not isinstance(obj, Figure) and hasattr(obj, "plot") and not hasattr(obj, "figure_"):
        obj.plot()
    fig = getattr(obj, "figure_", obj)
    while not isinstance(fig, Figure) and hasattr(fig, "figure") and fig.figure is not fig:
        fig = fig.figure  # a SubFigure's parent
    if not isinstance(fig, Figure):
        raise TypeError(
            "display_or_figure must be a costlab Display or a matplotlib Figure, "
            f"got {type(obj).__name__}."
        )
    return fig


# ---------------------------------------------------------------------------------------------
# The constructors' curves (from_predictions, from_estimator)
# ---------------------------------------------------------------------------------------------


def _check_axis_labels(axis_labels, default):
    """``(xlabel, ylabel)``: the given pair of strings, or ``default`` for None."""
    if axis_labels is None:
        return default
    if (
        not isinstance(axis_labels, (tuple, list))
        or len(axis_labels) != 2
        or not all(isinstance(a, str) for a in axis_labels)
    ):
        raise ValueError(
            f"axis_labels must be a pair of strings (xlabel, ylabel), got {axis_labels!r}."
        )
    return tuple(axis_labels)


def _per_classifier(metric, y_true, scores, **params):
    """``{name: metric(y_true, p, **params)}`` for each classifier's scores, in their order."""
    return {name: metric(y_true, p, **params) for name, p in scores.items()}


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------


def _axes(ax, figsize):
    """``(figure, ax)``: the given axes, or new ones on a new figure of ``figsize``."""
    if ax is None:
        fig, ax = plt.subplots(figsize=figsize, layout="constrained")
        return fig, ax
    return ax.figure, ax


def _plot_cost_curves(ax, curves, column, kwargs, labels=None):
    """One line with markers per classifier: ``column`` against ``fp_cost``; x axis labelled."""
    styles = classifier_styles(curves)
    lines = {}
    for name, curve in curves.items():
        style = {
            "color": styles[name]["color"],
            "marker": styles[name]["marker"],
            "markersize": 6,
            "linewidth": 1.8,
            "label": display_name(name, labels),
            "clip_on": False,
            "zorder": 3,
        }
        x, y = curve["fp_cost"].to_numpy(), curve[column].to_numpy()
        lines[name] = ax.plot(x, y, **(style | kwargs))[0]
    _cost_ratio_axis(ax, np.concatenate([c["fp_cost"].to_numpy() for c in curves.values()]))
    return lines


def _cost_ratio_axis(ax, fp_costs):
    """x ticks at the cost ratios written FPcost/FNcost, thinned to at most 25 labels."""
    ticks = np.unique(np.round(fp_costs, 10))
    ticks = ticks[:: int(np.ceil(ticks.size / _MAX_COST_TICKS))]
    ax.set_xticks(ticks, [format_cost_ratio(t) for t in ticks])
    ax.tick_params(axis="x", labelrotation=45)
    for label in ax.get_xticklabels():
        label.set_horizontalalignment("right")
        label.set_rotation_mode("anchor")
    spacing = np.min(np.diff(ticks)) if ticks.size > 1 else 0.05
    ax.set_xlim(ticks[0] - spacing / 2, ticks[-1] + spacing / 2)
    ax.set_xlabel("Cost ratio FPcost/FNcost (normalised)")


def _unit_axis(set_lim, axis, values=None, step=0.1):
    """Limits just around [0, 1] (wider if ``values`` leave it) with ticks every ``step``."""
    values = np.asarray([] if values is None else values, dtype=float)
    values = values[np.isfinite(values)]
    low = min(0.0, values.min()) if values.size else 0.0
    high = max(1.0, values.max()) if values.size else 1.0
    pad = 0.015 * (high - low)
    set_lim(low - pad, high + pad)
    if (low, high) == (0.0, 1.0):
        axis.set_major_locator(MultipleLocator(step))


def _shade_range(ax, highlight):
    """The red band over [r1, r2] with thin edges (Figures 30-32); None without a range."""
    if highlight is None:
        return None
    r1, r2 = highlight
    label = "Range of interest" if r2 > r1 else "Cost ratio of interest"
    band = ax.axvspan(
        r1, r2, facecolor=_BAND_COLOUR, alpha=0.13, linewidth=0, zorder=0, label=label
    )
    for x in (r1, r2):
        ax.axvline(x, color=_BAND_COLOUR, linewidth=1, alpha=0.7, zorder=1)
    return band


def _annotate_values(ax, curves, lines, highlight):
    """Write each MTMCS inside [r1, r2]: the higher values at a cost ratio above, lower below."""
    r1, r2 = highlight if highlight is not None else (-np.inf, np.inf)
    table = pd.DataFrame({name: c.set_index("fp_cost")["mtmcs"] for name, c in curves.items()})
    ranks = table.rank(axis=1, method="first", ascending=False)
    annotations = {name: [] for name in curves}
    for name, curve in curves.items():
        for x, y in zip(curve["fp_cost"], curve["mtmcs"], strict=True):
            if r1 - _TOL <= x <= r2 + _TOL:
                above = len(curves) == 1 or ranks.loc[x, name] <= table.loc[x].count() / 2
                text = _write_value(ax, x, y, lines[name].get_color(), above)
                annotations[name].append(text)
    return annotations


def _write_value(ax, x, y, colour, above):
    """One MTMCS label just above or below its marker, on a faint white box."""
    return ax.annotate(
        _ANNOTATION_FORMAT.format(y),
        (x, y),
        xytext=(0, 8 if above else -9),
        textcoords="offset points",
        ha="center",
        va="bottom" if above else "top",
        fontsize=8,
        fontweight="bold",
        color=colour,
        zorder=4,
        bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.7},
    )


def _finish(ax, title, *, legend, xgrid=True):
    """The costlab look: light grid behind the data, no top/right spines, readable sizes."""
    ax.grid(True, axis="both" if xgrid else "y", color="0.88", linewidth=0.8)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_color("0.35")
    ax.tick_params(labelsize=9.5, colors="0.25")
    ax.xaxis.label.set_size(11)
    ax.yaxis.label.set_size(11)
    if title is not None:
        ax.set_title(title, fontsize=13, loc="left", pad=10)
    if legend == "outside":
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=10)
    elif legend is not None:
        ax.legend(loc=legend, frameon=True, framealpha=0.9, edgecolor="0.85", fontsize=10)


# ---------------------------------------------------------------------------------------------
# Validation (at the Display's boundary; the data come from costlab's own functions)
# ---------------------------------------------------------------------------------------------


def _check_frames(frames, columns, name):
    """A non-empty mapping of classifier -> non-empty DataFrame holding ``columns``."""
    if not isinstance(frames, Mapping) or not frames:
        raise ValueError(f"{name} must be a non-empty mapping of classifier name -> DataFrame.")
    for key, frame in frames.items():
        if not isinstance(frame, pd.DataFrame):
            raise TypeError(f"{name}[{key!r}] must be a DataFrame, got {type(frame).__name__}.")
        missing = [c for c in columns if c not in frame.columns]
        if missing:
            raise ValueError(f"{name}[{key!r}] lacks column(s) {missing}; needs {list(columns)}.")
        if frame.empty:
            raise ValueError(f"{name}[{key!r}] is empty.")
    return dict(frames)


def _check_curves(curves, column):
    """MTMCS curves with ``fp_cost`` and ``column``, each a cost ratio at most once."""
    curves = _check_frames(curves, ("fp_cost", column), "curves")
    for key, curve in curves.items():
        if curve["fp_cost"].duplicated().any():
            raise ValueError(f"curves[{key!r}] has repeated fp_cost values; one row per ratio.")
    return curves


def _check_labels(labels):
    """``labels`` maps classifier names to legend labels; None means the names themselves."""
    if labels is None:
        return {}
    if not isinstance(labels, Mapping):
        raise TypeError(
            f"labels must be a mapping of classifier name -> legend label, got {type(labels)!r}."
        )
    return dict(labels)


def _check_highlight(highlight):
    """None, or ``(r1, r2)`` as validated normalised FPcost bounds."""
    if highlight is None:
        return None
    if isinstance(highlight, str) or np.ndim(highlight) != 1 or len(highlight) != 2:
        raise ValueError(f"highlight must be None or a pair (r1, r2), got {highlight!r}.")
    return check_cost_range(*highlight)


def _check_aucs(aucs, rocs):
    """A mapping with a real AUC for every classifier of ``rocs``."""
    if not isinstance(aucs, Mapping):
        raise TypeError(f"aucs must be a mapping of classifier name -> AUC, got {type(aucs)}.")
    missing = [key for key in rocs if key not in aucs]
    if missing:
        raise ValueError(f"aucs lacks the AUC of {missing}; it needs one per key of rocs.")
    return {key: float(aucs[key]) for key in rocs}


def _check_counts(counts):
    """A non-empty mapping of class label -> non-negative integer count, not all zero."""
    if not isinstance(counts, Mapping) or not counts:
        raise ValueError("counts must be a non-empty mapping of class label -> instance count.")
    for label, n in counts.items():
        if (
            isinstance(n, bool)
            or not isinstance(n, numbers.Real)
            or not float(n).is_integer()
            or n < 0
        ):
            raise ValueError(f"counts[{label!r}] must be a non-negative integer, got {n!r}.")
    if sum(counts.values()) == 0:
        raise ValueError("counts are all zero; there is nothing to draw.")
    return {label: int(n) for label, n in counts.items()}
