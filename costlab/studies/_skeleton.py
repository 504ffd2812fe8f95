"""The skeleton every study is built on: its result, its writers and its command line.

A study's ``report.reproduce`` runs its experiments (through
:func:`costlab.evaluation.run_experiments`), fills a :class:`Reproduction` with the run and its
tables, and writes them with :func:`write_tables`, :func:`write_figures`, :func:`write_summary`
(the three in turn: :func:`write_study`) and (optionally) :func:`write_manifest` into
``<out>/<study>/``. Its ``cli`` module declares
the study's own options and the shared ones it takes (:func:`study_parser`), gets
``parse_args`` and ``main`` from :func:`entry_points`, and its ``run`` calls
:func:`run_study` (:func:`study_folder`, which checks and marks ``<out>/<study>/`` before
anything is computed, then :func:`run_reproduction` and :func:`print_claims`).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import platform
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt

from costlab._io import write_text_atomic
from costlab._tables import write_table
from costlab.datasets import DatasetError
from costlab.plotting import save_figure
from costlab.studies._outdir import OutputFolderError, prepare_study_folder
from costlab.studies._quick import quick_banner, quick_tag

if TYPE_CHECKING:
    from typing import Any

    import pandas as pd

__all__ = [
    "SHARED_OPTIONS",
    "Reproduction",
    "ReproductionView",
    "StudyRun",
    "claims_markdown",
    "entry_points",
    "environment_lock",
    "option",
    "print_claims",
    "run_reproduction",
    "run_study",
    "study_folder",
    "study_parser",
    "write_figures",
    "write_manifest",
    "write_study",
    "write_summary",
    "write_tables",
]


@dataclass
class StudyRun:
    """A study's cross-validation results, from :func:`costlab.evaluation.run_experiments`.

    A study's own run type subclasses it with keyword-only fields (its protocol,
    ``@dataclass(kw_only=True)``) and its methods, and is built by :meth:`from_experiments`.

    Attributes
    ----------
    results : dict
        ``(dataset, classifier)`` -> :class:`costlab.evaluation.CVResult`.
    datasets : dict
        Dataset name -> :class:`costlab.datasets.Dataset`.
    seconds : float
        The cross-validations' seconds, summed.
    """

    results: dict = field(default_factory=dict)
    datasets: dict = field(default_factory=dict)
    seconds: float = 0.0

    @classmethod
    def from_experiments(cls, run, **fields):
        """The study's run from an :class:`costlab.evaluation.ExperimentRun` and ``fields``.

        Parameters
        ----------
        run : ExperimentRun
        **fields
            The subclass's own fields.

        Returns
        -------
        StudyRun
            Of the class it is called on.
        """
        seconds = sum(result.seconds for result in run.results.values())
        return cls(results=run.results, datasets=run.datasets, seconds=seconds, **fields)


@dataclass
class Reproduction:
    """What a study's ``reproduce`` computed and wrote.

    A study that computes more than a run and its tables (curves, selections...) subclasses
    it with keyword-only fields (``@dataclass(kw_only=True)``).

    Attributes
    ----------
    run : object
        The study's experiments: an :class:`costlab.evaluation.ExperimentRun` or the study's
        own run type built from one.
    tables : dict
        Table stem -> tidy DataFrame (what :func:`write_tables` writes).
    options : object, optional
        The options the study ran with, if it keeps them in one object.
    figures : list of Path
        The figures written.
    summary, manifest : Path, optional
        ``summary.md`` and ``manifest.json``, once written.
    timings : dict
        Seconds per step; ``"total_s"`` for the whole run (:attr:`seconds`).
    outputs : list of Path
        Every file written.
    """

    run: object = None
    tables: dict = field(default_factory=dict)
    options: object = None
    figures: list = field(default_factory=list)
    summary: Path | None = None
    manifest: Path | None = None
    timings: dict = field(default_factory=dict)
    outputs: list = field(default_factory=list)

    @property
    def seconds(self):
        """Seconds the whole run took (``timings["total_s"]``)."""
        return self.timings.get("total_s", 0.0)

    @contextlib.contextmanager
    def timed(self, step):
        """Time the block into ``timings[step]`` (seconds)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.timings[step] = time.perf_counter() - start

    def done(self, root, log=print, *, start=None):
        """Log what was written; with ``start`` (a ``time.perf_counter()``), first set
        ``timings["total_s"]``."""
        if start is not None:
            self.timings["total_s"] = time.perf_counter() - start
        log(f"wrote {len(self.outputs)} files to {root}/ in {self.seconds:.1f} s")
        return self


class ReproductionView:
    """What a study notebook calls: one object holding the recomputed study (``rep``, a
    :class:`Reproduction`), its tables and figures by name.

    A subclass computes ``rep`` in its ``__init__`` and names its study's figure makers
    (``{name: maker(rep) -> Figure}``) in ``_FIGURES``; its docstring lists the names.
    """

    _FIGURES: Mapping = {}
    rep: Any  # the study's Reproduction, set by the subclass's __init__

    def table(self, name: str) -> pd.DataFrame:
        """One of the study's tables (tidy), by name."""
        return self.rep.tables[name]

    def figure(self, name: str) -> Any:
        """One of the study's figures, by name."""
        return self._FIGURES[name](self.rep)


def write_tables(rep, folder, captions, **options):
    """Write every table of ``rep.tables`` as ``<stem>.{csv,md,tex}``; the paths.

    ``captions`` maps each stem to its caption; ``options`` go to
    :func:`costlab._tables.write_table` (``digits``, ``labels``).
    """
    paths = []
    for stem, frame in rep.tables.items():
        paths += write_table(frame, stem, folder, caption=captions[stem], **options)
    rep.outputs += paths
    return paths


def write_figures(rep, figures, folder):
    """Draw and save every figure as ``<folder>/<stem>.png``; the paths.

    Parameters
    ----------
    rep : Reproduction
    figures : Mapping or iterable
        ``{stem: maker}`` with ``maker(rep)`` returning a Figure or a plotted Display, or
        ``(stem, Figure or Display)`` pairs (e.g. a generator drawing them one by one).
    folder : path
    """
    if isinstance(figures, Mapping):
        figures = ((stem, make(rep)) for stem, make in figures.items())
    folder, paths = Path(folder), []
    for stem, drawn in figures:
        path = folder / f"{stem}.png"
        save_figure(drawn, path)
        plt.close("all")
        paths.append(path)
    rep.figures += paths
    rep.outputs += paths
    return paths


def write_summary(rep, lines, path):
    """Write the Markdown ``lines`` (None skipped) as ``path``, one per line; the path."""
    text = "\n".join(line for line in lines if line is not None) + "\n"
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text)
    rep.summary = path
    rep.outputs.append(path)
    return path


def write_study(rep, root, *, captions, figures, summary, start, log=print, **table_options):
    """Write a study's tables, figures and summary, and log them: the end of its ``reproduce``.

    Parameters
    ----------
    rep : Reproduction
    root : path
        ``<out>/<study>``: the tables go to ``tables/``, the figures to ``figures/``, the
        summary to ``summary.md``.
    captions : dict
        Table stem -> caption, as in :func:`write_tables`.
    figures : Mapping or iterable
        As in :func:`write_figures`.
    summary : callable
        ``summary(rep)``: the summary's Markdown lines, once the tables and figures are written.
    start : float
        ``time.perf_counter()`` when the study started (for ``timings["total_s"]``).
    log : callable
        Where :meth:`Reproduction.done` says what was written.
    **table_options
        Passed to :func:`write_tables` (``digits``, ``labels``).

    Returns
    -------
    Reproduction
        ``rep``.
    """
    root = Path(root)
    write_tables(rep, root / "tables", captions, **table_options)
    write_figures(rep, figures, root / "figures")
    write_summary(rep, summary(rep), root / "summary.md")
    return rep.done(root, log, start=start)


LOCK_FILE = "requirements-lock.txt"
_VERSIONED = ["costlab", "numpy", "scipy", "pandas", "scikit-learn", "matplotlib", "liac-arff"]


def environment_lock(root=None):
    """Name the hashed environment lock the run can be repeated with, for the manifest.

    Parameters
    ----------
    root : path-like, optional
        The repository root. By default the checkout this module lives in
        (``costlab/studies/_skeleton.py`` two folders down), if it is one.

    Returns
    -------
    dict
        ``{"file": "requirements-lock.txt", "sha256": <hex digest, or None>}``. The digest is
        None when there is no lock file at the root, e.g. when costlab is installed in
        site-packages rather than run from a checkout (then ``root`` holds no
        ``pyproject.toml`` and ``costlab/`` beside the lock, and nothing there is trusted).
    """
    if root is None:
        root = Path(__file__).resolve().parents[2]
        if not ((root / "pyproject.toml").is_file() and (root / "costlab").is_dir()):
            return {"file": LOCK_FILE, "sha256": None}
    lock = Path(root) / LOCK_FILE
    digest = hashlib.sha256(lock.read_bytes()).hexdigest() if lock.is_file() else None
    return {"file": LOCK_FILE, "sha256": digest}


def _versions():
    found = {}
    for name in _VERSIONED:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    found["python"] = sys.version.split()[0]
    return found


def write_manifest(rep, path, **entries):
    """Write ``manifest.json``: the command, platform, versions and environment lock, then the
    study's ``entries`` (options, seeds, checksums, timings...), then the outputs; the path."""
    manifest = {
        "command": " ".join(sys.argv),
        "platform": platform.platform(),
        "versions": _versions(),
        "environment_lock": environment_lock(),
        **entries,
        "outputs": sorted(str(p) for p in rep.outputs),
    }
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(manifest, indent=2, default=str) + "\n")
    rep.manifest = path
    rep.outputs.append(path)
    return path


def option(*flags, **kwargs):
    """One command-line option, as :meth:`argparse.ArgumentParser.add_argument` takes it."""
    return flags, kwargs


#: The options studies share, declared once: name -> option. A study lists the ones it takes.
SHARED_OPTIONS = {
    "quick": option("--quick", action="store_true", help="smoke run"),
    "no_cache": option("--no-cache", action="store_true", help="recompute cross-validation"),
    "out": option(
        "--out",
        default="results",
        help="output folder: the study writes OUT/STUDY/ and marks it as its own; an OUT that "
        "is another study's folder is refused (default: results)",
    ),
    "mirror": option(
        "--mirror",
        default=None,
        help="directory or URL of a dataset mirror (else $COSTLAB_MIRROR, else UCI)",
    ),
    "n_jobs": option("--n-jobs", type=int, default=-1, help="parallel folds (joblib; -1 all)"),
}


def study_parser(study, doc, options=(), *, shared=("quick", "no_cache", "out"), quick_help=None):
    """A study's :class:`argparse.ArgumentParser` (``reproduce.py STUDY --help``).

    Parameters
    ----------
    study : str
        The study's name (``reproduce.py <study>``).
    doc : str
        The ``cli`` module's docstring; its first paragraph is the description.
    options : sequence of option
        The study's own options (:func:`option`), shown first.
    shared : sequence of str
        Keys of :data:`SHARED_OPTIONS` the study takes, added in that table's order.
    quick_help : str, optional
        What ``--quick`` reduces in this study.
    """
    unknown = sorted(set(shared) - set(SHARED_OPTIONS))
    if unknown:
        raise ValueError(f"shared options must be among {list(SHARED_OPTIONS)}, got {unknown}.")
    parser = argparse.ArgumentParser(prog=f"reproduce.py {study}", description=doc.split("\n\n")[0])
    for flags, kwargs in options:
        parser.add_argument(*flags, **kwargs)
    for name, (flags, kwargs) in SHARED_OPTIONS.items():
        if name in shared:
            if name == "quick" and quick_help:
                kwargs = {**kwargs, "help": quick_help}
            parser.add_argument(*flags, **kwargs)
    return parser


def entry_points(module_name):
    """``(parse_args, main)`` of the study's ``cli`` module ``module_name``.

    Both look up the module's ``build_parser`` and ``run`` when called. An unknown option
    makes ``parse_args`` exit with code 2 and a message naming it.
    """

    def parse_args(argv=None):
        """Parse `argv`; an unknown option exits with code 2 and a message naming it."""
        return sys.modules[module_name].build_parser().parse_args(argv)

    def main(argv=None):
        """``python reproduce.py STUDY [options]``: parse `argv` and ``run``; the exit code."""
        return sys.modules[module_name].run(parse_args(argv))

    return parse_args, main


def study_folder(study, out):
    """``<out>/<study>``, checked, created and marked before the run
    (:func:`costlab.studies._outdir.prepare_study_folder`); None after printing why it cannot
    be written (the run then exits with 2 before computing anything)."""
    try:
        return prepare_study_folder(out, study)
    except OutputFolderError as err:
        print(f"reproduce.py {study}: error: {err}", file=sys.stderr)
        return None


def run_reproduction(reproduce, *, quick=False, reduced=None):
    """Call ``reproduce()`` after the quick banner (``quick``: ``reduced()`` says what a quick
    run reduces); its result, or None after printing the error (the run then exits with 2)."""
    if quick:
        print(quick_banner(reduced()))
    try:
        return reproduce()
    except (DatasetError, ValueError, RuntimeError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return None


_VERDICTS = {True: "holds", False: "DOES NOT HOLD", None: "not comparable"}
_MARKDOWN_VERDICTS = {True: "yes", False: "**no**", None: "n/a"}


def claims_markdown(claims):
    """The claims as a Markdown table for a summary, ``holds`` written yes, **no** or n/a.

    Parameters
    ----------
    claims : DataFrame
        As in :func:`print_claims`.

    Returns
    -------
    str
    """
    return claims.assign(holds=claims["holds"].map(_MARKDOWN_VERDICTS)).to_markdown(index=False)


def print_claims(claims, *, heading, paper, summary, tag=""):
    """Print each claim with its verdict, then how many hold and where the summary is.

    Parameters
    ----------
    claims : DataFrame
        ``source, paper, ours, holds`` (None: not comparable) and optionally ``note`` (shown
        when ``ours`` is empty).
    heading : str
        The line above the claims, e.g. ``"Landgrebe et al. (2004), claims"``.
    paper : str
        The paper as the last line names it, e.g. ``"Landgrebe et al. (2004)"``.
    summary : path
        The study's ``summary.md``.
    tag : str
        The quick run's tag (:func:`costlab.studies._quick.quick_tag`), or ``""``.
    """
    print(f"\n{heading}:")
    for row in claims.itertuples():
        ours = row.ours or getattr(row, "note", row.ours)
        print(f"  [{_VERDICTS[row.holds]}] {row.source}: {row.paper}\n      ours: {ours}")
    comparable = claims[claims["holds"].notna()]
    held = int(comparable["holds"].astype(bool).sum())
    if len(comparable) < len(claims):
        count = (
            f"{held}/{len(comparable)} comparable claims of {paper} hold "
            f"({len(claims) - len(comparable)} not comparable)"
        )
    else:
        count = f"{held}/{len(claims)} claims of {paper} hold"
    print(f"\n{count}; details in {summary}{tag}")


def run_study(study, args, reproduce, *, quick_settings, heading, paper):
    """Run a study from its command line and print its claims: the ``run`` of its ``cli``.

    Parameters
    ----------
    study : str
        The study's name, its folder under ``args.out``.
    args : argparse.Namespace
        The parsed options; ``out`` and ``quick`` are read here.
    reproduce : callable
        ``reproduce()`` runs the study with ``args`` and returns its :class:`Reproduction`,
        whose ``tables["claims"]`` are printed.
    quick_settings : callable
        ``quick_settings()`` says what a quick run reduces.
    heading, paper : str
        As in :func:`print_claims`.

    Returns
    -------
    int
        The exit code: 0, or 2 when ``<out>/<study>`` cannot be written (:func:`study_folder`,
        checked before the run) or the run failed (:func:`run_reproduction`).
    """
    if study_folder(study, args.out) is None:
        return 2
    rep = run_reproduction(reproduce, quick=args.quick, reduced=quick_settings)
    if rep is None:
        return 2
    print_claims(
        rep.tables["claims"],
        heading=heading,
        paper=paper,
        summary=Path(args.out) / study / "summary.md",
        tag=quick_tag(quick_settings()) if args.quick else "",
    )
    return 0
