"""Terminal values with exact card removal, in linear time per node (numba kernels).

For one player's hands against the opponent's reach vector ``r`` (over the opponent's hands),
the *counterfactual value* of hand ``h`` at a terminal is ``sum over opponent hands h' that
share no card with h of r[h'] * u(h, h')``. Looping over hand pairs costs ``n * n'``; these
kernels cost ``n + n'`` (plus 52):

- the opponent reach that does not collide with ``h`` is the total, less the reach of hands
  holding ``h``'s first card, less those holding its second, plus the reach of ``h`` itself
  (counted twice): per-card sums make it constant time (:func:`fold_values`);
- at a showdown, both hand lists are sorted by strength on the river board; one sweep upwards
  accumulates the reach of weaker opponent hands (total and per card), one sweep downwards
  the stronger ones; a hand wins against ``W = weaker - weaker with its cards``, loses
  against ``L``, ties the rest of the valid reach (:func:`showdown_values`).

Utilities are chips won back from the final pot less chips put in since the spot began:
a winner gets ``pot - rake - commit``, a loser ``-commit``, a tie half the raked pot less
the commitment; a fold gives the folder ``-commit`` and the other ``pot - rake - commit``.

Examples
--------
>>> import numpy as np
>>> own = np.array([[0, 1], [2, 3]])
>>> opp = np.array([[0, 4], [5, 6]])
>>> out = np.zeros(2)
>>> fold_values(np.array([1.0, 0.5]), own, opp, 10.0, out)
>>> out.tolist()
[5.0, 15.0]
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def valid_reach(opp_reach: np.ndarray, own_cards: np.ndarray, opp_cards: np.ndarray,
                out: np.ndarray) -> None:
    """``out[h]``: the opponent reach on hands sharing no card with own hand ``h``."""
    fold_values(opp_reach, own_cards, opp_cards, 1.0, out)


@njit(cache=True, nogil=True)
def fold_values(opp_reach: np.ndarray, own_cards: np.ndarray, opp_cards: np.ndarray,
                payoff: float, out: np.ndarray) -> None:
    """``out[h] = payoff * (opponent reach not colliding with h)``: a fold terminal (each
    list holds a combo at most once)."""
    valid_reach_at(opp_reach.reshape(1, -1), 0, own_cards, opp_cards, 0, 0, own_cards.shape[0],
                   opp_cards.shape[0], np.zeros(PAIRS, opp_reach.dtype), payoff,
                   out.reshape(1, -1), 0, np.zeros((1, 52)))


PAIRS = 4096
"""Entries of a *pair buffer*: the opponent's reach of each combo at ``card0 << 6 | card1``
(its cards in the lists' order; a buffer of the 1,326 combo numbers, a multiply more an index,
made a river 12% slower). The kernels fill it with every hand of the opponent's list as they
read the list, and read it for an own hand's identical combo (counted twice by the card
sums). A combo of the opponent's range is in the list whenever an own hand of the list holds
its cards, so an entry that is read was written by the same call, provided the entries of
combos outside the range are 0: a buffer of zeros reused over the lists of one spot keeps
that. (It replaces a table of the identical combo's position per list position: 1.4 MiB on a
flop.)"""


@njit(cache=True, nogil=True)
def _combo(lo, hi):
    """The pair buffer's index of the combo of cards ``lo < hi``."""
    return (np.uint64(lo) << np.uint64(6)) | np.uint64(hi)


@njit(cache=True, nogil=True)
def valid_reach_at(reach, ro, own_cards, opp_cards, own_at, opp_at, n_own, n_opp, pair, scale,
                   out, vo, scratch):
    """:func:`valid_reach` times ``scale`` from row ``ro`` of ``reach`` into row ``vo`` of
    ``out`` (with ``scale`` the payoff: :func:`fold_values`), the card sums in
    ``scratch[0]``, over a situation's hand lists: position ``i`` of the own list holds the
    cards ``own_cards[own_at + i]``, ``n_own`` of them, likewise the opponent's; ``pair``: a
    pair buffer (:data:`PAIRS`) for the identical combo's reach. (The
    cards are read per position: a hand index to look them up by made the loop 12% of a
    river's time slower.) The walk's per-depth buffers are indexed, not sliced (in numba each
    array view costs two atomic reference-count operations). Each valid reach is rounded to
    ``out``'s type, then multiplied by ``scale``."""
    ft = out.dtype.type
    for c in range(52):
        scratch[0, c] = 0.0
    # Unsigned offsets: a signed index gets numba's negative-index wraparound (a compare and
    # a conditional move before every load).
    ua, uo = np.uint64(own_at), np.uint64(opp_at)
    # No zero test (adding a zero reach leaves a sum's bits unchanged, and the branch was
    # unpredictable); the second card's sum stays in ``run`` over each run of hands sharing it
    # (the lists go by second card: consecutive += to one card in memory were the loop's
    # latency chain). Exact in any list order: no hand of a run holds its card first.
    total = 0.0
    cur = 0
    run = 0.0
    for j in range(n_opp):
        r = reach[ro, j]
        total += r
        k = uo + np.uint64(j)
        c = opp_cards[k, 1]
        if c != cur:
            scratch[0, cur] = run
            cur = c
            run = scratch[0, c]
        run += r
        c0 = opp_cards[k, 0]
        scratch[0, c0] += r
        pair[_combo(c0, c)] = r
    scratch[0, cur] = run
    for i in range(n_own):
        k = ua + np.uint64(i)
        c0, c1 = own_cards[k, 0], own_cards[k, 1]
        v = total - scratch[0, c0] - scratch[0, c1]
        v += pair[_combo(c0, c1)]
        out[vo, i] = ft(v) * scale


RANK_LIMIT = 255
"""Showdown ranks run from 1 to ``RANK_LIMIT - 1``: a rank is a hand's place among the distinct
strengths on one river board (at most 182 there: 91 rank pairs without a flush, at most 91
with one), so that a packed hand fits 32 bits."""
SENTINEL_LOW = np.uint32(0)
"""The packed entry before a table's first hand: weaker than every hand (rank 0)."""
SENTINEL_HIGH = np.uint32(RANK_LIMIT << 24)
"""The packed entry after a table's last hand: stronger than every hand."""
PAIRED = 1 << 23
"""The packed flag of a hand whose combo the opponent's range holds: only such a hand looks up
the identical combo's reach in the showdown sweeps."""


@njit(cache=True, nogil=True)
def showdown_ranks(own_value: np.ndarray, own_count: int, opp_value: np.ndarray,
                   opp_count: int, own_rank: np.ndarray, opp_rank: np.ndarray) -> None:
    """Ranks 1, 2, ... of the distinct strengths of both players' hands on one board, from
    their ascending values ``own_value[:own_count]`` and ``opp_value[:opp_count]`` (one merge:
    equal values get equal ranks, on both sides)."""
    i = j = 0
    rank = 0
    last = np.int64(-1) << 40
    while i < own_count or j < opp_count:
        take_own = j >= opp_count or (i < own_count and own_value[i] <= opp_value[j])
        v = np.int64(own_value[i]) if take_own else np.int64(opp_value[j])
        if v != last:
            rank += 1
            last = v
        if rank >= RANK_LIMIT:
            raise ValueError("more distinct showdown strengths on one board than ranks")
        if take_own:
            own_rank[i] = rank
            i += 1
        else:
            opp_rank[j] = rank
            j += 1


@njit(cache=True, nogil=True)
def pack_hands(order: np.ndarray, rank: np.ndarray, count: int, cards: np.ndarray,
               slot: np.ndarray, paired: np.ndarray) -> np.ndarray:
    """One uint32 per hand valid on a board, by ascending strength: ``rank << 24 | paired << 23
    | slot << 12 | card0 << 6 | card1`` (what a showdown sweep reads of a hand, in one load;
    ``rank[i]``: the showdown rank of hand ``order[i]`` (:func:`showdown_ranks`), ``slot[h]``:
    hand ``h``'s position, below 2048, in the vectors the sweep reads and writes,
    ``paired[h]``: whether the opponent's range holds the same combo (:data:`PAIRED`)),
    between the sentinels
    :data:`SENTINEL_LOW` and :data:`SENTINEL_HIGH` (``count + 2`` entries: the sweeps' inner
    loops then need no bounds test)."""
    out = np.empty(count + 2, dtype=np.uint32)
    out[0] = SENTINEL_LOW
    for i in range(count):
        h = order[i]
        flag = PAIRED if paired[h] else 0
        out[i + 1] = np.uint32((np.int64(rank[i]) << 24) | flag | (np.int64(slot[h]) << 12)
                               | (np.int64(cards[h, 0]) << 6) | np.int64(cards[h, 1]))
    out[count + 1] = SENTINEL_HIGH
    return out


@njit(cache=True, nogil=True)
def showdown_values(opp_reach: np.ndarray, own_order: np.ndarray, own_value: np.ndarray,
                    own_count: int, opp_order: np.ndarray, opp_value: np.ndarray, opp_count: int,
                    own_cards: np.ndarray, opp_cards: np.ndarray, half_pot: float,
                    commit: float, out: np.ndarray) -> None:
    """Showdown values: ``half_pot * (W - L) + (half_pot - commit) * valid`` per own hand.

    ``own_order[:own_count]`` are the own hands valid on the board by ascending strength
    ``own_value``, likewise for the opponent; ``half_pot`` is half the raked final pot,
    ``commit`` what each player put in. Hands not on the list get 0. (The walk calls
    :func:`showdown_packed` on tables packed once per board.)
    """
    own_rank = np.empty(own_count, dtype=np.int64)
    opp_rank = np.empty(opp_count, dtype=np.int64)
    showdown_ranks(own_value, own_count, opp_value, opp_count, own_rank, opp_rank)
    showdown_ranked(opp_reach, own_order, own_rank, own_count, opp_order, opp_rank, opp_count,
                    own_cards, opp_cards, half_pot, commit, out, np.zeros(PAIRS, opp_reach.dtype))


_POSITIONS = np.arange(1326)
"""Every hand's position in a full list (a constant in the kernels: no array per call)."""
_PAIRED = np.ones(1326, dtype=np.bool_)
"""Every hand flagged :data:`PAIRED`: the identical combo's reach is read for each (0 where
the opponent holds no such combo)."""


@njit(cache=True, nogil=True)
def showdown_ranked(opp_reach: np.ndarray, own_order: np.ndarray, own_rank: np.ndarray,
                    own_count: int, opp_order: np.ndarray, opp_rank: np.ndarray, opp_count: int,
                    own_cards: np.ndarray, opp_cards: np.ndarray, half_pot: float,
                    commit: float, out: np.ndarray, pair: np.ndarray) -> None:
    """:func:`showdown_values` from the hands' showdown ranks (:func:`showdown_ranks`, or
    :func:`list_ranks` for a list against itself) instead of their values, with a pair buffer
    (:data:`PAIRS`): zeros, or one reused over calls that play a list against itself (every
    hand it reads is then one this call wrote: a loop over boards allocates nothing)."""
    showdown_packed(opp_reach, pack_hands(own_order, own_rank, own_count, own_cards,
                                          _POSITIONS, _PAIRED),
                    pack_hands(opp_order, opp_rank, opp_count, opp_cards, _POSITIONS, _PAIRED),
                    half_pot, commit, out, np.zeros((2, 52)), pair)


@njit(cache=True, nogil=True)
def list_ranks(value: np.ndarray, count: int, rank: np.ndarray) -> None:
    """Showdown ranks 1, 2, ... of one list's ascending values ``value[:count]`` (a list
    against itself: :func:`showdown_ranks` without the merge)."""
    r = 0
    for i in range(count):
        r += 1 if i == 0 or value[i] != value[i - 1] else 0
        rank[i] = r
    if r >= RANK_LIMIT:
        raise ValueError("more distinct showdown strengths on one board than ranks")


@njit(cache=True, nogil=True)
def showdown_packed(opp_reach, own, opp, half_pot, commit, out, scratch, pair):
    """:func:`showdown_values` on :func:`pack_hands` tables, with a ``(2, 52)`` scratch array
    and a pair buffer (:data:`PAIRS`) (:func:`showdown_at` on 1-D arrays; hands not in ``own``
    get 0)."""
    out[:] = 0.0
    showdown_at(opp_reach.reshape(1, -1), 0, own.reshape(1, -1), opp.reshape(1, -1), 0,
                own.shape[0] - 2, opp.shape[0] - 2, pair, half_pot, commit, out.reshape(1, -1), 0,
                scratch, False, np.empty(opp.shape[0], dtype=np.int64), np.empty(opp.shape[0]))


@njit(cache=True, nogil=True)
def showdown_zero_sum(opp_reach, own, opp, half_pot, out, scratch):
    """:func:`showdown_packed` less its tie term: ``out[h] = half_pot * (W - L)``.

    Without rake every showdown's tie term is ``(half_pot - commit) * valid`` = half the
    starting pot times the valid reach, the same under every action of a node: the best
    response's walks leave it out (values relative to an even split of the starting pot) and
    skip the pass over the remaining hands and the valid reach.
    """
    out[:] = 0.0
    showdown_at(opp_reach.reshape(1, -1), 0, own.reshape(1, -1), opp.reshape(1, -1), 0,
                own.shape[0] - 2, opp.shape[0] - 2, np.zeros(PAIRS, opp_reach.dtype), half_pot, 0.0,
                out.reshape(1, -1), 0, scratch, True, np.empty(opp.shape[0], dtype=np.int64),
                np.empty(opp.shape[0]))


@njit(cache=True, nogil=True)
def showdown_at(reach, ro, own_t, opp_t, row, n_own, n_opp, pair, half_pot, commit, out, vo,
                scratch, zero_sum, cx, cr):
    """The showdown sweeps on rows: opponent reach ``reach[ro]``, the packed tables' rows
    ``own_t[row, :n_own + 2]`` and ``opp_t[row, :n_opp + 2]`` (sentinels included), values
    into ``out[vo]`` (only the table's hands are written); ``pair``: a pair buffer
    (:data:`PAIRS`) for the identical combo's reach; ``zero_sum``: without the tie term
    (:func:`showdown_zero_sum`); ``cx``, ``cr``: int64 and float64 buffers of at least
    ``n_opp + 2`` entries. Rows are indexed, not sliced: in numba each array view costs
    two atomic reference-count operations.

    First the opponent hands with reach (most have none deep in a tree) are gathered in
    strength order, their packed entries into ``cx`` (between the sentinels) and their reach
    into ``cr``: a branch-free pass, so that the sweeps need no unpredictable test per hand
    and add the same terms in the same order. Two sweeps then: the upward one gives each own
    hand the reach of weaker opponent hands and leaves the card sums of all of them (for the
    valid reach), the downward one the stronger ones and the rest of the value.
    """
    for c in range(52):
        scratch[0, c] = 0.0
        scratch[1, c] = 0.0
    # Unsigned positions in the gathered lists: a signed index gets numba's negative-index
    # wraparound (a compare and a conditional move before every load).
    one = np.uint64(1)
    nil = np.uint64(0)
    cx[0] = np.int64(opp_t[row, 0])
    m = one
    for k in range(1, n_opp + 1):
        x = np.int64(opp_t[row, k])
        r = reach[ro, (x >> 12) & 0x7FF]
        pair[_combo((x >> 6) & 63, x & 63)] = r
        cx[m] = x
        cr[m] = r
        m += one if r != 0.0 else nil
    cx[m] = np.int64(opp_t[row, n_opp + 1])
    # Upward sweep: reach of strictly weaker opponent hands (the high sentinel ends it).
    acc = 0.0
    j = one
    x = cx[j]
    for i in range(1, n_own + 1):
        w = np.int64(own_t[row, i])
        v = w >> 24
        while (x >> 24) < v:
            r = cr[j]
            acc += r
            scratch[0, (x >> 6) & 63] += r
            scratch[0, x & 63] += r
            j += one
            x = cx[j]
        out[vo, (w >> 12) & 0x7FF] = half_pot * (acc - scratch[0, (w >> 6) & 63]
                                                   - scratch[0, w & 63])
    total = acc
    tie = half_pot - commit
    if not zero_sum:
        # The rest: ``scratch[0]`` becomes every valid opponent hand's card sums.
        for k in range(j, m):
            x = cx[k]
            r = cr[k]
            total += r
            scratch[0, (x >> 6) & 63] += r
            scratch[0, x & 63] += r
    # Downward sweep: reach of strictly stronger opponent hands (the low sentinel ends it),
    # and the valid reach.
    acc = 0.0
    j = m - one
    x = cx[j]
    for i in range(n_own, 0, -1):
        w = np.int64(own_t[row, i])
        v = w >> 24
        while (x >> 24) > v:
            r = cr[j]
            acc += r
            scratch[1, (x >> 6) & 63] += r
            scratch[1, x & 63] += r
            j -= one
            x = cx[j]
        h = (w >> 12) & 0x7FF
        c0 = (w >> 6) & 63
        c1 = w & 63
        if zero_sum:
            out[vo, h] -= half_pot * (acc - scratch[1, c0] - scratch[1, c1])
        else:
            valid = total - scratch[0, c0] - scratch[0, c1]
            if w & PAIRED:
                valid += pair[_combo(c0, c1)]
            out[vo, h] += tie * valid - half_pot * (acc - scratch[1, c0] - scratch[1, c1])


def raked_half_pot(pot: float, rake_pct: float, rake_cap: float) -> float:
    """Half of a final pot of ``pot`` chips after the rake (percent, cap 0 = none)."""
    r = pot * rake_pct / 100.0
    if rake_cap > 0:
        r = min(r, rake_cap)
    return (pot - r) / 2.0
