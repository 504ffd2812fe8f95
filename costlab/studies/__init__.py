"""Studies: one folder per paper costlab reproduces, built on the library below.

A study holds what is only about its paper: the published numbers with their sources, the
paper's statements, its tables, figures, report and notebook views, and its ``reproduce.py``
target. The library (:mod:`costlab.metrics`, :mod:`costlab.datasets`,
:mod:`costlab.classifiers`, :mod:`costlab.evaluation`, :mod:`costlab.plotting`,
:mod:`costlab.widgets`) never imports a study (import-linter contracts in ``pyproject.toml``).

==================  =====================================================================
study               paper
==================  =====================================================================
``alsaffar2018``    R. Al-Saffar, *Evaluating Classifiers' Optimal Performances Over a Range
                    of Misclassification Costs by Using Cost-Sensitive Classification*,
                    LSU Master's thesis, 2018
``drummond_holte2000``  C. Drummond and R. C. Holte, *Explicitly Representing Expected Cost:
                    An Alternative to ROC Representation*, KDD 2000; and lecture notes on
                    cost curves
``johnson2015``     R. A. Johnson, T. Raeder and N. V. Chawla, *Optimizing Classifiers for
                    Hypothetical Scenarios*, PAKDD 2015
``landgrebe2004``       T. Landgrebe, P. Paclik, D. M. J. Tax, S. Verzakov and R. P. W. Duin,
                    *Cost-based classifier evaluation for imbalanced problems*, SSPR 2004
==================  =====================================================================

A new paper is a new folder here with a ``cli`` module registered in :data:`STUDIES`, a
notebook under ``notebooks/``, and is then a ``reproduce.py`` target. Every study is built on
one skeleton, :mod:`costlab.studies._skeleton`: its experiments are one
:func:`costlab.evaluation.run_experiments` call (seeds and folds per dataset where the paper
needs them), its ``report.reproduce`` returns a :class:`~._skeleton.Reproduction` and writes
it with ``write_tables``, ``write_figures`` and ``write_summary`` (``write_study``: the three
in turn), and its ``cli`` module has
``build_parser()`` (``study_parser``: the study's own options and the shared ``--quick``,
``--no-cache``, ``--out``, ``--mirror``, ``--n-jobs`` it takes), ``run(args) -> int`` (the run,
with the parsed options; ``run_study`` runs it and prints its claims) and
``main(argv) -> int``; ``reproduce.py`` parses every study's options with ``build_parser()``
before it runs any.
"""

#: Study name -> its ``cli`` module (``build_parser``, ``run``, ``main``; ``reproduce.py <study>``).
STUDIES = {
    "alsaffar2018": "costlab.studies.alsaffar2018.cli",
    "drummond_holte2000": "costlab.studies.drummond_holte2000.cli",
    "johnson2015": "costlab.studies.johnson2015.cli",
    "landgrebe2004": "costlab.studies.landgrebe2004.cli",
}

#: Study name -> the paper it reproduces, by authors and year (``costlab list`` prints these).
PAPERS = {
    "alsaffar2018": "Al-Saffar (2018): MTMCS, MTMCR, CST over a range of costs (the thesis)",
    "drummond_holte2000": "Drummond & Holte (2000): cost curves, and the lecture notes on them",
    "johnson2015": "Johnson, Raeder & Chawla (2015): H measure, scenarios, risk, RiskBoost",
    "landgrebe2004": "Landgrebe et al. (2004): POSfrac and purity under varying priors",
}


__all__ = ["PAPERS", "STUDIES"]
