"""Regions, expected return and the exact solution (the patent's steps 940-965 and 3115-3175).

Split [0, 1] at every threshold of both players into segments ``L_0 .. L_n``
(``L_k = s_{k+1} - s_k``, ``s_0 = 0``, ``s_{n+1} = 1``). The cell of P1 segment ``i`` and P2
segment ``j`` is a rectangle of area ``L_i L_j`` with one outcome: P1's hand is higher when
``i > j``, lower when ``i < j``, and the diagonal cells ``i = j`` are split in two triangles
of area ``L_i^2 / 2``. So P1's expected return is the quadratic form ``E1 = L^T M L`` with
``M[i, j]`` the payoff of the plans met there, and ``dE1/ds = D^T (M + M^T) L`` is linear in
the thresholds. All arithmetic is exact in a sympy domain: the rationals for a numeric pot,
the rational functions of ``P`` (and any other symbol of the game) otherwise.

Examples
--------
>>> from pokerlab.gamespec import builtin_game
>>> sol = solve(builtin_game("patent-no-raise"))
>>> sol.exact["b1"], sol.exact["B1"], sol.exact["C2"]
(P/((P + 2)*(2*P + 1)), (P**2 + 4*P + 2)/((P + 2)*(2*P + 1)), (3*P + 2)/((P + 2)*(2*P + 1)))
>>> sol1 = solve(builtin_game("patent-no-raise", pot=1))
>>> [str(sol1.exact[n]) for n in sol1.names], sol1.value_exact, round(float(sol1.value_exact), 3)
(['1/9', '5/9', '7/9'], 1/18, 0.056)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import sympy
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.plans import FullPlan, play
from pokerlab.gamespec.structure import Structure, declared_structure


@dataclass
class QuadraticModel:
    """E1 of a game under a structure, as exact matrices over ``domain``.

    ``M`` is the (n+1)x(n+1) segment payoff matrix; ``D`` (n+1)x n and ``e`` (n+1) give the
    segment lengths ``L = D s + e`` from the thresholds ``s``.
    """

    game: BettingGame
    structure: Structure
    domain: Any
    params: list[sympy.Symbol]
    M: DomainMatrix
    D: DomainMatrix
    e: DomainMatrix
    cells: dict[tuple[int, int], tuple[Any, Any]] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """Threshold names in order."""
        return self.structure.names

    def gradient_system(self) -> tuple[DomainMatrix, DomainMatrix]:
        """``(A, b)`` with ``dE1/ds = A s + b`` (the derivative equations, one row per threshold)."""
        S = self.M + self.M.transpose()
        DtS = self.D.transpose() * S
        return DtS * self.D, DtS * self.e

    def symbols(self) -> list[sympy.Symbol]:
        """One sympy symbol per threshold, named as the threshold."""
        return [sympy.Symbol(n) for n in self.names]

    def expected_return(self) -> sympy.Expr:
        """E1 as an expanded polynomial in the threshold symbols (step 955)."""
        s = self.symbols()
        K = self.domain
        lengths = []
        for i in range(self.D.shape[0]):
            expr = K.to_sympy(self.e[i, 0].element)
            for k in range(len(s)):
                c = self.D[i, k].element
                if c:
                    expr += K.to_sympy(c) * s[k]
            lengths.append(expr)
        total = sympy.Integer(0)
        n = len(lengths)
        for i in range(n):
            for j in range(n):
                m = self.M[i, j].element
                if m:
                    total += K.to_sympy(m) * lengths[i] * lengths[j]
        return sympy.expand(total)

    def derivative_equations(self) -> dict[str, sympy.Expr]:
        """``dE1/d(name)`` for every threshold, expanded (step 960; equations (2)-(4), (8)-(19)...)."""
        A, b = self.gradient_system()
        s = self.symbols()
        K = self.domain
        out = {}
        for k, name in enumerate(self.names):
            expr = K.to_sympy(b[k, 0].element)
            for j in range(len(s)):
                c = A[k, j].element
                if c:
                    expr += K.to_sympy(c) * s[j]
            out[name] = sympy.expand(expr)
        return out


def _domain(params: list[sympy.Symbol]) -> Any:
    return QQ.frac_field(*params) if params else QQ


def build_model(game: BettingGame, structure: Structure | None = None) -> QuadraticModel:
    """The quadratic model of E1 for ``game`` under ``structure`` (default: the declared one)."""
    structure = structure or declared_structure(game)
    params = game.parameters()
    K = _domain(params)
    seg1 = structure.segment_plans(1)
    seg2 = structure.segment_plans(2)
    n = len(structure.thresholds)
    payoff_cache: dict[tuple[FullPlan, FullPlan], tuple[Any, Any]] = {}
    cells: dict[tuple[int, int], tuple[Any, Any]] = {}
    rows = [[K.zero] * (n + 1) for _ in range(n + 1)]
    for i, p1 in enumerate(seg1):
        for j, p2 in enumerate(seg2):
            key = (p1, p2)
            if key not in payoff_cache:
                term = play(game, p1, p2)
                payoff_cache[key] = (
                    K.from_sympy(sympy.sympify(game.payoff_to_p1(term, True))),
                    K.from_sympy(sympy.sympify(game.payoff_to_p1(term, False))),
                )
            win, lose = payoff_cache[key]
            cells[(i, j)] = (win, lose)
            if i > j:
                rows[i][j] = win
            elif i < j:
                rows[i][j] = lose
            else:
                rows[i][j] = (win + lose) / K(2)
    M = DomainMatrix(rows, (n + 1, n + 1), K)
    d_rows = [[K.zero] * n for _ in range(n + 1)]
    for k in range(n):
        d_rows[k][k] = K.one  # L_k = s_{k+1} - s_k: threshold k is the top of segment k
        d_rows[k + 1][k] = -K.one
    D = DomainMatrix(d_rows, (n + 1, n), K)
    e_rows = [[K.zero] for _ in range(n + 1)]
    e_rows[n][0] = K.one
    e = DomainMatrix(e_rows, (n + 1, 1), K)
    return QuadraticModel(game, structure, K, params, M, D, e, cells)


@dataclass
class OrderCheck:
    """Whether a solution respects ``0 <= t <= 1`` and the assumed order."""

    ok: bool
    violations: list[str]
    coincide: list[tuple[str, str]]  # neighbours declared '<' that came out equal
    valid_for: str | None = None  # the pot range where the order holds (symbolic pot only)


@dataclass
class Solution:
    """Exact thresholds and P1's expected return for one game and structure."""

    model: QuadraticModel
    exact: dict[str, sympy.Expr]
    value_exact: sympy.Expr
    raw: list[Any]  # solution in the model's domain, threshold order

    @property
    def game(self) -> BettingGame:
        """The game solved."""
        return self.model.game

    @property
    def structure(self) -> Structure:
        """The structure assumed."""
        return self.model.structure

    @property
    def names(self) -> list[str]:
        """Threshold names in order."""
        return self.model.names

    @property
    def symbolic(self) -> bool:
        """True when the solution still depends on a symbol (the pot P, a bet size...)."""
        return bool(self.model.params)

    def at(self, **values: Any) -> Solution:
        """The solution with symbols replaced by numbers (``sol.at(P=3)``), solved again exactly."""
        if not self.symbolic:
            return self
        missing = [s.name for s in self.model.params if s.name not in values]
        if missing:
            raise ValueError(f"no value given for {', '.join(missing)}")
        return solve(self.game.substitute(values), self.structure)

    def floats(self) -> dict[str, float]:
        """Thresholds as floats (numeric solutions only)."""
        return {n: float(v) for n, v in self.exact.items()}

    @cached_property
    def order_check(self) -> OrderCheck:
        """Check ``0 <= thresholds <= 1`` and the order (step 6 of the issue)."""
        return check_order(self)


def solve(game: BettingGame, structure: Structure | None = None) -> Solution:
    """Solve ``dE1/dt = 0`` for every threshold ``t`` exactly (steps 960/965).

    Raises ``ValueError`` when the equations are dependent (some threshold has no effect on E1,
    so the structure does not determine it).
    """
    model = build_model(game, structure)
    A, b = model.gradient_system()
    n = len(model.names)
    K = model.domain
    if n == 0:
        raw: list[Any] = []
    else:
        try:
            x = A.lu_solve(-b)
        except Exception as exc:  # sympy raises DMNonInvertibleMatrixError
            raise ValueError(
                f"the derivative equations of {game.name!r} under order {model.structure.order_text()!r}"
                " are dependent: the structure does not determine every threshold"
            ) from exc
        raw = [x[k, 0].element for k in range(n)]
    # at the stationary point (Q + Q^T) s = -b, so E1 = s^T Q s + b.s + c = b.s / 2 + c
    value = model.M[n, n].element  # c = e^T M e: both hands in the top segment
    for k in range(n):
        value += b[k, 0].element * raw[k] / K(2)
    exact = {name: sympy.factor(K.to_sympy(v)) for name, v in zip(model.names, raw, strict=True)}
    return Solution(model, exact, sympy.factor(K.to_sympy(value)), raw)


def _sign_samples(exprs: list[sympy.Expr], symbol: sympy.Symbol) -> tuple[list[Any], list[list[Any]]]:
    """Cut points (positive real roots of numerators and denominators, isolated exactly with
    rational intervals) and, for each region between cuts, the exact value of every
    expression at a rational point inside it."""
    polys = []
    roots: list[Any] = []
    for expr in exprs:
        num, den = sympy.fraction(sympy.together(expr))
        pn, pd = sympy.Poly(num, symbol, domain="QQ"), sympy.Poly(den, symbol, domain="QQ")
        polys.append((pn, pd))
        for poly in (pn, pd):
            if poly.degree() > 0:
                for (lo, hi), _ in poly.intervals(eps=sympy.Rational(1, 10**12)):
                    if hi > 0:
                        roots.append((lo + hi) / 2)
    cuts = sorted(set(roots))
    edges = [sympy.Integer(0), *[c for c in cuts if c > 0]]
    samples = []
    for k, lo in enumerate(edges):
        hi = edges[k + 1] if k + 1 < len(edges) else None
        samples.append((lo + hi) / 2 if hi is not None else lo + 1)
    values = [[pn.eval(x) / pd.eval(x) for pn, pd in polys] for x in samples]
    return edges[1:], values


def _pot_range(ok: list[bool], cuts: list[Any], symbol: sympy.Symbol) -> str:
    """The union of regions where ``ok`` holds, as text ('0 < P', '0.53 <= P <= 49.2'...)."""
    edges = [sympy.Integer(0), *cuts]
    merged: list[list[Any]] = []
    for k, good in enumerate(ok):
        if not good:
            continue
        lo = edges[k]
        hi = edges[k + 1] if k + 1 < len(edges) else None
        if merged and merged[-1][1] == lo:
            merged[-1][1] = hi
        else:
            merged.append([lo, hi])
    if not merged:
        return "no pot"
    parts = []
    for lo, hi in merged:
        left = f"{float(lo):.6g} <= " if lo != 0 else "0 < "
        right = f" <= {float(hi):.6g}" if hi is not None else ""
        parts.append(f"{left}{symbol.name}{right}")
    return " or ".join(parts)


def check_order(solution: Solution) -> OrderCheck:
    """Check the solved thresholds against ``0 <= t <= 1`` and the assumed order.

    With a symbolic pot the check is made for every pot: it reports the range of ``P`` where
    the order holds (``ok`` when that range is all ``P > 0``).
    """
    names = solution.names
    vals = [solution.exact[n] for n in names]
    chain = [sympy.Integer(0), *vals, sympy.Integer(1)]
    labels = ["0", *names, "1"]
    gaps = [sympy.factor(chain[k + 1] - chain[k]) for k in range(len(chain) - 1)]
    ties = [True, *solution.structure.ties, True]  # 0 and 1 may meet a threshold
    violations: list[str] = []
    coincide: list[tuple[str, str]] = []
    if not solution.symbolic:
        for k, gap in enumerate(gaps):
            if gap < 0:
                violations.append(f"{labels[k]} > {labels[k + 1]}")
            elif gap == 0 and not ties[k]:
                coincide.append((labels[k], labels[k + 1]))
        return OrderCheck(not violations, violations, coincide)
    params = solution.model.params
    for k, gap in enumerate(gaps):
        if gap == 0 and not ties[k]:
            coincide.append((labels[k], labels[k + 1]))
    if len(params) != 1:
        return OrderCheck(True, [], coincide, valid_for="not checked (several symbols)")
    (symbol,) = params
    nonzero = [k for k, g in enumerate(gaps) if g != 0]
    cuts, values = _sign_samples([gaps[k] for k in nonzero], symbol)
    valid = _pot_range([all(v >= 0 for v in row) for row in values], cuts, symbol)
    bad = [
        f"{labels[k]} > {labels[k + 1]} somewhere"
        for i, k in enumerate(nonzero)
        if any(row[i] < 0 for row in values)
    ]
    return OrderCheck(valid == f"0 < {symbol.name}", bad, coincide, valid_for=valid)
