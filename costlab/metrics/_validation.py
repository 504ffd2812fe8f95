"""Input validation for costlab's public functions.

Validation happens once, at the public boundary; every error names the parameter that is wrong and
says what is allowed. The maths modules call these helpers and then work on clean numpy arrays.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Any

import numpy as np

from costlab.validation import Boolean, Options, check_param

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

_SEARCHES = ("exact", "thorough", "optimized")
_SCORE_OF = ("positive", "negative")
_TOL = 1e-9
_PROBABILITY_TOL = 1e-12  # floating-point noise around [0, 1] that is clipped


def check_labels_scores(
    y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Any = None, name: str = "y_score"
) -> tuple[np.ndarray, np.ndarray]:
    """Validate the labels and scores of one binary problem.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels with exactly two distinct values.
    y_score : array-like of shape (n,)
        Finite real scores (which class they score is the caller's business).
    name : str
        The scores' parameter name in error messages.
    pos_label : scalar, optional
        The label of the positive class. If None, it is inferred when the labels are {0, 1} or
        {-1, 1} (positive 1, as scikit-learn infers it) or {1, 2} (positive 2, the numbering
        of Al-Saffar 2018, whose class 2 is the positive class).

    Returns
    -------
    is_pos : ndarray of bool, shape (n,)
        True where the instance belongs to the positive class.
    p : ndarray of float, shape (n,)
        The scores as float64, unchanged (not copied when they already are float64).
    """
    y = np.asarray(y_true)
    p = np.asarray(y_score)
    if y.ndim != 1:
        raise ValueError(f"y_true must be 1-dimensional, got shape {y.shape}.")
    if p.ndim != 1:
        raise ValueError(f"{name} must be 1-dimensional, got shape {p.shape}.")
    if y.shape[0] != p.shape[0]:
        raise ValueError(
            f"y_true and {name} must have the same length, got {y.shape[0]} and {p.shape[0]}."
        )
    if y.shape[0] == 0:
        raise ValueError("y_true is empty: at least one instance of each class is needed.")
    if not np.issubdtype(p.dtype, np.number) or np.issubdtype(p.dtype, np.complexfloating):
        raise ValueError(f"{name} must be real numbers, got dtype {p.dtype}.")
    p = np.asarray(p, dtype=np.float64)
    if not np.all(np.isfinite(p)):
        bad = int(np.sum(~np.isfinite(p)))
        raise ValueError(f"{name} contains {bad} NaN or infinite value(s); scores must be finite.")
    if y.dtype.kind == "f" and np.any(np.isnan(y)):
        raise ValueError("y_true contains NaN; every instance needs a class label.")
    pos_label = resolve_binary_labels(_two_classes(y), pos_label)
    return y == pos_label, p


def resolve_binary_labels(classes, pos_label, *, name="y_true"):
    """The positive label of a two-class problem from its sorted distinct labels.

    Parameters
    ----------
    classes : ndarray
        The sorted distinct labels (no missing values).
    pos_label : scalar or None
        Checked to be one of ``classes``; inferred when None (see :func:`check_labels_scores`).
    name : str
        The labels' name in error messages (e.g. ``"column 'label'"``).

    Raises
    ------
    ValueError
        If there are not exactly two classes, or ``pos_label`` cannot be inferred or is not one
        of the labels.
    """
    if classes.size != 2:
        raise ValueError(
            f"{name} must contain exactly two classes, got {classes.size}: "
            f"{classes.tolist()[:5]}. Cost curves need both positive and negative instances."
        )
    return _resolve_pos_label(classes, pos_label)


def _two_classes(y):
    """The sorted distinct labels; for numbers, without sorting all of them when there are two."""
    if y.dtype.kind in "biuf" and y.size:
        low, high = y.min(), y.max()
        if low == high or np.all((y == low) | (y == high)):
            return np.unique(np.array([low, high], dtype=y.dtype))
    return np.unique(y)


def _resolve_pos_label(classes, pos_label):
    if pos_label is not None:
        if pos_label not in classes.tolist():
            raise ValueError(
                f"pos_label={pos_label!r} is not one of the labels {classes.tolist()}."
            )
        return pos_label
    as_set = set(classes.tolist())
    for known, positive in (({0, 1}, 1), ({-1, 1}, 1), ({1, 2}, 2)):
        if as_set == known:
            return positive
    raise ValueError(
        f"pos_label must be given when the labels are {classes.tolist()} "
        "(it can be inferred only for {0, 1}, {-1, 1} or {1, 2})."
    )


def check_probabilities(p: Any, *, name: str = "y_score") -> np.ndarray:
    """Return the scores clipped to [0, 1]; raise unless each lies within 1e-12 of [0, 1].

    The grid searches scan thresholds in [0, 1]. Classifiers' probabilities can carry
    floating-point noise just outside it (Weka's RandomForest gives -6.9e-18), so values in
    [-1e-12, 1 + 1e-12] are clipped to the nearest end; in-range values are returned unchanged.
    The error names the first value outside that band and its index.
    """
    outside = np.flatnonzero((p < -_PROBABILITY_TOL) | (p > 1.0 + _PROBABILITY_TOL))
    if outside.size:
        i = int(outside[0])
        raise ValueError(
            f"{name} must lie in [0, 1] for the grid searches ('thorough', 'optimized'); "
            f"{name}[{i}] = {float(p[i])!r} is outside (values within {_PROBABILITY_TOL:g} of "
            "[0, 1] are clipped). Use search='exact' for arbitrary scores."
        )
    return np.clip(p, 0.0, 1.0)


def check_probability_scores(
    scores: Any, *, rule: str, instead: str, name: str = "y_score"
) -> np.ndarray:
    """Return scores that must be P(+) clipped to [0, 1]; raise unless within 1e-12 of it.

    For rules that compare the score itself with a cost proportion or threshold probability
    (the score-driven threshold choice, net benefit). ``rule`` names the rule in the message
    and ``instead`` says what to use for other scores.
    """
    low, high = float(scores.min()), float(scores.max())
    if low < -_PROBABILITY_TOL or high > 1.0 + _PROBABILITY_TOL:
        raise ValueError(
            f"{name} must be probabilities of the positive class in [0, 1] for {rule}; "
            f"got values in [{low:g}, {high:g}]. {instead}"
        )
    return np.clip(scores, 0.0, 1.0)


def check_bool(value, name):
    """Return ``value`` as a Python bool if it is one (or a numpy bool), else raise naming ``name``.

    Strings such as ``"no"``, numbers and None are refused rather than read by truthiness
    (:class:`costlab.validation.Boolean`).
    """
    return bool(check_param(name, value, Boolean()))


def check_sample_weight(sample_weight, n, *, name="sample_weight"):
    """Instance weights as a float64 array of length ``n``, or None for unit weights.

    Weights must be finite and >= 0 with a positive sum (scikit-learn's metrics accept the
    same). A weight of 0 drops the instance; an integer weight k counts it k times.
    """
    if sample_weight is None:
        return None
    try:
        w = np.asarray(sample_weight, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(
            f"{name} must be a 1-D sequence of non-negative numbers, got {sample_weight!r:.80}."
        ) from None
    if w.ndim != 1 or w.shape[0] != n:
        raise ValueError(f"{name} must have shape ({n},) like y_true, got shape {w.shape}.")
    bad = ~np.isfinite(w) | (w < 0)
    if np.any(bad):
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{name} must be finite and >= 0; {name}[{i}] = {float(w[i])!r}.")
    return w


def check_class_weights(is_pos, w, *, name="sample_weight"):
    """Raise unless both classes have a positive total weight (rates need both)."""
    if w is None:
        return
    for label, mask in (("positive", is_pos), ("negative", ~is_pos)):
        if not float(np.sum(w, where=mask)) > 0:
            raise ValueError(
                f"{name} gives the {label} class a total weight of 0; both classes need a "
                "positive total weight."
            )


def check_positive_cost(value, name):
    """Return ``value`` as float if it is a finite number > 0, else raise naming ``name``."""
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}.")
    value = float(value)
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite cost > 0, got {value!r}.")
    return value


def check_fp_costs(fp_costs: ArrayLike) -> np.ndarray:
    """Validate normalised false-positive costs: a 1-D array of values strictly inside (0, 1).

    FPcost + FNcost = 1 and both costs must be > 0 (thesis 4.1), so FPcost lies in (0, 1).
    """
    try:
        fp = np.atleast_1d(np.asarray(fp_costs, dtype=np.float64))
    except (TypeError, ValueError):
        raise ValueError(
            "fp_costs must be a number or a 1-D sequence of numbers (normalised FPcosts in "
            f"(0, 1)), got {fp_costs!r}."
        ) from None
    if fp.ndim != 1 or fp.size == 0:
        raise ValueError(f"fp_costs must be a non-empty 1-D sequence, got shape {fp.shape}.")
    if not np.all(np.isfinite(fp)) or np.any(fp <= 0) or np.any(fp >= 1):
        raise ValueError(
            "fp_costs must be normalised costs strictly between 0 and 1 (FPcost + FNcost = 1, "
            f"both > 0); got values in [{np.nanmin(fp):g}, {np.nanmax(fp):g}]."
        )
    return fp


def check_random_state(random_state, *, name="random_state"):
    """``numpy.random.default_rng(random_state)``, with errors that name the parameter.

    Accepts what ``default_rng`` accepts (None, a non-negative integer or a sequence of them,
    a ``SeedSequence``, ``BitGenerator`` or ``Generator``, returned as is) except booleans.
    """
    allowed = "None, a non-negative integer seed or a numpy.random.Generator"
    if isinstance(random_state, (bool, np.bool_)):
        raise TypeError(f"{name} must be {allowed}, got the bool {random_state!r}.")
    try:
        return np.random.default_rng(random_state)
    except (TypeError, ValueError) as err:
        raise type(err)(
            f"{name} must be {allowed}, got {type(random_state).__name__} {random_state!r}."
        ) from None


def check_step(step, *, name="step"):
    """Return ``step`` as float if it lies in (0, 1], else raise naming ``name``."""
    return _in_unit_interval(step, name)


def check_cost_range(r1, r2):
    """Validate a cost-ratio range [r1, r2] given as normalised FPcost values in (0, 1)."""
    for name, value in (("r1", r1), ("r2", r2)):
        if not isinstance(value, numbers.Real) or isinstance(value, bool):
            raise TypeError(f"{name} must be a real number, got {type(value).__name__}.")
        if not (0.0 < float(value) < 1.0):
            raise ValueError(
                f"{name} must be a normalised FPcost strictly between 0 and 1 "
                f"(e.g. 0.05 for the cost ratio 0.05/0.95), got {value!r}."
            )
    if float(r1) > float(r2) + _TOL:
        raise ValueError(f"r1 must not exceed r2, got r1={r1!r} > r2={r2!r}.")
    return float(r1), float(r2)


def check_score_of(score_of):
    """Return ``score_of`` if it is "positive" or "negative", else raise naming it."""
    return _option(
        "score_of", score_of, _SCORE_OF, "which class y_score is the score of; 'positive' is "
        "scikit-learn's predict_proba(X)[:, 1]"
    )  # fmt: skip


def check_search(search):
    """Return ``search`` if it names a known threshold search, else raise."""
    return _option("search", search, _SEARCHES)


def _option(name, value, options, note=None):
    """``value`` if one of ``options`` (:class:`costlab.validation.Options`), else a ValueError
    (whatever its type: these checks have always raised ValueError) ending with ``note``."""
    try:
        return check_param(name, value, Options(options))
    except (TypeError, ValueError) as err:
        message = str(err) if note is None else f"{str(err)[:-1]} ({note})."
        raise ValueError(message) from None


def check_priors(priors: ArrayLike, *, name: str = "priors") -> np.ndarray:
    """Return true target priors P(C_t) as a 1-D float array; each must lie strictly in (0, 1).

    A prior of 0 or 1 leaves one class absent, where POSfrac and Purity (Landgrebe et al. 2004,
    eqs. 5 and 6) no longer describe a two-class problem. A scalar gives an array of one.
    """
    try:
        p = np.atleast_1d(np.asarray(priors, dtype=np.float64))
    except (TypeError, ValueError):
        raise ValueError(
            f"{name} must be a number or a 1-D sequence of numbers in (0, 1), got {priors!r}."
        ) from None
    if p.ndim != 1 or p.size == 0:
        raise ValueError(
            f"{name} must be a number or a non-empty 1-D sequence, got shape {p.shape}."
        )
    bad = ~np.isfinite(p) | (p <= 0.0) | (p >= 1.0)
    if np.any(bad):
        raise ValueError(
            f"{name} must be true target priors P(C_t) strictly between 0 and 1, "
            f"got {float(p[np.flatnonzero(bad)[0]])!r}."
        )
    return p


def check_rate_target(value, name):
    """Return ``value`` as float if it is a real number in (0, 1], else raise naming ``name``.

    Used for an operating condition fixed by a rate or fraction (TPr, POSfrac, Purity).
    """
    return _in_unit_interval(value, name)


def _in_unit_interval(value, name):
    """``value`` as a float in (0, 1]: a TypeError unless a real number (not a bool), a
    ValueError outside (0, 1] or not finite, each naming ``name``.

    Parameters
    ----------
    value : object
    name : str
        The parameter's name in the messages.

    Returns
    -------
    float
    """
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError(f"{name} must be a real number in (0, 1], got {type(value).__name__}.")
    value = float(value)
    if not np.isfinite(value) or value <= 0.0 or value > 1.0:
        raise ValueError(f"{name} must lie in (0, 1], got {value!r}.")
    return value


def check_pcf(pcf):
    """PCF(+) as a float, or a float array, in [0, 1] (D&H eq. 6), else a ValueError naming it."""
    x = np.asarray(pcf, dtype=np.float64)
    if not np.all(np.isfinite(x)) or np.any(x < 0.0) or np.any(x > 1.0):
        raise ValueError(f"pcf must lie in [0, 1] (PCF(+), D&H eq. 6), got {_describe(x)}.")
    return float(x) if x.ndim == 0 else x


def check_open_unit(value, name):
    """``value`` as a float array of probabilities strictly inside (0, 1), else a ValueError."""
    x = np.asarray(value, dtype=np.float64)
    if not np.all(np.isfinite(x)) or np.any(x <= 0.0) or np.any(x >= 1.0):
        raise ValueError(
            f"{name} must be a probability strictly between 0 and 1, got {_describe(x)}."
        )
    return x


def check_positive_costs(value, name):
    """``value`` (a number or an array) as a float array of finite costs > 0, else an error.

    The array form of :func:`check_positive_cost`.
    """
    if isinstance(value, bool) or not (isinstance(value, numbers.Real) or np.ndim(value) > 0):
        raise TypeError(f"{name} must be a real number > 0, got {type(value).__name__}.")
    x = np.asarray(value, dtype=np.float64)
    if not np.all(np.isfinite(x)) or np.any(x <= 0.0):
        raise ValueError(f"{name} must be a finite cost > 0, got {_describe(x)}.")
    return x


def check_fraction(value, name):
    """``value`` as a float in [0, 1], else an error naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number in [0, 1], got {type(value).__name__}.")
    value = float(value)
    if not 0.0 <= value <= 1.0:  # also rejects NaN
        raise ValueError(f"{name} must lie in [0, 1], got {value!r}.")
    return value


def check_non_negative(value, name, *, strict=False):
    """``value`` as a finite float >= 0 (> 0 if ``strict``), else an error naming ``name``."""
    bound = "> 0" if strict else ">= 0"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number {bound}, got {type(value).__name__}.")
    value = float(value)
    if not np.isfinite(value) or value < 0.0 or (strict and value == 0.0):
        raise ValueError(f"{name} must be a finite number {bound}, got {value!r}.")
    return value


def _describe(x):
    if x.ndim == 0:
        return repr(float(x))
    return f"values in [{np.nanmin(x):g}, {np.nanmax(x):g}]"


def check_unit_interval(x: ArrayLike, name: str) -> Any:
    """Values in [0, 1]: a float for a real number, else a float array (NaN and inf refused)."""
    if isinstance(x, numbers.Real) and not isinstance(x, bool):
        value = float(x)
        if not (0.0 <= value <= 1.0):
            raise ValueError(f"{name} must lie in [0, 1], got {value!r}.")
        return value
    arr = np.asarray(x, dtype=np.float64)
    if arr.size and (not np.all(np.isfinite(arr)) or arr.min() < 0.0 or arr.max() > 1.0):
        raise ValueError(f"{name} must lie in [0, 1], got values outside it.")
    return arr


def check_threshold_probabilities(p_t):
    """Decision-curve threshold probabilities p_t in [0, 1): a float, or a float array."""
    arr = np.asarray(p_t, dtype=np.float64)
    if arr.size == 0:
        raise ValueError("p_t must hold at least one threshold probability in [0, 1).")
    if not np.all(np.isfinite(arr)) or arr.min() < 0.0 or arr.max() >= 1.0:
        raise ValueError(
            "p_t must be threshold probabilities in [0, 1) (at p_t = 1 a false positive costs "
            f"infinitely more than a true positive gains); got values in [{arr.min():g}, "
            f"{arr.max():g}]."
        )
    return float(arr) if arr.ndim == 0 else arr


def check_resampling(n_resamples, confidence):
    """Raise unless ``n_resamples`` is an integer >= 2 and ``confidence`` lies in (0, 1)."""
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)):
        raise ValueError(f"n_resamples must be an integer >= 2, got {n_resamples!r}.")
    if n_resamples < 2:
        raise ValueError(f"n_resamples must be an integer >= 2, got {n_resamples!r}.")
    if not 0.0 < float(confidence) < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence!r}.")


def check_prior_array(prior: ArrayLike) -> np.ndarray:
    """``prior`` as an array (any shape) of values strictly inside (0, 1)."""
    p = np.asarray(prior, dtype=np.float64)
    check_priors(p.ravel(), name="prior")
    return p


def check_cost_proportions(c: ArrayLike) -> np.ndarray:
    """Cost ratios c as a float array in [0, 1] (Hand 2009's c = c0 / (c0 + c1))."""
    c = np.asarray(c, dtype=np.float64)
    if not np.all(np.isfinite(c)) or np.any((c < 0) | (c > 1)):
        raise ValueError("c must lie in [0, 1] (the cost ratio c0 / (c0 + c1)).")
    return c
