"""A behaviour strategy profile on a flattened game, and ways to read it.

``probs[row, a]`` is the probability of a decision node's ``a``-th action for one private
state of the acting player (rows as laid out by :class:`~pokerlab.equilibrium.flat.FlatGame`).
Read it by public history (:meth:`Strategy.action_probabilities`) or as each player's
realisation plan: for every own action sequence, the probability per hand that the player
plays it when the opponent and chance allow (:meth:`Strategy.realization_plan`), which is how
dividing points (thresholds) show up in a discretised game.

Examples
--------
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> f = FlatGame.build(kuhn())
>>> s = Strategy(f, f.uniform_strategy())
>>> s.action_probabilities(("bet",))["call"].tolist()
[0.5, 0.5, 0.5]
>>> s.realization_plan(0)[("check", "bet", "call")].tolist()
[0.25, 0.25, 0.25]
>>> histories, table = s.sequence_table(1)
>>> histories
[('check', 'check'), ('check', 'bet'), ('bet', 'fold'), ('bet', 'call')]
>>> table.shape
(3, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab.equilibrium.flat import DECISION, FlatGame


@dataclass(frozen=True, eq=False)
class Strategy:
    """Behaviour strategies of every player on ``flat`` (rows of ``probs``)."""

    flat: FlatGame
    probs: np.ndarray

    @staticmethod
    def from_weights(flat: FlatGame, weights: np.ndarray) -> Strategy:
        """Normalise accumulated weights row by row; rows without weight become uniform."""
        probs = flat.uniform_strategy()
        mask = np.arange(flat.max_actions) < flat.row_actions[:, None]
        block = np.where(mask, weights, 0.0)
        total = block.sum(axis=1)
        live = total > 0
        probs[live] = block[live] / total[live, None]
        return Strategy(flat, probs)

    def node_block(self, node: int) -> np.ndarray:
        """The (hands, actions) block of probabilities at decision ``node``."""
        f = self.flat
        if f.kind[node] != DECISION:
            raise ValueError(f"history {f.history(node)!r}: not a decision")
        k = len(f.children_of(node))
        n = f.num_hands[f.player[node]]
        return self.probs[f.row_base[node] : f.row_base[node] + n, :k]

    def action_probabilities(self, history: tuple[str, ...] | list[str]) -> dict[str, np.ndarray]:
        """Probability of each action at the decision after ``history``, per hand of the actor."""
        f = self.flat
        node = f.node_at(tuple(history))
        block = self.node_block(node)
        return {lab: block[:, a].copy() for a, lab in enumerate(f.actions_of(node))}

    def realization_plan(self, player: int) -> dict[tuple[str, ...], np.ndarray]:
        """For each history ending with an action of ``player``: the product of ``player``'s
        own action probabilities along it, per hand of ``player``."""
        f = self.flat
        if player not in range(f.num_players):
            raise ValueError(f"player: one of 0 .. {f.num_players - 1}, not {player!r}")
        n = f.num_hands[player]
        own = np.ones((f.num_nodes, n))
        plan: dict[tuple[str, ...], np.ndarray] = {}
        for node in range(f.num_nodes):  # pre-order: a parent's reach is ready
            parent = f.parent[node]
            if parent < 0:
                continue
            own[node] = own[parent]
            if f.kind[parent] == DECISION and f.player[parent] == player:
                a = int(np.flatnonzero(f.children_of(parent) == node)[0])
                own[node] = own[parent] * self.node_block(parent)[:, a]
                plan[f.history(node)] = own[node].copy()
        return plan

    def sequence_table(self, player: int) -> tuple[list[tuple[str, ...]], np.ndarray]:
        """``player``'s complete action sequences and their probabilities per hand.

        A complete sequence ends with an action of ``player`` after which ``player`` never
        acts again (the history may include the opponents' actions and chance on the way).
        Returns the histories and an array ``(hands, sequences)``: column ``k`` is the
        probability that each hand plays sequence ``k`` when the opponents and chance follow
        its history. In a discretised dividing-point game, the hand levels where a column
        switches on or off are the dividing points.
        """
        plan = self.realization_plan(player)
        f = self.flat
        leaves = []
        for history in plan:
            node = f.node_at(history)
            # Complete if no decision of `player` lies below this node.
            stack = [int(node)]
            complete = True
            while stack and complete:
                n = stack.pop()
                for c in f.children_of(n):
                    if f.kind[c] == DECISION and f.player[c] == player:
                        complete = False
                        break
                    stack.append(int(c))
            if complete:
                leaves.append(history)
        table = np.column_stack([plan[h] for h in leaves]) if leaves else np.zeros((f.num_hands[player], 0))
        return leaves, table
