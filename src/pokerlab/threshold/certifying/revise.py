"""Revise a structure by best response: add the intervals where another plan does strictly better.

When an exact solution is not an equilibrium (the certificate finds a positive gain), the
structure lacks something, often an interval narrower than one level of the discrete game it
was read from. Against the opponent's thresholds, each plan's value is piecewise linear in the
hand; wherever some plan of a branch beats the plan the axis prescribes, that plan is put on
the axis there (new dividing points at the ends of the gain), and the exact solve moves the
dividing points to their equilibrium places. Ties keep the current plan. One interval is
added per revision, the one that gains most: adding all at once overshoots.

Examples
--------
>>> from fractions import Fraction
>>> from pokerlab.gamespec import builtin_game
>>> from pokerlab.threshold.solving.solve import solve
>>> from pokerlab.gamespec.structure import DeclaredOrder, parse_structure
>>> game = builtin_game("patent-no-raise", pot=1)
>>> no_bluff = parse_structure(game, DeclaredOrder(
...     {1: {"": "pass | B1 | bet"}, 2: {"bet": "fold | C2 | call"}}, "C2 < B1"))
>>> sol = solve(game, no_bluff)  # without bluffs P2 never calls: B1 = C2 = 1
>>> sol.exact
{'C2': 1, 'B1': 1}
>>> [(b.player, lo, hi, plan.label) for b, lo, hi, plan in improvements(sol)]  # so always bet
[(1, Fraction(0, 1), Fraction(1, 1), 'bet')]
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from pokerlab.gamespec.plans import Branch, BranchPlan, branch_plans
from pokerlab.threshold.certifying.certify import _frac, _lines, _player_cuts
from pokerlab.threshold.solving.solve import Solution

Gain = tuple[Branch, Fraction, Fraction, BranchPlan]  # branch, from, to, the better plan


def improvements(solution: Solution, amounts: list[Fraction] | None = None) -> list[Gain]:
    """Every hand interval where a branch plan beats the solution's own plan there, exactly.

    ``amounts``, when given, receives each interval's gain (integrated over its hands).
    """
    if amounts is None:
        amounts = []
    game = solution.game
    structure = solution.structure
    values = {n: _frac(v) for n, v in zip(solution.names, solution.raw, strict=True)}
    out: list[Gain] = []
    for player in (1, 2):
        opp_cuts, opp_plans = _player_cuts(solution, 3 - player, values)
        own = structure.player_branches(player)
        default = tuple(structure.axes[b][0] for b in own)
        sign = 1 if player == 1 else -1  # P2 lowers P1's payoff
        for index, branch in enumerate(own):
            plans = branch_plans(game, branch)
            fulls = [(*default[:index], bp, *default[index + 1 :]) for bp in plans]
            pieces = _lines(game, player, fulls, opp_cuts, opp_plans, branch=branch)
            own_cuts = [values[t.name] for t in structure.thresholds if t.branch == branch]
            axis = structure.axes[branch]
            edges = [Fraction(0), *opp_cuts, Fraction(1)]
            for k, lines in enumerate(pieces):
                a, b = edges[k], edges[k + 1]
                if b <= a:
                    continue
                points = {a, b, *(c for c in own_cuts if a < c < b)}
                for (a1, b1), (a2, b2) in itertools.combinations(lines, 2):
                    if b1 != b2:
                        x = (a2 - a1) / (b1 - b2)
                        if a < x < b:
                            points.add(x)
                for lo, hi in itertools.pairwise(sorted(points)):
                    mid = (lo + hi) / 2
                    current = axis[sum(1 for c in own_cuts if c <= mid)]
                    ev = [sign * (alpha + beta * mid) for alpha, beta in lines]
                    best = max(ev)
                    if ev[plans.index(current)] < best:
                        out.append((branch, lo, hi, plans[ev.index(best)]))
                        k_best, k_cur = ev.index(best), plans.index(current)
                        d_alpha = sign * (lines[k_best][0] - lines[k_cur][0])
                        d_beta = sign * (lines[k_best][1] - lines[k_cur][1])
                        amounts.append(d_alpha * (hi - lo) + d_beta * (hi * hi - lo * lo) / 2)
    return out


def revised_runs(solution: Solution) -> dict[Branch, list[tuple[BranchPlan, float, float]]] | None:
    """Each branch axis as (plan, start, end) runs with the interval that gains most given its
    better plan, or None when no plan gains anywhere (the solution is an equilibrium)."""
    amounts: list[Fraction] = []
    found = improvements(solution, amounts)
    if not found:
        return None
    # merge touching intervals of one branch and plan, then keep the one that gains most:
    # adding every gain at once is best-response dynamics, which overshoots
    merged: list[tuple[Branch, Fraction, Fraction, BranchPlan, Fraction]] = []
    for (branch, lo, hi, plan), amount in sorted(
        zip(found, amounts, strict=True), key=lambda ga: (ga[0][0].player, ga[0][0].history, ga[0][1])
    ):
        if merged and merged[-1][0] == branch and merged[-1][3] == plan and merged[-1][2] == lo:
            last = merged[-1]
            merged[-1] = (branch, last[1], hi, plan, last[4] + amount)
        else:
            merged.append((branch, lo, hi, plan, amount))
    branch, lo, hi, plan, _ = max(merged, key=lambda m: m[4])
    gains = [(branch, lo, hi, plan)]
    structure = solution.structure
    values = {n: _frac(v) for n, v in zip(solution.names, solution.raw, strict=True)}
    runs: dict[Branch, list[tuple[BranchPlan, float, float]]] = {}
    for branch, axis in structure.axes.items():
        own_cuts = [values[t.name] for t in structure.thresholds if t.branch == branch]
        mine = [(lo, hi, plan) for b, lo, hi, plan in gains if b == branch]
        points = sorted({Fraction(0), Fraction(1), *own_cuts, *(x for lo, hi, _ in mine for x in (lo, hi))})
        pieces: list[tuple[BranchPlan, float, float]] = []
        for lo, hi in itertools.pairwise(points):
            if hi <= lo:
                continue
            mid = (lo + hi) / 2
            plan = axis[sum(1 for c in own_cuts if c <= mid)]
            for glo, ghi, better in mine:
                if glo <= mid <= ghi:
                    plan = better
            if pieces and pieces[-1][0] == plan:
                pieces[-1] = (plan, pieces[-1][1], float(hi))
            else:
                pieces.append((plan, float(lo), float(hi)))
        runs[branch] = pieces
    return runs
