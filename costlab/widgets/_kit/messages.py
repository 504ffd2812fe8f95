"""The explorers' messages: an error in red, a note in yellow, never a traceback."""

from __future__ import annotations

import html

__all__ = ["error_html", "note_html", "show_error"]


def error_html(error):
    """An error as a red message (its type unless a ``ValueError``), never a traceback."""
    text = html.escape(str(error) or type(error).__name__)
    kind = "" if isinstance(error, ValueError) else f"{html.escape(type(error).__name__)}: "
    return (
        '<div class="costlab-message costlab-error" style="color:#a40000;background:#fdecea;'
        f'border-left:4px solid #c00;padding:6px 10px;margin:4px 0">{kind}{text}</div>'
    )


def note_html(text):
    """A yellow note (e.g. the Weka engine is unavailable)."""
    return (
        '<div class="costlab-message costlab-note" style="color:#5a4400;background:#fff6d8;'
        f'border-left:4px solid #e0a800;padding:6px 10px;margin:4px 0">{html.escape(text)}</div>'
    )


def show_error(message, error, *, tables=(), charts=()):
    """Show ``error`` in ``message`` (an HTML widget) in place of the outputs: the ``tables``
    (HTML widgets) are blanked and the ``charts`` (``BrowserChart`` or ``ChartImage`` of
    :mod:`costlab.widgets._kit.charts`) cleared."""
    message.value = error_html(error)
    for table in tables:
        table.value = ""
    for chart in charts:
        chart.clear()
