"""What ``pokerlab solve`` reports about a game of three or more players, as plain data.

Every solution of the first-order conditions that respects the order, each with every
player's expected return and its certificate: each player's exact best response against the
others' thresholds, its gain, and NashConv (the sum of the gains). A solution is called an
equilibrium only with NashConv exactly 0 (exact route) or below
:data:`~pokerlab.threshold.certifying.response.NUMERIC_BOUND` (numeric route,
:data:`~pokerlab.threshold.solving.polynomial.DIGITS` digits).

Examples
--------
>>> r = many_report("patent-no-raise-3p", "3", exact_limit=4)  # 7 thresholds: numeric route
>>> r["method"], r["equilibrium"], [round(v, 4) for v in r["value"]]
('numeric', True, [0.0776, -0.0433, -0.0343])
>>> r["nash_conv"] < 1e-40, [t["name"] for t in r["thresholds"]][:3]
(True, ['b1', 'C3', 's1'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath
import sympy

from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.structure import Structure
from pokerlab.threshold.certifying.response import NUMERIC_BOUND, best_responses
from pokerlab.threshold.solving.algebraic import RealAlgebraic
from pokerlab.threshold.solving.polynomial import Conditions, Point, solve_conditions


def exact_text(value: Any) -> str:
    """An exact threshold as text: ``5/9``, radicals, or ``root of <polynomial> near 0.6414``."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, RealAlgebraic):
        degree = len(value.field.domain.mod.to_list()) - 1
        if degree <= 2:
            return str(value.to_sympy())
        poly = value.minimal_polynomial()
        return f"root of {poly} near {float(value):.10f}"
    return sympy.Float(value, 20).__str__()


def _number(value: Any) -> float:
    return float(value)


def _mp(value: Any) -> Any:
    """An exact or mpmath number as an mpmath number (60 digits)."""
    if isinstance(value, RealAlgebraic):
        return value.mpf(60)
    if isinstance(value, Fraction):
        return mpmath.mpf(value.numerator) / value.denominator
    return mpmath.mpf(value)


def point_report(game: BettingGame, structure: Structure, point: Point) -> dict[str, Any]:
    """One solution: thresholds, each player's value and gain, NashConv, equilibrium or not."""
    numeric = point.exact is None
    with mpmath.workdps(60):
        responses = best_responses(game, structure, point.values)
    exact = all(r.exact for r in responses)
    with mpmath.workdps(60):  # some gains proved exactly, others measured: add them as numbers
        gains = [r.gain if exact else _mp(r.gain) for r in responses]
        nash_conv = sum(gains, Fraction(0) if exact else mpmath.mpf(0))
    is_equilibrium = nash_conv == 0 if exact else numeric and float(nash_conv) < NUMERIC_BOUND
    return {
        "thresholds": [
            {
                "name": t.name,
                "player": t.player,
                "branch": t.branch.key,
                "value": _number(point.values[t.name]),
                "exact": exact_text(point.values[t.name]) if not numeric else None,
                "below": t.below.label,
                "above": t.above.label,
            }
            for t in structure.thresholds
        ],
        "value": [_number(r.value) for r in responses],
        "value_exact": [exact_text(r.value) if r.exact and not numeric else None for r in responses],
        "gains": [_number(r.gain) for r in responses],
        "nash_conv": _number(nash_conv),
        "nash_conv_exact": str(nash_conv) if exact else None,
        "certificate": "exact" if exact else f"mpmath at 60 digits (equilibrium if below {NUMERIC_BOUND:g})",
        "equilibrium": bool(is_equilibrium),
        "improvements": [
            {
                "player": r.player,
                "branch": branch.key,
                "from": _number(lo),
                "to": _number(hi),
                "better": plan.label,
                "gain": _number(amount),
            }
            for r in responses
            for branch, lo, hi, plan, amount in r.improvements[:3]
            if r.exact or float(amount) > NUMERIC_BOUND  # below: rounding in an indifference zone
        ],
    }


def conditions_report(game: BettingGame, structure: Structure, conditions: Conditions) -> dict[str, Any]:
    """Every ordered solution with its certificate; the first equilibrium (else the first
    solution) also at the top level (``value``, ``thresholds``, ``nash_conv``)."""
    solutions = [point_report(game, structure, p) for p in conditions.solutions]
    report: dict[str, Any] = {
        "players": game.players,
        "order": structure.order_text(),
        "method": conditions.method,
        "method_note": conditions.note
        or (
            "Groebner bases over the rationals: every solution"
            if conditions.method == "exact"
            else f"Newton in mpmath at 50 digits from {conditions.starts} starts: a solution may be missing"
        ),
        "solutions": solutions,
        "outside_order": len(conditions.outside),
        "complex": conditions.complex_count,
        "families": conditions.families,
    }
    best = next((s for s in solutions if s["equilibrium"]), solutions[0] if solutions else None)
    if best is None:
        report.update({"value": None, "thresholds": [], "nash_conv": None, "equilibrium": False})
    else:
        report.update({k: best[k] for k in ("value", "thresholds", "nash_conv", "equilibrium")})
    return report


def many_report(spec: str, pot: str | None, exact_limit: int = 12, method: str = "auto") -> dict[str, Any]:
    """Solve the n-player game ``spec`` at pot ``pot`` under its declared structure, reported."""
    from pokerlab.gamespec import P, load_game
    from pokerlab.gamespec.structure import declared_structure

    game = load_game(spec)
    if P in game.parameters():
        if pot is None:
            raise ValueError(
                f"--pot: {game.name!r} has {game.players} players; solve it at a number (e.g. --pot 3)"
            )
        game = game.with_pot(pot)
    structure = declared_structure(game)
    conditions = solve_conditions(game, structure, method=method, exact_limit=exact_limit)
    return {
        "game": game.name,
        "description": game.description,
        "pot": str(game.pot),
        **conditions_report(game, structure, conditions),
    }
