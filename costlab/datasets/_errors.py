"""Exceptions raised by :mod:`costlab.datasets`."""

from __future__ import annotations

from costlab.validation import check_param

__all__ = ["ChecksumError", "DatasetError"]


class DatasetError(ValueError):
    """A dataset could not be fetched, verified or parsed.

    The message always names the dataset, file or URL involved and says what is wrong.
    """


class ChecksumError(DatasetError):
    """A file's checksum differs from the expected value (corrupted or altered file)."""


def check_data_param(name, value, *constraints, note=None):
    """:func:`costlab.validation.check_param`, raising a DatasetError (as the generators always
    have) with its message, ``note`` appended in parentheses."""
    try:
        return check_param(name, value, *constraints)
    except (TypeError, ValueError) as err:
        message = str(err) if note is None else f"{str(err)[:-1]} ({note})."
        raise DatasetError(message) from None
