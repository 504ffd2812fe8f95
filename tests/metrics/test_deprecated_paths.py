"""Renamed public paths work for one release, with a DeprecationWarning naming the new one."""

import importlib
import sys

import pytest

import costlab.metrics.mtmcs as mtmcs


def _fresh_import(name):
    """Import ``name`` as if for the first time (its import-time warning fires again)."""
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]
    return importlib.import_module(name)


def test_the_thesis_package_is_the_mtmcs_family_under_its_old_name():
    with pytest.warns(
        DeprecationWarning, match=r"costlab\.metrics\.thesis .*costlab\.metrics\.mtmcs"
    ):
        _fresh_import("costlab.metrics.thesis")
    with pytest.warns(DeprecationWarning, match=r"use costlab\.metrics\.mtmcs\.mtmcr"):
        from costlab.metrics.thesis import mtmcr
    assert mtmcr is mtmcs.mtmcr


def test_the_thesis_modules_are_the_mtmcs_modules():
    with pytest.warns(DeprecationWarning, match=r"costlab\.metrics\.thesis is deprecated"):
        _fresh_import("costlab.metrics.thesis")
    with pytest.warns(DeprecationWarning, match=r"use costlab\.metrics\.mtmcs\.measures"):
        import costlab.metrics.thesis.measures as old_measures
    with pytest.warns(DeprecationWarning, match=r"use costlab\.metrics\.mtmcs\.mtmcs_search"):
        import costlab.metrics.thesis.mtmcs_search as old_search
    assert old_measures is mtmcs.measures and old_search is mtmcs.mtmcs_search
    with pytest.warns(DeprecationWarning, match=r"use costlab\.metrics\.mtmcs\.measures"):
        from costlab.metrics.thesis import measures
    assert measures is mtmcs.measures


def test_an_unknown_name_of_the_old_path_is_an_attribute_error():
    import costlab.metrics.thesis as thesis

    with pytest.raises(AttributeError, match="costlab.metrics.thesis' has no attribute 'nothing'"):
        thesis.nothing  # noqa: B018


def test_evaluation_significance_is_the_comparison_family_under_its_old_name():
    import costlab.metrics.comparison as comparison

    with pytest.warns(DeprecationWarning, match=r"use costlab\.metrics\.comparison\.friedman_test"):
        from costlab.evaluation.significance import friedman_test
    assert friedman_test is comparison.friedman_test
    from costlab.evaluation import significance

    with pytest.warns(DeprecationWarning, match=r"costlab\.metrics\.comparison\.average_ranks"):
        assert significance.average_ranks is comparison.average_ranks


@pytest.mark.parametrize(
    "old", ["costlab.metrics.resampling", "costlab.metrics.resampling.mtmcs_bootstrap"]
)
def test_the_corrected_ttest_is_in_the_comparison_family(old):
    from costlab.metrics.comparison import corrected_resampled_ttest

    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=r"use costlab\.metrics\.comparison\.corrected"):
        assert module.corrected_resampled_ttest is corrected_resampled_ttest
    with pytest.raises(AttributeError):
        module.cv_band_that_never_was  # noqa: B018


@pytest.mark.parametrize(
    "name, home",
    [
        ("bootstrap_interval", "scalar_bootstrap"),
        ("bootstrap_thresholds", "threshold_bootstrap"),
        ("cv_band", "repeated_cv"),
    ],
)
def test_the_names_split_out_of_mtmcs_bootstrap_keep_their_old_module_path(name, home):
    """One release: the old module path works and warns, naming the new home."""
    from costlab.metrics import resampling
    from costlab.metrics.resampling import mtmcs_bootstrap

    moved = getattr(importlib.import_module(f"costlab.metrics.resampling.{home}"), name)
    assert moved.__module__ == f"costlab.metrics.resampling.{home}"
    assert getattr(resampling, name) is moved
    with pytest.warns(DeprecationWarning, match=rf"use costlab\.metrics\.resampling\.{home}"):
        assert getattr(mtmcs_bootstrap, name) is moved
