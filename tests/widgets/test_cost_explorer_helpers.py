"""The cost explorer's small pure helpers on synthetic input: range labels, snapping a range
to the grid, IBk's parameters, and the deprecated ``snap_range``."""

import pytest

from costlab.metrics import cost_ratio_grid
from costlab.widgets import classifier_params
from costlab.widgets._cost.model import snap_range
from costlab.widgets._kit.mtmcs import range_label, snap_to_grid


def test_snap_range_is_a_deprecated_alias_of_snap_to_grid():
    """One function snaps a range to a grid; the old name warns, naming the new one, and
    gives the same answer for one release."""
    grid = cost_ratio_grid(0.05, 0.95, 0.025)
    with pytest.warns(DeprecationWarning, match="snap_to_grid"):
        assert snap_range(0.33, 0.71, 0.025) == snap_to_grid(grid, 0.33, 0.71) == (0.325, 0.7)


def test_small_helpers():
    assert range_label(0.3, 0.7) == "0.30/0.70 – 0.70/0.30"
    assert range_label(0.325, 0.5, 0.025) == "0.325/0.675 – 0.500/0.500"
    grid = cost_ratio_grid(0.05, 0.95, 0.05)  # the explorer's axis
    assert snap_to_grid(grid, 0.33, 0.71) == (0.35, 0.7)
    assert snap_to_grid(grid, 0.9, 0.2) == (0.2, 0.9)
    assert classifier_params("IBk", 5) == {"k": 5}
    assert classifier_params("IBk", 1) == {}  # Weka's default: the reproduce.py cache key
    assert classifier_params("RandomForest", 5) == {}
