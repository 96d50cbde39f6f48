"""Numba kernels that walk a :class:`~pokerlab.equilibrium.flat.FlatGame` as whole arrays.

Shared by the solvers and by the evaluation: a forward pass that turns a behaviour strategy
into reach probabilities per player, node and private state, and the counterfactual values at
the terminals. Nodes are in pre-order, so a forward pass is one loop up the node numbers and a
backward pass one loop down. Every kernel takes any number of players.

Examples
--------
>>> import numpy as np
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> f = FlatGame.build(kuhn())
>>> reach = np.zeros((2, f.num_nodes, 3))
>>> forward_reach(f.kind, f.player, f.child_start, f.child_list, f.row_base,
...               f.uniform_strategy(), f.hand_counts, reach)
>>> reach[0, f.node_at(("check", "bet", "call"))].tolist()
[0.25, 0.25, 0.25]
"""

from __future__ import annotations

from numba import njit

DECISION, CHANCE, TERMINAL = 0, 1, 2


@njit(cache=True)
def forward_reach(kind, player, child_start, child_list, row_base, probs, num_hands, reach):
    """Fill ``reach[p, node, h]``: player ``p``'s own probability of playing to ``node`` with ``h``."""
    players = num_hands.shape[0]
    for q in range(players):
        for h in range(num_hands[q]):
            reach[q, 0, h] = 1.0
    for node in range(kind.shape[0]):
        if kind[node] == TERMINAL:
            continue
        actor = player[node] if kind[node] == DECISION else -1
        base = row_base[node]
        start = child_start[node]
        for ci in range(start, child_start[node + 1]):
            c = child_list[ci]
            a = ci - start
            for q in range(players):
                if q == actor:
                    for h in range(num_hands[q]):
                        reach[q, c, h] = reach[q, node, h] * probs[base + h, a]
                else:
                    for h in range(num_hands[q]):
                        reach[q, c, h] = reach[q, node, h]


@njit(cache=True)
def terminal_value(terminal_payoff, prefix_hands, t, who, reach, node, num_hands, out):
    """Counterfactual value of ``who``'s hands at terminal ``t`` into ``out[:n_who]``: each
    deal's payoff times the other players' reach of their hands in it.

    Two players: ``W[t] @ reach1`` for player 0, ``reach0 @ -W[t]`` for player 1.
    """
    last = num_hands.shape[0] - 1
    n_last = num_hands[last]
    for h in range(num_hands[who]):
        out[h] = 0.0
    for a in range(terminal_payoff.shape[2]):
        # Hands of players 0 .. last-1 in deal a; the others' reach multiplies.
        w = 1.0
        mine = 0
        for q in range(last):
            h = prefix_hands[a, q]
            if q == who:
                mine = h
            else:
                w *= reach[q, node, h]
        if w == 0.0:
            continue
        if who == last:
            for j in range(n_last):
                out[j] += w * terminal_payoff[t, who, a, j]
        else:
            s = 0.0
            for j in range(n_last):
                s += terminal_payoff[t, who, a, j] * reach[last, node, j]
            out[mine] += w * s
