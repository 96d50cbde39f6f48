"""Numba kernels behind hand strength and hand potential: exact enumeration with weights.

Hands are evaluated incrementally with the evaluator's ``(key, mask)`` partial hands: the
board part is summed once, each opponent holding adds two cards, each runout adds one or
two more, and our own value for every runout is computed once up front. The flop's two-card
table (1,081 holdings x 990 runouts) is thus about a million key additions and table reads.

States are 0 = ahead, 1 = tied, 2 = behind, from our point of view.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, eval_key, key_of, mask_of


@njit(cache=True)
def _state(ours: int, theirs: int) -> int:
    if ours > theirs:
        return 0
    if ours == theirs:
        return 1
    return 2


@njit(cache=True)
def free_cards(used: np.ndarray) -> np.ndarray:
    """The cards not marked in the 52-entry boolean array ``used``, ascending."""
    n = 0
    for c in range(52):
        if not used[c]:
            n += 1
    out = np.empty(n, dtype=np.int64)
    n = 0
    for c in range(52):
        if not used[c]:
            out[n] = c
            n += 1
    return out


@njit(cache=True)
def _marked(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """52-entry boolean array marking the cards of ``first`` and ``second``."""
    used = np.zeros(52, dtype=np.bool_)
    for c in first:
        used[c] = True
    for c in second:
        used[c] = True
    return used


@njit(cache=True)
def _unseen(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """The cards not in ``hole`` or ``board``, ascending."""
    return free_cards(_marked(hole, board))


@njit(cache=True)
def strength_counts(hole: np.ndarray, board: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Weighted counts ``[ahead, tied, behind]`` of opponent holdings on a board of 3..5 cards."""
    rest = _unseen(hole, board)
    bkey = key_of(board)
    bmask = mask_of(board)
    ours = eval_key(bkey + CARD_KEY[hole[0]] + CARD_KEY[hole[1]],
                    bmask | CARD_MASK[hole[0]] | CARD_MASK[hole[1]])
    out = np.zeros(3)
    for i in range(rest.size):
        a = rest[i]
        ka = bkey + CARD_KEY[a]
        ma = bmask | CARD_MASK[a]
        for j in range(i + 1, rest.size):
            b = rest[j]
            w = weights[b * (b - 1) // 2 + a]
            if w == 0.0:
                continue
            out[_state(ours, eval_key(ka + CARD_KEY[b], ma | CARD_MASK[b]))] += w
    return out


@njit(cache=True)
def potential_tables(
    hole: np.ndarray, board: np.ndarray, weights: np.ndarray, two_cards: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Strength counts and the two-card and one-card potential tables, weighted.

    Returns ``(now, two, one)``: ``now[state]``; ``two[now_state, state_after_7]`` (flop
    and ``two_cards`` only, else zeros); ``one[now_state, state_after_next_card]`` (flop or
    turn, else zeros).
    """
    rest = _unseen(hole, board)
    n = rest.size
    left = 5 - board.size
    if left == 2 and not two_cards:
        left = 1  # one card of look-ahead only: the turn table, no runout pairs
    bkey = key_of(board)
    bmask = mask_of(board)
    hkey = bkey + CARD_KEY[hole[0]] + CARD_KEY[hole[1]]
    hmask = bmask | CARD_MASK[hole[0]] | CARD_MASK[hole[1]]
    ours_now = eval_key(hkey, hmask)
    # Our value after each next card (index into rest) and after each pair of cards.
    ours1 = np.zeros(n, dtype=np.int32)
    ours2 = np.zeros((n, n), dtype=np.int32)
    if left >= 1:
        for t in range(n):
            kt = hkey + CARD_KEY[rest[t]]
            mt = hmask | CARD_MASK[rest[t]]
            ours1[t] = eval_key(kt, mt)
            if left == 2:
                for r in range(t + 1, n):
                    ours2[t, r] = eval_key(kt + CARD_KEY[rest[r]], mt | CARD_MASK[rest[r]])
    now = np.zeros(3)
    two = np.zeros((3, 3))
    one = np.zeros((3, 3))
    # Unweighted tallies per holding, scaled by the holding's weight once.
    t2 = np.zeros(3, dtype=np.int64)
    t1 = np.zeros(3, dtype=np.int64)
    live = np.zeros(n, dtype=np.int64)
    for i in range(n):
        a = rest[i]
        ka = bkey + CARD_KEY[a]
        ma = bmask | CARD_MASK[a]
        for j in range(i + 1, n):
            b = rest[j]
            w = weights[b * (b - 1) // 2 + a]
            if w == 0.0:
                continue
            okey = ka + CARD_KEY[b]
            omask = ma | CARD_MASK[b]
            s_now = _state(ours_now, eval_key(okey, omask))
            now[s_now] += w
            if left == 0:
                continue
            # The runout cards: every unseen card but the holding's two.
            m = 0
            for t in range(n):
                if t != i and t != j:
                    live[m] = t
                    m += 1
            t1[:] = 0
            t2[:] = 0
            for x in range(m):
                t = live[x]
                kt = okey + CARD_KEY[rest[t]]
                mt = omask | CARD_MASK[rest[t]]
                t1[_state(ours1[t], eval_key(kt, mt))] += 1
                if left == 2:
                    for y in range(x + 1, m):
                        r = live[y]
                        theirs = eval_key(kt + CARD_KEY[rest[r]], mt | CARD_MASK[rest[r]])
                        t2[_state(ours2[t, r], theirs)] += 1
            for s in range(3):
                one[s_now, s] += w * t1[s]
                two[s_now, s] += w * t2[s]
    return now, two, one


@njit(cache=True)
def all_holdings_strength(board: np.ndarray, dead: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """HS of every holding on ``board`` against one opponent holding weighted by ``weights``.

    Returns 1,326 entries by combo index; NaN for holdings that use a board or dead card.
    Each holding meets every other live holding that shares none of its cards.
    """
    used = _marked(board, dead)
    bkey = key_of(board)
    bmask = mask_of(board)
    lo = np.empty(1326, dtype=np.int64)
    hi = np.empty(1326, dtype=np.int64)
    index = np.empty(1326, dtype=np.int64)
    value = np.empty(1326, dtype=np.int64)
    n = 0
    for b in range(52):
        if used[b]:
            continue
        for a in range(b):
            if used[a]:
                continue
            lo[n] = a
            hi[n] = b
            index[n] = b * (b - 1) // 2 + a
            value[n] = eval_key(bkey + CARD_KEY[a] + CARD_KEY[b], bmask | CARD_MASK[a] | CARD_MASK[b])
            n += 1
    out = np.full(1326, np.nan)
    for i in range(n):
        score = 0.0
        total = 0.0
        for j in range(n):
            if lo[j] == lo[i] or lo[j] == hi[i] or hi[j] == lo[i] or hi[j] == hi[i]:
                continue
            w = weights[index[j]]
            if w == 0.0:
                continue
            total += w
            if value[i] > value[j]:
                score += w
            elif value[i] == value[j]:
                score += 0.5 * w
        if total > 0.0:
            out[index[i]] = score / total
    return out
