"""A discretised equilibrium read as dividing points of the continuous game and certified there
(pokerlab.threshold.staircase; README, three players)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app
from pokerlab.equilibrium import CFRSolver, discretised_game
from pokerlab.threshold.game import builtin_game
from pokerlab.threshold.staircase import continuous_certificate, staircase

# game 1 for three at P = 3, solved exactly (test_threshold_three.py): P1, P2, P3
GAME1_VALUES = (0.0776, -0.0433, -0.0343)


def _solved(name: str, levels: int, iterations: int):
    game = builtin_game(name, pot=3)
    solver = CFRSolver(discretised_game(game, levels), "cfr+")
    solver.run(iterations)
    return game, solver.average_strategy()


def test_the_staircase_plays_the_discrete_strategy_level_by_level() -> None:
    game, strategy = _solved("patent-no-raise-3p", 10, 500)
    structure, points = staircase(game, strategy, 10)
    probabilities = strategy.action_probabilities(())  # P1's opening, level by level
    bet = [t for t in structure.thresholds if t.player == 1]
    for level in range(10):
        # the share of the level where P1's staircase bets equals the discrete bet probability
        lo, hi = level / 10, (level + 1) / 10
        edges = [0.0, *(points[t.name] for t in bet), 1.0]
        plans = structure.segment_plans(1)
        p1_plans = [plans[0]] + [plans[k + 1] for k, t in enumerate(structure.thresholds) if t.player == 1]
        share = sum(
            max(0.0, min(b, hi) - max(a, lo))
            for a, b, plan in zip(edges[:-1], edges[1:], p1_plans, strict=True)
            if plan[0].action_at(()) == "bet"
        )
        assert share * 10 == pytest.approx(float(probabilities["bet"][level]), abs=1e-6)


def test_game1_staircase_approaches_the_exact_solution_as_levels_grow() -> None:
    checks = {n: continuous_certificate(*_solved("patent-no-raise-3p", n, 1000), n) for n in (10, 20)}
    assert 0 < checks[20].nash_conv < checks[10].nash_conv < 0.02
    for n, check in checks.items():
        assert abs(sum(check.values)) < 1e-12  # the pot is shared: zero sum, in the continuous game too
        assert all(g >= 0 for g in check.gains)
        assert check.values == pytest.approx(GAME1_VALUES, abs=2 / n)


def test_game2_for_three_at_20_levels_is_an_epsilon_equilibrium_with_a_certified_bound() -> None:
    runner = CliRunner()
    args = ["equilibrium", "patent-raise-3p", "--pot", "3", "--levels", "20", "--iterations", "2000"]
    result = runner.invoke(app, [*args, "--continuous", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    c = report["continuous"]
    assert c["levels"] == 20 and c["dividing_points"] > 100
    assert 0 < c["nash_conv"] < 0.005  # README: NashConv 0.0044 at 20 levels
    assert c["nash_conv"] == pytest.approx(sum(c["gains"]))
    # the continuous values stay within 1/levels of the discrete game's
    assert c["value"] == pytest.approx(report["value"], abs=1 / 20)
    table = runner.invoke(app, [*args, "--continuous"], env={"COLUMNS": "80"})
    assert table.exit_code == 0 and "dividing points, continuous hands" in table.output
    assert max(len(line) for line in table.output.splitlines()) <= 80


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equilibrium", "kuhn", "--continuous"], "--continuous: kuhn's rules are fixed"),
        (["equilibrium", "endgame", "--continuous"], "--continuous: used only by dividing-point games"),
        (["equilibrium", "kuhn", "--algorithm", "nope"], "--algorithm nope: one of"),
        (["equilibrium", "kuhn3", "--algorithm", "lp"], "--algorithm lp: solves two-player"),
    ],
)
def test_options_that_do_not_apply_are_refused_in_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.slow
def test_game2_for_three_at_40_levels_halves_the_bound() -> None:
    game, strategy = _solved("patent-raise-3p", 40, 2000)
    check = continuous_certificate(game, strategy, 40)
    assert 0 < check.nash_conv < 0.002  # README: 0.0014 at 40 levels


def test_closed_form_roots_match_the_polynomial_solver() -> None:
    import mpmath

    from pokerlab.threshold.response import _real_roots

    with mpmath.workdps(40):
        cases = [
            [mpmath.mpf(-1), mpmath.mpf(3)],  # 3x - 1
            [mpmath.mpf(1), mpmath.mpf("1e12"), mpmath.mpf(1)],  # roots far apart: no cancellation
            [mpmath.mpf(2), mpmath.mpf(-3), mpmath.mpf(1)],  # (x - 1)(x - 2)
            [mpmath.mpf(1), mpmath.mpf(0), mpmath.mpf(1)],  # no real root
            [mpmath.mpf(-1), mpmath.mpf(2), mpmath.mpf(0)],  # a zero leading coefficient: linear
        ]
        for poly in cases:
            roots = sorted(_real_roots(poly))
            trimmed = poly[:-1] if not poly[-1] else poly
            found = mpmath.polyroots(list(reversed(trimmed)), extraprec=200)
            expected = sorted(r.real for r in found if abs(r.imag) < 1e-30)
            assert len(roots) == len(expected)
            for a, b in zip(roots, expected, strict=True):
                assert abs(a - b) <= mpmath.mpf(10) ** -35 * max(1, abs(b))
