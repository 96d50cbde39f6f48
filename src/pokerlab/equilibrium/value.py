"""Expected payoff of a strategy profile (to player 0).

Examples
--------
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> from pokerlab.equilibrium.strategy import Strategy
>>> f = FlatGame.build(kuhn())
>>> expected_value(Strategy(f, f.uniform_strategy()))  # symmetric cards, uniform play
0.125
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.equilibrium.passes import forward_reach
from pokerlab.equilibrium.strategy import Strategy

TERMINAL = 2


@njit(cache=True)
def _expected_value(
    kind, player, child_start, child_list, row_base, terminal_index, weighted_payoff,
    n0, n1, probs, reach0, reach1,
):  # fmt: skip
    forward_reach(kind, player, child_start, child_list, row_base, probs, n0, n1, reach0, reach1)
    total = 0.0
    for node in range(kind.shape[0]):
        if kind[node] != TERMINAL:
            continue
        t = terminal_index[node]
        for h in range(n0):
            r = reach0[node, h]
            if r == 0.0:
                continue
            s = 0.0
            for j in range(n1):
                s += weighted_payoff[t, h, j] * reach1[node, j]
            total += r * s
    return total


def expected_value(strategy: Strategy) -> float:
    """Player 0's expected payoff when both play ``strategy`` (player 1 gets the negative)."""
    f = strategy.flat
    n0, n1 = f.num_hands
    reach0 = np.zeros((f.num_nodes, n0))
    reach1 = np.zeros((f.num_nodes, n1))
    return float(
        _expected_value(
            f.kind, f.player, f.child_start, f.child_list, f.row_base, f.terminal_index,
            f.weighted_payoff, n0, n1, np.ascontiguousarray(strategy.probs, dtype=float),
            reach0, reach1,
        )
    )  # fmt: skip
