"""The package's version, in a module of its own so that any part of costlab can read it
without importing the package face (``costlab/__init__.py``)."""

__version__ = "0.1.0"
