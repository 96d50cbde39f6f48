"""Refining: a discretised equilibrium played on continuous hands, certified there, refined.

Above :mod:`~pokerlab.threshold.discovering` (it reads the discretised strategy's runs the way
the discovery does) and :mod:`~pokerlab.threshold.certifying` (the exact best responses over
continuous hands). :mod:`~pokerlab.threshold.refining.continuous` plays the strategy level by
level (the behaviour and staircase readings) and bounds its NashConv on continuous hands;
:mod:`~pokerlab.threshold.refining.refine` splits levels where that certificate finds gains.
"""
