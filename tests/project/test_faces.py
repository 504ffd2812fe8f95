"""The package faces export no internals: what left a face still works for one release, warning."""

import importlib

import pytest

#: Internals the faces exported until costlab 0.2 -> the module that defines them.
UNEXPORTED = {
    "costlab.classifiers": {
        "WekaStump": "costlab.classifiers.stump",
        "fit_weka_stump": "costlab.classifiers.stump",
        "infer_schema": "costlab.classifiers._encoding",
        "numeric_precision": "costlab.classifiers.naive_bayes",
        "parzen_loo_log_likelihood": "costlab.classifiers.density",
        "parzen_ml_width": "costlab.classifiers.density",
        "weka_num_features": "costlab.classifiers.random_tree",
    },
    "costlab.widgets": {
        "compute_curves": "costlab.widgets._kit.mtmcs",
        "range_label": "costlab.widgets._kit.mtmcs",
        "snap_range": "costlab.widgets._cost.model",
        "snap_to_grid": "costlab.widgets._kit.mtmcs",
        "summary_html": "costlab.widgets._kit.mtmcs",
        "weka_status": "costlab.widgets._cost.model",
        "compute_prior_view": "costlab.widgets._prior_shift.model",
        "operating_row": "costlab.widgets._prior_shift.model",
        "operating_row_html": "costlab.widgets._prior_shift.view",
        "cost_space_view": "costlab.widgets._cost_space.model",
    },
}
CASES = [
    (package, name, home) for package, names in UNEXPORTED.items() for name, home in names.items()
]


@pytest.mark.parametrize(("package", "name", "home"), CASES)
def test_an_internal_is_not_exported_and_its_old_path_warns(package, name, home):
    face = importlib.import_module(package)
    assert name not in face.__all__
    assert name not in vars(face)  # not imported into the face: found only through __getattr__
    with pytest.warns(DeprecationWarning, match=rf"{package}\.{name} is an internal"):
        found = getattr(face, name)
    assert found is getattr(importlib.import_module(home), name)


@pytest.mark.parametrize("package", sorted(UNEXPORTED))
def test_an_unknown_name_of_a_face_is_still_an_attribute_error(package):
    face, name = importlib.import_module(package), "no_such_name"
    with pytest.raises(AttributeError, match=f"no attribute '{name}'"):
        getattr(face, name)


def test_from_import_of_an_unexported_internal_warns():
    with pytest.warns(DeprecationWarning, match="costlab.classifiers.numeric_precision"):
        from costlab.classifiers import numeric_precision  # noqa: F401


#: Names the top-level face exported until costlab 0.2 -> their one path now.
MOVED_FROM_THE_TOP = {
    "CLASSIFIERS": "costlab.classifiers",
    "describe_classifier": "costlab.classifiers",
    "DatasetError": "costlab.datasets",
    "register_dataset": "costlab.datasets",
    "weka_folds": "costlab.evaluation",
    "Selection": "costlab.metrics",
    "cost_ratio_grid": "costlab.metrics",
    "cost_sensitivity": "costlab.metrics",
    "curve_in_range": "costlab.metrics",
    "format_cost_ratio": "costlab.metrics",
    "normalize_costs": "costlab.metrics",
    "range_summary": "costlab.metrics",
    "roc_auc": "costlab.metrics",
    "roc_points": "costlab.metrics",
    "total_misclassification_cost": "costlab.metrics",
}


def test_the_top_level_face_keeps_a_handful_of_entry_points():
    import costlab

    assert len(costlab.__all__) <= 10
    for name in costlab.__all__:  # each an entry point of a package face, the same object
        homes = ("costlab.classifiers", "costlab.datasets", "costlab.evaluation", "costlab.metrics")
        assert any(
            getattr(importlib.import_module(h), name, None) is getattr(costlab, name) for h in homes
        ), name


@pytest.mark.parametrize(("name", "home"), sorted(MOVED_FROM_THE_TOP.items()))
def test_a_name_that_left_the_top_level_face_warns_and_names_its_path(name, home):
    import costlab

    assert name not in costlab.__all__ and name not in vars(costlab)
    with pytest.warns(
        DeprecationWarning, match=rf"costlab\.{name} is deprecated.*use {home}\.{name}"
    ):
        found = getattr(costlab, name)
    assert found is getattr(importlib.import_module(home), name)
    assert name in importlib.import_module(home).__all__
