"""Von Neumann's model where II may bet after a check (Ferguson-Ferguson-Gawargy §2).

I bets B or checks; after a bet II folds or calls; after a check II checks or bets B, and
then I folds or calls. I: bluff (0, a), check-fold (a, b), check-call (b, c), bet (c, 1).
II: after a bet fold (0, d), call (d, 1); after a check bluff (0, e), check (e, f), bet (f, 1).

Examples
--------
>>> s = solve(B=2)
>>> [str(s.thresholds[k]) for k in "abcdef"], s.value
(['1/12', '1/2', '5/6', '1/2', '1/6', '2/3'], -1/12)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Region, Solution, check_order, exact, is_positive, require, tidy
from pokerlab.models.profile import intervals, profile_value, refine

MODEL = "bet-after-check"


def thresholds(B: Exact) -> dict[str, Exact]:
    """(2.1): the six indifference points for bet ``B``."""
    return {
        "a": tidy(2 * B / ((2 + B) ** 2 * (1 + B))),
        "e": tidy(B / ((1 + B) * (2 + B))),
        "b": tidy(B / (2 + B)),
        "d": tidy(B / (2 + B)),
        "f": tidy(B / (1 + B)),
        "c": tidy(B * (3 + B) / ((2 + B) * (1 + B))),
    }


def value(B: Exact) -> Exact:
    """(2.8): ``V = -de = -B²/((1+B)(2+B)²)``."""
    return tidy(-(B**2) / ((1 + B) * (2 + B) ** 2))


def worst_bet_for_first_player() -> Exact:
    """The ``B`` minimising the value (§2.4: ``1 + sqrt(5)``)."""
    B = sp.Symbol("B", positive=True)
    (root,) = sp.solve(sp.diff(B**2 / ((1 + B) * (2 + B) ** 2), B), B)
    return root


def payoff_functions(B: Exact) -> dict[str, sp.Piecewise]:
    """Best-response payoff functions of §2.3, (2.2)-(2.7), in the pot-owned-by-neither units.

    Keys: I's ``bet``, ``check-fold``, ``check-call`` (functions of x against II's strategy);
    II's ``call``, ``fold`` (after a bet) and ``bet``, ``check`` (after a check), functions
    of y against I's strategy.
    """
    t = thresholds(B)
    a, b, c, d, e, f = (t[k] for k in "abcdef")
    x = sp.Symbol("x")
    return {
        "I bet": sp.Piecewise((0, x < d), (2 * (1 + B) * (x - d), True)),
        "I check-fold": sp.Piecewise((0, x < e), (2 * (x - e), x < f), (2 * (f - e), True)),
        "I check-call": sp.Piecewise(
            (2 * (1 + B) * (x - e), x < e), (2 * (x - e), x < f), (2 * (1 + B) * (x - d), True)
        ),
        "II fold (I bet)": sp.Piecewise((0, True)),
        "II call (I bet)": sp.Piecewise(
            (2 * (1 + B) * (x - a), x < a), (0, x < c), (2 * (1 + B) * (x - c), True)
        ),
        "II bet (I checked)": sp.Piecewise(
            (2 * (e - a), x < b), (2 * (e - a) + 2 * (1 + B) * (x - b), x < c),
            (2 * (e - a) + 2 * (1 + B) * (c - b), True),
        ),
        "II check (I checked)": sp.Piecewise((0, x < a), (2 * (x - a), x < c), (2 * (c - a), True)),
    }


def alternative_first_player(t: dict[str, Exact]) -> list[tuple[Exact, str]]:
    """§2.6: bet (0,a), check-fold (a,b), check-call (b,f), bet (f,c'), check-call (c',1).

    The value bets keep their mass ``1 - c`` (II's indifference at d needs it), so
    ``c' = f + 1 - c``. The paper writes ``c`` for ``c'``: the two agree at its pot-limit
    example B = 2 only (for B = 3/2, c = 27/35 but c' = 29/35, which the dividing-point
    engine confirms and certifies).
    """
    upper = tidy(t["f"] + 1 - t["c"])
    return [(t["a"], "bet"), (t["b"], "check-fold"), (t["f"], "check-call"), (upper, "bet"),
            (sp.Integer(1), "check-call")]


def outcome(B: Exact) -> Any:
    """Payoff ``(const, stake)`` to I (standard net) for I's plan and II's plans."""
    one, zero = sp.Integer(1), sp.Integer(0)

    def pay(plan_i: str, plan_ii: dict[str, str]) -> tuple[Exact, Exact]:
        if plan_i == "bet":
            return (one, zero) if plan_ii["bet"] == "fold" else (zero, 1 + B)
        if plan_ii["check"] == "check":
            return zero, one
        return (-one, zero) if plan_i == "check-fold" else (zero, 1 + B)

    return pay


def profile(t: dict[str, Exact], alternative: bool = False) -> tuple[list, list]:
    """Closed-form strategies (I's original or §2.6 alternative) as intervals."""
    cuts = alternative_first_player(t) if alternative else [
        (t["a"], "bet"), (t["b"], "check-fold"), (t["c"], "check-call"), (sp.Integer(1), "bet")]
    first = intervals(cuts)
    second = refine({
        "bet": [(t["d"], "fold"), (sp.Integer(1), "call")],
        "check": [(t["e"], "bet"), (t["f"], "check"), (sp.Integer(1), "bet")],
    })
    return first, second


def value_by_integration(B: Exact, alternative: bool = False) -> Exact:
    """Value of the closed-form profile integrated over the unit square.

    >>> value_by_integration(sp.Integer(2)), value_by_integration(sp.Integer(2), alternative=True)
    (-1/12, -1/12)
    """
    first, second = profile(thresholds(B), alternative)
    return profile_value(first, second, outcome(B))


def solve(B: Exact = sp.Integer(2)) -> Solution:
    """Closed form for bet ``B > 0``; checks ``a < e < b < f < c`` and ``a < d < c``."""
    B = exact(B)
    require(is_positive(B), f"parameter B: the bet must be positive (got {B})")
    t = thresholds(B)
    where = f"B={B}"
    order = [check_order("0 < a < e < b < f < c < 1", t, where), check_order("a < d < c", t, where)]
    return Solution(
        model=MODEL,
        params={"B": B},
        value=value(B),
        thresholds=t,
        order=order,
        extras={
            "bet_minimising_value": worst_bet_for_first_player(),
            "alternative c' = f + 1 - c (§2.6)": tidy(t["f"] + 1 - t["c"]),
            "payoff functions (2.2)-(2.7) of the hand x": {k: str(v) for k, v in payoff_functions(B).items()},
            "alternative_first_player_strategy (§2.6)": [
                f"{action} up to {upto}" for upto, action in alternative_first_player(t)],
        },
        points={"c'": tidy(t["f"] + 1 - t["c"])},
        lines=[
            ("Player I", [Region("a", "bet (bluff)"), Region("b", "check-fold"),
                          Region("c", "check-call"), Region("1", "bet (value)")]),
            ("Player I, alternative (§2.6)", [Region("a", "bet (bluff)"), Region("b", "check-fold"),
                                              Region("f", "check-call"), Region("c'", "bet (value)"),
                                              Region("1", "check-call")]),
            ("Player II if I bets", [Region("d", "fold"), Region("1", "call")]),
            ("Player II if I checks", [Region("e", "bet (bluff)"), Region("f", "check"),
                                       Region("1", "bet (value)")]),
        ],
    )
