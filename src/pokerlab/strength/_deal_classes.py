"""Joint deals up to suit symmetry: one representative per class, with the class's weight.

Renaming suits changes no showdown, so two joint deals that a suit permutation maps onto
each other (with the board and the dead cards mapped to themselves) have the same
results. The permutations that fix the known cards form a group ``G`` (all 24 pre-flop);
its orbits on the joint deals are the *deal classes*, and each is enumerated once.

Representatives come from a stabiliser chain: player 1's combo is the smallest of its
``G``-orbit, player 2's the smallest of its orbit under the permutations that fix player
1's combo, and so on. Every orbit has exactly one such representative. A class weighs the
sum over its deals of the product of the players' range weights,
``sum_{g in G} prod_p w_p(g c_p) / |Stab(deal)|``, so weighted and asymmetric ranges stay
exact (the walk runs over each range's orbit closure, and classes of weight 0 are dropped).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

import numpy as np
from numba import njit

from pokerlab.cards import ALL_COMBOS, COMBO_CARDS

SUIT_PERMUTATIONS = np.array(list(permutations(range(4))), dtype=np.int64)
"""The 24 permutations of the suits; row ``g`` maps suit ``s`` to ``SUIT_PERMUTATIONS[g, s]``."""


def _card_maps() -> np.ndarray:
    ranks = np.arange(52) & ~3
    return ranks[None, :] + SUIT_PERMUTATIONS[:, np.arange(52) & 3]


CARD_MAPS = _card_maps()
"""``CARD_MAPS[g, c]``: card ``c`` under permutation ``g`` (24 x 52)."""


def _combo_maps() -> np.ndarray:
    a = CARD_MAPS[:, ALL_COMBOS[:, 0]]
    b = CARD_MAPS[:, ALL_COMBOS[:, 1]]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    return (hi * (hi - 1) // 2 + lo).astype(np.int64)


COMBO_MAPS = _combo_maps()
"""``COMBO_MAPS[g, i]``: combo index ``i`` under permutation ``g`` (24 x 1326)."""


def card_set(cards) -> int:
    """The 52-bit set (bit = card code) of ``cards``."""
    out = 0
    for c in cards:
        out |= 1 << int(c)
    return out


@lru_cache(maxsize=256)
def symmetry_group(known: int) -> np.ndarray:
    """Indices of the suit permutations that map the card set ``known`` onto itself.

    Examples
    --------
    >>> len(symmetry_group(0)), len(symmetry_group(card_set([0])))  # nothing known; the 2c
    (24, 6)
    """
    cards = np.array([c for c in range(52) if (known >> c) & 1], dtype=np.int64)
    if cards.size == 0:
        return np.arange(24, dtype=np.int64)
    images = np.sort(CARD_MAPS[:, cards], axis=1)
    keep = np.flatnonzero((images == cards[None, :]).all(axis=1)).astype(np.int64)
    keep.setflags(write=False)
    return keep


def orbit_closure(combos: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Sorted combo indices reachable from ``combos`` by the permutations in ``group``."""
    if len(combos) == 0:
        return np.zeros(0, dtype=np.int64)
    return np.unique(COMBO_MAPS[np.ix_(group, np.asarray(combos, dtype=np.int64))])


@njit(cache=True, inline="always")
def _bits(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _walk(support, sizes, weights, group, known, leaves, leaf_weights, fill):
    """Visit every class representative; write them when ``fill``; return how many have weight."""
    n = support.shape[0]
    g = group.size
    stab = np.zeros(n + 1, dtype=np.int64)
    used = np.zeros(n + 1, dtype=np.int64)
    idx = np.zeros(n, dtype=np.int64)
    chosen = np.zeros(n, dtype=np.int64)
    stab[0] = (np.int64(1) << g) - 1
    used[0] = known
    out = 0
    p = 0
    while p >= 0:
        if idx[p] >= sizes[p]:
            p -= 1
            continue
        c = support[p, idx[p]]
        idx[p] += 1
        cards = COMBO_CARDS[c]
        if cards & used[p]:
            continue
        h = stab[p]
        fixes = 0
        smallest = True
        for e in range(g):
            if (h >> e) & 1:
                d = COMBO_MAPS[group[e], c]
                if d < c:
                    smallest = False
                    break
                if d == c:
                    fixes |= np.int64(1) << e
        if not smallest:
            continue
        chosen[p] = c
        if p < n - 1:
            stab[p + 1] = fixes
            used[p + 1] = used[p] | cards
            p += 1
            idx[p] = 0
            continue
        total = 0.0
        for e in range(g):
            prod = 1.0
            for q in range(n):
                prod *= weights[q, COMBO_MAPS[group[e], chosen[q]]]
                if prod == 0.0:
                    break
            total += prod
        if total > 0.0:
            if fill:
                for q in range(n):
                    leaves[out, q] = chosen[q]
                leaf_weights[out] = total / _bits(fixes)
            out += 1
    return out


def deal_classes(
    supports: list[np.ndarray], weights: np.ndarray, known: int
) -> tuple[np.ndarray, np.ndarray, int]:
    """Representatives of the deal classes, their weights, and the order of the symmetry group.

    Parameters
    ----------
    supports
        Each player's combo indices with positive weight (none using a known card).
    weights
        (n, 1326) range weights by combo index.
    known
        52-bit set of the board and dead cards.

    Returns
    -------
    (leaves, leaf_weights, group_order)
        ``leaves`` is (m, n) combo indices, one row per class of positive weight.

    Examples
    --------
    >>> w = np.zeros((2, 1326)); w[0, [1325]] = 1; w[1, :] = 1   # AhAs against any hand
    >>> leaves, lw, order = deal_classes([np.array([1325]), np.arange(1326)], w, 0)
    >>> order, len(leaves), float(lw.sum())   # 1,225 deals in 469 classes
    (24, 469, 1225.0)
    """
    group = symmetry_group(known)
    n = len(supports)
    closed = [orbit_closure(s, group) for s in supports]
    sizes = np.array([len(c) for c in closed], dtype=np.int64)
    support = np.zeros((n, max(1, int(sizes.max()))), dtype=np.int64)
    for p, c in enumerate(closed):
        support[p, : len(c)] = c
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    empty_l = np.zeros((0, n), dtype=np.int64)
    empty_w = np.zeros(0)
    count = _walk(support, sizes, weights, group, np.int64(known), empty_l, empty_w, False)
    leaves = np.zeros((count, n), dtype=np.int64)
    leaf_weights = np.zeros(count)
    _walk(support, sizes, weights, group, np.int64(known), leaves, leaf_weights, True)
    return leaves, leaf_weights, len(group)
