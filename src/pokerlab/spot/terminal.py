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
    card_sum = np.zeros(52)
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
    valid_reach(opp_reach, own_cards, opp_cards, same, out)
    for h in range(out.shape[0]):
        out[h] *= payoff


@njit(cache=True, nogil=True)
def showdown_values(opp_reach: np.ndarray, own_order: np.ndarray, own_value: np.ndarray,
                    own_count: int, opp_order: np.ndarray, opp_value: np.ndarray, opp_count: int,
                    own_cards: np.ndarray, opp_cards: np.ndarray, same: np.ndarray,
                    half_pot: float, commit: float, out: np.ndarray) -> None:
    """Showdown values: ``half_pot * (W - L) + (half_pot - commit) * valid`` per own hand.

    ``own_order[:own_count]`` are the own hands valid on the board by ascending strength
    ``own_value``, likewise for the opponent; ``half_pot`` is half the raked final pot,
    ``commit`` what each player put in. Hands not on the list get 0.
    """
    out[:] = 0.0
    card_sum = np.zeros(52)
    # Upward sweep: reach of strictly weaker opponent hands.
    acc = 0.0
    j = 0
    for i in range(own_count):
        h = own_order[i]
        v = own_value[i]
        while j < opp_count and opp_value[j] < v:
            o = opp_order[j]
            r = opp_reach[o]
            acc += r
            card_sum[opp_cards[o, 0]] += r
            card_sum[opp_cards[o, 1]] += r
            j += 1
        out[h] = half_pot * (acc - card_sum[own_cards[h, 0]] - card_sum[own_cards[h, 1]])
    # The whole valid reach, for the ties and the commitment.
    total = acc
    for k in range(j, opp_count):
        o = opp_order[k]
        r = opp_reach[o]
        total += r
        card_sum[opp_cards[o, 0]] += r
        card_sum[opp_cards[o, 1]] += r
    for i in range(own_count):
        h = own_order[i]
        valid = total - card_sum[own_cards[h, 0]] - card_sum[own_cards[h, 1]]
        s = same[h]
        if s >= 0:
            valid += opp_reach[s]
        out[h] += (half_pot - commit) * valid
    # Downward sweep: reach of strictly stronger opponent hands.
    card_sum[:] = 0.0
    acc = 0.0
    j = opp_count - 1
    for i in range(own_count - 1, -1, -1):
        h = own_order[i]
        v = own_value[i]
        while j >= 0 and opp_value[j] > v:
            o = opp_order[j]
            r = opp_reach[o]
            acc += r
            card_sum[opp_cards[o, 0]] += r
            card_sum[opp_cards[o, 1]] += r
            j -= 1
        out[h] -= half_pot * (acc - card_sum[own_cards[h, 0]] - card_sum[own_cards[h, 1]])


def raked_half_pot(pot: float, rake_pct: float, rake_cap: float) -> float:
    """Half of a final pot of ``pot`` chips after the rake (percent, cap 0 = none)."""
    r = pot * rake_pct / 100.0
    if rake_cap > 0:
        r = min(r, rake_cap)
    return (pot - r) / 2.0
