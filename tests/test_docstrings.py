"""costlab._docstrings: shared parameter descriptions filled into docstrings."""

import importlib
import inspect

import pytest

from costlab._docstrings import filler

#: The faces whose public names' docstrings (and their methods') are checked whole.
FACES = ("costlab.datasets", "costlab.plotting")

FILL = filler({"seed": "seed : int\n    Seed of the generator.", "n": "n : int"})


def test_a_placeholder_line_becomes_the_description_at_its_indent():
    @FILL
    def draw():
        """Draw.

        Parameters
        ----------
            %(seed)s
        %(n)s
        """

    assert draw.__doc__.splitlines()[4:7] == [
        "            seed : int",
        "                Seed of the generator.",
        "        n : int",
    ]


def test_only_a_placeholder_alone_on_its_line_is_filled():
    @FILL
    class Drawn:
        """Keeps %(seed)s inside a sentence, and 100%."""

    assert Drawn.__doc__ == "Keeps %(seed)s inside a sentence, and 100%."


def test_an_unknown_placeholder_is_an_error_at_import():
    def draw():
        """%(no_such_parameter)s"""

    with pytest.raises(KeyError, match="no_such_parameter"):
        FILL(draw)


def test_no_docstring_is_left_alone():
    def bare():
        pass

    assert FILL(bare) is bare and bare.__doc__ is None


@pytest.mark.parametrize("face", FACES)
def test_no_public_docstring_keeps_a_placeholder(face):
    """A function that uses a shared description but misses its decorator shows ``%(key)s``."""
    module = importlib.import_module(face)
    for public in module.__all__:
        obj = getattr(module, public)
        members = inspect.getmembers(obj, callable) if inspect.isclass(obj) else []
        for name, doc in [(public, obj.__doc__), *((m, f.__doc__) for m, f in members)]:
            assert "%(" not in (doc or ""), f"{face}.{public}: {name}"
