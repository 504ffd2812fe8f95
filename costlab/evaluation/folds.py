"""Cross-validation folds: Weka's construction (the thesis's) and scikit-learn's.

The thesis ran Weka 3.9's 10-fold cross-validation with seed 1 (see the documentation page
*Weka's formulas and folds*, docs/facts/weka.md). Weka's
``Evaluation.crossValidateModel`` builds its folds as follows:

1. ``random = java.util.Random(seed)``; ``data.randomize(random)``: for j = n-1 .. 1 swap rows j
   and ``random.nextInt(j + 1)``.
2. ``data.stratify(k)``: bring rows of the same class together pairwise, then deal the rows out
   round-robin so that fold i takes rows i, i+k, i+2k, ...
3. Fold i's test set is the i-th contiguous block (the first ``n % k`` blocks one row longer);
   its training set is the rest, shuffled again with the same ``random`` (``trainCV``).

:func:`weka_folds` reproduces that sequence exactly, including the order of the test rows (which
matters for IBk, whose normalisation ranges grow with each test row). With these folds our
Weka-formula Naive Bayes and AdaBoostM1 reproduce the thesis's published AUCs to the digit
(``tests/classifiers/test_classifiers.py``).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

import numpy as np
from sklearn.model_selection import StratifiedKFold

from costlab.classifiers.java_random import java_next_int_bounded, java_seed, java_shuffle

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any

    from numpy.typing import ArrayLike

__all__ = ["FOLD_SCHEMES", "GivenFolds", "JavaRandom", "weka_folds", "make_folds"]

FOLD_SCHEMES = ("weka", "sklearn")


class JavaRandom:
    """``java.util.Random`` (enough for ``nextInt`` and Weka's shuffle), over the compiled
    generator of :mod:`costlab.classifiers._weka.java`."""

    def __init__(self, seed):
        self._state = np.array([java_seed(int(seed))], dtype=np.uint64)

    @property
    def state(self):
        """The generator's 48-bit state."""
        return int(self._state[0])

    def next_int(self, bound):
        """``java.util.Random.nextInt(bound)``: uniform in [0, bound)."""
        return int(java_next_int_bounded(self._state, int(bound)))

    def shuffle(self, items):
        """Weka's ``Instances.randomize``: in place, last to first (a list or an int array)."""
        if isinstance(items, np.ndarray):
            return java_shuffle(self._state, items)
        items[:] = java_shuffle(self._state, np.asarray(items, dtype=np.int64)).tolist()
        return items


def _stratify(order, y, n_folds):
    """Weka's ``Instances.stratify``: pair up rows by class, then deal them round-robin."""
    index = 1
    while index < len(order):
        first_class = y[order[index - 1]]
        for j in range(index, len(order)):
            if y[order[j]] == first_class:
                order[index], order[j] = order[j], order[index]
                index += 1
        index += 1
    return [i for start in range(n_folds) for i in order[start::n_folds]]


def weka_folds(
    y: ArrayLike, n_folds: int = 10, seed: int = 1
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Yield ``(train, test)`` row indices exactly as Weka's ``crossValidateModel`` builds them.

    Parameters
    ----------
    y : array-like of shape (n,)
        Class labels (any two values; only equality is used).
    n_folds : int
        Number of folds.
    seed : int
        Seed of ``java.util.Random`` (the thesis and Weka's default: 1).

    Yields
    ------
    train, test : ndarray of int
        Indices into ``y``; test rows in Weka's order.

    Examples
    --------
    >>> [test.tolist() for _, test in weka_folds([0, 0, 1, 1], n_folds=2)]
    [[3, 1], [2, 0]]
    """
    y = np.asarray(y)
    random = JavaRandom(seed)
    shuffled = random.shuffle(np.arange(y.shape[0], dtype=np.int64)).tolist()
    order = np.array(_stratify(shuffled, y, n_folds), dtype=np.int64)
    n = order.size
    for fold in range(n_folds):
        first = fold * (n // n_folds) + min(fold, n % n_folds)
        size = n // n_folds + (fold < n % n_folds)
        test = order[first : first + size]
        train = random.shuffle(np.concatenate([order[:first], order[first + size :]]))
        yield train.astype(np.intp), test.astype(np.intp)


class GivenFolds(str):
    """Folds fixed elsewhere, e.g. an OpenML task's: a fold scheme for :func:`make_folds`.

    It is the string ``"task <name> <digest>"`` (the digest of the fold array, so that a cache
    key holding it changes when one instance changes fold) and carries ``fold``, the fold of
    every instance in every repetition, shape (n_repeats, n).

    Examples
    --------
    >>> scheme = GivenFolds([[0, 1, 0, 1]], "mine")
    >>> scheme.startswith("task mine ")
    True
    >>> [test.tolist() for _, test in make_folds([0, 1, 0, 1], scheme=scheme, n_folds=2)]
    [[0, 2], [1, 3]]
    """

    fold: np.ndarray

    def __new__(cls, fold: Any, name: str) -> GivenFolds:
        fold = np.ascontiguousarray(fold, dtype=np.int64)
        digest = hashlib.sha256(f"{fold.shape}".encode() + fold.tobytes()).hexdigest()[:16]
        scheme = super().__new__(cls, f"task {name} {digest}")
        scheme.fold = fold
        return scheme

    @property
    def name(self) -> str:
        """str: the name the folds were given (a task's name, which may hold spaces)."""
        return self[len("task ") :].rsplit(" ", 1)[0]

    def __reduce__(self):
        return GivenFolds, (self.fold, self.name)


def make_folds(
    y: Sequence[Any] | np.ndarray,
    *,
    scheme: str = "weka",
    n_folds: int = 10,
    seed: int = 1,
    repeat: int = 0,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """``(train, test)`` pairs of one repetition under a fold scheme.

    Parameters
    ----------
    scheme : {"weka", "sklearn"} or GivenFolds
        ``"weka"``: :func:`weka_folds` (the thesis's protocol). ``"sklearn"``:
        ``StratifiedKFold(n_folds, shuffle=True, random_state=seed)``. A :class:`GivenFolds`:
        its repetition ``repeat`` (``seed`` unused).
    """
    if isinstance(scheme, GivenFolds):
        _check_given(scheme, len(y), n_folds, repeat)
        row = scheme.fold[repeat]
        return [
            (np.flatnonzero(row != k).astype(np.intp), np.flatnonzero(row == k).astype(np.intp))
            for k in range(n_folds)
        ]
    if scheme == "weka":
        return list(weka_folds(y, n_folds, seed))
    if scheme == "sklearn":
        splitter = StratifiedKFold(n_splits=n_folds, shuffle=True, random_state=seed)
        return list(splitter.split(np.zeros(len(y)), y))
    raise ValueError(f"folds must be one of {FOLD_SCHEMES}, got {scheme!r}.")


def _check_given(scheme, n, n_folds, repeat):
    """Raise ValueError, naming the parameter, if given folds cannot serve this request (a
    wrong ``n_folds`` would leave instances unpredicted, or predict them from no fold)."""
    n_repeats, own = scheme.fold.shape[0], int(scheme.fold.max()) + 1
    if scheme.fold.shape[1] != n:
        raise ValueError(f"the given folds hold {scheme.fold.shape[1]} instances, y has {n}.")
    if n_folds != own:
        raise ValueError(f"n_folds={n_folds!r} but the given folds ({scheme.name}) have {own}.")
    if not 0 <= repeat < n_repeats:
        raise ValueError(
            f"repeat={repeat!r} but the given folds ({scheme.name}) have repetitions "
            f"0..{n_repeats - 1}."
        )
