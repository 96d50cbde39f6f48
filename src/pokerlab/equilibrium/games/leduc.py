"""Leduc hold'em for any number of players, with the rules of OpenSpiel's ``leduc_poker``.

A deck of ``N + 1`` ranks in two suits (J, Q, K for two players; J, Q, K, A for three), ante 1
each, one private card each, two limit betting rounds with a public card dealt between them;
bets are 2 in the first round and 4 in the second, at most two raises per round, player 0 (or
the first player still in) acts first in both rounds. At showdown a pair with the board beats
no pair, otherwise the higher private rank wins; equal ranks split the pot.

Private state ``i`` is OpenSpiel's card ``i`` (rank ``i // 2``); the board chance node's
child ``i`` is card ``i``; decision children follow OpenSpiel's action order
(fold, call, raise), which the OpenSpiel converter relies on.

Examples
--------
>>> from pokerlab.equilibrium.flat import FlatGame
>>> flat = FlatGame.build(leduc())
>>> len(flat.decision_nodes()), int((flat.kind == 2).sum())
(186, 274)
>>> leduc(players=3).hands[0]
('Js', 'Jh', 'Qs', 'Qh', 'Ks', 'Kh', 'As', 'Ah')
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pokerlab.equilibrium.game import Chance, Game, Node
from pokerlab.equilibrium.games.limit import betting_round, deal_prior, rank_names
from pokerlab.equilibrium.games.showdown import settle

SUITS = ("s", "h")
BETS = (2, 4)
MAX_RAISES = 2
ANTE = 1


def leduc(players: int = 2) -> Game:
    """Leduc hold'em for ``players`` players (2 to 10, as OpenSpiel)."""
    if not 2 <= players <= 10:
        raise ValueError(f"players: Leduc hold'em takes 2 to 10 players, not {players}")
    cards = tuple(r + s for r in rank_names(players + 1) for s in SUITS)
    n = len(cards)
    rank = np.arange(n) // len(SUITS)
    shape = (n,) * players
    remaining = n - players
    boards = []
    for b in range(n):
        # The board card cannot be anybody's private card.
        free = np.ones(shape, dtype=bool)
        for q in range(players):
            free &= (np.arange(n) != b).reshape([n if a == q else 1 for a in range(players)])
        chance = np.where(free, Fraction(1, remaining), Fraction(0)).astype(object)
        # A pair with the board beats every unpaired card.
        strength = np.where(rank == rank[b], 100 + rank, rank)
        boards.append((cards[b], chance, strength))

    def board_chance(c: tuple[int, ...], live: tuple[int, ...]) -> Node:
        outcomes: dict[str, tuple[np.ndarray, Node]] = {}
        for label, chance, strength in boards:
            second = betting_round(
                c, live, BETS[1], lambda cc, ll, s=strength: settle(cc, ll, s), max_raises=MAX_RAISES
            )
            outcomes[label] = (chance, second)
        return Chance(outcomes)

    root = betting_round((ANTE,) * players, tuple(range(players)), BETS[0], board_chance, MAX_RAISES)
    return Game(
        name="leduc" if players == 2 else f"leduc{players}",
        hands=(cards,) * players,
        # Exact numbers (Fractions) so that values can be certified in rational arithmetic.
        prior=deal_prior(players, n),
        root=root,
        description=f"Leduc hold'em, {players} players (OpenSpiel leduc_poker rules)",
    )
