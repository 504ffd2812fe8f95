"""Johnson, Raeder & Chawla (2015), *Optimizing Classifiers for Hypothetical Scenarios*:
scenario curves, classifier risk and RiskBoost vs AdaBoost.M1 (Table 2), recomputed.

``python reproduce.py johnson2015`` (see :mod:`.cli`); the notebook
``notebooks/30_johnson2015.ipynb`` shows the same through :class:`.notebook.ScenariosView`.
"""
