"""The discretised version of a dividing-point game: N equally likely hand levels per player.

A dividing-point game (``pokerlab.threshold.game``) is a betting tree whose nodes are
``Decision(player, children)`` with ``player`` 1 or 2 and ``Terminal(contributions, folded)``
with ``contributions = (c1, c2)`` (antes included; numbers or sympy expressions, possibly in
the pot symbol ``P``) and ``folded`` 0 (showdown), 1 or 2. Player 1's net payoff is ``+c2``
when they win the showdown, ``-c1`` when they lose, ``(c2 - c1)/2`` on a tie, ``-c1`` when they fold and
``+c2`` when player 2 folds.

Here the hands are ``levels`` equally likely, independent strength levels ``0 .. N-1`` per
player (level ``i`` stands for the interval ``[i/N, (i+1)/N)``), ties split. As ``N`` grows
the discrete equilibria approach the continuous dividing-point solution.

The tree is read by duck typing (``player``/``children`` or ``contributions``/``folded``), so
any object of that shape works.

Examples
--------
>>> from types import SimpleNamespace as NS
>>> tree = NS(player=1, children={
...     "check": NS(contributions=(1, 1), folded=0),
...     "bet": NS(player=2, children={
...         "fold": NS(contributions=(3, 1), folded=2),
...         "call": NS(contributions=(3, 3), folded=0)})})
>>> g = discretised_game(NS(root=tree, name="von-neumann"), levels=3)
>>> g.num_hands, g.name
((3, 3), 'von-neumann/3')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from pokerlab.equilibrium.game import Decision, Game, Node, Terminal


def _number(value: Any, pot: Any, where: str) -> Fraction | float:
    """``value`` with the pot substituted: a Fraction when it is rational, else a float."""
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, float):
        return value
    import sympy  # only symbolic trees need it

    expr = sympy.sympify(value)
    free = expr.free_symbols
    if free:
        if pot is None:
            names = ", ".join(sorted(str(s) for s in free))
            raise ValueError(f"pot: {where} depends on {names}; give a pot size")
        expr = expr.subs({s: sympy.sympify(pot) for s in free if str(s) == "P"})
        if expr.free_symbols:
            names = ", ".join(sorted(str(s) for s in expr.free_symbols))
            raise ValueError(f"{where}: unknown symbols {names} (only the pot P can be set)")
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q))
    return float(expr)


def discretised_game(betting_game: Any, levels: int, pot: Any = None) -> Game:
    """Dividing-point game ``betting_game`` (with ``.root``) on ``levels`` hand levels.

    ``pot`` is substituted for the symbol ``P`` in symbolic contributions.
    """
    if int(levels) != levels or levels < 1:
        raise ValueError(f"levels: a positive whole number, not {levels!r}")
    n = int(levels)
    # outcome[i, j] = 2 if player 1's level i beats player 2's level j, 0 if it loses, 1 tie:
    # an index into (lose, tie, win) payoffs, which stay exact when contributions are rational.
    outcome = np.sign(np.subtract.outer(np.arange(n), np.arange(n))) + 1

    def convert(node: Any, path: tuple[str, ...]) -> Node:
        where = "/".join(path) or "<root>"
        if hasattr(node, "children"):
            player = int(node.player)
            if player not in (1, 2):
                raise ValueError(f"decision {where}: player must be 1 or 2, not {player}")
            return Decision(
                player - 1,
                {str(lab): convert(child, (*path, str(lab))) for lab, child in node.children.items()},
            )
        if hasattr(node, "contributions"):
            c1 = _number(node.contributions[0], pot, f"terminal {where}")
            c2 = _number(node.contributions[1], pot, f"terminal {where}")
            folded = int(node.folded)
            if folded == 0:
                by_outcome = np.empty(3, dtype=object)
                by_outcome[:] = [-c1, (c2 - c1) / 2, c2]
                return Terminal(by_outcome[outcome])
            if folded == 1:
                return Terminal(-c1)
            if folded == 2:
                return Terminal(c2)
            raise ValueError(f"terminal {where}: folded must be 0, 1 or 2, not {folded}")
        raise ValueError(f"node {where}: neither a decision nor a terminal")

    labels = tuple(str(i) for i in range(n))
    name = str(getattr(betting_game, "name", "dividing-point"))
    return Game(
        name=f"{name}/{n}",
        hands=(labels, labels),
        prior=np.full((n, n), Fraction(1, n * n), dtype=object),
        root=convert(betting_game.root, ()),
        description=f"{name} discretised to {n} hand levels per player",
    )
