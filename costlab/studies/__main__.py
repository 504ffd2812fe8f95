"""``python -m costlab.studies [STUDY] [options]``: ``reproduce.py`` of an installed costlab."""

import sys

from costlab.studies._reproduce import main

if __name__ == "__main__":
    sys.exit(main())
