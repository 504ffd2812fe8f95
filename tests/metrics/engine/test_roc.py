"""ROC points and AUC (costlab.metrics.engine.roc)."""

import numpy as np
import pytest

from costlab.metrics import roc_points


def _rates_at(y, s, t):
    """(FPR, TPR) of calling ``s >= t`` positive."""
    called = s >= t
    return called[y == 0].mean(), called[y == 1].mean()


@pytest.mark.parametrize(
    "s",
    [
        np.array([1.0, 0.9, 0.4, 1.0, 0.2, 0.0]),  # probabilities reaching 1
        np.array([0.8, 0.9, 0.4, 0.7, 0.2, 0.0]),  # probabilities below 1
        np.array([3.0, -1.0, 0.5, 2.0, 1.0, 7.5]),  # any real scores
    ],
)
def test_each_row_is_the_rates_of_calling_its_threshold_positive(s):
    """At every row, ``y_score >= threshold`` gives the row's rates; the first row calls
    nothing positive, so its threshold is inf (as scikit-learn's roc_curve), not 1.0, which
    calls a score of 1 positive."""
    y = np.array([1, 1, 0, 0, 1, 0])
    roc = roc_points(y, s)
    assert roc["threshold"].iloc[0] == np.inf
    assert (roc["fpr"].iloc[0], roc["tpr"].iloc[0]) == (0.0, 0.0)
    for fpr, tpr, t in roc[["fpr", "tpr", "threshold"]].itertuples(index=False):
        assert _rates_at(y, s, t) == pytest.approx((fpr, tpr))
    # every distinct score is a threshold after the first
    np.testing.assert_array_equal(roc["threshold"].iloc[1:], np.unique(s)[::-1])


def test_drop_intermediate_keeps_only_the_corners_of_the_same_curve():
    """drop_intermediate=True is scikit-learn's roc_curve default (the faint ROC curve of the
    cost-space Displays): fewer points, each one of the full curve's."""
    from sklearn.metrics import roc_curve

    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    s = np.round(rng.random(200), 2)  # ties, and runs of one class (straight stretches)
    full = roc_points(y, s)
    corners = roc_points(y, s, drop_intermediate=True)
    fpr, tpr, thresholds = roc_curve(y, s)
    np.testing.assert_array_equal(corners["fpr"], fpr)
    np.testing.assert_array_equal(corners["tpr"], tpr)
    np.testing.assert_array_equal(corners["threshold"], thresholds)
    assert len(corners) < len(full)
    assert set(corners["threshold"]) <= set(full["threshold"])
    with pytest.raises(TypeError, match="drop_intermediate"):
        roc_points(y, s, drop_intermediate="yes")
