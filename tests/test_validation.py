"""The declarative validation vocabulary (costlab.validation): what each constraint allows, the
error type (TypeError for a wrong type, ValueError for a wrong value) and the message."""

import math
import numbers

import numpy as np
import pytest

from costlab.validation import (
    Boolean,
    InstanceOf,
    Interval,
    InvalidParameterError,
    Options,
    check_param,
    check_params,
)

NON_NEGATIVE_INT = Interval(numbers.Integral, 0, None, closed="left")
UNIT = Interval(numbers.Real, 0, 1, closed="both")


@pytest.mark.parametrize("value", [0, 3, np.int64(2), np.uint8(7)])
def test_integer_interval_accepts_python_and_numpy_ints(value):
    assert check_param("decimals", value, NON_NEGATIVE_INT, None) is value


def test_message_names_parameter_allowed_and_given():
    with pytest.raises(ValueError) as err:
        check_param("decimals", -1, NON_NEGATIVE_INT, None)
    assert str(err.value) == "decimals must be an int in [0, inf) or None, got -1."


@pytest.mark.parametrize("value", ["2", 2.0, True, np.bool_(False), [2]])
def test_integer_interval_refuses_other_types(value):
    with pytest.raises(TypeError, match=r"^decimals must be an int in \[0, inf\) or None, got"):
        check_param("decimals", value, NON_NEGATIVE_INT, None)


@pytest.mark.parametrize(
    ("closed", "inside", "outside"),
    [
        ("both", [0, 0.5, 1], [-1e-12, 1.0000001]),
        ("left", [0, 0.999], [1, -0.1]),
        ("right", [1e-300, 1], [0, 2]),
        ("neither", [0.5], [0, 1]),
    ],
)
def test_interval_bounds(closed, inside, outside):
    c = Interval(numbers.Real, 0, 1, closed=closed)
    assert all(c.is_satisfied_by(v) for v in inside)
    for v in outside:
        with pytest.raises(ValueError, match=r"^p must be a real number in [\[(]0, 1[\])], got"):
            check_param("p", v, c)


@pytest.mark.parametrize("value", [math.nan, np.float64("nan")])
def test_interval_refuses_nan_even_unbounded(value):
    with pytest.raises(ValueError, match="^x must be a real number \\(not NaN\\), got .*nan"):
        check_param("x", value, Interval(numbers.Real, None, None, closed="neither"))


@pytest.mark.parametrize("value", ["0.1", b"0.1", None, np.array(0.1)])
def test_numbers_as_strings_or_arrays_are_type_errors(value):
    with pytest.raises(TypeError, match=r"^harm must be a real number in \[0, 1\], got "):
        check_param("harm", value, UNIT)


def test_boolean_allows_python_and_numpy_bools_only():
    assert check_param("flag", np.bool_(True), Boolean())
    assert check_param("flag", False, Boolean()) is False
    for value in ("no", "False", 0, 1, None, 1.0):
        with pytest.raises(TypeError, match=r"^flag must be a bool \(True or False\), got"):
            check_param("flag", value, Boolean())


def test_options():
    c = Options({"exact", "thorough"})
    assert check_param("search", "exact", c) == "exact"
    with pytest.raises(ValueError, match="^search must be one of 'exact', 'thorough', got 'x'."):
        check_param("search", "x", c)
    with pytest.raises(TypeError, match="got 1"):
        check_param("search", 1, c)


def test_options_do_not_mistake_bools_for_numbers():
    c = Options([0, 1], type=numbers.Integral)
    assert check_param("k", 1, c) == 1
    with pytest.raises(ValueError, match="got True"):
        check_param("k", True, c)


def test_instance_of_with_description_and_none():
    c = InstanceOf(dict, "a mapping of name -> curve")
    assert check_param("curves", None, c, None) is None
    with pytest.raises(TypeError, match="^curves must be a mapping of name -> curve or None, got"):
        check_param("curves", [1], c, None)


def test_several_constraints_type_error_only_when_no_type_fits():
    constraints = (Interval(numbers.Real, 0, 1, closed="neither"), Options({"auto"}))
    assert check_param("prior", "auto", *constraints) == "auto"
    message = r"^prior must be a real number in \(0, 1\) or one of 'auto', got 2.0"
    with pytest.raises(ValueError, match=message):
        check_param("prior", 2.0, *constraints)
    with pytest.raises(ValueError):
        check_param("prior", "Auto", *constraints)
    with pytest.raises(TypeError):
        check_param("prior", [0.5], *constraints)


def test_check_params_checks_named_values_only():
    constraints = {"unpruned": [Boolean()], "min_leaf": [NON_NEGATIVE_INT]}
    check_params(constraints, {"unpruned": True, "min_leaf": 2, "other": "anything"})
    with pytest.raises(TypeError, match="^unpruned must be a bool"):
        check_params(constraints, {"unpruned": "no", "min_leaf": 2})
    with pytest.raises(InvalidParameterError, match=r"^min_leaf must be an int in \[0, inf\)"):
        check_params(constraints, {"unpruned": True, "min_leaf": -1})
    assert issubclass(InvalidParameterError, TypeError)
    assert issubclass(InvalidParameterError, ValueError)


def test_constructors_refuse_bad_definitions():
    with pytest.raises(ValueError, match="closed"):
        Interval(numbers.Real, 0, 1, closed="open")
    with pytest.raises(ValueError, match="left must not exceed right"):
        Interval(numbers.Real, 1, 0, closed="both")
    with pytest.raises(ValueError, match="type"):
        Interval(float, 0, 1, closed="both")
    with pytest.raises(TypeError, match="constraint"):
        check_param("x", 1, int)


def test_long_values_are_shortened_in_messages():
    with pytest.raises(TypeError) as err:
        check_param("x", "a" * 500, Boolean())
    assert len(str(err.value)) < 150


def test_options_compare_safely_with_frames_and_arrays():
    import pandas as pd

    c = Options([1, "a"])  # mixed types: no type check, every value compared
    for value in (pd.Series([1, 1]), np.array([1, 1]), [1]):
        with pytest.raises(ValueError, match="^x must be one of 1, 'a', got "):
            check_param("x", value, c)
