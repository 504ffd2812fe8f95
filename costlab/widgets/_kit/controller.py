"""What every explorer's controller shares: one update from the controls' state, and control
changes the controller makes itself that trigger none.

An explorer is an ``ipywidgets.VBox`` whose callbacks are small and do no maths: each calls
:meth:`Explorer.update`, which reads the controls into a state (a frozen dataclass), lets the
controls follow it (enabled, disabled, relabelled) and refreshes the outputs from held data.
When the controller itself sets several controls (a preset, another dataset), it sets them
inside ``with self._quietly():`` and then updates once.
"""

from __future__ import annotations

import contextlib

import ipywidgets as widgets

__all__ = ["Explorer"]


class Explorer(widgets.VBox):
    """The controller's skeleton: :meth:`update` = :meth:`state`, ``_sync_controls``, ``_refresh``.

    A subclass defines :meth:`state` (the controls' values), ``_refresh(state)`` (compute from
    held data and redraw what changed; an error is shown in place, never raised to the
    browser) and, if some controls follow the state, ``_sync_controls(state)``.
    """

    _quiet = False

    def state(self):
        """The controls' current values (a frozen dataclass)."""
        raise NotImplementedError

    def update(self) -> None:
        """Bring every output up to date with the controls; nothing while ``_quietly``."""
        if self._quiet:
            return
        state = self.state()
        self._sync_controls(state)
        self._refresh(state)

    def _sync_controls(self, state):
        """Let the controls follow ``state`` (nothing by default)."""

    def _refresh(self, state):
        raise NotImplementedError

    @contextlib.contextmanager
    def _quietly(self):
        """Set controls inside this block without each change updating the outputs."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False
