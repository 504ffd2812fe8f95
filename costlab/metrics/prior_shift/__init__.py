"""Prior shift: POSfrac and Purity over a ROC curve for any true target prior.

Source: T. Landgrebe, P. Paclik, D. M. J. Tax, S. Verzakov and R. P. W. Duin, *Cost-based
classifier evaluation for imbalanced problems*, SSPR/SPR 2004 (eqs. 3-6).
:mod:`~costlab.metrics.prior_shift.posfrac_purity` computes POSfrac and Purity at every
threshold and prior, the operating point fixed by a TPr, POSfrac or Purity, and its mean and
spread over folds.
"""

from costlab.metrics.prior_shift.posfrac_purity import (
    PriorOperatingCurves,
    fold_operating_points,
    operating_point,
    positive_fraction,
    prior_operating_characteristics,
    prior_operating_curves,
    purity,
    summarize_folds,
)

__all__ = [
    "PriorOperatingCurves",
    "fold_operating_points",
    "operating_point",
    "positive_fraction",
    "prior_operating_characteristics",
    "prior_operating_curves",
    "purity",
    "summarize_folds",
]
