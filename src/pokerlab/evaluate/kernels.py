"""Numba kernels of the hand evaluator: single hands callable from other kernels, and batches.

The single-hand functions are ``@njit(inline="always")`` functions: called from another
``@njit`` kernel they are inlined into it by numba (no call, no status check), and the
lookup tables they read are module-level numpy arrays that numba freezes into the machine
code as constants (no reference counting), so a call costs nothing beyond the table reads
themselves. From plain Python, use
:func:`pokerlab.evaluate.evaluate` / :func:`pokerlab.evaluate.evaluate_batch` instead (a
Python call into numba costs about 400 ns).

Card codes are ``4 * rank + suit`` (0..51). Values are dense classes ``0..7461``, higher
stronger (``7462 - phevaluator_rank``). No function here checks its input: codes must be
in 0..51 and distinct.

Single hands
    ``eval5(c0..c4)``, ``eval6(c0..c5)``, ``eval7(c0..c6)`` -> int32.

Batches (one thread unless named parallel)
    ``batch5(cards, out)``, ``batch6``, ``batch7``, ``batch7_parallel``: ``cards`` a
    C-contiguous (n, k) uint8 array, ``out`` an (n,) integer array to fill.
    ``batch_checked(cards, out)`` checks codes and duplicates on the way and returns the
    first bad row (or -1).

Incremental evaluation (a fixed part of the hand reused over many completions)
    A partial hand is a pair ``(key, mask)`` of int64: start from ``key = EMPTY_KEY``,
    ``mask = 0`` and add cards with ``key += CARD_KEY[c]``, ``mask |= CARD_MASK[c]`` (or
    :func:`key_of` / :func:`mask_of` for several cards at once); :func:`eval_key` finishes
    a partial hand of 5..7 cards. Adding two cards to a five-card board and finishing is
    two adds, two ORs and one or two table reads. When :func:`can_flush` says that a
    partial hand cannot reach five of a suit with ``more`` further cards, its completions
    can use :func:`eval_rank_key` (key only: no flush test, no mask).

Hot loops: the scalar functions (``eval5/6/7``, ``eval_key``, ``eval_rank_key``,
``can_flush``) cost nothing extra; ``key_of`` / ``mask_of`` take an array, and numba may
reference-count it around the inlined body, so call them outside the innermost loop (as
below) and add single cards with ``CARD_KEY[c]`` / ``CARD_MASK[c]`` inside it.

Caching caveat: numba's on-disk cache of a caller kernel does not notice changes in this
module, so a caller compiled against one table layout keeps that (self-consistent) copy
until its own source file changes or ``NUMBA_CACHE_DIR`` is cleared.

Example of a caller kernel (hand strength on a flop: our two cards and the board fixed,
every opponent holding enumerated)::

    import numpy as np
    from numba import njit
    from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, eval_key, key_of, mask_of

    @njit(cache=True)
    def ahead_tied_behind(hole, board, dead):
        key = key_of(board)                       # board only: shared by both players
        mask = mask_of(board)
        ours = eval_key(key + CARD_KEY[hole[0]] + CARD_KEY[hole[1]],
                        mask | CARD_MASK[hole[0]] | CARD_MASK[hole[1]])
        out = np.zeros(3, dtype=np.int64)
        for a in range(52):
            if dead[a]:
                continue
            ka = key + CARD_KEY[a]
            ma = mask | CARD_MASK[a]
            for b in range(a + 1, 52):
                if dead[b]:
                    continue
                theirs = eval_key(ka + CARD_KEY[b], ma | CARD_MASK[b])
                out[0 if ours > theirs else (1 if ours == theirs else 2)] += 1
        return out

Examples
--------
>>> royal = [48, 44, 40, 36, 32]            # Ac Kc Qc Jc Tc
>>> int(eval5(*royal)), int(eval7(*royal, 0, 1))
(7461, 7461)
>>> int(eval_key(key_of(np.array(royal)), mask_of(np.array(royal))))
7461
>>> three_clubs, two_suits = np.array([48, 44, 40]), np.array([48, 45, 41])
>>> bool(can_flush(key_of(three_clubs), 2)), bool(can_flush(key_of(two_suits), 2))
(True, False)
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerlab.evaluate.classes import CATEGORY_FLOOR
from pokerlab.evaluate.tables import (
    CARD_KEY,
    CARD_MASK,
    EMPTY_KEY,
    FLUSH_CHECK,
    FLUSH_TABLE,
    RANK_SHIFT,
    RANK_TABLE,
    ROW_KEY_SHIFT,
    ROW_OFFSET,
)

__all__ = [
    "CARD_KEY",
    "CARD_MASK",
    "EMPTY_KEY",
    "batch5",
    "batch6",
    "batch7",
    "batch7_parallel",
    "batch_checked",
    "can_flush",
    "category_of_value",
    "eval5",
    "eval6",
    "eval7",
    "eval_key",
    "eval_rank_key",
    "flush_suit",
    "key_of",
    "mask_of",
]


@njit(cache=True, inline="always")
def _rank_slot(key: int) -> int:
    """Perfect-hash slot of the rank multiset of a hand key.

    Unsigned arithmetic tells LLVM the indices are never negative, which drops numba's
    negative-index wrap-around from the hot path.
    """
    row = np.uint64(key) >> np.uint64(ROW_KEY_SHIFT)
    return np.uint64((key >> RANK_SHIFT) + ROW_OFFSET[row])


@njit(cache=True, inline="always")
def eval_rank_key(key: int) -> int:
    """Value of a hand of 5..7 cards **without** a five-card suit, from its key."""
    return np.int32(RANK_TABLE[_rank_slot(key)])


@njit(cache=True, inline="always")
def flush_suit(key: int) -> int:
    """Suit (0..3) holding five or more cards of a hand whose ``key & FLUSH_CHECK`` is set."""
    if key & 0x8:
        return 0
    if key & 0x80:
        return 1
    if key & 0x800:
        return 2
    return 3


@njit(cache=True, inline="always")
def _flush_value(key: int, mask: int) -> int:
    """Value of a hand whose ``key & FLUSH_CHECK`` is set: its flush suit's ranks, from ``mask``."""
    return np.int32(FLUSH_TABLE[(mask >> (16 * flush_suit(key))) & 0x1FFF])


@njit(cache=True, inline="always")
def can_flush(key: int, more: int) -> bool:
    """Whether adding ``more`` cards to the partial hand ``key`` can give five of one suit."""
    return (key + more * 0x1111) & FLUSH_CHECK != 0


@njit(cache=True, inline="always")
def eval_key(key: int, mask: int) -> int:
    """Value of a hand of 5..7 cards given its summed ``key`` and OR-ed ``mask``."""
    if key & FLUSH_CHECK:
        return _flush_value(key, mask)
    return np.int32(RANK_TABLE[_rank_slot(key)])


@njit(cache=True, inline="always")
def key_of(cards: np.ndarray) -> int:
    """Key of a set of cards (``EMPTY_KEY`` plus their card keys)."""
    key = EMPTY_KEY
    for c in cards:
        key += CARD_KEY[c]
    return key


@njit(cache=True, inline="always")
def mask_of(cards: np.ndarray) -> int:
    """Mask of a set of cards (OR of their card masks)."""
    mask = 0
    for c in cards:
        mask |= CARD_MASK[c]
    return mask


@njit(cache=True, inline="always")
def eval5(c0: int, c1: int, c2: int, c3: int, c4: int) -> int:
    """Value of five cards."""
    key = EMPTY_KEY + CARD_KEY[c0] + CARD_KEY[c1] + CARD_KEY[c2] + CARD_KEY[c3] + CARD_KEY[c4]
    if key & FLUSH_CHECK:
        mask = CARD_MASK[c0] | CARD_MASK[c1] | CARD_MASK[c2] | CARD_MASK[c3] | CARD_MASK[c4]
        return _flush_value(key, mask)
    return np.int32(RANK_TABLE[_rank_slot(key)])


@njit(cache=True, inline="always")
def eval6(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """Value of the best five of six cards."""
    key = (EMPTY_KEY + CARD_KEY[c0] + CARD_KEY[c1] + CARD_KEY[c2] + CARD_KEY[c3]
           + CARD_KEY[c4] + CARD_KEY[c5])
    if key & FLUSH_CHECK:
        mask = (CARD_MASK[c0] | CARD_MASK[c1] | CARD_MASK[c2] | CARD_MASK[c3]
                | CARD_MASK[c4] | CARD_MASK[c5])
        return _flush_value(key, mask)
    return np.int32(RANK_TABLE[_rank_slot(key)])


@njit(cache=True, inline="always")
def eval7(c0: int, c1: int, c2: int, c3: int, c4: int, c5: int, c6: int) -> int:
    """Value of the best five of seven cards."""
    key = (EMPTY_KEY + CARD_KEY[c0] + CARD_KEY[c1] + CARD_KEY[c2] + CARD_KEY[c3]
           + CARD_KEY[c4] + CARD_KEY[c5] + CARD_KEY[c6])
    if key & FLUSH_CHECK:
        mask = (CARD_MASK[c0] | CARD_MASK[c1] | CARD_MASK[c2] | CARD_MASK[c3]
                | CARD_MASK[c4] | CARD_MASK[c5] | CARD_MASK[c6])
        return _flush_value(key, mask)
    return np.int32(RANK_TABLE[_rank_slot(key)])


@njit(cache=True, inline="always")
def _row_key(cards: np.ndarray, i: int, k: int) -> int:
    """Key of row ``i`` (``k`` cards). Inlined with a constant ``k``, LLVM unrolls the loop.

    ``EMPTY_KEY`` is added last: starting the sum from it measured about 2% slower on
    :func:`batch7` (LLVM then schedules the unrolled sums less well).
    """
    key = CARD_KEY[cards[i, 0]]
    for j in range(1, k):
        key += CARD_KEY[cards[i, j]]
    return key + EMPTY_KEY


@njit(cache=True, inline="always")
def _flush_row(cards: np.ndarray, i: int, key: int, k: int) -> int:
    """Value of row ``i`` (``k`` cards), known to hold five cards of a suit (the rare path)."""
    mask = 0
    for j in range(k):
        mask |= CARD_MASK[cards[i, j]]
    return _flush_value(key, mask)


# For checked batches: a one-hot bit per card code, with codes 52..255 all setting bit 63
# (negative), so a bad code is never read out of bounds.
_CARD_BIT = np.full(256, np.iinfo(np.int64).min, dtype=np.int64)
_CARD_BIT[:52] = np.int64(1) << np.arange(52, dtype=np.int64)


@njit(cache=True, inline="always")
def _row_bad(cards: np.ndarray, i: int, k: int) -> bool:
    """Whether row ``i`` holds a code above 51 or a repeated card.

    The OR and the sum of the cards' one-hot bits agree exactly when no bit repeats, and
    bad codes set the sign bit.
    """
    seen = 0
    total = 0
    for j in range(k):
        bit = _CARD_BIT[cards[i, j]]
        seen |= bit
        total += bit
    return seen < 0 or seen != total


@njit(cache=True, inline="always")
def _rows(cards: np.ndarray, out: np.ndarray, k: int, checked: bool) -> int:
    """Fill ``out`` with the values of the (n, ``k``) rows of ``cards``; the first bad row or -1.

    The one body behind every batch kernel, each of which calls it with constant ``k`` and
    ``checked``, so the inlined copy is specialised (loops over ``k`` unrolled, the checks
    compiled out when ``checked`` is false). With ``checked``, rows are tested before
    their keys are read, so only codes 0..51 reach the tables.

    Four hands per iteration share one flush test (taken for about one group in eight on
    random 7-card hands, instead of one hand in 33): fewer branches and mispredictions,
    about 10% faster than one hand per iteration. The group is written out here rather
    than in a helper because an inlined helper taking ``out`` brings numba reference
    counting into the loop.
    """
    n = cards.shape[0]
    for g in range(n // 4):
        i = 4 * g
        if checked and (_row_bad(cards, i, k) or _row_bad(cards, i + 1, k)
                        or _row_bad(cards, i + 2, k) or _row_bad(cards, i + 3, k)):
            for u in range(4):
                if _row_bad(cards, i + u, k):
                    return i + u
        ka = _row_key(cards, i, k)
        kb = _row_key(cards, i + 1, k)
        kc = _row_key(cards, i + 2, k)
        kd = _row_key(cards, i + 3, k)
        out[i] = RANK_TABLE[_rank_slot(ka)]
        out[i + 1] = RANK_TABLE[_rank_slot(kb)]
        out[i + 2] = RANK_TABLE[_rank_slot(kc)]
        out[i + 3] = RANK_TABLE[_rank_slot(kd)]
        if (ka | kb | kc | kd) & FLUSH_CHECK:
            if ka & FLUSH_CHECK:
                out[i] = _flush_row(cards, i, ka, k)
            if kb & FLUSH_CHECK:
                out[i + 1] = _flush_row(cards, i + 1, kb, k)
            if kc & FLUSH_CHECK:
                out[i + 2] = _flush_row(cards, i + 2, kc, k)
            if kd & FLUSH_CHECK:
                out[i + 3] = _flush_row(cards, i + 3, kd, k)
    for i in range(n - n % 4, n):
        if checked and _row_bad(cards, i, k):
            return i
        key = _row_key(cards, i, k)
        if key & FLUSH_CHECK:
            out[i] = _flush_row(cards, i, key, k)
        else:
            out[i] = RANK_TABLE[_rank_slot(key)]
    return -1


@njit(cache=True)
def batch5(cards: np.ndarray, out: np.ndarray) -> None:
    """``out[i] = eval5(*cards[i])`` for a (n, 5) array of valid card codes."""
    _rows(cards, out, 5, False)


@njit(cache=True)
def batch6(cards: np.ndarray, out: np.ndarray) -> None:
    """``out[i] = eval6(*cards[i])`` for a (n, 6) array of valid card codes."""
    _rows(cards, out, 6, False)


@njit(cache=True)
def batch7(cards: np.ndarray, out: np.ndarray) -> None:
    """``out[i] = eval7(*cards[i])`` for a (n, 7) array of valid card codes (one thread)."""
    _rows(cards, out, 7, False)


_PARALLEL_CHUNK = 1 << 14  # rows per parallel task: a multiple of 4, and many tasks per thread


@njit(cache=True, parallel=True)
def batch7_parallel(cards: np.ndarray, out: np.ndarray) -> None:
    """:func:`batch7` spread over numba's threads (in chunks of rows)."""
    n = cards.shape[0]
    for c in prange((n + _PARALLEL_CHUNK - 1) // _PARALLEL_CHUNK):
        lo = c * _PARALLEL_CHUNK
        hi = min(lo + _PARALLEL_CHUNK, n)
        _rows(cards[lo:hi], out[lo:hi], 7, False)


@njit(cache=True)
def batch_checked(cards: np.ndarray, out: np.ndarray) -> int:
    """Evaluate (n, k) uint8 hands (k = 5..7) while checking them; the first bad row, or -1.

    A row is bad when a code exceeds 51 or a card repeats; ``out`` is then filled only
    up to about that row.
    """
    k = cards.shape[1]
    if k == 5:
        return _rows(cards, out, 5, True)
    if k == 6:
        return _rows(cards, out, 6, True)
    if k == 7:
        return _rows(cards, out, 7, True)
    raise ValueError("batch_checked: rows must hold 5, 6 or 7 cards")


@njit(cache=True, inline="always")
def category_of_value(value: int) -> int:
    """Category ``0..8`` of a hand value, for use inside numba kernels (no checks)."""
    c = 0
    for k in range(1, 9):
        if value >= CATEGORY_FLOOR[k]:
            c = k
    return c
