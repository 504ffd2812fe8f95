"""Pure maths over labels and scores: cost measures, threshold searches, ROC, by family.

Nothing here reads files, draws, or knows a paper's constants; every function takes arrays
(labels, scores, costs) and returns numbers, arrays or tidy DataFrames. Equations are quoted in
each function's docstring with the paper (authors, year) and equation they come from. This
package is the public face: ``from costlab.metrics import X`` for every name below; each family
is a subpackage with its own curated ``__all__``, and each module holds one kind of computation.

Families
--------
:mod:`costlab.metrics.engine`
    Class counts after one sort, ROC points and AUC (``roc``), the ROC convex hull (``hull``),
    PCF(+) and its conversions (``pcf``, Drummond & Holte 2000 eq. 6), NE[C] and the lower
    envelope (``envelope``), exact hulls merged out of core (``mergeable``).
:mod:`costlab.metrics.mtmcs`
    Al-Saffar 2018: TMC, MTMCR, cost sensitivity, CST and the selection (``measures``); the
    MTMCS curve by exact, thorough or optimized search (``mtmcs_search``).
:mod:`costlab.metrics.cost_space`
    Drummond & Holte 2000: cost lines and duality (``cost_lines``), comparisons, area (TEC),
    averaging and criteria.
:mod:`costlab.metrics.scenarios`
    Hand 2009 and Johnson et al. 2015: cost densities, the H measure, scenario curves, risk.
:mod:`costlab.metrics.threshold_choice`
    Hernández-Orallo, Flach & Ferri 2011-2013: threshold-choice methods and Brier curves
    (``methods``); Vickers & Elkin 2006: decision curves.
:mod:`costlab.metrics.prior_shift`
    Landgrebe et al. 2004: POSfrac and Purity under any target prior (``posfrac_purity``);
    the deployment prior estimated from unlabelled scores, with an interval (``estimation``),
    and costs, net benefit, POSfrac and purity read at it with bands (``deployment``).
:mod:`costlab.metrics.resampling`
    Bootstraps, repeated-CV bands and paired comparisons of the MTMCS curve and range measures
    (``mtmcs_bootstrap``) and of decision and Brier curves (``loss_curve_bootstrap``).
:mod:`costlab.metrics.comparison`
    Demšar 2006: classifiers compared over several datasets by their average ranks, Friedman's
    test and critical differences (``ranks``).

Input checks shared by all families live in the private ``costlab.metrics._validation``; those
the other packages reuse at their boundary are public in :mod:`costlab.metrics.checks`.

The public names are listed once, in each family's ``__all__``: this face re-exports them and
its own ``__all__`` is theirs, family by family in the order above.
"""

# Each family's curated __all__ is the one list of its public names: star-importing a package
# brings exactly those names, and __all__ below is their concatenation (no name is listed twice).
from costlab.metrics import (
    comparison,
    cost_space,
    engine,
    mtmcs,
    prior_shift,
    resampling,
    scenarios,
    threshold_choice,
)
from costlab.metrics.comparison import *  # noqa: F403
from costlab.metrics.cost_space import *  # noqa: F403
from costlab.metrics.engine import *  # noqa: F403
from costlab.metrics.mtmcs import *  # noqa: F403
from costlab.metrics.prior_shift import *  # noqa: F403
from costlab.metrics.resampling import *  # noqa: F403
from costlab.metrics.scenarios import *  # noqa: F403
from costlab.metrics.threshold_choice import *  # noqa: F403

#: The families in the order of the docstring (and of the API reference's sections).
_FAMILIES = (
    engine,
    mtmcs,
    cost_space,
    scenarios,
    threshold_choice,
    prior_shift,
    resampling,
    comparison,
)

__all__ = [name for family in _FAMILIES for name in family.__all__]
