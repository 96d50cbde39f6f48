"""Using a solved strategy: the action sequence a hand follows, and the next single action.

A hand whose strength equals a threshold follows the interval above it (the patent defines
C1 as "the lowest hand with which P1 pass-calls").

Examples
--------
>>> from pokerlab.gamespec import builtin_game
>>> from pokerlab.threshold.solving.solve import solve
>>> play = ThresholdStrategy(solve(builtin_game("patent-raise", pot=3)))
>>> play.sequence(1, 0.83)
'bet-call'
>>> play.action(1, 0.83, ""), play.action(1, 0.83, "bet-raise")
('bet', 'call')
>>> play.sequence(2, 0.5)
'after pass: bet; after bet: call'
>>> play.action(2, 0.5, "pass")
'bet'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pokerlab.gamespec.plans import BranchPlan, FullPlan
from pokerlab.threshold.solving.solve import Solution


def plan_label(plan: FullPlan) -> str:
    """A full plan as text: the branch's sequence, or 'after <history>: <sequence>; ...'."""
    if len(plan) == 1:
        return plan[0].label
    return "; ".join(f"after {bp.branch.key}: {bp.label}" for bp in plan)


def _as_fraction(x: Any) -> Fraction:
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, float):
        return Fraction(x)
    if hasattr(x, "p") and hasattr(x, "q"):
        return Fraction(int(x.p), int(x.q))
    return Fraction(str(x))


class ThresholdStrategy:
    """Both players' strategies of a numeric solution, queried by hand strength in [0, 1]."""

    def __init__(self, solution: Solution) -> None:
        if solution.symbolic:
            raise ValueError("the strategy needs numbers: solve with a pot (e.g. --pot 3)")
        self.solution = solution
        self._values = {n: _as_fraction(v) for n, v in solution.exact.items()}

    def plan(self, player: int, strength: Any) -> FullPlan:
        """The player's plan (one branch plan per branch) for a hand of this strength."""
        if player not in (1, 2):
            raise ValueError(f"player: expected 1 or 2, got {player!r}")
        x = _as_fraction(strength)
        if not 0 <= x <= 1:
            raise ValueError(f"strength: expected a number in [0, 1], got {strength}")
        structure = self.solution.structure
        out: list[BranchPlan] = []
        for branch in structure.player_branches(player):
            crossed = sum(1 for t in structure.thresholds if t.branch == branch and self._values[t.name] <= x)
            out.append(structure.axes[branch][crossed])
        return tuple(out)

    def sequence(self, player: int, strength: Any) -> str:
        """The action sequence(s) this hand follows, as the patent writes them."""
        return plan_label(self.plan(player, strength))

    def action(self, player: int, strength: Any, history: str | tuple[str, ...]) -> str:
        """The single action to take at the decision after ``history`` ('' or 'bet-raise')."""
        hist = tuple(h for h in history.split("-") if h) if isinstance(history, str) else tuple(history)
        for bp in self.plan(player, strength):
            action = bp.action_at(hist)
            if action is not None:
                return action
        raise ValueError(
            f"history: P{player} has no decision after {'-'.join(hist) or 'the start'!r} "
            f"with this hand (not P{player}'s turn, or unreachable with its own earlier actions)"
        )


def level_probabilities(solution: Solution, levels: int) -> dict[tuple[int, tuple[str, ...]], dict[str, Any]]:
    """The strategy on ``levels`` equally likely hand levels (level ``i`` = hands in [i/N, (i+1)/N]).

    At each decision ``(player, history)`` and level, every action's probability is the share
    of the level's hands (those that reach the decision) whose interval plays it, so a level
    cut by a threshold mixes in proportion. Returns arrays of length ``levels`` per action.

    Examples
    --------
    >>> from pokerlab.gamespec import builtin_game
    >>> from pokerlab.threshold.solving.solve import solve
    >>> probs = level_probabilities(solve(builtin_game("patent-no-raise", pot=1)), 9)
    >>> probs[(1, ())]["bet"].round(3).tolist()  # b1 = 1/9, B1 = 7/9
    [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0]
    """
    import numpy as np

    if solution.symbolic:
        raise ValueError("level probabilities need numbers: solve with a pot")
    structure = solution.structure
    values = {n: _as_fraction(v) for n, v in solution.exact.items()}
    reach: dict[tuple[int, tuple[str, ...]], Any] = {}
    take: dict[tuple[int, tuple[str, ...]], dict[str, Any]] = {}
    for branch, plans in structure.axes.items():
        names = [t.name for t in structure.thresholds if t.branch == branch]
        cuts = [Fraction(0), *(values[n] for n in names), Fraction(1)]
        for k, plan in enumerate(plans):
            weights = np.zeros(levels)
            for i in range(levels):
                lo, hi = Fraction(i, levels), Fraction(i + 1, levels)
                weights[i] = float(max(Fraction(0), min(hi, cuts[k + 1]) - max(lo, cuts[k])))
            for history, action in plan.actions:
                key = (branch.player, history)
                reach[key] = reach.get(key, np.zeros(levels)) + weights
                take.setdefault(key, {})
                take[key][action] = take[key].get(action, np.zeros(levels)) + weights
    out: dict[tuple[int, tuple[str, ...]], dict[str, Any]] = {}
    for key, total in reach.items():
        safe = np.where(total > 0, total, 1.0)
        out[key] = {action: np.where(total > 0, w / safe, np.nan) for action, w in take[key].items()}
    return out
