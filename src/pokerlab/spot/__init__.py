"""Range-against-range solving of real hold'em spots (river, turn, flop).

The core: the spot description (:mod:`pokerlab.spot.spec`), the public betting tree
(:mod:`pokerlab.spot.tree`), hands, dealt cards and showdown tables with suit isomorphism
(:mod:`pokerlab.spot.deal`), the storage layout (:mod:`pokerlab.spot.layout`), terminal values
with exact card removal (:mod:`pokerlab.spot.terminal`), the numba walk over the tree
(:mod:`pokerlab.spot.walk`), the discounted-CFR solver (:mod:`pokerlab.spot.solver`), exact best
responses and exploitability (:mod:`pokerlab.spot.bestresponse`), node locks
(:mod:`pokerlab.spot.locks`), and solving to a stopping rule, saving and browsing
(:mod:`pokerlab.spot.solution`). Import the heavier modules directly: this package only loads
the spot description.
"""

from pokerlab.spot.spec import PLAYERS, STREETS, Size, Spot, SpotError, StreetSizes, parse_sizes

__all__ = ["PLAYERS", "STREETS", "Size", "Spot", "SpotError", "StreetSizes", "parse_sizes"]
