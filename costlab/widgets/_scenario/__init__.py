"""The scenario explorer: beliefs u(c), H, scenario curves and risk (Johnson et al. 2015).

:class:`costlab.widgets.ScenarioExplorer`'s controller, model, controls and view.
"""
