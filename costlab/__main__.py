"""``python -m costlab COMMAND [options]``: the ``costlab`` command, which lives on the studies
floor (:mod:`costlab.studies.command`); this entry point only runs it."""

import sys

from costlab.studies.command import main

if __name__ == "__main__":
    sys.exit(main())
