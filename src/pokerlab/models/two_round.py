"""Two rounds of betting with check-raise (Ferguson-Ferguson-Gawargy §4).

Either player may open the betting (bet B) and the other may then raise (by R); I may
check-raise ("sandbagging"). Pot limit is B = 2, R = 6; the limit versions of §4.5 have
R = B. Regions (paper's names):

- I: bet-fold (0,a), check-fold (a,b), check-raise (b,c), check-call (c,d), bet-fold (d,e),
  bet-call (e,f), check-raise (f,1);
- II after a check: bet-fold (0,g), check (g,h), bet-fold (h,j), bet-call (j,1);
- II after a bet: fold (0,k), raise (k,m), call (m,n), raise (n,1).

The paper prints the twelve indifference equations for pot limit only; here they are
written for any B, R (each reduces to the printed one at B = 2, R = 6) and solved exactly.
The threshold order differs between pot limit (d < j) and limit (j < d) (docs/errata.md); both
orders are accepted, the one that holds is recorded, anything else is rejected.

Examples
--------
>>> s = solve(B=2, R=6)
>>> [str(150 * s.thresholds[k]) for k in "agbchdjfkmen"], s.value
(['8', '20', '77', '80', '110', '128', '130', '144', '75', '80', '136', '140'], -2/25)
"""

from __future__ import annotations

from typing import Any

import sympy as sp
from sympy.polys.matrices import DomainMatrix

from pokerlab.models.base import Exact, Region, Solution, check_order, exact, is_positive, require
from pokerlab.models.profile import intervals, profile_value, refine

MODEL = "two-round"
NAMES = ("a", "b", "c", "d", "e", "f", "g", "h", "j", "k", "m", "n")
POT_LIMIT_ORDER = "0 < a < g < b < c < h < d < j < f < 1"
LIMIT_ORDER = "0 < a < g < b < c < h < j < d < f < 1"
BET_LINE_ORDER = "a < k < m < d < e < n < f"


def indifference_system(B: Exact, R: Exact) -> tuple[sp.Matrix, sp.Matrix]:
    """Matrix ``M`` and right side ``r`` of the twelve equations ``M t = r`` (t in NAMES order).

    Rows 1-6 make I indifferent at a, b, c, d, e, f; rows 7-12 make II indifferent at
    g, h, j (after a check) and k, m, n (after a bet).
    """
    T = 2 + 2 * B + R
    rows: list[tuple[dict[str, Exact], Exact]] = [
        ({"k": 2 + B}, B),                                              # 1 at a
        ({"g": 2 + B, "h": -(2 + B), "j": T}, B + R),                   # 2 at b
        ({"h": 2 * (1 + B), "j": -T}, -R),                              # 3 at c
        ({"g": B, "h": -B, "k": -(2 + B), "m": 2 * (1 + B)}, 0),        # 4 at d
        ({"k": T, "m": -T, "n": -R}, -R),                               # 5 at e
        ({"g": B, "h": -B, "j": -R, "k": B + R, "m": -R, "n": R}, 0),   # 6 at f
        ({"b": 2 + B, "d": -B, "f": B, "g": -2}, B),                    # 7 at g
        ({"b": -(2 + B), "c": 2 * (1 + B), "d": B, "h": -2 * B, "f": -B}, -B),  # 8 at h
        ({"b": -T, "c": T, "f": R}, R),                                 # 9 at j
        ({"a": 2 + B, "d": -(2 + B), "e": T, "f": -(B + R)}, 0),        # 10 at k
        ({"d": -2 * (1 + B), "e": T, "f": -R}, 0),                      # 11 at m
        ({"e": 1, "f": 1, "n": -2}, 0),                                 # 12 at n
    ]
    M = sp.zeros(12, 12)
    r = sp.zeros(12, 1)
    for i, (coeffs, rhs) in enumerate(rows):
        for name, coeff in coeffs.items():
            M[i, NAMES.index(name)] = coeff
        r[i] = rhs
    return M, r


def thresholds(B: Exact, R: Exact) -> dict[str, Exact]:
    """Exact solution of the twelve indifference equations."""
    M, r = indifference_system(B, R)
    # exact solve over the smallest field holding the parameters (QQ, or QQ<sqrt(13)> for surds)
    system = DomainMatrix.from_Matrix(M.row_join(r), extension=True)
    field = system.domain if system.domain.is_Field else system.domain.get_field()
    system = system.convert_to(field)
    t = system[:, :12].lu_solve(system[:, 12:])
    return {name: sp.radsimp(field.to_sympy(t[i, 0].element)) for i, name in enumerate(NAMES)}


def outcome(B: Exact, R: Exact) -> Any:
    """Payoff ``(const, stake)`` to I for I's plan and II's plans (standard net units)."""
    zero, one = sp.Integer(0), sp.Integer(1)

    def pay(plan_i: str, plan_ii: dict[str, str]) -> tuple[Exact, Exact]:
        if plan_i.startswith("bet"):
            reply = plan_ii["bet"]
            if reply == "fold":
                return one, zero
            if reply == "call":
                return zero, 1 + B
            return (-(1 + B), zero) if plan_i == "bet-fold" else (zero, 1 + B + R)
        reply = plan_ii["check"]
        if reply == "check":
            return zero, one
        if plan_i == "check-fold":
            return -one, zero
        if plan_i == "check-call":
            return zero, 1 + B
        return (1 + B, zero) if reply == "bet-fold" else (zero, 1 + B + R)

    return pay


def profile(t: dict[str, Exact]) -> tuple[list, list]:
    """The closed-form strategies as intervals of each hand axis."""
    one = sp.Integer(1)
    first = intervals([(t["a"], "bet-fold"), (t["b"], "check-fold"), (t["c"], "check-raise"),
                       (t["d"], "check-call"), (t["e"], "bet-fold"), (t["f"], "bet-call"),
                       (one, "check-raise")])
    second = refine({
        "check": [(t["g"], "bet-fold"), (t["h"], "check"), (t["j"], "bet-fold"), (one, "bet-call")],
        "bet": [(t["k"], "fold"), (t["m"], "raise"), (t["n"], "call"), (one, "raise")],
    })
    return first, second


def solve(B: Exact = sp.Integer(2), R: Exact = sp.Integer(6)) -> Solution:
    """Exact solution for bet ``B > 0`` and raise ``R > 0``, with the order verified.

    The value is the closed-form profile integrated over the unit square.
    """
    B = exact(B)
    R = exact(R)
    require(is_positive(B), f"parameter B: the bet must be positive (got {B})")
    require(is_positive(R), f"parameter R: the raise must be positive (got {R})")
    t = thresholds(B, R)
    where = f"B={B}, R={R}"
    try:
        first_line = check_order(POT_LIMIT_ORDER, t, where)
        case = "pot-limit order (d < j)"
    except ValueError:
        first_line = check_order(LIMIT_ORDER, t, where)
        case = "limit order (j < d)"
    order = [first_line, check_order(BET_LINE_ORDER, t, where)]
    first, second = profile(t)
    v = profile_value(first, second, outcome(B, R))
    return Solution(
        model=MODEL,
        params={"B": B, "R": R},
        value=v,
        thresholds=t,
        case=case,
        order=order,
        lines=[
            ("Player I", [Region("a", "bet-fold (bluff)"), Region("b", "check-fold"),
                          Region("c", "check-raise (bluff)"), Region("d", "check-call"),
                          Region("e", "bet-fold"), Region("f", "bet-call"),
                          Region("1", "check-raise (sandbag)")]),
            ("Player II if I checks", [Region("g", "bet-fold (bluff)"), Region("h", "check"),
                                       Region("j", "bet-fold"), Region("1", "bet-call")]),
            ("Player II if I bets", [Region("k", "fold"), Region("m", "raise (bluff)"),
                                     Region("n", "call"), Region("1", "raise (value)")]),
        ],
    )
