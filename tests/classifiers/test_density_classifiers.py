"""Landgrebe et al.'s (2004) density-based classifiers (LDC, QDC, MoG, Parzen), equal priors."""

import pickle

import numpy as np
import pytest
from scipy.stats import multivariate_normal
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from costlab.classifiers import (
    LDC,
    QDC,
    MixtureOfGaussiansClassifier,
    ParzenClassifier,
)
from costlab.classifiers.density import (
    parzen_loo_log_likelihood,
    parzen_ml_width,
)

# The mixture's API checks with one initialisation and at most two components per class: the
# checks test the estimator's contract, not its model choice (tested below with the defaults),
# and with the defaults (15 mixtures fitted per class) they took 47 s of the suite.
ESTIMATORS = [
    LDC(),
    QDC(),
    MixtureOfGaussiansClassifier(max_components=2, n_init=1, random_state=0),
    ParzenClassifier(),
]


@parametrize_with_checks(ESTIMATORS)
def test_scikit_learn_estimator_checks(estimator, check):
    check(estimator)


def _gaussians(n0, n1, seed=0):
    rng = np.random.default_rng(seed)
    X = np.r_[rng.normal(0, 1, (n0, 2)), rng.normal(0, 1, (n1, 2)) + [2.0, 0.5]]
    return X, np.r_[np.zeros(n0, int), np.ones(n1, int)]


def test_ldc_is_lda_with_equal_priors_even_on_unbalanced_data():
    X, y = _gaussians(900, 100)
    ours = LDC().fit(X, y).predict_proba(X)
    lda = LinearDiscriminantAnalysis(solver="lsqr", priors=[0.5, 0.5]).fit(X, y)
    np.testing.assert_allclose(ours, lda.predict_proba(X), rtol=1e-10)
    # the class proportions do not move the boundary: the fitted prior term is equal
    learned = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y).predict_proba(X)
    assert not np.allclose(ours, learned, atol=1e-3)


@pytest.mark.parametrize("Model", [LDC, QDC, ParzenClassifier])
def test_posteriors_approach_the_bayes_posteriors(Model):
    """Two known Gaussians, equal priors: P(1 | x) = p1 / (p0 + p1)."""
    X, y = _gaussians(2000, 2000, seed=1)
    grid = np.random.default_rng(2).normal(1.0, 1.0, (400, 2))
    p0 = multivariate_normal([0, 0]).pdf(grid)
    p1 = multivariate_normal([2.0, 0.5]).pdf(grid)
    bayes = p1 / (p0 + p1)
    ours = Model().fit(X, y).predict_proba(grid)[:, 1]
    assert np.mean(np.abs(ours - bayes)) < (0.02 if Model is not ParzenClassifier else 0.04)


def test_parzen_width_is_the_brute_force_loo_maximum():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(120, 2))
    h = parzen_ml_width(X)

    # the LOO log-likelihood by its definition, a double loop, on a fine grid of widths
    def loo(width):
        total = 0.0
        for i in range(len(X)):
            others = np.delete(X, i, axis=0)
            k = multivariate_normal(X[i], width**2 * np.eye(2)).pdf(others)
            total += np.log(k.mean())
        return total

    grid = np.geomspace(h / 1.5, h * 1.5, 61)
    values = [loo(w) for w in grid]
    best = grid[int(np.argmax(values))]
    assert h == pytest.approx(best, rel=0.02)
    assert parzen_loo_log_likelihood(X, h) == pytest.approx(loo(h), rel=1e-10)


def test_parzen_width_shrinks_as_n_grows():
    rng = np.random.default_rng(4)
    widths = [parzen_ml_width(rng.normal(size=(n, 2))) for n in (50, 400, 1600)]
    assert widths[0] > widths[1] > widths[2]


def test_parzen_per_class_widths_and_chunked_distances_agree():
    X, y = _gaussians(300, 300)
    X[y == 1] *= 3.0  # a wider class gets a wider kernel
    model = ParzenClassifier().fit(X, y)
    assert model.bandwidths_[1] > model.bandwidths_[0]
    fixed = ParzenClassifier(bandwidth=0.5).fit(X, y)
    np.testing.assert_array_equal(fixed.bandwidths_, [0.5, 0.5])


def test_mixture_chooses_two_components_on_a_bimodal_class():
    rng = np.random.default_rng(5)
    target = np.r_[rng.normal(-4, 1, (300, 2)), rng.normal(4, 1, (300, 2))]
    other = rng.normal(0, 1, (600, 2)) + [0, 6]
    X, y = np.r_[target, other], np.r_[np.ones(600, int), np.zeros(600, int)]
    model = MixtureOfGaussiansClassifier(random_state=0).fit(X, y)
    assert model.n_components_ == [1, 2]
    fixed = MixtureOfGaussiansClassifier(n_components=3, random_state=0).fit(X, y)
    assert fixed.n_components_ == [3, 3]
    again = MixtureOfGaussiansClassifier(random_state=0).fit(X, y)
    np.testing.assert_array_equal(model.predict_proba(X), again.predict_proba(X))


def test_far_outliers_do_not_underflow():
    X, y = _gaussians(200, 200)
    far = np.array([[1e3, 1e3], [-1e3, 0.0]])
    for model in ESTIMATORS:
        proba = model.fit(X, y).predict_proba(far)
        assert np.all(np.isfinite(proba)) and np.allclose(proba.sum(1), 1.0)


def test_pickle_and_pipeline():
    X, y = _gaussians(150, 150)
    for model in ESTIMATORS:
        pipe = make_pipeline(StandardScaler(), model).fit(X, y)
        again = pickle.loads(pickle.dumps(pipe))
        np.testing.assert_array_equal(pipe.predict_proba(X), again.predict_proba(X))


@pytest.mark.parametrize(
    ("model", "match"),
    [
        (LDC(reg=2.0), r"reg must be a real number in \[0, 1\], got 2.0"),
        (QDC(reg=-1), r"reg must be a real number in \[0, 1\], got -1"),
        (LDC(reg="0.1"), r"reg must be a real number in \[0, 1\], got '0.1'"),
        (MixtureOfGaussiansClassifier(n_components=0), "n_components must be"),
        (MixtureOfGaussiansClassifier(max_components=1.5), "max_components must be"),
        (ParzenClassifier(bandwidth=0.0), r"bandwidth must be a real number in \(0, inf\) or None"),
        (ParzenClassifier(bandwidth=float("nan")), "bandwidth must be a real number"),
    ],
)
def test_bad_parameters_are_named(model, match):
    X, y = _gaussians(20, 20)
    with pytest.raises(ValueError, match=match):
        model.fit(X, y)
    with pytest.raises(ValueError, match="one class"):
        LDC().fit(X, np.zeros(40))


@pytest.mark.parametrize("labels", [[0] * 9 + [1], ["a"] * 9 + ["b"]])
def test_parzen_refuses_a_class_of_one_instance_naming_it(labels):
    X = np.random.default_rng(0).normal(size=(10, 2))
    lone = labels[-1]
    with pytest.raises(ValueError, match=f"class {lone!r} has 1 training instance.*at least 2"):
        ParzenClassifier().fit(X, labels)
    with pytest.raises(ValueError, match="parzen_ml_width needs at least 2 points"):
        parzen_ml_width(X[:1])
    # a given width needs no leave-one-out likelihood
    assert ParzenClassifier(bandwidth=0.5).fit(X, labels).bandwidths_.tolist() == [0.5, 0.5]


@pytest.mark.parametrize(
    "X",
    [
        np.array([[0, 0], [1, 1], [2, 2], [3, 3], [0, 1], [1, 2.5], [2, 3], [3, 5.0]]),  # collinear
        np.array([[0, 0], [1, 1], [1, 0], [5, 5], [6, 5], [5, 7.0]])[[0, 1, 3, 4, 5, 2]],  # n <= d
    ],
)
def test_qdc_singular_covariance_names_reg(X):
    y = np.array(["neg"] * 4 + ["pos"] * 4) if len(X) == 8 else np.array(["neg"] * 2 + ["pos"] * 4)
    with pytest.raises(np.linalg.LinAlgError, match=r"class 'neg'.*increase reg") as err:
        QDC().fit(X, y)
    assert "reg_param" not in str(err.value) and "shrinkage" not in str(err.value)
    assert QDC(reg=0.1).fit(X, y).predict_proba(X).shape == (len(X), 2)
