"""Newman's no-limit von Neumann model (Ferguson-Ferguson-Gawargy §1.2; Newman 1959).

Antes 1 each; I may bet any ``B >= 0`` (0 is a check); II folds or calls. I checks with
``1/7 < x < 4/7``, bets ``B`` with ``x = 1 - (12/7)(2+B)^-2`` (value) and with
``x = (4/7)(2+3B)(2+B)^-3`` (bluffs); II calls a bet ``B`` iff ``y > 1 - (12/7)(2+B)^-1``
(docs/errata.md readings). The value is 1/7.

No betting-tree engine can express a continuum of bet sizes, so :func:`certify` checks the
solution by an exact best-response computation with sympy instead.

Examples
--------
>>> s = solve()
>>> s.thresholds, s.value
({'bluff below': 1/7, 'value bets above': 4/7}, 1/7)
>>> value_hand_bet(sp.Rational(25, 28)), call_threshold(2)
(2, 4/7)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, Region, Solution, tidy

MODEL = "newman"
K = sp.Rational(12, 7)
B, X = sp.symbols("B x", nonnegative=True)

VALUE_HAND = 1 - K / (2 + B) ** 2
BLUFF_HAND = sp.Rational(4, 7) * (2 + 3 * B) / (2 + B) ** 3
CALL_THRESHOLD = 1 - K / (2 + B)


def value_hand_bet(x: Any) -> Exact:
    """Bet of a value hand ``x >= 4/7``: ``sqrt(12/(7(1-x))) - 2``."""
    return tidy(sp.sqrt(K / (1 - sp.sympify(x))) - 2)


def call_threshold(bet: Any) -> Exact:
    """II calls a bet ``bet`` iff her hand exceeds ``1 - (12/7)/(2+bet)``."""
    return tidy(CALL_THRESHOLD.subs(B, sp.sympify(bet)))


def payoff_of_bet(x: Exact, bet: Exact) -> Exact:
    """I's expected net payoff betting ``bet`` with hand ``x`` against II's calling rule."""
    c = CALL_THRESHOLD.subs(B, bet)
    if bet == 0:
        return 2 * x - 1
    if x <= c:
        return c - (1 + bet) * (1 - c)
    return c + (1 + bet) * ((x - c) - (1 - x))


def value_by_integration() -> Exact:
    """``∫ payoff`` of I's strategy against II's: bluffs, checks, value bets (substituting x = x(B))."""
    bluff = sp.Rational(1, 7) * (CALL_THRESHOLD - (1 + B) * (1 - CALL_THRESHOLD))  # constant in B
    check = sp.integrate(2 * X - 1, (X, sp.Rational(1, 7), sp.Rational(4, 7)))
    c = CALL_THRESHOLD
    value_payoff = c + (1 + B) * ((VALUE_HAND - c) - (1 - VALUE_HAND))
    value = sp.integrate(sp.simplify(value_payoff * sp.diff(VALUE_HAND, B)), (B, 0, sp.oo))
    return tidy(sp.simplify(bluff) + check + value)


def certify() -> dict[str, Any]:
    """Exact best-response facts (sympy) that together prove the strategies optimal.

    - II: after any bet B, the density of bluffs times (2+B) equals that of value bets times
      B, so every calling threshold between the two hands is a best response, and the
      threshold lies strictly between them;
    - I: with ``u = 2+B`` the payoff of a hand above the calling threshold is concave in u with
      its stationary point at ``x = 1 - (12/7)/u²`` (the value bets); a bluff's payoff is -5/7
      for every B, above checking for ``x < 1/7``; for ``1/7 < x < 4/7`` the stationary
      point lies below B = 0 so checking is best;
    - the value integrates to 1/7.
    """
    u = sp.Symbol("u", positive=True)
    bluff_density = -sp.diff(BLUFF_HAND, B)
    value_density = sp.diff(VALUE_HAND, B)
    indifference = sp.simplify(bluff_density * (2 + B) - value_density * B)
    between_low = sp.factor(sp.simplify(CALL_THRESHOLD - BLUFF_HAND))
    between_high = sp.factor(sp.simplify(VALUE_HAND - CALL_THRESHOLD))
    c_u = 1 - K / u
    h = c_u + (u - 1) * ((X - c_u) - (1 - X))
    stationary = sp.solve(sp.diff(h, u), X)
    concave = sp.simplify(sp.diff(h, u, 2))
    bluff_payoff = sp.simplify(CALL_THRESHOLD - (1 + B) * (1 - CALL_THRESHOLD))
    facts = {
        "II indifferent after every bet: |x_b'|(2+B) - x_v' B": indifference,
        "call threshold minus bluff hand": between_low,
        "value hand minus call threshold": between_high,
        "I's stationary hand for u = 2+B": stationary[0],
        "second derivative in u": concave,
        "bluff payoff (any B)": bluff_payoff,
        "value": value_by_integration(),
    }
    facts["holds"] = bool(
        indifference == 0
        and all(sp.ask(sp.Q.positive(e), sp.Q.positive(B)) for e in (between_low, between_high))
        and sp.simplify(stationary[0] - (1 - K / u**2)) == 0
        and sp.ask(sp.Q.negative(concave), sp.Q.positive(u))
        and bluff_payoff == -sp.Rational(5, 7)
        and facts["value"] == sp.Rational(1, 7)
    )
    return facts


def solve() -> Solution:
    """The solution (no parameters: the bet size is the players' choice)."""
    return Solution(
        model=MODEL,
        params={},
        value=sp.Rational(1, 7),
        thresholds={"bluff below": sp.Rational(1, 7), "value bets above": sp.Rational(4, 7)},
        extras={
            "value hand x bets B where x": VALUE_HAND,
            "bluff hand x bets B where x": BLUFF_HAND,
            "II calls a bet B iff y exceeds": CALL_THRESHOLD,
            "bet of a value hand x": sp.sqrt(K / (1 - X)) - 2,
        },
        lines=[("Player I", [Region("bluff below", "bet (bluff)"),
                             Region("value bets above", "check"),
                             Region("1", "bet (value; size grows with x)")])],
    )
