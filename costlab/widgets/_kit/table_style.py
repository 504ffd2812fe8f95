"""The look of the explorers' live HTML tables, one stylesheet per table family.

The cost-space and scenario explorers' tables share it: a caption on top, right-aligned tabular
figures, left-aligned row labels, the chosen row highlighted. Each family scopes it to its own
CSS class (which the browser tests also read) and adds its own rules.
"""

from __future__ import annotations

__all__ = ["table_style"]

_RULES = (
    "{t} caption{{caption-side:top;text-align:left;padding:2px 0 6px 0;color:#333}}",
    "{t} th,{t} td{{padding:3px 10px;border-bottom:1px solid #ddd;white-space:nowrap}}",
    "{t} thead th{{border-bottom:2px solid #888;text-align:right}}",
    "{t} thead th:first-child,{t} tbody th{{text-align:left;font-weight:normal}}",
    "{t} td{{text-align:right;font-variant-numeric:tabular-nums}}",
    "{t} tr.chosen{{background:#eaf3fb;font-weight:bold}}",
)


def table_style(css_class, *rules, min_width=None):
    """A ``<style>`` block for the tables of class ``css_class``, then ``rules`` as given.

    Parameters
    ----------
    css_class : str
        The tables' class, e.g. ``"costlab-cs"``.
    *rules : str
        Further CSS rules, one a line.
    min_width : str, optional
        The tables' minimum width, e.g. ``"540px"``.

    Returns
    -------
    str

    Examples
    --------
    >>> print(table_style("t", ".t tr.x{color:red}").splitlines()[-2])
    .t tr.x{color:red}
    """
    t = f".{css_class}"
    width = "" if min_width is None else f";min-width:{min_width}"
    lines = [
        "<style>",
        f"{t}{{border-collapse:collapse;font-size:13px;margin:4px 0 6px 0{width}}}",
        *(rule.format(t=t) for rule in _RULES),
        *rules,
        "</style>",
    ]
    return "\n".join(lines)
