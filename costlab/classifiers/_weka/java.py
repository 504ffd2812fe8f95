"""Weka's randomness and sorting, compiled (numba), for :mod:`costlab.classifiers.random_tree`.

``java.util.Random`` (the 48-bit linear congruential generator), the bootstrap of Weka's
``Instances.resampleWithWeights`` (Walker's alias method, copies counted as weights) and Weka's
quicksort of ``Utils.sortWithNoMissingValues`` (not stable: the order among equal values is
Weka's).
"""

from __future__ import annotations

import numba
import numpy as np

_MULTIPLIER = np.uint64(0x5DEECE66D)
_ADDEND = np.uint64(0xB)
_MASK = np.uint64((1 << 48) - 1)

# ---------------------------------------------------------------- java.util.Random


@numba.njit(cache=True, nogil=True)
def java_seed(seed):  # pragma: no cover - compiled
    """State of ``new Random(seed)`` (``seed`` a Java long)."""
    return (np.uint64(np.int64(seed)) ^ _MULTIPLIER) & _MASK


@numba.njit(cache=True, nogil=True)
def _next(state, bits):  # pragma: no cover - compiled
    """``Random.next(bits)``; ``state`` is a one-element uint64 array, advanced in place."""
    s = (state[0] * _MULTIPLIER + _ADDEND) & _MASK
    state[0] = s
    value = np.int64(s >> np.uint64(48 - bits))
    if bits == 32 and value >= 2147483648:
        value -= 4294967296
    return value


@numba.njit(cache=True, nogil=True)
def java_next_int(state):  # pragma: no cover - compiled
    """``Random.nextInt()``: a signed 32-bit integer."""
    return _next(state, 32)


@numba.njit(cache=True, nogil=True)
def java_next_int_bounded(state, bound):  # pragma: no cover - compiled
    """``Random.nextInt(bound)``: uniform in ``[0, bound)``, Java's rejection rule."""
    r = _next(state, 31)
    m = bound - 1
    if bound & m == 0:
        return (bound * r) >> 31
    u = r
    while True:
        r = u % bound
        if u - r + m < 2147483648:  # no int overflow in Java's ``u - r + m < 0``
            return r
        u = _next(state, 31)


@numba.njit(cache=True, nogil=True)
def java_shuffle(state, items):  # pragma: no cover - compiled
    """Weka's ``Instances.randomize``, in place: for j = n - 1 down to 1, swap items j and
    ``Random.nextInt(j + 1)``."""
    for j in range(items.size - 1, 0, -1):
        k = java_next_int_bounded(state, j + 1)
        items[j], items[k] = items[k], items[j]
    return items


@numba.njit(cache=True, nogil=True)
def java_next_double(state):  # pragma: no cover - compiled
    """``Random.nextDouble()``: ``(next(26) << 27 + next(27)) * 2**-53``."""
    high = _next(state, 26)
    low = _next(state, 27)
    return ((high << 27) + low) * (1.0 / 9007199254740992.0)


# ---------------------------------------------------------------- bagging


@numba.njit(cache=True, nogil=True)
def tree_seeds(seed, n_trees):  # pragma: no cover - compiled
    """Seeds of Bagging's trees: ``nextInt()`` of ``new Random(seed)``, one per tree."""
    state = np.empty(1, np.uint64)
    state[0] = java_seed(seed)
    out = np.empty(n_trees, np.int64)
    for t in range(n_trees):
        out[t] = java_next_int(state)
    return out


@numba.njit(cache=True, nogil=True)
def _walker_tables(weights):  # pragma: no cover - compiled
    """Alias tables ``(Q, A)`` of Walker's method as Weka builds them (Q shifted by I)."""
    m = weights.size
    total = 0.0
    for i in range(m):
        total += weights[i]
    q = np.empty(m)
    a = np.zeros(m, np.int64)
    w = np.zeros(m, np.int64)
    nn = -1
    np_ = m
    for i in range(m):
        q[i] = m * (weights[i] / total)
        if q[i] < 1.0:
            nn += 1
            w[nn] = i
        else:
            np_ -= 1
            w[np_] = i
    if nn > -1 and np_ < m:
        for s in range(m - 1):
            i = w[s]
            j = w[np_]
            a[i] = j
            q[j] += q[i] - 1.0
            if q[j] < 1.0:
                np_ += 1
            if np_ >= m:
                break
    for i in range(m):
        q[i] += i
    return q, a


@numba.njit(cache=True, nogil=True)
def bag_counts(weights, seed, n_trees, bag_percent):  # pragma: no cover - compiled
    """Copies of each row in every tree's bootstrap sample, shape (n_trees, n).

    Tree ``t`` draws ``int(n * bag_percent / 100)`` rows with ``new Random(seed + t)``,
    each with probability proportional to its weight.
    """
    m = weights.size
    counts = np.zeros((n_trees, m), np.int64)
    q, a = _walker_tables(weights)
    n_draws = np.int64(m * (bag_percent / 100.0))
    state = np.empty(1, np.uint64)
    for t in range(n_trees):
        state[0] = java_seed(np.int64(np.int32(seed + t)))
        for _ in range(n_draws):
            u = m * java_next_double(state)
            i = np.int64(u)
            if u < q[i]:
                counts[t, i] += 1
            else:
                counts[t, a[i]] += 1
    return counts


# ---------------------------------------------------------------- Weka's quicksort


@numba.njit(cache=True, nogil=True)
def _cswap(keys, index, left, right):  # pragma: no cover - compiled
    """Order ``keys[left]``, ``keys[right]`` (and their indices) if the first is larger
    (``weka.core.Utils.conditionalSwap``)."""
    if keys[left] > keys[right]:
        keys[left], keys[right] = keys[right], keys[left]
        index[left], index[right] = index[right], index[left]


@numba.njit(cache=True, nogil=True)
def _swap(keys, index, i, j):  # pragma: no cover - compiled
    """Swap entries ``i`` and ``j`` of ``keys`` and ``index`` (``weka.core.Utils.swap``)."""
    keys[i], keys[j] = keys[j], keys[i]
    index[i], index[j] = index[j], index[i]


@numba.njit(cache=True, nogil=True)
def weka_sort_order(vals):  # pragma: no cover - compiled
    """``Utils.sortWithNoMissingValues``: Weka's (unstable) median-of-three quicksort."""
    index = np.empty(vals.size, np.int64)
    _sort_into(vals.copy(), vals.size, index, np.empty(2 * vals.size + 2, np.int64))
    return index


@numba.njit(cache=True, nogil=True)
def _sort_into(keys, n, index, stack):  # pragma: no cover - compiled
    """Weka's quicksort of ``keys[:n]``: the order goes to ``index[:n]`` and ``keys`` ends up
    sorted (Weka permutes an index array and compares ``vals[index[i]]``; moving each key with
    its index gives the same permutation with fewer memory look-ups). ``stack``: 2n + 2."""
    for i in range(n):
        index[i] = i
    if n < 2:
        return
    stack[0], stack[1] = 0, n - 1
    top = 2
    while top > 0:
        top -= 2
        left, right = stack[top], stack[top + 1]
        diff = right - left
        if diff <= 0:
            continue
        if diff == 1:
            _cswap(keys, index, left, right)
            continue
        if diff == 2:
            _cswap(keys, index, left, left + 1)
            _cswap(keys, index, left, right)
            _cswap(keys, index, left + 1, right)
            continue
        c = (left + right) // 2
        _cswap(keys, index, left, c)
        _cswap(keys, index, left, right)
        _cswap(keys, index, c, right)
        _swap(keys, index, c, right - 1)
        pivot = keys[right - 1]
        lo, hi = left, right - 1
        while True:
            lo += 1
            while keys[lo] < pivot:
                lo += 1
            hi -= 1
            while keys[hi] > pivot:
                hi -= 1
            if lo >= hi:
                break
            _swap(keys, index, lo, hi)
        center = lo
        _swap(keys, index, center, right - 1)
        stack[top], stack[top + 1] = left, center - 1
        stack[top + 2], stack[top + 3] = center + 1, right
        top += 4
