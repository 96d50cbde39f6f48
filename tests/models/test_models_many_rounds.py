"""The n-round endgame with geometric bets for many rounds (issue 28): n = 16 never answered and
n = 25 printed hundreds of lines of nested ``3**(k/25)`` after 21 s (sympy simplified every n-th
root). The closed form in ``q`` (each pot over the one before) answers at once; it must agree with
the general formula on the same bets, and with the engine."""

from __future__ import annotations

import re

import pytest
import sympy as sp

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.models import endgame_rounds
from pokerlab.models.report import model_report

R = sp.Rational


@pytest.mark.parametrize(("P", "stacks", "n"), [(R(1, 10), (260, 330), 4), (R(3, 4), (70, 500), 3)])
def test_the_closed_form_agrees_with_the_general_formula(P, stacks, n):
    fast = endgame_rounds.solve_n_round(a=10, P=P, stacks=stacks, n=n)
    slow_bets = endgame_rounds.geometric_bets(sp.Integer(10), sp.Integer(min(stacks)), n)
    case, probs, value = endgame_rounds.strategy(sp.Integer(10), slow_bets, P)
    assert fast.case == case
    assert [float(b) for b in fast.params["bets"]] == pytest.approx([float(b) for b in slow_bets], rel=1e-12)
    assert float(fast.value) == pytest.approx(float(value), rel=1e-12)
    for name, p in probs.items():
        assert float(fast.strategy[name]) == pytest.approx(float(p), rel=1e-12, abs=1e-15), name


@pytest.mark.parametrize("n", [16, 200])
def test_many_rounds_answer_and_agree_with_the_engine(n):
    _, solution, check = model_report("endgame-n-round", [f"n={n}", "stacks=260,330", "P=1/20"])
    assert check is not None and check.agrees, check.max_diff
    assert len(solution.strategy) == 2 * n
    # all strategies active (P small): the value is formula (23) of the paper
    assert solution.case.startswith("all strategies")
    assert float(solution.value) == pytest.approx(float(solution.extras["value formula (23)"]), rel=1e-12)


def test_the_table_prints_readable_numbers(capsys):
    assert run(app, ["model", "endgame-n-round", "-p", "stacks=260,330", "-p", "n=25"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) < 80 and max(len(line) for line in lines) <= 80  # hundreds of lines before
    for line in lines:  # no exact form of more than 40 characters in the table
        cells = [c.strip() for c in line.split("│")[1:-1]]
        assert all(len(c) <= 40 for c in cells), line
    assert re.search(r"│ value\s+│ 10\s+│ 10\s+│", out)  # saddle point: I always bets, II folds
    assert run(app, ["model", "endgame-n-round", "-p", "stacks=260,330", "-p", "n=100000"]) == 2
    assert "parameter n: at most 250 rounds" in capsys.readouterr().err
