"""Boards up to suit isomorphism: the canonical flops and turns, and where every board maps.

Two boards that differ by a permutation of the four suits are the same situation for every hole
combo once the combo's suits are permuted the same way, so the abstraction tables hold one row
per *class* of boards (1,755 flops, 16,432 turns) and a deal's board is mapped to its class by
table lookups inside the kernels.

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

from pokerlab.cards import ALL_COMBOS

SUIT_PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
"""The 24 suit permutations, ``SUIT_PERMS[p, old_suit] = new_suit``; permutation 0 is the identity."""

BINOM = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
"""``BINOM[n, k] = C(n, k)`` for the colex ranks."""


def _permuted_cards(cards: np.ndarray, p: int) -> np.ndarray:
    return (cards & ~3) | SUIT_PERMS[p][cards & 3]


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


@functools.lru_cache(maxsize=4)
def board_classes(k: int) -> BoardClasses:
    """The classes of ``k``-card boards (``k`` in 1..5; 3 and 4 are the ones the tables use)."""
    if not 1 <= k <= 5:
        raise ValueError(f"board size {k}: must be 1..5")
    sets = np.array(list(itertools.combinations(range(52), k)), dtype=np.int64)
    sets = sets[np.argsort(colex_ranks(sets))]  # row i has colex rank i
    best = colex_ranks(sets)
    perm = np.zeros(len(sets), dtype=np.int8)
    for p in range(1, 24):
        r = colex_ranks(_permuted_cards(sets, p))
        better = r < best
        best[better] = r[better]
        perm[better] = p
    reps, class_of, weights = np.unique(best, return_inverse=True, return_counts=True)
    boards = sets[reps]
    for a in (boards, weights, class_of, perm):
        a.setflags(write=False)
    return BoardClasses(boards, weights.astype(np.int64), class_of.astype(np.int32), perm)
