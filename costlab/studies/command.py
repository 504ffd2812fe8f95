"""The ``costlab`` command: ``costlab reproduce [STUDY] [options]``, ``costlab explore TARGET``
and ``costlab list``.

An installed costlab runs its studies from any folder with one command (``python -m costlab``
is the same)::

    costlab list                                 # the studies and the papers they reproduce
    costlab reproduce --quick                    # every study, a fast smoke run
    costlab reproduce landgrebe2004 --quick --out results   # one study, into results/landgrebe2004/
    costlab reproduce alsaffar2018 --help        # a study's own options
    costlab explore results                      # the studies' explorers as a Voila app
    costlab explore scores.csv                   # the explorers on one's own labels and scores

``costlab reproduce`` takes exactly what ``python reproduce.py`` of a checkout takes (both are
:func:`costlab.studies._reproduce.main`); ``costlab-reproduce`` is kept as its older name.
``costlab explore`` is :func:`costlab.studies.explore.main`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from costlab.studies import PAPERS, STUDIES
from costlab.studies._reproduce import main as reproduce_main

if TYPE_CHECKING:
    from collections.abc import Sequence

#: Sub-command -> one line of what it does (the order of ``costlab --help``).
COMMANDS = {
    "reproduce": "run one study or every study: figures, tables and a summary (reproduce.py)",
    "list": "list the studies and the papers they reproduce",
    "explore": "serve the explorers as an app over a results folder or a CSV of scores",
}

_USAGE = "usage: costlab {" + ",".join(COMMANDS) + "} [options]"


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``costlab COMMAND [options]``; return the exit code (2 for a bad command line)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(_help())
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "reproduce":
        return reproduce_main(rest)
    if command == "explore":
        from costlab.studies.explore import main as explore_main  # pandas only when used

        return explore_main(rest)
    if command == "list":
        if rest and rest != ["--help"] and rest != ["-h"]:
            print(f"{_USAGE}\ncostlab list: error: takes no options, got {rest}", file=sys.stderr)
            return 2
        print(_study_table())
        return 0
    print(
        f"{_USAGE}\ncostlab: error: unknown command {command!r}; "
        f"choose one of {', '.join(COMMANDS)}",
        file=sys.stderr,
    )
    return 2


def _help():
    lines = [_USAGE, "", "commands:"]
    width = max(map(len, COMMANDS))
    lines += [f"  {name:<{width}}  {what}" for name, what in COMMANDS.items()]
    lines += ["", "studies:", _study_table(indent="  ")]
    lines += ["", "costlab reproduce STUDY --help lists a study's options."]
    return "\n".join(lines)


def _study_table(indent=""):
    width = max(map(len, STUDIES))
    return "\n".join(f"{indent}{name:<{width}}  {PAPERS[name]}" for name in STUDIES)
