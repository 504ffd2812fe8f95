#!/usr/bin/env python
"""Reproduce the papers costlab is built from: each study's figures and tables into results/.

    python reproduce.py                         # every study, with its paper's protocol
    python reproduce.py --quick                 # every study, a fast smoke run
    python reproduce.py alsaffar2018 --quick    # one study (options: reproduce.py STUDY --help)
    python reproduce.py --scheduler tcp://host:8786   # fit the folds on a Dask cluster
    python reproduce.py --scheduler local       # ... on a LocalCluster of this machine's cores

Studies (costlab/studies/): alsaffar2018 (Al-Saffar 2018, the thesis), drummond_holte2000
(cost curves), johnson2015 (RiskBoost, Table 2), landgrebe (POSfrac under varying priors).
Options after the study name go to that study; without a study name they go to every study.
"""

from __future__ import annotations

import contextlib
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
    argv, scheduler = _pop_option(argv, "--scheduler")
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
    with _cluster(scheduler):
        for name in names:
            if len(names) > 1:
                print(f"\n##### study: {name} #####")
            code = importlib.import_module(STUDIES[name]).main(argv)
            if code:
                return code
    return 0


def _pop_option(argv, option):
    """``(argv without "option value", value or None)``."""
    for k, arg in enumerate(argv):
        if arg == option and k + 1 < len(argv):
            return argv[:k] + argv[k + 2 :], argv[k + 1]
        if arg.startswith(option + "="):
            return argv[:k] + argv[k + 1 :], arg.split("=", 1)[1]
    return argv, None


@contextlib.contextmanager
def _cluster(scheduler):
    """Every joblib task (one fold fit) on the Dask scheduler at ``scheduler`` ("local": a
    LocalCluster); the results are those of a local run (costlab.evaluation._dask)."""
    if scheduler is None:
        yield
        return
    from distributed import Client, LocalCluster

    from costlab.evaluation._dask import dask_backend

    cluster = LocalCluster() if scheduler == "local" else None
    client = Client(cluster if cluster is not None else scheduler)
    print(f"Dask: {client.scheduler_info()['address']} (dashboard: {client.dashboard_link})")
    try:
        with dask_backend(client):
            yield
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main())
