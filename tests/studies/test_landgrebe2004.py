"""The Landgrebe et al. (2004) study end to end (quick), its tables against the printed values,
and its per-fold operating points recomputed independently."""

import numpy as np
import pytest
from sklearn.metrics import roc_curve

from costlab.studies.landgrebe2004.published import CLASSIFIERS, EXPERIMENTS, PRIORS, TABLE_2
from costlab.studies.landgrebe2004.report import reproduce

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def rep(tmp_path_factory):
    out = tmp_path_factory.mktemp("landgrebe2004")
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COSTLAB_CACHE", str(home / "cv"))
        result = reproduce(out, quick=True, progress=False, log=lambda *a: None)
    return result, out


def test_every_table_figure_and_the_summary_are_written(rep):
    result, out = rep
    root = out / "landgrebe2004"
    assert {p.stem for p in (root / "figures").glob("*.png")} == {
        "figure_03_roc_posfrac",
        "figure_04_priors",
        "figure_05_problems",
        "table_2",
    }
    for stem in ("table_2", "table_2_cells", "purity", "claims"):
        for ext in ("csv", "md", "tex"):
            assert (root / "tables" / f"{stem}.{ext}").stat().st_size > 0
    summary = (root / "summary.md").read_text()
    assert "QUICK MODE" in summary and "Where we differ" in summary


def test_table_2_sits_beside_the_printed_values(rep):
    cells = rep[0].tables["table_2_cells"]
    assert len(cells) == len(EXPERIMENTS) * len(PRIORS) * len(CLASSIFIERS)
    row = cells.query("experiment == 'Multimodal' and prior == 0.001 and classifier == 'PARZEN'")
    assert row["paper mean"].item() == 1.94 and row["paper std"].item() == 0.42
    assert np.allclose(cells["diff"], cells["ours mean"] - cells["paper mean"])
    # POSfrac at TPr = 80 % is at least P(C_t) x 80 % (FPr >= 0) and at most 100 %
    assert (cells["ours mean"] >= 100 * cells["prior"] * 0.8 - 1e-9).all()
    assert (cells["ours mean"] <= 100).all()
    wide = rep[0].tables["table_2"]
    assert list(wide.columns[:3]) == ["experiment", "P(C_t)", "LDC paper"]
    assert wide.loc[0, "LDC paper"] == "46.08 ± 0.51"


def test_fold_cells_are_recomputed_from_scikit_learn_s_roc(rep):
    """One cell by an independent path: each fold's ROC from scikit-learn, FPr interpolated
    linearly at TPr = 0.8 between the points around it, POSfrac by eq. 5, mean and std."""
    run = rep[0].run
    result = run.results[("Lithuanian", "QDC")]
    target, score = result.y_true == 1, result.scores(0)
    values = []
    for fold in np.unique(result.fold[0]):
        mask = result.fold[0] == fold
        fpr, tpr, _ = roc_curve(target[mask], score[mask], drop_intermediate=False)
        k = int(np.searchsorted(tpr, 0.8, side="left"))
        w = (0.8 - tpr[k - 1]) / (tpr[k] - tpr[k - 1])
        fpr_at = fpr[k - 1] + w * (fpr[k] - fpr[k - 1])
        values.append(0.1 * 0.8 + 0.9 * fpr_at)
    cells = rep[0].tables["table_2_cells"]
    ours = cells.query("experiment == 'Lithuanian' and prior == 0.1 and classifier == 'QDC'")
    assert ours["ours mean"].item() == pytest.approx(100 * np.mean(values), rel=1e-9)
    assert ours["ours std"].item() == pytest.approx(100 * np.std(values, ddof=1), rel=1e-9)


def test_purity_times_posfrac_is_prior_times_tpr(rep):
    points = rep[0].run.fold_points()
    np.testing.assert_allclose(
        points["purity"] * points["posfrac"], points["prior"] * points["tpr"], rtol=1e-12
    )
    assert np.allclose(points["tpr"], 0.8)


def test_claims_are_computed_not_assumed(rep):
    claims = rep[0].tables["claims"]
    assert set(claims["holds"]) <= {True, False}
    assert claims["source"].str.startswith("Landgrebe et al. 2004").all()
    # the printed POSfrac 54.9 % and purity 77.9 % cannot both hold at P(C_t) = 0.5, TPr 80 %
    text = claims[claims["source"] == "Landgrebe et al. 2004, sec. 3 with eq. 6"]
    assert not text["holds"].item()


def test_published_table_is_complete():
    assert len(TABLE_2) == len(EXPERIMENTS) * len(PRIORS)
    for cell in TABLE_2.values():
        assert list(cell) == list(CLASSIFIERS)
    # QDC on Highleyman at TPr 80 %: FPr = 0, so POSfrac = P(C_t) x 80 % exactly (as printed)
    for prior in PRIORS:
        assert TABLE_2[("Highleyman", prior)]["QDC"][0] == pytest.approx(100 * prior * 0.8)


def test_cli_runs_quick(tmp_path, monkeypatch, capsys):
    from costlab.studies.landgrebe2004.cli import main

    monkeypatch.setenv("COSTLAB_CACHE", str(tmp_path / "cv"))
    assert main(["--quick", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Landgrebe et al. (2004), claims" in out
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines[0].startswith("QUICK SMOKE RUN") and "QUICK SMOKE RUN" in lines[-1]


def test_bad_experiment_is_named():
    from costlab.studies.landgrebe2004.experiments import generate, run_table2

    with pytest.raises(ValueError, match="experiments must be among"):
        run_table2(experiments=["Banana"], quick=True)
    with pytest.raises(ValueError, match="experiment must be one of"):
        generate("Banana", 10)


def test_the_table_2_figure_draws_the_table_s_cells(rep):
    """Each panel's hollow markers are the printed POSfrac and the filled ones ours, in the
    order of the classifiers and priors of Table 2 (``table_2_cells``)."""
    import matplotlib.pyplot as plt

    from costlab.studies.landgrebe2004.figures import figure_table_2

    result = rep[0]
    cells = result.tables["table_2_cells"]
    fig = figure_table_2(result)
    try:
        panels = [ax for ax in fig.axes if ax.get_title(loc="left") in EXPERIMENTS]
        assert [ax.get_title(loc="left") for ax in panels] == [
            e for e in EXPERIMENTS if e in set(cells["experiment"])
        ]
        for ax in panels:
            part = cells[cells["experiment"] == ax.get_title(loc="left")]
            hollow = [c for c in ax.collections if c.get_offsets().shape[0] == len(PRIORS)]
            filled = [line for line in ax.lines if line.get_xydata().shape[0] == len(PRIORS)]
            for k, classifier in enumerate(CLASSIFIERS):
                rows = part[part["classifier"] == classifier].set_index("prior").loc[list(PRIORS)]
                np.testing.assert_allclose(
                    np.asarray(hollow[k].get_offsets(), dtype=float)[:, 1],
                    rows["paper mean"].to_numpy(dtype=float),
                    atol=1e-12,
                )
                np.testing.assert_allclose(
                    np.asarray(filled[k].get_ydata(), dtype=float),
                    rows["ours mean"].to_numpy(dtype=float),
                    atol=1e-12,
                )
    finally:
        plt.close(fig)


def test_figure_3_draws_the_pooled_operating_curves(rep):
    """Fig. 3's ROC is :func:`prior_operating_curves` of the pooled out-of-fold scores."""
    import matplotlib.pyplot as plt

    from costlab.metrics import prior_operating_curves
    from costlab.studies.landgrebe2004.figures import figure_03

    result = rep[0]
    is_target, score = result.run.pooled_scores("Highleyman", "LDC")
    curves = prior_operating_curves(is_target, score, [0.1], pos_label=True)
    fig = figure_03(result)
    try:
        drawn = [line.get_xydata() for ax in fig.axes for line in ax.lines]
        roc = np.c_[curves.fpr, curves.tpr]
        assert any(d.shape == roc.shape and np.allclose(d, roc, atol=1e-12) for d in drawn)
        posfrac = np.c_[curves.posfrac[0], curves.tpr]
        assert any(d.shape == posfrac.shape and np.allclose(d, posfrac, atol=1e-12) for d in drawn)
    finally:
        plt.close(fig)
