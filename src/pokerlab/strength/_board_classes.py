"""Exact showdown counts of fixed hands over every board completion, by board classes.

Enumerating the C(48, 5) = 1,712,304 pre-flop boards one by one evaluates each hand on
each board. Most boards differ only in suits nobody can use, so the kernel here counts
boards by class instead:

- **Rank classes.** Without a flush, a hand's value depends on ranks alone. Each multiset
  of ``k`` board ranks (6,175 for five cards) stands for all its suit assignments among the
  cards still in the deck, prod_r C(free_r, m_r) boards, and is evaluated once per player
  with the key-only lookup.
- **Flush corrections.** A finished board holds three or more cards of at most one suit
  ``s``. Where some player holds enough cards of ``s`` to make a flush, the boards with
  exactly the suit-``s`` ranks ``F`` and the other ranks ``M'`` (in any other suits) are
  counted together, C(free non-``s`` cards of each rank, m'_r) of them, and moved from the
  winners of the rank class to the winners with flushes (a flush among seven cards beats
  anything the same cards make without the suit, so a flushing player's value is their
  flush value). Suits that the deal treats alike (swapping them maps every hand, the board
  and the dead cards to themselves) are corrected once, with a multiplier.

Counts are exact integers by winner set: ``counts[mask]`` is the number of boards whose
winners are the players in bit set ``mask`` (a split pot has several bits).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerlab.cards import ALL_COMBOS
from pokerlab.evaluate.kernels import CARD_KEY, EMPTY_KEY, eval_rank_key
from pokerlab.evaluate.tables import FLUSH_TABLE, RANK_SHIFT

RANK_KEY = (CARD_KEY[0::4] >> RANK_SHIFT) << RANK_SHIFT
"""Rank part of the card key of each rank 0..12 (no suit counter): boards of ranks add these."""

MAX_MULTISETS = 6188
"""Room for the multisets of up to five ranks: C(17, 5) bounds those of exactly five."""


@njit(cache=True)
def _multisets(caps, size, keys, counts, stack):
    """Every multiset of ``size`` ranks with at most ``caps[r]`` of rank ``r``; returns how many.

    Writes the rank-key sum of each into ``keys`` and the number of ways to pick its cards,
    prod_r C(caps[r], m_r), into ``counts``. Ranks are chosen in non-decreasing order; the
    count grows by C(c, m) = C(c, m - 1) * (c - m + 1) / m, an exact integer step.
    ``stack`` is (4, 6) int64 room for the depth-first walk.
    """
    if size == 0:
        keys[0] = 0
        counts[0] = 1
        return 1
    rank = stack[0]
    mult = stack[1]
    key = stack[2]
    cnt = stack[3]
    rank[0] = 0
    key[0] = 0
    cnt[0] = 1
    out = 0
    d = 0
    while d >= 0:
        r = rank[d]
        if r > 12:
            d -= 1
            if d >= 0:
                rank[d] += 1
            continue
        m = mult[d - 1] + 1 if d > 0 and rank[d - 1] == r else 1
        c = caps[r]
        if m > c:
            rank[d] += 1
            continue
        mult[d] = m
        key[d + 1] = key[d] + RANK_KEY[r]
        cnt[d + 1] = cnt[d] * (c - m + 1) // m
        if d == size - 1:
            keys[out] = key[d + 1]
            counts[out] = cnt[d + 1]
            out += 1
            rank[d] += 1
        else:
            d += 1
            rank[d] = r
    return out


def _subset_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # Whole-array numpy: a Python loop over the 8,192 sets cost 16 ms of every start.
    every = np.arange(8192, dtype=np.int64)
    bits = (every[:, None] >> np.arange(13)) & 1
    sizes = bits.sum(axis=1)
    order = np.argsort(sizes, kind="stable")
    starts = np.searchsorted(sizes[order], np.arange(15)).astype(np.int64)
    return every[order], bits[order] @ RANK_KEY.astype(np.int64), starts


SUBSET_MASKS, SUBSET_KEYS, SUBSET_START = _subset_tables()
"""Every set of ranks as a 13-bit mask, by size (``SUBSET_START[j]``: the first of size ``j``).

``SUBSET_KEYS`` holds their rank-key sums.
"""


@njit(cache=True)
def _small_multisets(caps, size, keys, counts):
    """:func:`_multisets` for ``size`` 0..2 (what flush corrections need), by direct loops."""
    if size == 0:
        keys[0] = 0
        counts[0] = 1
        return 1
    out = 0
    for r in range(13):
        c = caps[r]
        if c == 0:
            continue
        if size == 1:
            keys[out] = RANK_KEY[r]
            counts[out] = c
            out += 1
            continue
        if c >= 2:
            keys[out] = 2 * RANK_KEY[r]
            counts[out] = c * (c - 1) // 2
            out += 1
        for q in range(r + 1, 13):
            if caps[q] > 0:
                keys[out] = RANK_KEY[r] + RANK_KEY[q]
                counts[out] = c * caps[q]
                out += 1
    return out


@njit(cache=True, inline="always")
def _winners(values, n):
    """Bit set of the players holding the highest of ``values[0:n]``."""
    best = -1
    mask = 0
    for p in range(n):
        v = values[p]
        if v > best:
            best = v
            mask = 1 << p
        elif v == best:
            mask |= 1 << p
    return mask


@njit(cache=True)
def scratch(n, board, known):
    """Work arrays for deals of ``n`` players completing ``board`` (known cards ``known``).

    Holds what all such deals share (the board's key and suits, the cards the board and
    dead cards leave free) and room for one deal; allocated once per block of deals.
    """
    shared = np.zeros((4, 13), dtype=np.int64)
    # shared[0, s] board ranks of suit s, shared[1, s] their count, shared[2, s] free ranks
    # of suit s, shared[3, r] free cards of rank r; shared[0, 4] the board's key.
    key = EMPTY_KEY
    for c in board:
        key += CARD_KEY[c]
        shared[0, c & 3] |= 1 << (c >> 2)
        shared[1, c & 3] += 1
    shared[0, 4] = key
    for r in range(13):
        f = (~known >> (4 * r)) & 0xF
        shared[3, r] = (f & 1) + ((f >> 1) & 1) + ((f >> 2) & 1) + ((f >> 3) & 1)
        for s in range(4):
            shared[2, s] |= ((f >> s) & 1) << r
    return (
        shared,
        np.empty(MAX_MULTISETS, dtype=np.int64),  # multiset keys
        np.empty(MAX_MULTISETS, dtype=np.int64),  # multiset counts
        np.zeros((4, 6), dtype=np.int64),  # walk stack
        np.zeros(n, dtype=np.int64),  # player keys
        np.zeros(n, dtype=np.int64),  # values
        np.zeros(n, dtype=np.int64),  # flush values
        np.zeros((n, 4), dtype=np.int64),  # ranks held in each suit
        np.zeros((n, 4), dtype=np.int64),  # cards held in each suit
        np.zeros((3, 13), dtype=np.int64),  # this deal: free cards by rank, free ranks by suit, spare
    )


@njit(cache=True)
def _prepare(holes, work):
    """Fill the per-deal parts of ``work``: player keys, suit holdings, free cards by rank and suit."""
    shared, _, _, _, pkey, _, _, held, held_count, free = work
    n = holes.shape[0]
    board_key = shared[0, 4]
    free[0, :] = shared[3, :]
    for s in range(4):
        free[1, s] = shared[2, s]
        for p in range(n):
            held[p, s] = 0
            held_count[p, s] = 0
    for p in range(n):
        a = holes[p, 0]
        b = holes[p, 1]
        pkey[p] = board_key + CARD_KEY[a] + CARD_KEY[b]
        for c in (a, b):
            held[p, c & 3] |= 1 << (c >> 2)
            held_count[p, c & 3] += 1
            free[0, c >> 2] -= 1
            free[1, c & 3] &= ~(1 << (c >> 2))


@njit(cache=True, inline="always")
def _alike(holes, shared, free, s, t):
    """Whether exchanging suits ``s`` and ``t`` maps the deal (hands, board, used cards) to itself."""
    if shared[0, s] != shared[0, t] or free[1, s] != free[1, t]:
        return False
    for p in range(holes.shape[0]):
        a = holes[p, 0] & 3
        b = holes[p, 1] & 3
        a_moves = a in (s, t)
        b_moves = b in (s, t)
        if not a_moves and not b_moves:
            continue
        if not (a_moves and b_moves and a != b and holes[p, 0] >> 2 == holes[p, 1] >> 2):
            return False
    return True


@njit(cache=True)
def rank_class_counts(holes, board, counts, work):
    """Add to ``counts[winners]`` every board completing ``board``, valued without flushes.

    Each multiset of board ranks counts for all its suit assignments among the free cards.
    The result depends on the ranks of the hands only (and the known cards), so deals with
    the same ranks share it. Parameters as for :func:`deal_counts`.
    """
    _, mkeys, mcounts, stack, pkey, vals, _, _, _, free = work
    _prepare(holes, work)
    n = holes.shape[0]
    m = _multisets(free[0], 5 - board.size, mkeys, mcounts, stack)
    if n == 2:  # heads-up: tallies in registers
        k0 = pkey[0]
        k1 = pkey[1]
        first = 0
        second = 0
        split = 0
        for i in range(m):
            v0 = eval_rank_key(k0 + mkeys[i])
            v1 = eval_rank_key(k1 + mkeys[i])
            c = mcounts[i]
            first += c if v0 > v1 else 0
            second += c if v1 > v0 else 0
            split += c if v0 == v1 else 0
        counts[1] += first
        counts[2] += second
        counts[3] += split
        return
    for i in range(m):
        bk = mkeys[i]
        for p in range(n):
            vals[p] = eval_rank_key(pkey[p] + bk)
        counts[_winners(vals, n)] += mcounts[i]


@njit(cache=True)
def flush_corrections(holes, board, counts, work):
    """Move the boards on which somebody makes a flush from their rank-class winners to the real ones.

    Adds to and subtracts from ``counts`` (entries may go negative on their own); with
    :func:`rank_class_counts` the sum is exact. Suits the deal treats alike are done once,
    multiplied. Parameters as for :func:`deal_counts`.
    """
    shared, mkeys, mcounts, _, pkey, vals, fvals, held, held_count, free = work
    _prepare(holes, work)
    n = holes.shape[0]
    k = 5 - board.size
    for s in range(4):
        most = 0
        for p in range(n):
            most = max(most, held_count[p, s])
        on_board = shared[1, s]
        free_s = free[1, s]
        first = max(0, 3 - on_board, 5 - most - on_board)
        if first > k:
            continue
        multiplier = 1
        skip = False
        for t in range(4):
            if t != s and _alike(holes, shared, free, s, t):
                if t < s:
                    skip = True
                    break
                multiplier += 1
        if skip:
            continue
        for r in range(13):
            free[2, r] = free[0, r] - ((free_s >> r) & 1)
        board_s = shared[0, s]
        for j in range(first, k + 1):
            nm = _small_multisets(free[2], k - j, mkeys, mcounts)
            total_s = on_board + j
            if n == 2:
                first_c, second_c, split_c = _heads_up_flushes(
                    pkey[0], pkey[1],
                    held[0, s] if held_count[0, s] + total_s >= 5 else -1,
                    held[1, s] if held_count[1, s] + total_s >= 5 else -1,
                    board_s, free_s, j, mkeys, mcounts, nm,
                )
                counts[1] += first_c * multiplier
                counts[2] += second_c * multiplier
                counts[3] += split_c * multiplier
                continue
            for a in range(SUBSET_START[j], SUBSET_START[j + 1]):
                suited = SUBSET_MASKS[a]
                if suited & ~free_s:
                    continue
                fmask = suited | board_s
                for p in range(n):
                    if held_count[p, s] + total_s >= 5:
                        fvals[p] = FLUSH_TABLE[held[p, s] | fmask]
                    else:
                        fvals[p] = -1
                fk = SUBSET_KEYS[a]
                for b in range(nm):
                    bk = fk + mkeys[b]
                    for p in range(n):
                        vals[p] = eval_rank_key(pkey[p] + bk)
                    before = _winners(vals, n)
                    for p in range(n):
                        if fvals[p] >= 0:
                            vals[p] = fvals[p]
                    after = _winners(vals, n)
                    if after != before:
                        c = mcounts[b] * multiplier
                        counts[after] += c
                        counts[before] -= c


@njit(cache=True, inline="always")
def _heads_up_flushes(k0, k1, suited0, suited1, board_s, free_s, j, mkeys, mcounts, nm):
    """Heads-up flush corrections for one suit with ``j`` more suited board cards, as three tallies.

    ``suited0`` / ``suited1``: the player's ranks in the suit when they can make a flush
    here, else -1. Returns the changes ``(first wins, second wins, splits)``.
    """
    first = 0
    second = 0
    split = 0
    for a in range(SUBSET_START[j], SUBSET_START[j + 1]):
        suited = SUBSET_MASKS[a]
        if suited & ~free_s:
            continue
        fmask = suited | board_s
        f0 = FLUSH_TABLE[suited0 | fmask] if suited0 >= 0 else -1
        f1 = FLUSH_TABLE[suited1 | fmask] if suited1 >= 0 else -1
        fk = SUBSET_KEYS[a]
        for b in range(nm):
            v0 = eval_rank_key(k0 + fk + mkeys[b])
            v1 = eval_rank_key(k1 + fk + mkeys[b])
            w0 = f0 if f0 >= 0 else v0
            w1 = f1 if f1 >= 0 else v1
            c = mcounts[b]
            # +c for the winners with flushes, -c for the winners without.
            first += (c if w0 > w1 else 0) - (c if v0 > v1 else 0)
            second += (c if w1 > w0 else 0) - (c if v1 > v0 else 0)
            split += (c if w0 == w1 else 0) - (c if v0 == v1 else 0)
    return first, second, split


@njit(cache=True)
def deal_counts(holes, board, counts, work):
    """Add to ``counts[winners]`` the boards completing ``board`` for the hands ``holes``.

    Parameters
    ----------
    holes
        (n, 2) card codes of the players' hands (none of them known cards).
    board
        The 0, 3, 4 or 5 board cards already dealt.
    counts
        ``1 << n`` int64 counts by winner set, added to.
    work
        :func:`scratch` arrays for ``n`` players, this board and these known cards.
    """
    rank_class_counts(holes, board, counts, work)
    flush_corrections(holes, board, counts, work)


BLOCK_DEALS = 64
"""Deals per parallel task of :func:`many_deal_counts` (each task allocates its work arrays once)."""

RANK_CLASSES, FLUSHES = 1, 2
"""Parts of the count :func:`many_deal_counts` adds (bit flags)."""


@njit(cache=True, parallel=True)
def many_deal_counts(deals, board, known, counts, parts):
    """``counts[i]`` += the counts by winner set of deal ``i`` (a row of combo indices, one per player).

    ``parts`` selects :data:`RANK_CLASSES`, :data:`FLUSHES` or both. Deals run in parallel,
    each into its own row, so the result is the same for any number of threads.
    """
    m, n = deals.shape
    for block in prange((m + BLOCK_DEALS - 1) // BLOCK_DEALS):
        work = scratch(n, board, known)
        holes = np.zeros((n, 2), dtype=np.int64)
        for i in range(block * BLOCK_DEALS, min(m, (block + 1) * BLOCK_DEALS)):
            for p in range(n):
                holes[p, 0] = ALL_COMBOS[deals[i, p], 0]
                holes[p, 1] = ALL_COMBOS[deals[i, p], 1]
            if parts & RANK_CLASSES:
                rank_class_counts(holes, board, counts[i], work)
            if parts & FLUSHES:
                flush_corrections(holes, board, counts[i], work)


@njit(cache=True)
def weighted_sums(per_class, weights, whole, out, out_int):
    """``out += sum_i weights[i] * per_class[i]`` in class order (the same for any thread count).

    With ``whole`` (every weight a whole number) the exact integer sum goes to ``out_int`` too.
    """
    for i in range(per_class.shape[0]):
        w = weights[i]
        wi = np.int64(w)
        for m in range(per_class.shape[1]):
            out[m] += w * per_class[i, m]
            if whole:
                out_int[m] += wi * per_class[i, m]
