"""Reproduce the papers costlab is built from: each study's figures and tables into results/.

From a checkout, ``python reproduce.py``; from an installed costlab, the same command line is
``costlab-reproduce`` or ``python -m costlab.studies`` (the examples below take any of the three).

    python reproduce.py                         # every study, with its paper's protocol
    python reproduce.py --quick                 # every study, a fast smoke run
    python reproduce.py alsaffar2018 --quick    # one study (options: reproduce.py STUDY --help)
    python reproduce.py --scheduler tcp://host:8786   # fit the folds on a Dask cluster
    python reproduce.py --scheduler local       # ... on a LocalCluster of this machine's cores

Studies (costlab/studies/): alsaffar2018 (Al-Saffar 2018, the thesis), drummond_holte2000
(cost curves), johnson2015 (RiskBoost, Table 2), landgrebe2004 (POSfrac under varying priors).

Options are checked before anything runs; a wrong one exits with code 2 and names it.
The study name comes first (reproduce.py alsaffar2018 --quick, not --quick alsaffar2018), and
the options after it must be that study's. Without a study name the options go to every study,
each study taking those it knows (--quick and --out are everyone's, --repeats the thesis's and
Johnson et al.'s, --engine the thesis's: the run says which went only to some); an option that
no study knows is an error, as is a value that a study knowing the option refuses.

Each study writes into OUT/STUDY/ (--out OUT, default results: results/alsaffar2018/,
results/landgrebe2004/...) and marks that folder as its own (costlab-study.json). The folder is
checked before anything is computed: an --out that is a file, cannot be created or written, or
is itself a study's folder (e.g. --out results/landgrebe2004) stops the run with exit code 2.
"""

from __future__ import annotations

import contextlib
import importlib
import sys

from costlab._deprecation import REMOVED_IN
from costlab.studies import STUDIES
from costlab.studies._outdir import OutputFolderError, prepare_study_folder


def main(argv=None):
    """Run the named study (first argument) or every study; return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not (argv and not argv[0].startswith("-")) and {"-h", "--help"} & set(argv):
        print(__doc__)
        for name, module in STUDIES.items():
            print(f"\n##### reproduce.py {name} #####")
            importlib.import_module(module).build_parser().print_help()
        return 0
    argv, scheduler = _pop_option(argv, "--scheduler")
    try:
        plan = _parse(argv)
    except SystemExit as exc:  # argparse: a bad option (code 2, message printed) or --help (0)
        return exc.code
    except _UsageError as err:
        print(f"usage: reproduce.py [STUDY] [options]\nreproduce.py: error: {err}", file=sys.stderr)
        return 2
    try:  # every study's output folder, before any study runs
        for name, (_, args) in plan.items():
            prepare_study_folder(args.out, name)
    except OutputFolderError as err:
        print(f"reproduce.py: error: {err}", file=sys.stderr)
        return 2
    with _cluster(scheduler):
        for name, (module, args) in plan.items():
            if len(plan) > 1:
                print(f"\n##### study: {name} #####")
            code = module.run(args)
            if code:
                return code
    return 0


#: Studies renamed (old name -> new), accepted on the command line for one release.
_RENAMED = {"landgrebe": "landgrebe2004"}


class _UsageError(Exception):
    """A command line that no study's parser can reject by itself."""


def _parse(argv):
    """``{study: (module, options)}`` of the studies to run; every option checked first.

    Raises
    ------
    SystemExit
        From a study's parser: an option it does not know (one study named), a bad value.
    _UsageError
        An unknown study, a second study name, a study name after an option, or (no study
        named) an argument that no study knows.
    """
    if argv and not argv[0].startswith("-"):
        name, rest = _RENAMED.get(argv[0], argv[0]), argv[1:]
        if name != argv[0]:  # one release: the study's old name runs it, saying the new one
            print(
                f"note: the study {argv[0]!r} is now {name!r} (the old name goes in costlab "
                f"{REMOVED_IN})",
                file=sys.stderr,
            )
        if name not in STUDIES:
            raise _UsageError(f"unknown study {name!r}; choose from {', '.join(STUDIES)}")
        module = importlib.import_module(STUDIES[name])
        parser = module.build_parser()
        args, extras = parser.parse_known_args(rest)
        others = [arg for arg in extras if arg in STUDIES]
        if others:
            raise _UsageError(
                f"one study at a time: {name} and {', '.join(others)}; without a study name "
                "every study runs"
            )
        if extras:
            parser.error(f"unrecognized arguments: {' '.join(extras)}")
        return {name: (module, args)}
    plan, unknown = {}, {}
    for name, module_name in STUDIES.items():
        module = importlib.import_module(module_name)
        args, extras = module.build_parser().parse_known_args(argv)
        plan[name] = (module, args)
        for arg in extras:
            unknown.setdefault(arg, set()).add(name)
    everywhere = [arg for arg, names in unknown.items() if len(names) == len(STUDIES)]
    misplaced = [arg for arg in everywhere if arg in STUDIES]
    if misplaced:
        rest = [arg for arg in argv if arg != misplaced[0]]
        raise _UsageError(
            f"the study name comes first: reproduce.py {' '.join([misplaced[0], *rest])}"
        )
    if everywhere:
        raise _UsageError(
            f"unrecognized arguments: {' '.join(everywhere)} (no study takes them; each "
            "study's options: reproduce.py STUDY --help)"
        )
    for arg, names in unknown.items():
        option = arg.split("=", 1)[0]
        if option.startswith("--"):
            takers = [name for name in STUDIES if name not in names]
            print(f"note: {option} only for {', '.join(takers)}")
    return plan


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
    LocalCluster); the results are those of a local run (costlab.evaluation.dask_backend)."""
    if scheduler is None:
        yield
        return
    from distributed import Client, LocalCluster

    from costlab.evaluation import dask_backend

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
