"""``python reproduce.py johnson2015``: RiskBoost vs AdaBoost.M1 (Johnson et al. 2015, Table 2).

    python reproduce.py johnson2015                  # 18 datasets, 10 x 10-fold CV
    python reproduce.py johnson2015 --repeats 100    # the paper's 100 repetitions
    python reproduce.py johnson2015 --quick          # 5 datasets, 10 rounds, 1 repetition
    python reproduce.py johnson2015 --engine weka    # the reference: real Weka's learners

Writes results/johnson2015/{figures,tables}/ and summary.md, and prints the claims.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from costlab.datasets import DatasetError
from costlab.studies._quick import quick_banner, quick_tag
from costlab.studies.johnson2015.experiments import QUICK_DATASETS, QUICK_ROUNDS
from costlab.studies.johnson2015.published import DATASETS, PROTOCOL
from costlab.studies.johnson2015.report import reproduce


def _positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return value


def build_parser():
    """The study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``)."""
    parser = argparse.ArgumentParser(
        prog="reproduce.py johnson2015", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--repeats", type=_positive, default=10, help="CV repetitions (10)")
    parser.add_argument("--quick", action="store_true", help="smoke run")
    parser.add_argument("--n-jobs", type=int, default=-1, help="parallel folds (joblib; -1 all)")
    parser.add_argument(
        "--engine",
        choices=("sklearn", "weka"),
        default="sklearn",
        help="learners: sklearn (default: costlab's Weka-exact J48 and boosters, no Java) or "
        "weka (real Weka 3.9.7's AdaBoostM1 and J48 through python-weka-wrapper3; hours)",
    )
    parser.add_argument("--no-cache", action="store_true", help="recompute cross-validation")
    parser.add_argument("--out", default="results", help="output folder (default: results)")
    parser.add_argument("--mirror", default=None, help="dataset mirror (else $COSTLAB_MIRROR)")
    return parser


def parse_args(argv=None):
    """Parse `argv`; an unknown option exits with code 2 and a message naming it."""
    return build_parser().parse_args(argv)


def main(argv=None):
    """``python reproduce.py STUDY [options]``: parse `argv` and :func:`run`; the exit code."""
    return run(parse_args(argv))


def quick_settings():
    """What a quick run reduces."""
    return (
        f"{len(QUICK_DATASETS)} of the {len(DATASETS)} datasets, {QUICK_ROUNDS} boosting rounds "
        f"(the paper: {PROTOCOL['n_estimators']}), 1 repetition of 10-fold CV (full run: 10, "
        f"the paper: {PROTOCOL['paper_repeats']})"
    )


def run(args):
    """Run the study with the options `args` (from :func:`build_parser`); the exit code."""
    if args.quick:
        print(quick_banner(quick_settings()))
    try:
        rep = reproduce(
            args.out,
            repeats=args.repeats,
            quick=args.quick,
            n_jobs=args.n_jobs,
            engine=args.engine,
            cache=not args.no_cache,
            mirror=args.mirror,
        )
    except (DatasetError, ValueError, RuntimeError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print("\nJohnson, Raeder & Chawla (2015), claims:")
    for row in rep.tables["claims"].itertuples():
        verdict = "holds" if row.holds else "DOES NOT HOLD"
        print(f"  [{verdict}] {row.source}: {row.paper}\n      ours: {row.ours}")
    claims = rep.tables["claims"]
    quick = quick_tag(quick_settings()) if args.quick else ""
    print(
        f"\n{int(claims['holds'].astype(bool).sum())}/{len(claims)} claims of Johnson et al. "
        f"(2015) hold; details in {Path(args.out) / 'johnson2015' / 'summary.md'}{quick}"
    )
    return 0
