"""MTMCS curves with their uncertainty bands (issue 12): bootstrap and repeated-CV spreads.

Draws what :mod:`costlab.metrics.resampling.mtmcs_bootstrap` computes: each classifier's exact
MTMCS curve over the normalised FPcost and a shaded pointwise band (bootstrap percentile
interval, or the spread over the repetitions / folds of repeated cross-validation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from costlab.metrics import trivial_cost
from costlab.plotting._base import DisplayMixin, _classifier_lines, _finish, classifier_styles

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from typing_extensions import Self

__all__ = ["CostCurveBandDisplay", "MTMCSBandDisplay", "ROCBandDisplay", "ThresholdBandDisplay"]


class _BootstrapBandsMixin(DisplayMixin):
    """``from_bootstrap``: the bands of a bootstrap result, drawn.

    A subclass names the :class:`~costlab.metrics.BootstrapCurves` method giving each
    classifier's frame (``_BAND``) and its curves in the default title (``_CURVES``).
    """

    _BAND: str
    _CURVES: str

    if TYPE_CHECKING:  # what every subclass defines

        def __init__(self, bands: Any, *, title: str | None = None) -> None: ...

        def plot(self, ax: Any = None) -> Self: ...

    @classmethod
    def from_bootstrap(
        cls,
        result: Any,
        *,
        names: Iterable[str] | None = None,
        title: str | None = None,
        ax: Any = None,
    ) -> Self:
        """From a :class:`~costlab.metrics.BootstrapCurves` (one classifier, ``names`` its
        name) or a :class:`~costlab.metrics.PairedBootstrap` (every classifier)."""
        if title is None:
            title = f"{cls._CURVES} with {100 * result.confidence:g} % bootstrap bands"
        return cls(_bootstrap_bands(result, names, cls._BAND), title=title).plot(ax=ax)


class MTMCSBandDisplay(_BootstrapBandsMixin):
    """MTMCS curves with shaded bands.

    Parameters
    ----------
    bands : Mapping[str, DataFrame]
        Classifier -> frame with ``fp_cost``, ``mtmcs`` and the band's ``low`` / ``high``
        columns (:meth:`BootstrapCurves.band`, or :func:`cv_band` with ``low="repeat_low"``).
    low, high : str
        The band's columns.
    title : str, optional

    Attributes
    ----------
    lines_, bands_ : dict of str -> artist
    ax_, figure_

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([0, 0, 0, 1, 1, 1, 0, 1])
    >>> scores = {"LR": np.array([0.1, 0.3, 0.6, 0.4, 0.8, 0.9, 0.2, 0.7]),
    ...           "NB": np.array([0.2, 0.5, 0.4, 0.3, 0.7, 0.6, 0.1, 0.9])}
    >>> import matplotlib.pyplot as plt
    >>> from costlab.metrics import bootstrap_mtmcs
    >>> from costlab.plotting import MTMCSBandDisplay
    >>> fig, ax = plt.subplots()
    >>> boot = bootstrap_mtmcs(y, scores["LR"], n_resamples=50)
    >>> display = MTMCSBandDisplay.from_bootstrap(boot, ax=ax)
    >>> display.ax_ is ax
    True
    >>> plt.close(fig)
    """

    _VALUE, _YLABEL = "mtmcs", "MTMCS (%)"

    def __init__(
        self, bands: Any, *, low: Any = "low", high: Any = "high", title: str | None = None
    ) -> None:
        self.bands = _check_bands(bands, {"fp_cost", self._VALUE, low, high}, "bands")
        self.low, self.high, self.title = low, high, title

    _BAND, _CURVES = "band", "MTMCS"

    def plot(self, ax: Any = None) -> Self:
        fig, ax = self._axes(ax, (8.2, 4.6))
        self.lines_, self.bands_ = _banded_lines(
            ax, self.bands, ("fp_cost", self._VALUE, self.low, self.high), marker=True, markersize=4
        )
        ax.set_xlabel("normalised FPcost (FNcost = 1 - FPcost)")
        ax.set_ylabel(self._YLABEL)
        ax.set_xlim(0, 1)
        _finish(ax, self.title, legend="best")
        return self._plotted(ax, fig)


class ThresholdBandDisplay(MTMCSBandDisplay):
    """The cost-optimal threshold at each normalised FPcost with its spread across resamples:
    ``{classifier: frame}`` with ``fp_cost, threshold, low, high`` (the first frame of
    :func:`costlab.metrics.bootstrap_thresholds`). scikit-learn's TunedThresholdClassifierCV
    reports one threshold and no spread."""

    _VALUE, _YLABEL = "threshold", "cost-optimal threshold (score >= it: positive)"

    def plot(self, ax: Any = None) -> Self:
        if self.title is None:
            self.title = "Cost-optimal thresholds across bootstrap resamples"
        return super().plot(ax=ax)


class ROCBandDisplay(DisplayMixin):
    """ROC curves with a shaded vertical band (``fpr, tpr, low, high`` per classifier, e.g.
    the second frame of :func:`costlab.metrics.bootstrap_thresholds`)."""

    def __init__(self, rocs: Any, *, title: str | None = None) -> None:
        self.rocs = _check_bands(rocs, {"fpr", "tpr", "low", "high"}, "rocs")
        self.title = title

    def plot(self, ax: Any = None) -> Self:
        fig, ax = self._axes(ax, (6.2, 5.8))
        self.lines_, self.bands_ = _banded_lines(
            ax, self.rocs, ("fpr", "tpr", "low", "high"), step=True
        )
        ax.plot([0, 1], [0, 1], color="0.7", linewidth=0.8, linestyle=":")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.01)
        ax.set_xlabel("false positive rate")
        ax.set_ylabel("true positive rate")
        _finish(ax, self.title or "ROC with bootstrap bands", legend="lower right")
        return self._plotted(ax, fig)


class CostCurveBandDisplay(_BootstrapBandsMixin):
    """Cost curves (D&H's lower envelope: NE[C] against PCF(+)) with shaded bootstrap bands.

    Parameters
    ----------
    bands : Mapping[str, DataFrame]
        Classifier -> frame with ``pcf, ne, low, high`` (:meth:`BootstrapCurves.envelope_band`).
    show_trivial : bool
        Draw the better trivial classifier, min(PCF(+), 1 - PCF(+)) (D&H Fig. 7).
    title : str, optional
    """

    def __init__(self, bands: Any, *, show_trivial: bool = True, title: str | None = None) -> None:
        self.bands = _check_bands(bands, {"pcf", "ne", "low", "high"}, "bands")
        self.show_trivial, self.title = show_trivial, title

    _BAND, _CURVES = "envelope_band", "Cost curves"  # MTMCS at r = 100 x NE[C] at PCF(+) = 1 - r

    def plot(self, ax: Any = None) -> Self:
        fig, ax = self._axes(ax, (7.4, 4.8))
        self.lines_, self.bands_ = _banded_lines(ax, self.bands, ("pcf", "ne", "low", "high"))
        if self.show_trivial:
            x = np.array([0.0, 0.5, 1.0])  # min(PCF(+), 1 - PCF(+)) bends at 0.5
            ax.plot(x, trivial_cost(x), color="0.6", linewidth=0.9, linestyle="--",
                    label="trivial classifiers")  # fmt: skip
        ax.set_xlim(0, 1)
        ax.set_ylim(bottom=0)
        ax.set_xlabel("probability cost PCF(+)")
        ax.set_ylabel("normalised expected cost NE[C]")
        _finish(ax, self.title or "Cost curves with bootstrap bands", legend="best")
        return self._plotted(ax, fig)


def _banded_lines(ax, frames, columns, *, step=False, **style):
    """Each classifier's line over its shaded band, in its colour: ``(lines, bands)``.

    Parameters
    ----------
    ax : Axes
    frames : dict of str -> DataFrame
        Classifier -> its frame, drawn in order.
    columns : (str, str, str, str)
        The frame's x, y, band low and band high columns.
    step : bool
        Draw steps (each value holds until the next x), as the ROC curves are.
    **style
        The line's style beyond colour and ``linewidth=1.8`` (e.g. ``marker=True``).

    Returns
    -------
    lines, bands : dict of str -> Line2D, dict of str -> PolyCollection
    """
    x, y, low, high = columns
    styles = classifier_styles(frames)
    where = {"step": "post"} if step else {}
    bands = {}
    for name, frame in frames.items():
        colour = styles[name]["color"]
        bands[name] = ax.fill_between(
            frame[x], frame[low], frame[high], color=colour, alpha=0.18, linewidth=0, **where
        )
    if step:
        style["drawstyle"] = "steps-post"
    return _classifier_lines(ax, frames, (x, y), {}, linewidth=1.8, **style), bands


def _bootstrap_bands(result, names, band):
    """``{classifier: frame}``: the band of every classifier of a bootstrap result.

    Parameters
    ----------
    result : BootstrapCurves or PairedBootstrap
        One classifier's bootstrap, or several classifiers' paired one.
    names : str, optional
        The one classifier's name (default ``"Classifier"``); unused for a PairedBootstrap.
    band : {"band", "envelope_band"}
        The method of :class:`~costlab.metrics.BootstrapCurves` that gives the frame.

    Returns
    -------
    dict of str -> DataFrame
    """
    if hasattr(result, "names"):  # PairedBootstrap
        return {name: getattr(result.curves(name), band)() for name in result.names}
    return {names or "Classifier": getattr(result, band)()}


def _check_bands(frames, columns, param):
    """A non-empty mapping of classifier -> frame holding ``columns``, as a dict."""
    if not frames:
        raise ValueError(f"{param} must be a non-empty mapping of classifier -> frame.")
    for name, frame in frames.items():
        missing = set(columns) - set(frame.columns)
        if missing:
            raise ValueError(f"{param}[{name!r}] lacks columns {sorted(missing)}.")
    return dict(frames)
