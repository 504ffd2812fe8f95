"""``python reproduce.py landgrebe``: POSfrac under varying priors (Landgrebe et al. 2004).

    python reproduce.py landgrebe            # 4 problems x 4 classifiers, 30-fold CV
    python reproduce.py landgrebe --quick    # 200 per class, 5 folds

Writes results/landgrebe/{figures,tables}/ and summary.md, and prints the claims.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from costlab.studies._quick import quick_banner, quick_tag
from costlab.studies.landgrebe.experiments import QUICK
from costlab.studies.landgrebe.published import PROTOCOL
from costlab.studies.landgrebe.report import reproduce


def build_parser():
    """The study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``)."""
    parser = argparse.ArgumentParser(
        prog="reproduce.py landgrebe", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="smoke run")
    parser.add_argument("--n-jobs", type=int, default=-1, help="parallel folds (joblib; -1 all)")
    parser.add_argument("--no-cache", action="store_true", help="recompute cross-validation")
    parser.add_argument("--out", default="results", help="output folder (default: results)")
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
        f"{QUICK['n_per_class']} instances per class (the paper: {PROTOCOL['n_per_class']}), "
        f"{QUICK['n_folds']}-fold CV (the paper: {PROTOCOL['n_folds']}-fold)"
    )


def run(args):
    """Run the study with the options `args` (from :func:`build_parser`); the exit code."""
    if args.quick:
        print(quick_banner(quick_settings()))
    try:
        rep = reproduce(args.out, quick=args.quick, n_jobs=args.n_jobs, cache=not args.no_cache)
    except (ValueError, RuntimeError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print("\nLandgrebe et al. (2004), claims:")
    for row in rep.tables["claims"].itertuples():
        verdict = "holds" if row.holds else "DOES NOT HOLD"
        print(f"  [{verdict}] {row.source}: {row.paper}\n      ours: {row.ours}")
    claims = rep.tables["claims"]
    quick = quick_tag(quick_settings()) if args.quick else ""
    print(
        f"\n{int(claims['holds'].astype(bool).sum())}/{len(claims)} claims of Landgrebe et al. "
        f"(2004) hold; details in {Path(args.out) / 'landgrebe' / 'summary.md'}{quick}"
    )
    return 0
