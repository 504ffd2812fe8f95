"""Common tests of the curve Displays' constructors ``from_predictions``, ``from_estimator``
and ``from_cv_result``.

One test per behaviour, parametrised over every curve Display, as scikit-learn's
``sklearn/metrics/_plot/tests/test_common_curve_display.py``: the drawn arrays equal
the metric's output exactly, ``ax=`` is honoured, the name reaches the legend, and
``from_estimator`` is ``from_predictions`` on the positive class's ``predict_proba`` column,
``from_cv_result`` on a cross-validation result's pooled out-of-fold scores of one repetition.
With the first class positive (labels ["no", "yes"], pos_label="no"), every Display and every
constructor that takes labels draws what the same scores draw with {0, 1} labels and 1 for
that class (``predict_proba[:, 0]`` for a fitted model).
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.ensemble import AdaBoostClassifier  # noqa: E402
from sklearn.exceptions import NotFittedError  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.svm import LinearSVC  # noqa: E402

from costlab.evaluation import CVResult  # noqa: E402
from costlab.metrics import (  # noqa: E402
    estimate_prior,
    mtmcs_curve,
    roc_auc,
    roc_points,
)
from costlab.plotting import (  # noqa: E402
    BrierCurveDisplay,
    CostCurveDisplay,
    CostSpaceDualityDisplay,
    DecisionCurveDisplay,
    DeploymentCostDisplay,
    MTMCSDisplay,
    PriorShiftDisplay,
    PriorSweepDisplay,
    ROCDisplay,
    ROCHullDisplay,
    ROCThresholdDisplay,
    ScenarioCurveDisplay,
    ThresholdDisplay,
)

#: Display -> (metric whose output it draws, x column, y column).
CURVES = {
    MTMCSDisplay: (mtmcs_curve, "fp_cost", "mtmcs"),
    ThresholdDisplay: (mtmcs_curve, "fp_cost", "threshold"),
    ROCDisplay: (roc_points, "fpr", "tpr"),
    ROCThresholdDisplay: (roc_points, "fpr", "threshold"),
}
DISPLAYS = pytest.mark.parametrize("Display", list(CURVES), ids=lambda d: d.__name__)
COST_DISPLAYS = pytest.mark.parametrize(
    "Display", [MTMCSDisplay, ThresholdDisplay], ids=lambda d: d.__name__
)


@pytest.fixture(scope="module")
def data():
    """make_classification(random_state=0): labels {0, 1}, so 1 is the positive class 2."""
    return make_classification(random_state=0)


@pytest.fixture(scope="module")
def fitted(data):
    X, y = data
    return LogisticRegression().fit(X, y)


@pytest.fixture(scope="module")
def scores(data, fitted):
    """P(class 1) = P(y == 0) of two classifiers on the same instances."""
    X, y = data
    return {
        "LR": fitted.predict_proba(X)[:, 1],
        "NB": GaussianNB().fit(X, y).predict_proba(X)[:, 1],
    }


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _assert_lines_are_the_metric(display, Display, y, scores, **params):
    metric, x, y_column = CURVES[Display]
    assert list(display.lines_) == list(scores)
    for name, p in scores.items():
        expected = metric(y, p, **params)
        np.testing.assert_array_equal(display.lines_[name].get_xdata(), expected[x])
        np.testing.assert_array_equal(display.lines_[name].get_ydata(), expected[y_column])


def _legend_texts(display):
    return [text.get_text() for text in display.ax_.get_legend().get_texts()]


def _assert_same_lines(one, other):
    assert list(one.lines_) == list(other.lines_)
    for name, line in one.lines_.items():
        np.testing.assert_array_equal(line.get_xydata(), other.lines_[name].get_xydata())


# --- from_predictions ------------------------------------------------------------------------


@DISPLAYS
def test_from_predictions_one_array(Display, data, scores):
    _, y = data
    display = Display.from_predictions(y, scores["LR"], name="LR")
    assert isinstance(display, Display)
    _assert_lines_are_the_metric(display, Display, y, {"LR": scores["LR"]})
    assert any(text.startswith("LR") for text in _legend_texts(display))


@DISPLAYS
def test_from_predictions_default_name(Display, data, scores):
    _, y = data
    display = Display.from_predictions(y, scores["LR"])
    assert list(display.lines_) == ["Classifier"]


@DISPLAYS
def test_from_predictions_mapping_of_classifiers(Display, data, scores):
    _, y = data
    display = Display.from_predictions(y, scores, labels={"NB": "Naive Bayes"}, title="t")
    _assert_lines_are_the_metric(display, Display, y, scores)
    legend = _legend_texts(display)
    assert any(text.startswith("Naive Bayes") for text in legend)
    assert any(text.startswith("LR") for text in legend)
    assert display.ax_.get_title(loc="left") == "t"


@DISPLAYS
def test_from_predictions_honours_ax_and_style(Display, data, scores):
    _, y = data
    fig, (_, ax) = plt.subplots(1, 2)
    display = Display.from_predictions(y, scores, ax=ax, linewidth=4)
    assert display.ax_ is ax and display.figure_ is fig
    assert all(line.axes is ax and line.get_linewidth() == 4 for line in display.lines_.values())
    assert plt.get_fignums() == [fig.number]


@DISPLAYS
def test_from_predictions_pos_label(Display):
    """Labels that cannot be inferred need pos_label; it reaches the metric."""
    y, p = np.array(["bad", "good", "good", "bad", "good"]), [0.8, 0.3, 0.45, 0.6, 0.5]
    with pytest.raises(ValueError, match="pos_label must be given"):
        Display.from_predictions(y, p)
    display = Display.from_predictions(y, p, pos_label="bad")
    _assert_lines_are_the_metric(display, Display, y, {"Classifier": p}, pos_label="bad")


@COST_DISPLAYS
def test_from_predictions_passes_the_search_to_mtmcs_curve(Display, data, scores):
    _, y = data
    params = {"fp_costs": [0.2, 0.5, 0.7], "search": "thorough", "step": 0.01}
    display = Display.from_predictions(y, scores, **params)
    _assert_lines_are_the_metric(display, Display, y, scores, **params)


def test_mtmcs_from_predictions_highlight_and_annotate(data, scores):
    _, y = data
    display = MTMCSDisplay.from_predictions(y, scores, highlight=(0.4, 0.6), annotate=True)
    assert display.highlight == (0.4, 0.6) and display.highlight_ is not None
    assert [len(texts) for texts in display.annotations_.values()] == [5, 5]


def test_roc_from_predictions_aucs(data, scores):
    _, y = data
    display = ROCDisplay.from_predictions(y, scores)
    assert display.aucs == {name: roc_auc(y, p) for name, p in scores.items()}
    legend = _legend_texts(display)
    assert all(f"{name} (AUC = {display.aucs[name]:.4f})" in legend for name in scores)


# --- from_estimator --------------------------------------------------------------------------


@DISPLAYS
def test_from_estimator_is_from_predictions_on_the_positive_column(Display, data, fitted):
    X, y = data
    display = Display.from_estimator(fitted, X, y)
    expected = Display.from_predictions(y, fitted.predict_proba(X)[:, 1], name="LogisticRegression")
    _assert_same_lines(display, expected)
    assert any(text.startswith("LogisticRegression") for text in _legend_texts(display))


@DISPLAYS
def test_from_estimator_mapping_name_and_ax(Display, data, fitted):
    X, y = data
    fig, ax = plt.subplots()
    nb = GaussianNB().fit(X, y)
    display = Display.from_estimator({"LR": fitted, "NB": nb}, X, y, ax=ax)
    assert display.ax_ is ax and display.figure_ is fig
    scores = {"LR": fitted.predict_proba(X)[:, 1], "NB": nb.predict_proba(X)[:, 1]}
    _assert_lines_are_the_metric(display, Display, y, scores)
    assert list(Display.from_estimator(fitted, X, y, name="mine").lines_) == ["mine"]


@DISPLAYS
def test_from_estimator_pipeline_is_named_after_its_last_step(Display, data):
    X, y = data
    pipeline = make_pipeline(StandardScaler(), GaussianNB()).fit(X, y)
    assert list(Display.from_estimator(pipeline, X, y).lines_) == ["GaussianNB"]


@DISPLAYS
def test_from_estimator_uses_the_column_of_pos_label(Display, data):
    """With pos_label = classes_[0], the positive class's probability is the first column."""
    X, y = data
    words = np.where(y == 1, "bad", "good")  # classes_ == ["bad", "good"]
    clf = LogisticRegression().fit(X, words)
    display = Display.from_estimator(clf, X, words, pos_label="bad")
    p_bad = clf.predict_proba(X)[:, 0]
    _assert_lines_are_the_metric(
        display, Display, words, {"LogisticRegression": p_bad}, pos_label="bad"
    )


# --- errors ----------------------------------------------------------------------------------


@DISPLAYS
def test_from_estimator_rejects_an_unfitted_estimator(Display, data):
    X, y = data
    with pytest.raises(NotFittedError, match="not fitted"):
        Display.from_estimator(LogisticRegression(), X, y)


@DISPLAYS
def test_from_estimator_needs_predict_proba(Display, data):
    X, y = data
    with pytest.raises(TypeError, match="LinearSVC.*no predict_proba"):
        Display.from_estimator(LinearSVC().fit(X, y), X, y)


@DISPLAYS
def test_from_estimator_needs_a_binary_classifier(Display):
    X, y = make_classification(n_classes=3, n_informative=4, random_state=0)
    with pytest.raises(ValueError, match="binary classifier.*3 classes"):
        Display.from_estimator(LogisticRegression().fit(X, y), X, y)


@DISPLAYS
def test_from_estimator_rejects_labels_it_was_not_fitted_on(Display, data, fitted):
    X, y = data
    with pytest.raises(ValueError, match=r"label\(s\) \[2\]"):
        Display.from_estimator(fitted, X, np.where(y == 1, 2, 0))


@DISPLAYS
def test_from_estimator_rejects_mismatched_lengths(Display, data, fitted):
    X, y = data
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        Display.from_estimator(fitted, X[:-1], y)


@DISPLAYS
@pytest.mark.parametrize("constructor", ["from_predictions", "from_estimator"])
def test_name_with_a_mapping_is_an_error(Display, constructor, data, fitted, scores):
    X, y = data
    args = (y, scores) if constructor == "from_predictions" else ({"LR": fitted}, X, y)
    with pytest.raises(ValueError, match="name must be None"):
        getattr(Display, constructor)(*args, name="LR")


@DISPLAYS
def test_from_predictions_rejects_mismatched_lengths(Display, data, scores):
    _, y = data
    with pytest.raises(ValueError, match="y_score has 99 scores but y_true has 100"):
        Display.from_predictions(y, scores["LR"][:-1])
    with pytest.raises(ValueError, match=r"y_score\['NB'\] has 99 scores"):
        Display.from_predictions(y, {"LR": scores["LR"], "NB": scores["NB"][:-1]})


@DISPLAYS
def test_from_predictions_rejects_an_empty_mapping(Display, data):
    _, y = data
    with pytest.raises(ValueError, match="empty mapping"):
        Display.from_predictions(y, {})


# --- the positive class is the first class: every Display, every constructor ----------------


def _from_predictions_options(data):
    """Display -> what its ``from_predictions`` needs besides labels and scores (and options
    that draw more of what depends on the positive class: bands, the optimal curve, ...)."""
    X, y = data
    p_first = LogisticRegression().fit(X, y).predict_proba(X)[:, 0]
    estimate = estimate_prior(p_first[:40], train_prior=float(np.mean(y == 0)), n_resamples=20)
    return {
        MTMCSDisplay: {"fp_costs": [0.2, 0.5, 0.8]},
        ThresholdDisplay: {"fp_costs": [0.2, 0.5, 0.8]},
        ROCDisplay: {},
        ROCThresholdDisplay: {},
        CostCurveDisplay: {},
        ROCHullDisplay: {},
        CostSpaceDualityDisplay: {},
        ScenarioCurveDisplay: {},
        DecisionCurveDisplay: {"show_optimal": True, "n_resamples": 5},
        BrierCurveDisplay: {"methods": ("score-driven", "optimal"), "n_resamples": 5},
        PriorShiftDisplay: {"kind": ("roc", "posfrac", "purity")},
        PriorSweepDisplay: {"prior": 0.1},
        DeploymentCostDisplay: {"estimate": estimate},
    }


EVERY_DISPLAY = [
    MTMCSDisplay, ThresholdDisplay, ROCDisplay, ROCThresholdDisplay, CostCurveDisplay,
    ROCHullDisplay, CostSpaceDualityDisplay, ScenarioCurveDisplay, DecisionCurveDisplay,
    BrierCurveDisplay, PriorShiftDisplay, PriorSweepDisplay, DeploymentCostDisplay,
]  # fmt: skip
EVERY = pytest.mark.parametrize("Display", EVERY_DISPLAY, ids=lambda d: d.__name__)


@pytest.fixture(scope="module")
def words(data):
    """The labels as words, ``classes_ == ["no", "yes"]``; "no" (y == 0) is the positive class
    below, the first of the two, and ``is_no`` the same labels as {0, 1} with 1 for "no"."""
    X, y = data
    words = np.where(y == 1, "yes", "no")
    return X, words, (words == "no").astype(int)


@pytest.fixture(scope="module")
def options(data):
    return _from_predictions_options(data)


def _drawn(display):
    """Everything the Display drew, axes by axes: lines, collections (bands, stems, points)
    and texts (legends with their AUCs, losses, priors)."""
    drawn = []
    for ax in display.figure_.axes:
        drawn += [line.get_xydata() for line in ax.get_lines()]
        for collection in ax.collections:
            drawn += [path.vertices for path in collection.get_paths()]
            drawn.append(np.asarray(collection.get_offsets()))
        drawn += [text.get_text() for text in ax.texts]
        if ax.get_legend() is not None:
            drawn += [text.get_text() for text in ax.get_legend().get_texts()]
    return drawn


def _same_drawing(one, other):
    one, other = _drawn(one), _drawn(other)
    assert len(one) == len(other) > 0
    for a, b in zip(one, other, strict=True):
        if isinstance(a, str):
            assert a == b
        else:
            np.testing.assert_array_equal(a, b)


def _differ(one, other):
    try:
        _same_drawing(one, other)
    except AssertionError:
        return True
    return False


def test_every_curve_display_is_covered():
    """A new Display with ``from_predictions`` joins :data:`EVERY_DISPLAY`."""
    import costlab.plotting as plotting

    with_scores = {
        getattr(plotting, name)
        for name in plotting.__all__
        if hasattr(getattr(plotting, name), "from_predictions")
    }
    assert with_scores == set(EVERY_DISPLAY)


@EVERY
def test_from_predictions_first_class_positive(Display, words, options):
    """Words with pos_label the first class draw what {0, 1} labels with 1 for that class
    draw from the same scores: the metric computed on the first class's scores."""
    X, labels, is_no = words
    p_no = LogisticRegression().fit(X, labels).predict_proba(X)[:, 0]
    display = Display.from_predictions(labels, p_no, pos_label="no", **options[Display])
    _same_drawing(display, Display.from_predictions(is_no, p_no, **options[Display]))


@EVERY
def test_from_estimator_first_class_positive(Display, words, options):
    """``from_estimator`` with pos_label the first class reads ``predict_proba[:, 0]``; reading
    the other column would draw something else."""
    X, labels, is_no = words
    clf = LogisticRegression().fit(X, labels)
    name = {"name": "LogisticRegression"}
    display = Display.from_estimator(clf, X, labels, pos_label="no", **options[Display])
    proba = clf.predict_proba(X)
    extra = {**Display._estimator_kwargs, **options[Display], **name}
    _same_drawing(display, Display.from_predictions(is_no, proba[:, 0], **extra))
    assert _differ(display, Display.from_predictions(is_no, proba[:, 1], **extra))


@pytest.fixture(scope="module")
def staged(words):
    X, labels, _ = words
    return AdaBoostClassifier(n_estimators=5, random_state=0).fit(X, labels)


def test_scenario_from_iterations_first_class_positive(words, staged):
    X, labels, is_no = words
    p_no = [p[:, 0] for p in staged.staged_predict_proba(X)]
    display = ScenarioCurveDisplay.from_iterations(labels, p_no, pos_label="no")
    _same_drawing(display, ScenarioCurveDisplay.from_iterations(is_no, p_no))


def test_scenario_from_staged_estimator_first_class_positive(words, staged):
    """The staged scores are the ``staged_predict_proba`` column of pos_label, here 0."""
    X, labels, is_no = words
    display = ScenarioCurveDisplay.from_staged_estimator(staged, X, labels, pos_label="no")
    stages = list(staged.staged_predict_proba(X))
    name = {"name": "AdaBoostClassifier"}
    expected = ScenarioCurveDisplay.from_iterations(is_no, [p[:, 0] for p in stages], **name)
    _same_drawing(display, expected)
    other = ScenarioCurveDisplay.from_iterations(is_no, [p[:, 1] for p in stages], **name)
    assert _differ(display, other)


# --- from_cv_result --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cv_result(words):
    """Two repetitions of a cross-validation result with the first class ("no") positive:
    repetition 0 LogisticRegression's P(no), repetition 1 GaussianNB's."""
    X, labels, _ = words
    p_no = [
        model.fit(X, labels).predict_proba(X)[:, 0]
        for model in (LogisticRegression(), GaussianNB())
    ]
    return CVResult.from_predictions(labels, np.vstack(p_no), classifier="LR", pos_label="no")


@EVERY
def test_from_cv_result_is_from_predictions_of_one_repetition(Display, cv_result, options):
    """``from_cv_result`` draws the pooled scores of repetition ``repeat`` (0 by default) with
    the result's positive class, as ``from_predictions`` draws the same scores; another
    repetition draws something else."""
    extra = {**Display._estimator_kwargs, **options[Display], "name": "LR"}
    for repeat in (0, 1):
        display = Display.from_cv_result(cv_result, repeat=repeat, **options[Display])
        expected = Display.from_predictions(cv_result.y_true, cv_result.scores(repeat), **extra)
        _same_drawing(display, expected)
    first = Display.from_cv_result(cv_result, **options[Display])
    assert _differ(first, display)
    _same_drawing(first, Display.from_predictions(cv_result.y_true, cv_result.scores(0), **extra))


@DISPLAYS
def test_from_cv_result_of_several_classifiers(Display, data, scores):
    """A sequence is named by the results' classifiers, a mapping by its keys; each line is the
    metric of that result's scores."""
    _, y = data
    results = [CVResult.from_predictions(y, p, classifier=name) for name, p in scores.items()]
    fig, ax = plt.subplots()
    display = Display.from_cv_result(results, ax=ax)
    assert display.ax_ is ax
    _assert_lines_are_the_metric(display, Display, y, scores)
    assert list(Display.from_cv_result(results[0]).lines_) == ["LR"]
    assert list(Display.from_cv_result(results[0], name="mine").lines_) == ["mine"]
    renamed = Display.from_cv_result({"one": results[0], "two": results[1]})
    assert list(renamed.lines_) == ["one", "two"]
    _assert_lines_are_the_metric(renamed, Display, y, {"one": scores["LR"], "two": scores["NB"]})


@DISPLAYS
def test_from_cv_result_refuses_what_it_cannot_draw(Display, data, scores):
    _, y = data
    lr = CVResult.from_predictions(y, scores["LR"], classifier="LR")
    other = CVResult.from_predictions(y[::-1], scores["NB"], classifier="NB")
    with pytest.raises(ValueError, match=r"cv_result\['NB'\] holds other instances"):
        Display.from_cv_result([lr, other])
    with pytest.raises(ValueError, match="both named 'LR'"):
        Display.from_cv_result([lr, lr])
    with pytest.raises(ValueError, match=r"repeat must be an int in \[0, 0\], got 1"):
        Display.from_cv_result(lr, repeat=1)
    with pytest.raises(TypeError, match=r"cv_result must be a costlab.evaluation.CVResult"):
        Display.from_cv_result("LR")
    with pytest.raises(TypeError, match=r"cv_result\['LR'\] must be a costlab.evaluation.CVResult"):
        Display.from_cv_result({"LR": scores["LR"]})
    with pytest.raises(TypeError, match=r"cv_result\[1\] must be a costlab.evaluation.CVResult"):
        Display.from_cv_result([lr, scores["NB"]])
    with pytest.raises(ValueError, match="name must be None"):
        Display.from_cv_result([lr], name="mine")
    with pytest.raises(ValueError, match="empty"):
        Display.from_cv_result([])


@pytest.mark.parametrize(
    "Display", [DeploymentCostDisplay, PriorShiftDisplay], ids=lambda d: d.__name__
)
def test_from_cv_result_one_display_per_classifier(Display, data, scores):
    _, y = data
    results = [CVResult.from_predictions(y, p, classifier=name) for name, p in scores.items()]
    with pytest.raises(TypeError, match="one result, not a sequence or a mapping"):
        Display.from_cv_result(results)


# -- the parameters several Displays take are described once ----------------------------------

#: Displays whose ``from_predictions`` takes the positive class's scores of one classifier or
#: ``{name: scores}``, named by ``name`` as ``named_scores`` names them.
POSITIVE_SCORE_DISPLAYS = [
    BrierCurveDisplay,
    DecisionCurveDisplay,
    MTMCSDisplay,
    ROCDisplay,
    ROCThresholdDisplay,
    ThresholdDisplay,
]


def _parameter_block(doc, parameter):
    """The lines of ``doc`` documenting ``parameter``, dedented: its heading and description."""
    lines = doc.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(f"{parameter} :"))
    indent = len(lines[start]) - len(lines[start].lstrip())
    block = [lines[start]]
    for line in lines[start + 1 :]:
        if len(line) - len(line.lstrip()) <= indent or not line.strip():
            break
        block.append(line)
    return "\n".join(line[indent:] for line in block)


@pytest.mark.parametrize("Display", POSITIVE_SCORE_DISPLAYS, ids=lambda d: d.__name__)
@pytest.mark.parametrize("parameter", ["y_true", "y_score", "name"])
def test_from_predictions_describes_the_scores_in_the_shared_words(Display, parameter):
    from costlab.plotting._base import _PARAMETER_DOCS

    doc = Display.from_predictions.__doc__
    assert _parameter_block(doc, parameter) == _PARAMETER_DOCS[parameter]


# --- per-example costs: sample_weight, and the costs a result carries ------------------------


def _unbanded(options, Display):
    """The Display's options without bootstrap bands (resamples of n rows differ from those of
    the repeated rows)."""
    return {k: v for k, v in options[Display].items() if k != "n_resamples"}


@EVERY
def test_integer_weights_draw_what_repeated_rows_draw(Display, data, scores, options):
    _, y = data
    w = np.random.default_rng(0).integers(1, 4, y.size)
    extra = _unbanded(options, Display)
    weighted = Display.from_predictions(y, scores["LR"], sample_weight=w, **extra)
    repeated = Display.from_predictions(np.repeat(y, w), np.repeat(scores["LR"], w), **extra)
    _same_drawing(weighted, repeated)
    assert _differ(weighted, Display.from_predictions(y, scores["LR"], **extra))


@EVERY
def test_from_cv_result_weighs_the_costs_the_result_carries(Display, data, scores, options):
    """A result with per-instance costs draws what its scores draw with the costs' regret
    weights; an explicit sample_weight wins."""
    from costlab.metrics import cost_model

    _, y = data
    rng = np.random.default_rng(1)
    costs = cost_model(fp=rng.integers(1, 4, y.size), fn=rng.integers(1, 9, y.size))
    result = CVResult.from_predictions(y, scores["LR"], classifier="LR", costs=costs)
    extra = {**Display._estimator_kwargs, **options[Display], "name": "LR"}
    expected = Display.from_predictions(y, scores["LR"], sample_weight=costs.weights(y), **extra)
    _same_drawing(Display.from_cv_result(result, **options[Display]), expected)
    plain = Display.from_cv_result(result, sample_weight=None, **options[Display])
    _same_drawing(plain, Display.from_predictions(y, scores["LR"], **extra))


def test_results_drawn_together_must_carry_the_same_costs(data, scores):
    from costlab.metrics import cost_model

    _, y = data
    costs = cost_model(fp=1.0, fn=np.arange(1.0, y.size + 1))
    lr = CVResult.from_predictions(y, scores["LR"], classifier="LR", costs=costs)
    nb = CVResult.from_predictions(y, scores["NB"], classifier="NB")
    with pytest.raises(ValueError, match=r"cv_result\['NB'\] carries other per-instance costs"):
        MTMCSDisplay.from_cv_result([lr, nb])
    priced = nb.with_costs(cost_model(fp=1.0, fn=np.arange(1.0, y.size + 1)))  # equal arrays
    display = MTMCSDisplay.from_cv_result([lr, priced])
    expected = MTMCSDisplay.from_predictions(y, scores, sample_weight=costs.weights(y))
    _assert_same_lines(display, expected)
