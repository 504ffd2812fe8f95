"""Parameter descriptions written once, filled into every docstring that shares them.

A docstring names a shared description by a line ``%(key)s`` alone; the decorator that
:func:`filler` makes replaces each such line by the description, indented as the line was (as
matplotlib's ``_docstring.interpd`` and scipy's ``doccer`` do). The docstring that ``help()``
and the API pages show is whole; the source holds each description once. A package keeps its
own descriptions beside the functions that share them.
"""

from __future__ import annotations

import re

__all__ = ["filler"]

_PLACEHOLDER = re.compile(r"^( *)%\((\w+)\)s$", flags=re.MULTILINE)


def filler(descriptions):
    """A decorator of functions and classes filling their docstrings' ``%(key)s`` lines.

    Parameters
    ----------
    descriptions : Mapping[str, str]
        Key -> numpydoc text (a parameter's heading line and its description, unindented).

    Returns
    -------
    callable
        ``fill(obj) -> obj``; a key missing from ``descriptions`` raises :class:`KeyError`.

    Examples
    --------
    >>> fill = filler({"seed": "seed : int\\n    Seed of the generator."})
    >>> @fill
    ... def draw(seed=0):
    ...     '''Parameters
    ...     ----------
    ...     %(seed)s
    ...     '''
    >>> print(draw.__doc__.strip())
    Parameters
        ----------
        seed : int
            Seed of the generator.
    """

    def fill(obj):
        if obj.__doc__:  # None under python -OO
            obj.__doc__ = _PLACEHOLDER.sub(
                lambda m: _indent(descriptions[m.group(2)], m.group(1)), obj.__doc__
            )
        return obj

    return fill


def _indent(text, prefix):
    return "\n".join(prefix + line for line in text.splitlines())
