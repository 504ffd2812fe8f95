"""One declarative vocabulary for checking parameters at costlab's public boundary.

A parameter's allowed values are written once as *constraints* and checked by one entry point,
so every error reads alike: it names the parameter, says what is allowed and what was given::

    >>> import numbers
    >>> from costlab.validation import Interval, check_param
    >>> check_param("decimals", -1, Interval(numbers.Integral, 0, None, closed="left"), None)
    Traceback (most recent call last):
    ...
    ValueError: decimals must be an int in [0, inf) or None, got -1.

The constraints:

- :class:`Interval` -- a real number or an integer between two bounds (NaN is never inside);
- :class:`Options` -- one of a fixed set of values (e.g. strings);
- :class:`Boolean` -- ``True`` or ``False`` (a Python or numpy bool; never a truthy string or
  number);
- :class:`InstanceOf` -- an instance of a type (with a description for the message);
- ``None`` -- the value ``None``.

:func:`check_param` checks one value against constraints it may satisfy any of;
:func:`check_params` checks a mapping of values against a mapping of constraints, as an
estimator's ``_parameter_constraints`` (the convention of scikit-learn's
``sklearn/utils/_param_validation.py``, which this module follows in spirit).

A value whose *type* no constraint accepts raises :class:`TypeError` (``"0.1"`` for a number:
strings are never converted); a value of an accepted type but outside what is allowed raises
:class:`ValueError`. Both are raised with the same message.

This module imports nothing else of costlab, so every layer (the pure maths in
``costlab.metrics`` included) may use it.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "Constraint",
    "Interval",
    "Options",
    "Boolean",
    "InstanceOf",
    "InvalidParameterError",
    "check_param",
    "check_params",
]

_CLOSED = ("left", "right", "both", "neither")


class Constraint:
    """A set of allowed values: a type test and a value test, and their description.

    Subclasses implement :meth:`accepts_type`, :meth:`is_satisfied_by` and ``__str__`` (the
    description after "must be", e.g. ``"an int in [0, inf)"``).
    """

    def accepts_type(self, value: Any) -> bool:
        """True if ``value`` has a type this constraint allows (its value may still be wrong)."""
        raise NotImplementedError

    def is_satisfied_by(self, value: Any) -> bool:
        """True if ``value`` is allowed."""
        raise NotImplementedError


class Interval(Constraint):
    """A real number or an integer in an interval.

    Parameters
    ----------
    type : {numbers.Real, numbers.Integral}
        ``numbers.Integral`` allows Python and numpy integers; ``numbers.Real`` also floats.
        Booleans are never numbers here, nor are strings such as ``"0.1"``.
    left, right : float or None
        The bounds; None for an unbounded side.
    closed : {"left", "right", "both", "neither"}
        Which bounds belong to the interval.

    Examples
    --------
    >>> unit = Interval(numbers.Real, 0, 1, closed="both")
    >>> str(unit), unit.is_satisfied_by(0.5), unit.is_satisfied_by(float("nan"))
    ('a real number in [0, 1]', True, False)
    """

    def __init__(self, type: Any, left: float | None, right: float | None, *, closed: str) -> None:
        if type not in (numbers.Real, numbers.Integral):
            raise ValueError(f"type must be numbers.Real or numbers.Integral, got {type!r}.")
        if closed not in _CLOSED:
            raise ValueError(f"closed must be one of {_CLOSED}, got {closed!r}.")
        if left is not None and right is not None and left > right:
            raise ValueError(f"left must not exceed right, got left={left!r} > right={right!r}.")
        self.type, self.left, self.right, self.closed = type, left, right, closed

    def accepts_type(self, value: Any) -> bool:
        if isinstance(value, (bool, np.bool_)):
            return False
        return isinstance(value, self.type)

    def is_satisfied_by(self, value: Any) -> bool:
        if not self.accepts_type(value):
            return False
        x = float(value)
        if math.isnan(x):
            return False
        if self.left is not None:
            if x < self.left or (x == self.left and self.closed in ("right", "neither")):
                return False
        if self.right is not None:
            if x > self.right or (x == self.right and self.closed in ("left", "neither")):
                return False
        return True

    def __str__(self):
        kind = "an int" if self.type is numbers.Integral else "a real number"
        if self.left is None and self.right is None:
            return kind if self.type is numbers.Integral else "a real number (not NaN)"
        low = "(-inf" if self.left is None else _bracket_left(self.closed) + f"{self.left:g}"
        high = "inf)" if self.right is None else f"{self.right:g}" + _bracket_right(self.closed)
        return f"{kind} in {low}, {high}"


def _bracket_left(closed):
    return "[" if closed in ("left", "both") else "("


def _bracket_right(closed):
    return "]" if closed in ("right", "both") else ")"


class Options(Constraint):
    """One of a fixed set of values.

    Parameters
    ----------
    options : iterable
        The allowed values (compared with ``==``; listed in the message sorted when they are
        strings, else in the order given).
    type : type, optional
        The type every option has; a value of another type is a TypeError. Inferred as ``str``
        when every option is a string.

    Examples
    --------
    >>> str(Options({"exact", "thorough"}))
    "one of 'exact', 'thorough'"
    """

    def __init__(self, options: Any, *, type: Any = None) -> None:
        options = list(options)
        if not options:
            raise ValueError("options must hold at least one allowed value.")
        if type is None and all(isinstance(o, str) for o in options):
            type = str
        if type is str:
            options = sorted(set(options))
        self.options, self.type = tuple(options), type

    def accepts_type(self, value: Any) -> bool:
        return self.type is None or isinstance(value, self.type)

    def is_satisfied_by(self, value: Any) -> bool:
        if not self.accepts_type(value) or isinstance(value, np.ndarray):
            return False
        if isinstance(value, (bool, np.bool_)) != any(isinstance(o, bool) for o in self.options):
            return False  # True == 1, but a bool is not the option 1 (nor 1 the option True)
        return any(_equal(value, o) for o in self.options)

    def __str__(self):
        return "one of " + ", ".join(repr(o) for o in self.options)


def _equal(a, b):
    """``a == b`` as a bool; False when the comparison is not one (arrays, frames)."""
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


class Boolean(Constraint):
    """``True`` or ``False``: a Python bool or a numpy bool, never a string or a number.

    ``"no"`` is truthy and ``0`` is an int: both are refused rather than read by truthiness.
    """

    def accepts_type(self, value: Any) -> bool:
        return isinstance(value, (bool, np.bool_))

    def is_satisfied_by(self, value: Any) -> bool:
        return self.accepts_type(value)

    def __str__(self):
        return "a bool (True or False)"


class InstanceOf(Constraint):
    """An instance of a type (or a tuple of types).

    Parameters
    ----------
    type : type or tuple of types
    description : str, optional
        What the message says is allowed (default: "an instance of <type name>").
    """

    def __init__(self, type: Any, description: str | None = None) -> None:
        self.type = type
        if description is None:
            names = type if isinstance(type, tuple) else (type,)
            description = "an instance of " + " or ".join(t.__name__ for t in names)
        self.description = description

    def accepts_type(self, value: Any) -> bool:
        return isinstance(value, self.type)

    def is_satisfied_by(self, value: Any) -> bool:
        return self.accepts_type(value)

    def __str__(self):
        return self.description


class _NoneConstraint(Constraint):
    def accepts_type(self, value):
        return value is None

    def is_satisfied_by(self, value):
        return value is None

    def __str__(self):
        return "None"


def _as_constraint(constraint):
    if constraint is None:
        return _NoneConstraint()
    if isinstance(constraint, Constraint):
        return constraint
    raise TypeError(
        f"a constraint must be a costlab.validation.Constraint or None, got {constraint!r}."
    )


def check_param(name: str, value: Any, *constraints: Any) -> Any:
    """Return ``value`` unchanged if it satisfies one of ``constraints``, else raise.

    Parameters
    ----------
    name : str
        The parameter's name, as the caller wrote it; the error starts with it.
    value : object
        The value given.
    *constraints : Constraint or None
        What is allowed (any one suffices); ``None`` allows the value None.

    Returns
    -------
    object
        ``value``, unchanged (no conversion: a caller converts after checking).

    Raises
    ------
    TypeError
        If no constraint accepts the value's type (a string for a number, an int for a bool).
    ValueError
        If a constraint accepts its type but not the value (out of the interval, NaN, not an
        option).

    Examples
    --------
    >>> check_param("stratified", True, Boolean())
    True
    >>> check_param("stratified", "no", Boolean())
    Traceback (most recent call last):
    ...
    TypeError: stratified must be a bool (True or False), got 'no'.
    """
    if not constraints:
        raise TypeError("check_param needs at least one constraint.")
    checks = [_as_constraint(c) for c in constraints]
    if any(c.is_satisfied_by(value) for c in checks):
        return value
    allowed = _join([str(c) for c in checks])
    message = f"{name} must be {allowed}, got {_show(value)}."
    if any(c.accepts_type(value) for c in checks):
        raise ValueError(message)
    raise TypeError(message)


class InvalidParameterError(ValueError, TypeError):
    """A parameter outside its constraints, raised by :func:`check_params`.

    Both a ValueError and a TypeError, as scikit-learn's error of the same name, so that code
    catching either keeps working whichever way the value is wrong; the message says which.
    """


def check_params(constraints: Any, values: Mapping[str, Any]) -> None:
    """Check each value of ``values`` whose name has an entry in ``constraints``.

    Parameters
    ----------
    constraints : Mapping[str, list]
        Parameter name -> the constraints it may satisfy (as an estimator's
        ``_parameter_constraints``).
    values : Mapping[str, object]
        Parameter name -> value (e.g. ``estimator.get_params(deep=False)``). Names without
        constraints are not checked.

    Raises
    ------
    InvalidParameterError
        A ValueError and a TypeError with :func:`check_param`'s message, for the first value
        (in ``values``'s order) that fails.
    """
    if not isinstance(constraints, Mapping) or not isinstance(values, Mapping):
        raise TypeError("constraints and values must be mappings of parameter name -> ...")
    for name, value in values.items():
        if name in constraints:
            try:
                check_param(name, value, *constraints[name])
            except (TypeError, ValueError) as err:
                raise InvalidParameterError(str(err)) from None


def _join(parts):
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _show(value):
    """The given value as the message shows it: its repr, shortened, with its type if unclear."""
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}"
    text = repr(value)
    if len(text) > 80:
        text = text[:77] + "..."
    if value is None or isinstance(value, (bool, str, int, float, np.generic)):
        return text
    return f"{type(value).__name__} {text}"
