"""``python -m costlab COMMAND [options]``: the ``costlab`` command (:mod:`costlab.cli`)."""

import sys

from costlab.cli import main

if __name__ == "__main__":
    sys.exit(main())
