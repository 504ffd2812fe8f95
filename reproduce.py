#!/usr/bin/env python
"""Reproduce the papers costlab is built from: each study's figures and tables into results/.

    python reproduce.py                         # every study, with its paper's protocol
    python reproduce.py --quick                 # every study, a fast smoke run
    python reproduce.py alsaffar2018 --quick    # one study (options: reproduce.py STUDY --help)

Studies (costlab/studies/): alsaffar2018 (Al-Saffar 2018, the thesis), drummond_holte2000
(cost curves), johnson2015 (RiskBoost, Table 2), landgrebe (POSfrac under varying priors).
Options after the study name go to that study; without a study name they go to every study.
"""

from __future__ import annotations

import importlib
import sys

from costlab.studies import STUDIES


def main(argv=None):
    """Run the named study (first argument) or every study; return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["-h"], ["--help"]):
        print(__doc__)
        for name, module in STUDIES.items():
            print(f"\n##### reproduce.py {name} #####")
            try:
                importlib.import_module(module).main(["--help"])
            except SystemExit:  # argparse exits after printing the help
                pass
        return 0
    if argv and not argv[0].startswith("-"):
        if argv[0] not in STUDIES:
            print(
                f"error: unknown study {argv[0]!r}; choose from {', '.join(STUDIES)}",
                file=sys.stderr,
            )
            return 2
        names, argv = [argv[0]], argv[1:]
    else:
        names = list(STUDIES)
    for name in names:
        if len(names) > 1:
            print(f"\n##### study: {name} #####")
        code = importlib.import_module(STUDIES[name]).main(argv)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
