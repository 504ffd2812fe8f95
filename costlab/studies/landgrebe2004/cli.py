"""``python reproduce.py landgrebe2004``: POSfrac under varying priors (Landgrebe et al. 2004).

    python reproduce.py landgrebe2004            # 4 problems x 4 classifiers, 30-fold CV
    python reproduce.py landgrebe2004 --quick    # 200 per class, 5 folds

Writes results/landgrebe2004/{figures,tables}/ and summary.md, and prints the claims.
"""

from __future__ import annotations

from costlab.studies._skeleton import entry_points, run_study, study_parser
from costlab.studies.landgrebe2004.experiments import QUICK
from costlab.studies.landgrebe2004.published import PROTOCOL
from costlab.studies.landgrebe2004.report import reproduce


def build_parser():
    """The study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``)."""
    return study_parser("landgrebe2004", __doc__, shared=("quick", "no_cache", "out", "n_jobs"))


parse_args, main = entry_points(__name__)


def quick_settings():
    """What a quick run reduces."""
    return (
        f"{QUICK['n_per_class']} instances per class (the paper: {PROTOCOL['n_per_class']}), "
        f"{QUICK['n_folds']}-fold CV (the paper: {PROTOCOL['n_folds']}-fold)"
    )


def run(args):
    """Run the study with the options `args` (from :func:`build_parser`); the exit code."""
    return run_study(
        "landgrebe2004",
        args,
        lambda: reproduce(args.out, quick=args.quick, n_jobs=args.n_jobs, cache=not args.no_cache),
        quick_settings=quick_settings,
        heading="Landgrebe et al. (2004), claims",
        paper="Landgrebe et al. (2004)",
    )
