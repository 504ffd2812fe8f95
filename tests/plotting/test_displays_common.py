"""Common tests of the curve Displays' constructors ``from_predictions`` and ``from_estimator``.

One test per behaviour, parametrised over every curve Display, as scikit-learn's
``sklearn/metrics/_plot/tests/test_common_curve_display.py``: the drawn arrays equal
the metric's output exactly, ``ax=`` is honoured, the name reaches the legend, and
``from_estimator`` is ``from_predictions`` on the negative class's ``predict_proba`` column.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.exceptions import NotFittedError  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.svm import LinearSVC  # noqa: E402

from costlab.metrics import (  # noqa: E402
    mtmcs_curve,  # noqa: E402
    roc_auc,
    roc_points,
)
from costlab.plotting import (  # noqa: E402
    MTMCSDisplay,
    ROCDisplay,
    ROCThresholdDisplay,
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
