"""Scenario curves as a Display (Johnson, Raeder & Chawla 2015, sec. 3.2, Figs. 1-2).

A scenario curve is a classifier's minimum loss over the scenarios, weighted by a belief u(c)
about the cost ratio c = c0 / (c0 + c1) and normalised so that "the area under each curve
represents the value of the respective loss measure" (Johnson et al. 2015, Fig. 1): 1 - H_u for a
cost density u (Hand 2009), TEC for the plain cost curve (D&H eq. 11). The maths is
:mod:`costlab.metrics.scenarios.scenario_curves`; this module only draws it, in three pictures:

* one classifier under several densities (Johnson et al. 2015, Fig. 1):
  :meth:`ScenarioCurveDisplay.from_predictions` with one array of scores;
* several classifiers under one density: ``from_predictions`` with ``{name: scores}``;
* successive boosting iterations under one density, coloured by iteration, each curve's peak
  marked (Johnson et al. 2015, Fig. 2, "the classifier of greatest risk [...] the global maximum"):
  :meth:`ScenarioCurveDisplay.from_iterations` or ``from_staged_estimator``.

Scores are higher for the positive class (scikit-learn's convention). Point masses (a density
given as a cost ratio) have no curve: they are drawn as stems whose height is the loss they
contribute, so the picture still shows where the loss sits.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> display = ScenarioCurveDisplay.from_predictions(
...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], densities={"uniform": ("beta", 1, 1)}
... )
>>> float(round(display.losses_["uniform"], 12))  # 1 - H with u uniform
0.5
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import matplotlib as mpl
import numpy as np
import pandas as pd
from matplotlib.lines import Line2D

from costlab.metrics import (
    COST_CURVE,
    ScenarioCurve,
    scenario_curve,
    scenario_curves,
    scenario_densities,
)
from costlab.metrics.checks import check_labels_scores, check_sample_weight
from costlab.plotting._base import (
    COLOURS,
    CurveDisplayMixin,
    _check_labels,
    _finish,
    _shared_doc,
    classifier_styles,
)
from costlab.plotting._scores import estimator_scores, named_scores

if TYPE_CHECKING:
    from typing import Any

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["ScenarioCurveDisplay"]

_SIZE = (8.2, 5.0)
_AXES = ("pcf", "c")
_X_LABELS = {
    "pcf": "probability cost PCF(+)  (Johnson et al.'s $pc_1$)",
    "c": "cost ratio $c = c_0 / (c_0 + c_1)$",
}
_COST_CURVE_STYLE = {"color": "0.35", "linestyle": "--"}
_MAX_DEFAULT_ITERATIONS = 8


class ScenarioCurveDisplay(CurveDisplayMixin):
    """Scenario curves: losses weighted by cost densities (Johnson et al. 2015, Figure 1).

    Each curve is :class:`~costlab.metrics.ScenarioCurve`: on the PCF(+) axis
    :math:`s_u(x) = NE[C](x)\\, \\pi_0^2 \\pi_1^2 u(c(x)) / (D(x)^3 Z_u)` with area 1 - H_u
    (see :mod:`costlab.metrics.scenarios.scenario_curves`), the cost curve NE[C](x) itself with
    area TEC.

    Parameters
    ----------
    curves : Mapping[str, ScenarioCurve]
        Legend name -> curve, drawn in the mapping's order, all on the same axis.
    iterations : sequence of int, optional
        The boosting iteration of each curve (same order): the curves are then coloured by
        iteration with a colour bar, and each curve's peak is marked.
    labels : Mapping[str, str], optional
        Legend label per curve name.
    title : str, optional
    cmap : str or Colormap
        Colour map of the iterations.

    Attributes
    ----------
    losses_ : pandas.Series
        The area under each curve (1 - H_u, or TEC for the cost curve), by name.
    lines_ : dict of str -> Line2D
        The curves; point-mass densities have none.
    atoms_ : dict of str -> LineCollection
        Stems of the point masses (height: the normalised loss at the atom).
    peaks_ : dict of str -> Line2D
        Each curve's peak (iterations only): the scenario of greatest loss.
    colorbar_ : Colorbar or None
    ax_ : Axes
    figure_ : Figure

    Examples
    --------
    Two classifiers' scores of eight instances:

    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> from costlab.plotting import ScenarioCurveDisplay
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> display = ScenarioCurveDisplay.from_predictions(y, scores, ax=ax)
    >>> display.ax_ is ax
    True
    >>> plt.close(fig)
    """

    _one_estimator = "unwrap"  # one classifier's picture (several densities) differs

    def __init__(
        self,
        curves: Any,
        *,
        iterations: Sequence[int] | None = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
        cmap: Any = "viridis",
    ) -> None:
        self.curves = _check_scenario_curves(curves)
        self.iterations = _check_iterations(iterations, len(self.curves))
        self.labels = _check_labels(labels)
        self.title = title
        self.cmap = mpl.colormaps[cmap] if isinstance(cmap, str) else cmap
        self.losses_ = pd.Series(
            {name: curve.loss for name, curve in self.curves.items()}, name="loss", dtype=float
        )

    @classmethod
    @_shared_doc
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: Any,
        *,
        densities: Any = None,
        axis: str = "pcf",
        name: str | None = None,
        pos_label: Any = None,
        labels: Mapping[Any, str] | None = None,
        title: str | None = None,
        ax: Any = None,
        sample_weight: ArrayLike | None = None,
        **kwargs: Any,
    ) -> Self:
        """Scenario curves of one classifier under several densities, or of several
        classifiers under one.

        Parameters
        ----------
        %(y_true)s
        %(y_score)s
        densities : density, sequence or mapping of densities, optional
            Each as ``density`` of :func:`costlab.metrics.scenario_curve` (a CostDensity,
            ``("beta", a, b)``, a cost ratio for a point mass, a callable u(c), or
            ``"cost curve"``). Default: Johnson et al.'s Fig. 1 families for this data's prior
            (:func:`costlab.metrics.scenario_densities`) and the cost curve for one classifier;
            Beta(2, 2) for several. Several classifiers take exactly one density.
        axis : {"pcf", "c"}
            The x axis: PCF(+) (Johnson et al.'s pc_1) or the cost ratio c.
        name : str, optional
            The single classifier's name (in the title and, with one density, the legend).
        %(pos_label)s
        labels, title : optional
            As in the constructor.
        ax : Axes, optional
        %(sample_weight)s
            The default densities then follow the weighted share of positives.
        **kwargs
            Passed to :meth:`plot`.

        Returns
        -------
        ScenarioCurveDisplay
            Already plotted.
        """
        _check_axis(axis)
        if isinstance(y_score, Mapping):
            scores = named_scores(y_score, name, y_true, param="y_score")
            density = _single_density(densities)
            curves = {
                key: scenario_curve(
                    y_true,
                    s,
                    density=density,
                    axis=axis,
                    pos_label=pos_label,
                    sample_weight=sample_weight,
                )  # fmt: skip
                for key, s in scores.items()
            }
        else:
            is_pos, s = check_labels_scores(y_true, y_score, pos_label=pos_label, name="y_score")
            if densities is None:
                share = float(
                    np.average(is_pos, weights=check_sample_weight(sample_weight, is_pos.size))
                )
                densities = {**scenario_densities(share), COST_CURVE: COST_CURVE}
            elif not isinstance(densities, (Mapping, list, tuple)) or _is_beta_tuple(densities):
                densities = [densities]
            curves = scenario_curves(
                is_pos, s, densities, axis=axis, pos_label=True, sample_weight=sample_weight
            )
            if name is not None and len(curves) == 1:
                curves = {name: next(iter(curves.values()))}
            elif name is not None and title is None:
                title = f"Scenario curves: {name}"
        display = cls(curves, labels=labels, title=title)
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_iterations(
        cls,
        y_true: ArrayLike,
        staged_scores: Any,
        *,
        density: Any = None,
        iterations: Sequence[int] | None = None,
        axis: str = "pcf",
        name: str | None = None,
        pos_label: Any = None,
        title: str | None = None,
        cmap: Any = "viridis",
        ax: Any = None,
        **kwargs: Any,
    ) -> Self:
        """Scenario curves of successive boosting iterations (Johnson et al. 2015, Fig. 2).

        Parameters
        ----------
        y_true : array-like of shape (n,)
        staged_scores : iterable of array-like of shape (n,)
            The ensemble's scores (higher for the positive class) after rounds 1, 2, ...,
            e.g. ``[p[:, 1] for p in model.staged_predict_proba(X)]``.
        density : optional
            One density (default Beta(2, 2), the one RiskBoost optimises in Johnson et al. 2015).
        iterations : sequence of int, optional
            Which rounds to draw (1-based). Default: all of up to 8 rounds, else 8 rounds
            spread evenly on a log scale from the first to the last.
        axis : {"pcf", "c"}
        name : str, optional
            The ensemble's name, for the title.
        pos_label, title, cmap, ax : optional
        **kwargs
            Passed to :meth:`plot`.
        """
        _check_axis(axis)
        staged = list(staged_scores)
        if not staged:
            raise ValueError("staged_scores is empty; give the scores after at least one round.")
        rounds = _pick_iterations(iterations, len(staged))
        density = _single_density(density)
        curves = {
            f"iteration {k}": scenario_curve(
                y_true, staged[k - 1], density=density, axis=axis, pos_label=pos_label
            )
            for k in rounds
        }
        if title is None:
            first = next(iter(curves.values()))
            title = f"{name + ': ' if name else ''}scenario curves by iteration ({first.name})"
        display = cls(curves, iterations=rounds, title=title, cmap=cmap)
        return display.plot(ax=ax, **kwargs)

    @staticmethod
    def default_iterations(n_rounds: int) -> list[int]:
        """The rounds :meth:`from_iterations` draws by default among ``n_rounds``: all of up
        to 8, else 8 spread evenly on a log scale from the first to the last (1-based).

        >>> ScenarioCurveDisplay.default_iterations(5), ScenarioCurveDisplay.default_iterations(100)
        ([1, 2, 3, 4, 5], [1, 2, 4, 7, 14, 27, 52, 100])
        """
        if isinstance(n_rounds, bool) or not isinstance(n_rounds, numbers.Integral) or n_rounds < 1:
            raise ValueError(f"n_rounds must be an integer >= 1, got {n_rounds!r}.")
        return _pick_iterations(None, int(n_rounds))

    @classmethod
    def from_staged_estimator(
        cls, estimator: Any, X: ArrayLike, y: ArrayLike, *, pos_label: Any = None, **kwargs: Any
    ) -> Self:
        """:meth:`from_iterations` from a fitted ensemble's ``staged_predict_proba`` (e.g.
        :class:`costlab.classifiers.RiskBoostClassifier`) on ``X``."""
        if not hasattr(estimator, "staged_predict_proba"):
            raise TypeError(
                f"estimator ({type(estimator).__name__}) has no staged_predict_proba; give an "
                "ensemble such as RiskBoostClassifier, or the staged scores to from_iterations."
            )
        scores, positive = estimator_scores(estimator, X, y, pos_label=pos_label)
        column = int(np.flatnonzero(np.asarray(estimator.classes_) == positive)[0])
        staged = [p[:, column] for p in estimator.staged_predict_proba(X)]
        kwargs.setdefault("name", next(iter(scores)))
        return cls.from_iterations(y, staged, pos_label=positive, **kwargs)

    def plot(self, ax: Any = None, *, n: int = 1001, legend: bool = True, **kwargs: Any) -> Self:
        """Draw the scenario curves on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : Axes, optional
        n : int
            Even points per curve (the envelope's breakpoints are added, so kinks are exact).
        legend : bool
            Draw the legend (each entry with its area: 1 - H or TEC).
        **kwargs
            Passed to :meth:`Axes.plot` for every curve.

        Returns
        -------
        self
        """
        fig, ax = self._axes(ax, _SIZE)
        styles = self._styles()
        self.lines_, self.atoms_, self.peaks_ = {}, {}, {}
        for key, curve in self.curves.items():
            style = styles[key] | {"label": self._label(key, curve)} | kwargs
            if curve.density is None or not curve.density.atoms or _has_continuous(curve):
                x, y = curve.curve(n)
                self.lines_[key] = ax.plot(x, y, **style)[0]
            if curve.density is not None and curve.density.atoms:
                at = np.array(curve.atoms())
                self.atoms_[key] = ax.vlines(
                    at[:, 0], 0.0, at[:, 1], colors=style["color"], linewidth=2.2, zorder=3
                )
                if key not in self.lines_:
                    self.lines_[key] = ax.plot(at[:, 0], at[:, 1], "o", **style)[0]
            if self.iterations is not None:
                px, py, _ = curve.peak()
                self.peaks_[key] = ax.plot(
                    px,
                    py,
                    "o",
                    color=style["color"],
                    markersize=5,
                    markeredgecolor="white",
                    zorder=4,
                )[0]
        axis = next(iter(self.curves.values())).axis
        ax.set_xlim(0.0, 1.0)
        ax.set_ylim(bottom=0.0)
        ax.set_xlabel(_X_LABELS[axis])
        ax.set_ylabel("normalised loss density (area = loss)")
        _finish(ax, self.title, legend=None)
        self.colorbar_ = self._colorbar(fig, ax) if self.iterations is not None else None
        if legend and self.iterations is None:
            ax.legend(frameon=True, framealpha=0.92, edgecolor="0.85", fontsize=9.5)
        elif legend:
            ax.legend(
                handles=[Line2D([], [], linestyle="", marker="o", color="0.3")],
                labels=["peak: the riskiest scenario"],
                frameon=False,
                fontsize=9,
                loc="upper right",
            )
        return self._plotted(ax, fig)

    # -----------------------------------------------------------------------------------------

    def _styles(self):
        if self.iterations is not None:
            last = max(self.iterations[-1], 2)
            norm = mpl.colors.LogNorm(1, last) if last > 10 else mpl.colors.Normalize(1, last)
            self._norm = norm
            return {
                key: {"color": self.cmap(norm(k)), "linewidth": 1.5}
                for key, k in zip(self.curves, self.iterations, strict=True)
            }
        if len({id(c.envelope) for c in self.curves.values()}) == 1:
            # one classifier, several densities: a colour per density, the cost curve grey
            colours = iter(COLOURS)  # Okabe-Ito, one per density; the cost curve grey
            return {
                key: dict(_COST_CURVE_STYLE, linewidth=1.6)
                if curve.density is None
                else {"color": next(colours, "0.2"), "linewidth": 2.0}
                for key, curve in self.curves.items()
            }
        styles = classifier_styles(self.curves)
        return {key: {"color": s["color"], "linewidth": 2.0} for key, s in styles.items()}

    def _label(self, key, curve):
        label = self.labels.get(key, key)
        measure = "TEC" if curve.density is None else "1 - H"
        return f"{label}: {measure} = {curve.loss:.3f}"

    def _colorbar(self, fig, ax):
        mappable = mpl.cm.ScalarMappable(norm=self._norm, cmap=self.cmap)
        bar = fig.colorbar(mappable, ax=ax, pad=0.02)
        bar.set_label("boosting iteration")
        bar.ax.minorticks_off()
        bar.set_ticks(self.iterations, labels=[str(k) for k in self.iterations])
        return bar


def _has_continuous(curve):
    """A density with a continuous part as well as atoms."""
    return curve.density.atoms and sum(m for _, m in curve.density.atoms) < 1.0 - 1e-12


def _is_beta_tuple(value):
    return isinstance(value, tuple) and len(value) == 3 and value[0] == "beta"


def _single_density(density):
    """One density from ``density`` (a one-entry mapping or sequence is unwrapped)."""
    if density is None:
        return ("beta", 2.0, 2.0)
    if isinstance(density, Mapping):
        if len(density) != 1:
            raise ValueError(
                f"densities must be a single density here (several classifiers or iterations "
                f"share one), got {len(density)}."
            )
        return next(iter(density.values()))
    if isinstance(density, list) or (isinstance(density, tuple) and not _is_beta_tuple(density)):
        if len(density) != 1:
            raise ValueError(
                f"densities must be a single density here (several classifiers or iterations "
                f"share one), got {len(density)}."
            )
        return density[0]
    return density


def _pick_iterations(iterations, n_rounds):
    if iterations is None:
        if n_rounds <= _MAX_DEFAULT_ITERATIONS:
            return list(range(1, n_rounds + 1))
        picks = np.unique(np.round(np.geomspace(1, n_rounds, _MAX_DEFAULT_ITERATIONS)))
        return [int(k) for k in picks]
    if isinstance(iterations, (str, bytes)) or not isinstance(iterations, Sequence | np.ndarray):
        raise TypeError(f"iterations must be a sequence of round numbers, got {iterations!r}.")
    rounds = []
    for k in iterations:
        if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 1 <= k <= n_rounds:
            raise ValueError(
                f"iterations must be integers in [1, {n_rounds}] (1-based rounds of the "
                f"{n_rounds} staged scores), got {k!r}."
            )
        rounds.append(int(k))
    if not rounds or sorted(set(rounds)) != rounds:
        raise ValueError(f"iterations must be non-empty and increasing, got {list(iterations)}.")
    return rounds


def _check_axis(axis):
    if axis not in _AXES:
        raise ValueError(f"axis must be one of {_AXES}, got {axis!r}.")


def _check_scenario_curves(curves):
    if not isinstance(curves, Mapping) or not curves:
        raise TypeError("curves must be a non-empty mapping of name -> ScenarioCurve.")
    for key, curve in curves.items():
        if not isinstance(curve, ScenarioCurve):
            raise TypeError(
                f"curves[{key!r}] must be a ScenarioCurve (costlab.metrics.scenario_curve), got "
                f"{type(curve).__name__}."
            )
    if len({c.axis for c in curves.values()}) > 1:
        raise ValueError("all curves must share one axis ('pcf' or 'c').")
    return dict(curves)


def _check_iterations(iterations, n_curves):
    if iterations is None:
        return None
    rounds = [int(k) for k in iterations]
    if len(rounds) != n_curves:
        raise ValueError(f"iterations has {len(rounds)} entries for {n_curves} curves.")
    return rounds
