"""``python reproduce.py drummond_holte2000``: Drummond & Holte (2000) recomputed.

    python reproduce.py drummond_holte2000            # German Credit and sonar, 10-fold CV
    python reproduce.py drummond_holte2000 --quick    # fewer trees

Writes results/drummond_holte2000/{figures,tables}/ and summary.md, and prints the claims.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from costlab.classifiers import WekaRandomForest
from costlab.datasets import DatasetError
from costlab.studies._quick import quick_banner, quick_tag
from costlab.studies.drummond_holte2000.experiments import QUICK_TREES
from costlab.studies.drummond_holte2000.report import reproduce


def build_parser():
    """The study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``)."""
    parser = argparse.ArgumentParser(
        prog="reproduce.py drummond_holte2000", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: 20 trees")
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
    full = WekaRandomForest().n_estimators
    return f"RandomForest with {QUICK_TREES} trees on German Credit (full run: {full})"


def run(args):
    """Run the study with the options `args` (from :func:`build_parser`); the exit code."""
    if args.quick:
        print(quick_banner(quick_settings()))
    try:
        rep = reproduce(args.out, quick=args.quick, cache=not args.no_cache, mirror=args.mirror)
    except (DatasetError, ValueError, RuntimeError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    claims = rep.tables["claims"]
    print("\nDrummond & Holte (2000), claims printed in the text:")
    for row in claims.itertuples():
        verdict = {True: "holds", False: "DOES NOT HOLD", None: "not comparable"}[row.holds]
        print(f"  [{verdict}] {row.source}: {row.paper}\n      ours: {row.ours or row.note}")
    comparable = claims[claims["holds"].notna()]
    quick = quick_tag(quick_settings()) if args.quick else ""
    print(
        f"\n{int(comparable['holds'].astype(bool).sum())}/{len(comparable)} comparable claims "
        f"of Drummond & Holte (2000) hold ({len(claims) - len(comparable)} not comparable); "
        f"details in {Path(args.out) / 'drummond_holte2000' / 'summary.md'}{quick}"
    )
    return 0
