#!/usr/bin/env python
"""Reproduce the papers costlab is built from: ``python reproduce.py [STUDY] [options]``.

The command line is :func:`costlab.studies._reproduce.main` (its docstring, and
``python reproduce.py --help``, say what it takes); an installed costlab runs the same code as
``costlab-reproduce`` or ``python -m costlab.studies``.
"""

import sys

from costlab.studies._reproduce import main

if __name__ == "__main__":
    sys.exit(main())
