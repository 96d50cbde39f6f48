"""Endgame with hidden information for Player II (*The Endgame in Poker*, §5).

After I bets, II observes ``Y`` whose law depends on I's card (``f_W`` or ``f_L``) and uses
a Neyman-Pearson test. Binary case: ``Y`` in {0 (good for II), 1 (poor)},
``P(Y=1 | W) = pW > pL = P(Y=1 | L)``; with ``α0 = b/(2a+b)``,
``β0 = (pL/pW)(1-P)/P`` and ``β1 = ((1-pL)/(1-pW))(1-P)/P`` the four cases of the paper
apply (case 3's value without the stray factor b, docs/errata.md). ``Y="triangular"`` is Example 3:
``f_L`` uniform, ``f_W(y) = 2(1-y)`` on (0,1); II folds when ``y <= α``. ``Y="finite"`` takes
any observation with finitely many values (``fW``, ``fL``) through the general solution.

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


def finite(a: Exact, b: Exact, P: Exact, fW: tuple[Exact, ...], fL: tuple[Exact, ...]) -> tuple[
        str, dict[str, Exact], Exact]:
    """The general solution of §5 for an observation with finitely many values.

    II's best tests fold on the observations most likely under W (largest ``fW/fL``), so
    ``g(α) = E_W φ_α`` is concave and piecewise linear. If the right slope
    ``s_r = -Pb g'(α0+) + (1-P)(2a+b)`` is positive, II uses the test of size ``α0`` and I
    mixes bluff : honest as ``|s_l| : s_r`` with ``s_l = -Pb g'(α0-)``; otherwise I always
    bluffs and II folds on every observation whose ratio exceeds ``(1-P)(2a+b)/(Pb)``.
    """
    alpha0 = b / (2 * a + b)
    fold = {i: sp.Integer(0) for i in range(len(fW))}
    for i in fold:  # observations impossible under L: always fold (the size-0 test)
        if fL[i] == 0 and fW[i] != 0:
            fold[i] = sp.Integer(1)
    # observations of equal likelihood ratio fW/fL act as one (folded alike), largest ratio first
    groups: dict[Exact, list[int]] = {}
    for i in fold:
        if fL[i] != 0:
            groups.setdefault(tidy(fW[i] / fL[i]), []).append(i)
    ratios = sorted(groups, key=lambda r: -float(r))
    mass_of = {r: sum(fL[i] for i in groups[r]) for r in ratios}
    mass, left, right = sp.Integer(0), sp.Integer(0), sp.Integer(0)
    for pos, r in enumerate(ratios):  # the group holding alpha0 and the slopes of g either side
        if is_positive(alpha0 - mass - mass_of[r]):
            mass += mass_of[r]
            continue
        left = r
        right = r if is_positive(mass + mass_of[r] - alpha0) else (
            ratios[pos + 1] if pos + 1 < len(ratios) else sp.Integer(0))
        break
    s_r = -P * b * right + (1 - P) * (2 * a + b)
    if is_positive(s_r):
        case = "positive right slope: II uses the test of size alpha0"
        mass = sp.Integer(0)
        for r in ratios:
            share = tidy(sp.Min(mass_of[r], sp.Max(0, alpha0 - mass)) / mass_of[r])
            for i in groups[r]:
                fold[i] = share
            mass += mass_of[r]
        s_l = -P * b * left
        bluff = -s_l / (s_r - s_l)
        EW = sum(fW[i] * fold[i] for i in fold)
        value = (2 * P - 1) * a + P * b - P * b * EW
    else:
        case = "non-positive right slope: I always bluffs"
        threshold = (1 - P) * (2 * a + b) / (P * b)
        for r in ratios:
            for i in groups[r]:
                fold[i] = sp.Integer(1) if is_positive(r - threshold) else sp.Integer(0)
        bluff = sp.Integer(1)
        EW = sum(fW[i] * fold[i] for i in fold)
        EL = sum(fL[i] * fold[i] for i in fold)
        value = (2 * P - 1) * (a + b) - P * b * EW + (1 - P) * (2 * a + b) * EL
    strategy = {"I bluffs (bets a losing card)": tidy(bluff)}
    strategy |= {f"II folds seeing Y={i}": tidy(fold[i]) for i in range(len(fW))}
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
    pL: Any = sp.Rational(35, 43), Y: str = "binary", fW: Any = None, fL: Any = None,
) -> Solution:
    """Closed form of §5: binary observation, Example 3's triangular one, or any finite one."""
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
    elif Y == "finite":
        require(fW is not None and fL is not None,
                "parameter fW: give fW and fL (the probabilities of Y) with Y=finite")
        fW, fL = tuple(exact(v) for v in fW), tuple(exact(v) for v in fL)
        require(len(fW) == len(fL), "parameter fL: one probability per entry of fW")
        for name, dist in (("fW", fW), ("fL", fL)):
            require(all(v >= 0 for v in dist) and sum(dist) == 1,
                    f"parameter {name}: non-negative, summing to 1")
        case, strategy, value = finite(a, b, P, fW, fL)
        params = {"a": a, "b": b, "P": P, "Y": Y, "fW": fW, "fL": fL}
    else:
        raise ValueError(f"parameter Y: 'binary', 'triangular' or 'finite', not {Y!r}")
    return Solution(model=MODEL, params=params, value=value, strategy=strategy, case=case,
                    order=[f"{case} decided by alpha0, beta0, beta1, pL"], extras=extras)
