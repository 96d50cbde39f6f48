"""Real algebraic numbers with exact arithmetic and exact order, for the thresholds of n-player games.

The first-order conditions of a three-player game are quadratic, so its dividing points are
algebraic numbers, not rationals: all of one solution lie in one number field ``QQ(alpha)``
with ``alpha`` a real root of an irreducible polynomial. :class:`RealAlgebraic` is an element
of such a field (sympy's ``ANP``: a polynomial in ``alpha`` reduced modulo its minimal
polynomial), so sums, products and quotients are exact and zero is recognised exactly; a
nonzero element's sign is found by evaluating it at ``alpha`` with interval bounds, at rising
precision until the interval excludes zero. That makes comparisons, and so the order check
and the certificate, exact.

Examples
--------
>>> import sympy
>>> field = NumberField(sympy.sqrt(2))
>>> r = field.element(sympy.sqrt(2))
>>> r * r == 2, r > Fraction(7, 5), r < Fraction(3, 2), (r - 1) / (r + 1)
(True, True, True, 3 - 2*sqrt(2))
>>> float(r)
1.4142135623730951
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath
import sympy
from sympy.polys.domains import QQ


class NumberField:
    """``QQ(alpha)`` for one real algebraic number ``alpha`` (a radical or a ``CRootOf``)."""

    def __init__(self, alpha: sympy.Expr) -> None:
        self.alpha = sympy.sympify(alpha)
        self.domain = QQ.algebraic_field(self.alpha)
        # the field's own generator: elements are polynomials in it
        self.generator = self.domain.ext.as_expr() if hasattr(self.domain.ext, "as_expr") else self.domain.ext
        self._approx: dict[int, Any] = {}

    def element(self, value: Any) -> RealAlgebraic:
        """``value`` (a sympy expression in ``alpha``, a Fraction or an int) in the field."""
        if isinstance(value, Fraction):
            value = sympy.Rational(value.numerator, value.denominator)
        return RealAlgebraic(self, self.domain.from_sympy(sympy.sympify(value)))

    def generator_value(self, digits: int) -> Any:
        """The generator to ``digits`` significant digits (an mpmath number, correctly rounded)."""
        if digits not in self._approx:
            self._approx[digits] = mpmath.mpf(str(sympy.N(self.generator, digits + 5)))
        return self._approx[digits]

    def __repr__(self) -> str:
        return f"QQ<{self.generator}>"


def _fraction(c: Any) -> Fraction:
    return Fraction(int(c.numerator), int(c.denominator))


class RealAlgebraic:
    """An element of a :class:`NumberField`, with exact arithmetic and comparisons."""

    __slots__ = ("field", "rep")

    def __init__(self, field: NumberField, rep: Any) -> None:
        self.field = field
        self.rep = rep

    # -- conversion --------------------------------------------------------------------------
    def _lift(self, other: Any) -> Any:
        if isinstance(other, RealAlgebraic):
            if other.field is not self.field:
                raise ValueError("numbers of two different number fields")
            return other.rep
        if isinstance(other, int | Fraction):
            return self.field.domain.convert(QQ(Fraction(other).numerator, Fraction(other).denominator))
        return NotImplemented

    def coefficients(self) -> list[Fraction]:
        """The element as a polynomial in the field's generator, highest degree first."""
        return [_fraction(c) for c in self.rep.to_list()]

    def rational(self) -> Fraction | None:
        """The value as a Fraction when it is rational, else None."""
        coefficients = self.coefficients()
        if len(coefficients) > 1:
            return None
        return coefficients[0] if coefficients else Fraction(0)

    def to_sympy(self) -> sympy.Expr:
        """The exact value as a sympy expression (radicals for quadratic fields)."""
        return sympy.radsimp(sympy.expand(self.field.domain.to_sympy(self.rep)))

    def minimal_polynomial(self) -> sympy.Expr:
        """The element's minimal polynomial over the rationals, in ``x`` (integer coefficients).

        The characteristic polynomial of multiplication by the element on the basis
        ``1, g, g^2, ...`` is a power of it; the factor that vanishes here is the one.
        """
        from sympy.polys.matrices import DomainMatrix

        domain = self.field.domain
        degree = len(domain.mod.to_list()) - 1
        generator = domain.from_sympy(self.field.generator)
        columns = []
        power = domain.one
        for _ in range(degree):
            coefficients = (self.rep * power).to_list()
            column = [QQ(0)] * (degree - len(coefficients)) + list(coefficients)
            columns.append(list(reversed(column)))
            power = power * generator
        matrix = DomainMatrix(
            [[columns[j][i] for j in range(degree)] for i in range(degree)], (degree, degree), QQ
        )
        x = sympy.Symbol("x")
        charpoly = sympy.Poly(matrix.charpoly(), x, domain="QQ")
        value = self.mpf(40)
        factors = [f for f, _ in charpoly.factor_list()[1]]
        best = min(
            factors, key=lambda f: abs(mpmath.polyval([mpmath.mpf(str(c)) for c in f.all_coeffs()], value))
        )
        return sympy.Poly(best, x).clear_denoms()[1].primitive()[1].as_expr()

    def approx(self, digits: int) -> tuple[Any, Any]:
        """``(value, error bound)`` with mpmath at ``digits`` digits."""
        coefficients = self.coefficients()
        with mpmath.workdps(digits + 10):
            g = self.field.generator_value(digits)
            value = mpmath.mpf(0)
            for c in coefficients:
                value = value * g + mpmath.mpf(c.numerator) / c.denominator
            size = abs(g) + 1
            degree = len(coefficients) - 1
            slope = (
                sum(abs(mpmath.mpf(c.numerator) / c.denominator) for c in coefficients)
                * (degree + 1)
                * size**degree
            )
            error = slope * mpmath.mpf(10) ** (-digits)
        return value, error

    def sign(self) -> int:
        """-1, 0 or 1, exactly."""
        if not self.rep:
            return 0
        exact = self.rational()
        if exact is not None:
            return (exact > 0) - (exact < 0)
        digits = 30
        while True:
            value, error = self.approx(digits)
            if abs(value) > error:
                return 1 if value > 0 else -1
            digits *= 2

    def __float__(self) -> float:
        exact = self.rational()
        if exact is not None:
            return float(exact)
        return float(self.approx(30)[0])

    def mpf(self, digits: int) -> Any:
        """The value as an mpmath number good to about ``digits`` digits."""
        return self.approx(digits)[0]

    # -- arithmetic --------------------------------------------------------------------------
    def _new(self, rep: Any) -> RealAlgebraic:
        return RealAlgebraic(self.field, rep)

    def __add__(self, other: Any) -> Any:
        o = self._lift(other)
        return NotImplemented if o is NotImplemented else self._new(self.rep + o)

    __radd__ = __add__

    def __sub__(self, other: Any) -> Any:
        o = self._lift(other)
        return NotImplemented if o is NotImplemented else self._new(self.rep - o)

    def __rsub__(self, other: Any) -> Any:
        o = self._lift(other)
        return NotImplemented if o is NotImplemented else self._new(o - self.rep)

    def __mul__(self, other: Any) -> Any:
        o = self._lift(other)
        return NotImplemented if o is NotImplemented else self._new(self.rep * o)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> Any:
        o = self._lift(other)
        if o is NotImplemented:
            return NotImplemented
        if not o:
            raise ZeroDivisionError("division by zero")
        return self._new(self.rep * (self.field.domain.one / o))

    def __rtruediv__(self, other: Any) -> Any:
        o = self._lift(other)
        if o is NotImplemented:
            return NotImplemented
        return self._new(o * (self.field.domain.one / self.rep))

    def __neg__(self) -> RealAlgebraic:
        return self._new(-self.rep)

    def __pos__(self) -> RealAlgebraic:
        return self

    def __abs__(self) -> RealAlgebraic:
        return -self if self.sign() < 0 else self

    def __pow__(self, k: int) -> RealAlgebraic:
        if not isinstance(k, int) or k < 0:
            return NotImplemented
        out = self._new(self.field.domain.one)
        for _ in range(k):
            out = out * self
        return out

    def __bool__(self) -> bool:
        return bool(self.rep)

    # -- order -------------------------------------------------------------------------------
    def _cmp(self, other: Any) -> int:
        o = self._lift(other)
        if o is NotImplemented:
            raise TypeError(f"cannot compare a real algebraic number with {type(other).__name__}")
        return self._new(self.rep - o).sign()

    def __eq__(self, other: object) -> bool:
        o = self._lift(other)
        return False if o is NotImplemented else not (self.rep - o)

    def __hash__(self) -> int:
        exact = self.rational()
        return hash(exact) if exact is not None else hash(tuple(self.coefficients()))

    def __lt__(self, other: Any) -> bool:
        return self._cmp(other) < 0

    def __le__(self, other: Any) -> bool:
        return self._cmp(other) <= 0

    def __gt__(self, other: Any) -> bool:
        return self._cmp(other) > 0

    def __ge__(self, other: Any) -> bool:
        return self._cmp(other) >= 0

    def __repr__(self) -> str:
        return str(self.to_sympy())


def exact_number(value: Any) -> Fraction | RealAlgebraic:
    """Any exact real number (int, Fraction, sympy Rational or algebraic) in arithmetic form."""
    if isinstance(value, RealAlgebraic | Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    value = sympy.sympify(value)
    if value.is_Rational:
        return Fraction(int(value.p), int(value.q))
    return NumberField(value).element(value)
