"""Von Neumann's model where II may raise (Ferguson-Ferguson-Gawargy §3).

I checks or bets B; II folds, calls, or raises by R; after a raise I folds or calls.
I: bet-fold (0, a), check (a, b), bet-fold (b, c), bet-call (c, 1).
II if I bets: fold (0, d), raise as a bluff (d, e), call (e, f), raise (f, 1).
Equation 1 of §3.2 reads ``-2a + (2+B)d = B`` (docs/errata.md); the optimal first bet is
``B = 1 + sqrt(13)/3`` (docs/errata.md; the OCR prints ``sqrt(13)/9``).

Examples
--------
>>> s = solve(B=2, R=6)
>>> [str(s.thresholds[k]) for k in "abcdef"], s.value
(['2/21', '17/21', '19/21', '23/42', '4/7', '20/21'], 2/21)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Region, Solution, check_order, exact, is_positive, require, tidy
from pokerlab.models.profile import intervals, profile_value

MODEL = "raise"


def delta(B: Exact, R: Exact) -> Exact:
    """(3.4): ``Δ = B(4+B)(2+2B+R)² + (1+B)(2+B)²R``."""
    return B * (4 + B) * (2 + 2 * B + R) ** 2 + (1 + B) * (2 + B) ** 2 * R


def thresholds(B: Exact, R: Exact) -> dict[str, Exact]:
    """(3.3): the six indifference points."""
    D = delta(B, R)
    a = B**2 * (2 + 2 * B + R) ** 2 / ((1 + B) * D)
    return {k: tidy(v) for k, v in {
        "a": a,
        "d": B / (2 + B) + 2 * a / (2 + B),
        "e": B / (1 + B) - a,
        "b": 1 - (2 + B) * a / B,
        "c": 1 - 2 * B * (2 + B) * (2 + 2 * B + R) / D,
        "f": 1 - B * (2 + B) * (2 + 2 * B + R) / D,
    }.items()}


def indifference_equations(B: Exact, R: Exact, t: dict[str, Exact]) -> list[Exact]:
    """Left minus right sides of the six equations of §3.2 (docs/errata.md reading of equation 1)."""
    a, b, c, d, e, f = (t[k] for k in "abcdef")
    return [
        -2 * a + (2 + B) * d - B,
        2 * B * b + (2 + B) * d - 2 * (1 + B) * e - B,
        -(2 + 2 * B + R) * d + (2 + 2 * B + R) * e + R * f - R,
        (2 + B) * a - (2 + B) * b + (2 + 2 * B + R) * c - (B + R),
        -2 * (1 + B) * b + (2 + 2 * B + R) * c - R,
        f - (1 + c) / 2,
    ]


def value(B: Exact, R: Exact) -> Exact:
    """§3.4: ``V(B, R) = a``."""
    return thresholds(B, R)["a"]


def optimal_raise(B: Exact) -> Exact:
    """II's raise minimising ``V(B, R)``: ``R = 2 + 2B`` (the pot)."""
    R = sp.Symbol("R", positive=True)
    roots = sp.solve(sp.diff((2 + 2 * B + R) ** 2 / R, R), R)
    return next(r for r in roots if is_positive(r))


def optimal_bet() -> Exact:
    """I's bet maximising ``V(B, 2+2B) = 8B²/((1+B)(4+36B+9B²))``: root of ``9B²-18B-4``."""
    B = sp.Symbol("B", positive=True)
    v = 8 * B**2 / ((1 + B) * (4 + 36 * B + 9 * B**2))
    roots = sp.solve(sp.numer(sp.together(sp.diff(v, B))), B)
    return tidy(next(r for r in roots if is_positive(r)))


def outcome(B: Exact, R: Exact) -> Any:
    """Payoff ``(const, stake)`` to I for I's plan and II's plan after a bet."""
    zero, one = sp.Integer(0), sp.Integer(1)

    def pay(plan_i: str, plan_ii: str) -> tuple[Exact, Exact]:
        if plan_i == "check":
            return zero, one
        if plan_ii == "fold":
            return one, zero
        if plan_ii == "call":
            return zero, 1 + B
        return (-(1 + B), zero) if plan_i == "bet-fold" else (zero, 1 + B + R)

    return pay


def value_by_integration(B: Exact, R: Exact) -> Exact:
    """Value of the closed-form profile integrated over the unit square.

    >>> value_by_integration(sp.Integer(2), sp.Integer(6))
    2/21
    """
    first, second = profile(thresholds(B, R))
    return profile_value(first, second, outcome(B, R))


def profile(t: dict[str, Exact]) -> tuple[list, list]:
    """The closed-form strategies as intervals of each player's hand axis."""
    first = intervals([(t["a"], "bet-fold"), (t["b"], "check"), (t["c"], "bet-fold"), (1, "bet-call")])
    second = intervals([(t["d"], "fold"), (t["e"], "raise"), (t["f"], "call"), (1, "raise")])
    return first, second


def solve(B: Exact = sp.Integer(2), R: Exact = sp.Integer(6)) -> Solution:
    """Closed form for bet ``B > 0`` and raise ``R > 0``; checks the order (3.2)."""
    B = exact(B)
    R = exact(R)
    require(is_positive(B), f"parameter B: the bet must be positive (got {B})")
    require(is_positive(R), f"parameter R: the raise must be positive (got {R})")
    t = thresholds(B, R)
    where = f"B={B}, R={R}"
    order = [check_order("0 < a < e < b < c < f < 1", t, where), check_order("0 < d < e", t, where)]
    b_opt = optimal_bet()
    return Solution(
        model=MODEL,
        params={"B": B, "R": R},
        value=value(B, R),
        thresholds=t,
        order=order,
        extras={
            "optimal_raise_for_this_B": optimal_raise(B),
            "optimal_bet_with_pot_raise": b_opt,
            "value_at_optimal_bet": tidy(value(b_opt, 2 + 2 * b_opt)),
        },
        lines=[
            ("Player I", [Region("a", "bet-fold (bluff)"), Region("b", "check"),
                          Region("c", "bet-fold"), Region("1", "bet-call")]),
            ("Player II if I bets", [Region("d", "fold"), Region("e", "raise (bluff)"),
                                     Region("f", "call"), Region("1", "raise (value)")]),
        ],
    )
