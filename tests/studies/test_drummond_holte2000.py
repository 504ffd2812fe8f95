"""The Drummond & Holte study end to end (quick): files, claims, and checks on its numbers."""

import pandas as pd
import pytest

from costlab.studies.drummond_holte2000.report import reproduce

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def rep(mirror_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("dh")
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COSTLAB_DATA_HOME", str(home))
        mp.setenv("COSTLAB_CACHE", str(home / "cv"))
        return reproduce(
            out, quick=True, mirror=mirror_dir, progress=False, log=lambda *a: None
        ), out


def test_every_figure_table_and_the_summary_are_written(rep):
    result, out = rep
    root = out / "drummond_holte2000"
    assert len(list((root / "figures").glob("figure_*.png"))) == 8
    for stem in result.tables:
        for ext in ("csv", "md", "tex"):
            assert (root / "tables" / f"{stem}.{ext}").stat().st_size > 0
    assert "Where our figures differ" in (root / "summary.md").read_text()


def test_claims_are_checked_not_assumed(rep):
    claims = rep[0].tables["claims"]
    assert set(claims["holds"].dropna()) <= {True, False}
    assert claims.set_index("claim").loc["fig4_operating_range", "holds"]


def test_numbers_obey_the_theory(rep):
    t = rep[0].tables
    tec = t["tec"]
    for density, group in tec.groupby("density"):
        joint = group.set_index("classifier").loc["joint envelope", "tec"]
        assert joint <= group["tec"].min() + 1e-12, density  # the joint envelope is best
    crit = t["criteria"]
    np_rows = crit[crit["criterion"].str.startswith("Neyman")]
    assert (np_rows["fpr"] <= 0.1 + 1e-12).all()
    assert t["sonar"].attrs["tec"]["extra_cost"] > 0
    assert not t["averaging"]["roc_ever_lower"].iloc[0]
    ranges = t["pair_winning_ranges"]
    assert ranges["pcf_from"].iloc[0] == 0 and ranges["pcf_to"].iloc[-1] == 1
    assert isinstance(ranges, pd.DataFrame)


def test_figures_3_to_6_draw_the_hulls_and_envelopes_of_the_study(rep):
    """The main figure's lines are the study's numbers: on the left each classifier's ROC hull
    (its vertices' FPR, TPR), on the right its cost curve, whose heights at the breakpoints are
    recomputed here as min over hull vertices of (1 - TPR) x + FPR (1 - x) (D&H's normalised
    expected cost); the dotted verticals are the two envelopes' crossovers."""
    import matplotlib.pyplot as plt
    import numpy as np

    from costlab.metrics import crossovers
    from costlab.studies.drummond_holte2000.figures import _LABELS, figure_03_to_06
    from costlab.studies.drummond_holte2000.published import PAIR

    study = rep[0].study
    fig = figure_03_to_06(rep[0])
    try:
        left, right = fig.axes[:2]
        roc_lines = {line.get_label(): line.get_xydata() for line in left.lines}
        cost_lines = [line.get_xydata() for line in right.lines]
        by_label = {line.get_label(): line.get_xydata() for line in right.lines}
        for name in PAIR["classifiers"]:
            env = study.envelopes[name]
            hull = np.column_stack([env.hull.fpr, env.hull.tpr])
            label = _LABELS.get(name, name)  # each line is the named classifier's
            np.testing.assert_allclose(roc_lines[label], hull, rtol=0, atol=1e-12)
            x = np.asarray(env.breakpoints, dtype=float)
            cost = np.min(np.outer(x, 1 - env.hull.tpr) + np.outer(1 - x, env.hull.fpr), axis=1)
            want = np.column_stack([x, cost])
            np.testing.assert_allclose(by_label[label], want, rtol=0, atol=1e-12)
        first, second = (study.envelopes[c] for c in PAIR["classifiers"])
        verticals = sorted(
            xy[0, 0] for xy in cost_lines if xy.shape == (2, 2) and xy[0, 0] == xy[1, 0]
        )
        np.testing.assert_allclose(verticals, sorted(crossovers(first, second)), atol=1e-12)
        assert len(verticals) >= 1
    finally:
        plt.close(fig)
