"""The cards of each hand, dealt the way the ACPC dealer deals them.

The ACPC server seeds one Mersenne Twister (MT19937, ``init_genrand(seed)``) per match and,
for every hand in turn, draws each player's hole cards and then each round's board cards
from the game's deck with ``genrand_int32() % cards_left``, moving the last card into the
gap (``dealCards`` in ``game.c``, ``rng.c``). Python's own generator is the same MT19937, so
after loading it with the ``init_genrand`` state it produces the same 32-bit words.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> deals = AcpcDeals(standard_game("limit"), seed=0)
>>> holes, board = deals.next_hand()
>>> len(holes), [len(h) for h in holes], len(board)
(2, [2, 2], 5)
>>> AcpcDeals(standard_game("limit"), seed=0).next_hand() == (holes, board)
True
"""

from __future__ import annotations

import random

from pokerlab.acpc.gamedef import GameDef

_N = 624

Holes = tuple[tuple[int, ...], ...]


def mt19937_state(seed: int) -> tuple[int, ...]:
    """The 624 state words ``init_genrand(seed)`` produces (seed taken modulo 2**32)."""
    mt = [seed & 0xFFFFFFFF]
    for i in range(1, _N):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    return tuple(mt)


def genrand(seed: int) -> random.Random:
    """A Python generator whose ``getrandbits(32)`` yields ACPC's ``genrand_int32`` sequence.

    Examples
    --------
    >>> genrand(5489).getrandbits(32)   # the MT19937 reference's first output for 5489
    3499211612
    """
    rng = random.Random()
    # Index 624 = "state used up": the first draw regenerates, as after init_genrand.
    rng.setstate((3, (*mt19937_state(seed), _N), None))
    return rng


class AcpcDeals:
    """Hands dealt in order from one seeded generator, as the ACPC dealer deals a match."""

    def __init__(self, game: GameDef, seed: int) -> None:
        self.game = game
        self.seed = seed
        self._rng = genrand(seed)

    def _draw(self, deck: list[int]) -> int:
        i = self._rng.getrandbits(32) % len(deck)
        card = deck[i]
        deck[i] = deck[-1]
        deck.pop()
        return card

    def next_hand(self) -> tuple[Holes, tuple[int, ...]]:
        """Hole cards of every position and the whole board (all rounds) of the next hand."""
        game = self.game
        deck = list(game.deck)
        holes = tuple(
            tuple(self._draw(deck) for _ in range(game.num_hole_cards)) for _ in range(game.num_players)
        )
        board = tuple(self._draw(deck) for _ in range(sum(game.num_board_cards)))
        return holes, board
