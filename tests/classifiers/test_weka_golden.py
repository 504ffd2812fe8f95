"""costlab's Weka-exact learners against real Weka 3.9.7's out-of-fold probabilities on every
mirrored UCI dataset, from golden files: this runs without Java.

``tests/golden/weka_probabilities/make_golden.py`` made the arrays with the Weka engine (one
10-fold cross-validation with Weka's folds, seed 1; see its docstring). Where Java is present,
one array per learner is recomputed live and must equal the stored one, so the golden files
cannot drift from what Weka gives.
"""

import json
from pathlib import Path

import numpy as np
import pytest
from _support import start_weka

from costlab.datasets import load_dataset
from costlab.evaluation.cv import cross_val_proba

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "weka_probabilities"
META = json.loads((GOLDEN / "weka_probabilities.json").read_text())
CONFIGURATIONS = {
    name: (spec["classifier"], spec["params"]) for name, spec in META["configurations"].items()
}


@pytest.fixture(scope="module")
def golden():
    with np.load(GOLDEN / "weka_probabilities.npz") as arrays:
        return {key: arrays[key] for key in arrays.files}


@pytest.fixture(scope="module")
def data(mirror_dir, tmp_path_factory):
    home = tmp_path_factory.mktemp("golden_data")
    loaded = {}

    def get(name):
        if name not in loaded:
            loaded[name] = load_dataset(name, mirror=mirror_dir, data_home=home)
        return loaded[name]

    return get


def test_the_golden_files_are_weka_3_9_7_on_every_mirrored_uci_dataset(golden):
    assert META["weka"].startswith("3.9.7")
    assert len(META["datasets"]) == 17
    assert set(golden) == {f"{c}/{d}" for c in CONFIGURATIONS for d in META["datasets"]}
    for key, proba in golden.items():
        assert proba.ndim == 2 and proba.shape[1] == 2, key
        assert np.isfinite(proba).all() and (proba >= 0).all() and (proba <= 1).all(), key


def _cases():
    for config in CONFIGURATIONS:
        for name in META["datasets"]:
            yield pytest.param(config, name, id=f"{config}-{name}")


@pytest.mark.parametrize(("config", "name"), list(_cases()))
def test_out_of_fold_probabilities_equal_wekas(golden, data, config, name):
    classifier, params = CONFIGURATIONS[config]
    ours = cross_val_proba(data(name), classifier, cache=False, progress=False, **params)
    np.testing.assert_allclose(ours.proba[0], golden[f"{config}/{name}"], rtol=0, atol=1e-9)


@pytest.mark.weka
@pytest.mark.parametrize("config", list(CONFIGURATIONS))
def test_the_golden_files_are_what_weka_gives_now(golden, data, config):
    start_weka()
    classifier, params = CONFIGURATIONS[config]
    weka = cross_val_proba(
        data("heart_c"), classifier, engine="weka", cache=False, progress=False, **params
    )
    np.testing.assert_array_equal(weka.proba[0], golden[f"{config}/heart_c"])
