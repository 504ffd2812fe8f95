"""The cost explorer: MTMCS, optimal thresholds and CST over a cost-ratio range.

:class:`costlab.widgets.CostExplorer`'s controller, model, controls and view, with the session
that holds and cross-validates its results, the export of a choice and the stability panel.
"""
