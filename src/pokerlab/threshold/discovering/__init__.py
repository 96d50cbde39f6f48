"""Discovering the order: the threshold structure of a game read off a discretised equilibrium.

Above :mod:`~pokerlab.threshold.certifying` and :mod:`~pokerlab.threshold.solving`: each order
read is solved exactly and certified. :mod:`~pokerlab.threshold.discovering.discover` for two
players (``--discover-order``), :mod:`~pokerlab.threshold.discovering.discover_many` for three
or more, :mod:`~pokerlab.threshold.discovering.discrete` reads a discretised equilibrium's
dividing points to set them beside the exact ones. The discretised game and its LP or CFR
solution come from :mod:`pokerlab.equilibrium`, imported inside the functions that need them.
"""
