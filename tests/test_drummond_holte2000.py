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
