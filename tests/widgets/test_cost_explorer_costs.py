"""The cost explorer prices instances by a cost model: the data's own, a column, or per class
(issue 36, item 5). Every number it shows is the weighted engine's on the chosen costs."""

import dataclasses

import numpy as np
import pytest
from sklearn.naive_bayes import GaussianNB

from costlab.datasets import twonorm
from costlab.evaluation import CVResult, ExperimentRun, cross_val_proba
from costlab.metrics import cost_envelope, cost_model, mtmcs_curve, range_summary
from costlab.widgets import cost_explorer

GRID = np.round(np.arange(0.05, 0.951, 0.05), 10)


@pytest.fixture(scope="module")
def loans():
    data = twonorm(160, random_state=5)
    data = dataclasses.replace(data, X=data.X.assign(amount=np.linspace(10.0, 500.0, 160)))
    return data.with_costs(fp=lambda X: 0.2 * X["amount"] + 5.0, fn="amount")


@pytest.fixture(scope="module")
def explorer(loans, tmp_path_factory):
    run = ExperimentRun(datasets={loans.name: loans})
    return cost_explorer(
        run, models={"NB": GaussianNB()}, n_folds=5, charts="png",
        cache_dir=tmp_path_factory.mktemp("cache"), cost_range=(0.3, 0.6),
    )  # fmt: skip


def _expected_cst(result, weights, r1=0.3, r2=0.6):
    curve = mtmcs_curve(result.y_true, result.scores(), fp_costs=GRID, search="optimized",
                        sample_weight=weights)  # fmt: skip
    return range_summary({"NB": curve}, r1, r2, decimals=2).set_index("classifier").loc["NB"]


def test_the_datas_own_cost_model_is_the_default_and_weighs_every_number(explorer, loans):
    assert explorer.error_ is None, explorer.message.value
    values = [value for _, value in explorer.costs.options]
    assert values == ["own", "class"] + [f"column:{c}" for c in loans.X.columns]
    assert explorer.costs.value == "own"
    result = explorer.results_["NB"]
    weights = loans.costs.weights(loans.y_binary)
    np.testing.assert_array_equal(result.sample_weight, weights)
    expected = _expected_cst(result, weights)
    shown = explorer.selection_.summary.set_index("classifier").loc["NB"]
    assert shown["cst"] == pytest.approx(expected["cst"], rel=1e-12)
    envelope = cost_envelope(result.y_true, result.scores(), sample_weight=weights)
    shown_envelope = explorer._envelope(explorer.state(), "NB").breakpoints
    np.testing.assert_allclose(shown_envelope, envelope.breakpoints)
    assert explorer.export()["costs"] == "own"


def test_per_class_and_a_column_reprice_without_refitting(explorer, loans):
    fitted = explorer.results_["NB"].proba
    explorer.costs.value = "class"
    result = explorer.results_["NB"]
    assert result.costs is None and result.proba is fitted
    shown = explorer.selection_.summary.set_index("classifier").loc["NB"]
    assert shown["cst"] == pytest.approx(_expected_cst(result, None)["cst"], rel=1e-12)
    explorer.costs.value = "column:amount"
    result = explorer.results_["NB"]
    np.testing.assert_array_equal(result.sample_weight, loans.X["amount"].to_numpy())
    shown = explorer.selection_.summary.set_index("classifier").loc["NB"]
    expected = _expected_cst(result, loans.X["amount"].to_numpy())
    assert shown["cst"] == pytest.approx(expected["cst"], rel=1e-12)
    explorer.costs.value = "own"  # back: the same priced result, not a new one
    assert explorer.results_["NB"].costs is loans.costs


def test_a_column_with_negative_values_is_shown_as_an_error(explorer):
    explorer.costs.value = "column:x1"  # twonorm's features are centred: negative costs
    assert explorer.error_ is not None and "negative costs" in explorer.message.value
    explorer.costs.value = "own"
    assert explorer.error_ is None


def test_predictions_with_costs_are_explored_by_them():
    rng = np.random.default_rng(1)
    y = np.repeat([0, 1], 60)
    s = np.clip(0.5 + 0.3 * (2 * y - 1) + rng.normal(0, 0.3, 120), 0, 1)
    costs = cost_model(fp=rng.uniform(1, 5, 120), fn=rng.uniform(1, 20, 120))
    result = CVResult.from_predictions(y, s, classifier="LR", costs=costs)
    explorer = cost_explorer([result], charts="png")
    assert [value for _, value in explorer.costs.options] == ["own", "class"]
    curve = explorer.curves_["LR"]
    expected = mtmcs_curve(y, s, fp_costs=GRID, search="optimized",
                           sample_weight=costs.weights(y))  # fmt: skip
    np.testing.assert_allclose(curve["mtmcs"], expected["mtmcs"], rtol=1e-12)
    with pytest.raises(ValueError, match="costs"):
        cost_explorer([result], charts="png", costs="column:amount")


def test_cross_validated_results_carry_the_datas_costs(loans):
    result = cross_val_proba(loans, GaussianNB(), n_folds=5, cache=False, progress=False)
    assert cost_explorer([result], charts="png").costs.value == "own"


def test_the_bands_resample_the_priced_instances(explorer, loans):
    from costlab.metrics import paired_bootstrap

    explorer.costs.value = "own"
    explorer.stability.n_resamples.value = 20
    explorer.stability.resample()
    result = explorer.results_["NB"]
    expected = paired_bootstrap(
        result.y_true, {"NB": result.scores()}, n_resamples=20, random_state=0, pos_label=1,
        sample_weight=loans.costs.weights(loans.y_binary),
    )  # fmt: skip
    np.testing.assert_array_equal(explorer.stability.boot_.estimate, expected.estimate)
    np.testing.assert_array_equal(explorer.stability.boot_.replicates, expected.replicates)
