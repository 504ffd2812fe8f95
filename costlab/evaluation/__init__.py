"""Evaluation: folds, cross-validation engines with their on-disk cache, and experiments.

:mod:`costlab.evaluation.folds`
    Fold construction (Weka's ``crossValidateModel`` exactly, or scikit-learn's).
:mod:`costlab.evaluation.cv`
    :func:`cross_val_proba`: out-of-fold scores of any classifier on any dataset, cached.
:mod:`costlab.evaluation.weka`
    The real-Weka engine (Java, loaded on demand).
:mod:`costlab.evaluation.experiment`
    :func:`run_experiments`: any datasets x any classifiers, and their MTMCS curves
    (:func:`mtmcs_curves`, :meth:`ExperimentRun.curves`) and AUCs.
:mod:`costlab.evaluation.distributed`
    :func:`out_of_core_curve`: the exact cost curve, hull, AUC and H of scores that do not fit
    in memory (a Dask DataFrame or Parquet), on dask.distributed.
:mod:`costlab.evaluation.leaderboard`
    :func:`leaderboard`: results on the same instances (e.g. an OpenML task's published runs)
    ranked over a cost range, with paired bootstrap bands and tests against the leader.
:mod:`costlab.evaluation.published`
    Published OpenML runs read as CVResults (:func:`published_runs`, no model refitted), and
    one's own result on an OpenML task exported as an OpenML run (:func:`export_run`).
:mod:`costlab.evaluation.decisions`
    :func:`cross_val_decisions`: on data with per-instance costs, each instance decided by its
    own costs against the best single threshold and the best trivial policy, held out.
:mod:`costlab.evaluation.drift`
    :func:`replay_deployment`: held-out data replayed as batches whose prior drifts, fed to a
    :class:`~costlab.classifiers.DeploymentMonitor`.
:mod:`costlab.evaluation.shift`
    :func:`deployment_shift`: a classifier chosen on balanced data, deployed at a rare prior,
    its threshold kept or moved to the prior estimated from unlabelled data, costs counted.
"""

from costlab.evaluation._dask import dask_backend
from costlab.evaluation._models import build_model
from costlab.evaluation.cv import CacheMismatchWarning, CVResult, cross_val_proba
from costlab.evaluation.decisions import DecisionComparison, cross_val_decisions
from costlab.evaluation.distributed import OutOfCoreCurve, out_of_core_curve
from costlab.evaluation.drift import replay_deployment
from costlab.evaluation.experiment import (
    ExperimentRun,
    auc_table,
    cost_curves,
    curves_for,
    mtmcs_curves,
    roc_curves,
    run_experiments,
)
from costlab.evaluation.folds import make_folds, weka_folds
from costlab.evaluation.leaderboard import Leaderboard, leaderboard
from costlab.evaluation.published import export_run, published_runs, run_result
from costlab.evaluation.shift import ShiftReport, deployment_shift

__all__ = [
    "ShiftReport",
    "deployment_shift",
    "CVResult",
    "CacheMismatchWarning",
    "DecisionComparison",
    "ExperimentRun",
    "Leaderboard",
    "OutOfCoreCurve",
    "auc_table",
    "build_model",
    "cost_curves",
    "cross_val_decisions",
    "cross_val_proba",
    "curves_for",
    "dask_backend",
    "leaderboard",
    "export_run",
    "make_folds",
    "mtmcs_curves",
    "out_of_core_curve",
    "published_runs",
    "replay_deployment",
    "roc_curves",
    "run_experiments",
    "run_result",
    "weka_folds",
]
