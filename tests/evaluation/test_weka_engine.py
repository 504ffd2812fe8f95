"""The Weka engine (``engine="weka"``): real Weka 3.9 through python-weka-wrapper3.

Tests that run Weka are marked ``weka`` and skip, saying why, without Java or the ``weka`` extra
(``pip install -e .[weka]``); the tests of the lazy registration and of the error message run
everywhere.
"""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from _support import ProgressCounter, start_weka

from costlab.evaluation.cv import cross_val_proba, get_engine
from costlab.evaluation.folds import weka_folds

ROOT = Path(__file__).resolve().parents[2]
CSV_OUTPUT = "weka.classifiers.evaluation.output.prediction.CSV -distribution -decimals 16"


def _python(code, **env):
    """Run ``code`` in a fresh interpreter that imports this checkout's costlab."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environ, timeout=120
    )


# ----------------------------------------------------------------- everywhere, no Java needed


def test_import_costlab_never_imports_jpype_or_weka():
    result = _python(
        "import sys, costlab, costlab.evaluation.cv\n"
        "costlab.evaluation.cv.get_engine('sklearn')\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('jpype', '_jpype', 'weka')]\n"
        "assert not loaded, loaded\n"
        "assert 'costlab.evaluation.weka' not in sys.modules\n"
    )
    assert result.returncode == 0, result.stderr


def test_engine_is_registered_lazily():
    from costlab.evaluation import _engines

    assert "weka" in _engines._ENGINES
    with pytest.raises(ValueError, match="weka"):
        get_engine("nope")


def test_missing_extra_raises_a_clear_error(monkeypatch):
    from costlab.evaluation.weka import WekaUnavailableError, start_jvm

    monkeypatch.setitem(sys.modules, "jpype", None)  # as if python-weka-wrapper3 were absent
    with pytest.raises(WekaUnavailableError, match=r"default-jdk-headless.*\.\[weka\]"):
        start_jvm()


def test_missing_java_raises_a_clear_error():
    pytest.importorskip("jpype", reason="the weka extra is not installed")
    result = _python(
        "import jpype\n"
        "def missing():\n"
        "    raise jpype.JVMNotFoundException('no JVM here')\n"
        "jpype.getDefaultJVMPath = missing\n"
        "from costlab.evaluation.weka import WekaUnavailableError, start_jvm\n"
        "try:\n"
        "    start_jvm()\n"
        "except WekaUnavailableError as error:\n"
        "    print(error)\n"
        "else:\n"
        "    raise SystemExit('no error')\n"
    )
    assert result.returncode == 0, result.stderr
    assert "needs Java" in result.stdout and "no JVM here" in result.stdout


def test_weka_options_are_weka_39_defaults():
    from costlab.evaluation.weka import weka_options

    assert weka_options("NaiveBayes") == []
    assert weka_options("IBk") == ["-K", "1", "-W", "0"]
    assert weka_options("IBk", k=5)[:2] == ["-K", "5"]
    assert " ".join(weka_options("RandomForest")) == (
        "-P 100 -I 100 -num-slots 1 -K 0 -M 1.0 -V 0.001 -S 1"
    )
    assert " ".join(weka_options("AdaBoostM1", seed=3)) == (
        "-P 100 -S 3 -I 10 -W weka.classifiers.trees.DecisionStump"
    )
    assert weka_options("RandomForest", n_estimators=20)[3] == "20"
    assert weka_options("NaiveBayes", options="-K") == ["-K"]
    with pytest.raises(ValueError, match="does not know"):
        weka_options("NaiveBayes", k=3)
    with pytest.raises(ValueError, match="positive integer"):
        weka_options("IBk", k=0)
    with pytest.raises(ValueError, match="unknown classifier"):
        weka_options("C50")


# ----------------------------------------------------------------- with Java and the extra


@pytest.fixture(scope="module")
def engine():
    start_weka()
    from costlab.evaluation.cv import get_engine

    return get_engine("weka")


def _weka_command_line(dataset, classifier, arff):
    """Out-of-fold P(class 1) from Weka's own command line, tied back to the dataset's rows."""
    from costlab.evaluation.weka import WEKA_CLASSIFIERS, weka_jar, weka_options

    command = [
        "java",
        "-Dweka.packageManager.loadPackages=false",
        "--add-opens",
        "java.base/java.lang=ALL-UNNAMED",
        "-cp",
        str(weka_jar()),
        WEKA_CLASSIFIERS[classifier],
        "-t", str(arff), "-x", "10", "-s", "1", "-classifications", CSV_OUTPUT,
        *weka_options(classifier),
    ]  # fmt: skip
    out = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True).stdout
    lines = out[out.index("inst#,actual") :].splitlines()[1:]
    records = [line.split(",") for line in lines if line.strip()]
    # Instances are listed fold by fold, in Weka's test order; "inst#" restarts at 1 per fold.
    folds = [test for _, test in weka_folds(dataset.y_binary, 10, 1)]
    assert [int(r[0]) for r in records] == [j + 1 for test in folds for j in range(len(test))]
    rows = np.concatenate(folds)
    actual = np.array([r[1].split(":", 1)[1] for r in records])
    assert (actual == dataset.y.to_numpy()[rows].astype(str)).all()
    p_class1 = np.full(dataset.n_instances, np.nan)
    p_class1[rows] = [float(r[-2].lstrip("*")) for r in records]
    return p_class1


@pytest.mark.weka
@pytest.mark.parametrize(
    ("name", "classifier"),
    [
        ("german_credit", "NaiveBayes"),
        ("credit_approval", "RandomForest"),  # missing values; trees seeded from instance text
        ("german_credit", "IBk"),  # depends on the order of the test rows
    ],
)
def test_same_probabilities_as_wekas_command_line(engine, datasets, tmp_path, name, classifier):
    from costlab.evaluation.weka import to_arff

    dataset = datasets(name)
    counter = ProgressCounter()
    p, fold = engine.cross_val_proba(
        dataset, classifier, n_folds=10, seed=1, repeat=0, params={}, progress=counter
    )
    assert counter.n == 10
    expected = _weka_command_line(dataset, classifier, to_arff(dataset, tmp_path / "data.arff"))
    np.testing.assert_allclose(p[:, 0], expected, rtol=0, atol=1e-12)  # P(class 1)
    for k, (_, test) in enumerate(weka_folds(dataset.y_binary, 10, 1)):
        assert (fold[test] == k).all()


@pytest.mark.weka
@pytest.mark.parametrize("classifier", ["RandomForest", "NaiveBayes", "AdaBoostM1", "IBk"])
def test_same_probabilities_as_the_wrappers_cross_validation(engine, datasets, classifier):
    # Our loop (trainCV/testCV, rows tied back by weka_folds) against the wrapper's
    # Evaluation.crossvalidate_model, whose predictions come in Weka's fold order.
    from weka.classifiers import Classifier, Evaluation
    from weka.core.classes import Random
    from weka.core.dataset import Instances

    from costlab.evaluation.weka import WEKA_CLASSIFIERS, to_instances, weka_options

    dataset = datasets("credit_approval")
    p, _ = engine.cross_val_proba(
        dataset, classifier, n_folds=10, seed=1, repeat=0, params={}, progress=ProgressCounter()
    )
    data = Instances(to_instances(dataset))
    evaluation = Evaluation(data)
    model = Classifier(classname=WEKA_CLASSIFIERS[classifier], options=weka_options(classifier))
    evaluation.crossvalidate_model(model, data, 10, Random(1))
    rows = np.concatenate([test for _, test in weka_folds(dataset.y_binary, 10, 1)])
    expected = np.full((dataset.n_instances, 2), np.nan)
    expected[rows] = [prediction.distribution[:2] for prediction in evaluation.predictions]
    np.testing.assert_array_equal(p, np.clip(expected, 0, 1))  # RandomForest: -6.9e-18 -> 0


@pytest.mark.weka
def test_arff_export_loads_to_the_same_instances(engine, datasets, tmp_path):
    from weka.core.converters import Loader

    from costlab.evaluation.weka import to_arff, to_instances

    for name in ("german_credit", "credit_approval"):
        dataset = datasets(name)
        built = to_instances(dataset)
        path = to_arff(dataset, tmp_path / f"{name}.arff")
        loaded = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
        loaded.class_is_last()
        assert str(built.equalHeadersMsg(loaded.jobject)) in ("None", "null")
        assert [str(built.instance(i)) for i in range(built.numInstances())] == [
            str(loaded.jobject.instance(i)) for i in range(loaded.num_instances)
        ]


@pytest.mark.weka
def test_cross_val_proba_with_engine_weka_is_cached(engine, datasets, tmp_path):
    dataset = datasets("spectf")
    first = cross_val_proba(
        dataset, "NaiveBayes", engine="weka", n_repeats=2, cache_dir=tmp_path, progress=False
    )
    assert first.engine == "weka" and first.proba.shape == (2, dataset.n_instances, 2)
    assert not np.isnan(first.proba).any()
    assert not np.array_equal(first.proba[0], first.proba[1])  # Random(1), Random(2)
    assert len(list(tmp_path.rglob("*.npz"))) == 1
    again = cross_val_proba(
        dataset, "NaiveBayes", engine="weka", n_repeats=2, cache_dir=tmp_path, progress=False
    )
    np.testing.assert_array_equal(again.proba, first.proba)
    assert again.seconds == first.seconds  # loaded, not recomputed
    with pytest.raises(ValueError, match="Weka's own folds"):
        cross_val_proba(dataset, "NaiveBayes", engine="weka", folds="sklearn", cache=False)
