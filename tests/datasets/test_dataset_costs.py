"""Per-instance costs stated once on a Dataset (Dataset.costs, Dataset.with_costs)."""

import dataclasses

import numpy as np
import pytest

from costlab.datasets import twonorm
from costlab.metrics import cost_model


@pytest.fixture
def data():
    return twonorm(6, random_state=0)


def test_with_costs_reads_a_column_a_function_and_numbers(data):
    data = dataclasses.replace(data, X=data.X.assign(amount=np.arange(1.0, 7.0)))
    amount = data.X["x1"].abs().to_numpy()
    d = data.with_costs(fp=lambda X: 0.1 * X["x1"].abs(), fn="amount", tn=-1.0)
    np.testing.assert_array_equal(d.costs.fp, 0.1 * amount)
    np.testing.assert_array_equal(d.costs.fn, np.arange(1.0, 7.0))
    np.testing.assert_array_equal(d.costs.tn, np.full(6, -1.0))
    np.testing.assert_array_equal(d.costs.tp, np.zeros(6))
    assert d.X is data.X and data.costs is None  # a copy; the original keeps no costs


def test_with_costs_names_a_missing_or_nominal_column(data):
    with pytest.raises(ValueError, match=r"fn='loan' is not a column"):
        data.with_costs(fp=1.0, fn="loan")
    frame = data.X.assign(kind=["a", "b"] * 3).astype({"kind": "category"})
    nominal = dataclasses.replace(data, X=frame)
    with pytest.raises(ValueError, match=r"fp='kind' names a column that is not numeric"):
        nominal.with_costs(fp="kind", fn=1.0)


def test_costs_of_the_wrong_length_or_type_are_refused(data):
    with pytest.raises(ValueError, match="costs hold 5 instances, the data 6"):
        dataclasses.replace(data, costs=cost_model(fp=1.0, fn=1.0, n=5))
    with pytest.raises(TypeError, match="costs must be a CostModel"):
        dataclasses.replace(data, costs=np.ones(6))


def test_bad_costs_name_their_parameter(data):
    with pytest.raises(ValueError, match="fn holds NaN"):
        data.with_costs(fp=1.0, fn=np.r_[np.nan, np.ones(5)])
