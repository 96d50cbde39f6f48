"""The certificate: exact best responses against a threshold strategy, and the exploitability.

Against the opponent's thresholds, the expected value of one of a player's pure plans (one
plan per branch) at hand ``x`` is piecewise linear in ``x``, with breaks at the opponent's
thresholds: a segment of opponent hands ``[c, d]`` contributes ``win * (d - c)`` when it lies
below ``x``, ``lose * (d - c)`` when above, and ``win * (x - c) + lose * (d - x)`` when it
contains ``x``. The best response is the upper envelope of these lines, integrated exactly
over the hands. Exploitability is the sum of both players' gains from best responding
(zero for an equilibrium), in units per game.

Examples
--------
>>> from pokerlab.gamespec import builtin_game
>>> from pokerlab.threshold.solving.solve import solve
>>> cert = certify(solve(builtin_game("patent-no-raise", pot=1)))
>>> cert.value, cert.best_response_p1, cert.best_response_p2, cert.exploitability
(Fraction(1, 18), Fraction(1, 18), Fraction(1, 18), Fraction(0, 1))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.plans import Branch, FullPlan, branch_plans, play_history
from pokerlab.threshold.solving.solve import Solution


def _frac(x: Any) -> Fraction:
    if isinstance(x, int | Fraction):
        return Fraction(x)
    if isinstance(x, sympy.Basic):
        x = sympy.sympify(x)
        if not x.is_Rational:
            raise ValueError(f"certificate needs rational numbers, got {x}")
        return Fraction(int(x.p), int(x.q))
    return Fraction(int(x.numerator), int(x.denominator))  # a domain rational (gmpy, flint...)


@dataclass
class Certificate:
    """Best-response values against the solved strategies, all exact.

    ``best_response_p1``: P1's expected return when P1 best responds to P2's thresholds.
    ``best_response_p2``: P1's expected return when P2 best responds to P1's thresholds.
    ``exploitability = best_response_p1 - best_response_p2`` (the sum of both gains).
    ``p1_gain`` and ``p2_gain`` split it; ``pot`` is the pot the check was made at.
    """

    value: Fraction
    best_response_p1: Fraction
    best_response_p2: Fraction
    pot: Any

    @property
    def exploitability(self) -> Fraction:
        """Sum of both players' gains from best responding (0 at an equilibrium)."""
        return self.best_response_p1 - self.best_response_p2

    @property
    def p1_gain(self) -> Fraction:
        """How much P1 could gain over the solution by best responding."""
        return self.best_response_p1 - self.value

    @property
    def p2_gain(self) -> Fraction:
        """How much P2 could gain over the solution by best responding."""
        return self.value - self.best_response_p2


def _full_plans(game: BettingGame, branches_: list) -> list[FullPlan]:
    return [tuple(c) for c in itertools.product(*(branch_plans(game, b) for b in branches_))]


def _lines(
    game: BettingGame,
    player: int,
    plans: list[FullPlan],
    opp_cuts: list[Fraction],
    opp_plans: list[FullPlan],
    branch: Branch | None = None,
) -> list[list[tuple[Fraction, Fraction]]]:
    """For each x-piece between the opponent's cuts, each plan's EV line (alpha, beta) for P1.

    With ``branch`` only games ending inside that branch of ``player`` count.
    """
    cache: dict[tuple[FullPlan, FullPlan], tuple[Fraction, Fraction]] = {}
    edges = [Fraction(0), *opp_cuts, Fraction(1)]

    def pay(mine: FullPlan, theirs: FullPlan) -> tuple[Fraction, Fraction]:
        # (payoff to P1 when `player` holds the higher hand, when lower)
        key = (mine, theirs)
        if key not in cache:
            p1, p2 = (mine, theirs) if player == 1 else (theirs, mine)
            history, term = play_history(game, p1, p2)
            inside = branch is None or (
                len(history) > len(branch.history) and history[: len(branch.history)] == branch.history
            )
            if inside:
                hi = _frac(game.payoff_to_p1(term, player == 1))
                lo = _frac(game.payoff_to_p1(term, player != 1))
                cache[key] = (hi, lo)
            else:
                cache[key] = (Fraction(0), Fraction(0))
        return cache[key]

    pieces = []
    for k in range(len(edges) - 1):  # x in [edges[k], edges[k+1]]: opponent segment k holds x
        lines = []
        for plan in plans:
            alpha = Fraction(0)
            beta = Fraction(0)
            for j, opp in enumerate(opp_plans):
                c, d = edges[j], edges[j + 1]
                hi, lo = pay(plan, opp)
                if j < k:
                    alpha += hi * (d - c)
                elif j > k:
                    alpha += lo * (d - c)
                else:
                    alpha += -hi * c + lo * d
                    beta += hi - lo
            lines.append((alpha, beta))
        pieces.append(lines)
    return pieces


def _envelope_integral(
    lines: list[tuple[Fraction, Fraction]], a: Fraction, b: Fraction, sign: int
) -> Fraction:
    """Integral over [a, b] of max (sign=1) or min (sign=-1) of the lines alpha + beta x."""
    if b <= a:
        return Fraction(0)
    cuts = {a, b}
    for (a1, b1), (a2, b2) in itertools.combinations(lines, 2):
        if b1 != b2:
            x = (a2 - a1) / (b1 - b2)
            if a < x < b:
                cuts.add(x)
    pts = sorted(cuts)
    total = Fraction(0)
    for lo, hi in itertools.pairwise(pts):
        mid = (lo + hi) / 2
        best = max(lines, key=lambda ln: sign * (ln[0] + ln[1] * mid))
        total += best[0] * (hi - lo) + best[1] * (hi * hi - lo * lo) / 2
    return total


def _player_cuts(
    solution: Solution, player: int, values: dict[str, Fraction]
) -> tuple[list[Fraction], list[FullPlan]]:
    structure = solution.structure
    seg_plans = structure.segment_plans(player)
    cuts: list[Fraction] = []
    plans: list[FullPlan] = [seg_plans[0]]
    for k, t in enumerate(structure.thresholds):
        if t.player == player:
            cuts.append(values[t.name])
            plans.append(seg_plans[k + 1])
    # thresholds of one player from different branches may tie or come in any order: sort stably
    order = sorted(range(len(cuts)), key=lambda i: cuts[i])
    if order != list(range(len(cuts))):
        raise ValueError("the solution violates its own order; no certificate")
    return cuts, plans


def certify(solution: Solution, **params: Any) -> Certificate:
    """Exact best responses of both players against ``solution`` (numbers needed for symbols).

    With a symbolic solution pass the values, e.g. ``certify(sol, P=3)``.
    """
    if solution.symbolic:
        solution = solution.at(**params)
    game = solution.game
    values = {n: _frac(v) for n, v in zip(solution.names, solution.raw, strict=True)}
    cuts1, plans1 = _player_cuts(solution, 1, values)
    cuts2, plans2 = _player_cuts(solution, 2, values)
    structure = solution.structure
    all1 = _full_plans(game, structure.player_branches(1))
    all2 = _full_plans(game, structure.player_branches(2))
    br = []
    for player, mine, opp_cuts, opp_plans, sign in (
        (1, all1, cuts2, plans2, 1),
        (2, all2, cuts1, plans1, -1),
    ):
        pieces = _lines(game, player, mine, opp_cuts, opp_plans)
        edges = [Fraction(0), *opp_cuts, Fraction(1)]
        total = Fraction(0)
        for k, lines in enumerate(pieces):
            total += _envelope_integral(lines, edges[k], edges[k + 1], sign)
        br.append(total)
    return Certificate(_frac(solution.value_exact), br[0], br[1], game.pot)
