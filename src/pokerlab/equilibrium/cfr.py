"""Counterfactual regret minimisation on the public tree: CFR, CFR+ and discounted CFR.

Vectorised over private states: at each public node a player's regrets are an array of shape
(hands, actions) and reach probabilities are vectors over hands, so one pass over the public
tree updates every information set. Any number of players: updates alternate between them
(player 0, then player 1 against player 0's new strategy, then player 2 against both, ...),
as in OpenSpiel's solvers with alternating updates. With three or more players the average
strategy need not converge to an equilibrium in general; measure it
(:mod:`pokerlab.equilibrium.exploitability`).

- ``cfr``: plain regret matching, uniform averaging.
- ``cfr+``: regret matching+ (regrets floored at zero), average weighted by the iteration t.
- ``dcfr``: discounted CFR (Brown & Sandholm 2019) with alpha, beta, gamma = 1.5, 0, 2:
  after iteration t positive regrets are scaled by t^a/(t^a+1), negative ones by
  t^b/(t^b+1), and iteration t's strategy counts with weight t^gamma in the average.

The solver does not measure itself: see :mod:`pokerlab.equilibrium.exploitability`.

Examples
--------
>>> from pokerlab.equilibrium.games import kuhn
>>> solver = CFRSolver(kuhn(), "cfr+")
>>> solver.run(200)
>>> solver.iterations
200
>>> calls = solver.average_strategy().action_probabilities(("bet",))["call"]  # player 1, per card
>>> [round(float(c), 2) for c in calls]  # J never, Q a third of the time, K always
[0.0, 0.33, 1.0]
>>> three = CFRSolver(kuhn(players=3), "cfr+")
>>> three.run(300)
>>> calls = three.average_strategy().action_probabilities(("check", "check", "bet"))["call"]
>>> [round(float(c), 2) for c in calls]  # player 0 after a bet by player 2: only the ace calls
[0.0, 0.0, 0.0, 1.0]
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.game import Game
from pokerlab.equilibrium.passes import forward_reach, terminal_value
from pokerlab.equilibrium.strategy import Strategy

ALGORITHMS = ("cfr", "cfr+", "dcfr")
_MODE = {"cfr": 0, "cfr+": 1, "dcfr": 2}
DECISION, CHANCE, TERMINAL = 0, 1, 2


@njit(cache=True)
def _regret_matching(decisions, player, child_start, row_base, num_hands, row_group, regrets, probs):
    for d in decisions:
        k = child_start[d + 1] - child_start[d]
        n = num_hands[player[d]]
        base = row_base[d]
        for h in range(n):
            g = row_group[base + h]
            if g != base + h:  # a grouped state plays its group's row (computed before it)
                for a in range(k):
                    probs[base + h, a] = probs[g, a]
                continue
            s = 0.0
            for a in range(k):
                r = regrets[base + h, a]
                if r > 0.0:
                    s += r
            if s > 0.0:
                for a in range(k):
                    r = regrets[base + h, a]
                    probs[base + h, a] = r / s if r > 0.0 else 0.0
            else:
                for a in range(k):
                    probs[base + h, a] = 1.0 / k


@njit(cache=True)
def _iterate(
    iterations, t0, mode, alpha, beta, gamma,
    kind, player, child_start, child_list, row_base, terminal_index, terminal_payoff, prefix_hands,
    decisions, num_hands, row_group, regrets, avg, probs, reach, value, scratch,
):  # fmt: skip
    num_nodes = kind.shape[0]
    for it in range(iterations):
        t = t0 + it + 1  # 1-based iteration number
        if mode == 1:
            avg_weight = float(t)
        elif mode == 2:
            avg_weight = float(t) ** gamma
        else:
            avg_weight = 1.0
        pos_factor = 1.0
        neg_factor = 1.0
        if mode == 2:
            ta = float(t) ** alpha
            tb = float(t) ** beta
            pos_factor = ta / (ta + 1.0)
            neg_factor = tb / (tb + 1.0)
        for p in range(num_hands.shape[0]):
            _regret_matching(decisions, player, child_start, row_base, num_hands, row_group, regrets,
                             probs)
            forward_reach(kind, player, child_start, child_list, row_base, probs, num_hands, reach)
            n = num_hands[p]
            for node in range(num_nodes - 1, -1, -1):
                if kind[node] == TERMINAL:
                    terminal_value(terminal_payoff, prefix_hands, terminal_index[node], p, reach, node,
                                   num_hands, scratch)
                    for h in range(n):
                        value[node, h] = scratch[h]
                    continue
                for h in range(n):
                    value[node, h] = 0.0
                start = child_start[node]
                stop = child_start[node + 1]
                if kind[node] == DECISION and player[node] == p:
                    base = row_base[node]
                    for ci in range(start, stop):
                        c = child_list[ci]
                        a = ci - start
                        for h in range(n):
                            value[node, h] += probs[base + h, a] * value[c, h]
                    # Each state's regrets go to its information group's row (its own
                    # when alone); the group's summed regret is then floored or discounted.
                    # Summed as (regret + child value) - node value, in that order: written
                    # regret += (child - node), the rounding differed in the last bits and
                    # five refinements of game 2 for three split different levels (48, 60
                    # instead of 47, 59); the order keeps ungrouped games' numbers as they were.
                    for ci in range(start, stop):
                        c = child_list[ci]
                        a = ci - start
                        for h in range(n):
                            g = row_group[base + h]
                            regrets[g, a] = regrets[g, a] + value[c, h] - value[node, h]
                    for ci in range(start, stop):
                        a = ci - start
                        for h in range(n):
                            if row_group[base + h] != base + h:
                                continue
                            r = regrets[base + h, a]
                            if mode == 1:
                                if r < 0.0:
                                    r = 0.0
                            elif mode == 2:
                                r *= pos_factor if r > 0.0 else neg_factor
                            regrets[base + h, a] = r
                    for h in range(n):
                        if row_group[base + h] != base + h:
                            continue  # a group's states share their own reach: its row counts once
                        w = avg_weight * reach[p, node, h]
                        if w != 0.0:
                            for a in range(stop - start):
                                avg[base + h, a] += w * probs[base + h, a]
                else:
                    for ci in range(start, stop):
                        c = child_list[ci]
                        for h in range(n):
                            value[node, h] += value[c, h]


SLICE_SECONDS = 0.1
"""About how long one kernel call of :meth:`CFRSolver.run` lasts (Ctrl-C waits at most that)."""


class CFRSolver:
    """CFR, CFR+ or discounted CFR on a game (see the module docstring).

    Parameters
    ----------
    game:
        A :class:`~pokerlab.equilibrium.game.Game` or an already flattened game.
    algorithm:
        ``"cfr"``, ``"cfr+"`` or ``"dcfr"``.
    alpha, beta, gamma:
        Discount parameters of ``dcfr``.
    """

    def __init__(
        self,
        game: Game | FlatGame,
        algorithm: str = "cfr+",
        alpha: float = 1.5,
        beta: float = 0.0,
        gamma: float = 2.0,
    ) -> None:
        if algorithm not in _MODE:
            raise ValueError(f"algorithm: one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
        self.flat = game if isinstance(game, FlatGame) else FlatGame.build(game)
        self.algorithm = algorithm
        self.alpha, self.beta, self.gamma = float(alpha), float(beta), float(gamma)
        f = self.flat
        most = max(f.num_hands)
        self._hands = f.hand_counts
        self._regrets = np.zeros((f.num_rows, f.max_actions))
        self._avg = np.zeros((f.num_rows, f.max_actions))
        self._probs = f.uniform_strategy()
        self._reach = np.zeros((f.num_players, f.num_nodes, most))
        self._value = np.zeros((f.num_nodes, most))
        self._scratch = np.zeros(most)
        self._decisions = f.decision_nodes()
        self.iterations = 0

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (every player updates once in each).

        The kernel runs them in slices of about :data:`SLICE_SECONDS` (Python, and so Ctrl-C,
        waits for a running kernel: one call of 15 s could not be stopped). A slice starts where
        the last ended, so the result is the same as one call's; after Ctrl-C, ``iterations``
        counts the slices done.
        """
        if iterations < 0:
            raise ValueError(f"iterations: must be 0 or more, not {iterations}")
        f = self.flat
        left, size = int(iterations), 1
        while left > 0:
            step = min(size, left)
            began = time.perf_counter()
            _iterate(
                step, self.iterations, _MODE[self.algorithm],
                self.alpha, self.beta, self.gamma,
                f.kind, f.player, f.child_start, f.child_list, f.row_base, f.terminal_index,
                f.terminal_payoff, f.prefix_hands, self._decisions, self._hands, f.row_group,
                self._regrets, self._avg, self._probs, self._reach, self._value, self._scratch,
            )  # fmt: skip
            self.iterations += step
            left -= step
            took = time.perf_counter() - began
            if took < SLICE_SECONDS / 2:
                size = step * 2
            elif took > SLICE_SECONDS * 2:
                size = max(1, step // 2)

    def current_strategy(self) -> Strategy:
        """The strategy regret matching plays on the next iteration."""
        probs = np.zeros_like(self._probs)
        f = self.flat
        _regret_matching(
            self._decisions, f.player, f.child_start, f.row_base, self._hands, f.row_group,
            self._regrets, probs,
        )
        return Strategy(f, probs)

    def average_strategy(self) -> Strategy:
        """The weighted average strategy (uniform where a hand never reaches a node)."""
        return Strategy.from_weights(self.flat, self.flat.tie(self._avg))
