"""The Johnson et al. (2015) notebook's scenario explorer: the paper's data wired in, and no
callback refitting the boosted ensembles behind Fig. 2.

A small study (pima only, 3 boosting rounds, scores given rather than cross-validated) keeps it
to seconds; the notebook itself runs the quick study as a test (notebooks/conftest.py).
"""

import numpy as np
import pytest

import costlab.evaluation.cv
import costlab.evaluation.experiment
import costlab.metrics.scenarios.scored as scored_module
from costlab.classifiers import J48, RiskBoostClassifier, WekaAdaBoostM1
from costlab.evaluation import CVResult
from costlab.metrics import BetaDensity, h_measure
from costlab.studies.johnson2015 import figures
from costlab.studies.johnson2015.experiments import Table2Run
from costlab.studies.johnson2015.notebook import ScenariosView
from costlab.studies.johnson2015.published import MODELS
from costlab.studies.johnson2015.report import Reproduction

pytestmark = pytest.mark.slow

ROUNDS = 3


@pytest.fixture
def view(datasets):
    """pima with two sets of scores standing in for the out-of-fold ones, 3 rounds."""
    data = datasets("pima")
    rng = np.random.default_rng(0)
    glucose = np.nan_to_num(np.asarray(data.X.iloc[:, 1], dtype=float))
    scores = {MODELS[0]: glucose, MODELS[1]: glucose + rng.normal(scale=20, size=glucose.size)}
    results = {
        ("pima", model): CVResult.from_predictions(data.y_binary, s, classifier=model)
        for model, s in scores.items()
    }
    run = Table2Run(results=results, datasets={"pima": data}, repeats=1, n_estimators=ROUNDS)
    return ScenariosView.from_reproduction(Reproduction(run, {})), scores, data


def test_the_explorer_shows_the_study_s_scores_and_fig_2_s_rounds(view, monkeypatch):
    view, scores, data = view
    calls = []
    original = figures.figure_2_scores
    monkeypatch.setattr(
        "costlab.studies.johnson2015.notebook.figure_2_scores",
        lambda rep: calls.append(rep) or original(rep),
    )
    view.figure("figure_02_iterations")
    explorer = view.scenario_explorer(density=("beta", 2, 5))
    assert len(calls) == 1  # the ensembles are fitted once, for the figure and the explorer
    assert explorer.density_ == BetaDensity(2, 5)
    for model, s in scores.items():
        assert explorer.h_[model] == pytest.approx(
            h_measure(data.y_binary, s, density=BetaDensity(2, 5)), abs=1e-12
        )
    name, y_test, staged = original(view.rep)  # deterministic: the same split and fits
    assert y_test.size == round(len(data.y_binary) / 3)
    assert set(explorer.losses_) == set(MODELS)
    assert explorer.data_.n_rounds == ROUNDS == len(staged[MODELS[1]])
    for model, rounds in staged.items():
        expected = [1 - h_measure(y_test, s, density=BetaDensity(2, 5)) for s in rounds]
        np.testing.assert_allclose(explorer.losses_[model], expected, atol=1e-12)
    assert "pima" in explorer.header.value


def _refuse(what):
    def refuse(*args, **kwargs):
        raise AssertionError(f"a callback called {what}")

    return refuse


def test_no_callback_refits_cross_validates_or_sorts(view, monkeypatch):
    explorer = view[0].scenario_explorer()
    for cls in (J48, RiskBoostClassifier, WekaAdaBoostM1):
        monkeypatch.setattr(cls, "fit", _refuse(f"{cls.__name__}.fit"))
    for module in (costlab.evaluation.cv, costlab.evaluation.experiment):
        monkeypatch.setattr(module, "cross_val_proba", _refuse("cross-validation"))
    monkeypatch.setattr(figures, "figure_2_scores", _refuse("figure_2_scores"))
    monkeypatch.setattr(scored_module, "checked_counts", _refuse("a sort of the scores"))
    moves = [
        ("a", 0.5),
        ("window", (0.2, 0.9)),
        ("preset", "inverse prior"),
        ("mean", 0.6),
        ("family", "point mass"),
        ("point", 0.3),
        ("axis", "c"),
        ("classifier", MODELS[1]),
        ("top", 20),
        ("round", 1),
        ("round", ROUNDS),
        ("preset", "minority costlier"),
    ]
    for control, value in moves:
        getattr(explorer, control).value = value
        assert explorer.error_ is None, (control, explorer.error_)
    assert explorer.state_.classifier == MODELS[1]
