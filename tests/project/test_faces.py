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
        "compute_curves": "costlab.widgets._model",
        "range_label": "costlab.widgets._model",
        "snap_range": "costlab.widgets._model",
        "snap_to_grid": "costlab.widgets._model",
        "summary_html": "costlab.widgets._model",
        "weka_status": "costlab.widgets._model",
        "compute_prior_view": "costlab.widgets._prior_shift_model",
        "operating_row": "costlab.widgets._prior_shift_model",
        "operating_row_html": "costlab.widgets._prior_shift_model",
        "cost_space_view": "costlab.widgets._cost_space_model",
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
