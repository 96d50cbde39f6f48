"""One hand's equity against a weighted range of the opponent's holdings, for many calls a hand.

Local best response (:mod:`pokerlab.arena.lbr`) asks at each of its decisions how often its
hand wins against the opponent's range if both check or call to the end. One numba kernel
answers: exact on the river (every holding of the range compared once), exact on the turn
and the flop (every runout of the board, every holding that does not touch it: about 1.2
million evaluations on a flop), and by Monte Carlo before the flop (``samples`` random boards,
each against every holding of the range that does not touch it; seeded, so repeatable).
Ties count half. The weights are a 1,326-entry table in ``combo_index`` order; holdings that
touch the hand or the board count for nothing whatever their weight.

Examples
--------
>>> import numpy as np
>>> from pokerlab.cards import combo_index, parse_cards
>>> hole, board = parse_cards("AcAd"), parse_cards("Ks Qs Jd 4h")
>>> weights = np.zeros(1326); weights[combo_index(*parse_cards("KhKd"))] = 1.0
>>> round(range_equity(hole, board, weights), 4)  # KK has a set: 2 aces, 4 tens of 44 win
0.1364
>>> weights[:] = 1.0
>>> 0.85 < range_equity(hole, board, weights) < 0.88
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from pokerlab.cards import ALL_COMBOS
from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, eval_key

_HOLDINGS = ALL_COMBOS.astype(np.int64)


@njit(cache=True)
def equity_kernel(h0: int, h1: int, board: np.ndarray, weights: np.ndarray, samples: int,
                  seed: int) -> np.ndarray:
    """``[won, tied, total]`` weights of the hand ``(h0, h1)`` against ``weights`` on ``board``
    (0, 3, 4 or 5 cards): exact after the flop, ``samples`` random boards before it."""
    used = np.zeros(52, dtype=np.bool_)
    used[h0] = True
    used[h1] = True
    bkey = 0
    bmask = 0
    for c in board:
        used[c] = True
        bkey += CARD_KEY[c]
        bmask |= CARD_MASK[c]
    # The range: holdings with weight that do not touch the hand or the board.
    idx = np.empty(1326, dtype=np.int64)
    n = 0
    for i in range(1326):
        a = _HOLDINGS[i, 0]
        b = _HOLDINGS[i, 1]
        if weights[i] > 0.0 and not used[a] and not used[b]:
            idx[n] = i
            n += 1
    out = np.zeros(3)
    if n == 0:
        return out
    free = np.empty(52, dtype=np.int64)
    m = 0
    for c in range(52):
        if not used[c]:
            free[m] = c
            m += 1
    missing = 5 - board.size
    runout = np.empty(5, dtype=np.int64)
    if missing > 0 and board.size == 0:
        np.random.seed(seed)
        pool = free[:m].copy()
        for _ in range(samples):
            # A partial Fisher-Yates shuffle draws five distinct cards.
            for j in range(5):
                r = j + np.random.randint(m - j)
                t = pool[j]
                pool[j] = pool[r]
                pool[r] = t
                runout[j] = pool[j]
            _tally(h0, h1, bkey, bmask, runout, 5, idx, n, weights, out)
        return out
    if missing == 0:
        _tally(h0, h1, bkey, bmask, runout, 0, idx, n, weights, out)
    elif missing == 1:
        for i in range(m):
            runout[0] = free[i]
            _tally(h0, h1, bkey, bmask, runout, 1, idx, n, weights, out)
    else:
        for i in range(m):
            runout[0] = free[i]
            for j in range(i + 1, m):
                runout[1] = free[j]
                _tally(h0, h1, bkey, bmask, runout, 2, idx, n, weights, out)
    return out


@njit(cache=True)
def _tally(h0: int, h1: int, bkey: int, bmask: int, runout: np.ndarray, k: int, idx: np.ndarray,
           n: int, weights: np.ndarray, out: np.ndarray) -> None:
    key = bkey
    mask = bmask
    hit = np.zeros(52, dtype=np.bool_)
    for j in range(k):
        key += CARD_KEY[runout[j]]
        mask |= CARD_MASK[runout[j]]
        hit[runout[j]] = True
    ours = eval_key(key + CARD_KEY[h0] + CARD_KEY[h1], mask | CARD_MASK[h0] | CARD_MASK[h1])
    for t in range(n):
        i = idx[t]
        a = _HOLDINGS[i, 0]
        b = _HOLDINGS[i, 1]
        if hit[a] or hit[b]:
            continue
        theirs = eval_key(key + CARD_KEY[a] + CARD_KEY[b], mask | CARD_MASK[a] | CARD_MASK[b])
        w = weights[i]
        out[2] += w
        if ours > theirs:
            out[0] += w
        elif ours == theirs:
            out[1] += w


def range_equity(hole: Sequence[int], board: Sequence[int], weights: np.ndarray,
                 samples: int = 2000, seed: int = 0) -> float:
    """Equity (wins plus half the ties) of ``hole`` against the weighted range ``weights`` on
    ``board``, checked down; NaN when no holding of the range is possible. Exact after the
    flop; before it ``samples`` boards drawn with ``seed``."""
    counts = equity_kernel(int(hole[0]), int(hole[1]), np.asarray(board, dtype=np.int64),
                           np.ascontiguousarray(weights, dtype=np.float64), int(samples), int(seed))
    if counts[2] <= 0:
        return float("nan")
    return float((counts[0] + 0.5 * counts[1]) / counts[2])
