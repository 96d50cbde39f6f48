"""Reports and pictures: what ``pokerlab solve`` and ``pokerlab equilibrium`` show.

The top layer of :mod:`pokerlab.threshold`; nothing in the package imports it.
:mod:`~pokerlab.threshold.reporting.report` (two players) and
:mod:`~pokerlab.threshold.reporting.report_many` (three or more) turn a solution, its
certificate and its discovery into plain JSON-ready data; :mod:`~pokerlab.threshold.reporting.hands`
maps thresholds to real card hands (the patent's virtual hands);
:mod:`~pokerlab.threshold.reporting.picture` is a solution's picture as plain geometry, drawn by
:mod:`~pokerlab.threshold.reporting.plot`; :mod:`~pokerlab.threshold.reporting.plot_behaviour`
draws a discretised equilibrium on continuous hands.
"""
