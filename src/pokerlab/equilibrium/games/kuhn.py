"""Kuhn poker for any number of players (OpenSpiel's ``kuhn_poker(players=N)``).

A deck of ``N + 1`` cards (J < Q < K for two players; J < Q < K < A for three), one card each,
ante 1, one betting round with a single bet of 1: each player checks or bets in turn; after a
bet, every other player calls or folds once. The highest card among the players who did not
fold wins the pot.

Private state ``i`` is OpenSpiel's card ``i``; a decision's children are ordered as
OpenSpiel's legal actions (pass = check/fold first, bet = bet/call second).

Examples
--------
>>> g = kuhn()
>>> g.hands
(('J', 'Q', 'K'), ('J', 'Q', 'K'))
>>> list(g.root.children)
['check', 'bet']
>>> g3 = kuhn(players=3)
>>> g3.hands[0], g3.name
(('J', 'Q', 'K', 'A'), 'kuhn3')
>>> list(g3.root.children["check"].children["bet"].children)  # player 2 faces player 1's bet
['fold', 'call']
"""

from __future__ import annotations

import numpy as np

from pokerlab.equilibrium.game import Game
from pokerlab.equilibrium.games.limit import betting_round, deal_prior, rank_names
from pokerlab.equilibrium.games.showdown import settle


def kuhn(players: int = 2) -> Game:
    """Kuhn poker for ``players`` players (2 to 10, as OpenSpiel), player 0 acting first."""
    if not 2 <= players <= 10:
        raise ValueError(f"players: Kuhn poker takes 2 to 10 players, not {players}")
    cards = rank_names(players + 1)
    strength = np.arange(len(cards))
    everyone = tuple(range(players))
    root = betting_round(
        (1,) * players, everyone, 1, lambda c, live: settle(c, live, strength),
        max_raises=1, opening=("check", "bet"),
    )  # fmt: skip
    return Game(
        name="kuhn" if players == 2 else f"kuhn{players}",
        hands=(cards,) * players,
        # Exact numbers (Fractions) so that values can be certified in rational arithmetic.
        prior=deal_prior(players, len(cards)),
        root=root,
        description=f"Kuhn poker, {players} players: {', '.join(cards)}; ante 1, bet 1",
    )
