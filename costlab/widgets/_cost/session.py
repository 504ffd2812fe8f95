"""The explorer's session: what it holds and computes, without a widget.

An :class:`ExplorerSession` keeps the results of a run, cross-validates the ones a state asks
for and does not hold yet (:func:`costlab.evaluation.experiment.run_experiments`, disk-cached),
and memoises each result's MTMCS curve (per grid, search and step) and cost envelope. The
controller (:class:`costlab.widgets.CostExplorer`) asks it for an :class:`ExplorerState`'s
results and curves; the rendering and the export read what it returns.

Only a change of dataset, engine, classifiers or IBk's k can need cross-validation, and only
for results not yet held: a cost-range, grid or search change never refits anything.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pandas as pd

from costlab.evaluation import experiment
from costlab.evaluation.experiment import as_run
from costlab.metrics import cost_envelope
from costlab.metrics.checks import check_score_of
from costlab.widgets._cost.model import classifier_params
from costlab.widgets._kit.mtmcs import compute_curves

__all__ = [
    "COSTS_BY_CLASS",
    "COSTS_OWN",
    "Clock",
    "ExplorerSession",
    "ExplorerState",
    "curve_options",
]

#: The explorer's cost choices besides a column (``"column:<name>"``): the results' own cost
#: model (their dataset's, :attr:`costlab.evaluation.CVResult.costs`), or the class-level costs
#: of the thesis (every instance of a class priced alike).
COSTS_OWN, COSTS_BY_CLASS = "own", "class"

_MAX_MEMO = 512  # memoised curves (a curve is ~20-90 rows)


@dataclass(frozen=True)
class ExplorerState:
    """The values of the explorer's controls: everything its outputs depend on."""

    dataset: str
    engine: str
    classifiers: tuple
    r1: float
    r2: float
    grid_step: float
    search: str
    search_step: float
    k: int
    #: :data:`COSTS_OWN`, :data:`COSTS_BY_CLASS` or ``"column:<name>"``.
    costs: str = COSTS_BY_CLASS


def curve_options(state):
    """What a curve depends on besides its result: grid, search, (grid searches) step and
    the costs."""
    step = None if state.search == "exact" else state.search_step
    return state.grid_step, state.search, step, state.costs


class ExplorerSession:
    """The held results of a run, the classifiers it may fit, and the memoised curves.

    Parameters
    ----------
    run : ExperimentRun, list of CVResult, or mapping
        See :class:`costlab.widgets.CostExplorer`.
    models : sequence or mapping or None
        Classifiers it may cross-validate (registered names or estimators).
    cv_options : dict
        ``n_folds``, ``seed``, ``folds`` and ``n_jobs`` of the cross-validations.
    cache_dir : path-like or None
        Cross-validation cache.
    score_of : {"positive", "negative"}
        Which class's probability the threshold searches threshold.
    pos_label : scalar, optional
        The positive class of ``(y_true, y_score)`` pairs
        (:func:`~costlab.evaluation.experiment.as_run`).

    Attributes
    ----------
    run_ : ExperimentRun
    models : dict of str -> registered name or estimator
    """

    def __init__(
        self, run, models=None, *, cv_options, cache_dir=None, score_of="positive", pos_label=None
    ):
        self.run_ = as_run(run, pos_label=pos_label)
        self.models = {} if models is None else experiment.named_classifiers(models)
        self.cv_options = dict(cv_options)
        self.cache_dir = cache_dir
        self.score_of = check_score_of(score_of)
        self._cv, self._memo = {}, {}
        for (name, clf), result in self.run_.results.items():
            self._cv[(name, result.engine, clf, tuple(sorted(result.params.items())))] = result

    def refits(self, dataset):
        """True when the session can cross-validate on ``dataset`` (features and models)."""
        return bool(self.models) and self.run_.datasets.get(dataset) is not None

    def options(self, dataset):
        """Classifier names offered for a dataset: held results, then models it can fit."""
        held = self.run_.classifiers(dataset)
        fit = list(self.models) if self.refits(dataset) else []
        return list(dict.fromkeys([*held, *fit]))

    def cv_key(self, state, classifier):
        """The key of a classifier's cross-validation under a state (dataset, engine, params)."""
        params = classifier_params(classifier, state.k)
        return (state.dataset, state.engine, classifier, tuple(sorted(params.items())))

    def to_fit(self, state):
        """The state's classifiers not held that :meth:`results` will cross-validate.

        Raises ``ValueError`` when a classifier is neither held nor fittable.
        """
        missing = [c for c in state.classifiers if self._held(state, c) is None]
        fit = [c for c in missing if c in self.models and self.refits(state.dataset)]
        if set(missing) - set(fit):
            raise ValueError(
                f"no results for {sorted(set(missing) - set(fit))} on {state.dataset}, and "
                "nothing to cross-validate them with (pass models=)."
            )
        return fit

    def results(self, state, progress=None):
        """The CVResults of the state's classifiers; cross-validates only those not held.

        ``progress`` is a tqdm-like bar advanced once per fold (see :func:`.cross_val_proba`).
        """
        fit = self.to_fit(state)
        if fit:
            run = experiment.run_experiments(
                {state.dataset: self.run_.datasets[state.dataset]},
                {c: self.models[c] for c in fit},
                engine=state.engine,
                classifier_params={c: classifier_params(c, state.k) for c in fit},
                progress=progress,
                cache_dir=self.cache_dir,
                **self.cv_options,
            )
            for classifier in fit:
                self._cv[self.cv_key(state, classifier)] = run.results[(state.dataset, classifier)]
        return {c: self._held(state, c) for c in state.classifiers}

    def _held(self, state, classifier):
        """The held result for the state: this engine and k, or, for results the session
        cannot refit, the one it was given."""
        result = self._cv.get(self.cv_key(state, classifier))
        if result is None and not (classifier in self.models and self.refits(state.dataset)):
            result = self.run_.results.get((state.dataset, classifier))
        return result

    def cost_choices(self, dataset):
        """``[(label, value)]`` of the costs the explorer can price ``dataset``'s results
        with: their own cost model (when the data or the held results have one), the class
        level, and each numeric column of the data as every instance's error cost."""
        data = self.run_.datasets.get(dataset)
        held = [r for (d, _), r in self.run_.results.items() if d == dataset]
        choices = [("per class (the thesis's)", COSTS_BY_CLASS)]
        if (data is not None and data.costs is not None) or any(r.costs is not None for r in held):
            choices.insert(0, ("the data's cost model", COSTS_OWN))
        if data is not None:
            numeric = [c for c in data.X.columns if pd.api.types.is_numeric_dtype(data.X[c])]
            choices += [(f"per instance: {c}", f"column:{c}") for c in numeric]
        return choices

    def priced(self, state, results):
        """The results with the state's costs (:attr:`CVResult.costs`), memoised so that a
        result keeps its identity while the costs do not change."""
        priced = {}
        for classifier, result in results.items():
            key = ("priced", self.cv_key(state, classifier), state.costs, id(result))
            if key not in self._memo:
                costs = self._costs(state, result)
                same = costs is result.costs
                self._memo[key] = result if same else result.with_costs(costs)
            priced[classifier] = self._memo[key]
        return priced

    def _costs(self, state, result):
        data = self.run_.datasets.get(state.dataset)
        if state.costs == COSTS_BY_CLASS:
            return None
        if state.costs == COSTS_OWN:
            own = result.costs if result.costs is not None else getattr(data, "costs", None)
            if own is None:
                raise ValueError(f"{state.dataset} has no cost model of its own.")
            return own
        column = state.costs.removeprefix("column:")
        if data is None or column == state.costs:
            raise ValueError(f"costs {state.costs!r}: no column of {state.dataset} to price by.")
        # every instance's errors cost its column's value: fp = fn = the column
        return data.with_costs(fp=column, fn=column).costs

    def curves(self, state, results):
        """Curves of the held results, memoised per (result, grid, search, step, costs)."""
        curves = {}
        for classifier, result in results.items():
            key = (self.cv_key(state, classifier), *curve_options(state))
            if key not in self._memo:
                if len(self._memo) >= _MAX_MEMO:
                    self._memo.clear()
                single = {classifier: result}
                grid_step, search, step = state.grid_step, state.search, state.search_step
                self._memo[key] = compute_curves(
                    single, grid_step, search, step, score_of=self.score_of
                )[classifier]
            curves[classifier] = self._memo[key]
        return curves

    def envelope(self, state, classifier, result):
        """The cost-curve envelope of a held result (memoised with the curves)."""
        key = ("envelope", self.cv_key(state, classifier), state.costs)
        if key not in self._memo:
            self._memo[key] = cost_envelope(
                result.y_true, result.scores(), pos_label=1, sample_weight=result.sample_weight
            )
        return self._memo[key]


class Clock:
    """Seconds per stage of one update."""

    def __init__(self):
        self.start = self.last = time.perf_counter()
        self.laps = {}

    def lap(self, name):
        now = time.perf_counter()
        self.laps[name] = now - self.last
        self.laps["total"] = now - self.start
        self.last = now
