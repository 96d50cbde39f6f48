"""Expected payoff of a strategy profile to each player.

Examples
--------
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> from pokerlab.equilibrium.strategy import Strategy
>>> f = FlatGame.build(kuhn())
>>> expected_value(Strategy(f, f.uniform_strategy()))  # symmetric cards, uniform play
0.125
>>> f3 = FlatGame.build(kuhn(players=3))
>>> [round(float(v), 6) for v in expected_values(Strategy(f3, f3.uniform_strategy()))]
[0.234375, -0.046875, -0.1875]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.equilibrium.passes import forward_reach, terminal_value
from pokerlab.equilibrium.strategy import Strategy

TERMINAL = 2


@njit(cache=True)
def _expected_values(
    kind, player, child_start, child_list, row_base, terminal_index, terminal_payoff, prefix_hands,
    num_hands, probs, reach, scratch, out,
):  # fmt: skip
    forward_reach(kind, player, child_start, child_list, row_base, probs, num_hands, reach)
    for p in range(num_hands.shape[0]):
        total = 0.0
        for node in range(kind.shape[0]):
            if kind[node] != TERMINAL:
                continue
            # The counterfactual value of each own hand, weighted by the own reach.
            t = terminal_index[node]
            terminal_value(terminal_payoff, prefix_hands, t, p, reach, node, num_hands, scratch)
            for h in range(num_hands[p]):
                r = reach[p, node, h]
                if r != 0.0:
                    total += r * scratch[h]
        out[p] = total


def expected_values(strategy: Strategy) -> np.ndarray:
    """Every player's expected payoff when all play ``strategy`` (one entry per player; a
    two-player game is zero-sum, so player 1's is exactly the negative of player 0's)."""
    f = strategy.flat
    most = max(f.num_hands)
    reach = np.zeros((f.num_players, f.num_nodes, most))
    out = np.zeros(f.num_players)
    _expected_values(
        f.kind, f.player, f.child_start, f.child_list, f.row_base, f.terminal_index,
        f.terminal_payoff, f.prefix_hands, f.hand_counts,
        f.tie(np.asarray(strategy.probs, dtype=float)), reach, np.zeros(most), out,
    )  # fmt: skip
    if f.num_players == 2:
        out[1] = -out[0]
    return out


def expected_value(strategy: Strategy) -> float:
    """Player 0's expected payoff when all play ``strategy`` (in a two-player game player 1
    gets the negative)."""
    return float(expected_values(strategy)[0])
