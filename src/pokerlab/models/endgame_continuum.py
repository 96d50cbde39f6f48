"""Basic Endgame with a continuum of betting rounds (*The Endgame in Poker*, §4).

Antes 1 each; a total of ``B`` is bet continuously over ``[0, B]``. I (with a losing card)
stops betting at a random time with distribution F, II stops calling at a time with
distribution G; ``W(x, y) = 1 + y`` if ``y < x`` else ``P(1+y) - (1-P)(1+x)``.
With ``P0 = 1/sqrt(1+B)``: if ``P <= P0`` the value is ``2P/P0 - 1``,
``F(x) = 1/(1-P) - (P/(1-P)) sqrt(1+B)/sqrt(1+x)`` on ``[0, B]`` and
``G(y) = 1 - 1/sqrt(1+y)`` with mass ``P0`` at ``B``; otherwise the value is 1,
``F(x) = (1 - 1/sqrt(1+x))/(1-P)`` on ``[0, 1/P² - 1]`` and II folds at once.

Examples
--------
>>> s = solve(B=3, P="1/4")
>>> s.value, s.strategy["II never folds (mass of G at B)"]
(0, 1/2)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Solution, exact, is_positive, require, tidy
from pokerlab.models.endgame import check_common

MODEL = "endgame-continuum"
x, y = sp.symbols("x y", nonnegative=True)


def payoff(P: Exact, xv: sp.Expr, yv: sp.Expr, stop_first: bool) -> sp.Expr:
    """``W(x, y)``: ``stop_first`` means II stops calling before I stops betting (y < x)."""
    return 1 + yv if stop_first else P * (1 + yv) - (1 - P) * (1 + xv)


def distributions(B: Exact, P: Exact) -> tuple[str, sp.Expr, Exact, Exact, sp.Expr, Exact, Exact]:
    """``(case, F(x), F's mass at 0, F's support end z, G(y), G's mass at 0, G's mass at B)``."""
    P0 = 1 / sp.sqrt(1 + B)
    if not is_positive(P - P0):
        F = 1 / (1 - P) - P / (1 - P) * sp.sqrt(1 + B) / sp.sqrt(1 + x)
        return ("P <= P0", F, tidy(F.subs(x, 0)), B, 1 - 1 / sp.sqrt(1 + y), sp.Integer(0), tidy(P0))
    F = (1 - 1 / sp.sqrt(1 + x)) / (1 - P)
    one, zero = sp.Integer(1), sp.Integer(0)
    return ("P > P0", F, zero, tidy(1 / P**2 - 1), one + 0 * y, one, zero)


def value(B: Exact, P: Exact) -> Exact:
    """(4): ``2P/P0 - 1`` if ``P <= P0`` else 1."""
    P0 = 1 / sp.sqrt(1 + B)
    return tidy(2 * P / P0 - 1) if not is_positive(P - P0) else sp.Integer(1)


def payoff_against_G(B: Exact, P: Exact, stop: Exact) -> Exact:
    """I's expected payoff stopping at ``stop`` against II's optimal G (exact integral, (3))."""
    _, _, _, _, G, g0, gB = distributions(B, P)
    dG = sp.diff(G, y)
    total = g0 * payoff(P, stop, 0, stop > 0)
    total += sp.integrate(payoff(P, stop, y, True) * dG, (y, 0, stop))
    total += sp.integrate(payoff(P, stop, y, False) * dG, (y, stop, B))
    total += gB * payoff(P, stop, B, False)
    return tidy(total)


def payoff_against_F(B: Exact, P: Exact, stop: Exact) -> Exact:
    """II's loss stopping at ``stop`` against I's optimal F (W averaged over I's card, exact)."""
    _, F, f0, z, _, _, _ = distributions(B, P)
    dF = sp.diff(F, x)
    upper = sp.Min(stop, z)
    # I's losing card: stops at x; winning card (prob P) bets throughout, i.e. x = B >= y.
    losing = f0 * payoff(0, 0, stop, False) + sp.integrate(payoff(0, x, stop, False) * dF, (x, 0, upper))
    if is_positive(z - stop):
        losing += sp.integrate(payoff(0, x, stop, True) * dF, (x, stop, z))
    return tidy(P * (1 + stop) + (1 - P) * losing)


def solve(B: Any = 3, P: Any = sp.Rational(1, 4)) -> Solution:
    """Closed form for total bet ``B > 0`` and winning probability ``P``."""
    B, P = exact(B), exact(P)
    check_common(1, P)
    require(is_positive(B), f"parameter B: the total bet must be positive (got {B})")
    case, F, f0, z, G, g0, gB = distributions(B, P)
    return Solution(
        model=MODEL,
        params={"B": B, "P": P},
        value=value(B, P),
        strategy={
            "I passes at once with a losing card (mass of F at 0)": f0,
            "II folds at once (mass of G at 0)": g0,
            "II never folds (mass of G at B)": gB,
        },
        case=case,
        order=[f"case decided by P vs P0 = 1/sqrt(1+B) = {tidy(1 / sp.sqrt(1 + B))}"],
        extras={"F(x)": F, "G(y)": G, "P0": tidy(1 / sp.sqrt(1 + B)), "z (end of F's support)": z},
    )
