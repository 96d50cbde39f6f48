"""The one reader of typed numbers and expressions (pokerlab.exact): nothing typed is run as
Python, whichever door it comes through (an option, a model parameter, a pasted game file)."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.exact import exact_expression, exact_fraction, exact_number
from pokerlab.gamespec import P, game_from_toml
from pokerlab.models.base import parse_number

ATTACKS = [
    "__import__('os').system('touch {flag}')",
    "exec('open(\"{flag}\", \"w\")')",
    "open('{flag}', 'w')",
    "(lambda: open('{flag}', 'w'))()",
    "Symbol('x').__class__",
    "sqrt.__globals__",
    "9**9**9**9",
    "Integer(9)**Integer(9)**Integer(99)",
]


@pytest.mark.parametrize("attack", ATTACKS)
def test_code_in_a_number_or_a_game_file_is_refused_and_never_run(tmp_path, attack: str) -> None:
    flag = tmp_path / "ran"
    text = attack.format(flag=flag)
    readers = [
        lambda: exact_number(text, "--pot"),
        lambda: exact_number(text, "parameter B=", surds=True),
        lambda: exact_fraction(text, "--win-probability"),
        lambda: exact_expression(text, "pot", {"P": P}),
        lambda: parse_number("B", text),
        lambda: game_from_toml(f'name = "x"\npot = {text!r}\n[rules]\nbet = "limit"'),
        lambda: game_from_toml(f'name = "x"\n[rules]\nbet = [{text!r}]'),
    ]
    for read in readers:
        with pytest.raises(ValueError) as error:
            read()
        assert "\n" not in str(error.value)
    assert not flag.exists()


def test_expressions_of_a_game_file_stay_exact() -> None:
    assert exact_expression("P/2 + 1", "pot", {"P": P}) == P / 2 + 1
    assert exact_expression(0.1, "bet") == sympy.Rational(1, 10)
    assert exact_expression("1+sqrt(13)/3", "bet") == 1 + sympy.sqrt(13) / 3
    assert exact_expression("1.5e2", "bet") == 150
    game = game_from_toml('name = "x"\npot = "2*P"\n[rules]\nbet = ["P/2", 0.5]')
    assert game.pot == 2 * P


@pytest.mark.parametrize(("text", "reason"), [
    ("1/0", "division by zero"), ("1/(1-1)", "division by zero"), ("nan", "not a finite number"),
    ("2^3", "powers are not accepted"), ("1//2", "a fraction has one /"), ("1e99999", "out of range"),
    ("sqrt(-1)", "not a real number"), ("x", "not a number"), ("E", "not a number"), ("", "empty"),
])
def test_numbers_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        exact_number(text, "--pot", surds=True)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789eE+-*/(). sqrtxP_'\"[]:,", max_size=30))
def test_any_text_is_a_number_or_one_line(text: str) -> None:
    for read in (lambda: exact_number(text, "--pot", surds=True), lambda: exact_expression(text, "pot")):
        try:
            value = read()
        except ValueError as exc:
            assert "\n" not in str(exc)
        else:
            assert isinstance(value, sympy.Expr) and not value.has(sympy.zoo, sympy.nan, sympy.oo)
