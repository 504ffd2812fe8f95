"""The widgets' shared kit: charts, controls, messages, table style and the MTMCS range table.

What more than one explorer uses lives here, once; each explorer's own folder holds its
controller, model, controls and view.
"""
