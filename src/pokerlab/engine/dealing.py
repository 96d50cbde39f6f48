"""Seeded deals that depend only on ``(seed, deal number)``, with the hand strengths precomputed.

Deal ``d`` of seed ``s`` is always the same shuffled deck, whichever process asks and in
whatever order: deals are generated in blocks of :data:`BLOCK` with a generator seeded by
``(s, d // BLOCK)``. A variant with ``h`` hole cards gives seat ``k`` the deck's cards
``h*k .. h*k+h-1`` and takes its board from the cards after the most players it seats, so a
seat's cards and the board do not depend on how many sit at the table (hold'em: 25 cards,
enough for ten players and a board). A variant with a draw gets the whole deck: after the
hole cards (and board) come the other cards in the deck's order, the stub the draws are dealt
from. That is what makes a match
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

from pokerlab.engine.variants import TEXAS_HOLDEM, Variant, get_variant

BLOCK = 1024


class Dealer:
    """Cards of deal ``d`` for a table of ``n`` seats in ``variant``: the hole cards seat by
    seat, then the board.

    In hold'em seat ``k`` holds cards ``2k, 2k+1`` and the board is the last five. The
    showdown strengths of every seat on the full board are computed for a whole block at once
    (one call of the numba evaluator per block, not one per hand).
    """

    def __init__(self, seed: int, variant: Variant | str = TEXAS_HOLDEM) -> None:
        self.seed = int(seed)
        rules = get_variant(variant) if isinstance(variant, str) else variant
        self.variant = rules
        self._hole = rules.hole_cards
        self._board_at = rules.hole_cards * rules.max_players
        self._board_end = self._board_at + rules.board_cards
        self._draws = rules.draws
        self._width = 52 if rules.draws else self._board_end
        self._block = -1
        self._cards: np.ndarray = np.empty((0, self._width), dtype=np.uint8)
        self._ranks: dict[int, np.ndarray] = {}

    def _load(self, block: int) -> None:
        if block == self._block:
            return
        rng = np.random.default_rng([self.seed, block])
        order = np.argsort(rng.random((BLOCK, 52)), axis=1)[:, :self._width]
        self._cards = order.astype(np.uint8)
        self._ranks = {}
        self._block = block

    def cards(self, deal: int, seats: int) -> list[int]:
        """The hole cards (seat by seat) and the board of deal number ``deal``."""
        if deal < 0:
            raise ValueError(f"deal number must be 0 or more, not {deal}")
        self._load(deal // BLOCK)
        row = self._cards[deal % BLOCK]
        dealt = self._hole * seats
        cards = row[:dealt].tolist() + row[self._board_at: self._board_end].tolist()
        if self._draws:
            cards += row[dealt: self._board_at].tolist() + row[self._board_end:].tolist()
        return cards

    def ranks(self, deal: int, seats: int) -> list[int] | None:
        """Showdown strength of each seat's hand on the full board of deal ``deal`` (None in a
        variant with a draw: the showdown hands are not dealt yet)."""
        if self._draws:
            return None
        self._load(deal // BLOCK)
        table = self._ranks.get(seats)
        if table is None:
            from pokerlab.evaluate import evaluate_batch

            hole = self._hole
            board = self._cards[:, self._board_at:]
            rows = np.empty((BLOCK, seats, hole + board.shape[1]), dtype=np.uint8)
            for k in range(seats):
                rows[:, k, :hole] = self._cards[:, hole * k: hole * k + hole]
                rows[:, k, hole:] = board
            table = evaluate_batch(rows.reshape(BLOCK * seats, -1), check=False).reshape(BLOCK, seats)
            self._ranks[seats] = table
        return table[deal % BLOCK].tolist()


def seat_cards_to_positions(cards: list[int], seats: int, button: int, hole: int = 2) -> list[int]:
    """Reorder seat-indexed cards (``hole`` per seat, then the rest) into position order
    (position 0 = seat left of the button).

    Examples
    --------
    >>> seat_cards_to_positions([0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14], 3, 0)
    [2, 3, 4, 5, 0, 1, 10, 11, 12, 13, 14]
    """
    out: list[int] = []
    for pos in range(seats):
        seat = (button + 1 + pos) % seats
        out += cards[hole * seat: hole * seat + hole]
    return out + cards[hole * seats:]
