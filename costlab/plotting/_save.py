"""Saving a Display's figure: the plotting package's only I/O."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from costlab._io import create_temp

if TYPE_CHECKING:
    from typing import Any

__all__ = ["save_figure"]


def save_figure(display_or_figure: Any, path: str | os.PathLike[str]) -> Path:
    """Save a figure as PNG (150 dpi, tight bounding box) atomically, then close it.

    The PNG is written to a temporary file in the target directory and moved into place with
    :func:`os.replace`, so ``path`` is either the old file or the complete new one.

    Parameters
    ----------
    display_or_figure : Display or Figure
        A Display (plotted first if ``plot`` has not been called) or a matplotlib Figure.
    path : str or Path
        Target file; missing parent directories are created.

    Returns
    -------
    Path
        ``path``.
    """
    fig = _root_figure(display_or_figure)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = create_temp(path, suffix=".tmp")  # the mode open() gives (0o666 less the umask)
    try:
        with os.fdopen(fd, "wb") as handle:
            fig.savefig(handle, format="png", dpi=150, bbox_inches="tight")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    finally:
        plt.close(fig)
    return path


def _root_figure(obj):
    """The top-level Figure of a Figure, SubFigure or Display (plotting the Display if needed)."""
    if not isinstance(obj, Figure) and hasattr(obj, "plot") and not hasattr(obj, "figure_"):
        obj.plot()
    fig = getattr(obj, "figure_", obj)
    while not isinstance(fig, Figure) and hasattr(fig, "figure") and fig.figure is not fig:
        fig = fig.figure  # a SubFigure's parent
    if not isinstance(fig, Figure):
        raise TypeError(
            "display_or_figure must be a costlab Display or a matplotlib Figure, "
            f"got {type(obj).__name__}."
        )
    return fig
