"""Landgrebe et al.'s (2004) four 2-D problems: TwoGaussians, Highleyman (PRTools
gendath), Lithuanian (PRTools gendatl) and Multimodal. Each documented parameter and Bayes error is
checked against an independent computation (closed form, quadrature, grid integration) and a large
sample drawn by the generator."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy import integrate, stats
from sklearn.discriminant_analysis import (
    LinearDiscriminantAnalysis,
    QuadraticDiscriminantAnalysis,
)
from sklearn.mixture import GaussianMixture

from costlab.datasets import (
    DatasetError,
    _prtools,
    _specs,
    highleyman,
    list_datasets,
    lithuanian,
    load_dataset,
    multimodal,
    two_gaussians,
    two_gaussians_bayes_error,
)

GENERATORS = {
    "two_gaussians": two_gaussians,
    "highleyman": highleyman,
    "lithuanian": lithuanian,
    "multimodal": multimodal,
}
TARGET, NON_TARGET = "target", "non-target"


def _classes(data):
    """(target rows, non-target rows) as arrays."""
    X = data.X.to_numpy()
    return X[data.y_binary == 1], X[data.y_binary == 0]


def _binomial_tol(p, n, k=5):
    return k * math.sqrt(p * (1 - p) / n)


# ---------------------------------------------------------------- common contract


@pytest.mark.parametrize("name", sorted(GENERATORS))
@pytest.mark.parametrize("n_per_class", [1, 7, 1500])
def test_shape_labels_and_exact_class_counts(name, n_per_class):
    data = GENERATORS[name](n_per_class, random_state=3)
    assert data.X.shape == (2 * n_per_class, 2)
    assert list(data.X.columns) == ["x1", "x2"]
    assert all(data.X[c].dtype == np.float64 for c in data.X)
    assert (data.negative, data.positive) == (NON_TARGET, TARGET)
    assert data.class_counts == {NON_TARGET: n_per_class, TARGET: n_per_class}
    assert (data.name, data.source, data.checksums) == (name, "synthetic", {})
    assert data.title == _prtools._TITLES[name]
    assert np.isfinite(data.X.to_numpy()).all()


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_default_is_1500_per_class_with_seed_0(name):
    default = GENERATORS[name]()
    assert default.class_counts == {NON_TARGET: 1500, TARGET: 1500}
    pd.testing.assert_frame_equal(default.X, GENERATORS[name](1500, random_state=0).X)


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_same_seed_same_data_other_seed_other_data(name):
    generator = GENERATORS[name]
    first, again = generator(300, random_state=7), generator(300, random_state=7)
    pd.testing.assert_frame_equal(first.X, again.X)
    pd.testing.assert_series_equal(first.y, again.y)
    other = generator(300, random_state=8)
    assert not np.allclose(first.X.to_numpy(), other.X.to_numpy())
    assert not (first.y == other.y).all()  # the class positions are random too
    rng_draw = generator(300, random_state=np.random.default_rng(7))
    pd.testing.assert_frame_equal(first.X, rng_draw.X)


def test_classes_are_at_random_positions_not_blocks():
    y = highleyman(1000, random_state=2).y_binary
    assert 0.4 < y[:1000].mean() < 0.6


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("name", sorted(GENERATORS))
@pytest.mark.parametrize("bad", [0, -3, 1.5, 1500.0, "10", True, None])
def test_n_per_class_must_be_a_positive_integer(name, bad):
    with pytest.raises(DatasetError, match=r"n_per_class must be an int in \[1, inf\), got"):
        GENERATORS[name](bad)


@pytest.mark.parametrize("name", sorted(GENERATORS))
@pytest.mark.parametrize("bad", [-1, 1.5, "seed"])
def test_random_state_is_checked(name, bad):
    with pytest.raises(ValueError, match="random_state must be"):
        GENERATORS[name](10, random_state=bad)


@pytest.mark.parametrize("bad", [-0.1, math.nan, math.inf, "2", None, True])
def test_distance_and_noise_must_be_finite_and_non_negative(bad):
    with pytest.raises(DatasetError, match=r"distance must be a real number in \[0, inf\)"):
        two_gaussians(10, distance=bad)
    with pytest.raises(DatasetError, match=r"distance must be a real number in \[0, inf\)"):
        two_gaussians_bayes_error(bad)
    with pytest.raises(DatasetError, match=r"noise must be a real number in \[0, inf\)"):
        lithuanian(10, noise=bad)


def test_numpy_integers_are_accepted():
    assert two_gaussians(np.int64(3)).n_instances == 6
    assert two_gaussians_bayes_error(np.float32(2.0)) == pytest.approx(stats.norm.cdf(-1))


# ---------------------------------------------------------------- TwoGaussians


def test_two_gaussians_distance_is_solved_from_the_stated_bayes_error():
    """Landgrebe et al. 2004, section 4: Bayes error 'around 15.3 %'; Phi(-d/2) = 0.153."""
    d = _prtools.TWO_GAUSSIANS_DISTANCE
    assert d == pytest.approx(-2 * stats.norm.ppf(0.153), abs=1e-12)
    assert two_gaussians_bayes_error() == pytest.approx(0.153, abs=1e-12)
    assert two_gaussians_bayes_error(2.0) == pytest.approx(stats.norm.cdf(-1.0), abs=1e-15)
    assert two_gaussians_bayes_error(0) == 0.5
    assert two_gaussians_bayes_error(40.0) == pytest.approx(stats.norm.cdf(-20.0), rel=1e-12)


def test_two_gaussians_bayes_rule_error_on_a_large_sample():
    n = 200_000
    target, non_target = _classes(two_gaussians(n, random_state=11))
    d = _prtools.TWO_GAUSSIANS_DISTANCE
    error = 0.5 * (np.mean(target[:, 0] > d / 2) + np.mean(non_target[:, 0] < d / 2))
    assert error == pytest.approx(0.153, abs=_binomial_tol(0.153, 2 * n, k=4))


def test_two_gaussians_other_distance_and_bayes_error_by_integration():
    d = 3.0
    half = integrate.quad(lambda x: min(stats.norm.pdf(x), stats.norm.pdf(x, d)), -10, 13)[0]
    assert two_gaussians_bayes_error(d) == pytest.approx(half / 2, abs=1e-10)
    target, non_target = _classes(two_gaussians(50_000, random_state=2, distance=d))
    assert non_target.mean(axis=0) - target.mean(axis=0) == pytest.approx([d, 0], abs=0.04)


def test_two_gaussians_moments():
    target, non_target = _classes(two_gaussians(200_000, random_state=4))
    d = _prtools.TWO_GAUSSIANS_DISTANCE
    for X, mean in ((target, [0, 0]), (non_target, [d, 0])):
        np.testing.assert_allclose(X.mean(axis=0), mean, atol=0.015)
        np.testing.assert_allclose(np.cov(X, rowvar=False), np.eye(2), atol=0.02)


# ---------------------------------------------------------------- Highleyman


def test_highleyman_parameters_are_gendaths():
    """PRTools 5.4.2 gendath.m: 1: Gauss([1 1],[1 0; 0 0.25]), 2: Gauss([2 0],[0.01 0; 0 4])."""
    assert _prtools.HIGHLEYMAN_MEANS == ((1, 1), (2, 0))
    assert _prtools.HIGHLEYMAN_COVARIANCES == (((1, 0), (0, 0.25)), ((0.01, 0), (0, 4)))


def test_highleyman_sample_moments():
    n = 200_000
    data = highleyman(n, random_state=5)
    for X, mean, cov in zip(
        _classes(data), _prtools.HIGHLEYMAN_MEANS, _prtools.HIGHLEYMAN_COVARIANCES, strict=True
    ):
        cov = np.array(cov)
        np.testing.assert_allclose(X.mean(axis=0), mean, atol=5 * np.sqrt(cov.max() / n))
        np.testing.assert_allclose(np.cov(X, rowvar=False), cov, atol=6 * cov.max() / np.sqrt(n))
        np.testing.assert_allclose(np.cov(X, rowvar=False), cov, rtol=0.02, atol=0.003)


def _highleyman_llr(X):
    """log p_target(x) - log p_non-target(x) with gendath's parameters."""
    (m_t, m_n), (c_t, c_n) = _prtools.HIGHLEYMAN_MEANS, _prtools.HIGHLEYMAN_COVARIANCES
    return stats.multivariate_normal.logpdf(X, m_t, c_t) - stats.multivariate_normal.logpdf(
        X, m_n, c_n
    )


def _highleyman_masses(t=0.0):
    """P_t(llr >= t) and P_n(llr >= t) by quadrature over x1: for fixed x1 the log-likelihood
    ratio is a downward parabola in x2, -15/8 x2^2 + 4 x2 + c(x1), so the set is an interval."""

    def parts(x1):
        c = -2 - 0.5 * (x1 - 1) ** 2 + 50 * (x1 - 2) ** 2 + np.log(0.1 * 2 / 0.5) - t
        a, b = -15 / 8, 4.0
        disc = b * b - 4 * a * c
        if disc <= 0:
            return 0.0, 0.0
        lo, hi = sorted([(-b - np.sqrt(disc)) / (2 * a), (-b + np.sqrt(disc)) / (2 * a)])
        return (
            stats.norm.pdf(x1, 1, 1) * np.diff(stats.norm.cdf([lo, hi], 1, 0.5))[0],
            stats.norm.pdf(x1, 2, 0.1) * np.diff(stats.norm.cdf([lo, hi], 0, 2))[0],
        )

    def mass(k):
        kw = {"points": [1.5, 2, 2.5], "limit": 500, "epsabs": 1e-14}
        return integrate.quad(lambda x1: parts(x1)[k], -10, 12, **kw)[0]

    return mass(0), mass(1)


def test_highleyman_bayes_error_by_quadrature_and_by_sample():
    p_t, p_n = _highleyman_masses()
    bayes = 0.5 * ((1 - p_t) + p_n)
    assert bayes == pytest.approx(0.05547, abs=5e-6)  # the module's 5.547 %
    n = 200_000
    target, non_target = _classes(highleyman(n, random_state=6))
    error = 0.5 * (np.mean(_highleyman_llr(target) < 0) + np.mean(_highleyman_llr(non_target) > 0))
    assert error == pytest.approx(bayes, abs=_binomial_tol(bayes, 2 * n, k=4))


def test_highleyman_target_is_gendaths_class_1_as_table_2_implies():
    """Landgrebe et al. 2004, Table 2: QDC's POSfrac at TPr 80 % is 40.00/8.00/0.08 % (FPr = 0).
    With class 1 as target the Bayes rule reaches TPr 80 % at FPr 0.0011 %; with class 2 it would
    cost 2.3 %."""
    p_t, p_n = _highleyman_masses(t=6.873359736674142)
    assert p_t == pytest.approx(0.8, abs=1e-6)
    assert p_n == pytest.approx(1.14e-5, abs=1e-7)
    q_t, q_n = _highleyman_masses(t=-1.5408306710950188)  # llr < t: 80 % of class 2
    assert 1 - q_n == pytest.approx(0.8, abs=1e-6) and 1 - q_t == pytest.approx(0.0227, abs=1e-4)


# ---------------------------------------------------------------- Lithuanian


def test_lithuanian_without_noise_lies_on_two_arcs_of_120_degrees():
    target, non_target = _classes(lithuanian(20_000, random_state=7, noise=0.0))
    for X, radius in zip((target, non_target), (10.0, 6.2), strict=True):
        np.testing.assert_allclose(np.hypot(X[:, 0], X[:, 1]), radius, rtol=1e-12)
        angle = np.arctan2(X[:, 1], X[:, 0])
        assert angle.min() >= -np.pi / 3 and angle.max() <= np.pi / 3
        assert stats.kstest(angle, stats.uniform(-np.pi / 3, 2 * np.pi / 3).cdf).pvalue > 1e-3


def test_lithuanian_moments_with_noise():
    """u ~ U(-t/2, t/2), t = 2 pi/3: E cos u = sin(t/2)/(t/2), E cos^2 u = 1/2 + sin t/(2t)."""
    n, s, t = 200_000, 1.0, 2 * np.pi / 3
    data = lithuanian(n, random_state=8, noise=s)
    for X, r in zip(_classes(data), (10.0, 6.2), strict=True):
        mean_cos = np.sin(t / 2) / (t / 2)
        var_x1 = r**2 * (0.5 + np.sin(t) / (2 * t) - mean_cos**2) + s**2
        var_x2 = r**2 * (0.5 - np.sin(t) / (2 * t)) + s**2
        np.testing.assert_allclose(X.mean(axis=0), [r * mean_cos, 0], atol=0.03)
        np.testing.assert_allclose(
            np.cov(X, rowvar=False), np.diag([var_x1, var_x2]), rtol=0.02, atol=0.05
        )


def test_lithuanian_noise_is_gaussian_with_the_given_sd():
    """With all angles fixed by noise=0 on the same seed, the noisy sample differs by s z."""
    s = 0.7
    clean = lithuanian(50_000, random_state=9, noise=0.0).X.to_numpy()
    noisy = lithuanian(50_000, random_state=9, noise=s).X.to_numpy()
    z = (noisy - clean) / s
    np.testing.assert_allclose(z.mean(axis=0), 0, atol=0.02)
    np.testing.assert_allclose(np.cov(z, rowvar=False), np.eye(2), atol=0.02)


_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(200)


def _lithuanian_density(X, radius, s=1.0):
    """Density of r (cos u, sin u) + s z, u ~ U(-pi/3, pi/3): Gauss-Legendre over u."""
    u = _NODES * np.pi / 3
    out = []
    for chunk in np.array_split(X, max(1, len(X) // 10_000)):
        d2 = (chunk[:, :1] - radius * np.cos(u)) ** 2 + (chunk[:, 1:] - radius * np.sin(u)) ** 2
        out.append(np.exp(-d2 / (2 * s * s)) / (2 * np.pi * s * s) @ (_WEIGHTS / 2))
    return np.concatenate(out)


def test_lithuanian_bayes_error_by_grid_and_by_sample():
    h = 0.05
    grid = np.stack(np.meshgrid(np.arange(-4, 16, h), np.arange(-14, 14, h)), -1).reshape(-1, 2)
    p_t, p_n = _lithuanian_density(grid, 10.0), _lithuanian_density(grid, 6.2)
    assert (p_t.sum() * h * h, p_n.sum() * h * h) == pytest.approx((1, 1), abs=1e-6)
    bayes = np.minimum(p_t, p_n).sum() * h * h / 2
    assert bayes == pytest.approx(0.02918, abs=5e-5)  # the module's 2.918 %
    n = 20_000
    target, non_target = _classes(lithuanian(n, random_state=10))
    wrong_t = _lithuanian_density(target, 10.0) < _lithuanian_density(target, 6.2)
    wrong_n = _lithuanian_density(non_target, 10.0) > _lithuanian_density(non_target, 6.2)
    error = 0.5 * (wrong_t.mean() + wrong_n.mean())
    assert error == pytest.approx(bayes, abs=_binomial_tol(bayes, 2 * n, k=4))


# ---------------------------------------------------------------- Multimodal


def _mixture_density(X, modes):
    return np.mean([stats.multivariate_normal.pdf(X, m) for m in modes], axis=0)


def test_multimodal_has_two_and_three_equal_modes_at_the_stated_centres():
    n = 60_000
    data = multimodal(n, random_state=12)
    for X, modes in zip(
        _classes(data),
        (_prtools.MULTIMODAL_TARGET_MODES, _prtools.MULTIMODAL_NON_TARGET_MODES),
        strict=True,
    ):
        modes = np.array(modes)
        nearest = np.argmin(((X[:, None, :] - modes) ** 2).sum(-1), axis=1)
        shares = np.bincount(nearest, minlength=len(modes)) / n
        # the nearest-centre share of each mode is 1/k up to the modes' small overlap
        np.testing.assert_allclose(shares, 1 / len(modes), atol=0.02)
        gm = GaussianMixture(len(modes), random_state=0, means_init=modes).fit(X)
        np.testing.assert_allclose(gm.weights_, 1 / len(modes), atol=0.01)
        np.testing.assert_allclose(gm.means_, modes, atol=0.05)
        for cov in gm.covariances_:
            np.testing.assert_allclose(cov, np.eye(2), atol=0.05)


def test_multimodal_mode_count_is_what_bic_picks():
    target, non_target = _classes(multimodal(4000, random_state=13))
    for X, k in ((target, 2), (non_target, 3)):
        bic = [GaussianMixture(j, n_init=3, random_state=0).fit(X).bic(X) for j in range(1, 6)]
        assert int(np.argmin(bic)) + 1 == k


def test_multimodal_bayes_error_by_grid_and_by_sample():
    h = 0.05
    grid = np.stack(np.meshgrid(np.arange(-13, 13, h), np.arange(-10, 8, h)), -1).reshape(-1, 2)
    p_t = _mixture_density(grid, _prtools.MULTIMODAL_TARGET_MODES)
    p_n = _mixture_density(grid, _prtools.MULTIMODAL_NON_TARGET_MODES)
    bayes = np.minimum(p_t, p_n).sum() * h * h / 2
    assert bayes == pytest.approx(0.0831, abs=5e-5)  # the module's 8.31 %
    n = 100_000
    target, non_target = _classes(multimodal(n, random_state=14))
    modes = (_prtools.MULTIMODAL_TARGET_MODES, _prtools.MULTIMODAL_NON_TARGET_MODES)
    wrong_t = _mixture_density(target, modes[0]) < _mixture_density(target, modes[1])
    wrong_n = _mixture_density(non_target, modes[0]) > _mixture_density(non_target, modes[1])
    error = 0.5 * (wrong_t.mean() + wrong_n.mean())
    assert error == pytest.approx(bayes, abs=_binomial_tol(bayes, 2 * n, k=4))


def _fpr_at_tpr(score_t, score_n, tpr=0.8):
    return np.mean(score_n >= np.quantile(score_t, 1 - tpr))


def test_multimodal_defeats_linear_half_defeats_quadratic_suits_mixtures():
    """The module's claim: at TPr 80 % an LDC passes ~57 % of non-targets, a QDC ~20 %, a
    2/3-component mixture ~3 % (Landgrebe et al. 2004, Table 2 at P(C_t) = 0.001: 58.0, 20.5,
    2.4 %)."""
    train = multimodal(random_state=15)
    test_t, test_n = _classes(multimodal(100_000, random_state=16))
    X, y = train.X.to_numpy(), train.y_binary
    fpr = {}
    for name, model in (
        ("ldc", LinearDiscriminantAnalysis()),
        ("qdc", QuadraticDiscriminantAnalysis()),
    ):
        model.fit(X, y)
        fpr[name] = _fpr_at_tpr(model.decision_function(test_t), model.decision_function(test_n))
    gm_t = GaussianMixture(2, random_state=0).fit(X[y == 1])
    gm_n = GaussianMixture(3, random_state=0).fit(X[y == 0])
    fpr["mog"] = _fpr_at_tpr(
        gm_t.score_samples(test_t) - gm_n.score_samples(test_t),
        gm_t.score_samples(test_n) - gm_n.score_samples(test_n),
    )
    assert 0.5 < fpr["ldc"] < 0.65
    assert 0.12 < fpr["qdc"] < 0.26
    assert fpr["mog"] < 0.045


# ---------------------------------------------------------------- registry


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_registered_problems_load_without_files_or_network(name, tmp_path, monkeypatch):
    monkeypatch.setenv("COSTLAB_MIRROR", str(tmp_path / "no-such-mirror"))
    monkeypatch.setenv("COSTLAB_OPENML_SERVER", "http://127.0.0.1:9/")
    data = load_dataset(name, data_home=tmp_path / "home")
    assert not (tmp_path / "home").exists()
    expected = GENERATORS[name](1500, random_state=0)
    pd.testing.assert_frame_equal(data.X, expected.X)
    pd.testing.assert_series_equal(data.y, expected.y)
    assert data.class_counts == {NON_TARGET: 1500, TARGET: 1500}
    assert (data.name, data.source) == (name, "synthetic")
    row = list_datasets().set_index("name").loc[name]
    assert (row["title"], row["n_instances"], row["negative"], row["positive"]) == (
        data.title,
        3000,
        NON_TARGET,
        TARGET,
    )
    assert row["source"] == "synthetic" and pd.isna(row["openml_id"])


@pytest.mark.parametrize("bad", [3, 0, 2.0, True])
def test_registry_adapter_needs_an_even_total(bad):
    draw = _specs.per_class(highleyman)
    assert draw.__name__ == "highleyman"
    assert draw(4, random_state=1).class_counts == {NON_TARGET: 2, TARGET: 2}
    with pytest.raises(DatasetError, match="n must be an even integer >= 2"):
        draw(bad)
