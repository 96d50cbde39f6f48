"""A seedable deck of the 52 card codes."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pokerlab.cards.codes import check_distinct, format_cards


class Deck:
    """The 52 cards less any dead cards, shuffled by a seedable generator.

    Parameters
    ----------
    seed
        Seed (or ``numpy.random.Generator``) for the shuffle; ``None`` draws fresh entropy.
    dead
        Cards removed before shuffling.

    Examples
    --------
    >>> deck = Deck(seed=7, dead=[51, 50])
    >>> len(deck)
    50
    >>> hand = deck.deal(2)
    >>> len(deck), 51 in hand
    (48, False)
    >>> Deck(seed=7).deal(5) == Deck(seed=7).deal(5)
    True
    """

    def __init__(
        self, seed: int | np.random.Generator | None = None, dead: Iterable[int] = ()
    ) -> None:
        dead = list(dead)
        check_distinct(dead)
        self._rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        dead_set = set(dead)
        cards = np.array([c for c in range(52) if c not in dead_set], dtype=np.uint8)
        self._cards = self._rng.permutation(cards)
        self._pos = 0

    def __len__(self) -> int:
        return len(self._cards) - self._pos

    def __repr__(self) -> str:
        return f"Deck({len(self)} cards: {format_cards(self._cards[self._pos:self._pos + 5])} ...)"

    def deal(self, n: int) -> list[int]:
        """Take the next ``n`` cards off the top."""
        if n < 0 or n > len(self):
            raise ValueError(f"cannot deal {n} cards from a deck of {len(self)}")
        out = self._cards[self._pos:self._pos + n]
        self._pos += n
        return [int(c) for c in out]
