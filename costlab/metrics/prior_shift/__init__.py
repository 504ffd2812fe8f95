"""Prior shift: POSfrac and Purity over a ROC curve for any true target prior.

Source: T. Landgrebe, P. Paclik, D. M. J. Tax, S. Verzakov and R. P. W. Duin, *Cost-based
classifier evaluation for imbalanced problems*, SSPR/SPR 2004 (eqs. 3-6).
:mod:`~costlab.metrics.prior_shift.posfrac_purity` computes POSfrac and Purity at every
threshold and prior, the operating point fixed by a TPr, POSfrac or Purity, and its mean and
spread over folds.
"""

from costlab.metrics.prior_shift import posfrac_purity
from costlab.metrics.prior_shift.posfrac_purity import *  # noqa: F403

# The family is one module: its public names are that module's.
__all__ = list(posfrac_purity.__all__)
