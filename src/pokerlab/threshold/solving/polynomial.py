"""All solutions of the polynomial first-order conditions of an n-player game (steps 960-965).

With two players the derivative equations are linear (:mod:`pokerlab.threshold.solving.solve`); with
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
>>> from pokerlab.gamespec import DeclaredOrder, builtin_game
>>> from pokerlab.gamespec.structure import parse_structure
>>> game = builtin_game("patent-no-raise-3p", pot=3)
>>> simple = parse_structure(game, DeclaredOrder({1: {"": "bet | b1 | pass | B1 | bet"},
...     2: {"bet": "fold | C2 | call"}, 3: {"bet-fold": "fold | C3 | call",
...     "bet-call": "fold | C3C | call"}}, "b1 < C3 < B1 < C2 < C3C"))
>>> found = solve_conditions(game, simple)
>>> found.method, len(found.solutions), found.complex_count
('exact', 1, 2)
>>> {name: round(float(v), 4) for name, v in found.solutions[0].values.items()}["B1"]
0.7802
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import flint
import mpmath
import sympy
from sympy.polys.domains import QQ
from sympy.polys.groebnertools import groebner
from sympy.polys.orderings import lex
from sympy.polys.rings import PolyElement, ring

from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.structure import Structure
from pokerlab.threshold.solving.algebraic import NumberField, RealAlgebraic
from pokerlab.threshold.solving.cube import CubeModel, build_cube_model

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


class _Bounds:
    """What the order says about single thresholds and pairs, to drop impossible branches early."""

    def __init__(self, structure: Structure) -> None:
        self.strict = [False, *(not t for t in structure.ties), False]  # links 0-x1, ..., xn-1
        self.count = len(structure.names)

    def _strict_between(self, a: int, b: int) -> bool:
        # chain positions a < b (0 is the number 0, count + 1 the number 1, threshold k at k + 1)
        return any(self.strict[k] for k in range(a, b))

    def possible(self, f: Any) -> bool:
        """False when ``f = 0`` contradicts the order: ``x = c`` outside it, or ``x = y`` strictly apart."""
        terms = f.to_dict()
        if f.total_degree() != 1:
            return True
        linear = {m.index(1): c for m, c in terms.items() if sum(m) == 1}
        constant = terms.get((0,) * self.count, 0)
        if len(linear) == 1:
            ((i, a),) = linear.items()
            c = -constant / a
            if c < 0 or c > 1:
                return False
            if c == 0 and self._strict_between(0, i + 1):
                return False
            return not (c == 1 and self._strict_between(i + 1, self.count + 1))
        if len(linear) == 2 and not constant:
            (i, a), (j, b) = sorted(linear.items())
            if a + b == 0:
                return not self._strict_between(i + 1, j + 1)
        return True


@dataclass
class _Part:
    """One piece of the solution set: equations left, thresholds solved as polynomials in others."""

    equations: list[Any]  # fmpq_mpoly
    solved: dict[int, Any]


def _eliminable(eq: Any) -> tuple[int, Any] | None:
    """A threshold that ``eq`` gives as a polynomial in the others (a constant coefficient)."""
    terms = eq.to_dict()
    degrees = eq.degrees()
    ctx = eq.context()
    for i in sorted(range(len(degrees)), key=lambda i: -i):  # the later thresholds first (lex order)
        if degrees[i] != 1:
            continue
        unit = tuple(1 if k == i else 0 for k in range(len(degrees)))
        with_x = [m for m in terms if m[i] == 1]
        if with_x == [unit]:
            coefficient = terms[unit]
            rest = ctx.from_dict({m: c for m, c in terms.items() if m != unit})
            return i, -rest / coefficient
    return None


def _substitute(poly: Any, i: int, expr: Any) -> Any:
    """``poly`` with threshold ``i`` replaced by the polynomial ``expr``."""
    gens = list(poly.context().gens())
    gens[i] = expr
    return poly.compose(*gens)


def _groebner(equations: list[Any]) -> list[Any]:
    """The reduced lex Groebner basis of ``equations`` (sympy's Buchberger with the sugar
    strategy; FLINT's naive one stalls on these systems)."""
    ctx = equations[0].context()
    R = ring(ctx.names(), QQ, lex)[0]
    lifted = [R({m: QQ(int(c.p), int(c.q)) for m, c in eq.to_dict().items()}) for eq in equations]
    return [
        ctx.from_dict({m: flint.fmpq(int(c.numerator), int(c.denominator)) for m, c in g.terms()})
        for g in groebner(lifted, R)
    ]


def _decompose(part: _Part, bounds: _Bounds, cache: dict[Any, Any], depth: int = 0) -> list[_Part]:
    """Split the equations at factors, eliminate what is linear, Groebner the rest; irreducible
    pieces out."""
    equations = [e for e in part.equations if not e.is_zero()]
    if any(e.is_constant() for e in equations):
        return []
    for eq in equations:
        key = str(eq)
        if key not in cache:
            cache[key] = eq.factor()[1]
        factors = cache[key]
        if len(factors) > 1 or factors[0][1] > 1:
            rest = [e for e in equations if e is not eq]
            out: list[_Part] = []
            for f, _ in factors:
                if bounds.possible(f):
                    out += _decompose(_Part([f, *rest], dict(part.solved)), bounds, cache, depth + 1)
            return out
        if not bounds.possible(eq):
            return []
    for eq in equations:
        found = _eliminable(eq)
        if found is None:
            continue
        i, expr = found
        rest = [_substitute(e, i, expr) for e in equations if e is not eq]
        solved = {k: _substitute(v, i, expr) for k, v in part.solved.items()}
        solved[i] = expr
        return _decompose(_Part(rest, solved), bounds, cache, depth + 1)
    if len(equations) <= 1 or depth > 200:
        return [_Part(equations, part.solved)]
    basis = _groebner(equations)
    if sorted(map(str, basis)) == sorted(map(str, equations)):
        return [_Part(equations, part.solved)]
    return _decompose(_Part(basis, part.solved), bounds, cache, depth + 1)


def _univariate(f: Any, i: int) -> sympy.Poly:
    """``f``, a polynomial in threshold ``i`` alone, as a sympy polynomial in ``u``."""
    u = sympy.Symbol("u")
    return sympy.Poly(
        sum(
            (sympy.Rational(int(c.p), int(c.q)) * u ** m[i] for m, c in f.to_dict().items()), sympy.Integer(0)
        ),
        u,
    )


def _roots(f: Any, i: int) -> list[sympy.Expr]:
    """The real roots of ``f``, a polynomial in threshold ``i`` alone, exactly."""
    poly = _univariate(f, i)
    if poly.degree() <= 2:
        return [r for r in sympy.roots(poly, multiple=True) if r.is_real]
    return list(poly.real_roots())


def _evaluate(expr: Any, values: dict[int, Any], like: Any) -> Any:
    """The polynomial ``expr`` at thresholds ``values`` (index -> Fraction or RealAlgebraic)."""
    total = like * 0
    for monom, coeff in expr.to_dict().items():
        term = like * 0 + Fraction(int(coeff.p), int(coeff.q))
        for i, e in enumerate(monom):
            if e:
                term = term * values[i] ** int(e)
        total = total + term
    return total


def _root_number(root: sympy.Expr) -> Any:
    if root.is_Rational:
        return Fraction(int(root.p), int(root.q))
    return NumberField(root).element(root)


def _combination_roots(equations: list[Any], free: list[int]) -> tuple[list[dict[int, Any]], int] | None:
    """Points of a zero-dimensional system in the ``free`` thresholds, via a separating
    combination ``t``: a lex basis ``x_i - g_i(t), h(t)`` gives every point in ``QQ(t)``."""
    ctx = equations[0].context()
    names = [ctx.names()[i] for i in free]
    for k in (2, 3, 5, 7):
        sub = flint.fmpq_mpoly_ctx.get([*names, "_t"], "lex")
        gens = sub.gens()
        picks = [sub.from_dict({})] * len(ctx.names())
        for j, i in enumerate(free):
            picks[i] = gens[j]
        lifted = [eq.compose(*picks, ctx=sub) for eq in equations]
        t = gens[-1] - sum((k**j * gens[j] for j in range(len(free))), sub.from_dict({}))
        basis = _groebner([*lifted, t])
        if len(basis) != len(free) + 1:
            continue
        h = basis[-1]
        if any(d for d in h.degrees()[:-1]):
            continue
        shaped = {}
        for j, g in enumerate(basis[:-1]):
            terms = g.to_dict()
            unit = tuple(1 if m == j else 0 for m in range(len(free) + 1))
            if terms.get(unit) != 1 or any(m != unit and any(m[:-1]) for m in terms):
                break
            shaped[free[j]] = -sub.from_dict({m: c for m, c in terms.items() if m != unit})
        else:
            roots = _roots(h, len(free))
            out = []
            for root in roots:
                alpha = _root_number(root)
                out.append({i: _evaluate(g, {len(free): alpha}, alpha) for i, g in shaped.items()})
            return out, h.degrees()[-1] - len(roots)
    return None


def _points(part: _Part, names: list[str]) -> tuple[list[Point], int] | None:
    """The real points of a finished piece, the number of non-real ones; None if not a point set.

    The free thresholds left must be determined by the equations left: one threshold by one
    univariate polynomial (its real roots), or several by a zero-dimensional system, put in
    shape form in a new variable ``t = x_1 + k x_2 + k^2 x_3 ...`` (then ``x_i = g_i(t)``).
    """
    n = len(names)
    free = [i for i in range(n) if i not in part.solved]
    if not part.equations:
        if free:
            return None
        values = {names[k]: _evaluate(e, {}, Fraction(0)) for k, e in part.solved.items()}
        return [Point(values, {k: _sympy(v) for k, v in values.items()})], 0
    if len(part.equations) < len(free):
        return None
    if len(free) == 1:
        (u,) = free
        f = part.equations[0] if len(part.equations) == 1 else _groebner(part.equations)[-1]
        roots = _roots(f, u)
        assignments = [{u: _root_number(r)} for r in roots]
        missing = f.degrees()[u] - len(roots)
    else:
        found = _combination_roots(part.equations, free)
        if found is None:
            return None
        assignments, missing = found
    points = []
    for assignment in assignments:
        like = next(iter(assignment.values()))
        values = {names[i]: v for i, v in assignment.items()}
        for k, expr in part.solved.items():
            values[names[k]] = _evaluate(expr, assignment, like)
        points.append(Point(values, {k: _sympy(v) for k, v in values.items()}))
    return points, missing


def _sympy(value: Any) -> sympy.Expr:
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, RealAlgebraic):
        return value.to_sympy()
    return sympy.Float(value, DIGITS)


def _exact_route(model: CubeModel) -> tuple[list[Point], int, list[list[str]]] | None:
    """All points exactly, the number of non-real ones, the positive-dimensional families."""
    names = model.names
    ctx = flint.fmpq_mpoly_ctx.get(names, "lex")
    equations = [
        ctx.from_dict({m: flint.fmpq(int(c.numerator), int(c.denominator)) for m, c in eq.terms()})
        for eq in model.derivative_equations().values()
    ]
    points: list[Point] = []
    lost = 0
    families: list[list[str]] = []
    for part in _decompose(_Part(equations, {}), _Bounds(model.structure), {}):
        found = _points(part, names)
        if found is None:
            free = [names[i] for i in range(len(names)) if i not in part.solved]
            if part.equations and len(part.equations) >= len(free):
                return None  # zero-dimensional but not in shape form: leave it to the numbers
            families.append(
                [f"{e} = 0" for e in part.equations]
                + [f"{names[k]} = {e}" for k, e in sorted(part.solved.items())]
            )
            continue
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
            except (ZeroDivisionError, ValueError, TypeError):
                continue  # no convergence, or a singular Jacobian (mpmath's LU then fails with TypeError)
            point = [root[k] for k in range(len(names))] if len(names) > 1 else [root]
            if max(abs(evaluate(eq, point)) for eq in equations) > mpmath.mpf(10) ** (-DIGITS):
                continue
            if all(
                max(abs(a - b) for a, b in zip(point, other, strict=True)) > mpmath.mpf(10) ** (-DIGITS // 2)
                for other in found
            ):
                found.append(point)
    out = []
    for point in found:
        with mpmath.workdps(DIGITS):
            values = {name: +v for name, v in zip(names, point, strict=True)}
        out.append(Point(values, None))
    return out


# ---------------------------------------------------------------------------------------------


def _check(point: Point, structure: Structure) -> None:
    """Fill ``violations`` (order or [0, 1] broken, or ``<`` met with equality) and ``coincide``
    (neighbours equal)."""
    names = structure.names
    values = [point.values[n] for n in names]
    numeric = point.exact is None
    zero = mpmath.mpf(0) if numeric else Fraction(0)
    chain = [zero, *values, zero + 1]
    labels = ["0", *names, "1"]
    ties = [True, *structure.ties, True]
    slack = mpmath.mpf(10) ** (-DIGITS // 2) if numeric else 0
    for k in range(len(chain) - 1):
        gap = chain[k + 1] - chain[k]
        if gap < -slack:
            point.violations.append(f"{labels[k]} > {labels[k + 1]}")
        elif abs(gap) <= slack if numeric else gap == 0:
            point.coincide.append((labels[k], labels[k + 1]))
            if not ties[k]:  # declared '<': a zero-width interval is another structure
                point.violations.append(f"{labels[k]} = {labels[k + 1]}")


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
        raise ValueError(f"--method {method}: expected auto, exact or numeric")
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
    elif method == "numeric":
        note = "asked for"
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
