"""Range-against-range solving of real hold'em spots (river, turn, flop).

The spot description (:mod:`pokerlab.spot.spec`), the public betting tree
(:mod:`pokerlab.spot.tree`), the vectorised discounted-CFR solver
(:mod:`pokerlab.spot.solver`), exact best responses (:mod:`pokerlab.spot.bestresponse`),
node locks and saved solutions.
"""

from pokerlab.spot.spec import PLAYERS, STREETS, Size, Spot, SpotError, StreetSizes, parse_sizes

__all__ = ["PLAYERS", "STREETS", "Size", "Spot", "SpotError", "StreetSizes", "parse_sizes"]
