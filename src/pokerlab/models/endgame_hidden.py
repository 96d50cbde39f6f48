"""Endgame with hidden information for Player II (*The Endgame in Poker*, §5).

After I bets, II observes ``Y`` whose law depends on I's card (``f_W`` or ``f_L``) and uses
a Neyman-Pearson test. Binary case: ``Y`` in {0 (good for II), 1 (poor)},
``P(Y=1 | W) = pW > pL = P(Y=1 | L)``; with ``α0 = b/(2a+b)``,
``β0 = (pL/pW)(1-P)/P`` and ``β1 = ((1-pL)/(1-pW))(1-P)/P`` the four cases of the paper
apply (case 3's value without the stray factor b, ERRATA). ``Y="triangular"`` is Example 3:
``f_L`` uniform, ``f_W(y) = 2(1-y)`` on (0,1); II folds when ``y <= α``.

Examples
--------
Example 1 (stud: P = 2/11, pL = 35/43, pW = 36/43, pot limit b = 2a):

>>> s = solve(a=1, b=2, P="2/11", pW="36/43", pL="35/43")
>>> s.case, s.strategy["I bluffs (bets a losing card)"], s.strategy["II folds with a poor hand (Y=1)"]
('case 4', 4/35, 43/70)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Solution, exact, is_positive, require, tidy
from pokerlab.models.endgame import check_common

MODEL = "endgame-hidden-info"


def binary(a: Exact, b: Exact, P: Exact, pW: Exact, pL: Exact) -> tuple[str, dict[str, Exact], Exact]:
    """Cases 1-4 of the binary case: ``(case, strategy, value)``."""
    alpha0 = b / (2 * a + b)
    beta0 = pL / pW * (1 - P) / P
    beta1 = (1 - pL) / (1 - pW) * (1 - P) / P if pW != 1 else sp.oo
    one, zero = sp.Integer(1), sp.Integer(0)
    if beta1 is not sp.oo and not is_positive(beta1 - alpha0):
        case, bluff, fold_good, fold_poor, value = "case 1", one, one, one, a
    elif not is_positive(pL - alpha0):
        case = "case 2"
        bluff = alpha0 / beta1 if beta1 is not sp.oo else zero
        fold_good, fold_poor = (alpha0 - pL) / (1 - pL), one
        value = a * (1 - 2 * (1 - P) * (1 - bluff))
    elif not is_positive(beta0 - alpha0):
        case, bluff, fold_good, fold_poor = "case 3", one, zero, one
        value = (2 * P - 1) * (a + b) - pL * (1 - P) * (2 * a + b) * (alpha0 / beta0 - 1)
    else:
        case, bluff, fold_good, fold_poor = "case 4", alpha0 / beta0, zero, alpha0 / pL
        value = (2 * P - 1) * (a + b) + b * (1 - P) * (1 - alpha0 / beta0)
    strategy = {
        "I bluffs (bets a losing card)": tidy(bluff),
        "II folds with a good hand (Y=0)": tidy(fold_good),
        "II folds with a poor hand (Y=1)": tidy(fold_poor),
    }
    return case, strategy, tidy(value)


def triangular(a: Exact, b: Exact, P: Exact) -> tuple[str, dict[str, Exact], Exact]:
    """Example 3: best tests fold iff ``y <= α``; ``g(α) = (2-α)α``."""
    alpha0 = b / (2 * a + b)
    slope_g = 2 - 2 * alpha0
    s_r = -P * b * slope_g + (1 - P) * (2 * a + b)
    if is_positive(s_r):
        s_l = -P * b * slope_g
        bluff = -s_l / (s_r - s_l)
        g = (2 - alpha0) * alpha0
        value = (2 * P - 1) * a + P * b - P * b * g
        case, alpha = "positive right slope (II uses the test of size α0)", alpha0
    else:
        alpha = 1 - (1 - P) * (2 * a + b) / (2 * P * b)
        g = (2 - alpha) * alpha
        value = (2 * P - 1) * (a + b) - P * b * g + (1 - P) * (2 * a + b) * alpha
        case, bluff = "non-positive right slope (I always bluffs)", sp.Integer(1)
    strategy = {"I bluffs (bets a losing card)": tidy(bluff), "II folds when y <= alpha; alpha": tidy(alpha)}
    return case, strategy, tidy(value)


def best_bet_example_2(a: Exact, pL: Exact) -> Exact:
    """Example 2 (P = 1/2, pW = 1): the bet maximising ``(b/2)(1 - α0/pL)`` is ``2a(1/sqrt(ε) - 1)``."""
    b = sp.Symbol("b", positive=True)
    v = b / 2 * (1 - b / ((2 * a + b) * pL))
    roots = [r for r in sp.solve(sp.diff(v, b), b) if is_positive(r)]
    return tidy(roots[0])


def best_bet_example_3(a: Exact, P: Exact) -> Exact:
    """Example 3: the bet maximising ``(2P-1)a + 4a²Pb/(2a+b)²`` (``2a``, pot limit)."""
    b = sp.Symbol("b", positive=True)
    v = (2 * P - 1) * a + 4 * a**2 * P * b / (2 * a + b) ** 2
    roots = [r for r in sp.solve(sp.diff(v, b), b) if is_positive(r)]
    return tidy(roots[0])


def solve(
    a: Any = 1, b: Any = 2, P: Any = sp.Rational(2, 11), pW: Any = sp.Rational(36, 43),
    pL: Any = sp.Rational(35, 43), Y: str = "binary",
) -> Solution:
    """Closed form of §5 for the binary observation or Example 3's triangular one."""
    a, b, P = exact(a), exact(b), exact(P)
    check_common(a, P)
    require(is_positive(b), f"parameter b: the bet must be positive (got {b})")
    extras: dict[str, Any] = {"alpha0": tidy(b / (2 * a + b))}
    if Y == "binary":
        pW, pL = exact(pW), exact(pL)
        require(pL >= 0 and is_positive(pW - pL), f"parameter pL: need 0 <= pL < pW (got pL={pL}, pW={pW})")
        require(not is_positive(pW - 1), f"parameter pW: a probability, at most 1 (got {pW})")
        case, strategy, value = binary(a, b, P, pW, pL)
        params = {"a": a, "b": b, "P": P, "pW": pW, "pL": pL, "Y": Y}
        extras["beta0"] = tidy(pL / pW * (1 - P) / P)
        if pW != 1:
            extras["beta1"] = tidy((1 - pL) / (1 - pW) * (1 - P) / P)
        if pW == 1 and sp.Rational(1, 2) == P and pL != 1:
            extras["optimal bet (example 2)"] = best_bet_example_2(a, pL)
    elif Y == "triangular":
        case, strategy, value = triangular(a, b, P)
        params = {"a": a, "b": b, "P": P, "Y": Y}
        extras["optimal bet (example 3)"] = best_bet_example_3(a, P)
    else:
        raise ValueError(f"parameter Y: 'binary' or 'triangular', not {Y!r}")
    return Solution(model=MODEL, params=params, value=value, strategy=strategy, case=case,
                    order=[f"{case} decided by alpha0, beta0, beta1, pL"], extras=extras)
