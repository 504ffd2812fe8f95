"""The thesis's four Weka 3.9 classifiers, with Weka's probability formulas where they matter.

Al-Saffar (2018, sec. 5.1) ran Weka 3.9's RandomForest, NaiveBayes, AdaBoostM1 and IBk with
default options. Its one-sided threshold search on P(class 1) depends on how probabilities
are *calibrated*, so the four reproduce Weka's formulas (each class's docstring gives them,
read from Weka 3.9's source); RandomForest is Weka's forest tree for tree, and
SklearnRandomForest keeps scikit-learn's forest set up like Weka's defaults.

Every estimator takes a DataFrame whose nominal attributes are pandas Categorical columns
(declared values, in declared order) and numeric attributes float64, NaN = missing, or a
numeric array; ``predict_proba(X)[:, 0]`` is the probability of the first sorted label.

Examples
--------
>>> import numpy as np
>>> model = make_classifier("IBk").fit(np.array([[0.0], [1.0], [3.0]]), [0, 0, 1])
>>> model.predict_proba(np.array([[0.2]])).round(3)
array([[0.8, 0.2]])
"""

from __future__ import annotations

from costlab._deprecation import unexported

from ._baselines import baseline_models
from ._encoding import (
    CategoricalOneHotEncoder,
    CategoricalOrdinalEncoder,
    EncodedFrame,
    encode_frame,
)
from ._registry import (
    CLASSIFIERS,
    REGISTERED_CLASSIFIERS,
    describe_classifier,
    make_classifier,
    takes_encoded_frames,
)
from .adaboost import WekaAdaBoostM1
from .boosting import AdaBoostM1Classifier, RiskBoostClassifier, c45_tree
from .density import (
    LDC,
    QDC,
    MixtureOfGaussiansClassifier,
    ParzenClassifier,
)
from .example_cost import ExampleCostClassifier
from .forest import SklearnRandomForest
from .ibk import WekaIBk
from .j48 import J48
from .monitor import DeploymentMonitor
from .naive_bayes import WekaNaiveBayes
from .random_tree import WekaRandomForest
from .threshold import CostRangeThresholdClassifier

__all__ = [
    # Deploying: the cost-range threshold classifier
    "CostRangeThresholdClassifier",
    "DeploymentMonitor",
    "ExampleCostClassifier",
    # Weka's learners, rebuilt exactly
    "J48",
    "SklearnRandomForest",
    "WekaAdaBoostM1",
    "WekaIBk",
    "WekaNaiveBayes",
    "WekaRandomForest",
    # Boosting over any learner
    "AdaBoostM1Classifier",
    "RiskBoostClassifier",
    "c45_tree",
    # Density-based classifiers
    "LDC",
    "MixtureOfGaussiansClassifier",
    "ParzenClassifier",
    "QDC",
    # The registry
    "CLASSIFIERS",
    "REGISTERED_CLASSIFIERS",
    "describe_classifier",
    "make_classifier",
    "takes_encoded_frames",
    # Baselines and encoders
    "baseline_models",
    "CategoricalOneHotEncoder",
    "CategoricalOrdinalEncoder",
    "EncodedFrame",
    "encode_frame",
]

# Internals the face exported until costlab 0.2: still found here for one release, with a
# DeprecationWarning (they have no public replacement).
__getattr__ = unexported(
    __name__,
    {
        "WekaStump": "costlab.classifiers.stump",
        "fit_weka_stump": "costlab.classifiers.stump",
        "infer_schema": "costlab.classifiers._encoding",
        "numeric_precision": "costlab.classifiers.naive_bayes",
        "parzen_loo_log_likelihood": "costlab.classifiers.density",
        "parzen_ml_width": "costlab.classifiers.density",
        "weka_num_features": "costlab.classifiers.random_tree",
    },
)
