"""The MTMCS curves of cross-validation results: ``CVResult.mtmcs_curve``,
``ExperimentRun.curves`` and the tidy table ``mtmcs_curves`` (``cost_curves`` its deprecated
alias), hand-checked on four instances and checked against :func:`costlab.metrics.mtmcs_curve`.
"""

import numpy as np
import pandas as pd
import pytest

import costlab.evaluation
from costlab.evaluation import CVResult, ExperimentRun
from costlab.evaluation.experiment import as_run, mtmcs_curves
from costlab.metrics import mtmcs_curve

Y = [0, 0, 1, 1]
#: Repetition 0 ranks one pair wrongly (MTMCS 25 % at 0.5/0.5); repetition 1 ranks all right.
SCORES = [[0.1, 0.4, 0.6, 0.3], [0.1, 0.2, 0.8, 0.9]]


@pytest.fixture
def result():
    return CVResult.from_predictions(Y, np.array(SCORES), classifier="LR")


@pytest.fixture
def run():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 60)
    scores = {"good": np.clip(0.3 * y + 0.7 * rng.random(60), 0, 1), "poor": rng.random(60)}
    return as_run({name: (y, s) for name, s in scores.items()})


def test_mtmcs_curve_of_one_repetition_is_the_metric_s(result):
    one = CVResult.from_predictions(Y, SCORES[0])
    expected = mtmcs_curve(Y, SCORES[0], search="optimized", step=1e-3)
    pd.testing.assert_frame_equal(one.mtmcs_curve(search="optimized", step=1e-3), expected)
    assert float(one.mtmcs_curve(fp_costs=[0.5]).loc[0, "mtmcs"]) == 25.0


def test_mtmcs_curve_averages_the_repetitions_per_cost_ratio(result):
    """25 % and 0 % at 0.5/0.5 average to 12.5 %; every column is the mean of the two."""
    curve = result.mtmcs_curve(fp_costs=[0.5])
    assert float(curve.loc[0, "mtmcs"]) == 12.5
    per_repeat = [mtmcs_curve(Y, s) for s in SCORES]
    averaged = result.mtmcs_curve()
    for column in ("mtmcs", "threshold", "fp_rate", "fn_rate"):
        mean = (per_repeat[0][column].to_numpy() + per_repeat[1][column].to_numpy()) / 2
        np.testing.assert_allclose(averaged[column], mean, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(averaged["fp_cost"], per_repeat[0]["fp_cost"])


def test_mtmcs_curve_score_of_negative_reads_the_negative_column():
    """The thesis's orientation thresholds P(negative) as the model returned it, not 1 - P(+)."""
    proba = np.array([[[0.9, 0.1], [0.6, 0.4], [0.4, 0.6], [0.75, 0.3]]])
    result = CVResult(
        "d", "m", "given", np.array(Y), proba, np.zeros((1, 4), int), ("a", "b"), 0, -1
    )
    curve = result.mtmcs_curve(search="optimized", score_of="negative")
    expected = mtmcs_curve(Y, proba[0, :, 0], search="optimized", score_of="negative")
    pd.testing.assert_frame_equal(curve, expected)
    with pytest.raises(ValueError, match="score_of must be one of"):
        result.mtmcs_curve(score_of="class1")


def test_run_curves_are_keyed_like_results(run):
    curves = run.curves(search="optimized", step=1e-3)
    assert list(curves) == list(run.results) == [("data", "good"), ("data", "poor")]
    for key, curve in curves.items():
        expected = run.results[key].mtmcs_curve(search="optimized", step=1e-3)
        pd.testing.assert_frame_equal(curve, expected)
    assert ExperimentRun(datasets={}).curves() == {}


def test_mtmcs_curves_is_every_result_s_curve_under_every_search(run):
    table = mtmcs_curves(run, searches=("optimized", "exact"), step=1e-3)
    assert list(table.columns[:3]) == ["dataset", "classifier", "search"]
    blocks = [(c, s) for c in ("good", "poor") for s in ("optimized", "exact")]
    rows = table[["classifier", "search"]].drop_duplicates().apply(tuple, axis=1).tolist()
    assert rows == blocks  # result by result, each under every search
    for classifier, search in blocks:
        mine = table[(table["classifier"] == classifier) & (table["search"] == search)]
        expected = run.results[("data", classifier)].mtmcs_curve(search=search, step=1e-3)
        np.testing.assert_array_equal(mine[list(expected)].to_numpy(), expected.to_numpy())


def test_cost_curves_is_a_deprecated_alias_of_mtmcs_curves(run):
    with pytest.warns(DeprecationWarning, match=r"cost_curves is deprecated.*mtmcs_curves"):
        old = costlab.evaluation.cost_curves(run, searches=("exact",))
    pd.testing.assert_frame_equal(old, mtmcs_curves(run, searches=("exact",)))
    from costlab.evaluation.experiment import cost_curves

    assert cost_curves is costlab.evaluation.cost_curves
