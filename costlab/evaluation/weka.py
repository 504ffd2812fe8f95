"""The Weka engine: cross-validation by real Weka, for exact reproduction of the thesis.

The thesis's numbers come from Weka 3.9 (Al-Saffar 2018, sec. 5.1). :class:`WekaEngine` runs the
same classifiers in a Java virtual machine through ``python-weka-wrapper3`` (JPype; it bundles
Weka 3.9.7) and cross-validates them exactly as Weka's ``Evaluation.crossValidateModel`` does:

1. ``random = new java.util.Random(seed + repeat)``; copy the data; ``randomize(random)``;
   ``stratify(n_folds)``;
2. for each fold ``i``: ``train = data.trainCV(n_folds, i, random)``, ``test = data.testCV(n_folds,
   i)``, build a fresh copy of the configured classifier on ``train`` and ask it for the class
   distribution of every test instance in order (with its class set to missing, as
   ``evaluateModel`` does).

The out-of-fold probabilities are tied back to the dataset's rows with
:func:`.weka_folds`, which reproduces Weka's folds including the order of the test
rows; every test instance is checked against the row it is mapped to. Probabilities are Weka's
except that floating-point noise outside [0, 1] (RandomForest can give -6.9e-18) is clipped.

The Weka ``Instances`` are built from the :class:`~costlab.datasets.Dataset` with its attribute
names, nominal values in declared (Categorical) order, numeric attributes as numeric, missing
values as missing and the class last, declared ``{negative, positive}``. This matters beyond
bookkeeping: Weka's RandomForest seeds its trees from the hash of an instance's text.

Nothing here is imported by ``import costlab``: the JVM is started on first use, once per
process, and stopped at exit. Without Java or the ``weka`` extra every entry point raises
:class:`WekaUnavailableError` saying what to install.

Examples
--------
>>> from costlab import cross_val_proba, load_dataset  # doctest: +SKIP
>>> from costlab.metrics import roc_auc  # doctest: +SKIP
>>> german = load_dataset("german_credit")  # doctest: +SKIP
>>> nb = cross_val_proba(german, "NaiveBayes", engine="weka")  # doctest: +SKIP
>>> round(roc_auc(nb.y_true, nb.scores()), 4)  # doctest: +SKIP
0.7869
"""

from __future__ import annotations

import atexit
import importlib.util
import math
import sys
import threading
import zipfile
from collections import deque
from importlib import metadata
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = [
    "WEKA_CLASSIFIERS",
    "WekaEngine",
    "WekaUnavailableError",
    "start_jvm",
    "to_arff",
    "to_instances",
    "weka_jar",
    "weka_options",
    "weka_version",
    "wrapper_version",
]

INSTALL_HINT = (
    "the Weka engine needs Java (install default-jdk-headless, or any Java >= 11 with `java` "
    "on PATH) and `pip install -e .[weka]` (python-weka-wrapper3)"
)

#: costlab's classifier names -> Weka class names.
WEKA_CLASSIFIERS = {
    "RandomForest": "weka.classifiers.trees.RandomForest",
    "NaiveBayes": "weka.classifiers.bayes.NaiveBayes",
    "AdaBoostM1": "weka.classifiers.meta.AdaBoostM1",
    "IBk": "weka.classifiers.lazy.IBk",
    "J48": "weka.classifiers.trees.J48",
}


class WekaUnavailableError(RuntimeError):
    """Java or python-weka-wrapper3 is missing, or the JVM cannot be started."""


_lock = threading.Lock()
_state = {"started": False, "quiet": None}


def _import_jpype():
    try:
        import jpype
    except ImportError as error:
        raise WekaUnavailableError(f"{INSTALL_HINT}; import failed: {error}") from error
    return jpype


def _lib_dir():
    """The wrapper's ``lib`` folder of jars, found without importing ``weka.core.jvm``.

    (Importing that module calls ``logging.basicConfig()``, which would change the caller's
    logging.)
    """
    spec = importlib.util.find_spec("weka")
    if spec is None or not spec.submodule_search_locations:
        raise WekaUnavailableError(f"{INSTALL_HINT}; the `weka` package is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "lib"


def weka_jar():
    """Path of the ``weka.jar`` bundled with python-weka-wrapper3 (for Weka's command line)."""
    jar = _lib_dir() / "weka.jar"
    if not jar.is_file():
        raise WekaUnavailableError(f"{INSTALL_HINT}; {jar} is missing")
    return jar


def start_jvm():
    """Start the JVM with Weka on its class path, once per process; stop it at exit.

    Does what python-weka-wrapper3's ``weka.core.jvm.start(packages=False)`` does, with Weka's
    package manager switched off and offline (``-Dweka.packageManager.loadPackages=false``):
    only the bundled Weka is used and nothing is downloaded. A JVM that someone else already
    started (e.g. with ``weka.core.jvm.start()``) is reused.

    Raises
    ------
    WekaUnavailableError
        When python-weka-wrapper3/JPype is not installed, Java is not found, or the JVM was
        already shut down in this process (JPype cannot restart it).
    """
    jpype = _import_jpype()
    with _lock:
        if jpype.isJVMStarted():
            return
        if _state["started"]:
            raise WekaUnavailableError(
                "the JVM was shut down in this process and cannot be restarted; start a new "
                "Python process"
            )
        try:
            jvm_path = jpype.getDefaultJVMPath()  # JAVA_HOME, then `java` on PATH, then usual dirs
        except (jpype.JVMNotFoundException, jpype.JVMNotSupportedException) as error:
            raise WekaUnavailableError(f"{INSTALL_HINT}; no Java found: {error}") from error
        weka_jar()
        class_path = sorted(str(p) for p in _lib_dir().glob("*.jar") if "-src." not in p.name)
        try:
            jpype.startJVM(
                "-Djava.awt.headless=true",
                "-Dweka.packageManager.loadPackages=false",
                "-Dweka.packageManager.offline=true",
                classpath=class_path,
                jvmpath=jvm_path,
                convertStrings=True,
            )
        except (OSError, RuntimeError) as error:
            raise WekaUnavailableError(f"{INSTALL_HINT}; the JVM did not start: {error}") from error
        _state["started"] = True
        atexit.register(_stop_jvm)
        wrapper_jvm = sys.modules.get("weka.core.jvm")
        if wrapper_jvm is not None:  # tell the wrapper, so its own classes work in this JVM
            wrapper_jvm.started = True
            wrapper_jvm.with_package_support = False
        # The optional native linear algebra libraries are absent; silence their start-up
        # warnings (keep a reference: java.util.logging holds loggers weakly).
        level = jpype.JClass("java.util.logging.Level").SEVERE
        quiet = jpype.JClass("java.util.logging.Logger").getLogger("com.github.fommil")
        quiet.setLevel(level)
        _state["quiet"] = quiet
        jpype.JClass("weka.core.WekaPackageManager").loadPackages(False)


def _stop_jvm():
    """Shut the JVM down at interpreter exit (what ``weka.core.jvm.stop()`` does)."""
    try:
        import jpype

        wrapper_jvm = sys.modules.get("weka.core.jvm")
        if wrapper_jvm is not None:
            wrapper_jvm.started = None
        _state["quiet"] = None
        if jpype.isJVMStarted():
            jpype.shutdownJVM()
    except Exception:  # noqa: BLE001 - best effort at interpreter exit
        pass


def _jclass(name):
    import jpype

    return jpype.JClass(name)


def weka_version():
    """Version of the bundled Weka, e.g. ``"3.9.7"`` (read from weka.jar; no JVM needed)."""
    with zipfile.ZipFile(weka_jar()) as jar:
        return jar.read("weka/core/version.txt").decode("ascii").strip().replace("-", ".")


def wrapper_version():
    """Installed python-weka-wrapper3 version, or None."""
    try:
        return metadata.version("python-weka-wrapper3")
    except metadata.PackageNotFoundError:
        return None


# --------------------------------------------------------------------------- options

_PARAMS = {
    "RandomForest": {"n_estimators", "max_features", "options"},
    "NaiveBayes": {"options"},
    "AdaBoostM1": {
        "n_estimators",
        "base",
        "unpruned",
        "confidence",
        "min_instances",
        "options",
    },
    "IBk": {"k", "options"},
    "J48": {"unpruned", "confidence", "min_instances", "options"},
}


def weka_options(classifier, *, seed=1, **params):
    """Weka command-line options of a costlab classifier: Weka 3.9's defaults.

    Parameters
    ----------
    classifier : {"RandomForest", "NaiveBayes", "AdaBoostM1", "IBk", "J48"}
    seed : int
        ``-S`` of RandomForest and AdaBoostM1.
    **params
        ``n_estimators`` (RandomForest ``-I``, AdaBoostM1 ``-I``), ``base`` (AdaBoostM1
        ``-W``: "DecisionStump" or "J48", whose ``unpruned``/``confidence``/``min_instances``
        follow ``--``), ``max_features``
        (RandomForest ``-K``; None or 0: int(log2(#attributes)) + 1), ``k`` (IBk ``-K``),
        ``unpruned`` (J48 ``-U``; Weka then refuses ``-C``), ``confidence`` (J48 ``-C``,
        default 0.25), ``min_instances`` (J48 ``-M``, default 2), or ``options``: a list (or
        string) of Weka options used verbatim instead.

    Returns
    -------
    list of str

    Examples
    --------
    >>> weka_options("IBk", k=3)
    ['-K', '3', '-W', '0']
    >>> weka_options("J48"), weka_options("J48", unpruned=True)
    (['-C', '0.25', '-M', '2'], ['-U', '-M', '2'])
    >>> weka_options("AdaBoostM1", n_estimators=100, base="J48", unpruned=True)[6:]
    ['-W', 'weka.classifiers.trees.J48', '--', '-U', '-M', '2']
    """
    if classifier not in WEKA_CLASSIFIERS:
        raise ValueError(
            f"unknown classifier {classifier!r}; choose one of {', '.join(WEKA_CLASSIFIERS)}"
        )
    unknown = set(params) - _PARAMS[classifier]
    if unknown:
        raise ValueError(
            f"the Weka engine does not know parameter(s) {sorted(unknown)} of {classifier}; "
            f"it accepts {sorted(_PARAMS[classifier])}"
        )
    if "options" in params:
        options = params["options"]
        return options.split() if isinstance(options, str) else [str(o) for o in options]
    if classifier == "RandomForest":
        trees = _positive_int(params.get("n_estimators", 100), "n_estimators")
        features = params.get("max_features") or 0
        return [
            "-P", "100", "-I", str(trees), "-num-slots", "1",
            "-K", str(_non_negative_int(features, "max_features")),
            "-M", "1.0", "-V", "0.001", "-S", str(seed),
        ]  # fmt: skip
    if classifier == "AdaBoostM1":
        rounds = _positive_int(params.get("n_estimators", 10), "n_estimators")
        base = params.get("base", "DecisionStump")
        head = ["-P", "100", "-S", str(seed), "-I", str(rounds)]
        if base == "DecisionStump":
            tree = set(params) & {"unpruned", "confidence", "min_instances"}
            if tree:
                raise ValueError(f"{sorted(tree)} apply only to AdaBoostM1 with base='J48'")
            return [*head, "-W", "weka.classifiers.trees.DecisionStump"]
        if base == "J48":
            j48 = {k: params[k] for k in ("unpruned", "confidence", "min_instances") if k in params}
            return [*head, "-W", WEKA_CLASSIFIERS["J48"], "--", *weka_options("J48", **j48)]
        raise ValueError(f"base must be 'DecisionStump' or 'J48', got {base!r}")
    if classifier == "IBk":
        return ["-K", str(_positive_int(params.get("k", 1), "k")), "-W", "0"]
    if classifier == "J48":
        leaf = ["-M", str(_positive_int(params.get("min_instances", 2), "min_instances"))]
        if params.get("unpruned", False):
            return ["-U", *leaf]
        return ["-C", repr(float(params.get("confidence", 0.25))), *leaf]
    return []


def _positive_int(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}.")
    return int(value)


def _non_negative_int(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {value!r}.")
    return int(value)


# --------------------------------------------------------------------------- data


def _schema(dataset):
    """[(name, None | list of labels)] for the features, then the class."""
    attributes = []
    for column in dataset.X.columns:
        values = dataset.X[column]
        if isinstance(values.dtype, pd.CategoricalDtype):
            attributes.append((str(column), [str(c) for c in values.cat.categories]))
        elif pd.api.types.is_numeric_dtype(values.dtype):
            attributes.append((str(column), None))
        else:
            raise ValueError(
                f"{dataset.name}: column {column!r} is neither Categorical nor numeric "
                f"({values.dtype})"
            )
    class_name = str(dataset.y.name) if dataset.y.name is not None else "class"
    attributes.append((class_name, [dataset.negative, dataset.positive]))
    return attributes


def _matrix(dataset):
    """Weka's internal values: category codes or numbers, NaN = missing, class last."""
    columns = []
    for column in dataset.X.columns:
        values = dataset.X[column]
        if isinstance(values.dtype, pd.CategoricalDtype):
            codes = values.cat.codes.to_numpy().astype(np.float64)
            codes[codes < 0] = np.nan
            columns.append(codes)
        else:
            columns.append(values.to_numpy(dtype=np.float64, na_value=np.nan))
    columns.append(dataset.y_binary.astype(np.float64))  # 0 = negative, declared first
    return np.column_stack(columns)


def to_instances(dataset):
    """Weka ``Instances`` of a dataset, class last and set as the class (starts the JVM)."""
    start_jvm()
    import jpype

    array_list = _jclass("java.util.ArrayList")
    attribute = _jclass("weka.core.Attribute")
    attributes = array_list()
    for name, labels in _schema(dataset):
        if labels is None:
            attributes.add(attribute(name))
        else:
            declared = array_list()
            for label in labels:
                declared.add(label)
            attributes.add(attribute(name, declared))
    matrix = _matrix(dataset)
    data = _jclass("weka.core.Instances")(dataset.name, attributes, matrix.shape[0])
    dense = _jclass("weka.core.DenseInstance")
    double_array = jpype.JArray(jpype.JDouble)
    for row in matrix:
        data.add(dense(1.0, double_array(row)))  # Java's NaN is Weka's missing value
    data.setClassIndex(data.numAttributes() - 1)
    return data


def to_arff(dataset, path):
    """Write a dataset as an ARFF file Weka reads to the same ``Instances`` (needs no Java).

    Attribute names, nominal values in declared order, class last declared
    ``{negative, positive}``, missing values as ``?``, numbers with full precision.
    """
    import arff

    schema = _schema(dataset)
    matrix = _matrix(dataset)
    rows = []
    for values in matrix:
        row = []
        for (_, labels), value in zip(schema, values, strict=True):
            if math.isnan(value):
                row.append(None)
            elif labels is None:
                row.append(float(value))
            else:
                row.append(labels[int(value)])
        rows.append(row)
    document = {
        "relation": dataset.name,
        "attributes": [(name, "NUMERIC" if labels is None else labels) for name, labels in schema],
        "data": rows,
    }
    path = Path(path)
    path.write_text(arff.dumps(document), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- engine


class WekaEngine:
    """Cross-validation by real Weka (see the module docstring); ``engine="weka"``."""

    name = "weka"

    def version(self):
        """Weka and wrapper versions that determine the results (part of the cache key)."""
        return {"weka": weka_version(), "python-weka-wrapper3": wrapper_version()}

    def cross_val_proba(
        self, dataset, classifier, *, n_folds, seed, repeat, params, progress, folds="weka"
    ):
        """Out-of-fold class probabilities (n, 2) and fold ids of one repetition, by Weka's
        own CV."""
        if folds != "weka":
            raise ValueError(
                f"the Weka engine cross-validates with Weka's own folds (folds='weka'), got "
                f"folds={folds!r}; use engine='sklearn' for scikit-learn's folds."
            )
        from costlab.evaluation.folds import weka_folds

        if classifier == "RiskBoost":
            known = ["n_estimators", "loss", "weighting", "stopping"]
            unknown = set(params) - set(known)
            if unknown:
                raise ValueError(
                    f"the Weka engine does not know parameter(s) {sorted(unknown)} of "
                    f"RiskBoost; it accepts {known} (the base learner is J48 -U)"
                )
            fit = _riskboost_with_weka_j48(**params)
        else:
            options = weka_options(classifier, seed=seed, **params)
            start_jvm()
            abstract = _jclass("weka.classifiers.AbstractClassifier")
            template = abstract.forName(WEKA_CLASSIFIERS[classifier], list(options))

            def fit(train):
                model = abstract.makeCopy(template)
                model.buildClassifier(train)
                return model.distributionForInstance

        data = to_instances(dataset)
        y = dataset.y_binary
        proba = np.full((y.shape[0], 2), np.nan)
        fold_id = np.full(y.shape[0], -1)
        # Evaluation.crossValidateModel, step by step.
        random = _jclass("java.util.Random")(seed + repeat)
        shuffled = _jclass("weka.core.Instances")(data)
        shuffled.randomize(random)
        shuffled.stratify(n_folds)
        expected = weka_folds(y, n_folds, seed + repeat)
        for k in range(n_folds):
            train = shuffled.trainCV(n_folds, k, random)
            test = shuffled.testCV(n_folds, k)
            _, rows = next(expected)
            _check_rows(data, test, rows, dataset.name, k)
            distribution = fit(train)
            for j in range(test.numInstances()):
                instance = test.instance(j).copy()
                instance.setDataset(test)
                instance.setClassMissing()
                dist = distribution(instance)
                proba[rows[j]] = dist[0], dist[1]
            fold_id[rows] = k
            progress.update(1)
        # Weka's RandomForest can return e.g. -6.9e-18 (fractional weights of missing values);
        # clip such rounding noise so probabilities lie in [0, 1] as the threshold searches need.
        return np.clip(proba, 0.0, 1.0), fold_id


def _riskboost_with_weka_j48(
    n_estimators=100, unpruned=True, confidence=0.25, min_instances=2, **reading
):
    """RiskBoost (:func:`costlab.classifiers.boosting.risk_boost`, the loop costlab's
    ``RiskBoostClassifier`` runs, under the same ``reading`` of Algorithm 1) with real Weka's
    J48 as the base learner: each round sets the training instances' weights and builds a
    fresh ``J48`` on them. Returns ``fit(train) -> distribution(instance)``, the ensemble's
    (1 - p, p) with p = sum beta_j p_j / sum beta_j
    (:func:`costlab.classifiers.boosting.staged_beta_mean`)."""
    from costlab.classifiers.boosting import risk_boost, staged_beta_mean

    rounds = _positive_int(n_estimators, "n_estimators")
    options = weka_options(
        "J48", unpruned=unpruned, confidence=confidence, min_instances=min_instances
    )
    start_jvm()
    abstract = _jclass("weka.classifiers.AbstractClassifier")
    template = abstract.forName(WEKA_CLASSIFIERS["J48"], list(options))

    def fit(train):
        train = _jclass("weka.core.Instances")(train)  # weights change: keep Weka's fold intact
        m = train.numInstances()
        rows = [train.instance(i) for i in range(m)]
        yi = np.array([int(row.classValue()) for row in rows], dtype=np.int64)

        def fit_round(weights):
            for row, weight in zip(rows, weights.tolist(), strict=True):
                row.setWeight(weight)
            model = abstract.makeCopy(template)
            model.buildClassifier(train)
            scores = np.array([model.distributionForInstance(row)[1] for row in rows])
            return model, scores

        models, betas, _, _ = risk_boost(yi, rounds, fit_round, **reading)

        def distribution(instance):
            scores = (model.distributionForInstance(instance)[1] for model in models)
            p1 = float(deque(staged_beta_mean(scores, betas), maxlen=1)[0])
            return 1.0 - p1, p1

        return distribution

    return fit


def _check_rows(data, test, rows, name, fold):
    """Every test instance of Weka's fold must be the dataset row weka_folds maps it to."""
    if test.numInstances() != len(rows) or any(
        str(test.instance(j)) != str(data.instance(int(row))) for j, row in enumerate(rows)
    ):
        raise RuntimeError(
            f"{name}: Weka's fold {fold} does not match costlab.evaluation.folds.weka_folds; "
            "out-of-fold probabilities cannot be tied to rows"
        )
