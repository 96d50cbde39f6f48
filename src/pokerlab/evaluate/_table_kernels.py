"""Numba kernels that build the evaluator's tables (imported only when the tables are built).

The scores below order five-card classes; :mod:`pokerlab.evaluate.tables` turns them into
the dense values ``0..7461`` and caches the tables on disk, so a process that finds the
cache never compiles or loads these kernels.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.evaluate.classes import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)
from pokerlab.evaluate.rank_keys import RANK_KEYS

# Base of the positional "score" used while building tables: 13 ranks per digit.
_BASE = 13
_CATEGORY_WEIGHT = _BASE**5


@njit(cache=True)
def score_of_rank_counts(counts: np.ndarray, flush: bool) -> int:
    """Order-preserving score of a five-card hand given its rank counts (13 entries summing to 5).

    The score is ``category * 13**5`` plus the ranks read in order of importance (larger
    groups first, higher ranks first) as base-13 digits; for straights only the top card
    counts (five for the wheel). Distinct classes get distinct scores and a stronger hand
    a larger one. ``flush`` says that all five cards share a suit.
    """
    ordered = np.zeros(5, dtype=np.int64)
    n = 0
    largest = 0
    pairs = 0
    for size in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == size:
                if size > largest:
                    largest = size
                if size == 2:
                    pairs += 1
                for _ in range(size):
                    ordered[n] = r
                    n += 1
    digits = 0
    for i in range(5):
        digits = digits * _BASE + ordered[i]
    if largest == 1:
        top = -1
        if ordered[0] - ordered[4] == 4:
            top = ordered[0]
        elif ordered[0] == 12 and ordered[1] == 3:  # A-5-4-3-2: the wheel, five high
            top = 3
        if top >= 0:
            cat = STRAIGHT_FLUSH if flush else STRAIGHT
            return cat * _CATEGORY_WEIGHT + top
        return (FLUSH if flush else HIGH_CARD) * _CATEGORY_WEIGHT + digits
    if largest == 4:
        cat = FOUR_OF_A_KIND
    elif largest == 3:
        cat = FULL_HOUSE if pairs == 1 else THREE_OF_A_KIND
    else:
        cat = TWO_PAIR if pairs == 2 else ONE_PAIR
    return cat * _CATEGORY_WEIGHT + digits


@njit(cache=True)
def _multisets(k: int) -> np.ndarray:
    """All multisets of ``k`` ranks with at most 4 of a rank, as sorted rows of shape (m, k)."""
    cap = 1
    for i in range(k):  # C(12 + k, k) non-decreasing sequences bound the count
        cap = cap * (12 + k - i) // (i + 1)
    out = np.empty((cap, k), dtype=np.int8)
    seq = np.zeros(k, dtype=np.int64)
    m = 0
    while True:
        run = 1
        ok = True
        for i in range(1, k):
            run = run + 1 if seq[i] == seq[i - 1] else 1
            if run > 4:
                ok = False
        if ok:
            for j in range(k):
                out[m, j] = seq[j]
            m += 1
        i = k - 1
        while i >= 0 and seq[i] == 12:
            i -= 1
        if i < 0:
            break
        seq[i] += 1
        for j in range(i + 1, k):
            seq[j] = seq[i]
    return out[:m]


@njit(cache=True)
def _class_score_list() -> np.ndarray:
    """Scores of all five-card classes (every rank multiset, plus every flush rank set)."""
    fives = _multisets(5)
    scores = np.empty(fives.shape[0] + 1287, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    n = 0
    for row in range(fives.shape[0]):
        counts[:] = 0
        for j in range(5):
            counts[fives[row, j]] += 1
        scores[n] = score_of_rank_counts(counts, False)
        n += 1
        distinct = True
        for r in range(13):
            if counts[r] > 1:
                distinct = False
        if distinct:
            scores[n] = score_of_rank_counts(counts, True)
            n += 1
    return scores[:n]


@njit(cache=True)
def _best_of_multisets(ranks: np.ndarray, class_scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rank-key sums and best non-flush values of the multisets in ``ranks`` (rows of 5..7)."""
    m, k = ranks.shape
    keys = np.empty(m, dtype=np.int64)
    values = np.empty(m, dtype=np.uint16)
    counts = np.zeros(13, dtype=np.int64)
    for row in range(m):
        key = 0
        for j in range(k):
            key += RANK_KEYS[ranks[row, j]]
        best = -1
        for chosen in range(1 << k):  # every 5-card subset, as a bit set of positions
            held = 0
            for j in range(k):
                held += (chosen >> j) & 1
            if held != 5:
                continue
            counts[:] = 0
            for j in range(k):
                if (chosen >> j) & 1:
                    counts[ranks[row, j]] += 1
            best = max(best, score_of_rank_counts(counts, False))
        keys[row] = key
        values[row] = np.searchsorted(class_scores, best)
    return keys, values


@njit(cache=True)
def _flush_table(class_scores: np.ndarray) -> np.ndarray:
    """Best value of a suit holding the 13-bit rank set ``mask`` (0 when fewer than 5 cards)."""
    table = np.zeros(8192, dtype=np.uint16)
    counts = np.zeros(13, dtype=np.int64)
    for mask in range(8192):
        held = 0
        for r in range(13):
            held += (mask >> r) & 1
        if held < 5:
            continue
        counts[:] = 0
        top = -1
        for high in range(12, 3, -1):  # straight flushes, best first
            need = 0x1F << (high - 4)
            if mask & need == need:
                top = high
                break
        if top < 0 and mask & 0x100F == 0x100F:  # A-5-4-3-2
            top = 3
        if top >= 0:
            if top == 3:
                counts[12] = 1
                for r in range(4):
                    counts[r] = 1
            else:
                for r in range(top - 4, top + 1):
                    counts[r] = 1
        else:
            taken = 0
            for r in range(12, -1, -1):
                if (mask >> r) & 1 and taken < 5:
                    counts[r] = 1
                    taken += 1
        table[mask] = np.searchsorted(class_scores, score_of_rank_counts(counts, True))
    return table


@njit(cache=True)
def _place_rows(lows: np.ndarray, starts: np.ndarray, order: np.ndarray, span: int) -> np.ndarray:
    """First-fit placement: the base slot of each row so that no two keys share a slot.

    Row ``r`` holds the low parts ``lows[starts[r]:starts[r + 1]]``; rows are placed in
    ``order`` (largest first), each at the lowest base where all its slots are free.
    """
    used = np.zeros(8 * lows.size + 2 * span, dtype=np.bool_)
    bases = np.zeros(starts.size - 1, dtype=np.int64)
    first_free = 0
    for r in order:
        lo, hi = starts[r], starts[r + 1]
        if hi == lo:
            continue
        while used[first_free]:
            first_free += 1
        smallest = lows[lo]
        for i in range(lo, hi):
            smallest = min(smallest, lows[i])
        base = max(0, first_free - smallest)
        while True:
            clash = False
            for i in range(lo, hi):
                if used[base + lows[i]]:
                    clash = True
                    break
            if not clash:
                break
            base += 1
            if base + span >= used.size:
                raise RuntimeError("perfect hash placement ran out of room")
        for i in range(lo, hi):
            used[base + lows[i]] = True
        bases[r] = base
    return bases


def _class_scores() -> np.ndarray:
    """Sorted distinct scores of all five-card classes."""
    return np.unique(_class_score_list())
