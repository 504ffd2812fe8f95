"""What a ``--quick`` run says on stdout: it is a smoke run, not the paper's protocol.

Every study prints :func:`quick_banner` before its run and ends its final summary line with
:func:`quick_tag`, so that a quick run's numbers (fewer trees, folds, datasets...) are not read
as a failed reproduction.
"""

from __future__ import annotations

__all__ = ["quick_banner", "quick_tag"]


def quick_banner(reduced):
    """The line a quick run prints first.

    Parameters
    ----------
    reduced : str
        The settings the quick run reduces, e.g. ``"RandomForest with 20 trees (full: 100)"``.

    Returns
    -------
    str
    """
    return (
        f"QUICK SMOKE RUN (--quick): {reduced}. It checks that the study runs end to end; its "
        "numbers are not the paper's protocol and may disagree with the paper. Run without "
        "--quick to reproduce it."
    )


def quick_tag(reduced):
    """The end of a quick run's final summary line (with a leading space).

    Parameters
    ----------
    reduced : str
        As for :func:`quick_banner`.

    Returns
    -------
    str
    """
    return f" [QUICK SMOKE RUN, not the paper's protocol: {reduced}]"
