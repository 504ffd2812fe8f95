"""J48's prediction (numba): class distributions of rows from the flat tree.

The flat tree is what :func:`costlab.classifiers._weka.j48_kernels.build` returns (nodes
numbered depth first, children consecutive); this module sums what Weka's
``ClassifierTree.getProbs`` sums, in its order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["predict"]


@njit(cache=True)
def predict(X, nominal, attribute, cut, empty, first_child, n_children, child, share,
            branch_proba, proba):  # fmt: skip  # pragma: no cover - compiled
    """Class distributions of rows, summed as Weka's ``ClassifierTree.getProbs`` recursion
    sums them: a leaf gives its probabilities times the row's weight there; a node where the
    row's value is missing gives the sum, from 0 and branch by branch, of what its non-empty
    branches give with the weight times the branch's share; an empty branch gives the
    node's probabilities in that branch times the weight.

    The recursion runs on an explicit stack: per frame its node, weight, next branch and the
    running sum of its branches.
    """
    n, k = X.shape[0], proba.shape[1]
    out = np.zeros((n, k))
    frame_node = np.empty(attribute.size + 1, np.int64)
    frame_weight = np.empty(attribute.size + 1)
    frame_next = np.empty(attribute.size + 1, np.int64)
    frame_sum = np.empty((attribute.size + 1, k))
    result = np.empty(k)
    for r in range(n):
        top = 0
        frame_node[0], frame_weight[0], frame_next[0] = 0, 1.0, -1
        while top >= 0:
            node, weight = frame_node[top], frame_weight[top]
            j = attribute[node]
            done = False
            if j < 0:
                for c in range(k):
                    result[c] = weight * proba[node, c]
                done = True
            else:
                v = X[r, j]
                first, count = first_child[node], n_children[node]
                if np.isnan(v):
                    b = frame_next[top]
                    if b < 0:  # first visit: start the sum
                        frame_sum[top] = 0.0
                        b = 0
                    while b < count and empty[child[first + b]]:
                        b += 1
                    if b < count:  # descend into branch b, come back for b + 1
                        frame_next[top] = b + 1
                        top += 1
                        s = first + b
                        frame_node[top], frame_weight[top] = child[s], share[s] * weight
                        frame_next[top] = -1
                        continue
                    result[:] = frame_sum[top]
                    done = True
                else:
                    b = int(v) if nominal[j] else (1 if v > cut[node] else 0)
                    if b < 0 or b >= count:
                        result[:] = 0.0
                        done = True
                    else:
                        s = first + b
                        if empty[child[s]]:
                            for c in range(k):
                                result[c] = weight * branch_proba[s, c]
                            done = True
                        else:  # the branch's value is the node's: take its place
                            frame_node[top], frame_next[top] = child[s], -1
            if done:
                top -= 1
                if top >= 0:
                    for c in range(k):
                        frame_sum[top, c] += result[c]
                else:
                    out[r] = result
    return out
