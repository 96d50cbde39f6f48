"""The multi-dimensional model for any number of players: boxes of the unit cube (steps 940-955).

The patent's step 950: "for a two-dimensional model (two players) the size of each portion is
the area of the portion. For a three-dimensional model (three players) the size of each
portion is the volume of the portion." Split [0, 1] at every threshold of every player into
segments ``L_0 .. L_m`` (``L_k = s_{k+1} - s_k``, ``s_0 = 0``, ``s_{m+1} = 1``). A *box* picks
one segment per player; its volume is the product of their lengths, and in it every player
follows one plan, so the betting ends at one terminal. At a showdown the best hand among the
players who did not fold wins: the live player in the highest segment; when several live
players share that segment each wins a ``1/k`` share of the box (the hands are independent
and uniform inside it). So player ``i``'s expected return is

``E_i = sum over boxes of L_{k_1} ... L_{k_n} * payoff_i(box)``,

a polynomial of degree ``n`` in the thresholds, and the first-order condition of a threshold
``t`` of player ``i`` is ``dE_i/dt = 0`` (each player moves only its own dividing points):
polynomial of degree ``n - 1``, linear for two players (where ``E_2 = -E_1``, and this model
agrees with :mod:`pokerlab.threshold.solving.solve`). All arithmetic is exact, in a sympy domain: the
rationals for a numeric pot, rational functions of ``P`` otherwise.

Examples
--------
>>> from pokerlab.gamespec import builtin_game
>>> model = build_cube_model(builtin_game("patent-no-raise-3p", pot=3))
>>> model.names
['b1', 'C3', 's1', 'S1', 'C2', 'B1', 'C3C']
>>> equations = model.derivative_equations()  # dE1/db1: P1 indifferent between bluff and pass
>>> equations["b1"].as_expr()
4*C2*C3 - 3*b1**2 - 1
>>> sum(e.as_expr() for e in model.expected_returns()).expand()  # the pot is shared: zero sum
0
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import sympy
from sympy.polys.domains import QQ
from sympy.polys.rings import PolyElement, PolyRing, ring

from pokerlab.gamespec import BettingGame, Terminal, folded_players
from pokerlab.gamespec.plans import FullPlan, History, play_history
from pokerlab.gamespec.structure import Structure, declared_structure

Box = tuple[int, ...]  # one segment index per player


def domain_of(params: list[sympy.Symbol]) -> Any:
    """The exact domain of a game's numbers: QQ, or rational functions of its symbols."""
    return QQ.frac_field(*params) if params else QQ


@dataclass
class BoxOutcome:
    """What happens in one box: the betting, the terminal, who may win and each payoff."""

    history: History
    terminal: Terminal
    winners: tuple[int, ...]  # the live players in the highest segment (each wins 1/k)
    payoffs: tuple[Any, ...]  # expected payoff of each player in the box, in the model's domain


@dataclass
class CubeModel:
    """Every player's expected return over the boxes of the unit cube, exactly.

    ``boxes[(k_1, ..., k_n)]`` is the outcome of the box where player ``j`` holds a hand in
    segment ``k_j``; ``ring`` has one generator per threshold (in order).
    """

    game: BettingGame
    structure: Structure
    domain: Any
    params: list[sympy.Symbol]
    ring: PolyRing
    boxes: dict[Box, BoxOutcome] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """Threshold names in order."""
        return self.structure.names

    @property
    def players(self) -> int:
        """Number of players (dimensions of the cube)."""
        return self.game.players

    def lengths(self) -> list[PolyElement]:
        """The segment lengths ``L_k = s_{k+1} - s_k`` as polynomials in the thresholds."""
        s = [self.ring.zero, *self.ring.gens, self.ring.one]
        return [s[k + 1] - s[k] for k in range(len(s) - 1)]

    @cached_property
    def _returns(self) -> list[PolyElement]:
        lengths = self.lengths()
        m = len(lengths)
        out = []
        for player in range(self.players):
            # contract one axis at a time: sum over the last player's segment first
            table: dict[Box, Any] = {box: o.payoffs[player] for box, o in self.boxes.items()}
            for _ in range(self.players):
                reduced: dict[Box, PolyElement] = {}
                for prefix in itertools.product(range(m), repeat=len(next(iter(table))) - 1):
                    total = self.ring.zero
                    for k in range(m):
                        value = table[(*prefix, k)]
                        if value:
                            total += lengths[k] * value
                    reduced[prefix] = total
                table = reduced
            out.append(table[()])
        return out

    def expected_returns(self) -> list[PolyElement]:
        """``E_1 .. E_n`` as polynomials in the thresholds (step 955; their sum is 0)."""
        return list(self._returns)

    def derivative_equations(self) -> dict[str, PolyElement]:
        """``dE_i/dt`` for every threshold ``t``, with ``i`` the player who owns ``t`` (step 960)."""
        returns = self._returns
        return {
            t.name: returns[t.player - 1].diff(gen)
            for t, gen in zip(self.structure.thresholds, self.ring.gens, strict=True)
        }

    def value(self, player: int, point: dict[str, Any]) -> Any:
        """``E_player`` at thresholds ``point`` (name -> number or sympy expression)."""
        expr = self._returns[player - 1].as_expr()
        return expr.subs({sympy.Symbol(n): v for n, v in point.items()})


def _showdown_payoffs(
    game: BettingGame, terminal: Terminal, box: Box, K: Any
) -> tuple[tuple[int, ...], tuple[Any, ...]]:
    out = folded_players(terminal)
    live = [p for p in range(1, game.players + 1) if p not in out]
    top = max(box[p - 1] for p in live)
    winners = tuple(p for p in live if box[p - 1] == top)
    contributions = [K.from_sympy(sympy.sympify(c)) for c in terminal.contributions]
    pot = sum(contributions, K.zero)
    share = pot / K(len(winners))
    payoffs = tuple(
        (share if p in winners else K.zero) - contributions[p - 1] for p in range(1, game.players + 1)
    )
    return winners, payoffs


def build_cube_model(game: BettingGame, structure: Structure | None = None) -> CubeModel:
    """The cube model of ``game`` under ``structure`` (default: the declared one)."""
    structure = structure or declared_structure(game)
    params = game.parameters()
    K = domain_of(params)
    names = structure.names
    R = ring(names, K)[0] if names else ring("_", K)[0]
    segments = [structure.segment_plans(p) for p in range(1, game.players + 1)]
    m = len(structure.thresholds) + 1
    played: dict[tuple[FullPlan, ...], tuple[History, Terminal]] = {}
    boxes: dict[Box, BoxOutcome] = {}
    for box in itertools.product(range(m), repeat=game.players):
        plans = tuple(segments[p][k] for p, k in enumerate(box))
        if plans not in played:
            played[plans] = play_history(game, *plans)
        history, terminal = played[plans]
        winners, payoffs = _showdown_payoffs(game, terminal, box, K)
        boxes[box] = BoxOutcome(history, terminal, winners, payoffs)
    return CubeModel(game, structure, K, params, R, boxes)
