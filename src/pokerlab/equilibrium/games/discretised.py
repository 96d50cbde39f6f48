"""The discretised version of a dividing-point game: ``levels`` equally likely hand levels per player.

A dividing-point game (``pokerlab.gamespec``) is a betting tree whose nodes are
``Decision(player, children)`` with ``player`` in 1..n and ``Terminal(contributions, folded)``
with ``contributions = (c1, ..., cn)`` (antes included; numbers or sympy expressions, possibly
in the pot symbol ``P``). ``folded`` is 0 (showdown), 1 or 2 for two players; with ``n >= 3``
players it is a collection (tuple, frozenset) of the players (1..n) who folded. The game
object has ``root``, optionally ``name`` and ``players`` (``n``; absent means 2). At a
showdown the best level among the players who did not fold takes the sum of all
contributions, equal levels split it; a player's payoff is its share minus its contribution
(:func:`~pokerlab.equilibrium.games.showdown.settle`). Two players: player 1's net payoff is
``+c2`` when they win the showdown, ``-c1`` when they lose, ``(c2 - c1)/2`` on a tie, ``-c1``
when they fold and ``+c2`` when player 2 folds.

Here the hands are ``levels`` equally likely, independent strength levels ``0 .. N-1`` per
player (level ``i`` stands for the interval ``[i/N, (i+1)/N)``). As ``N`` grows the discrete
equilibria approach the continuous dividing-point solution. Payoffs stay exact (Fractions)
where the contributions are rational. The payoff tables hold ``N ** n`` entries per player
per terminal: three players at 50 levels is 125,000 (fine), at 200 levels 8 million (heavy).

The tree is read by duck typing (``player``/``children`` or ``contributions``/``folded``), so
any object of that shape works.

Usage with three players (CFR, CFR+ or DCFR; the LP is for two players only), reading each
player's dividing points off the average strategy:

>>> from types import SimpleNamespace as NS
>>> from pokerlab.equilibrium import CFRSolver, nash_conv
>>> showdown = NS(contributions=(1, 1, 1), folded=())
>>> tree3 = NS(player=1, children={
...     "check": showdown,
...     "bet": NS(player=2, children={
...         "fold": NS(player=3, children={
...             "fold": NS(contributions=(2, 1, 1), folded=(2, 3)),
...             "call": NS(contributions=(2, 1, 2), folded=(2,))}),
...         "call": NS(player=3, children={
...             "fold": NS(contributions=(2, 2, 1), folded=(3,)),
...             "call": NS(contributions=(2, 2, 2), folded=())})})})
>>> g3 = discretised_game(NS(root=tree3, name="bet-or-check", players=3), levels=10)
>>> g3.num_hands, g3.num_players
((10, 10, 10), 3)
>>> solver = CFRSolver(g3, "cfr+")
>>> solver.run(500)
>>> strategy = solver.average_strategy()
>>> nash_conv(strategy) < 0.01
True
>>> histories, table = strategy.sequence_table(0)  # player 1: P(sequence) per level
>>> histories, table.shape
([('check',), ('bet',)], (10, 2))

Two players, the same as ever:

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

import functools
from fractions import Fraction
from typing import Any

import numpy as np

from pokerlab.equilibrium.game import Decision, Game, Node
from pokerlab.equilibrium.games.showdown import settle


def _number(value: Any, pot: Any, where: str) -> Fraction | float:
    """``value`` with the pot substituted: a Fraction when it is rational, else a float."""
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, float):
        return value
    import sympy  # only symbolic trees need it

    from pokerlab.exact import exact_expression

    # text is read without running it (sympify would evaluate it as Python)
    expr = exact_expression(value, where) if isinstance(value, str) else sympy.sympify(value)
    free = expr.free_symbols
    if free:
        if pot is None:
            names = ", ".join(sorted(str(s) for s in free))
            raise ValueError(f"pot: {where} depends on {names}; give a pot size")
        pot = exact_expression(pot, "pot") if isinstance(pot, str) else sympy.sympify(pot)
        expr = expr.subs({s: pot for s in free if str(s) == "P"})
        if expr.free_symbols:
            names = ", ".join(sorted(str(s) for s in expr.free_symbols))
            raise ValueError(f"{where}: unknown symbols {names} (only the pot P can be set)")
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q))
    return float(expr)


MAX_TABLE_ENTRIES = 2 * 10**8
"""Payoff table entries (terminals x players x levels**players) a discretised game may hold:
the tables are dense, so beyond this the memory runs out (three players at 200 levels on
five terminals: 120 million)."""


def _terminal_count(node: Any) -> int:
    stack, count = [node], 0
    while stack:
        here = stack.pop()
        if hasattr(here, "children"):
            stack.extend(here.children.values())
        else:
            count += 1
    return count


def discretised_game(betting_game: Any, levels: int, pot: Any = None, widths: Any = None) -> Game:
    """Dividing-point game ``betting_game`` (with ``.root``, optionally ``.players``) on
    ``levels`` hand levels per player.

    ``pot`` is substituted for the symbol ``P`` in symbolic contributions. ``widths`` gives
    each level's probability (Fractions summing to 1; equal by default): level ``i`` then
    stands for the interval of hands of that width above levels ``0 .. i-1``.

    >>> from types import SimpleNamespace as NS
    >>> tree = NS(player=1, children={"check": NS(contributions=(1, 1), folded=0)})
    >>> g = discretised_game(NS(root=tree), 2, widths=[Fraction(1, 4), Fraction(3, 4)])
    >>> g.prior.tolist()
    [[Fraction(1, 16), Fraction(3, 16)], [Fraction(3, 16), Fraction(9, 16)]]
    """
    if int(levels) != levels or levels < 1:
        raise ValueError(f"levels: a positive whole number, not {levels!r}")
    n = int(levels)
    players = int(getattr(betting_game, "players", 2))
    if players < 2:
        raise ValueError(f"players: at least 2, not {players}")
    entries = _terminal_count(betting_game.root) * players * n**players
    if entries > MAX_TABLE_ENTRIES:
        raise ValueError(
            f"--levels {n}: {n} hand levels for {players} players need {entries:,} payoff entries "
            f"(at most {MAX_TABLE_ENTRIES:,}); use fewer levels"
        )
    # after the size check: a list of a huge number of levels would not fit in memory
    widths = [Fraction(1, n)] * n if widths is None else [Fraction(w) for w in widths]
    if len(widths) != n or min(widths) <= 0 or sum(widths) != 1:
        raise ValueError(f"widths: {n} positive level probabilities summing to 1")
    strength = np.arange(n)

    def live_players(folded: Any, where: str) -> tuple[int, ...]:
        """The 0-based seats still in, from the tree's ``folded``."""
        if players == 2:
            if folded not in (0, 1, 2):
                raise ValueError(f"terminal {where}: folded must be 0, 1 or 2, not {folded!r}")
            return ((0, 1), (1,), (0,))[int(folded)]
        out = set(folded) if isinstance(folded, tuple | list | set | frozenset) else None
        if out is None or not out <= set(range(1, players + 1)) or len(out) == players:
            raise ValueError(
                f"terminal {where}: folded must be a collection of the players (1..{players}) "
                f"who folded, not all of them; got {folded!r}"
            )
        return tuple(q for q in range(players) if q + 1 not in out)

    def convert(node: Any, path: tuple[str, ...]) -> Node:
        where = "/".join(path) or "<root>"
        if hasattr(node, "children"):
            player = int(node.player)
            if not 1 <= player <= players:
                raise ValueError(f"decision {where}: player must be one of 1..{players}, not {player}")
            return Decision(
                player - 1,
                {str(lab): convert(child, (*path, str(lab))) for lab, child in node.children.items()},
            )
        if hasattr(node, "contributions"):
            if len(node.contributions) != players:
                raise ValueError(
                    f"terminal {where}: {len(node.contributions)} contributions for {players} players"
                )
            c = [_number(x, pot, f"terminal {where}") for x in node.contributions]
            return settle(c, live_players(node.folded, where), strength)
        raise ValueError(f"node {where}: neither a decision nor a terminal")

    labels = tuple(str(i) for i in range(n))
    name = str(getattr(betting_game, "name", "dividing-point"))
    if len(set(widths)) == 1:  # one Fraction shared: millions of entries at the largest sizes
        prior = np.full((n,) * players, widths[0] ** players, dtype=object)
    else:
        prior = functools.reduce(np.multiply.outer, [np.array(widths, dtype=object)] * players)
    return Game(
        name=f"{name}/{n}",
        hands=(labels,) * players,
        prior=prior,
        root=convert(betting_game.root, ()),
        description=f"{name} discretised to {n} hand levels per player",
    )
