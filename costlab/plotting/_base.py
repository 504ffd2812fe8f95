"""What every Display shares: the base classes, the classifiers' styles and the costlab look.

Every figure of :mod:`costlab.plotting` is a scikit-learn style *Display*: its constructor takes
results computed by :mod:`costlab.metrics` and validates them once; ``plot(ax=None, ...)``
draws them and returns ``self``, storing the artists (``lines_``, ``ax_``, ``figure_``, ...), so
that calling ``plot`` again restyles without recomputing. The curve Displays also build
themselves, already plotted, from scores (``from_predictions``), from fitted classifiers
(``from_estimator``) or from cross-validation results (``from_cv_result``), as scikit-learn's
curve Displays do with their ``_BinaryClassifierCurveDisplayMixin``:

=========================  ======================================================================
:class:`DisplayMixin`      the ``plot`` kit: new or given axes (checked), storing ``ax_`` and
                           ``figure_``
:class:`CurveDisplayMixin` adds ``from_estimator``: scores ``X`` with each fitted classifier's
                           positive-class ``predict_proba`` column and calls ``from_predictions``;
                           ``from_cv_result``: the same with a CVResult's out-of-fold scores
                           (and ``_construct_and_plot``, the end of a shared one)
=========================  ======================================================================

The helpers below are the rest of the kit: :func:`classifier_styles` (one colour and marker per
classifier, the same in every figure), :func:`display_name` (legend labels), one styled line per
classifier (``_classifier_lines``), the threshold axis (``_threshold_axis``), the costlab look
(``_finish``), and the checks of what several Displays take (``labels``, tables of curves,
``axis_labels``).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.ticker import MultipleLocator

from costlab._docstrings import filler
from costlab.plotting._scores import cv_result_scores, estimator_scores

if TYPE_CHECKING:
    from collections.abc import Iterable

    from numpy.typing import ArrayLike
    from typing_extensions import Self

__all__ = ["CurveDisplayMixin", "DisplayMixin", "classifier_styles", "display_name"]

# Okabe & Ito (2008) colour-blind-safe palette, without yellow (too pale on white).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "p", "h", "<", ">", "*", "d", "8")
#: Fixed style slots of the thesis's classifiers; other names hash onto slots 4-6 first.
_KNOWN_SLOTS = {"RandomForest": 0, "NaiveBayes": 1, "AdaBoostM1": 2, "IBk": 3}


# ---------------------------------------------------------------------------------------------
# The parameters several Displays take, documented once
# ---------------------------------------------------------------------------------------------

#: The descriptions of the parameters several Displays take, each written once; a docstring
#: names one by a line ``%(key)s`` alone (:mod:`costlab._docstrings`).
_PARAMETER_DOCS = {
    "y_true": """\
y_true : array-like of shape (n,)
    True labels, two classes.""",
    "y_score": """\
y_score : array-like of shape (n,) or Mapping[str, array-like]
    The positive class's score (``predict_proba(X)[:, 1]``) of one classifier, or
    ``{name: scores}`` for several classifiers scored on the same ``y_true``.""",
    "name": """\
name : str, optional
    Legend name of a single array of scores (default ``"Classifier"``); must be None
    when ``y_score`` is a mapping.""",
    "pos_label": """\
pos_label : scalar, optional
    The positive class; inferred for labels {0, 1}, {-1, 1} and {1, 2}.""",
    "sample_weight": """\
sample_weight : array-like of shape (n,), optional
    Instance weights (finite, >= 0), shared by every classifier drawn: e.g. a per-example
    cost model's regret weights (:meth:`costlab.metrics.CostModel.weights`), which
    ``from_cv_result`` passes for results that carry costs.""",
    "axis_labels": """\
axis_labels : tuple of str, optional
    ``(xlabel, ylabel)``, default the Display's own; a study passes its paper's wording
    (e.g. thresholds on P(class 1) for the thesis's figures).""",
}
#: ``y_true``, ``y_score`` and ``name`` together: what ``from_predictions`` draws.
_PARAMETER_DOCS["scores"] = "\n".join(_PARAMETER_DOCS[k] for k in ("y_true", "y_score", "name"))
#: Decorator filling a docstring's ``%(key)s`` lines from :data:`_PARAMETER_DOCS`.
_shared_doc = filler(_PARAMETER_DOCS)


# ---------------------------------------------------------------------------------------------
# The base classes
# ---------------------------------------------------------------------------------------------


class DisplayMixin:
    """The ``plot`` kit of every Display: its axes and where its artists are stored."""

    @staticmethod
    def _axes(ax, figsize):
        """``(figure, ax)``: the given Axes, or new ones on a new figure of ``figsize``."""
        return _axes(ax, figsize)

    def _plotted(self, ax, fig):
        """Store ``ax_`` and ``figure_`` and return ``self``: the end of every ``plot``."""
        self.ax_, self.figure_ = ax, fig
        return self


class CurveDisplayMixin(DisplayMixin):
    """A Display of curves computed from scores: ``from_estimator`` and ``from_cv_result`` over
    ``from_predictions``.

    A subclass defines ``from_predictions(y_true, y_score, *, name=None, pos_label=None, ...,
    ax=None, **kwargs)`` taking one array of positive-class scores or ``{name: scores}``.
    Class attributes tune :meth:`from_estimator`:

    ``_estimator_kwargs``
        Fixed arguments it passes to ``from_predictions`` (``{"higher_is_positive": True}``
        where scores may come in either orientation).
    ``_one_estimator``
        ``"only"``: one fitted classifier, no mapping (one Display per model); ``"unwrap"``:
        one classifier's scores go to ``from_predictions`` as one array under its ``name``
        (whose picture differs from that of several classifiers); None: always by name.
        :meth:`from_cv_result` reads both attributes too (one result for one classifier).
    ``_options``
        The constructor's keywords that ``from_predictions`` takes out of its ``**kwargs``
        (:meth:`_construct_and_plot`); the other keys go to ``plot``.
    """

    _estimator_kwargs: dict[str, Any] = {}
    _one_estimator: str | None = None
    _options: tuple[str, ...] = ()

    if TYPE_CHECKING:  # every subclass defines its own (its parameters differ)

        @classmethod
        def from_predictions(cls, *args: Any, **kwargs: Any) -> Self: ...

    @classmethod
    def _construct_and_plot(cls, *curves, ax=None, kwargs=None, **options):
        """Build the Display from its curves and plot it: the end of a shared ``from_predictions``.

        Parameters
        ----------
        *curves
            The constructor's positional arguments (the curves computed from the scores).
        ax : Axes, optional
            Passed to ``plot``.
        kwargs : dict, optional
            ``from_predictions``'s ``**kwargs``: its keys named in ``cls._options`` go to the
            constructor, the others to ``plot``.
        **options
            The constructor's keywords that ``from_predictions`` names itself.

        Returns
        -------
        Display
            ``cls(*curves, **options).plot(ax=ax, **rest)``.
        """
        kwargs = dict(kwargs or {})
        options |= {key: kwargs.pop(key) for key in cls._options if key in kwargs}
        return cls(*curves, **options).plot(ax=ax, **kwargs)

    @classmethod
    @_shared_doc
    def from_estimator(
        cls,
        estimator: Any,
        X: ArrayLike,
        y: ArrayLike,
        *,
        name: str | None = None,
        pos_label: Any = None,
        **kwargs: Any,
    ) -> Self:
        """Score ``X`` with fitted classifiers' P(positive) and plot, as ``from_predictions``.

        Parameters
        ----------
        estimator : fitted classifier or Mapping[str, fitted classifier]
            Binary classifier(s) with ``predict_proba``; the score is the column of
            ``pos_label`` among ``classes_`` (default ``classes_[1]``, as scikit-learn's
            Displays).
        X : array-like of shape (n, n_features)
        y : array-like of shape (n,)
        name : str, optional
            Legend name of a single estimator (default its class name, for a Pipeline its last
            step's); must be None when ``estimator`` is a mapping.
        %(pos_label)s
        **kwargs
            Passed to ``from_predictions`` (the Display's options, ``ax``, line styles).

        Returns
        -------
        Display
            Already plotted.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from sklearn.linear_model import LogisticRegression
        >>> from costlab.plotting import ROCDisplay
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
        >>> clf = LogisticRegression().fit(X, y)
        >>> ROCDisplay.from_estimator(clf, X, y).aucs
        {'LogisticRegression': 1.0}
        """
        single = not isinstance(estimator, Mapping)
        if cls._one_estimator == "only" and not single:
            raise TypeError("estimator must be one fitted classifier (one display per model).")
        scores, positive = estimator_scores(estimator, X, y, name=name, pos_label=pos_label)
        if cls._one_estimator is not None and single:
            ((key, score),) = scores.items()
            return cls.from_predictions(
                y, score, name=key, pos_label=positive, **cls._estimator_kwargs, **kwargs
            )
        return cls.from_predictions(
            y, scores, pos_label=positive, **cls._estimator_kwargs, **kwargs
        )

    @classmethod
    def from_cv_result(
        cls, cv_result: Any, *, repeat: int = 0, name: str | None = None, **kwargs: Any
    ) -> Self:
        """Plot cross-validation results: the pooled out-of-fold scores of one repetition.

        Each instance's score comes from the model of the fold that held it out; the k folds'
        scores of repetition ``repeat`` are pooled into one set of scores, as the thesis
        (Al-Saffar 2018, ch. 5) and Weka's cross-validation pool them, and drawn as
        ``from_predictions`` draws them: one curve per classifier, not one per fold (the band
        Displays of :mod:`costlab.plotting` show spread). The other repetitions are not drawn.

        Parameters
        ----------
        cv_result : CVResult, sequence of CVResult or Mapping[str, CVResult]
            One classifier's result (:class:`costlab.evaluation.CVResult`), or several
            classifiers' results on the same instances in the same order (equal ``y_true``, as
            :func:`costlab.evaluation.run_experiments` gives for one dataset), named by their
            ``classifier`` or by the mapping's keys.
        repeat : int
            The repetition drawn, in ``[0, n_repeats)``.
        name : str, optional
            Legend name of a single result (default its ``classifier``); must be None for a
            sequence or a mapping.
        **kwargs
            Passed to ``from_predictions`` (the Display's options, ``ax``, line styles); the
            positive class is the results' own (``CVResult.labels[1]``). Results that carry
            per-instance costs (:attr:`costlab.evaluation.CVResult.costs`, the same for every
            result drawn) pass their regret weights as ``sample_weight``, unless it is given.

        Returns
        -------
        Display
            Already plotted: ``from_predictions(cv_result.y_true, cv_result.scores(repeat),
            ...)``.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from costlab.evaluation import CVResult
        >>> from costlab.plotting import ROCDisplay
        >>> result = CVResult.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], classifier="LR")
        >>> ROCDisplay.from_cv_result(result).aucs
        {'LR': 0.75}
        """
        y_true, scores, single, weights = cv_result_scores(cv_result, repeat=repeat, name=name)
        if weights is not None and "sample_weight" not in kwargs:
            kwargs["sample_weight"] = weights
        if cls._one_estimator == "only" and not single:
            raise TypeError(
                "cv_result must be one result, not a sequence or a mapping (one display per "
                "classifier)."
            )
        if cls._one_estimator is not None and single:
            ((key, score),) = scores.items()
            return cls.from_predictions(
                y_true, score, name=key, pos_label=1, **cls._estimator_kwargs, **kwargs
            )
        return cls.from_predictions(y_true, scores, pos_label=1, **cls._estimator_kwargs, **kwargs)


# ---------------------------------------------------------------------------------------------
# Styles
# ---------------------------------------------------------------------------------------------


def display_name(name: str, labels: Mapping[Any, str] | None = None) -> str:
    """How a classifier is labelled: ``labels[name]`` if given there, else ``str(name)``.

    >>> display_name("NaiveBayes", {"NaiveBayes": "Naïve Bayes"}), display_name("LR")
    ('Naïve Bayes', 'LR')
    """
    return (labels or {}).get(name, str(name))


def classifier_styles(names: Iterable[str]) -> dict[str, dict[str, Any]]:
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
            "color": COLOURS[slots[name] % len(COLOURS)],
            "marker": _MARKERS[slots[name] % len(_MARKERS)],
        }
        for name in names
    }


def _free_slot(name, taken):
    """First free style slot for a name outside the thesis's four: 4-6, then 0-3, then more."""
    start = zlib.crc32(str(name).encode("utf-8")) % 3
    preferred = [4 + (start + k) % 3 for k in range(3)] + [0, 1, 2, 3]
    order = preferred + list(range(len(COLOURS), len(_MARKERS)))
    free = [slot for slot in order if slot not in taken]
    return free[0] if free else len(taken) % len(_MARKERS)


# ---------------------------------------------------------------------------------------------
# Axes and the costlab look
# ---------------------------------------------------------------------------------------------


def _axes(ax, figsize):
    """``(figure, ax)``: the given axes, or new ones on a new figure of ``figsize``."""
    if ax is None:
        fig, ax = plt.subplots(figsize=figsize, layout="constrained")
        return fig, ax
    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be None or a matplotlib Axes, got {type(ax).__name__}.")
    return ax.figure, ax


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


def _threshold_axis(ax, curves, label):
    """The y axis of thresholds: just around [0, 1] (wider if a curve's ``threshold`` leaves it).

    Parameters
    ----------
    ax : Axes
    curves : Mapping[str, DataFrame]
        Classifier name -> curve with a ``threshold`` column.
    label : str
        The y axis label.
    """
    values = np.concatenate([c["threshold"].to_numpy() for c in curves.values()])
    _unit_axis(ax.set_ylim, ax.yaxis, values)
    ax.set_ylabel(label)


def _room_on_the_right(ax):
    """True if a legend right of ``ax`` overlaps nothing: no other axes of its figure starts
    right of it in the same row, or a layout engine (``layout="constrained"`` or ``"tight"``,
    as the Displays' own figures use) makes room for the legend at each draw."""
    from matplotlib.layout_engine import PlaceHolderLayoutEngine

    fig = ax.figure
    engine = fig.get_layout_engine()
    if engine is not None and not isinstance(engine, PlaceHolderLayoutEngine):
        return True
    box = ax.get_position()
    return not any(
        other.get_position().x0 >= box.x1
        and other.get_position().y0 < box.y1
        and other.get_position().y1 > box.y0
        for other in fig.axes
        if other is not ax
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
    if legend == "outside" and not _room_on_the_right(ax):
        legend = "best"  # a neighbour panel's axis label is there: keep the legend inside
    if legend == "outside":
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=10)
    elif legend is not None:
        ax.legend(loc=legend, frameon=True, framealpha=0.9, edgecolor="0.85", fontsize=10)


# ---------------------------------------------------------------------------------------------
# The constructors' curves and their checks (at the Display's boundary)
# ---------------------------------------------------------------------------------------------


def _classifier_lines(ax, curves, xy, kwargs, *, labels=None, marker=False, **style):
    """One line per classifier, in its colour (and marker), labelled for the legend.

    Parameters
    ----------
    ax : Axes
    curves : Mapping[str, object]
        Classifier name -> its curve, drawn in the mapping's order.
    xy : callable or (str, str)
        ``curve -> (x, y)``, or the names of the curve's x and y columns.
    kwargs : dict
        The caller's line style; it overrides everything else.
    labels : Mapping[str, str], optional
        Legend label per classifier name (default the name, as :func:`display_name`).
    marker : bool
        Give each line its classifier's marker too.
    **style
        The Display's own line style (``linewidth``, ``zorder``, ...).

    Returns
    -------
    dict of str -> Line2D
    """
    if not callable(xy):
        x_column, y_column = xy
        xy = lambda curve: (curve[x_column].to_numpy(), curve[y_column].to_numpy())  # noqa: E731
    styles = classifier_styles(curves)
    lines = {}
    for name, curve in curves.items():
        own = {"color": styles[name]["color"], "label": display_name(name, labels)}
        if marker:
            own["marker"] = styles[name]["marker"]
        lines[name] = ax.plot(*xy(curve), **(own | style | kwargs))[0]
    return lines


def _per_classifier(metric, y_true, scores, **params):
    """``{name: metric(y_true, p, **params)}`` for each classifier's scores, in their order."""
    return {name: metric(y_true, p, **params) for name, p in scores.items()}


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


def _check_labels(labels):
    """``labels`` maps classifier names to legend labels; None means the names themselves."""
    if labels is None:
        return {}
    if not isinstance(labels, Mapping):
        raise TypeError(
            f"labels must be a mapping of classifier name -> legend label, got {type(labels)!r}."
        )
    return dict(labels)
