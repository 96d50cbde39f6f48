"""Solving: a game and a threshold order in, the exact dividing points out.

The lowest layer of :mod:`pokerlab.threshold`; it imports only :mod:`pokerlab.gamespec`.
:mod:`~pokerlab.threshold.solving.solve` builds P1's expected return over the regions of the
unit square and solves the derivative equations of a two-player game (the patent's steps
940-965); :mod:`~pokerlab.threshold.solving.cube`, :mod:`~pokerlab.threshold.solving.polynomial`
and :mod:`~pokerlab.threshold.solving.algebraic` do it for any number of players (boxes of the
unit cube, all solutions of the polynomial conditions, exact real algebraic numbers);
:mod:`~pokerlab.threshold.solving.strategy` plays a solution (the sequence a hand follows).
"""
