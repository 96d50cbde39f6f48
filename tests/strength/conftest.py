"""The brute-force exact equity that ``pokerlab.strength.equity`` replaced: the tests' reference.

Every joint deal, every board completion, every hand evaluated (the equity kernels of the
package before suit classes). Board completions are enumerated with nested loops that carry
the partial board's ``(key, mask)`` from level to level. Slow (22 s for a range against a
range pre-flop) but independent of the class arithmetic it checks.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from pokerlab.evaluate.kernels import CARD_KEY, CARD_MASK, eval_key, key_of, mask_of
from pokerlab.strength._enumeration import free_cards


@njit(cache=True, inline="always")
def _showdowns(pkey, pmask, bkeys, bmasks, w, vals, wins, ties, share):
    """Evaluate every player on each completed board and credit wins, ties and pot shares.

    One call covers all the boards (Monte Carlo passes its one board as a one-entry array)
    so that the loop over boards stays inside the inlined body: a call per board, inlined
    or not, costs numba reference counting on the arrays per board, measured four times
    slower on three-handed exact equity.
    """
    n = pkey.size
    for b in range(bkeys.size):
        bk = bkeys[b]
        bm = bmasks[b]
        best = -1
        m = 0
        for p in range(n):
            v = eval_key(pkey[p] + bk, pmask[p] | bm)
            vals[p] = v
            if v > best:
                best = v
                m = 1
            elif v == best:
                m += 1
        part = w / m
        for p in range(n):
            if vals[p] == best:
                if m == 1:
                    wins[p] += w
                else:
                    ties[p] += w
                share[p] += part


@njit(cache=True)
def _board_parts(avail, k):
    """Key and mask (without ``EMPTY_KEY``) of every ``k``-card subset of ``avail``, ``k`` in 0..5."""
    n = avail.size
    count = 1
    for i in range(k):  # C(n, k)
        count = count * (n - i) // (i + 1)
    keys = np.zeros(count, dtype=np.int64)
    masks = np.zeros(count, dtype=np.int64)
    if k == 0:
        return keys, masks
    # Five nested levels; levels above k are skipped by starting at the innermost ones.
    idx = np.zeros(5, dtype=np.int64)
    part_key = np.zeros(6, dtype=np.int64)
    part_mask = np.zeros(6, dtype=np.int64)
    out = 0
    level = 0
    idx[0] = 0
    while level >= 0:
        if idx[level] > n - (k - level):
            level -= 1
            if level >= 0:
                idx[level] += 1
            continue
        c = avail[idx[level]]
        part_key[level + 1] = part_key[level] + CARD_KEY[c]
        part_mask[level + 1] = part_mask[level] | CARD_MASK[c]
        if level == k - 1:
            keys[out] = part_key[k]
            masks[out] = part_mask[k]
            out += 1
            idx[level] += 1
        else:
            level += 1
            idx[level] = idx[level - 1] + 1
    return keys, masks


@njit(cache=True)
def _all_boards(pkey, pmask, avail, k, w, vals, wins, ties, share):
    """Showdowns of every player on every ``k``-card completion from ``avail``; returns the count."""
    bkeys, bmasks = _board_parts(avail, k)
    _showdowns(pkey, pmask, bkeys, bmasks, w, vals, wins, ties, share)
    return bkeys.size


@njit(cache=True)
def _compare(k1, m1, k2, m2, bkey, bmask, counts):
    """Heads-up showdown on one board: ``counts[0|1|2] += 1`` for a win, tie or loss of player 1."""
    v1 = eval_key(k1 + bkey, m1 | bmask)
    v2 = eval_key(k2 + bkey, m2 | bmask)
    if v1 > v2:
        counts[0] += 1
    elif v1 == v2:
        counts[1] += 1
    else:
        counts[2] += 1


@njit(cache=True)
def _heads_up_boards(k1, m1, k2, m2, avail, k):
    """Heads-up counts ``[win, tie, loss]`` of player 1 over every ``k``-card completion from ``avail``.

    The same nested loops as :func:`_all_boards`, specialised to two players with integer
    tallies: this is the path of exact pre-flop equity (1,712,304 boards).
    """
    n = avail.size
    counts = np.zeros(3, dtype=np.int64)
    if k == 0:
        _compare(k1, m1, k2, m2, 0, 0, counts)
        return counts
    if k == 5:  # pre-flop: no level skipped, the hot case
        for i0 in range(n - 4):
            a0 = CARD_KEY[avail[i0]]
            b0 = CARD_MASK[avail[i0]]
            for i1 in range(i0 + 1, n - 3):
                a1 = a0 + CARD_KEY[avail[i1]]
                b1 = b0 | CARD_MASK[avail[i1]]
                for i2 in range(i1 + 1, n - 2):
                    a2 = a1 + CARD_KEY[avail[i2]]
                    b2 = b1 | CARD_MASK[avail[i2]]
                    for i3 in range(i2 + 1, n - 1):
                        a3 = a2 + CARD_KEY[avail[i3]]
                        b3 = b2 | CARD_MASK[avail[i3]]
                        for i4 in range(i3 + 1, n):
                            _compare(k1, m1, k2, m2, a3 + CARD_KEY[avail[i4]],
                                     b3 | CARD_MASK[avail[i4]], counts)
        return counts
    for i0 in range(n - k + 1):
        a0 = CARD_KEY[avail[i0]]
        b0 = CARD_MASK[avail[i0]]
        if k == 1:
            _compare(k1, m1, k2, m2, a0, b0, counts)
            continue
        for i1 in range(i0 + 1, n - k + 2):
            a1 = a0 + CARD_KEY[avail[i1]]
            b1 = b0 | CARD_MASK[avail[i1]]
            if k == 2:
                _compare(k1, m1, k2, m2, a1, b1, counts)
                continue
            for i2 in range(i1 + 1, n):
                _compare(k1, m1, k2, m2, a1 + CARD_KEY[avail[i2]], b1 | CARD_MASK[avail[i2]], counts)
    return counts


@njit(cache=True)
def _player_parts(hands, board):
    """Key and mask of each player's two cards plus the known board."""
    n = hands.shape[0]
    pkey = np.empty(n, dtype=np.int64)
    pmask = np.empty(n, dtype=np.int64)
    bkey = key_of(board)
    bmask = mask_of(board)
    for p in range(n):
        pkey[p] = bkey + CARD_KEY[hands[p, 0]] + CARD_KEY[hands[p, 1]]
        pmask[p] = bmask | CARD_MASK[hands[p, 0]] | CARD_MASK[hands[p, 1]]
    return pkey, pmask


@njit(cache=True)
def _available(known, hands):
    """Cards neither known nor in a hand, ascending."""
    used = known.copy()
    for p in range(hands.shape[0]):
        used[hands[p, 0]] = True
        used[hands[p, 1]] = True
    return free_cards(used)


@njit(cache=True)
def _credit_heads_up(c, w, wins, ties, share):
    """Add heads-up counts ``[win, tie, loss]`` of player 1, weighted by ``w``, to both players."""
    wins[0] += w * c[0]
    wins[1] += w * c[2]
    ties[0] += w * c[1]
    ties[1] += w * c[1]
    share[0] += w * (c[0] + 0.5 * c[1])
    share[1] += w * (c[2] + 0.5 * c[1])


@njit(cache=True)
def exact_equity_fixed(hands, board, known):
    """Exact showdown counts for players with known ``hands`` (P, 2); ``known`` marks board and dead cards.

    Returns ``(wins, ties, share, total)``.
    """
    n = hands.shape[0]
    wins = np.zeros(n)
    ties = np.zeros(n)
    share = np.zeros(n)
    vals = np.zeros(n, dtype=np.int64)
    pkey, pmask = _player_parts(hands, board)
    avail = _available(known, hands)
    if n == 2:
        c = _heads_up_boards(pkey[0], pmask[0], pkey[1], pmask[1], avail, 5 - board.size)
        _credit_heads_up(c, 1.0, wins, ties, share)
        return wins, ties, share, float(c[0] + c[1] + c[2])
    total = _all_boards(pkey, pmask, avail, 5 - board.size, 1.0, vals, wins, ties, share)
    return wins, ties, share, float(total)


@njit(cache=True)
def _seat(combos, p, i, used, hands):
    """Give player ``p`` their ``i``-th combo unless one of its cards is ``used``; whether done."""
    a = combos[p, i, 0]
    b = combos[p, i, 1]
    if used[a] or used[b]:
        return False
    used[a] = True
    used[b] = True
    hands[p, 0] = a
    hands[p, 1] = b
    return True


@njit(cache=True)
def exact_equity_ranges(combos, counts, weights, board, known):
    """Exact weighted showdown counts when players hold ranges.

    ``combos[p, i]`` is player p's i-th combo (``counts[p]`` of them, none using a known
    card) with weight ``weights[p, i]``. Every joint deal without a shared card is
    enumerated with every board completion, weighted by the product of the weights.
    Returns ``(wins, ties, share, total)``.
    """
    n = combos.shape[0]
    wins = np.zeros(n)
    ties = np.zeros(n)
    share = np.zeros(n)
    total = 0.0
    vals = np.zeros(n, dtype=np.int64)
    idx = np.zeros(n, dtype=np.int64)
    hands = np.zeros((n, 2), dtype=np.int64)
    used = np.zeros(52, dtype=np.bool_)
    k = 5 - board.size
    while True:
        ok = True
        w = 1.0
        used[:] = False
        for p in range(n):
            if not _seat(combos, p, idx[p], used, hands):
                ok = False
                break
            w *= weights[p, idx[p]]
        if ok and w > 0.0:
            pkey, pmask = _player_parts(hands, board)
            avail = _available(known, hands)
            if n == 2:
                c = _heads_up_boards(pkey[0], pmask[0], pkey[1], pmask[1], avail, k)
                _credit_heads_up(c, w, wins, ties, share)
                total += w * (c[0] + c[1] + c[2])
            else:
                total += w * _all_boards(pkey, pmask, avail, k, w, vals, wins, ties, share)
        # Next joint deal (odometer, last player fastest).
        p = n - 1
        while p >= 0:
            idx[p] += 1
            if idx[p] < counts[p]:
                break
            idx[p] = 0
            p -= 1
        if p < 0:
            break
    return wins, ties, share, total


def brute_force_equity(players, board=(), dead=()):
    """``(share, wins, ties, total)`` of players (cards or Ranges) by enumerating every deal and board.

    When the ranges never meet (every joint deal shares a card, so ``total`` is 0), equity is
    undefined: ``share`` is NaN for every player (not 0, which would claim the players' shares
    add up to nothing), and ``pokerlab.strength.equity`` refuses the problem ("no deal").
    """
    from pokerlab.strength.equity import equity_problem

    problem = equity_problem(players, board, dead)
    n = problem.players
    from pokerlab.cards import ALL_COMBOS

    max_c = max(int((w > 0).sum()) for w in problem.weights)
    combos = np.zeros((n, max_c, 2), dtype=np.uint8)
    weights = np.zeros((n, max_c))
    counts = np.zeros(n, dtype=np.int64)
    for p, w in enumerate(problem.weights):
        live = np.flatnonzero(w)
        combos[p, : len(live)] = ALL_COMBOS[live]
        weights[p, : len(live)] = w[live]
        counts[p] = len(live)
    known = np.zeros(52, dtype=np.bool_)
    known[list(problem.board) + list(problem.dead)] = True
    wins, ties, share, total = exact_equity_ranges(
        combos, counts, weights, np.array(problem.board, dtype=np.uint8), known
    )
    if total == 0.0:  # no joint deal: nothing to divide by
        return np.full(n, np.nan), wins, ties, total
    return share / total, wins, ties, total


@pytest.fixture
def brute_force():
    """:func:`brute_force_equity`, the reference exact equity."""
    return brute_force_equity
