"""Von Neumann's poker model (Ferguson-Ferguson-Gawargy §1.1).

Antes 1 each, hands uniform on (0, 1). Player I checks (showdown for the antes) or bets B;
Player II folds or calls. I bets with x < a (bluff) or x > b (value); II calls with y > c.

Examples
--------
>>> s = solve(B=2)
>>> s.thresholds, s.value
({'a': 1/9, 'c': 5/9, 'b': 7/9}, 1/9)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Region, Solution, check_order, exact, is_positive, require, tidy
from pokerlab.models.profile import intervals, profile_value

MODEL = "von-neumann"


def thresholds(B: Exact) -> dict[str, Exact]:
    """(1.1): ``a = B/((1+B)(4+B))``, ``b = (2+4B+B²)/((1+B)(4+B))``, ``c = B(3+B)/((1+B)(4+B))``."""
    den = (1 + B) * (4 + B)
    return {
        "a": tidy(B / den),
        "c": tidy(B * (3 + B) / den),
        "b": tidy((2 + 4 * B + B**2) / den),
    }


def value(B: Exact) -> Exact:
    """(1.2): ``V(B) = B/((1+B)(4+B))``."""
    return tidy(B / ((1 + B) * (4 + B)))


def optimal_bet() -> Exact:
    """The bet maximising ``V(B)`` (the paper: B = 2, the pot)."""
    B = sp.Symbol("B", positive=True)
    (root,) = sp.solve(sp.diff(B / ((1 + B) * (4 + B)), B), B)
    return root


def outcome(B: Exact) -> Any:
    """Payoff ``(const, stake)`` to I for I's plan and II's plan."""

    def pay(plan_i: str, plan_ii: str) -> tuple[Exact, Exact]:
        if plan_i == "check":
            return sp.Integer(0), sp.Integer(1)
        if plan_ii == "fold":
            return sp.Integer(1), sp.Integer(0)
        return sp.Integer(0), 1 + B

    return pay


def profile(t: dict[str, Exact]) -> tuple[list, list]:
    """The closed-form strategies as intervals of each player's hand axis."""
    first = intervals([(t["a"], "bet"), (t["b"], "check"), (1, "bet")])
    second = intervals([(t["c"], "fold"), (1, "call")])
    return first, second


def solve(B: Exact = sp.Integer(2)) -> Solution:
    """Closed-form solution for bet ``B > 0``; checks ``0 < a < c < b < 1``."""
    B = exact(B)
    require(is_positive(B), f"parameter B: the bet must be positive (got {B})")
    t = thresholds(B)
    order = check_order("0 < a < c < b < 1", t, f"B={B}")
    return Solution(
        model=MODEL,
        params={"B": B},
        value=value(B),
        thresholds=t,
        order=[order],
        extras={"optimal_bet": optimal_bet(), "value_at_optimal_bet": value(optimal_bet())},
        lines=[
            ("Player I", [Region("a", "bet (bluff)"), Region("b", "check"), Region("1", "bet (value)")]),
            ("Player II if I bets", [Region("c", "fold"), Region("1", "call")]),
        ],
    )


def value_by_integration(B: Exact) -> Exact:
    """The value recomputed by integrating the closed-form profile over the unit square.

    >>> value_by_integration(sp.Integer(2))
    1/9
    """
    first, second = profile(thresholds(B))
    return profile_value(first, second, outcome(B))
