"""``python reproduce.py johnson2015``: RiskBoost vs AdaBoost.M1 (Johnson et al. 2015, Table 2).

    python reproduce.py johnson2015                  # 18 datasets, 10 x 10-fold CV
    python reproduce.py johnson2015 --repeats 100    # the paper's 100 repetitions
    python reproduce.py johnson2015 --quick          # 5 datasets, 10 rounds, 1 repetition
    python reproduce.py johnson2015 --engine weka    # the reference: real Weka's learners
    python reproduce.py johnson2015 --readings all   # RiskBoost under all 8 readings of Alg. 1

Writes results/johnson2015/{figures,tables}/ and summary.md, and prints the claims.
"""

from __future__ import annotations

import argparse

from costlab.studies._skeleton import entry_points, option, run_study, study_parser
from costlab.studies.johnson2015.experiments import QUICK_DATASETS, QUICK_ROUNDS
from costlab.studies.johnson2015.published import DATASETS, PROTOCOL
from costlab.studies.johnson2015.report import reproduce


def _positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return value


#: The study's own options (the shared ones: :data:`costlab.studies._skeleton.SHARED_OPTIONS`).
OPTIONS = (
    option("--repeats", type=_positive, default=10, help="CV repetitions (10)"),
    option(
        "--engine",
        choices=("sklearn", "weka"),
        default="sklearn",
        help="learners: sklearn (default: costlab's Weka-exact J48 and boosters, no Java) or "
        "weka (real Weka 3.9.7's AdaBoostM1 and J48 through python-weka-wrapper3; hours)",
    ),
    option(
        "--readings",
        choices=("default", "all"),
        default="default",
        help="RiskBoost under costlab's default reading of Algorithm 1 (l = eq. 6, under D_j, "
        "all rounds), or under all 8 readings (loss x weights x stopping; about 8 times the "
        "RiskBoost time)",
    ),
)


def build_parser():
    """The study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``)."""
    return study_parser(
        "johnson2015", __doc__, OPTIONS, shared=("quick", "no_cache", "out", "mirror", "n_jobs")
    )


parse_args, main = entry_points(__name__)


def quick_settings():
    """What a quick run reduces."""
    return (
        f"{len(QUICK_DATASETS)} of the {len(DATASETS)} datasets, {QUICK_ROUNDS} boosting rounds "
        f"(the paper: {PROTOCOL['n_estimators']}), 1 repetition of 10-fold CV (full run: 10, "
        f"the paper: {PROTOCOL['paper_repeats']})"
    )


def run(args):
    """Run the study with the options `args` (from :func:`build_parser`); the exit code."""
    return run_study(
        "johnson2015",
        args,
        lambda: reproduce(
            args.out,
            repeats=args.repeats,
            quick=args.quick,
            n_jobs=args.n_jobs,
            engine=args.engine,
            readings=args.readings,
            cache=not args.no_cache,
            mirror=args.mirror,
        ),
        quick_settings=quick_settings,
        heading="Johnson, Raeder & Chawla (2015), claims",
        paper="Johnson et al. (2015)",
    )
