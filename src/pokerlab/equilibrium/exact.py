"""Exact certificates: value and best responses in rational arithmetic.

Floating-point solvers find a strategy; this module proves what it is worth. The strategy's
probabilities are read as simple fractions (``limit_denominator``, each row re-closed so it
sums to exactly 1), and the game's numbers are taken exactly as defined (ints, Fractions and
sympy rationals exactly; a float as its exact binary value). If neither player can gain
against the rational profile (both best-response values equal the profile's value, in exact
arithmetic), the profile is an exact equilibrium and its value is the exact game value.

Pure Python over ``Fraction``: meant for small games (Kuhn, the endgames, a few thousand
terminal entries).

Examples
--------
>>> from pokerlab.equilibrium.games import kuhn
>>> from pokerlab.equilibrium.lp import solve_lp
>>> game = kuhn()
>>> certify(game, solve_lp(game).strategy)
Fraction(-1, 18)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pokerlab.equilibrium.flat import CHANCE, DECISION, TERMINAL, FlatGame
from pokerlab.equilibrium.game import Chance, Decision, Game, Node, Terminal
from pokerlab.equilibrium.strategy import Strategy

Matrix = list[list[Fraction]]


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


def _matrix(value: Any, n0: int, n1: int) -> Matrix:
    arr = np.broadcast_to(np.asarray(value, dtype=object), (n0, n1))
    return [[exact(arr[i, j]) for j in range(n1)] for i in range(n0)]


@dataclass(frozen=True)
class _ExactTree:
    kind: list[int]
    player: list[int]
    children: list[list[int]]
    weighted: list[Matrix | None]  # exact prior x chance x payoff at terminals


def _exact_tree(game: Game) -> _ExactTree:
    n0, n1 = game.num_hands
    kind: list[int] = []
    player: list[int] = []
    children: list[list[int]] = []
    weighted: list[Matrix | None] = []
    stack: list[tuple[Node, int, Matrix]] = [(game.root, -1, _matrix(game.prior, n0, n1))]
    while stack:  # the same pre-order as FlatGame.build
        node, par, weight = stack.pop()
        me = len(kind)
        children.append([])
        if par >= 0:
            children[par].append(me)
        if isinstance(node, Terminal):
            pay = _matrix(node.payoff, n0, n1)
            kind.append(TERMINAL)
            player.append(-1)
            weighted.append([[weight[i][j] * pay[i][j] for j in range(n1)] for i in range(n0)])
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
                p = _matrix(prob, n0, n1)
                stack.append((child, me, [[weight[i][j] * p[i][j] for j in range(n1)] for i in range(n0)]))
    return _ExactTree(kind, player, children, weighted)


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


def _walk(
    tree: _ExactTree, flat: FlatGame, rows: list[list[Fraction]], responder: int | None
) -> Fraction:
    """Exact value to player 0 of the profile (``responder`` None), or the exact best-response
    value of ``responder`` (to the responder) against the other player's rows."""
    n0, n1 = flat.num_hands
    num = len(tree.kind)
    reach = [[[Fraction(1)] * n0, [Fraction(1)] * n1] for _ in range(num)]
    for node in range(num):
        if tree.kind[node] == TERMINAL:
            continue
        for a, c in enumerate(tree.children[node]):
            r0, r1 = list(reach[node][0]), list(reach[node][1])
            if tree.kind[node] == DECISION:
                p = tree.player[node]
                base = int(flat.row_base[node])
                mine = r0 if p == 0 else r1
                for h in range(len(mine)):
                    mine[h] = mine[h] * rows[base + h][a]
            reach[c] = [r0, r1]
    if responder is None:
        total = Fraction(0)
        for node in range(num):
            w = tree.weighted[node]
            if w is not None:
                r0, r1 = reach[node]
                total += sum(r0[i] * w[i][j] * r1[j] for i in range(n0) for j in range(n1) if w[i][j])
        return total
    n = (n0, n1)[responder]
    value: list[list[Fraction]] = [[] for _ in range(num)]
    for node in range(num - 1, -1, -1):
        w = tree.weighted[node]
        if w is not None:
            r0, r1 = reach[node]
            if responder == 0:
                value[node] = [sum((w[i][j] * r1[j] for j in range(n1)), Fraction(0)) for i in range(n0)]
            else:
                value[node] = [-sum((w[i][j] * r0[i] for i in range(n0)), Fraction(0)) for j in range(n1)]
        elif tree.kind[node] == DECISION and tree.player[node] == responder:
            kids = tree.children[node]
            value[node] = [max(value[c][h] for c in kids) for h in range(n)]
        else:
            kids = tree.children[node]
            value[node] = [sum((value[c][h] for c in kids), Fraction(0)) for h in range(n)]
    return sum(value[0], Fraction(0))


def certify(game: Game, strategy: Strategy, max_denominator: int = 1000) -> Fraction | None:
    """The exact game value if the rational reading of ``strategy`` is an exact equilibrium
    of ``game`` (no player gains by deviating, in rational arithmetic); otherwise None."""
    flat = strategy.flat
    tree = _exact_tree(game)
    if len(tree.kind) != flat.num_nodes:
        raise ValueError("strategy: it belongs to a different game")
    rows = rational_strategy(strategy, max_denominator)
    value = _walk(tree, flat, rows, None)
    if _walk(tree, flat, rows, 0) != value or _walk(tree, flat, rows, 1) != -value:
        return None
    return value
