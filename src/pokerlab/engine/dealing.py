"""Seeded deals that depend only on ``(seed, deal number)``, with the hand strengths precomputed.

Deal ``d`` of seed ``s`` is always the same 25 cards (enough for ten players and a board),
whichever process asks and in whatever order: deals are generated in blocks of
:data:`BLOCK` with a generator seeded by ``(s, d // BLOCK)``. That is what makes a match
resumable and its results independent of how many worker processes play it. A duplicate
match replays one deal with the players rotated through the seats.

Examples
--------
>>> dealer = Dealer(seed=1)
>>> cards = dealer.cards(5, 2)
>>> len(cards), len(set(cards))
(9, 9)
>>> cards == Dealer(seed=1).cards(5, 2)
True
>>> dealer.cards(5, 2) == dealer.cards(6, 2)
False
"""

from __future__ import annotations

import numpy as np

from pokerlab.engine.settings import MAX_SEATS

BLOCK = 1024
CARDS_PER_DEAL = 2 * MAX_SEATS + 5


class Dealer:
    """Cards of deal ``d`` for a table of ``n`` seats: ``2n`` hole cards then the board.

    Seat ``k`` holds cards ``2k, 2k+1``; the board is the last five. The seven-card
    strengths of every seat on the full board are computed for a whole block at once (one
    call of the numba evaluator per block, not one per hand).
    """

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._block = -1
        self._cards: np.ndarray = np.empty((0, CARDS_PER_DEAL), dtype=np.uint8)
        self._ranks: dict[int, np.ndarray] = {}

    def _load(self, block: int) -> None:
        if block == self._block:
            return
        rng = np.random.default_rng([self.seed, block])
        order = np.argsort(rng.random((BLOCK, 52)), axis=1)[:, :CARDS_PER_DEAL]
        self._cards = order.astype(np.uint8)
        self._ranks = {}
        self._block = block

    def cards(self, deal: int, seats: int) -> list[int]:
        """The ``2 * seats + 5`` cards of deal number ``deal``."""
        if deal < 0:
            raise ValueError(f"deal number must be 0 or more, not {deal}")
        self._load(deal // BLOCK)
        row = self._cards[deal % BLOCK]
        return row[: 2 * seats].tolist() + row[2 * MAX_SEATS:].tolist()

    def ranks(self, deal: int, seats: int) -> list[int]:
        """Seven-card strength of each seat's hand on the full board of deal ``deal``."""
        self._load(deal // BLOCK)
        table = self._ranks.get(seats)
        if table is None:
            from pokerlab.evaluate import evaluate_batch

            board = self._cards[:, 2 * MAX_SEATS:]
            sevens = np.empty((BLOCK, seats, 7), dtype=np.uint8)
            for k in range(seats):
                sevens[:, k, :2] = self._cards[:, 2 * k: 2 * k + 2]
                sevens[:, k, 2:] = board
            table = evaluate_batch(sevens.reshape(-1, 7), check=False).reshape(BLOCK, seats)
            self._ranks[seats] = table
        return table[deal % BLOCK].tolist()


def seat_cards_to_positions(cards: list[int], seats: int, button: int) -> list[int]:
    """Reorder seat-indexed cards into position order (position 0 = seat left of the button).

    Examples
    --------
    >>> seat_cards_to_positions([0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14], 3, 0)
    [2, 3, 4, 5, 0, 1, 10, 11, 12, 13, 14]
    """
    out: list[int] = []
    for pos in range(seats):
        seat = (button + 1 + pos) % seats
        out += cards[2 * seat: 2 * seat + 2]
    return out + cards[2 * seats:]
