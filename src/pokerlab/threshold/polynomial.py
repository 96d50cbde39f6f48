"""All solutions of the polynomial first-order conditions of an n-player game (steps 960-965).

With two players the derivative equations are linear (:mod:`pokerlab.threshold.solve`); with
``n`` players ``dE_i/dt = 0`` is a polynomial of degree ``n - 1`` (:mod:`~.cube`). This module
finds every real solution that respects the assumed order:

1. **Exact** (rational pot): a lex Groebner basis over the rationals, split into components
   wherever a basis polynomial factors (a factorising Groebner algorithm). Each
   zero-dimensional component is brought to *shape* form ``x_i = g_i(u)``, ``f(u) = 0`` with
   ``f`` irreducible (``u`` the last threshold, or a generic combination of thresholds when
   the last one does not separate the solutions); each real root of ``f`` is one solution,
   every threshold in the number field ``QQ(u)`` (:mod:`~.algebraic`): rational, a quadratic
   irrational, or a polynomial in a ``CRootOf``. Components of positive dimension (a
   continuum: some threshold left undetermined) are reported as their equations.
2. **Numeric**, when the exact route is too large (more than ``exact_limit`` thresholds) or
   gives up: Newton's method in mpmath at 50 digits from many starting points spread over
   the order (and any ``hints``), keeping the distinct roots that respect it. The report
   says so: another solution could exist that no start reached.

Examples
--------
>>> from pokerlab.threshold.game import builtin_game
>>> found = solve_conditions(builtin_game("patent-no-raise-3p", pot=3))
>>> found.method, [str(s.exact["B1"]) for s in found.solutions]
('exact', ['7/23 + 2*sqrt(41)/23'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import mpmath
import sympy
from sympy.polys.domains import QQ
from sympy.polys.groebnertools import groebner
from sympy.polys.orderings import lex
from sympy.polys.rings import PolyElement, ring

from pokerlab.threshold.algebraic import NumberField, RealAlgebraic
from pokerlab.threshold.cube import CubeModel, build_cube_model
from pokerlab.threshold.game import BettingGame
from pokerlab.threshold.structure import Structure

DIGITS = 50
"""Working precision of the numeric route (decimal digits)."""


@dataclass
class Point:
    """One solution of the first-order conditions.

    ``values`` are Fractions or :class:`~.algebraic.RealAlgebraic` (exact route) or mpmath
    numbers (numeric route); ``exact`` the same as sympy expressions (exact route only).
    """

    values: dict[str, Any]
    exact: dict[str, sympy.Expr] | None
    violations: list[str] = field(default_factory=list)
    coincide: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ordered(self) -> bool:
        """True when the thresholds lie in [0, 1] and in the assumed order."""
        return not self.violations

    def floats(self) -> dict[str, float]:
        """The thresholds as floats."""
        return {n: float(v) for n, v in self.values.items()}


@dataclass
class Conditions:
    """Every solution found, how, and what was set aside.

    ``method`` is ``"exact"`` (Groebner bases: the list is complete) or ``"numeric"``
    (mpmath Newton at :data:`DIGITS` digits from ``starts`` starting points: a solution no
    start reached could be missing). ``solutions`` respect the order; ``outside`` are the
    other real solutions; ``complex_count`` the non-real ones; ``families`` the equations of
    positive-dimensional components.
    """

    model: CubeModel
    method: str
    solutions: list[Point]
    outside: list[Point] = field(default_factory=list)
    complex_count: int = 0
    families: list[list[str]] = field(default_factory=list)
    starts: int = 0
    note: str = ""


# ---------------------------------------------------------------------------------------------
# exact route


def _components(polys: list[PolyElement], R: Any, depth: int = 0) -> list[list[PolyElement]]:
    """Reduced lex Groebner bases whose union of zeros is that of ``polys``, split at factors."""
    basis = groebner(polys, R)
    if any(g.is_ground and g for g in basis):
        return []
    if depth < 40:
        for g in basis:
            _, factors = g.factor_list()
            if len(factors) > 1 or (factors and factors[0][1] > 1):
                out: list[list[PolyElement]] = []
                for f, _ in factors:
                    for comp in _components([*basis, f], R, depth + 1):
                        if comp not in out:
                            out.append(comp)
                return out
    return [basis]


def _zero_dimensional(basis: list[PolyElement], R: Any) -> bool:
    pure = set()
    for g in basis:
        monomial = g.LM
        nonzero = [i for i, e in enumerate(monomial) if e]
        if len(nonzero) == 1:
            pure.add(nonzero[0])
    return pure == set(range(R.ngens))


def _shape(basis: list[PolyElement], R: Any) -> tuple[list[PolyElement], PolyElement] | None:
    """``([x_i - g_i(u)], f(u))`` when the basis is in shape form in its last variable."""
    n = R.ngens
    if len(basis) != n:
        return None
    last = basis[-1]
    if any(e for e in last.LM[:-1]) or any(any(m[:-1]) for m in last.monoms()):
        return None
    linear = []
    for i, g in enumerate(basis[:-1]):
        if g.LM != tuple(1 if k == i else 0 for k in range(n)):
            return None
        rest = g - g.LC * R.gens[i]
        if any(any(m[:-1]) for m in rest.monoms()):
            return None
        linear.append(g)
    return linear, last


def _roots(f: PolyElement, R: Any) -> list[sympy.Expr]:
    """The real roots of the univariate ``f`` (in the last variable), exactly."""
    u = sympy.Symbol("u")
    poly = sympy.Poly(f.as_expr().subs(R.symbols[-1], u), u)
    if poly.degree() <= 2:
        return [r for r in sympy.roots(poly, multiple=True) if r.is_real]
    return list(poly.real_roots())


def _exact_points(basis: list[PolyElement], R: Any, names: list[str]) -> tuple[list[Point], int] | None:
    """The real points of a zero-dimensional component, or None when no shape form is found."""
    shaped = _shape(basis, R)
    if shaped is None:
        return _generic_shape(basis, R, names)
    linear, last = shaped
    u_symbol = R.symbols[-1]
    points = []
    degree = last.degree(R.gens[-1])
    real = _roots(last, R)
    for root in real:
        if degree == 1 or root.is_Rational:
            number: Any = Fraction(int(root.p), int(root.q))
            values = {names[-1]: number}
            for i, g in enumerate(linear):
                rest = (g - g.LC * R.gens[i]).as_expr()
                v = -sympy.Rational(rest.subs(u_symbol, sympy.Rational(number.numerator, number.denominator))) / g.LC
                values[names[i]] = Fraction(int(sympy.Rational(v).p), int(sympy.Rational(v).q))
        else:
            nf = NumberField(root)
            alpha = nf.element(root)
            values = {names[-1]: alpha}
            for i, g in enumerate(linear):
                rest = g - g.LC * R.gens[i]
                value = alpha * 0
                for monom, coeff in rest.terms():
                    value = value + alpha ** monom[-1] * Fraction(int(coeff.numerator), int(coeff.denominator))
                values[names[i]] = -value / Fraction(int(g.LC.numerator), int(g.LC.denominator))
        points.append(Point(values, {n: _sympy(v) for n, v in values.items()}))
    return points, degree - len(real)


def _generic_shape(basis: list[PolyElement], R: Any, names: list[str]) -> tuple[list[Point], int] | None:
    """Shape form in a new last variable ``t = x_n + k x_(n-1) + k^2 x_(n-2) ...`` (k = 2, 3, 5)."""
    n = R.ngens
    for k in (2, 3, 5):
        S = ring([*R.symbols, sympy.Symbol("_t")], QQ, lex)[0]
        lifted = [S(g.as_expr()) for g in basis]
        t = S.gens[-1] - sum((S(k**j) * S.gens[n - 1 - j] for j in range(n)), S.zero)
        new = groebner([*lifted, t], S)
        shaped = _shape(new, S)
        if shaped is None:
            continue
        found = _exact_points(new, S, [*names, "_t"])
        if found is None:
            continue
        points, lost = found
        for p in points:
            p.values.pop("_t")
            assert p.exact is not None
            p.exact.pop("_t")
        return points, lost
    return None


def _sympy(value: Any) -> sympy.Expr:
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, RealAlgebraic):
        return value.to_sympy()
    return sympy.Float(value, DIGITS)


def _exact_route(model: CubeModel) -> tuple[list[Point], int, list[list[str]]] | None:
    """All points exactly, the number of non-real ones, the positive-dimensional families."""
    equations = list(model.derivative_equations().values())
    R = model.ring
    points: list[Point] = []
    lost = 0
    families: list[list[str]] = []
    for basis in _components(equations, R):
        if not _zero_dimensional(basis, R):
            families.append([f"{g.as_expr()} = 0" for g in basis])
            continue
        found = _exact_points(basis, R, model.names)
        if found is None:
            return None
        got, missing = found
        points += got
        lost += missing
    return points, lost, families


# ---------------------------------------------------------------------------------------------
# numeric route


def _starting_points(structure: Structure, count: int, hints: list[dict[str, float]]) -> list[list[Any]]:
    """Points in the assumed order: evenly spread, then random sorted draws (seeded), then hints."""
    n = len(structure.names)
    rng = random.Random(20000510)  # fixed: the same starts every run
    starts = [[mpmath.mpf(k + 1) / (n + 1) for k in range(n)]]
    for hint in hints:
        starts.append([mpmath.mpf(hint[name]) for name in structure.names])
    while len(starts) < count:
        starts.append([mpmath.mpf(v) for v in sorted(rng.random() for _ in range(n))])
    return starts


def _numeric_route(model: CubeModel, starts: int, hints: list[dict[str, float]]) -> list[Point]:
    equations = list(model.derivative_equations().values())
    R = model.ring
    jacobian = [[eq.diff(x) for x in R.gens] for eq in equations]
    names = model.names

    def evaluate(poly: PolyElement, point: list[Any]) -> Any:
        total = mpmath.mpf(0)
        for monom, coeff in poly.terms():
            term = mpmath.mpf(int(coeff.numerator)) / int(coeff.denominator)
            for x, e in zip(point, monom, strict=True):
                if e:
                    term *= x**e
            total += term
        return total

    found: list[list[Any]] = []
    with mpmath.workdps(DIGITS + 15):
        for start in _starting_points(model.structure, starts, hints):
            try:
                root = mpmath.findroot(
                    lambda *x: [evaluate(eq, list(x)) for eq in equations],
                    start,
                    J=lambda *x: [[evaluate(d, list(x)) for d in row] for row in jacobian],
                    tol=mpmath.mpf(10) ** (-2 * DIGITS),
                    maxsteps=60,
                )
            except (ZeroDivisionError, ValueError):
                continue
            point = [root[k] for k in range(len(names))] if len(names) > 1 else [root]
            if max(abs(evaluate(eq, point)) for eq in equations) > mpmath.mpf(10) ** (-DIGITS):
                continue
            if all(max(abs(a - b) for a, b in zip(point, other, strict=True)) > mpmath.mpf(10) ** (-DIGITS // 2) for other in found):
                found.append(point)
    out = []
    for point in found:
        with mpmath.workdps(DIGITS):
            values = {name: +v for name, v in zip(names, point, strict=True)}
        out.append(Point(values, None))
    return out


# ---------------------------------------------------------------------------------------------


def _check(point: Point, structure: Structure) -> None:
    """Fill ``violations`` (order or [0, 1] broken) and ``coincide`` (``<`` met with equality)."""
    names = structure.names
    values = [point.values[n] for n in names]
    chain = [Fraction(0), *values, Fraction(1)]
    labels = ["0", *names, "1"]
    ties = [True, *structure.ties, True]
    numeric = point.exact is None
    slack = mpmath.mpf(10) ** (-DIGITS // 2) if numeric else 0
    for k in range(len(chain) - 1):
        gap = chain[k + 1] - chain[k]
        if gap < -slack:
            point.violations.append(f"{labels[k]} > {labels[k + 1]}")
        elif (abs(gap) <= slack if numeric else gap == 0) and not ties[k]:
            point.coincide.append((labels[k], labels[k + 1]))


def solve_conditions(
    game: BettingGame,
    structure: Structure | None = None,
    method: str = "auto",
    exact_limit: int = 12,
    starts: int = 40,
    hints: list[dict[str, float]] | None = None,
) -> Conditions:
    """Every solution of ``dE_i/dt = 0`` (each threshold ``t`` of each player ``i``) in order.

    Parameters
    ----------
    method : {"auto", "exact", "numeric"}
        ``auto`` solves exactly up to ``exact_limit`` thresholds and numerically beyond, or
        when the exact route gives up.
    starts : int
        Starting points of the numeric route.
    hints : list of dict, optional
        Extra starting points (threshold name -> value), e.g. read off a discretised solve.
    """
    if method not in ("auto", "exact", "numeric"):
        raise ValueError(f"method: expected auto, exact or numeric, got {method!r}")
    if game.parameters():
        names = ", ".join(s.name for s in game.parameters())
        raise ValueError(
            f"the conditions of a {game.players}-player game are solved at numbers: give values for {names}"
            " (e.g. --pot 3)"
        )
    model = build_cube_model(game, structure)
    result: tuple[list[Point], int, list[list[str]]] | None = None
    note = ""
    if method == "exact" or (method == "auto" and len(model.names) <= exact_limit):
        result = _exact_route(model)
        if result is None:
            note = "the exact route found a component it could not put in shape form"
            if method == "exact":
                raise ValueError(f"exact solve of {game.name!r}: {note}")
    else:
        note = f"{len(model.names)} thresholds: more than the exact limit of {exact_limit}"
    if result is not None:
        points, lost, families = result
        conditions = Conditions(model, "exact", [], complex_count=lost, families=families)
    else:
        points = _numeric_route(model, starts, hints or [])
        conditions = Conditions(model, "numeric", [], starts=starts + len(hints or []), note=note)
    for point in points:
        _check(point, model.structure)
        (conditions.solutions if point.ordered else conditions.outside).append(point)
    return conditions

