"""PriorShiftDisplay (Landgrebe et al. 2004, Figs. 3-4) draws what metrics.prior_shift computes."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis  # noqa: E402

from costlab.metrics import operating_point, prior_operating_curves  # noqa: E402
from costlab.plotting import PriorShiftDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(1)
    y = np.repeat([0, 1], 300)
    X = rng.normal(size=(600, 2)) + 1.5 * y[:, None]
    return X, y, LinearDiscriminantAnalysis().fit(X, y).predict_proba(X)[:, 1]


def test_lines_are_the_metric_arrays(data):
    _, y, s = data
    display = PriorShiftDisplay.from_predictions(y, s, kind=("roc", "posfrac", "purity"))
    curves = prior_operating_curves(y, s, (0.5, 0.1, 0.001))
    np.testing.assert_array_equal(display.lines_[("roc", None)].get_xdata(), curves.fpr)
    for k, prior in enumerate(curves.priors):
        posfrac = display.lines_[("posfrac", prior)]
        np.testing.assert_array_equal(posfrac.get_xdata(), curves.posfrac[k])
        np.testing.assert_array_equal(posfrac.get_ydata(), curves.tpr)
        np.testing.assert_array_equal(
            display.lines_[("purity", prior)].get_xdata(), curves.purity[k]
        )
    assert len(display.axes_) == 3
    legend = [t.get_text() for t in display.axes_[1].get_legend().get_texts()]
    assert legend == ["$P(C_t)$ = 0.5", "$P(C_t)$ = 0.1", "$P(C_t)$ = 0.001"]


def test_operating_point_marked_at_the_paper_s_tpr(data):
    _, y, s = data
    display = PriorShiftDisplay.from_predictions(
        y, s, kind="posfrac", operating_point={"tpr": 0.8}, name="LDC"
    )
    expected = operating_point(y, s, (0.5, 0.1, 0.001), tpr=0.8)
    for k, prior in enumerate((0.5, 0.1, 0.001)):
        marker = display.markers_[("posfrac", prior)]
        assert marker.get_xdata()[0] == pytest.approx(expected.loc[k, "posfrac"])
        assert marker.get_ydata()[0] == pytest.approx(0.8)
    # POSfrac -> FPr as the skew grows (Landgrebe et al. 2004, after eq. 5)
    assert display.points_.loc[2, "posfrac"] == pytest.approx(
        display.points_.loc[2, "fpr"], abs=1e-3
    )
    assert display.axes_[0].get_title(loc="left") == "TPr vs POSfrac: LDC"


@pytest.mark.parametrize("priors", [(0.3, 0.31, 0.32, 0.33), (0.001, 0.0011, 0.5)])
def test_value_labels_of_nearby_priors_do_not_overlap(data, priors):
    """Fig. 4's labels of the markers' POSfrac and purity: nearby priors put their markers
    side by side, and the labels once overlapped; as drawn in the prior widget's figure."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    _, y, s = data
    figure = Figure(figsize=(9.6, 4.3), layout="constrained")
    FigureCanvasAgg(figure)  # as the widget's charts draw it
    display = PriorShiftDisplay.from_predictions(
        y,
        s,
        priors=priors,
        kind=("posfrac", "purity"),
        operating_point={"tpr": 0.8},
        ax=figure.subplots(1, 2),
    )
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    for axis in display.axes_:
        boxes = [
            label.get_window_extent(renderer)
            for label in display.value_labels_.values()
            if label.axes is axis
        ]
        assert len(boxes) == len(priors)
        for i, box in enumerate(boxes):
            for other in boxes[i + 1 :]:
                assert not box.overlaps(other), (box, other)


def test_from_estimator_and_given_axes(data):
    X, y, s = data
    fig, axes = plt.subplots(1, 2)
    model = LinearDiscriminantAnalysis().fit(X, y)
    display = PriorShiftDisplay.from_estimator(model, X, y, priors=0.1, ax=axes)
    assert display.figure_ is fig and display.axes_[1] is axes[1]
    np.testing.assert_allclose(
        display.lines_[("posfrac", 0.1)].get_xdata(), prior_operating_curves(y, s, 0.1).posfrac[0]
    )
    display = PriorShiftDisplay.from_predictions(y, s, kind="posfrac", log_x=True)
    assert display.axes_[0].get_xscale() == "log"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"kind": "cost"}, "kind must be one or more of"),
        ({"priors": 1.0}, "priors must be true target priors"),
        ({"priors": [0.1, 0.0]}, "priors must be true target priors"),
        ({"operating_point": {"fpr": 0.1}}, "operating_point's key"),
        ({"operating_point": {"tpr": 1.5}}, r"tpr must lie in \(0, 1\]"),
        ({"ax": [None]}, "one Axes per kind"),
    ],
)
def test_bad_input_is_named(data, kwargs, match):
    _, y, s = data
    with pytest.raises(ValueError, match=match):
        PriorShiftDisplay.from_predictions(y, s, **kwargs)
    with pytest.raises(ValueError, match="one class|two classes|class"):
        PriorShiftDisplay.from_predictions(np.ones(5), np.arange(5.0))


def test_sweep_is_the_operating_point_at_every_prior(data):
    from costlab.plotting import PriorSweepDisplay

    _, y, s = data
    display = PriorSweepDisplay.from_predictions(y, {"LDA": s}, prior=0.003)
    line = display.lines_["LDA"]
    priors = line.get_xdata()
    assert priors.min() == pytest.approx(1e-4) and priors.max() == pytest.approx(0.99)
    assert 0.003 in priors
    expected = operating_point(y, s, priors, tpr=0.8)
    np.testing.assert_allclose(line.get_ydata(), expected["posfrac"], rtol=1e-12)
    # with TPr fixed, FPr is the same at every prior, so POSfrac is linear in the prior
    np.testing.assert_allclose(
        np.diff(line.get_ydata()) / np.diff(priors), 0.8 - expected["fpr"].iloc[0]
    )
    assert display.markers_["LDA"].get_xdata()[0] == 0.003
    assert display.ax_.get_xscale() == "log"
    purity = PriorSweepDisplay.from_predictions(
        y, s, measure="purity", condition={"posfrac": 0.1}, name="LDA"
    )
    expected = operating_point(y, s, purity.lines_["LDA"].get_xdata(), posfrac=0.1)
    np.testing.assert_allclose(purity.lines_["LDA"].get_ydata(), expected["purity"], rtol=1e-12)
    with pytest.raises(ValueError, match="measure must be"):
        PriorSweepDisplay({}, condition={"tpr": 0.8}, measure="fpr")


def test_deployment_cost_display_draws_both_priors_and_the_band():
    import matplotlib

    matplotlib.use("Agg")
    from sklearn.linear_model import LogisticRegression

    from costlab.metrics import costs_at_prior, estimate_prior
    from costlab.plotting import DeploymentCostDisplay

    rng = np.random.default_rng(0)
    y = (rng.random(600) < 0.5).astype(int)
    X = rng.normal(np.where(y == 1, 1.0, -1.0), 1.0)[:, None]
    s = LogisticRegression().fit(X, y).predict_proba(X)[:, 1]
    est = estimate_prior(s[y == 0][:200], train_prior=0.5, n_resamples=100)
    display = DeploymentCostDisplay.from_predictions(y, s, estimate=est, fp_costs=[0.2, 0.5])
    expected = costs_at_prior(y, s, est, [0.2, 0.5])["cost"].to_numpy()
    np.testing.assert_allclose(display.lines_["deployment"].get_ydata(), expected)
    assert display.lines_["training"].get_ydata()[1] > expected[1]  # rarer positives, cheaper
    clf = LogisticRegression().fit(X, y)
    from_est = DeploymentCostDisplay.from_estimator(clf, X, y, estimate=est)
    assert from_est.name == "LogisticRegression"
    with pytest.raises(TypeError, match="estimate must be a PriorEstimate"):
        DeploymentCostDisplay.from_predictions(y, s, estimate=0.1)


def test_the_default_priors_keep_their_old_name_for_one_release():
    """The library's default priors are named after no paper; the old name warns."""
    import costlab.plotting as plotting

    assert plotting.DEFAULT_PRIORS == (0.5, 0.1, 0.001)
    assert "PAPER_PRIORS" not in plotting.__all__
    with pytest.warns(DeprecationWarning, match=r"use costlab\.plotting\.DEFAULT_PRIORS"):
        assert plotting.PAPER_PRIORS is plotting.DEFAULT_PRIORS
    with pytest.raises(AttributeError):
        plotting.PAPER_PRIORITIES  # noqa: B018
