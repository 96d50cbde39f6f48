"""Exact value of a threshold-strategy profile with independent uniform(0,1) hands.

Each player's strategy is a list of intervals of the hand axis with a plan on each; the
payoff for a pair of plans is ``const + stake * sign(x - y)`` (a fold gives a constant, a
showdown a stake). The value is then a sum over rectangles of the unit square, each integral
exact. This is how the closed forms' values are recomputed from their own thresholds (a
consistency check of the printed value formulas, not an equilibrium computation).

Examples
--------
>>> import sympy as sp
>>> sign_integral(0, 1, 0, 1)
0
>>> sign_integral(sp.Rational(1, 2), 1, 0, sp.Rational(1, 2))
1/4
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import sympy as sp

from pokerlab.models.base import Exact, is_positive, tidy


def _area_x_above_y(x0: Exact, x1: Exact, y0: Exact, y1: Exact) -> Exact:
    """Area of ``{x > y}`` in the rectangle ``[x0, x1] x [y0, y1]``."""

    def antiderivative(x: Exact) -> Exact:
        if not is_positive(x - y0):
            return sp.Integer(0)
        if not is_positive(x - y1):
            return (x - y0) ** 2 / 2
        return (y1 - y0) ** 2 / 2 + (y1 - y0) * (x - y1)

    return antiderivative(x1) - antiderivative(x0)


def sign_integral(x0: Exact, x1: Exact, y0: Exact, y1: Exact) -> Exact:
    """``∫∫ sign(x - y) dy dx`` over ``[x0, x1] x [y0, y1]`` (exact)."""
    x0, x1, y0, y1 = (sp.sympify(v) for v in (x0, x1, y0, y1))
    return sp.expand(2 * _area_x_above_y(x0, x1, y0, y1) - (x1 - x0) * (y1 - y0))


def intervals(cuts: Sequence[tuple[Exact, Any]]) -> list[tuple[Exact, Exact, Any]]:
    """``[(upto, action), ...]`` from 0 upward -> ``[(lo, hi, action), ...]``.

    >>> intervals([(sp.Rational(1, 3), "bluff"), (1, "check")])
    [(0, 1/3, 'bluff'), (1/3, 1, 'check')]
    """
    out, lo = [], sp.Integer(0)
    for upto, action in cuts:
        out.append((lo, sp.sympify(upto), action))
        lo = sp.sympify(upto)
    return out


def refine(lines: Mapping[str, Sequence[tuple[Exact, Any]]]) -> list[tuple[Exact, Exact, dict[str, Any]]]:
    """Common refinement of several number lines of one player (one per situation).

    >>> refine({"s": [(sp.Rational(1, 2), "x"), (1, "y")], "t": [(1, "z")]})
    [(0, 1/2, {'s': 'x', 't': 'z'}), (1/2, 1, {'s': 'y', 't': 'z'})]
    """
    cuts = sorted({sp.sympify(u) for line in lines.values() for u, _ in line}, key=lambda v: float(v))
    out, lo = [], sp.Integer(0)
    for hi in cuts:
        if not is_positive(hi - lo):
            continue
        mid = (lo + hi) / 2
        plan = {}
        for name, line in lines.items():
            for lo_i, hi_i, action in intervals(line):
                if not is_positive(lo_i - mid) and is_positive(hi_i - mid):
                    plan[name] = action
                    break
        out.append((lo, hi, plan))
        lo = hi
    return out


def profile_value(
    first: Sequence[tuple[Exact, Exact, Any]],
    second: Sequence[tuple[Exact, Exact, Any]],
    outcome: Callable[[Any, Any], tuple[Exact, Exact]],
) -> Exact:
    """Expected payoff to player I: ``Σ const·area + stake·∫∫sign(x-y)`` over rectangles."""
    total = sp.Integer(0)
    for x0, x1, plan_i in first:
        for y0, y1, plan_ii in second:
            const, stake = outcome(plan_i, plan_ii)
            total += const * (x1 - x0) * (y1 - y0)
            if stake:
                total += stake * sign_integral(x0, x1, y0, y1)
    return tidy(total)
