"""Decision curves (Vickers & Elkin 2006) and Brier / threshold-choice curves (Hernández-Orallo,
Flach & Ferri 2011-2013), with bootstrap bands.

Draws what :mod:`costlab.metrics.threshold_choice.decision_curve`,
:mod:`costlab.metrics.threshold_choice.methods` and
:mod:`costlab.metrics.resampling.loss_curve_bootstrap` compute. Both x axes are the same
quantity: the threshold probability p_t of a decision curve is the cost proportion
c = C(+|-) / (C(+|-) + C(-|+)) of a Brier curve, and
NB(p_t) = prevalence - Q_c(p_t) / (2 (1 - p_t)).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics import (
    DecisionCurve,
    ThresholdChoiceCurve,
    bootstrap_brier_curves,
    bootstrap_decision_curves,
    decision_curve,
    threshold_choice_curve,
)
from costlab.metrics.threshold_choice.methods import METHODS
from costlab.plotting._base import (
    CurveDisplayMixin,
    DisplayMixin,
    _finish,
    _per_classifier,
    _shared_doc,
    classifier_styles,
)
from costlab.plotting._scores import named_scores
from costlab.validation import Boolean, Interval, check_params

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

#: What DecisionCurveDisplay's parameters allow (costlab.validation's vocabulary).
_CONSTRAINTS = {
    "p_max": [Interval(numbers.Real, 0, 1, closed="neither")],
    "standardized": [Boolean()],
}

__all__ = ["BrierCurveDisplay", "CurveDifferenceDisplay", "DecisionCurveDisplay"]

_METHOD_STYLE = {"score-driven": "-", "rate-driven": "--", "optimal": ":"}


class DecisionCurveDisplay(CurveDisplayMixin):
    """Net benefit against the threshold probability, with treat-all and treat-none.

    Parameters
    ----------
    curves : Mapping[str, DecisionCurve]
        Each model's (score-driven) decision curve, all on the same instances.
    optimal : Mapping[str, DecisionCurve], optional
        Upper-envelope curves (best threshold at each p_t), drawn dashed in the model's colour:
        the net benefit recalibration alone could reach.
    bands : CurveBands, optional
        From :func:`~costlab.metrics.bootstrap_decision_curves`, shaded per model.
    standardized : bool
        Plot NB / prevalence.
    p_max : float in (0, 1)
        Right end of the x axis.
    title : str, optional

    Attributes
    ----------
    lines_, optimal_lines_, bands_ : dict of str -> artist
    treat_all_line_, treat_none_line_ : Line2D
    ax_, figure_

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import DecisionCurveDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = DecisionCurveDisplay.from_predictions(y, scores, show_optimal=True, ax=ax)
    >>> display.ax_ is ax
    True
    >>> plt.close(fig)
    """

    def __init__(
        self,
        curves: Any,
        *,
        optimal: Any = None,
        bands: Any = None,
        standardized: bool = False,
        p_max: float = 0.99,
        title: str | None = None,
    ) -> None:
        if not isinstance(curves, Mapping) or not curves:
            raise ValueError("curves must be a non-empty mapping of model -> DecisionCurve.")
        for name, curve in curves.items():
            if not isinstance(curve, DecisionCurve):
                raise TypeError(f"curves[{name!r}] must be a DecisionCurve.")
        check_params(_CONSTRAINTS, {"p_max": p_max, "standardized": standardized})
        if bands is not None:
            missing = set(bands.names) - set(curves)
            if missing:
                raise ValueError(f"bands name models without a curve: {sorted(missing)}.")
        self.curves, self.optimal, self.bands = dict(curves), dict(optimal or {}), bands
        self.standardized, self.p_max, self.title = bool(standardized), float(p_max), title

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        name: str | None = None,
        pos_label: Any = None,
        standardized: bool = False,
        show_optimal: bool = False,
        n_resamples: int = 0,
        confidence: float = 0.95,
        stratified: bool = True,
        random_state: Any = 0,
        p_max: float = 0.99,
        title: str | None = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
    ) -> Self:
        """Decision curves of P(+) scores; ``n_resamples > 0`` adds bootstrap bands.

        Parameters
        ----------
        %(scores)s
        %(pos_label)s
        show_optimal : bool
            Also draw each model's upper-envelope (optimal threshold) curve.
        n_resamples, confidence, stratified, random_state
            Passed to :func:`~costlab.metrics.bootstrap_decision_curves` when
            ``n_resamples > 0``.
        standardized, p_max, title
            As in the constructor.
        ax : Axes, optional
        %(sample_weight)s

        Examples
        --------
        >>> d = DecisionCurveDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8])
        >>> round(float(d.lines_["Classifier"].get_ydata()[0]), 3)  # p_t = 0: treat all
        0.5
        """
        scores = named_scores(y_score, name, y_true, param="y_score")
        weighted = {"pos_label": pos_label, "sample_weight": sample_weight}
        curves = _per_classifier(decision_curve, y_true, scores, **weighted)
        optimal = None
        if show_optimal:
            optimal = _per_classifier(decision_curve, y_true, scores, method="optimal", **weighted)
        bands = None
        if n_resamples:
            bands = bootstrap_decision_curves(
                y_true,
                scores,
                p_t=np.linspace(0.0, p_max, 100),
                standardized=standardized,
                n_resamples=n_resamples,
                confidence=confidence,
                stratified=stratified,
                random_state=random_state,
                pos_label=pos_label,
                sample_weight=sample_weight,
            )
        return cls(
            curves,
            optimal=optimal,
            bands=bands,
            standardized=standardized,
            p_max=p_max,
            title=title,
        ).plot(ax=ax)

    def plot(self, ax: Any = None) -> Self:
        fig, ax = self._axes(ax, (8.2, 4.8))
        styles = classifier_styles(self.curves)
        std = self.standardized
        self.lines_, self.optimal_lines_, self.bands_ = {}, {}, {}
        top = 0.0
        for name, curve in self.curves.items():
            colour = styles[name]["color"]
            band = _shade_band(ax, self.bands, name, colour, alpha=0.18)
            if band is not None:
                self.bands_[name] = band
            x, y = curve.curve(p_max=self.p_max, standardized=std)
            self.lines_[name] = ax.plot(x, y, color=colour, linewidth=1.8, label=name)[0]
            top = max(top, float(np.max(y)))
            if name in self.optimal:
                x, y = self.optimal[name].curve(p_max=self.p_max, standardized=std)
                self.optimal_lines_[name] = ax.plot(
                    x,
                    y,
                    color=colour,
                    linewidth=1.2,
                    linestyle="--",
                    label=f"{name}, best threshold",
                )[0]
                top = max(top, float(np.max(y)))
        first = next(iter(self.curves.values()))
        grid = np.linspace(0.0, self.p_max, 400)
        self.treat_all_line_ = ax.plot(
            grid, first.treat_all(grid, standardized=std), color="0.45", linewidth=1.1,
            label="treat all",
        )[0]  # fmt: skip
        self.treat_none_line_ = ax.axhline(0.0, color="0.15", linewidth=1.1, label="treat none")
        top = max(top, 1.0 if std else first.prevalence)
        ax.set_ylim(-0.1 * top, 1.08 * top)
        ax.set_xlim(0.0, self.p_max)
        ax.set_xlabel("threshold probability $p_t$ (harm : benefit = $p_t$ : 1 - $p_t$)")
        ax.set_ylabel("standardised net benefit" if std else "net benefit")
        title = self.title
        if title is None:
            title = "Decision curves" + (
                f" with {100 * self.bands.confidence:g} % bootstrap bands" if self.bands else ""
            )
        _finish(ax, title, legend="best")
        return self._plotted(ax, fig)


class BrierCurveDisplay(CurveDisplayMixin):
    """Loss against the operating condition for threshold-choice methods (Brier curves).

    Parameters
    ----------
    curves : Mapping[str, Mapping[str, ThresholdChoiceCurve]]
        Model -> method -> curve, all in the same space. Colour is the model's, line style the
        method's (solid score-driven, dashed rate-driven, dotted optimal); the legend gives each
        curve's area (its expected loss for a uniform operating condition).
    bands : Mapping[str, CurveBands], optional
        Method -> bootstrap bands (:func:`~costlab.metrics.bootstrap_brier_curves`).
    show_trivial : bool
        Draw the losses of the all-negative and all-positive classifiers.
    title : str, optional

    Attributes
    ----------
    lines_, bands_ : dict of (model, method) -> artist
    ax_, figure_

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import BrierCurveDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = BrierCurveDisplay.from_predictions(
    ...     y, scores, methods=("score-driven", "optimal"), ax=ax)
    >>> display.ax_ is ax
    True
    >>> plt.close(fig)
    """

    def __init__(
        self, curves: Any, *, bands: Any = None, show_trivial: bool = True, title: str | None = None
    ) -> None:
        if not isinstance(curves, Mapping) or not curves:
            raise ValueError("curves must be a non-empty mapping of model -> {method: curve}.")
        spaces = set()
        for name, by_method in curves.items():
            if not isinstance(by_method, Mapping) or not by_method:
                raise ValueError(f"curves[{name!r}] must be a non-empty mapping method -> curve.")
            for method, curve in by_method.items():
                if not isinstance(curve, ThresholdChoiceCurve):
                    raise TypeError(f"curves[{name!r}][{method!r}] must be a ThresholdChoiceCurve.")
                spaces.add(curve.space)
        if len(spaces) != 1:
            raise ValueError(f"all curves must be in one space, got {sorted(spaces)}.")
        self.curves = {k: dict(v) for k, v in curves.items()}
        self.space = spaces.pop()
        self.bands, self.show_trivial, self.title = dict(bands or {}), show_trivial, title

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        name: str | None = None,
        methods: Any = ("score-driven",),
        space: str = "cost",
        pos_label: Any = None,
        n_resamples: int = 0,
        confidence: float = 0.95,
        stratified: bool = True,
        random_state: Any = 0,
        show_trivial: bool = True,
        title: str | None = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
    ) -> Self:
        """Curves of each method for P(+) scores (the score-driven one is the Brier curve);
        ``n_resamples > 0`` adds bootstrap bands.

        Parameters
        ----------
        %(scores)s
        methods : sequence of {"score-driven", "rate-driven", "optimal"}
        space : {"cost", "skew"}
            Passed to :func:`~costlab.metrics.threshold_choice_curve` with each method.
        %(pos_label)s
        n_resamples, confidence, stratified, random_state
            Passed to :func:`~costlab.metrics.bootstrap_brier_curves` when
            ``n_resamples > 0``.
        show_trivial, title
            As in the constructor.
        ax : Axes, optional
        %(sample_weight)s

        Examples
        --------
        >>> d = BrierCurveDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.8])
        >>> d.lines_["Classifier", "score-driven"].get_label()
        'Classifier: 0.192'
        """
        methods = tuple(methods)
        if not methods or any(m not in METHODS for m in methods):
            raise ValueError(f"methods must be a non-empty selection of {METHODS}, got {methods}.")
        scores = named_scores(y_score, name, y_true, param="y_score")
        curves = {
            k: {
                m: threshold_choice_curve(
                    y_true,
                    s,
                    method=m,
                    space=space,
                    pos_label=pos_label,
                    sample_weight=sample_weight,
                )  # fmt: skip
                for m in methods
            }
            for k, s in scores.items()
        }
        bands = None
        if n_resamples:
            bands = {
                m: bootstrap_brier_curves(
                    y_true,
                    scores,
                    method=m,
                    space=space,
                    n_resamples=n_resamples,
                    confidence=confidence,
                    stratified=stratified,
                    random_state=random_state,
                    pos_label=pos_label,
                    sample_weight=sample_weight,
                )
                for m in methods
            }
        return cls(curves, bands=bands, show_trivial=show_trivial, title=title).plot(ax=ax)

    def plot(self, ax: Any = None) -> Self:
        n_lines = sum(len(v) for v in self.curves.values())
        fig, ax = self._axes(ax, (11.0, 5.0) if n_lines > 4 else (8.2, 4.8))
        styles = classifier_styles(self.curves)
        several = len({m for v in self.curves.values() for m in v}) > 1
        self.lines_, self.bands_ = {}, {}
        for name, by_method in self.curves.items():
            colour = styles[name]["color"]
            for method, curve in by_method.items():
                band = _shade_band(ax, self.bands.get(method), name, colour, alpha=0.15)
                if band is not None:
                    self.bands_[name, method] = band
                x, y = curve.curve()
                label = f"{name}, {method}" if several else name
                self.lines_[name, method] = ax.plot(
                    x,
                    y,
                    color=colour,
                    linestyle=_METHOD_STYLE[method],
                    linewidth=1.7,
                    label=f"{label}: {curve.area():.3f}",
                )[0]
        if self.show_trivial:
            first = next(iter(next(iter(self.curves.values())).values()))
            grid = np.array([0.0, 1.0])
            w = first.trivial_losses(grid)
            ax.plot(grid, w[0], color="0.6", linewidth=0.9, linestyle="-.", label="all positive")
            ax.plot(grid, w[1], color="0.6", linewidth=0.9, linestyle=(0, (1, 2)),
                    label="all negative")  # fmt: skip
        ax.set_xlim(0.0, 1.0)
        highest = max(float(np.max(line.get_ydata())) for line in self.lines_.values())
        ax.set_ylim(0.0, 1.3 * highest if highest > 0 else 1.0)
        if self.space == "cost":
            ax.set_xlabel("cost proportion c = C(+|-) / (C(+|-) + C(-|+))  (= $p_t$)")
            ax.set_ylabel("loss $Q_c$ (2 x expected cost per instance)")
        else:
            ax.set_xlabel("skew z = 1 - PCF(+)")
            ax.set_ylabel("normalised expected cost $Q_z$")
        title = self.title
        if title is None:
            title = "Threshold-choice curves (legend: area = expected loss)"
            if not several and next(iter(next(iter(self.curves.values())))) == "score-driven":
                title = "Brier curves (legend: area = " + (
                    "Brier score)" if self.space == "cost" else "mean per-class Brier score)"
                )
        _finish(ax, title, legend="outside" if len(self.lines_) > 4 else "best")
        return self._plotted(ax, fig)


class CurveDifferenceDisplay(DisplayMixin):
    """The paired difference of two models' curves with its bootstrap band.

    Parameters
    ----------
    bands : CurveBands
        From :func:`~costlab.metrics.bootstrap_decision_curves` (net benefit) or
        :func:`~costlab.metrics.bootstrap_brier_curves` (loss), with both models.
    a, b : str
        The difference drawn is a - b; the shaded band is the percentile interval of a - b over
        the same resamples, and the right axis the share of resamples in which a is above b.
    title : str, optional

    Attributes
    ----------
    line_, band_, share_line_ : artists
    ax_, share_ax_, figure_

    Examples
    --------
    The bootstrap band of LR's net benefit minus NB's:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> import matplotlib.pyplot as plt
    >>> from costlab.metrics import bootstrap_decision_curves
    >>> from costlab.plotting import CurveDifferenceDisplay
    >>> bands = bootstrap_decision_curves(y, scores, n_resamples=50)
    >>> fig, ax = plt.subplots()
    >>> display = CurveDifferenceDisplay(bands, "LR", "NB").plot(ax=ax)
    >>> display.ax_ is ax
    True
    >>> plt.close(fig)
    """

    def __init__(self, bands: Any, a: Any, b: Any, *, title: str | None = None) -> None:
        self.frame = bands.difference(a, b)  # names checked there
        self.bands, self.a, self.b, self.title = bands, a, b, title

    def plot(self, ax: Any = None) -> Self:
        fig, ax = self._axes(ax, (8.2, 4.4))
        f = self.frame
        colour = classifier_styles([self.a])[self.a]["color"]
        self.band_ = ax.fill_between(f["x"], f["low"], f["high"], color=colour, alpha=0.2, lw=0)
        self.line_ = ax.plot(
            f["x"], f["difference"], color=colour, linewidth=1.8, label=f"{self.a} - {self.b}"
        )[0]
        ax.axhline(0.0, color="0.2", linewidth=0.9)
        self.share_ax_ = ax.twinx()
        self.share_line_ = self.share_ax_.plot(
            f["x"], f["p_above"], color="0.55", linewidth=1.0, linestyle=":",
            label=f"share of resamples with {self.a} above",
        )[0]  # fmt: skip
        self.share_ax_.set_ylim(0, 1)
        self.share_ax_.set_ylabel(f"share of resamples: {self.a} above {self.b}", color="0.4")
        quantity = self.bands.quantity
        if quantity == "loss":
            ax.set_xlabel("cost proportion c (= $p_t$)")
        else:
            ax.set_xlabel("threshold probability $p_t$")
        ax.set_xlim(float(f["x"].min()), float(f["x"].max()))
        ax.set_ylabel(f"difference in {quantity}")
        lines = [self.line_, self.share_line_]
        ax.legend(lines, [line.get_label() for line in lines], loc="best", frameon=False)
        title = self.title or (
            f"{self.a} - {self.b}: {quantity} with a paired "
            f"{100 * self.bands.confidence:g} % bootstrap band"
        )
        _finish(ax, title, legend=None)
        return self._plotted(ax, fig)


def _shade_band(ax, bands, name, colour, *, alpha):
    """Shade a model's bootstrap band in its colour.

    Parameters
    ----------
    ax : Axes
    bands : CurveBands or None
    name : str
        The model.
    colour : colour
    alpha : float

    Returns
    -------
    PolyCollection or None
        None where ``bands`` is None or has no band of ``name``.
    """
    if bands is None or name not in bands.names:
        return None
    band = bands.band(name)
    return ax.fill_between(
        band["x"], band["low"], band["high"], color=colour, alpha=alpha, linewidth=0
    )
