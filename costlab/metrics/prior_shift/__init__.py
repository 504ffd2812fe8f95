"""Prior shift: POSfrac and Purity over a ROC curve for any true target prior, and the
deployment prior estimated from unlabelled scores.

Source: T. Landgrebe, P. Paclik, D. M. J. Tax, S. Verzakov and R. P. W. Duin, *Cost-based
classifier evaluation for imbalanced problems*, SSPR/SPR 2004 (eqs. 3-6).
:mod:`~costlab.metrics.prior_shift.posfrac_purity` computes POSfrac and Purity at every
threshold and prior, the operating point fixed by a TPr, POSfrac or Purity, and its mean and
spread over folds. :mod:`~costlab.metrics.prior_shift.estimation` estimates the prior of an
unlabelled batch (EM of Saerens et al. 2002, black-box shift estimation of Lipton et al. 2018,
adjusted classify and count of Forman 2008) with a bootstrap interval, and
:mod:`~costlab.metrics.prior_shift.deployment` reads costs, net benefit, POSfrac and purity at
that estimate with bands from its uncertainty.
"""

from costlab.metrics.prior_shift.deployment import (
    costs_at_prior,
    net_benefit_at_prior,
    operating_point_at_prior,
    read_at_prior,
)
from costlab.metrics.prior_shift.estimation import (
    PRIOR_METHODS,
    PriorEstimate,
    acc_prior,
    bbse_prior,
    clip_prior,
    em_prior,
    estimate_prior,
)
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
    # posfrac_purity
    "PriorOperatingCurves",
    "fold_operating_points",
    "operating_point",
    "positive_fraction",
    "prior_operating_characteristics",
    "prior_operating_curves",
    "purity",
    "summarize_folds",
    # estimation
    "PRIOR_METHODS",
    "PriorEstimate",
    "acc_prior",
    "bbse_prior",
    "clip_prior",
    "em_prior",
    "estimate_prior",
    # deployment
    "costs_at_prior",
    "net_benefit_at_prior",
    "operating_point_at_prior",
    "read_at_prior",
]
