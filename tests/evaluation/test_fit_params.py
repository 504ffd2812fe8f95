"""Costs and fit parameters through cross-validation: sample_weight, fit_params, CVResult.costs.

Every fit parameter is checked against brute force: the same folds fitted by hand with the
parameters sliced to each fold's training rows.
"""

import dataclasses
import warnings

import numpy as np
import pytest
import sklearn
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from costlab import cross_val_proba
from costlab.datasets import twonorm
from costlab.evaluation import run_experiments
from costlab.evaluation.folds import make_folds
from costlab.metrics import mtmcs_curve


@pytest.fixture(scope="module")
def loans():
    """twonorm with a loan amount per row and the costs it drives (a default loses the
    amount; a refused good applicant 10 % of it plus 3)."""
    data = twonorm(120, random_state=3)
    data = dataclasses.replace(data, X=data.X.assign(amount=np.linspace(1.0, 60.0, 120)))
    return data.with_costs(fp=lambda X: 0.1 * X["amount"] + 3.0, fn="amount")


def _by_hand(data, model, fit_params, n_folds=5, seed=1):
    """Out-of-fold P(positive) of ``model`` fitted fold by fold with sliced ``fit_params``."""
    y = data.y_binary
    out = np.full(y.shape[0], np.nan)
    for train, test in make_folds(y, scheme="weka", n_folds=n_folds, seed=seed):
        params = {k: v[train] for k, v in fit_params.items()}
        fitted = clone(model).fit(data.X.iloc[train], y[train], **params)
        out[test] = fitted.predict_proba(data.X.iloc[test])[:, 1]
    return out


def _cv(data, model, **kwargs):
    return cross_val_proba(data, model, n_folds=5, progress=False, **kwargs)


def test_cost_weights_reach_each_folds_fit(loans):
    weights = loans.costs.weights(loans.y_binary)
    model = GaussianNB()
    result = _cv(loans, model, sample_weight="costs", cache=False)
    expected = _by_hand(loans, model, {"sample_weight": weights})
    np.testing.assert_array_equal(result.scores(), expected)
    unweighted = _cv(loans, model, cache=False)
    assert not np.array_equal(unweighted.scores(), expected)  # the weights changed the model


def test_a_pipeline_gets_them_at_its_last_step(loans):
    weights = np.arange(1.0, 121.0)
    model = make_pipeline(StandardScaler(), LogisticRegression())
    result = _cv(loans, model, sample_weight=weights, cache=False)
    expected = _by_hand(loans, model, {"logisticregression__sample_weight": weights})
    np.testing.assert_array_equal(result.scores(), expected)
    step_key = _cv(
        loans, model, fit_params={"logisticregression__sample_weight": weights}, cache=False
    )
    np.testing.assert_array_equal(step_key.scores(), expected)


def test_a_model_without_sample_weight_is_fitted_without_them_and_says_so(loans):
    with pytest.warns(UserWarning, match="KNeighborsClassifier's fit takes no sample_weight"):
        weighted = _cv(loans, KNeighborsClassifier(), sample_weight="costs", cache=False)
    plain = _cv(loans, KNeighborsClassifier(), cache=False)
    np.testing.assert_array_equal(weighted.scores(), plain.scores())


def test_metadata_routing_routes_as_scikit_learn_does(loans):
    weights = np.arange(1.0, 121.0)
    expected = _by_hand(loans, LogisticRegression(), {"sample_weight": weights})
    with sklearn.config_context(enable_metadata_routing=True):
        asked = LogisticRegression().set_fit_request(sample_weight=True)
        result = _cv(loans, asked, sample_weight=weights, cache=False)
        np.testing.assert_array_equal(result.scores(), expected)
        with pytest.raises(Exception, match="sample_weight"):  # scikit-learn's own error
            _cv(loans, LogisticRegression(), sample_weight=weights, cache=False)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"sample_weight": np.ones(7)}, r"sample_weight must have shape \(120,\)"),
        ({"sample_weight": np.r_[-1.0, np.ones(119)]}, r"sample_weight\[0\] = -1.0"),
        ({"sample_weight": np.r_[np.nan, np.ones(119)]}, r"sample_weight\[0\] = nan"),
        ({"sample_weight": np.zeros(120)}, "sample_weight sums to 0"),
        ({"sample_weight": "cost"}, r"or 'costs'"),
        (
            {"sample_weight": np.ones(120), "fit_params": {"sample_weight": np.ones(120)}},
            "sample_weight is given twice",
        ),
        ({"fit_params": {"class_weight": {0: 1}}}, r"fit_params\['class_weight'\]"),
        ({"fit_params": [("a", 1)]}, "fit_params must be a dict"),
    ],
)
def test_bad_fit_parameters_are_named(loans, kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        _cv(loans, GaussianNB(), cache=False, **kwargs)


def test_costs_weights_need_costs():
    with pytest.raises(ValueError, match="twonorm has none: state them with dataset.with_costs"):
        _cv(twonorm(50, random_state=0), GaussianNB(), sample_weight="costs", cache=False)


def test_another_engine_refuses_fit_parameters(loans):
    class Other:
        name = "other"

    with pytest.raises(ValueError, match="engine='other' takes no fit parameters"):
        cross_val_proba(loans, "NaiveBayes", n_folds=5, engine=Other(), sample_weight="costs",
                        cache=False, progress=False)  # fmt: skip


def test_the_result_keeps_the_datasets_costs_and_its_curves_read_them(loans):
    result = _cv(loans, GaussianNB(), cache=False)
    assert result.costs is loans.costs
    weights = loans.costs.weights(loans.y_binary)
    np.testing.assert_array_equal(result.sample_weight, weights)
    expected = mtmcs_curve(loans.y_binary, result.scores(), sample_weight=weights)
    np.testing.assert_array_equal(result.mtmcs_curve()["mtmcs"], expected["mtmcs"])
    plain = mtmcs_curve(loans.y_binary, result.scores())
    assert not np.allclose(result.mtmcs_curve()["mtmcs"], plain["mtmcs"])


def test_the_cache_is_keyed_on_costs_and_fit_parameters(loans, tmp_path):
    first = _cv(loans, GaussianNB(), sample_weight="costs", cache_dir=tmp_path)
    again = _cv(loans, GaussianNB(), sample_weight="costs", cache_dir=tmp_path)
    # a scikit-learn model's hit is verified by refitting one fold with its sliced weights
    assert again.origin.startswith("cache (verified") and again.costs is loans.costs
    np.testing.assert_array_equal(again.proba, first.proba)
    other = np.ones(120)
    assert _cv(loans, GaussianNB(), sample_weight=other, cache_dir=tmp_path).origin == "computed"
    assert _cv(loans, GaussianNB(), cache_dir=tmp_path).origin == "computed"
    dearer = loans.with_costs(fp=1.0, fn="amount")  # same X and y, other costs
    assert _cv(dearer, GaussianNB(), cache_dir=tmp_path).origin == "computed"
    hit = _cv(dearer, GaussianNB(), cache_dir=tmp_path)
    assert hit.costs is dearer.costs and hit.origin != "computed"
    assert len(list(tmp_path.rglob("*.npz"))) == 4


def test_a_dataset_without_costs_keeps_its_cache_key(loans, tmp_path):
    plain = dataclasses.replace(loans, costs=None)
    _cv(plain, "NaiveBayes", cache_dir=tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _cv(plain, "NaiveBayes", cache_dir=tmp_path).origin == "cache (proven by key)"


def test_run_experiments_passes_each_datasets_cost_weights(loans):
    run = run_experiments({"loans": loans}, {"NB": GaussianNB()}, n_folds=5, cache=False,
                          progress=False, sample_weight="costs")  # fmt: skip
    result = run.results["loans", "NB"]
    expected = _by_hand(loans, GaussianNB(), {"sample_weight": loans.costs.weights(loans.y_binary)})
    np.testing.assert_array_equal(result.scores(), expected)
    assert result.costs is loans.costs


def test_the_runs_tables_weigh_a_results_costs(loans):
    from costlab.evaluation import auc_table, mtmcs_curves, roc_curves
    from costlab.metrics import roc_auc, roc_points

    run = run_experiments({"loans": loans}, {"NB": GaussianNB()}, n_folds=5, cache=False,
                          progress=False)  # fmt: skip
    result = run.results["loans", "NB"]
    w = loans.costs.weights(loans.y_binary)
    assert auc_table(run)["auc"].iloc[0] == roc_auc(result.y_true, result.scores(), sample_weight=w)
    expected = roc_points(result.y_true, result.scores(), sample_weight=w)
    np.testing.assert_array_equal(roc_curves(run, "loans")["NB"]["tpr"], expected["tpr"])
    table = mtmcs_curves(run, searches=("exact",))
    np.testing.assert_array_equal(table["mtmcs"], result.mtmcs_curve(search="exact")["mtmcs"])
