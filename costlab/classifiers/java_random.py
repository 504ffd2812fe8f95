"""Java's ``java.util.Random``, compiled: the generator behind Weka's folds and learners.

Weka draws its folds (``Instances.randomize``) and its learners' randomness from
``java.util.Random`` (the 48-bit linear congruential generator). These are the public names
that the evaluation's Weka-exact folds (:func:`costlab.evaluation.weka_folds`) share with
:mod:`costlab.classifiers.random_tree`; the compiled implementation lives with Weka's other
kernels in the private ``costlab.classifiers._weka.java``.
"""

from costlab.classifiers._weka.java import java_next_int_bounded, java_seed, java_shuffle

__all__ = ["java_next_int_bounded", "java_seed", "java_shuffle"]
