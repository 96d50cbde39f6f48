"""Exact numbers from what a person types: ``3``, ``0.25``, ``7/5``, ``1+sqrt(13)/3``.

One reader for every option and parameter that takes a number (pots, bet sizes, model
parameters, probabilities), so that every one of them accepts the same forms and refuses
the same mistakes with the same plain message naming the option and the value: a division
by zero, ``nan`` or ``inf``, a surd where a fraction is needed, anything that is not a
number at all. Fractions and decimals stay exact (``0.1`` is 1/10, not a float).

Examples
--------
>>> exact_number("0.25", "--pot")
1/4
>>> exact_number("1+sqrt(13)/3", "parameter B=", surds=True)
1 + sqrt(13)/3
>>> exact_fraction("3/10", "--win-probability")
Fraction(3, 10)
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
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

# What a typed number may contain: digits, a decimal point or exponent, + - * / ( ), spaces
# and sqrt(...). Anything else (names, underscores, attributes) never reaches sympy.
_SURD_TEXT = re.compile(r"^[0-9eE+\-*/(). ]*(sqrt[0-9eE+\-*/(). ]*)*$")
_WORDS = {"nan", "inf", "+inf", "-inf", "infinity", "-infinity", "+infinity", "oo", "-oo", "zoo"}


def _fraction(text: str) -> Fraction | None:
    """``Fraction(text)`` or ``None`` when it is not a plain fraction/decimal."""
    try:
        return Fraction(text)
    except ValueError:
        return None


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
    if raw.lower() in _WORDS:
        raise ValueError(f"{where}: not a finite number")
    if "**" in raw or "^" in raw:
        raise ValueError(f"{where}: powers are not accepted (write the number out, or use sqrt)")
    if "//" in raw:
        raise ValueError(f"{where}: not a number (a fraction has one /)")
    if re.search(r"[eE][+-]?[0-9]{4,}", raw):
        raise ValueError(f"{where}: out of range")
    try:
        simple = _fraction(raw)
    except ZeroDivisionError:
        raise ValueError(f"{where}: division by zero") from None
    if simple is not None:
        value = sympy.Rational(simple.numerator, simple.denominator)
    else:
        if not _SURD_TEXT.match(raw):
            raise ValueError(f"{where}: not a number")
        try:
            value = sympy.sympify(raw, rational=True)
        except (sympy.SympifyError, SyntaxError, TypeError, ValueError):
            raise ValueError(f"{where}: not a number") from None
        except ZeroDivisionError:
            raise ValueError(f"{where}: division by zero") from None
        if value.has(sympy.zoo, sympy.nan) or (value.is_number and not value.is_finite):
            reason = "division by zero" if value.has(sympy.zoo) else "not a finite number"
            raise ValueError(f"{where}: {reason}")
        if not value.is_number or value.is_real is False:
            raise ValueError(f"{where}: not a real number")
        value = sympy.simplify(value) if not value.is_Rational else value
        if not value.is_Rational and not surds:
            raise ValueError(f"{where}: not a fraction (write it as 7/5 or 1.4)")
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
    if simple is not None and re.search(r"[eE][+-]?[0-9]{4,}", raw):
        simple = None  # exact_number refuses the absurd exponent
    if simple is None:
        value = exact_number(raw, option, positive=positive)  # the message, or an expression
        return Fraction(int(value.p), int(value.q))
    if positive and simple <= 0:
        raise ValueError(f"{option} {raw}: must be greater than 0")
    return simple
