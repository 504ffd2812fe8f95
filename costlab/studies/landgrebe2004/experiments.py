"""Table 2's cross-validation: four density-based classifiers on four synthetic problems.

Sec. 4 of Landgrebe et al. (2004): "Four different classifiers are implemented for each data
set, trained using a 30-fold cross-validation procedure. Each classifier is trained with equal
training priors", on problems of "1500 examples [...] for each class". The folds are scikit-learn's
``StratifiedKFold(shuffle=True)`` (PRTools' ``crossval`` also draws stratified random folds; its
random stream cannot be reproduced). Each fold's held-out scores give one operating point at
TPr = 80 % (:func:`costlab.metrics.fold_operating_points`), whose POSfrac is then read at each
true prior; Table 2's cells are the mean and standard deviation over the 30 folds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from costlab import datasets as _datasets
from costlab.classifiers import LDC, QDC, MixtureOfGaussiansClassifier, ParzenClassifier
from costlab.evaluation import run_experiments
from costlab.metrics import fold_operating_points
from costlab.studies._skeleton import StudyRun
from costlab.studies.landgrebe2004.published import CLASSIFIERS, EXPERIMENTS, PRIORS, PROTOCOL

__all__ = ["GENERATORS", "QUICK", "PriorsRun", "models", "run_table2"]

#: Table 2's experiments -> costlab's seeded generators (:mod:`costlab.datasets`).
GENERATORS = {
    "TwoGaussians": "two_gaussians",
    "Highleyman": "highleyman",
    "Multimodal": "multimodal",
    "Lithuanian": "lithuanian",
}

#: The smoke run: 200 instances per class, 5 folds.
QUICK = {"n_per_class": 200, "n_folds": 5}


def models(random_state=0):
    """The four classifiers of sec. 4, each with equal training priors."""
    return {
        "LDC": LDC(),
        "QDC": QDC(),
        "MOGC": MixtureOfGaussiansClassifier(random_state=random_state),
        "PARZEN": ParzenClassifier(),
    }


def generate(experiment, n_per_class, seed=0):
    """The experiment's data set (target = the positive class), drawn with ``seed``."""
    if experiment not in GENERATORS:
        raise ValueError(f"experiment must be one of {list(GENERATORS)}, got {experiment!r}.")
    generator = getattr(_datasets, GENERATORS[experiment])
    return generator(n_per_class, random_state=seed)


@dataclass(kw_only=True)
class PriorsRun(StudyRun):
    """Cross-validation results behind Table 2: ``results`` by (experiment, classifier),
    ``datasets`` by experiment."""

    n_folds: int = 30
    n_per_class: int = 1500

    def fold_points(self, tpr=PROTOCOL["tpr"], priors=PRIORS):
        """Tidy operating points at TPr = ``tpr`` per fold and prior: ``experiment,
        classifier, fold, prior, tpr, fpr, posfrac, purity, threshold, p_at_threshold``."""
        frames = []
        for (experiment, classifier), result in self.results.items():
            points = fold_operating_points(
                result.y_true == 1,
                result.scores(0),  # P(target)
                priors,
                folds=result.fold[0],
                tpr=tpr,
                pos_label=True,
            )
            frames.append(points.assign(experiment=experiment, classifier=classifier))
        table = pd.concat(frames, ignore_index=True)
        first = ["experiment", "classifier"]
        return table[first + [c for c in table.columns if c not in first]]

    def pooled_scores(self, experiment, classifier):
        """(is_target, P(target)) of every instance, out of fold."""
        result = self.results[(experiment, classifier)]
        return result.y_true == 1, result.scores(0)


def run_table2(
    *,
    quick=False,
    experiments=None,
    n_folds=None,
    n_per_class=None,
    seed=1,
    n_jobs=None,
    cache=True,
    cache_dir=None,
    progress=True,
):
    """Cross-validate the four classifiers on the four problems (Landgrebe et al. 2004, sec. 4).

    Parameters
    ----------
    quick : bool
        Smoke run: :data:`QUICK` (200 per class, 5 folds).
    experiments : sequence of str, optional
        Subset of :data:`.published.EXPERIMENTS`.
    n_folds, n_per_class : int, optional
        Default the paper's 30 folds and 1500 instances per class.
    seed : int
        Seed of the folds (the data are drawn with seed 0, the classifiers with ``seed``).
    n_jobs : int, optional
        Folds in parallel (joblib); the numbers do not depend on it.
    """
    n_folds = n_folds or (QUICK["n_folds"] if quick else PROTOCOL["n_folds"])
    n_per_class = n_per_class or (QUICK["n_per_class"] if quick else PROTOCOL["n_per_class"])
    names = list(experiments or EXPERIMENTS)
    unknown = [e for e in names if e not in EXPERIMENTS]
    if unknown:
        raise ValueError(f"experiments must be among {list(EXPERIMENTS)}, got {unknown}.")
    compared = models()
    run = run_experiments(
        {experiment: generate(experiment, n_per_class) for experiment in names},
        {label: compared[label] for label in CLASSIFIERS},
        n_folds=n_folds,
        seed=seed,
        folds="sklearn",
        n_jobs=n_jobs,
        cache=cache,
        cache_dir=cache_dir,
        progress=progress,
    )
    return PriorsRun.from_experiments(run, n_folds=n_folds, n_per_class=n_per_class)
