"""Numba kernels that walk a :class:`~pokerlab.equilibrium.flat.FlatGame` as whole arrays.

Shared by the solvers and by the evaluation: a forward pass that turns a behaviour strategy
into reach probabilities per node and private state, and the counterfactual values at the
terminals. Nodes are in pre-order, so a forward pass is one loop up the node numbers and a
backward pass one loop down.

Examples
--------
>>> import numpy as np
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> f = FlatGame.build(kuhn())
>>> r0 = np.zeros((f.num_nodes, 3)); r1 = np.zeros((f.num_nodes, 3))
>>> forward_reach(f.kind, f.player, f.child_start, f.child_list, f.row_base,
...               f.uniform_strategy(), 3, 3, r0, r1)
>>> r0[f.node_at(("check", "bet", "call"))].tolist()
[0.25, 0.25, 0.25]
"""

from __future__ import annotations

from numba import njit

DECISION, CHANCE, TERMINAL = 0, 1, 2


@njit(cache=True)
def forward_reach(kind, player, child_start, child_list, row_base, probs, n0, n1, reach0, reach1):
    """Fill ``reach0[node, h0]`` and ``reach1[node, h1]``: each player's own reach probability."""
    reach0[0, :n0] = 1.0
    reach1[0, :n1] = 1.0
    for node in range(kind.shape[0]):
        if kind[node] == TERMINAL:
            continue
        start = child_start[node]
        for ci in range(start, child_start[node + 1]):
            c = child_list[ci]
            a = ci - start
            if kind[node] == DECISION and player[node] == 0:
                base = row_base[node]
                for h in range(n0):
                    reach0[c, h] = reach0[node, h] * probs[base + h, a]
                for h in range(n1):
                    reach1[c, h] = reach1[node, h]
            elif kind[node] == DECISION:
                base = row_base[node]
                for h in range(n0):
                    reach0[c, h] = reach0[node, h]
                for h in range(n1):
                    reach1[c, h] = reach1[node, h] * probs[base + h, a]
            else:
                for h in range(n0):
                    reach0[c, h] = reach0[node, h]
                for h in range(n1):
                    reach1[c, h] = reach1[node, h]


@njit(cache=True)
def terminal_value(weighted_payoff, t, who, reach0, reach1, node, n0, n1, out):
    """Counterfactual value of ``who``'s hands at terminal ``t`` into ``out[:n_who]``.

    Player 0: ``W[t] @ reach1``; player 1: ``-(W[t].T @ reach0)`` (zero-sum).
    """
    if who == 0:
        for h in range(n0):
            s = 0.0
            for j in range(n1):
                s += weighted_payoff[t, h, j] * reach1[node, j]
            out[h] = s
    else:
        for j in range(n1):
            out[j] = 0.0
        for h in range(n0):
            r = reach0[node, h]
            if r != 0.0:
                for j in range(n1):
                    out[j] -= weighted_payoff[t, h, j] * r

