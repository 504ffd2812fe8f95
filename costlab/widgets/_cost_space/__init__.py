"""The cost-space explorer: ROC space and cost space side by side (Drummond & Holte 2000).

:class:`costlab.widgets.CostSpaceExplorer`'s controller, model, controls and view.
"""
