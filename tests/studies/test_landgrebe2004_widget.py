"""The Landgrebe et al. (2004) notebook's prior-shift widget on a small run of the study: the
printed POSfrac beside the computed one, and no control that fits or cross-validates."""

import pytest
from _explorer_kit import count_calls, prior_row, prior_row_attr

from costlab.widgets import PriorShiftState
from costlab.widgets._kit.charts import BrowserChart
from costlab.widgets._prior_shift import model


@pytest.fixture(scope="module")
def small_study(tmp_path_factory):
    """The study's view on a small run (two problems, 60 per class, 3 folds), cached."""
    from costlab.studies.landgrebe2004 import notebook
    from costlab.studies.landgrebe2004.experiments import run_table2

    run = run_table2(
        experiments=["Highleyman", "Lithuanian"],
        n_per_class=60,
        n_folds=3,
        progress=False,
        cache_dir=tmp_path_factory.mktemp("cv"),
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(notebook, "run_table2", lambda **kwargs: run)
        return notebook.PriorsView(progress=False)


@pytest.mark.slow
def test_no_control_fits_or_cross_validates_and_redraws_are_cheap(small_study, monkeypatch):
    import costlab.classifiers
    import costlab.studies.landgrebe2004.experiments as experiments

    widget = small_study.prior_widget()
    assert widget.state_ == PriorShiftState("Highleyman", "LDC", 0.1, "tpr", 0.8)
    assert "printed POSfrac" in widget.table.value and prior_row(widget)[0.1]["printed"] == 0.2985
    assert prior_row_attr(widget, "data-n-folds") == "3"

    expensive = []

    def forbidden(name):
        def record(*args, **kwargs):
            expensive.append(name)
            raise AssertionError(f"{name} called from a widget callback")

        return record

    for owner, name in [
        (costlab.evaluation.experiment, "run_experiments"),
        (costlab.evaluation.experiment, "cross_val_proba"),
        (costlab.evaluation.cv, "cross_val_proba"),
        (experiments, "run_experiments"),
        (experiments, "run_table2"),
        (experiments, "generate"),
    ]:
        monkeypatch.setattr(owner, name, forbidden(f"{owner.__name__}.{name}"))
    for cls in ("LDC", "QDC", "MixtureOfGaussiansClassifier", "ParzenClassifier"):
        monkeypatch.setattr(getattr(costlab.classifiers, cls), "fit", forbidden(f"{cls}.fit"))

    sorts = count_calls(monkeypatch, model, "prior_operating_curves")
    folds = count_calls(monkeypatch, model, "fold_operating_points")
    reads = count_calls(monkeypatch, model, "operating_point")
    shown = count_calls(monkeypatch, BrowserChart, "show")
    n_classifiers = len(widget.classifier.options)
    moves = [
        (widget.prior, 0.01),
        (widget.prior, 0.001),
        (widget.value, 0.7),
        (widget.condition, "posfrac"),
        (widget.value, 0.15),
        (widget.condition, "purity"),
        (widget.value, 0.95),
        (widget.classifier, "QDC"),
        (widget.dataset, "Lithuanian"),
        (widget.classifier, "PARZEN"),
    ]
    for k, (control, value) in enumerate(moves, start=1):
        control.value = value
        assert widget.error_ is None, widget.message.value
        # one sort of the chosen classifier's scores, one read of its folds, one read of
        # each classifier for the column, two PNGs: nothing else per move
        assert (sorts[0], folds[0], reads[0], shown[0]) == (k, k, k * n_classifiers, 2 * k)
    assert expensive == []
    assert widget.state_ == PriorShiftState("Lithuanian", "PARZEN", 0.001, "purity", 0.95)
