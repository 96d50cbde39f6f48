"""What every player's strategy is worth in a push/fold game, and what a best response gains.

A *profile* gives, at each decision node, each class's probability of each action
(``(169, actions)`` per node). :func:`evaluate` walks the tree once and returns, for every
player and class, the expected payoff of the profile and of the player's best response to the
others, and the value of each action at each node (what a solver's regrets are made of).

How cards interact (the model, stated where an answer is reported):

- Between the players of a two-way showdown, card removal is exact: the chance that they hold
  classes ``a`` and ``b`` is the shipped table's count of combo pairs (:mod:`.equities`).
- Between the three players of a three-way showdown, the chance of the classes is exact (the
  count of disjoint combo triples) and the finishing order is the Monte Carlo table's
  (:mod:`.triples`).
- A player who is not in the showdown folds or wins independently of the others' cards except
  their own (each opponent's class given the player's own is exact, pair by pair; the folded
  players' cards are not removed from the others' decks).

Examples
--------
>>> from pokerlab.pushfold.game import PushFoldGame
>>> game = PushFoldGame(stacks=(10, 10))
>>> pushes = np.zeros((169, 2)); pushes[:, 1] = 1      # the small blind always pushes
>>> calls = np.zeros((169, 2)); calls[:, 1] = 1        # the big blind always calls
>>> r = evaluate(game, [pushes, calls])
>>> [round(v, 9) for v in r.value]                     # a coin flip of equal stacks
[0.0, 0.0]
>>> round(r.nash_conv, 4) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from pokerlab.pushfold._kernels import POSITIONS, three_way_values
from pokerlab.pushfold.equities import BOARDS, class_sizes, headsup_table
from pokerlab.pushfold.game import PushFoldGame, Terminal
from pokerlab.pushfold.triples import TripleTable, triple_table

CLASSES = 169


ORDER_ROW = {(0, 0): 0, (0, 1): 1, (1, 0): 2}
"""A two-way finishing order (dense ranks, first player first) as the row of
:class:`PairTerms`'s ``given`` and ``joint``: tie, first player wins, second player wins."""


@dataclass(frozen=True)
class PairTerms:
    """Two-way showdown matrices, row = hero's class: the chance, given the hero's class, of the
    villain's class and each finishing order (tie, hero wins, villain wins), and unconditional."""

    given: np.ndarray  # (3, 169, 169) by order (0,0), (0,1), (1,0) with hero first
    joint: np.ndarray  # (3, 169, 169) unconditional, first player's class as rows
    cond: np.ndarray  # (169, 169) chance of the villain's class given the hero's


@cache
def pair_terms() -> PairTerms:
    """The exact table as the matrices :func:`evaluate` multiplies (built once)."""
    t = headsup_table()
    sizes = class_sizes().astype(float)
    shown = t.pairs.astype(float) * BOARDS
    losses = shown - t.wins - t.ties
    by_order = np.stack([t.ties, t.wins, losses]).astype(float)  # tie, row wins, column wins
    given = by_order / (sizes[:, None] * 1225.0 * BOARDS)
    joint = by_order / (1326.0 * 1225.0 * BOARDS)
    cond = t.pairs / (sizes[:, None] * 1225.0)
    for a in (given, joint, cond):
        a.setflags(write=False)
    return PairTerms(given, joint, cond)


def permutation_codes() -> np.ndarray:
    """``(6, 27)``: a sorted triple's order code as the players' order code, for each way
    :data:`~pokerlab.pushfold._kernels.POSITIONS` hands the sorted positions to the players."""
    out = np.zeros((6, 27), dtype=np.int64)
    for p, pos in enumerate(POSITIONS):
        for code in range(27):
            s = (code // 9, code // 3 % 3, code % 3)
            r = [s[pos[k]] for k in range(3)]
            out[p, code] = 9 * r[0] + 3 * r[1] + r[2]
    return out


PRIOR = class_sizes() / 1326.0
"""Chance of being dealt each class."""


@dataclass(frozen=True)
class Evaluation:
    """A profile's worth (see :func:`evaluate`).

    Attributes
    ----------
    class_value
        ``(players, 169)`` each player's expected payoff holding each class.
    best_value
        ``(players, 169)`` the same for the player's best response to the others.
    action_values
        Per node, ``(actions, 169)``: the actor's expected payoff of each action, weighted by the
        others' chance of reaching the node (counterfactual values).
    own_reach
        Per node, ``(169,)``: the actor's own chance of playing to it with each class.
    """

    class_value: np.ndarray
    best_value: np.ndarray
    action_values: list[np.ndarray]
    own_reach: list[np.ndarray]

    @property
    def value(self) -> tuple[float, ...]:
        """Each player's expected payoff."""
        return tuple(float(v) for v in self.class_value @ PRIOR)

    @property
    def gains(self) -> tuple[float, ...]:
        """What each player would gain by a best response."""
        return tuple(float(g) for g in (self.best_value - self.class_value) @ PRIOR)

    @property
    def nash_conv(self) -> float:
        """The sum of the gains: 0 exactly at an equilibrium."""
        return float(sum(self.gains))


def _showdown_terms(game: PushFoldGame, t: Terminal, reach: np.ndarray, table: TripleTable | None,
                    want_chance: bool) -> tuple[dict[int, np.ndarray], np.ndarray]:
    """For a showdown terminal: each showdown player's payoff given their class (summed over
    the others in it), and the unconditional chance of each order (for players not in it)."""
    terms = pair_terms()
    k = len(t.showdown)
    orders = [tuple(o) for o in t.orders]
    inside: dict[int, np.ndarray] = {}
    if k == 2:
        p, q = t.showdown
        pp = np.zeros((len(orders), CLASSES))
        qq = np.zeros((len(orders), CLASSES))
        chance = np.zeros(len(orders))
        for m, o in enumerate(orders):
            pp[m] = terms.given[ORDER_ROW[o]] @ reach[q]
            qq[m] = terms.given[ORDER_ROW[o[::-1]]] @ reach[p]  # the order from q's side
            chance[m] = reach[p] @ terms.joint[ORDER_ROW[o]] @ reach[q]
        inside[p] = t.payoff[:, p] @ pp
        inside[q] = t.payoff[:, q] @ qq
        return inside, chance
    if table is None:
        table = triple_table()
    codes = [9 * o[0] + 3 * o[1] + o[2] for o in orders]
    u = np.zeros((3, 27))
    for role, player in enumerate(t.showdown):
        u[role, codes] = t.payoff[:, player]
    v = np.zeros((3, CLASSES))
    q27 = np.zeros(27)
    offsets, order_codes, mass = table.compressed
    p0, p1, p2 = t.showdown
    three_way_values(offsets, order_codes, mass, _PERMUTATION_CODES, reach[p0], reach[p1], reach[p2],
                     u[0], u[1], u[2], want_chance, v[0], v[1], v[2], q27)
    for role, player in enumerate(t.showdown):
        inside[player] = v[role]
    return inside, q27[codes]


_PERMUTATION_CODES = permutation_codes()


def terminal_values(game: PushFoldGame, t: Terminal, reach: np.ndarray,
                    table: TripleTable | None = None) -> np.ndarray:
    """``(players, 169)``: each player's payoff at terminal ``t`` given their class, weighted
    by the others' chances (``reach[j]``, per class) of playing to it."""
    n = game.players
    cond = pair_terms().cond
    # each other player's chance, given my class, of being dealt a class and playing here
    folds = reach @ cond.T  # (players, 169): row j, column = my class
    out = np.zeros((n, CLASSES))
    if len(t.showdown) == 1:
        for i in range(n):
            others = np.prod(np.delete(folds, i, axis=0), axis=0)
            out[i] = t.payoff[0, i] * others
        return out
    inside, chance = _showdown_terms(game, t, reach, table, game.players > len(t.showdown))
    outside = [j for j in range(n) if j not in t.showdown]
    for i in range(n):
        fold_factor = np.prod(folds[[j for j in outside if j != i]], axis=0) if outside else 1.0
        if i in inside:
            out[i] = fold_factor * inside[i]
        else:
            out[i] = fold_factor * float(t.payoff[:, i] @ chance)
    return out


def evaluate(game: PushFoldGame, profile: Sequence[np.ndarray],
             table: TripleTable | None = None) -> Evaluation:
    """Walk the tree once: every player's value per class, their best response's, and each
    node's action values (see :class:`Evaluation`)."""
    tree = game.tree()
    n = game.players
    action_values: list[np.ndarray] = [np.empty(0)] * len(tree.nodes)
    own_reach: list[np.ndarray] = [np.empty(0)] * len(tree.nodes)

    def walk(child: int, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if child < 0:
            v = terminal_values(game, tree.terminals[~child], reach, table)
            return v, v
        node = tree.nodes[child]
        i = node.actor
        sigma = profile[child]
        value = np.zeros((n, CLASSES))
        best = np.zeros((n, CLASSES))
        mine = np.zeros((len(node.actions), CLASSES))
        mine_best = np.zeros((len(node.actions), CLASSES))
        for k, c in enumerate(node.children):
            r = reach.copy()
            r[i] = reach[i] * sigma[:, k]
            v, b = walk(c, r)
            mine[k], mine_best[k] = v[i], b[i]
            v[i] = 0.0
            b[i] = 0.0
            value += v
            best += b
        value[i] = (sigma.T * mine).sum(axis=0)
        best[i] = mine_best.max(axis=0)
        action_values[child] = mine
        own_reach[child] = reach[i]
        return value, best

    value, best = walk(0, np.ones((n, CLASSES)))
    return Evaluation(value, best, action_values, own_reach)
