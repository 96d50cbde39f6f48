"""Exact numbers and expressions from what a person types: ``3``, ``0.25``, ``7/5``,
``1+sqrt(13)/3``, ``P/2 + 1``, read without running what was typed.

One reader for every option, parameter, form field and game-file entry that takes a number or
an expression (pots, bet sizes, model parameters, probabilities, a game's amounts), so that
every one of them accepts the same forms and refuses the same mistakes with the same plain
message naming the option and the value: a division by zero, ``nan`` or ``inf``, a power, a
surd where a fraction is needed, anything that is not a number at all. Fractions and decimals
stay exact (``0.1`` is 1/10, not a float).

Text never reaches sympy's ``sympify``: it evaluates its text as Python, so "__import__('os')
..." in a pasted game file or a web form would run on the server. Only numbers, names,
``+ - * /``, parentheses and ``sqrt`` are accepted, and sympy's parser builds the expression
in a namespace holding nothing else (no builtins), so a name can only become a symbol.
Powers are refused: ``9**9**9`` is short to type and would keep a server busy for hours.

Examples
--------
>>> exact_number("0.25", "--pot")
1/4
>>> exact_number("1+sqrt(13)/3", "parameter B=", surds=True)
1 + sqrt(13)/3
>>> exact_fraction("3/10", "--win-probability")
Fraction(3, 10)
>>> import sympy
>>> exact_expression("P/2 + 1", "pot", {"P": sympy.Symbol("P", positive=True)})
P/2 + 1
>>> exact_number("1/0", "--pot")
Traceback (most recent call last):
...
ValueError: --pot 1/0: division by zero
>>> exact_number("sqrt(2)", "--pot")
Traceback (most recent call last):
...
ValueError: --pot sqrt(2): not a fraction (write it as 7/5 or 1.4)
>>> exact_number("nan", "--pot")
Traceback (most recent call last):
...
ValueError: --pot nan: not a finite number
>>> exact_expression("__import__('os')", "pot")
Traceback (most recent call last):
...
ValueError: pot: cannot read "__import__('os')": use numbers, names, + - * /, parentheses and sqrt
>>> exact_expression("9**9**9", "rules.bet[0]")
Traceback (most recent call last):
...
ValueError: rules.bet[0]: cannot read '9**9**9': powers are not accepted (write the number out, or use sqrt)
"""

from __future__ import annotations

import re
import tokenize
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy

MAX_LENGTH = 200
"""The longest expression read (plain fractions and decimals may be longer)."""

_WORDS = {"nan", "inf", "+inf", "-inf", "infinity", "-infinity", "+infinity", "oo", "-oo", "zoo"}
_CHARACTERS = re.compile(r"[0-9A-Za-z_+\-*/(). ]*")
_ATTRIBUTE = re.compile(r"\.\s*[A-Za-z_]")  # 3.5 and 1.e3 are numbers; x.y would be an attribute
_CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(")
_HUGE_EXPONENT = re.compile(r"[0-9.][eE][+-]?[0-9]{4,}")
_FORMS = "use numbers, names, + - * /, parentheses and sqrt"

LARGEST = 10**15
"""The largest size of a number read (and 1/LARGEST the smallest but zero): a pot of 1e400 is a
typing mistake, and would print as 400 digits or overflow a float."""
_RANGE = "out of range (numbers from 1e-15 to 1e15 in size, or 0)"


def _out_of_range(value: Any) -> bool:
    """True when the number ``value`` (a Fraction or a sympy number) is beyond :data:`LARGEST`
    in size, or nearer zero than its reciprocal (but not zero)."""
    size = abs(value)
    return bool(size > LARGEST or (size != 0 and size * LARGEST < 1))


class _Unreadable(ValueError):
    """Text that is not an expression at all (the reason follows the value)."""


def _fraction(text: str) -> Fraction | None:
    """``Fraction(text)`` or ``None`` when it is not a plain fraction/decimal."""
    try:
        return Fraction(text)
    except ValueError:
        return None


def _parse(raw: str, symbols: Mapping[str, sympy.Symbol] | None) -> sympy.Expr:
    """The expression ``raw`` (stripped) without evaluating it as Python; ``_Unreadable``
    carries the reason. Division by zero gives ``zoo`` (callers decide)."""
    if raw.lower() in _WORDS:
        raise _Unreadable("not a finite number")
    if "**" in raw or "^" in raw:
        raise _Unreadable("powers are not accepted (write the number out, or use sqrt)")
    if "//" in raw:
        raise _Unreadable("not a number (a fraction has one /)")
    if _HUGE_EXPONENT.search(raw):
        raise _Unreadable("out of range")
    if (len(raw) > MAX_LENGTH or not _CHARACTERS.fullmatch(raw) or "__" in raw
            or _ATTRIBUTE.search(raw) or any(name != "sqrt" for name in _CALL.findall(raw))):
        raise _Unreadable(_FORMS)
    import sympy  # here, not at the top: the command line starts without it
    from sympy.parsing.sympy_parser import auto_number, auto_symbol, parse_expr, rationalize

    namespace = {"__builtins__": {}, "Integer": sympy.Integer, "Float": sympy.Float,
                 "Rational": sympy.Rational, "Symbol": sympy.Symbol, "sqrt": sympy.sqrt}
    try:
        expr = parse_expr(raw, local_dict=dict(symbols or {}), global_dict=namespace,
                          transformations=(auto_symbol, auto_number, rationalize))
    except ZeroDivisionError:
        return sympy.zoo
    except (SyntaxError, TypeError, ValueError, AttributeError, NameError, RecursionError,
            tokenize.TokenError, sympy.SympifyError):
        raise _Unreadable(_FORMS) from None
    if not isinstance(expr, sympy.Expr):
        raise _Unreadable(_FORMS)
    return expr


def exact_expression(text: Any, where: str, symbols: Mapping[str, sympy.Symbol] | None = None) -> sympy.Expr:
    """``text`` as an exact sympy expression (a game file's amounts: numbers and names).

    Parameters
    ----------
    text
        A number (floats by their decimal text) or the text of an expression.
    where
        The place named in the message (``pot``, ``rules.bet[0]``).
    symbols
        The symbol each name stands for (``{"P": P}``); other names become plain symbols.
    """
    if isinstance(text, bool) or not isinstance(text, int | float | str | Fraction):
        raise ValueError(f"{where}: expected a number or an expression, got {text!r}")
    import sympy

    raw = str(text).strip()
    if not raw:
        raise ValueError(f"{where}: empty (give a number or an expression)")
    try:
        expr = _parse(raw, symbols)
    except _Unreadable as exc:
        raise ValueError(f"{where}: cannot read {raw!r}: {exc}") from None
    if expr.has(sympy.zoo, sympy.oo, -sympy.oo, sympy.nan):
        raise ValueError(f"{where}: {raw!r} is not a finite number")
    if expr.is_number and _out_of_range(expr):
        raise ValueError(f"{where}: {raw!r} is {_RANGE}")
    return expr


def exact_number(text: Any, option: str, *, surds: bool = False, positive: bool = False) -> Any:
    """``text`` as an exact sympy number; ``ValueError`` naming ``option`` and the value.

    Parameters
    ----------
    text
        What was typed (a number is taken as it is; floats by their decimal text).
    option
        How the person wrote the option (``--pot``, or ``parameter B=`` to print ``B=value``).
    surds
        Allow ``sqrt(...)`` (the papers' optimal bet sizes); otherwise a rational is needed.
    positive
        The number must be greater than 0.
    """
    import sympy

    raw = str(text).strip()
    where = f"{option}{raw}" if option.endswith("=") else f"{option} {raw}"
    if not raw:
        raise ValueError(f"{option.rstrip('= ')}: empty (give a number)")
    try:
        simple = _fraction(raw) if not _HUGE_EXPONENT.search(raw) else None
    except ZeroDivisionError:
        raise ValueError(f"{where}: division by zero") from None
    if simple is not None:
        value = sympy.Rational(simple.numerator, simple.denominator)
    else:
        try:
            value = _parse(raw, None)
        except _Unreadable as exc:
            reason = str(exc) if str(exc) != _FORMS else "not a number"
            raise ValueError(f"{where}: {reason}") from None
        if value.has(sympy.zoo, sympy.nan) or (value.is_number and not value.is_finite):
            reason = "division by zero" if value.has(sympy.zoo) else "not a finite number"
            raise ValueError(f"{where}: {reason}")
        if not value.is_number:
            raise ValueError(f"{where}: not a number")
        if value.is_real is False:
            raise ValueError(f"{where}: not a real number")
        value = sympy.simplify(value) if not value.is_Rational else value
        if not value.is_Rational and not surds:
            raise ValueError(f"{where}: not a fraction (write it as 7/5 or 1.4)")
    if _out_of_range(value):
        raise ValueError(f"{where}: {_RANGE}")
    if positive and not value > 0:
        raise ValueError(f"{where}: must be greater than 0")
    return value


def exact_fraction(text: Any, option: str, *, positive: bool = False) -> Fraction:
    """``text`` as a :class:`~fractions.Fraction` (rationals only), messages as :func:`exact_number`.

    The common forms (``3``, ``0.3``, ``3/10``) are read without sympy.
    """
    raw = str(text).strip()
    try:
        simple = _fraction(raw) if raw.lower() not in _WORDS and len(raw) < 400 else None
    except ZeroDivisionError:
        simple = None
    if simple is not None and _HUGE_EXPONENT.search(raw):
        simple = None  # exact_number refuses the absurd exponent
    if simple is None:
        value = exact_number(raw, option, positive=positive)  # the message, or an expression
        return Fraction(int(value.p), int(value.q))
    if _out_of_range(simple):
        raise ValueError(f"{option} {raw}: {_RANGE}")
    if positive and simple <= 0:
        raise ValueError(f"{option} {raw}: must be greater than 0")
    return simple
