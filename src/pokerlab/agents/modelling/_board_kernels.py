"""Numba kernels behind the bots' hand evaluation: one board's ranks shared by every decision.

A bot decides many times on the same board, and every bot at the table sees the same board.
So the value of every two-card holding on the board (and on the board plus each possible
next card) is computed once per board (:func:`board_ranks`, about 62,000 evaluations on the
flop) and each decision then only compares integers:

- :func:`strength_potential`: weighted ahead / tied / behind counts of our hand against every
  opponent holding and the one-card potential table (PPOT1 / NPOT1), exactly as
  :func:`pokerlab.strength.hand_potential` defines them;
- :func:`holding_strengths`: the hand strength of every holding against one random holding
  (card removal exact), the "hand value" that opponent modelling re-weights with;
- :func:`crude_potential`: Loki's quick PPOT_c of every holding, from its draws' outs (the
  post-flop re-weighting ranks the opponent's holdings by HS_1 + (1 - HS_1) PPOT_c).

Values are the evaluator's classes (higher stronger); ``-1`` marks a holding that uses a board
card (or, in ``nxt``, the next card itself).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.cards import ALL_COMBOS
from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, eval_key, key_of, mask_of
from pokerlab.strength._enumeration import _state

_HOLDING_CARDS = ALL_COMBOS.astype(np.int64)  # the two cards of each holding, combo_index order

# Rank masks of the ten straights (bit r = rank r, 0 = deuce .. 12 = ace): 5-high (the wheel,
# ace low) to ace-high.
_STRAIGHTS = np.array([(1 << 12) | 0b1111] + [0b11111 << low for low in range(9)], dtype=np.int64)


@njit(cache=True)
def board_ranks(board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(now, nxt)``: value of every holding (``combo_index`` order) on ``board`` and, for a
    board of 3 or 4 cards, on ``board`` plus each next card ``nxt[combo, card]``."""
    used = np.zeros(52, dtype=np.bool_)
    for c in board:
        used[c] = True
    now = np.full(1326, -1, dtype=np.int32)
    more = board.size < 5
    nxt = np.full((1326 if more else 0, 52), -1, dtype=np.int32)
    bkey = key_of(board)
    bmask = mask_of(board)
    for hi in range(1, 52):
        if used[hi]:
            continue
        kh = bkey + CARD_KEY[hi]
        mh = bmask | CARD_MASK[hi]
        for lo in range(hi):
            if used[lo]:
                continue
            idx = hi * (hi - 1) // 2 + lo
            k = kh + CARD_KEY[lo]
            m = mh | CARD_MASK[lo]
            now[idx] = eval_key(k, m)
            if more:
                for c in range(52):
                    if not used[c] and c != hi and c != lo:
                        nxt[idx, c] = eval_key(k + CARD_KEY[c], m | CARD_MASK[c])
    return now, nxt


@njit(cache=True)
def strength_potential(
    h0: int, h1: int, board: np.ndarray, now: np.ndarray, nxt: np.ndarray, weights: np.ndarray
) -> np.ndarray:
    """For each row of ``weights`` (k tables of 1,326 entries): weighted ``[ahead, tied, behind]``
    now, then the one-card table ``one[now, after]`` flattened (zeros on the river): a (k, 12)
    array. The holdings are enumerated once for all k tables."""
    k_tables = weights.shape[0]
    out = np.zeros((k_tables, 12))
    k = key_of(board) + CARD_KEY[h0] + CARD_KEY[h1]
    m = mask_of(board) | CARD_MASK[h0] | CARD_MASK[h1]
    ours = eval_key(k, m)
    used = np.zeros(52, dtype=np.bool_)
    used[h0] = True
    used[h1] = True
    for c in board:
        used[c] = True
    more = board.size < 5
    ours_next = np.full(52, -1, dtype=np.int32)
    if more:
        for c in range(52):
            if not used[c]:
                ours_next[c] = eval_key(k + CARD_KEY[c], m | CARD_MASK[c])
    tally = np.zeros(3)
    for hi in range(1, 52):
        if used[hi]:
            continue
        for lo in range(hi):
            if used[lo]:
                continue
            idx = hi * (hi - 1) // 2 + lo
            any_weight = False
            for t in range(k_tables):
                if weights[t, idx] != 0.0:
                    any_weight = True
            if not any_weight:
                continue
            s = _state(ours, now[idx])
            if more:
                tally[:] = 0.0
                for c in range(52):
                    if not used[c] and c != hi and c != lo:
                        tally[_state(ours_next[c], nxt[idx, c])] += 1.0
            for t in range(k_tables):
                w = weights[t, idx]
                out[t, s] += w
                if more:
                    for a in range(3):
                        out[t, 3 + 3 * s + a] += w * tally[a]
    return out


@njit(cache=True)
def holding_strengths(now: np.ndarray) -> np.ndarray:
    """HS of every holding against one random holding of the other unseen cards (NaN where the
    holding uses a board card)."""
    valid = np.nonzero(now >= 0)[0]
    n_valid = valid.size
    srt = np.sort(now[valid])
    # Holdings per card: their values (for the card-removal correction).
    per_card = np.full((52, 51), -1, dtype=np.int32)
    per_count = np.zeros(52, dtype=np.int64)
    for idx in valid:
        for c in (_HOLDING_CARDS[idx, 0], _HOLDING_CARDS[idx, 1]):
            per_card[c, per_count[c]] = now[idx]
            per_count[c] += 1
    out = np.full(1326, np.nan)
    for idx in valid:
        v = now[idx]
        a, b = _HOLDING_CARDS[idx, 0], _HOLDING_CARDS[idx, 1]
        below = np.searchsorted(srt, v, side="left")
        equal = np.searchsorted(srt, v, side="right") - below
        for c in (a, b):
            for t in range(per_count[c]):
                u = per_card[c, t]
                if u < v:
                    below -= 1
                elif u == v:
                    equal -= 1
        # The holding itself was in ``equal`` once and was removed once per card: add it
        # back once so that it counts zero times (as in ``total``).
        equal += 1
        total = n_valid - per_count[a] - per_count[b] + 1
        out[idx] = (below + 0.5 * equal) / total
    return out


@njit(cache=True)
def crude_potential(board: np.ndarray) -> np.ndarray:
    """PPOT_c of every holding on a flop or turn (0 on the river; NaN where the holding uses a
    board card): its outs over the unseen cards, at most 1.

    Outs (thesis section 7.2.3 gives the flush draws; the rest is our reading, docs/loki.md):
    a made straight or flush (with a hole card) has none; a flush draw with both hole cards of
    the suit and two on the board counts 9, with one hole card and three on the board 9 outs
    each worth 0.5 (a deuce) to 1 (an ace); each rank that would complete a straight using a
    hole card counts 4; an unpaired hole card counts 3 when it is above the board (top pair),
    else 1.5; a pocket pair counts 2 (a set), a set 7 (full house or quads); one hole card
    paired with the board 2 + 3 (trips, two pair), both 4 (a full house). The outs add up."""
    used = np.zeros(52, dtype=np.bool_)
    suits_on_board = np.zeros(4, dtype=np.int64)
    board_ranks_mask = 0
    top = 0
    for c in board:
        used[c] = True
        suits_on_board[c & 3] += 1
        board_ranks_mask |= 1 << (c >> 2)
        top = max(top, c >> 2)
    out = np.full(1326, np.nan)
    unseen = 52 - 2 - board.size
    for idx in range(1326):
        a = _HOLDING_CARDS[idx, 0]
        b = _HOLDING_CARDS[idx, 1]
        if used[a] or used[b]:
            continue
        if board.size >= 5:
            out[idx] = 0.0
            continue
        ra = a >> 2
        rb = b >> 2
        have = board_ranks_mask | (1 << ra) | (1 << rb)
        made = False
        for w in _STRAIGHTS:
            if (have & w) == w and (board_ranks_mask & w) != w:
                made = True
        outs = 0.0
        for s in range(4):
            mine = (1 if (a & 3) == s else 0) + (1 if (b & 3) == s else 0)
            if mine == 0:
                continue
            if suits_on_board[s] + mine >= 5:
                made = True
            elif suits_on_board[s] + mine == 4:
                if mine == 2:
                    outs += 9.0
                else:
                    rank = ra if (a & 3) == s else rb
                    outs += 9.0 * (0.5 + 0.5 * rank / 12.0)
        if made:
            out[idx] = 0.0
            continue
        for r in range(13):
            bit = 1 << r
            if have & bit:
                continue
            for w in _STRAIGHTS:
                # completes this straight, and the board (with the new card) alone does not
                if ((have | bit) & w) == w and ((board_ranks_mask | bit) & w) != w:
                    outs += 4.0
                    break
        a_paired = (board_ranks_mask >> ra) & 1
        b_paired = (board_ranks_mask >> rb) & 1
        if ra == rb:
            outs += 7.0 if a_paired else 2.0
        elif a_paired and b_paired:
            outs += 4.0
        elif a_paired or b_paired:
            outs += 5.0
        else:
            outs += (3.0 if ra > top else 1.5) + (3.0 if rb > top else 1.5)
        out[idx] = min(outs / unseen, 1.0)
    return out


@njit(cache=True)
def strength_potential_many(holes: np.ndarray, board: np.ndarray, now: np.ndarray, nxt: np.ndarray,
                            weights: np.ndarray) -> np.ndarray:
    """:func:`strength_potential` for each hand of ``holes`` (m, 2): an (m, k, 12) array, each
    row the very sums one call gives (what a policy over every holding needs at once)."""
    out = np.zeros((holes.shape[0], weights.shape[0], 12))
    for i in range(holes.shape[0]):
        out[i] = strength_potential(holes[i, 0], holes[i, 1], board, now, nxt, weights)
    return out
