"""Drummond & Holte (2000), cost curves, and the lecture notes on cost curves: figures recomputed.

Modules: :mod:`.published` (what the paper prints, with sources), :mod:`.experiments` (the
cross-validated classifiers the figures are drawn from), :mod:`.sonar` (section 2.3's
suboptimal selection), :mod:`.analyses` (tables and claim checks), :mod:`.figures`,
:mod:`.report` and :mod:`.cli` (``python reproduce.py drummond_holte2000``).
"""
