"""Exceptions raised by :mod:`costlab.datasets`."""

from __future__ import annotations

__all__ = ["ChecksumError", "DatasetError"]


class DatasetError(ValueError):
    """A dataset could not be fetched, verified or parsed.

    The message always names the dataset, file or URL involved and says what is wrong.
    """


class ChecksumError(DatasetError):
    """A file's checksum differs from the expected value (corrupted or altered file)."""
