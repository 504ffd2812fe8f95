"""POSfrac and Purity under shifted class priors as a Display (Landgrebe et al. 2004).

TPr and FPr do not depend on the class prior; the fraction of instances flagged (POSfrac) and
the purity of what is flagged do. Landgrebe et al. draw, for one classifier, the ROC curve (Fig. 3,
left), TPr against POSfrac for the true target prior P(C_t) = 0.1 (Fig. 3, right) and for
P(C_t) = 0.5, 0.1 and 0.001 (Fig. 4), "with respect to the *target* class". The maths is
:mod:`costlab.metrics.prior_shift.posfrac_purity`:

.. math:: POSfrac = P(C_t) TP_r + P(C_n) FP_r, \\qquad
          Purity = \\frac{TP_r}{TP_r + \\frac{P(C_n)}{P(C_t)} FP_r}

(Landgrebe et al. 2004, eqs. 5-6). :class:`PriorShiftDisplay` draws one panel per ``kind``
(``"roc"``, ``"posfrac"``, ``"purity"``), one curve per prior, and marks the operating point at a
fixed TPr (the paper's 80 %), POSfrac or Purity with its value.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
>>> d = PriorShiftDisplay.from_predictions(y, s, priors=[0.5, 0.1], kind="posfrac")
>>> d.lines_[("posfrac", 0.1)].get_xdata().round(3).tolist()  # 0.1 TPr + 0.9 FPr
[0.0, 0.05, 0.5, 0.55, 1.0]
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from costlab.metrics import operating_point, positive_fraction, prior_operating_curves
from costlab.plotting._base import (
    COLOURS,
    CurveDisplayMixin,
    _finish,
    _shared_doc,
    classifier_styles,
)
from costlab.plotting._scores import named_scores

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["DEFAULT_PRIORS", "SWEEP_PRIORS", "PriorShiftDisplay", "PriorSweepDisplay"]

_KINDS = ("roc", "posfrac", "purity")
#: The priors drawn by default: balanced, one in ten and one in a thousand (three decades of
#: imbalance; the priors of Landgrebe et al. 2004, Fig. 4 and Table 2).
DEFAULT_PRIORS = (0.5, 0.1, 0.001)
_PANEL = (5.6, 5.0)
_LABELS = {
    "roc": ("false positive rate $FP_r$", "true positive rate $TP_r$"),
    "posfrac": ("POSfrac: fraction of all instances flagged", "true positive rate $TP_r$"),
    "purity": ("purity: fraction of flagged that are targets", "true positive rate $TP_r$"),
}
_TITLES = {"roc": "ROC", "posfrac": "TPr vs POSfrac", "purity": "TPr vs purity"}


class PriorShiftDisplay(CurveDisplayMixin):
    """ROC, TPr-vs-POSfrac and TPr-vs-purity curves of one classifier, one per prior.

    Parameters
    ----------
    curves : PriorOperatingCurves
        From :func:`costlab.metrics.prior_operating_curves`.
    kind : {"roc", "posfrac", "purity"} or sequence of them
        The panels, left to right (Fig. 3 of Landgrebe et al. 2004 is ``("roc", "posfrac")``).
    operating_point : dict, optional
        One condition of :meth:`PriorOperatingCurves.at`, e.g. ``{"tpr": 0.8}``: marked on
        every curve with its POSfrac or purity.
    name : str, optional
        The classifier's name (in the titles).

    Attributes
    ----------
    lines_ : dict of (kind, prior) -> Line2D
        The ROC (one line, key ``("roc", None)``) and one line per prior of each other panel;
        the drawn data are the curves' arrays exactly.
    points_ : DataFrame or None
        The operating point per prior (:meth:`PriorOperatingCurves.at`).
    markers_ : dict of (kind, prior) -> Line2D
    value_labels_ : dict of (kind, prior) -> Annotation
        Each marker's POSfrac or purity, beside it; a label that would overlap another of its
        panel (nearby priors) is moved down below it.
    axes_ : list of Axes
    figure_ : Figure

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import PriorShiftDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = PriorShiftDisplay.from_predictions(
    ...     y, scores["LR"], priors=(0.5, 0.1), kind="posfrac", ax=ax)
    >>> sorted(display.lines_)
    [('posfrac', 0.1), ('posfrac', 0.5)]
    >>> plt.close(fig)
    """

    _one_estimator = "only"  # from_estimator: one fitted classifier

    def __init__(
        self,
        curves: Any,
        *,
        kind: Any = ("roc", "posfrac"),
        operating_point: Any = None,
        name: str | None = None,
    ) -> None:
        self.curves = curves
        self.kinds = _check_kinds(kind)
        self.operating_point = _check_condition(operating_point)
        self.name = name

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        priors: ArrayLike = DEFAULT_PRIORS,
        kind: Any = ("roc", "posfrac"),
        operating_point: Any = None,
        name: str | None = None,
        pos_label: Any = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
        **kwargs: Any,
    ) -> Self:
        """Compute the curves from scores (higher = more likely target) and plot them.

        Parameters
        ----------
        y_true : array-like of shape (n,)
        y_score : array-like of shape (n,)
            Scores of the target class (``pos_label``).
        priors : float or sequence of float
            True target priors P(C_t) in (0, 1); default the paper's 0.5, 0.1, 0.001.
        kind, operating_point, name
            As in the constructor.
        pos_label : scalar, optional
            The target class; inferred for labels {0, 1}, {-1, 1} and {1, 2}.
        ax : Axes or sequence of Axes, optional
            One per panel.
        %(sample_weight)s
        **kwargs
            Passed to :meth:`plot`.
        """
        curves = prior_operating_curves(
            y_true, y_score, priors, pos_label=pos_label, sample_weight=sample_weight
        )
        display = cls(curves, kind=kind, operating_point=operating_point, name=name)
        return display.plot(ax=ax, **kwargs)

    def plot(
        self, ax: Any = None, *, log_x: bool = False, legend: bool = True, **kwargs: Any
    ) -> Self:
        """Draw the panels.

        Parameters
        ----------
        ax : Axes or sequence of Axes, optional
            One per kind; a new figure if None.
        log_x : bool
            Logarithmic POSfrac axis (useful at P(C_t) = 0.001, where POSfrac -> FPr).
        legend : bool
        **kwargs
            Passed to :meth:`Axes.plot` for every curve.

        Returns
        -------
        self
        """
        fig, axes = _panels(ax, len(self.kinds))
        c = self.curves
        colours = [COLOURS[k % len(COLOURS)] for k in range(c.priors.size)]
        self.points_ = c.at(**self.operating_point) if self.operating_point else None
        self.lines_: dict[tuple[str, float | None], Any] = {}
        self.markers_: dict[tuple[str, float | None], Any] = {}
        self.value_labels_: dict[tuple[str, float], Any] = {}
        for axis, kind in zip(axes, self.kinds, strict=True):
            if kind == "roc":
                style = {"color": "0.15", "linewidth": 1.8, "drawstyle": "default"} | kwargs
                self.lines_[("roc", None)] = axis.plot(c.fpr, c.tpr, **style)[0]
                axis.plot([0, 1], [0, 1], color="0.7", linewidth=0.8, linestyle=":")
                if self.points_ is not None:
                    row = self.points_.iloc[0]
                    self.markers_[("roc", None)] = axis.plot(
                        row["fpr"], row["tpr"], "o", color="0.15", markersize=7
                    )[0]
            else:
                values = c.posfrac if kind == "posfrac" else c.purity
                for k, prior in enumerate(c.priors):
                    style = {"color": colours[k], "linewidth": 1.8} | kwargs
                    label = f"$P(C_t)$ = {prior:g}"
                    self.lines_[(kind, float(prior))] = axis.plot(
                        values[k], c.tpr, label=label, **style
                    )[0]
                    if self.points_ is not None:
                        self._mark(axis, kind, k, prior, colours[k])
                if log_x and kind == "posfrac":
                    axis.set_xscale("log")
            axis.set_xlabel(_LABELS[kind][0])
            axis.set_ylabel(_LABELS[kind][1])
            if not (log_x and kind == "posfrac"):
                axis.set_xlim(-0.01, 1.01)
            axis.set_ylim(-0.01, 1.01)
            title = _TITLES[kind] + (f": {self.name}" if self.name else "")
            _finish(axis, title, legend="best" if legend and kind != "roc" else None)
        self.axes_, self.figure_ = list(axes), fig
        if self.value_labels_:
            _separate(fig, self.value_labels_)
        return self

    def _mark(self, axis, kind, k, prior, colour):
        row = self.points_.iloc[k]
        x = row["posfrac"] if kind == "posfrac" else row["purity"]
        if not np.isfinite(x):
            return
        marker = axis.plot(x, row["tpr"], "o", color=colour, markersize=7, zorder=4)[0]
        label = axis.annotate(
            f"{x:.3f}",
            (x, row["tpr"]),
            textcoords="offset points",
            xytext=(6, -12),
            fontsize=8.5,
            color=colour,
        )
        label.set_in_layout(False)  # the layout is the same wherever _separate moves it
        self.markers_[(kind, float(prior))] = marker
        self.value_labels_[(kind, float(prior))] = label


def _separate(fig, labels):
    """Move down each value label that overlaps one already placed in its panel, a line at a
    time, placing them from left to right (the markers of nearby priors sit close together)."""
    # the final axes positions (the layout engine's, nothing drawn) and the text's extents
    renderer = fig.canvas.get_renderer()
    engine = fig.get_layout_engine()
    if engine is not None:
        engine.execute(fig)
    placed: dict[Any, list[Any]] = {}

    def extent(label):
        return label.get_window_extent(renderer)

    for label in sorted(labels.values(), key=lambda label: extent(label).x0):
        others = placed.setdefault(label.axes, [])
        x, y = label.xyann
        for _ in range(len(labels)):
            box = extent(label).padded(1.0)
            if not any(box.overlaps(other) for other in others):
                break
            y -= 1.25 * label.get_fontsize()
            label.xyann = (x, y)
        others.append(extent(label))


def _panels(ax, n):
    if ax is None:
        fig, axes = plt.subplots(1, n, figsize=(_PANEL[0] * n, _PANEL[1]), layout="constrained")
        return fig, np.atleast_1d(axes)
    axes = np.atleast_1d(np.asarray(ax, dtype=object))
    if axes.size != n:
        raise ValueError(f"ax must hold one Axes per kind ({n}), got {axes.size}.")
    return axes[0].figure, axes


def _check_kinds(kind):
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    if not kinds or any(k not in _KINDS for k in kinds):
        raise ValueError(f"kind must be one or more of {_KINDS}, got {kind!r}.")
    return kinds


def _check_condition(condition):
    if condition is None:
        return None
    if not isinstance(condition, Mapping) or len(condition) != 1:
        raise ValueError(
            "operating_point must be one condition, e.g. {'tpr': 0.8}, {'posfrac': 0.1} or "
            f"{{'purity': 0.9}}; got {condition!r}."
        )
    ((key, value),) = condition.items()
    if key not in ("tpr", "posfrac", "purity"):
        raise ValueError(
            f"operating_point's key must be 'tpr', 'posfrac' or 'purity', got {key!r}."
        )
    return {key: value}


#: Priors of a sweep: 1e-4 to 0.99, log-spaced, and the default ones (a tuple, as DEFAULT_PRIORS: a
#: constant of the face is immutable, and its API page is not numpy's ndarray's).
SWEEP_PRIORS = tuple(np.unique(np.r_[np.geomspace(1e-4, 0.99, 161), DEFAULT_PRIORS]).tolist())


class PriorSweepDisplay(CurveDisplayMixin):
    """POSfrac or purity at a fixed operating condition as the true prior moves.

    For each classifier the operating point fixed by one condition (TPr, POSfrac or purity,
    :meth:`costlab.metrics.PriorOperatingCurves.at`) is found at every prior of a sweep from
    1e-4 to 0.99 (log scale); the chosen measure is drawn against P(C_t). With TPr fixed,
    the dashed line is a perfect classifier (POSfrac = P(C_t) TPr, purity 1): the gap to it
    is what the classifier's false positives cost at that prior (Landgrebe et al. 2004, sec. 3).

    Parameters
    ----------
    points : Mapping[str, DataFrame]
        Classifier -> operating points per prior (columns of
        :func:`costlab.metrics.operating_point`).
    condition : dict
        The operating condition, e.g. ``{"tpr": 0.8}`` (for the title and the reference).
    measure : {"posfrac", "purity"}
    prior : float, optional
        A prior to mark (a vertical line and each classifier's point).
    labels : Mapping[str, str], optional

    Attributes
    ----------
    lines_ : dict of str -> Line2D
    markers_ : dict of str -> Line2D
    ax_, figure_
    """

    def __init__(
        self,
        points: Any,
        *,
        condition: Any,
        measure: Any = "posfrac",
        prior: Any = None,
        labels: Mapping[Any, str] | None = None,
    ) -> None:
        if measure not in ("posfrac", "purity"):
            raise ValueError(f"measure must be 'posfrac' or 'purity', got {measure!r}.")
        self.points = dict(points)
        self.condition = _check_condition(condition)
        self.measure, self.prior, self.labels = measure, prior, dict(labels or {})

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        condition: Any = None,
        measure: Any = "posfrac",
        priors: ArrayLike | None = None,
        prior: Any = None,
        name: str | None = None,
        pos_label: Any = None,
        labels: Mapping[Any, str] | None = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
    ) -> Self:
        """Sweep the priors for one classifier's scores or ``{name: scores}``.

        Parameters
        ----------
        y_true : array-like of shape (n,)
        y_score : array-like or Mapping[str, array-like]
            Scores of the target class.
        condition : dict, optional
            Default ``{"tpr": 0.8}`` (the paper's operating point).
        measure : {"posfrac", "purity"}
        priors : array-like, optional
            Default :data:`SWEEP_PRIORS` (1e-4 to 0.99, and ``prior``).
        prior : float, optional
            The prior to mark.
        name, pos_label, labels, ax : optional
        %(sample_weight)s
        """
        condition = _check_condition(condition or {"tpr": 0.8})
        grid = np.asarray(SWEEP_PRIORS if priors is None else priors, dtype=float)
        if prior is not None:
            grid = np.unique(np.r_[grid, prior])
        scores = named_scores(y_score, name, y_true, param="y_score")
        points = {}
        for key, s in scores.items():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UndefinedMetricWarning)
                points[key] = operating_point(
                    y_true, s, grid, pos_label=pos_label, sample_weight=sample_weight,
                    **condition,
                )  # fmt: skip
        display = cls(points, condition=condition, measure=measure, prior=prior, labels=labels)
        return display.plot(ax=ax)

    def plot(self, ax: Any = None) -> Self:
        """Draw the sweep on ``ax`` (a new figure if None); returns self."""
        fig, ax = self._axes(ax, (8.2, 4.2))
        styles = classifier_styles(self.points)
        self.lines_: dict[tuple[str, float | None], Any] = {}
        self.markers_: dict[tuple[str, float | None], Any] = {}
        ((key, value),) = self.condition.items()
        for name, table in self.points.items():
            colour = styles[name]["color"]
            label = self.labels.get(name, name)
            self.lines_[name] = ax.plot(
                table["prior"], table[self.measure], color=colour, linewidth=1.9, label=label
            )[0]
            if self.prior is not None:
                row = table.loc[np.isclose(table["prior"], self.prior)]
                if len(row) and np.isfinite(row[self.measure].iloc[0]):
                    self.markers_[name] = ax.plot(
                        self.prior, row[self.measure].iloc[0], "o", color=colour, zorder=4
                    )[0]
        if key == "tpr":
            grid = next(iter(self.points.values()))["prior"].to_numpy()
            # a perfect classifier at TPr = value flags no non-target: FPr = 0, purity 1
            ideal = (
                positive_fraction(value, 0.0, grid)
                if self.measure == "posfrac"
                else np.ones_like(grid)
            )
            ax.plot(
                grid, ideal, color="0.45", linestyle="--", linewidth=1.0, label="perfect classifier"
            )
        if self.prior is not None:
            ax.axvline(self.prior, color="0.3", linewidth=0.9, linestyle=":")
        ax.set_xscale("log")
        values = np.concatenate([t[self.measure].to_numpy() for t in self.points.values()])
        if not np.any(np.isfinite(values)):
            ax.text(
                0.5,
                0.5,
                "no threshold meets the operating condition at any prior",
                transform=ax.transAxes,
                ha="center",
                va="center",
                color="0.35",
            )
        elif self.measure == "posfrac" and np.any(values > 0):
            ax.set_yscale("log")
        ax.set_xlabel("true target prior $P(C_t)$")
        ax.set_ylabel("POSfrac (fraction flagged)" if self.measure == "posfrac" else "purity")
        names = {"tpr": "TPr", "posfrac": "POSfrac", "purity": "purity"}
        title = (
            f"{'POSfrac' if self.measure == 'posfrac' else 'Purity'} at {names[key]} = "
            f"{value:g} as the prior moves"
        )
        _finish(ax, title, legend="best")
        return self._plotted(ax, fig)
