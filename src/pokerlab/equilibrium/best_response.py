"""Best response of one player to the others' strategies, over the whole public tree at once.

The responder's information sets are (public node, own hand), or (public node, group of own
hands) where a decision groups them; with perfect recall a best response picks, at each of
them, the action of highest counterfactual value (a group's summed over its hands), so one
backward pass with a maximum at the responder's nodes gives the best-response value for every
hand.

Examples
--------
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> from pokerlab.equilibrium.strategy import Strategy
>>> f = FlatGame.build(kuhn())
>>> br = best_response(Strategy(f, f.uniform_strategy()), responder=1)
>>> round(br.value, 6)  # player 1's payoff against player 0's uniform play
0.416667
>>> br.strategy.action_probabilities(("bet",))["call"].tolist()  # calls with Q and K
[0.0, 1.0, 1.0]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from pokerlab.equilibrium.passes import forward_reach, terminal_value
from pokerlab.equilibrium.strategy import Strategy

DECISION, CHANCE, TERMINAL = 0, 1, 2


@njit(cache=True)
def _best_response(
    kind, player, child_start, child_list, row_base, terminal_index, terminal_payoff, prefix_hands,
    num_hands, row_group, probs, responder, reach, value, scratch, choice, group_value,
):  # fmt: skip
    forward_reach(kind, player, child_start, child_list, row_base, probs, num_hands, reach)
    n = num_hands[responder]
    for node in range(kind.shape[0] - 1, -1, -1):
        if kind[node] == TERMINAL:
            t = terminal_index[node]
            terminal_value(terminal_payoff, prefix_hands, t, responder, reach, node, num_hands, scratch)
            for h in range(n):
                value[node, h] = scratch[h]
            continue
        start = child_start[node]
        stop = child_start[node + 1]
        if kind[node] == DECISION and player[node] == responder:
            base = row_base[node]
            # An information group's states choose together, by their summed values.
            for h in range(n):
                for ci in range(start, stop):
                    group_value[h, ci - start] = 0.0
            for h in range(n):
                g = row_group[base + h] - base
                for ci in range(start, stop):
                    group_value[g, ci - start] += value[child_list[ci], h]
            for h in range(n):
                g = row_group[base + h] - base
                if g == h:
                    best = -np.inf
                    arg = 0
                    for ci in range(start, stop):
                        v = group_value[h, ci - start]
                        if v > best + 1e-12:
                            best = v
                            arg = ci - start
                    choice[base + h] = arg
            for h in range(n):
                arg = choice[row_group[base + h]]
                choice[base + h] = arg
                value[node, h] = value[child_list[start + arg], h]
        else:
            for h in range(n):
                value[node, h] = 0.0
            for ci in range(start, stop):
                c = child_list[ci]
                for h in range(n):
                    value[node, h] += value[c, h]
    total = 0.0
    for h in range(n):
        total += value[0, h]
    return total


@dataclass(frozen=True)
class BestResponse:
    """A pure best response of ``responder`` and its expected payoff (to the responder)."""

    responder: int
    value: float
    strategy: Strategy  # the responder's rows hold the best response, the others are unchanged


def best_response(strategy: Strategy, responder: int) -> BestResponse:
    """Best response of ``responder`` (0 .. N-1) to the other players' parts of ``strategy``."""
    f = strategy.flat
    if responder not in range(f.num_players):
        raise ValueError(f"responder: one of 0 .. {f.num_players - 1}, not {responder!r}")
    most = max(f.num_hands)
    reach = np.zeros((f.num_players, f.num_nodes, most))
    value = np.zeros((f.num_nodes, most))
    scratch = np.zeros(most)
    choice = np.zeros(f.num_rows, dtype=np.int64)
    group_value = np.zeros((most, f.max_actions))
    probs = np.ascontiguousarray(f.tie(np.asarray(strategy.probs, dtype=float)))
    total = _best_response(
        f.kind, f.player, f.child_start, f.child_list, f.row_base, f.terminal_index,
        f.terminal_payoff, f.prefix_hands, f.hand_counts, f.row_group, probs, responder, reach, value,
        scratch, choice, group_value,
    )  # fmt: skip
    out = probs.copy()
    rows = np.flatnonzero(f.row_player == responder)
    out[rows] = 0.0
    out[rows, choice[rows]] = 1.0
    return BestResponse(responder, float(total), Strategy(f, out))
