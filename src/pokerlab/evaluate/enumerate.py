"""Enumerate every 5-card and every 7-card hand: category histograms and class counts.

The loops add one card key per level, so each hand costs one add and one table read in
the innermost loop (about 134 million of them for seven cards). Whether the last card can
complete a flush is decided once per prefix, so most innermost loops skip the flush test
and the masks altogether. One five-level loop nest serves both sizes: the five-card
enumeration starts it from no cards, the seven-card one from every two-card prefix.

Examples
--------
>>> result = enumerate_all5()
>>> result.hands, result.distinct_classes, result.category_counts[8]
(2598960, 7462, 40)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import get_num_threads, njit, prange

from pokerlab.evaluate.classes import CATEGORY_FLOOR, CATEGORY_NAMES, NUM_CLASSES
from pokerlab.evaluate.kernels import (
    CARD_KEY,
    CARD_MASK,
    EMPTY_KEY,
    can_flush,
    eval_key,
    eval_rank_key,
)


@dataclass(frozen=True)
class Enumeration:
    """How many hands fall in each class and category.

    Attributes
    ----------
    class_counts
        ``class_counts[v]``: number of hands of value ``v`` (length 7,462).
    """

    class_counts: np.ndarray

    @property
    def hands(self) -> int:
        """Number of hands enumerated."""
        return int(self.class_counts.sum())

    @property
    def category_counts(self) -> list[int]:
        """Hands per category, index 0 (high card) .. 8 (straight flush)."""
        return [int(x) for x in np.add.reduceat(self.class_counts, CATEGORY_FLOOR)]

    @property
    def distinct_classes(self) -> int:
        """Number of values that occur at least once."""
        return int(np.count_nonzero(self.class_counts))

    def as_dict(self) -> dict[str, object]:
        """Category counts by name, plus totals (for JSON output)."""
        return {
            "hands": self.hands,
            "distinct_classes": self.distinct_classes,
            "categories": dict(zip(CATEGORY_NAMES, self.category_counts, strict=True)),
        }


@njit(cache=True, inline="always")
def _count_five_more(key: int, mask: int, low: int, counts: np.ndarray) -> None:
    """Count the hands made of the partial hand ``(key, mask)`` and five cards from ``low..51``.

    ``counts`` is (4, 7462): the innermost loop spreads its increments over four histograms
    (by the last card's suit) so that consecutive equal values do not wait on each other's
    stores. Whether the last card can complete a flush is decided once per prefix.
    Inlined into its callers: as a called kernel, all seven-card hands took about 2% longer.
    """
    for c in range(low, 48):
        kc = key + CARD_KEY[c]
        mc = mask | CARD_MASK[c]
        for d in range(c + 1, 49):
            kd = kc + CARD_KEY[d]
            md = mc | CARD_MASK[d]
            for e in range(d + 1, 50):
                ke = kd + CARD_KEY[e]
                me = md | CARD_MASK[e]
                for f in range(e + 1, 51):
                    kf = ke + CARD_KEY[f]
                    if can_flush(kf, 1):
                        mf = me | CARD_MASK[f]
                        for g in range(f + 1, 52):
                            counts[g & 3, eval_key(kf + CARD_KEY[g], mf | CARD_MASK[g])] += 1
                    else:
                        for g in range(f + 1, 52):
                            counts[g & 3, eval_rank_key(kf + CARD_KEY[g])] += 1


@njit(cache=True)
def _count_all7_from(first: int, counts: np.ndarray) -> None:
    """Count the seven-card hands whose lowest card is ``first`` into ``counts`` (4, 7462)."""
    ka = EMPTY_KEY + CARD_KEY[first]
    ma = CARD_MASK[first]
    for b in range(first + 1, 47):
        _count_five_more(ka + CARD_KEY[b], ma | CARD_MASK[b], b + 1, counts)


@njit(cache=True)
def _count_all7(counts: np.ndarray) -> None:
    for a in range(46):
        _count_all7_from(a, counts)


@njit(cache=True, parallel=True)
def _count_all7_parallel(counts: np.ndarray, workers: int) -> None:
    # Worker w takes lowest cards w, w + workers, ...: the work per lowest card falls fast,
    # so interleaving balances the threads.
    for w in prange(workers):
        for a in range(w, 46, workers):
            _count_all7_from(a, counts[w])


def enumerate_all5() -> Enumeration:
    """Evaluate all 2,598,960 five-card hands.

    Examples
    --------
    >>> enumerate_all5().category_counts
    [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    """
    counts = np.zeros((4, NUM_CLASSES), dtype=np.int64)
    _count_five_more(EMPTY_KEY, 0, 0, counts)
    return Enumeration(counts.sum(axis=0))


def enumerate_all7(*, parallel: bool = False) -> Enumeration:
    """Evaluate all 133,784,560 seven-card hands (best five of seven).

    Parameters
    ----------
    parallel
        Spread the work over numba's threads (default: one thread).
    """
    if parallel:
        workers = max(1, get_num_threads())
        per_worker = np.zeros((workers, 4, NUM_CLASSES), dtype=np.int64)
        _count_all7_parallel(per_worker, workers)
        return Enumeration(per_worker.sum(axis=(0, 1)))
    counts = np.zeros((4, NUM_CLASSES), dtype=np.int64)
    _count_all7(counts)
    return Enumeration(counts.sum(axis=0))
