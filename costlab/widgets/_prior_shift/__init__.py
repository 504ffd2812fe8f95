"""The prior-shift widget and the cost explorer's prior panel (Landgrebe et al. 2004).

:class:`costlab.widgets.PriorShiftWidget`'s controller, model, controls and view, and the
panel (:mod:`.panel`) the cost explorer shows under its charts.
"""
