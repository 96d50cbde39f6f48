"""Boards up to suit isomorphism: the canonical flops, turns and rivers, and where every board maps.

Two boards that differ by a permutation of the four suits are the same situation for every hole
combo once the combo's suits are permuted the same way, so the abstraction tables hold one row
per *class* of boards (1,755 flops, 16,432 turns, 134,459 rivers) and a deal's board is mapped
to its class by table lookups inside the kernels.

A set of ``k`` cards ``c_0 < ... < c_{k-1}`` is numbered by its colex rank
``sum_i C(c_i, i + 1)`` (0 .. C(52, k) - 1). For every set, :func:`board_classes` gives the
class id and the index of a suit permutation (:data:`SUIT_PERMS`, ``new suit = perm[old]``) that
takes the set to its class representative, the image with the smallest colex rank; classes are
numbered by that rank. :data:`COMBO_PERM` ``[p, c]`` is the ``combo_index`` of combo ``c`` with
its suits permuted by ``p``.

This generalises :func:`pokerlab.spot.batch.canonical_flops` (Python, flops only, another
representative and order) to any board size, vectorised; the tests check that both give the same
1,755 classes with the same weights.

Examples
--------
>>> classes = board_classes(3)
>>> len(classes.boards), int(classes.weights.sum())
(1755, 22100)
>>> len(board_classes(4).boards)
16432
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np
from numba import njit

from pokerlab.cards import ALL_COMBOS

SUIT_PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
"""The 24 suit permutations, ``SUIT_PERMS[p, old_suit] = new_suit``; permutation 0 is the identity."""

BINOM = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
"""``BINOM[n, k] = C(n, k)`` for the colex ranks."""


def _permuted_cards(cards: np.ndarray, p: int) -> np.ndarray:
    return (cards & ~3) | SUIT_PERMS[p][cards & 3]


def unrank(ranks: np.ndarray, k: int) -> np.ndarray:
    """The ``k``-card sets (ascending codes, one row each) with these colex ranks.

    Examples
    --------
    >>> unrank(colex_ranks(np.array([[9, 3, 40]])), 3).tolist()
    [[3, 9, 40]]
    """
    r = np.array(ranks, dtype=np.int64)
    out = np.empty((len(r), k), dtype=np.int64)
    for i in range(k, 0, -1):
        c = np.searchsorted(BINOM[:, i], r, side="right") - 1  # largest c with C(c, i) <= r
        out[:, i - 1] = c
        r = r - BINOM[c, i]
    return out


def colex_ranks(sets: np.ndarray) -> np.ndarray:
    """The colex rank of each row of ``sets`` (rows of distinct card codes, any order)."""
    s = np.sort(np.asarray(sets, dtype=np.int64), axis=1)
    return sum(BINOM[s[:, i], i + 1] for i in range(s.shape[1]))


def _combo_perm() -> np.ndarray:
    combos = ALL_COMBOS.astype(np.int64)
    out = np.empty((24, 1326), dtype=np.int64)
    for p in range(24):
        q = np.sort(_permuted_cards(combos, p), axis=1)
        out[p] = q[:, 1] * (q[:, 1] - 1) // 2 + q[:, 0]
    return out


COMBO_PERM = _combo_perm()
"""``COMBO_PERM[p, c]``: the combo index of combo ``c`` with its suits permuted by permutation ``p``."""
COMBO_PERM.setflags(write=False)


@dataclass(frozen=True)
class BoardClasses:
    """The suit-isomorphism classes of ``k``-card boards.

    Attributes
    ----------
    boards
        (n, k) int64: each class's representative, ascending card codes; classes in ascending
        colex rank of the representative.
    weights
        (n,) int64: how many of the C(52, k) boards each class stands for.
    class_of
        (C(52, k),) int32 by colex rank: the class of every board.
    perm_of
        (C(52, k),) int8 by colex rank: a permutation (index into :data:`SUIT_PERMS`) taking the
        board to its class representative.
    """

    boards: np.ndarray
    weights: np.ndarray
    class_of: np.ndarray
    perm_of: np.ndarray


@njit(cache=True, nogil=True)
def sorted_rank(cards: np.ndarray, k: int) -> int:
    """Colex rank of the first ``k`` (at most 5) entries of ``cards`` (distinct codes, any order).

    A sorting network in registers: no array is allocated (it runs for every deal).
    """
    s0 = cards[0]
    s1 = cards[1] if k > 1 else 99
    s2 = cards[2] if k > 2 else 99
    s3 = cards[3] if k > 3 else 99
    s4 = cards[4] if k > 4 else 99
    # a sorting network on five values (unused slots hold 99 and stay last)
    if s0 > s1:
        s0, s1 = s1, s0
    if s3 > s4:
        s3, s4 = s4, s3
    if s2 > s4:
        s2, s4 = s4, s2
    if s2 > s3:
        s2, s3 = s3, s2
    if s1 > s4:
        s1, s4 = s4, s1
    if s0 > s3:
        s0, s3 = s3, s0
    if s0 > s2:
        s0, s2 = s2, s0
    if s1 > s3:
        s1, s3 = s3, s1
    if s1 > s2:
        s1, s2 = s2, s1
    r = BINOM[s0, 1]
    if k > 1:
        r += BINOM[s1, 2]
    if k > 2:
        r += BINOM[s2, 3]
    if k > 3:
        r += BINOM[s3, 4]
    if k > 4:
        r += BINOM[s4, 5]
    return r


@njit(cache=True, nogil=True)
def _classes_kernel(k: int, perms: np.ndarray, best: np.ndarray, perm: np.ndarray) -> None:
    """For every ``k``-card set by colex rank: the smallest colex rank of its 24 suit images,
    and the permutation reaching it (the first one, in :data:`SUIT_PERMS` order)."""
    cards = np.empty(5, dtype=np.int64)
    image = np.empty(5, dtype=np.int64)
    for rank in range(best.shape[0]):
        r = rank
        for i in range(k, 0, -1):  # unrank: the largest c with C(c, i) <= r, downwards
            c = i - 1
            while BINOM[c + 1, i] <= r:
                c += 1
            cards[i - 1] = c
            r -= BINOM[c, i]
        low = rank
        arg = 0
        for p in range(1, 24):
            for j in range(k):
                image[j] = (cards[j] & ~3) | perms[p, cards[j] & 3]
            q = sorted_rank(image, k)
            if q < low:
                low = q
                arg = p
        best[rank] = low
        perm[rank] = arg


@functools.lru_cache(maxsize=4)
def board_classes(k: int) -> BoardClasses:
    """The classes of ``k``-card boards (``k`` in 1..5; 3 and 4 are the ones the tables use)."""
    if not 1 <= k <= 5:
        raise ValueError(f"board size {k}: must be 1..5")
    best = np.empty(math.comb(52, k), dtype=np.int64)
    perm = np.empty(len(best), dtype=np.int8)
    _classes_kernel(k, SUIT_PERMS, best, perm)
    reps, class_of, weights = np.unique(best, return_inverse=True, return_counts=True)
    boards = unrank(reps, k)
    for a in (boards, weights, class_of, perm):
        a.setflags(write=False)
    return BoardClasses(boards, weights.astype(np.int64), class_of.astype(np.int32), perm)
