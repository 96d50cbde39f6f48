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
>>> fold_values(np.array([1.0, 0.5]), own, opp, np.array([-1, -1]), 10.0, out)
>>> out.tolist()
[5.0, 15.0]
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def valid_reach(opp_reach: np.ndarray, own_cards: np.ndarray, opp_cards: np.ndarray,
                same: np.ndarray, out: np.ndarray) -> None:
    """``out[h]``: the opponent reach on hands sharing no card with own hand ``h``."""
    valid_reach_into(opp_reach, own_cards, opp_cards, same, out, np.zeros(52))


@njit(cache=True, nogil=True)
def valid_reach_into(opp_reach, own_cards, opp_cards, same, out, card_sum):
    """:func:`valid_reach` with a scratch array of 52 (a walk's, so no allocation per node)."""
    card_sum[:] = 0.0
    total = 0.0
    for j in range(opp_reach.shape[0]):
        r = opp_reach[j]
        if r != 0.0:
            total += r
            card_sum[opp_cards[j, 0]] += r
            card_sum[opp_cards[j, 1]] += r
    for h in range(own_cards.shape[0]):
        v = total - card_sum[own_cards[h, 0]] - card_sum[own_cards[h, 1]]
        s = same[h]
        if s >= 0:
            v += opp_reach[s]
        out[h] = v


@njit(cache=True, nogil=True)
def fold_values(opp_reach: np.ndarray, own_cards: np.ndarray, opp_cards: np.ndarray,
                same: np.ndarray, payoff: float, out: np.ndarray) -> None:
    """``out[h] = payoff * (opponent reach not colliding with h)``: a fold terminal."""
    fold_values_into(opp_reach, own_cards, opp_cards, same, payoff, out, np.zeros(52))


@njit(cache=True, nogil=True)
def fold_values_into(opp_reach, own_cards, opp_cards, same, payoff, out, card_sum):
    """:func:`fold_values` with a scratch array of 52: :func:`valid_reach_into` with the payoff
    taken in its last loop (each value rounded to ``out``'s type, then multiplied)."""
    ft = out.dtype.type
    card_sum[:] = 0.0
    total = 0.0
    for j in range(opp_reach.shape[0]):
        r = opp_reach[j]
        if r != 0.0:
            total += r
            card_sum[opp_cards[j, 0]] += r
            card_sum[opp_cards[j, 1]] += r
    for h in range(own_cards.shape[0]):
        v = total - card_sum[own_cards[h, 0]] - card_sum[own_cards[h, 1]]
        s = same[h]
        if s >= 0:
            v += opp_reach[s]
        out[h] = ft(v) * payoff


SENTINEL_LOW = np.int64(-1) << 32
"""The packed entry before a table's first hand: weaker than every hand (strength -1)."""
SENTINEL_HIGH = np.int64(0x7FFFFFFF) << 32
"""The packed entry after a table's last hand: stronger than every hand."""


@njit(cache=True, nogil=True)
def pack_hands(order: np.ndarray, value: np.ndarray, count: int, cards: np.ndarray) -> np.ndarray:
    """One int64 per hand valid on a board, by ascending strength: ``value << 32 | hand << 12 |
    card0 << 6 | card1`` (what a showdown sweep reads of a hand, in one load), between the
    sentinels :data:`SENTINEL_LOW` and :data:`SENTINEL_HIGH` (``count + 2`` entries: the
    sweeps' inner loops then need no bounds test)."""
    out = np.empty(count + 2, dtype=np.int64)
    out[0] = SENTINEL_LOW
    for i in range(count):
        h = order[i]
        out[i + 1] = (np.int64(value[i]) << 32) | (np.int64(h) << 12) \
            | (np.int64(cards[h, 0]) << 6) | np.int64(cards[h, 1])
    out[count + 1] = SENTINEL_HIGH
    return out


@njit(cache=True, nogil=True)
def showdown_values(opp_reach: np.ndarray, own_order: np.ndarray, own_value: np.ndarray,
                    own_count: int, opp_order: np.ndarray, opp_value: np.ndarray, opp_count: int,
                    own_cards: np.ndarray, opp_cards: np.ndarray, same: np.ndarray,
                    half_pot: float, commit: float, out: np.ndarray) -> None:
    """Showdown values: ``half_pot * (W - L) + (half_pot - commit) * valid`` per own hand.

    ``own_order[:own_count]`` are the own hands valid on the board by ascending strength
    ``own_value``, likewise for the opponent; ``half_pot`` is half the raked final pot,
    ``commit`` what each player put in. Hands not on the list get 0. (The walk calls
    :func:`showdown_packed` on tables packed once per board.)
    """
    showdown_packed(opp_reach, pack_hands(own_order, own_value, own_count, own_cards),
                    pack_hands(opp_order, opp_value, opp_count, opp_cards), same, half_pot, commit,
                    out, np.zeros((2, 52)))


@njit(cache=True, nogil=True)
def showdown_packed(opp_reach, own, opp, same, half_pot, commit, out, scratch):
    """:func:`showdown_values` on :func:`pack_hands` tables, with a ``(2, 52)`` scratch array.

    Two sweeps: the upward one gives each own hand the reach of weaker opponent hands and
    leaves the card sums of all of them (for the valid reach), the downward one the stronger
    ones and the rest of the value. Opponent hands with no reach (most of them deep in a
    tree) skip the card sums.
    """
    out[:] = 0.0
    below = scratch[0]
    above = scratch[1]
    below[:] = 0.0
    above[:] = 0.0
    n_own = own.shape[0] - 2
    n_opp = opp.shape[0] - 2
    # Upward sweep: reach of strictly weaker opponent hands (the high sentinel ends it).
    acc = 0.0
    j = 1
    x = opp[1]
    for i in range(1, n_own + 1):
        w = own[i]
        v = w >> 32
        while (x >> 32) < v:
            r = opp_reach[(x >> 12) & 0xFFFFF]
            if r != 0.0:
                acc += r
                below[(x >> 6) & 63] += r
                below[x & 63] += r
            j += 1
            x = opp[j]
        out[(w >> 12) & 0xFFFFF] = half_pot * (acc - below[(w >> 6) & 63] - below[w & 63])
    # The rest: ``below`` becomes every valid opponent hand's card sums.
    total = acc
    for k in range(j, n_opp + 1):
        x = opp[k]
        r = opp_reach[(x >> 12) & 0xFFFFF]
        if r != 0.0:
            total += r
            below[(x >> 6) & 63] += r
            below[x & 63] += r
    # Downward sweep: reach of strictly stronger opponent hands, and the valid reach.
    tie = half_pot - commit
    acc = 0.0
    j = n_opp
    x = opp[j]
    for i in range(n_own, 0, -1):
        w = own[i]
        v = w >> 32
        while (x >> 32) > v:
            r = opp_reach[(x >> 12) & 0xFFFFF]
            if r != 0.0:
                acc += r
                above[(x >> 6) & 63] += r
                above[x & 63] += r
            j -= 1
            x = opp[j]
        h = (w >> 12) & 0xFFFFF
        c0 = (w >> 6) & 63
        c1 = w & 63
        valid = total - below[c0] - below[c1]
        s = same[h]
        if s >= 0:
            valid += opp_reach[s]
        out[h] += tie * valid - half_pot * (acc - above[c0] - above[c1])


@njit(cache=True, nogil=True)
def showdown_zero_sum(opp_reach, own, opp, half_pot, out, scratch):
    """:func:`showdown_packed` less its tie term: ``out[h] = half_pot * (W - L)``.

    Without rake every showdown's tie term is ``(half_pot - commit) * valid`` = half the
    starting pot times the valid reach, the same under every action of a node: the solver's
    and the best response's walks leave it out (values relative to an even split of the
    starting pot) and skip the pass over the remaining hands and the valid reach.
    """
    out[:] = 0.0
    below = scratch[0]
    above = scratch[1]
    below[:] = 0.0
    above[:] = 0.0
    n_own = own.shape[0] - 2
    n_opp = opp.shape[0] - 2
    acc = 0.0
    j = 1
    x = opp[1]
    for i in range(1, n_own + 1):
        w = own[i]
        v = w >> 32
        while (x >> 32) < v:
            r = opp_reach[(x >> 12) & 0xFFFFF]
            if r != 0.0:
                acc += r
                below[(x >> 6) & 63] += r
                below[x & 63] += r
            j += 1
            x = opp[j]
        out[(w >> 12) & 0xFFFFF] = half_pot * (acc - below[(w >> 6) & 63] - below[w & 63])
    acc = 0.0
    j = n_opp
    x = opp[j]
    for i in range(n_own, 0, -1):
        w = own[i]
        v = w >> 32
        while (x >> 32) > v:
            r = opp_reach[(x >> 12) & 0xFFFFF]
            if r != 0.0:
                acc += r
                above[(x >> 6) & 63] += r
                above[x & 63] += r
            j -= 1
            x = opp[j]
        h = (w >> 12) & 0xFFFFF
        out[h] -= half_pot * (acc - above[(w >> 6) & 63] - above[w & 63])


def raked_half_pot(pot: float, rake_pct: float, rake_cap: float) -> float:
    """Half of a final pot of ``pot`` chips after the rake (percent, cap 0 = none)."""
    r = pot * rake_pct / 100.0
    if rake_cap > 0:
        r = min(r, rake_cap)
    return (pot - r) / 2.0
