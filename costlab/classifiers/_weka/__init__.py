"""Weka-exact machinery, compiled (numba): Java's generator, J48's and RandomTree's kernels.

The estimators :class:`~costlab.classifiers.J48`, :class:`~costlab.classifiers.WekaAdaBoostM1`
and :class:`~costlab.classifiers.WekaRandomForest` run on these kernels; nothing outside
:mod:`costlab.classifiers` imports them (Java's generator is public as
:mod:`costlab.classifiers.java_random`).

- :mod:`.java`: ``java.util.Random``, Weka's bootstrap and Weka's quicksort.
- :mod:`.j48_numerics`, :mod:`.j48_approx`, :mod:`.j48_two_class`, :mod:`.j48_split_search`,
  :mod:`.j48_kernels`: J48 (C4.5 release 8): sums and entropies, approximate gains, the
  two-class numeric cut search, a node's best split, the tree.
- :mod:`.random_tree_splits`, :mod:`.random_tree_kernels`: RandomTree's split distributions and
  entropies, the tree and the forest.
- :mod:`.arrays`: arrays as the kernels take them (one numba type each: one compilation).
- :mod:`.numba_cache`: numba's cache stamped with all of these modules together, so that an edit
  of a kernel recompiles its callers in the other modules.
"""

from pathlib import Path

from .numba_cache import register_package

# Before any kernel below is decorated: numba's cache then sees an edit of a callee in another
# module of this package (see numba_cache).
register_package(Path(__file__).parent)
