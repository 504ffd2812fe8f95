"""The cost-space explorer's computations: pure functions of the classifiers and the controls.

Drummond & Holte (2000): a classifier's ROC point (FP, TP) is the cost line
NE[C] = (1 - TP - FP) PCF(+) + FP (eq. 8) over the probability cost PCF(+) (eq. 6), its ROC
convex hull is the lower envelope of those lines, and the total expected cost is the area under
the envelope weighted by a distribution of PCF(+) (eq. 11). Everything here reads
:mod:`costlab.metrics` (one home per formula): :func:`~costlab.metrics.cost_envelope` once per
classifier when the explorer is built (:class:`CostSpaceData`), then, per control move,
:func:`~costlab.metrics.probability_cost`, the envelopes' own evaluation, and the memoised
:func:`~costlab.metrics.winning_ranges`, :func:`~costlab.metrics.joint_envelope` and
:func:`~costlab.metrics.total_expected_cost`. Nothing here touches a widget or matplotlib.

:func:`cost_space_view` is the controller's pure core: a :class:`CostSpaceState` (the controls'
values) in, a :class:`CostSpaceView` (what the outputs show) out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd

from costlab.metrics import (
    CostEnvelope,
    RocHull,
    cost_envelope,
    cost_lines_envelope,
    cost_point_to_roc_line,
    joint_envelope,
    probability_cost,
    roc_points,
    total_expected_cost,
    winning_ranges,
)
from costlab.validation import Options, check_param

__all__ = [
    "DENSITIES",
    "MODES",
    "PCF_RANGE",
    "CostSpaceData",
    "CostSpaceState",
    "CostSpaceView",
    "Winner",
    "cost_space_view",
    "density_name",
    "density_spec",
    "operating_pcf",
    "operating_table",
]

#: How PCF(+) is set: directly, or from its parts p(+), ``C(-|+)`` and ``C(+|-)`` (D&H eq. 6).
MODES = ("pcf", "parts")
#: The densities of PCF(+) offered for the total expected cost (D&H eq. 11).
DENSITIES = ("uniform", "beta")
#: The PCF(+) slider's range: an iso-cost line needs a finite slope (1 - PCF(+)) / PCF(+).
PCF_RANGE = (0.01, 0.99)
#: The cost sliders' range, as powers of ten (0.01 to 100).
LOG_COST_RANGE = (-2.0, 2.0)
#: The prior slider's range.
PRIOR_RANGE = (0.01, 0.99)
#: The Beta density's shape sliders' range (log scale).
SHAPE_RANGE = (0.2, 20.0)


@dataclass(frozen=True)
class CostSpaceState:
    """The values of the cost-space explorer's controls: everything its outputs depend on.

    ``mode`` says whether PCF(+) is ``pcf`` itself or follows from ``p_pos`` (p(+)),
    ``fn_cost`` (``C(-|+)``) and ``fp_cost`` (``C(+|-)``); ``density``, ``a``, ``b``, ``low`` and
    ``high`` describe the distribution of PCF(+) of the total expected cost.
    """

    classifiers: tuple
    mode: str = "pcf"
    pcf: float = 0.5
    fn_cost: float = 1.0
    fp_cost: float = 1.0
    p_pos: float = 0.5
    density: str = "uniform"
    a: float = 2.0
    b: float = 2.0
    low: float = 0.0
    high: float = 1.0


def check_state(state, names):
    """The state, or a ValueError naming the control that is wrong and what is allowed."""
    unknown = [c for c in state.classifiers if c not in names]
    if unknown:
        raise ValueError(f"classifiers {unknown} are not among {list(names)}.")
    check_param("mode", state.mode, Options(MODES))
    check_param("density", state.density, Options(DENSITIES))
    if state.mode == "pcf" and not 0.0 < state.pcf < 1.0:
        raise ValueError(f"pcf must lie strictly between 0 and 1, got {state.pcf!r}.")
    for name in ("fn_cost", "fp_cost", "a", "b"):
        value = getattr(state, name)
        if not (np.isfinite(value) and value > 0):
            raise ValueError(f"{name} must be a finite number > 0, got {value!r}.")
    if not 0.0 < state.p_pos < 1.0:
        raise ValueError(f"p_pos must lie strictly between 0 and 1, got {state.p_pos!r}.")
    if not 0.0 <= state.low < state.high <= 1.0:
        raise ValueError(
            f"the PCF(+) range must satisfy 0 <= low < high <= 1, got [{state.low}, {state.high}]."
        )
    return state


def operating_pcf(state):
    """PCF(+) of a state: the slider's, or :func:`costlab.metrics.probability_cost` of its parts.

    >>> operating_pcf(CostSpaceState((), mode="parts", p_pos=0.5, fn_cost=4, fp_cost=1))
    0.8
    """
    if state.mode == "pcf":
        return float(state.pcf)
    return probability_cost(state.p_pos, fn_cost=state.fn_cost, fp_cost=state.fp_cost)


def density_spec(state):
    """The density of PCF(+) as :func:`costlab.metrics.total_expected_cost` takes it.

    >>> density_spec(CostSpaceState(())) is None
    True
    >>> density_spec(CostSpaceState((), density="beta", a=2, b=3, low=0.1, high=0.9))
    ('beta', 2.0, 3.0, 0.1, 0.9)
    """
    window = (float(state.low), float(state.high))
    if state.density == "beta":
        shapes = (float(state.a), float(state.b))
        return ("beta", *shapes) if window == (0.0, 1.0) else ("beta", *shapes, *window)
    return None if window == (0.0, 1.0) else ("uniform", *window)


def density_name(state):
    """The density in words, e.g. ``'Beta(2, 2) on [0.1, 0.9]'`` or ``'uniform on [0, 1]'``."""
    core = f"Beta({state.a:g}, {state.b:g})" if state.density == "beta" else "uniform"
    return f"{core} on [{state.low:g}, {state.high:g}]"


class CostSpaceData:
    """The classifiers' lower envelopes and ROC curves, computed once, and memoised comparisons.

    Parameters
    ----------
    results : Mapping[str, object]
        Classifier name -> one of: ``(y_true, y_score)`` (labels and the positive class's
        scores: :func:`costlab.metrics.cost_envelope`, and every ROC point drawn faintly); a
        :class:`~costlab.metrics.CostEnvelope` or :class:`~costlab.metrics.RocHull`; or ROC
        points of hard classifiers as rates, a DataFrame with columns ``fpr`` and ``tpr`` or a
        mapping ``{"fpr": [...], "tpr": [...]}`` (:func:`costlab.metrics.cost_lines_envelope`).
    pos_label : scalar, optional
        The positive class of the ``(y_true, y_score)`` pairs.

    Attributes
    ----------
    envelopes : dict of str -> CostEnvelope
    rocs : dict of str -> (fpr, tpr)
        The full ROC curves of the classifiers given by scores, or the points given.
    """

    def __init__(self, results, *, pos_label=None):
        if not isinstance(results, Mapping) or not results:
            raise ValueError(
                "results must be a non-empty mapping of classifier name -> (y_true, y_score), "
                f"CostEnvelope, RocHull or ROC points; got {type(results).__name__}."
            )
        self.envelopes, self.rocs = {}, {}
        for name, value in results.items():
            self.envelopes[name], roc = _envelope_of(str(name), value, pos_label)
            if roc is not None:
                self.rocs[name] = roc
        self._memo = {}

    @property
    def names(self):
        """The classifiers, in the order given."""
        return tuple(self.envelopes)

    def subset(self, names):
        """``{name: envelope}`` of the chosen classifiers."""
        return {name: self.envelopes[name] for name in names}

    def winning(self, names):
        """:func:`costlab.metrics.winning_ranges` of the chosen classifiers (None for one)."""
        if len(names) < 2:
            return None
        return self._memoised(("winning", names), lambda: winning_ranges(self.subset(names)))

    def joint(self, names):
        """:func:`costlab.metrics.joint_envelope` of the chosen classifiers."""
        return self._memoised(("joint", names), lambda: joint_envelope(self.subset(names)))

    def tec(self, names, spec):
        """:func:`tec_table` of the chosen classifiers under the density ``spec``."""
        key = ("tec", names, spec)
        return self._memoised(key, lambda: tec_table(self.subset(names), self.joint(names), spec))

    def _memoised(self, key, compute):
        if key not in self._memo:
            if len(self._memo) > 256:
                self._memo.clear()
            self._memo[key] = compute()
        return self._memo[key]


def _envelope_of(name, value, pos_label):
    """(envelope, roc or None) of one classifier's entry in ``results``."""
    if isinstance(value, CostEnvelope):
        return value, None
    if isinstance(value, RocHull):
        return CostEnvelope.from_hull(value), None
    if isinstance(value, pd.DataFrame) or isinstance(value, Mapping):
        if not {"fpr", "tpr"} <= set(value.keys()):
            raise ValueError(f"results[{name!r}] as ROC points must have 'fpr' and 'tpr'.")
        fpr = np.asarray(value["fpr"], dtype=np.float64)
        tpr = np.asarray(value["tpr"], dtype=np.float64)
        return cost_lines_envelope(fpr, tpr), (fpr, tpr)
    if isinstance(value, tuple) and len(value) == 2:
        y_true, y_score = value
        roc = roc_points(y_true, y_score, pos_label=pos_label)
        env = cost_envelope(y_true, y_score, pos_label=pos_label)
        return env, (roc["fpr"].to_numpy(), roc["tpr"].to_numpy())
    raise TypeError(
        f"results[{name!r}] must be (y_true, y_score), a CostEnvelope, a RocHull or ROC points "
        f"({{'fpr': [...], 'tpr': [...]}} or a DataFrame), got {type(value).__name__}."
    )


def operating_table(envelopes, pcf, *, parts=None):
    """Each classifier at one PCF(+): its optimal hull vertex and normalised expected cost.

    Parameters
    ----------
    envelopes : Mapping[str, CostEnvelope]
    pcf : float
        PCF(+) in (0, 1).
    parts : (p_pos, fn_cost, fp_cost), optional
        The prior and costs PCF(+) came from: adds the expected cost per instance in the costs'
        own units (:meth:`costlab.metrics.CostEnvelope.cost_at`).

    Returns
    -------
    DataFrame
        One row per classifier: ``classifier, ne_cost`` (NE[C] of its envelope, D&H eq. 7),
        ``excess`` (over the lowest), ``vertex`` (index in its hull), ``fpr, tpr, threshold``
        (the vertex), ``trivial`` (the vertex is (0, 0) or (1, 1)), ``vertex_from, vertex_to``
        (the PCF(+) interval where the vertex is optimal), ``range_from, range_to`` (the
        envelope's operating range, NaN when it has none) and ``expected_cost`` (NaN without
        ``parts``).
    """
    rows = []
    for name, env in envelopes.items():
        i = int(env.vertex_at(pcf)[0])
        f, t = float(env.hull.fpr[i]), float(env.hull.tpr[i])
        low, high = env.operating_range() or (np.nan, np.nan)
        cost = np.nan if parts is None else env.cost_at(*parts, normalized=False)
        rows.append(
            {
                "classifier": name,
                "ne_cost": env(pcf),
                "vertex": i,
                "fpr": f,
                "tpr": t,
                "threshold": float(env.hull.thresholds[i]),
                "trivial": (f, t) in ((0.0, 0.0), (1.0, 1.0)),
                "vertex_from": float(env.breakpoints[i]),
                "vertex_to": float(env.breakpoints[i + 1]),
                "range_from": low,
                "range_to": high,
                "expected_cost": cost,
            }
        )
    table = pd.DataFrame(rows)
    table.insert(2, "excess", table["ne_cost"] - table["ne_cost"].min())
    return table


@dataclass(frozen=True)
class Winner:
    """Which classifier has the lowest expected cost at a PCF(+), and on which range it wins.

    Attributes
    ----------
    classifiers : tuple of str
        The winner, or several tied winners.
    pcf_from, pcf_to : float
        The range of PCF(+) around the chosen one where the same classifier(s) win
        (:func:`costlab.metrics.winning_ranges`; for one classifier, the interval of its
        optimal vertex).
    ne_cost : float
        The lowest NE[C].
    trivial : str or None
        ``"always negative"`` or ``"always positive"`` when the winners' optimal vertex is a
        trivial classifier (PCF(+) outside every operating range), else None.
    """

    classifiers: tuple
    pcf_from: float
    pcf_to: float
    ne_cost: float
    trivial: str | None

    @property
    def tied(self):
        return len(self.classifiers) > 1


def winner_at(operating, ranges, pcf):
    """The :class:`Winner` at ``pcf`` from :func:`operating_table` and the winning ranges."""
    if ranges is None:
        row = operating.iloc[0]
        names, start, stop = (row.classifier,), row.vertex_from, row.vertex_to
    else:
        inside = (ranges["pcf_from"] <= pcf) & ((pcf < ranges["pcf_to"]) | (ranges["pcf_to"] == 1))
        rows = ranges[inside]
        rows = rows[rows["pcf_from"] == rows["pcf_from"].max()]  # at a knot: the range it opens
        names = tuple(rows["classifier"])
        start, stop = float(rows["pcf_from"].iloc[0]), float(rows["pcf_to"].iloc[0])
    best = operating.set_index("classifier").loc[list(names)]
    trivial = None
    if bool(best["trivial"].all()):
        trivial = "always negative" if best["fpr"].iloc[0] == 0.0 else "always positive"
    return Winner(names, float(start), float(stop), float(best["ne_cost"].min()), trivial)


def tec_table(envelopes, joint, spec):
    """Total expected cost of each classifier and of all of them together (D&H eq. 11).

    Returns
    -------
    DataFrame
        ``classifier, tec, excess`` (:func:`costlab.metrics.total_expected_cost`: excess over
        the best single classifier), then, for two classifiers or more, the row ``None`` of
        their joint lower envelope (:func:`costlab.metrics.joint_envelope`), whose excess is
        what choosing among all of them at each PCF(+) saves (<= 0).
    """
    table = total_expected_cost(dict(envelopes), spec)
    if len(envelopes) > 1:
        tec = total_expected_cost(joint.envelope, spec)
        row = {"classifier": None, "tec": tec, "excess": tec - table["tec"].min()}
        table = pd.concat([table, pd.DataFrame([row])], ignore_index=True)
    return table


@dataclass(frozen=True)
class CostSpaceView:
    """What one update computed, as the outputs show it.

    Attributes
    ----------
    state : CostSpaceState
    pcf : float
        The operating PCF(+).
    slope : float
        The iso-cost lines' slope in ROC space, (1 - PCF(+)) / PCF(+) (D&H eqs. 1 and 9).
    operating : DataFrame
        :func:`operating_table` at ``pcf``.
    winner : Winner
    spec : None or tuple
        :func:`density_spec`.
    density : str
        :func:`density_name`.
    tec : DataFrame
        :func:`tec_table`.
    """

    state: CostSpaceState
    pcf: float
    slope: float
    operating: pd.DataFrame
    winner: Winner
    spec: tuple | None
    density: str
    tec: pd.DataFrame

    @property
    def true_costs(self):
        """``(C(-|+), C(+|-))`` when PCF(+) comes from its parts, else None."""
        if self.state.mode != "parts":
            return None
        return (float(self.state.fn_cost), float(self.state.fp_cost))


def cost_space_view(data, state):
    """The outputs of one state: a pure function of the held envelopes and the controls.

    Parameters
    ----------
    data : CostSpaceData
    state : CostSpaceState

    Returns
    -------
    CostSpaceView

    Raises
    ------
    ValueError
        No classifier chosen, or a control outside its range.
    """
    if not state.classifiers:
        raise ValueError("Select at least one classifier (Ctrl/Shift-click for several).")
    check_state(state, data.names)
    names = tuple(state.classifiers)
    pcf = operating_pcf(state)
    parts = (state.p_pos, state.fn_cost, state.fp_cost) if state.mode == "parts" else None
    operating = operating_table(data.subset(names), pcf, parts=parts)
    spec = density_spec(state)
    return CostSpaceView(
        state=state,
        pcf=pcf,
        slope=cost_point_to_roc_line(pcf, 0.0)[0],
        operating=operating,
        winner=winner_at(operating, data.winning(names), pcf),
        spec=spec,
        density=density_name(state),
        tec=data.tec(names, spec),
    )
