"""The widgets' shared kit: the controller, controls, charts, messages, tables and MTMCS range.

What more than one explorer uses lives here, once; each explorer's own folder holds its
controller, model, controls and view.
"""
