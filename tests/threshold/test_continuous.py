"""A discretised equilibrium played on continuous hands and certified there: each level's mix
(the behaviour reading) or its dividing points (the staircase) (pokerlab.threshold.refining.continuous;
docs/dividing-points.md, three players)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app
from pokerlab.equilibrium import CFRSolver, discretised_game
from pokerlab.equilibrium.exploitability import measure
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.strategy import Strategy
from pokerlab.equilibrium.value import expected_values
from pokerlab.gamespec import builtin_game
from pokerlab.threshold.certifying.response import best_response_to
from pokerlab.threshold.refining.continuous import (
    behaviour,
    continuous_certificate,
    decision_rows,
    mixed_zones,
    staircase,
)
from pokerlab.threshold.refining.refine import refine, solve_levels

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


@pytest.mark.parametrize("reading", ["behaviour", "staircase"])
def test_game1_read_on_continuous_hands_approaches_the_exact_solution_as_levels_grow(reading: str) -> None:
    checks = {
        n: continuous_certificate(*_solved("patent-no-raise-3p", n, 1000), n, reading) for n in (10, 20)
    }
    assert 0 < checks[20].nash_conv < checks[10].nash_conv < 0.02
    for n, check in checks.items():
        assert abs(sum(check.values)) < 1e-12  # the pot is shared: zero sum, in the continuous game too
        assert all(g >= 0 for g in check.gains)
        assert check.values == pytest.approx(GAME1_VALUES, abs=2 / n)


@pytest.mark.parametrize(("name", "levels"), [("patent-no-raise-3p", 7), ("patent-raise-3p", 6)])
def test_each_levels_mix_on_continuous_hands_earns_exactly_what_the_discrete_game_pays(
    name: str, levels: int
) -> None:
    # Hands of one level meet each other above or below half the time, as the discrete game
    # splits the tie: the behaviour reading is the discrete strategy, payoff for payoff. A
    # strategy far from equilibrium (few iterations) mixes almost everywhere, which is the
    # case the weighted segments of the exact best response must get right.
    game, strategy = _solved(name, levels, 7)
    with mpmath.workdps(30):
        profile = behaviour(game, strategy, levels, leftover=0.0)  # every probability, however small
        values = [float(best_response_to(game, profile, p).value) for p in (1, 2, 3)]
    assert values == pytest.approx(list(expected_values(strategy)), abs=1e-12)
    assert any(z.high - z.low >= 3 / levels for z in mixed_zones(game, strategy, levels))  # it mixes


def test_levels_of_unequal_width_earn_on_continuous_hands_what_the_discrete_game_pays() -> None:
    game = builtin_game("patent-raise-3p", pot=3)
    edges = [Fraction(0), Fraction(1, 8), Fraction(1, 2), Fraction(9, 16), Fraction(3, 4), Fraction(1)]
    strategy = solve_levels(game, edges, 9)
    with mpmath.workdps(30):
        profile = behaviour(game, strategy, 5, leftover=0.0, edges=edges)
        values = [float(best_response_to(game, profile, p).value) for p in (1, 2, 3)]
    assert values == pytest.approx(list(expected_values(strategy)), abs=1e-12)
    # the same strategy read on equal levels is another profile, and pays otherwise
    with mpmath.workdps(30):
        equal = [float(best_response_to(game, behaviour(game, strategy, 5, 0.0), p).value) for p in (1, 2, 3)]
    assert equal != pytest.approx(values, abs=1e-6)


def test_refining_the_levels_beats_twice_as_many_equal_levels() -> None:
    args = ["equilibrium", "patent-raise-3p", "--pot", "3", "--levels", "20", "--iterations", "2000"]
    result = CliRunner().invoke(app, [*args, "--continuous", "--refine", "2", "--json"])
    assert result.exit_code == 0, result.output
    c = json.loads(result.output)["continuous"]
    assert [r["levels"] for r in c["rounds"]] == [20, 24, 32]
    assert c["rounds"][0]["nash_conv"] == pytest.approx(0.00329, abs=1e-5)  # 20 equal levels
    # docs/dividing-points.md: 32 refined levels certify 0.00041; 40 equal levels 0.00065
    assert c["levels"] == 32 and c["nash_conv"] < 0.0005
    assert c["nash_conv"] == min(r["nash_conv"] for r in c["rounds"])
    edges = [Fraction(e) for e in c["edges"]]
    assert edges[0] == 0 and edges[-1] == 1 and len(edges) == 33 and edges == sorted(edges)
    assert len({b - a for a, b in itertools.pairwise(edges)}) > 1  # unequal levels


def test_decision_rows_give_each_levels_action_probabilities() -> None:
    game, strategy = _solved("patent-raise-3p", 8, 200)
    rows = decision_rows(game, strategy, 8)
    opening = next(r for r in rows if r.player == 1 and r.after == ())
    assert opening.reach == pytest.approx([1.0] * 8)  # every hand opens
    bet = strategy.action_probabilities(())["bet"]
    assert opening.shares["bet"] == pytest.approx(np.asarray(bet, dtype=float), abs=1e-9)
    for row in rows:
        reached = row.reach > 0
        assert sum(row.shares.values())[reached] == pytest.approx(1.0)
    # P3's first decision after bet-fold: none of its own actions keeps a hand away from it
    p3 = next(r for r in rows if r.player == 3 and r.after == ("bet", "fold"))
    assert p3.reach == pytest.approx([1.0] * 8)


def test_the_hands_plot_is_written(tmp_path) -> None:
    path = tmp_path / "hands.png"
    args = ["equilibrium", "patent-raise-3p", "--pot", "3", "--levels", "8", "--iterations", "200"]
    result = CliRunner().invoke(app, [*args, "--continuous", "--hands-plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000
    assert f"plot written to {path}" in result.output.replace("\n", "")


def test_refined_levels_approach_game1_for_three_much_faster_than_equal_ones() -> None:
    # game 1 for three has an exact solution (values GAME1_VALUES, NashConv 0): four rounds
    # from 10 levels end at 21 levels, and the refined profile concedes far less there
    game = builtin_game("patent-no-raise-3p", pot=3)
    refined = refine(game, 4, levels=10, iterations=2000)
    assert [r.levels for r in refined.rounds] == [10, 12, 14, 17, 21]
    equal = refine(game, 0, levels=21, iterations=2000)
    assert refined.check.nash_conv < 5e-5 < 1e-3 < equal.check.nash_conv
    assert refined.check.values == pytest.approx(GAME1_VALUES, abs=5e-4)


def _split_evenly(strategy, game, levels: int, m: int) -> Strategy:
    """``strategy`` of the game at ``levels`` levels played on ``levels * m`` levels: each
    level's m parts play as the level did (the same continuous profile, read finer)."""
    coarse = strategy.flat
    fine = FlatGame.build(discretised_game(game, levels * m))
    probs = fine.uniform_strategy()
    for node in np.flatnonzero(coarse.row_base >= 0):
        n = coarse.num_hands[coarse.player[node]]
        block = strategy.probs[coarse.row_base[node] : coarse.row_base[node] + n]
        probs[fine.row_base[node] : fine.row_base[node] + n * m] = np.repeat(block, m, axis=0)
    return Strategy(fine, probs)


def test_the_continuous_gains_bound_the_engines_best_responses_on_finer_levels() -> None:
    # An independent check of the exact best response against mixes: the engine's own best
    # response, on the same profile read on m times finer levels, may choose a plan for each
    # part of a level, so its gain grows with m towards the continuous one and never passes it.
    game, strategy = _solved("patent-raise-3p", 6, 30)  # far from equilibrium: mixes everywhere
    check = continuous_certificate(game, strategy, 6)
    continuous = np.array(check.gains)
    found = {m: measure(_split_evenly(strategy, game, 6, m)) for m in (1, 2, 8)}
    for measured in found.values():
        assert measured.values == pytest.approx(check.values, abs=1e-6)  # the same profile
        assert (measured.gains <= continuous + 1e-9).all()
    assert (found[1].gains < found[2].gains).all() and (found[2].gains < found[8].gains).all()
    assert (continuous - found[8].gains < 0.1 * (continuous - found[1].gains)).all()


def test_the_behaviour_reading_plays_each_levels_probabilities() -> None:
    game, strategy = _solved("patent-no-raise-3p", 10, 300)
    p1 = behaviour(game, strategy, 10)[0]
    bet = strategy.action_probabilities(())["bet"]
    for lo, hi, mixes in p1.segments():
        for level in range(round(float(lo) * 10), round(float(hi) * 10)):
            played = sum(float(w) for plan, w in mixes[0] if plan.action_at(()) == "bet")
            assert played == pytest.approx(float(bet[level]), abs=1e-6)


def test_game2_for_three_at_20_levels_is_an_epsilon_equilibrium_with_a_certified_bound() -> None:
    runner = CliRunner()
    args = ["equilibrium", "patent-raise-3p", "--pot", "3", "--levels", "20", "--iterations", "2000"]
    result = runner.invoke(app, [*args, "--continuous", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    c = report["continuous"]
    assert c["levels"] == 20 and c["reading"] == "behaviour"
    assert 0 < c["nash_conv"] < 0.0034  # docs/dividing-points.md: NashConv 0.0033 at 20 levels
    assert c["nash_conv"] == pytest.approx(sum(c["gains"]))
    # each level's mix earns in the continuous game what it earns in the discrete one
    assert c["value"] == pytest.approx(report["value"], abs=1e-5)  # CFR+'s average: a few ulps off
    assert c["mixed"] and all(0 <= z["low"] < z["high"] <= 1 for z in c["mixed"])
    table = runner.invoke(app, [*args, "--continuous"], env={"COLUMNS": "80"})
    assert table.exit_code == 0 and "On continuous hands (20 levels" in table.output
    assert "Where it mixes" in table.output
    assert max(len(line) for line in table.output.splitlines()) <= 80


def test_the_behaviour_reading_certifies_a_tighter_bound_than_the_staircase() -> None:
    game, strategy = _solved("patent-raise-3p", 20, 2000)
    mixed = continuous_certificate(game, strategy, 20)
    split = continuous_certificate(game, strategy, 20, "staircase")
    assert mixed.nash_conv < 0.8 * split.nash_conv  # docs/dividing-points.md: 0.0033 against 0.0044
    assert split.segments > mixed.segments


def test_game2_for_three_mixes_on_a_band_where_p1_and_p2_showdown() -> None:
    # The band that keeps game 2 for three out of the dividing-point model (docs/dividing-points.md): P1 bets
    # some of its hands near 0.6 and, when P1 passes, P2 bets some of the same hands.
    game, strategy = _solved("patent-raise-3p", 40, 2000)
    zones = mixed_zones(game, strategy, 40)
    p1 = [z for z in zones if z.player == 1 and z.after == () and 0.55 <= z.low < z.high <= 0.66]
    p2 = [z for z in zones if z.player == 2 and z.after == ("pass",) and 0.55 <= z.low < z.high <= 0.66]
    assert p1 and p2
    assert all(z.actions["bet"][0] > 0.05 and z.actions["bet"][1] < 0.5 for z in p1 + p2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equilibrium", "kuhn", "--continuous"], "--continuous: kuhn's rules are fixed"),
        (["equilibrium", "endgame", "--continuous"], "--continuous: used only by dividing-point games"),
        (["equilibrium", "kuhn", "--algorithm", "nope"], "--algorithm nope: one of"),
        (["equilibrium", "kuhn3", "--algorithm", "lp"], "--algorithm lp: solves two-player"),
        (["equilibrium", "kuhn", "--refine", "2"], "--refine 2: kuhn's rules are fixed"),
        (["equilibrium", "patent-raise", "--pot", "3", "--refine", "2"], "--refine 2: splits levels by"),
        (
            ["equilibrium", "patent-raise", "--pot", "3", "-a", "lp", "--continuous", "--refine", "1"],
            "--refine 1: solves each round with CFR",
        ),
        (["equilibrium", "patent-raise", "--continuous", "--refine", "-1"], "--refine"),
        (["equilibrium", "patent-raise", "--hands-plot", "x.png"], "--hands-plot x.png: draws the"),
        (["equilibrium", "patent-raise", "--continuous", "--hands-plot", "x.pdf"], "--hands-plot"),
        (["equilibrium", "kuhn3", "--hands-plot", "x.png"], "--hands-plot x.png: kuhn3's rules are fixed"),
    ],
)
def test_options_that_do_not_apply_are_refused_in_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.slow
def test_game2_for_three_bound_falls_with_the_levels() -> None:
    game, strategy = _solved("patent-raise-3p", 40, 2000)
    check = continuous_certificate(game, strategy, 40)
    assert 0 < check.nash_conv < 0.0007  # docs/dividing-points.md: 0.00065 at 40 levels
    game, strategy = _solved("patent-raise-3p", 80, 3000)
    check = continuous_certificate(game, strategy, 80)
    assert 0 < check.nash_conv < 0.0003  # docs/dividing-points.md: 0.00027 at 80 levels


@pytest.mark.slow
def test_five_rounds_of_refinement_certify_game2_for_three_below_7e_5() -> None:
    game = builtin_game("patent-raise-3p", pot=3)
    refined = refine(game, 5, levels=20, iterations=4000)
    assert [r.levels for r in refined.rounds] == [20, 24, 31, 39, 47, 59]
    assert refined.check.nash_conv < 7e-5  # docs/dividing-points.md: 6.3e-5 with 59 levels
    assert refined.check.values == pytest.approx([-0.0444, -0.0101, 0.0546], abs=1e-4)


def test_closed_form_roots_match_the_polynomial_solver() -> None:
    import mpmath

    from pokerlab.threshold.certifying.response import _real_roots

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
