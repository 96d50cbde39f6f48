"""Basic Endgame and the choice of the bet size (Ferguson & Ferguson, *The Endgame in Poker*, §1).

Both players ante ``a``; I holds a winning card with probability ``P`` (known only to him)
and checks or bets ``b``; II folds or calls. Saddle point when ``P >= (2a+b)/(2a+2b)``;
otherwise I bluffs with probability ``π = (b/(2a+b))(P/(1-P))`` and II folds with
probability ``φ = b/(2a+b)``.

Choice of the bet size (Cutler): with any bet up to a maximum ``b``, I bets the maximum; the
always-bluff threshold is ``P >= (2a+b)/(2a+2b)`` (docs/errata.md: the printed ``b/(2a+b)`` is wrong);
facing a smaller bet ``β`` II calls with any probability in
``[2a/(2a+β), min(1, 2ab/((2a+b)β))]``.

Examples
--------
>>> s = solve(a=1, b=2, P="1/4")
>>> s.case, s.strategy["I bluffs (bets a losing card)"], s.strategy["II folds"], s.value
('all strategies active', 1/6, 1/2, -1/4)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Solution, exact, is_positive, require, tidy

MODEL = "endgame"


def check_common(a: Exact, P: Exact) -> None:
    """Domain of the ante and the winning probability."""
    require(is_positive(a), f"parameter a: the ante must be positive (got {a})")
    require(is_positive(P) and is_positive(1 - P),
            f"parameter P: must lie strictly between 0 and 1 (got {P})")


def saddle_threshold(a: Exact, b: Exact) -> Exact:
    """``(2a+b)/(2a+2b)``: from this ``P`` on I always bets and II always folds."""
    return tidy((2 * a + b) / (2 * a + 2 * b))


def basic(a: Exact, b: Exact, P: Exact) -> tuple[str, Exact, Exact, Exact]:
    """``(case, bluff probability, fold probability, value)`` of Basic Endgame."""
    if not is_positive(saddle_threshold(a, b) - P):
        return "saddle point", sp.Integer(1), sp.Integer(1), a
    fold = tidy(b / (2 * a + b))
    bluff = tidy(fold * P / (1 - P))
    value = tidy(2 * a * P * (2 * a + 2 * b) / (2 * a + b) - a)
    return "all strategies active", bluff, fold, value


def value_by_bet_size(a: Exact, P: Exact) -> sp.Expr:
    """``V(β) = min(a, 2aP(2a+2β)/(2a+β) - a)``: non-decreasing in the bet ``β`` (Cutler)."""
    beta = sp.Symbol("beta", positive=True)
    return sp.Min(a, 2 * a * P * (2 * a + 2 * beta) / (2 * a + beta) - a)


def payoff_matrix(a: Exact, b: Exact, P: Exact) -> sp.Matrix:
    """§1's 2x2 matrix: rows honest, bluff; columns fold, call (payoff to I)."""
    return sp.Matrix([
        [(2 * P - 1) * a, (2 * P - 1) * a + P * b],
        [a, (2 * P - 1) * (a + b)],
    ])


def call_probability_band(a: Exact, b: Exact, P: Exact) -> tuple[sp.Expr, sp.Expr]:
    """Cutler: bounds on II's call probability after a bet ``β <= b`` (functions of ``β``).

    In the always-bluff case II folds whatever the bet, so both bounds are 0.
    """
    beta = sp.Symbol("beta", positive=True)
    if not is_positive(saddle_threshold(a, b) - P):
        return sp.Integer(0) * beta, sp.Integer(0) * beta
    return 2 * a / (2 * a + beta), sp.Min(1, 2 * a * b / ((2 * a + b) * beta))


def solve(a: Any = 1, b: Any = 2, P: Any = sp.Rational(1, 4)) -> Solution:
    """Closed form of Basic Endgame for ante ``a``, (maximum) bet ``b``, win probability ``P``."""
    a, b, P = exact(a), exact(b), exact(P)
    check_common(a, P)
    require(is_positive(b), f"parameter b: the bet must be positive (got {b})")
    case, bluff, fold, value = basic(a, b, P)
    low, high = call_probability_band(a, b, P)
    return Solution(
        model=MODEL,
        params={"a": a, "b": b, "P": P},
        value=value,
        strategy={
            "I bets a winning card": sp.Integer(1),
            "I bluffs (bets a losing card)": bluff,
            "II folds": fold,
            "II calls": 1 - fold,
        },
        case=case,
        order=[f"case decided by P vs (2a+b)/(2a+2b) = {saddle_threshold(a, b)}"],
        extras={
            "saddle_threshold": saddle_threshold(a, b),
            "bet_size_choice (Cutler)": {
                "optimal_bet": b,
                "value_by_bet_size": value_by_bet_size(a, P),
                "II_call_probability_after_bet_beta": {"at_least": str(low), "at_most": str(high)},
            },
        },
    )
