"""ScoredHull: the scenario measures under any density from one sort (Johnson et al. 2015).

Each reading must equal the function that computes it from labels and scores
(:func:`h_measure`, :func:`scenario_curve`, :func:`classifier_risk`, :func:`instance_risk`, each
tested against quadrature, brute force and R's hmeasure elsewhere), and must sort nothing.
"""

import numpy as np
import pandas as pd
import pytest

import costlab.metrics.scenarios.scored as scored_module
from costlab.metrics import (
    BetaDensity,
    PointMass,
    TruncatedExponential,
    classifier_risk,
    h_measure,
    instance_risk,
    scenario_curve,
    scored_hull,
)
from costlab.metrics.engine import _counts

DENSITIES = [
    None,
    BetaDensity(0.7, 3.5),
    BetaDensity(2, 2, 0.1, 0.45),
    TruncatedExponential.with_mean(0.3),
    PointMass(0.2),
    PointMass(1.0),
]


def _data(n=400, seed=3):
    rng = np.random.default_rng(seed)
    y = np.where(rng.random(n) < 0.35, "yes", "no")
    s = np.round(rng.normal(size=n) + 1.1 * (y == "yes"), 2)  # ties
    w = rng.integers(0, 4, size=n).astype(float)
    return y, s, w


@pytest.mark.parametrize("u", DENSITIES, ids=lambda u: "default" if u is None else u.name)
@pytest.mark.parametrize("weighted", [False, True])
def test_every_reading_equals_the_function_from_scores(u, weighted):
    y, s, w = _data()
    weight = w if weighted else None
    hull = scored_hull(y, s, pos_label="yes", sample_weight=weight)
    given = {"pos_label": "yes", "sample_weight": weight}
    assert hull.h_measure(u) == pytest.approx(h_measure(y, s, density=u, **given), abs=1e-12)
    pd.testing.assert_frame_equal(
        hull.classifier_risk(u), classifier_risk(y, s, density=u, **given)
    )
    pd.testing.assert_frame_equal(hull.instance_risk(u), instance_risk(y, s, density=u, **given))
    for axis in ("pcf", "c"):
        ours, theirs = (
            hull.scenario_curve(u, axis=axis),
            scenario_curve(y, s, density=u, axis=axis, **given),
        )
        assert ours.loss == pytest.approx(theirs.loss, abs=1e-12)
        x = np.linspace(0, 1, 57)
        np.testing.assert_allclose(ours(x), theirs(x), atol=1e-12)


def test_the_cost_curve_and_the_hull_size():
    y, s, _ = _data()
    hull = scored_hull(y, s, pos_label="yes")
    assert hull.scenario_curve("cost curve").loss == pytest.approx(
        scenario_curve(y, s, density="cost curve", pos_label="yes").loss, abs=1e-15
    )
    assert hull.n_vertices == len(classifier_risk(y, s, pos_label="yes"))
    assert hull.pi1 == pytest.approx(np.mean(y == "yes"))


def test_reading_under_another_density_sorts_nothing(monkeypatch):
    y, s, _ = _data()
    hull = scored_hull(y, s, pos_label="yes")

    def refuse(*args, **kwargs):
        raise AssertionError("a reading sorted the scores again")

    monkeypatch.setattr(_counts, "class_counts", refuse)
    monkeypatch.setattr(scored_module, "checked_counts", refuse)
    monkeypatch.setattr(scored_module, "hull_from_counts", refuse)
    for u in DENSITIES:
        hull.h_measure(u)
        hull.classifier_risk(u)
        hull.instance_risk(u)
        hull.scenario_curve(u).curve(101)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="y_score"):
        scored_hull([0, 1, 1], [0.2, 0.5])
    hull = scored_hull([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    with pytest.raises(ValueError, match="axis"):
        hull.scenario_curve(axis="x")
    with pytest.raises(TypeError, match="density"):
        hull.h_measure("beta")
