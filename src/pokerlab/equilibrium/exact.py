"""Exact certificates: value and best responses in rational arithmetic.

Floating-point solvers find a strategy; this module proves what it is worth. The strategy's
probabilities are read as simple fractions (``limit_denominator``, each row re-closed so it
sums to exactly 1), and the game's numbers are taken exactly as defined (ints, Fractions and
sympy rationals exactly; a float as its exact binary value). If no player can gain against
the rational profile (every best-response value equals the profile's value to that player, in
exact arithmetic: NashConv exactly 0), the profile is an exact equilibrium; in a two-player
zero-sum game its value is the exact game value.

Pure Python over ``Fraction``: meant for small games (Kuhn, the endgames, a few thousand
terminal entries), with any number of players.

Examples
--------
>>> from pokerlab.equilibrium.games import kuhn
>>> from pokerlab.equilibrium.lp import solve_lp
>>> game = kuhn()
>>> certify(game, solve_lp(game).strategy)
Fraction(-1, 18)
>>> from pokerlab.equilibrium.flat import FlatGame
>>> f = FlatGame.build(kuhn(players=3))
>>> values, gained = exact_gains(f.game, Strategy(f, f.uniform_strategy()))
>>> [str(v) for v in values], [str(g) for g in gained]
(['15/64', '-3/64', '-3/16'], ['35/64', '133/192', '79/96'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pokerlab.equilibrium.flat import CHANCE, DECISION, TERMINAL, FlatGame
from pokerlab.equilibrium.game import Chance, Decision, Game, Node, Terminal
from pokerlab.equilibrium.strategy import Strategy

Deal = tuple[int, ...]
Reach = list[list[list[Fraction]]]  # reach[node][player][hand]


def exact(x: Any) -> Fraction:
    """A number as an exact Fraction (sympy rationals included; floats by their binary value).

    Examples
    --------
    >>> exact(0.25), exact("1/3"), exact(2)
    (Fraction(1, 4), Fraction(1, 3), Fraction(2, 1))
    """
    if isinstance(x, Fraction):
        return x
    if hasattr(x, "p") and hasattr(x, "q"):  # sympy Rational / Integer
        return Fraction(int(x.p), int(x.q))
    if isinstance(x, np.generic):
        x = x.item()
    return Fraction(x)


def _per_deal(value: Any, shape: tuple[int, ...], deals: list[Deal]) -> list[Fraction]:
    arr = np.broadcast_to(np.asarray(value, dtype=object), shape)
    return [exact(arr[d]) for d in deals]


@dataclass(frozen=True)
class _ExactTree:
    kind: list[int]
    player: list[int]
    children: list[list[int]]
    deals: list[Deal]  # deals of private states with positive prior
    weighted: list[list[list[Fraction]] | None]  # terminals: [player][deal] prior x chance x payoff


def _exact_tree(game: Game) -> _ExactTree:
    shape = game.num_hands
    players = len(shape)
    live = np.argwhere(np.asarray(game.prior, dtype=float) > 0)
    deals: list[Deal] = [tuple(int(h) for h in d) for d in live]
    kind: list[int] = []
    player: list[int] = []
    children: list[list[int]] = []
    weighted: list[list[list[Fraction]] | None] = []
    stack: list[tuple[Node, int, list[Fraction]]] = [(game.root, -1, _per_deal(game.prior, shape, deals))]
    while stack:  # the same pre-order as FlatGame.build
        node, par, weight = stack.pop()
        me = len(kind)
        children.append([])
        if par >= 0:
            children[par].append(me)
        if isinstance(node, Terminal):
            if players == 2:  # player 0's payoff, zero-sum
                first = _per_deal(node.payoff, shape, deals)
                pays = [first, [-x for x in first]]
            else:
                pays = [_per_deal(entry, shape, deals) for entry in node.payoff]
            kind.append(TERMINAL)
            player.append(-1)
            weighted.append([[w * x for w, x in zip(weight, pay, strict=True)] for pay in pays])
        elif isinstance(node, Decision):
            kind.append(DECISION)
            player.append(node.player)
            weighted.append(None)
            for child in reversed(list(node.children.values())):
                stack.append((child, me, weight))
        elif isinstance(node, Chance):
            kind.append(CHANCE)
            player.append(-1)
            weighted.append(None)
            for prob, child in reversed(list(node.outcomes.values())):
                p = _per_deal(prob, shape, deals)
                stack.append((child, me, [w * x for w, x in zip(weight, p, strict=True)]))
    return _ExactTree(kind, player, children, deals, weighted)


def rational_strategy(strategy: Strategy, max_denominator: int = 1000) -> list[list[Fraction]]:
    """Each strategy row as simple fractions summing to exactly 1 (the largest entry absorbs
    the rounding)."""
    f = strategy.flat
    rows: list[list[Fraction]] = []
    for r in range(f.num_rows):
        k = int(f.row_actions[r])
        q = [Fraction(float(p)).limit_denominator(max_denominator) for p in strategy.probs[r, :k]]
        big = max(range(k), key=lambda a: q[a])
        q[big] = 1 - (sum(q) - q[big])
        rows.append(q)
    return rows


def _reach(tree: _ExactTree, flat: FlatGame, rows: list[list[Fraction]]) -> Reach:
    """``reach[node][p][h]``: player ``p``'s own probability of playing to ``node`` with ``h``."""
    num = len(tree.kind)
    reach: Reach = [[]] * num
    reach[0] = [[Fraction(1)] * n for n in flat.num_hands]
    for node in range(num):
        if tree.kind[node] == TERMINAL:
            continue
        for a, c in enumerate(tree.children[node]):
            mine = [list(r) for r in reach[node]]
            if tree.kind[node] == DECISION:
                p = tree.player[node]
                base = int(flat.row_base[node])
                mine[p] = [r * rows[base + h][a] for h, r in enumerate(mine[p])]
            reach[c] = mine
    return reach


def _counterfactual(tree: _ExactTree, reach: Reach, node: int, who: int, n: int) -> list[Fraction]:
    """Value of each of ``who``'s hands at a terminal, weighted by the others' reach."""
    out = [Fraction(0)] * n
    mine = reach[node]
    pays = tree.weighted[node][who]
    for d, deal in enumerate(tree.deals):
        w = pays[d]
        if w:
            for q, h in enumerate(deal):
                if q != who:
                    w *= mine[q][h]
            out[deal[who]] += w
    return out


def _best_response_value(tree: _ExactTree, flat: FlatGame, reach: Reach, who: int) -> Fraction:
    n = flat.num_hands[who]
    value: list[list[Fraction]] = [[] for _ in tree.kind]
    for node in range(len(tree.kind) - 1, -1, -1):
        kids = tree.children[node]
        if tree.weighted[node] is not None:
            value[node] = _counterfactual(tree, reach, node, who, n)
        elif tree.kind[node] == DECISION and tree.player[node] == who:
            value[node] = [max(value[c][h] for c in kids) for h in range(n)]
        else:
            value[node] = [sum((value[c][h] for c in kids), Fraction(0)) for h in range(n)]
    return sum(value[0], Fraction(0))


def exact_gains(
    game: Game, strategy: Strategy, max_denominator: int = 1000
) -> tuple[list[Fraction], list[Fraction]]:
    """Every player's exact value under the rational reading of ``strategy`` and the exact gain
    of its best response (NashConv is the sum of the gains)."""
    flat = strategy.flat
    tree = _exact_tree(game)
    if len(tree.kind) != flat.num_nodes:
        raise ValueError("strategy: it belongs to a different game")
    rows = rational_strategy(strategy, max_denominator)
    reach = _reach(tree, flat, rows)
    values = []
    for p in range(flat.num_players):
        total = Fraction(0)
        for node, w in enumerate(tree.weighted):
            if w is not None:
                cf = _counterfactual(tree, reach, node, p, flat.num_hands[p])
                total += sum((r * v for r, v in zip(reach[node][p], cf, strict=True)), Fraction(0))
        values.append(total)
    gained = [_best_response_value(tree, flat, reach, p) - values[p] for p in range(flat.num_players)]
    return values, gained


def certify(game: Game, strategy: Strategy, max_denominator: int = 1000) -> Fraction | None:
    """Player 0's exact value if the rational reading of ``strategy`` is an exact equilibrium
    of ``game`` (no player gains by deviating, in rational arithmetic); otherwise None. In a
    two-player zero-sum game that is the exact game value."""
    values, gained = exact_gains(game, strategy, max_denominator)
    return values[0] if not any(gained) else None
