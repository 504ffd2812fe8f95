"""The CST explorer: the robust-or-optimal choice over a movable cost-ratio range.

:class:`costlab.widgets.CstExplorer`'s controller, model, controls and view.
"""
