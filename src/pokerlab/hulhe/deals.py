"""The HULHE deal source: random deals of heads-up hold'em, their buckets and their showdowns.

A deal is both players' hole cards and the five board cards, uniform among all deals: nine
distinct cards drawn by a partial Fisher-Yates shuffle whose uniform numbers come from the
caller's :class:`numpy.random.Generator` (so a batch is a pure function of the generator's
state). Cards 0-1 are player 0's, 2-3 player 1's, 4-8 the board (flop, turn, river). Player 0
is the engine's position 0: heads-up the big blind, acting first after the flop.

:meth:`HulheDeals.sample` gives what the MCCFR kernel reads (contract of issue 27): each
player's bucket on each round (the card abstraction's ``deal_buckets``) and the showdown's
sign (+1 player 0 wins, 0 tie, -1 player 1 wins) by the project's evaluator, in batches.

Examples
--------
>>> import numpy as np
>>> holes, boards = sample_cards(np.random.default_rng(0), 4)
>>> holes.shape, boards.shape
((4, 2, 2), (4, 5))
>>> all(len(set(h.ravel()) | set(b)) == 9 for h, b in zip(holes, boards))
True
>>> [int(s) for s in showdowns(holes, boards)] == [int(s) for s in showdowns(holes, boards)]
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pokerlab.evaluate.kernels import eval7

CARDS_PER_DEAL = 9


@njit(cache=True)
def _shuffle_into(u: np.ndarray, out: np.ndarray) -> None:
    """Row i of ``out``: the first 9 cards of a Fisher-Yates shuffle of 0..51 driven by ``u[i]``."""
    deck = np.empty(52, dtype=np.int64)
    for i in range(u.shape[0]):
        for c in range(52):
            deck[c] = c
        for k in range(CARDS_PER_DEAL):
            j = k + int(u[i, k] * (52 - k))
            if j > 51:  # u < 1 always; kept for safety against rounding
                j = 51
            t = deck[k]
            deck[k] = deck[j]
            deck[j] = t
            out[i, k] = deck[k]


@njit(cache=True)
def _showdowns(holes: np.ndarray, boards: np.ndarray, out: np.ndarray) -> None:
    for i in range(holes.shape[0]):
        b0, b1, b2, b3, b4 = boards[i, 0], boards[i, 1], boards[i, 2], boards[i, 3], boards[i, 4]
        v0 = eval7(holes[i, 0, 0], holes[i, 0, 1], b0, b1, b2, b3, b4)
        v1 = eval7(holes[i, 1, 0], holes[i, 1, 1], b0, b1, b2, b3, b4)
        out[i] = 1 if v0 > v1 else (-1 if v0 < v1 else 0)


def sample_cards(rng: np.random.Generator, m: int) -> tuple[np.ndarray, np.ndarray]:
    """``m`` uniform deals: hole cards ``int64 (m, 2, 2)`` and boards ``int64 (m, 5)``."""
    cards = np.empty((m, CARDS_PER_DEAL), dtype=np.int64)
    _shuffle_into(rng.random((m, CARDS_PER_DEAL)), cards)
    return np.ascontiguousarray(cards[:, :4].reshape(m, 2, 2)), np.ascontiguousarray(cards[:, 4:])


def showdowns(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """``int8 (m,)``: +1 when player 0's seven cards beat player 1's, 0 a tie, -1 a loss."""
    out = np.empty(len(holes), dtype=np.int8)
    _showdowns(np.ascontiguousarray(holes, dtype=np.int64), np.ascontiguousarray(boards, dtype=np.int64),
               out)
    return out


class HulheDeals:
    """The deal source of heads-up limit hold'em in a card abstraction (``abstraction``: a
    :class:`pokerlab.abstraction.CardAbstraction`).

    ``sample(rng, m)`` -> ``(buckets int32 (m, 2, 4), showdown int8 (m,))``;
    ``bucket_counts`` the abstraction's buckets per round.
    """

    def __init__(self, abstraction: Any) -> None:
        self.abstraction = abstraction
        self.bucket_counts = tuple(int(c) for c in abstraction.bucket_counts)

    def sample(self, rng: np.random.Generator, m: int) -> tuple[np.ndarray, np.ndarray]:
        """``m`` deals drawn with ``rng``: every player's bucket per round, and the showdown."""
        holes, boards = sample_cards(rng, m)
        buckets = np.ascontiguousarray(self.abstraction.deal_buckets(holes, boards), dtype=np.int32)
        return buckets, showdowns(holes, boards)

    def __reduce__(self) -> tuple[Any, ...]:  # worker processes rebuild it from the settings
        return (_deals_for, (self.abstraction.settings,))


def _deals_for(settings: Any) -> HulheDeals:
    from pokerlab.abstraction import card_abstraction

    return HulheDeals(card_abstraction(settings))
