"""costlab._docstrings: shared parameter descriptions filled into docstrings."""

import pytest

from costlab._docstrings import filler

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
