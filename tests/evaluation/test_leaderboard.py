"""Leaderboards of CVResults over a cost range, their tables and their Display."""

import matplotlib
import numpy as np
import pytest

from costlab.evaluation import CVResult, Leaderboard, leaderboard
from costlab.evaluation.experiment import as_run
from costlab.metrics import rank_over_cost_range
from costlab.plotting import LeaderboardDisplay


def _results(n=200, seed=1):
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    return [
        CVResult.from_predictions(
            y,
            1 / (1 + np.exp(-(y * s + rng.normal(0, 1, n)))),
            classifier=f"run {i}",
            dataset="task",
        )
        for i, s in enumerate((0.3, 1.5, 1.4, 2.5))
    ]


def test_a_leaderboard_is_the_ranking_of_its_results_scores():
    results = _results()
    board = leaderboard(results, cost_range=(0.1, 0.3), n_resamples=200)
    assert isinstance(board, Leaderboard)
    scores = {r.classifier: r.scores() for r in results}
    table = rank_over_cost_range(
        results[0].y_true, scores, fp_costs=[0.1, 0.15, 0.2, 0.25, 0.3], n_resamples=200
    )
    assert board.table.equals(table)
    np.testing.assert_allclose(board.fp_costs, [0.1, 0.15, 0.2, 0.25, 0.3])
    assert board.leader == "run 3" and board.dataset == "task"
    assert repr(board).startswith("Leaderboard(4 results on 'task', mtmcr over [0.1, 0.3]: ")
    summary = board.summary()
    assert summary["vs leader"].iloc[0] == "leader" and summary.columns[2] == "mean MTMCS (%)"
    assert "<table" in board._repr_html_()
    # an ExperimentRun of one data set and a mapping are read the same way
    assert leaderboard(as_run(results), cost_range=(0.1, 0.3), n_resamples=200).table.equals(table)


def test_a_leaderboard_writes_its_table_for_a_paper(tmp_path):
    board = leaderboard(_results(), cost_range=(0.2, 0.4), n_resamples=100)
    paths = board.write(tmp_path)
    assert [p.name for p in paths] == ["leaderboard.csv", "leaderboard.md", "leaderboard.tex"]
    assert "Holm-adjusted" in paths[1].read_text() and "run 3" in paths[2].read_text()


def test_two_runs_of_one_name_are_told_apart():
    a, b = _results()[:2]
    b = CVResult(**{**b.__dict__, "classifier": a.classifier})
    board = leaderboard([a, b], n_resamples=50)
    assert sorted(board.table["classifier"]) == ["run 0", "run 0 (2)"]


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda r: r[:1], "at least two results to rank, got 1"),
        (lambda r: [*r[:2], _results(n=100)[2]], r"\['run 2'\] differ from 'run 0'"),
        (lambda r: r + ["not a result"], "results must be CVResults, got str"),
    ],
)
def test_results_that_cannot_be_ranked_are_named(change, match):
    with pytest.raises((ValueError, TypeError), match=match):
        leaderboard(change(_results()), n_resamples=20)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"cost_range": (0.5, 0.2)}, r"r1 must not exceed r2"),
        ({"cost_range": (0.0, 0.2)}, r"r1 must be a normalised FPcost strictly between 0 and 1"),
        ({"cost_range": 0.5}, "must be a pair"),
        ({"cost_range": (0.51, 0.54)}, "no cost ratio of the grid lies in"),
        ({"repeat": 1}, "repeat=1 is not a repetition of 'run 0', which has 1"),
    ],
)
def test_bad_options_are_named(kwargs, match):
    with pytest.raises(ValueError, match=match):
        leaderboard(_results(), n_resamples=20, **kwargs)


def test_the_display_draws_the_ranking_best_first():
    board = leaderboard(_results(), cost_range=(0.1, 0.3), n_resamples=200)
    display = LeaderboardDisplay.from_leaderboard(board)
    assert list(display.points_) == board.table["classifier"].tolist()
    colours = [matplotlib.colors.to_hex(p.get_color()) for p in display.points_.values()]
    tied = board.table["indistinguishable"].tolist()
    assert colours[0] == "#0072b2"
    assert all((c == "#56b4e9") == t for c, t in zip(colours[1:], tied[1:], strict=True))
    x = [p.get_xdata()[0] for p in display.points_.values()]
    assert x == board.table["mtmcr"].tolist()
    assert display.ax_.get_title().startswith("task: mtmcr over FPcost in [0.1, 0.3]")
    with pytest.raises(ValueError, match="measure must be one of"):
        LeaderboardDisplay(board.table, measure="auc")
