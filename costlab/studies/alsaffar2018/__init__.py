"""Al-Saffar (2018), the thesis: chapter 5's experiments, reproduced.

Modules: :mod:`.published` (the printed numbers with their sources and the thesis's experiment
settings), :mod:`.statements` (the thesis's claims, checked), :mod:`.tables` (Tables 6-16),
:mod:`.summary`, :mod:`.report` (``reproduce.py alsaffar2018``), :mod:`.notebook` (what the
notebooks call) and :mod:`.explorer` (the thesis's cost explorer).
"""
