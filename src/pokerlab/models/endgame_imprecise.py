"""Endgame with imprecise information for Player I (*The Endgame in Poker*, §6).

I's card shows only his probability ``p`` of winning, drawn from a distribution F known to
both. I bets the cards with the highest ``p`` (a Neyman-Pearson rule); with
``Q0 = (2a+b)/(2a+2b)``, ``μ = E p``, ``α0 = P(p >= 1/2)``, ``μ0 = E(p | p >= 1/2)``:
case 1 (``μ >= Q0``) I always bets, II folds, value ``a``; case 2 (``α0 = 0`` or
``μ0 <= Q0``) II calls, I bets iff ``p >= 1/2``, value ``bα0(2μ0-1) + a(2μ-1)`` (docs/errata.md);
case 3 (``μ < Q0 < μ0``) I bets the top mass ``α1`` with ``g(α1)/α1 = Q0`` and II mixes.

The binary case (cards ``pH`` w.p. ``pi`` and ``pL``) has its own closed form; the general
rule here takes any finite distribution.

Examples
--------
>>> s = solve(a=1, b=2, pi="1/4", pH="9/10", pL="1/5")
>>> s.case, s.strategy["I bets a low card"], s.strategy["II folds"]
('case 3', 1/6, 3/7)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Solution, exact, is_positive, require, tidy

MODEL = "endgame-imprecise"
HALF = sp.Rational(1, 2)


def q0(a: Exact, b: Exact) -> Exact:
    """``Q0 = (2a+b)/(2a+2b)``."""
    return (2 * a + b) / (2 * a + 2 * b)


def binary(a: Exact, b: Exact, pi: Exact, pH: Exact, pL: Exact) -> tuple[str, dict[str, Exact], Exact]:
    """The binary case of §6 (docs/errata.md: with both p >= 1/2, II folds iff μ >= Q0)."""
    Q0 = q0(a, b)
    mu = pi * pH + (1 - pi) * pL
    one, zero = sp.Integer(1), sp.Integer(0)
    if not is_positive(pH - HALF):
        case, high, low, fold, value = "case 2 (alpha0 = 0)", zero, zero, zero, a * (2 * mu - 1)
    elif not is_positive(HALF - pL):
        if not is_positive(Q0 - mu):
            case, high, low, fold, value = "case 1", one, one, one, a
        else:
            case, high, low, fold, value = "case 2", one, one, zero, (a + b) * (2 * mu - 1)
    elif not is_positive(Q0 - mu):
        case, high, low, fold, value = "case 1", one, one, one, a
    elif not is_positive(pH - Q0):
        case, high, low, fold = "case 2", one, zero, zero
        value = a * (2 * mu - 1) + b * pi * (2 * pH - 1)
    else:
        alpha1 = (pH - pL) / (Q0 - pL) * pi
        case, high, low = "case 3", one, (alpha1 - pi) / (1 - pi)
        fold = (1 - Q0) * (1 - 2 * pL) / (Q0 - pL)
        value = 2 * a * pi * (pH - pL) * (1 - Q0) / (Q0 - pL) + a * (2 * mu - 1)
    strategy = {"I bets a high card": high, "I bets a low card": tidy(low), "II folds": tidy(fold)}
    return case, strategy, tidy(value)


def general(a: Exact, b: Exact, probs: Sequence[Exact], weights: Sequence[Exact]) -> tuple[
        str, dict[str, Exact], Exact]:
    """The general threshold rule for a finite distribution (``probs`` with ``weights``)."""
    Q0 = q0(a, b)
    mu = sum(w * p for p, w in zip(probs, weights, strict=True))
    order = sorted(range(len(probs)), key=lambda i: -float(probs[i]))
    bet = {i: sp.Integer(0) for i in range(len(probs))}
    top = [i for i in order if not is_positive(HALF - probs[i])]
    alpha0 = sum((weights[i] for i in top), sp.Integer(0))
    mu0 = sum(weights[i] * probs[i] for i in top) / alpha0 if top else None
    if not is_positive(Q0 - mu):
        case, fold, value = "case 1", sp.Integer(1), a
        bet = {i: sp.Integer(1) for i in bet}
    elif not top or not is_positive(mu0 - Q0):
        case, fold = "case 2", sp.Integer(0)
        for i in top:
            bet[i] = sp.Integer(1)
        value = (b * alpha0 * (2 * mu0 - 1) if top else 0) + a * (2 * mu - 1)
    else:
        case = "case 3"
        mass, gsum = sp.Integer(0), sp.Integer(0)
        for i in order:
            p, w = probs[i], weights[i]
            # the part of this card's mass that brings the mean of the bet cards down to Q0
            t = (gsum - Q0 * mass) / (Q0 - p) if is_positive(Q0 - p) else w + 1
            if not is_positive(t - w):
                bet[i] = t / w
                mass, gsum = mass + t, gsum + t * p
                slope = p  # g'(α1): the win probability of the card at the threshold
                break
            bet[i] = sp.Integer(1)
            mass, gsum = mass + w, gsum + w * p
        fold = b * (1 - 2 * slope) / (b * (1 - 2 * slope) + 2 * a * (1 - slope))
        value = 2 * a * (mass - gsum) + a * (2 * mu - 1)
    strategy = {f"I bets with p={probs[i]}": tidy(bet[i]) for i in range(len(probs))}
    strategy["II folds"] = tidy(fold)
    return case, strategy, tidy(value)


def solve(
    a: Any = 1, b: Any = 2, pi: Any = sp.Rational(1, 4), pH: Any = sp.Rational(9, 10),
    pL: Any = sp.Rational(1, 5), probs: Sequence[Any] | None = None, weights: Sequence[Any] | None = None,
) -> Solution:
    """Binary closed form (``pi``, ``pH``, ``pL``) or, with ``probs``/``weights``, the general rule."""
    a, b = exact(a), exact(b)
    require(is_positive(a), f"parameter a: the ante must be positive (got {a})")
    require(is_positive(b), f"parameter b: the bet must be positive (got {b})")
    if probs is not None or weights is not None:
        require(probs is not None and weights is not None, "parameter probs: give probs and weights together")
        probs = tuple(exact(p) for p in probs)
        weights = tuple(exact(w) for w in weights)
        require(len(probs) == len(weights), "parameter weights: one weight per entry of probs")
        require(all(0 <= p <= 1 for p in probs), "parameter probs: win probabilities lie in [0, 1]")
        require(all(w >= 0 for w in weights) and sum(weights) == 1,
                "parameter weights: non-negative and summing to 1")
        case, strategy, value = general(a, b, probs, weights)
        params: dict[str, Any] = {"a": a, "b": b, "probs": probs, "weights": weights}
    else:
        pi, pH, pL = exact(pi), exact(pH), exact(pL)
        require(is_positive(pi) and is_positive(1 - pi), f"parameter pi: strictly between 0 and 1 (got {pi})")
        require(pL >= 0 and is_positive(pH - pL) and pH <= 1, f"parameter pL: need 0 <= pL < pH <= 1 "
                f"(got pL={pL}, pH={pH})")
        case, strategy, value = binary(a, b, pi, pH, pL)
        params = {"a": a, "b": b, "pi": pi, "pH": pH, "pL": pL}
    return Solution(model=MODEL, params=params, value=value, strategy=strategy, case=case,
                    order=[f"{case}: decided by mu, mu0 against Q0 = {tidy(q0(a, b))}"],
                    extras={"Q0": tidy(q0(a, b))})
