"""Certifying: exact best responses against a threshold strategy.

Above :mod:`~pokerlab.threshold.solving`, below everything else.
:mod:`~pokerlab.threshold.certifying.certify` gives a two-player solution its certificate (each
player's exact best response and the exploitability); :mod:`~pokerlab.threshold.certifying.revise`
adds to an order the intervals where another plan does strictly better;
:mod:`~pokerlab.threshold.certifying.response` computes best responses over continuous hands
for any number of players, and holds the bound below which a numeric solution counts as an
equilibrium.
"""
