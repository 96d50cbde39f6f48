"""The numba kernel of the abstract best response (:mod:`pokerlab.hulhe.exploitability`).

One public betting tree, one strategy of the opponent (a row per betting node and bucket of the
node's round), and a set of deals sorted by the best responder's bucket sequence. The deals are
split at the best responder's pre-flop class: its information sets (betting node, own bucket
sequence so far) never span two classes, so each class is an independent problem over a few
thousand deals, solved by a depth-first walk of the tree that carries, per deal, the opponent's
reach probability down and the best responder's value back up. At a decision of the best
responder the deals are grouped by their bucket prefix up to the node's round, and each group
takes the action with the largest summed value.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

DECISION = 0
FOLD = 1
SHOWDOWN = 2


@njit(cache=True, nogil=True)
def _class_value(lo: int, hi: int, p: int, kind: np.ndarray, actor: np.ndarray, rnd: np.ndarray,
                 children: np.ndarray, row: np.ndarray, fold_value: np.ndarray, stake: np.ndarray,
                 strategy: np.ndarray, opp: np.ndarray, groups: np.ndarray, sign: np.ndarray,
                 depth: int, choice: np.ndarray) -> float:
    """Summed best-response value of deals ``lo..hi`` (one pre-flop class of player ``p``)."""
    m = hi - lo
    width = children.shape[1]  # fold, call and the raise columns
    reach = np.empty((depth + 1, m))
    val = np.empty((depth + 1, m))
    cv = np.empty((depth + 1, width, m))
    node_at = np.empty(depth + 1, dtype=np.int64)
    act_at = np.empty(depth + 1, dtype=np.int64)
    first = np.empty(4, dtype=np.int64)
    count = np.empty(4, dtype=np.int64)
    size = 1
    for r in range(4):
        low = groups[lo, r]
        high = low
        for i in range(lo, hi):
            low = min(low, groups[i, r])
            high = max(high, groups[i, r])
        first[r] = low
        count[r] = high - low + 1
        size = max(size, count[r])
    sums = np.empty((size, width))
    best = np.empty(size, dtype=np.int64)
    for i in range(m):
        reach[0, i] = 1.0
    node_at[0] = 0
    act_at[0] = -1
    k = 0
    while k >= 0:
        n = node_at[k]
        if kind[n] != DECISION:
            if kind[n] == FOLD:
                f = fold_value[n]
                for i in range(m):
                    val[k, i] = reach[k, i] * f
            else:
                s = stake[n]
                for i in range(m):
                    val[k, i] = reach[k, i] * s * sign[lo + i]
            k -= 1
            continue
        mine = actor[n] == p
        a = act_at[k]
        if a >= 0:  # a child has just returned its values
            if mine:
                for i in range(m):
                    cv[k, a, i] = val[k + 1, i]
            else:
                for i in range(m):
                    val[k, i] += val[k + 1, i]
        elif not mine:
            for i in range(m):
                val[k, i] = 0.0
        a += 1
        while a < width and children[n, a] < 0:
            a += 1
        if a < width:
            act_at[k] = a
            c = children[n, a]
            if mine:
                for i in range(m):
                    reach[k + 1, i] = reach[k, i]
            else:
                base = row[n]
                r = rnd[n]
                for i in range(m):
                    reach[k + 1, i] = reach[k, i] * strategy[base + opp[lo + i, r], a]
            node_at[k + 1] = c
            act_at[k + 1] = -1
            k += 1
            continue
        if mine:  # every child done: each group of deals takes its best action
            r = rnd[n]
            g0 = first[r]
            for g in range(count[r]):
                for b in range(width):
                    sums[g, b] = 0.0
            for i in range(m):
                g = groups[lo + i, r] - g0
                for b in range(width):
                    if children[n, b] >= 0:
                        sums[g, b] += cv[k, b, i]
            for g in range(count[r]):
                top = -1
                for b in range(width):
                    if children[n, b] >= 0 and (top < 0 or sums[g, b] > sums[g, top]):
                        top = b
                best[g] = top
            if choice.shape[0] > 0:
                for i in range(m):
                    choice[n, lo + i] = best[groups[lo + i, r] - g0]
            for i in range(m):
                val[k, i] = cv[k, best[groups[lo + i, r] - g0], i]
        k -= 1
    total = 0.0
    for i in range(m):
        total += val[0, i]
    return total


@njit(cache=True, parallel=True)
def best_response_sum(p: int, kind: np.ndarray, actor: np.ndarray, rnd: np.ndarray,
                      children: np.ndarray, row: np.ndarray, fold_value: np.ndarray,
                      stake: np.ndarray, strategy: np.ndarray, opp: np.ndarray,
                      groups: np.ndarray, sign: np.ndarray, starts: np.ndarray, depth: int,
                      choice: np.ndarray) -> float:
    """Summed best-response value of player ``p`` over all deals (divide by their number).

    ``opp`` (n, 4) the opponent's bucket per round, ``groups`` (n, 4) the dense id of ``p``'s
    bucket prefix per round, ``sign`` (n,) the showdown from ``p``'s side, all sorted by ``p``'s
    bucket sequence; ``starts`` the first deal of each pre-flop class of ``p`` and the end.
    ``choice`` (nodes, n) receives the best response's action per node and deal when it is not
    empty (for tests). Deals of one class are solved apart (in parallel).
    """
    classes = starts.shape[0] - 1
    parts = np.zeros(classes)
    for c in prange(classes):
        if starts[c + 1] > starts[c]:
            parts[c] = _class_value(starts[c], starts[c + 1], p, kind, actor, rnd, children, row,
                                    fold_value, stake, strategy, opp, groups, sign, depth, choice)
    return parts.sum()
