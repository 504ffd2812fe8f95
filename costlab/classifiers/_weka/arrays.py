"""Arrays as the kernels take them: one numba type per argument, so each kernel compiles once.

numba compiles a kernel for every distinct type of its arguments, and an array's type includes
its layout and whether it is writable. A read-only array (a memory-mapped input, a model
loaded by joblib with ``mmap_mode``) or a non-contiguous one would compile the whole call tree
again: about 40 s for J48's on two cores, paid by every new cache. :func:`kernel_array` hands
the kernels C-contiguous writable arrays, copying only when the input is not one already.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, DTypeLike

__all__ = ["kernel_array"]


def kernel_array(values: ArrayLike, dtype: DTypeLike | None = None) -> np.ndarray:
    """``values`` as a C-contiguous, aligned, writable array (of ``dtype`` if given).

    Returns ``values`` itself when it already is one, else a copy (:func:`numpy.require`).
    """
    return np.require(values, dtype=dtype, requirements=("C", "A", "W"))
