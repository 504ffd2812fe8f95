"""Class labels of one's own data: their texts and which class is negative and which positive.

The label rules of :mod:`costlab.datasets._own` (its module docstring states them): labels become
strings (:func:`~costlab.datasets._parsers.label_text`), none may be missing, there must be
exactly two classes, and the orientation is given (one or both of `negative`, `positive`),
declared (an ARFF nominal class: first declared value = negative) or inferred where unambiguous
(:data:`INFERRED_ORIENTATIONS`).
"""

from __future__ import annotations

import warnings

import pandas as pd

from ._errors import DatasetError
from ._parsers import label_text

#: Label pairs whose orientation is inferred: {label texts} -> (negative, positive).
INFERRED_ORIENTATIONS = {
    frozenset({"0", "1"}): ("0", "1"),
    frozenset({"False", "True"}): ("False", "True"),
    frozenset({"-1", "1"}): ("-1", "1"),
}


def _label_texts(labels, what):
    """Class labels as strings (see :func:`label_text`); DatasetError if any is missing."""
    texts = [None if _is_missing(v) else label_text(v) for v in labels.to_numpy(dtype=object)]
    missing = sum(t is None for t in texts)
    if missing:
        raise DatasetError(
            f"{what}: {missing} of {len(texts)} instances have no class label (NaN/None); "
            "drop or label them first"
        )
    return texts


def _orientation(texts, negative, positive, what):
    """(negative, positive) for observed labels: exactly two classes, given or inferred."""
    negative, positive = _given_labels(negative, positive)
    found = sorted(set(texts))
    if len(found) == 1:
        raise DatasetError(
            f"{what}: only the class {found[0]!r} occurs; both classes are needed "
            "(negative and positive)"
        )
    if len(found) > 2:
        raise DatasetError(
            f"{what}: {len(found)} classes found {found}, a binary dataset needs exactly two"
        )
    _check_known({"negative": negative, "positive": positive}, found, f"the labels of {what}")
    return _complete(negative, positive, found, what)


def _declared_orientation(declared, texts, negative, positive, what):
    """(negative, positive) of a nominal ARFF class: first declared value = negative."""
    negative, positive = _given_labels(negative, positive)
    declared = [str(v) for v in declared]
    if len(declared) < 2:
        raise DatasetError(f"{what} declares {declared}: both classes are needed")
    _check_known({"negative": negative, "positive": positive}, declared, f"declared by {what}")
    if len(declared) != 2 and (negative is None or positive is None):
        raise DatasetError(
            f"{what} declares {len(declared)} values {declared}: pass both negative and "
            "positive to choose the two classes"
        )
    if negative is None and positive is None:
        negative, positive = declared
    negative, positive = _complete(negative, positive, declared, what)
    _check_occurring(texts, negative, positive, what)
    return negative, positive


def _check_occurring(texts, negative, positive, what):
    """DatasetError if other labels occur; a warning if a chosen class has no instances."""
    others = sorted(set(texts) - {negative, positive})
    if others:
        raise DatasetError(
            f"{what}: values {others} occur besides negative={negative!r} and "
            f"positive={positive!r}; a binary dataset needs exactly two classes"
        )
    for label in sorted({negative, positive} - set(texts)):
        warnings.warn(f"{what}: class {label!r} is declared but has no instances", stacklevel=4)


def _given_labels(negative, positive):
    """The given labels as strings (None if not given); DatasetError if they are equal."""
    given = []
    for parameter, value in (("negative", negative), ("positive", positive)):
        if value is not None and not (pd.api.types.is_scalar(value) and not _is_missing(value)):
            raise DatasetError(f"{parameter} must be a class label (a scalar), got {value!r}")
        given.append(None if value is None else label_text(value))
    if given[0] is not None and given[0] == given[1]:
        raise DatasetError(f"negative and positive must differ, both are {given[0]!r}")
    return tuple(given)


def _check_known(given, allowed, where):
    """Raise DatasetError if a given label is not in `allowed`."""
    for parameter, label in given.items():
        if label is not None and label not in allowed:
            raise DatasetError(
                f"{parameter}={label!r} is not among {where} (labels: {list(allowed)})"
            )


def _complete(negative, positive, labels, what):
    """Fill in the missing one of (negative, positive) from two `labels`, or infer both."""
    if negative is None and positive is None:
        return _infer(labels, what)
    if negative is None:
        negative = next(label for label in labels if label != positive)
    if positive is None:
        positive = next(label for label in labels if label != negative)
    return negative, positive


def _infer(labels, what):
    """The orientation of {0, 1}, {False, True} or {-1, 1}; DatasetError for other labels."""
    inferred = INFERRED_ORIENTATIONS.get(frozenset(labels))
    if inferred is None:
        raise DatasetError(
            f"{what}: cannot tell which of the labels {list(labels)} is the negative class; "
            "pass negative= (the thesis's class 1) and/or positive="
        )
    return inferred


def _is_missing(value):
    """True for None, NaN, NaT and pd.NA."""
    return value is None or (pd.api.types.is_scalar(value) and bool(pd.isna(value)))
