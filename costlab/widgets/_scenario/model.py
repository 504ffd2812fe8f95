"""The scenario explorer's computations: pure functions of prepared scores and control values.

Nothing here touches a widget or draws. :func:`prepare_scenarios` does the only slow step,
once, when the explorer is built: it sorts each classifier's scores and each boosting round's
(:func:`costlab.metrics.scored_hull`). Everything a control changes is then read from those
sorted scores under the chosen belief u(c) (:func:`density_of`): H, the scenario curves, the
risk of each hull classifier and of each instance, all by :class:`costlab.metrics.ScoredHull`
(Johnson, Raeder & Chawla 2015, eq. 6 and 10, Definitions 1-2, Fig. 1-2; Hand 2009), in time
proportional to the hull's size. The maths is :mod:`costlab.metrics.scenarios`'s; this module
wires it to the controls.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from costlab.metrics import (
    BetaDensity,
    PointMass,
    TruncatedExponential,
    as_cost_density,
    scenario_densities,
    scored_hull,
)
from costlab.plotting import ScenarioCurveDisplay

__all__ = [
    "FAMILIES",
    "ScenarioData",
    "ScenarioState",
    "density_of",
    "iteration_view",
    "matching_preset",
    "mean_bounds",
    "prepare_scenarios",
    "presets",
    "risk_view",
    "round_losses",
    "scenario_curves_under",
    "state_for_density",
]

#: The density families the picker offers: Beta(a, b) on [low, high], the truncated
#: exponential on [0, 1] given by its mean E[c], and a point mass at one cost ratio.
FAMILIES = ("beta", "exponential", "point mass")
#: Name of the preset a hand-set density shows as.
CUSTOM = "custom"


@dataclass(frozen=True)
class ScenarioState:
    """The values of the scenario explorer's controls: everything its outputs depend on.

    ``family`` picks which of the other density fields count (:func:`density_of`): ``a, b,
    low, high`` for ``"beta"``, ``mean`` (E[c]) for ``"exponential"``, ``at`` for
    ``"point mass"``. ``classifier`` is the one whose risks are shown, ``top`` how many of its
    riskiest instances, ``round`` the boosting round of the iteration chart (1-based);
    ``axis`` is the scenario curves' x axis, ``"pcf"`` (PCF(+), Johnson et al.'s pc_1) or
    ``"c"`` (the cost ratio, as u(c)).
    """

    family: str = "beta"
    axis: str = "pcf"
    a: float = 2.0
    b: float = 2.0
    low: float = 0.0
    high: float = 1.0
    mean: float = 0.5
    at: float = 0.5
    classifier: str = ""
    top: int = 10
    round: int = 1


def density_of(state):
    """The belief u(c) the state describes, a :class:`costlab.metrics.CostDensity`.

    >>> density_of(ScenarioState("beta", a=2, b=3, low=0.1, high=0.6)).name
    'Beta(2, 3) on [0.1, 0.6]'
    >>> density_of(ScenarioState("point mass", at=0.25)).name
    'c = 0.25'
    """
    if state.family == "beta":
        return BetaDensity(float(state.a), float(state.b), float(state.low), float(state.high))
    if state.family == "exponential":
        return TruncatedExponential.with_mean(float(state.mean))
    if state.family == "point mass":
        return PointMass(float(state.at))
    raise ValueError(f"family must be one of {FAMILIES}, got {state.family!r}.")


def state_for_density(state, density):
    """``state`` with its density fields set to show ``density`` (Beta, truncated exponential
    or point mass; anything :func:`costlab.metrics.as_cost_density` reads as one of these).

    >>> state_for_density(ScenarioState(), 0.3).family
    'point mass'
    """
    u = as_cost_density(density)
    if isinstance(u, BetaDensity):
        return replace(state, family="beta", a=u.a, b=u.b, low=u.low, high=u.high)
    if isinstance(u, TruncatedExponential):
        return replace(state, family="exponential", mean=u.mean())
    if isinstance(u, PointMass):
        return replace(state, family="point mass", at=u.at)
    raise ValueError(
        "density must be a Beta density, a truncated exponential or a point mass (the "
        f"picker's families), got {u.name}."
    )


def presets(pi1):
    """Johnson et al.'s (2015, sec. 3.2, Fig. 1) densities for a positive-class prior ``pi1``
    (:func:`costlab.metrics.scenario_densities`), by name."""
    return scenario_densities(pi1)


def mean_bounds(named, mean, bounds):
    """``bounds`` widened to reach ``mean`` and the mean of every truncated exponential in
    ``named``: the "inverse prior" preset's is pi1 (Johnson et al. 2015, family 4), below the
    E[c] slider's 0.02 for a rare positive class, where the slider would clamp it silently.

    >>> mean_bounds(presets(0.005), 0.5, (0.02, 0.98))
    (0.005, 0.98)
    """
    means = [mean] + [u.mean() for u in named.values() if isinstance(u, TruncatedExponential)]
    return min(bounds[0], *means), max(bounds[1], *means)


def matching_preset(state, named):
    """The name of the preset in ``named`` the state's density equals, else ``"custom"``."""
    try:
        u = density_of(state)
    except ValueError:
        return CUSTOM
    for name, density in named.items():
        if _same_density(u, density):
            return name
    return CUSTOM


def _same_density(u, v):
    if type(u) is not type(v):
        return False
    if isinstance(u, TruncatedExponential):
        return math.isclose(u.mean(), v.mean(), abs_tol=5e-4)
    return all(
        math.isclose(x, y, abs_tol=1e-9) for x, y in zip(_fields(u), _fields(v), strict=True)
    )


def _fields(u):
    return (u.a, u.b, u.low, u.high) if isinstance(u, BetaDensity) else (u.at,)


@dataclass(frozen=True)
class ScenarioData:
    """The sorted scores the explorer reads (built once by :func:`prepare_scenarios`).

    Attributes
    ----------
    hulls : dict of str -> ScoredHull
        Each classifier's scores, sorted once.
    hand_h : dict of str -> float
        Each classifier's H under Hand's Beta(2, 2), the reference beside the chosen u(c).
    staged : dict of str -> list of ScoredHull
        Each boosted ensemble's scores after rounds 1, 2, ... (empty without staged scores).
    """

    hulls: dict
    hand_h: dict
    staged: dict = field(default_factory=dict)

    @property
    def n_rounds(self):
        """The most rounds of any ensemble (0 without staged scores)."""
        return max((len(v) for v in self.staged.values()), default=0)


def prepare_scenarios(
    y_true, y_score, *, staged_scores=None, staged_y_true=None, pos_label=None, sample_weight=None
):
    """Sort every classifier's and every boosting round's scores once.

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,) or Mapping[str, array-like]
        The positive class's scores: one classifier, or ``{name: scores}``.
    staged_scores : Mapping[str, sequence of array-like], optional
        Each boosted ensemble's scores after rounds 1, 2, ... (``staged_predict_proba``), for
        Johnson et al.'s (2015) Fig. 2.
    staged_y_true : array-like, optional
        The labels of the staged scores' rows (default ``y_true``: the same rows).
    pos_label : scalar, optional
    sample_weight : array-like of shape (n,), optional
        Weights of ``y_true``'s rows (not of the staged rows).

    Returns
    -------
    ScenarioData
    """
    scores = y_score if isinstance(y_score, Mapping) else {"classifier": y_score}
    if not scores:
        raise ValueError("y_score must hold at least one classifier's scores.")
    hulls = {
        str(name): scored_hull(y_true, s, pos_label=pos_label, sample_weight=sample_weight)
        for name, s in scores.items()
    }
    hand = {name: hull.h_measure(BetaDensity(2.0, 2.0)) for name, hull in hulls.items()}
    labels = y_true if staged_y_true is None else staged_y_true
    staged = _staged_hulls(staged_scores, labels, pos_label)
    return ScenarioData(hulls, hand, staged)


def _staged_hulls(staged_scores, y_true, pos_label):
    if staged_scores is None:
        return {}
    if not isinstance(staged_scores, Mapping):
        raise TypeError(
            "staged_scores must be a mapping {name: [scores after round 1, round 2, ...]}, got "
            f"{type(staged_scores).__name__}."
        )
    out = {}
    for name, rounds in staged_scores.items():
        rounds = list(rounds) if isinstance(rounds, np.ndarray) else rounds
        if not isinstance(rounds, Sequence) or len(rounds) == 0:
            raise ValueError(
                f"staged_scores[{name!r}] must be a non-empty sequence of score arrays, one "
                "per boosting round."
            )
        out[str(name)] = [scored_hull(y_true, s, pos_label=pos_label) for s in rounds]
    return out


def scenario_curves_under(data, density, axis="pcf"):
    """Each classifier's scenario curve and H under ``density`` (no sort).

    Returns
    -------
    curves : dict of str -> ScenarioCurve
        Their ``loss`` is 1 - H (the area under the curve).
    h : dict of str -> float
    """
    curves = {name: hull.scenario_curve(density, axis=axis) for name, hull in data.hulls.items()}
    return curves, {name: curve.h for name, curve in curves.items()}


def risk_view(data, classifier, density):
    """One classifier's hull risks (eq. 10) and its instances ranked by risk (Definition 2).

    Returns
    -------
    risks : DataFrame
        :func:`costlab.metrics.classifier_risk`'s table.
    riskiest : int
        The row of the hull classifier of greatest risk (the one RiskBoost boosts).
    ranked : DataFrame
        :func:`costlab.metrics.instance_risk`'s table, riskiest first (ties: the earlier row
        first), indexed by row number.
    """
    if classifier not in data.hulls:
        raise ValueError(f"classifier must be one of {list(data.hulls)}, got {classifier!r}.")
    hull = data.hulls[classifier]
    risks = hull.classifier_risk(density)
    ranked = hull.instance_risk(density).sort_values("risk", ascending=False, kind="stable")
    return risks, int(np.argmax(risks["risk"].to_numpy())), ranked


def iteration_view(data, density, round_, axis="pcf"):
    """Fig. 2 at one round: the scenario curves of each ensemble's rounds up to ``round_``.

    Returns
    -------
    dict of str -> (rounds, curves)
        ``rounds``: the rounds drawn (at most 8, spread as
        :meth:`costlab.plotting.ScenarioCurveDisplay.default_iterations`; the last is
        ``min(round_, the ensemble's rounds)``); ``curves``: their scenario curves.
    """
    out = {}
    for name, hulls in data.staged.items():
        rounds = ScenarioCurveDisplay.default_iterations(min(int(round_), len(hulls)))
        out[name] = (rounds, [hulls[k - 1].scenario_curve(density, axis=axis) for k in rounds])
    return out


def round_losses(data, density):
    """1 - H under ``density`` after every round of each ensemble (Hand 2009), by name."""
    return {
        name: np.array([1.0 - hull.h_measure(density) for hull in hulls])
        for name, hulls in data.staged.items()
    }
