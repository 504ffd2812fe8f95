"""Landgrebe, Paclik, Tax, Verzakov & Duin (2004): cost under varying class priors.

``python reproduce.py landgrebe2004`` recomputes Table 2 (POSfrac at TPr = 80 % for P(C_t) = 0.5,
0.1 and 0.001, 30-fold cross-validation of four density-based classifiers on four synthetic
problems), the purity beside it, Figs. 3-5 and the claims of sections 3 and 4.1.
"""
