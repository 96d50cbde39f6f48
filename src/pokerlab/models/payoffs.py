"""Payoff of each pure plan against the opponent's closed-form strategy, as a function of the hand.

These are the papers' best-response figures (Fig. 2.2-2.4, 3.2-3.3, 4.2-4.4), in the papers'
units where the antes form a pot owned by neither player: a player's payoff is his net gain
plus 1 for each hand that reaches the situation (I's payoffs cover every hand of II; II's
cover I's hands that lead to the situation, "when I bets" or "when I checks"). Exact at
rational hands (sympy in, sympy out); floats work too, for plots.

Examples
--------
Fig. 4.2 at pot limit: I's check-fold earns 6/5 with a strong hand, bet-call -3/5 with a weak one.

>>> import sympy as sp
>>> from pokerlab.models import two_round
>>> s = two_round.solve(2, 6)
>>> first_player_payoff(s, "check-fold", sp.Rational(99, 100)), first_player_payoff(s, "bet-call", 0)
(6/5, -3/5)
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from pokerlab.models.base import Solution

#: Pure plans of each player and II's actions per situation, by model.
PLANS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, ...]]]] = {
    "von-neumann": (("bet", "check"), {"bet": ("fold", "call")}),
    "bet-after-check": (("bet", "check-fold", "check-call"),
                        {"bet": ("fold", "call"), "check": ("bet", "check")}),
    "raise": (("check", "bet-fold", "bet-call"), {"bet": ("fold", "call", "raise")}),
    "two-round": (("check-fold", "check-call", "check-raise", "bet-fold", "bet-call"),
                  {"check": ("check", "bet-fold", "bet-call"), "bet": ("fold", "call", "raise")}),
}


def _module(model: str) -> ModuleType:
    from pokerlab.models import bet_after_check, raise_model, two_round, von_neumann

    return {"von-neumann": von_neumann, "bet-after-check": bet_after_check, "raise": raise_model,
            "two-round": two_round}[model]


def profile_game(solution: Solution, numeric: bool = False) -> tuple[list, list, Any]:
    """Both players' intervals and the payoff rule of a solution (floats with ``numeric``)."""
    return _game(solution, numeric)


def _game(solution: Solution, numeric: bool) -> tuple[list, list, Any]:
    module = _module(solution.model)
    first, second = module.profile(solution.thresholds)
    if numeric:  # the same intervals with float ends
        first = [(float(a), float(b), p) for a, b, p in first]
        second = [(float(a), float(b), p) for a, b, p in second]
    params = [float(v) if numeric else v for v in solution.params.values()]
    return first, second, module.outcome(*params)


def _clip(v: Any, lo: Any, hi: Any) -> Any:
    return lo if v < lo else hi if v > hi else v


def first_player_payoff(solution: Solution, plan: str, x: Any, numeric: bool = False,
                        game: tuple | None = None) -> Any:
    """I's payoff (papers' units) playing ``plan`` with hand ``x`` against II's strategy.

    ``game``: the result of :func:`profile_game` (to evaluate many hands without rebuilding it).
    """
    _, second, outcome = game or _game(solution, numeric)
    total: Any = 1
    for y0, y1, plan_ii in second:
        const, stake = outcome(plan, plan_ii)
        c = _clip(x, y0, y1)
        total += const * (y1 - y0) + stake * ((c - y0) - (y1 - c))
    return total


def reaches(plan_i: str, situation: str) -> bool:
    """Whether I's plan leads to II's ``situation`` ("bet": I bets; "check": I checks)."""
    return plan_i.startswith("bet") if situation == "bet" else not plan_i.startswith("bet")


def second_player_payoff(
    solution: Solution, situation: str, action: str, y: Any, numeric: bool = False, game: tuple | None = None
) -> Any:
    """II's payoff (papers' units) playing ``action`` in ``situation`` with hand ``y``."""
    first, second, outcome = game or _game(solution, numeric)
    dict_plans = isinstance(second[0][2], dict)
    total: Any = 0
    for x0, x1, plan_i in first:
        if not reaches(plan_i, situation):
            continue
        const, stake = outcome(plan_i, {situation: action} if dict_plans else action)
        c = _clip(y, x0, x1)
        total += (1 - const) * (x1 - x0) - stake * ((x1 - c) - (c - x0))
    return total


def best_response_gain(solution: Solution) -> dict[str, Any]:
    """Largest gain any pure plan has over the closed-form plan, for each player (exact).

    Every payoff is linear between consecutive thresholds (of both players) and continuous,
    so comparing all plans at every threshold and at 0 and 1, against the plan the closed
    form plays on each side, decides best response exactly. A gain of 0 for both players
    certifies the equilibrium.
    """
    import sympy as sp

    game = _game(solution, numeric=False)
    first, second, _ = game
    plans_i, plans_ii = PLANS[solution.model]
    points = sorted({sp.Integer(0), sp.Integer(1), *solution.thresholds.values()}, key=float)

    def played(intervals: list, h: Any, side: int) -> list[Any]:
        # plans the closed form plays just below (side -1) and just above (side +1) hand h
        return [p for lo, hi, p in intervals if (lo < h <= hi if side < 0 else lo <= h < hi)]

    gain_i = sp.Integer(0)
    for h in points:
        best = max((first_player_payoff(solution, p, h, game=game) for p in plans_i), key=float)
        for side in (-1, 1):
            for p in played(first, h, side):
                gain = sp.simplify(best - first_player_payoff(solution, p, h, game=game))
                gain_i = max(gain_i, gain, key=float)
    gain_ii = sp.Integer(0)
    for situation, actions in plans_ii.items():
        for h in points:
            values = [second_player_payoff(solution, situation, a, h, game=game) for a in actions]
            best = max(values, key=float)
            for side in (-1, 1):
                for p in played(second, h, side):
                    action = p[situation] if isinstance(p, dict) else p
                    gain = sp.simplify(best - second_player_payoff(solution, situation, action, h, game=game))
                    gain_ii = max(gain_ii, gain, key=float)
    return {"I": gain_i, "II": gain_ii}
