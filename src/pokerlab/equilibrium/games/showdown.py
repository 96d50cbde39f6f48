"""Paying out a pot: the best hand among the players still in takes it, equal hands split it.

Shared by every built-in game (Kuhn, Leduc, discretised dividing-point games) and by any
number of players. The payoffs are exact where the contributions are: each deal's set of
winners is an index into a short table of payoffs (one entry per set of winners), so
Fractions stay Fractions without arithmetic per deal.

Examples
--------
Three players, hands 0 < 1 < 2 (one each, any combination), player 2 folded after putting in 1:

>>> import numpy as np
>>> t = settle((2, 2, 1), (0, 1), np.arange(3))
>>> [float(p[2, 1, 0]) for p in t.payoff]  # player 0 holds the best live hand
[3.0, -2.0, -1.0]
>>> t.payoff[0].shape  # the folded player's hand does not matter: broadcast along its axis
(3, 3, 1)
>>> [float(p[1, 1, 0]) for p in t.payoff]  # a tie between the live players: they split 5
[0.5, 0.5, -1.0]
>>> float(settle((3, 1), (0,)).payoff)  # two players: player 0's payoff, player 1 folded
1.0

Players with different private states, one strength array each (2 and 3 states):

>>> settle((2, 2), (0, 1), (np.array([5, 9]), np.array([4, 5, 9]))).payoff.tolist()
[[2.0, 0.0, -2.0], [2.0, 2.0, 0.0]]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from pokerlab.equilibrium.game import Terminal


def settle(
    contributions: Sequence[int | Fraction | float],
    live: Sequence[int],
    strength: np.ndarray | Sequence[np.ndarray] | None = None,
) -> Terminal:
    """Terminal where the ``live`` players (0-based seats) share the pot of ``contributions``.

    One live player takes it all (``strength`` unused); otherwise ``strength[h]`` ranks each
    private state, the same array for every player (a shared deck, or equally spread hand
    levels), or a tuple of arrays, one per player (players whose private states differ, as the
    combos of two ranges on a board), and the best live hands split the pot. Each player's
    payoff is its share minus its contribution. With two players the terminal holds player 0's
    payoff (zero-sum); with more, one array per player over the deals ``(h0, ..., h{N-1})``.
    """
    players = len(contributions)
    if len(live) == 1:
        winners: np.ndarray | int = 1 << live[0]
    else:
        if strength is None:
            raise ValueError("strength: a showdown needs the hands' strengths")
        own = strength if isinstance(strength, tuple | list) else (strength,) * players
        axis = {
            q: np.asarray(own[q]).reshape([len(own[q]) if a == q else 1 for a in range(players)])
            for q in live
        }
        best = np.maximum.reduce(np.broadcast_arrays(*axis.values()))
        # Each deal's set of winners as a bit mask over the seats.
        winners = sum((axis[q] == best).astype(np.int64) << q for q in live)
    pot = sum(contributions)
    exact = any(isinstance(c, Fraction) for c in contributions)
    pays = []
    for q in range(players):
        table = np.zeros(1 << players, dtype=object if exact else float)
        for mask in range(1, 1 << players):
            share = pot / Fraction(mask.bit_count()) if exact else pot / mask.bit_count()
            table[mask] = (share if mask >> q & 1 else 0) - contributions[q]
        pays.append(table[winners])
    return Terminal(pays[0] if players == 2 else pays)
