"""Make ``weka_probabilities.npz``: real Weka 3.9.7's out-of-fold probabilities, for machines
without Java.

``tests/classifiers/test_weka_golden.py`` checks costlab's Weka-exact learners (J48, J48 -U,
RandomForest, AdaBoostM1 over J48 -U) against these arrays on every mirrored UCI dataset, so that a
machine without Java still tests that they equal Weka; where Java is present,
``tests/classifiers/test_j48.py``, ``tests/classifiers/test_weka_random_forest.py`` and
``tests/classifiers/test_adaboost_j48.py`` also run Weka live.

Each array is one 10-fold cross-validation with Weka's own folds (``java.util.Random(1)``,
randomize, stratify, trainCV/testCV), run by costlab's Weka engine (python-weka-wrapper3 0.3.3,
which bundles Weka 3.9.7): shape (n, 2), both classes' probabilities as Weka returned them,
rows in the dataset's order. To regenerate (needs Java and ``pip install -e .[weka]``)::

    COSTLAB_MIRROR=<mirror> python tests/golden/weka_probabilities/make_golden.py

It prints each configuration's Weka time per dataset.
"""

import json
import sys
import time
from pathlib import Path

import numpy as np

from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba
from costlab.evaluation.weka import weka_options, weka_version

HERE = Path(__file__).parent

#: Every mirrored UCI dataset (the synthetic sets are drawn by costlab, not mirrored).
DATASETS = (
    "german_credit",
    "credit_approval",
    "messidor",
    "spectf",
    "breast_w",
    "bupa",
    "heart_c",
    "heart_h",
    "horse_colic",
    "ionosphere",
    "kr_vs_kp",
    "pima",
    "promoters",
    "sonar",
    "tic_tac_toe",
    "vote",
    "vote1",
)

#: Configuration name -> (registered classifier, parameters).
CONFIGURATIONS = {
    "J48": ("J48", {}),
    "J48-U": ("J48", {"unpruned": True}),
    "RandomForest": ("RandomForest", {}),
    "AdaBoostM1-J48-U": ("AdaBoostM1", {"n_estimators": 100, "base": "J48", "unpruned": True}),
}


def main():
    arrays, seconds = {}, {}
    for name in DATASETS:
        dataset = load_dataset(name)
        for config, (classifier, params) in CONFIGURATIONS.items():
            start = time.perf_counter()
            result = cross_val_proba(
                dataset, classifier, engine="weka", cache=False, progress=False, **params
            )
            seconds[f"{config}/{name}"] = round(time.perf_counter() - start, 2)
            arrays[f"{config}/{name}"] = result.proba[0]
            print(f"{config:18s} {name:16s} {seconds[f'{config}/{name}']:7.2f} s", flush=True)
    np.savez_compressed(HERE / "weka_probabilities.npz", **arrays)
    meta = {
        "weka": weka_version(),
        "protocol": "one 10-fold cross-validation, Weka's folds, seed 1",
        "configurations": {
            config: {
                "classifier": classifier,
                "params": params,
                "weka_options": weka_options(classifier, **params),
            }
            for config, (classifier, params) in CONFIGURATIONS.items()
        },
        "datasets": list(DATASETS),
    }
    (HERE / "weka_probabilities.json").write_text(json.dumps(meta, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
