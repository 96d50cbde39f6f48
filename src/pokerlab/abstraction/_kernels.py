"""Numba kernels: the exact strength of every hole combo on a board, one board at a time.

All strengths are kept as **integers** so that the two ways of computing a bucket (the big
training tables and :meth:`~pokerlab.abstraction.CardAbstraction.board_buckets` at play time)
compare equal numbers and can never disagree at a bucket boundary through rounding:

- river: ``num = 2 * wins + ties`` against the 990 opponent holdings that share no card with
  the combo or the board, so ``HS = num / 1980`` (:data:`RIVER_DEN`);
- turn: ``S = sum over the 46 rivers of num ** 2``, so ``E[HS^2] = S / (46 * 1980 ** 2)``;
- flop: ``S = sum over the 1,081 (turn, river) runouts of num ** 2`` (each unordered pair once),
  so ``E[HS^2] = S / (1081 * 1980 ** 2)``.

The river sweep is :func:`pokerlab.spot.terminal.showdown_ranked` (the spot solver's exact
card-removal showdown in linear time, on the hands' ranks among the board's strengths) with
every opponent holding at reach 1, half-pot 1 and no commitment: its value per hand is then
``W - L + (W + T + L) = 2W + T``.

Combos are in ``combo_index`` order (:func:`pokerlab.cards.combo_index`,
:data:`pokerlab.cards.ALL_COMBOS`); a combo touching the board gets -1.

Examples
--------
>>> import numpy as np
>>> from pokerlab.cards import combo_index, parse_cards
>>> num = river_nums(np.array(parse_cards("2c 7d 9h Jc Ks"), dtype=np.int64))
>>> int(num[combo_index(*parse_cards("AsAh"))]), int((num < 0).sum())  # HS = 1705 / 1980
(1705, 245)
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pokerlab.abstraction.boards import COMBO_PERM, sorted_rank
from pokerlab.cards import ALL_COMBOS
from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, EMPTY_KEY, eval_key
from pokerlab.spot.terminal import PAIRS, list_ranks, showdown_ranked

RIVER_DEN = 1980
"""Denominator of a river ``num``: twice the 990 opponent holdings."""

_LO = ALL_COMBOS[:, 0].astype(np.int64)
_HI = ALL_COMBOS[:, 1].astype(np.int64)


@njit(cache=True, nogil=True)
def _radix_order(value: np.ndarray, n: int, order: np.ndarray, tmp: np.ndarray,
                 sorted_value: np.ndarray) -> None:
    """``order[:n]``: the indices of ``value[:n]`` (below 2**14) by ascending value, and
    ``sorted_value[:n]`` the values in that order.

    Two counting passes of 7 bits (least significant first, each stable; both digits counted in
    one sweep): a few microseconds for the 1,081 hands of a river, where ``np.argsort`` took
    25 us, most of a river's time.
    """
    low = np.zeros(129, dtype=np.int64)
    high = np.zeros(129, dtype=np.int64)
    for i in range(n):
        v = value[i]
        low[(v & 127) + 1] += 1
        high[(v >> 7) + 1] += 1
    for d in range(128):
        low[d + 1] += low[d]
        high[d + 1] += high[d]
    for i in range(n):
        d = value[i] & 127
        tmp[low[d]] = i
        low[d] += 1
    for i in range(n):
        j = tmp[i]
        v = value[j]
        d = v >> 7
        k = high[d]
        order[k] = j
        sorted_value[k] = v
        high[d] = k + 1


@njit(cache=True, nogil=True)
def _river_into(board: np.ndarray, extra0: int, extra1: int, num: np.ndarray,
                ids: np.ndarray, cards: np.ndarray, value: np.ndarray, ones: np.ndarray,
                out: np.ndarray, pair: np.ndarray) -> None:
    """``num[c] = 2W + T`` of every combo ``c`` on ``board`` (k cards) plus ``extra0``/``extra1``
    (card codes, -1 = none) making five; -1 for combos touching those cards.

    The work arrays (``ids`` .. ``out``, 1,326 long; ``cards`` (1326, 2); ``value`` (4, 1326):
    the values, then sorted values, order and scratch of the sort; ``pair`` the showdown's pair
    buffer, :data:`pokerlab.spot.terminal.PAIRS`) are the caller's, so a loop over many rivers
    allocates them once.
    """
    used = np.int64(0)
    key = EMPTY_KEY
    mask = np.int64(0)
    for c in board:
        used |= np.int64(1) << c
        key += CARD_KEY[c]
        mask |= CARD_MASK[c]
    for c in (extra0, extra1):
        if c >= 0:
            used |= np.int64(1) << c
            key += CARD_KEY[c]
            mask |= CARD_MASK[c]
    n = 0
    for c in range(1326):
        a = _LO[c]
        b = _HI[c]
        if (used >> a) & 1 or (used >> b) & 1:
            num[c] = -1
            continue
        ids[n] = c
        cards[n, 0] = a
        cards[n, 1] = b
        value[0, n] = eval_key(key + CARD_KEY[a] + CARD_KEY[b], mask | CARD_MASK[a] | CARD_MASK[b])
        n += 1
    sorted_value = value[1, :n]
    order = value[2, :n]
    _radix_order(value[0], n, order, value[3], sorted_value)
    rank = value[3, :n]  # the sort's scratch row, free again
    list_ranks(sorted_value, n, rank)
    showdown_ranked(ones[:n], order, rank, n, order, rank, n, cards[:n], cards[:n], 1.0, 0.0,
                    out[:n], pair)
    for i in range(n):
        num[ids[i]] = np.int64(out[i] + 0.5)


@njit(cache=True, nogil=True)
def _work() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    ids = np.empty(1326, dtype=np.int64)
    cards = np.empty((1326, 2), dtype=np.int64)
    value = np.empty((4, 1326), dtype=np.int64)
    ones = np.ones(1326)
    out = np.empty(1326)
    pair = np.zeros(PAIRS)
    return ids, cards, value, ones, out, pair


@njit(cache=True, nogil=True)
def river_nums(board: np.ndarray) -> np.ndarray:
    """``2W + T`` of every combo on a five-card ``board`` (int64 codes); -1 touching the board."""
    num = np.empty(1326, dtype=np.int64)
    ids, cards, value, ones, out, pair = _work()
    _river_into(board, -1, -1, num, ids, cards, value, ones, out, pair)
    return num


@njit(cache=True, nogil=True)
def turn_scores(board: np.ndarray, bins: int, river_hist: np.ndarray, river_count: np.ndarray,
                weight: int) -> np.ndarray:
    """``S`` (sum over the 46 rivers of ``num ** 2``) of every combo on a four-card ``board``.

    -1 for combos touching the board. With ``bins > 0`` also fills ``river_hist[c, k]``: how
    many rivers give combo ``c`` an HS in bin ``k`` of ``bins`` equal bins of [0, 1] (HS = 1
    in the last), the next-round histogram of the potential-aware abstraction (add to it: the
    caller zeroes it). When ``river_count`` has ``RIVER_DEN + 1`` entries, ``weight`` is added
    to ``river_count[num]`` for every (river, combo): the river distribution the percentiles
    come from.
    """
    used = np.int64(0)
    for c in board:
        used |= np.int64(1) << c
    score = np.zeros(1326, dtype=np.int64)
    num = np.empty(1326, dtype=np.int64)
    ids, cards, value, ones, out, pair = _work()
    keep = river_count.shape[0] == RIVER_DEN + 1
    for r in range(52):
        if (used >> r) & 1:
            continue
        _river_into(board, r, -1, num, ids, cards, value, ones, out, pair)
        for c in range(1326):
            v = num[c]
            if v >= 0:
                score[c] += v * v
                if bins > 0:
                    k = v * bins // RIVER_DEN
                    if k >= bins:
                        k = bins - 1
                    river_hist[c, k] += 1
                if keep:
                    river_count[v] += weight
    for c in range(1326):
        if (used >> _LO[c]) & 1 or (used >> _HI[c]) & 1:
            score[c] = -1
    return score


@njit(cache=True, nogil=True)
def flop_scores(board: np.ndarray, per_turn: np.ndarray) -> np.ndarray:
    """``S`` (sum over the 1,081 runouts of ``num ** 2``) of every combo on a three-card ``board``.

    -1 for combos touching the board. ``per_turn`` (1326, 52) int64 is filled with each turn
    card's share: ``per_turn[c, t]`` = the turn ``S`` of combo ``c`` on ``board + t`` (sum over
    its 46 rivers), -1 where ``t`` is on the board or in the combo; so ``S = sum_t per_turn / 2``
    (each runout {t, r} is counted under t and under r).
    """
    used = np.int64(0)
    for c in board:
        used |= np.int64(1) << c
    per_turn[:, :] = 0
    num = np.empty(1326, dtype=np.int64)
    ids, cards, value, ones, out, pair = _work()
    for t in range(52):
        if (used >> t) & 1:
            continue
        for r in range(t + 1, 52):
            if (used >> r) & 1:
                continue
            _river_into(board, t, r, num, ids, cards, value, ones, out, pair)
            for c in range(1326):
                v = num[c]
                if v >= 0:
                    per_turn[c, t] += v * v
                    per_turn[c, r] += v * v
    score = np.zeros(1326, dtype=np.int64)
    for c in range(1326):
        a = _LO[c]
        b = _HI[c]
        if (used >> a) & 1 or (used >> b) & 1:
            score[c] = -1
            per_turn[c, :] = -1
            continue
        s = 0
        for t in range(52):
            if (used >> t) & 1 or t in (a, b):
                per_turn[c, t] = -1
            else:
                s += per_turn[c, t]
        score[c] = s // 2
    return score


TURN_FULL = 46 * RIVER_DEN * RIVER_DEN
"""A turn ``S`` at E[HS^2] = 1."""
FLOP_FULL = 1081 * RIVER_DEN * RIVER_DEN
"""A flop ``S`` at E[HS^2] = 1."""


HIST_BITS = 6
"""Bits of one bin of a packed histogram (counts up to 47: 10 bins fit an int64)."""


@njit(cache=True, nogil=True)
def pack_hist(hist: np.ndarray, row: int, bins: int) -> int:
    """Row ``row`` of a count histogram as one int64, bin ``k`` in bits ``6k .. 6k + 5``."""
    key = np.int64(0)
    for k in range(bins):
        key |= np.int64(hist[row, k]) << (HIST_BITS * k)
    return key


@njit(cache=True, nogil=True, parallel=True)
def turn_scores_many(boards: np.ndarray, weights: np.ndarray, bins: int, scores: np.ndarray,
                     keys: np.ndarray, river_rows: np.ndarray) -> None:
    """:func:`turn_scores` of each row of ``boards`` into ``scores`` (n, 1326) and, with
    ``bins > 0``, the river histograms packed into ``keys`` (n, 1326) (:func:`pack_hist`);
    ``river_rows[i]`` (n, RIVER_DEN + 1) gathers board ``i``'s river ``num`` distribution,
    counted ``weights[i]`` times (one row a board: the boards run in parallel threads)."""
    for i in prange(boards.shape[0]):
        hist = np.zeros((1326, max(bins, 1)), dtype=np.int64)
        s = turn_scores(boards[i], bins, hist, river_rows[i], weights[i])
        for c in range(1326):
            scores[i, c] = s[c]
            if bins > 0:
                keys[i, c] = pack_hist(hist, c, bins) if s[c] >= 0 else -1


@njit(cache=True, nogil=True)
def turn_bin(score: int, bins: int) -> int:
    """Bin of a turn ``S`` among ``bins`` equal bins of E[HS^2] in [0, 1] (1 in the last)."""
    k = score * bins // TURN_FULL
    return bins - 1 if k >= bins else k


@njit(cache=True, nogil=True)
def flops_from_turns(flops: np.ndarray, turn_class: np.ndarray, turn_perm: np.ndarray,
                     turn_scores_table: np.ndarray, bins: int, scores: np.ndarray,
                     keys: np.ndarray) -> None:
    """Flop ``S`` of every combo on each flop of ``flops`` (n, 3), from the turn table.

    ``S(flop) = (sum over the turn cards t of S(flop + t)) / 2`` (each runout {t, r} appears
    under t and under r): the same integer :func:`flop_scores` computes directly. The turn
    ``S`` of combo ``c`` on a board is read from its class row at ``COMBO_PERM[perm, c]``.
    With ``bins > 0`` also the histogram over the 47 turn cards of the turn E[HS^2]
    (:func:`turn_bin`), packed into ``keys`` (n, 1326) (:func:`pack_hist`).
    """
    board = np.empty(4, dtype=np.int64)
    hist = np.zeros((1326, max(bins, 1)), dtype=np.int64)
    for i in range(flops.shape[0]):
        used = np.int64(0)
        for j in range(3):
            board[j] = flops[i, j]
            used |= np.int64(1) << flops[i, j]
        for c in range(1326):
            scores[i, c] = 0
        hist[:, :] = 0
        for t in range(52):
            if (used >> t) & 1:
                continue
            board[3] = t
            rank = sorted_rank(board, 4)
            row = turn_class[rank]
            p = turn_perm[rank]
            for c in range(1326):
                a = _LO[c]
                b = _HI[c]
                if (used >> a) & 1 or (used >> b) & 1 or a == t or b == t:
                    continue
                s = turn_scores_table[row, COMBO_PERM[p, c]]
                scores[i, c] += s
                if bins > 0:
                    hist[c, turn_bin(s, bins)] += 1
        for c in range(1326):
            if (used >> _LO[c]) & 1 or (used >> _HI[c]) & 1:
                scores[i, c] = -1
                keys[i, c] = -1
            else:
                scores[i, c] //= 2
                if bins > 0:
                    keys[i, c] = pack_hist(hist, c, bins)


@njit(cache=True, nogil=True, parallel=True)
def river_buckets_many(boards: np.ndarray, thresholds: np.ndarray, out: np.ndarray) -> None:
    """Row ``i`` of ``out``: the river bucket of every combo on five-card board ``boards[i]``
    (``thresholds`` placed as ``np.searchsorted(..., side="right")``), -1 touching the board."""
    for i in prange(boards.shape[0]):
        num = river_nums(boards[i])
        for c in range(1326):
            out[i, c] = -1 if num[c] < 0 else np.searchsorted(thresholds, num[c], side="right")


@njit(cache=True, nogil=True)
def deal_buckets_kernel(holes: np.ndarray, boards: np.ndarray, preflop: np.ndarray,
                        flop_class: np.ndarray, flop_perm: np.ndarray, flop_table: np.ndarray,
                        turn_class: np.ndarray, turn_perm: np.ndarray, turn_table: np.ndarray,
                        river_class: np.ndarray, river_perm: np.ndarray, river_table: np.ndarray,
                        out: np.ndarray) -> None:
    """Both players' buckets on every round of each deal (see ``CardAbstraction.deal_buckets``).

    Pre-flop: the class of the combo; flop, turn and river: the class row of the board (its
    colex rank looked up), the combo permuted with it. A row not computed yet gives
    ``NOT_COMPUTED`` (-2) entries, which the caller fills and asks again.
    """
    for i in range(holes.shape[0]):
        fr = sorted_rank(boards[i], 3)
        tr = sorted_rank(boards[i], 4)
        rr = sorted_rank(boards[i], 5)
        frow = flop_class[fr]
        fp = flop_perm[fr]
        trow = turn_class[tr]
        tp = turn_perm[tr]
        rrow = river_class[rr]
        rp = river_perm[rr]
        for p in range(2):
            a = holes[i, p, 0]
            b = holes[i, p, 1]
            if a > b:
                a, b = b, a
            c = b * (b - 1) // 2 + a
            out[i, p, 0] = preflop[c]
            out[i, p, 1] = flop_table[frow, COMBO_PERM[fp, c]]
            out[i, p, 2] = turn_table[trow, COMBO_PERM[tp, c]]
            out[i, p, 3] = river_table[rrow, COMBO_PERM[rp, c]]
