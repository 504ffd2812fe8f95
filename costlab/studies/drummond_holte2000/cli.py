"""``python reproduce.py drummond_holte2000``: Drummond & Holte (2000) recomputed.

    python reproduce.py drummond_holte2000            # German Credit and sonar, 10-fold CV
    python reproduce.py drummond_holte2000 --quick    # fewer trees

Writes results/drummond_holte2000/{figures,tables}/ and summary.md, and prints the claims.
"""

from __future__ import annotations

from costlab.classifiers import WekaRandomForest
from costlab.studies._skeleton import entry_points, run_study, study_parser
from costlab.studies.drummond_holte2000.experiments import QUICK_TREES
from costlab.studies.drummond_holte2000.report import reproduce


def build_parser():
    """The study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``)."""
    return study_parser(
        "drummond_holte2000",
        __doc__,
        shared=("quick", "no_cache", "out", "mirror"),
        quick_help="smoke run: 20 trees",
    )


parse_args, main = entry_points(__name__)


def quick_settings():
    """What a quick run reduces."""
    full = WekaRandomForest().n_estimators
    return f"RandomForest with {QUICK_TREES} trees on German Credit (full run: {full})"


def run(args):
    """Run the study with the options `args` (from :func:`build_parser`); the exit code."""
    return run_study(
        "drummond_holte2000",
        args,
        lambda: reproduce(args.out, quick=args.quick, cache=not args.no_cache, mirror=args.mirror),
        quick_settings=quick_settings,
        heading="Drummond & Holte (2000), claims printed in the text",
        paper="Drummond & Holte (2000)",
    )
